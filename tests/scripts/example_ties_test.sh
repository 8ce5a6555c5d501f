#!/usr/bin/env bash
# examples/ties/close_combat.yaml (tie: none, ratio bands, ratio_floor) compiles without warning
# to a header that compiles under both compilers, and its printed sheet says how a tie and a
# total of 0 or less are read (docs/spec-format.md, opposed rolls).
set -euo pipefail
qrsc=$1 root=$2
spec=$root/examples/ties/close_combat.yaml
. "$(dirname "$0")/example_build.sh"
build_example "$spec" cpp,html illustration/close_combat.hpp
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
echo "example_ties: ok"
