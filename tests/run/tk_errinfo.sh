# SPDX-License-Identifier: GPL-2.0-only
# toolkit/errinfo: the openat trigger's two opens of a missing path fail with ENOENT: two
# lines with the C library's description, or (-c) one line counting 2.
. "$TESTDIR/tk.inc"
tk_tool errinfo
t=$(tk_copy openat)
n=${t##*/}
tk_with "$t 2 $TMPDIR/missing"
tk_run "$TMPDIR/out" errinfo -n "$n"
tk_has "$TMPDIR/out" '^ +EXEC +SYSCALL +ERR  DESC$' header
[ "$(grep -cE "^ +$n +openat +2  No such file or directory\$" "$TMPDIR/out")" -eq 2 ] ||
	{ cat "$TMPDIR/out"; echo "not 2 ENOENT lines"; exit 1; }
tk_run "$TMPDIR/out" errinfo -c -n "$n"
tk_has "$TMPDIR/out" '^ +EXEC +SYSCALL +ERR +COUNT  DESC$' "-c header"
tk_has "$TMPDIR/out" "^ +$n +openat +2 +2  No such file or directory\$" "-c: 2 ENOENT"
tk_run "$TMPDIR/out" errinfo -c -n nosuchname
tk_hasnt "$TMPDIR/out" "$n" "-n nosuchname: $n counted"
# -p: a shell of this test fails to open a missing path
tk_worker "{ :; } 2>/dev/null <'$TMPDIR/missing'"
tk_run "$TMPDIR/out" errinfo -p "$TK_WPID"
tk_has "$TMPDIR/out" '^ +sh +openat +2  No such file or directory$' "-p: the shell's ENOENT"
wait
exit 0
