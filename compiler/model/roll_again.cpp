#include "qrsc/model/roll_again.hpp"

#include <algorithm>

namespace qrsc {

std::vector<DroppedModifier> dropped_on_again(const Spec& spec, const BandTable& bt, const BandRow& row) {
  std::vector<DroppedModifier> out;
  if (!row.again || !bt.dice) return out;
  for (const std::string& id : *row.again) {
    for (const std::string& list : bt.dice->modifier_tables()) {
      const Table* t = spec.table(list);
      const auto* m = t ? std::get_if<ModifierTable>(&t->body) : nullptr;
      if (!m) continue;
      const auto item =
          std::find_if(m->items.begin(), m->items.end(), [&](const ModifierItem& i) { return i.id == id; });
      if (item == m->items.end()) continue;
      out.push_back({list, id, item->text.render()});
      break;  // the front end reports an id of two lists
    }
  }
  return out;
}

std::string roll_again_words(const std::vector<DroppedModifier>& dropped) {
  if (dropped.empty()) return "Roll again.";
  std::string out = "Roll again without: ";
  for (std::size_t i = 0; i < dropped.size(); ++i) out += (i ? "; " : "") + dropped[i].text;
  return out + ".";
}

}  // namespace qrsc
