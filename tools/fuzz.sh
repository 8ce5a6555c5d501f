#!/usr/bin/env bash
# Builds the libFuzzer target (clang, ASan + UBSan, build-fuzz/) and fuzzes the front end,
# the checks and the emitters. The seeds are every spec in rules/; the dictionary is YAML's
# and the spec format's words (tools/fuzz/yaml.dict). Findings go to build-fuzz/findings/.
#   tools/fuzz.sh [SECONDS] [extra libFuzzer flags...]      (default 60 seconds)
# A long run, at low priority on one core:
#   nice -n 19 tools/fuzz.sh 1800
# -timeout=60: the machine this runs on may be shared, and a starved process is not a hang.
# Plain byte mutation instead of the structure-aware mutator: QRS_FUZZ_MODE=bytes tools/fuzz.sh
# The language server's target instead (an editor's stream to `qrsc lsp`, seeded by
# tools/fuzz/lsp_seeds/, findings in build-fuzz/findings-lsp/): QRS_FUZZ_TARGET=lsp tools/fuzz.sh
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
if [ ! -f build-fuzz/CMakeCache.txt ]; then
  cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
    -DQRS_FUZZ=ON -DQRS_BUILD_TESTS=OFF -DQRS_BUILD_BENCHMARKS=OFF
fi
if [ "${QRS_FUZZ_TARGET:-spec}" = lsp ]; then
  cmake --build build-fuzz --target qrs_lsp_fuzz -j2
  corpus=build-fuzz/corpus-lsp
  mkdir -p "$corpus" build-fuzz/findings-lsp
  cp tools/fuzz/lsp_seeds/* "$corpus/"
  # -max_len: the seeds hold whole specs (75 KB); a message may be larger still.
  ASAN_OPTIONS=detect_leaks=0 build-fuzz/tools/fuzz/qrs_lsp_fuzz "$corpus" \
    -dict=tools/fuzz/lsp.dict -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 -max_len=262144 \
    -artifact_prefix=build-fuzz/findings-lsp/ -print_final_stats=1 "$@"
  exit
fi
cmake --build build-fuzz --target qrs_fuzz -j2
corpus=build-fuzz/corpus
mkdir -p "$corpus" build-fuzz/findings
# The seeds: every spec in rules/ (copied, so that libFuzzer's additions stay out of rules/).
find rules -name '*.yaml' -exec cp {} "$corpus/" \;
# Leaks are not what this looks for (qrsc is a short-lived process).
ASAN_OPTIONS=detect_leaks=0 build-fuzz/tools/fuzz/qrs_fuzz "$corpus" \
  -dict=tools/fuzz/yaml.dict -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 \
  -artifact_prefix=build-fuzz/findings/ -print_final_stats=1 "$@"
