// Bands of a die result (or of fire points) and the lookups generated tables use.
#pragma once

#include <cstddef>
#include <cstdint>

#include "qrs/fraction.hpp"
#include "qrs/maybe.hpp"
#include "qrs/view.hpp"

namespace qrs {

// An interval of keys, [lo, hi) unless an edge says otherwise; an absent bound is open-ended.
// Integer bands "3 - 7" are stored as [3, 8) so that one representation serves die results and
// fire points. A fraction key's exact comparisons ("more than 1", "at most 2", "equal": [1, 1])
// exclude the lower edge (`lo_open`) or include the upper one (`hi_closed`).
struct Band {
  bool present = false;  // false: the row does not occur in this column ("-")
  bool has_lo = false;
  bool has_hi = false;
  Fraction lo{};
  Fraction hi{};
  bool lo_open = false;    // lo itself is not in the band ("more than lo")
  bool hi_closed = false;  // hi itself is in the band ("at most hi")

  [[nodiscard]] constexpr bool admits_from_below(Fraction key) const {
    return !has_lo || lo < key || (!lo_open && lo == key);
  }
  [[nodiscard]] constexpr bool contains(Fraction key) const {
    return present && admits_from_below(key) && (!has_hi || key < hi || (hi_closed && key == hi));
  }
  // True when an edge is an exact comparison: the band's keys are not a run of k/scale slots.
  [[nodiscard]] constexpr bool exact_edges() const { return lo_open || hi_closed; }
};

// A cut between keys: just below `at`, or just above it (`after`). A band runs from its lower
// cut to its upper cut, so bands meet without gap or overlap exactly where their cuts are equal.
struct Cut {
  Fraction at{};
  bool after = false;
  friend constexpr bool operator==(Cut a, Cut b) { return a.at == b.at && a.after == b.after; }
  friend constexpr bool operator<(Cut a, Cut b) { return a.at < b.at || (a.at == b.at && !a.after && b.after); }
};
constexpr Cut lower_cut(const Band& b) { return {b.lo, b.lo_open}; }
constexpr Cut upper_cut(const Band& b) { return {b.hi, b.hi_closed}; }

// True when two bands hold the same keys (both absent, or the same edges).
constexpr bool same_keys(const Band& a, const Band& b) {
  if (!a.present || !b.present) return a.present == b.present;
  return a.has_lo == b.has_lo && a.has_hi == b.has_hi && (!a.has_lo || lower_cut(a) == lower_cut(b)) &&
         (!a.has_hi || upper_cut(a) == upper_cut(b));
}

constexpr Band band_between(Fraction lo, Fraction hi) { return {true, true, true, lo, hi}; }
constexpr Band band_from(Fraction lo) { return {true, true, false, lo, {}}; }
constexpr Band band_below(Fraction hi) { return {true, false, true, {}, hi}; }
constexpr Band band_none() { return {}; }
// Exact comparisons of a fraction key: (lo, hi), [lo, hi], (lo, ...), (..., hi].
constexpr Band band_exact(bool has_lo, Fraction lo, bool lo_open, bool has_hi, Fraction hi, bool hi_closed) {
  return {true, has_lo, has_hi, lo, hi, lo_open, hi_closed};
}

inline constexpr std::size_t npos = static_cast<std::size_t>(-1);

// Orders bands by lower edge, an open lower end ("-2 or less") first.
constexpr bool starts_before(const Band& a, const Band& b) {
  if (!a.has_lo) return b.has_lo;
  return b.has_lo && lower_cut(a) < lower_cut(b);
}

// Index of the band containing key, or npos.
constexpr std::size_t find_band(View<Band> bands, Fraction key) {
  for (std::size_t i = 0; i < bands.size(); ++i) {
    if (bands[i].contains(key)) return i;
  }
  return npos;
}

// Dice read as the digits of one number (a d66: two dice of six faces, 11 to 66): the numbers
// they write are those whose every digit is a face. `count` 0: dice that are summed, which
// write every number of their range.
struct DigitDice {
  int count = 0;
  int faces = 0;

