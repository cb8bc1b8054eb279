# SPDX-License-Identifier: GPL-2.0-only
# make install PREFIX=/usr/local DESTDIR=...: the tree it writes (a stripped binary, the D
# libraries, the manual, the toolkit's tools and pages), a binary that reads its D libraries
# from /usr/local/lib/dtrace (run with DESTDIR's /usr/local bound over /usr/local in a mount
# namespace of its own: a program using a dlib type), then make uninstall leaves nothing.
# The build is a copy of build/'s objects in TMPDIR, so only dtrace.o is compiled again (for
# the new path) and the build/dtrace the other tests run is not touched.
ROOT=$(cd "$TESTDIR/../.." && pwd)
command -v make >/dev/null 2>&1 || { echo "no make"; exit 77; }
[ -e "$ROOT/build/libdtrace.a" ] || { echo "not built (no build/libdtrace.a)"; exit 77; }
command -v unshare >/dev/null 2>&1 || { echo "no unshare"; exit 77; }
B=$TMPDIR/b
D=$TMPDIR/root
mkdir -p "$B" "$D"
cp -a "$ROOT/build/src" "$ROOT/build/gen" "$ROOT/build/libdtrace.a" "$B/" || exit 1
fail() { echo "make_install: $*"; exit 1; }

make -C "$ROOT" -s B="$B" PREFIX=/usr/local DESTDIR="$D" install >"$TMPDIR/install.log" 2>&1 ||
	{ cat "$TMPDIR/install.log"; fail "make install failed"; }
P=$D/usr/local
bin=$P/sbin/dtrace
[ -x "$bin" ] || fail "no $bin"
readelf -S "$bin" | grep -q '\.symtab' && fail "$bin is not stripped"
grep -q "$TMPDIR" "$bin" && fail "$bin has DESTDIR in it"
grep -q /usr/local/lib/dtrace "$bin" || fail "$bin does not name /usr/local/lib/dtrace"
for f in "$ROOT"/dlibs/*.d; do
	[ -f "$P/lib/dtrace/${f##*/}" ] || fail "no lib/dtrace/${f##*/}"
done
if [ -e "$ROOT/man/dtrace.1" ]; then
	[ -f "$P/share/man/man1/dtrace.1" ] || fail "no share/man/man1/dtrace.1"
fi
tool=
for f in "$ROOT"/toolkit/*; do
	[ -f "$f" ] && [ -x "$f" ] || continue
	[ -x "$P/share/dtrace/toolkit/${f##*/}" ] || fail "no share/dtrace/toolkit/${f##*/}"
	tool=${tool:-${f##*/}}
done
for f in "$ROOT"/toolkit/man/*.8; do
	[ -e "$f" ] || continue
	[ -f "$P/share/man/man8/${f##*/}" ] || fail "no share/man/man8/${f##*/}"
done
if [ -n "$tool" ]; then
	"$P/share/dtrace/toolkit/$tool" -h >"$TMPDIR/tool.out" 2>&1 ||
		{ cat "$TMPDIR/tool.out"; fail "installed $tool -h failed"; }
fi

# Where /usr/local/lib/dtrace is absent, the binary has no dlibs: curpsinfo is unknown.
if [ ! -e /usr/local/lib/dtrace ]; then
	"$bin" -e -n 'BEGIN { trace(curpsinfo->pr_pid); }' >/dev/null 2>&1 &&
		fail "$bin found D libraries outside /usr/local/lib/dtrace"
fi
# With DESTDIR's /usr/local over /usr/local it finds them: procfs.d's translator, proc.d's
# psinfo_t for the proc provider's arguments.
unshare -m sh -c '
	mount --bind "$1/usr/local" /usr/local || exit 9
	/usr/local/sbin/dtrace -e -n "proc:::create { trace(args[0]->pr_pid); }" || exit 1
	/usr/local/sbin/dtrace -q -n "BEGIN { printf(\"%d\\n\", curpsinfo->pr_pid == pid); exit(0); }"
' sh "$D" >"$TMPDIR/run.out" 2>&1
st=$?
[ $st -eq 9 ] && { cat "$TMPDIR/run.out"; echo "cannot bind-mount over /usr/local"; exit 77; }
[ $st -eq 0 ] && [ "$(cat "$TMPDIR/run.out")" = 1 ] ||
	{ cat "$TMPDIR/run.out"; fail "the installed binary did not run with its D libraries"; }

make -C "$ROOT" -s B="$B" PREFIX=/usr/local DESTDIR="$D" uninstall >"$TMPDIR/uninstall.log" 2>&1 ||
	{ cat "$TMPDIR/uninstall.log"; fail "make uninstall failed"; }
left=$(find "$D" ! -type d; find "$P/lib/dtrace" "$P/share/dtrace" 2>/dev/null)
[ -z "$left" ] || fail "left after make uninstall: $left"
exit 0
