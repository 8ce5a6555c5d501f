// Die-roll modifier accumulation with non-cumulative groups.
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "qrs/fraction.hpp"
#include "qrs/view.hpp"

namespace qrs {

inline constexpr std::int16_t kNoGroup = -1;

struct Modifier {
  std::int16_t value = 0;         // signed die-roll modifier (0 for a pure factor)
  Fraction factor{1};             // multiplier such as x1/2 for fire points
  std::int16_t group = kNoGroup;  // non-cumulative group index, or kNoGroup
  bool exclusive = false;         // its group is exclusive: one member at most applies (a unit's one rating)
  // How many of its occurrences count ("-1 per overlap, at most 2": 2); 1 for a modifier that
  // counts once however often it is named. One that counts more is in no group.
  std::int16_t at_most = 1;
};

// What a modifier that occurs `times` times adds: its value once per occurrence, at most
// `at_most` times.
constexpr int counted_value(const Modifier& m, int times) { return m.value * (times < m.at_most ? times : m.at_most); }

// A numbered row of a band table (a weapon's or a range's modifier, selected by the table's own
// key) as a modifier: the rows are the members of one non-cumulative group, as one row at most
// applies to a roll.
constexpr Modifier numbered_row_modifier(int number) {
  return Modifier{static_cast<std::int16_t>(number), Fraction(1), 0, false};
}

// The rule of a non-cumulative group ("the modifiers are not cumulative"): only the member of
// largest magnitude counts, of equals the one the table lists first (whatever order a caller
// names them in). True when `value` takes the place of `held`.
constexpr bool outweighs(int value, int held) { return (value < 0 ? -value : value) > (held < 0 ? -held : held); }

namespace detail {

// Reached only when two members of an exclusive group are said to apply (a unit rated green and
// veteran): a precondition of total_of and accumulate. Not constexpr: in a constant expression
// the call makes the expression ill-formed, so the mistake is a compile error; at run time it
// aborts (the functions are noexcept, and the caller's data is wrong).
[[noreturn]] inline void exclusive_members_apply() { __builtin_abort(); }

// Whether modifiers i and j are two members of one exclusive group.
constexpr bool excludes(View<Modifier> mods, std::size_t i, std::size_t j) {
  return i != j && mods[i].exclusive && mods[i].group != kNoGroup && mods[i].group == mods[j].group;
}

// Whether modifier j, which applies too, keeps modifier i from counting: both in one
// non-cumulative group, j before i and i not outweighing it, or j after i and outweighing it
// (so the member of largest magnitude counts, the first of equals).
constexpr bool overrules(View<Modifier> mods, std::size_t i, std::size_t j) {
  const Modifier& m = mods[i];
  const Modifier& o = mods[j];
  if (j == i || m.group == kNoGroup || o.group != m.group) return false;
  return j < i ? !outweighs(m.value, o.value) : outweighs(o.value, m.value);
}

// True when the element at `at` stands earlier in `list` too: a modifier listed twice applies once.
template <class E>
constexpr bool listed_before(std::initializer_list<E> list, const E* at) {
  for (const E* e = list.begin(); e != at; ++e) {
    if (*e == *at) return true;
  }
  return false;
}

}  // namespace detail

// Modifiers for some types only (spec `only`, `except`: "-2 in bad going, except light foot"):
// a bit per type, the terms of the vocabulary of the sides' types in order, set where the
// modifier applies. A modifier a side's type excludes does not apply to that side's roll, so it
// neither adds nor keeps a non-cumulative group's member from counting.
// A side of no type (kNoType: a roll that reads none) takes every modifier.
inline constexpr std::uint64_t kEveryType = ~std::uint64_t{0};
inline constexpr std::size_t kNoType = 64;
constexpr bool applies_to(std::uint64_t types, std::size_t type) {
  return type >= kNoType || ((types >> type) & 1U) != 0;
}
// Whether modifier i of a list is for a side of type `type`, given the list's masks (none:
// every modifier of the list is for every type).
constexpr bool applies_to(View<std::uint64_t> types, std::size_t i, std::size_t type) {
  return types.empty() || applies_to(types[i], type);
}

namespace detail {
// Whether modifier i is said to apply (occurs at least once) and applies to a side of type
// `type` (no masks: every modifier applies to every type).
template <class Flag>
constexpr bool applies_at(View<Flag> applies, View<std::uint64_t> types, std::size_t type, std::size_t i) {
  return applies[i] && applies_to(types, i, type);
}

template <class Flag>
constexpr bool counts_over(View<Modifier> mods, View<Flag> applies, std::size_t i, View<std::uint64_t> types,
                           std::size_t type) {
  for (std::size_t j = 0; mods[i].group != kNoGroup && j < mods.size(); ++j) {
    if (applies_at(applies, types, type, j) && overrules(mods, i, j)) return false;
  }
  return true;
}

template <class Flag>
constexpr int accumulate_over(View<Modifier> mods, View<Flag> applies, View<std::uint64_t> types, std::size_t type) {
  const auto at = [&](std::size_t i) { return applies_at(applies, types, type, i); };
  int total = 0;
  for (std::size_t i = 0; i < mods.size(); ++i) {
    for (std::size_t j = i + 1; at(i) && mods[i].exclusive && j < mods.size(); ++j) {
      if (at(j) && excludes(mods, i, j)) exclusive_members_apply();
    }
    if (at(i) && counts_over(mods, applies, i, types, type))
      total += counted_value(mods[i], static_cast<int>(applies[i]));
  }
  return total;
}
}  // namespace detail

// Whether modifier i, which applies, counts in the sum of those that apply (applies[j] for
// mods[j]; with `types`, those that apply to a side of type `type`): within a non-cumulative
// group only the member that outweighs the others does.
constexpr bool counts(View<Modifier> mods, View<bool> applies, std::size_t i, View<std::uint64_t> types = {},
                      std::size_t type = 0) {
  return detail::counts_over(mods, applies, i, types, type);
}
// The same, where `occurs[j]` is how many times mods[j] occurs (0: it does not apply).
constexpr bool counts(View<Modifier> mods, View<std::uint8_t> occurs, std::size_t i, View<std::uint64_t> types = {},
                      std::size_t type = 0) {
  return detail::counts_over(mods, occurs, i, types, type);
}

// Sum of the modifiers that apply (applies[i] for mods[i]; with `types`, to a side of type
// `type`), each as `counts` says. No table of groups: every translation unit that includes a
// generated header would instantiate one per table size.
// Precondition: no two members of an exclusive group apply.
constexpr int accumulate(View<Modifier> mods, View<bool> applies, View<std::uint64_t> types = {},
                         std::size_t type = 0) {
  return detail::accumulate_over(mods, applies, types, type);
}
// The same, where `occurs[i]` is how many times mods[i] occurs: a modifier counted per
// occurrence adds counted_value (the others count once however often they occur).
constexpr int accumulate(View<Modifier> mods, View<std::uint8_t> occurs, View<std::uint64_t> types = {},
                         std::size_t type = 0) {
  return detail::accumulate_over(mods, occurs, types, type);
}

// The same sum for the modifiers listed (the generated `total({...})` of a modifier table),
// with the same precondition: a modifier listed n times occurs n times (counted_value). With
// `types` (a mask per modifier), for a side of type `type`: the modifiers listed that its type
// excludes do not apply.
// `kept(e)` false: e is not listed (the modifiers a roll again drops, qrs::counts_again).
template <class E, class Kept>
constexpr int total_of_kept(View<Modifier> mods, std::initializer_list<E> applying, Kept kept,
                            View<std::uint64_t> types = {}, std::size_t type = 0) {
  const auto excluded = [&](E e) {
    return !kept(e) || (!types.empty() && !applies_to(types[static_cast<std::size_t>(e)], type));
  };
  int total = 0;
  for (const E* a = applying.begin(); a != applying.end(); ++a) {
    if (detail::listed_before(applying, a) || excluded(*a)) continue;
    const auto i = static_cast<std::size_t>(*a);
    bool counts = true;
    int times = 0;
    for (const E b : applying) {
      if (b == *a) ++times;
      if (excluded(b)) continue;
      if (detail::excludes(mods, i, static_cast<std::size_t>(b))) detail::exclusive_members_apply();
      counts = counts && !detail::overrules(mods, i, static_cast<std::size_t>(b));
    }
    total += counts ? counted_value(mods[i], times) : 0;
  }
  return total;
}

template <class E>
constexpr int total_of(View<Modifier> mods, std::initializer_list<E> applying, View<std::uint64_t> types = {},
                       std::size_t type = 0) {
  return total_of_kept(
      mods, applying, [](E) { return true; }, types, type);
}

// Product of the factors that apply (x1/2 twice is x1/4).
constexpr Fraction product_of_factors(View<Modifier> mods, View<bool> applies) {
  Fraction f{1};
  for (std::size_t i = 0; i < mods.size(); ++i) {
    if (applies[i]) f = f * mods[i].factor;
  }
  return f;
}

// The same product for the modifiers listed (the generated `factor({...})`).
template <class E>
constexpr Fraction factor_of(View<Modifier> mods, std::initializer_list<E> applying) {
  Fraction f{1};
  for (const E* a = applying.begin(); a != applying.end(); ++a) {
    if (!detail::listed_before(applying, a)) f = f * mods[static_cast<std::size_t>(*a)].factor;
  }
  return f;
}

}  // namespace qrs
