#include "qrsc/model/triggers.hpp"

namespace qrsc {

std::vector<Trigger> triggers_on(const Spec& spec, const std::string& table) {
  std::vector<Trigger> out;
  for (const Table& t : spec.tables) {
    const auto* list = std::get_if<ListTable>(&t.body);
    if (!list) continue;
    for (const ListSection& s : list->sections) {
      if (s.trigger && s.trigger->table == table) out.push_back({&t, &s});
    }
  }
  return out;
}

std::string section_text(const ListSection& section) {
  std::string out;
  for (const ListItem& i : section.items) {
    const std::string line = i.condition.empty() ? i.text.render() : i.text.render() + "; " + i.condition.render();
    out += (out.empty() ? "" : " ") + line;
  }
  return out;
}

}  // namespace qrsc
