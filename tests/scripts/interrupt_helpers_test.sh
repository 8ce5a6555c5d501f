#!/usr/bin/env bash
# An interrupted `qrsc sheet` (Chromium printing a PDF) and `qrsc build --emit web` (clang
# compiling the WebAssembly module), as ^C or a build tool's kill meets them: SIGINT or SIGTERM
# while the helper runs ends qrsc with that signal, kills the helper's process group (which a
# terminal's ^C does not reach: it is a group of its own) and removes its scratch folder
# (/tmp/qrsc-sheet-*, a 6 MB browser profile; /tmp/qrsc-web-*, 15 MB of runtime and objects).
# TMPDIR points at a folder of the test's own, so that its scratch folders and processes are
# told apart from any other run's. Skipped (exit 77) where neither helper is installed.
source "$(dirname "$0")/scratch_checks.sh"
scratch=$tmp/scratch
mkdir -p "$scratch"

# The processes whose command line names this test's scratch folder (the helpers all do).
helpers() { ps -eo pid=,args= | grep -F -- "$scratch/" | grep -v -e 'grep -F' -e "$0" | awk '{print $1}'; }

# interrupt NAME SIGNAL PREFIX -- command...: starts the command, waits until its helper runs
# in a scratch folder PREFIX-*, sends SIGNAL to qrsc, then checks what is left.
interrupt() {
  local name=$1 sig=$2 prefix=$3; shift 4
  # A shell starts a background job with SIGINT ignored (which qrsc then keeps, as under
  # nohup): env gives it the default action, as a terminal's ^C meets it.
  TMPDIR=$scratch env --default-signal=INT "$@" > "$name.log" 2>&1 &
  local pid=$! waited=0
  until [ -n "$(helpers)" ] && compgen -G "$scratch/$prefix-*" > /dev/null; do
    sleep 0.1
    waited=$((waited + 1))
    if [ "$waited" -gt 600 ] || ! kill -0 "$pid" 2> /dev/null; then
      fail "$name: no helper seen running in $scratch/$prefix-* within 60 s: $(head -c 300 "$name.log")"
      kill "$pid" 2> /dev/null; wait "$pid" 2> /dev/null
      return
    fi
  done
  sleep 0.5  # the helper well under way
  kill "-$sig" "$pid"
  wait "$pid"
  local status=$? want=$((128 + $(kill -l "$sig")))
  [ "$status" -eq "$want" ] && ok || fail "$name: qrsc ended with status $status, want $want (killed by SIG$sig)"
  sleep 0.5  # SIGKILL is delivered at once, but a process may take a moment to go
  local left
  left=$(helpers)
  [ -z "$left" ] && ok || { fail "$name: helper processes still running: $(ps -o pid=,args= -p "$(echo $left | tr ' ' ',')" | cut -c1-120)"; kill -9 $left 2> /dev/null; }
  left=$(ls -A "$scratch")
  [ -z "$left" ] && ok || { fail "$name: left in TMPDIR: $left"; rm -rf "${scratch:?}"/*; }
}

# A warm Chromium prints the sheet, and clang compiles the module, in about a second: within the
# half second the test waits, qrsc could end with status 0 before the signal. qrsc runs the real
# helper beside a sleep (--chromium, --wasm-cxx), so that the helper is still running when the
# signal comes.
slow() {  # slow NAME PROGRAM: writes $tmp/NAME, which runs PROGRAM with its arguments and waits 60 s
  printf '#!/bin/sh\n"%s" "$@" &\nsleep 60\nwait\n' "$2" > "$tmp/$1"
  chmod +x "$tmp/$1"
}

ran=0
chromium=$(command -v chromium || true)
[ -x /usr/bin/chromium ] && chromium=/usr/bin/chromium
if [ -n "$chromium" ]; then
  slow slow-chromium "$chromium"
  for sig in INT TERM; do
    interrupt "sheet_sig$sig" "$sig" qrsc-sheet -- "$qrsc" sheet "$root/rules/rff/acw-2.1-15mm.yaml" \
      -o "$tmp/acw.pdf" --chromium "$tmp/slow-chromium"
  done
  [ ! -e "$tmp/acw.pdf" ] && ok || fail "an interrupted sheet wrote its PDF"
  ran=1
else
  echo "chromium is not installed (Debian package chromium): sheet checks skipped"
fi
if [ -x /usr/bin/clang++-14 ] && [ -e /usr/lib/wasm32-wasi/libc.a ]; then
  slow slow-clang /usr/bin/clang++-14
  for sig in INT TERM; do
    interrupt "web_sig$sig" "$sig" qrsc-web -- "$qrsc" build "$root/rules/rff/acw-2.1-15mm.yaml" -o "$tmp/web" \
      --emit web --wasm-cxx "$tmp/slow-clang"
  done
  [ -z "$(find "$tmp/web" -type f 2> /dev/null)" ] && ok || fail "an interrupted web build wrote outputs"
  ran=1
else
  echo "clang++-14 with wasi-libc is not installed: web checks skipped"
fi
[ "$ran" -eq 1 ] || exit 77
finish "interrupted helpers"
