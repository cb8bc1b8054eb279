# SPDX-License-Identifier: GPL-2.0-only
# kill -9 of dtrace leaves nothing behind: after it, no process holds an fd of any BPF program,
# map or link of that run (read from its /proc/PID/fdinfo while it traced), and the kernel
# has none of them left. The run has every kind of object: a raw tracepoint (syscall), perf
# events (profile, tick), thread-local variables (their reclaim program), aggregations.
# shellcheck disable=SC2016
. "$TESTDIR/lifecycle.inc"
pid= l1=
trap 'kill -9 $pid $l1 2>/dev/null' EXIT
trap 'exit 1' INT TERM
"$DTRACE" -q -n 'syscall::getppid:entry { self->t = timestamp; @[execname] = count(); }
	syscall::getppid:return /self->t/ { @q = quantize(timestamp - self->t); self->t = 0; }
	profile-97 { @p = count(); }
	tick-10ms { printf("ready\n"); }' >"$TMPDIR/out" 2>"$TMPDIR/err" &
pid=$!
"$TRIGGERS/loop" 100000000 >/dev/null &
l1=$!
wait_for "$TMPDIR/out" ready "$pid"
bpf_ids "$pid" >"$TMPDIR/ids"
grep -q '^prog ' "$TMPDIR/ids" && grep -q '^map ' "$TMPDIR/ids" &&
	grep -q '^link ' "$TMPDIR/ids" || { cat "$TMPDIR/ids"; echo "objects not all seen"; exit 1; }
kill -9 "$pid"
wait "$pid"
pid=
holders=$(bpf_holders "$TMPDIR/ids")
[ -z "$holders" ] || { echo "$holders"; echo "BPF objects of the run still held"; exit 1; }
bpf_gone "$TMPDIR/ids" || exit 1
exit 0
