#!/usr/bin/env bash
# The qrsc command line as users meet it: answers, exit codes, messages, and a failed build
# that leaves the output folder untouched.
source "$(dirname "$0")/scratch_checks.sh"
cd "$root"

acw=rules/rff/acw-2.1-15mm.yaml
expect band_table 0 $'double_quick\tDouble Quick' -- "$qrsc" lookup $acw maneuver_good_order 8 --format tsv
expect fire_points 0 $'plus_1\t9 pts.\t+1' -- "$qrsc" lookup $acw fire_point_modifiers 11.5 --format tsv
expect column 0 $'withering\tWithering Fire' -- "$qrsc" lookup $acw fire_effects 8 --column green --format tsv
expect matrix 0 $'infantry_line\topen\t12 / 16' -- "$qrsc" lookup $acw movement_rates infantry_line --column open --format tsv
expect battlecry 0 $'rifle\t3\tM-2' -- "$qrsc" lookup rules/battlecry/1812.yaml weapon_dice rifle --column 3 --format tsv
expect no_row 1 "outside table 'fallen_leader'" -- "$qrsc" lookup $acw fallen_leader 11
# Symbol dice: how many of N dice show each symbol, for N from 1 to 12 (docs/spec-format.md#limits).
expect pool_dice 0 "Infantryman (2 faces of 6) among 4 dice" -- "$qrsc" odds rules/battlecry/1812.yaml shooting_dice --dice 4
expect pool_dice_limit 1 "--dice 13: the counts are exact for 1 to 12 dice" -- "$qrsc" odds rules/battlecry/1812.yaml shooting_dice --dice 13
expect pool_dice_not_a_pool 1 "table 'fallen_leader' is not rolled as symbol dice (key.dice.pool)" -- "$qrsc" odds $acw fallen_leader --dice 2
expect trigger_check 0 "Roll on the Fallen Leader Table (fallen_leader)." -- "$qrsc" lookup $acw fire_effects 10 --column green
expect whole_only 1 "keyed by whole die results" -- "$qrsc" lookup $acw maneuver_good_order 7.5
expect unknown_table 1 "has no table 'manuever_good_order'" -- "$qrsc" lookup $acw manuever_good_order 3
expect unknown_column 1 "has no column 'elite'" -- "$qrsc" lookup $acw fire_effects 8 --column elite
expect needs_column 1 "choose one with --column" -- "$qrsc" lookup $acw fire_effects 8
expect usage 2 "" -- "$qrsc" lookup
expect usage_subcommand 2 "" -- "$qrsc" frobnicate

