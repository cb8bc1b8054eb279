# SIGINT ends tracing like exit(0): END fires, aggregations print, every probe detaches and
# nothing stays loaded. The signal is sent once the program has printed from a live probe.
# shellcheck disable=SC2016
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
kill -INT "$pid"
wait "$pid"
st=$?
[ "$st" -eq 0 ] || { cat "$TMPDIR/err"; echo "exit status $st after SIGINT, expected 0"; exit 1; }
grep -qx end "$TMPDIR/out" || { cat "$TMPDIR/out"; echo "END did not fire"; exit 1; }
[ "$(grep -Ec '^ +[0-9]+$' "$TMPDIR/out")" -eq 2 ] ||
	{ cat "$TMPDIR/out"; echo "aggregations not printed"; exit 1; }
# Nothing of ours stays in the kernel: no BPF program named dt_* is left. The kernel frees a
# closed program after an RCU grace period, so allow it a moment (bounded) to go.
if command -v bpftool >/dev/null 2>&1; then
	i=0
	while bpftool prog show 2>/dev/null | grep -q ' name dt_'; do
		i=$((i + 1))
		if [ "$i" -gt 50 ]; then
			bpftool prog show | grep ' name dt_'
			echo "BPF programs left loaded"; exit 1
		fi
		sleep 0.1
	done
fi
exit 0
