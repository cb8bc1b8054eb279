/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_program.h: what a compile produces and every later stage reads.
 *
 * The compiler fills a dt_program_t: its clauses, each clause's output record layout and
 * actions, the aggregations and the string table. Code generation turns the clauses into BPF;
 * the runtime creates the maps and loads the programs; the consumer decodes ring-buffer records
 * and aggregation maps with these descriptors. The stream itself carries no metadata. The
 * kernel side's contract is here too: which map is which, the global state, the drop counters
 * and the fault record, so codegen, runtime and consumer agree without including each other.
 *
 * Output record, as a clause writes it into the ring buffer (all little-endian):
 *
 *   0        4        6        8                                  size
 *   +--------+--------+--------+----------------------------------+
 *   | probe  |  cpu   | clause |  data items at the offsets of     |
 *   |  id    |  u16   |  u16   |  dt_recitem_t (8-byte aligned)    |
 *   +--------+--------+--------+----------------------------------+
 */
#ifndef DT_PROGRAM_H
#define DT_PROGRAM_H

#include "dt_attr.h"
#include "dt_common.h"

#define DT_REC_HDR_SIZE 8

/* ---- the kernel side: maps, state, drop counters, faults ----------------------------- */

/*
 * What code generation writes, the runtime creates and the consumer reads. Code names a map by
 * its index (an ld_imm64 with BPF_PSEUDO_MAP_FD and the index in imm); the runtime puts in the
 * real fd just before loading, so code can be generated before the maps exist.
 */
enum {
	DT_MAP_RINGBUF,		/* records to the consumer */
	DT_MAP_MSTATE,		/* per-CPU scratch: probe id, args, string temps, keys */
	DT_MAP_STATE,		/* array[1]: global state (activity), later D globals */
	DT_MAP_STATS,		/* per-CPU array[1]: drop counters */
	DT_MAP_PROBES,		/* array[probe id]: provider, module, function, name strings */
	DT_MAP_STRTAB,		/* read-only array[1]: string literals */
	DT_MAP_DISPATCH,	/* array[provider's key]: probe id and clause mask; one per
				 * program that dispatches (bp->dispatch_fd), made only then */
	DT_MAP_SPEC,		/* array[1]: speculation states, one u64 per id (0 free) */
	DT_MAP_THREAD,		/* hash: pid_tgid -> u64, what a provider's program keeps for a
				 * thread from one probe to another (io: the bio from
				 * submit_bio_wait's entry to its return) */
	DT_NMAPS_FIXED
};

#define DT_THREAD_MAX 1024	/* DT_MAP_THREAD's entries: threads between two such probes */
/* The fixed maps a clause's program counts against the kernel's per-program limit: all but
 * DT_MAP_THREAD (the last), which only a provider's own prologue (io's wait probes) uses. */
#define DT_NMAPS_CLAUSE (DT_NMAPS_FIXED - 1)

/* Map indexes past the fixed ones are aggregations: */
#define DT_MAP_AGG(id) (DT_NMAPS_FIXED + (id))

/*
 * The global state value (DT_MAP_STATE): word 0 is the activity (0 active, 1 draining);
 * word 8 the elements of thread-local and associative variables that exist, which dynvarsize
 * bounds (dyn_elem_max).
 */
#define DT_ST_ACTIVITY 0
#define DT_ST_DYNVARS 8
#define DT_ST_SIZE 64

/* Drop counters: one DT_MAP_STATS value per CPU, a u64 at each of these byte offsets. */
#define DT_STAT_DROPS 0		/* failed ring buffer reservations */
#define DT_STAT_AGGDROPS 8	/* aggregation map full */
#define DT_STAT_DYNDROPS 16	/* thread-local or associative variable map full */
#define DT_STAT_SPECFAIL 24	/* speculation() found no free speculation */
#define DT_STAT_FILLED 32	/* bufpolicy=fill: records a full buffer refused (no drops) */
#define DT_STATS_SIZE 40

/* The probe-name map (DT_MAP_PROBES): one value per probe id, NUL-terminated fields. */
#define DT_PRB_FIELD 64
#define DT_PRB_PROV 0
#define DT_PRB_MOD 64
#define DT_PRB_FUNC 128
#define DT_PRB_NAME 192
#define DT_PRB_SIZE 256

