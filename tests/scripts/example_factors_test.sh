#!/usr/bin/env bash
# examples/ties/close_combat_factors.yaml (a variant of the ties illustration whose sides add a
# troop factor read from a matrix by their own type and the enemy's class, and tactical factors
# for some types only: bad going, except light foot; charging, mounted only; and one counted per
# occurrence: each flank overlapped, at most twice) compiles without
# warning to a header that compiles under both compilers and to valid sheet JSON; its printed
# sheet says how the factor is read and what each class column is read against; qrsc's lookup
# and odds, and a program built on the header, add the factor. The expected odds are counted
# here from the printed bands and factors, not read from qrsc.
set -euo pipefail
qrsc=$1 root=$2
spec=$root/examples/ties/close_combat_factors.yaml
. "$(dirname "$0")/example_build.sh"
build_example "$spec" cpp,html,json,web illustration/close_combat_factors.hpp
html=$tmp/illustration/close_combat_factors.html
grep -q "Each side adds its Troop Factors: the row of its type, the column of the other side&apos;s." "$html" ||
  { echo "FAIL: the sheet does not say how the troop factor is read"; exit 1; }
grep -q "Against foot: Heavy foot, Light foot." "$html" || { echo "FAIL: the sheet does not say what 'Against foot' means"; exit 1; }
grep -q "its matchup&apos;s; it adds its Troop Factors)" "$tmp/illustration/close_combat_factors.web.html" ||
  { echo "FAIL: the web page does not say that a side's type adds its troop factor"; exit 1; }
# 4 mounted (+3 against foot) against 3 light foot (+2 against mounted): 7 over 5, more than 1:
# light foot beaten by mounted is destroyed. 1 heavy foot with its general (+1, +4 against
# mounted) against 6 mounted (+3): 9 over 6, 3/2: heavy foot recoils.
[ "$("$qrsc" lookup "$spec" close_combat --attacker 4 mounted --defender 3 light_foot --format tsv | cut -f1,3)" = "destroyed	1 2/5" ]
[ "$("$qrsc" lookup "$spec" close_combat --attacker 1 heavy_foot general --defender 6 mounted --format tsv | cut -f1,3)" = "recoils	1 1/2" ]
"$qrsc" lookup "$spec" close_combat --attacker 4 mounted --defender 3 light_foot | grep -q "+3 (Mounted against Light foot) = 7" ||
  { echo "FAIL: the lookup does not name the troop factor"; exit 1; }
grep -q "In bad going (not Light foot)" "$html" && grep -q "Charging (only Mounted)" "$html" ||
  { echo "FAIL: the sheet does not say which types the factors are for"; exit 1; }
# Both in bad going, the mounted charging: 4 +3 -2 +1 = 6 against light foot 3 +2 = 5 (bad going
# is not for light foot): 6 over 5, light foot beaten by mounted, destroyed.
[ "$("$qrsc" lookup "$spec" close_combat --attacker 4 mounted bad_going charging --defender 3 light_foot bad_going --format tsv | cut -f1,3)" = "destroyed	1 1/5" ]
"$qrsc" lookup "$spec" close_combat --attacker 4 mounted bad_going charging --defender 3 light_foot bad_going |
  grep -qF "[-2 (In bad going): does not apply to Light foot]" || { echo "FAIL: the lookup does not say bad going is not for light foot"; exit 1; }
grep -q "Each flank overlapped (up to 2 times)" "$html" || { echo "FAIL: the sheet does not say overlaps count up to twice"; exit 1; }
# Overlapped three times counts twice: mounted 4 -2 +3 = 5 against light foot 3 -1 +2 = 4 (one
# overlap, "overlapped=1"): 5 over 4, light foot beaten by mounted, destroyed; named three times,
# the third is listed as not counting, and "overlapped=3" says that two of them count.
[ "$("$qrsc" lookup "$spec" close_combat --attacker 4 mounted overlapped overlapped overlapped --defender 3 light_foot overlapped=1 --format tsv | cut -f1,3)" = "destroyed	1 1/4" ]
"$qrsc" lookup "$spec" close_combat --attacker 4 mounted overlapped overlapped overlapped --defender 3 light_foot |
  grep -qF "[-1 (Each flank overlapped): counts up to 2 times]" || { echo "FAIL: a third overlap is not said to not count"; exit 1; }
"$qrsc" lookup "$spec" close_combat --attacker 4 mounted overlapped=3 --defender 3 light_foot |
  grep -qF "= 5" || { echo "FAIL: overlapped=3 does not count twice"; exit 1; }
# Heavy foot "charging" (mounted only) 1 +3 = 4 against light foot 2 +2 = 4: a tie, nothing happens.
[ "$("$qrsc" lookup "$spec" close_combat --attacker 1 heavy_foot charging --defender 2 light_foot --format tsv | cut -f2)" = "Tie: nothing happens" ] ||
  { echo "FAIL: charging counted for heavy foot"; "$qrsc" lookup "$spec" close_combat --attacker 1 heavy_foot charging --defender 2 light_foot; exit 1; }
# The odds of every pair of types, counted from the printed sheet: the bands by the loser's type
# (a ratio of totals, a total under 1 counting as 1; ties: nothing), the matchup (light foot
# beaten by mounted: destroyed when more than 1) and the factors by type and enemy class.
python3 - "$qrsc" "$spec" <<'PY'
import re, subprocess, sys
from fractions import Fraction as F
qrsc, spec = sys.argv[1:3]
foot = {"heavy_foot", "light_foot"}
factor = {"heavy_foot": (3, 4), "light_foot": (2, 2), "mounted": (3, 3)}  # against foot, against mounted
def f(own, other): return factor[own][0 if other in foot else 1]
# Bad going (-2, not for light foot), charging (+1, mounted only), each flank overlapped (-1, at
# most twice), as named.
def tactical(own, named):
    return ((-2 if "bad_going" in named and own != "light_foot" else 0) + (1 if "charging" in named and own == "mounted" else 0)
            - min(named.count("overlapped"), 2))
