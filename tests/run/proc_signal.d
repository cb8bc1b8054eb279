/*
 * proc provider, signals: the proc trigger kills a child with SIGKILL; another child sends
 * itself SIGUSR1 (handled), SIGUSR2 (ignored: discarded) and SIGUSR1 again (blocked, taken
 * by sigwaitinfo: cleared), one after the other. Each probe with its arguments checked.
 *
 * printf, not aggregations: signal_generate runs with interrupts off, where a new
 * aggregation key can find the kernel's BPF allocator's per-CPU cache empty (a drop).
 */
proc:::signal-send
/(pid == $target || ppid == $target) &&
    (args[2] == SIGKILL || args[2] == SIGUSR1 || args[2] == SIGUSR2)/
{
	printf("%s %d %s %d\n", probename, args[2], args[1]->pr_pid == pid ? "to itself" :
	    args[1]->pr_ppid == pid ? "to its child" : "elsewhere",
	    args[0]->pr_lwpid == args[1]->pr_pid);
}

proc:::signal-discard
/ppid == $target && args[2] == SIGUSR2/
{
	printf("%s %d %s %d\n", probename, args[2], args[1]->pr_pid == pid ? "to itself" :
	    "elsewhere", args[0]->pr_lwpid == tid);
}

proc:::signal-handle
/ppid == $target/
{
	printf("%s %d %s %d\n", probename, args[0],
	    args[1]->si_signo == args[0] ? "siginfo" : "bad siginfo", args[2] != NULL);
}

proc:::signal-clear
/ppid == $target/
{
	printf("%s %d\n", probename, args[0]);
}
