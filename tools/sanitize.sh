#!/usr/bin/env bash
# Builds everything with AddressSanitizer and UndefinedBehaviorSanitizer (build-asan/,
# QRS_SANITIZE=ON) and runs the whole test suite under it; any report fails its test.
# The last result is in docs/reliability.md.
#   tools/sanitize.sh [ctest arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -f build-asan/CMakeCache.txt ]; then
  cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DQRS_SANITIZE=ON -DQRS_BUILD_BENCHMARKS=OFF
fi
cmake --build build-asan -j2
# halt_on_error: the first report ends the process with an error, so its test fails.
export ASAN_OPTIONS=${ASAN_OPTIONS:-halt_on_error=1:detect_leaks=1:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
ctest --test-dir build-asan --output-on-failure -j2 "$@"
