# SPDX-License-Identifier: GPL-2.0-only
# -p: the grabbed process is held at its exit as a -c one is (its frames resolve), and when
# dtrace ends first the process is let go unharmed: it finishes and exits 0.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
sleep 1 &
sp=$!
"$DTRACE" -q -p "$sp" -n 'syscall::clock_nanosleep:return,syscall::nanosleep:return
/pid == $target/ { ustack(1); }' >"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; fail "dtrace -p"; }
wait "$sp" || fail "the traced sleep did not exit 0"
cat "$TMPDIR/out"
grep -Eq '^ {14}libc\.so\.6`[_a-z]*nanosleep(64)?\+0x[0-9a-f]+$' "$TMPDIR/out" || fail "-p frame"
# dtrace is done first: the process goes on, untraced.
sleep 2 &
sp=$!
"$DTRACE" -q -p "$sp" -n 'syscall::clock_nanosleep:return /pid == $target/ { ustack(); }
tick-200ms { printf("%A\n", 0); exit(0); }' >"$TMPDIR/out2" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; fail "dtrace -p, exit first"; }
grep -qx 0x0 "$TMPDIR/out2" || { cat "$TMPDIR/out2"; fail "%A of 0"; }
wait "$sp" || fail "the released sleep did not exit 0"
exit 0
