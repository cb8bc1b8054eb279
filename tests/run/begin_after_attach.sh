# SPDX-License-Identifier: GPL-2.0-only
# What BEGIN prints comes out only once every probe is attached, as in DTrace (its probes
# are enabled before BEGIN fires): a header from BEGIN says tracing has begun. So an event
# made as soon as the header is seen is traced, every time: openat of a path of this test's
# own, then SIGINT, which drains what was traced (each run its own output file: a file of
# the run before would say ready before this dtrace is). An exit() in BEGIN attaches nothing.
cat >"$TMPDIR/begin.d" <<'D'
BEGIN
{
	printf("Tracing... Hit Ctrl-C to end.\n");
}

syscall::openat:entry
/execname == "openat" && copyinstr(arg1) == $$1/
{
	printf("seen %s\n", execname);
}
D
for i in 1 2 3 4 5; do
	"$DTRACE" -q -s "$TMPDIR/begin.d" "$TMPDIR/f$i" >"$TMPDIR/out$i" 2>"$TMPDIR/err$i" &
	pid=$!
	while ! grep -q '^Tracing' "$TMPDIR/out$i" 2>/dev/null; do
		kill -0 "$pid" 2>/dev/null || { cat "$TMPDIR/err$i"; echo "dtrace died"; exit 1; }
		sleep 0.01
	done
	"$TRIGGERS/openat" 1 "$TMPDIR/f$i" >/dev/null
	kill -INT "$pid"
	wait "$pid" || { cat "$TMPDIR/err$i"; echo "dtrace failed"; exit 1; }
	grep -qx 'seen openat' "$TMPDIR/out$i" ||
		{ cat "$TMPDIR/out$i"; echo "run $i: the open after the header was not traced"; exit 1; }
done
# BEGIN's exit(): nothing attached; the fbt-free program exits at once with BEGIN's output.
"$DTRACE" -q -n 'BEGIN { printf("once\n"); exit(3); } syscall:::entry { printf("no\n"); }' \
	>"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
[ "$st" -eq 3 ] || { cat "$TMPDIR/err"; echo "exit status $st, not 3"; exit 1; }
printf 'once\n\n' | cmp -s - "$TMPDIR/out" || { cat "$TMPDIR/out"; echo "output"; exit 1; }
exit 0
