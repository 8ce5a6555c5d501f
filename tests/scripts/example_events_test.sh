#!/usr/bin/env bash
# examples/events/campaign_events.yaml (dice read as digits: d66 tables, one with columns, and a
# percentile table) compiles without warning to every output; a program built on its header
# reads the tables as the dice do (the odds below are counted by hand from the 36 throws of
# two d6: 11-13 is 3 throws, 21-36 is 12, 51-65 is 11); qrsc lookup refuses a number no throw
# writes; the printed sheet and the web page say how the dice are read; the sheet JSON is valid.
set -euo pipefail
qrsc=$1 root=$2
spec=$root/examples/events/campaign_events.yaml
. "$(dirname "$0")/example_build.sh"
build_example "$spec" cpp,html,json,web illustration/campaign_events.hpp
cat >"$tmp/reader.cpp" <<'CPP'
#include <cstdio>

#include "illustration/campaign_events.hpp"
#include "qrs/rolled.hpp"

namespace ce = qrs::illustration::campaign_events;
using Between = ce::Sheet::between_battles;
using Encounter = ce::Sheet::encounter;
using qrs::Fraction;

// A throw of 4 then 2 is 42, not 6; 17 is no throw, and no row reads it.
static_assert(Between::kRoll.key_of(std::array{4, 2}) == 42);
static_assert(!Between::kRoll.shows(17) && !Between::kRoll.shows(20) && Between::kRoll.shows(66));
static_assert(*ce::between_battles::lookup(42) == ce::between_battles::Effect::supplies);
static_assert(!ce::between_battles::lookup(17).has_value());
static_assert(*ce::encounter::lookup(Encounter::Column::woods, 16) == ce::encounter::Effect::ambush);
static_assert(*ce::encounter::lookup(Encounter::Column::open, 16) == ce::encounter::Effect::patrol);
// Each row's chance: the throws its band holds, out of 36.
constexpr auto between = qrs::row_odds<Between>(0);
static_assert(between[0] == Fraction(3, 36) && between[1] == Fraction(3, 36) && between[2] == Fraction(12, 36));
static_assert(between[3] == Fraction(2, 36) && between[4] == Fraction(4, 36) && between[5] == Fraction(11, 36));
static_assert(between[6] == Fraction(1, 36));
constexpr auto woods = qrs::row_odds<Encounter>(0, Encounter::Column::woods);
static_assert(woods[0] == Fraction(6, 36) && woods[1] == Fraction(10, 36) && woods[2] == Fraction(15, 36) &&
              woods[3] == Fraction(5, 36));

int main() { std::puts("read as digits"); }
CPP
run_reader "$tmp/reader.cpp" "read as digits"
# The CLI: a number the dice write reads its row; one they cannot write is refused.
[ "$("$qrsc" lookup "$spec" between_battles 42 | sed -n 2p)" = "Supplies arrive. Gain one supply point." ]
for n in 17 20 10 67 7; do
  if err=$("$qrsc" lookup "$spec" between_battles "$n" 2>&1); then echo "FAIL: lookup $n answered: $err"; exit 1; fi
  case $err in *"cannot show it"*) ;; *) echo "FAIL: lookup $n: $err"; exit 1 ;; esac
done
for page in "$tmp/illustration/campaign_events.html" "$tmp/illustration/campaign_events.web.html"; do
  [ "$(grep -cF 'Roll two d6: the first die is the tens, the second the units (11 to 66).' "$page")" -ge 2 ] ||
    { echo "FAIL: $page does not say how the d66 tables are read"; exit 1; }
done
# qrsc show says it under the table's title, as the sheets do.
[ "$("$qrsc" show "$spec" between_battles | sed -n 3p)" = "Roll two d6: the first die is the tens, the second the units (11 to 66)." ] ||
  { echo "FAIL: qrsc show between_battles does not say how it is read"; exit 1; }
check_sheet_json "$tmp/illustration/campaign_events.json" <<'PY'
dice = {t["id"]: t["bands"]["key"]["dice"] for t in sheet["tables"] if t["kind"] == "bands"}
assert dice["between_battles"]["digits"] is True and (dice["between_battles"]["count"], dice["between_battles"]["sides"]) == (2, 6)
assert "digits" not in dice["weather"], dice["weather"]
PY
echo "example_events: ok"
