# SPDX-License-Identifier: GPL-2.0-only
# -S shows each program's BPF (in the verifier's notation) on stderr before it is loaded.
"$DTRACE" -S -q -n 'BEGIN { trace(7); exit(0); }' >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; exit 1; }
grep -Eq '^dt_dtrace_1: [0-9]+ instructions$' "$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
grep -Eq '^ +[0-9]+: call 131$' "$TMPDIR/err" || { echo "no ringbuf_reserve call"; exit 1; }
grep -Eq '^ +[0-9]+: exit$' "$TMPDIR/err" || { echo "no exit"; exit 1; }
[ "$(cat "$TMPDIR/out")" = "7" ] || { cat "$TMPDIR/out"; echo "the program must still run"; exit 1; }
# Library routines are subprograms after the clauses, named, and called from each call site.
"$DTRACE" -S -q -n 'BEGIN { trace(cleanpath("/a/../b")); trace(cleanpath("/c/./d")); exit(0); }' \
	>"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
grep -qx 'dt_clause_0:' "$TMPDIR/err" || { cat "$TMPDIR/err"; echo "no clause subprogram"; exit 1; }
[ "$(grep -c '^dt_cleanpath (global):$' "$TMPDIR/err")" -eq 1 ] ||
	{ cat "$TMPDIR/err"; echo "not one cleanpath subprogram"; exit 1; }
[ "$(grep -Ec '^ +[0-9]+: call pc[+-][0-9]+$' "$TMPDIR/err")" -eq 3 ] ||
	{ cat "$TMPDIR/err"; echo "not three subprogram calls (the clause, cleanpath twice)"; exit 1; }
[ "$(cat "$TMPDIR/out")" = "/b/c/d" ] || { cat "$TMPDIR/out"; echo "wrong output"; exit 1; }
