#!/usr/bin/env bash
# qrs-migrate as installed under PREFIX (bin/qrs-migrate beside bin/qrsc), as a game author runs
# it: the game's code moved from the published ACW sheet to 1812 Version 3, the specs named as
# qrsc names them (found among the installed specs), the headers made by the installed qrsc, and
# the compile flags after `--`.
#   installed_migrate_check.sh PREFIX SOURCE_ROOT
set -euo pipefail
prefix=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

[ -x "$prefix/bin/qrs-migrate" ] || fail "no bin/qrs-migrate beside bin/qrsc"
cd "$tmp"  # no rules/ here: names are found among the installed specs
"$prefix/bin/qrsc" -q build acw-2.1-15mm 1812-3-15mm -o gen || fail "the installed qrsc did not build the headers"
cp -r "$root/tests/migrate/sample" .
status=0; out=$("$prefix/bin/qrs-migrate" --from acw-2.1-15mm --to 1812-3-15mm sample/fire.cpp 2>&1) || status=$?
[ "$status" -eq 2 ] && [[ "$out" == *"give -p BUILD_DIR or the compile flags after --"* ]] ||
  fail "without compile flags: status $status: $out"
"$prefix/bin/qrs-migrate" --from acw-2.1-15mm --to 1812-3-15mm sample/fire.cpp \
  -- -std=c++20 -I"$prefix/include" -Igen || fail "the installed qrs-migrate exited $?"
grep -q '#include "rff/1812_3_15mm.hpp"' sample/sheet.hpp || fail "the include was not moved to 1812 V3"
grep -q 'case elite: modifiers += 1; break;' sample/fire.cpp || fail "crack was not migrated to elite"
g++ -std=c++20 -I"$prefix/include" -Igen -fsyntax-only sample/fire.cpp || fail "the migrated code does not compile"
echo "installed qrs-migrate: specs by name, flags after --, the migrated code compiles"
