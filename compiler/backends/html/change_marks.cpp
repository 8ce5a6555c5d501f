#include "change_marks.hpp"

#include <algorithm>
#include <cctype>

namespace qrsc::html {

namespace {

// Only a document's numbered changes are marked: named errata ("figure-2") have no number
// the reader could look up.
bool numbered(const std::string& id) {
  return !id.empty() && std::all_of(id.begin(), id.end(), [](unsigned char c) { return std::isdigit(c); });
}

std::string document_name(const Spec& spec, const std::string& doc) {
  for (const auto& s : spec.sources) {
    // The title's first part ("Mexican-American War (MAW)"), short enough for the footer.
    if (s.id == doc || s.file == doc) return s.title.empty() ? s.file : s.title.substr(0, s.title.find(','));
  }
  return doc;
}

}  // namespace

ChangeMarks::ChangeMarks(const Spec& spec) {
  for (const auto& e : spec.errata) {
    if (!numbered(e.id)) continue;
    bool marked = false;
    for (const auto& path : e.covers) {
      if (path == "terms") continue;  // renames: every use of the word, not one place
      auto& numbers = by_path_[path];
      const int n = std::stoi(e.id);
      if (std::find(numbers.begin(), numbers.end(), n) == numbers.end()) numbers.push_back(n);
      marked = true;
    }
    const std::string doc = document_name(spec, e.doc);
    if (marked && std::find(documents_.begin(), documents_.end(), doc) == documents_.end()) documents_.push_back(doc);
  }
  for (auto& [path, numbers] : by_path_) std::sort(numbers.begin(), numbers.end());
}

std::string ChangeMarks::at(const std::string& path) const {
  const auto it = by_path_.find(path);
  if (it == by_path_.end()) return "";
  std::string out = "(";
  for (std::size_t i = 0; i < it->second.size(); ++i) out += (i ? ", " : "") + std::to_string(it->second[i]);
  return out + ")";
}

std::vector<std::string> ChangeMarks::legend() const {
  std::vector<std::string> out;
  for (const auto& d : documents_) out.push_back("change n in the list of changes of " + d);
  return out;
}

}  // namespace qrsc::html
