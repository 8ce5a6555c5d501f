// Bands of a die result (or of fire points) and the lookups generated tables use.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <utility>

#include "qrs/fraction.hpp"

namespace qrs {

// A half-open interval [lo, hi) of keys; an absent bound is open-ended. Integer bands
// "3 - 7" are stored as [3, 8) so that one representation serves die results and fire points.
struct Band {
  bool present = false;  // false: the row does not occur in this column ("-")
  bool has_lo = false;
  bool has_hi = false;
  Fraction lo{};
  Fraction hi{};

  [[nodiscard]] constexpr bool contains(Fraction key) const {
    return present && (!has_lo || lo <= key) && (!has_hi || key < hi);
  }
};

constexpr Band band_between(Fraction lo, Fraction hi) { return {true, true, true, lo, hi}; }
constexpr Band band_from(Fraction lo) { return {true, true, false, lo, {}}; }
constexpr Band band_below(Fraction hi) { return {true, false, true, {}, hi}; }
constexpr Band band_none() { return {}; }

inline constexpr std::size_t npos = static_cast<std::size_t>(-1);

// Orders bands by lower edge, an open lower end ("-2 or less") first.
constexpr bool starts_before(const Band& a, const Band& b) {
  if (!a.has_lo) return b.has_lo;
  return b.has_lo && a.lo < b.lo;
}

// Index of the band containing key, or npos.
template <std::size_t N>
constexpr std::size_t find_band(const std::array<Band, N>& bands, Fraction key) {
  for (std::size_t i = 0; i < N; ++i) {
    if (bands[i].contains(key)) return i;
  }
  return npos;
}

// True when every key in the domain [min, max] (open where absent) falls in exactly one
// band. Checked on the sorted band edges, so it holds for every integer and every fraction.
template <std::size_t N>
constexpr bool covers_exactly_once(const std::array<Band, N>& bands, std::optional<Fraction> min,
                                   std::optional<Fraction> max_inclusive) {
  // Collect the present bands, ordered by lower edge. Heapsort, N log N: the compilers'
  // constexpr step limits hold for the largest table qrsc accepts (insertion sort did not).
  std::array<std::size_t, N> order{};
  std::size_t count = 0;
  for (std::size_t i = 0; i < N; ++i) {
    if (bands[i].present) order[count++] = i;
  }
  const auto sift = [&](std::size_t root, std::size_t end) {
    while (2 * root + 1 < end) {
      std::size_t child = 2 * root + 1;
      if (child + 1 < end && starts_before(bands[order[child]], bands[order[child + 1]])) ++child;
      if (!starts_before(bands[order[root]], bands[order[child]])) return;
      std::swap(order[root], order[child]);
      root = child;
    }
  };
  for (std::size_t i = count / 2; i-- > 0;) sift(i, count);
  for (std::size_t end = count; end-- > 1;) {
    std::swap(order[0], order[end]);
    sift(0, end);
  }
  if (count == 0) return false;
  // The first band must reach down to the domain minimum.
  const Band& first = bands[order[0]];
  if (first.has_lo && (!min || first.lo > *min)) return false;
  for (std::size_t k = 0; k + 1 < count; ++k) {
    const Band& a = bands[order[k]];
    const Band& b = bands[order[k + 1]];
    if (!a.has_hi || !b.has_lo || a.hi != b.lo) return false;  // overlap or gap
  }
  const Band& last = bands[order[count - 1]];
  if (last.has_hi && (!max_inclusive || last.hi <= *max_inclusive)) return false;
  return true;
}

// The present bands of one column in key order: qrsc sorts them when it writes the header, so
// the compiler only checks the order (covers_in_order, linear) and a lookup can search it
// (find_in_order, logarithmic) where a dense index would be too large.
// Plain arrays here and in DenseIndex: every table has its own sizes, and a std::array of
// each would be one more template for every translation unit to instantiate.
template <std::size_t N>
struct BandOrder {
  std::size_t count = 0;
  std::uint16_t rows[N]{};  // row indices, lowest band first
};

// True when `order` lists every present band exactly once, in key order, and every key in the
// domain [min, max] (open where absent) falls in exactly one band. Linear in N.
template <std::size_t N>
constexpr bool covers_in_order(const std::array<Band, N>& bands, const BandOrder<N>& order, std::optional<Fraction> min,
                               std::optional<Fraction> max_inclusive) {
  std::size_t present = 0;
  for (const Band& b : bands) present += b.present ? 1 : 0;
  if (order.count != present || present == 0) return false;
  bool seen[N]{};
  for (std::size_t k = 0; k < order.count; ++k) {
    const std::size_t r = order.rows[k];
    if (r >= N || seen[r] || !bands[r].present) return false;
    seen[r] = true;
  }
  const Band& first = bands[order.rows[0]];
  if (first.has_lo && (!min || first.lo > *min)) return false;
  for (std::size_t k = 0; k + 1 < order.count; ++k) {
    const Band& a = bands[order.rows[k]];
    const Band& b = bands[order.rows[k + 1]];
    if (!a.has_hi || !b.has_lo || a.hi != b.lo) return false;  // overlap, gap or out of order
  }
  const Band& last = bands[order.rows[order.count - 1]];
  return !(last.has_hi && (!max_inclusive || last.hi <= *max_inclusive));
}

// Index of the band containing key, or npos: a binary search over the bands in key order.
template <std::size_t N>
constexpr std::size_t find_in_order(const std::array<Band, N>& bands, const BandOrder<N>& order, Fraction key) {
  // The first band in order whose lower edge is above the key; the one before it may hold it.
  std::size_t lo = 0, hi = order.count;
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    const Band& b = bands[order.rows[mid]];
    if (!b.has_lo || b.lo <= key) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo == 0) return npos;
  const std::size_t r = order.rows[lo - 1];
  return bands[r].contains(key) ? r : npos;
}

