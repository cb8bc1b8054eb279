# SPDX-License-Identifier: GPL-2.0-only
# A clause of more than 32K instructions: its jumps do not fit BPF's 16-bit offsets. They
# become gotol (32-bit) jumps, conditional ones through a trampoline, never a narrowed
# offset: a false predicate skips the whole body (a narrowed jump ran part of it), a true one
# runs all of it, and an if/else around a long branch takes the right side both ways.
rep() {	# rep N LINE: LINE, N times
	i=0
	while [ "$i" -lt "$1" ]; do
		printf '%s\n' "$2"
		i=$((i + 1))
	done
}
gen() {	# gen X N: "x = X", then a clause /x == 1/ of N increments, then one that prints
	echo "int x, y, z;"
	echo "BEGIN { x = $1; }"
	echo "BEGIN /x == 1/ {"
	rep "$2" "	y++;"
	echo "}"
	echo "BEGIN {"
	echo "	if (x == 1) {"
	rep "$2" "		z++;"
	echo "	} else {"
	echo "		z = -1;"
	echo "	}"
	printf '%s\n' '	printf("y=%d z=%d\n", y, z);'
	echo "	exit(0);"
	echo "}"
}
gen 0 3641 >"$TMPDIR/f.d"
gen 1 3641 >"$TMPDIR/t.d"
"$DTRACE" -q -s "$TMPDIR/f.d" >"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
[ "$(cat "$TMPDIR/out")" = "y=0 z=-1" ] || { cat "$TMPDIR/out"; echo "predicate false"; exit 1; }
"$DTRACE" -q -s "$TMPDIR/t.d" >"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
[ "$(cat "$TMPDIR/out")" = "y=3641 z=3641" ] || { cat "$TMPDIR/out"; echo "predicate true"; exit 1; }
# -S shows the long jumps
"$DTRACE" -S -q -s "$TMPDIR/f.d" >/dev/null 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
grep -Eq ': gotol pc\+[0-9]{5}$' "$TMPDIR/err" || { echo "no gotol in -S"; exit 1; }
exit 0
