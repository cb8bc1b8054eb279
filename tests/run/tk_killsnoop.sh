# SPDX-License-Identifier: GPL-2.0-only
# toolkit/killsnoop: the proc trigger kills a child with SIGKILL (kill(2)), and a child of
# it sends itself SIGUSR1, SIGUSR2 and SIGUSR1: each a line, result 0.
. "$TESTDIR/tk.inc"
tk_tool killsnoop
t=$(tk_copy proc)
n=${t##*/}
tk_with "$t"
tk_run "$TMPDIR/out" killsnoop -n "$n"
tk_has "$TMPDIR/out" '^  FROM      COMMAND  SIG TO      RESULT$' header
tk_has "$TMPDIR/out" "^ *[0-9]+ +$n +9 [0-9]+ +0\$" "SIGKILL to the child"
n=$(awk -v n="$n" '$1 == $4 && $2 == n && ($3 == 10 || $3 == 12) && $5 == 0' "$TMPDIR/out" | wc -l)
[ "$n" -eq 3 ] || { cat "$TMPDIR/out"; echo "$n signals to itself, not 3"; exit 1; }
tk_run "$TMPDIR/out" killsnoop -n nosuchname
tk_hasnt "$TMPDIR/out" "$n" "-n nosuchname: a signal"
# -p: a shell of this test sends itself signal 0
tk_worker 'kill -0 $$'
tk_run "$TMPDIR/out" killsnoop -p "$TK_WPID"
tk_has "$TMPDIR/out" "^ *$TK_WPID +sh +0 $TK_WPID +0\$" "-p: the shell's kill -0"
[ "$(grep -c '^ *[0-9]' "$TMPDIR/out")" -eq 1 ] || { cat "$TMPDIR/out"; echo "-p: other lines"; exit 1; }
wait
exit 0
