#!/usr/bin/env bash
# Compiles every generated header on its own, as a user's translation unit would include it,
# and every runtime header (the game procedures over them, the odds) and the examples.
set -euo pipefail
cxx=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
count=0
while IFS= read -r header; do
  rel=${header#"$root/generated/"}
  printf '#include "%s"\n' "$rel" > "$tmp/tu.cpp"
  "$cxx" -std=c++20 -Wall -Wextra -Werror -pedantic -I"$root/runtime" -I"$root/generated" -fsyntax-only "$tmp/tu.cpp"
  count=$((count + 1))
done < <(find "$root/generated" -name '*.hpp' | sort)
while IFS= read -r header; do
  rel=${header#"$root/runtime/"}
  printf '#include "%s"\n' "$rel" > "$tmp/tu.cpp"
  "$cxx" -std=c++20 -Wall -Wextra -Werror -pedantic -I"$root/runtime" -I"$root/generated" -fsyntax-only "$tmp/tu.cpp"
  count=$((count + 1))
done < <(find "$root/runtime" -name '*.hpp' | sort)
for example in "$root"/examples/*.cpp; do
  "$cxx" -std=c++20 -Wall -Wextra -Werror -pedantic -I"$root/runtime" -I"$root/generated" -fsyntax-only "$example"
  count=$((count + 1))
done
[ "$count" -gt 0 ] || { echo "no generated headers found" >&2; exit 1; }
echo "$count headers compile cleanly with $cxx"
