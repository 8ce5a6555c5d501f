// Exact chances as the web page reads them from the module: fractions written as numerators
// over their least common denominator, then that denominator (qrs_odds, qrs_opposed_odds,
// qrs_melee_odds), so that the page shows each one exactly (templates/web/sheet.js, chance).
#pragma once

#include <cstddef>
#include <cstdint>
#include <numeric>

#include "qrs/fraction.hpp"
#include "qrs/view.hpp"

namespace qrs::web {

// Writes p's numerators over one denominator, then that denominator (p.size() + 1 numbers) at
// `out`, and returns `out`. A reroll's odds share out over less than the roll's total, so the
// denominators differ.
inline std::int64_t* over_one_denominator(View<Fraction> p, std::int64_t* out) {
  std::int64_t den = 1;
  // Checked as Fraction's own arithmetic is: past 64 bits is an error, never a wrong chance.
  for (const Fraction& f : p) den = detail::checked_mul(den / std::gcd(den, f.den()), f.den());
  for (std::size_t i = 0; i < p.size(); ++i) out[i] = detail::checked_mul(p[i].num(), den / p[i].den());
  out[p.size()] = den;
  return out;
}

}  // namespace qrs::web
