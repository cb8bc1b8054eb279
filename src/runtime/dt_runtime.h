/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_runtime.h: the handle and the kernel side of a tracing session.
 *
 * The handle (dt_handle_t) is the one object a dtrace run hangs everything on: options, the
 * probe table the providers fill, the compiled program, the BPF maps and loaded programs, the
 * attached links. The consumer keeps its own state (dt_consumer_t, src/consumer), which the
 * handle only points to: nothing here knows the consumer's fields. Its lifecycle:
 *
 *   dt_handle_new -> dt_compile_program (the compiler: parse, sema, fold, codegen, link; the
 *     finished BPF programs in bpfprogs, each instruction with its D source; -e stops here)
 *   -> dt_rt_load (creates the maps, sized by the program, and loads each finished program;
 *     a verifier rejection is reported at its D source)
 *   -> dt_rt_begin (runs BEGIN) -> dt_rt_attach (every other probe) -> consume ...
 *   -> dt_rt_detach -> dt_rt_end (runs END) -> final consume -> dt_consumer_free
 *   -> dt_handle_free
 *
 * dt_handle_free always detaches and closes everything, so no path leaves a probe attached.
 */
#ifndef DT_RUNTIME_H
#define DT_RUNTIME_H

#include <signal.h>
#include <sys/types.h>

#include "../common/dt_common.h"
#include "../common/dt_program.h"

struct dt_provider;
struct bpf_insn;
struct dt_irbuf;

/* -x bufpolicy: what a principal buffer does when full (see dt_consume.c). */
typedef enum dt_bufpolicy {
	DT_BUFPOLICY_SWITCH,	/* the default: records print as they are read */
	DT_BUFPOLICY_FILL,	/* kept until one CPU's bufsize is full; then tracing stops */
	DT_BUFPOLICY_RING,	/* each CPU keeps its last bufsize bytes, printed at the end */
} dt_bufpolicy_t;

/* -x oformat and -x aggformat: output for programs (src/consumer/dt_json.c, dt_flame.c). */
typedef enum dt_oformat {
	DT_OFORMAT_NONE,	/* the default: DTrace's text */
	DT_OFORMAT_JSON,	/* one JSON object per line (doc/OUTPUT.md) */
} dt_oformat_t;

typedef enum dt_aggformat {
	DT_AGGFORMAT_TEXT,	/* the default: DTrace's tables */
	DT_AGGFORMAT_FOLDED,	/* "frame;frame;frame count", root first */
} dt_aggformat_t;

/* -X and -x stdc: DTrace's C dialects for cpp (dtrace -C). */
typedef enum dt_stdc {
	DT_STDC_XA,	/* the default: ISO C */
	DT_STDC_XC,	/* strictly conforming ISO C */
	DT_STDC_XS,	/* K&R C */
	DT_STDC_XT,	/* ISO C with K&R's extensions */
} dt_stdc_t;

#define DT_CPU_ALL UINT32_MAX	/* -x cpu's default: probes fire on every CPU */

/*
 * Anonymous tracing (-A, -a, -x grabanon): why it is refused, and what to do instead.
 * DTrace keeps enablings in its kernel driver from boot, to be claimed by a later dtrace -a;
 * BPF programs live only as long as something holds them, and no Linux tracer keeps
 * enablings across a boot to be claimed later.
 */
#define DT_ANON_WHY "anonymous tracing is not available on Linux: no Linux tracer keeps " \
	"enablings from boot for a later dtrace to claim; to trace from early boot, run dtrace " \
	"-q -o FILE -s SCRIPT from a systemd service ordered before the services to trace"

