#!/usr/bin/env bash
# bash completion as bash runs it: the script `qrsc completion bash` prints is sourced in
# `bash --norc`, the function it registers for qrsc is called with COMP_WORDS, COMP_CWORD,
# COMP_LINE and COMP_POINT set as bash sets them, and COMPREPLY is read. The expected words are
# written from the specs' sources (rules/rff/*.yaml) and from qrsc's options as docs/cli.md
# lists them. Sourcing the script leaves the shell's options as they were.
#   completion_test.sh QRSC SOURCE_ROOT
set -uo pipefail
qrsc=$(realpath "$1") root=$(realpath "$2")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0 passed=0
"$qrsc" completion bash > "$tmp/qrsc.bash" || { echo "FAIL: qrsc completion bash"; exit 1; }
# A folder with the published specs as ./rules and nothing else, so the shell's own file names
# are known: `rules/` is the only one.
mkdir "$tmp/project" && ln -s "$root/rules" "$tmp/project/rules"

# complete LINE: COMPREPLY for LINE (the cursor at its end), sorted, on one line; run in $tmp/project,
# or in the folder $in names.
complete_line() {
  (cd "${in:-$tmp/project}" && bash --norc --noprofile -c '
    source "$1"
    line=$2 qrsc=$3
    read -ra words <<<"$line"
    [[ $line == *" " ]] && words+=("")
    words[0]=$qrsc
    COMP_WORDS=("${words[@]}") COMP_CWORD=$((${#words[@]} - 1)) COMP_LINE=$line COMP_POINT=${#line}
    fn=$(complete -p qrsc | sed -E "s/.*-F ([^ ]+).*/\1/")
    "$fn" qrsc "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
    printf "%s\n" "${COMPREPLY[@]}" | LC_ALL=C sort -u | tr "\n" " "' _ "$tmp/qrsc.bash" "$1" "$qrsc")
}
expect() {  # expect LINE WANT: the words offered for LINE are exactly WANT
  local got; got=$(complete_line "$1")
  if [ "${got% }" = "$2" ]; then passed=$((passed + 1)); else echo "FAIL '$1<TAB>': got '${got% }', want '$2'"; failures=$((failures + 1)); fi
}

# Commands and options.
expect "qrsc lo" "lookup"
expect "qrsc -I rules check --w" "--werror"
expect "qrsc --templates tpl lookup --col" "--column"
# Option values: --format of lookup (text, tsv, json), --paper of sheet (letter, a4).
expect "qrsc lookup acw-2.1-15mm fire_effects 8 --format " "json text tsv"
expect "qrsc sheet acw-2.1-15mm --paper " "a4 letter"
# Spec names on the search path (./rules): by file name (battlecry/1812, rff/1812-*,
# rff/common/1812-period) and by path; files and folders too.
expect "qrsc check 1812" "1812 1812-2.1-15mm 1812-2.1-25mm 1812-3-15mm 1812-period"
expect "qrsc diff rff/acw-2.1-15mm rff/m" "rff/maw-3-15mm"
expect "qrsc check ru" "rules"
# The tables of the named spec (acw-2.1-15mm.yaml: charge_modifiers, charge_effects).
expect "qrsc show acw-2.1-15mm charge_" "charge_effects charge_modifiers"
expect "qrsc odds acw-2.1-15mm fire_e" "fire_effects"
# Modifier ids of the table's roll (maneuver_good_order rolls with maneuver_modifiers), as
# arguments and after -m; a spec found through -I.
expect "qrsc lookup acw-2.1-15mm maneuver_good_order 6 out" "out_of_command outflanked"
expect "qrsc lookup acw-2.1-15mm maneuver_good_order 6 -m g" "gallant_leader greater_losses green"
# In a folder without ./rules, the spec is found through the line's -I folder.
mkdir "$tmp/elsewhere"
in=$tmp/elsewhere expect "qrsc -I $root/rules show acw-2.1-15mm charge_" "charge_effects charge_modifiers"
in=$tmp/elsewhere expect "qrsc show acw-2.1-15mm charge_" ""
# Columns (fire_effects: the target_rating terms) and the rows of a matrix.
expect "qrsc lookup acw-2.1-15mm fire_effects 8 --column " "crack green trained veteran"
expect "qrsc lookup acw-2.1-15mm musketry_fire_points " "bl ir_rc rm rp sm_sh"
# A spec qrsc cannot find offers nothing; nor does a table it lacks.
expect "qrsc show no-such-sheet " ""
expect "qrsc lookup acw-2.1-15mm no_table 6 " ""

# Sourcing the script changes no shell option.
options() { bash --norc --noprofile -c '[ -n "$1" ] && source "$1"; shopt; set -o' _ "$1"; }
if [ "$(options "$tmp/qrsc.bash")" = "$(options "")" ]; then
  passed=$((passed + 1))
else
  echo "FAIL: sourcing the completion script changes shell options:"; diff <(options "") <(options "$tmp/qrsc.bash")
  failures=$((failures + 1))
fi
echo "completion: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
