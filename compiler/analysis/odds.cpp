#include "odds.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "column_choice.hpp"
#include "qrs/odds.hpp"
#include "runtime_values.hpp"

namespace qrsc {

namespace {

OddsReport fail(std::string msg) {
  OddsReport r;
  r.error = std::move(msg);
  return r;
}

qrs::Roll runtime_roll(const DiceRoll& d) { return {d.count, d.sides, d.difference, !d.pool.empty()}; }

std::vector<Fraction> column_odds(const BandTable& bt, std::size_t column, int modifier) {
  const std::vector<qrs::Band> bands = band_column(bt, column);
  std::vector<Fraction> p(bands.size());
  qrs::odds::fill_row_odds(bands, qrs::odds::key_roll(runtime_roll(*bt.dice)), modifier, p);
  return p;
}

}  // namespace

std::string roll_notation(const DiceRoll& d) {
  std::string s = (d.count == 1 ? "" : std::to_string(d.count)) + "d" + std::to_string(d.sides);
  if (d.difference) s += " each side, the difference of the modified results";
  if (!d.pool.empty()) s += " symbol dice, each read alone (as many as " + d.pool + " gives)";
  return s;
}

std::string format_percent(Fraction p, int decimals) {
  return fmt::format("{:.{}f}%", 100.0 * static_cast<double>(p.num()) / static_cast<double>(p.den()), decimals);
}

std::optional<Fraction> row_probability(const BandTable& bt, std::size_t row, std::size_t column, int modifier) {
  if (!bt.dice || row >= bt.rows.size() || column >= bt.columns.size()) return std::nullopt;
  return column_odds(bt, column, modifier)[row];
}

OddsReport table_odds(const Spec& spec, const std::string& table, std::optional<int> modifier,
                      const std::optional<std::string>& column) {
  const Table* t = spec.table(table);
  if (!t) {
    std::vector<std::string> rolled;
    for (const auto& x : spec.tables) {
      const auto* b = std::get_if<BandTable>(&x.body);
      if (b && b->dice) rolled.push_back(x.id);
    }
    return fail(fmt::format("spec '{}' has no table '{}'; its rolled tables are: {}", spec.id, table, fmt::join(rolled, ", ")));
  }
  const auto* bt = std::get_if<BandTable>(&t->body);
  if (!bt) return fail(fmt::format("table '{}' is a {} table; only band tables are rolled", table, table_kind_name(t->kind)));
  if (!bt->dice) return fail(fmt::format("table '{}' states no dice (key.dice): its key is not rolled", table));
  OddsReport r;
  r.ok = true;
  r.table = t->id;
  r.title = t->title;
  r.roll = roll_notation(*bt->dice);
  r.modifier_tables = bt->dice->modifiers;
  for (const auto& row : bt->rows) {
    r.row_ids.push_back(row.id);
    r.row_titles.push_back(row.title);
  }
  const bool modified = !bt->dice->modifiers.empty();
  if (modifier) {
    if (!modified && *modifier != 0) return fail(fmt::format("table '{}' reads its roll without modifiers", table));
    r.modifiers = {*modifier};
  } else if (modified) {
    for (int m = -6; m <= 6; ++m) r.modifiers.push_back(m);
  } else {
    r.modifiers = {0};
  }
  // One column, chosen as `qrsc lookup --column` chooses it, or every column.
  std::optional<std::size_t> only;
  if (column) {
    if (bt->single_column()) return fail(fmt::format("table '{}' has a single column; drop --column", table));
    const ColumnChoice c = choose_column(spec, bt->columns_vocabulary, bt->columns, *column, t->id);
    if (!c.index) return fail(c.error);
    only = c.index;
    r.note = c.note;
  }
  for (std::size_t c = 0; c < bt->columns.size(); ++c) {
    if (only && c != *only) continue;
    const Column& col = bt->columns[c];
    OddsColumn oc{col.id, col.name, {}};
    for (const int m : r.modifiers) oc.p.push_back(column_odds(*bt, c, m));
    r.columns.push_back(std::move(oc));
  }
  return r;
}

}  // namespace qrsc
