// Die-roll modifier accumulation with non-cumulative groups.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "qrs/fraction.hpp"

namespace qrs {

inline constexpr std::int16_t kNoGroup = -1;

struct Modifier {
  std::int16_t value = 0;        // signed die-roll modifier (0 for a pure factor)
  Fraction factor{1};            // multiplier such as x1/2 for fire points
  std::int16_t group = kNoGroup;  // non-cumulative group index, or kNoGroup
};

// The rule of a non-cumulative group ("the modifiers are not cumulative"): only the member of
// largest magnitude counts, the first of equals. True when `value` takes the place of `held`.
// accumulate below and qrsc's explanation of a roll (analysis/net_modifier) both apply it.
constexpr bool outweighs(int value, int held) { return (value < 0 ? -value : value) > (held < 0 ? -held : held); }

// Sum of the modifiers that apply; within a non-cumulative group only the member that
// outweighs the others counts.
template <std::size_t N, std::size_t Groups>
constexpr int accumulate(const std::array<Modifier, N>& mods, const std::array<bool, N>& applies) {
  int total = 0;
  std::array<int, Groups == 0 ? 1 : Groups> best{};
  std::array<bool, Groups == 0 ? 1 : Groups> seen{};
  for (std::size_t i = 0; i < N; ++i) {
    if (!applies[i]) continue;
    const Modifier& m = mods[i];
    if (m.group == kNoGroup) {
      total += m.value;
      continue;
    }
    const auto g = static_cast<std::size_t>(m.group);
    if (!seen[g] || outweighs(m.value, best[g])) best[g] = m.value;
    seen[g] = true;
  }
  for (std::size_t g = 0; g < Groups; ++g) total += seen[g] ? best[g] : 0;
  return total;
}

// Product of the factors that apply (x1/2 twice is x1/4).
template <std::size_t N>
constexpr Fraction product_of_factors(const std::array<Modifier, N>& mods, const std::array<bool, N>& applies) {
  Fraction f{1};
  for (std::size_t i = 0; i < N; ++i) {
    if (applies[i]) f = f * mods[i].factor;
  }
  return f;
}

}  // namespace qrs
