# SPDX-License-Identifier: GPL-2.0-only
# Output that cannot be written is an error: "dtrace: failed to write output: <errno text>"
# and exit status 1, whatever wrote it (printf records, printa, the aggregations at exit, the
# -l listing) and wherever it went (/dev/full, a closed stdout, -o on a full file system).
# A trace whose output fails stops: an endless -c workload still ends.
fail() { echo "$1"; cat "$TMPDIR/err"; exit 1; }
check() {	# check WHAT ERRNO-TEXT: the last run's status and stderr
	[ "$st" -eq 1 ] || fail "$1: exit status $st, expected 1"
	[ "$(tail -n 1 "$TMPDIR/err")" = "dtrace: failed to write output: $2" ] ||
		fail "$1: wrong message"
}
full="No space left on device"
P='BEGIN { printf("x\n"); exit(0); }'

# The same programs into a file work: what fails below is the output alone.
"$DTRACE" -q -n "$P" >"$TMPDIR/ok" 2>"$TMPDIR/err" || fail "into a file"
[ "$(cat "$TMPDIR/ok")" = x ] || fail "into a file: wrong output"

"$DTRACE" -q -n "$P" >/dev/full 2>"$TMPDIR/err"
st=$?; check "printf >/dev/full" "$full"
"$DTRACE" -q -n "$P" >&- 2>"$TMPDIR/err"
st=$?; check "printf >&-" "Bad file descriptor"
"$DTRACE" -q -n 'BEGIN { @a[1] = count(); exit(0); }' >/dev/full 2>"$TMPDIR/err"
st=$?; check "aggregations at exit" "$full"
"$DTRACE" -q -n 'BEGIN { @a[1] = count(); } END { printa(@a); }' -c true >/dev/full \
	2>"$TMPDIR/err"
st=$?; check "printa" "$full"
"$DTRACE" -l -n 'syscall::getpid:entry' >/dev/full 2>"$TMPDIR/err"
st=$?; check "-l" "$full"
"$DTRACE" -l -n 'syscall::getpid:entry' >&- 2>"$TMPDIR/err"
st=$?; check "-l >&-" "Bad file descriptor"

# Records of a real probe, with a workload that would run for hours: tracing stops.
"$DTRACE" -q -n 'syscall::getpid:entry /pid == $target/ { printf("%d\n", pid); }' \
	-c "$TRIGGERS/getpid 1000000000" >/dev/full 2>"$TMPDIR/err"
st=$?; check "syscall records" "$full"

# -o into a full file system: a tiny tmpfs, filled.
mkdir "$TMPDIR/mnt"
if ! mount -t tmpfs -o size=8k dtrace-test "$TMPDIR/mnt" 2>/dev/null; then
	echo "cannot mount a tmpfs here for -o on a full file system"
	exit 77
fi
dd if=/dev/zero of="$TMPDIR/mnt/fill" bs=4k count=16 2>/dev/null
"$DTRACE" -q -n "$P" -o "$TMPDIR/mnt/out" 2>"$TMPDIR/err"
st=$?
umount "$TMPDIR/mnt"
check "-o on a full file system" "$full"
exit 0
