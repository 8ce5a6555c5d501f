// `qrsc diff --odds`: how each changed band moves its row's probability, at an even fight
// (net modifier 0), from the dice both specs state.
#include "qrsc/analysis/diff.hpp"
#include "qrsc/analysis/odds.hpp"

namespace qrsc {

namespace {

// A column's index by id, or by the id it had before a vocabulary rename.
std::optional<std::size_t> column_index(const Spec& spec, const BandTable& bt, const std::string& id) {
  for (std::size_t i = 0; i < bt.columns.size(); ++i) {
    if (bt.columns[i].id == id) return i;
  }
  if (const Vocabulary* v = spec.vocabulary(bt.columns_vocabulary)) {
    for (const auto& t : v->terms) {
      if (t.old_id == id) return column_index(spec, bt, t.id);
    }
  }
  return std::nullopt;
}

std::optional<std::size_t> row_index(const BandTable& bt, const std::string& id) {
  for (std::size_t i = 0; i < bt.rows.size(); ++i) {
    if (bt.rows[i].id == id) return i;
  }
  return std::nullopt;
}

const BandTable* rolled(const Spec& spec, const std::string& table) {
  const Table* t = spec.table(table);
  const auto* bt = t ? std::get_if<BandTable>(&t->body) : nullptr;
  // Other opposed rolls' odds are by matchup; success dice's by the number of dice thrown.
  return bt && bt->dice && bt->dice->net_readable() && !bt->dice->success() ? bt : nullptr;
}

}  // namespace

void add_odds_to_changes(const Spec& old_spec, const Spec& new_spec, std::vector<Change>& changes) {
  for (auto& c : changes) {
    const BandTable* ob = rolled(old_spec, c.table);
    const BandTable* nb = rolled(new_spec, c.table);
    if (!ob || !nb || c.row.empty() || !c.band) continue;
    const auto orow = row_index(*ob, c.row);
    const auto nrow = row_index(*nb, c.row);
    // The new column, and the same column in the old sheet (by id or through a rename).
    const auto ncol = c.column.empty() ? std::optional<std::size_t>(0) : column_index(new_spec, *nb, c.column);
    std::optional<std::size_t> ocol =
        c.column.empty() ? std::optional<std::size_t>(0) : column_index(old_spec, *ob, c.column);
    if (!ocol && ncol) {
      if (const Vocabulary* v = new_spec.vocabulary(nb->columns_vocabulary)) {
        for (const auto& t : v->terms) {
          if (t.id == c.column && !t.old_id.empty()) ocol = column_index(old_spec, *ob, t.old_id);
        }
      }
    }
    // A column the old sheet did not have (MAW's US and MEX) is set against its one column.
    if (!ocol && ob->single_column()) ocol = 0;
    if (!nrow || !ncol) continue;
    const Fraction before = orow && ocol ? *row_probability(*ob, *orow, *ocol, 0) : Fraction(0);
    const Fraction after = *row_probability(*nb, *nrow, *ncol, 0);
    if (before == after) continue;
    c.odds = OddsMove{before, after, nb->dice->difference};
  }
}

}  // namespace qrsc
