# SPDX-License-Identifier: GPL-2.0-only
# toolkit/rwsnoop: the write trigger writes one byte to /dev/null three times: three W
# lines with the path; -P, -t and -v add columns.
. "$TESTDIR/tk.inc"
tk_tool rwsnoop
t=$(tk_copy write)
n=${t##*/}
tk_with "$t 3"
tk_run "$TMPDIR/out" rwsnoop -n "$n"
tk_has "$TMPDIR/out" '^  UID    PID CMD          D   BYTES FILE$' header
[ "$(grep -cE "^ +0 +[0-9]+ $n +W +1 /dev/null\$" "$TMPDIR/out")" -eq 3 ] ||
	{ cat "$TMPDIR/out"; echo "not 3 writes to /dev/null"; exit 1; }
tk_run "$TMPDIR/out" rwsnoop -P -t -v -n "$n"
tk_has "$TMPDIR/out" '^TIME +STRTIME +UID +PID +PPID CMD +D +BYTES FILE$' "-Ptv header"
[ "$(grep -cE "^[0-9]+ +[0-9]{4} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} +0 +[0-9]+ +[0-9]+ $n +W +1 /dev/null\$" \
	"$TMPDIR/out")" -eq 3 ] || { cat "$TMPDIR/out"; echo "-Ptv: not 3 writes"; exit 1; }
tk_run "$TMPDIR/out" rwsnoop -n nosuchname
tk_hasnt "$TMPDIR/out" /dev/null "-n nosuchname: a write"
# -p: a shell of this test writes "done" to its fifo
tk_worker :
tk_run "$TMPDIR/out" rwsnoop -p "$TK_WPID"
tk_has "$TMPDIR/out" "^ +0 +$TK_WPID sh +W +5 $TMPDIR/done.fifo\$" "-p: the shell's write"
wait
exit 0
