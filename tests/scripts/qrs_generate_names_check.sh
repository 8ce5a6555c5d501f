#!/usr/bin/env bash
# qrs_generate() with spec names, in a game project against qrs installed under PREFIX:
#   - SPECS rff/1812-3-15mm (a published sheet by name, as qrsc takes it) builds its header and
#     JSON; the game reads the 1812 Version 3 maneuver table (000: "8 or more  Double Quick");
#   - a misspelled name stops the configuration with qrsc's message: the places looked and the
#     closest name.
#   qrs_generate_names_check.sh PREFIX
set -euo pipefail
prefix=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

game() {  # game DIR SPEC: a project whose program reads the 1812 V3 sheet made from SPEC
  mkdir -p "$1"
  cat >"$1/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.25)
project(game LANGUAGES CXX)
find_package(qrs 0.1 REQUIRED)
add_executable(game main.cpp)
target_compile_features(game PRIVATE cxx_std_20)
qrs_generate(TARGET game SPECS $2 EMIT cpp json)
CMAKE
  cat >"$1/main.cpp" <<'CPP'
#include "rff/1812_3_15mm.hpp"
namespace v3 = qrs::rff::n1812_3_15mm;
static_assert(v3::maneuver_good_order::lookup(8) == v3::maneuver_good_order::Effect::double_quick);
int main() {}
CPP
}

game "$tmp/named" rff/1812-3-15mm
cmake -S "$tmp/named" -B "$tmp/named/build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/configure.log" 2>&1 ||
  { cat "$tmp/configure.log"; fail "configuring with SPECS rff/1812-3-15mm"; }
cmake --build "$tmp/named/build" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "building with a spec name"; }
for f in rff/1812_3_15mm.hpp rff/1812_3_15mm.json; do
  [ -f "$tmp/named/build/qrs_generated/game/$f" ] || fail "qrs_generate did not write $f"
done

game "$tmp/misspelled" rff/1812-3-15mmm
status=0
cmake -S "$tmp/misspelled" -B "$tmp/misspelled/build" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/bad.log" 2>&1 || status=$?
[ "$status" -ne 0 ] || fail "a misspelled spec name configured"
grep -A1 '^CMake Error at .*qrs_generate.cmake' "$tmp/bad.log" | grep -q "qrs_generate: qrsc cannot compile SPECS" ||
  { cat "$tmp/bad.log"; fail "the misspelled name is not qrs_generate's configure error"; }
for want in "qrs_generate: qrsc cannot compile SPECS rff/1812-3-15mmm" "no spec file or spec named 'rff/1812-3-15mmm'" \
            "did you mean" "looked in $prefix/share/qrs/rules"; do
  grep -qF "$want" "$tmp/bad.log" || { cat "$tmp/bad.log"; fail "the configure error lacks '$want'"; }
done
echo "qrs_generate: a spec by name builds; a misspelled one is a configure error naming the places looked"
