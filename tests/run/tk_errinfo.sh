# toolkit/errinfo: the openat trigger's two opens of a missing path fail with ENOENT: two
# lines with the C library's description, or (-c) one line counting 2.
. "$TESTDIR/tk.inc"
tk_usage errinfo
tk_with "$TRIGGERS/openat 2 $TMPDIR/missing"
tk_run "$TMPDIR/out" errinfo -n openat
tk_has "$TMPDIR/out" '^ +EXEC +SYSCALL +ERR  DESC$' header
[ "$(grep -cE '^ +openat +openat +2  No such file or directory$' "$TMPDIR/out")" -eq 2 ] ||
	{ cat "$TMPDIR/out"; echo "not 2 ENOENT lines"; exit 1; }
tk_run "$TMPDIR/out" errinfo -c -n openat
tk_has "$TMPDIR/out" '^ +EXEC +SYSCALL +ERR +COUNT  DESC$' "-c header"
tk_has "$TMPDIR/out" '^ +openat +openat +2 +2  No such file or directory$' "-c: 2 ENOENT"
tk_run "$TMPDIR/out" errinfo -c -n nosuchname
tk_hasnt "$TMPDIR/out" openat "-n nosuchname: openat counted"
exit 0
