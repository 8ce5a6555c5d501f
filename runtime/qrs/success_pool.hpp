// Dice pools read against a target number (spec `key.dice.target`): each die whose score, its
// face plus the net modifier, reaches the target is a success, and the number of successes is
// the table's key. Faces may be thrown again once (`reroll`) or add a die (`explode`), and a
// second pool may be thrown with one die per success of a first (`per_success_of`: hits, then
// saves that count the dice that fail). Exact fractions, constexpr; `qrsc odds`, the printed
// sheet and game software read one implementation.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "qrs/band.hpp"
#include "qrs/fraction.hpp"
#include "qrs/key_domain.hpp"
#include "qrs/odds.hpp"

namespace qrs {

// One die of a pool and how it is read.
struct SuccessDie {
  int sides = 6;
  int target = 4;               // a score (face + net modifier) of target or more succeeds
  Band reroll{};                // natural faces thrown again, once: the second throw stands
  Band explode{};               // natural faces that succeed whatever the modifier and add a die
  bool count_failures = false;  // the key counts the dice that fail (saves: the hits not saved)

  [[nodiscard]] constexpr bool explodes() const { return explode.present; }
  // Whether a die showing `face` counts towards the key at a net modifier.
  [[nodiscard]] constexpr bool counts(int face, int modifier) const {
    if (explode.contains(Fraction(face))) return true;
    const bool success = face + modifier >= target;
    return success != count_failures;
  }
};

namespace odds {

// The most counts a distribution holds: 0 .. kMaxCounts - 1, then "that many or more".
inline constexpr int kMaxCounts = 128;

// How many dice count, 0 .. size - 1 exactly, and `beyond`: size or more (only exploding dice
// reach past every die once). The chances add up to exactly 1.
struct SuccessCounts {
  int size = 0;
  std::array<Fraction, kMaxCounts> exactly{};
  Fraction beyond{};

