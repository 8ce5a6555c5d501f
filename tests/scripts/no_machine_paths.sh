#!/usr/bin/env bash
# Fails when a file of the repository names a path of the machine it was written on: source
# documents are cited by file name, and paths are relative to the repository.
set -euo pipefail
root=$1
cd "$root"
if [ -e .git ]; then  # a folder, or a file in a git worktree
  mapfile -t files < <(git ls-files)
else
  mapfile -t files < <(find . -path ./build -prune -o -type f -print)
fi
pattern='(^|[^A-Za-z0-9_.])/(work|farm|home|root|Users|tmp/bash_jobs)/'
if hits=$(grep -InE "$pattern" -- "${files[@]}" 2>/dev/null); then
  echo "$hits" | head -20
  echo "machine paths found above: cite documents by file name, use repository-relative paths" >&2
  exit 1
fi
echo "no machine paths in ${#files[@]} files"