/*
 * A fault stops the clause; instead of its record it writes a fault record, the clause index
 * in the header being DT_CLAUSE_FAULT:
 *
 *   0        4      6        8                          16          24         32
 *   +--------+------+--------+--------------------------+-----------+----------+
 *   | probe  | cpu  | 0xffff | fault word               | address   | clause   |
 *   |  id    |      |        | kind | statement | site  |           |  index   |
 *   +--------+------+--------+--------------------------+-----------+----------+
 *
 * The fault word: bits 0-7 the kind (DT_FAULT_*), 8-31 the statement (0: the predicate),
 * 32-63 the fault site (an index into dt_program_t.fault_sites).
 */
#define DT_CLAUSE_FAULT 0xffff
#define DT_FAULT_WORD 8
#define DT_FAULT_ADDR 16
#define DT_FAULT_CLAUSE 24
#define DT_FAULT_RECSIZE 32
/* The kinds are DTrace's fault codes (its DTRACEFLT_*), ERROR's arg4. */
enum {
	DT_FAULT_NONE = 0,
	DT_FAULT_BADADDR = 1,	/* "invalid address" */
	DT_FAULT_ILLOP = 3,	/* "illegal operation": commit( )/discard( ) of no speculation */
	DT_FAULT_DIVZERO = 4,	/* "divide-by-zero" */
	DT_FAULT_NOSCRATCH = 5,	/* "out of scratch space" */
	DT_FAULT_BADSIZE = 10,	/* "invalid size (0x...)": a copy too long for its buffer */
	DT_FAULT_BADINDEX = 11,	/* "index out of bounds (N)": past a D array's declared size */
};

/* The kinds whose record's address field holds a value: the address, the size, the index. */
static inline bool
dt_fault_has_value(unsigned kind)
{
	return kind == DT_FAULT_BADADDR || kind == DT_FAULT_BADSIZE || kind == DT_FAULT_BADINDEX;
}

static inline uint64_t
dt_fault_word(unsigned kind, uint32_t stmt, uint32_t site)
{
	return (uint64_t)(kind & 0xff) | (uint64_t)(stmt & 0xffffff) << 8 | (uint64_t)site << 32;
}
#define DT_FAULT_WORD_KIND(w) ((unsigned)((w) & 0xff))
#define DT_FAULT_WORD_STMT(w) ((unsigned)((w) >> 8) & 0xffffff)
#define DT_FAULT_WORD_SITE(w) ((uint32_t)((w) >> 32))

/* ---- what a compile produces ---------------------------------------------------------- */

typedef enum dt_rec_kind {
	DT_REC_INT,	/* an integer of "size" bytes (stored in an 8-byte slot) */
	DT_REC_STRING,	/* a NUL-terminated string in a "size"-byte slot */
	DT_REC_BYTES,	/* "size" raw bytes (tracemem(), struct/union/array values), in a slot
			 * rounded up to 8 bytes */
} dt_rec_kind_t;

/* One datum in a record or in an aggregation key. */
typedef struct dt_recitem {
	dt_rec_kind_t kind;
	uint32_t offset;	/* from the start of the record (or key) */
	uint32_t size;		/* INT: the D type's size (1, 2, 4, 8); STRING: slot size */
	bool is_signed;		/* INT */
	const char *type_name;	/* for messages */
	int fmt;		/* DT_RECFMT_*: how an INT item prints */
} dt_recitem_t;

/* How an integer item prints (dt_recitem_t.fmt). */
enum {
	DT_RECFMT_PLAIN,
	DT_RECFMT_STACK,	/* stack(): "size / 8" kernel PCs, zero-filled after the last */
	DT_RECFMT_USTACK,	/* ustack(), jstack(): the process id (tgid), then user PCs,
				 * zero-filled after the last ("size / 8 - 1" of them) */
	DT_RECFMT_SYM,		/* func(), sym(): a kernel address printed as mod`function */
	DT_RECFMT_MOD,		/* mod(): a kernel address printed as its module */
	/* 16 bytes: the process id (tgid), then a user address of that process */
	DT_RECFMT_UADDR,	/* uaddr(): printed as mod`function+0xoff */
	DT_RECFMT_USYM,		/* usym(), ufunc(): printed as mod`function */
	DT_RECFMT_UMOD,		/* umod(): printed as its module */
	DT_RECFMT_FLOAT,	/* a float or double (size 4 or 8): printf's %e, %f, %g */
};