# Names as people type them: did-you-mean for commands and tables, columns by the distance
# printed on the sheet (after scale conversion), renamed terms by their old name with a note.
expect suggest_command 2 "qrsc: error: unknown command 'lokup'; did you mean 'lookup'?" -- "$qrsc" lokup $acw maneuver_good_order 8
# A run declares only the options of the command it names: a folder named like another
# command, an option after the command, and help still work as with every command declared.
mkdir -p "$tmp/check"
expect command_word_as_value 0 $'double_quick\tDouble Quick' -- bash -c 'cd "$1" && "$2" -I check lookup "$3" maneuver_good_order 8 --format tsv' _ "$tmp" "$qrsc" "$root/$acw"
expect option_after_command 0 $'double_quick\tDouble Quick' -- "$qrsc" lookup -I "$tmp/check" $acw maneuver_good_order 8 --format tsv
expect help_lists_commands 0 "publish" -- "$qrsc" --help
expect command_help 0 "--column" -- "$qrsc" lookup --help
expect suggest_table 1 "has no table 'maneuver_disorderd'; did you mean 'maneuver_disordered'?" -- "$qrsc" lookup $acw maneuver_disorderd 3
expect suggest_row 1 "has no row 'rn'; did you mean 'rm'?" -- "$qrsc" lookup $acw musketry_fire_points rn --column 4in
expect column_inches 0 $'rm\tr4\t1' -- "$qrsc" lookup $acw musketry_fire_points rm --column 4in --format tsv
expect column_inch_mark 0 $'rm\tr12\t1/2' -- "$qrsc" lookup $acw musketry_fire_points rm --column '12"' --format tsv
# 001: the 25mm sheet's musket range bands are 6", 12" and 18" (x 1.5 of 4", 8", 12").
expect column_25mm 0 $'m\tr8\t1/2' -- "$qrsc" lookup rules/rff/1812-2.1-25mm.yaml musketry_fire_points m --column '12"' --format tsv
# A distance between ranges is read in the nearest range at or beyond it, as the header's
# column_for reads it (4" is within the 6" band); beyond the longest range there is no column.
expect column_between_ranges 0 $'m\tr4\t1' -- "$qrsc" lookup rules/rff/1812-2.1-25mm.yaml musketry_fire_points m --column 4in --format tsv
expect column_between_note 0 "note: 4\" is read in the 6\" column of table 'musketry_fire_points' ('r4')" -- "$qrsc" lookup rules/rff/1812-2.1-25mm.yaml musketry_fire_points m --column 4in
expect column_no_range 1 "has no column at 19\" (its ranges are: 6\", 12\", 18\")" -- "$qrsc" lookup rules/rff/1812-2.1-25mm.yaml musketry_fire_points m --column 19in
expect column_renamed 0 "note: 'green' is the parent sheet's Green; this sheet calls it Raw ('raw')" -- "$qrsc" lookup rules/rff/1812-3-15mm.yaml fire_effects 8 --column green
# 003 lines 72-79: "3 - 7 Well Handled maneuver." in the sheet's words, not just "maneuver."
expect verbose_words 0 "Well Handled maneuver." -- "$qrsc" lookup $acw maneuver_good_order 5 -v --format tsv
# The referee's question: "I rolled 7 with +1 and -2 on the disordered table". 003 lines 81-88:
# 5 - 10 Rally, "Return to good order and tardy maneuver".
expect referee 0 $'Disordered or Broken Troops Effects: 7 +1 -2 = 6\nRally. Return to good order and tardy maneuver.' -- "$qrsc" lookup $acw maneuver_disordered 7 +1 -2
# Modifiers by name, with the sheet's non-cumulative groups: provisional command (-1) and out of
# command (-2) are not cumulative (003 change 2), so 6 - 2 + 1 (veteran) = 5: Well Handled (3 - 7).
expect named_modifiers 0 "6 -2 (Out of command) [-1 (Provisional command): not cumulative, does not count] +1 (Veteran) = 5" -- "$qrsc" lookup $acw maneuver_good_order 6 --mod out_of_command --mod provisional_command veteran
# A unit has one rating (000 line 517: "Units are assigned one of four ratings"): green and
# veteran together are refused, naming both, in either order.
expect two_ratings 1 "'veteran' and 'green' cannot both apply: group 'unit_rating'" -- "$qrsc" lookup $acw maneuver_good_order 6 green veteran
expect two_ratings_reversed 1 "'veteran' and 'green' cannot both apply" -- "$qrsc" lookup $acw maneuver_good_order 6 veteran green
expect given_twice 0 "6 +1 (Veteran) [+1 (Veteran): given twice, counts once] = 7" -- "$qrsc" lookup $acw maneuver_good_order 6 veteran veteran
expect named_effect 0 "Well Handled maneuver." -- "$qrsc" lookup $acw maneuver_good_order 6 out_of_command provisional_command veteran
# Fire points as a number, by the key's name: 11.5 points fire at +1 (003 change 14: "11.5
# points ... plus one"), so 6 + 1 = 7 against trained troops is the lower Telling row (7).
expect fire_points_number 0 $'Musketry & Cannonade Effects, Trained: 6 +1 (9 pts.) = 7\nTelling Fire.' -- "$qrsc" lookup $acw fire_effects 6 -c trained fire_points=11.5
expect fire_points_below 1 "'fire_points=-1': no row of 'fire_points' reads Fire points -1" -- "$qrsc" lookup $acw fire_effects 6 -c trained fire_points=-1
# Fire: a crack target, base 7, +1 for 9 fire points (003 change 14): 8 is the lower Telling
# row for crack (7, 8, 9: charge checked or charge home with cold steel).
expect fire_points_row 0 "Telling Fire." -- "$qrsc" lookup $acw fire_effects 7 -c crack plus_1
expect fire_points_part 0 "Charge checked or charge home with cold steel." -- "$qrsc" lookup $acw fire_effects 7 -c crack plus_1
expect suggest_modifier 1 "table 'maneuver_good_order' has no modifier 'veteren'; did you mean 'veteran'?" -- "$qrsc" lookup $acw maneuver_good_order 6 veteren
expect modifiers_on_matrix 1 "die roll modifiers apply to die-result tables" -- "$qrsc" lookup $acw movement_rates infantry_line -c open +1
expect lookup_json 0 '"result": "4"' -- "$qrsc" lookup $acw maneuver_good_order 6 out_of_command --format json
# qrsc show: the fire-effects grid as the sheet prints it (003 lines 221-228 / 001 lines 212-220).
expect show_grid 0 "11 or more  10 or more  9 or more  8 or more  Withering Fire." -- "$qrsc" show $acw fire_effects
expect show_telling 0 "7, 8, 9     7, 8        7          -          Charge checked or charge home" -- "$qrsc" show $acw fire_effects
# 003 gives no road rate for infantry in line (acw movement_rates): "?" and the sheet's footnote,
# in every output.
expect unknown_cell 0 $'Movement Rate: Line, Road: ?\n? not given in the source: RFF QRS Version 2.1 for the American Civil War' -- "$qrsc" lookup $acw movement_rates infantry_line --column road
expect unknown_cell_tsv 0 $'infantry_line\troad\t?' -- "$qrsc" lookup $acw movement_rates infantry_line --column road --format tsv
expect unknown_cell_json 0 '"effect": "?"' -- "$qrsc" lookup $acw movement_rates infantry_line --column road --format json
expect show_unknown_cell 0 "? not given in the source: RFF QRS Version 2.1 for the American Civil War" -- "$qrsc" show $acw movement_rates
expect show_unknown 1 "has no table 'fire_efects'; did you mean 'fire_effects'?" -- "$qrsc" show $acw fire_efects

# Specs by name, wherever a spec is accepted: found under ./rules (then -I, QRS_PATH, installed).
expect spec_by_name 0 $'double_quick\tDouble Quick' -- "$qrsc" lookup acw-2.1-15mm maneuver_good_order 8 --format tsv
expect spec_by_path_name 0 $'swept_from_the_field\tSwept from the Field' -- "$qrsc" lookup rff/1812-3-15mm charge_effects 8 --format tsv
expect spec_name_typo 1 "no spec file or spec named 'acw-2.1-15mn'; did you mean 'acw-2.1-15mm'? (looked in rules)" -- "$qrsc" show acw-2.1-15mn
# A system's layout and procedures sit among its specs (docs/sheets.md, "Layout files";
# docs/game-code.md) but are no specs, by file or by name; spec names offered for a typo are
# specs only.
expect layout_is_no_spec 1 "'rules/rff/rff.layout.yaml' is a package's file (a sheet layout" -- "$qrsc" check rules/rff/rff.layout.yaml
expect package_is_no_spec 1 "'rules/rff/rff.package.yaml' is a package's file" -- "$qrsc" check rules/rff/rff.package.yaml
expect layout_name_is_no_spec 1 "no spec file or spec named 'rff.layout'" -- "$qrsc" check rff.layout

