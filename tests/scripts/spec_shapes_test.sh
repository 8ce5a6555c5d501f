#!/usr/bin/env bash
# Specs shaped as new users write them (tests/shapes/rules/), each for a way the eight specs of
# rules/ had hidden a wrong answer: what qrsc answers, checks and builds for them.
# Usage: spec_shapes_test.sh QRSC ROOT
source "$(dirname "$0")/scratch_checks.sh"
shapes=$root/tests/shapes/rules
acw=$root/rules/rff/acw-2.1-15mm.yaml

# A word of a side that names a column (a type) and a modifier of that side is not silently
# read as the type: "bd" is Blades' printed name and the +5 modifier 'bd'. Named as type=, the
# type leaves bd to the modifier: 3 + 5 against 3 + 4 is a margin of 1 for the attacker, so the
# defender (Spears) recoils.
close=$shapes/dba/close.yaml
expect word_two_readings 1 "'bd' could be the attacker's type Bd ('blades') or the modifier 'bd' of 'factors' (+5, Blades)" \
  -- "$qrsc" lookup "$close" melee --attacker 3 bd blades --defender 3 sp spears
expect word_two_readings_odds 1 "could be the attacker's type Bd" -- "$qrsc" odds "$close" melee --attacker bd --defender spears
expect type_named 0 $'recoil\tRecoil\t1\tdefender\tspears' \
  -- "$qrsc" lookup "$close" melee --attacker 3 type=blades bd --defender 3 type=spears sp --format tsv
expect type_named_twice 1 "the attacker has one type; 'blades' and 'spears' are two" \
  -- "$qrsc" lookup "$close" melee --attacker 3 type=blades type=spears --defender 3 type=spears
expect type_unknown 1 "has no column 'knights'" -- "$qrsc" lookup "$close" melee --attacker 3 type=knights --defender 3 type=spears

# A roll read without modifiers (003: the fallen leader check reads the base die) takes none,
# from lookup as from odds.
expect lookup_unmodified 1 "table 'fallen_leader' reads its roll without modifiers" -- "$qrsc" lookup "$acw" fallen_leader 3 +2
expect odds_unmodified 1 "table 'fallen_leader' reads its roll without modifiers" -- "$qrsc" odds "$acw" fallen_leader -m +2
expect lookup_unmodified_plain 0 "" -- "$qrsc" lookup "$acw" fallen_leader 3

# An unmodified 2d6 shows 2 to 12: a key of 0 to 12 is refused at the dice, as a d6's 0 to 6 is.
expect unmodified_2d6 1 "unmodified-2d6.yaml:16:13: error: dice of table 'leader': an unmodified 2d6 reads results 2 to 12; set key min: 2 and max: 12" \
  -- "$qrsc" check "$shapes/t/unmodified-2d6.yaml"
# A reroll that never ends at a modifier the sheet allows is a warning at `outside`.
expect endless_reroll 0 "endless-reroll.yaml:21:16: warning: table 'roll': at a net modifier of +20, every result of d6 (21 to 26) is past the key's range and rolled again" \
  -- "$qrsc" check "$shapes/t/endless-reroll.yaml"
expect endless_reroll_werror 1 "" -- "$qrsc" check --werror "$shapes/t/endless-reroll.yaml"
# A band the sources do not give is '?' in a row, a column and a part: taken with a warning (and
# by the spec schema: spec_schema_agrees_with_qrsc reads this spec too).
expect unknown_band 0 "unknown-band.yaml:21:54: warning: morale/falter/fresh is not given in the source documents ('?'); the sheet prints it as unknown" \
  -- "$qrsc" check "$shapes/t/unknown-band.yaml"
# A modifier whose id is digits only ("2", +3 Two stands) is named by it on the command line; a
# signed number is the number: 1 + 3 is 4 (High), 1 + 2 is 3 (Low).
expect digit_id 0 "Roll: 1 +3 (Two stands) = 4" -- "$qrsc" lookup "$shapes/t/digit-ids.yaml" roll 1 2
expect digit_id_signed 0 "Roll: 1 +2 = 3" -- "$qrsc" lookup "$shapes/t/digit-ids.yaml" roll 1 +2
# A label stands for a band every column shares.
expect label_across 1 "label-across.yaml:20:51: error: row 'destroyed' of table 'outcome' (kind bands): its label 'Doubled' is printed over every column, but its band differs by column (foot: 2 or more, horse: 3 or more)" \
  -- "$qrsc" check "$shapes/t/label-across.yaml"

# A variant that changes only its figure scale needs no erratum for the texts that name it,
# checked alone, first, or after its sibling.
expect scale_only_alone 0 "" -- "$qrsc" check --werror "$shapes/house/scale-28mm.yaml"
expect scale_only_first 0 "" -- "$qrsc" check --werror "$shapes/house/scale-28mm.yaml" "$shapes/house/scale-6mm.yaml"
expect scale_only_after 0 "" -- "$qrsc" check --werror "$shapes/house/scale-6mm.yaml" "$shapes/house/scale-28mm.yaml"

# A spec's outputs are the same built alone, beside its parent, or beside its sibling, in any
# order: each names its own figure scale.
build() {  # build DIR SPEC...: every output of the specs into DIR
  local out=$1; shift
  "$qrsc" -q build --emit cpp,html,json -o "$out" "$@" >/dev/null 2>&1
}
build alone "$shapes/house/scale-6mm.yaml"
build with_parent "$shapes/house/base-15mm.yaml" "$shapes/house/scale-6mm.yaml"
build sibling_first "$shapes/house/scale-28mm.yaml" "$shapes/house/scale-6mm.yaml" "$shapes/house/base-15mm.yaml"
if grep -q "Figures are 6mm." alone/house/scale_6mm.html 2>/dev/null; then ok; else fail "scale_only_text: alone/house/scale_6mm.html lacks 'Figures are 6mm.'"; fi
for run in with_parent sibling_first; do
  for f in alone/house/scale_6mm.*; do
    if cmp -s "$f" "$run/house/${f##*/}"; then ok; else fail "purity_$run: ${f##*/} differs from the one built alone"; fi
  done
done
if grep -q "Figures are 15mm." with_parent/house/base_15mm.html 2>/dev/null; then ok; else fail "purity_parent: the parent lost its 15mm"; fi

# A rename follows the sheet's words, not a source document's title.
build renamed "$shapes/house/elite.yaml"
if grep -q '"The Crack Book"' renamed/house/elite.json && ! grep -q "Elite Book" renamed/house/elite.json; then ok; else
  fail "rename_source_title: the source 'The Crack Book' was renamed"; fi
if grep -q '"Elite"' renamed/house/elite.json; then ok; else fail "rename_term: the term Crack is not Elite"; fi

finish spec_shapes