/* Options: the -x names, their defaults and limits are dt_options.c's table. */
typedef struct dt_options {
	bool quiet;
	bool errtags;
	unsigned maxerrors;	/* compile errors printed: DTrace stops at the first */
	bool zdefs;		/* -Z: allow descriptions that match nothing */
	bool pspec;		/* a program's ambiguous "int*" is a probe description */
	bool defaultargs;	/* an unset $N is 0 and $$N "" (else D_MACRO_UNDEF) */
	bool destructive;	/* -w */
	bool bpflog;		/* show the verifier's whole log on failed loads */
	uint32_t rejectclause;	/* debugging: clause N (1-based) starts with an instruction the
				 * verifier rejects, to test how rejections are reported */
	uint64_t switchrate_ns;	/* how often the consumer drains the buffer */
	uint64_t aggrate_ns;
	uint64_t statusrate_ns;	/* how often the run loop looks at the kernel's state */
	uint64_t bufsize;	/* principal buffer bytes per CPU */
	dt_bufpolicy_t bufpolicy;
	uint64_t aggsize;
	uint32_t strsize;
	uint32_t printsize;	/* print(p) shows the members that start before this (0: all) */
	uint32_t scratchsize;	/* bytes alloca() and copyin() may take in one clause */
	uint32_t dynvarsize;
	bool flowindent;
	bool mangled;		/* C++ user symbols as the ELF file spells them */
	bool nolibs;		/* -x nolibs: read no D library */
	bool disasm;		/* -S: show each program's BPF before loading it */
	unsigned tree;		/* -x tree: 1 the AST after parsing, 2 after analysis (typed) */
	bool aggsortkey;	/* sort aggregations by key, not value */
	bool aggsortrev;	/* reverse the order */
	int aggsortkeypos;	/* the key column sorted on first */
	int aggsortpos;		/* printa(): the aggregation sorted on */
	uint32_t nspec;		/* speculations that may be active at once */
	uint32_t stackframes;	/* frames stack() records by default */
	uint32_t ustackframes;	/* frames ustack() records by default */
	uint32_t jstackframes;	/* frames jstack() records by default */
	uint32_t maxframes;	/* the most frames any stack records (fewer asked: cut) */
	uint32_t tregs;		/* DTrace's tuple registers: a tuple holds tregs + 1 keys */
	uint64_t specsize;	/* bytes one speculation may hold */
	dt_oformat_t oformat;	/* -x oformat=json */
	dt_aggformat_t aggformat;	/* -x aggformat=folded */
	char flamegraph[1024];	/* -x flamegraph=FILE.svg: drawn at exit; "" none */
	char prometheus[128];	/* -x prometheus=ADDR:PORT: served while tracing; "" none */
	uint32_t promseries;	/* the most series one scrape serves */
	uint32_t cpu;		/* -x cpu: the one CPU probes fire on, or DT_CPU_ALL */
	char syslibdir[4096];	/* -x syslibdir: the D libraries' directory; "": built in */
	char modpath[4096];	/* -x modpath: the kernel's modules; "": /lib/modules/RELEASE */
	char cppargs[1024];	/* -x cppargs: more arguments for cpp (-C), blank-separated */
	dt_stdc_t stdc;		/* -X: cpp's C dialect */
	bool empty;		/* -x empty: a program with no clauses is no error */
	bool rawbytes;		/* trace() of a string prints its bytes, as tracemem() */
	uint32_t pcapsize;	/* the bytes of a packet pcap() records */
	bool droptags;		/* drop messages begin with DTrace's tag ([DTRACEDROP_...]) */
	uint32_t amin;		/* -x amin: dt_opt_attr_pack'ed; 0: no minimum */
} dt_options_t;

/* -x amin's value as the options hold it (never 0), and back. */
static inline uint32_t
dt_opt_attr_pack(dt_attr_t a)
{
	return 1u << 24 | (uint32_t)a.dep << 16 | (uint32_t)a.data << 8 | a.name;
}

static inline dt_attr_t
dt_opt_attr_unpack(uint32_t v)
{
	return (dt_attr_t){(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16)};
}

/* One loaded BPF program and where it is attached. */
typedef struct dt_bpfprog {
	struct dt_provider *prov;
	int group;			/* provider-defined: which attach point */
	dt_probe_t *probe;		/* the probe, for one-probe programs; NULL for dispatch */
	unsigned flags;			/* DT_PRF_* of its probes, or'ed */
	int prog_type;
	int attach_type;		/* the expected attach type it is loaded with (BPF_TRACE_*) */
	uint32_t attach_btf_id;		/* fentry/fexit: the traced function's BTF id (the
					 * provider's prologue sets it); else 0 */
	int fd;
	int dispatch_fd;		/* its DT_MAP_DISPATCH, or -1 */
	uint32_t ndispatch;		/* the dispatch map's size */
	DT_VEC(int) link_fds;		/* links: the runtime closes them on detach */
	DT_VEC(int) perf_fds;		/* perf events under them: the provider's detach */
	DT_VEC(dt_clause_t *) clauses;	/* in program order; bit i of the clause mask = [i] */
	DT_VEC(dt_probe_t *) probes;	/* the enabled probes this program serves */
	char name[32];
	/* The finished code (dt_cg_link, dt_codegen.h): the instructions, each with the D source
	 * it came from, and the functions; ld_imm64 holds map indices until the load. */
	struct dt_irbuf *code;
} dt_bpfprog_t;

