/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * procfs.d: DTrace's process and thread views, psinfo_t and lwpsinfo_t, translated from the
 * Linux kernel's task_struct, and the built-in names scripts use for them: curpsinfo and
 * curlwpsinfo (the current process and thread), cwd (its working directory), the process
 * states and data models.
 *
 * A D library: dtrace reads every .d file in its library directory before the program.
 * Translators here are checked when a program first uses them, so a program that names
 * none of this does not read the kernel's types.
 *
 * Members with no Linux counterpart (projects, zones, pools, tasks, contracts) are 0, as
 * scripts written for Solaris expect them to exist. dev_t is io.d's (read before this).
 */

typedef int taskid_t;
typedef int projid_t;
typedef int poolid_t;
typedef int zoneid_t;
typedef int psetid_t;

/* process states (pr_state) and their letters (pr_sname) */
inline char SSLEEP = 1;
inline char SRUN = 2;
inline char SZOMB = 3;
inline char SSTOP = 4;
inline char SIDL = 5;
inline char SONPROC = 6;
inline char SWAIT = 7;

/* data models (pr_dmodel) */
inline char PR_MODEL_ILP32 = 1;
inline char PR_MODEL_LP64 = 2;

/*
 * pr_flag's bits, with Solaris' values. Of the thread's: PR_STOPPED (stopped by a signal
 * or a tracer), PR_ISTOP (stopped by a tracer: ptrace), PR_ASLEEP (a user thread asleep,
 * which on Linux is in a system call or a page fault) and PR_IDLE (a CPU's idle thread);
 * of the process's: PR_ISSYS (a kernel thread). The rest have no Linux counterpart and are
 * never set.
 */
inline int PR_STOPPED = 0x00000001;
inline int PR_ISTOP = 0x00000002;
inline int PR_DSTOP = 0x00000004;
inline int PR_STEP = 0x00000008;
inline int PR_ASLEEP = 0x00000010;
inline int PR_PCINVAL = 0x00000020;
inline int PR_ASLWP = 0x00000040;
inline int PR_AGENT = 0x00000080;
inline int PR_DETACH = 0x00000100;
inline int PR_DAEMON = 0x00000200;
inline int PR_IDLE = 0x00000400;
inline int PR_ISSYS = 0x00001000;
inline int PR_VFORKP = 0x00002000;
inline int PR_ORPHAN = 0x00004000;
inline int PR_NOSIGCHLD = 0x00008000;
inline int PR_WAITPID = 0x00010000;
inline int PR_FORK = 0x00100000;
inline int PR_RLC = 0x00200000;
inline int PR_KLC = 0x00400000;
inline int PR_ASYNC = 0x00800000;
inline int PR_MSACCT = 0x01000000;
inline int PR_BPTADJ = 0x02000000;
inline int PR_PTRACE = 0x04000000;
inline int PR_MSFORK = 0x08000000;

typedef struct lwpsinfo {
	int pr_flag;		/* thread flags: PR_STOPPED, PR_ISTOP, PR_ASLEEP, PR_IDLE */
	id_t pr_lwpid;		/* thread id */
	uintptr_t pr_addr;	/* the task_struct's address */
	uintptr_t pr_wchan;	/* wait address (not kept by Linux) */
	char pr_stype;		/* synchronization event type (SOBJ_NONE) */
	char pr_state;		/* SSLEEP, SRUN, SZOMB, SSTOP, SONPROC */
	char pr_sname;		/* the state's letter: S R Z T O */
	char pr_nice;		/* nice value */
	char pr_oldpri;		/* Solaris' pre-SVR4 priority (none on Linux: not translated) */
	short pr_syscall;	/* system call number (if in one) */
	int pr_pri;		/* priority, higher is better */
	char pr_cpu;		/* recent CPU usage (not kept by Linux: not translated) */
	char pr_clname[8];	/* scheduling class */
	char pr_name[16];	/* thread name */
	processorid_t pr_onpro;	/* the CPU it last ran on */
	processorid_t pr_bindpro;	/* the CPU it is bound to (-1: none) */
	psetid_t pr_bindpset;	/* processor set (-1: none) */
} lwpsinfo_t;

typedef struct psinfo {
	int pr_flag;		/* process flags: PR_ISSYS */
	int pr_nlwp;		/* number of threads */
	pid_t pr_pid;		/* process id */
	pid_t pr_ppid;		/* parent's process id */
	pid_t pr_pgid;		/* process group id */
	pid_t pr_sid;		/* session id */
	uid_t pr_uid;		/* real user id */
	uid_t pr_euid;		/* effective user id */
	gid_t pr_gid;		/* real group id */
	gid_t pr_egid;		/* effective group id */
	uintptr_t pr_addr;	/* the task_struct's address */
	size_t pr_size;		/* address space size in Kbytes */
	size_t pr_rssize;	/* resident set size in Kbytes */
	dev_t pr_ttydev;	/* controlling terminal (0: none) */
	int pr_wstat;		/* a zombie's wait status */
	char pr_fname[16];	/* name of the executable (the command) */
	char pr_psargs[80];	/* the command line's first 79 bytes */
	int pr_argc;		/* argument count (not kept by Linux: 0) */
	uintptr_t pr_argv;	/* user address of the arguments */
	uintptr_t pr_envp;	/* user address of the environment */
	char pr_dmodel;		/* PR_MODEL_LP64 or PR_MODEL_ILP32 */
	taskid_t pr_taskid;
	projid_t pr_projid;
	poolid_t pr_poolid;
	zoneid_t pr_zoneid;
	id_t pr_contract;
	int pr_nzomb;		/* zombie threads (not kept by Linux: 0) */
} psinfo_t;