# Errata name real things: a covers path or an assertion target that names nothing is a typo,
# with a suggestion, never advice to mark it disputed.
mkdir -p "$tmp/typo"
cat > "$tmp/typo/house.yaml" <<'YAML'
qrs: 1
extends: rff/acw-2.1-15mm
subtitle: House
sources:
  - { id: house, title: House rules 2026 }
errata:
  - id: h1
    doc: house
    text: Figures are what they were.
    covers: [game_scale/figurs]
  - id: h2
    doc: house
    text: Double quick on 8.
    covers: [maneuver_good_order/double_quick]
    asserts:
      - { table: maneuver_good_order, row: double_quik, starts: 8 }
YAML
expect covers_typo 1 "house.yaml:7:5: error: erratum 'h1' covers 'game_scale/figurs', but table 'game_scale' has no 'figurs'; did you mean 'figures'?" -- "$qrsc" check "$tmp/typo/house.yaml" -I rules
expect assert_typo 1 "house.yaml:16:9: error: erratum 'h2' asserts about something the sheet does not have: table 'maneuver_good_order' has no 'double_quik'; did you mean 'double_quick'?" -- "$qrsc" check "$tmp/typo/house.yaml" -I rules
if "$qrsc" check "$tmp/typo/house.yaml" -I rules 2>&1 | grep -q disputed; then
  echo "FAIL typo_not_disputed: a typo is answered with advice to mark it disputed"; failures=$((failures + 1))
else
  passed=$((passed + 1))
fi

# qrsc explain groups scaled values by table, in the sheet's order, under the row's name.
expect explain_grouped 0 "Movement Rate (movement_rates):" -- "$qrsc" explain rules/rff/1812-2.1-25mm.yaml
expect explain_row_name 0 "  Infantry Line / open: overridden" -- "$qrsc" explain rules/rff/1812-2.1-25mm.yaml
expect explain_converted 0 "  clear: converted 8in -> 12in" -- "$qrsc" explain rules/rff/1812-2.1-25mm.yaml

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
# A build writes each spec's outputs as it goes (staged beside their targets): when a later
# spec fails, the earlier ones' files, and the folders made for them, are gone again.
expect bad_spec_last 1 "no band covers 6 to 7" -- "$qrsc" build "$acw" "$tmp/rules/t/bad.yaml" -o "$tmp/fresh/out"
if [ -e "$tmp/fresh" ]; then
  echo "FAIL fresh_untouched: a failed build left $(find "$tmp/fresh" | head -3 | tr '\n' ' ')"; failures=$((failures + 1))
else
  passed=$((passed + 1))
fi
# A run forgets a small variant's parsed file once it is compiled; a later spec of the run that
# extends that variant reads it again, and gets what it gets alone.
mkdir -p "$tmp/chain/house"
printf 'qrs: 1\nextends: rff/acw-2.1-15mm\nid: chain-one\nsubtitle: Chain one\n' > "$tmp/chain/house/one.yaml"
printf 'qrs: 1\nextends: one\nid: chain-two\nsubtitle: Chain two\n' > "$tmp/chain/house/two.yaml"
expect chain_run 0 "" -- "$qrsc" -I rules build "$tmp/chain/house/one.yaml" "$tmp/chain/house/two.yaml" -o "$tmp/chain/run" --quiet
expect chain_alone 0 "" -- "$qrsc" -I rules build "$tmp/chain/house/two.yaml" -o "$tmp/chain/alone" --quiet
if cmp -s "$tmp/chain/run/rff/chain_two.hpp" "$tmp/chain/alone/rff/chain_two.hpp" &&
   cmp -s "$tmp/chain/run/rff/chain_two.html" "$tmp/chain/alone/rff/chain_two.html" &&
   grep -q "Chain two" "$tmp/chain/run/rff/chain_two.html"; then
  passed=$((passed + 1))
else
  echo "FAIL chain_same: a variant of a variant differs in a run from alone"; failures=$((failures + 1))
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
# A key without a name is headed by one rule on every surface (BandTable::key_heading): "Die
# result" where dice roll it, "Result" where none do; qrsc show and the printed sheet agree.
cat > "$tmp/rules/t/unnamed.yaml" <<'YAML'
qrs: 1
system: t
title: Unnamed
tables:
  - id: roll
    kind: bands
    title: Roll
    key: { type: integer, min: 1, max: 6, dice: { roll: d6 } }
    rows: [ { id: lo, title: Low, band: 1 - 3 }, { id: hi, title: High, band: 4 - 6 } ]
  - id: read
    kind: bands
    title: Read
    key: { type: integer, min: 1, max: 6 }
    rows: [ { id: lo, title: Low, band: 1 - 6 } ]
YAML
expect key_heading_rolled 0 "Die result" -- "$qrsc" show "$tmp/rules/t/unnamed.yaml" roll
expect key_heading_read 0 "Result" -- "$qrsc" show "$tmp/rules/t/unnamed.yaml" read
"$qrsc" -q build "$tmp/rules/t/unnamed.yaml" -o "$tmp/unnamed" --emit html \
  && [ "$(grep -ho '<th[^>]*>Die result</th>\|<th[^>]*>Result</th>' "$tmp"/unnamed/*/*.html | sed 's/<th[^>]*>//' | tr '\n' ' ')" = "Die result</th> Result</th> " ] \
  && passed=$((passed + 1)) || { echo "FAIL key_heading_html: the printed sheet heads the keys otherwise"; failures=$((failures + 1)); }
