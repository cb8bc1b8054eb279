/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_provider.h: the providers' one internal header and their ops table.
 *
 * A provider makes its probes when a description asks for them (provide: nothing is listed
 * at start, as fbt would have 50,000 probes), says what each probe is (DT_PRF_* flags on the
 * probe, argument types through probe_info), how probes group into BPF programs (one program
 * per attach point: all syscall entry probes share one program on the sys_enter raw
 * tracepoint, dispatching on a key), what the program's prologue must do to build the D
 * context from the kernel's (probe id, args), and how to attach and detach.
 *
 * Nothing outside src/providers/ names a provider: what differs between them is an entry in
 * this table or a flag (tests/run/provider_names.sh checks).
 *
 * Adding a provider: one file, dt_prov_NAME.c, with its dt_provider_ops_t, and a row in
 * dt_provider.c's table (DT_PROV_PER_PROCESS for one provider per process, like pid1234).
 *   provide        make the probes a description matches (dt_probe_add; set DT_PRF_* on
 *                  them; pdata for what attach and the prologue need, freed by probe_destroy)
 *   probe_info     args[] types, as C spellings
 *   prog_type, group   one program per group; a group serving several probes gives
 *                  dispatch_key and ndispatch, and its prologue computes the firing's key and
 *                  calls dt_prov_dispatch (else dt_prov_store_prid with the one probe's id)
 *   prologue       the D context: dt_cg_mstate, probe id, args (kprobe and uprobe contexts:
 *                  dt_pt_regs_load_args), errno
 *   attach, detach links in bp->link_fds, which the runtime closes; detach for the rest
 */
#ifndef DT_PROVIDER_H
#define DT_PROVIDER_H

#include "../common/dt_attr.h"
#include "../codegen/dt_codegen.h"
#include "../runtime/dt_runtime.h"

typedef struct dt_provider dt_provider_t;

typedef struct dt_provider_ops {
	/* Probes that exist from the start (NULL: none): the dtrace provider's, ids 1 to 3. */
	void (*init)(dt_handle_t *dtp, dt_provider_t *pv);
	/*
	 * Add the probes the description matches (fields are globs, "" any; pd->prov already
	 * matched this provider) that are not in the table yet. An all-empty description
	 * asks for every probe (dtrace -l). Called again for every description: idempotent.
	 */
	void (*provide)(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd);
	int prog_type;		/* BPF_PROG_TYPE_* of its programs */
	/* The attach point (program) a probe belongs to; probes with equal groups share one. */
	int (*group)(const dt_probe_t *prp);
	/*
	 * Emit the prologue: r6 = ctx and r7 = scratch are set; store the probe id at
	 * DT_MST_PRID (and the clause mask at DT_MST_MASK for shared programs, returning from
	 * the program when no clause wants this firing), and args/errno when needed.
	 * Returns true when clauses must test the clause mask.
	 */
	bool (*prologue)(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs);
	/*
	 * Programs that serve many probes (every syscall entry on one raw tracepoint) find the
	 * firing's probe in a dispatch map the runtime owns and fills: an array of ndispatch
	 * values (DT_DISP_VALSIZE) indexed by dispatch_key(probe). The prologue computes the
	 * firing's key and calls dt_prov_dispatch. NULL: one probe per program.
	 */
	uint32_t (*dispatch_key)(const dt_probe_t *prp);
	uint32_t ndispatch;
	/*
	 * The probe's typed arguments (args[]): the C type of each, as the kernel spells it
	 * ("const char *"), in types[0 .. max) (arena strings). Returns how many the probe
	 * has (0: none). Asked once per probe, when a program or -l -v wants them. NULL op:
	 * no typed arguments.
	 */
	int (*probe_info)(dt_handle_t *dtp, dt_probe_t *prp, const char **types, int max);
	/*
	 * Its stability attributes (the Solaris Dynamic Tracing Guide's table for the provider):
	 * dtrace -l -v shows them, the compiler computes a clause's from them (dt_attr.h).
	 * probe_attr, when not NULL, says them for one probe (a USDT provider's definition)
	 * and returns true, else pattr's hold (NULL: the provider does not say).
	 */
	const dt_pattr_t *pattr;
	bool (*probe_attr)(dt_handle_t *dtp, dt_probe_t *prp, dt_pattr_t *pa);
	/* Attach the loaded program; store links in bp->link_fds. 0 or -errno. NULL: the
	 * probes run in the consumer (DT_PRF_IN_CONSUMER). */
	int (*attach)(dt_handle_t *dtp, struct dt_bpfprog *bp);
	/* Undo what attach made besides bp->link_fds, which the runtime closes after. */
	void (*detach)(dt_handle_t *dtp, struct dt_bpfprog *bp);
	/* Free a probe's pdata when the handle goes. */
	void (*probe_destroy)(dt_handle_t *dtp, dt_probe_t *prp);
	/* Free the provider's own state (pv->data), after every probe_destroy. */
	void (*fini)(dt_handle_t *dtp, dt_provider_t *pv);
	/* Does a description's module name the probe's module by another name (pid's "a.out")?
	 * NULL: only its glob over the module's name. */
	bool (*mod_alias)(const dt_probe_t *prp, const char *mod);
	/* A per-process instance's process loaded libraries (dlopen): make the probes the
	 * program's clauses describe in them, enable and attach them. NULL: nothing to do. */
	void (*proc_update)(dt_handle_t *dtp, dt_provider_t *pv);
	/* The groups (at most 4) in which proc_update may later make probes a description of
	 * this provider matches: their programs exist from the start, with its clause. */
	int (*later_groups)(const dt_provider_t *pv, const dt_pdesc_t *pd, int *groups);
	/* The program's expected attach type (BPF_TRACE_*) at load; NULL: none. */
	int (*attach_type)(dt_handle_t *dtp, const struct dt_bpfprog *bp);
	/* The program's dispatch map size when it varies by program (else ndispatch). */
	uint32_t (*dispatch_size)(dt_handle_t *dtp, const struct dt_bpfprog *bp);
	/* A description in another tool's spelling that names this provider's probes
	 * (bpftrace's three-field tracepoint:G:N): rewrite *pd as this provider's, true. */
	bool (*alias)(dt_handle_t *dtp, const dt_provider_t *pv, dt_pdesc_t *pd);
	/* -l -v: lines after the argument types (a tracepoint's record fields). */
	void (*list_verbose)(dt_handle_t *dtp, dt_probe_t *prp, FILE *out);
} dt_provider_ops_t;

enum {
	/*
	 * One provider per process: a description's provider "NAME1234" names the instance for
	 * process 1234, made on first use (name "NAME1234", pid 1234) and given the
	 * descriptions then; "NAME*" matches the instances made so far.
	 */
	DT_PROV_PER_PROCESS = 0x1,
	/*
	 * Asked for every description whatever its provider field: the provider finds the
	 * providers a description names (usdt: those in the files' SDT notes) and makes them as
	 * instances of itself (flags 0), which own the probes.
	 */
	DT_PROV_ANY_NAME = 0x2,
};

struct dt_provider {
	const char *name;
	const dt_provider_ops_t *ops;
	unsigned flags;			/* DT_PROV_* */
	pid_t pid;			/* a per-process instance's process; else 0 */
	void *data;			/* the provider's own state in this handle */
};

extern const dt_provider_ops_t dt_prov_dtrace_ops, dt_prov_syscall_ops, dt_prov_profile_ops,
	dt_prov_pid_ops;
extern const dt_provider_ops_t dt_prov_proc_ops, dt_prov_sched_ops, dt_prov_sdt_ops,
	dt_prov_tracepoint_ops;
extern const dt_provider_ops_t dt_prov_fbt_ops;
extern const dt_provider_ops_t dt_prov_usdt_ops;
extern const dt_provider_ops_t dt_prov_io_ops, dt_prov_ip_ops, dt_prov_tcp_ops, dt_prov_udp_ops;

/* Register every provider with the handle (each one's init probes). */
void dt_prov_init(dt_handle_t *dtp);
/* Register one more provider with the handle (tests add their own). */
dt_provider_t *dt_prov_register(dt_handle_t *dtp, const char *name,
				const dt_provider_ops_t *ops, unsigned flags);
/* Ask every provider the description's provider field matches for its probes (making the
 * per-process instance it names, if any). */
void dt_prov_provide(dt_handle_t *dtp, const dt_pdesc_t *pd);
/* A description in another tool's spelling rewritten by the provider it names (ops alias):
 * true when *pd changed. */
bool dt_prov_alias(dt_handle_t *dtp, dt_pdesc_t *pd);
/* Free what providers keep for their probes (probe_destroy). */
void dt_prov_fini(dt_handle_t *dtp);

/* The five attributes of the probe's provider (ops probe_attr, else pattr); false: none. */
bool dt_prov_probe_pattr(dt_handle_t *dtp, dt_probe_t *prp, dt_pattr_t *pa);
/*
 * A probe description's attributes under its provider's (pa; NULL: no provider named, or
 * none that says), as DTrace computes them: the provider's, and each of module, function
 * and name that the description spells out (neither empty nor a glob).
 */
dt_attr_t dt_prov_desc_attr(const dt_pattr_t *pa, const char *mod, const char *func,
			    const char *name);
/* The Guide's attributes of the providers on kernel tracepoints (proc, sched, io, net). */
extern const dt_pattr_t dt_prov_pattr_isa;

/* DTrace's rule for flowindent: DT_PRF_ENTRY for "entry" or a name ending in "-entry"
 * (method-entry), not "gentry"; DT_PRF_RETURN likewise; else 0. Every probe starts so. */
unsigned dt_prov_flow(const char *name);

/* Helpers the prologues share. */
void dt_prov_store_prid(dt_cg_t *cg, uint32_t id);	/* constant probe id */
/*
 * The dispatch of a shared program: the firing's key is the u32 at fp-4. Looks it up in the
 * program's dispatch map and jumps to out when no probe is enabled for it; else r9 = the
 * dispatch value (also at FP_DISP, for the clauses' mask tests), r7 = the scratch value and
 * the probe id stored.
 */
void dt_prov_dispatch(dt_cg_t *cg, int out);
/* dt_prov_dispatch keyed by the firing's BPF cookie (bpf_get_attach_cookie; r6 = ctx). */
void dt_prov_dispatch_cookie(dt_cg_t *cg, int out);
/* The end of a dispatching prologue: place out (return 0) and jump over it. */
void dt_prov_dispatch_out(dt_cg_t *cg, int out);
/*
 * A probe made after the start (in a library the process loaded) joins bp, a dispatching
 * program made for such probes (later_groups): the clauses of bp with a description that
 * match says enables it take it, and it is put in bp's dispatch map. 1: enabled (the caller
 * attaches it); 0: no clause wants it; -1: it cannot be (said on stderr).
 */
int dt_prov_later_enable(dt_handle_t *dtp, dt_bpfprog_t *bp, dt_probe_t *prp,
			 bool (*match)(const dt_node_t *pd, const dt_probe_t *prp));


/* ---- x86-64 struct pt_regs (dt_pt_regs.c): where the traced code's arguments are --------- */

enum {
	DT_PTREGS_R15 = 0, DT_PTREGS_R14 = 8, DT_PTREGS_R13 = 16, DT_PTREGS_R12 = 24,
	DT_PTREGS_BP = 32, DT_PTREGS_BX = 40, DT_PTREGS_R11 = 48, DT_PTREGS_R10 = 56,
	DT_PTREGS_R9 = 64, DT_PTREGS_R8 = 72, DT_PTREGS_AX = 80, DT_PTREGS_CX = 88,
	DT_PTREGS_DX = 96, DT_PTREGS_SI = 104, DT_PTREGS_DI = 112, DT_PTREGS_ORIG_AX = 120,
	DT_PTREGS_IP = 128, DT_PTREGS_CS = 136, DT_PTREGS_FLAGS = 144, DT_PTREGS_SP = 152,
	DT_PTREGS_SS = 160, DT_PTREGS_SIZE = 168,
};

typedef enum dt_callconv {
	DT_CALLCONV_FUNC,	/* a function's entry: di si dx cx r8 r9, then the stack */
	DT_CALLCONV_SYSCALL,	/* a system call's entry: di si dx r10 r8 r9 */
} dt_callconv_t;

/* The offset in pt_regs of argument n (0-based) in a register, or -1 (n >= 6: the stack). */
int dt_pt_regs_arg(dt_callconv_t cc, int n);
/* At a function's entry, argument n (>= 6) is at sp + this; -1 for n < 6. */
int dt_pt_regs_stack_arg(int n);
/*
 * Prologue code: args 0 .. nargs-1 of a function entry into DT_MST_ARGS (the rest 0), from
 * the pt_regs that register regs points at (a kprobe or uprobe program's context, which
 * the program may read directly); stack arguments are read from user memory when user
 * (uprobes) else the kernel's. Needs r7 = the scratch value.
 */
void dt_pt_regs_load_args(dt_cg_t *cg, int regs, int nargs, bool user);

/* ---- kprobes (dt_kprobe.c): programs on kernel functions' entries and returns --------- */

typedef enum dt_kprobe_how {
	DT_KP_UNKNOWN = 0,	/* not asked yet */
	DT_KP_MULTI,		/* kprobe_multi links */
	DT_KP_PMU,		/* a perf kprobe per function, from the kprobe PMU */
	DT_KP_TRACEFS,		/* a perf kprobe per function, from tracefs kprobe_events */
	DT_KP_NONE,		/* no kprobes (why says what the kernel lacks) */
} dt_kprobe_how_t;

/* A provider's kprobes: zeroed, with group set (its tracefs events' group prefix). */
typedef struct dt_kprobes {
	const char *group;	/* "dtrace_fbt": tracefs events are dtrace_fbt_<pid>/p<N> */
	dt_kprobe_how_t how;
	int pmu_type, pmu_retbit;	/* DT_KP_PMU: the kprobe PMU's type and retprobe bit */
	char why[768];			/* DT_KP_NONE: what the kernel lacks */
	int nevents;			/* DT_KP_TRACEFS: kprobe_events entries made so far */
} dt_kprobes_t;

/* How this kernel attaches kprobes (asked once, then kept in kp). */
dt_kprobe_how_t dt_kprobe_how(dt_kprobes_t *kp);
/* The expected attach type of programs dt_kprobe_attach will attach: BPF_TRACE_KPROBE_MULTI
 * or 0. Programs are BPF_PROG_TYPE_KPROBE, their context struct pt_regs. */
int dt_kprobe_attach_type(dt_kprobes_t *kp);
/*
 * Attach the loaded bp to the entries (or returns: ret) of the n kernel functions funcs, the
 * firing's BPF cookie cookies[i] (NULL: i). Links in bp->link_fds, perf events in
 * bp->perf_fds. 0 or -errno; among several functions, those the kernel refuses a kprobe are
 * left out and counted in a message naming what ("fbt").
 */
int dt_kprobe_attach(dt_handle_t *dtp, dt_kprobes_t *kp, struct dt_bpfprog *bp,
		     const char *const *funcs, const uint64_t *cookies, size_t n, bool ret,
		     const char *what);
/* The provider's detach for such programs: perf events closed, tracefs events removed
 * after its last program. */
void dt_kprobe_detach(dt_handle_t *dtp, dt_kprobes_t *kp, struct dt_bpfprog *bp);
/* A small integer from a sysfs file ("6\n", or after the colon of "config:0"); -1 if none. */
int dt_kprobe_read_int(const char *path);

/* ---- uprobes (dt_uprobe.c): programs on user instructions, by file and offset --------- */

typedef struct dt_uprobe_loc {
	uint64_t off;		/* the instruction's offset in the file */
	uint64_t cookie;	/* what bpf_get_attach_cookie() returns when it fires */
	uint64_t ref_ctr;	/* file offset of a USDT semaphore the kernel counts up, or 0 */
	int err;		/* set by dt_uprobe_attach: -errno when this one was skipped
				 * (an instruction uprobes cannot take), else 0 */
} dt_uprobe_loc_t;

/*
 * The expected attach type programs attached by dt_uprobe_attach must be loaded with (the
 * provider's attach_type op returns it): BPF_TRACE_UPROBE_MULTI where the kernel has
 * uprobe_multi links, else 0. Probed once. Programs are BPF_PROG_TYPE_KPROBE.
 */
int dt_uprobe_attach_type(void);
/*
 * Attach the loaded bp to n instructions of the file at path: their entries, or the returns
 * of the functions they start (ret); only in process pid (<= 0: every process mapping the
 * file). Links go to bp->link_fds (perf events to bp->perf_fds). 0 or -errno; an instruction
 * the kernel cannot probe is skipped, with its error in its locs[i].err.
 */
int dt_uprobe_attach(dt_handle_t *dtp, struct dt_bpfprog *bp, const char *path, pid_t pid,
		     dt_uprobe_loc_t *locs, size_t n, bool ret);
/* The provider's detach op for such programs: closes the perf events. */
void dt_uprobe_detach(dt_handle_t *dtp, struct dt_bpfprog *bp);

/*
 * Perf events under programs: dt_prov_perf_open opens one (its fd or -errno);
 * dt_prov_perf_link keeps pfd in bp->perf_fds and links the program to it with the BPF
 * cookie (the link in bp->link_fds; 0 or -errno); dt_prov_perf_detach, a detach op, closes
 * the perf events (the runtime closes the links).
 */
struct perf_event_attr;
int dt_prov_perf_open(struct perf_event_attr *attr, int pid, int cpu);
int dt_prov_perf_link(struct dt_bpfprog *bp, int pfd, uint64_t cookie);
void dt_prov_perf_detach(dt_handle_t *dtp, struct dt_bpfprog *bp);

/*
 * Attach paths that make a perf event per probe hold two descriptors each (the event and
 * its link), past the usual soft limit of 1024 with a few hundred probes: take the hard one.
 */
void dt_prov_raise_nofile(void);

/*
 * Prologue code: r0 = the size (1, 2, 4 or 8) bytes of kernel memory at r3, zero-extended, read
 * through the 8-byte stack slot at fp+slot; 0 when the memory cannot be read (a prologue
 * computes arguments, it does not fault).
 */
void dt_prov_kread(dt_irbuf_t *ir, int slot, uint32_t size);

/* Mount tracefs if needed; return its path (or NULL). */
const char *dt_tracefs(void);

/*
 * The kernel's tracepoints as probes GROUP::EVENT (dt_prov_sdt.c): the events in tracefs a
 * description of provider pv matches, made with flags prflags (DT_PRF_ARGS_RECORD: perf
 * event probes, which the syscalls group's events are too). Each probe's pdata starts with
 * its group and event names.
 */
void dt_sdt_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd, unsigned prflags);
typedef struct dt_sdt_names {
	const char *group, *event;
} dt_sdt_names_t;


