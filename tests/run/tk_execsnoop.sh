# SPDX-License-Identifier: GPL-2.0-only
# toolkit/execsnoop: the proc trigger's child execs a missing path (no line), then the
# trigger itself with "exit": one line with its arguments; -c filters by name, -a adds times.
. "$TESTDIR/tk.inc"
tk_tool execsnoop
tk_with "$TRIGGERS/proc"
tk_run "$TMPDIR/out" execsnoop
tk_has "$TMPDIR/out" '^  UID    PID   PPID ARGS$' header
tk_has "$TMPDIR/out" "^ +0 +[0-9]+ +[0-9]+ $TRIGGERS/proc exit\$" "the exec of proc exit"
tk_hasnt "$TMPDIR/out" nonexistent "a failed exec"
tk_run "$TMPDIR/out" execsnoop -c nosuchcommand
[ "$(wc -l <"$TMPDIR/out")" -le 2 ] || { cat "$TMPDIR/out"; echo "-c nosuchcommand printed"; exit 1; }
tk_run "$TMPDIR/out" execsnoop -a -c proc
tk_has "$TMPDIR/out" '^TIME +STRTIME +UID +PID +PPID ARGS$' "-a header"
tk_has "$TMPDIR/out" "^[0-9]+ +[0-9]{4} [A-Z][a-z][a-z] [ 0-9][0-9] [0-9:]{8} +0 +[0-9]+ +[0-9]+ $TRIGGERS/proc exit\$" "-a line"
exit 0