/* A ustack()'s, uaddr()'s, usym()'s or umod()'s item: the process id comes first. */
#define DT_RECFMT_IS_USER(f) \
	((f) == DT_RECFMT_USTACK || (f) == DT_RECFMT_UADDR || (f) == DT_RECFMT_USYM || \
	 (f) == DT_RECFMT_UMOD)

typedef enum dt_act_kind {
	DT_ACT_TRACE,		/* trace(expr): one item */
	DT_ACT_PRINTF,		/* printf(fmt, args...): items are the args */
	DT_ACT_EXIT,		/* exit(status): one INT item */
	/* Aggregation actions: the consumer does the work when it reads the record. */
	DT_ACT_PRINTA,		/* printa([fmt,] @a, ...): aggs */
	DT_ACT_CLEAR,		/* clear(@a) */
	DT_ACT_TRUNC,		/* trunc(@a[, n]): item 0 is n when given */
	DT_ACT_NORMALIZE,	/* normalize(@a, n): item 0 is n */
	DT_ACT_DENORMALIZE,	/* denormalize(@a) */
	DT_ACT_SYSTEM,		/* system(fmt, args...): as PRINTF; the consumer runs it */
	DT_ACT_FREOPEN,		/* freopen(fmt, args...): as PRINTF; the consumer's output goes
				 * to that file from here on ("": back to the first) */
	DT_ACT_RAISE,		/* raise(sig), stop(): done in the kernel; nothing to print */
	DT_ACT_SPECULATE,	/* speculate(id): the record's data go to speculation id */
	DT_ACT_COMMIT,		/* commit(id): print what speculation id holds, free it */
	DT_ACT_DISCARD,		/* discard(id): drop it, free it */
	DT_ACT_TRACEMEM,	/* tracemem(addr, n[, dsize]): item 0 BYTES of n; item 1 dsize */
	DT_ACT_PRINT,		/* print(expr): one item, printed by the action's type */
	DT_ACT_SETOPT,		/* setopt(name[, value]): STRING items; the consumer sets it */
	DT_ACT_PCAP,		/* pcap(skb, proto): the packet's length (0: no skb), proto,
				 * and its first pcapsize bytes */
} dt_act_kind_t;

struct dt_pfmt;	/* a parsed printf format: dt_pfmt.h */

/*
 * Bounds the compiler enforces with a D error (D_PROTO_LEN), so the consumer may decode into
 * fixed arrays: the keys of one aggregation or associative array (-x tregs bounds them
 * lower, to 9 by default, as DTrace's tuple registers do), and the arguments one printf()
 * or system() records.
 */
#define DT_MAX_TUPLE 64
#define DT_MAX_ACT_ITEMS 64

typedef struct dt_action {
	dt_act_kind_t kind;
	bool conditional;		/* inside an if: runs only when its bit is set in the record */
	int bit;			/* its bit in the record's action bitmap (conditional only) */
	const char *fmt;		/* PRINTF: the format string as written */
	struct dt_pfmt *pfmt;		/* PRINTF: parsed at compile time */
	dt_recitem_t *items;
	int nitems;
	int *aggs;			/* aggregation actions: the aggregations, by id */
	int naggs;
	const struct dt_type *type;	/* PRINT, and TRACE of a BYTES item: the value's type
					 * (members and enumerators loaded at compile time) */
} dt_action_t;

/*
 * What the runtime and the consumer need to know of a probe, set by its provider: the rest
 * of the code asks these, never which provider a probe belongs to.
 */
