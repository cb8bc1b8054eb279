# SPDX-License-Identifier: GPL-2.0-only
# toolkit/pidpersec: the forks trigger creates 5 processes: the line for the last second
# (printed at the end, the trigger's) counts at least those 5 (others may run meanwhile).
. "$TESTDIR/tk.inc"
tk_tool pidpersec
tk_with "$TRIGGERS/forks 5"
tk_run "$TMPDIR/out" pidpersec
tk_has "$TMPDIR/out" '^TIME +LASTPID  PID/s$' header
n=$(awk '/^[0-9][0-9][0-9][0-9] / { n = $NF } END { print n + 0 }' "$TMPDIR/out")
[ "$n" -ge 5 ] || { cat "$TMPDIR/out"; echo "$n processes a second, not at least 5"; exit 1; }
tk_has "$TMPDIR/out" '^[0-9]{4} [A-Z][a-z]{2} [ 0-9][0-9] [0-9:]{8} +[1-9][0-9]* +[0-9]+$' "a line"
exit 0
