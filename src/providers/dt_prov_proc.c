/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_proc.c: the proc provider: processes and threads being created, exec'ing, starting
 * and exiting, and signals, with DTrace's probe names and arguments, on kernel tracepoints
 * (dt_tp.c; the args' translators are dlibs/procfs.d's and dlibs/proc.d's).
 *
 * Where each probe is (a0, a1, ... are the tracepoint's TP_PROTO arguments):
 *   create, lwp-create   sched_process_fork(parent, child), in the parent: a child that is
 *                        its own thread group's leader is a process, else a thread
 *   exec                 sys_enter of execve (59) or execveat (322), before the kernel
 *                        looks at the file (so a failing exec has one too)
 *   exec-success         sched_process_exec, in the new image
 *   exec-failure         sys_exit of execve or execveat with an error (args[0]: errno)
 *   start, lwp-start     the new task's first return to user space: sys_exit of clone (56),
 *                        fork (57), vfork (58) or clone3 (435) returning 0, in the child
 *                        (the kernel's ret_from_fork leaves through the syscall exit path)
 *   exit, lwp-exit       sched_process_exit(task), in the exiting thread: exit when it is
 *                        the last thread (its signal_struct's live count reached 0), else
 *                        lwp-exit; args[0] is DTrace's reason (CLD_EXITED, CLD_KILLED,
 *                        CLD_DUMPED) made from the task's exit code by dlibs/proc.d
 *   signal-send          signal_generate(sig, info, task, group, result), in the sender
 *   signal-discard       signal_generate's result TRACE_SIGNAL_IGNORED (1)
 *   signal-handle        signal_deliver(sig, info, ka), in the thread about to run its
 *                        handler (SIG_DFL and SIG_IGN run none)
 *   signal-clear         sys_exit of rt_sigtimedwait (128) returning a signal: a pending
 *                        signal taken by sigwait(2) and its relatives
 */
#include "dt_provider.h"

#define TASK "struct task_struct *"
#define PSINFO {"psinfo_t *", TASK}
#define LWPSINFO {"lwpsinfo_t *", TASK}
#define EXITS(...) {"sys_exit", __VA_ARGS__}

static const dt_tp_probe_t proc_probes[] = {
	{"create", {PSINFO}, {{"sched_process_fork", "a1->pid == a1->tgid", {"a1"}}}},
	{"lwp-create", {LWPSINFO, PSINFO},
	 {{"sched_process_fork", "a1->pid != a1->tgid", {"a1", "a1"}}}},
	{"exec", {{"string", "@__proc_exec_path"}},
	 {{"sys_enter", "a1 == 59", {"a0->di"}}, {"sys_enter", "a1 == 322", {"a0->si"}}}},
	{"exec-success", {{NULL}}, {{"sched_process_exec", NULL, {NULL}}}},
	{"exec-failure", {{"int"}},
	 {EXITS("a1 < 0 && a0->orig_ax == 59", {"-a1"}),
	  EXITS("a1 < 0 && a0->orig_ax == 322", {"-a1"})}},
	{"start", {{NULL}},
	 {EXITS("a1 == 0 && cur->pid == cur->tgid && a0->orig_ax == 56", {NULL}),
	  EXITS("a1 == 0 && cur->pid == cur->tgid && a0->orig_ax == 57", {NULL}),
	  EXITS("a1 == 0 && cur->pid == cur->tgid && a0->orig_ax == 58", {NULL}),
	  EXITS("a1 == 0 && cur->pid == cur->tgid && a0->orig_ax == 435", {NULL})}},
	{"lwp-start", {{NULL}},
	 {EXITS("a1 == 0 && cur->pid != cur->tgid && a0->orig_ax == 56", {NULL}),
	  EXITS("a1 == 0 && cur->pid != cur->tgid && a0->orig_ax == 435", {NULL})}},
	{"lwp-exit", {{NULL}},
	 {{"sched_process_exit", "a0->signal->live.counter != 0", {NULL}}}},
	{"exit", {{"int", "@__proc_exit_reason"}},
	 {{"sched_process_exit", "a0->signal->live.counter == 0", {"a0->exit_code"}}}},
	{"signal-send", {LWPSINFO, PSINFO, {"int"}},
	 {{"signal_generate", NULL, {"a2", "a2", "a0"}}}},
	{"signal-discard", {LWPSINFO, PSINFO, {"int"}},
	 {{"signal_generate", "a4 == 1", {"a2", "a2", "a0"}}}},
	{"signal-handle", {{"int"}, {"siginfo_t *"}, {"void (*)(void)"}},
	 {{"signal_deliver", "a2->sa.sa_handler > 1", {"a0", "a1", "a2->sa.sa_handler"}}}},
	{"signal-clear", {{"int"}}, {EXITS("a1 > 0 && a0->orig_ax == 128", {"a1"})}},
};

static void
proc_init(dt_handle_t *dtp, dt_provider_t *pv)
{
	dt_tp_init(dtp, pv, proc_probes, DT_ARRAY_SIZE(proc_probes));
}

const dt_provider_ops_t dt_prov_proc_ops = DT_TP_OPS(proc_init);
