#!/usr/bin/env bash
# Fails when a file of the repository matches a pattern: the files git tracks (in a checkout
# or a worktree), else every file outside build/. The tests that keep something out of every
# file (no_machine_paths.sh, no_history_in_docs.sh) state their pattern and reason and call this.
# Usage: forbidden_text.sh ROOT GREP_FLAGS PATTERN ADVICE [EXCLUDED_FILE...]
#   GREP_FLAGS: -E, or -Ei to ignore case; EXCLUDED_FILE: repository-relative paths to skip.
set -euo pipefail
root=$1 flags=$2 pattern=$3 advice=$4
shift 4
cd "$root"
if [ -e .git ]; then  # a folder, or a file in a git worktree
  mapfile -t listed < <(git ls-files)
else
  mapfile -t listed < <(find . -path ./build -prune -o -type f -print | sed 's|^\./||')
fi
files=()
for f in "${listed[@]}"; do
  skip=no
  for x in "$@"; do [ "$f" = "$x" ] && skip=yes; done
  [ "$skip" = no ] && files+=("$f")
done
if hits=$(grep -In "$flags" "$pattern" -- "${files[@]}" 2>/dev/null); then
  echo "$hits" | head -20
  echo "$advice" >&2
  exit 1
fi
echo "none found in ${#files[@]} files"