enum {
	DT_PRF_BEGIN = 0x1,	/* run once in the consumer before any probe is attached */
	DT_PRF_END = 0x2,	/* run once in the consumer after every probe is detached
				 * (after exit(): its program skips the activity test) */
	DT_PRF_ERROR = 0x4,	/* run in the consumer for each fault a clause reports */
	DT_PRF_ENTRY = 0x8,	/* flowindent: a function entry (indents) */
	DT_PRF_RETURN = 0x10,	/* flowindent: a function return (unindents) */
	DT_PRF_BOUNDARY = 0x20,	/* flowindent: the entry or return is at the user/kernel
				 * boundary, drawn => and <= instead of -> and <- */
	DT_PRF_TASK = 0x40,	/* fires only in a task's context with interrupts on (system
				 * calls, uprobes), where the kernel can allocate a map element
				 * at any time: the aggregations it alone updates need not be
				 * preallocated (dt_rt_maps) */
	DT_PRF_ARGS_RECORD = 0x80,	/* args[0] points to the tracepoint's record, and args
					 * alone stands for args[0] (bpftrace's args->field) */
};
#define DT_PRF_IN_CONSUMER (DT_PRF_BEGIN | DT_PRF_END | DT_PRF_ERROR)

/* A probe the program enables (its identity as the listing shows it). */
typedef struct dt_probe {
	uint32_t id;
	unsigned flags;		/* DT_PRF_* */
	const char *prov, *mod, *func, *name;
	struct dt_provider *provider;
	void *pdata;		/* the provider's own data (syscall number, period, ...) */
	bool args_known;	/* its provider has said what args[] are (dt_prov_args): */
	int nargs;		/* how many, */
	const char **argtypes;	/* and their C types */
	/*
	 * NULL, or per argument (set by probe_info with argtypes): NULL when args[N] is argN of
	 * argtypes[N]; else argN holds a native value that args[N] is made from: the native C
	 * type ("struct task_struct *") that xlate<argtypes[N]> translates, or "@name", the D
	 * library inline name[argN] (dt_sema_args).
	 */
	const char **argxl;
} dt_probe_t;

#define DT_MAX_ARGS 10		/* arg0 .. arg9, args[0] .. args[9] */

/* One probe description of a clause as the compiler read it (dtrace -v, -e -v). */
typedef struct dt_cldesc {
	struct dt_node *pd;	/* the DT_NODE_PDESC */
	dt_attr_t attr;		/* its stability (dt_sema_attr.c) */
	dt_pattr_t pattr;	/* its provider's, when probe is set */
	dt_probe_t *probe;	/* the probe that stands for the probes it matches; NULL: none
				 * or, like DTrace, none when they may differ in arguments */
} dt_cldesc_t;

typedef struct dt_clause {
	int index;		/* position in the program: clauses run in this order */
	struct dt_node *node;	/* the DT_NODE_CLAUSE */
	dt_action_t *actions;
	int nactions;
	uint32_t recsize;	/* 0: the clause writes no record */
	bool has_record;	/* writes a record (data actions, exit, or an empty clause) */
	unsigned needs;		/* DT_SEMA_NEED_*: what its code reads from the probe context */
	int ncond;		/* conditional actions: the record then carries a bitmap word
				 * at DT_REC_HDR_SIZE saying which of them ran */
	bool has_uncond;	/* at least one action runs whenever the clause does */
	DT_VEC(dt_probe_t *) probes;	/* the probes it enables */
	DT_VEC(dt_cldesc_t) descs;	/* its probe descriptions, in order */
	dt_attr_t desc_attr;	/* the least stability of its probe descriptions, */
	dt_attr_t stmt_attr;	/* and of its predicate and statements (dtrace -v) */
} dt_clause_t;

typedef enum dt_agg_func {
	DT_AGG_COUNT,
	DT_AGG_SUM,
	DT_AGG_AVG,
	DT_AGG_MIN,
	DT_AGG_MAX,
	DT_AGG_STDDEV,
	DT_AGG_QUANTIZE,
	DT_AGG_LQUANTIZE,
	DT_AGG_LLQUANTIZE,
} dt_agg_func_t;

/*
 * The argument that is the optional increment (DTrace adds it to the bucket instead of 1, a
 * negative one too): quantize(v, incr), lquantize(v, base, limit, step, incr) (only after a
 * step) and llquantize(v, factor, low, high, steps, incr); -1 for the others.
 */