# The dice a Battlecry unit rolls (004 lines 55-68): a rifle at 3 hexes rolls M-2, with M 5
# three dice; woods "-1 to hit" takes one; a hill "+1 to fire" and the rear "+2 to hit" add
# three; a musket cannot fire at 3 hexes (X); pistol and sabre at 1 hex rolls M, and with
# fieldworks "-2 to hit" a unit of morale 1 rolls none. The count is qrs::Dice::count_with.
bc=rules/battlecry/1812.yaml
expect dice_count 0 $'rifle\t3\tM-2\t2' -- "$qrsc" lookup $bc weapon_dice rifle --column 3 M=5 woods --format tsv
expect dice_count_text 0 "M 5 +1 (Hill (to fire)) +2 (Rear) = 6 dice" -- "$qrsc" lookup $bc weapon_dice rifle -c 3 M=5 hill rear
expect dice_count_cannot 0 $'musket\t3\tX\t0' -- "$qrsc" lookup $bc weapon_dice musket -c 3 M=5 --format tsv
expect dice_count_none 0 "M 1 -2 (Fieldworks) = 0 dice" -- "$qrsc" lookup $bc weapon_dice pistol_and_sabre -c 1 M=1 fieldworks
expect dice_count_json 0 '"result": "5"' -- "$qrsc" lookup $bc weapon_dice artillery -c 1 M=4 --format json
expect dice_count_needs_m 1 "counts dice from the unit's number M: give it as M=5" -- "$qrsc" lookup $bc weapon_dice rifle -c 3 woods
expect dice_count_bad_m 1 "'M=five': the unit's number M is a whole number from 0 to 999" -- "$qrsc" lookup $bc weapon_dice rifle -c 3 M=five
expect dice_count_unknown 1 "woodz" -- "$qrsc" lookup $bc weapon_dice rifle -c 3 M=5 woodz
expect matrix_no_modifiers 1 "is a matrix table; die roll modifiers apply to die-result tables" -- "$qrsc" lookup $acw movement_rates infantry_line -c open +1
# A system's package (docs/game-code.md, "A system's package"): a sheet of system rff without
# the tables its fire combat reads (rules/rff/rff.package.yaml) is warned of, naming them and
# the declaration; a package's mistake is an error at its line, with a suggestion.
cat > "$tmp/rules/t/tiny_rff.yaml" <<'YAML'
qrs: 1
system: rff
title: A house sheet with a fire effects table of another name
tables:
  - id: firing
    kind: facts
    title: Firing
    items: [{ id: aim, text: Aim }]
YAML
expect package_lacks_tables 0 "tiny_rff.yaml:1:1: warning: the sheet has no tables 'musketry_fire_points', 'cannonade_fire_points', 'fire_point_factors', 'fire_point_modifiers', 'fire_modifiers', 'fire_effects' and 'fire_additional_effects', which its system's procedure 'fire_combat' (Fire combat, declared at" -- "$qrsc" -I rules check "$tmp/rules/t/tiny_rff.yaml"
expect package_declared_here 0 "rules/rff/rff.package.yaml:9:5) reads: its outputs go without the procedure" -- "$qrsc" -I rules check "$tmp/rules/t/tiny_rff.yaml"
mkdir -p "$tmp/pk/rules/pk"
sed 's/^system: rff/system: pk/' "$tmp/rules/t/tiny_rff.yaml" > "$tmp/pk/rules/pk/house.yaml"
cat > "$tmp/pk/rules/pk/pk.package.yaml" <<'YAML'
procedures:
  - id: firing_drill
    title: Firing drill
    reeds: [firing]
  - id: firing_drill
    title: Again
    web: ../../etc/passwd.cpp
    reads: [firing]
YAML
expect package_unknown_key 1 "pk.package.yaml:4:5: error: unknown key 'reeds' in a procedure; did you mean 'reads'?" -- "$qrsc" check "$tmp/pk/rules/pk/house.yaml"
expect package_no_reads 1 "pk.package.yaml:2:5: error: a procedure needs 'reads', the list of the tables it reads" -- "$qrsc" check "$tmp/pk/rules/pk/house.yaml"
expect package_id_twice 1 "pk.package.yaml:5:9: error: procedure 'firing_drill' is declared twice" -- "$qrsc" check "$tmp/pk/rules/pk/house.yaml"
mkdir -p "$tmp/pkl/rules/pk"
cp "$tmp/pk/rules/pk/house.yaml" "$tmp/pkl/rules/pk/house.yaml"
echo "procedures: []" > "$tmp/outside.package.yaml"
ln -s "$tmp/outside.package.yaml" "$tmp/pkl/rules/pk/pk.package.yaml"
expect package_leads_out 1 "error: the system's package file $tmp/pkl/rules/pk/pk.package.yaml leads out of its root" -- "$qrsc" check "$tmp/pkl/rules/pk/house.yaml"
mkdir -p "$tmp/pkm/rules/pk"
cp "$tmp/pk/rules/pk/house.yaml" "$tmp/pkm/rules/pk/house.yaml"
ln -s "$tmp/outside.package.yaml" "$tmp/pkm/rules/pk/pk.layout.yaml"
expect layout_leads_out 1 "error: the system's package file $tmp/pkm/rules/pk/pk.layout.yaml leads out of its root" -- "$qrsc" check "$tmp/pkm/rules/pk/house.yaml"
expect package_web_outside 1 "pk.package.yaml:7:10: error: 'web' names a C++ source of qrsc's runtime, under qrs/" -- "$qrsc" check "$tmp/pk/rules/pk/house.yaml"
# A procedure's page files: beside the package file, inside its folder, and holding nothing that
# would end the element the page puts each in; all errors at once, at their lines.
mkdir -p "$tmp/pkp/rules/pk/web"
cp "$tmp/pk/rules/pk/house.yaml" "$tmp/pkp/rules/pk/house.yaml"
printf 'self.qrsProcedures.drill = () => null;\n' > "$tmp/pkp/rules/pk/web/drill.js"
printf 'const end = "</SCRIPT>";\n' > "$tmp/pkp/rules/pk/web/ends.js"
printf '<template id="drill"><style>p {}</style></template>\n' > "$tmp/pkp/rules/pk/web/drill.html"
ln -s "$tmp/outside.package.yaml" "$tmp/pkp/rules/pk/web/out.css"
cat > "$tmp/pkp/rules/pk/pk.package.yaml" <<'YAML'
procedures:
  - id: drill
    title: Drill
    page: {script: web/drill.js, skript: web/drill.js}
    reads: [firing]
  - id: ends
    title: Ends
    page: {script: web/ends.js, markup: web/drill.html, style: web/out.css}
    reads: [firing]
  - id: gone
    title: Gone
    page: {script: web/gone.js, style: ../../../outside.package.yaml}
    reads: [firing]
