#!/usr/bin/env bash
# A distribution's build of qrs, made as a Debian package build makes it: the source tarball of a
# commit (git archive) in a minimal Debian bookworm root that has only qrsc's own build
# dependencies (no GoogleTest, no benchmark libraries, no clang, no Chromium), configured with
# debhelper's CMake flags and dpkg-buildflags (CPPFLAGS joined to CXXFLAGS, as debhelper does; its
# generic variables a project need not use are not reported), built with make, installed into a
# staging folder.
# Fails when a step fails or when the log has a compiler or CMake warning.
#   tools/package_build_check.sh [COMMIT]     (default HEAD; needs root, debootstrap)
# The base root is made once and cached as ${TMPDIR:-/tmp}/fresh-bookworm.tar. Log:
# ${TMPDIR:-/tmp}/package-build-check.log. Takes 15-30 minutes on 2 cores.
set -uo pipefail
[ "$(id -u)" = 0 ] || { echo "package_build_check: needs root (chroot)"; exit 2; }
cd "$(dirname "$0")/.."
rev=${1:-HEAD}
base=${TMPDIR:-/tmp}/fresh-bookworm.tar
log=${TMPDIR:-/tmp}/package-build-check.log
# What qrsc itself needs to build (docs/cmake.md): nothing for tests, benchmarks or web sheets.
build_depends="build-essential cmake pkg-config libyaml-dev libfmt-dev libcli11-dev nlohmann-json3-dev"
if [ ! -s "$base" ]; then
  command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null
  r=$(mktemp -d "${TMPDIR:-/tmp}/bookworm.XXXXXX")
  debootstrap --variant=minbase bookworm "$r" >"$log" 2>&1 || { echo "debootstrap failed: $log"; exit 2; }
  cp /etc/apt/sources.list.d/*.sources "$r/etc/apt/sources.list.d/" 2>/dev/null && rm -f "$r/etc/apt/sources.list"
  cp /etc/apt/sources.list "$r/etc/apt/" 2>/dev/null
  tar -C "$r" -cf "$base" . && rm -rf "$r"
fi
root=$(mktemp -d "${TMPDIR:-/tmp}/package-root.XXXXXX")
cleanup() { for m in dev/pts dev sys proc; do umount -l "$root/$m" 2>/dev/null; done; rm -rf "$root"; }
trap cleanup EXIT
tar -C "$root" -xf "$base" && cp /etc/resolv.conf "$root/etc/"
ca=${SSL_CERT_FILE:-/etc/ssl/certs/ca-certificates.crt}
[ -s "$ca" ] && mkdir -p "$root/usr/local/share/ca-certificates" && cp "$ca" "$root/etc/host-ca.crt"
mount -t proc proc "$root/proc" && mount --rbind /sys "$root/sys" && mount --rbind /dev "$root/dev"
mkdir -p "$root/src/qrs"
git archive --format=tar "$rev" | tar -C "$root/src/qrs" -xf - || exit 2
in_root() { chroot "$root" /bin/bash -c "export DEBIAN_FRONTEND=noninteractive; $1"; }
status=0
{
  echo "== apt-get install $build_depends"
  in_root "apt-get update -qq && apt-get install -y -qq --no-install-recommends $build_depends" || exit 3
  echo "== configure (debhelper's flags)"
  in_root "cd /src/qrs && eval \"\$(dpkg-buildflags --export=sh)\" && export CXXFLAGS=\"\$CPPFLAGS \$CXXFLAGS\" && cmake -S . -B obj -G 'Unix Makefiles' \
    -DCMAKE_INSTALL_PREFIX=/usr -DCMAKE_BUILD_TYPE=None -DCMAKE_INSTALL_SYSCONFDIR=/etc \
    -DCMAKE_INSTALL_LOCALSTATEDIR=/var -DCMAKE_EXPORT_NO_PACKAGE_REGISTRY=ON \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF -DFETCHCONTENT_FULLY_DISCONNECTED=ON \
    -DCMAKE_INSTALL_RUNSTATEDIR=/run -DCMAKE_SKIP_INSTALL_ALL_DEPENDENCY=ON -DCMAKE_VERBOSE_MAKEFILE=ON \
    -DCMAKE_INSTALL_LIBDIR=lib/x86_64-linux-gnu --no-warn-unused-cli" || exit 4
  echo "== build"
  in_root "cd /src/qrs && eval \"\$(dpkg-buildflags --export=sh)\" && make -C obj -j2" || exit 5
  echo "== install"
  in_root "cd /src/qrs && make -C obj install DESTDIR=/src/staging" || exit 6
  in_root "test -x /src/staging/usr/bin/qrsc && /src/staging/usr/bin/qrsc --version" || exit 7
} >"$log" 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  echo "package_build_check: step failed (status $status); last lines of $log:"; tail -n 20 "$log"; exit 1
fi
warnings=$(grep -nE "warning:|CMake Warning|CMake Deprecation Warning" "$log" || true)
if [ -n "$warnings" ]; then
  echo "package_build_check: the log has warnings ($log):"; echo "$warnings" | head -n 20; exit 1
fi
echo "package_build_check: configured, built and installed with only the build dependencies, no warning ($(grep -c '^\[' "$log" || true) make lines; $log)"
