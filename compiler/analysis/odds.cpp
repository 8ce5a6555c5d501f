#include "qrsc/analysis/odds.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "qrs/odds.hpp"
#include "qrsc/analysis/column_choice.hpp"
#include "qrsc/analysis/net_modifier.hpp"
#include "qrsc/model/runtime_values.hpp"
#include "qrsc/model/triggers.hpp"

namespace qrsc {

namespace {

using Reported = Expected<OddsReport>;

// The odds of each row at a net modifier, and last the odds that the result is read by no
// row: the runtime's odds, each result read through the key's domain as a header's lookup
// reads it (clamped results count for the end row, rerolled ones share out over the rows).
std::vector<Fraction> column_odds(const BandTable& bt, std::size_t column, int modifier) {
  const std::vector<qrs::Band> bands = band_column(bt, column);
  std::vector<Fraction> p(bands.size());
  const Fraction unread =
      qrs::odds::fill_row_odds(bands, key_domain(bt), qrs::odds::key_roll(bt.dice->runtime()), modifier, p);
  p.push_back(unread);
  return p;
}

// The odds of each effect a base roll of the table triggers: the chance that the unmodified
// roll falls in its base band.
std::vector<TriggerOdds> trigger_odds(const Spec& spec, const Table& t, const BandTable& bt) {
  std::vector<TriggerOdds> out;
  // As a header's qrs::base_odds<Table> reads it: the base roll alone.
  const qrs::odds::Distribution base = qrs::odds::base_roll(bt.dice->runtime());
  for (const Trigger& tr : triggers_on(spec, t.id)) {
    const BandCell& band = tr.section->trigger->band;
    out.push_back(
        {tr.table->id, tr.section->id, tr.section->title, band.notation, qrs::odds::base_odds(band.band, base)});
  }
  return out;
}

}  // namespace

std::optional<Fraction> row_probability(const BandTable& bt, std::size_t row, std::size_t column, int modifier) {
  // Success dice have no one answer at a net modifier: the chance depends on how many are thrown.
  if (!bt.dice || !bt.dice->net_readable() || bt.dice->success() || row >= bt.rows.size() ||
      column >= bt.columns.size()) {
    return std::nullopt;
  }
  return column_odds(bt, column, modifier)[row];
}

Reported table_odds(const Spec& spec, const std::string& table, std::optional<int> modifier,
                    const std::optional<std::string>& column, std::optional<int> dice, int first_modifier) {
  const Table* t = spec.table(table);
  if (!t) {
    std::vector<std::string> rolled;
    for (const auto& x : spec.tables) {
      const auto* b = std::get_if<BandTable>(&x.body);
      if (b && b->dice) rolled.push_back(x.id);
    }
    return program_error(
        fmt::format("spec '{}' has no table '{}'; its rolled tables are: {}", spec.id, table, fmt::join(rolled, ", ")));
  }
  const auto* bt = std::get_if<BandTable>(&t->body);
  if (!bt) {
    return program_error(
        fmt::format("table '{}' is a {} table; only band tables are rolled", table, table_kind_name(t->kind)));
  }
  if (!bt->dice)
    return program_error(fmt::format("table '{}' states no dice (key.dice): its key is not rolled", table));
  if (!bt->dice->net_readable()) {
    return program_error(
        fmt::format("table '{}' is an opposed roll: give each side with --attacker and --defender", table));
  }
  const bool success = bt->dice->success();
  if (first_modifier != 0 && (!success || bt->dice->per_success_of.empty())) {
    return program_error(
        fmt::format("table '{}' is not thrown per success of another table: --first is for a chain", table));
  }
  if (success) {
    const std::optional<int> fixed = fixed_success_dice(spec, *bt);
    if (dice && fixed && *dice != *fixed) {
      return program_error(fmt::format("--dice {}: table '{}' throws {}; leave --dice out", *dice, table,
                                       success_dice_source(spec, *bt)));
    }
    if (!dice) dice = fixed;
    const int most = max_success_dice(spec, *bt);
    if (!dice) {
      return program_error(fmt::format("table '{}' throws {}: say how many dice with --dice N (1 to {})", table,
                                       success_dice_source(spec, *bt), most));
    }
    if (*dice < 1 || *dice > most) {
      return program_error(
          fmt::format("--dice {}: the counts of table '{}' are exact for 1 to {} dice", *dice, table, most));
    }
  }
  if (dice && !success && bt->dice->pool.empty()) {
    return program_error(
        fmt::format("table '{}' is not rolled as symbol dice (key.dice.pool): --dice is for a pool of dice "
                    "each read on its own",
                    table));
  }
  if (dice && !success && (*dice < 1 || *dice > max_pool_dice(bt->dice->sides))) {
    return program_error(fmt::format("--dice {}: the counts are exact for 1 to {} dice of {} faces", *dice,
                                     max_pool_dice(bt->dice->sides), bt->dice->sides));
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
    if (*modifier != 0 && reads_base_roll_alone(*bt)) return program_error(takes_no_modifiers(table));
    r.modifiers = {*modifier};
  } else if (modified) {
    for (int m = -6; m <= 6; ++m) r.modifiers.push_back(m);
  } else {
    r.modifiers = {0};
  }
  // One column, chosen as `qrsc lookup --column` chooses it, or every column.
  std::optional<std::size_t> only;
  if (column) {
    if (bt->single_column()) return program_error(fmt::format("table '{}' has a single column; drop --column", table));
    const auto c = choose_column(spec, bt->columns_vocabulary, bt->columns, *column, t->id);
    if (!c) return Reported(c.error());
    only = c->index;
    r.note = c->note;
  }
  for (std::size_t c = 0; c < bt->columns.size(); ++c) {
    if (only && c != *only) continue;
    const Column& col = bt->columns[c];
    OddsColumn oc{col.id, col.name, {}, {}};
    if (success) {
      std::vector<qrs::odds::SuccessCounts> by_modifier;
      for (const int m : r.modifiers) {
        const auto counts = success_counts(spec, *bt, c, *dice, m, first_modifier);
        if (!counts)
          return program_error(fmt::format("table '{}': the counts of {} dice are past 64 bits", table, *dice));
        oc.p.push_back(success_row_odds(*bt, c, *counts));
        by_modifier.push_back(*counts);
      }
      r.counts.push_back(std::move(by_modifier));
      r.columns.push_back(std::move(oc));
      continue;
    }
    for (const int m : r.modifiers) oc.p.push_back(column_odds(*bt, c, m));
    r.columns.push_back(std::move(oc));
    if (!bt->dice->pool.empty()) {
      r.pools.push_back(pool_odds(*bt, c,
                                  dice                      ? *dice
                                  : bt->dice->pool_odds > 0 ? bt->dice->pool_odds
                                                            : kDefaultPoolOddsUpTo));
    }
  }
  if (!bt->dice->pool.empty()) {
    r.pool = bt->dice->pool;
    const int up_to = r.pools.empty() ? 0 : r.pools.front().up_to;
    for (int n = dice ? *dice : 1; n <= up_to; ++n) r.dice.push_back(n);
  }
  if (success) {
    r.counting = bt->dice->count_failures ? "failures" : "successes";
    r.success_dice = *dice;
    r.chain_first = bt->dice->per_success_of;
    r.first_modifier = first_modifier;
  }
  r.triggers = trigger_odds(spec, *t, *bt);
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
