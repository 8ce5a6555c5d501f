# Sourced by the script tests that count their checks: `qrsc=$1 root=$2`, a scratch folder
# ($tmp, removed on exit, the working folder), ok/fail to count, `expect` to run a command and
# check its exit status and output, and `finish NAME` to print "NAME: N passed, N failed" and
# set the exit status.
set -uo pipefail
qrsc=$1 root=$2
failures=0 passed=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
ok() { passed=$((passed + 1)); }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }
finish() { echo "$1: $passed passed, $failures failed"; [ "$failures" -eq 0 ]; }
expect() {  # expect NAME WANT_STATUS WANT_OUTPUT_SUBSTRING -- command...
  local name=$1 want_status=$2 want=$3; shift 4
  local out status
  out=$("$@" 2>&1); status=$?
  if [ "$status" -ne "$want_status" ] || [[ "$out" != *"$want"* ]]; then
    fail "$name: status $status (want $want_status), want '$want', output:"; echo "$out" | grep -v 'not given in the source' | head -5
  else
    ok
  fi
}
