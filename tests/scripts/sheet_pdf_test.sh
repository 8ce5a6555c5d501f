#!/usr/bin/env bash
# `qrsc sheet` and the sheets `qrsc build` writes, as users meet them: HTML and PDF outputs,
# paper sizes, exit codes and messages, and nothing half-written on failure. The PDF checks
# need Chromium; without it they are skipped (exit 77) after the others have run.
source "$(dirname "$0")/scratch_checks.sh"
cd "$root"
check() {  # check NAME CONDITION...
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); else echo "FAIL $name"; failures=$((failures + 1)); fi
}

acw=rules/rff/acw-2.1-15mm.yaml
expect html 0 "" -- "$qrsc" sheet $acw -o "$tmp/acw.html"
check html_is_a_sheet grep -q '@page { size: letter landscape' "$tmp/acw.html"
expect html_a4 0 "" -- "$qrsc" sheet $acw -o "$tmp/acw-a4.html" --paper a4
check html_a4_size grep -q '@page { size: A4 landscape' "$tmp/acw-a4.html"
expect bad_paper 2 "" -- "$qrsc" sheet $acw -o "$tmp/x.html" --paper legal
expect bad_output 2 "must end in .html or .pdf" -- "$qrsc" sheet $acw -o "$tmp/x.txt"
expect abstract 1 "is abstract" -- "$qrsc" sheet rules/rff/common/v3-changes.yaml -o "$tmp/x.html"
expect no_chromium 1 "Debian package 'chromium'" -- "$qrsc" sheet $acw -o "$tmp/x.pdf" --chromium "$tmp/no-such-chromium"
check nothing_written_on_failure test ! -e "$tmp/x.pdf" -a ! -e "$tmp/x.html"

# qrsc build writes a sheet beside each header, and an index of them all.
expect build 0 "" -- "$qrsc" build $acw rules/battlecry/1812.yaml -o "$tmp/gen"
check build_sheet test -s "$tmp/gen/rff/acw_2_1_15mm.html"
check build_index grep -q 'href="rff/acw_2_1_15mm.html"' "$tmp/gen/index.html"
check build_index_battlecry grep -q 'href="battlecry/1812.html"' "$tmp/gen/index.html"

skipped=0
if [ -x /usr/bin/chromium ] || command -v chromium >/dev/null; then
  expect pdf 0 "" -- "$qrsc" sheet $acw -o "$tmp/acw.pdf" --paper a4
  check pdf_magic test "$(head -c 4 "$tmp/acw.pdf")" = "%PDF"
  info=$(pdfinfo "$tmp/acw.pdf" 2>&1)
  check pdf_two_pages grep -Eq '^Pages: +2$' <<<"$info"
  check pdf_a4_landscape grep -Eq '^Page size: +841.9[0-9]* x 59[45].[0-9]* pts' <<<"$info"
  check pdf_no_temporaries test -z "$(ls "$tmp" | grep -E 'tmp[0-9]+$')"
  # A house variant whose movement-rate table is too wide for its column even with its
  # headings and row names wrapped and at the smallest type (a heading of one long word; the
  # variants that wrapping fixes are tests/print_layout's): the browser that prints it measures
  # it, and the build fails naming sheet, paper, page and table, writing nothing.
  mkdir -p "$tmp/house"
  cat >"$tmp/house/wide.yaml" <<'SPEC'
qrs: 1
id: acw-wide-house
extends: rff/acw-2.1-15mm
subtitle: Quick Reference Sheet Ver. 2.1 for 15mm, with a house railroad column
sources:
  - { id: house, title: House rules, edition: "1" }
tables:
  - id: movement_rates
    columns:
      - { id: rail, add: true, name: RailroadAndSteamboatMovementByTheTimetableOfTheDay }
SPEC
  expect too_wide 1 "wide.yaml: error: the sheet does not fit its pages on Letter paper" -- \
    "$qrsc" -I rules build "$tmp/house/wide.yaml" --emit pdf -o "$tmp/house/out"
  expect too_wide_names_the_table 1 'wide.yaml: note: page 1, table movement_rates (Movement Rate): ' -- \
    "$qrsc" -I rules sheet "$tmp/house/wide.yaml" -o "$tmp/house/wide-a4.pdf" --paper a4
  check too_wide_nothing_written test ! -e "$tmp/house/out" -a ! -e "$tmp/house/wide-a4.pdf"
  # The author's own fix (docs/sheets.md, "A sheet's own layout"): the diagnostic names the
  # sheet's own layout file, beside the spec; with the movement rates on a page of their own
  # there, the sheet fits.
  expect too_wide_names_own_layout 1 "note: give the table more room in the sheet's own layout, $tmp/house/wide.layout.yaml" -- \
    "$qrsc" -I rules sheet "$tmp/house/wide.yaml" -o "$tmp/house/wide-a4.pdf" --paper a4
  cat >"$tmp/house/wide.layout.yaml" <<'LAYOUT'
pages:
  - columns:
      - sections:
          - title: Movement Rate
            tables: [movement_rates]
  - flow: 3
    columns:
      - sections:
          - tables: ["*"]
LAYOUT
  expect own_layout_fits 0 "" -- "$qrsc" -I rules sheet "$tmp/house/wide.yaml" -o "$tmp/house/wide-a4.pdf" --paper a4
  check own_layout_printed test -s "$tmp/house/wide-a4.pdf"
  echo 'pages: { columns: 3 }' >"$tmp/house/wide.layout.yaml"
  expect own_layout_error 1 "wide.layout.yaml:1:8: error: a sheet's own layout needs \`pages\`, a list" -- \
    "$qrsc" -I rules sheet "$tmp/house/wide.yaml" -o "$tmp/house/bad.pdf"
else
  echo "chromium is not installed (Debian package chromium): PDF checks skipped"
  skipped=1
fi

echo "sheet cli: $passed passed, $failures failed"
[ "$failures" -eq 0 ] || exit 1
[ "$skipped" -eq 0 ] || exit 77
