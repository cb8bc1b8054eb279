# SPDX-License-Identifier: GPL-2.0-only
# toolkit/udpsnoop on netconn's datagrams in its own network namespace: "data" (4 bytes) to
# 127.0.0.1:BASE+2 and "data6" (5 bytes) to [::1]:BASE+3, each seen sent and received with
# the trigger's pid and name (BASE follows from its pid); -P keeps one port.
. "$TESTDIR/tk.inc"
tk_tool udpsnoop
tk_netconn
head -n 1 "$TMPDIR/out" | grep -Eq '^ +UID +PID LADDR +LPORT DR RADDR +RPORT +SIZE CMD$' ||
	fail "header"
awk -v p="$tpid" -v b="$base" '$2 == p && ($4 == b + 2 || $4 == b + 3 || $7 == b + 2 ||
	$7 == b + 3) { print $3, $5, $6, $8, $9 }' "$TMPDIR/out" >"$TMPDIR/got"
printf '%s\n' '127.0.0.1 -> 127.0.0.1 4 netconn' '127.0.0.1 <- 127.0.0.1 4 netconn' \
	'::1 -> ::1 5 netconn' '::1 <- ::1 5 netconn' | diff -u - "$TMPDIR/got" ||
	fail "the trigger's datagrams"
tk_netconn -P 1
[ "$(grep -c . "$TMPDIR/out")" -eq 1 ] || fail "-P 1 printed datagrams"
exit 0