/* ---- providers on kernel tracepoints (dt_tp.c) ------------------------------------------ */

/*
 * A provider whose probes ride the kernel's tracepoints (proc, sched, io, ip, tcp, udp) is a
 * table of dt_tp_probe_t and an ops table DT_TP_OPS(init), where init calls dt_tp_init with
 * the table. Each probe says, DTrace's way, what it is: its name, its args[] (the type D
 * sees, and the native value it is translated from by a translator in dlibs/), and where it
 * fires: one or more sites, each a raw tracepoint, a condition and how each native argument
 * is computed from the tracepoint's arguments. For example proc:::create:
 *
 *   {"create", {{"psinfo_t *", "struct task_struct *"}},
 *    {{"sched_process_fork", "a1->pid == a1->tgid", {"a1"}}}}
 *
 * fires on sched_process_fork (TP_PROTO(parent, child): a0, a1) when the child is a process,
 * with arg0 = the child's task_struct, and args[0] = xlate<psinfo_t *>((struct task_struct *)
 * arg0) (dlibs/procfs.d's translator, compiled only where a clause reads args[0]).
 *
 * Values (a site's arguments and the two sides of a condition):
 *   aN            argument N of the tracepoint (its TP_PROTO, typed by the kernel's BTF:
 *                 the btf_trace_<tracepoint> typedef)
 *   cur           the current task (struct task_struct *); cpu: the current CPU
 *   V->m, V.m     a member, read from kernel memory (BTF offsets, at compile time)
 *   123, -V       a constant, a negation
 *   &sym          a kernel function's address (kallsyms; 0 when this kernel has none)
 * Conditions: "V OP V" with OP one of == != < > <= >= & (nonzero AND), joined by " && ".
 *
 * Sites: a probe fires at the sites on the first of its sites' tracepoints that this kernel
 * has (so later sites can be fallbacks for older kernels), the first site whose condition
 * holds, once per event. One BPF program per tracepoint serves every probe and clause on it:
 * the prologue tries each enabled probe's sites in table order and runs the clauses of each
 * probe that fires (several can on one event: sched_switch is sched:::sleep and off-cpu).
 * A probe none of whose tracepoints exists is listed, and refused at compile time with
 * `needs` as the reason ("needs kprobes").
 *
 * Adding a tracepoint-based provider: a file with the table, its init and its ops
 * (dt_prov_proc.c is one), a row in dt_provider.c, and the translators of its types in
 * dlibs/ (procfs.d has psinfo_t and lwpsinfo_t).
 */
