# SPDX-License-Identifier: GPL-2.0-only
# -s reads at most 16 MiB and never hangs on a FIFO nobody writes; pipes and FIFOs that are
# written still work. Each refusal: one message on stderr, exit status 1, nothing on stdout.
fail() { echo "$1"; cat "$TMPDIR/err"; exit 1; }
refused() {	# refused WHAT MESSAGE: the last run's status, stderr and stdout
	[ "$st" -eq 1 ] || fail "$1: exit status $st, expected 1"
	[ "$(cat "$TMPDIR/err")" = "$2" ] || fail "$1: wrong message"
	[ ! -s "$TMPDIR/out" ] || fail "$1: unexpected stdout"
}
big="dtrace: failed to read script %s: it is larger than 16 MiB, the most a script may be"

"$DTRACE" -s /dev/zero >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?; refused /dev/zero "$(printf "$big" /dev/zero)"

truncate -s 16777217 "$TMPDIR/huge.d"
"$DTRACE" -s "$TMPDIR/huge.d" >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?; refused "16 MiB + 1" "$(printf "$big" "$TMPDIR/huge.d")"

"$DTRACE" -s "$TMPDIR" >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?; refused directory "dtrace: failed to read script $TMPDIR: Is a directory"

# A FIFO no one ever writes: an error after 5 seconds, not a hang.
mkfifo "$TMPDIR/fifo"
"$DTRACE" -s "$TMPDIR/fifo" >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
refused "unwritten FIFO" \
	"dtrace: failed to read script $TMPDIR/fifo: nothing was written to it in 5 seconds"

# A FIFO that is written (the writer's open waits for dtrace's), a pipe, a here-document.
printf '%s\n' 'BEGIN { printf("fifo\n"); exit(0); }' >"$TMPDIR/fifo" &
"$DTRACE" -q -s "$TMPDIR/fifo" >"$TMPDIR/out" 2>"$TMPDIR/err" || fail "written FIFO"
wait
printf '%s\n' 'BEGIN { printf("pipe\n"); exit(0); }' | "$DTRACE" -q -s /dev/stdin >>"$TMPDIR/out" \
	2>>"$TMPDIR/err" || fail "pipe"
"$DTRACE" -q -s - >>"$TMPDIR/out" 2>>"$TMPDIR/err" <<'D' || fail "here-document"
BEGIN { printf("heredoc\n"); exit(0); }
D
[ "$(grep -c . "$TMPDIR/out")" -eq 3 ] && grep -qx fifo "$TMPDIR/out" &&
	grep -qx pipe "$TMPDIR/out" && grep -qx heredoc "$TMPDIR/out" ||
	{ cat "$TMPDIR/out"; fail "written FIFO, pipe or here-document: wrong output"; }
[ ! -s "$TMPDIR/err" ] || fail "unexpected stderr"
exit 0
