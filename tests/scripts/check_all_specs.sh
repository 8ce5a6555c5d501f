#!/usr/bin/env bash
# `qrsc check` over every spec in rules/: errors fail; the disputed findings are warnings.
set -euo pipefail
qrsc=$1 root=$2
cd "$root"
mapfile -t specs < <(find rules -name '*.yaml' ! -name '*.layout.yaml' ! -name '*.package.yaml' | sort)
"$qrsc" check "${specs[@]}"
