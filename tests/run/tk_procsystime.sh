# SPDX-License-Identifier: GPL-2.0-only
# toolkit/procsystime: runs the getpid trigger (100 calls) as its command: elapsed and CPU
# times and counts by syscall, with totals; -n with a name and -c counts.
. "$TESTDIR/tk.inc"
tk_tool procsystime
tk_run "$TMPDIR/out" procsystime -a -T "$TRIGGERS/getpid" 100
for h in 'Elapsed Times for command,' 'CPU Times for command,' 'Syscall Counts for command,'; do
	tk_has "$TMPDIR/out" "^$h\$" "$h"
done
tk_has "$TMPDIR/out" '^ +SYSCALL +TIME \(ns\)$' "time header"
tk_has "$TMPDIR/out" '^ +getpid +100$' "100 getpid counted"
[ "$(grep -cE '^ +TOTAL: +[0-9]+$' "$TMPDIR/out")" -eq 3 ] ||
	{ cat "$TMPDIR/out"; echo "not 3 totals"; exit 1; }
[ "$(grep -cE '^ +getpid +[0-9]+$' "$TMPDIR/out")" -eq 3 ] ||
	{ cat "$TMPDIR/out"; echo "getpid not in each section"; exit 1; }
t=$(tk_copy getpid)
n=${t##*/}
tk_with "$t 50"
tk_run "$TMPDIR/out" procsystime -c -n "$n"
tk_has "$TMPDIR/out" "^Syscall Counts for process $n,\$" "-n header"
tk_has "$TMPDIR/out" '^ +getpid +50$' "-n: 50 getpid"
tk_hasnt "$TMPDIR/out" '^Elapsed' "-c alone: elapsed times"
# -p: a shell of this test sends itself signal 0 three times
tk_worker 'kill -0 $$; kill -0 $$; kill -0 $$'
tk_run "$TMPDIR/out" procsystime -c -p "$TK_WPID"
tk_has "$TMPDIR/out" "^Syscall Counts for PID $TK_WPID,\$" "-p header"
tk_has "$TMPDIR/out" '^ +kill +3$' "-p: 3 kill calls"
wait
exit 0
