# SPDX-License-Identifier: GPL-2.0-only
# print() of a struct bigger than the recorded limit (2048 bytes) is a compile error naming
# the type, its size (kernel-dependent: checked loosely) and the limit.
"$DTRACE" -qn 'BEGIN { print(*curthread); exit(0); }' >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
[ "$st" -eq 1 ] || { cat "$TMPDIR/err"; echo "exit status $st, expected 1"; exit 1; }
grep -Eq '^dtrace: invalid probe specifier .*: in action list: print\( \) of a value of type struct task_struct: its size \([0-9]+ bytes\) exceeds the limit of 2048 bytes$' \
	"$TMPDIR/err" || { cat "$TMPDIR/err"; echo "message not printed"; exit 1; }
