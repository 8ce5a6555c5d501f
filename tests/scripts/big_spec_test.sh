#!/usr/bin/env bash
# Headers that scale: the big synthetic spec (two band tables of 10,000 rows, one
# over two columns of die results and one over fire points in quarters, and a 1,000 x 50
# matrix) builds, its header compiles with g++ and clang++ at their default constexpr limits,
# warnings as errors, and every lookup agrees with the rule the spec was written from.
# Compile times are measured in bench/compile_speed.py, not here.
# Usage: big_spec_test.sh QRSC SOURCE_DIR
set -euo pipefail
qrsc=$1
source=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$source/tests/scripts/big_spec.py" "$work/big.yaml" --check "$work/check.cpp" --header synthetic/big.hpp
"$qrsc" build "$work/big.yaml" --emit cpp -o "$work/out" --quiet
for cxx in g++ clang++; do
  "$cxx" -std=c++20 -O1 -Wall -Wextra -pedantic -Werror -I "$work/out" -I "$source/runtime" "$work/check.cpp" \
    -o "$work/check-$cxx"
  echo "$cxx: $("$work/check-$cxx")"
done
