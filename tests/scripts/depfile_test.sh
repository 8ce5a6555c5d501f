#!/usr/bin/env bash
# qrsc build --depfile as GNU make and Ninja read it: names with a space, '#', '$' and ':' come
# back as the files they are (make finds every prerequisite and sees a touched spec; Ninja records
# the same names), and a name with a newline and a tab, which would make GNU make run a command,
# is refused with a message and no depfile or output is written.
source "$(dirname "$0")/scratch_checks.sh"

spec='odd name #1 $HOME:x.yaml'
cp "$root/rules/battlecry/1812.yaml" "$spec"

# GNU make (a pattern rule gives the header a recipe): nothing to do right after the build, the
# header remade once the spec is newer. A name make misread would be a missing prerequisite.
if "$qrsc" build "./$spec" -o "out dir" --emit cpp --depfile deps.d 2> err.txt; then ok; else fail "build: $(cat err.txt)"; fi
echo '%.hpp: ; @echo remake $@' > recipe.mk
if [ -f deps.d ]; then
  out=$(make -n -f deps.d -f recipe.mk 2>&1); status=$?
  [ "$status" -eq 0 ] && [[ "$out" != *remake* ]] && ok || { fail "make reads the depfile (status $status): $out"; cat deps.d; }
  touch -d '1 hour ago' "out dir/battlecry/1812.hpp"
  out=$(make -n -f deps.d -f recipe.mk 2>&1); status=$?
  [ "$status" -eq 0 ] && [[ "$out" == *"remake $tmp/out dir/battlecry/1812.hpp"* ]] && ok || fail "make sees the newer spec (status $status): $out"
else
  fail "no depfile written"
fi

# Ninja: the names it records from the depfile are the files' names.
cat > build.ninja <<'NINJA'
rule qrsc
  command = $qrsc build './odd name #1 $$HOME:x.yaml' -o 'out dir' --emit cpp --depfile $out.d && touch $out
  depfile = $out.d
  deps = gcc
build stamp: qrsc
NINJA
sed -i "1i qrsc = $qrsc" build.ninja
if ninja -f build.ninja > ninja.txt 2>&1; then ok; else fail "ninja build:"; cat ninja.txt; fi
recorded=$(ninja -f build.ninja -t deps stamp 2>&1)
if [[ "$recorded" == *"$tmp/$spec"* ]]; then ok; else fail "ninja records the spec's name: $recorded"; fi
touch -d '1 hour ago' stamp
if ninja -f build.ninja -n 2>&1 | grep -q 'qrsc'; then ok; else fail "ninja sees the touched spec"; fi

# A newline and a tab in a name: GNU make would read "touch PWNED" as a recipe line.
evil=$'x\n\ttouch${IFS}PWNED\nz:.yaml'
cp "$root/rules/battlecry/1812.yaml" "$evil"
rm -rf out2
out=$("$qrsc" build "./$evil" -o out2 --emit cpp --depfile evil.d 2>&1); status=$?
if [ "$status" -eq 1 ] && [[ "$out" == *'control character'* ]] && [[ "$out" == *'x\n\ttouch'* ]]; then ok; else fail "newline refused (status $status): $out"; fi
if [ ! -e evil.d ] && [ ! -e out2 ]; then ok; else fail "nothing written for a refused name"; fi
make -f evil.d > /dev/null 2>&1  # absent: make has nothing to read
if [ ! -e PWNED ]; then ok; else fail "make ran a command from the depfile"; fi

# --stamp: the one output a build system declares when it cannot name qrsc's outputs before qrsc
# runs (qrs_generate after add_subdirectory). The stamp lists every output with a fingerprint and
# is the depfile's target; under Ninja's restat, what reads the stamp is rebuilt when an output
# changed, and not when a spec was only touched.
mkdir -p st/rules/battlecry
cp "$root/rules/battlecry/1812.yaml" st/rules/battlecry/1812.yaml
cat > st/build.ninja <<NINJA
rule qrsc
  command = $qrsc build rules/battlecry/1812.yaml -o out --emit cpp,json --depfile \$out.d --stamp \$out
  depfile = \$out.d
  deps = gcc
  restat = 1
rule reader
  command = echo read >> reads.log && touch \$out
