#!/usr/bin/env bash
# Errata over editions and patching, as a publisher and a house-rules author meet them: a new
# edition of the 1812 Version 3 sheet in a git repository whose erratum E1 moves the Swept from
# the Field band and supersedes change 50 and Figure 5 (000_4267cc442892cd44.txt, change 50: "a Swept from the
# Field effect now occurs on an 8 or more, a Driven Back effect on a difference of 4 to 7"),
# compared with the tagged edition; and a house variant of the ACW sheet whose patched row id
# is a typo (003_a6f04452eb944eb1.txt: the maneuver table's first row is Double Quick).
source "$(dirname "$0")/scratch_checks.sh"

lacks() {  # lacks NAME UNWANTED_SUBSTRING -- command...
  local name=$1 unwanted=$2; shift 3
  local out
  out=$("$@" 2>&1)
  if [[ "$out" == *"$unwanted"* ]]; then fail "$name: output has '$unwanted'"; echo "$out" | head -8; else ok; fi
}

# --- editions: a scratch repository holding the published rules, tagged v3 --------------------
repo=$tmp/repo
mkdir -p "$repo"
cp -r "$root/rules" "$repo/rules"
git -C "$repo" init -q
git -C "$repo" -c user.name=t -c user.email=t@example.org add rules
git -C "$repo" -c user.name=t -c user.email=t@example.org commit -q -m "Version 3"
git -C "$repo" tag v3
spec=$repo/rules/rff/1812-3-15mm.yaml

# Edition 3.1: Swept from the Field on 7 or more, Driven Back on 4 to 6, erratum E1.
edit_edition() {  # edit_edition SUPERSEDES_LINE
  git -C "$repo" checkout -q -- rules
  sed -i 's/^edition: "3"$/edition: "3.1"/' "$spec"
  sed -i '/^errata:$/i\
  - id: charge_effects\
    rows:\
      - { id: swept_from_the_field, band: 7 or more }\
      - { id: driven_back, band: 4 to 6 }' "$spec"
  cat >>"$spec" <<YAML
  - id: E1
    doc: s000
    text: A Swept from the Field effect occurs on a 7 or more, a Driven Back effect on 4 to 6.
    covers: [charge_effects/swept_from_the_field, charge_effects/driven_back]
$1
    asserts:
      - { table: charge_effects, row: swept_from_the_field, starts: 7 }
      - { table: charge_effects, row: driven_back, band: 4 to 6 }
YAML
}
edit_edition '    supersedes: ["50", figure-5]'
cd "$repo"

# supersedes retires the assertions of change 50 and of Figure 5 ("8 or more", "4 to 7"), with a note.
expect supersedes_note 0 "note: erratum '50' is superseded by erratum 'E1': its assertions are not checked" -- "$qrsc" check "$spec"
# The sheet marks E1 beside the row it covers, with change 50 (which covers the row too).
"$qrsc" sheet "$spec" -o "$tmp/marks.html" --change-marks >/dev/null 2>&1
grep -q '50, 53, E1)' "$tmp/marks.html" && ok || fail "marks_e1: no '(50, 53, E1)' on the Swept from the Field row"
# Against the tagged edition, only E1 is marked.
"$qrsc" sheet "$spec" -o "$tmp/since.html" --change-marks --since v3 >/dev/null 2>&1
grep -q '(E1)' "$tmp/since.html" && ok || fail "marks_since: no '(E1)'"
grep -q '(50' "$tmp/since.html" && fail "marks_since: change 50 is marked though the edition of v3 had it" || ok

# diff --since a git revision: both sides named by title, edition and path; only E1 cited.
diff_since() { "$qrsc" diff --since v3 "$spec"; }
expect diff_since_title 0 "# Summary of changes: 1812 QRS Version 3, edition 3 to 1812 QRS Version 3, edition 3.1" -- diff_since
expect diff_since_paths 0 'From `rules/rff/1812-3-15mm.yaml at v3` to `rules/rff/1812-3-15mm.yaml`: 2 changes.' -- diff_since
expect diff_since_band 0 "Swept from the Field now occurs on 7 or more instead of 8 or more (change E1)" -- diff_since
expect diff_since_superseded 0 "- Change 50 is superseded by change E1.
- Erratum figure-5 is superseded by change E1." -- diff_since
# publish --since: the bundle's change list is against the tagged edition (PDFs need Chromium).
if [ -x /usr/bin/chromium ]; then
  "$qrsc" publish "$spec" --since v3 -o "$tmp/bundle" >/dev/null 2>&1
  changes=$tmp/bundle/rff/1812_3_15mm-changes.md
  grep -q 'Swept from the Field now occurs on 7 or more instead of 8 or more (change E1)' "$changes" && ok ||
    fail "publish_since: the change list is not against the edition of v3"
  grep -q '^- Change 50 is superseded by change E1.$' "$changes" && ok || fail "publish_since_superseded"
