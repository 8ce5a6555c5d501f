#!/usr/bin/env bash
# Fails when generated/ differs from what qrsc makes of rules/ (byte for byte).
set -euo pipefail
qrsc=$1 root=$2 emit=$3  # emit: the outputs generated/ holds, as the qrs_generated target writes them
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mapfile -t specs < <(find "$root/rules" -name '*.yaml' ! -name '*.layout.yaml' ! -name '*.package.yaml' | sort)
(cd "$root" && "$qrsc" build "${specs[@]}" -o "$tmp/generated" --emit "$emit")
if ! diff -r "$root/generated" "$tmp/generated"; then
  echo "generated/ is stale: run 'cmake --build build --target qrs_generated' and commit the result" >&2
  exit 1
fi
echo "generated/ matches rules/ (${#specs[@]} specs)"
