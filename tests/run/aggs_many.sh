# SPDX-License-Identifier: GPL-2.0-only
# More aggregations on one probe than a program may have maps (the kernel's 64, 8 of them
# dtrace's own): aggregations of one shape share an array of maps, and each keeps its own
# values. 100 sums, 50 keyed counts and a quantize, all on the trigger's getpid calls.
cd "$TMPDIR" || exit 1
{
	echo 'syscall::getpid:entry /pid == $target/ {'
	i=0
	while [ "$i" -lt 100 ]; do
		echo "@s$i = sum($i);"
		[ "$i" -lt 50 ] && echo "@c$i[$i, \"k\"] = count();"
		i=$((i + 1))
	done
	echo '@q = quantize(8); }'
	# printf: dash's echo would turn the D strings' \n into newlines
	printf '%s\n' 'END { printa("%@d ", @s0); printa("%@d ", @s7); printa("%@d\n", @s99);'
	printf '%s\n' 'printa("%d %s %@d\n", @c0); printa("%d %s %@d\n", @c49); printa(@q); }'
} >many.d
"$DTRACE" -q -c "$TRIGGERS/getpid 3" -s many.d >out 2>err || { cat err; exit 1; }
printf '0 21 297\n0 k 3\n49 k 3\n' >want
head -n 3 out >got
cmp -s want got || { echo "got:"; cat out err; exit 1; }
grep -Eq '^ +8 \|@+ +3 *$' out || { echo "quantize:"; cat out; exit 1; }
