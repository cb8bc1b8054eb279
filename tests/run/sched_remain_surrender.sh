# SPDX-License-Identifier: GPL-2.0-only
# sched:::remain-cpu and sched:::surrender ride tracepoints Linux has since 6.16
# (sched_exit_tp, sched_set_need_resched_tp): on older kernels they are listed and refused
# with that reason; here they fire for the sched trigger's yields alone on a CPU (remain-cpu)
# and for its wakeups of a thread of the CPU another thread keeps busy (surrender).
cat >"$TMPDIR/t.d" <<'D'
sched:::remain-cpu
/pid == $target/
{
	remain = 1;
}

sched:::surrender
/args[1]->pr_pid == $target && cpu != args[0]->pr_onpro/
{
	surrender = 1;
}

END
{
	printf("remain-cpu %d\nsurrender %d\n", remain, surrender);
}
D
"$DTRACE" -lv -n sched:::remain-cpu -n sched:::surrender >"$TMPDIR/list" 2>&1 || exit 1
grep -q remain-cpu "$TMPDIR/list" && grep -q surrender "$TMPDIR/list" || exit 1
if ! grep -q '__traceiter_sched_exit_tp$' /proc/kallsyms ||
    ! grep -q '__traceiter_sched_set_need_resched_tp$' /proc/kallsyms; then
	# refused, with the reason
	"$DTRACE" -e -n 'sched:::remain-cpu {}' >"$TMPDIR/err" 2>&1 && exit 1
	grep -q 'sched:::remain-cpu is not available on this kernel: it needs the tracepoint sched_exit_tp (Linux 6.16 and later)' "$TMPDIR/err" || exit 1
	echo "this kernel has no sched_exit_tp and sched_set_need_resched_tp (Linux 6.16)"
	exit 77
fi
[ "$(nproc)" -gt 1 ] || { echo "surrender needs two CPUs"; exit 77; }
"$DTRACE" -q -c "$TRIGGERS/sched" -s "$TMPDIR/t.d" >"$TMPDIR/out" || exit 1
printf 'remain-cpu 1\nsurrender 1\n\n' | diff - "$TMPDIR/out"
