#!/usr/bin/env bash
# Compiles every generated header on its own, as a user's translation unit would include it,
# and every runtime header (the game procedures over them, the odds) and the examples.
set -euo pipefail
cxx=$1 root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
count=0
compile() {  # compile FILE.cpp
  "$cxx" -std=c++20 -Wall -Wextra -Werror -pedantic -I"$root/runtime" -I"$root/generated" -fsyntax-only "$1"
  count=$((count + 1))
}
include_alone() {  # include_alone HEADER-RELATIVE-TO-AN-INCLUDE-DIR
  printf '#include "%s"\n' "$1" > "$tmp/tu.cpp"
  compile "$tmp/tu.cpp"
}
while IFS= read -r header; do include_alone "${header#"$root/generated/"}"; done < <(find "$root/generated" -name '*.hpp' | sort)
[ "$count" -gt 0 ] || { echo "no generated headers found" >&2; exit 1; }
while IFS= read -r header; do include_alone "${header#"$root/runtime/"}"; done < <(find "$root/runtime" -name '*.hpp' | sort)
for example in "$root"/examples/*.cpp; do compile "$example"; done
echo "$count headers and examples compile cleanly with $cxx"
