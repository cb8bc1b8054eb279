# SPDX-License-Identifier: GPL-2.0-only
# toolkit/opensnoop: the openat trigger opens a missing path twice (FD -1, errno 2), then
# /etc/hostname three times (descriptors); -n, -f, -x, -e, -g and -c select and add columns.
. "$TESTDIR/tk.inc"
tk_tool opensnoop
miss=$(cd "$TMPDIR" && pwd -P)/missing
t=$(tk_copy openat)
n=${t##*/}
tk_with "$t 2 $miss"
tk_run "$TMPDIR/out" opensnoop -e -n "$n"
tk_has "$TMPDIR/out" '^  UID    PID COMM          FD ERR PATH$' header
[ "$(grep -cE "^ +0 +[0-9]+ $n +-1 +2 $miss\$" "$TMPDIR/out")" -eq 2 ] ||
	{ cat "$TMPDIR/out"; echo "not 2 failed opens of $miss"; exit 1; }
tk_run "$TMPDIR/out" opensnoop -x -c -f "$miss"
[ "$(grep -cE "^ +0 +[0-9]+ $n +-1 +$(pwd -P) +$miss\$" "$TMPDIR/out")" -eq 2 ] ||
	{ cat "$TMPDIR/out"; echo "-x -c -f: not 2 failed opens of $miss in $(pwd -P)"; exit 1; }
tk_hasnt "$TMPDIR/out" 'ld.so|libc' "-f: other paths"
tk_with "$TRIGGERS/openat 3 /etc/hostname"
tk_run "$TMPDIR/out" opensnoop -g -f /etc/hostname
[ "$(grep -cE "^ +0 +[0-9]+ openat +[0-9]+ /etc/hostname +$TRIGGERS/openat 3 /etc/hostname\$" \
	"$TMPDIR/out")" -eq 3 ] || { cat "$TMPDIR/out"; echo "not 3 opens of /etc/hostname"; exit 1; }
tk_run "$TMPDIR/out" opensnoop -x -f /etc/hostname
tk_hasnt "$TMPDIR/out" hostname "-x: an open that succeeded"
# -p: a shell of this test opens /etc/hostname (and its fifo): its opens only
tk_worker ': </etc/hostname'
tk_run "$TMPDIR/out" opensnoop -p "$TK_WPID"
tk_has "$TMPDIR/out" "^ +0 +$TK_WPID sh +[0-9]+ /etc/hostname\$" "-p: the shell's open"
[ "$(awk -v p="$TK_WPID" 'NR > 1 && NF && $2 != p' "$TMPDIR/out" | wc -l)" -eq 0 ] ||
	{ cat "$TMPDIR/out"; echo "-p $TK_WPID: other processes"; exit 1; }
wait
exit 0
