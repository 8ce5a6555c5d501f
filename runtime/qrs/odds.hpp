// Exact odds of dice as the specs state them (qrs/dice.hpp): the distribution of a roll, the
// probability of each row of a band table at a net modifier, and for symbol dice the count of
// a symbol among N dice and the comparison of two such counts. Exact fractions, constexpr;
// the compiler (`qrsc odds`) and game software (an AI asking "how likely is Swept from the
// Field at +2?") use this one implementation.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "qrs/band.hpp"
#include "qrs/dice.hpp"
#include "qrs/fraction.hpp"
#include "qrs/key_domain.hpp"

namespace qrs::odds {

// Enough outcomes for the difference of two 2d100 rolls, or the count among 255 dice.
inline constexpr int kMaxOutcomes = 512;
// Counts are exact 64-bit integers over sides^dice outcomes; comparing two symbol pools
// multiplies their totals, so each pool stays within 12 six-sided dice (6^24 < 2^63).
inline constexpr int kMaxSymbolDice = 12;

// The equally likely throws of `dice` dice of `sides` faces multiplied into `total`
// (total x sides^dice), or 0 when that passes 2^63 - 1: the counts would not be exact.
[[nodiscard]] constexpr std::int64_t times_throws(std::int64_t total, int dice, int sides) {
  if (total < 1 || dice < 0 || sides < 1) return 0;
  for (int i = 0; i < dice; ++i) {
    if (__builtin_mul_overflow(total, std::int64_t{sides}, &total)) return 0;
  }
  return total;
}

// Whether this file gives a roll's exact odds: its key takes at most kMaxOutcomes values and
// its throws (sides^dice, both sides' for a difference) count in 64 bits. 16d20 and 10d100
// do not; qrsc check refuses such a roll (docs/spec-format.md#limits).
[[nodiscard]] constexpr bool exact(const Roll& r) {
  if (r.count < 1 || r.sides < 1 || r.sides > kMaxOutcomes) return false;
  // Digits: at most 9 faces (one digit each) and every number from the lowest to the highest.
  if (r.digits) return r.sides <= 9 && r.count <= 3 && r.highest() - r.lowest() < kMaxOutcomes;
  const std::int64_t side_keys = std::int64_t{r.dice_per_side()} * (r.sides - 1) + 1;
  const std::int64_t keys = r.difference ? 2 * side_keys - 1 : side_keys;
  return keys <= kMaxOutcomes && times_throws(1, r.dice_per_key(), r.sides) != 0;
}

// The same for two sides rolled against each other (qrs/opposed.hpp): each side's base roll
// exact, and their throws multiplied still in 64 bits.
[[nodiscard]] constexpr bool exact(const Roll& a, const Roll& b) {
  const Roll one_a{a.count, a.sides, false, a.pool}, one_b{b.count, b.sides, false, b.pool};
  return exact(one_a) && exact(one_b) &&
         times_throws(times_throws(1, a.dice_per_side(), a.sides), b.dice_per_side(), b.sides) != 0;
}

// Integer outcomes lo .. lo+size-1, each with the number of equally likely ways to get it
// out of `total`. An empty distribution (size 0) stands for a symbol count beyond
// kMaxSymbolDice; a sum beyond the limits is refused like a Fraction overflow (a compile
// error in a constant expression, qrs::FractionOverflow at run time), never a wrong count.
struct Distribution {
  int lo = 0;
  int size = 0;
  std::int64_t total = 1;
  std::array<std::int64_t, kMaxOutcomes> ways{};