// O(1) lookup for integer die results: the row index for each key in [lo, lo + Span),
// clamped at both ends (open-ended bands cover everything beyond the table's edges). A row
// is kept in a byte up to 254 rows, else in 16 bits; the largest value means "no row".
template <std::size_t Span, class Row = unsigned char>
struct DenseIndex {
  static constexpr Row kNoRow = static_cast<Row>(-1);
  int lo = 0;
  Row rows[Span]{};

  [[nodiscard]] constexpr std::size_t operator()(int key) const {
    const int clamped = key < lo ? lo : (key >= lo + static_cast<int>(Span) ? lo + static_cast<int>(Span) - 1 : key);
    const Row r = rows[static_cast<std::size_t>(clamped - lo)];
    return r == kNoRow ? npos : r;
  }

  // A fractional key (fire points) on a table whose band edges are all multiples of 1/Scale:
  // no edge lies strictly between k/Scale and (k+1)/Scale, so floor(key * Scale) picks the
  // same band as the key itself. One division; keys far beyond the index are clamped before
  // any product is taken.
  template <std::int64_t Scale>
  [[nodiscard]] constexpr std::size_t at(Fraction key) const {
    static_assert(Scale > 0);
    // Fire points come in halves and quarters: a power-of-two denominator floors by a shift
    // (arithmetic in C++20), the rare other one by a division.
    const std::int64_t den = key.den();
    const bool pow2 = (den & (den - 1)) == 0;
    const int shift = std::countr_zero(static_cast<std::uint64_t>(den));
    const std::int64_t whole = pow2 ? key.num() >> shift : key.floor();
    if (whole < lo / Scale - 1) return (*this)(lo);
    if (whole > (lo + static_cast<std::int64_t>(Span)) / Scale + 1) return (*this)(lo + static_cast<int>(Span) - 1);
    if constexpr (Scale == 1) {
      return (*this)(static_cast<int>(whole));
    } else {
      const std::int64_t rest = key.num() - whole * den;  // 0 <= rest < den
      return (*this)(static_cast<int>(whole * Scale + (pow2 ? (rest * Scale) >> shift : rest * Scale / den)));
    }
  }
};

// The index of keys lo/scale, (lo+1)/scale, ... (scale 1: integer die results). Each band
// fills the slots of the keys it contains, the last row first so that the first row containing
// a key wins (as find_band decides). Linear in Span + N, so that the compilers' constexpr step
// limits hold for every table qrsc accepts (N * Span would not).
template <std::size_t Span, class Row = unsigned char, std::size_t N>
constexpr DenseIndex<Span, Row> make_dense_index(const std::array<Band, N>& bands, int lo, std::int64_t scale = 1) {
  static_assert(N < static_cast<std::size_t>(DenseIndex<Span, Row>::kNoRow),
                "too many rows for the index's row type; its largest value means no row");
  DenseIndex<Span, Row> index{lo, {}};
  for (auto& r : index.rows) r = DenseIndex<Span, Row>::kNoRow;
  // The first slot whose key (lo + k) / scale is at or above edge: k = ceil(edge * scale) - lo.
  const auto slot = [lo, scale](Fraction edge) {
    const std::int64_t k = (edge * Fraction(scale)).ceil() - lo;
    return k < 0 ? std::size_t{0} : (k > static_cast<std::int64_t>(Span) ? Span : static_cast<std::size_t>(k));
  };
  for (std::size_t i = N; i-- > 0;) {
    const Band& b = bands[i];
    if (!b.present) continue;
    const std::size_t from = b.has_lo ? slot(b.lo) : 0;
    const std::size_t to = b.has_hi ? slot(b.hi) : Span;
    for (std::size_t k = from; k < to; ++k) index.rows[k] = static_cast<Row>(i);
  }
  return index;
}

}  // namespace qrs
