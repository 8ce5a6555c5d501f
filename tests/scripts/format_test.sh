#!/usr/bin/env bash
# Every C++ file of the tree is as clang-format leaves it (.clang-format at the top; generated/
# and tests/migrate/ opt out with their own). clang-format 14 is the one whose output is the
# style: another version breaks some lines otherwise, so without it the check is skipped (77).
#   format_test.sh SOURCE_DIR
set -uo pipefail
cd "$1" || exit 1
tool=""
for candidate in clang-format-14 clang-format; do
  if command -v "$candidate" >/dev/null && "$candidate" --version | grep -q 'version 14\.'; then tool=$candidate; break; fi
done
if [ -z "$tool" ]; then
  echo "skipped: clang-format 14 is not installed (tools/bootstrap.sh installs it)"
  exit 77
fi
files=$(find compiler runtime tests tools bench examples \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' \) \
          -not -path 'tests/migrate/*' | sort)
if ! out=$(echo "$files" | xargs "$tool" --dry-run --Werror 2>&1); then
  echo "$out" | head -40
  echo "not formatted (apply: $tool -i FILE, or the same over the list above)"
  exit 1
fi
echo "$(echo "$files" | wc -l) C++ files formatted as .clang-format says"