typedef struct dt_handle {
	dt_options_t opts;
	int ncpus;
	/* The probe table: every probe the providers know, indexed by id (id 0 is unused). */
	DT_VEC(dt_probe_t *) probes;
	struct dt_provider **providers;
	int nproviders;
	dt_arena_t arena;		/* the handle's long-lived allocations (probes) */
	uint32_t *func_head, *func_next;	/* probes by function name (dt_probe_iter) */
	uint32_t func_mask;
	size_t func_indexed;		/* probes.len when the index was built */

	dt_program_t *prog;		/* the compiled program */
	int map_fds[DT_NMAPS_FIXED];
	int *agg_fds;			/* one map per aggregation */
	int *dyn_fds;			/* one map per thread-local variable or assoc. array */
	int *group_fds;			/* an array of maps per aggregation shape, when shared */
	DT_VEC(dt_bpfprog_t *) bpfprogs;
	dt_bpfprog_t *reclaim;		/* frees a thread's thread-local variables at its exit */
	int reclaim_link;
	uint32_t state_size;
	int gotol;			/* the kernel's 32-bit jump: 0 not probed yet, 1 yes, 2 no */
	bool kernel_refused;		/* dt_rt_load failed in the kernel (a map or the verifier),
					 * not with a D error: a bug of ours (the back-end fuzzer) */

	/* Target process (-c / -p) */
	pid_t target_pid;
	int target_pidfd;
	int target_go_fd;		/* -c: write end of the pipe the child waits on */
	bool target_traced;		/* seized with ptrace, to be held at its exit */
	bool target_held;		/* -c: stopped (ptrace) since its exec, until attached */
	bool target_preinit;		/* and run on to where its libraries are mapped */

	/* The first compile made for this handle (dt_compile_init; dtrace makes one, which
	 * lives as long as the handle is used): providers' probe_info reads kernel types (its
	 * BTF) through it. NULL when there is none. */
	struct dt_compile *cc;
	struct dt_ksyms *ksyms;		/* kernel symbols, loaded on first use; the
					 * compiler, providers and consumer read them */
	volatile sig_atomic_t *intr;	/* non-zero once a signal asks to stop (the command's) */
	/* The consumer's state (src/consumer/dt_consumer.h): owned by the consumer, NULL
	 * until dt_consumer_new. */
	struct dt_consumer *cons;
} dt_handle_t;

/*
 * A string's buffer: strsize characters and the NUL, as in DTrace (strsize=5 keeps "12345";
 * sizeof (string) stays strsize).
 */
static inline uint32_t
dt_strslot(const dt_handle_t *dtp)
{
	return dtp->opts.strsize + 1;
}

dt_handle_t *dt_handle_new(void);
void dt_handle_free(dt_handle_t *dtp);	/* detaches, closes, frees; accepts NULL */

/*
 * Options by -x name (value NULL: the bare name). Returns 0, or -1 with *why set to DTrace's
 * reason. A size above its limit is lowered to it, with DTrace's warning on stderr.
 */
int dt_opt_set(dt_handle_t *dtp, const char *name, const char *value, const char **why);
/* #pragma D option: as dt_opt_set, but the options only the command line may set refused */
int dt_opt_set_pragma(dt_handle_t *dtp, const char *name, const char *value, const char **why);
/* The same while tracing (setopt()): an option fixed for the trace is refused, as DTrace. */
int dt_opt_set_live(dt_handle_t *dtp, const char *name, const char *value, const char **why);
void dt_opt_defaults(dt_options_t *o);	/* every option's default */
const char *dt_opt_name(size_t i);	/* the i-th option's name (from 0); NULL past the last */
/*
 * The i-th option as --help and dtrace(1) show it: "bufsize=size (default 4m)", "quiet
 * (default off)", "bufpolicy=switch|fill|ring (default switch)", "disasm (accepted, no
 * effect)", "grabanon (refused)". 0, or -1 past the last.
 */
