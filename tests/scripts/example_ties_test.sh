#!/usr/bin/env bash
# examples/ties/close_combat.yaml (tie: none, ratio bands, ratio_floor, a matchup) compiles
# without warning to a header that compiles under both compilers and to valid sheet JSON; its
# printed sheet says how a tie, a total of 0 or less and the matchup are read (docs/spec-format.md,
# opposed rolls); a program built on its header and qrsc read the matchup where its types meet.
set -euo pipefail
qrsc=$1 root=$2
spec=$root/examples/ties/close_combat.yaml
. "$(dirname "$0")/example_build.sh"
build_example "$spec" cpp,html,json,web illustration/close_combat.hpp
html=$tmp/illustration/close_combat.html
grep -q "a tie: nothing happens" "$html" || { echo "FAIL: the sheet does not say what a tie means"; exit 1; }
grep -q "A total of 0 or less counts as 1" "$html" || { echo "FAIL: the sheet does not state the ratio floor"; exit 1; }
grep -q "more than 1 and at most 3/2" "$html" || { echo "FAIL: the sheet does not print the exact band"; exit 1; }
# Mounted against mounted, no modifiers, counted by hand: the higher d6 over the lower is more
# than 3/2 for 2-6 over 1, 4-6 over 2, 5-6 over 3 (10 pairs each way: Destroyed 20/36), more than
# 1 and at most 3/2 for 3/2, 4/3, 5/4, 6/4, 6/5 (5 each way: Recoils 10/36), equal 6/36: nothing.
out=$("$qrsc" odds "$spec" close_combat --attacker mounted --defender mounted)
echo "$out"
echo "$out" | grep -Eq "Destroyed +5/9 " || { echo "FAIL: Destroyed is 5/9"; exit 1; }
echo "$out" | grep -Eq "Recoils +5/18 " || { echo "FAIL: Recoils is 5/18"; exit 1; }
echo "$out" | grep -Eq "Tie: nothing happens +1/6 " || { echo "FAIL: a tie is 1/6"; exit 1; }
# Light foot beaten by mounted is destroyed whenever it is beaten (the matchup). Mounted
# attacking light foot, no modifiers: the mounted win 15 of the 36 pairs (Destroyed, the
# matchup's "more than 1"); they lose 15, read in the mounted column as above (Destroyed 10,
# Recoils 5); 6 ties. Destroyed 25/36, Recoils 5/36.
out=$("$qrsc" odds "$spec" close_combat --attacker mounted --defender light_foot)
echo "$out"
echo "$out" | grep -Eq "Destroyed +25/36 " || { echo "FAIL: Destroyed is 25/36 where the matchup is read"; exit 1; }
echo "$out" | grep -Eq "Recoils +5/36 " || { echo "FAIL: Recoils is 5/36 where the matchup is read"; exit 1; }
# 4 against 3: 4/3. Light foot beaten by mounted: Destroyed; by heavy foot: Recoils.
[ "$("$qrsc" lookup "$spec" close_combat --attacker 4 mounted --defender 3 light_foot --format tsv | cut -f1)" = destroyed ]
[ "$("$qrsc" lookup "$spec" close_combat --attacker 4 heavy_foot --defender 3 light_foot --format tsv | cut -f1)" = recoils ]
grep -q "or its matchup&apos;s where the winner is of a type the matchup names" "$html" ||
  { echo "FAIL: the sheet does not say when the matchup is read"; exit 1; }
grep -q "Light foot beaten by Mounted" "$html" || { echo "FAIL: the sheet does not head the matchup's column"; exit 1; }
cat >"$tmp/reader.cpp" <<'CPP'
#include <cstdio>

#include "illustration/close_combat.hpp"

namespace cc = qrs::illustration::close_combat;
using cc::close_combat::Attacker, cc::close_combat::Defender, cc::close_combat::Effect, cc::close_combat::Column;
using Type = cc::TroopType;
using qrs::Fraction;

// 4 against 3: light foot beaten by mounted is destroyed (the matchup's column), by heavy foot recoils.
constexpr auto caught = cc::close_combat::resolve(Attacker{4, Type::mounted, {}}, Defender{3, Type::light_foot, {}});
static_assert(caught.column == Column::light_foot_by_mounted && caught.effect == Effect::destroyed);
constexpr auto pushed = cc::close_combat::resolve(Attacker{4, Type::heavy_foot, {}}, Defender{3, Type::light_foot, {}});
static_assert(pushed.column == Column::light_foot && pushed.effect == Effect::recoils);
// Mounted beaten by light foot reads the mounted column: 4 against 3 is 4/3, Recoils.
static_assert(cc::close_combat::resolve(Attacker{3, Type::mounted, {}}, Defender{4, Type::light_foot, {}}).effect == Effect::recoils);
// The odds counted above: Destroyed 25/36, Recoils 5/36, a tie 6/36.
constexpr auto p = cc::close_combat::odds(Attacker{0, Type::mounted, {}}, Defender{0, Type::light_foot, {}});
static_assert(p[0] == Fraction(25, 36) && p[1] == Fraction(5, 36) && p[2] == Fraction(6, 36));

int main() { std::puts("matchup"); }
CPP
run_reader "$tmp/reader.cpp" "matchup"
check_sheet_json "$tmp/illustration/close_combat.json" <<'PY'
table = next(t for t in sheet["tables"] if t["id"] == "close_combat")["bands"]
assert table["matchups"] == [{"column": "light_foot_by_mounted", "loser": ["light_foot"], "winner": ["mounted"], "source": None}], table["matchups"]
assert [c["id"] for c in table["columns"]][-1] == "light_foot_by_mounted", table["columns"]
PY
echo "example_ties: ok"
