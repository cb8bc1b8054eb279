# SPDX-License-Identifier: GPL-2.0-only
# A clause whose record passes 32767 bytes: its offsets do not fit BPF's 16-bit load and store
# offsets. An error at the clause, never a wrapped offset.
{
	printf 'BEGIN\n{\n'
	i=0
	while [ "$i" -lt 4200 ]; do
		printf '\ttrace(%d);\n' "$i"
		i=$((i + 1))
	done
	printf '\texit(0);\n}\n'
} >"$TMPDIR/rec.d"
cd "$TMPDIR" || exit 1
"$DTRACE" -q -s rec.d >out 2>err
st=$?
cat err
[ "$st" -eq 1 ] || { echo "exit status $st, expected 1"; exit 1; }
cat >want <<'EOW'
dtrace: failed to compile script rec.d: line 1: the clause's trace record is larger than 32767 bytes, the most one record can hold
  --> rec.d:1:1
   | BEGIN
   | ^^^^^
   = hint: trace fewer or smaller values in this clause (lower strsize, or split the clause into several with the same probes)
EOW
cmp -s want err || { diff want err; exit 1; }
[ ! -s out ] || { echo "unexpected stdout"; exit 1; }
