#!/usr/bin/env bash
# examples/morale/morale_test.yaml (a roll against a unit's value: 2d6 plus modifiers at or under
# Morale passes, over by 1 or 2 shakes, by 3 or more routs) compiles without warning to every
# output; a program built on its header reads it as a player does (the odds below are counted
# by hand from the 36 throws of 2d6: a total of 7 or less is 21 throws, 8 or 9 is 9, 10 or more
# is 6); qrsc lookup and odds agree; the sheets say how to read it; the sheet JSON is valid.
set -euo pipefail
qrsc=$1 root=$2
spec=$root/examples/morale/morale_test.yaml
. "$(dirname "$0")/example_build.sh"
build_example "$spec" cpp,html,json,web illustration/morale_test.hpp
cat >"$tmp/reader.cpp" <<'CPP'
#include <cstdio>

#include "illustration/morale_test.hpp"
#include "qrs/rolled.hpp"

namespace mt = qrs::illustration::morale_test;
using Test = mt::Sheet::morale_test;
using qrs::Fraction;

// Morale 7: a total of 7 passes, 9 shakes, 10 routs; Morale 4 and 10 are the ends.
constexpr Test::Column m7 = *mt::morale_test::column_for_value(7);
static_assert(m7 == Test::Column::n7 && !mt::morale_test::column_for_value(3) && !mt::morale_test::column_for_value(11));
static_assert(mt::morale_test::lookup(m7, 7) == mt::morale_test::Effect::passes);
static_assert(mt::morale_test::lookup(m7, 9) == mt::morale_test::Effect::shaken);
static_assert(mt::morale_test::lookup(m7, 10) == mt::morale_test::Effect::routs);
static_assert(mt::morale_test::lookup(Test::Column::n4, -1) == mt::morale_test::Effect::passes);
static_assert(mt::morale_test::lookup(Test::Column::n10, 13) == mt::morale_test::Effect::routs);
// 2d6 against Morale 7, no modifier: 21, 9 and 6 throws of 36; at +2 (half strength, 5 or less passes) 10, 11, 15.
constexpr auto plain = qrs::row_odds<Test>(0, m7);
static_assert(plain[0] == Fraction(21, 36) && plain[1] == Fraction(9, 36) && plain[2] == Fraction(6, 36));
constexpr auto weak = qrs::row_odds<Test>(2, m7);
static_assert(weak[0] == Fraction(10, 36) && weak[1] == Fraction(11, 36) && weak[2] == Fraction(15, 36));

int main() { std::puts("against Morale"); }
CPP
run_reader "$tmp/reader.cpp" "against Morale"
# The CLI: a total of 8 at half strength (+2) against Morale 8 is over by 2: Shaken.
[ "$("$qrsc" lookup "$spec" morale_test 8 half_strength --column 8 | sed -n 2p)" = "Shaken. The unit may not advance next turn." ]
[ "$("$qrsc" lookup "$spec" morale_test 6 --column 6 --format tsv | cut -f1)" = "passes" ]
odds=$("$qrsc" odds "$spec" morale_test --column 7 -m half_strength --format json)
python3 - "$odds" <<'PY'
import json, sys
rows = {r["id"]: r["probability"] for r in json.loads(sys.argv[1])["columns"][0]["odds"][0]["rows"]}
assert rows == {"passes": "5/18", "shaken": "11/36", "routs": "5/12"}, rows
PY
for page in "$tmp/illustration/morale_test.html" "$tmp/illustration/morale_test.web.html"; do
  grep -qF "Roll 2d6 and add the modifiers; read the column of the unit&apos;s Morale." "$page" ||
    { echo "FAIL: $page does not say how the test is read"; exit 1; }
done
# qrsc show says it under the table's title, as the sheets do.
[ "$("$qrsc" show "$spec" morale_test | sed -n 3p)" = "Roll 2d6 and add the modifiers; read the column of the unit's Morale." ] ||
  { echo "FAIL: qrsc show morale_test does not say how it is read"; exit 1; }
check_sheet_json "$tmp/illustration/morale_test.json" <<'PY'
table = next(t for t in sheet["tables"] if t["id"] == "morale_test")["bands"]
assert table["key"]["dice"]["against"] == {"name": "Morale", "min": 4, "max": 10, "source": None}, table["key"]["dice"]
assert [c["id"] for c in table["columns"]] == [str(v) for v in range(4, 11)], table["columns"]
PY
echo "example_morale: ok"
