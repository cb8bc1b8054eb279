# SPDX-License-Identifier: GPL-2.0-only
# -c CMD: dtrace runs CMD, and exits on its own when CMD exits (no exit() in the program).
# shellcheck disable=SC2016 # $target is D, not shell
"$DTRACE" -q -c "$TRIGGERS/getpid 10" -n 'syscall::getpid:entry /pid == $target/ { @ = count(); }' \
	>"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
cat "$TMPDIR/err"
[ "$st" -eq 0 ] || { echo "exit status $st, expected 0"; exit 1; }
grep -Eq '^ +10$' "$TMPDIR/out" || { cat "$TMPDIR/out"; echo "count of 10 not printed"; exit 1; }
