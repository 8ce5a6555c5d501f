#!/usr/bin/env bash
# qrs-migrate on the sample consumer (tests/migrate/sample: several files, a namespace alias,
# `using enum`, a template, a macro, qualified and unqualified uses), from the ACW sheet to
# 1812 Version 3 and to MAW Version 3:
#   - --dry-run prints a unified diff and changes nothing;
#   - the migration compiles against the target header with -Werror (g++ and clang++);
#   - a second run changes nothing;
#   - migrating back to ACW gives the original files;
#   - a use of something the target lacks (a row, a table) is reported at its line and column,
#     left as it is, and the exit status is 1;
#   - unmigrated code (only the include and namespace switched by hand) compiles against the
#     target header with deprecation warnings that name each replacement.
set -euo pipefail
migrate=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
flags=(-std=c++20 -Wall -Wextra -pedantic -Werror -I"$root/runtime" -I"$root/generated")

run_target() {
  local spec=$1 header=$2 ns=$3
  local dir=$tmp/$ns
  mkdir -p "$dir"
  cp -r "$root/tests/migrate/sample" "$root/tests/migrate/removed" "$dir/"
  cp -r "$dir/sample" "$dir/original"
  local files=("$dir"/sample/*.cpp)

  # --dry-run: a unified diff on stdout, no file touched.
  "$migrate" --from "$root/rules/rff/acw-2.1-15mm.yaml" --to "$root/$spec" --dry-run "${files[@]}" > "$dir/diff.txt" ||
    fail "$ns: --dry-run exited $?"
  grep -qx -- '-#include "rff/acw_2_1_15mm.hpp"' "$dir/diff.txt" || fail "$ns: the diff does not remove the old include"
  grep -qx -- "+#include \"$header\"" "$dir/diff.txt" || fail "$ns: the diff does not add $header"
  grep -q '^@@ -' "$dir/diff.txt" || fail "$ns: no hunk header in the diff"
  diff -r "$dir/original" "$dir/sample" > /dev/null || fail "$ns: --dry-run changed files"

  # The migration itself.
  "$migrate" --from "$root/rules/rff/acw-2.1-15mm.yaml" --to "$root/$spec" "${files[@]}" || fail "$ns: migration exited $?"
  if grep -nwE 'acw_2_1_15mm|crack|green|crack_unit|green_firing|extended_line_or_militia' "$dir"/sample/*; then
    fail "$ns: old names remain after the migration"
  fi
  grep -q "namespace acw = qrs::rff::$ns;" "$dir/sample/sheet.hpp" || fail "$ns: namespace alias not moved"
  grep -q '#define SAMPLE_RECRUIT_RATING acw::TargetRating::raw' "$dir/sample/sheet.hpp" || fail "$ns: macro body not migrated"
  grep -q 'case elite: modifiers += 1; break;' "$dir/sample/fire.cpp" || fail "$ns: using-enum use not migrated"
  grep -q "qrs::rff::$ns::charge_modifiers::total({Modifier::open_order_or_militia})" "$dir/sample/charge.cpp" ||
    fail "$ns: qualified use not migrated"
  grep -q "using enum qrs::rff::$ns::charge_modifiers::Modifier;" "$dir/sample/charge.cpp" ||
    fail "$ns: fully qualified using enum not migrated"
  grep -q "charge_modifiers::total({raw, open_order_or_militia})" "$dir/sample/charge.cpp" ||
    fail "$ns: names brought in by a qualified using enum not migrated"
  for cxx in g++ clang++; do
    for f in "$dir"/sample/*.cpp; do "$cxx" "${flags[@]}" -fsyntax-only "$f" || fail "$ns: $f does not compile with $cxx"; done
  done
  # Values that both sheets print alike: Elite +2 and Raw -1 on the maneuver table (as ACW's
  # Crack +2 and Green -1; 000 and 002 change 3).
  g++ "${flags[@]}" "$dir"/sample/*.cpp -o "$dir/game"
  read -r elite raw _ < <("$dir/game")
  [ "$elite $raw" = "2 -1" ] || fail "$ns: the migrated program reads Elite $elite and Raw $raw, not 2 and -1"

  # A second run changes nothing (the files now use the target header).
  cp -r "$dir/sample" "$dir/migrated"
  "$migrate" --from "$root/rules/rff/acw-2.1-15mm.yaml" --to "$root/$spec" "${files[@]}" || fail "$ns: second run exited $?"
  diff -r "$dir/migrated" "$dir/sample" || fail "$ns: the second run changed files"

  # And back: the target's renamed names return to the ACW ones, byte for byte.
  cp -r "$dir/migrated" "$dir/back"
  "$migrate" --from "$root/$spec" --to "$root/rules/rff/acw-2.1-15mm.yaml" "$dir"/back/*.cpp || fail "$ns: back to ACW exited $?"
  diff -r "$dir/original" "$dir/back" || fail "$ns: migrating back to ACW does not give the original"

  # The rifle musket row (rm) is not on either Version 3 sheet: reported where it is used.
  local volley=$dir/removed/volley.cpp line col status=0
  line=$(grep -n 'Row::rm' "$volley" | cut -d: -f1)
  col=$(awk -v n="$line" 'NR == n { print index($0, "Row::rm") + 5 }' "$volley")
  local before_line
  before_line=$(sed -n "${line}p" "$volley")
  "$migrate" --from "$root/rules/rff/acw-2.1-15mm.yaml" --to "$root/$spec" "$volley" 2> "$dir/errors.txt" || status=$?
  [ "$status" -eq 1 ] || fail "$ns: exit status $status for a removed item (expected 1)"
  grep -q "volley.cpp:$line:$col: error: 'musketry_fire_points::Row::rm' is not in $spec" "$dir/errors.txt" ||
    { cat "$dir/errors.txt" >&2; fail "$ns: the removed row is not reported at $line:$col"; }
  [ "$(sed -n "${line}p" "$volley")" = "$before_line" ] || fail "$ns: the line with the removed row was changed"
  grep -q 'Modifier::raw_firing' "$volley" || fail "$ns: the rest of the file was not migrated"

  # Unmigrated code: only the include and the namespace switched by hand. The deprecated
  # aliases keep it compiling and say what to write instead.
  mkdir -p "$dir/unmigrated"
  for f in "$dir"/original/*; do
    sed -e "s|rff/acw_2_1_15mm.hpp|$header|" -e "s|acw_2_1_15mm|$ns|g" "$f" > "$dir/unmigrated/$(basename "$f")"
  done
  for cxx in g++ clang++; do
    : > "$dir/warnings.txt"
    for f in "$dir"/unmigrated/*.cpp; do
      "$cxx" "${flags[@]}" -Wno-error=deprecated-declarations -fsyntax-only "$f" 2>> "$dir/warnings.txt" ||
        fail "$ns: unmigrated $f does not compile with $cxx"
    done
    for w in "green is renamed to raw in $spec" "crack is renamed to elite in $spec" \
             "crack_unit is renamed to elite_unit in $spec" "green_firing is renamed to raw_firing in $spec" \
             "extended_line_or_militia is renamed to open_order_or_militia in $spec"; do
      grep -q "$w" "$dir/warnings.txt" || { cat "$dir/warnings.txt" >&2; fail "$ns: no $cxx warning '$w'"; }
    done
  done
  echo "$ns: migrated, compiles, second run unchanged, removed row reported at $line:$col, deprecations warn"
}

run_target rules/rff/1812-3-15mm.yaml rff/1812_3_15mm.hpp n1812_3_15mm
run_target rules/rff/maw-3-15mm.yaml rff/maw_3_15mm.hpp maw_3_15mm

# A table the target lacks: 1812's Congreve rockets, moving back to ACW.
cp "$root/tests/migrate/removed/rockets.cpp" "$tmp/rockets.cpp"
status=0
"$migrate" --from "$root/rules/rff/1812-3-15mm.yaml" --to "$root/rules/rff/acw-2.1-15mm.yaml" "$tmp/rockets.cpp" \
  2> "$tmp/errors.txt" || status=$?
[ "$status" -eq 1 ] || fail "rockets: exit status $status for a removed table (expected 1)"
line=$(grep -n 'bool rockets_reach' "$tmp/rockets.cpp" | cut -d: -f1)
grep -q "rockets.cpp:$line:24: error: table 'rocket_fire_points' is not in rules/rff/acw-2.1-15mm.yaml" "$tmp/errors.txt" ||
  { cat "$tmp/errors.txt" >&2; fail "rockets: the removed table is not reported at $line:24"; }
grep -q 'Modifier::green_firing' "$tmp/rockets.cpp" || fail "rockets: raw_firing did not go back to green_firing"
echo "rockets: removed table reported at $line:24"

# -p: the compile commands of a build folder instead of the fixed ones.
mkdir -p "$tmp/p/build"
cp -r "$root/tests/migrate/sample" "$tmp/p/"
printf '[{"directory": "%s", "file": "%s", "command": "c++ -std=c++20 -Wall -Werror -I%s -I%s -c %s"}]\n' \
  "$tmp/p" "$tmp/p/sample/fire.cpp" "$root/runtime" "$root/generated" "$tmp/p/sample/fire.cpp" \
  > "$tmp/p/build/compile_commands.json"
"$migrate" --from "$root/rules/rff/acw-2.1-15mm.yaml" --to "$root/rules/rff/1812-3-15mm.yaml" -p "$tmp/p/build" \
  "$tmp/p/sample/fire.cpp" || fail "-p: exited $?"
grep -q 'case elite: modifiers += 1; break;' "$tmp/p/sample/fire.cpp" || fail "-p: fire.cpp not migrated"
echo "-p: compile commands from a build folder used"

# The Clang tools' convention: the compile flags after `--` (a fixed compilation database), and
# specs by name as qrsc takes them (./rules, QRS_PATH).
mkdir -p "$tmp/fixed"
cp -r "$root/tests/migrate/sample" "$tmp/fixed/"
fire=$tmp/fixed/sample/fire.cpp
(cd "$root" && "$migrate" --from acw-2.1-15mm --to rff/1812-3-15mm --dry-run "$fire" \
  -- -std=c++20 -I"$root/runtime" -I"$root/generated") > "$tmp/fixed/diff.txt" || fail "names and --: exited $?"
[ "$(head -2 "$tmp/fixed/diff.txt")" = "$(printf -- '--- a%s\n+++ b%s' "$fire" "$fire")" ] ||
  { head -2 "$tmp/fixed/diff.txt" >&2; fail "the diff header of an absolute path is not a$fire"; }
status=0; (cd "$root" && "$migrate" --from acw-2.1-15mm --to 1812-3-15mm "$fire" -- -std=c++20 -I"$root/runtime") \
  2> "$tmp/fixed/errors.txt" || status=$?
[ "$status" -eq 1 ] && grep -q "does not compile against rff/acw_2_1_15mm.hpp" "$tmp/fixed/errors.txt" ||
  { cat "$tmp/fixed/errors.txt" >&2; fail "the flags after -- were not the ones used (status $status)"; }
(cd "$tmp" && QRS_PATH="$root/rules" "$migrate" --from acw-2.1-15mm --to 1812-3-15mm "$fire" \
  -- -std=c++20 -I"$root/runtime" -I"$root/generated") || fail "QRS_PATH and --: exited $?"
grep -q 'case elite: modifiers += 1; break;' "$fire" || fail "--: fire.cpp not migrated"
status=0; out=$(cd "$tmp" && "$migrate" --from acw-2.1-15mm --to 1812-3-15mm "$fire" 2>&1) || status=$?
[ "$status" -eq 2 ] && [[ "$out" == *"no spec file or spec named 'acw-2.1-15mm'"* ]] || fail "unknown name: status $status: $out"
status=0; out=$("$migrate" --from "$root/rules/rff/1812-3-15mm.yaml" --to "$root/rules/rff/acw-2.1-15mm.yaml" -p "$tmp/p/build" \
  "$fire" -- -std=c++20 2>&1) || status=$?
[ "$status" -eq 2 ] && [[ "$out" == *"not both"* ]] || fail "-p and --: status $status: $out"
echo "--: fixed compile flags used, specs by name, absolute paths in the diff header"

# Odd files: a link loop and a FIFO are refused with a message (never an abort or a hang); a
# migrated file keeps its mode; a file with another hard link is refused unless
# --break-hardlinks; an include through a macro is reported and its file left unchanged.
acw_spec=$root/rules/rff/acw-2.1-15mm.yaml v3_spec=$root/rules/rff/1812-3-15mm.yaml
mkdir -p "$tmp/odd" && cd "$tmp/odd"
ln -s loop_a.cpp loop_b.cpp && ln -s loop_b.cpp loop_a.cpp
status=0; out=$(timeout 60 "$migrate" --from "$acw_spec" --to "$v3_spec" loop_a.cpp 2>&1) || status=$?
[ "$status" -eq 2 ] && [[ "$out" == *"loop_a.cpp: Too many levels of symbolic links"* ]] || fail "link loop: status $status: $out"
mkfifo pipe.cpp
status=0; out=$(timeout 60 "$migrate" --from "$acw_spec" --to "$v3_spec" pipe.cpp 2>&1) || status=$?
[ "$status" -eq 2 ] && [[ "$out" == *"pipe.cpp: not a regular file"* ]] || fail "FIFO: status $status: $out"
cp "$root/tests/migrate/sample/fire.cpp" "$root/tests/migrate/sample/sheet.hpp" .
chmod 0600 fire.cpp
"$migrate" --from "$acw_spec" --to "$v3_spec" fire.cpp || fail "mode: migration exited $?"
[ "$(stat -c %a fire.cpp)" = 600 ] || fail "mode: fire.cpp is $(stat -c %a fire.cpp) after the migration, not 600"
mkdir links && cd links  # a sheet.hpp of its own, not migrated yet
cp "$root/tests/migrate/sample/sheet.hpp" .
cp "$root/tests/migrate/sample/fire.cpp" linked.cpp && ln linked.cpp other_link.cpp
status=0; out=$("$migrate" --from "$acw_spec" --to "$v3_spec" linked.cpp 2>&1) || status=$?
[ "$status" -eq 1 ] && [[ "$out" == *"has 2 hard links"* ]] && cmp -s linked.cpp "$root/tests/migrate/sample/fire.cpp" ||
  fail "hard link: status $status: $out"
"$migrate" --from "$acw_spec" --to "$v3_spec" --break-hardlinks linked.cpp || fail "--break-hardlinks exited $?"
grep -q 'case elite:' linked.cpp && cmp -s other_link.cpp "$root/tests/migrate/sample/fire.cpp" || fail "--break-hardlinks"
mkdir ../macro && cd ../macro
sed 's|#include "rff/acw_2_1_15mm.hpp"|#define SHEET_HDR "rff/acw_2_1_15mm.hpp"\n#include SHEET_HDR|' "$root/tests/migrate/sample/sheet.hpp" > macro.hpp
sed 's|#include "sheet.hpp"|#include "macro.hpp"|' "$root/tests/migrate/sample/fire.cpp" > macro_user.cpp
cp macro.hpp macro.before && cp macro_user.cpp macro_user.before
status=0; out=$("$migrate" --from "$acw_spec" --to "$v3_spec" macro_user.cpp 2>&1) || status=$?
[ "$status" -eq 1 ] && [[ "$out" == *"macro.hpp:"*"cannot rewrite an include whose name comes from a macro; no file is changed"* ]] ||
  fail "macro include: status $status: $out"
cmp -s macro.hpp macro.before && cmp -s macro_user.cpp macro_user.before || fail "macro include: a file was changed"
cd "$root"
echo "odd files: link loop and FIFO refused, mode kept, hard links refused unless asked, macro include left unchanged"
