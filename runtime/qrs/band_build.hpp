// Building and checking bands outside the generated headers: the dense index qrsc writes into
// a header, and for a program's own bands (in any order) a coverage check and an index. The
// generated headers do not include this file: what they need of bands is in qrs/band.hpp.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "qrs/band.hpp"

namespace qrs {

// The slots of a dense index (see DenseIndex) over keys lo/scale, (lo+1)/scale, ... (scale 1:
// integer die results): for each of the `span` slots, the row whose band holds the key, or
// static_cast<Row>(-1) for none. Each band fills the slots of the keys it contains, the last
// row first, so that the first row containing a key wins (as find_band decides). Linear in
// span + rows.
template <class Row>
constexpr void fill_dense_index(View<Band> bands, int lo, std::int64_t scale, Row* slots, std::size_t span) {
  for (std::size_t k = 0; k < span; ++k) slots[k] = static_cast<Row>(-1);
  // The first slot whose key (lo + k) / scale is at or above edge: k = ceil(edge * scale) - lo.
  const auto slot = [lo, scale, span](Fraction edge) {
    const std::int64_t k = (edge * Fraction(scale)).ceil() - lo;
    return k < 0 ? std::size_t{0} : (k > static_cast<std::int64_t>(span) ? span : static_cast<std::size_t>(k));
  };
  for (std::size_t i = bands.size(); i-- > 0;) {
    const Band& b = bands[i];
    if (!b.present) continue;
    const std::size_t from = b.has_lo ? slot(b.lo) : 0;
    const std::size_t to = b.has_hi ? slot(b.hi) : span;
    for (std::size_t k = from; k < to; ++k) slots[k] = static_cast<Row>(i);
  }
}

// A dense index that holds its own slots, for bands a program builds itself.
template <std::size_t Span, class Row = unsigned char>
struct OwnedDenseIndex {
  int lo = 0;
  Row slots[Span]{};

  [[nodiscard]] constexpr DenseIndex<Row> view() const { return {lo, static_cast<int>(Span), slots}; }
  [[nodiscard]] constexpr std::size_t operator()(int key) const { return view()(key); }
  template <std::int64_t Scale>
  [[nodiscard]] constexpr std::size_t at(Fraction key) const {
    return view().template at<Scale>(key);
  }
};

template <std::size_t Span, class Row = unsigned char, std::size_t N>
constexpr OwnedDenseIndex<Span, Row> make_dense_index(const std::array<Band, N>& bands, int lo,
                                                      std::int64_t scale = 1) {
  static_assert(N < static_cast<std::size_t>(DenseIndex<Row>::kNoRow),
                "too many rows for the index's row type; its largest value means no row");
  OwnedDenseIndex<Span, Row> index{lo, {}};
  fill_dense_index(View<Band>(bands), lo, scale, index.slots, Span);
  return index;
}

// True when every key in the domain [min, max] (open where absent) falls in exactly one
// band, the bands in any order. Checked on the sorted band edges, so it holds for every
// integer and every fraction.
template <std::size_t N>
constexpr bool covers_exactly_once(const std::array<Band, N>& bands, Maybe<Fraction> min,
                                   Maybe<Fraction> max_inclusive) {
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
  if (first.has_lo && (!min || Cut{*min, false} < lower_cut(first))) return false;
  for (std::size_t k = 0; k + 1 < count; ++k) {
    const Band& a = bands[order[k]];
    const Band& b = bands[order[k + 1]];
    if (!a.has_hi || !b.has_lo || !(upper_cut(a) == lower_cut(b))) return false;  // overlap or gap
  }
  const Band& last = bands[order[count - 1]];
  if (last.has_hi && (!max_inclusive || upper_cut(last) < Cut{*max_inclusive, true})) return false;
  return true;
}

}  // namespace qrs
