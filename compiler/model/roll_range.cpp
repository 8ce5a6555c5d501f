#include "qrsc/model/roll_range.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace qrsc {

std::string outside_title(Outside rule) {
  switch (rule) {
    case Outside::no_effect: return "No effect (outside the table)";
    case Outside::reroll: return "Roll again (outside the table)";
    case Outside::clamp:
    case Outside::unstated: break;
  }
  return "Outside every row";
}

IntRange modifier_range(const Spec& spec, const std::vector<std::string>& tables) {
  IntRange net;
  const auto widen = [&](std::int64_t lo, std::int64_t hi) {
    net.lo += lo;
    net.hi += hi;
  };
  for (const auto& id : tables) {
    const Table* t = spec.table(id);
    if (!t) continue;
    if (const auto* mt = std::get_if<ModifierTable>(&t->body)) {
      std::vector<IntRange> groups(mt->groups.size());  // each starts at {0, 0}: no member applies
      for (const auto& m : mt->items) {
        if (!m.value) continue;
        const std::int64_t v = std::int64_t{*m.value} * m.at_most;  // every occurrence that counts
        if (m.group >= 0 && static_cast<std::size_t>(m.group) < groups.size()) {
          IntRange& g = groups[static_cast<std::size_t>(m.group)];
          g = {std::min(g.lo, v), std::max(g.hi, v)};
        } else {
          widen(std::min<std::int64_t>(v, 0), std::max<std::int64_t>(v, 0));
        }
      }
      for (const auto& g : groups) widen(g.lo, g.hi);
    } else if (const auto* rows = std::get_if<BandTable>(&t->body)) {
      bool any = false;
      IntRange one;
      for (const auto& r : rows->rows) {
        if (!r.number) continue;
        one = any ? IntRange{std::min<std::int64_t>(one.lo, *r.number), std::max<std::int64_t>(one.hi, *r.number)}
                  : IntRange{*r.number, *r.number};
        any = true;
      }
      widen(one.lo, one.hi);
    }
  }
  return net;
}

namespace {

// The modified results one side of an opposed roll can reach.
IntRange side_results(const Spec& spec, const DiceSide& side) {
  const IntRange net = modifier_range(spec, side.modifiers);
  return {side.count + net.lo, std::int64_t{side.count} * side.sides + net.hi};
}

}  // namespace

std::string dice_notation(int count, int sides) {
  return (count == 1 ? "" : std::to_string(count)) + "d" + std::to_string(sides);
}

std::vector<TypeModifierReader> type_modifier_readers(const OpposedRoll& o) {
  const DiceSide& a = o.side(qrs::Side::attacker);
  const DiceSide& d = o.side(qrs::Side::defender);
  if (!a.type_modifiers.empty() && a.type_modifiers == d.type_modifiers) return {{"each side", a.type_modifiers, true}};
  std::vector<TypeModifierReader> out;
  if (!a.type_modifiers.empty()) out.push_back({"the attacker", a.type_modifiers, false});
  if (!d.type_modifiers.empty()) out.push_back({"the defender", d.type_modifiers, false});
  return out;
}

std::string roll_notation(const DiceRoll& d) {
  if (d.opposed) {
    const OpposedRoll& o = *d.opposed;
    std::string s = "attacker " + dice_notation(o.side(qrs::Side::attacker).count, o.side(qrs::Side::attacker).sides) +
                    " against defender " +
                    dice_notation(o.side(qrs::Side::defender).count, o.side(qrs::Side::defender).sides);
    switch (o.key) {
      case qrs::OpposedKey::difference: s += ", the difference of the modified results"; break;
      case qrs::OpposedKey::margin: s += ", the winner's margin"; break;
      case qrs::OpposedKey::ratio: s += ", the winner's result over the loser's"; break;
    }
    if (o.column != qrs::ColumnBy::chosen)
      s += std::string(", read in the ") + kColumnByNames[static_cast<std::size_t>(o.column)] + "'s column";
    if (!o.matchup_columns.empty()) s += " or a matchup's";
    for (const TypeModifierReader& r : type_modifier_readers(o)) {
      s += fmt::format("; {} adds {} modifier by its type against the other's ({})", r.who, r.both ? "its" : "a",
                       r.matrix);
    }
    if (o.tie == qrs::Tie::none) s += "; a tie: nothing happens";
    if (o.tie == qrs::Tie::both) s += "; a tie: both sides are affected";
    return s;
  }
  if (d.success()) {
    // A pool's matrix says how many dice; a roll such as 3d6 fixes them.
    std::string s = dice_notation(d.pool.empty() ? d.count : 1, d.sides) + " success dice, " +
                    std::to_string(*d.target) + " or more";
    if (d.reroll.band.present) s += ", " + d.reroll.notation + " thrown again";
    if (d.explode.band.present) s += ", " + d.explode.notation + " exploding";
    if (d.count_failures) s += ", counting failures";
    if (!d.pool.empty()) s += " (as many as " + d.pool + " gives)";
    if (!d.per_success_of.empty()) s += " (one per success of " + d.per_success_of + ")";
    return s;
  }
  if (d.digits) return fmt::format("d{0}{0} (two d{0} read as tens and units)", d.sides);
  std::string s = dice_notation(d.count, d.sides);
  if (d.difference) s += " each side, the difference of the modified results";
  if (!d.pool.empty()) s += " symbol dice, each read alone (as many as " + d.pool + " gives)";
  if (d.against)
    s += fmt::format(" against {} ({} to {}), read in its column", d.against->name, d.against->lo, d.against->hi);
  return s;
}

