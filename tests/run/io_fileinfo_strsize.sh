# SPDX-License-Identifier: GPL-2.0-only
# io_fileinfo.d with -x strsize=16: the path of /proc/sys/kernel/hostname does not fit, so
# its names are "<unknown>"; its mount point still fits.
"$DTRACE" -x strsize=16 -c "$TRIGGERS/openat 1 /proc/sys/kernel/hostname" -s io_fileinfo.d \
    >"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
printf '%s\n' '[<unknown>] [<unknown>] [<unknown>] 0 [proc] [/proc] 0 1' \
    '[<none>] [<none>] [<none>] -1 [<none>] [<none>] 0' '' >"$TMPDIR/expected"
diff -u "$TMPDIR/expected" "$TMPDIR/out"
