#!/usr/bin/env bash
# No std::regex in qrsc, its runtime or its tools: libstdc++'s matcher recurses once per
# character it matches, so a long enough line of input overflows the stack (a crash on a
# spec or a message qrsc accepts). Comment lines that name it are allowed.
#   no_std_regex.sh SOURCE_DIR
set -euo pipefail
cd "$1"
found=$(grep -rnE '#[[:space:]]*include[[:space:]]*<regex>|std::(w?regex|regex_[a-z_]+|[cs]match|w?[cs]regex_[a-z_]+|wsmatch|wcmatch)\b' \
          --include='*.cpp' --include='*.hpp' --include='*.h' --include='*.cc' compiler runtime tools |
        grep -vE '^[^:]+:[0-9]+:[[:space:]]*//' || true)
if [ -n "$found" ]; then
  echo "std::regex is used (write a scanner instead):"
  echo "$found"
  exit 1
fi
echo "no std::regex in compiler/, runtime/, tools/"
