# SPDX-License-Identifier: GPL-2.0-only
# curpsinfo and curlwpsinfo from dlibs/procfs.d's translators: the psinfo_t and lwpsinfo_t
# members Linux has; pr_psargs is the command line; xlate works on any task.
# shellcheck disable=SC2016
"$DTRACE" -q -c "$TRIGGERS/openat 1 /etc/hostname" -n '
syscall::openat:entry /pid == $target && arg2 == 0/ {
	printf("%d %d %d %d %d %d [%s] [%s] %d\n", curpsinfo->pr_pid == pid,
	    curpsinfo->pr_ppid == ppid, curpsinfo->pr_uid, curpsinfo->pr_gid, curpsinfo->pr_euid,
	    curpsinfo->pr_egid, curpsinfo->pr_fname, curpsinfo->pr_psargs,
	    curlwpsinfo->pr_lwpid == tid);
	printf("nlwp %d pgid %d sid %d dmodel %d zone %d parent %d\n", curpsinfo->pr_nlwp,
	    curpsinfo->pr_pgid, curpsinfo->pr_sid, curpsinfo->pr_dmodel == PR_MODEL_LP64,
	    curpsinfo->pr_zoneid, xlate<psinfo_t *>(curthread->real_parent)->pr_pid == ppid);
	printf("state %d %c name %s onpro %d\n", curlwpsinfo->pr_state == SONPROC,
	    curlwpsinfo->pr_sname, curlwpsinfo->pr_name, curlwpsinfo->pr_onpro == cpu);
}' >"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
cat "$TMPDIR/out"
# This shell's process group and session: fields 5 and 6 of its stat, after "(comm)"
# (read here: busybox's ps, as in make vmcheck's guests, has no -p).
set -- $(sed 's/.*) //' /proc/$$/stat)
pgid=$3
sid=$4
grep -qx "1 1 0 0 0 0 \[openat\] \[$TRIGGERS/openat 1 /etc/hostname\] 1" "$TMPDIR/out" &&
grep -qx "nlwp 1 pgid $pgid sid $sid dmodel 1 zone 0 parent 1" "$TMPDIR/out" &&
grep -qx "state 1 O name openat onpro 1" "$TMPDIR/out"
