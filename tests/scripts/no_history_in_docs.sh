#!/usr/bin/env bash
# Fails when a comment or document of the repository names an issue or a stop by its number
# (the word, then a number) or refers to the current or an earlier one: comments and docs
# explain what is and why; what happened when belongs to the commit messages and CHANGELOG.md,
# the one file exempt.
set -euo pipefail
root=$1
cd "$root"
if [ -e .git ]; then  # a folder, or a file in a git worktree
  mapfile -t files < <(git ls-files | grep -vx 'CHANGELOG.md')
else
  mapfile -t files < <(find . -path ./build -prune -o -path ./CHANGELOG.md -prune -o -type f -print)
fi
pattern='\b(issue|stop)s? #?[0-9]|\b(this|last|that|previous|next) stop\b'
if hits=$(grep -InEi "$pattern" -- "${files[@]}" 2>/dev/null); then
  echo "$hits" | head -20
  echo "history found above: say what the code is and why; put what changed in CHANGELOG.md" >&2
  exit 1
fi
echo "no issue or stop named in ${#files[@]} files"