YAML
expect page_unknown_key 1 "pk.package.yaml:4:34: error: unknown key 'skript' in a procedure's page; did you mean 'script'?" -- "$qrsc" check "$tmp/pkp/rules/pk/house.yaml"
expect page_script_ends 1 "pk.package.yaml:8:20: error: the page's script file 'web/ends.js' holds '</script': the page holds it in a <script> element" -- "$qrsc" check "$tmp/pkp/rules/pk/house.yaml"
expect page_markup_style 1 "pk.package.yaml:8:41: error: the page's markup file 'web/drill.html' holds '<style': its script and style are their own files" -- "$qrsc" check "$tmp/pkp/rules/pk/house.yaml"
expect page_style_leads_out 1 "pk.package.yaml:8:64: error: the page's style file 'web/out.css' leads out of its root" -- "$qrsc" check "$tmp/pkp/rules/pk/house.yaml"
expect page_missing 1 "pk.package.yaml:12:20: error: the page's script file 'web/gone.js' does not exist in $tmp/pkp/rules/pk (a page file is named from the package file's folder)" -- "$qrsc" check "$tmp/pkp/rules/pk/house.yaml"
expect page_dotdot 1 "pk.package.yaml:12:40: error: the page's style file '../../../outside.package.yaml' leads out of its root" -- "$qrsc" check "$tmp/pkp/rules/pk/house.yaml"

# A dice cell the sources do not give ("?") gives no count.
cat > "$tmp/rules/t/dice_unknown.yaml" <<'YAML'
qrs: 1
system: t
title: Dice unknown
tables:
  - id: dice
    kind: matrix
    title: Dice
    cell: dice
    columns: [ { id: near }, { id: far } ]
    rows: [ { id: musket, cells: { near: M-1, far: "?" } } ]
YAML
expect dice_count_unknown_cell 1 "table 'dice': musket, far is not given in the source documents (printed ?): no count" -- "$qrsc" lookup "$tmp/rules/t/dice_unknown.yaml" dice musket -c far M=3
expect dice_count_no_lists 0 "M 3 +1 = 3 dice" -- "$qrsc" lookup "$tmp/rules/t/dice_unknown.yaml" dice musket -c near M=3 +1
# A matrix's `modifiers` are modifier lists that add dice to dice cells: both errors at once.
cat > "$tmp/rules/t/dice_mods.yaml" <<'YAML'
qrs: 1
system: t
title: Dice modifiers
tables:
  - id: cover
    kind: modifiers
    title: Cover
    items: [ { id: woods, value: -1, text: Woods } ]
  - id: roll
    kind: bands
    title: Roll
    key: { type: integer, min: 1, max: 6, dice: { roll: d6 } }
    rows: [ { id: lo, title: Low, band: 1 - 6 } ]
  - id: moves
    kind: matrix
    title: Moves
    cell: integer
    modifiers: [cover]
    columns: [ { id: open } ]
    rows: [ { id: line, cells: { open: "6" } } ]
  - id: dice
    kind: matrix
    title: Dice
    cell: dice
    modifiers: [roll]
    columns: [ { id: near } ]
    rows: [ { id: musket, cells: { near: M-1 } } ]
YAML
expect matrix_modifiers_need_dice 1 "dice_mods.yaml:18:16: error: matrix 'moves': 'modifiers' add dice to a count, so they need dice cells (cell: dice)" -- "$qrsc" check "$tmp/rules/t/dice_mods.yaml"
expect matrix_modifiers_are_lists 1 "dice_mods.yaml:25:16: error: matrix 'dice': 'roll' is not a modifier list (kind: modifiers)" -- "$qrsc" check "$tmp/rules/t/dice_mods.yaml"
# qrsc diff: a numbered change list, to stdout or a file.
expect diff_md 0 "Swept from the Field now occurs on 8 or more instead of 9 or more" -- "$qrsc" diff $acw rules/rff/1812-3-15mm.yaml
"$qrsc" diff $acw rules/rff/maw-3-15mm.yaml -o "$tmp/changes.html" && grep -q "<ol" "$tmp/changes.html" \
  && passed=$((passed + 1)) || { echo "FAIL diff_html"; failures=$((failures + 1)); }
