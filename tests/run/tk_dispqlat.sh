# SPDX-License-Identifier: GPL-2.0-only
# toolkit/dispqlat on the sched trigger (100 round trips between two processes through
# pipes, threads yielding the CPU to each other, ...): its threads' run queue waits are
# histograms for the CPUs they ran on, well over 100 of them in all (each round trip wakes
# both sides), printed when it exits (-c). -m gives milliseconds.
. "$TESTDIR/tk.inc"
tk_tool dispqlat
"$tool" -n sched -c "$TRIGGERS/sched" >"$TMPDIR/out" 2>"$TMPDIR/err" || fail "dispqlat failed"
cat "$TMPDIR/out"
ncpu=$(grep -c '^processor' /proc/cpuinfo)
awk -v n="$ncpu" '/^CPU / { if ($2 !~ /^[0-9]+$/ || $2 >= n || $3 != "(usecs)") bad = 1; h++ }
	$2 ~ /^\|/ { s += $NF } END { exit !(h >= 1 && !bad && s >= 100) }' "$TMPDIR/out" ||
	fail "no histograms of the trigger's waits"
"$tool" -m -n sched -c "$TRIGGERS/sched" >"$TMPDIR/out" 2>"$TMPDIR/err" || fail "dispqlat -m"
grep -Eq '^CPU [0-9]+ \(msecs\)$' "$TMPDIR/out" || fail "-m"
exit 0
