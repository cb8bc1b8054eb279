/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sched.d: DTrace's CPU view, cpuinfo_t, the sched provider's priority type, and curcpu, the
 * cpuinfo_t of the CPU a probe fires on (src/providers/dt_prov_sched.c gives the probes).
 *
 * A D library: dtrace reads every .d file in its library directory before the program.
 * Members with no Linux counterpart here (processor sets, the processor_info_t of Solaris'
 * processor_info(2)) are -1 or 0, as scripts written for Solaris expect them to exist.
 */

typedef int chipid_t;
typedef int lgrp_id_t;
typedef short pri_t;

typedef struct processor_info {
	int pi_state;			/* P_ONLINE: 2 */
	char pi_processor_type[16];
	char pi_fputypes[32];
	int pi_clock;			/* MHz (not read here: 0) */
} processor_info_t;

typedef struct cpuinfo {
	processorid_t cpu_id;		/* the CPU's number */
	int cpu_pset;			/* processor set, a psetid_t (-1: none) */
	chipid_t cpu_chip;		/* physical package (not read here: 0) */
	lgrp_id_t cpu_lgrp;		/* locality group (not read here: 0) */
	processor_info_t cpu_info;
} cpuinfo_t;

translator cpuinfo_t < int C > {
	cpu_id = C;
	cpu_pset = -1;
	cpu_chip = 0;
	cpu_lgrp = 0;
};

inline cpuinfo_t *curcpu = xlate <cpuinfo_t *> (cpu);

/*
 * The synchronization objects of lwpsinfo_t's pr_stype, with Solaris' values. Linux does
 * not record what a thread sleeps on, so pr_stype is always SOBJ_NONE (procfs.d).
 */
inline int SOBJ_NONE = 0;
inline int SOBJ_MUTEX = 1;
inline int SOBJ_RWLOCK = 2;
inline int SOBJ_CV = 3;
inline int SOBJ_SEMA = 4;
inline int SOBJ_USER = 5;
inline int SOBJ_USER_PI = 6;
inline int SOBJ_SHUTTLE = 7;

/*
 * sched:::change-pri's args[2]: the priority sched_pi_setprio gives its task (arg0), the
 * higher of its own and that of the task it inherits from (pi, NULL when it stops
 * inheriting), on DTrace's scale as lwpsinfo_t's pr_pri has it: higher is better.
 */
inline pri_t __sched_newpri[struct task_struct *pi] = 139 -
    (pi != NULL && pi->prio < ((struct task_struct *)arg0)->normal_prio ? pi->prio :
    ((struct task_struct *)arg0)->normal_prio);
