# SPDX-License-Identifier: GPL-2.0-only
# toolkit/shortlived: the forks trigger's 5 children are created and end while tracing:
# their name (forks) has a line in the time by process name.
. "$TESTDIR/tk.inc"
tk_tool shortlived
tk_with "$TRIGGERS/forks 5"
tk_run "$TMPDIR/out" shortlived
tk_has "$TMPDIR/out" '^short lived processes: +[0-9]+\.[0-9]{3} secs$' "short lived total"
tk_has "$TMPDIR/out" '^total sample duration: +[0-9]+\.[0-9]{3} secs$' duration
tk_has "$TMPDIR/out" '^Total time by process name,$' "by name"
tk_has "$TMPDIR/out" '^Total time by PPID,$' "by PPID"
awk '/^Total time by process name,/ { s = 1; next } /^Total/ { s = 0 }
	s && $1 == "forks" && $3 == "ms" { f = 1 } END { exit !f }' "$TMPDIR/out" ||
	{ cat "$TMPDIR/out"; echo "no forks line by process name"; exit 1; }
exit 0