def effect(loser, winner, ratio):
    if loser == "light_foot" and winner == "mounted": return "Destroyed" if ratio > 1 else None
    if loser == "mounted": return "Destroyed" if ratio > F(3, 2) else "Recoils"
    return "Destroyed" if ratio >= 2 else "Recoils"
for a in factor:
    for d in factor:
      for terrain in ([], ["bad_going", "charging"], ["overlapped"] * 3):
        want = {"Destroyed": 0, "Recoils": 0, "Tie: nothing happens": 0}
        for x in range(1, 7):
            for y in range(1, 7):
                ta, td = x + f(a, d), y + f(d, a)
                ta, td = ta + tactical(a, terrain), td + tactical(d, terrain)
                if ta == td: want["Tie: nothing happens"] += 1; continue
                (hi, wt), (lo, lt) = sorted([(ta, a), (td, d)], reverse=True)
                want[effect(lt, wt, F(hi) / F(max(lo, 1)))] += 1
        out = subprocess.run([qrsc, "odds", spec, "close_combat", "--attacker", a, *terrain, "--defender", d, *terrain],
                             check=True, capture_output=True, text=True).stdout
        # "  Destroyed                  2/3   66.7%  (attacker loses ...)": each row's chance.
        got = {m[1]: F(m[2]) for m in re.finditer(r"^  (\S.*?) {2,}(\d+(?:/\d+)?) +[\d.]+%", out, re.M)}
        for title, n in want.items():
            assert got.get(title, F(0)) == F(n, 36), (a, d, terrain, title, F(n, 36), out)
print("odds: every pair of types agrees")
PY
cat >"$tmp/reader.cpp" <<'CPP'
#include <cstdio>

#include "illustration/close_combat_factors.hpp"

namespace cc = qrs::illustration::close_combat_factors;
using cc::close_combat::Attacker, cc::close_combat::Defender, cc::close_combat::Effect;
using Type = cc::TroopType;
using qrs::Fraction;

// 4 mounted (+3) against 3 light foot (+2): 7 over 5, the matchup: destroyed.
constexpr auto caught = cc::close_combat::resolve(Attacker{4, Type::mounted, {}}, Defender{3, Type::light_foot, {}});
static_assert(caught.settled.attacker == 7 && caught.settled.defender == 5 && caught.effect == Effect::destroyed);
// 1 heavy foot with its general (+1, +4 against mounted) against 6 mounted (+3): 6 against 9, recoils.
constexpr auto held =
    cc::close_combat::resolve(Attacker{1, Type::heavy_foot, {cc::combat_factors::Modifier::general}}, Defender{6, Type::mounted, {}});
static_assert(held.settled.attacker == 6 && held.settled.defender == 9 && held.effect == Effect::recoils);
// Mounted against light foot, counted by hand: mounted d6+3 beats light foot d6+2 in 21 of 36
// (destroyed: the matchup), ties in 5, and loses 10, 3 of them by more than 3/2 (destroyed).
constexpr auto p = cc::close_combat::odds(Attacker{0, Type::mounted, {}}, Defender{0, Type::light_foot, {}});
static_assert(p[0] == Fraction(24, 36) && p[1] == Fraction(7, 36) && p[2] == Fraction(5, 36));
// Bad going is not for light foot, charging for mounted only: each side's list by its type.
using M = cc::combat_factors::Modifier;
static_assert(cc::combat_factors::total({M::bad_going, M::charging}, Type::light_foot) == 0);
static_assert(cc::combat_factors::total({M::bad_going, M::charging}, Type::mounted) == -1);
static_assert(cc::combat_factors::total({M::bad_going, M::charging}, Type::heavy_foot) == -2);
// Each flank overlapped counts for each overlap, at most twice.
static_assert(cc::combat_factors::total({M::overlapped, M::overlapped, M::overlapped}, Type::mounted) == -2);
static_assert(cc::combat_factors::total({M::overlapped, M::general}, Type::mounted) == 0);
// Heavy foot "charging" 1 +3 = 4 against light foot 2 +2 = 4: a tie, nothing happens.
constexpr auto tie = cc::close_combat::resolve(Attacker{1, Type::heavy_foot, {M::charging}}, Defender{2, Type::light_foot, {}});
static_assert(tie.settled.attacker == 4 && tie.settled.defender == 4 && tie.settled.tie);

int main() { std::puts("factors"); }
CPP
run_reader "$tmp/reader.cpp" "factors"
check_sheet_json "$tmp/illustration/close_combat_factors.json" <<'PY'
tables = {t["id"]: t for t in sheet["tables"]}
sides = tables["close_combat"]["bands"]["key"]["dice"]["opposed"]
assert sides["attacker"]["type_modifiers"] == sides["defender"]["type_modifiers"] == "troop_factors", sides
columns = tables["troop_factors"]["matrix"]["columns"]
assert [c.get("against") for c in columns] == [["heavy_foot", "light_foot"], ["mounted"]], columns
factors = tables["combat_factors"]["modifiers"]
assert factors["types_vocabulary"] == "troop_type", factors
items = {i["id"]: i for i in factors["items"]}
assert items["bad_going"]["except"] == ["light_foot"] and items["bad_going"]["types_note"] == "not Light foot", items
assert items["charging"]["only"] == ["mounted"] and items["charging"]["types_note"] == "only Mounted", items
assert "only" not in items["general"] and "types_note" not in items["general"], items
assert items["overlapped"]["at_most"] == 2 and "at_most" not in items["general"], items
PY
echo "example_factors: ok"
