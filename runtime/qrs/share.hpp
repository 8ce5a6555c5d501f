// Modifiers that a procedure's units decide (spec `shares`): "+1 if half or more of the total
// fire points are from sharpshooters", "-1 if half or more are from green stands". Each unit
// adds its part to the total and is what its traits and the matrix row it reads (its weapon) say; a share is reached
// when the units that are any of its kinds add at least `at_least` of the total. A modifier list with shares has, in
// its generated header, kTraitIds and kTraitTexts (what a unit can be, a bit each), kShareUnits and kShares.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "qrs/fraction.hpp"
#include "qrs/view.hpp"

namespace qrs {

// A unit's traits are the bits of a 32-bit mask, and a web page is told of at most this many
// modifiers one list's shares decide (qrs/rff/web_abi.cpp). The front end holds specs to these.
inline constexpr std::size_t kMaxTraits = 32;
inline constexpr std::size_t kMaxDecided = 16;

// One kind of unit whose part counts: it has every trait of `traits` (a bit per trait of the
// list) and, when `table` is set, reads row `row` (its id) of that matrix (fires that weapon).
struct ShareUnit {
  std::uint32_t traits = 0;
  std::string_view table{};
  std::string_view row{};
};

// A share of modifier `modifier` (its index in the list): reached when at least `at_least` of
// the total comes from units that are any of kShareUnits[first, first + count). A modifier
// with several shares applies when any of them is reached.
struct ShareRule {
  std::uint32_t modifier = 0;
  Fraction at_least{1, 2};
  std::uint32_t first = 0;
  std::uint32_t count = 0;
};

// A unit's traits, a bit each: from a list's Trait enumerators ({Trait::green}) or from bits.
template <class Trait>
class Traits {
 public:
  constexpr Traits() noexcept = default;
  constexpr Traits(std::initializer_list<Trait> of) noexcept {  // NOLINT: implicit, as a braced list
    for (const Trait t : of) bits_ |= std::uint32_t{1} << static_cast<unsigned>(t);
  }
  [[nodiscard]] static constexpr Traits from_bits(std::uint32_t bits) noexcept {
    Traits t;
    t.bits_ = bits;
    return t;
  }
  [[nodiscard]] constexpr std::uint32_t bits() const noexcept { return bits_; }

 private:
  std::uint32_t bits_ = 0;
};

// Whether a unit with `traits` firing row `row` (an id) of `table` is a unit of kind `kind`.
constexpr bool is_unit(const ShareUnit& kind, std::uint32_t traits, std::string_view table, std::string_view row) {
  return (traits & kind.traits) == kind.traits && (kind.table.empty() || (kind.table == table && kind.row == row));
}

// Whether such a unit counts toward `rule`: it is any of the rule's kinds.
constexpr bool counts_toward(const ShareRule& rule, View<ShareUnit> kinds, std::uint32_t traits, std::string_view table,
                             std::string_view row) {
  for (std::uint32_t k = rule.first; k < rule.first + rule.count; ++k) {
    if (is_unit(kinds[k], traits, table, row)) return true;
  }
  return false;
}

// Whether `part` of `total` reaches the rule ("half or more"): nothing is reached of no total.
constexpr bool reached(const ShareRule& rule, Fraction part, Fraction total) {
  return total > Fraction(0) && part >= rule.at_least * total;
}

// Whether the units decide modifier `modifier` of the list (it has a share).
constexpr bool decided_by_shares(View<ShareRule> rules, std::size_t modifier) {
  for (const ShareRule& r : rules) {
    if (r.modifier == modifier) return true;
  }
  return false;
}

// The parts of a total that a list's shares count, one per rule of `rules`, added up unit by
// unit; `N` is at least the number of rules (the list's kShares.size()).
template <std::size_t N>
class ShareParts {
 public:
  constexpr void add(View<ShareRule> rules, View<ShareUnit> kinds, Fraction amount, std::uint32_t traits,
                     std::string_view table, std::string_view row) {
    for (std::size_t r = 0; r < rules.size() && r < N; ++r) {
      if (counts_toward(rules[r], kinds, traits, table, row)) parts_[r] += amount;
    }
  }
  // Whether one of its shares is reached: the units' parts of `total`.
  [[nodiscard]] constexpr bool applies(View<ShareRule> rules, std::size_t modifier, Fraction total) const {
    for (std::size_t r = 0; r < rules.size() && r < N; ++r) {
      if (rules[r].modifier == modifier && reached(rules[r], parts_[r], total)) return true;
    }
    return false;
  }
  // The units' part of the total that rule `rule` counts.
  [[nodiscard]] constexpr Fraction part(std::size_t rule) const { return parts_[rule]; }

 private:
  Fraction parts_[N == 0 ? 1 : N]{};
};

}  // namespace qrs