fi
# Two files: the tagged edition checked out elsewhere.
mkdir -p "$tmp/old"
git -C "$repo" archive v3 rules | tar -x -C "$tmp/old"
expect diff_files 0 "Driven Back now occurs on 4 - 6 instead of 4 - 7 (change E1)" -- "$qrsc" diff "$tmp/old/rules/rff/1812-3-15mm.yaml" "$spec"
expect diff_bad_revision 1 "git ls-tree failed" -- "$qrsc" diff --since no-such-tag "$spec"
expect diff_since_option 1 "'-x' is neither a spec file nor a git revision" -- "$qrsc" diff --since=-x "$spec"
expect diff_since_usage 2 "with --since, diff takes one spec" -- "$qrsc" diff --since v3 "$spec" "$spec"
# Against its parent, the new edition's change list cites every erratum that covers the row.
expect diff_parent 0 "Swept from the Field now occurs on 7 or more instead of 9 or more (changes 50, 53, E1" -- "$qrsc" diff -I "$repo/rules" rff/acw-2.1-15mm "$spec"

# Without supersedes, change 50's "8 or more" no longer holds: an error.
edit_edition ''
expect no_supersedes 1 "erratum '50' of 000_4267cc442892cd44.txt says charge_effects/swept_from_the_field starts at 8, but the data has 7 or more" -- "$qrsc" check "$spec"
# An erratum id the sheet cannot print as a mark is a warning.
edit_edition '    supersedes: ["50", figure-5]'
sed -i 's/^  - id: E1$/  - id: "E 1"/' "$spec"
expect unshowable_id 0 "warning: erratum id 'E 1' cannot be shown as a change mark" -- "$qrsc" check "$spec"
sed -i 's/^  - id: "E 1"$/  - id: E1/; s/supersedes: \["50", figure-5\]/supersedes: ["500", figure-5]/' "$spec"
expect supersedes_typo 1 "erratum 'E1' supersedes '500', which is not among the spec's errata; did you mean '50'?" -- "$qrsc" check "$spec"
# An earlier edition that does not compile: its errors, and what the scratch files are.
echo 'tables: [' >>"$spec"
git -C "$repo" -c user.name=t -c user.email=t@example.org commit -q -am "broken" && git -C "$repo" tag broken
git -C "$repo" checkout -q v3 -- rules
expect since_broken 1 "are the rules folder of rules/rff/1812-3-15mm.yaml as it was at git revision broken" -- "$qrsc" diff --since broken "$spec"
# A revision whose rules folder holds a .yaml blob larger than a spec file may be (5 MB): refused
# by its size, before git is asked for its content (it was read whole, into memory and /tmp).
git -C "$repo" checkout -q v3 -- rules
head -c $((5 * 1024 * 1024)) /dev/zero | tr '\0' '#' > "$repo/rules/huge.yaml"
git -C "$repo" add rules/huge.yaml
git -C "$repo" -c user.name=t -c user.email=t@example.org commit -q -m "huge" && git -C "$repo" tag huge
git -C "$repo" rm -q rules/huge.yaml
expect since_huge_blob 1 "rules/huge.yaml at git revision huge is 5242880 bytes, larger than the limit of 4194304 bytes for a spec file" -- "$qrsc" diff --since huge "$spec"

# --- patching: a house variant's typo'd row id ---------------------------------------------
mkdir -p "$tmp/house"
house=$tmp/house/house.yaml
house_patch() {  # house_patch TABLE LIST ENTRY: a house variant of the ACW sheet patching one entry
  printf 'qrs: 1\nid: acw-house\nextends: rff/acw-2.1-15mm\nsubtitle: House rules\ntables:\n  - id: %s\n    %s:\n      - %s\n' \
    "$1" "$2" "$3" >"$house"
}
house_patch maneuver_good_order rows '{ id: double_quik, band: 9 or more }'
expect typo_row 1 "house.yaml:8:9: error: no row 'double_quik' in table 'maneuver_good_order' of rff/acw-2.1-15mm; did you mean 'double_quick'?" -- "$qrsc" -I "$root/rules" check "$house"
table_line=$(grep -n '^  - id: maneuver_good_order$' "$root/rules/rff/acw-2.1-15mm.yaml" | cut -d: -f1)
expect typo_row_parent 1 "acw-2.1-15mm.yaml:$table_line:5: note: table 'maneuver_good_order' is here" -- "$qrsc" -I "$root/rules" check "$house"
lacks typo_row_no_title "needs 'title'" -- "$qrsc" -I "$root/rules" check "$house"
# A modifier item the same way.
house_patch maneuver_modifiers items '{ id: veteren, value: +2 }'
expect typo_item 1 "no item 'veteren' in table 'maneuver_modifiers' of rff/acw-2.1-15mm; did you mean 'veteran'?" -- "$qrsc" -I "$root/rules" check "$house"
# An item the variant says it adds is added (and then is a change its errata must explain).
sed -i 's/{ id: veteren, value: +2 }/{ id: veteren, add: true, value: +2 }/' "$house"
expect add_new 1 "no erratum covers 'maneuver_modifiers/veteren'" -- "$qrsc" -I "$root/rules" check "$house"
lacks add_new_no_typo "no item 'veteren'" -- "$qrsc" -I "$root/rules" check "$house"
sed -i 's/{ id: veteren, add: true, value: +2 }/{ id: veteran, add: true, value: +2 }/' "$house"
expect add_existing 1 "item 'veteran' is already in table 'maneuver_modifiers' of rff/acw-2.1-15mm" -- "$qrsc" -I "$root/rules" check "$house"

finish editions
