# SPDX-License-Identifier: GPL-2.0-only
# toolkit/syscount: the getpid trigger calls getpid(2) 1000 times: counted by syscall, by
# process (-c), by both (-v), the top one only (-t 1), and in interval mode.
. "$TESTDIR/tk.inc"
tk_tool syscount
t=$(tk_copy getpid)
n=${t##*/}
tk_with "$t 1000"
tk_run "$TMPDIR/out" syscount -n "$n"
tk_has "$TMPDIR/out" '^SYSCALL +COUNT$' header
tk_has "$TMPDIR/out" '^getpid +1000$' "1000 getpid"
tk_run "$TMPDIR/out" syscount -c -n "$n"
tk_has "$TMPDIR/out" '^ +PID CMD +COUNT$' "-c header"
tk_has "$TMPDIR/out" "^ +[0-9]+ $n +[0-9]{4,}\$" "-c: the getpid process"
tk_run "$TMPDIR/out" syscount -v -t 1 -n "$n"
[ "$(grep -cE "^ +[0-9]+ $n +" "$TMPDIR/out")" -eq 1 ] ||
	{ cat "$TMPDIR/out"; echo "-t 1: not one line"; exit 1; }
tk_has "$TMPDIR/out" "^ +[0-9]+ $n +getpid +1000\$" "-v -t 1: getpid on top"
tk_run "$TMPDIR/out" syscount -n "$n" 10 1
tk_has "$TMPDIR/out" '^[0-9]{4} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8}$' "interval time stamp"
tk_has "$TMPDIR/out" '^getpid +[0-9]+$' "interval: getpid"
# -p: a shell of this test sends itself signal 0 five times (kill(2))
tk_worker 'kill -0 $$; kill -0 $$; kill -0 $$; kill -0 $$; kill -0 $$'
tk_run "$TMPDIR/out" syscount -p "$TK_WPID"
tk_has "$TMPDIR/out" '^kill +5$' "-p: 5 kill calls"
wait
exit 0
