# SPDX-License-Identifier: GPL-2.0-only
# SIGINT ends tracing like exit(0): END fires, aggregations print, every probe detaches and
# nothing stays loaded. The signal is sent once the program has printed from a live probe.
# shellcheck disable=SC2016
. "$TESTDIR/lifecycle.inc"
"$DTRACE" -q -n 'syscall::getpid:entry /pid == $pid/ { }
	tick-10ms { printf("ready\n"); @ticks = count(); }
	syscall:::entry { @calls = count(); }
	END { printf("end\n"); }' >"$TMPDIR/out" 2>"$TMPDIR/err" &
pid=$!
# Wait (bounded by the runner's timeout) for the first record.
while ! grep -q ready "$TMPDIR/out" 2>/dev/null; do
	kill -0 "$pid" 2>/dev/null || { cat "$TMPDIR/err"; echo "dtrace died"; exit 1; }
	sleep 0.05
done
bpf_ids "$pid" >"$TMPDIR/ids"
kill -INT "$pid"
wait "$pid"
st=$?
[ "$st" -eq 0 ] || { cat "$TMPDIR/err"; echo "exit status $st after SIGINT, expected 0"; exit 1; }
grep -qx end "$TMPDIR/out" || { cat "$TMPDIR/out"; echo "END did not fire"; exit 1; }
[ "$(grep -Ec '^ +[0-9]+$' "$TMPDIR/out")" -eq 2 ] ||
	{ cat "$TMPDIR/out"; echo "aggregations not printed"; exit 1; }
# Nothing of ours stays in the kernel: none of this run's programs, maps and links (by id, so
# other tracers running meanwhile do not count) is held by any process or left loaded.
holders=$(bpf_holders "$TMPDIR/ids")
[ -z "$holders" ] || { echo "$holders"; echo "BPF objects of the run still held"; exit 1; }
bpf_gone "$TMPDIR/ids" || exit 1
exit 0