IntRange base_roll_range(const DiceRoll& d) {
  if (d.digits) return {d.runtime().lowest(), d.runtime().highest()};
  const std::int64_t n = d.pool.empty() ? d.count : 1;
  const std::int64_t top = n * d.sides;
  if (d.difference) return {n - top, top - n};
  return {n, top};
}

IntRange net_modifier_range(const Spec& spec, const BandTable& bt) {
  return bt.dice ? modifier_range(spec, bt.dice->modifiers) : IntRange{};
}

IntRange opposed_results(const Spec& spec, const OpposedRoll& o, qrs::Side side) {
  IntRange r = side_results(spec, o.side(side));
  // Its type modifiers against the other side's types, the least and the greatest.
  const std::size_t square = o.types * o.types;
  if (square > 0 && o.type_modifier_values.size() == 2 * square && !o.side(side).type_modifiers.empty()) {
    const auto first =
        o.type_modifier_values.begin() + static_cast<std::ptrdiff_t>(static_cast<std::size_t>(side) * square);
    const auto [lo, hi] = std::minmax_element(first, first + static_cast<std::ptrdiff_t>(square));
    r.lo += *lo;
    r.hi += *hi;
  }
  return r;
}

IntRange reachable_keys(const Spec& spec, const BandTable& bt) {
  if (!bt.dice) return {1, 0};
  if (const auto& o = bt.dice->opposed) {
    const IntRange a = opposed_results(spec, *o, qrs::Side::attacker);
    const IntRange d = opposed_results(spec, *o, qrs::Side::defender);
    switch (o->key) {
      case qrs::OpposedKey::difference: return {a.lo - d.hi, a.hi - d.lo};
      case qrs::OpposedKey::margin: {
        // A tie that nothing comes of (tie: none) reads no row: its margin of 0 is never read.
        const std::int64_t least = o->tie == qrs::Tie::none ? 1 : 0;
        return {std::max<std::int64_t>({least, a.lo - d.hi, d.lo - a.hi}), std::max(a.hi - d.lo, d.hi - a.lo)};
      }
      case qrs::OpposedKey::ratio: {
        // The winner's result as counted over the least divisor, the floor.
        const Fraction top = o->runtime().counted(static_cast<int>(std::max(a.hi, d.hi)));
        return {1, std::max<std::int64_t>(1, (top / o->ratio_floor).ceil())};
      }
    }
  }
  const IntRange base = base_roll_range(*bt.dice);
  const IntRange net = net_modifier_range(spec, bt);
  return {base.lo + net.lo, base.hi + net.hi};
}

OutsideKeys outside_keys(const Spec& spec, const BandTable& bt) {
  OutsideKeys out;
  if (!bt.dice) return out;
  const IntRange keys = reachable_keys(spec, bt);
  if (bt.min) {
    const std::int64_t first =
        bt.min->is_integer() ? bt.min->floor() : bt.min->floor() + 1;  // the least whole key in range
    if (keys.lo < first) out.below = {keys.lo, std::min(keys.hi, first - 1)};
  }
  if (bt.max) {
    const std::int64_t last = bt.max->floor();
    if (keys.hi > last) out.above = {std::max(keys.lo, last + 1), keys.hi};
  }
  return out;
}

}  // namespace qrsc
