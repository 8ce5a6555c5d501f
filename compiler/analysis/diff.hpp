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
  bool band = false;               // a band of a band table moved (diff --odds states the odds)
  [[nodiscard]] std::string path() const;
};

std::vector<Change> diff_specs(const Spec& old_spec, const Spec& new_spec);

// `diff --odds`: appends to each change of a rolled band table's row how its probability
// moves at a net modifier of 0 ("1.0% -> 3.0% at an even fight").
void add_odds_to_changes(const Spec& old_spec, const Spec& new_spec, std::vector<Change>& changes);

// The numbered change list, grouped by table: Markdown or HTML.
std::string render_changes_markdown(const Spec& old_spec, const Spec& new_spec, const std::vector<Change>& changes);
std::string render_changes_html(const Spec& old_spec, const Spec& new_spec, const std::vector<Change>& changes);

}  // namespace qrsc
