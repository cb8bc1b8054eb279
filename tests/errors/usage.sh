# dtrace with no arguments prints its usage on stderr and exits 2; so does an unknown flag.
"$DTRACE" >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
head -n 3 "$TMPDIR/err"
[ "$st" -eq 2 ] || { echo "no arguments: exit status $st, expected 2"; exit 1; }
grep -q '^Usage: dtrace' "$TMPDIR/err" || { echo "no arguments: no usage on stderr"; exit 1; }
[ ! -s "$TMPDIR/out" ] || { echo "no arguments: unexpected stdout"; exit 1; }
"$DTRACE" -Y >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
head -n 3 "$TMPDIR/err"
[ "$st" -eq 2 ] || { echo "-Y: exit status $st, expected 2"; exit 1; }
grep -q '^Usage: dtrace' "$TMPDIR/err" || { echo "-Y: no usage on stderr"; exit 1; }