  [[nodiscard]] constexpr int hi() const { return lo + size - 1; }
  [[nodiscard]] constexpr std::int64_t ways_of(int v) const {
    return v < lo || v > hi() ? 0 : ways[static_cast<std::size_t>(v - lo)];
  }
  [[nodiscard]] constexpr Fraction p(int v) const { return {ways_of(v), total}; }
  [[nodiscard]] constexpr Fraction at_least(int v) const {
    std::int64_t n = 0;
    for (int k = v < lo ? lo : v; k <= hi(); ++k) n += ways_of(k);
    return {n, total};
  }
  [[nodiscard]] constexpr Fraction at_most(int v) const {
    std::int64_t n = 0;
    for (int k = lo; k <= v && k <= hi(); ++k) n += ways_of(k);
    return {n, total};
  }
};

// One die of `sides` faces, 1..sides.
[[nodiscard]] constexpr Distribution die(int sides) {
  Distribution d;
  if (sides < 1 || sides > kMaxOutcomes) detail::fraction_overflow();
  d.lo = 1;
  d.size = sides;
  d.total = sides;
  for (int i = 0; i < sides; ++i) d.ways[static_cast<std::size_t>(i)] = 1;
  return d;
}

// The sum of two independent rolls (a - b when `subtract`).
[[nodiscard]] constexpr Distribution combine(const Distribution& a, const Distribution& b, bool subtract = false) {
  Distribution d;
  if (a.size == 0 || b.size == 0 || a.size + b.size - 1 > kMaxOutcomes) detail::fraction_overflow();
  d.lo = subtract ? a.lo - b.hi() : a.lo + b.lo;
  d.size = a.size + b.size - 1;
  // Every count below is at most the total, so one checked product guards them all.
  d.total = detail::checked_mul(a.total, b.total);
  for (int i = 0; i < a.size; ++i) {
    for (int j = 0; j < b.size; ++j) {
      const int v = subtract ? (a.lo + i) - (b.lo + j) : (a.lo + i) + (b.lo + j);
      d.ways[static_cast<std::size_t>(v - d.lo)] +=
          a.ways[static_cast<std::size_t>(i)] * b.ways[static_cast<std::size_t>(j)];
    }
  }
  return d;
}

// The base roll of one side: `count` dice summed (a symbol pool's single die when `pool`), or
// read as digits: each number the dice can write one way, the numbers between them none.
[[nodiscard]] constexpr Distribution base_roll(const Roll& r) {
  if (r.digits) {
    if (!exact(r)) detail::fraction_overflow();
    Distribution d;
    d.lo = r.lowest();
    d.size = r.highest() - r.lowest() + 1;
    d.total = times_throws(1, r.count, r.sides);
    for (int i = 0; i < d.size; ++i) d.ways[static_cast<std::size_t>(i)] = r.shows(d.lo + i) ? 1 : 0;
    return d;
  }
  Distribution d = die(r.sides);
  for (int i = 1; i < r.dice_per_side(); ++i) d = combine(d, die(r.sides));
  return d;
}

// The key before modifiers: the base roll, or for a difference roll the first side's base
// roll less the second's (the sides' modifiers then add up to one net modifier).
[[nodiscard]] constexpr Distribution key_roll(const Roll& r) {
  const Distribution b = base_roll(r);
  return r.difference ? combine(b, b, true) : b;
}

// The probability that each row's band (one column of a band table) reads the key plus the
// net modifier, each result read through the key's domain (qrs/key_domain.hpp): past an end of
// the range it counts for the end row under `clamp` and for no row otherwise; under `reroll`
// the results past an end are rolled again, so the rows share out their odds in proportion.
// Returns the share no row reads (the results past the range under `no_effect`, and any key no
// band covers), so that the rows and it add up to exactly 1. Rows absent from the column get
// nothing. `bands` and `odds` are any indexable ranges of the same size (a qrs::View of a
// generated table's bands and a std::array, std::vector in the compiler).
template <class Bands, class Odds>
constexpr Fraction fill_row_odds(const Bands& bands, const KeyDomain& domain, const Distribution& key, int net_modifier,
                                 Odds& odds) {
  // The row each result is read in, or npos; in 64 bits, a key of a few hundred outcomes plus
  // any int modifier cannot overflow.
  const auto row_of = [&](int i) {
    const Maybe<Fraction> k = domain.read(Fraction(std::int64_t{key.lo} + i + net_modifier));
    if (!k) return npos;
    for (std::size_t r = 0; r < bands.size(); ++r) {
      if (bands[r].contains(*k)) return r;
    }
    return npos;
  };
  // Each row's ways first, as whole numbers; then over the outcomes that end the roll.
  for (std::size_t r = 0; r < bands.size(); ++r) odds[r] = Fraction(0);
  std::int64_t read = 0, past = 0;  // the ways a row reads; the ways past the range, rolled again
  for (int i = 0; i < key.size; ++i) {
    const std::int64_t w = key.ways[static_cast<std::size_t>(i)];
    if (const std::size_t r = row_of(i); r != npos) {
      odds[r] = Fraction(odds[r].num() + w);
      read += w;
    } else if (domain.outside == Outside::reroll &&
               !domain.contains(Fraction(std::int64_t{key.lo} + i + net_modifier))) {
      past += w;
    }
  }
  // Rolled again until a row reads it: each row's share of what is read otherwise. When nothing
  // else is read the roll never ends, and the odds say so (everything is read by no row).
  const std::int64_t over = past > 0 && read > 0 ? key.total - past : key.total;
  for (std::size_t r = 0; r < bands.size(); ++r) odds[r] = Fraction(odds[r].num(), over);
  return Fraction(over - read, over);
}

template <std::size_t N>
[[nodiscard]] constexpr std::array<Fraction, N> row_odds(const std::array<Band, N>& bands, const KeyDomain& domain,
                                                         const Distribution& key, int net_modifier) {
  std::array<Fraction, N> p{};
  fill_row_odds(bands, domain, key, net_modifier, p);
  return p;
}

// The probability that the base roll alone falls in a band ("on a base die result of 10").
[[nodiscard]] constexpr Fraction base_odds(const Band& band, const Distribution& base) {
  std::int64_t n = 0;
  for (int i = 0; i < base.size; ++i) {
    if (band.contains(Fraction(base.lo + i))) n += base.ways[static_cast<std::size_t>(i)];
  }
  return {n, base.total};
}

// How many faces of a die with `sides` faces fall in a band (a symbol's faces: "1, 2").
[[nodiscard]] constexpr int faces_in(const Band& band, int sides) {
  int n = 0;
  for (int f = 1; f <= sides; ++f) n += band.contains(Fraction(f)) ? 1 : 0;
  return n;
}

// The number of dice showing a symbol among `dice` dice with `sides` faces, `faces` of which
// show the symbol: counts 0..dice, binomial, exact. Empty past kMaxSymbolDice; past 64 bits of
// throws (10 d100) refused like a Fraction overflow, never a wrong count.
[[nodiscard]] constexpr Distribution symbol_count(int dice, int faces, int sides) {
  Distribution d;
  if (dice < 0 || dice > kMaxSymbolDice || faces < 0 || faces > sides || sides < 1) return d;
  d.lo = 0;
  d.size = dice + 1;
  d.total = 1;
  d.ways[0] = 1;
  // Past 64 bits of throws the counts would not be exact: refused, never wrong.
  if (times_throws(1, dice, sides) == 0) detail::fraction_overflow();
  // Add one die at a time: it shows the symbol in `faces` ways, anything else in the rest.
  for (int n = 1; n <= dice; ++n) {
    for (int k = n; k >= 0; --k) {
      const std::int64_t with = k > 0 ? d.ways[static_cast<std::size_t>(k - 1)] * faces : 0;
      const std::int64_t without = k < n ? d.ways[static_cast<std::size_t>(k)] * (sides - faces) : 0;
      d.ways[static_cast<std::size_t>(k)] = with + without;
    }
    d.total *= sides;
  }
  return d;
}

// Who rolls more: the probability that a's count beats b's, ties it, or falls short.
struct Comparison {
  Fraction more{};
  Fraction equal{};
  Fraction fewer{};
};

[[nodiscard]] constexpr Comparison compare(const Distribution& a, const Distribution& b) {
  const std::int64_t total = detail::checked_mul(a.total, b.total);  // every product below is at most this
  std::int64_t more = 0, equal = 0, fewer = 0;
  for (int i = 0; i < a.size; ++i) {
    for (int j = 0; j < b.size; ++j) {
      const std::int64_t w = a.ways[static_cast<std::size_t>(i)] * b.ways[static_cast<std::size_t>(j)];
      const int va = a.lo + i, vb = b.lo + j;
      (va > vb ? more : va == vb ? equal : fewer) += w;
    }
  }
  return {Fraction(more, total), Fraction(equal, total), Fraction(fewer, total)};
}

}  // namespace qrs::odds
