// Differences between two sheets, in the words of a "Summary of changes".
#pragma once

#include <string>
#include <vector>

#include "qrsc/analysis/change_words.hpp"
#include "qrsc/model/model.hpp"

namespace qrsc {

// One difference, as data: where (the path an erratum's `covers` names), what kind of change and
// the sheet's values it names; change_words (analysis/change_words.hpp) puts it into words.
struct Change {
  Change() = default;
  Change(std::string t, std::string r, std::string c, std::string title, ChangeKind what,
         std::vector<std::string> named, Loc at, bool moved_band = false)
      : table(std::move(t)),
        row(std::move(r)),
        column(std::move(c)),
        table_title(std::move(title)),
        kind(what),
        values(std::move(named)),
        loc(std::move(at)),
        band(moved_band) {}

  std::string table, row, column;  // where: the path an erratum's `covers` names
  std::string table_title;
  ChangeKind kind = ChangeKind::table_added;
  std::vector<std::string> values;  // the sheet's values the kind's phrase names, in its order
  std::optional<OddsMove> odds;     // diff --odds: how the row's probability moves
  Loc loc;                          // the new value's place in its spec
  bool band = false;                // a band of a band table moved (diff --odds states the odds)
  bool converted = false;           // the old value times the new sheet's scale factor, nothing more
  std::vector<std::string> errata;  // the new sheet's errata that explain it (ids), filled by diff_specs
  [[nodiscard]] std::string path() const;
  // "Swept from the Field now occurs on 8 or more instead of 9 or more"
  [[nodiscard]] std::string words() const { return change_words(kind, values, odds); }
};

// Each change cites the errata of the new sheet that cover it and that the old sheet does not
// have already (an erratum both editions of a sheet carry explains neither's difference).
std::vector<Change> diff_specs(const Spec& old_spec, const Spec& new_spec);
// The new sheet's errata that the old one does not have (the same id of the same document).
std::vector<Erratum> errata_since(const Spec& old_spec, const Spec& new_spec);

// `diff --odds`: appends to each change of a rolled band table's row how its probability
// moves at a net modifier of 0 ("1.0% -> 3.0% at an even fight").
void add_odds_to_changes(const Spec& old_spec, const Spec& new_spec, std::vector<Change>& changes);

// How a change list is summarized: scale conversions collapsed into one item unless `expand`.
struct ChangeListOptions {
  bool expand = false;
};

// The changes of one table under the heading a summary gives them; a heading several tables
// share is qualified ("Charge: Die Roll Modifiers").
struct ChangeGroup {
  std::string heading;
  std::vector<const Change*> changes;
};

// The change list as a "Summary of changes" states it, numbered from 1: the scale conversion
// first (when there is one), then every other change, grouped by table in the order found
// ("Terms" first). Each change cites the errata that explain it (Change::errata).
struct ChangeSummary {
  std::string conversion;  // conversion_words: "All distances are 1.5 times the 15mm sheet's: 48 values", or empty
  std::vector<ChangeGroup> groups;
};
ChangeSummary summarize_changes(const Spec& old_spec, const Spec& new_spec, const std::vector<Change>& changes,
                                const ChangeListOptions& options = {});

}  // namespace qrsc
