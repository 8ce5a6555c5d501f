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
"$qrsc" build --emit cpp -o "$tmp/out" "$tmp/rules/t/melee_clamp.yaml" "$tmp/rules/t/melee_no_effect.yaml" || exit 1
cat > "$tmp/tu.cpp" <<'CPP'
#include "test/melee_clamp.hpp"
#include "test/melee_no_effect.hpp"
namespace c = qrs::test::melee_clamp::melee;
namespace n = qrs::test::melee_no_effect::melee;
static_assert(c::lookup(-3) == c::Effect::hold);  // clamped to 0: Hold
static_assert(c::lookup(0) == c::Effect::hold);
static_assert(c::lookup(2) == c::Effect::retreat);
static_assert(c::lookup(5) == c::Effect::rout);
static_assert(!n::lookup(-3));                     // no effect: no row
static_assert(n::lookup(0) == n::Effect::hold);
int main() { return 0; }
CPP
"$cxx" -std=c++20 -Wall -Wextra -Werror -pedantic -I"$(dirname "$0")/../../runtime" -I"$tmp/out" -fsyntax-only "$tmp/tu.cpp" \
  || { echo "FAIL: the headers do not read results past the key's range as key.outside says"; failures=1; }
[ "$failures" -eq 0 ] && echo "$cxx: clamp and no_effect headers read past the key's range as stated"
exit "$failures"
