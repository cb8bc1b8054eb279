# curpsinfo and curlwpsinfo: the psinfo_t members Linux has; pr_psargs is the command line.
# shellcheck disable=SC2016
"$DTRACE" -q -c "$TRIGGERS/openat 1 /etc/hostname" -n '
syscall::openat:entry /pid == $target && arg2 == 0/ {
	printf("%d %d %d %d %d %d [%s] [%s] %d\n", curpsinfo->pr_pid == pid,
	    curpsinfo->pr_ppid == ppid, curpsinfo->pr_uid, curpsinfo->pr_gid, curpsinfo->pr_euid,
	    curpsinfo->pr_egid, curpsinfo->pr_fname, curpsinfo->pr_psargs,
	    curlwpsinfo->pr_lwpid == tid);
}' >"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
cat "$TMPDIR/out"
grep -qx "1 1 0 0 0 0 \[openat\] \[$TRIGGERS/openat 1 /etc/hostname\] 1" "$TMPDIR/out"
