# SPDX-License-Identifier: GPL-2.0-only
# -x tree=1 dumps the parse tree, -x tree=2 the analysed tree with D types (on stderr).
"$DTRACE" -e -x tree=3 -n 'BEGIN { x = 1 + pid; }' 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
cat "$TMPDIR/err"
grep -qx '          BINARY op=+' "$TMPDIR/err" || { echo "no untyped parse tree"; exit 1; }
grep -qx '          BINARY op=+ : int' "$TMPDIR/err" || { echo "no typed tree"; exit 1; }
grep -qx '            IDENT pid : pid_t' "$TMPDIR/err" || { echo "no pid_t"; exit 1; }
