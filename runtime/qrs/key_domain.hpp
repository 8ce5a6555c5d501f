// The range of a band table's key and what a result past it means (the spec's key.min, key.max
// and key.outside): the one reading of such a result. A generated header's lookup, the
// runtime's odds (qrs/odds.hpp, qrs/rolled.hpp), the web page's module and qrsc's lookup and
// odds all read a key through KeyDomain::read, so that none of them can answer otherwise.
#pragma once

#include <cstdint>

#include "qrs/fraction.hpp"
#include "qrs/maybe.hpp"

namespace qrs {

// What a result past an end of the key's range means (docs/spec-format.md, `key.outside`).
// `unstated`: the spec says nothing, so no row reads it (qrsc checks that the roll cannot
// reach it; a caller's own key still may).
enum class Outside : unsigned char { unstated, clamp, no_effect, reroll };

struct KeyDomain {
  bool has_min = false;
  bool has_max = false;
  Fraction min{};
  Fraction max{};  // inclusive
  Outside outside = Outside::unstated;

  [[nodiscard]] constexpr bool below(Fraction key) const { return has_min && key < min; }
  [[nodiscard]] constexpr bool above(Fraction key) const { return has_max && max < key; }
  [[nodiscard]] constexpr bool contains(Fraction key) const { return !below(key) && !above(key); }

  // The key a result is read at: the result itself inside the range, the nearer end under
  // `clamp`; nothing past an end otherwise (no effect, rolled again, or read by no row).
  [[nodiscard]] constexpr Maybe<Fraction> read(Fraction key) const {
    if (contains(key)) return key;
    if (outside != Outside::clamp) return {};
    return below(key) ? min : max;
  }
  // The same for a whole die result (an integer key's bounds are whole numbers).
  [[nodiscard]] constexpr Maybe<int> read(int key) const {
    const Maybe<Fraction> k = read(Fraction(key));
    if (!k) return {};
    return static_cast<int>((*k).floor());
  }
};

// A domain from optional bounds, as qrsc and the generated headers state it.
[[nodiscard]] constexpr KeyDomain key_domain(Maybe<Fraction> min, Maybe<Fraction> max, Outside outside) {
  return {min.has_value(), max.has_value(), min.value_or(Fraction(0)), max.value_or(Fraction(0)), outside};
}

}  // namespace qrs
