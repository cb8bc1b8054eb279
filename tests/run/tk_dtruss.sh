# SPDX-License-Identifier: GPL-2.0-only
# toolkit/dtruss: runs triggers as its command: a path argument and an error (openat of a
# missing path), a buffer and counts (-t write -c), children followed (-f -t kill: the proc
# trigger's kill of a child and its child's signals to itself), time columns, and -n name.
. "$TESTDIR/tk.inc"
tk_tool dtruss
miss=$TMPDIR/missing
tk_run "$TMPDIR/out" dtruss "$TRIGGERS/openat" 2 "$miss"
tk_has "$TMPDIR/out" '^SYSCALL\(args\)' header
[ "$(grep -cE "^openat\\(0xFFFFFF9C, \"$miss\", 0x0\\)	+ = -1 Err#2\$" "$TMPDIR/out")" -eq 2 ] ||
	{ cat "$TMPDIR/out"; echo "not 2 failed openat lines"; exit 1; }
tk_has "$TMPDIR/out" '^mmap\(0x0, ' "a call with hexadecimal arguments"
tk_run "$TMPDIR/out" dtruss -t write -c "$TRIGGERS/write" 3
[ "$(grep -cE '^write\(0x[0-9A-F]+, "x", 0x1\)	+ = 1 0$' "$TMPDIR/out")" -eq 3 ] ||
	{ cat "$TMPDIR/out"; echo "not 3 writes of x"; exit 1; }
tk_hasnt "$TMPDIR/out" '^(openat|mmap)\(' "-t write: other calls"
tk_has "$TMPDIR/out" '^write +3$' "-c: 3 writes"
tk_run "$TMPDIR/out" dtruss -f -t kill "$TRIGGERS/proc"
tk_has "$TMPDIR/out" '^ +PID/LWP +SYSCALL' "-f: PID/LWP column"
tk_has "$TMPDIR/out" '^ *[0-9]+/[0-9]+ +kill\(0x[0-9A-F]+, 0x9, 0x0\)	+ = 0 0$' "kill SIGKILL"
tk_has "$TMPDIR/out" '^ *[0-9]+/[0-9]+ +kill\(0x[0-9A-F]+, 0xA, 0x0\)	+ = 0 0$' "kill SIGUSR1"
n=$(sed -n 's|^ *\([0-9]*\)/[0-9]* .*kill(.*|\1|p' "$TMPDIR/out" | sort -u | wc -l)
[ "$n" -ge 2 ] || { cat "$TMPDIR/out"; echo "-f: kill from $n process(es), not 2"; exit 1; }
tk_run "$TMPDIR/out" dtruss -d -e -o -t getpid "$TRIGGERS/getpid" 2
tk_has "$TMPDIR/out" '^RELATIVE  ELAPSD    CPU SYSCALL\(args\)' "-deo header"
[ "$(grep -cE '^ +[0-9]+ +[0-9]+ +[0-9]+ getpid\(' "$TMPDIR/out")" -eq 2 ] ||
	{ cat "$TMPDIR/out"; echo "-deo: not 2 timed getpid lines"; exit 1; }
t=$(tk_copy getpid)
tk_with "$t 3"
tk_run "$TMPDIR/out" dtruss -n "${t##*/}" -t getpid
[ "$(grep -cE '^ *[0-9]+/[0-9]+ +getpid\(' "$TMPDIR/out")" -eq 3 ] ||
	{ cat "$TMPDIR/out"; echo "-n: not 3 getpid lines with PID/LWP"; exit 1; }
exit 0
