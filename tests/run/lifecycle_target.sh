# SPDX-License-Identifier: GPL-2.0-only
# A -c command and a -p process are not left stopped or traced when dtrace ends. The
# programs take user stacks, so dtrace seizes the process with ptrace to hold it at its exit.
#   -c, the command exits: dtrace ends, and the command is reaped (no process is left).
#   -c, SIGINT to dtrace: the command is not left behind stopped or traced.
#   -c, an error after the command was made (compile): it never runs and is reaped.
#   -p, SIGINT and exit(): the process lives on, neither stopped nor traced.
# shellcheck disable=SC2016
. "$TESTDIR/lifecycle.inc"
pid= victim=
trap 'kill -9 $pid $victim 2>/dev/null' EXIT
trap 'exit 1' INT TERM
prog='syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }
	tick-10ms { printf("ready\n"); }'

# left CMDLINE: the pids running exactly CMDLINE
left() { pgrep -fx "$1"; }

"$DTRACE" -q -c "$TRIGGERS/loop 1000" -n "$prog" >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
[ "$st" -eq 0 ] || { cat "$TMPDIR/err"; echo "-c exits: status $st"; exit 1; }
[ -z "$(left "$TRIGGERS/loop 1000")" ] || { echo "-c exits: the command is still there"; exit 1; }

cmd="$TRIGGERS/loop 987654321"
: >"$TMPDIR/out"
"$DTRACE" -q -c "$cmd" -n "$prog" >"$TMPDIR/out" 2>"$TMPDIR/err" &
pid=$!
wait_for "$TMPDIR/out" ready "$pid"
child=$(left "$cmd")
[ -n "$child" ] || { echo "-c: no command running"; exit 1; }
grep -q "^TracerPid:[[:space:]]*$pid$" /proc/"$child"/status ||
	{ grep TracerPid /proc/"$child"/status; echo "-c: the command is not traced (test assumption)"; exit 1; }
kill -INT "$pid"
wait "$pid"
st=$?
pid=
[ "$st" -eq 0 ] || { cat "$TMPDIR/err"; echo "-c SIGINT: status $st"; exit 1; }
for c in $(left "$cmd"); do
	released "$c" || { kill -9 "$c"; echo "-c SIGINT: the command left stopped or traced"; exit 1; }
	kill -9 "$c"
done

cmd="$TRIGGERS/loop 987654322"
"$DTRACE" -q -c "$cmd" -n 'BEGIN { x = ; }' >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
[ "$st" -eq 1 ] || { cat "$TMPDIR/err"; echo "-c error: status $st, expected 1"; exit 1; }
[ -z "$(left "$cmd")" ] || { echo "-c error: the command is still there"; exit 1; }

"$TRIGGERS/loop" 987654323 >/dev/null &
victim=$!
for how in INT exit; do
	: >"$TMPDIR/out"
	if [ "$how" = exit ]; then	# it ends on its own: nothing to wait for
		"$DTRACE" -q -p "$victim" -n "$prog"'
			syscall::getppid:entry /pid == $target && ++n == 5000/ { exit(0); }' \
			>"$TMPDIR/out" 2>"$TMPDIR/err"
		st=$?
	else
		"$DTRACE" -q -p "$victim" -n "$prog" >"$TMPDIR/out" 2>"$TMPDIR/err" &
		pid=$!
		wait_for "$TMPDIR/out" ready "$pid"
		grep -q "^TracerPid:[[:space:]]*$pid$" /proc/"$victim"/status ||
			{ echo "-p: the process is not traced (test assumption)"; exit 1; }
		kill -INT "$pid"
		wait "$pid"
		st=$?
		pid=
	fi
	[ "$st" -eq 0 ] || { cat "$TMPDIR/err"; echo "-p $how: status $st"; exit 1; }
	kill -0 "$victim" 2>/dev/null || { echo "-p $how: the process died"; exit 1; }
	released "$victim" || { echo "-p $how: the process left stopped or traced"; exit 1; }
done
exit 0