/*
 * task_struct's flags: PF_IDLE 0x2, PF_KTHREAD 0x200000; its __state: TASK_INTERRUPTIBLE 1,
 * TASK_UNINTERRUPTIBLE 2, __TASK_STOPPED 4, __TASK_TRACED 8.
 */
translator lwpsinfo_t < struct task_struct *T > {
	pr_flag = (T->__state & 0x0c ? PR_STOPPED : 0) | (T->__state & 0x08 ? PR_ISTOP : 0) |
	    (T->__state & 0x03 && !(T->flags & 0x200000) ? PR_ASLEEP : 0) |
	    (T->flags & 0x2 ? PR_IDLE : 0) | (T->flags & 0x200000 ? PR_ISSYS : 0);
	pr_lwpid = T->pid;
	pr_addr = (uintptr_t)T;
	pr_wchan = 0;
	pr_stype = 0;
	pr_state = T->exit_state & 0x30 ? SZOMB :
	    T->__state & 0x0c ? SSTOP :
	    T->__state != 0 ? SSLEEP :
	    T->on_cpu ? SONPROC : SRUN;
	pr_sname = T->exit_state & 0x30 ? 'Z' :
	    T->__state & 0x0c ? 'T' :
	    T->__state != 0 ? 'S' :
	    T->on_cpu ? 'O' : 'R';
	pr_nice = T->static_prio - 120;
	pr_syscall = 0;
	pr_pri = 139 - T->prio;
	pr_clname = T->policy == 1 ? "FIFO" : T->policy == 2 ? "RR" :
	    T->policy == 6 ? "DL" : T->policy == 3 ? "BATCH" : T->policy == 5 ? "IDLE" : "TS";
	pr_name = T->comm;
	pr_onpro = T->thread_info.cpu;
	pr_bindpro = T->nr_cpus_allowed == 1 ? T->thread_info.cpu : -1;
	pr_bindpset = -1;
};

translator psinfo_t < struct task_struct *T > {
	pr_flag = T->flags & 0x200000 ? PR_ISSYS : 0;
	pr_nlwp = T->signal->nr_threads;
	pr_pid = T->tgid;
	pr_ppid = T->real_parent->tgid;
	pr_pgid = T->signal->pids[PIDTYPE_PGID]->numbers[0].nr;
	pr_sid = T->signal->pids[PIDTYPE_SID]->numbers[0].nr;
	pr_uid = T->cred->uid.val;
	pr_euid = T->cred->euid.val;
	pr_gid = T->cred->gid.val;
	pr_egid = T->cred->egid.val;
	pr_addr = (uintptr_t)T;
	pr_size = T->mm ? T->mm->total_vm << 2 : 0;
	pr_rssize = T->mm ? (T->mm->rss_stat[0].count + T->mm->rss_stat[1].count +
	    T->mm->rss_stat[3].count) << 2 : 0;
	pr_ttydev = T->signal->tty ? T->signal->tty->driver->major << 20 |
	    T->signal->tty->driver->minor_start + T->signal->tty->index : 0;
	pr_wstat = T->exit_code;
	pr_fname = T->comm;
	/* the current process's command line (user memory of another cannot be read here) */
	pr_psargs = __psargs;
	pr_argc = 0;
	pr_argv = T->mm ? T->mm->arg_start : 0;
	pr_envp = T->mm ? T->mm->env_start : 0;
	pr_dmodel = T->thread_info.status & 2 ? PR_MODEL_ILP32 : PR_MODEL_LP64;
	pr_taskid = 0;
	pr_projid = 0;
	pr_poolid = 0;
	pr_zoneid = 0;
	pr_contract = 0;
	pr_nzomb = 0;
};

inline psinfo_t *curpsinfo = xlate <psinfo_t *> (curthread);
inline lwpsinfo_t *curlwpsinfo = xlate <lwpsinfo_t *> (curthread);
/* DTrace's built-in cwd: d_path() of the task's working directory (opensnoop -c prints it) */
inline string cwd = d_path(&curthread->fs->pwd);

/* Stable interfaces over the kernel's private structures (DTrace's stability for them) */
#pragma D attributes Stable/Stable/Common curpsinfo
#pragma D attributes Stable/Stable/Common curlwpsinfo
#pragma D attributes Stable/Stable/Common cwd
