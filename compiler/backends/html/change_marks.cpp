#include "qrsc/backends/html/change_marks.hpp"

#include <algorithm>

#include "qrsc/backends/html/sheet_text.hpp"

namespace qrsc::html {

namespace {

// The items of a list section in print order (nested items after their parent), each as the
// text the sheet prints ("text; condition").
std::vector<std::string> item_texts(const std::vector<ListItem>& items) {
  std::vector<std::string> out;
  for (const auto& i : items) {
    out.push_back(i.condition.empty() ? i.text.render() : i.text.render() + "; " + i.condition.render());
    for (auto& t : item_texts(i.items)) out.push_back(std::move(t));
  }
  return out;
}

}  // namespace

// A change that covers a list section and asserts the words it added ("Rally") is marked beside
// the item that holds them, as the published sheets print "Rally (23)"; otherwise beside the
// section's title.
std::set<std::string> ChangeMarks::place_on_items(const Spec& spec, const Erratum& e) {
  std::set<std::string> placed;  // the covered section paths marked on an item instead
  for (const auto& a : e.asserts) {
    if (a.kind != Assertion::Kind::contains || !a.disputed.empty() || a.row.empty()) continue;
    const Table* t = spec.table(a.table);
    const auto* list = t ? std::get_if<ListTable>(&t->body) : nullptr;
    if (!list) continue;
    for (const auto& s : list->sections) {
      if (s.id != a.row) continue;
      const auto texts = item_texts(s.items);
      for (std::size_t i = 0; i < texts.size(); ++i) {
        if (texts[i].find(a.expected) == std::string::npos) continue;
        auto& numbers = by_path_[a.table + "/" + s.id + "/" + std::to_string(i)];
        if (std::find(numbers.begin(), numbers.end(), e.id) == numbers.end()) numbers.push_back(e.id);
        placed.insert(a.table + "/" + s.id);
      }
    }
  }
  return placed;
}

ChangeMarks::ChangeMarks(const Spec& spec) {
  for (const auto& e : spec.errata) {
    if (erratum_id_kind(e.id) != ErratumIdKind::number) continue;
    bool marked = false;
    const std::set<std::string> on_items = place_on_items(spec, e);
    marked = !on_items.empty();
    for (const auto& path : e.covers) {
      if (path == "terms") continue;  // renames: every use of the word, not one place
      if (on_items.count(path)) continue;
      auto& numbers = by_path_[path];
      if (std::find(numbers.begin(), numbers.end(), e.id) == numbers.end()) numbers.push_back(e.id);
      marked = true;
    }
    const std::string doc = document_title(spec.sources, e.doc);
    if (marked && std::find(documents_.begin(), documents_.end(), doc) == documents_.end()) documents_.push_back(doc);
  }
  for (auto& [path, numbers] : by_path_) std::sort(numbers.begin(), numbers.end(), change_number_less);
}

std::string ChangeMarks::at(const std::string& path) const {
  const auto it = by_path_.find(path);
  if (it == by_path_.end()) return "";
  std::string out = "(";
  for (std::size_t i = 0; i < it->second.size(); ++i) out += (i ? ", " : "") + it->second[i];
  return out + ")";
}

std::vector<std::string> ChangeMarks::legend() const {
  std::vector<std::string> out;
  for (const auto& d : documents_) out.push_back("change n in the list of changes of " + d);
  return out;
}

}  // namespace qrsc::html