# qrsc odds: exact fractions at one net modifier, a chart without one, JSON, and errors.
# An even charge: a difference of 9 or more is 1 way in 100 (2.1), 8 or more 3 (Version 3).
expect odds_even_21 0 "1/100    1.0%" -- "$qrsc" odds $acw charge_effects --modifier 0
expect odds_even_v3 0 "3/100    3.0%" -- "$qrsc" odds rules/rff/1812-3-15mm.yaml charge_effects -m 0
expect odds_chart 0 "+6" -- "$qrsc" odds $acw maneuver_good_order
expect odds_column 0 "column mex (MEX)" -- "$qrsc" odds rules/rff/maw-3-15mm.yaml maneuver_good_order -m 0 -c mex
expect odds_json 0 '"probability": "1/10"' -- "$qrsc" odds $acw fallen_leader --format json
expect odds_unrolled 1 "states no dice" -- "$qrsc" odds $acw fire_point_modifiers
expect odds_unmodified 1 "reads its roll without modifiers" -- "$qrsc" odds $acw fallen_leader -m 2
# Modifiers by id, as lookup takes them: out of command (-2) and veteran (+1) are -1, so Double
# Quick (8 or more, 003 lines 72-79) needs a base 9 or 10: 1/5.
# Until decided: Desperate Struggle (003 line 274) rolled again without cold steel. The sheet's
# bands (003 lines 265-280): Swept 9 or more, Desperate Struggle 0, on d10 - d10. At +4 against
# +1 (net +3) Swept is 10/100 and Desperate 7/100; again at net +2, Swept 6/100 and Desperate
# 8/100: 1/10 + 7/100 x (6/100) / (92/100) = 481/4600.
expect odds_until_decided 0 "Swept from the Field  481/4600" -- "$qrsc" odds $acw charge_effects --attacker cold_steel veteran fresh_troops --defender veteran
expect odds_until_decided_json 0 '"rolled_again": [' -- "$qrsc" odds $acw charge_effects --attacker cold_steel --defender --format json
expect odds_until_decided_tie_both 0 "not given for a roll whose tie both sides read" -- "$qrsc" odds tests/opposed/rules/test/ties.yaml brawl --attacker foot --defender mounted
expect odds_modifier_ids 0 "net modifier -1" -- "$qrsc" odds $acw maneuver_good_order -m out_of_command -m veteran
expect odds_modifier_ids_odds 0 "1/5" -- "$qrsc" odds $acw maneuver_good_order -m out_of_command -m veteran
expect odds_two_ratings 1 "cannot both apply" -- "$qrsc" odds $acw maneuver_good_order -m green -m veteran
expect odds_unknown 1 "has no table 'charge_effect'" -- "$qrsc" odds $acw charge_effect
expect odds_column_unknown 1 "has no column 'elite'" -- "$qrsc" odds $acw fire_effects -c elite
# A column as lookup takes it: a renamed term's old name, with the same note.
expect odds_column_renamed 0 "note: 'green' is the parent sheet's Green; this sheet calls it Raw ('raw')" -- "$qrsc" odds rules/rff/1812-3-15mm.yaml fire_effects -m 0 -c green
# qrsc diff --odds: a moved band states its row's odds (1812 change 50), and only moved bands do.
expect diff_odds 0 "Swept from the Field now occurs on 8 or more instead of 9 or more: 1.0% -> 3.0% at an even fight" -- "$qrsc" diff --odds $acw rules/rff/1812-3-15mm.yaml
expect diff_rounding 0 "Fire points: fractions are now rounded down" -- "$qrsc" diff $acw rules/rff/maw-3-15mm.yaml
expect diff_odds_columns 0 "Double Quick occurs on 11 or more in the new MEX column: 30.0% -> 0.0% at a net modifier of 0" -- "$qrsc" diff --odds $acw rules/rff/maw-3-15mm.yaml
if "$qrsc" diff --odds $acw rules/rff/1812-3-15mm.yaml | grep -q 'now reads.*%'; then
  echo "FAIL diff_odds_text_only"; failures=$((failures + 1))
else
  passed=$((passed + 1))
fi
# qrsc report: an HTML file of SVG charts; a bad output path fails without a partial file.
expect report 0 "" -- "$qrsc" report rules/rff/maw-3-15mm.yaml -o "$tmp/odds.html"
if grep -q "<svg" "$tmp/odds.html" && grep -q "MEX" "$tmp/odds.html"; then passed=$((passed + 1)); else
  echo "FAIL report_content"; failures=$((failures + 1)); fi
expect report_usage 2 "" -- "$qrsc" report rules/rff/maw-3-15mm.yaml

# Output policy: build and sheet print only what needs action; the known disagreements of the
# source documents (disputed errata) are one line there and listed by check.
maw=rules/rff/maw-3-15mm.yaml
out=$("$qrsc" build $maw -o "$tmp/quiet" 2>&1)
if [ "$(wc -l <<<"$out")" -eq 1 ] && [[ "$out" == "qrsc: note: "*" known disagreements of the source documents, "*" values they do not give; see qrsc check" ]]; then
  passed=$((passed + 1))
else
  echo "FAIL build_output: want one line of known disagreements, got:"; echo "$out" | head -5; failures=$((failures + 1))
fi
expect check_lists_known 0 "resolved: Figure 13 (line 529) prints the dispirited 7-stand cell" -- "$qrsc" check $maw
expect quiet 0 "" -- test -z "$("$qrsc" build --quiet $maw -o "$tmp/quiet" 2>&1)"
expect werror_ignores_known 0 "" -- "$qrsc" build --werror $maw -o "$tmp/quiet"
expect version 0 "qrsc 0." -- "$qrsc" --version

