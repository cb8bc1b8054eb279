/*
 * proc provider: every process and thread event of the proc trigger (a child that fails one
 * exec and makes another then exits 3, a thread, a child killed by SIGKILL, a child that
 * signals itself and exits 0), each with its
 * arguments checked against what the trigger did. Counts, so the order of CPUs' records
 * does not matter.
 */
proc:::create
/pid == $target/
{
	@[probename, "child's parent is the trigger", args[0]->pr_ppid == $target] = count();
	@[probename, "child is new", args[0]->pr_pid != $target] = count();
}

proc:::lwp-create
/pid == $target/
{
	@[probename, "a new thread", args[0]->pr_lwpid != tid] = count();
	@[probename, "of the trigger", args[1]->pr_pid == $target] = count();
}

proc:::start
/ppid == $target/
{
	@[probename, "in the child", pid != $target] = count();
}

proc:::lwp-start,
proc:::lwp-exit
/pid == $target/
{
	@[probename, "in the thread", tid != pid] = count();
}

proc:::exec
/ppid == $target/
{
	@[probename, basename(args[0]), 1] = count();
}

proc:::exec-failure
/ppid == $target/
{
	@[probename, "ENOENT", args[0] == 2] = count();
}

proc:::exec-success
/ppid == $target/
{
	@[probename, execname, 1] = count();
}

proc:::exit
/ppid == $target/
{
	@[probename, args[0] == CLD_EXITED ? "CLD_EXITED" : args[0] == CLD_KILLED ? "CLD_KILLED" :
	    "other", curpsinfo->pr_pid == pid] = count();
}
