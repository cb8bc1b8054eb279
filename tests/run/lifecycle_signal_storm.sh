# SPDX-License-Identifier: GPL-2.0-only
# A signal ends tracing under a sustained event storm, faster than the consumer can print and
# fed by dtrace's own writes: END fires and the aggregations print. SIGINT with a printf on
# every system call, SIGTERM with a fault (and its ERROR message) on every one, SIGHUP with
# trace(). Before the fix dtrace never saw the signal and only kill -9 ended it.
# shellcheck disable=SC2016
. "$TESTDIR/lifecycle.inc"
pid= l1= l2=
trap 'kill -9 $pid $l1 $l2 2>/dev/null' EXIT
trap 'exit 1' INT TERM

storm() {	# storm SIGNAL ACTION
	"$DTRACE" -n "syscall:::entry { @calls = count(); @fds[arg0 & 3] = count(); $2 }
		END { printf(\"end-marker\\n\"); }" >"$TMPDIR/out" 2>"$TMPDIR/err" &
	pid=$!
	wait_for "$TMPDIR/err" matched "$pid"
	"$TRIGGERS/loop" 100000000 >/dev/null &
	l1=$!
	"$TRIGGERS/loop" 100000000 >/dev/null &
	l2=$!
	# the storm is on once records (or fault messages) flow
	while [ "$(cat "$TMPDIR/out" "$TMPDIR/err" | wc -c)" -lt 100000 ]; do
		kill -0 "$pid" 2>/dev/null || { cat "$TMPDIR/err"; echo "dtrace died"; exit 1; }
		sleep 0.05
	done
	kill -"$1" "$pid"
	wait "$pid"
	st=$?
	kill "$l1" "$l2"
	wait "$l1" "$l2" 2>/dev/null
	pid= l1= l2=
	[ "$st" -eq 0 ] || { tail -5 "$TMPDIR/err"; echo "SIG$1: exit status $st, expected 0"; exit 1; }
	grep -q 'END end-marker$' "$TMPDIR/out" ||
		{ tail -5 "$TMPDIR/out"; echo "SIG$1: END did not fire"; exit 1; }
	# @calls (one value line) and @fds (four keys): printed after END
	sed '1,/END end-marker$/d' "$TMPDIR/out" >"$TMPDIR/aggs"
	[ "$(grep -Ec '^ +[0-9]+$' "$TMPDIR/aggs")" -eq 1 ] &&
		[ "$(grep -Ec '^ +[0-3] +[0-9]+$' "$TMPDIR/aggs")" -ge 1 ] ||
		{ cat "$TMPDIR/aggs"; echo "SIG$1: aggregations not printed"; exit 1; }
}

storm INT 'printf("%d %d\n", pid, arg0);'
storm TERM 'trace(*(int *)0);'
storm HUP 'trace(arg0);'
exit 0
