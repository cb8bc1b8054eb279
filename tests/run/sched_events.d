/*
 * sched provider: the sched trigger's threads sleep and wake each other, yield, spin and
 * contend for a priority-inheritance mutex; each probe fires for them with its arguments
 * checked (ok: every firing's check held; bad: one did not). Globals, not aggregations:
 * these tracepoints run with interrupts off, where a new aggregation key can find the
 * kernel's BPF allocator's per-CPU cache empty (a drop).
 */

int on_bad, off_bad;

sched:::on-cpu
/pid == $target/
{
	on_ok = curlwpsinfo->pr_lwpid == tid && curpsinfo->pr_pid == pid &&
	    curcpu->cpu_id == cpu && curlwpsinfo->pr_onpro == cpu ? 1 : on_ok;
	on_bad += curlwpsinfo->pr_lwpid != tid;
}

sched:::off-cpu
/pid == $target/
{
	off_ok = args[0]->pr_lwpid != tid ? 1 : off_ok;
	off_bad += args[0]->pr_lwpid == tid;
}

sched:::sleep
/pid == $target/
{
	sleep_ok = curlwpsinfo->pr_sname == 'S' ? 1 : sleep_ok;
}

sched:::wakeup
/args[1]->pr_pid == $target && pid != $target/
{
	wakeup_ok = args[0]->pr_lwpid == $target && ppid == $target ? 1 : wakeup_ok;
}

sched:::enqueue
/args[1]->pr_pid == $target/
{
	enqueue_ok = args[0]->pr_lwpid != 0 && args[2]->cpu_id == args[0]->pr_onpro ? 1 :
	    enqueue_ok;
}

sched:::dequeue
/pid == $target/
{
	dequeue_ok = args[0]->pr_lwpid == tid && args[2]->cpu_id == cpu ? 1 : dequeue_ok;
}

sched:::preempt
/pid == $target/
{
	preempt_ok = curlwpsinfo->pr_lwpid == tid ? 1 : preempt_ok;
}

sched:::tick
/pid == $target/
{
	tick_ok = args[0]->pr_lwpid == tid && args[1]->pr_pid == pid ? 1 : tick_ok;
}

sched:::change-pri
/args[1]->pr_pid == $target/
{
	/* the holder at nice 5 (pr_pri 14) inherits nice 0's 19, then goes back */
	pri_up = args[0]->pr_pri == 14 && args[2] == 19 ? 1 : pri_up;
	pri_down = args[0]->pr_pri == 19 && args[2] == 14 ? 1 : pri_down;
}

END
{
	printf("on-cpu %d %d\n", on_ok, on_bad);
	printf("off-cpu %d %d\n", off_ok, off_bad);
	printf("sleep %d\nwakeup %d\nenqueue %d\ndequeue %d\n", sleep_ok, wakeup_ok, enqueue_ok,
	    dequeue_ok);
	printf("preempt %d\ntick %d\nchange-pri %d %d\n", preempt_ok, tick_ok, pri_up, pri_down);
}
