/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_sched.c: the sched provider: CPU scheduling, with DTrace's probe names and
 * arguments, on kernel tracepoints (dt_tp.c; the args' translators are dlibs/procfs.d's and
 * dlibs/sched.d's, which also has cpuinfo_t and curcpu).
 *
 * Where each probe is (a0, a1, ... are the tracepoint's TP_PROTO arguments). On one event
 * the probes fire in this table's order: sched_switch is sleep or preempt, then dequeue,
 * then off-cpu.
 *   wakeup          sched_waking(p), in the waker
 *   enqueue         sched_wakeup(p) and sched_wakeup_new(p): p was put on a run queue
 *   sleep, preempt  sched_switch(preempt, prev, next, prev_state), in prev: it leaves the
 *                   CPU to sleep (not preempted and not runnable), or still runnable
 *   dequeue         sched_switch when prev sleeps: __schedule took it off its run queue
 *   off-cpu         sched_switch, in prev; args: next, the thread going on
 *   on-cpu          sched_exit_tp(is_switch), at the end of __schedule, in the thread
 *                   that runs now (Linux 6.16 and later); on older kernels sched_switch,
 *                   which runs in the thread leaving (curthread is then that thread)
 *   remain-cpu      sched_exit_tp when __schedule kept the thread it had
 *   change-pri      sched_pi_setprio(tsk, pi_task): priority inheritance changes tsk's
 *                   priority (args[2] its new one, on DTrace's scale: higher is better)
 *   tick            hrtimer_expire_entry of the scheduler tick's timer, for the thread
 *                   the tick interrupted
 *   surrender       sched_set_need_resched_tp(tsk, cpu, tif) for another CPU: that CPU
 *                   was told to choose again (Linux 6.16 and later)
 */
#include "dt_provider.h"

#define TASK "struct task_struct *"
#define PSINFO {"psinfo_t *", TASK}
#define LWPSINFO {"lwpsinfo_t *", TASK}
#define CPUINFO {"cpuinfo_t *", "int"}
#define LINUX616(tp) "the tracepoint " tp " (Linux 6.16 and later)"

static const dt_tp_probe_t sched_probes[] = {
	{"wakeup", {LWPSINFO, PSINFO}, {{"sched_waking", NULL, {"a0", "a0"}}}},
	{"enqueue", {LWPSINFO, PSINFO, CPUINFO},
	 {{"sched_wakeup|sched_wakeup_new", NULL, {"a0", "a0", "a0->thread_info.cpu"}}}},
	{"sleep", {{NULL}}, {{"sched_switch", "a0 == 0 && a3 != 0", {NULL}}}},
	{"preempt", {{NULL}}, {{"sched_switch", "a0 != 0", {NULL}}, {"sched_switch", "a3 == 0",
								       {NULL}}}},
	{"dequeue", {LWPSINFO, PSINFO, CPUINFO},
	 {{"sched_switch", "a0 == 0 && a3 != 0", {"a1", "a1", "a1->thread_info.cpu"}}}},
	{"off-cpu", {LWPSINFO, PSINFO}, {{"sched_switch", NULL, {"a2", "a2"}}}},
	{"on-cpu", {{NULL}}, {{"sched_exit_tp", "a0 != 0", {NULL}}, {"sched_switch", NULL, {NULL}}}},
	{"remain-cpu", {{NULL}}, {{"sched_exit_tp", "a0 == 0", {NULL}}}, LINUX616("sched_exit_tp")},
	{"change-pri", {LWPSINFO, PSINFO, {"pri_t", "@__sched_newpri"}},
	 {{"sched_pi_setprio", NULL, {"a0", "a0", "a1"}}}},
	{"tick", {LWPSINFO, PSINFO},
	 {{"hrtimer_expire_entry", "a0->function == &tick_nohz_handler", {"cur", "cur"}},
	  {"hrtimer_expire_entry", "a0->function == &tick_sched_timer", {"cur", "cur"}}}},
	{"surrender", {LWPSINFO, PSINFO},
	 {{"sched_set_need_resched_tp", "a1 != cpu", {"a0", "a0"}}},
	 LINUX616("sched_set_need_resched_tp")},
};

static void
sched_init(dt_handle_t *dtp, dt_provider_t *pv)
{
	dt_tp_init(dtp, pv, sched_probes, DT_ARRAY_SIZE(sched_probes));
}

const dt_provider_ops_t dt_prov_sched_ops = DT_TP_OPS(sched_init);
