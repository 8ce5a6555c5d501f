#include "odds.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "column_choice.hpp"
#include "qrs/odds.hpp"
#include "runtime_values.hpp"

namespace qrsc {

namespace {

using Reported = Expected<OddsReport, std::string>;


// A column's bands cut to the key's range (key.min, key.max): a key outside it has no row,
// as `qrsc lookup` and a header's lookup read it, even where an end band is open.
std::vector<qrs::Band> bands_in_range(const BandTable& bt, std::size_t column) {
  std::vector<qrs::Band> bands = band_column(bt, column);
  for (qrs::Band& b : bands) {
    if (!b.present) continue;
    if (bt.min && (!b.has_lo || b.lo < *bt.min)) b.has_lo = true, b.lo = *bt.min;
    if (bt.max && (!b.has_hi || b.hi > Fraction(bt.max->floor() + 1))) b.has_hi = true, b.hi = Fraction(bt.max->floor() + 1);
    if (b.has_lo && b.has_hi && !(b.lo < b.hi)) b.present = false;
  }
  return bands;
}

// The odds of each row at a net modifier, and last the odds that the result is read by no
// row, after the key's rule for such results (key.outside): clamped results count for the
// row at the nearest end of the key's range, rerolled ones share out over the rows in
// proportion; unstated and no-effect ones stay in the last entry.
std::vector<Fraction> column_odds(const BandTable& bt, std::size_t column, int modifier) {
  const std::vector<qrs::Band> bands = bands_in_range(bt, column);
  const qrs::odds::Distribution key = qrs::odds::key_roll(bt.dice->runtime());
  std::vector<Fraction> p(bands.size());
  qrs::odds::fill_row_odds(bands, key, modifier, p);
  Fraction inside(0);
  for (const Fraction& x : p) inside = inside + x;
  Fraction outside = Fraction(1) - inside;
  if (bt.outside == Outside::clamp) {
    const auto clamp_to = [&](Fraction end, Fraction mass) {
      const std::size_t r = qrs::find_band(qrs::View<qrs::Band>(bands.data(), bands.size()), end);
      if (r == qrs::npos || mass == Fraction(0)) return;
      p[r] = p[r] + mass;
      outside = outside - mass;
    };
    if (bt.min) clamp_to(*bt.min, key.at_most(static_cast<int>(bt.min->floor()) - 1 - modifier));
    if (bt.max) clamp_to(Fraction(bt.max->floor()), key.at_least(static_cast<int>(bt.max->floor()) + 1 - modifier));
  } else if (bt.outside == Outside::reroll && inside != Fraction(0) && outside != Fraction(0)) {
    for (Fraction& x : p) x = x / inside;
    outside = Fraction(0);
  }
  p.push_back(outside);
  return p;
}


}  // namespace

std::string format_percent(Fraction p, int decimals) {
  return fmt::format("{:.{}f}%", 100.0 * static_cast<double>(p.num()) / static_cast<double>(p.den()), decimals);
}

std::optional<Fraction> row_probability(const BandTable& bt, std::size_t row, std::size_t column, int modifier) {
  if (!bt.dice || !bt.dice->net_readable() || row >= bt.rows.size() || column >= bt.columns.size()) return std::nullopt;
  return column_odds(bt, column, modifier)[row];
}

Reported table_odds(const Spec& spec, const std::string& table, std::optional<int> modifier,
                    const std::optional<std::string>& column) {
  const Table* t = spec.table(table);
  if (!t) {
    std::vector<std::string> rolled;
    for (const auto& x : spec.tables) {
      const auto* b = std::get_if<BandTable>(&x.body);
      if (b && b->dice) rolled.push_back(x.id);
    }
    return Reported(fmt::format("spec '{}' has no table '{}'; its rolled tables are: {}", spec.id, table,
                                fmt::join(rolled, ", ")));
  }
  const auto* bt = std::get_if<BandTable>(&t->body);
  if (!bt) {
    return Reported(
        fmt::format("table '{}' is a {} table; only band tables are rolled", table, table_kind_name(t->kind)));
  }
  if (!bt->dice) return Reported(fmt::format("table '{}' states no dice (key.dice): its key is not rolled", table));
  if (!bt->dice->net_readable()) {
    return Reported(fmt::format("table '{}' is an opposed roll: give each side with --attacker and --defender", table));
  }
  OddsReport r;
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
    if (!modified && *modifier != 0) return Reported(fmt::format("table '{}' reads its roll without modifiers", table));
    r.modifiers = {*modifier};
  } else if (modified) {
    for (int m = -6; m <= 6; ++m) r.modifiers.push_back(m);
  } else {
    r.modifiers = {0};
  }
  // One column, chosen as `qrsc lookup --column` chooses it, or every column.
  std::optional<std::size_t> only;
  if (column) {
    if (bt->single_column()) return Reported(fmt::format("table '{}' has a single column; drop --column", table));
    const auto c = choose_column(spec, bt->columns_vocabulary, bt->columns, *column, t->id);
    if (!c) return Reported(c.error());
    only = c->index;
    r.note = c->note;
  }
  for (std::size_t c = 0; c < bt->columns.size(); ++c) {
    if (only && c != *only) continue;
    const Column& col = bt->columns[c];
    OddsColumn oc{col.id, col.name, {}};
    for (const int m : r.modifiers) oc.p.push_back(column_odds(*bt, c, m));
    r.columns.push_back(std::move(oc));
  }
  // Results no row reads get a line of their own wherever they occur, and none elsewhere.
  const bool outside = std::any_of(r.columns.begin(), r.columns.end(), [](const OddsColumn& c) {
    return std::any_of(c.p.begin(), c.p.end(), [](const std::vector<Fraction>& p) { return p.back() != Fraction(0); });
  });
  if (outside) {
    r.row_ids.push_back(kOutsideRowId);
    r.row_titles.push_back(outside_title(bt->outside));
  } else {
    for (auto& c : r.columns) {
      for (auto& p : c.p) p.pop_back();
    }
  }
  return r;
}

}  // namespace qrsc
