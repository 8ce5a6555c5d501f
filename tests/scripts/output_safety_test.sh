#!/usr/bin/env bash
# qrsc in a shared output folder and with a hostile --templates folder, as users meet them:
#   - links planted at every name a predictable temporary would have (<target>.tmp<PID> for the next PIDs),
#     at an output's own name and at an output's subfolder are never followed: what they point at is untouched;
#   - two builds into one folder, run side by side again and again, always leave one build's
#     whole set (the header and index.html name the same sheet);
#   - a template that is a link to /dev/zero, a FIFO, sections nested over the sheet's tables,
#     or a render that would write hundreds of MB, each stops with a message naming the
#     template (and its line and column), exit status 1, nothing written.
source "$(dirname "$0")/scratch_checks.sh"
spec=$root/rules/battlecry/1812.yaml

# Links at the predictable temporary names of the next 300 PIDs, and one at an output's name.
mkdir -p out/battlecry
echo precious > victim
next=$(( $(sh -c 'echo $$') + 1 ))
for pid in $(seq "$next" $((next + 300))); do
  ln -s "$tmp/victim" "out/index.html.tmp$pid"
  ln -s "$tmp/victim" "out/battlecry/1812.hpp.tmp$pid"
done
if "$qrsc" build "$spec" -o out --emit cpp,html > log.txt 2>&1; then ok; else fail "build beside planted links: $(cat log.txt)"; fi
[ "$(cat victim)" = precious ] && ok || fail "a planted link was followed"
[ -f out/index.html ] && [ ! -L out/index.html ] && ok || fail "index.html is not a regular file"
rm -f out/index.html && ln -s "$tmp/victim" out/index.html
out=$("$qrsc" build "$spec" -o out --emit cpp,html 2>&1); status=$?
[ "$status" -eq 1 ] && [[ "$out" == *"index.html: it is not a regular file"* ]] && ok || fail "link at an output (status $status): $out"
[ "$(cat victim)" = precious ] && ok || fail "the link at index.html was followed"
rm -rf out

# A link planted at an output's subfolder (out/<system> pointing at another user's folder) is
# refused, never followed: the other folder's file of the same name is untouched, and nothing
# is written.
mkdir -p other out
echo precious > other/1812.hpp
ln -s "$tmp/other" out/battlecry
out=$("$qrsc" build "$spec" -o out --emit cpp,html 2>&1); status=$?
[ "$status" -eq 1 ] && [[ "$out" == *"out/battlecry: it is a link or not a folder"* ]] && ok ||
  fail "link at an output subfolder (status $status): $out"
[ "$(cat other/1812.hpp)" = precious ] && [ "$(ls other)" = 1812.hpp ] && ok || fail "the link at out/battlecry was followed"
[ ! -e out/index.html ] && ok || fail "a build refused for a link wrote index.html"
rm -rf out other

# Two builds into one folder: two sheets with the same outputs and different titles, each time
# into a folder that does not exist yet (the first run makes it while the other waits).
sed 's/^title: Battlecry! 1812$/title: Sheet A/' "$spec" > a.yaml
sed 's/^title: Battlecry! 1812$/title: Sheet B/' "$spec" > b.yaml
mixed=0
for i in $(seq 1 40); do
  rm -rf shared
  "$qrsc" build a.yaml -o shared --emit cpp,html --quiet 2> /dev/null &
  "$qrsc" build b.yaml -o shared --emit cpp,html --quiet 2> /dev/null &
  wait
  header=$(grep -o 'Sheet [AB]' shared/battlecry/1812.hpp | head -1)
  index=$(grep -o 'Sheet [AB]' shared/index.html | head -1)
  [ -n "$header" ] && [ "$header" = "$index" ] || mixed=$((mixed + 1))
done
[ "$mixed" -eq 0 ] && ok || fail "concurrent builds left a mixed set $mixed times in 40"
leftovers=$(find shared -name '*tmp*' | wc -l)
[ "$leftovers" -eq 0 ] && ok || fail "$leftovers temporaries left by concurrent builds"

# Hostile templates.
hostile() {  # NAME WANT_MESSAGE [SPEC]: the build with templates/ in t/ fails with the message, fast
  local name=$1 want=$2 out status
  rm -rf hout
  out=$(timeout 60 "$qrsc" --templates t build "${3:-$spec}" -o hout --emit cpp,html 2>&1); status=$?
  if [ "$status" -eq 1 ] && [[ "$out" == *"$want"* ]] && [ ! -e hout ]; then ok; else
    fail "template $name (status $status, want 1 and '$want'): ${out:0:300}"
  fi
}
fresh_templates() { rm -rf t && cp -r "$root/templates" t; }
fresh_templates && rm t/cpp/sheet.hpp.mustache && ln -s /dev/zero t/cpp/sheet.hpp.mustache
hostile dev_zero "t/cpp/sheet.hpp.mustache: error: the template is not a regular file"
fresh_templates && rm t/cpp/sheet.hpp.mustache && mkfifo t/cpp/sheet.hpp.mustache
hostile fifo "t/cpp/sheet.hpp.mustache: error: the template is not a regular file"
fresh_templates && head -c $((2 * 1024 * 1024)) /dev/zero | tr '\0' 'x' > t/cpp/sheet.hpp.mustache
hostile too_big "the template is larger than 1 MiB"
fresh_templates && {
  echo 'line one'
  printf '{{#tables}}%.0s' 1 2 3 4 5 6 7 8; echo 'x'; printf '{{/tables}}%.0s' 1 2 3 4 5 6 7 8; echo
} > t/cpp/sheet.hpp.mustache
hostile nested_sections "cpp/sheet.hpp.mustache:2:81: error: rendering makes more than 100000 items of generated lists"
fresh_templates && {
  printf '{{#tables}}{{#tables}}{{#tables}}\n'
  head -c 100000 /dev/zero | tr '\0' 'y'; echo
  printf '{{/tables}}{{/tables}}{{/tables}}\n'
} > t/cpp/sheet.hpp.mustache
hostile huge_output "cpp/sheet.hpp.mustache:2:100001: error: the rendered text is larger than 256 MiB" "$root/rules/rff/acw-2.1-15mm.yaml"

finish "output safety"
