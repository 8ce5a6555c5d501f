#!/usr/bin/env bash
# examples/shooting/shooting_with_saves.yaml (success dice: a reroll, exploding dice, a chain of
# hits then saves) compiles without warning to every output; its header compiles under both
# compilers; the printed sheet and the web page say over each table how its dice are read, and
# the web page gives the chances of each (tests/web/web_success_test.py plays them); the sheet
# JSON is valid.
set -euo pipefail
qrsc=$1 root=$2
spec=$root/examples/shooting/shooting_with_saves.yaml
. "$(dirname "$0")/example_build.sh"
build_example "$spec" cpp,html,json,web illustration/shooting_with_saves.hpp
for page in "$tmp/illustration/shooting_with_saves.html" "$tmp/illustration/shooting_with_saves.web.html"; do
  for rule in "Roll a d6 for each die Shooting Dice gives; each die scoring 4 or more (with modifiers) succeeds; dice showing 1 are thrown again, once. Count the successes." \
              "Roll 2d6; each die scoring 5 or more (with modifiers) succeeds; a natural 6 succeeds and adds a die. Count the successes." \
              "Roll a d6 for each success of Shooting; each die scoring 4 or more (with modifiers) succeeds. Count the failures."; do
    grep -qF "$rule" "$page" || { echo "FAIL: $page does not say: $rule"; exit 1; }
  done
done
[ "$(grep -c '<fieldset class="success">' "$tmp/illustration/shooting_with_saves.web.html")" = 3 ] ||
  { echo "FAIL: the web page does not give the chances of the three success tables"; exit 1; }
check_sheet_json "$tmp/illustration/shooting_with_saves.json" <<'PY'
dice = {t["id"]: t["bands"]["key"]["dice"] for t in sheet["tables"] if t["kind"] == "bands"}
assert dice["saves"]["success"] == {"target": 4, "reroll": None, "explode": None, "count": "failures", "per_success_of": "shooting"}, dice["saves"]
assert dice["shooting"]["success"]["reroll"] == "1"
PY
echo "example_shooting: ok"
