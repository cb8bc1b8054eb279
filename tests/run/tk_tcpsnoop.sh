# SPDX-License-Identifier: GPL-2.0-only
# toolkit/tcpsnoop on netconn's loopback TCP in its own network namespace: "ping" (4 bytes)
# from the client to port BASE and "pong" back, each seen sent and received, with the
# trigger's pid and name; the handshakes and closes (flags) are there too, and -a adds the
# bare ACKs. BASE follows from the trigger's pid.
. "$TESTDIR/tk.inc"
tk_tool tcpsnoop
tk_netconn
head -n 1 "$TMPDIR/out" | grep -Eq '^ +UID +PID LADDR +LPORT DR RADDR +RPORT +SIZE CMD$' ||
	fail "header"
# The IPv4 connection's data: local side, direction, remote side, size.
awk -v p="$tpid" -v b="$base" '$2 == p && $9 == "netconn" && $8 == 4 && $3 == "127.0.0.1" &&
	($4 == b || $7 == b) { print ($4 == b ? "server" : "client"), $5, $8 }' "$TMPDIR/out" \
	>"$TMPDIR/got"
printf '%s\n' 'client -> 4' 'server <- 4' 'server -> 4' 'client <- 4' |
	diff -u - "$TMPDIR/got" || fail "ping and pong"
# The client's SYN and FIN to BASE: segments with flags and no data.
n=$(awk -v b="$base" '$7 == b && $5 == "->" && $8 == 0' "$TMPDIR/out" | wc -l)
[ "$n" -ge 2 ] || fail "the client's SYN and FIN"
n=$(wc -l <"$TMPDIR/out")
tk_netconn -a
[ "$(wc -l <"$TMPDIR/out")" -gt "$n" ] || fail "-a printed no more"
exit 0