#define DT_TP_MAXARGS 6
#define DT_TP_MAXSITES 4
#define DT_TP_MAXPROBES 64	/* per provider: its dispatch keys */

typedef struct dt_tp_arg {
	const char *type;	/* args[N] as D sees it ("psinfo_t *", "int") */
	const char *xlate;	/* NULL: args[N] is argN; else argN's native type, translated by
				 * xlate<type> ("struct task_struct *"), or "@name": the D library
				 * inline name[argN] makes args[N] (dt_program.h, argxl) */
} dt_tp_arg_t;

typedef struct dt_tp_site {
	const char *tp;		/* the raw tracepoint ("sched_switch"), or several with the
				 * first's arguments ("sched_wakeup|sched_wakeup_new") */
	const char *when;	/* NULL: every event; else conditions (above) */
	const char *args[DT_TP_MAXARGS];	/* the native arg0, arg1, ...: values (above) */
} dt_tp_site_t;

typedef struct dt_tp_probe {
	const char *name;	/* module and function are "" */
	dt_tp_arg_t args[DT_TP_MAXARGS];
	dt_tp_site_t sites[DT_TP_MAXSITES];
	const char *needs;	/* where none of its tracepoints exists: what it needs ("kprobes") */
} dt_tp_probe_t;

/* A tracepoint-based provider's init: its table (static storage). */
void dt_tp_init(dt_handle_t *dtp, dt_provider_t *pv, const dt_tp_probe_t *probes, size_t n);

