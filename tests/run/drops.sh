# SPDX-License-Identifier: GPL-2.0-only
# Drops are never silent: with a tiny buffer and a flood of records, every record the
# trigger caused is either printed or counted in a "N drops on CPU x" message.
n=20000
# shellcheck disable=SC2016
"$DTRACE" -q -b 4k -x switchrate=1s -c "$TRIGGERS/getpid $n" \
	-n 'syscall::getpid:entry /pid == $target/ { printf("%d\n", arg0); }' \
	>"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; echo "exit $?"; exit 1; }
got=$(grep -c '^[0-9]' "$TMPDIR/out")
dropped=$(grep -Eo '[0-9]+ drops? on CPU' "$TMPDIR/err" | awk '{ s += $1 } END { print s + 0 }')
echo "delivered $got, reported dropped $dropped"
[ $((got + dropped)) -eq "$n" ] || { cat "$TMPDIR/err"; echo "lost records not reported"; exit 1; }
