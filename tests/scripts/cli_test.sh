#!/usr/bin/env bash
# The qrsc command line as users meet it: answers, exit codes, messages, and a failed build
# that leaves the output folder untouched.
set -uo pipefail
qrsc=$1 root=$2
cd "$root"
failures=0 passed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

expect() {  # expect NAME WANT_STATUS WANT_OUTPUT_SUBSTRING -- command...
  local name=$1 want_status=$2 want=$3; shift 4
  local out status
  out=$("$@" 2>&1); status=$?
  if [ "$status" -ne "$want_status" ] || [[ "$out" != *"$want"* ]]; then
    echo "FAIL $name: status $status (want $want_status), output:"; echo "$out" | head -5
    failures=$((failures + 1))
  else
    passed=$((passed + 1))
  fi
}

acw=rules/rff/acw-2.1-15mm.yaml
expect band_table 0 $'double_quick\tDouble Quick' -- "$qrsc" lookup $acw maneuver_good_order 8
expect fire_points 0 $'plus_1\t9 pts.\t+1' -- "$qrsc" lookup $acw fire_point_modifiers 11.5
expect column 0 $'withering\tWithering Fire' -- "$qrsc" lookup $acw fire_effects 8 --column green
expect matrix 0 $'infantry_line\topen\t12 / 16' -- "$qrsc" lookup $acw movement_rates infantry_line --column open
expect battlecry 0 $'rifle\t3\tM-2' -- "$qrsc" lookup rules/battlecry/1812.yaml weapon_dice rifle --column 3
expect no_row 1 "outside table 'fallen_leader'" -- "$qrsc" lookup $acw fallen_leader 11
expect whole_only 1 "keyed by whole die results" -- "$qrsc" lookup $acw maneuver_good_order 7.5
expect unknown_table 1 "has no table 'manuever_good_order'" -- "$qrsc" lookup $acw manuever_good_order 3
expect unknown_column 1 "has no column 'elite'" -- "$qrsc" lookup $acw fire_effects 8 --column elite
expect needs_column 1 "choose one with --column" -- "$qrsc" lookup $acw fire_effects 8
expect usage 2 "" -- "$qrsc" lookup
expect usage_subcommand 2 "" -- "$qrsc" frobnicate

# A bad spec fails with a located diagnostic and leaves existing outputs untouched.
mkdir -p "$tmp/rules/t" "$tmp/out/t"
cat > "$tmp/rules/t/bad.yaml" <<'YAML'
qrs: 1
system: t
title: Bad
tables:
  - id: roll
    kind: bands
    title: Roll
    key: { type: integer }
    rows:
      - { id: hi, title: Hi, band: 8 or more }
      - { id: lo, title: Lo, band: 5 or less }
YAML
echo "previous content" > "$tmp/out/t/bad.hpp"
expect bad_spec 1 "bad.yaml:10:36: error: table 'roll': no band covers 6 to 7" -- "$qrsc" build "$tmp/rules/t/bad.yaml" "$acw" -o "$tmp/out"
if [ "$(cat "$tmp/out/t/bad.hpp")" != "previous content" ] || [ -e "$tmp/out/rff" ] || ls "$tmp/out/t" | grep -q tmp; then
  echo "FAIL untouched_outputs: a failed build changed the output folder"; failures=$((failures + 1))
else
  passed=$((passed + 1))
fi
expect good_build 0 "" -- "$qrsc" build "$acw" -o "$tmp/out"
[ -s "$tmp/out/rff/acw_2_1_15mm.hpp" ] && passed=$((passed + 1)) || { echo "FAIL good_build wrote nothing"; failures=$((failures + 1)); }

# qrsc build --emit: outputs chosen by backend name; a misspelled one is a usage error with a
# suggestion, and nothing is written.
expect emit_unknown 2 "unknown output 'jsn'; did you mean 'json'?" -- "$qrsc" build "$acw" -o "$tmp/emit" --emit cpp,jsn
[ ! -e "$tmp/emit" ] && passed=$((passed + 1)) || { echo "FAIL emit_unknown wrote outputs"; failures=$((failures + 1)); }
expect emit_json 0 "" -- "$qrsc" build "$acw" -o "$tmp/emit" --emit json
if [ -s "$tmp/emit/rff/acw_2_1_15mm.json" ] && [ "$(find "$tmp/emit" -type f | wc -l)" -eq 1 ]; then
  passed=$((passed + 1))
else
  echo "FAIL emit_json: expected only rff/acw_2_1_15mm.json, got:"; find "$tmp/emit" -type f; failures=$((failures + 1))
fi
expect emit_default 0 "" -- "$qrsc" build "$acw" -o "$tmp/emit_default"
if [ -s "$tmp/emit_default/rff/acw_2_1_15mm.hpp" ] && [ -s "$tmp/emit_default/rff/acw_2_1_15mm.html" ] \
   && [ -s "$tmp/emit_default/index.html" ] && [ ! -e "$tmp/emit_default/rff/acw_2_1_15mm.json" ]; then
  passed=$((passed + 1))
else
  echo "FAIL emit_default: the default outputs are the header, the sheet and the index"; failures=$((failures + 1))
