# SPDX-License-Identifier: GPL-2.0-only
# toolkit/hotuser -c on loop calling its function loop_target() 200,000,000 times: the
# samples are in loop`main and loop`loop_target, each function once with its count and
# share; -l: by module, the program's line "loop" has most of them.
. "$TESTDIR/tk.inc"
tk_tool hotuser
"$tool" >/dev/null 2>&1
[ $? -eq 2 ] || fail "neither -c nor -p is not status 2"
"$tool" -c "$TRIGGERS/loop 200000000 user" >"$TMPDIR/out" 2>"$TMPDIR/err" || fail "hotuser"
cat "$TMPDIR/out"
grep -Eq '^FUNCTION +COUNT +PCNT$' "$TMPDIR/out" || fail "header"
grep -Eq '^loop`main +[0-9]+ +[0-9.]+%$' "$TMPDIR/out" || fail "loop\`main"
grep -Eq '^loop`loop_target +[0-9]+ +[0-9.]+%$' "$TMPDIR/out" || fail "loop\`loop_target"
[ "$(awk '/`/ { print $1 }' "$TMPDIR/out" | sort | uniq -d | wc -l)" -eq 0 ] ||
	fail "a function twice"
"$tool" -l -c "$TRIGGERS/loop 200000000 user" >"$TMPDIR/out" 2>"$TMPDIR/err" || fail "hotuser -l"
cat "$TMPDIR/out"
grep -Eq '^LIBRARY +COUNT +PCNT$' "$TMPDIR/out" || fail "-l header"
awk '$1 == "loop" && $3 + 0 >= 50 { ok = 1 } END { exit !ok }' "$TMPDIR/out" ||
	fail "-l: loop has not most samples"
exit 0
