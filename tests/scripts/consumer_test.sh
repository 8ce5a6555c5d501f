#!/usr/bin/env bash
# The example consumer (examples/dice-assistant) built as a game author builds it, against qrs
# as a user gets it:
#   install BUILD_DIR  `cmake --install` into a scratch prefix
#   deb BUILD_DIR      the Debian package (cpack -G DEB), unpacked with dpkg-deb -x into a scratch root
# Then: its answers to maneuver rolls (the ACW QRS 2.1 in 003: 8 or more Double Quick, 0/-1 Fall
# Back, -2 or less Panic, which the house sheet calls Rout), and regeneration: touching the
# installed parent spec reruns qrsc, and editing it changes the program's answer.
# TOOLS (after the root) lists what was built: qrsc, and qrs-migrate when it was; qrs-migrate is
# then run as installed (bin/, or the qrs-migrate package) on a sample of game code.
set -euo pipefail
mode=$1 build=$2 root=$3
tools=" ${*:4} "
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

case "$mode" in
  install)
    prefix=$tmp/prefix
    cmake --install "$build" --prefix "$prefix" >/dev/null ;;
  deb)
    (cd "$build" && cpack -G DEB -B "$tmp/deb" >/dev/null)
    deb=$(ls "$tmp"/deb/qrs_*.deb)
    depends=$(dpkg-deb -f "$deb" Depends)
    dpkg-deb -x "$deb" "$tmp/root"
    # Every shared library qrsc loads is a dependency of the package (libyaml always: it stays
    # shared for its security updates; libstdc++ only when qrsc is built without its static copy).
    needed=$(ldd "$tmp/root/usr/bin/qrsc" | awk '$2 == "=>" {print $1 "=" $3}')
    [[ "$needed" == *libyaml-0.so* ]] || fail "qrsc does not load libyaml: $needed"
    for entry in $needed; do
      soname=${entry%%=*} lib=${entry#*=}
      pkg=$(dpkg -S "$lib" 2>/dev/null | head -n1 | cut -d: -f1) || true
      [ -n "$pkg" ] || pkg=$(dpkg -S "$(readlink -f "$lib")" | head -n1 | cut -d: -f1)
      [[ "$depends" == *"$pkg"* ]] || fail "qrsc needs $soname (package $pkg); Depends '$depends' lacks it"
    done
    if [[ "$tools" == *" qrs-migrate "* ]]; then
      migrate_deb=$(ls "$tmp"/deb/qrs-migrate_*.deb)
      depends=$(dpkg-deb -f "$migrate_deb" Depends)
      for dep in "qrs (= " libclang-cpp libclang-common-; do
        [[ "$depends" == *"$dep"* ]] || fail "qrs-migrate's Depends '$depends' lacks $dep"
      done
      [[ "$(dpkg-deb -f "$deb" Depends)" != *clang* ]] || fail "qrs depends on clang: $(dpkg-deb -f "$deb" Depends)"
      dpkg-deb -c "$deb" | grep -q 'bin/qrs-migrate' && fail "qrs-migrate is in the qrs package"
      dpkg-deb -x "$migrate_deb" "$tmp/root"
    fi
    prefix=$tmp/root/usr ;;
  *) fail "mode must be install or deb" ;;
esac
[ -x "$prefix/bin/qrsc" ] || fail "no bin/qrsc in the package"
"$prefix/bin/qrsc" --version | grep -q '^qrsc [0-9]' || fail "qrsc --version"
parent=$prefix/share/qrs/rules/rff/acw-2.1-15mm.yaml
[ -f "$parent" ] || fail "the published specs are not under share/qrs/rules"
"$root/tests/scripts/qrs_generate_names_check.sh" "$prefix"
if [[ "$tools" == *" qrs-migrate "* ]]; then
  "$root/tests/scripts/installed_migrate_check.sh" "$prefix" "$root"
fi

example=$tmp/build
cmake -S "$root/examples/dice-assistant" -B "$example" -G Ninja -DCMAKE_PREFIX_PATH="$prefix" >"$tmp/configure.log" 2>&1 ||
  { cat "$tmp/configure.log"; fail "configuring the example"; }
build_example() { cmake --build "$example" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "building the example"; }; }
answer() { "$example/dice-assistant" "$@"; }
expect() {  # expect WANT ROLL MODIFIER...
  local want=$1; shift
  local got; got=$(answer "$@")
  [[ "$got" == *"$want"* ]] || fail "dice-assistant $*: '$got' (want '$want')"
}
build_example
grep -q "qrsc: compiling" "$tmp/build.log" || fail "the header was not generated at build time"
expect "8: Double Quick. Well handled maneuver at the double quick rate." 7 gallant_leader
expect "-1: Fall Back. Troops retreat out of close range disordered." 1 out_of_command
expect "-2: Rout. Troops retreat broken." 1 out_of_command poor_leader
# Provisional command and out of command are not cumulative (003, change 2): 5 - 2 = 3.
expect "3: Well Handled" 5 provisional_command out_of_command

# The header depends on the specs it was made from, the installed parent included.
build_example
grep -q "no work to do" "$tmp/build.log" || { cat "$tmp/build.log"; fail "a second build was not a no-op"; }
sleep 1 && touch "$parent"
build_example
grep -q "qrsc: compiling" "$tmp/build.log" || { cat "$tmp/build.log"; fail "touching the parent spec did not regenerate"; }
build_example
grep -q "no work to do" "$tmp/build.log" || { cat "$tmp/build.log"; fail "the build after regenerating was not a no-op"; }
sed -i 's/Troops retreat broken\. Guns limber/Troops retreat broken at once. Guns limber/' "$parent"
build_example
expect "-2: Rout. Troops retreat broken at once." 1 out_of_command poor_leader
echo "$mode: the example builds, answers, and regenerates when the installed parent changes"
