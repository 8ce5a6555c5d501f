// Dice as data: how a band table's key is rolled (key.dice), the effects a base roll
// triggers (a list section's `trigger`), and the checks that tie them to other tables.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <string_view>
#include <utility>

#include "qrs/odds.hpp"
#include "qrsc/base/enum_names.hpp"
#include "qrsc/frontend/builder.hpp"
#include "qrsc/model/pool_odds.hpp"
#include "qrsc/model/roll_range.hpp"
#include "qrsc/model/runtime_values.hpp"
#include "qrsc/model/success_odds.hpp"

namespace qrsc {

namespace {

// Why a roll's exact odds are past qrs/odds.hpp's limits, for a diagnostic.
std::string past_exact_odds(const std::string& what, const std::string& roll) {
  return fmt::format(
      "{}: the exact odds of {} are past the limits of a rolled key: at most {} results and 2^63 - 1 "
      "equally likely throws (24d6, 14d20 and 5d100 are within them)",
      what, roll, qrs::odds::kMaxOutcomes);
}

}  // namespace

std::vector<std::string> table_ids(const Spec& spec, TableKind kind) {
  std::vector<std::string> ids;
  for (const auto& t : spec.tables) {
    if (t.kind == kind) ids.push_back(t.id);
  }
  return ids;
}

std::optional<DiceRoll> Builder::dice(const NodePtr& n, const std::string& what) {
  Object o(n, "dice of " + what, diags_, format::object_type("dice"));
  if (!o.ok()) return std::nullopt;
  DiceRoll d;
  d.loc = o.loc();
  const std::string roll = o.str("roll");  // roll or attacker: the reader checks (format::OneOf)
  const auto rolled = parse_roll(roll);
  if (rolled) {
    d.count = rolled->count;
    d.sides = rolled->sides;
    d.digits = rolled->digits;
  } else if (!roll.empty()) {
    diags_.error(o.loc_of("roll"), "roll of " + what + " must be dice such as 'd10' or '2d6', not '" + roll + "'");
  }
  d.difference = o.boolean("difference", false);
  d.opposed = opposed(o, what);
  if (d.opposed) {
    // Both sides rolling the same dice for a difference is also a difference roll of those
    // dice at one net modifier (the attacker's total less the defender's), over every list
    // either side adds: the odds by net modifier, a header's kRoll and `lookup KEY` read it so.
    const DiceSide& a = d.opposed->side(qrs::Side::attacker);
    const DiceSide& b = d.opposed->side(qrs::Side::defender);
    // Not so where a side adds a modifier by its type against the other's: its net depends on both.
    const bool shared = d.opposed->key == qrs::OpposedKey::difference && a.count != 0 && a.count == b.count &&
                        a.sides == b.sides && a.type_modifiers.empty() && b.type_modifiers.empty();
    d.count = shared ? a.count : 0;
    d.sides = a.sides;
    d.difference = shared;
    if (shared) d.modifiers = d.modifier_tables();
    if (o.has("against"))
      diags_.error(o.loc_of("against"), what + ": 'against' is a roll against a unit's value, not an opposed roll");
    d.source = source(o);
    return d;
  }
  for (const char* key : {"result", "column", "tie", "ratio_floor"}) {
    if (o.has(key))
      diags_.error(o.loc_of(key), what + ": '" + key + "' is for an opposed roll (with 'attacker' and 'defender')");
  }
  d.modifiers = o.strings("modifiers");
  d.modifiers_loc = o.loc_of("modifiers");
  d.against = against(o, what);
  d.pool = o.str("pool");
  d.pool_loc = o.loc_of("pool");
  d.pool_odds = o.integer("pool_odds").value_or(0);
  d.pool_odds_loc = o.loc_of("pool_odds");
  if (o.has("pool_odds") && d.pool.empty()) {
    diags_.error(d.pool_odds_loc, what + ": 'pool_odds' is for symbol dice, read die by die (with 'pool')");
  } else if (rolled && d.pool_odds > max_pool_dice(d.sides)) {
    diags_.error(d.pool_odds_loc, fmt::format("{}: the counts of {} dice of {} faces are past 64 bits; pool_odds is at "
                                              "most {} for a d{}",
                                              what, d.pool_odds, d.sides, max_pool_dice(d.sides), d.sides));
  }
  success_dice(o, d, what);
  d.source = source(o);
  if (d.difference && !d.pool.empty()) {
    diags_.error(o.loc_of("pool"), what + ": symbol dice ('pool') are read die by die and cannot be a difference");
  }
  // A roll against a value is one summed roll, its key the roll less the value; with a key of
  // another kind of roll, it is reported and the roll read as that kind alone.
  if (d.against) {
    bool clash = false;
    for (const auto& [key, stated] : {std::pair{"difference", d.difference}, std::pair{"pool", !d.pool.empty()},
                                      std::pair{"target", d.target.has_value()}}) {
      if (!stated) continue;
      clash = true;
      diags_.error(o.loc_of(key),
                   fmt::format("{}: a roll against {} ('against') cannot have '{}'", what, d.against->name, key));
    }
    if (clash) d.against.reset();
  }
  // A roll read as digits with a key only summed dice take is reported, then checked as the
  // plain d66 it otherwise is (its bands by the numbers it writes).
  if (d.digits && !digit_roll_keys(o, d, roll, what)) {
    d.modifiers.clear();
    d.difference = false;
    d.pool.clear();
    d.pool_odds = 0;
    d.target.reset();
    d.against.reset();
  }
  // Dice that cannot be read are reported above; the checks of their range skip them (a
  // count of zero) rather than guess, and the checks of the tables they name still run.
  if (!rolled) d.count = 0;
  return d;
}

// The unit's value a roll is made against (`against`): its name and the range of its values.
std::optional<AgainstValue> Builder::against(Object& dice, const std::string& what) {
  const NodePtr n = dice.get("against");
  if (!n) return std::nullopt;
  Object o(n, "against of " + what, diags_, format::object_type("against"));
  if (!o.ok()) return std::nullopt;
  AgainstValue a;
  a.loc = o.loc();
  a.name = o.str("name");
  a.values_loc = o.loc_of("values");
  a.source = source(o);
  const std::string values = o.str("values");
  if (values.empty()) return std::nullopt;
  const BandParse p = parse_band(values, KeyType::integer);
  if (!p || !p->has_lo || !p->has_hi) {
    diags_.error(
        a.values_loc,
        fmt::format("{}: against: values must be a range of whole numbers such as '2 - 12', not '{}'", what, values));
    return std::nullopt;
  }
  a.lo = static_cast<int>(p->lo.floor());
  a.hi = static_cast<int>(p->hi.floor()) - 1;  // an integer band's upper edge is the first value past it
  // A unit's value is small; bounding it keeps every shifted band edge within an int.
  if (a.lo < -limits::kMaxAgainstValue || a.hi > limits::kMaxAgainstValue) {
    diags_.error(a.values_loc, fmt::format("{}: against: values run from -{} to {}, not '{}'", what,
                                           limits::kMaxAgainstValue, limits::kMaxAgainstValue, values));
    return std::nullopt;
  }
  if (a.hi - a.lo + 1 > limits::kMaxAgainstValues) {
    diags_.error(a.values_loc, fmt::format("{}: against: {} values, past the limit of {} (a column each)", what,
                                           a.hi - a.lo + 1, limits::kMaxAgainstValues));
    return std::nullopt;
  }
  return a;
}

// A roll read as digits (d66) writes a number, which modifiers, a difference or a count of
// dice would not read; each key that asks for one is an error where it is written.
bool Builder::digit_roll_keys(Object& o, const DiceRoll& d, const std::string& roll, const std::string& what) {
  static constexpr std::array<std::pair<const char*, const char*>, 6> kSummedOnly = {{
      {"modifiers", "takes no modifiers"},
      {"against", "is not made against a value"},
      {"difference", "is not a difference"},
      {"pool", "is not a pool of dice"},
      {"pool_odds", "is not a pool of dice"},
      {"target", "is not success dice"},
  }};
  bool ok = true;
  for (const auto& [key, why] : kSummedOnly) {
    // `difference: false` says what a d66 is anyway.
    if (o.has(key) && (key != std::string_view("difference") || d.difference)) {
      ok = false;
      diags_.error(o.loc_of(key),
                   fmt::format("{}: '{}' is read as digits (the first die the tens, the second the units) "
                               "and {}; remove '{}'",
                               what, roll, why, key));
    }
  }
  return ok;
}

// Success dice (`target` and the keys that belong with it): read here, checked against other
// tables in check_success.
void Builder::success_dice(Object& o, DiceRoll& d, const std::string& what) {
  d.target = o.integer("target");
  d.target_loc = o.loc_of("target");
  // A target that cannot be read is reported where it is read; the dice are then unreadable
  // (a count of zero), and the checks of their range skip them rather than guess.
  if (o.has("target") && !d.target) d.count = 0;
  // Natural faces, in band notation: "1", "5, 6", "6".
  const auto faces = [&](const char* key, BandCell& cell) {
    const NodePtr n = o.get(key);
    if (!n || !n->is_scalar()) return;
    cell.loc = n->loc;
    cell.notation = n->scalar;
    const BandParse p = parse_band(n->scalar, KeyType::integer);
    if (!p) {
      diags_.error(n->loc, fmt::format("{}: {}: {}", what, key, p.error().message));
      return;
    }
    cell.band = *p;
    if (d.count == 0 || d.sides == 0) return;
    const int shown = qrs::odds::faces_in(*p, d.sides);
    if (shown == 0) {
      diags_.error(n->loc, fmt::format("{}: no face of a d{} is in {} '{}'", what, d.sides, key, n->scalar));
    } else if (shown == d.sides) {
      diags_.error(n->loc, fmt::format("{}: every face of a d{} is in {} '{}'{}", what, d.sides, key, n->scalar,
                                       std::string_view(key) == "explode" ? ": the dice would never stop" : ""));
    }
  };
  faces("reroll", d.reroll);
  faces("explode", d.explode);
  d.count_failures = o.str("count") == "failures";
  d.count_loc = o.loc_of("count");
  d.per_success_of = o.str("per_success_of");
  d.per_success_of_loc = o.loc_of("per_success_of");
  if (!d.success()) {
    for (const char* key : {"reroll", "explode", "count", "per_success_of"}) {
      if (o.has(key)) diags_.error(o.loc_of(key), what + ": '" + key + "' is for success dice (with 'target')");
    }
    return;
  }
  if (!d.pool.empty() && o.has("pool_odds")) {
    diags_.error(d.pool_odds_loc,
                 what + ": 'pool_odds' is for symbol dice; success dice print their counts by 'target'");
  }
  if (d.difference) diags_.error(o.loc_of("difference"), what + ": success dice are counted, not a difference");
  if (d.explode.band.present && d.count_failures) {
    diags_.error(d.explode.loc,
                 what + ": exploding faces succeed, so they cannot be counted as failures (count: failures)");
  }
  if (d.reroll.band.present && d.explode.band.present) {
    for (int f = 1; f <= d.sides; ++f) {
      if (d.reroll.band.contains(Fraction(f)) && d.explode.band.contains(Fraction(f))) {
        diags_.error(d.explode.loc, fmt::format("{}: face {} is both thrown again (reroll) and exploding", what, f));
        break;
      }
    }
  }
  if (!d.per_success_of.empty() && d.count > 1) {
    diags_.error(o.loc_of("roll"), fmt::format("{}: a chain throws one die per success of '{}'; roll: d{}, not {}d{}",
                                               what, d.per_success_of, d.sides, d.count, d.sides));
  }
  if (!d.per_success_of.empty() && !d.pool.empty()) {
    diags_.error(d.pool_loc, what + ": a chain's dice are the successes of '" + d.per_success_of + "', not a pool's");
  }
}

// An opposed roll: `attacker` and `defender` come together, each with its own roll and
// modifier lists; `result`, `column` and `tie` say how the two results are read.
std::optional<OpposedRoll> Builder::opposed(Object& o, const std::string& what) {
  const NodePtr an = o.get("attacker");
  const NodePtr dn = o.get("defender");
  if (!an && !dn) return std::nullopt;
  if (!an || !dn) {
    diags_.error(o.loc_of(an ? "attacker" : "defender"),
                 what + ": an opposed roll states both sides, 'attacker' and 'defender'");
    return std::nullopt;
  }
  for (const char* key : {"roll", "difference", "modifiers", "pool", "pool_odds"}) {
    if (o.has(key)) {
      diags_.error(o.loc_of(key),
                   what + ": an opposed roll states '" + key + "' per side, under 'attacker' and 'defender'");
    }
  }
  OpposedRoll r;
  for (const qrs::Side side : {qrs::Side::attacker, qrs::Side::defender}) {
    const char* name = kSideNames[static_cast<std::size_t>(side)];
    Object so(side == qrs::Side::attacker ? an : dn, std::string(name) + " of " + what, diags_,
              format::object_type("diceSide"));
    DiceSide& s = r.sides[static_cast<std::size_t>(side)];
    if (!so.ok()) {
      s.count = 0;
      continue;
    }
    s.loc = so.loc();
    const std::string roll = so.str("roll");
    if (const auto rolled = parse_roll(roll); rolled && rolled->digits) {
      s.count = 0;
      diags_.error(so.loc_of("roll"),
                   fmt::format("roll of the {} of {}: '{}' is read as digits (tens and units), and an "
                               "opposed roll adds each side's dice; write '2d{}' for two summed dice",
                               name, what, roll, rolled->sides));
    } else if (rolled) {
      s.count = rolled->count;
      s.sides = rolled->sides;
    } else {
      s.count = 0;
      if (!roll.empty()) {
        diags_.error(so.loc_of("roll"), "roll of the " + std::string(name) + " of " + what +
                                            " must be dice such as 'd6' or '2d6', not '" + roll + "'");
      }
    }
    s.modifiers = so.strings("modifiers");
    s.modifiers_loc = so.loc_of("modifiers");
    s.type_modifiers = so.str("type_modifiers");
    s.type_modifiers_loc = so.loc_of("type_modifiers");
  }
  // Other values are reported by the key check (the format's choices are these names).
  r.key = enum_named<qrs::OpposedKey>(kOpposedKeyNames, o.str("result")).value_or(qrs::OpposedKey::difference);
  r.key_loc = o.has("result") ? o.loc_of("result") : o.loc();
  r.column = enum_named<qrs::ColumnBy>(kColumnByNames, o.str("column")).value_or(qrs::ColumnBy::chosen);
  r.column_loc = o.has("column") ? o.loc_of("column") : o.loc();
  const std::string tie = o.str("tie");
  r.tie_loser = enum_named<qrs::Side>(kSideNames, tie).value_or(qrs::Side::defender);
  r.tie = tie == kTieNames[2] ? qrs::Tie::none : tie == kTieNames[3] ? qrs::Tie::both : qrs::Tie::one_side;
  r.tie_loc = o.has("tie") ? o.loc_of("tie") : o.loc();
  if (o.has("ratio_floor")) {
    r.ratio_floor_loc = o.loc_of("ratio_floor");
    if (const auto floor = o.number("ratio_floor")) {
      r.ratio_floor_stated = true;
      if (*floor > Fraction(0)) {
        r.ratio_floor = *floor;
      } else {
        diags_.error(r.ratio_floor_loc,
                     what + ": ratio_floor must be positive (a ratio divides by it), not " + format_number(*floor));
      }
    }
  }
  return r;
}

std::optional<BaseRollTrigger> Builder::trigger(const NodePtr& n, const std::string& what) {
  Object o(n, "trigger of " + what, diags_, format::object_type("trigger"));
  if (!o.ok()) return std::nullopt;
  BaseRollTrigger t;
  t.table = o.str("table");
  t.check = o.str("check");
  t.check_loc = o.loc_of("check");
  t.loc = o.loc();
  const NodePtr b = o.get("base");  // the format requires it: the reader says so when it is missing
  if (b && !b->is_scalar()) {
    diags_.error(b->loc, "'base' of trigger of " + what + " is the base die results that trigger it, like \"10\"");
  } else if (b) {
    const BandParse p = parse_band(b->scalar, KeyType::integer);
    if (!p) diags_.error(b->loc, "trigger of " + what + ": " + p.error().message);
    t.band = {p ? *p : qrs::band_none(), b->scalar, b->loc};
  }
  t.source = source(o);
  return t;
}

// Every result the dice and the modifiers the sheet allows can produce is read by a row, or the
// key states what happens outside (key.outside).
void Builder::check_outside(const Table& t, const BandTable& bt) {
  const OutsideKeys out = outside_keys(spec_, bt);
  if (!out.any()) {
    if (bt.outside != Outside::unstated) {
      diags_.warning(bt.outside_loc,
                     "table '" + t.id + "': every result of its roll is read by a row; 'outside' never applies");
    }
    return;
  }
  if (bt.outside == Outside::reroll && !bt.dice->opposed) warn_endless_reroll(t, bt);
  if (bt.outside != Outside::unstated) return;
  const auto span = [](const IntRange& r) {
    return r.lo == r.hi ? std::to_string(r.lo) : std::to_string(r.lo) + " to " + std::to_string(r.hi);
  };
  std::vector<std::string> parts;
  if (out.below.lo <= out.below.hi)
    parts.push_back(span(out.below) + " (the key starts at " + format_number(*bt.min) + ")");
  if (out.above.lo <= out.above.hi)
    parts.push_back(span(out.above) + " (the key goes up to " + format_number(*bt.max) + ")");
  std::string roll;
  if (const auto& o = bt.dice->opposed) {
    roll = fmt::format("{} (attacker {}, defender {})", roll_notation(*bt.dice),
                       span(opposed_results(spec_, *o, qrs::Side::attacker)),
                       span(opposed_results(spec_, *o, qrs::Side::defender)));
  } else {
    const IntRange net = net_modifier_range(spec_, bt);
    roll = fmt::format("{} with net modifiers {:+d} to {:+d}", roll_notation(*bt.dice), net.lo, net.hi);
  }
  diags_.error(
      bt.dice->loc,
      fmt::format("table '{}': {} reaches {}, which no row reads; state key.outside: clamp, no_effect or reroll", t.id,
                  roll, fmt::join(parts, " and ")));
}

// A reroll that can never end: at a net modifier the sheet allows, every result of the roll is
// past the key's range, so every roll is rolled again.
void Builder::warn_endless_reroll(const Table& t, const BandTable& bt) {
  const IntRange base = base_roll_range(*bt.dice);
  const IntRange net = net_modifier_range(spec_, bt);
  for (const std::int64_t m : {net.lo, net.hi}) {
    const bool all_above = bt.max && Fraction(base.lo + m) > *bt.max;
    const bool all_below = bt.min && Fraction(base.hi + m) < *bt.min;
    if (!all_above && !all_below) continue;
    diags_.warning(bt.outside_loc,
                   fmt::format("table '{}': at a net modifier of {:+d}, every result of {} ({} to {}) is past "
                               "the key's range and rolled again, for ever; no row can be read",
                               t.id, m, roll_notation(*bt.dice), base.lo + m, base.hi + m));
    return;
  }
}

void Builder::check_opposed(const Table& t, const BandTable& bt) {
  const OpposedRoll& o = *bt.dice->opposed;
  const std::string what = "dice of table '" + t.id + "'";
  const KeyType wanted = o.key == qrs::OpposedKey::ratio ? KeyType::fraction : KeyType::integer;
  if (bt.key_type != wanted) {
    diags_.error(o.key_loc, fmt::format("{}: an opposed roll's {} is {} key; set key.type: {}", what,
                                        kOpposedKeyNames[static_cast<std::size_t>(o.key)],
                                        wanted == KeyType::fraction ? "a fraction" : "an integer",
                                        wanted == KeyType::fraction ? "fraction" : "integer"));
  }
  if (o.ratio_floor_stated && o.key != qrs::OpposedKey::ratio) {
    diags_.error(o.ratio_floor_loc, fmt::format("{}: ratio_floor is for a ratio (result: ratio), not a {}", what,
                                                kOpposedKeyNames[static_cast<std::size_t>(o.key)]));
  }
  if (o.column != qrs::ColumnBy::chosen && bt.single_column()) {
    diags_.error(o.column_loc, fmt::format("{}: the {}'s column needs columns: the sides' types (a vocabulary)", what,
                                           kColumnByNames[static_cast<std::size_t>(o.column)]));
  }
  for (const DiceSide& side : o.sides) {
    for (const auto& id : side.modifiers) {
      const Table* m = spec_.table(id);
      if (!m || m->kind != TableKind::modifiers) {
        diags_.error(side.modifiers_loc, with_suggestion(what + ": a side's modifiers must name modifier lists; '" +
                                                             id + "' is " + (m ? "not one" : "no table of this spec"),
                                                         id, table_ids(spec_, TableKind::modifiers)));
      }
    }
  }
  if (o.sides[0].count == 0 || o.sides[1].count == 0) return;  // unreadable dice, reported where they are read
  const qrs::Opposed roll = o.runtime();
  if (!qrs::odds::exact(roll.attacker, roll.defender)) {
    diags_.error(bt.dice->loc,
                 past_exact_odds(what, fmt::format("{}d{} against {}d{}", o.sides[0].count, o.sides[0].sides,
                                                   o.sides[1].count, o.sides[1].sides)));
  }
  check_outside(t, bt);
}

// Success dice: a chain names a success table that is not itself chained and does not explode;
// every count of successes the dice can give is read by a row (or the key says a count past
// its range does nothing); the most dice the spec allows stay within exact counts.
void Builder::check_success(const Table& t, const BandTable& bt) {
  const DiceRoll& d = *bt.dice;
  const std::string what = "dice of table '" + t.id + "'";
  if (!d.per_success_of.empty()) {
    const Table* f = spec_.table(d.per_success_of);
    const auto* fb = f ? std::get_if<BandTable>(&f->body) : nullptr;
    std::vector<std::string> success_tables;
    for (const auto& x : spec_.tables) {
      const auto* b = std::get_if<BandTable>(&x.body);
      if (b && b->dice && b->dice->success() && x.id != t.id) success_tables.push_back(x.id);
    }
    if (!fb || !fb->dice || !fb->dice->success() || f == &t) {
      diags_.error(
          d.per_success_of_loc,
          with_suggestion(fmt::format("{}: per_success_of names '{}', which is not {} success dice (a rolled table "
                                      "with 'target')",
                                      what, d.per_success_of, f == &t ? "another table's" : "a table of"),
                          d.per_success_of, success_tables));
      return;
    }
    if (!fb->dice->per_success_of.empty()) {
      diags_.error(d.per_success_of_loc,
                   fmt::format("{}: '{}' is itself thrown per success of '{}'; a chain is two rolls "
                               "at most",
                               what, d.per_success_of, fb->dice->per_success_of));
      return;
    }
    if (fb->dice->explode.band.present) {
      diags_.error(d.per_success_of_loc,
                   fmt::format("{}: '{}' explodes, so its successes have no most and the chain no "
                               "exact odds; a chain's first roll does not explode",
                               what, d.per_success_of));
      return;
    }
  }
  const qrs::KeyDomain domain = key_domain(bt);
  const std::optional<int> most = most_success_dice(spec_, bt);
  int widest = 0;  // the highest count any column tells apart
  for (std::size_t c = 0; c < bt.columns.size(); ++c) {
    const std::vector<qrs::Band> bands = band_column(bt, c);
    // Counts past the reach read alike, so reach + 1 stands for all of them.
    const int reach = qrs::odds::count_reach(bands, domain);
    widest = std::max(widest, reach);
    const int top = most && !d.explode.band.present ? std::min(*most, reach + 1) : reach + 1;
    for (int k = 0; k <= top; ++k) {
      if (domain.above(Fraction(k)) && bt.outside == Outside::no_effect) break;
      const qrs::Maybe<Fraction> key = domain.read(Fraction(k));
      if (key && std::any_of(bands.begin(), bands.end(), [&](const qrs::Band& b) { return b.contains(*key); }))
        continue;
      const std::string column = bt.single_column() ? "" : " in column '" + bt.columns[c].id + "'";
      diags_.error(d.loc,
                   fmt::format("{}: a count of {} {}{}{} is read by no row; give it a band{}", what, k,
                               d.count_failures ? "failures" : "successes", k >= reach + 1 && k > 0 ? " or more" : "",
                               column, domain.has_max ? " (or key.outside: clamp or no_effect)" : ""));
      break;
    }
  }
  const int exact = max_success_dice(spec_, bt);
  if (exact == 0) {
    // Exploding dice show every count up to the highest band edge: one edge too far is enough.
    diags_.error(d.loc, fmt::format("{}: exploding dice show every count up to the highest band edge or key.max ({}), "
                                    "past the exact limit of counts even for one die; lower it",
                                    what,
                                    widest < qrs::odds::kMaxCounts ? std::to_string(widest)
                                                                   : std::to_string(widest) + " or more"));
  } else if (most && *most > exact) {
    diags_.error(d.loc,
                 fmt::format("{}: the counts of {} dice are past 64 bits; success dice of this table are exact for "
                             "at most {}",
                             what, *most, exact));
  }
}

void Builder::check_dice() {
  for (const auto& t : spec_.tables) {
    const auto* bt = std::get_if<BandTable>(&t.body);
    if (bt && bt->dice) {
      const DiceRoll& d = *bt->dice;
      const std::string what = "dice of table '" + t.id + "'";
      if (d.opposed) {
        check_opposed(t, *bt);
        continue;
      }
      if (bt->key_type != KeyType::integer) diags_.error(d.loc, what + ": only die-result (integer) keys are rolled");
      for (const auto& id : d.modifiers) {
        const Table* m = spec_.table(id);
        if (!m) {
          std::vector<std::string> names = table_ids(spec_, TableKind::modifiers);
          for (const auto& b : table_ids(spec_, TableKind::bands)) names.push_back(b);
          diags_.error(d.modifiers_loc,
                       with_suggestion(what + " names unknown modifier table '" + id + "'", id, names));
          continue;
        }
        const auto* mb = std::get_if<BandTable>(&m->body);
        const bool numbered =
            mb && std::all_of(mb->rows.begin(), mb->rows.end(), [](const BandRow& r) { return r.number.has_value(); });
        if (m->kind != TableKind::modifiers && !numbered) {
          diags_.error(d.modifiers_loc,
                       what + ": '" + id + "' must be a modifier list or a band table whose every row has a number");
        }
      }
      if (!d.pool.empty()) {
        const Table* p = spec_.table(d.pool);
        const auto* pm = p ? std::get_if<Matrix>(&p->body) : nullptr;
        if (!pm || pm->cell != CellType::dice) {
          diags_.error(d.pool_loc,
                       what + ": pool '" + d.pool + "' must be a matrix of dice cells (how many dice are rolled)");
        }
      }
      // Dice that cannot be read (a count of zero) are reported where they are read; there is
      // no range to check the table against.
      if (d.count == 0) continue;
      if (d.success()) {
        check_success(t, *bt);
        continue;
      }
      if (!qrs::odds::exact(d.runtime())) {
        const std::string roll = fmt::format("{}d{}", d.count, d.sides);
        diags_.error(d.loc, past_exact_odds(what, d.difference ? roll + " less " + roll : roll));
        continue;
      }
      // A table read by the unmodified roll (no modifiers: its key is the base roll) must cover
      // exactly what the dice show; any other roll, every result its dice and modifiers can
      // produce.
      const IntRange base = base_roll_range(d);
      const bool unmodified = d.modifiers.empty() && !d.difference;
      if (unmodified && (bt->min != Fraction(base.lo) || bt->max != Fraction(base.hi))) {
        diags_.error(d.loc, fmt::format("{}: an unmodified {} reads results {} to {}; set key min: {} and max: {}",
                                        what, roll_notation(d), base.lo, base.hi, base.lo, base.hi));
      } else {
        check_outside(t, *bt);
      }
    }
    const auto* lt = std::get_if<ListTable>(&t.body);
    if (!lt) continue;
    // A trigger's table and its check's are both band tables with dice.
    const auto rolled_band = [this](const std::string& id) -> const BandTable* {
      const Table* table = spec_.table(id);
      const auto* bt = table ? std::get_if<BandTable>(&table->body) : nullptr;
      return bt && bt->dice ? bt : nullptr;
    };
    for (const auto& s : lt->sections) {
      if (!s.trigger || s.trigger->table.empty()) continue;
      const BandTable* rb = rolled_band(s.trigger->table);
      if (!rb) {
        diags_.error(s.trigger->loc, with_suggestion("trigger of section '" + s.id + "' names '" + s.trigger->table +
                                                         "', which is not a rolled band table (one with key.dice)",
                                                     s.trigger->table, table_ids(spec_, TableKind::bands)));
        continue;
      }
      if (rb->dice->success()) {
        diags_.error(s.trigger->loc, "trigger of section '" + s.id + "': '" + s.trigger->table +
                                         "' counts success dice, which have no base roll to trigger on");
        continue;
      }
      if (const std::string& check = s.trigger->check; !check.empty() && !rolled_band(check)) {
        diags_.error(s.trigger->check_loc, with_suggestion("trigger of section '" + s.id + "': the check '" + check +
                                                               "' is not a rolled band table (one with key.dice)",
                                                           check, table_ids(spec_, TableKind::bands)));
      }
      const qrs::Band& b = s.trigger->band.band;
      const Fraction top(rb->dice->count * rb->dice->sides);
      if (b.present && ((b.has_lo && (b.lo > top || b.lo < Fraction(rb->dice->count))) ||
                        (b.has_hi && b.hi <= Fraction(rb->dice->count)))) {
        diags_.error(s.trigger->band.loc, "trigger of section '" + s.id + "': no base roll of " + s.trigger->table +
                                              " falls in '" + s.trigger->band.notation + "'");
      }
    }
  }
}

}  // namespace qrsc
