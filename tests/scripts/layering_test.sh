#!/usr/bin/env bash
# The pipeline's layering is enforced by the build: each library sees only the headers of the
# libraries it links. This compiles one-line probes with each library's include path (as CMake
# computes it) and checks that allowed headers are found and forbidden ones are not.
# Usage: layering_test.sh CXX LIB=DIR:DIR:... ...
set -uo pipefail
cxx=$1
shift
declare -A dirs
for arg in "$@"; do dirs[${arg%%=*}]=${arg#*=}; done

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
# probe LIB HEADER yes|no: can code in LIB include HEADER?
probe() {
  local lib=$1 header=$2 want=$3 flags=()
  IFS=: read -ra paths <<<"${dirs[$lib]}"
  for p in "${paths[@]}"; do [ -n "$p" ] && flags+=("-I$p"); done
  printf '#include "%s"\n' "$header" >"$tmp/probe.cpp"
  if "$cxx" -std=c++20 -fsyntax-only "${flags[@]}" "$tmp/probe.cpp" 2>"$tmp/err"; then
    got=yes
  elif grep -q "No such file\|file not found" "$tmp/err"; then
    got=no
  else
    echo "FAIL: $lib including $header fails for another reason:"; head -5 "$tmp/err"; failed=1; return
  fi
  if [ "$got" != "$want" ]; then
    echo "FAIL: $lib including $header: expected $([ "$want" = yes ] && echo found || echo 'not found'), was $([ "$got" = yes ] && echo found || echo 'not found')"
    failed=1
  else
    echo "ok: $lib $([ "$want" = yes ] && echo sees || echo 'does not see') $header"
  fi
}

probe base qrsc/base/diagnostics.hpp yes
probe base qrsc/base/limits.hpp yes
probe base qrsc/model/model.hpp no
probe model qrsc/model/notation.hpp yes
for h in qrsc/frontend/frontend.hpp qrsc/yaml/source_tree.hpp qrsc/frontend/resolve.hpp qrsc/analysis/checks.hpp qrsc/backends/common/backend.hpp; do probe model "$h" no; done
probe yaml qrsc/yaml/source_tree.hpp yes
for h in qrsc/model/model.hpp qrsc/model/notation.hpp qrsc/frontend/frontend.hpp qrsc/frontend/resolve.hpp qrsc/analysis/checks.hpp qrsc/backends/common/backend.hpp; do probe yaml "$h" no; done
probe frontend qrsc/model/model.hpp yes
# Headers are found by their layer's path only: the analyses' odds.hpp and the runtime's are two.
probe analysis qrsc/analysis/odds.hpp yes
probe analysis qrs/odds.hpp yes
probe analysis odds.hpp no
probe frontend qrsc/yaml/source_tree.hpp yes
for h in qrsc/analysis/checks.hpp qrsc/analysis/diff.hpp qrsc/analysis/lookup.hpp qrsc/backends/common/backend.hpp qrsc/backends/cpp/emit_cpp.hpp qrsc/backends/html/emit_html.hpp qrsc/backends/json/emit_json.hpp qrsc/backends/registry.hpp; do
  probe frontend "$h" no
done
probe analysis qrsc/model/model.hpp yes
for h in qrsc/frontend/frontend.hpp qrsc/yaml/source_tree.hpp qrsc/frontend/resolve.hpp qrsc/backends/common/backend.hpp qrsc/backends/cpp/emit_cpp.hpp qrsc/backends/common/json_writer.hpp qrsc/backends/common/template_document.hpp qrsc/reports/change_list.hpp; do
  probe analysis "$h" no
done
# The language server: the front end and the analyses, never a backend or a report.
for h in qrsc/frontend/frontend.hpp qrsc/frontend/spec_cache.hpp qrsc/analysis/checks.hpp qrsc/format/spec_format.hpp; do probe lsp "$h" yes; done
for h in qrsc/backends/common/backend.hpp qrsc/backends/html/emit_html.hpp qrsc/backends/registry.hpp qrsc/backends/common/json_writer.hpp qrsc/reports/change_list.hpp; do probe lsp "$h" no; done
# The analyses' documents: the analyses and the shared writers, never the front end or a backend.
for h in qrsc/analysis/diff.hpp qrsc/analysis/odds.hpp qrsc/backends/common/json_writer.hpp qrsc/backends/common/template_document.hpp; do probe reports "$h" yes; done
for h in qrsc/frontend/frontend.hpp qrsc/frontend/resolve.hpp qrsc/backends/html/emit_html.hpp qrsc/backends/json/emit_json.hpp qrsc/backends/registry.hpp; do probe reports "$h" no; done
for b in backend_cpp backend_html backend_json; do
  probe "$b" qrsc/model/model.hpp yes
  probe "$b" qrsc/backends/common/backend.hpp yes
  for h in qrsc/frontend/frontend.hpp qrsc/frontend/resolve.hpp qrsc/frontend/schema.hpp qrsc/analysis/checks.hpp qrsc/analysis/lookup.hpp qrsc/analysis/diff.hpp qrsc/reports/change_list.hpp qrsc/backends/registry.hpp; do
    probe "$b" "$h" no
  done
done
# Only the sheet backend reads YAML (its layouts).
probe backend_html qrsc/yaml/source_tree.hpp yes
probe backend_cpp qrsc/yaml/source_tree.hpp no
probe backend_json qrsc/yaml/source_tree.hpp no
probe backend_json qrsc/backends/cpp/emit_cpp.hpp no
probe backend_cpp qrsc/backends/html/emit_html.hpp no
exit $failed
