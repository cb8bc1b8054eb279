# SPDX-License-Identifier: GPL-2.0-only
# toolkit/tcpconnect on netconn's loopback connections in its own network namespace: the
# connection to port BASE (IPv4), the refused one to BASE + 1, the IPv6 one to BASE + 3 (BASE
# follows from its pid), each one line with its pid and name; -P keeps one port, -t adds
# the time.
. "$TESTDIR/tk.inc"
tk_tool tcpconnect
tk_netconn
head -n 1 "$TMPDIR/out" | grep -Eq '^PID +COMM +IP SADDR +DADDR +DPORT$' || fail "header"
awk -v p="$tpid" '$1 == p' "$TMPDIR/out" >"$TMPDIR/got"
{
	printf '%-7d %-16s %-2d %-16s %-16s %5d\n' "$tpid" netconn 4 127.0.0.1 127.0.0.1 "$base"
	printf '%-7d %-16s %-2d %-16s %-16s %5d\n' "$tpid" netconn 4 127.0.0.1 127.0.0.1 \
		$((base + 1))
	printf '%-7d %-16s %-2d %-16s %-16s %5d\n' "$tpid" netconn 6 ::1 ::1 $((base + 3))
} | diff -u - "$TMPDIR/got" || fail "the trigger's connections"
tk_netconn -t -P 1
head -n 1 "$TMPDIR/out" | grep -Eq '^TIME\(s\) +PID +COMM' || fail "-t header"
[ "$(grep -c . "$TMPDIR/out")" -eq 1 ] || fail "-P 1 printed connections"
exit 0
