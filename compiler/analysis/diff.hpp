// Differences between two sheets, in the words of a "Summary of changes".
#pragma once

#include <string>
#include <vector>

#include "model.hpp"

namespace qrsc {

struct Change {
  std::string table, row, column;  // where: the path an erratum's `covers` names
  std::string table_title;
  std::string text;                // "Swept from the Field now occurs on 8 or more instead of 9 or more"
  Loc loc;                         // the new value's place in its spec
  [[nodiscard]] std::string path() const;
};

std::vector<Change> diff_specs(const Spec& old_spec, const Spec& new_spec);

// The numbered change list, grouped by table: Markdown or HTML.
std::string render_changes_markdown(const Spec& old_spec, const Spec& new_spec, const std::vector<Change>& changes);
std::string render_changes_html(const Spec& old_spec, const Spec& new_spec, const std::vector<Change>& changes);

}  // namespace qrsc
