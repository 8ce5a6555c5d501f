#!/usr/bin/env bash
# Two members of an exclusive modifier group (a unit's one rating) in a constant expression are a
# compile error with every compiler: the header's total() reaches a function that is not
# constexpr. One member compiles (the control).
# Usage: exclusive_compile_error.sh CXX ROOT
set -uo pipefail
cxx=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
write() {  # write MODIFIERS
  cat > "$tmp/tu.cpp" <<CPP
#include "rff/acw_2_1_15mm.hpp"
namespace mm = qrs::rff::acw_2_1_15mm::maneuver_modifiers;
using M = mm::Modifier;
constexpr int kTotal = mm::total({$1});
int main() { return kTotal; }
CPP
}
compile() { "$cxx" -std=c++20 -Wall -Wextra -Werror -pedantic -I"$root/runtime" -I"$root/generated" -fsyntax-only "$tmp/tu.cpp" 2>"$tmp/err"; }
write "M::green, M::out_of_command"
compile || { cat "$tmp/err"; echo "FAIL: one rating does not compile"; exit 1; }
write "M::green, M::veteran"
if compile; then echo "FAIL: a unit rated green and veteran compiles"; exit 1; fi
grep -q "exclusive_members_apply" "$tmp/err" || { cat "$tmp/err"; echo "FAIL: the error does not name exclusive_members_apply"; exit 1; }
echo "$cxx: two ratings of one unit are a compile error in a constant expression"
