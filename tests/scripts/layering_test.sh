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

probe base diagnostics.hpp yes
probe base limits.hpp yes
probe base model.hpp no
probe model notation.hpp yes
for h in frontend.hpp source_tree.hpp resolve.hpp checks.hpp backend.hpp; do probe model "$h" no; done
probe yaml source_tree.hpp yes
for h in model.hpp notation.hpp frontend.hpp resolve.hpp checks.hpp backend.hpp; do probe yaml "$h" no; done
probe frontend model.hpp yes
probe frontend source_tree.hpp yes
for h in checks.hpp diff.hpp lookup.hpp backend.hpp emit_cpp.hpp emit_html.hpp emit_json.hpp registry.hpp; do
  probe frontend "$h" no
done
probe analysis model.hpp yes
for h in frontend.hpp source_tree.hpp resolve.hpp backend.hpp emit_cpp.hpp json_writer.hpp template_document.hpp change_list.hpp; do
  probe analysis "$h" no
done
# The language server: the front end and the analyses, never a backend or a report.
for h in frontend.hpp spec_cache.hpp checks.hpp spec_format.hpp; do probe lsp "$h" yes; done
for h in backend.hpp emit_html.hpp registry.hpp json_writer.hpp change_list.hpp; do probe lsp "$h" no; done
# The analyses' documents: the analyses and the shared writers, never the front end or a backend.
for h in diff.hpp odds.hpp json_writer.hpp template_document.hpp; do probe reports "$h" yes; done
for h in frontend.hpp resolve.hpp emit_html.hpp emit_json.hpp registry.hpp; do probe reports "$h" no; done
for b in backend_cpp backend_html backend_json; do
  probe "$b" model.hpp yes
  probe "$b" backend.hpp yes
  for h in frontend.hpp resolve.hpp schema.hpp checks.hpp lookup.hpp diff.hpp change_list.hpp registry.hpp; do
    probe "$b" "$h" no
  done
done
# Only the sheet backend reads YAML (its layouts).
probe backend_html source_tree.hpp yes
probe backend_cpp source_tree.hpp no
probe backend_json source_tree.hpp no
probe backend_json emit_cpp.hpp no
probe backend_cpp emit_html.hpp no
exit $failed
