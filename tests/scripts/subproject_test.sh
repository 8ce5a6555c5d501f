#!/usr/bin/env bash
# qrs added to a game with add_subdirectory: only qrsc and the runtime are built (no tests, no
# benchmarks), no target name clashes with the game's own (`generate`), and qrs_generate() is the
# same function as after find_package, which asks qrsc and never reads a spec itself (a spec
# whose keys are quoted, which no line-matching could read, configures). Configures only
# (building qrsc again would take minutes); with BUILD=1 it also builds and runs the game.
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
add_library(quoted STATIC quoted.cpp)
target_compile_features(quoted PRIVATE cxx_std_20)
qrs_generate(TARGET quoted SPECS rules/house/quoted.yaml SPEC_PATH "$root/rules")
CMAKE
mkdir -p "$tmp/rules/house"
printf '"qrs": 1\n"id": "quoted-house"\n"extends": "rff/acw-2.1-15mm"\n' >"$tmp/rules/house/quoted.yaml"
echo '#include "rff/quoted_house.hpp"' >"$tmp/quoted.cpp"
cmake -S "$tmp" -B "$tmp/build" -G Ninja >"$tmp/configure.log" 2>&1 || { cat "$tmp/configure.log"; fail "configure"; }
targets=$(ninja -C "$tmp/build" -t targets all)
for t in qrs_tests qrs_bench; do
  ! grep -q "^$t:" <<<"$targets" || fail "$t is built in a subproject"
done
grep -q "^qrs_generate_dice_assistant:" <<<"$targets" || fail "qrs_generate made no target"
# qrsc names the outputs when it runs: the one output CMake declares is the list qrsc writes of
# them (--stamp), the depfile's target, with restat; every object of the target depends on it.
# (grep -c, not -q, after a pipe: under pipefail an early exit of grep -q fails the pipeline.)
ninja_file=$tmp/build/build.ninja
grep -q "qrs_generated/dice_assistant.outputs" <<<"$targets" || fail "qrs_generate declares no stamp"
grep -A4 "^build qrs_generated/dice_assistant.outputs" "$ninja_file" | grep -c -- "--stamp" >/dev/null || fail "qrsc is not asked for the stamp"
grep -A6 "^build qrs_generated/dice_assistant.outputs" "$ninja_file" | grep -c "restat = 1" >/dev/null || fail "the stamp's edge has no restat"
grep -E "^build CMakeFiles/dice-assistant.dir/.*main.cpp.o:" "$ninja_file" | grep -c "qrs_generated/dice_assistant.outputs" >/dev/null ||
  fail "the game's object does not depend on the stamp"
grep -E "^build CMakeFiles/quoted.dir/quoted.cpp.o:" "$ninja_file" | grep -c "qrs_generated/quoted.outputs" >/dev/null ||
  fail "the second target's object does not depend on its stamp"
if [ "${BUILD:-0}" = 1 ]; then
  cmake --build "$tmp/build" -j2 >"$tmp/build.log" 2>&1 || { tail -20 "$tmp/build.log"; fail "build"; }
  "$tmp/build/dice-assistant" 7 gallant_leader | grep -q "8: Double Quick" || fail "the game's answer"
  # A build with nothing changed runs neither qrsc nor the compiler (qrs's own CONFIGURE_DEPENDS
  # globs are re-checked by every build, so "no work to do" is not the test).
  idle() {  # idle LOG WHAT: the build just run made nothing
    ! grep -Eq "qrsc: compiling|Building CXX|Linking CXX" "$1" || { cat "$1"; fail "$2"; }
  }
  ninja -C "$tmp/build" >"$tmp/again.log" 2>&1 || fail "a second build"
  idle "$tmp/again.log" "a second build has work to do"
  # An edit that changes the header recompiles what includes it in the same build; one that
  # changes no output (a comment) runs qrsc and nothing after it.
  printf '"subtitle": "Quoted"\n' >>"$tmp/rules/house/quoted.yaml"
  ninja -C "$tmp/build" >"$tmp/edit.log" 2>&1 || { cat "$tmp/edit.log"; fail "rebuild after an edit"; }
  grep -q "quoted.cpp.o" "$tmp/edit.log" || fail "the edited header's reader was not recompiled"
  ninja -C "$tmp/build" >"$tmp/again.log" 2>&1 || fail "a build after the edit's build"
  idle "$tmp/again.log" "a build after the edit's build has work to do"
  echo "# a comment" >>"$tmp/rules/house/quoted.yaml"
  ninja -C "$tmp/build" >"$tmp/comment.log" 2>&1 || { cat "$tmp/comment.log"; fail "rebuild after a comment"; }
  grep -q "qrsc: compiling" "$tmp/comment.log" || fail "a comment in the spec did not run qrsc"
  ! grep -q "quoted.cpp.o" "$tmp/comment.log" || fail "a comment recompiled the header's reader"
fi
echo "add_subdirectory: only qrsc and the runtime, no clashing targets, qrs_generate works"