  [[nodiscard]] constexpr std::int64_t repeated(int digit) const {
    std::int64_t n = 0;
    for (int i = 0; i < count; ++i) n = n * 10 + digit;
    return n;
  }
  [[nodiscard]] constexpr bool writes(std::int64_t key) const {
    if (key < repeated(1) || key > repeated(faces)) return false;
    for (int i = 0; i < count; ++i, key /= 10) {
      if (key % 10 < 1 || key % 10 > faces) return false;
    }
    return true;
  }
  // Whether the keys between two cuts (a gap between two bands) hold no number the dice write:
  // a d66 table's "11 - 16" and "21 - 26" leave 17 to 20, which no throw reads.
  [[nodiscard]] constexpr bool unwritten_between(Cut from, Cut to) const {
    if (count == 0 || !(from < to)) return false;
    std::int64_t k = from.at.ceil();
    if (from.after && from.at.is_integer()) ++k;
    for (; Cut{Fraction(k), false} < to && k <= repeated(faces); ++k) {
      if (writes(k)) return false;
    }
    return true;
  }
};

// True when `order` (row indices, lowest band first: qrsc sorts each column's present bands
// when it writes the header) lists every present band exactly once, in key order, and every
// key in the domain [min, max] (open where absent) falls in exactly one band, but for the keys
// `unread` holds (a tie nothing comes of) and those `digits` do not write. Linear in the
// rows: each band must start where the one before it ends and the lower edges must rise, so
// rows are told apart without a table of the rows seen. Only an empty band [x, x) ties with
// the band after it; qrsc puts the empty bands at x first, in row order, so a row listed twice
// breaks the order. Plain pointers and two passes: every generated header evaluates it at
// compile time.
constexpr bool covers_in_order(View<Band> column, View<std::uint16_t> key_order, Maybe<Fraction> min,
                               Maybe<Fraction> max_inclusive, Maybe<Band> unread = {}, DigitDice digits = {}) {
  // The keys no band need hold (an opposed roll's tie that nothing comes of): a gap exactly there.
  const auto unread_between = [&unread](Cut from, Cut to) {
    return unread && from == lower_cut(*unread) && upper_cut(*unread) == to;
  };
  const Band* const bands = column.data();
  const std::uint16_t* const order = key_order.data();
  const std::size_t rows = column.size(), count = key_order.size();
  std::size_t present = 0;
  for (std::size_t r = 0; r < rows; ++r) present += bands[r].present ? 1 : 0;
  if (count != present || count == 0) return false;
  for (std::size_t k = 0; k < count; ++k) {
    if (order[k] >= rows || !bands[order[k]].present) return false;
    const Band& a = bands[order[k]];
    if (k == 0 && a.has_lo && (!min || Cut{*min, false} < lower_cut(a)) &&
        !(min && unread_between({*min, false}, lower_cut(a)))) {
      return false;
    }  // the lowest band reaches the domain's start
    if (k + 1 == count)
      return !(a.has_hi && (!max_inclusive || upper_cut(a) < Cut{*max_inclusive, true}));  // and the highest its end
    if (order[k + 1] >= rows) return false;
    const Band& b = bands[order[k + 1]];
    if (!a.has_hi || !b.has_lo) return false;
    if (!(upper_cut(a) == lower_cut(b)) && !unread_between(upper_cut(a), lower_cut(b)) &&
        !digits.unwritten_between(upper_cut(a), lower_cut(b))) {
      return false;  // overlap, gap or out of order
    }
    const bool tie_in_row_order =
        lower_cut(a) == lower_cut(b) && (!b.has_hi || !(upper_cut(b) == lower_cut(b)) || order[k] < order[k + 1]);
    if (a.has_lo && !(lower_cut(a) < lower_cut(b) || tie_in_row_order)) return false;  // upside down, or a row twice
  }
  return false;
}

// Index of the band containing key, or npos: a binary search over the bands in key order.
constexpr std::size_t find_in_order(View<Band> bands, View<std::uint16_t> order, Fraction key) {
  // The first band in order whose lower edge is above the key; the one before it may hold it.
  std::size_t lo = 0, hi = order.size();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    const Band& b = bands[order[mid]];
    if (b.admits_from_below(key)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo == 0) return npos;
  const std::size_t r = order[lo - 1];
  return bands[r].contains(key) ? r : npos;
}

// The range column a distance falls in, given each column's range in inches, shortest first:
// the first column whose range reaches the distance (a value sits under the greatest range
// it reaches); npos for a negative distance or one beyond the last range. A matrix's
// column_for in a generated header, and `qrsc lookup --column 6in`, answer with it.
constexpr std::size_t range_column(View<Fraction> ranges, Fraction distance) {
  if (distance < Fraction(0)) return npos;
  for (std::size_t i = 0; i < ranges.size(); ++i) {
    if (distance <= ranges[i]) return i;
  }
  return npos;
}

// O(1) lookup for integer die results: the row index for each key in [lo, lo + span), clamped
// at both ends (open-ended bands cover everything beyond the table's edges), one run of `span`
// slots per column. A row is kept in a byte up to 254 rows, else in 16 bits; the largest value
// means "no row". qrsc computes the slots (qrs/band_build.hpp) and writes them as literal data:
// building them in the header would cost a template and a constant expression per table in
// every translation unit that includes it.
template <class Row>
struct DenseIndex {
  static constexpr Row kNoRow = static_cast<Row>(-1);
  int lo = 0;
  int span = 1;
  const Row* slots = nullptr;  // column c's at slots[c * span]

  [[nodiscard]] constexpr std::size_t operator()(int key, std::size_t column = 0) const {
    const int clamped = key < lo ? lo : (key >= lo + span ? lo + span - 1 : key);
    const Row r = slots[column * static_cast<std::size_t>(span) + static_cast<std::size_t>(clamped - lo)];
    return r == kNoRow ? npos : r;
  }

  // A fractional key (fire points) on a table whose band edges are all multiples of 1/Scale:
  // no edge lies strictly between k/Scale and (k+1)/Scale, so floor(key * Scale) picks the
  // same band as the key itself. One division; keys far beyond the index are clamped before
  // any product is taken.
  template <std::int64_t Scale>
  [[nodiscard]] constexpr std::size_t at(Fraction key, std::size_t column = 0) const {
    static_assert(Scale > 0);
    // Fire points come in halves and quarters: a power-of-two denominator floors by a shift
    // (arithmetic in C++20), the rare other one by a division.
    const std::int64_t den = key.den();
    const bool pow2 = (den & (den - 1)) == 0;
    const int shift = __builtin_ctzll(static_cast<unsigned long long>(den));  // std::countr_zero without <bit>
    const std::int64_t whole = pow2 ? key.num() >> shift : key.floor();
    if (whole < lo / Scale - 1) return (*this)(lo, column);
    if (whole > (lo + static_cast<std::int64_t>(span)) / Scale + 1) return (*this)(lo + span - 1, column);
    if constexpr (Scale == 1) {
      return (*this)(static_cast<int>(whole), column);
    } else {
      const std::int64_t rest = key.num() - whole * den;  // 0 <= rest < den
      return (*this)(static_cast<int>(whole * Scale + (pow2 ? (rest * Scale) >> shift : rest * Scale / den)), column);
    }
  }
};

}  // namespace qrs
