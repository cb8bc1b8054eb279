# SPDX-License-Identifier: GPL-2.0-only
# toolkit/tcpaccept on netconn's loopback connections in its own network namespace: the
# IPv4 and IPv6 connections it accepts on ports BASE and BASE + 3 (BASE follows from its
# pid), and with -r the one refused on BASE + 1, each one line with the addresses and ports.
. "$TESTDIR/tk.inc"
tk_tool tcpaccept
tk_netconn -r
head -n 1 "$TMPDIR/out" | grep -Eq '^IP RADDR +RPORT LADDR +LPORT RESULT$' || fail "header"
awk -v b="$base" '$5 >= b && $5 <= b + 3 { print $1, $2, ($3 > 0), $4, $5 - b, $6 }' \
	"$TMPDIR/out" >"$TMPDIR/got"
printf '%s\n' '4 127.0.0.1 1 127.0.0.1 0 accepted' '4 127.0.0.1 1 127.0.0.1 1 refused' \
	'6 ::1 1 ::1 3 accepted' | diff -u - "$TMPDIR/got" || fail "the trigger's connections"
# Without -r: no refused ones, no RESULT column.
tk_netconn
awk -v b="$base" 'NF == 5 && $5 >= b && $5 <= b + 3 { print $1, $5 - b }' "$TMPDIR/out" \
	>"$TMPDIR/got"
printf '4 0\n6 3\n' | diff -u - "$TMPDIR/got" || fail "without -r"
exit 0
