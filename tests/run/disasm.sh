# -S shows each program's BPF (in the verifier's notation) on stderr before it is loaded.
"$DTRACE" -S -q -n 'BEGIN { trace(7); exit(0); }' >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; exit 1; }
grep -Eq '^dt_dtrace_1: [0-9]+ instructions$' "$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
grep -Eq '^ +[0-9]+: call 131$' "$TMPDIR/err" || { echo "no ringbuf_reserve call"; exit 1; }
grep -Eq '^ +[0-9]+: exit$' "$TMPDIR/err" || { echo "no exit"; exit 1; }
[ "$(cat "$TMPDIR/out")" = "7" ] || { cat "$TMPDIR/out"; echo "the program must still run"; exit 1; }
