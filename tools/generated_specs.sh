#!/usr/bin/env bash
# The long run of the generated-spec invariants (docs/testing.md): COUNT spec families from
# seed SEED, each checked on every surface against the oracle; prints the spec count, the
# failures per invariant and, for each invariant that is not a known failure, a minimal spec.
#   tools/generated_specs.sh [--count N] [--seed S] [--build DIR] [more run.py options]
#   nice -n 10 tools/generated_specs.sh --count 3000 --seed 100000
# Reproduce one seed:   tools/generated_specs.sh --count 1 --seed S --keep /tmp/s
# Print its specs:      tools/generated_specs.sh --count 1 --seed S --print-spec
set -euo pipefail
cd "$(dirname "$0")/.."
build=build count=5000 seed=100000 args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --count) count=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
python=${QRS_PYTHON3:-python3}
exec "$python" tests/generated_specs/run.py --qrsc "$build/qrsc" --root . --seed "$seed" --count "$count" "${args[@]}"
