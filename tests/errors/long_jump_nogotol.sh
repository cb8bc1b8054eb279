# SPDX-License-Identifier: GPL-2.0-only
# Where the kernel has no 32-bit jump (gotol, before Linux 6.4; DTRACE_NOGOTOL=1 pretends so),
# a clause too long for 16-bit jumps is refused with an error at the clause, never loaded
# with narrowed jumps.
{
	echo "int x, y;"
	echo "BEGIN /x == 1/ {"
	i=0
	while [ "$i" -lt 3641 ]; do
		echo "	y++;"
		i=$((i + 1))
	done
	echo "}"
	echo "BEGIN { exit(0); }"
} >"$TMPDIR/long.d"
cd "$TMPDIR" || exit 1
DTRACE_NOGOTOL=1 "$DTRACE" -q -s long.d >out 2>err
st=$?
cat err
[ "$st" -eq 1 ] || { echo "exit status $st, expected 1"; exit 1; }
cat >want <<'EOW'
dtrace: failed to compile script long.d: line 2: the clause's code is too long for this kernel: it needs jumps of more than 32767 instructions, and the kernel has no 32-bit jump (gotol, Linux 6.4 and later)
  --> long.d:2:1
   | BEGIN /x == 1/ {
   | ^^^^^
   = hint: split the clause into several with the same probes and predicate
EOW
cmp -s want err || { diff want err; exit 1; }
[ ! -s out ] || { echo "unexpected stdout"; exit 1; }
