#!/usr/bin/env bash
# A generated header reads a result past its key's range as the spec's `key.outside` says: with
# `clamp` a melee difference below 0 reads Hold (the row at 0), with `no_effect` it reads no
# row. Checked in constant expressions, so a wrong answer does not compile.
# Usage: outside_header_test.sh QRSC CXX
set -uo pipefail
qrsc=$1 cxx=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
mkdir -p "$tmp/rules/t"
for rule in clamp no_effect; do
  cat > "$tmp/rules/t/melee_$rule.yaml" <<YAML
qrs: 1
system: test
title: Test sheet
tables:
  - id: melee
    kind: bands
    title: Melee
    key:
      name: Die result difference
      type: integer
      min: 0
      max: 5
      dice: { roll: d6, difference: true }
      outside: $rule
    rows:
      - { id: rout, title: Rout, band: 4 or more }
      - { id: retreat, title: Retreat, band: 1 - 3 }
      - { id: hold, title: Hold, band: "0" }
YAML
done
# A d6 + 3 read on a key of 1 to 6 (Low 1 - 4, High 5 - 6), under each rule: the results 7 to 9
# are past the range. By the docs: clamp reads them as 6 (High: 5 of 6 results); no_effect
# reads no row (High 2/6, Low 1/6, no row 3/6); reroll rolls them again (High 2/3, Low 1/3).
# And an opposed ratio keyed 1 to 3, clamped: 6 against 1 is read as 3 (Overrun).
for rule in clamp no_effect reroll; do
  cat > "$tmp/rules/t/plus3_$rule.yaml" <<YAML
qrs: 1
system: test
title: Test sheet
tables:
  - id: mods
    kind: modifiers
    title: Modifiers
    items:
      - { id: plus3, value: +3, text: Plus three }
  - id: shot
    kind: bands
    title: Shot
    key:
      name: Die result
      type: integer
      min: 1
      max: 6
      outside: $rule
      dice: { roll: d6, modifiers: [mods] }
    rows:
      - { id: high, title: High, band: 5 - 6 }
      - { id: low, title: Low, band: 1 - 4 }
  - id: assault
    kind: bands
    title: Assault
    key:
      name: Ratio
      type: fraction
      min: 1
      max: 3
      outside: $rule
      dice:
        attacker: { roll: d6, modifiers: [mods] }
        defender: { roll: d6 }
        result: ratio
    rows:
      - { id: overrun, title: Overrun, band: at least 2 }
      - { id: repulsed, title: Repulsed, band: at least 1 }
YAML
done
"$qrsc" build --emit cpp -o "$tmp/out" "$tmp/rules/t/melee_clamp.yaml" "$tmp/rules/t/melee_no_effect.yaml" \
  "$tmp/rules/t/plus3_clamp.yaml" "$tmp/rules/t/plus3_no_effect.yaml" "$tmp/rules/t/plus3_reroll.yaml" || exit 1
cat > "$tmp/tu.cpp" <<'CPP'
#include "test/melee_clamp.hpp"
#include "test/melee_no_effect.hpp"
#include "test/plus3_clamp.hpp"
#include "test/plus3_no_effect.hpp"
#include "test/plus3_reroll.hpp"
#include "qrs/rolled.hpp"
namespace c = qrs::test::melee_clamp::melee;
namespace n = qrs::test::melee_no_effect::melee;
static_assert(c::lookup(-3) == c::Effect::hold);  // clamped to 0: Hold
static_assert(c::lookup(0) == c::Effect::hold);
static_assert(c::lookup(2) == c::Effect::retreat);
static_assert(c::lookup(5) == c::Effect::rout);
static_assert(!n::lookup(-3));                     // no effect: no row
static_assert(n::lookup(0) == n::Effect::hold);
// The header's lookup, the runtime's effect_at and row_odds read a key through one domain.
namespace pc = qrs::test::plus3_clamp;
namespace pn = qrs::test::plus3_no_effect;
namespace pr = qrs::test::plus3_reroll;
using qrs::Fraction;
static_assert(pc::shot::lookup(9) == pc::shot::Effect::high);
static_assert(qrs::effect_at<pc::shot::Table>(Fraction(9)) == pc::shot::Effect::high);
static_assert(!qrs::effect_at<pn::shot::Table>(Fraction(9)));
static_assert(qrs::row_odds<pc::shot::Table>(3)[0] == Fraction(5, 6) && qrs::row_odds<pc::shot::Table>(3)[1] == Fraction(1, 6));
static_assert(qrs::unread_odds<pc::shot::Table>(3) == Fraction(0));
static_assert(qrs::row_odds<pn::shot::Table>(3)[0] == Fraction(2, 6) && qrs::row_odds<pn::shot::Table>(3)[1] == Fraction(1, 6));
static_assert(qrs::unread_odds<pn::shot::Table>(3) == Fraction(3, 6));
static_assert(qrs::row_odds<pr::shot::Table>(3)[0] == Fraction(2, 3) && qrs::row_odds<pr::shot::Table>(3)[1] == Fraction(1, 3));
static_assert(qrs::unread_odds<pr::shot::Table>(3) == Fraction(0));
// A ratio of 6 (or 5 against 1) is clamped to 3: Overrun, from lookup and resolve.
static_assert(pc::assault::lookup(Fraction(6)) == pc::assault::Effect::overrun);
static_assert(!pn::assault::lookup(Fraction(6)));
static_assert(pc::assault::resolve({5, {}}, {1}).effect == pc::assault::Effect::overrun);
// Its odds at +3 against +0 (constexpr too, but checked at run time to show the figures).
int main() {
  // The attacker's d6 + 3 over the defender's d6 (the winner's over the loser's), by enumeration.
  int overrun = 0, repulsed = 0, past = 0;
  for (int a = 1; a <= 6; ++a) {
    for (int d = 1; d <= 6; ++d) {
      const int hi = a + 3 > d ? a + 3 : d, lo = a + 3 > d ? d : a + 3;
      const Fraction ratio(hi, lo);
      if (Fraction(3) < ratio) ++past;
      (Fraction(2) <= ratio ? overrun : repulsed) += 1;
    }
  }
  const auto p = pc::assault::odds({0, {pc::mods::Modifier::plus3}}, {0});
  if (p[0] != Fraction(overrun, 36) || p[1] != Fraction(repulsed, 36) || p[2] != Fraction(0)) return 1;
  const auto q = pr::assault::odds({0, {pr::mods::Modifier::plus3}}, {0});
  if (past == 0 || q[0] != Fraction(overrun - past, 36 - past) || q[2] != Fraction(0)) return 2;
  return 0;
}
CPP
"$cxx" -std=c++20 -Wall -Wextra -Werror -pedantic -I"$(dirname "$0")/../../runtime" -I"$tmp/out" -o "$tmp/tu" "$tmp/tu.cpp" \
  || { echo "FAIL: the headers do not read results past the key's range as key.outside says"; failures=1; }
[ "$failures" -eq 0 ] && { "$tmp/tu" || { echo "FAIL: opposed odds past the key's range (code $?)"; failures=1; }; }
[ "$failures" -eq 0 ] && echo "$cxx: clamp and no_effect headers read past the key's range as stated"
exit "$failures"
