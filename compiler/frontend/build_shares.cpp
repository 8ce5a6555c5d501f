// Modifiers the units decide (a modifier's `shares`: "+1 if half or more of the total fire points
// are from sharpshooters"), and the traits they name (the list's `traits`). A share's terms are
// read with the list; a term naming a matrix row is checked once every table is built.
#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <utility>

#include "qrs/share.hpp"
#include "qrsc/base/limits.hpp"
#include "qrsc/base/trim.hpp"
#include "qrsc/frontend/builder.hpp"
#include "qrsc/model/notation.hpp"

namespace qrsc {

std::vector<Trait> Builder::traits(Object& o) {
  std::vector<Trait> out;
  for (const auto& n : o.list("traits")) {
    Object t(n, "trait of " + o.what(), diags_, format::object_type("trait"));
    if (!t.ok()) continue;
    Trait trait;
    trait.id = identifier(t);
    trait.text = t.str("text");
    trait.source = source(t);
    trait.loc = t.loc();
    trait.text_loc = t.loc_of("text");
    out.push_back(std::move(trait));
  }
  check_unique(out, "trait");
  within_limit(out.size(), qrs::kMaxTraits, o.loc_of("traits"), o.what() + ": traits");
  return out;
}

std::vector<Share> Builder::shares(Object& item, const std::string& id, const std::vector<Trait>& traits) {
  std::vector<Share> out;
  std::vector<std::string> trait_ids;
  for (const Trait& t : traits) trait_ids.push_back(t.id);
  for (const auto& n : item.list("shares")) {
    Object s(n, "share of modifier '" + id + "'", diags_, format::object_type("share"));
    if (!s.ok()) continue;
    Share share;
    share.loc = s.loc();
    share.from_loc = s.loc_of("from");
    if (const auto least = s.number("at_least")) {
      if (*least <= Fraction(0) || *least > Fraction(1)) {
        diags_.error(s.loc_of("at_least"),
                     fmt::format("modifier '{}': a share's 'at_least' is a part of the total, greater than 0 and at "
                                 "most 1, not {}",
                                 id, format_number(*least)));
      } else {
        share.at_least = *least;
      }
    }
    const std::vector<std::string> units = s.strings("from");
    const NodePtr from = s.get("from");
    for (std::size_t u = 0; u < units.size(); ++u) {
      const std::string& unit = units[u];
      const Loc at = from && from->is_seq() && u < from->items.size() ? from->items[u]->loc : share.from_loc;
      std::vector<ShareTerm> terms;
      bool has_row = false;
      std::string_view rest = unit;
      while (true) {
        const auto plus = rest.find('+');
        const std::string word(trim_blanks(rest.substr(0, plus)));
        if (word.empty()) {
          diags_.error(at, fmt::format("modifier '{}': '{}' names an empty term (terms are joined by '+': 'veteran + "
                                       "points_by_range/bow')",
                                       id, unit));
        } else if (const auto slash = word.find('/'); slash != std::string::npos) {
          if (has_row)
            diags_.error(at, fmt::format("modifier '{}': '{}' names two matrix rows; a unit reads one", id, unit));
          has_row = true;
          terms.push_back({"", word.substr(0, slash), word.substr(slash + 1)});
        } else if (std::find(trait_ids.begin(), trait_ids.end(), word) == trait_ids.end()) {
          diags_.error(at, with_suggestion(fmt::format("modifier '{}': '{}' is not a trait of the list{}", id, word,
                                                       trait_ids.empty() ? " (it declares no `traits`)" : ""),
                                           word, trait_ids));
        } else {
          terms.push_back({word, "", ""});
        }
        if (plus == std::string_view::npos) break;
        rest.remove_prefix(plus + 1);
      }
      share.from.push_back(std::move(terms));
      share.unit_locs.push_back(at);
    }
    within_limit(share.from.size(), limits::kMaxShareUnits, share.from_loc, "modifier '" + id + "': a share's units");
    if (share.from.empty() && s.has("from"))
      diags_.error(share.from_loc, fmt::format("modifier '{}': a share's 'from' names no unit", id));
    out.push_back(std::move(share));
  }
  within_limit(out.size(), limits::kMaxShares, item.loc_of("shares"), "modifier '" + id + "': shares");
  return out;
}

void Builder::share_rows() {
  for (const Table& t : spec_.tables) {
    const auto* mt = std::get_if<ModifierTable>(&t.body);
    if (!mt) continue;
    for (const ModifierItem& m : mt->items) {
      for (const Share& s : m.shares) {
        for (std::size_t u = 0; u < s.from.size(); ++u) {
          const Loc& at = s.unit_locs[u];
          for (const ShareTerm& term : s.from[u]) {
            if (term.table.empty()) continue;
            const auto matrix_table = std::find_if(spec_.tables.begin(), spec_.tables.end(),
                                                   [&](const Table& w) { return w.id == term.table; });
            const auto* matrix =
                matrix_table == spec_.tables.end() ? nullptr : std::get_if<Matrix>(&matrix_table->body);
            if (!matrix) {
              diags_.error(at, with_suggestion(fmt::format("modifier '{}': '{}/...' names a row of a matrix, and '{}' "
                                                           "is not a matrix of the spec",
                                                           m.id, term.table, term.table),
                                               term.table, table_ids(spec_, TableKind::matrix)));
              continue;
            }
            std::vector<std::string> rows;
            for (const MatrixRow& r : matrix->rows) rows.push_back(r.id);
            if (std::find(rows.begin(), rows.end(), term.row) == rows.end()) {
              diags_.error(at, with_suggestion(fmt::format("modifier '{}': matrix '{}' has no row '{}'", m.id,
                                                           term.table, term.row),
                                               term.row, rows));
            }
          }
        }
      }
    }
  }
}

}  // namespace qrsc
