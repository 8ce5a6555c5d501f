#!/usr/bin/env bash
# Installs what a fresh Debian machine is missing, builds qrsc and everything else, and
# compiles every spec in rules/ into generated/. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
# libclang-rt-dev: clang's runtime libraries, among them libFuzzer (clang -fsanitize=fuzzer,
# tools/fuzz.sh) and the sanitizers.

packages=(
  build-essential cmake ninja-build clang libclang-rt-dev pkg-config
  libyaml-cpp-dev libyaml-dev libfmt-dev libgtest-dev libgmock-dev libbenchmark-dev
  libkainjow-mustache-dev libcli11-dev nlohmann-json3-dev   # kainjow: the reference tests/mustache_test.cpp checks our renderer against
  libclang-cpp14-dev libclang-14-dev llvm-14-dev   # qrs-migrate (libTooling of the packaged clang 14)
  chromium poppler-utils fonts-liberation python3-jsonschema python3-yaml
  lld wasi-libc libc++-14-dev-wasm32 libc++abi-14-dev-wasm32 libclang-rt-14-dev-wasm32   # --emit web: clang's wasm32 target
  groff-base   # the man page test renders qrsc.1
  neovim       # tests/editor/neovim_test.sh: docs/editors.md's Neovim setup, headless
  dicelab      # exact dice odds, an independent oracle: tests/generated_specs, tests/scripts/odds_dicelab_test.py
  file git     # file: dpkg-shlibdeps (cpack -G DEB); git: the tests list the repository's files
  clang-format-14   # the tree's C++ style (.clang-format), checked by tests/scripts/format_test.sh
)
# Test-only tools come from npm (tests/editor: yaml-language-server): Debian's nodejs and npm,
# unless the machine already has a node and npm of its own (whose packages Debian's would clash with).
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing: ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# Test-only tools from npm, pinned by tests/editor/package-lock.json, into a folder git ignores.
# The stamp is the lock file the folder was installed from.
# Without the registry (no network), the build goes on and the editor test is skipped.
if ! cmp -s tests/editor/package-lock.json tests/editor/node_modules/.qrs-installed-from 2>/dev/null; then
  if npm ci --prefix tests/editor --no-audit --no-fund --loglevel=error; then
    cp tests/editor/package-lock.json tests/editor/node_modules/.qrs-installed-from
  else
    echo "warning: npm could not install tests/editor's tools; the editor test will be skipped" >&2
  fi
fi

cmake --preset dev   # build/, warnings as errors: CMakePresets.json
cmake --build build
cmake --build build --target qrs_generated
echo "Built build/qrsc; generated/ holds every spec in rules/."