build outputs.txt: qrsc
build reader.o: reader outputs.txt
NINJA
(cd st && ninja > ninja.txt 2>&1) || { fail "ninja with --stamp:"; cat st/ninja.txt; }
lines=$(wc -l < st/outputs.txt 2>/dev/null || echo 0)
if [ "$lines" -eq 2 ] && grep -Eq "^[0-9a-f]{16}  $tmp/st/out/battlecry/1812.hpp\$" st/outputs.txt &&
   grep -Eq "^[0-9a-f]{16}  $tmp/st/out/battlecry/1812.json\$" st/outputs.txt; then ok; else fail "the stamp lists the header and the JSON: $(cat st/outputs.txt)"; fi
# Captured, not piped into grep -q: with pipefail, grep leaving early would fail the pipeline.
recorded=$(cd st && ninja -t deps outputs.txt 2>&1)
if [[ "$recorded" == *"$tmp/st/rules/battlecry/1812.yaml"* ]]; then ok; else fail "the depfile names the stamp as its target: $recorded"; fi
touch -d '1 hour ago' st/outputs.txt st/reader.o st/out/battlecry/*
touch st/rules/battlecry/1812.yaml   # touched, unchanged: qrsc runs, nothing downstream does
(cd st && ninja > ninja.txt 2>&1)
if [ "$(wc -l < st/reads.log)" -eq 1 ] && [[ "$(cd st && ninja -n 2>&1)" == *"no work to do"* ]]; then ok; else fail "a touched spec rebuilds only qrsc's step: $(cat st/ninja.txt)"; fi
sed -i 's/^title: .*/title: "Battlecry (stamp test)"/' st/rules/battlecry/1812.yaml
(cd st && ninja > ninja.txt 2>&1)
if [ "$(wc -l < st/reads.log)" -eq 2 ]; then ok; else fail "a changed output rebuilds what reads the stamp: $(cat st/ninja.txt)"; fi

# The sheet's own layout (docs/sheets.md, "A sheet's own layout"), SPEC.layout.yaml beside the
# spec, is read for the sheet: the depfile lists it, so an edit of it makes the sheet again; a
# spec without one lists no layout.
mkdir -p own/rules/house
cp "$root/rules/battlecry/1812.yaml" own/rules/house/sheet.yaml
cat > own/rules/house/sheet.layout.yaml <<'LAYOUT'
pages:
  - flow: 3
    columns:
      - sections:
          - tables: ["*"]
LAYOUT
if "$qrsc" build own/rules/house/sheet.yaml -o own/out --emit html --depfile own/deps.d 2> err.txt; then ok; else fail "build with its own layout: $(cat err.txt)"; fi
if grep -q "^  $tmp/own/rules/house/sheet.layout.yaml" own/deps.d; then ok; else fail "the depfile lists the own layout:"; cat own/deps.d; fi
echo '%.html: ; @echo remake $@' > html.mk
out=$(make -n -f own/deps.d -f html.mk 2>&1)
[[ "$out" != *remake* ]] && ok || fail "nothing to do right after the build: $out"
touch -d '+1 hour' own/rules/house/sheet.layout.yaml
out=$(make -n -f own/deps.d -f html.mk 2>&1)
[[ "$out" == *"remake $tmp/own/out/"*".html"* ]] && ok || fail "make sees the edited layout: $out"
rm own/rules/house/sheet.layout.yaml
if "$qrsc" build own/rules/house/sheet.yaml -o own/out --emit html --depfile own/deps.d 2> err.txt; then ok; else fail "build without a layout: $(cat err.txt)"; fi
if grep -q "layout.yaml" own/deps.d; then fail "a layout that is not there is listed:"; cat own/deps.d; else ok; fi
# Its system's layout (docs/sheets.md, "Layout files"): with the published rules on the search
# path, the house sheet of system battlecry is placed by rules/battlecry/battlecry.layout.yaml,
# which the depfile lists.
if "$qrsc" -I "$root/rules" build own/rules/house/sheet.yaml -o own/out --emit html --depfile own/deps.d 2> err.txt; then ok; else fail "build with its system's layout: $(cat err.txt)"; fi
if grep -q "^  $(realpath "$root")/rules/battlecry/battlecry.layout.yaml" own/deps.d; then ok; else fail "the depfile lists the system's layout:"; cat own/deps.d; fi

finish "depfile"
