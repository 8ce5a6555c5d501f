#!/usr/bin/env bash
# Runs the whole test suite (builds first, so it works on a fresh clone after bootstrap).
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/CMakeCache.txt ] || cmake --preset dev
cmake --build build
ctest --test-dir build --output-on-failure -j2
