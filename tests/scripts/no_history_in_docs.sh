#!/usr/bin/env bash
# Fails when a comment or document of the repository names an issue or a stop by its number
# (the word, then a number) or refers to the current or an earlier one: comments and docs
# explain what is and why; what happened when belongs to the commit messages and CHANGELOG.md,
# the one file exempt.
set -euo pipefail
exec "$(dirname "$0")/forbidden_text.sh" "$1" -Ei \
  '\b(issue|stop)s? #?[0-9]|\b(this|last|that|previous|next) stop\b' \
  "history found above: say what the code is and why; put what changed in CHANGELOG.md" \
  CHANGELOG.md
