#include "qrsc/model/success_odds.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "qrs/fraction.hpp"
#include "qrs/odds.hpp"
#include "qrsc/model/runtime_values.hpp"

namespace qrsc {

namespace {

int reach_of(const BandTable& bt, std::size_t column) {
  return qrs::odds::count_reach(band_column(bt, column), key_domain(bt));
}

// Every chance of `dice` dice is a whole number of equally likely throws over sides^throws:
// one throw a die, two with a reroll face, and for exploding dice one more for each count
// shown past the first. `total` times that, or 0 past 64 bits (where the counts would not be
// exact); a chain multiplies its two rolls' (the second's dice at most the first's).
std::int64_t throws(std::int64_t total, const qrs::SuccessDie& d, int dice, int reach) {
  const int per_die = d.reroll.present ? 2 : 1;
  const int extra = d.explodes() ? qrs::odds::counts_shown(d, dice, reach) - 1 : 0;
  return qrs::odds::times_throws(total, dice * per_die + extra, d.sides);
}

}  // namespace

qrs::SuccessDie success_die(const DiceRoll& d) {
  return {d.sides, d.target.value_or(0), d.reroll.band, d.explode.band, d.count_failures};
}

std::optional<ChainLink> chain_first(const Spec& spec, const BandTable& bt) {
  if (!bt.dice || bt.dice->per_success_of.empty()) return std::nullopt;
  const Table* t = spec.table(bt.dice->per_success_of);
  const auto* first = t ? std::get_if<BandTable>(&t->body) : nullptr;
  // A chain is two rolls: a first roll that is itself chained is no link (and no loop).
  if (!first || !first->dice || !first->dice->success() || first == &bt || !first->dice->per_success_of.empty()) {
    return std::nullopt;
  }
  return ChainLink{t, first};
}

std::optional<qrs::odds::SuccessCounts> success_counts(const Spec& spec, const BandTable& bt, std::size_t column,
                                                       int dice, int modifier, int first_modifier) {
  if (!bt.dice || !bt.dice->success() || column >= bt.columns.size() || dice < 0) return std::nullopt;
  const qrs::SuccessDie die = success_die(*bt.dice);
  const int reach = reach_of(bt, column);
  try {
    if (!bt.dice->per_success_of.empty()) {
      const auto first = chain_first(spec, bt);
      if (!first) return std::nullopt;
      const qrs::SuccessDie hit = success_die(*first->bands->dice);
      if (hit.explodes()) return std::nullopt;
      return qrs::odds::chained(hit, dice, first_modifier, die, modifier, qrs::odds::counts_shown(die, dice, reach));
    }
    return qrs::odds::successes(die, dice, modifier, qrs::odds::counts_shown(die, dice, reach));
  } catch (const qrs::FractionOverflow&) {
    return std::nullopt;
  }
}

int max_success_dice(const Spec& spec, const BandTable& bt) {
  if (!bt.dice || !bt.dice->success()) return 0;
  int reach = 0;
  for (std::size_t c = 0; c < bt.columns.size(); ++c) reach = std::max(reach, reach_of(bt, c));
  const auto first = chain_first(spec, bt);
  int most = 0;
  for (int n = 1; n <= kMaxSuccessDice; ++n) {
    const std::int64_t before = first ? throws(1, success_die(*first->bands->dice), n, 0) : 1;
    if (throws(before, success_die(*bt.dice), n, reach) == 0) break;
    most = n;
  }
  return most;
}

std::optional<int> most_success_dice(const Spec& spec, const BandTable& bt) {
  if (!bt.dice || !bt.dice->success()) return std::nullopt;
  if (const auto first = chain_first(spec, bt)) return most_success_dice(spec, *first->bands);
  if (!bt.dice->per_success_of.empty()) return std::nullopt;
  if (bt.dice->pool.empty()) {
    if (bt.dice->count > 1) return bt.dice->count;
    return std::nullopt;
  }
  const Table* p = spec.table(bt.dice->pool);
  const auto* m = p ? std::get_if<Matrix>(&p->body) : nullptr;
  if (!m) return std::nullopt;
  int most = 0;
  for (const auto& row : m->rows) {
    for (const auto& cell : row.cells) {
      if (!cell.present) continue;
      if (cell.value.dice.kind != qrs::Dice::Kind::fixed) {
        if (cell.value.dice.kind == qrs::Dice::Kind::relative) return std::nullopt;
        continue;
      }
      most = std::max(most, cell.value.dice.offset);
    }
  }
  return most;
}

std::string success_rule(const Spec& spec, const BandTable& bt) {
  if (!bt.dice || !bt.dice->success()) return {};
  const DiceRoll& d = *bt.dice;
  const auto title = [&](const std::string& id) {
    const Table* t = spec.table(id);
    return t && !t->title.empty() ? t->title : id;
  };
  std::string rule;
  if (!d.per_success_of.empty()) {
    rule = fmt::format("Roll a d{} for each success of {}", d.sides, title(d.per_success_of));
  } else if (!d.pool.empty()) {
    rule = fmt::format("Roll a d{} for each die {} gives", d.sides, title(d.pool));
  } else if (d.count > 1) {
    rule = fmt::format("Roll {}d{}", d.count, d.sides);
  } else {
    rule = fmt::format("Roll a d{} for each die", d.sides);
  }
  rule += fmt::format("; each die scoring {} or more{} succeeds", *d.target,
                      d.modifiers.empty() ? "" : " (with modifiers)");
  if (d.reroll.band.present) rule += fmt::format("; dice showing {} are thrown again, once", d.reroll.notation);
  if (d.explode.band.present) rule += fmt::format("; a natural {} succeeds and adds a die", d.explode.notation);
  rule += d.count_failures ? ". Count the failures." : ". Count the successes.";
  return rule;
}

std::optional<int> fixed_success_dice(const Spec& spec, const BandTable& bt) {
  if (!bt.dice || !bt.dice->success()) return std::nullopt;
  if (const auto first = chain_first(spec, bt)) return fixed_success_dice(spec, *first->bands);
  if (!bt.dice->per_success_of.empty() || !bt.dice->pool.empty() || bt.dice->count < 2) return std::nullopt;
  return bt.dice->count;
}

std::string success_dice_source(const Spec& spec, const BandTable& bt) {
  if (!bt.dice || !bt.dice->success()) return {};
  const DiceRoll& d = *bt.dice;
  if (const auto first = chain_first(spec, bt)) {
    return "a die per success of " + first->table->id + ", which throws " + success_dice_source(spec, *first->bands);
  }
  if (!d.pool.empty()) return "as many dice as " + d.pool + " gives";
  if (d.count > 1) return std::to_string(d.count) + " dice";
  return "as many dice as the players say";
}

std::string count_label(const qrs::odds::SuccessCounts& counts, int k) {
  return k < counts.size ? std::to_string(k) : fmt::format("{} or more", k);
}

std::vector<Fraction> success_row_odds(const BandTable& bt, std::size_t column,
                                       const qrs::odds::SuccessCounts& counts) {
  const std::vector<qrs::Band> bands = band_column(bt, column);
  std::vector<Fraction> p(bands.size());
  const Fraction unread = qrs::odds::fill_count_odds(bands, key_domain(bt), counts, p);
  p.push_back(unread);
  return p;
}

}  // namespace qrsc
