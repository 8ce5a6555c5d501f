#!/usr/bin/env bash
# qrsc build --watch as an author meets it: a band changed in a parent rebuilds the variant that
# extends it within seconds, rewriting only the outputs whose bytes changed; a bad edit prints
# file:line:col: error: and leaves the outputs as they were; the fix builds again; the HTML sheet
# carries the reload script and its sibling .reload.js changes with it; SIGTERM ends the watch
# with status 0 and no temporary left.
source "$(dirname "$0")/scratch_checks.sh"

mkdir -p rules/bc
cp "$root/rules/battlecry/1812.yaml" rules/bc/1812.yaml
printf 'qrs: 1\nid: house\nextends: bc/1812\nsubtitle: House rules\n' > rules/bc/house.yaml
header=out/battlecry/house.hpp page=out/battlecry/house.html reload=out/battlecry/house.reload.js

# Waits up to 10 s for the command to succeed.
within() { for _ in $(seq 50); do "$@" && return 0; sleep 0.2; done; return 1; }
# The shooting dice's first two bands as the header holds them ([lo, hi): "1, 2" is [1, 3)).
rows() { grep -o 'qrs::band_between(1, [0-9]*), qrs::band_between([0-9]*, [0-9]*)' "$header"; }
rows_are() { [ "$(rows)" = "$1" ]; }
reload_is_not() { [ "$(cat "$reload")" != "$1" ]; }
# Edits a spec as editors save: a new file renamed over the old one.
edit() { sed "$1" rules/bc/1812.yaml > rules/bc/1812.yaml.new && mv rules/bc/1812.yaml.new rules/bc/1812.yaml; }

"$qrsc" build rules/bc/house.yaml -o out --emit cpp,html --watch 2> err.txt &
pid=$!
if within test -s "$reload"; then ok; else fail "no first build: $(cat err.txt)"; fi
[ "$(rows)" = 'qrs::band_between(1, 3), qrs::band_between(3, 4)' ] && ok || fail "first header: $(rows)"
grep -q "qrsReload" "$page" && grep -q 'house.reload.js' "$page" && ok || fail "the sheet has no reload script"
first_reload=$(cat "$reload")
index_time=$(stat -c %Y.%y out/index.html)
sleep 1.1  # a rewritten file would then have another modification time

# A band of the parent changed: the variant's header and sheet follow; index.html, whose bytes
# are the same, is not rewritten.
edit 's/band: "1, 2"/band: "1"/; s/band: "3"/band: "2, 3"/'
if within rows_are 'qrs::band_between(1, 2), qrs::band_between(2, 4)'; then ok; else fail "header after the edit: $(rows); $(cat err.txt)"; fi
if within reload_is_not "$first_reload"; then ok; else fail "the .reload.js did not change with the sheet"; fi
[ "$(stat -c %Y.%y out/index.html)" = "$index_time" ] && ok || fail "index.html was rewritten with the same bytes"

# A bad edit: a located error, and the outputs left as they were.
before=$(md5sum "$header" "$page" "$reload")
edit 's/band: "2, 3"/band: "2, 3x"/'
if within grep -q '1812.yaml:[0-9]*:[0-9]*: error: .*2, 3x' err.txt; then ok; else fail "no located error: $(cat err.txt)"; fi
sleep 0.5
[ "$(md5sum "$header" "$page" "$reload")" = "$before" ] && ok || fail "a failed build changed the outputs"

# Fixed: built again.
edit 's/band: "2, 3x"/band: "2"/; s/band: "4"/band: "3, 4"/'
if within rows_are 'qrs::band_between(1, 2), qrs::band_between(2, 3)'; then ok; else fail "header after the fix: $(rows); $(cat err.txt)"; fi

# SIGTERM: status 0, no temporary left in the output folders.
kill -TERM "$pid"
wait "$pid"; status=$?
[ "$status" -eq 0 ] && ok || fail "SIGTERM: status $status"
left=$(find out -name '*.tmp-qrs-*')
[ -z "$left" ] && ok || fail "temporaries left: $left"

# A normal build's sheet has no reload script (generated/ stays what it is).
"$qrsc" build rules/bc/house.yaml -o plain --emit html 2>/dev/null
! grep -q qrsReload plain/battlecry/house.html && [ ! -e plain/battlecry/house.reload.js ] && ok || fail "a normal build has the reload script"

finish "watch"
