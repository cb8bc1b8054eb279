# SPDX-License-Identifier: GPL-2.0-only
# toolkit/funccount on user functions (pid provider): -c pidcalls 5 counts the calls into
# libdtpid.so exactly (dtpid_mul 10, dtpid_twice 5), the pid provider's process filled in;
# -p on a running pidcalls, for one second (-d 1), counts some.
# The kernel-function form (fbt) is tk_funccount_fbt.
. "$TESTDIR/tk.inc"
tk_tool funccount
"$tool" -c "$TRIGGERS/pidcalls 5" 'pid:libdtpid.so:dtpid_*:entry' >"$TMPDIR/out" \
	2>"$TMPDIR/err" || fail "funccount -c failed"
cat "$TMPDIR/out"
grep -Eq '^FUNC +COUNT$' "$TMPDIR/out" || fail "header"
awk 'NF == 2 && $1 ~ /^dtpid_/' "$TMPDIR/out" >"$TMPDIR/got"
printf '%-36s %8d\n' dtpid_twice 5 dtpid_mul 10 | diff -u - "$TMPDIR/got" || fail "-c counts"
mkfifo "$TMPDIR/ready"
"$TRIGGERS/pidcalls" 1000000000 ready >"$TMPDIR/ready" &
tp=$!
read -r _ <"$TMPDIR/ready"	# it runs, its libraries mapped
"$tool" -p "$tp" -d 1 'pid:libdtpid.so:dtpid_mul:entry' >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ kill "$tp"; fail "funccount -p failed"; }
kill "$tp"
wait "$tp" 2>/dev/null
cat "$TMPDIR/out"
grep -Eq '^dtpid_mul +[1-9][0-9]*$' "$TMPDIR/out" || fail "-p: no dtpid_mul calls"
exit 0