static inline int
dt_agg_incr_arg(dt_agg_func_t f)
{
	return f == DT_AGG_QUANTIZE ? 1 : f == DT_AGG_LQUANTIZE ? 4 : f == DT_AGG_LLQUANTIZE ? 5 : -1;
}

/*
 * Aggregation values are arrays of 64-bit words, per CPU in the kernel, merged by the consumer:
 *   COUNT, SUM: [value]        AVG: [count, sum]
 *   MIN, MAX: [value, touched]: a per-CPU copy whose touched word is 0 never saw an update
 *     (per-CPU maps zero the other CPUs' copies when one CPU creates an entry), so merging
 *     skips it
 *   STDDEV: [count, sum, sum of squares (128-bit: low, high)]
 *   QUANTIZE: 127 buckets (index 63 is zero, below negatives, above powers of two)
 *   LQUANTIZE: levels + 2 buckets (underflow first, overflow last)
 *   LLQUANTIZE: see dt_llquant_nwords below
 */
typedef struct dt_aggdesc {
	int id;
	const char *name;	/* without '@'; "" for the anonymous @ */
	dt_agg_func_t func;
	dt_recitem_t *keys;	/* key layout (offsets from the start of the key) */
	int nkeys;
	uint32_t keysize;	/* 8-byte multiple; 0 for a keyless aggregation */
	uint32_t nwords;	/* value words */
	int64_t arg[4];		/* LQUANTIZE: base, limit, step; LLQUANTIZE: factor, low, high, steps */
	struct dt_node *first;	/* where it was first used, for messages */
	int group;		/* its shape's array of maps (program's agg_groups), or -1 */
	uint32_t slot;		/* its index in that array */
} dt_aggdesc_t;

/*
 * llquantize(value, factor, low, high, steps): buckets in value order, the negative side the
 * mirror of the positive one, as in DTrace 2:
 *
 *   [0]            value <= -factor^(high+1)
 *   [1 .. P]       the positive buckets' mirror, most negative first
 *   [P + 1]        |value| < factor^low ("0" when low is 0)
 *   [P + 2 .. 2P + 1]  per order of magnitude m = low .. high, [factor^m, factor^(m+1)) in
 *                  buckets of width w = factor^(m+1) / steps (at least 1): the one from
 *                  factor^m up to the next multiple of w, then one per multiple of w
 *   [2P + 2]       value >= factor^(high+1)
 *
 * Example: (10, 0, 2, 10) has P = 27: <= -1000, -900 .. -100, -90 .. -10, -9 .. -1, 0,
 * 1 .. 9, 10 .. 90, 100 .. 900, >= 1000. The layout holds together when factor >= 2,
 * 0 <= low <= high, steps >= 1 divides factor (steps < factor) or is a multiple of it, and
 * factor^(high+1) fits in 63 bits (the compiler rejects the rest, as DTrace does);
 * dt_llquant_nwords returns 0 for parameters that do not make a layout.
 */
uint32_t dt_llquant_nwords(int64_t factor, int64_t low, int64_t high, int64_t steps);
/* The bucket of value (what the BPF code must compute), or -1 for bad parameters. */
int dt_llquant_bucket(int64_t factor, int64_t low, int64_t high, int64_t steps, int64_t value);
/*
 * What bucket idx stands for: DT_LLQ_BUCKET and its lowest value (its highest for a negative
 * one: its label), DT_LLQ_ZERO and factor^low, DT_LLQ_UNDER or DT_LLQ_OVER and
 * -+factor^(high+1); DT_LLQ_BAD for bad parameters or index.
 */
enum { DT_LLQ_BAD, DT_LLQ_BUCKET, DT_LLQ_ZERO, DT_LLQ_UNDER, DT_LLQ_OVER };
int dt_llquant_value(int64_t factor, int64_t low, int64_t high, int64_t steps, int idx,
		     int64_t *value);

