#!/usr/bin/env bash
# The spec schema (docs/schema/qrs-spec.schema.json, for editors) and qrsc agree: every spec in
# rules/ (and the example's house spec) is valid to both, and each structurally bad spec below
# (unknown key, wrong type, missing required key, bad id) is rejected by both. The schema is
# checked by an independent validator, Debian's python3-jsonschema.
set -uo pipefail
qrsc=$1 root=$2
python=/usr/bin/python3
validate=$root/tests/scripts/validate_specs.py
schema=$root/docs/schema/qrs-spec.schema.json
if ! "$python" -c 'import jsonschema, yaml' 2>/dev/null; then
  echo "python3-jsonschema or python3-yaml is not installed (tools/bootstrap.sh installs them)"; exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

mapfile -t specs < <(cd "$root" && find rules examples -name '*.yaml' | sort)
(cd "$root" && "$python" "$validate" "$schema" "${specs[@]}") || failures=$((failures + 1))
(cd "$root" && "$qrsc" check --quiet -I rules "${specs[@]}") || { echo "FAIL: qrsc check rejects a spec the schema accepts"; failures=$((failures + 1)); }

# Editors find the schema through each spec's modeline (relative, so it also holds in share/qrs).
for spec in "${specs[@]}"; do
  want="# yaml-language-server: \$schema=$(realpath --relative-to="$root/$(dirname "$spec")" "$schema")"
  [ "$(head -1 "$root/$spec")" = "$want" ] || { echo "FAIL: $spec does not start with '$want'"; failures=$((failures + 1)); }
done

mkdir -p "$tmp/rules/t"
table='tables:
  - id: maneuver
    kind: bands
    title: Maneuver
    key: { name: Die result, type: integer }
    rows:
      - { id: good, title: Good, band: 5 or more }
      - { id: bad, title: Bad, band: 4 or less }'
case_() {  # case_ NAME WANT(valid|invalid) YAML
  local name=$1 want=$2 file=$tmp/rules/t/$1.yaml
  printf '%s\n' "$3" >"$file"
  local by_qrsc=valid by_schema=valid
  "$qrsc" check --quiet "$file" >"$tmp/qrsc.out" 2>&1 || by_qrsc=invalid
  "$python" "$validate" "$schema" "$file" >"$tmp/schema.out" 2>&1 || by_schema=invalid
  if [ "$by_qrsc" != "$want" ] || [ "$by_schema" != "$want" ]; then
    echo "FAIL $name: want $want; qrsc says $by_qrsc, the schema says $by_schema"
    cat "$tmp/qrsc.out" "$tmp/schema.out" | head -4
    failures=$((failures + 1))
  fi
}
case_ valid valid "qrs: 1
system: t
title: T
$table"
case_ unknown_top_key invalid "qrs: 1
system: t
title: T
colour: red
$table"
case_ unknown_row_key invalid "qrs: 1
system: t
title: T
${table/band: 4 or less/band: 4 or less, colour: red}"
case_ title_is_a_list invalid "qrs: 1
system: t
title: [T, U]
$table"
case_ tables_is_a_map invalid "qrs: 1
system: t
title: T
tables: { maneuver: 1 }"
case_ numbered_is_text invalid "qrs: 1
system: t
title: T
tables:
  - id: turn
    kind: list
    title: Turn
    sections:
      - { id: one, numbered: often, items: [ { text: Move. } ] }"
case_ no_format_version invalid "system: t
title: T
$table"
case_ no_title invalid "qrs: 1
system: t
$table"
case_ table_without_kind invalid "qrs: 1
system: t
title: T
tables:
  - { id: maneuver, title: Maneuver }"
case_ bad_table_id invalid "qrs: 1
system: t
title: T
${table/id: maneuver/id: Maneuver-Table}"
case_ bad_row_id invalid "qrs: 1
system: t
title: T
${table/id: good/id: good result}"
case_ bad_system invalid "qrs: 1
system: Bad System
title: T
$table"
if [ "$failures" -gt 0 ]; then echo "$failures disagreements"; exit 1; fi
echo "the schema and qrsc agree on ${#specs[@]} specs and 12 cases"
