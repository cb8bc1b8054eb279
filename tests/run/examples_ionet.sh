# SPDX-License-Identifier: GPL-2.0-only
# The io and network example scripts run as their headers say: tcpconnect.d and tcpstates.d
# on the netconn trigger (its own network namespace), iosnoop.d on blkio over a loop device.
EX=$TESTDIR/../../examples
[ -f "$EX/tcpconnect.d" ] || { echo "no examples next to the tests"; exit 77; }
fail() { echo "$1"; printf '%s\n' "$2"; exit 1; }
out=$("$DTRACE" -q -s "$EX/tcpconnect.d" -c "$TRIGGERS/netconn -n") || fail "tcpconnect.d" "$out"
# the trigger's ports: 10000 + 4 * (pid % 5000), and the next one refused
pid=$(printf '%s\n' "$out" | awk '$2 == "netconn" { print $1; exit }')
[ -n "$pid" ] || fail "tcpconnect.d: no netconn line" "$out"
base=$((10000 + 4 * (pid % 5000)))
printf '%s\n' "$out" | grep -Eq "^$pid +netconn +127\.0\.0\.1 +127\.0\.0\.1 +$base established [0-9]+$" ||
	fail "tcpconnect.d: no established connection to $base" "$out"
printf '%s\n' "$out" | grep -Eq "^$pid +netconn +127\.0\.0\.1 +127\.0\.0\.1 +$((base + 1)) refused +[0-9]+$" ||
	fail "tcpconnect.d: no refused connection to $((base + 1))" "$out"

out=$("$DTRACE" -q -s "$EX/tcpstates.d" -c "$TRIGGERS/netconn -n") || fail "tcpstates.d" "$out"
printf '%s\n' "$out" | grep -Eq "state-fin-wait-2 +-> state-time-wait +[0-9]+$" ||
	fail "tcpstates.d: no FIN_WAIT_2 -> TIME_WAIT with its time" "$out"

dd if=/dev/zero of="$TMPDIR/img" bs=64k count=1 2>/dev/null || exit 1
. "$TESTDIR/loop.inc"
loop_attach "$TMPDIR/img"
out=$("$DTRACE" -q -s "$EX/iosnoop.d" -c "$TRIGGERS/blkio $dev 2")
rc=$?
losetup -d "$dev"
[ $rc -eq 0 ] || fail "iosnoop.d" "$out"
n=$(printf '%s\n' "$out" | grep -Ec "^[0-9]+ +blkio +[RW] +${dev#/dev/} +(0|8) +4096 +[0-9]+ <none>$")
[ "$n" -eq 4 ] || fail "iosnoop.d: $n of blkio's 4 I/Os on $dev" "$out"
exit 0