/*
 * D variables. Integers live in 8-byte slots (loads normalize to the variable's type);
 * strings in strsize slots.
 *   GLOBAL: in the global state value (DT_MAP_STATE) at "offset"
 *   THIS:   clause-local, in the per-CPU scratch value's this-area at "offset"; shared by the
 *           clauses of one probe firing, as in DTrace
 *   SELF:   thread-local: a hash map of its own keyed by the thread (pid_tgid)
 *   ASSOC:  a global associative array: a hash map keyed by the tuple (key layout as for
 *           aggregations); assigning 0 deletes an element, reading a missing one gives 0
 */
typedef enum dt_varkind {
	DT_VK_GLOBAL,
	DT_VK_THIS,
	DT_VK_SELF,
	DT_VK_ASSOC,
} dt_varkind_t;

typedef struct dt_var {
	const char *name;
	dt_varkind_t kind;
	const struct dt_type *type;
	uint32_t size;		/* value bytes */
	uint32_t offset;	/* GLOBAL, THIS */
	int dynid;		/* SELF, ASSOC: index among the program's dynamic-variable maps */
	dt_recitem_t *keys;	/* ASSOC */
	int nkeys;
	uint32_t keysize;
	bool implicit;		/* created by a read before any assignment: int64_t */
	bool per_thread;	/* ASSOC: self->name[...]: the key starts with the thread */
	bool alloca;		/* assigned a pointer into scratch space (alloca(), copyin()) */
} dt_var_t;

typedef struct dt_program {
	dt_clause_t **clauses;
	int nclauses;
	dt_aggdesc_t **aggs;
	int naggs;
	DT_VEC(dt_probe_t *) probes;	/* every probe enabled, no duplicates */
	/* String literals, NUL-terminated one after another, as the read-only string table map
	 * holds them; code generation interns them and addresses them by offset. */
	DT_VEC(char) strtab;
	bool uses_exit;
	bool destructive;	/* uses destructive actions: tracing needs -w */
	DT_VEC(dt_var_t *) vars;
	uint32_t globals_size;	/* bytes of globals after the state header */
	uint32_t this_size;	/* bytes of this-> variables at the start of the temporaries */
	int ndynvars;		/* SELF and ASSOC maps */
	/*
	 * More aggregations than a program may have maps: the aggregations of one shape (map
	 * type, key and value sizes) are reached through one array of maps (dt_link_agg_groups),
	 * a map each, at map index DT_NMAPS_FIXED + naggs + ndynvars + group.
	 */
	int nagg_groups;
	/*
	 * The largest element of a thread-local or associative variable as DTrace counts it
	 * against dynvarsize: the tuple (the variable and its keys) and the value, of its type's
	 * size (a thread-local's key, its thread, is implicit). dynvarsize is one pool for them
	 * all: it holds dynvarsize / dyn_elem_max elements (dt_link_dyn_elem).
	 */
	uint64_t dyn_elem_max;
	/*
	 * Whether the pool can run out before the maps do: the maps' entries together
	 * (dt_dyn_map_entries) exceed its places. When not, a new element needs no place counted
	 * (a full map is the drop), so the hot path has no shared atomic (dt_link_dyn_elem).
	 */
	bool dyn_pooled;
	/* Where faults can happen: a fault record names one by index (code generation adds). */
	DT_VEC(dt_loc_t) fault_sites;
	/* Bytes of the per-CPU scratch value, fixed header and the temporaries' high-water mark
	 * over every program (code generation sets it; the runtime sizes the map by it). */
	uint32_t mstate_size;
	uint64_t end_reserve;	/* bufpolicy=fill: bytes kept for END's records (dt_cg_link) */
} dt_program_t;

/* The key of a thread-local (its thread) or associative variable's (its tuple) hash map. */
static inline uint32_t
dt_dyn_key_size(const dt_var_t *v)
{
	return v->kind == DT_VK_SELF ? 8 : v->keysize;
}

/*
 * The entries of a thread-local or associative variable's hash map: dynvarsize over its key,
 * value and the kernel's per-element overhead (about 64 bytes), at least 1,024.
 */
static inline uint32_t
dt_dyn_map_entries(uint64_t dynvarsize, const dt_var_t *v)
{
	uint64_t n = dynvarsize / (dt_dyn_key_size(v) + v->size + 64);

	return (uint32_t)(n > 1024 ? n : 1024);
}

#endif /* DT_PROGRAM_H */