  [[nodiscard]] constexpr Fraction p(int k) const {
    return k < 0 || k >= size ? Fraction(0) : exactly[static_cast<std::size_t>(k)];
  }
  // The chance of k or more (k at most size: past it the counts are not told apart).
  [[nodiscard]] constexpr Fraction at_least(int k) const {
    Fraction sum = beyond;
    for (int j = k < 0 ? 0 : k; j < size; ++j) sum += exactly[static_cast<std::size_t>(j)];
    return sum;
  }
};

// The counts shown for `dice` dice: every count of dice that do not explode (0 .. dice); for
// exploding dice, up to twice the dice or `reach` (a table's highest band edge), whichever is
// more, and then "more".
[[nodiscard]] constexpr int counts_shown(const SuccessDie& die, int dice, int reach = 0) {
  if (!die.explodes()) return dice + 1;
  const int twice = 2 * dice;
  return (twice > reach ? twice : reach) + 1;
}

namespace counting {

[[nodiscard]] constexpr SuccessCounts none_counted(int size) {
  SuccessCounts c;
  c.size = size;
  c.exactly[0] = Fraction(1);
  return c;
}

// One die's count at a net modifier, 0 .. size - 1 and beyond: its first throw (thrown again
// once on a `reroll` face), and for each exploding face one more die, thrown as a fresh die.
[[nodiscard]] constexpr SuccessCounts one_die(const SuccessDie& die, int modifier, int size) {
  const Fraction throw_p(1, die.sides);
  // A fresh die (an explosion's) first: fresh[k] = P(it and the dice it adds count k).
  std::array<Fraction, kMaxCounts> fresh{};
  Fraction explode_p(0);
  Fraction counted_p(0), uncounted_p(0);  // faces that count, that do not (neither exploding)
  for (int f = 1; f <= die.sides; ++f) {
    if (die.explode.contains(Fraction(f))) {
      explode_p += throw_p;
    } else {
      (die.counts(f, modifier) ? counted_p : uncounted_p) += throw_p;
    }
  }
  for (int k = 0; k < size; ++k) {
    Fraction p = k == 0 ? uncounted_p : k == 1 ? counted_p : Fraction(0);
    if (k >= 1) p += explode_p * fresh[static_cast<std::size_t>(k - 1)];
    fresh[static_cast<std::size_t>(k)] = p;
  }
  // The first die: face f shows with q(f), thrown again when the first throw was a reroll face.
  SuccessCounts c;
  c.size = size;
  const Fraction again = Fraction(faces_in(die.reroll, die.sides), die.sides) * throw_p;
  Fraction sum(0);
  for (int f = 1; f <= die.sides; ++f) {
    const Fraction q = (die.reroll.contains(Fraction(f)) ? Fraction(0) : throw_p) + again;
    if (die.explode.contains(Fraction(f))) {
      for (int k = 1; k < size; ++k)
        c.exactly[static_cast<std::size_t>(k)] += q * fresh[static_cast<std::size_t>(k - 1)];
    } else {
      const int k = die.counts(f, modifier) ? 1 : 0;
      if (k < size) c.exactly[static_cast<std::size_t>(k)] += q;
    }
  }
  for (int k = 0; k < size; ++k) sum += c.exactly[static_cast<std::size_t>(k)];
  c.beyond = Fraction(1) - sum;
  return c;
}

// The counts of two independent pools added, cut at `size` (what passes it is `beyond`).
[[nodiscard]] constexpr SuccessCounts add(const SuccessCounts& a, const SuccessCounts& b, int size) {
  SuccessCounts c;
  c.size = size;
  Fraction sum(0);
  for (int i = 0; i < a.size && i < size; ++i) {
    for (int j = 0; j < b.size && i + j < size; ++j) {
      c.exactly[static_cast<std::size_t>(i + j)] +=
          a.exactly[static_cast<std::size_t>(i)] * b.exactly[static_cast<std::size_t>(j)];
    }
  }
  for (int k = 0; k < size; ++k) sum += c.exactly[static_cast<std::size_t>(k)];
  c.beyond = Fraction(1) - sum;
  return c;
}

}  // namespace counting

// How many of `dice` dice count at a net modifier, 0 .. size - 1 exactly and `beyond`
// (size is counts_shown(die, dice) unless given). No dice: always 0. A size past kMaxCounts,
// or counts past 64 bits, are refused like a Fraction overflow (a compile error in a constant
// expression, qrs::FractionOverflow at run time), never a wrong count.
[[nodiscard]] constexpr SuccessCounts successes(const SuccessDie& die, int dice, int modifier, int size = 0) {
  if (size <= 0) size = counts_shown(die, dice < 0 ? 0 : dice);
  if (size > kMaxCounts || die.sides < 1) qrs::detail::fraction_overflow();
  SuccessCounts c = counting::none_counted(size);
  if (dice <= 0) return c;
  const SuccessCounts one = counting::one_die(die, modifier, size);
  for (int i = 0; i < dice; ++i) c = counting::add(c, one, size);
  return c;
}

// A chain: `dice` dice of `first` at its net modifier, then one die of `second` for each die
// of the first that counted, at the second's net modifier; the counts of the second. The
// first must not explode (its counts would have no end to sum over).
[[nodiscard]] constexpr SuccessCounts chained(const SuccessDie& first, int dice, int first_modifier,
                                              const SuccessDie& second, int modifier, int size = 0) {
  if (first.explodes()) qrs::detail::fraction_overflow();
  const SuccessCounts hits = successes(first, dice, first_modifier);
  if (size <= 0) size = counts_shown(second, hits.size - 1);
  if (size > kMaxCounts || second.sides < 1) qrs::detail::fraction_overflow();
  SuccessCounts c;
  c.size = size;
  // The second roll's counts for h dice, from h - 1 dice and one more: each hit adds a die.
  const SuccessCounts one = counting::one_die(second, modifier, size);
  SuccessCounts then = counting::none_counted(size);
  for (int h = 0; h < hits.size; ++h) {
    if (h > 0) then = counting::add(then, one, size);
    const Fraction weight = hits.exactly[static_cast<std::size_t>(h)];
    for (int k = 0; k < size; ++k)
      c.exactly[static_cast<std::size_t>(k)] += weight * then.exactly[static_cast<std::size_t>(k)];
    c.beyond += weight * then.beyond;
  }
  return c;
}

// The probability of each row of a band table (one column) whose key is the count, each count
// read through the key's domain as the table's lookup reads it; `beyond` is read at `size`
// (the counts shown reach past every band's edge, so every count past them reads alike).
// Returns the share no row reads, so that the rows and it add up to exactly 1.
template <class Bands, class Odds>
constexpr Fraction fill_count_odds(const Bands& bands, const KeyDomain& domain, const SuccessCounts& counts,
                                   Odds& odds) {
  for (std::size_t r = 0; r < bands.size(); ++r) odds[r] = Fraction(0);
  Fraction unread(0);
  for (int k = 0; k <= counts.size; ++k) {
    const Fraction p = k < counts.size ? counts.exactly[static_cast<std::size_t>(k)] : counts.beyond;
    const Maybe<Fraction> key = domain.read(Fraction(k));
    std::size_t row = npos;
    for (std::size_t r = 0; key && r < bands.size() && row == npos; ++r) row = bands[r].contains(*key) ? r : npos;
    if (row == npos) {
      unread += p;
    } else {
      odds[row] += p;
    }
  }
  return unread;
}

// The highest count a column's bands or the key's range tell apart from the next: counts past
// it all read alike, so they may be summed.
template <class Bands>
[[nodiscard]] constexpr int count_reach(const Bands& bands, const KeyDomain& domain) {
  std::int64_t reach = domain.has_max ? domain.max.ceil() : 0;
  for (std::size_t r = 0; r < bands.size(); ++r) {
    const Band& b = bands[r];
    if (b.has_lo && b.lo.ceil() > reach) reach = b.lo.ceil();
    // The first count past the band ([lo, hi), or [lo, hi] when hi_closed).
    const std::int64_t after = b.hi_closed ? b.hi.floor() + 1 : b.hi.ceil();
    if (b.has_hi && after > reach) reach = after;
  }
  return reach > kMaxCounts ? kMaxCounts : static_cast<int>(reach);
}

}  // namespace odds

// A rolled table whose key counts successes (a generated Table with kSuccess): how many of
// `dice` dice count at a net modifier, showing every count the column's bands tell apart.
template <class Table>
[[nodiscard]] constexpr odds::SuccessCounts success_odds(int dice, int modifier, typename Table::Column column = {}) {
  static_assert(Table::kPerSuccessOf.empty(), "a chain's odds are qrs::chain_odds<Table, First>");
  const int reach = odds::count_reach(Table::kBands[static_cast<std::size_t>(column)], Table::kDomain);
  return odds::successes(Table::kSuccess, dice, modifier, odds::counts_shown(Table::kSuccess, dice, reach));
}

// A chain (a Table thrown per success of First): `dice` dice of First at first_modifier, then
// one die of Table for each that counted, at `modifier`; how many of those count.
template <class Table, class First>
[[nodiscard]] constexpr odds::SuccessCounts chain_odds(int dice, int first_modifier, int modifier,
                                                       typename Table::Column column = {}) {
  static_assert(Table::kPerSuccessOf == First::kId, "First is the table whose successes Table throws for");
  const int reach = odds::count_reach(Table::kBands[static_cast<std::size_t>(column)], Table::kDomain);
  return odds::chained(First::kSuccess, dice, first_modifier, Table::kSuccess, modifier,
                       odds::counts_shown(Table::kSuccess, dice, reach));
}

// The probability of each row of a success table (one column) from its counts; with the share
// no row reads (returned by odds::fill_count_odds) they add up to exactly 1.
template <class Table>
[[nodiscard]] constexpr std::array<Fraction, Table::kRows.size()> count_row_odds(const odds::SuccessCounts& counts,
                                                                                 typename Table::Column column = {}) {
  std::array<Fraction, Table::kRows.size()> p{};
  odds::fill_count_odds(Table::kBands[static_cast<std::size_t>(column)], Table::kDomain, counts, p);
  return p;
}

}  // namespace qrs
