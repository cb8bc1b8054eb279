# SPDX-License-Identifier: GPL-2.0-only
# toolkit/creatbyproc: the creat trigger creates c1 with creat(2) and c2 with openat(2)
# O_CREAT, then opens c2 again without O_CREAT: two lines, not three.
. "$TESTDIR/tk.inc"
tk_tool creatbyproc
t=$(tk_copy creat)
n=${t##*/}
tk_with "$t $TMPDIR"
tk_run "$TMPDIR/out" creatbyproc -n "$n"
tk_has "$TMPDIR/out" '^   PID CMD +SYSCALL +FD PATH$' header
tk_has "$TMPDIR/out" "^ *[0-9]+ $n +creat +[0-9]+ $TMPDIR/c1\$" "creat of c1"
tk_has "$TMPDIR/out" "^ *[0-9]+ $n +openat +[0-9]+ $TMPDIR/c2\$" "openat O_CREAT of c2"
[ "$(grep -c "$TMPDIR/c" "$TMPDIR/out")" -eq 2 ] ||
	{ cat "$TMPDIR/out"; echo "not 2 creations"; exit 1; }
# -p: a shell of this test creates a file with a redirection
tk_worker ": >'$TMPDIR/new'"
tk_run "$TMPDIR/out" creatbyproc -p "$TK_WPID"
tk_has "$TMPDIR/out" "^ *$TK_WPID sh +openat +[0-9]+ $TMPDIR/new\$" "-p: the shell's creation"
wait
exit 0
