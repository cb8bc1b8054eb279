# SPDX-License-Identifier: GPL-2.0-only
# dtrace with no arguments prints its usage on stderr and exits 2; so does an unknown flag.
"$DTRACE" >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
head -n 3 "$TMPDIR/err"
[ "$st" -eq 2 ] || { echo "no arguments: exit status $st, expected 2"; exit 1; }
grep -q '^Usage: dtrace' "$TMPDIR/err" || { echo "no arguments: no usage on stderr"; exit 1; }
[ ! -s "$TMPDIR/out" ] || { echo "no arguments: unexpected stdout"; exit 1; }
"$DTRACE" -Y >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
head -n 3 "$TMPDIR/err"
[ "$st" -eq 2 ] || { echo "-Y: exit status $st, expected 2"; exit 1; }
grep -q '^Usage: dtrace' "$TMPDIR/err" || { echo "-Y: no usage on stderr"; exit 1; }
# --help: the usage on stdout, status 0 (-h stays DTrace's header option).
"$DTRACE" --help >"$TMPDIR/out" 2>"$TMPDIR/err" || { echo "--help: exit status $?"; exit 1; }
grep -q '^Usage: dtrace' "$TMPDIR/out" || { echo "--help: no usage on stdout"; exit 1; }
[ ! -s "$TMPDIR/err" ] || { cat "$TMPDIR/err"; echo "--help: stderr"; exit 1; }
"$DTRACE" --nosuch >/dev/null 2>"$TMPDIR/err" && { echo "--nosuch accepted"; exit 1; }
grep -qx 'dtrace: illegal option -- --nosuch' "$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
# --version and -V name the release of the VERSION file, one place for it.
v=$(cat "$TESTDIR/../../VERSION")
"$DTRACE" --version >"$TMPDIR/out" || { echo "--version: exit status $?"; exit 1; }
grep -Eq "^dtrace \(dtrace-bpf\) $v( \(git [^)]*\))?\$" "$TMPDIR/out" ||
	{ cat "$TMPDIR/out"; echo "--version: not $v"; exit 1; }
grep -qx 'D API: Sun D 1.6.4' "$TMPDIR/out" || { cat "$TMPDIR/out"; echo "--version: API"; exit 1; }
"$DTRACE" -V | grep -Eq "^dtrace: Sun D 1\.6\.4 \(dtrace-bpf $v(, git .*)?\)\$" ||
	{ "$DTRACE" -V; echo "-V: not $v"; exit 1; }
exit 0