# A house variant outside the checkout extends a published sheet through -I (before or after the
# subcommand) or QRS_PATH, for every subcommand that reads specs.
mkdir -p "$tmp/house"
printf 'qrs: 1\nextends: rff/acw-2.1-15mm\nsubtitle: House\n' >"$tmp/house/house.yaml"
house=$tmp/house/house.yaml
expect no_path 1 "cannot find spec 'rff/acw-2.1-15mm' (looked for $tmp/house/rff/acw-2.1-15mm.yaml" -- "$qrsc" check "$house"
expect include_before 0 $'double_quick\tDouble Quick' -- "$qrsc" -I rules lookup "$house" maneuver_good_order 8 --format tsv
expect include_after 0 $'double_quick\tDouble Quick' -- "$qrsc" lookup "$house" maneuver_good_order 8 -I rules --format tsv
expect include_check 0 "" -- "$qrsc" check "$house" -I rules
expect include_explain 0 "based on rules/rff/acw-2.1-15mm.yaml" -- "$qrsc" explain -I rules "$house"
expect include_diff 0 "" -- "$qrsc" diff $acw "$house" -I rules
expect include_sheet 0 "" -- "$qrsc" sheet "$house" -o "$tmp/house.html" -I rules
expect include_build 0 "" -- "$qrsc" build "$house" -I rules -o "$tmp/house-out"
expect qrs_path 0 $'double_quick\tDouble Quick' -- env QRS_PATH="$tmp/nowhere:$root/rules" "$qrsc" lookup "$house" maneuver_good_order 8 --format tsv
expect include_missing 2 "" -- "$qrsc" check "$house" -I "$tmp/nowhere"
# The published sheet's '?' cells are its author's, not the house author's: one line for the
# parent (the count is the ACW spec's '?' cells), listed only by check --inherited.
unknown=$(grep -o ': "?"' rules/rff/acw-2.1-15mm.yaml | wc -l)
inherits="qrsc: note: inherits $unknown known limits of the source documents from rules/rff/acw-2.1-15mm.yaml"
out=$("$qrsc" -I rules build "$house" -o "$tmp/house-out" 2>&1)
if [ "$(wc -l <<<"$out")" -eq 1 ] && [[ "$out" == "$inherits"* ]]; then passed=$((passed + 1)); else
  echo "FAIL inherited_build: want one line '$inherits ...', got:"; echo "$out" | head -5; failures=$((failures + 1)); fi
out=$("$qrsc" -I rules check "$house" 2>&1)
if [[ "$out" == *"$inherits"* && "$out" != *"acw-2.1-15mm.yaml:"*"warning:"* ]]; then passed=$((passed + 1)); else
  echo "FAIL inherited_check: the parent's limits listed, or no line for them:"; echo "$out" | head -5; failures=$((failures + 1)); fi
# A parent's error is printed once per run, with the variants that reached it.
mkdir -p "$tmp/broken/rules/p"
printf 'qrs: 1\nid: broken\nsystem: rff\ntitle: [unclosed\n' >"$tmp/broken/rules/p/broken.yaml"
for v in a b; do printf 'qrs: 1\nextends: p/broken\nsubtitle: House %s\n' "$v" >"$tmp/house/$v.yaml"; done
out=$("$qrsc" -I "$tmp/broken/rules" check "$tmp/house/a.yaml" "$tmp/house/b.yaml" 2>&1)
if [ "$(grep -c "broken.yaml:5:1: error: YAML syntax" <<<"$out")" -eq 1 ] &&
   grep -q "qrsc: note: the errors of .*broken.yaml above reached .*a.yaml, .*b.yaml" <<<"$out"; then
  passed=$((passed + 1))
else
  echo "FAIL parent_error_once: want the parent's error once and the variants that reached it, got:"; echo "$out" | head -5
  failures=$((failures + 1))
fi
listed=$("$qrsc" -I rules check --inherited "$house" 2>&1 | grep -c "acw-2.1-15mm.yaml:.*is not given in the source documents")
[ "$listed" -eq "$unknown" ]; check_listed=$?
if [ "$check_listed" -eq 0 ]; then passed=$((passed + 1)); else
  echo "FAIL inherited_listed: check --inherited listed $listed of $unknown"; failures=$((failures + 1)); fi

# --depfile: the outputs, then every spec they were made from (parents and applied specs).
"$qrsc" build rules/rff/1812-3-15mm.yaml -o "$tmp/dep" --depfile "$tmp/dep.d"
dep=$(cat "$tmp/dep.d")
all_listed=1
for f in "$tmp/dep/rff/1812_3_15mm.hpp" rules/rff/1812-3-15mm.yaml rules/rff/acw-2.1-15mm.yaml rules/rff/common/v3-changes.yaml rules/rff/common/1812-period.yaml; do
  [[ "$dep" == *"$f"* ]] || { echo "FAIL depfile lacks $f:"; echo "$dep"; all_listed=0; }
done
[ "$all_listed" = 1 ] && passed=$((passed + 1)) || failures=$((failures + 1))
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

# Input echoed in messages is made printable (no escape sequence reaches the terminal), each bad
# argument is reported once, and numbers beyond 10^9 are out of range, not "not a number".
out=$("$qrsc" lookup $acw $'fire\e[2J\a' 3 2>&1)
if [[ "$out" == *"no table 'fire\x1b[2J\x07'"* ]] && [[ "$out" != *$'\e'* ]]; then passed=$((passed + 1)); else
  echo "FAIL escaped_echo: $out"; failures=$((failures + 1)); fi
