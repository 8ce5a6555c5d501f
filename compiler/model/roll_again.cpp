#include "qrsc/model/roll_again.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "qrs/decided_odds.hpp"

namespace qrsc {

std::vector<RollModifier> modifiers_of_roll(const Spec& spec, const BandTable& bt) {
  std::vector<RollModifier> out;
  if (!bt.dice) return out;
  for (const std::string& list : bt.dice->modifier_tables()) {
    const Table* t = spec.table(list);
    const auto* m = t ? std::get_if<ModifierTable>(&t->body) : nullptr;
    if (!m) continue;
    for (const ModifierItem& i : m->items) out.push_back({&t->id, &i});
  }
  return out;
}

std::vector<DroppedModifier> dropped_on_again(const Spec& spec, const BandTable& bt, const BandRow& row) {
  std::vector<DroppedModifier> out;
  if (!row.again) return out;
  const std::vector<RollModifier> roll = modifiers_of_roll(spec, bt);
  for (const std::string& id : *row.again) {
    // The first list that holds it: the front end reports an id of two lists.
    const auto m = std::find_if(roll.begin(), roll.end(), [&](const RollModifier& r) { return r.item->id == id; });
    if (m != roll.end()) out.push_back({*m->list, id, m->item->text.render()});
  }
  return out;
}

std::string roll_again_words(const std::vector<DroppedModifier>& dropped) {
  if (dropped.empty()) return "Roll again.";
  std::string out = "Roll again without: ";
  for (std::size_t i = 0; i < dropped.size(); ++i) out += (i ? "; " : "") + dropped[i].text;
  return out + ".";
}

std::string until_decided_heading(const std::vector<std::string>& again_titles) {
  return fmt::format("until decided ({} rolled again without the modifiers it names)", fmt::join(again_titles, ", "));
}

std::string decided_too_many_words() {
  return fmt::format(
      "the rows that roll again lead to more than {} different rolls; the odds until decided are not given",
      qrs::odds::kMostDecidedRolls);
}

}  // namespace qrsc
