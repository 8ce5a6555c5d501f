#!/usr/bin/env bash
# Shell completion and the man page, generated from qrsc's own command-line definition: zsh's
# script parses, the man page renders without warnings and documents every command that --help
# lists. (What bash completion offers: completion_test.sh.)
set -uo pipefail
qrsc=$1 share=$2
failures=0 passed=0
check() {  # check NAME CONDITION-RESULT MESSAGE
  if [ "$2" -eq 0 ]; then passed=$((passed + 1)); else echo "FAIL $1: $3"; failures=$((failures + 1)); fi
}

# zsh: the script parses (when zsh is installed).
if command -v zsh >/dev/null; then
  zsh -n "$share/qrsc.zsh"; check zsh_parses $? "zsh -n failed"
else
  echo "skip zsh_parses: zsh is not installed"
fi
grep -q '^#compdef qrsc' "$share/qrsc.zsh"; check zsh_compdef $? "no #compdef line"

# man: renders cleanly and names every command of --help.
warnings=$(groff -man -Tutf8 -ww -z "$share/qrsc.1" 2>&1)
[ -z "$warnings" ]; check man_renders $? "groff warnings: $warnings"
page=$(groff -man -Tutf8 "$share/qrsc.1" 2>/dev/null | sed 's/.\x08//g')
for cmd in $("$qrsc" --help | awk '/^Subcommands:/ {on = 1; next} on && NF {print $1}'); do
  [[ "$page" == *"$cmd"* ]]; check "man_documents_$cmd" $? "the man page does not mention $cmd"
done
[[ "$page" == *"--emit"* || "$page" == *"−−emit"* ]]; check man_options $? "no --emit in the man page"

echo "reference: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