void dt_tp_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd);
int dt_tp_group(const dt_probe_t *prp);
bool dt_tp_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs);
uint32_t dt_tp_dispatch_key(const dt_probe_t *prp);
int dt_tp_probe_info(dt_handle_t *dtp, dt_probe_t *prp, const char **types, int max);
int dt_tp_attach(dt_handle_t *dtp, struct dt_bpfprog *bp);

#define DT_TP_OPS(initfn)                                                                   \
	{                                                                                   \
		.init = initfn, .provide = dt_tp_provide,                                   \
		.prog_type = BPF_PROG_TYPE_RAW_TRACEPOINT, .group = dt_tp_group,            \
		.prologue = dt_tp_prologue, .dispatch_key = dt_tp_dispatch_key,             \
		.ndispatch = DT_TP_MAXPROBES, .probe_info = dt_tp_probe_info,               \
		.attach = dt_tp_attach, .pattr = &dt_prov_pattr_isa,                        \
	}

/* Does the kernel have raw tracepoint name? (its __traceiter_ function in kallsyms) */
bool dt_tp_exists(dt_handle_t *dtp, const char *name);
/* Attach program fd to raw tracepoint name: its link in bp->link_fds. 0 or -errno. */
int dt_tp_attach_raw(struct dt_bpfprog *bp, const char *name);
/*
 * Prologue code of a raw tracepoint program: stack() skips the tracing machinery's frames.
 * Then, for emitting a site by hand: r0 = value expr of tracepoint tp (above); false and
 * dt_cg_fail on a value the kernel's types do not have.
 */
void dt_tp_stack_skip(dt_cg_t *cg, const char *tp);
bool dt_tp_value(dt_cg_t *cg, const char *tp, const char *expr);

#endif /* DT_PROVIDER_H */
