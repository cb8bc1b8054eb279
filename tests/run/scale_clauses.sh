# SPDX-License-Identifier: GPL-2.0-only
# Hundreds of clauses on one probe pass the verifier (each clause is a BPF subprogram; past
# the kernel's subprogram limit several share one), and every one of them runs.
i=0
while [ $i -lt 300 ]; do
	echo "syscall::getpid:entry /pid == \$target/ { @n = count(); @k[$i % 3] = count(); }"
	i=$((i + 1))
done >"$TMPDIR/big.d"
# and 1,000 on the syscall:::entry dispatch program with the same clause mask
i=0
while [ $i -lt 700 ]; do
	echo "syscall::getppid:entry /pid == \$target/ { @m = count(); }"
	i=$((i + 1))
done >>"$TMPDIR/big.d"
"$DTRACE" -q -c "$TRIGGERS/getpid 2" -s "$TMPDIR/big.d" >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; echo "exit $?"; exit 1; }
cat "$TMPDIR/out"
# @n = 300 clauses x 2 calls; @k: 100 clauses per key x 2 calls
grep -Eq '^ +600$' "$TMPDIR/out" || { echo "@n is not 600"; exit 1; }
[ "$(grep -Ec '^ +[0-2] +200$' "$TMPDIR/out")" -eq 3 ] || { echo "@k is not 200 x 3"; exit 1; }
