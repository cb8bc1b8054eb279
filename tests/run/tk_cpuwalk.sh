# SPDX-License-Identifier: GPL-2.0-only
# toolkit/cpuwalk: the cpuspin trigger spins 100 ms of CPU time on each CPU in turn: its
# distribution has samples on every CPU (about 100 each at 1001 Hz).
. "$TESTDIR/tk.inc"
tk_tool cpuwalk
tk_with "$TRIGGERS/cpuspin 100"
tk_run "$TMPDIR/out" cpuwalk
ncpu=$(getconf _NPROCESSORS_ONLN)
n=$(awk '/PID: .* CMD: / { s = ($4 == "cpuspin") } s && $2 ~ /^\|/ && $1 ~ /^[0-9]+$/ &&
	$NF > 0 { n++ } END { print n + 0 }' "$TMPDIR/out")
[ "$n" -eq "$ncpu" ] || { cat "$TMPDIR/out"; echo "cpuspin sampled on $n of $ncpu CPUs"; exit 1; }
exit 0
