# SPDX-License-Identifier: GPL-2.0-only
# toolkit/rwtop: the write trigger writes 7 one-byte writes to /dev/null: its W line sums 7
# bytes, or (-c) counts 7 calls; an interval and a count of 1 end it at the first summary or
# at the trigger's end, whichever is first.
. "$TESTDIR/tk.inc"
tk_tool rwtop
t=$(tk_copy write)
n=${t##*/}
tk_with "$t 7"
tk_run "$TMPDIR/out" rwtop -C -n "$n"
tk_has "$TMPDIR/out" '^[0-9]{4} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8},  app_r: +[0-9]+ KB,  app_w: +[0-9]+ KB$' "summary line"
tk_has "$TMPDIR/out" '^  UID    PID   PPID CMD +D +BYTES$' header
tk_has "$TMPDIR/out" "^ +0 +[0-9]+ +[0-9]+ $n +W +7\$" "7 bytes written"
tk_run "$TMPDIR/out" rwtop -C -c -t 5 -n "$n" 10 1
tk_has "$TMPDIR/out" '^  UID    PID   PPID CMD +D +COUNT$' "-c header"
tk_has "$TMPDIR/out" "^ +0 +[0-9]+ +[0-9]+ $n +W +7\$" "-c: 7 writes"
exit 0
