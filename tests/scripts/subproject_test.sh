#!/usr/bin/env bash
# qrs added to a game with add_subdirectory: only qrsc and the runtime are built (no tests, no
# benchmarks), no target name clashes with the game's own (`generate`), and qrs_generate() is the
# same function as after find_package. Configures only (building qrsc again would take minutes);
# with BUILD=1 it also builds and runs the game.
set -euo pipefail
root=$1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
example=$root/examples/dice-assistant
cat >"$tmp/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.25)
project(game LANGUAGES CXX)
add_subdirectory("$root" qrs)
add_executable(dice-assistant "$example/main.cpp")
target_compile_features(dice-assistant PRIVATE cxx_std_20)
qrs_generate(TARGET dice-assistant SPECS "$example/rules/house/acw-house.yaml")
add_custom_target(generate COMMAND true)  # the game's own target of that name
CMAKE
cmake -S "$tmp" -B "$tmp/build" -G Ninja >"$tmp/configure.log" 2>&1 || { cat "$tmp/configure.log"; fail "configure"; }
targets=$(ninja -C "$tmp/build" -t targets all)
for t in qrs_tests qrs_bench; do
  ! grep -q "^$t:" <<<"$targets" || fail "$t is built in a subproject"
done
grep -q "^qrs_generate_dice_assistant:" <<<"$targets" || fail "qrs_generate made no target"
grep -q "qrs_generated/dice-assistant/rff/acw_house.hpp" <<<"$targets" || fail "qrs_generate names no header"
if [ "${BUILD:-0}" = 1 ]; then
  cmake --build "$tmp/build" -j2 >"$tmp/build.log" 2>&1 || { tail -20 "$tmp/build.log"; fail "build"; }
  "$tmp/build/dice-assistant" 7 gallant_leader | grep -q "8: Double Quick" || fail "the game's answer"
fi
echo "add_subdirectory: only qrsc and the runtime, no clashing targets, qrs_generate works"
