#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# deb-check.sh: the Debian package, end to end, as root on a Debian machine (CI runs it as a
# step of its own, .ci/run; not part of tests/run-tests.sh):
#   1. make dist, unpacked in a temporary directory (dpkg-buildpackage writes to its parent:
#      nothing lands in the repository), so the release tarball is what gets built;
#   2. the build dependencies from debian/control (apt-get build-dep), then
#      dpkg-buildpackage -us -uc -b (which runs the unit tests; -jauto);
#   3. lintian on the result, its output printed; an error (E:) fails;
#   4. apt-get install of the .deb; dtrace -n 'BEGIN { exit(0); }' and each toolkit tool's -h
#      from the installed files;
#   5. apt-get purge, then none of the package's files may be left.
# The package is purged however the run ends. It refuses to start when a dtrace package is
# installed already (it would replace and then remove it). KEEP=1 keeps the temporary
# directory (its path is printed).
set -u
cd "$(dirname "$0")/.." || exit 2
say() { echo "deb-check: $*"; }
[ "$(id -u)" -eq 0 ] || { say "run as root (it installs packages)"; exit 2; }
command -v apt-get >/dev/null 2>&1 || { say "no apt-get: not a Debian system"; exit 2; }
if dpkg-query -W -f='${Status}' dtrace 2>/dev/null | grep -q ' installed$'; then
	say "a dtrace package is installed already; remove it first"
	exit 2
fi

version=$(cat VERSION)
clv=$(dpkg-parsechangelog -l debian/changelog -S Version 2>/dev/null ||
	sed -n '1s/^[^(]*(\([^)]*\)).*/\1/p' debian/changelog)
[ "$clv" = "$version" ] || { say "debian/changelog has $clv, VERSION has $version"; exit 1; }

export DEBIAN_FRONTEND=noninteractive
apt_install() {
	# shellcheck disable=SC2068 # the arguments are package names or paths, word-split
	apt-get install -y -q --no-install-recommends $@ >"$T/apt.log" 2>&1 || {
		apt-get update -q >/dev/null 2>&1
		apt-get install -y -q --no-install-recommends $@ >"$T/apt.log" 2>&1
	} || { cat "$T/apt.log"; say "apt-get install $* failed"; return 1; }
}

T=$(mktemp -d "${TMPDIR:-/tmp}/deb-check.XXXXXX") || exit 2
installed=0
finish() {
	st=$?
	if [ "$installed" -eq 1 ]; then
		apt-get purge -y -q dtrace >"$T/purge.log" 2>&1 || say "apt-get purge dtrace failed"
	fi
	if [ "${KEEP:-0}" = 1 ]; then say "kept $T"; else rm -rf "$T"; fi
	exit "$st"
}
trap finish EXIT
trap 'exit 1' INT TERM HUP

t0=$(date +%s)
step() { say "$* (at $(($(date +%s) - t0)) s)"; }
fail() { say "FAIL: $*"; exit 1; }

step "make dist"
make -s B="$T/b" dist >/dev/null || fail "make dist"
tar -C "$T" -xzf "$T/b/dtrace-$version.tar.gz" || fail "unpacking the tarball"
src=$T/dtrace-$version

step "build dependencies"
apt_install dpkg-dev debhelper lintian build-essential || fail "installing the packaging tools"
apt-get build-dep -y -q "$src" >"$T/build-dep.log" 2>&1 || {
	apt-get update -q >/dev/null 2>&1
	apt-get build-dep -y -q "$src" >"$T/build-dep.log" 2>&1
} || { cat "$T/build-dep.log"; fail "apt-get build-dep"; }

step "dpkg-buildpackage -us -uc -b"
(cd "$src" && dpkg-buildpackage -us -uc -b -jauto) >"$T/build.log" 2>&1 ||
	{ tail -n 40 "$T/build.log"; fail "dpkg-buildpackage"; }
deb=$(ls "$T"/dtrace_"$version"_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || fail "no .deb built"
say "built ${deb##*/}"

step "lintian"
lintian --display-info "$T"/dtrace_"$version"_*.changes >"$T/lintian.log" 2>&1
lst=$?
sed 's/^/    /' "$T/lintian.log"
[ $lst -le 1 ] || fail "lintian did not run (exit status $lst)"
grep -q '^E: ' "$T/lintian.log" && fail "lintian reports errors"
say "lintian: $(grep -c '^E: ' "$T/lintian.log") errors, $(grep -c '^W: ' "$T/lintian.log") warnings"

step "install"
dpkg-deb -c "$deb" | awk '{ print substr($6, 2) }' | sed 's,/$,,' >"$T/files"
installed=1
apt_install "$deb" || fail "apt-get install ${deb##*/}"
[ -x /usr/sbin/dtrace ] || fail "no /usr/sbin/dtrace"
out=$(/usr/sbin/dtrace -n 'BEGIN { exit(0); }' 2>&1) || { echo "$out"; fail "dtrace BEGIN"; }
say "dtrace -n 'BEGIN { exit(0); }': exit 0"
/usr/sbin/dtrace -q -n 'BEGIN { trace(curpsinfo->pr_pid == pid); exit(0); }' | grep -qx 1 ||
	fail "the installed dtrace did not read its D libraries (/usr/lib/dtrace)"
ntools=0
for t in /usr/share/dtrace/toolkit/*; do
	[ -x "$t" ] || continue
	"$t" -h >/dev/null 2>&1 || fail "${t##*/} -h"
	ntools=$((ntools + 1))
done
say "$ntools toolkit tools answered -h"
if [ -e man/dtrace.1 ]; then
	[ -f /usr/share/man/man1/dtrace.1.gz ] || fail "no /usr/share/man/man1/dtrace.1.gz"
	if command -v man >/dev/null 2>&1; then
		man -l /usr/share/man/man1/dtrace.1.gz >/dev/null 2>&1 || fail "man -l dtrace.1.gz"
		say "man -l /usr/share/man/man1/dtrace.1.gz renders"
	fi
fi

step "purge"
apt-get purge -y -q dtrace >"$T/purge.log" 2>&1 || { cat "$T/purge.log"; fail "apt-get purge"; }
installed=0
dpkg-query -W -f='${Status}' dtrace 2>/dev/null | grep -q ' installed$' &&
	fail "dtrace is still installed"
left=
while read -r f; do
	[ -n "$f" ] || continue
	# Directories every system has stay; anything of the package's own may not.
	[ -d "$f" ] && case $f in /usr/lib/dtrace | /usr/share/dtrace* | /usr/share/doc/dtrace) ;;
		*) continue ;; esac
	[ -e "$f" ] && left="$left $f"
done <"$T/files"
[ -z "$left" ] || fail "left after purge:$left"
say "purged: none of its $(wc -l <"$T/files") paths left"
say "PASS ($(($(date +%s) - t0)) s)"