fi

# qrsc check: exit 1 with a gcc-style error; JSON for tools; --werror fails on warnings.
expect check_bad 1 "bad.yaml:10:36: error: table 'roll': no band covers 6 to 7" -- "$qrsc" check "$tmp/rules/t/bad.yaml"
expect check_json 1 '"severity": "error"' -- "$qrsc" check --format json "$tmp/rules/t/bad.yaml"
cat > "$tmp/rules/t/warn.yaml" <<'YAML'
qrs: 1
system: t
title: Warn
tables:
  - id: radius
    kind: facts
    title: Radius
    items: [ { id: a, text: "within 4\" of the target" } ]
YAML
expect check_warning 0 "warning: 'text' of fact" -- "$qrsc" check "$tmp/rules/t/warn.yaml"
expect check_werror 1 "warning:" -- "$qrsc" check --werror "$tmp/rules/t/warn.yaml"
expect check_usage 2 "" -- "$qrsc" check --format yaml "$tmp/rules/t/warn.yaml"
# qrsc diff: a numbered change list, to stdout or a file.
expect diff_md 0 "Swept from the Field now occurs on 8 or more instead of 9 or more" -- "$qrsc" diff $acw rules/rff/1812-3-15mm.yaml
"$qrsc" diff $acw rules/rff/maw-3-15mm.yaml -o "$tmp/changes.html" && grep -q "<ol" "$tmp/changes.html" \
  && passed=$((passed + 1)) || { echo "FAIL diff_html"; failures=$((failures + 1)); }
# Each change cites the erratum that explains it (000 change 50 moves every charge band by one).
expect diff_cites 0 "Swept from the Field now occurs on 8 or more instead of 9 or more (changes 50, 53; erratum figure-5)" -- "$qrsc" diff $acw rules/rff/1812-3-15mm.yaml
# Headings several tables share are qualified; rows repeated in groups name their group.
expect diff_heading 0 "## Charge: Die Roll Modifiers" -- "$qrsc" diff $acw rules/rff/maw-3-15mm.yaml
expect diff_row_group 0 "Cavalry Line, Open Ground: now 28 / 36 instead of 18 / 24" -- "$qrsc" diff rules/rff/1812-2.1-15mm.yaml rules/rff/1812-2.1-25mm.yaml --expand
# The 25mm sheet's distances are the 15mm ones x1.5: one item, unless --expand lists them.
expect diff_scale 0 "1. All distances are 1.5 times the 15mm sheet's: 48 values" -- "$qrsc" diff rules/rff/1812-2.1-15mm.yaml rules/rff/1812-2.1-25mm.yaml
expect diff_expand 0 '"12" clear line of sight" instead of "8" clear line of sight"' -- "$qrsc" diff rules/rff/1812-2.1-15mm.yaml rules/rff/1812-2.1-25mm.yaml --expand
expect diff_json 0 '"conversion": "All distances are 1.5 times' -- "$qrsc" diff rules/rff/1812-2.1-15mm.yaml rules/rff/1812-2.1-25mm.yaml --format json
# An output name that says no known format is refused, nothing written.
expect diff_suffix 2 "cannot tell the format of" -- "$qrsc" diff $acw rules/rff/1812-3-15mm.yaml -o "$tmp/changes.txt"
[ ! -e "$tmp/changes.txt" ] && passed=$((passed + 1)) || { echo "FAIL diff_suffix wrote a file"; failures=$((failures + 1)); }

# qrsc publish: the bundle (PDFs at both sizes, HTML, change lists, index), the same bytes on
# every run. Needs Chromium; skipped (saying so) without it.
if [ -x /usr/bin/chromium ] || command -v chromium >/dev/null; then
  maw=rules/rff/maw-3-15mm.yaml
  if "$qrsc" publish $maw -o "$tmp/pub1" 2>/dev/null && "$qrsc" publish $maw -o "$tmp/pub2" 2>/dev/null; then
    for f in index.html rff/maw_3_15mm-letter.pdf rff/maw_3_15mm-a4.pdf rff/maw_3_15mm.html \
             rff/maw_3_15mm-changes.md rff/maw_3_15mm-changes.html; do
      [ -s "$tmp/pub1/$f" ] && { [ "$f" = index.html ] || grep -qF "href=\"$f\"" "$tmp/pub1/index.html"; } \
        && passed=$((passed + 1)) || { echo "FAIL publish: $f missing or not in the index"; failures=$((failures + 1)); }
    done
    diff -r "$tmp/pub1" "$tmp/pub2" >/dev/null && passed=$((passed + 1)) \
      || { echo "FAIL publish: two runs differ"; failures=$((failures + 1)); }
    grep -q 'class="mark"' "$tmp/pub1/rff/maw_3_15mm.html" && passed=$((passed + 1)) \
      || { echo "FAIL publish: no change marks on a sheet with numbered errata"; failures=$((failures + 1)); }
  else
    echo "FAIL publish: exit status"; failures=$((failures + 1))
  fi
else
  echo "publish: chromium is not installed; skipped"
fi

echo "cli: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
