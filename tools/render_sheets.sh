#!/usr/bin/env bash
# Prints every sheet in rules/ to PDF at both paper sizes, and every page to a PNG for a quick
# look, into out/sheets/ (a build output, never checked in):
#   out/sheets/<system>/<id>-<letter|a4>.pdf  and  ...-<page>.png
# Usage: tools/render_sheets.sh [QRSC]   (default: build/qrsc; needs chromium, poppler-utils)
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
qrsc=${1:-$root/build/qrsc}
out=$root/out/sheets
cd "$root"
[ -x "$qrsc" ] || { echo "render_sheets: no qrsc at $qrsc (build it: ninja -C build)" >&2; exit 1; }
command -v pdftoppm >/dev/null || { echo "render_sheets: pdftoppm missing (Debian package poppler-utils)" >&2; exit 1; }

failed=0
mapfile -t specs < <(find rules -name '*.yaml' ! -name '*.layout.yaml' ! -name '*.package.yaml' | sort)
for spec in "${specs[@]}"; do
  rel=${spec#rules/}
  name=${rel%.yaml}
  for paper in letter a4; do
    pdf=$out/$name-$paper.pdf
    if ! err=$("$qrsc" sheet "$spec" -o "$pdf" --paper "$paper" 2>&1); then
      if [[ "$err" == *"is abstract"* ]]; then
        echo "skip $spec (abstract: no sheet of its own)"
        break
      fi
      echo "FAIL $spec ($paper):"; echo "$err" | grep -v ': note: ' | tail -5
      failed=1
      continue
    fi
    rm -f "$out/$name-$paper"-*.png
    pdftoppm -r 60 -png "$pdf" "$out/$name-$paper"
    pages=$(pdfinfo "$pdf" 2>/dev/null | awk '/^Pages:/ {print $2}')
    echo "$pdf: $pages pages"
  done
done
exit $failed
