# Sourced by the script tests that count their checks: `qrsc=$1 root=$2`, a scratch folder
# ($tmp, removed on exit, the working folder), ok/fail to count, and `finish NAME` to print
# "NAME: N passed, N failed" and set the exit status.
set -uo pipefail
qrsc=$1 root=$2
failures=0 passed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
ok() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
finish() { echo "$1: $passed passed, $failures failed"; [ "$failures" -eq 0 ]; }