many=(); for i in $(seq 1 5000); do many+=(bogus); done
out=$("$qrsc" lookup $acw maneuver_good_order 6 "${many[@]}" 2>&1)
if [ "$(grep -o "has no modifier 'bogus'" <<< "$out" | wc -l)" -eq 1 ] && [ "${#out}" -lt 1000 ]; then passed=$((passed + 1)); else
  echo "FAIL bad_argument_once: ${#out} characters"; failures=$((failures + 1)); fi
expect key_out_of_range 1 "'2147483648': number out of range (at most 1000000000)" -- "$qrsc" lookup $acw maneuver_good_order 2147483648
expect modifier_out_of_range 1 "modifier '+99999999999': number out of range" -- "$qrsc" lookup $acw maneuver_good_order 6 +99999999999
expect modifier_number 0 $'double_quick\tDouble Quick' -- "$qrsc" lookup $acw maneuver_good_order 6 +1000 --format tsv
expect modifiers_sum_bounded 1 "the modifiers add up to 2000000000" -- "$qrsc" lookup $acw maneuver_good_order 6 +1000000000 +1000000000
expect odds_modifier_bounded 1 "modifier '2147483647': number out of range" -- "$qrsc" odds $acw charge_effects -m 2147483647
expect odds_modifier_edge 0 "" -- "$qrsc" odds $acw charge_effects -m 1000000000

# Opposed rolls and triggers (tests/opposed/rules/test/skirmish.yaml): the JSON answer has each
# side's own modifiers; a matchup's odds say which side loses (two unmodified d6 by the margin: a
# tie, Stand, is lost by the defender, tie: defender); no "net modifier" for a matchup; a base roll
# of 2 on the 2d6 morale test triggers Snake Eyes (1 way in 36); --mod among a side's words is
# named as the mistake it is.
sk=$root/tests/opposed/rules/test/skirmish.yaml
out=$("$qrsc" lookup "$sk" melee --attacker 4 elite cavalry --defender 3 square cover infantry --format json 2>&1)
python3 -c 'import json,sys; a=json.loads(sys.argv[1]); s=a["sides"]
assert [m["term"] for m in s[0]["modifiers"]]==["elite"] and [m["term"] for m in s[1]["modifiers"]]==["square","cover"], s
assert s[1]["net"]==3 and s[0]["type"]=="cavalry" and "modifiers" not in a' "$out" && ok || fail "opposed_json_both_sides: $out"
expect matchup_loser 0 "(attacker loses 0.0%, defender loses 16.7%)" -- "$qrsc" odds "$sk" melee --attacker infantry --defender infantry
expect matchup_named 0 "matchup: attacker (Infantry) against defender (Infantry)" -- "$qrsc" odds "$sk" melee --attacker infantry --defender infantry
out=$("$qrsc" odds "$sk" melee --attacker infantry --defender infantry 2>&1)
[[ "$out" != *"net modifier"* ]] && ok || fail "matchup_no_net_modifier: $out"
expect trigger_lookup 0 "Triggered by the base roll 2: Snake Eyes. A natural double 1 always holds, whatever the modifiers." -- "$qrsc" lookup "$sk" morale 2 lost_melee
expect trigger_odds 0 "Snake Eyes (base 2)      1/36    2.8%" -- "$qrsc" odds "$sk" morale
expect trigger_not_fired 0 "" -- bash -c '! "$1" lookup "$2" morale 3 | grep -q Triggered' _ "$qrsc" "$sk"
expect opposed_mod 2 "--mod elite: an opposed roll's modifiers are each side's, written as words after its roll without --mod (--attacker 5 elite)" -- "$qrsc" lookup "$sk" melee --attacker 5 --mod elite --defender 3 infantry
expect opposed_key 2 "'4': an opposed roll's lookup takes no key" -- "$qrsc" lookup "$sk" melee 4 --attacker 5 cavalry --defender 3 infantry
expect opposed_odds_mod 2 "--modifier elite: an opposed roll's modifiers are each side's" -- "$qrsc" odds "$sk" melee -m elite --attacker cavalry --defender infantry

# The format's old spellings still compile, with a warning naming the new one (docs/spec-format.md,
# "Changes of the format"); check --fix rewrites only those tokens, in place.
old_spec=$root/tests/spec_format/deprecated/fire_points_cell.yaml
cp "$old_spec" "$tmp/old.yaml"
expect deprecated_warning 0 "old.yaml:12:11: warning: 'fire_points' is deprecated; use 'fraction'" -- "$qrsc" check "$tmp/old.yaml"
expect deprecated_quoted 0 "old.yaml:19:11: warning: 'fire_points' is deprecated; use 'fraction'" -- "$qrsc" check "$tmp/old.yaml"
expect deprecated_werror 1 "is deprecated" -- "$qrsc" check --werror "$tmp/old.yaml"
expect deprecated_lookup 0 $'musket\tr8\t1/2' -- "$qrsc" lookup "$tmp/old.yaml" musketry_fire_points musket --column r8 --format tsv
expect deprecated_fix 0 "rewrote 2 deprecated spellings" -- "$qrsc" check --fix "$tmp/old.yaml"
sed -e '12s/cell: fire_points/cell: fraction/' -e '19s/cell: "fire_points"/cell: "fraction"/' "$old_spec" >"$tmp/want.yaml"
cmp -s "$tmp/want.yaml" "$tmp/old.yaml" && ok || { fail "deprecated_fix: the file is not the old one with those two words replaced"; diff "$tmp/want.yaml" "$tmp/old.yaml" | head -5; }
out=$("$qrsc" check --werror "$tmp/old.yaml" 2>&1) && [[ "$out" != *deprecated* ]] && ok || fail "deprecated_fixed_clean: $out"

echo "cli: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
