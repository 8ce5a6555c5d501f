#!/usr/bin/env bash
# Reruns every benchmark of docs/benchmarks.md under g++ and clang++ (Release, -O3): per
# compiler, the lookups (each table and key pattern, each way's time per lookup and its ratio
# to the hand-written code), then compile speed (bench/compile_speed.py: qrsc against
# llvm-tblgen-14 and against yaml-cpp's parse, variants, the big synthetic spec, include cost).
# Usage: bench/run_benchmarks.sh [REPETITIONS]   (default 5; medians are reported)
# Build folders: build-bench-g++ and build-bench-clang++ (never checked in).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
reps=${1:-5}
cd "$root"
for cxx in g++ clang++; do
  dir=build-bench-$cxx
  cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" -DQRS_BUILD_TESTS=OFF >/dev/null
  cmake --build "$dir" --target qrs_bench qrsc qrs_yaml_floor >/dev/null
  "$dir/bench/qrs_bench" --benchmark_repetitions="$reps" --benchmark_report_aggregates_only=true \
    --benchmark_format=json --benchmark_out="$dir/lookup.json" --benchmark_out_format=json >/dev/null
  /usr/bin/python3 - "$cxx" "$dir/lookup.json" <<'PY'
import json, sys
cxx, path = sys.argv[1], sys.argv[2]
runs = json.load(open(path))["benchmarks"]
med = {}
for b in runs:
    if b.get("aggregate_name") != "median":
        continue
    name, pattern = b["run_name"].split("/pattern:")
    table, way = name[len("BM_"):].split("_")
    ns = 1e9 / b["items_per_second"]
    med[(table, int(pattern), way)] = ns
patterns = {0: "random", 1: "sorted", 2: "repeated 4096"}
print(f"\n### {cxx}\n")
print("| table | keys | way | ns per lookup | vs hand-written |")
print("|---|---|---|---:|---:|")
for (table, pattern, way), ns in sorted(med.items()):
    base = med[(table, pattern, "HandWritten")]
    print(f"| {table} | {patterns[pattern]} | {way} | {ns:.2f} | {ns / base:.2f}x |")
PY
  echo
  echo "#### compile speed, qrsc built by $cxx"
  echo
  /usr/bin/python3 "$root/bench/compile_speed.py" --build "$dir" --runs $((reps * 4 + 1))
done
