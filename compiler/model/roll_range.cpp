#include "roll_range.hpp"

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

std::string roll_notation(const DiceRoll& d) {
  std::string s = (d.count == 1 ? "" : std::to_string(d.count)) + "d" + std::to_string(d.sides);
  if (d.difference) s += " each side, the difference of the modified results";
  if (!d.pool.empty()) s += " symbol dice, each read alone (as many as " + d.pool + " gives)";
  return s;
}

IntRange base_roll_range(const DiceRoll& d) {
  const std::int64_t n = d.pool.empty() ? d.count : 1;
  const std::int64_t top = n * d.sides;
  if (d.difference) return {n - top, top - n};
  return {n, top};
}

IntRange net_modifier_range(const Spec& spec, const BandTable& bt) {
  IntRange net;
  if (!bt.dice) return net;
  const auto widen = [&](std::int64_t lo, std::int64_t hi) {
    net.lo += lo;
    net.hi += hi;
  };
  for (const auto& id : bt.dice->modifiers) {
    const Table* t = spec.table(id);
    if (!t) continue;
    if (const auto* mt = std::get_if<ModifierTable>(&t->body)) {
      std::vector<IntRange> groups(mt->groups.size());  // each starts at {0, 0}: no member applies
      for (const auto& m : mt->items) {
        if (!m.value) continue;
        const std::int64_t v = *m.value;
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

IntRange reachable_keys(const Spec& spec, const BandTable& bt) {
  if (!bt.dice) return {1, 0};
  const IntRange base = base_roll_range(*bt.dice);
  const IntRange net = net_modifier_range(spec, bt);
  return {base.lo + net.lo, base.hi + net.hi};
}

OutsideKeys outside_keys(const Spec& spec, const BandTable& bt) {
  OutsideKeys out;
  if (!bt.dice) return out;
  const IntRange keys = reachable_keys(spec, bt);
  if (bt.min) {
    const std::int64_t first = bt.min->is_integer() ? bt.min->floor() : bt.min->floor() + 1;  // the least whole key in range
    if (keys.lo < first) out.below = {keys.lo, std::min(keys.hi, first - 1)};
  }
  if (bt.max) {
    const std::int64_t last = bt.max->floor();
    if (keys.hi > last) out.above = {std::max(keys.lo, last + 1), keys.hi};
  }
  return out;
}

}  // namespace qrsc