int dt_opt_describe(size_t i, char *buf, size_t len);

/* A probe description: provider, module, function, name; globs, "" for any. */
typedef struct dt_pdesc {
	const char *prov, *mod, *func, *name;
} dt_pdesc_t;

/* Probe table. */
dt_probe_t *dt_probe_add(dt_handle_t *dtp, struct dt_provider *prov, const char *mod,
			 const char *func, const char *name, void *pdata);
dt_probe_t *dt_probe_by_id(dt_handle_t *dtp, uint32_t id);
/* The probe's args[] types, C spellings (its provider's probe_info, asked once): sets
 * *types, returns how many (0: none). */
int dt_probe_args(dt_handle_t *dtp, dt_probe_t *prp, const char *const **types);
/* Does glob pattern pat ("" matches all) match s? DTrace's rules: * ? [...] and \ escapes. */
bool dt_glob_match(const char *pat, const char *s);
bool dt_is_glob(const char *s);		/* has *, ?, [ or \ */
/*
 * Call fn for every probe matching the description (fields may be "" = any). The providers
 * it names make the probes it asks for first (dt_prov_provide). Returns the number matched.
 */
int dt_probe_iter(dt_handle_t *dtp, const char *prov, const char *mod, const char *func,
		  const char *name, int (*fn)(dt_probe_t *, void *), void *arg);

/*
 * A provider DTrace has that Linux lacks (src/providers/dt_prov_absent.c's table), named by
 * a description's provider field (lockstat, plockstat1234): what follows "provider NAME" in
 * the message ("is not available on Linux: ..."), with *name its name and *instead what to
 * use instead; NULL for any other field.
 */
const char *dt_prov_absent(const char *prov, const char **name, const char **instead);

/* Maps and programs. */
/* Create maps, load every finished program; -EINTR once *dtp->intr is set. */
int dt_rt_load(dt_handle_t *dtp);
int dt_rt_begin(dt_handle_t *dtp);	/* run BEGIN (on this thread) */
/* Attach every non-BEGIN/END program; -EINTR, with nothing attached, once *dtp->intr is set. */
int dt_rt_attach(dt_handle_t *dtp);
void dt_rt_stop(dt_handle_t *dtp);	/* every probe returns at once (still attached) */
void dt_rt_detach(dt_handle_t *dtp);
int dt_rt_end(dt_handle_t *dtp);	/* run END (after detach) */

/*
 * Process pid mapped or unmapped libraries (its dynamic linker's hook): the providers of
 * that process make and attach the probes the program's descriptions match in new ones.
 */
void dt_rt_proc_update(dt_handle_t *dtp, pid_t pid);
/* Do the program's probes want dt_rt_proc_update for pid? */
bool dt_rt_proc_watched(dt_handle_t *dtp, pid_t pid);
/* Enable one more probe of a loaded dispatching program (its clauses' masks). 0 or -errno;
 * -ENOSPC when the program's dispatch map has no room for it. */
int dt_rt_dispatch_probe(dt_handle_t *dtp, dt_bpfprog_t *bp, dt_probe_t *prp);

/* Does the kernel take BPF's 32-bit jump (gotol, Linux 6.4+)? Probed once, on first ask. */
bool dt_rt_have_gotol(dt_handle_t *dtp);
/*
 * Load one finished program (its code and functions, map fds in place); returns its fd. On
 * failure, reload with the verifier's log and say where in the D source it was rejected and
 * why (the whole log with -x bpflog); returns -errno.
 */
int dt_rt_prog_load(dt_handle_t *dtp, const dt_bpfprog_t *bp);

/*
 * A verifier's log (level 1), read: the instruction it rejected (the last "N: (opcode) ..."
 * line; N counts through every subprogram), or -1 when it names none; *reason (*rlen bytes)
 * is its reason, the first line after that one that says something, or NULL.
 */
long dt_rt_verifier_insn(const char *log, const char **reason, int *rlen);

/* Run a raw-tracepoint-type program once on this thread (BEGIN, END). */
int dt_rt_prog_run(int prog_fd, const uint64_t *args);	/* args: 8 context words or NULL */
bool dt_rt_exited(dt_handle_t *dtp);

#endif /* DT_RUNTIME_H */
