/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_consumer.h: the consumer's one internal header.
 *
 *   ring buffer --read--> records --decode--> actions --format--> terminal
 *   aggregation maps --snapshot--> merged entries --sort--> printed tables
 *
 * Formatting is pure code (bytes in, text out), so it is unit-tested without a kernel:
 * dt_printf.c (DTrace's printf language; the compiler parsed the formats with
 * src/common/dt_pfmt.c), dt_format.c (trace() and the default record line), dt_aggprint.c
 * (aggregation tables and histograms, clear/trunc/normalize, printa joins), dt_usyms.c (user
 * symbols for ustack(), %A, uaddr(), usym(), umod()); kernel symbols for stack(), %a, func()
 * and mod() come from src/common/dt_ksyms.c. dt_consume.c owns the loop. Output for programs
 * hooks into it where text would print: dt_json.c (-x oformat=json), dt_flame.c (-x
 * aggformat=folded, -x flamegraph), dt_prom.c (-x prometheus: a server thread that reads the
 * aggregation maps itself).
 */
#ifndef DT_CONSUMER_H
#define DT_CONSUMER_H

#include <sys/types.h>

#include "../common/dt_common.h"
#include "../common/dt_ksyms.h"
#include "../common/dt_pfmt.h"
#include "../common/dt_program.h"
#include "../common/dt_usymtab.h"

/* ---- printf --------------------------------------------------------------------------- */

/* One argument value handed to the formatter. */
typedef struct dt_pfarg {
	dt_rec_kind_t kind;	/* DT_REC_INT or DT_REC_STRING */
	uint64_t ival;		/* INT: the value, already sign- or zero-extended to 64 bits */
	uint32_t size;		/* INT: the D type's size in bytes (1, 2, 4, 8) */
	bool is_signed;		/* INT */
	const char *str;	/* STRING: NUL-terminated (bounded by strsize) */
	pid_t upid;		/* INT of uaddr(), usym(), umod(): the address's process (%A) */
	bool is_float;		/* INT: the bits of a float (size 4) or a double (size 8) */
} dt_pfarg_t;

/* Format into sb. */
void dt_pfmt_format(dt_strbuf_t *sb, const dt_pfmt_t *pf, const dt_pfarg_t *args, int nargs);

/* ---- records -------------------------------------------------------------------------- */

/* The "CPU ID FUNCTION:NAME" header and the start of one record line. */
void dt_fmt_header(dt_strbuf_t *sb);
void dt_fmt_probe_prefix(dt_strbuf_t *sb, int cpu, uint32_t probe_id, const char *func,
			 const char *name);

/*
 * flowindent (-F, -x flowindent). The probe's provider says whether it is an entry
 * (DT_PRF_ENTRY), a return (DT_PRF_RETURN) or neither, and whether it is at the user/kernel
 * boundary (DT_PRF_BOUNDARY: drawn => and <=). DTrace's heuristic for several clauses on one
 * probe (only the first record of a firing indents, only the last unindents): an entry whose
 * record follows one of the same probe from another clause, or a return whose record is
 * followed by one of the same probe from another clause, counts as NONE.
 */
typedef enum dt_flow {
	DT_FLOW_NONE,
	DT_FLOW_ENTRY,
	DT_FLOW_RETURN,
} dt_flow_t;

dt_flow_t dt_flow_of(unsigned prflags);		/* from a probe's DT_PRF_* */
dt_flow_t dt_flow_decide(dt_flow_t flow, bool same_probe_before, bool same_probe_after);
/* The "CPU FUNCTION" header, and the start of a record line at *indent (which it updates:
 * a return unindents by 2 before it prints, never below 0; an entry indents by 2 after). */
void dt_fmt_flow_header(dt_strbuf_t *sb);
void dt_fmt_flow_prefix(dt_strbuf_t *sb, int cpu, int *indent, dt_flow_t flow, bool boundary,
			const char *func, const char *name);

/* trace() of one datum, quiet or not, exactly as DTrace prints it. */
void dt_fmt_trace(dt_strbuf_t *sb, const dt_pfarg_t *arg, bool quiet);

/* dt_print.c: tracemem()'s dump, trace() of raw bytes, print() of a value by its type. */
struct dt_type;
void dt_fmt_rawbytes(dt_strbuf_t *sb, const uint8_t *p, size_t n);
void dt_fmt_bytes(dt_strbuf_t *sb, const struct dt_type *t, const uint8_t *p, size_t n,
		  bool quiet);
void dt_fmt_print(dt_strbuf_t *sb, const struct dt_type *t, const uint8_t *p, size_t n);
void dt_fmt_print_ptr(dt_strbuf_t *sb, const struct dt_type *t, uint64_t addr, const uint8_t *p,
		      size_t n, uint64_t limit);

/* ---- aggregations --------------------------------------------------------------------- */

/* One merged aggregation entry: the key bytes and the value words (summed over CPUs). */
typedef struct dt_aggent {
	const uint8_t *key;	/* desc->keysize bytes */
	const uint64_t *val;	/* desc->nwords words */
} dt_aggent_t;

/* Merge one CPU's value words into an accumulator, by the function's rule. */
void dt_agg_merge(const dt_aggdesc_t *desc, uint64_t *acc, const uint64_t *cpuval);
/* The initial accumulator (MIN starts at INT64_MAX, MAX at INT64_MIN, others 0). */
void dt_agg_init(const dt_aggdesc_t *desc, uint64_t *acc);

/* Sort options (aggsortkey, aggsortkeypos, aggsortpos, aggsortrev). */
typedef struct dt_aggsort {
	bool by_key;		/* aggsortkey */
	int keypos;		/* aggsortkeypos */
	bool reverse;		/* aggsortrev */
	int sortpos;		/* aggsortpos: which printa() aggregation's value sorts */
} dt_aggsort_t;

/* Sort entries the way DTrace prints them: by value ascending, ties by key. */
void dt_agg_sort(const dt_aggdesc_t *desc, dt_aggent_t *ents, size_t n, const dt_aggsort_t *opt);

/*
 * Print one aggregation as printa(@a) does: an empty line, then one line per entry (keys in
 * their columns, then the value or the histogram; a histogram ends with an empty line).
 */
void dt_agg_print(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const dt_aggent_t *ents, size_t n);
/*
 * The entries alone, without the leading empty line. At exit DTrace prints one (cosmetic)
 * empty line, then every aggregation this way, with no empty line between aggregations.
 */
void dt_agg_print_entries(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const dt_aggent_t *ents,
			  size_t n);

/* ---- user symbols (dt_usyms.c) -------------------------------------------------------- */

/*
 * The symbolizer of user addresses: every process's mappings and every mapped file's symbols,
 * read on first use and cached (procroot NULL: /proc; tests point it at a directory of their
 * own). us may be NULL everywhere: every address is then unknown.
 */
typedef struct dt_usyms dt_usyms_t;

dt_usyms_t *dt_usyms_new(const char *procroot);
void dt_usyms_free(dt_usyms_t *us);		/* accepts NULL */
/* Print C++ names demangled (DTrace's default; -x mangled turns it off). */
void dt_usyms_set_demangle(dt_usyms_t *us, bool on);
/* A new batch of records: a process's mappings may be read again (once) on a miss. */
void dt_usyms_tick(dt_usyms_t *us);
/* Process pid is about to exit: cache its mappings and all their symbols now, for good. */
void dt_usyms_hold(dt_usyms_t *us, pid_t pid);
/* Process pid ran exec(): its mappings are new. */
void dt_usyms_forget(dt_usyms_t *us, pid_t pid);

/* The symbol covering addr in process pid and its address, and the module (NULL: none). */
const char *dt_usym_lookup(dt_usyms_t *us, pid_t pid, uint64_t addr, uint64_t *symaddr,
			   const char **mod);
/* DTrace's text for a user address: uaddr(), %A and ustack() frames: mod`f+0x1b */
void dt_usym_fmt_addr(dt_strbuf_t *sb, dt_usyms_t *us, pid_t pid, uint64_t addr);
void dt_usym_fmt_sym(dt_strbuf_t *sb, dt_usyms_t *us, pid_t pid, uint64_t addr);  /* mod`f */
void dt_usym_fmt_mod(dt_strbuf_t *sb, dt_usyms_t *us, pid_t pid, uint64_t addr);  /* mod */
/* The address an aggregation key of usym() (the symbol's) or umod() (the module's) holds. */
uint64_t dt_usym_norm_sym(dt_usyms_t *us, pid_t pid, uint64_t addr);
uint64_t dt_usym_norm_mod(dt_usyms_t *us, pid_t pid, uint64_t addr);
/*
 * ustack(): words[0] is the process id, then the program counters (zero after the last).
 * "\n", then one frame per line after indent spaces (< 0: DT_STACK_INDENT), as stack().
 */
void dt_usym_fmt_stack(dt_strbuf_t *sb, dt_usyms_t *us, const uint64_t *words, size_t nwords,
		       int indent);

/* ---- aggregation printing with options (dt_aggprint.c) -------------------------------- */

/*
 * How a key item prints beyond its record kind. Until dt_recitem_t says it itself, the caller
 * passes one per key of the aggregation (NULL: all plain):
 *   PLAIN  int or string, as dt_agg_print always did
 *   STACK  stack(): the key slot holds item->size / 8 program counters (unused ones 0)
 *   SYM    func()/sym(): an 8-byte address, printed "  %-50s" as mod`name
 *   MOD    mod(): an 8-byte address, printed "  %-50s" as the module
 *   USTACK ustack(): the process id, then item->size / 8 - 1 user program counters
 *   UADDR, USYM, UMOD  uaddr(), usym(), umod(): the process id and a user address, printed
 *          "  %-50s" as mod`name+0x1b, mod`name, mod
 */
typedef enum dt_keyfmt {
	DT_KEYFMT_PLAIN,
	DT_KEYFMT_STACK,
	DT_KEYFMT_SYM,
	DT_KEYFMT_MOD,
	DT_KEYFMT_USTACK,
	DT_KEYFMT_UADDR,
	DT_KEYFMT_USYM,
	DT_KEYFMT_UMOD,
} dt_keyfmt_t;

/* A user key's or record item's text (UADDR, USYM, UMOD; words: the process id, the address). */
void dt_usym_fmt_item(dt_strbuf_t *sb, dt_usyms_t *us, dt_keyfmt_t kf, const uint64_t words[2]);

/*
 * Printing options for one aggregation.
 *   normal     normalize(@, n): every value is divided by n when printed (count, sum, min, max:
 *              v / n; avg: sum / n / count; stddev: from sum / n and sum of squares / n^2;
 *              quantize/lquantize/llquantize: each bucket's count / n, the bars still from the
 *              raw counts, which gives the same lengths). 0 or 1: no normalization;
 *              denormalize(@) is normal = 1. Division is signed (DTrace divides count and sum
 *              unsigned, so it prints negative normalized sums as huge numbers; we do not).
 *   ksyms      the symbolizer for STACK/SYM/MOD keys (NULL: raw addresses)
 *   keyfmt     desc->nkeys entries, or NULL
 *   stackindent  the stackindent option: 0 (unset) means DTrace's 14; pass
 *              DT_STACK_NOINDENT for stackindent=0
 */
typedef struct dt_aggpopts {
	uint64_t normal;
	dt_ksyms_t *ksyms;
	dt_usyms_t *usyms;	/* for USTACK, UADDR, USYM, UMOD keys (NULL: raw addresses) */
	const dt_keyfmt_t *keyfmt;
	int stackindent;
} dt_aggpopts_t;

#define DT_STACK_NOINDENT (-1)

/* dt_agg_print_entries with options (NULL: the defaults, as dt_agg_print_entries). */
void dt_agg_print_entries_opts(dt_strbuf_t *sb, const dt_aggdesc_t *desc,
			       const dt_aggent_t *ents, size_t n, const dt_aggpopts_t *opt);

/*
 * One entry's value, normalized, as %@ conversions see it: count, sum, min, max, avg (sum /
 * count, 0 when empty), stddev. A MIN/MAX whose touched word is 0 (cleared, or missing from a
 * printa() join) is 0, as DTrace's zero-filled data prints. Histograms: 0.
 */
int64_t dt_agg_value(const dt_aggdesc_t *desc, const uint64_t *val, uint64_t normal);
/* The histogram of a quantize/lquantize/llquantize value (from its "\n value ..." header to its
 * last row), or " %16lld" of the value for the others, as dt_agg_print does after the keys. */
void dt_agg_print_value(dt_strbuf_t *sb, const dt_aggdesc_t *desc, const uint64_t *val,
			uint64_t normal);
bool dt_agg_is_hist(const dt_aggdesc_t *desc);

/*
 * Compare two keys of possibly different aggregations (their own layouts), item by item from
 * key position keypos (aggsortkeypos), wrapping around: strings bytewise, integers as
 * unsigned numbers of their D size, stacks frame by frame.
 */
int dt_agg_keycmp(const dt_aggdesc_t *ld, const uint8_t *lkey, const dt_aggdesc_t *rd,
		  const uint8_t *rkey, int keypos);
/* Compare two values of one aggregation by DTrace's rules (what the default sort uses). */
int dt_agg_valcmp(const dt_aggdesc_t *desc, const uint64_t *l, const uint64_t *r);

/* ---- aggregation operations on snapshots (dt_aggprint.c) ------------------------------ */

/*
 * clear(@): every value to zero, keys kept. Cleared entries still print, as 0 (a cleared
 * histogram prints its empty rows), until the kernel updates them again. In the kernel's
 * per-CPU maps the caller zeroes every CPU's copy; this zeroes merged snapshot words.
 */
void dt_agg_clear(const dt_aggdesc_t *desc, dt_aggent_t *ents, size_t n);

/*
 * trunc(@, keep): keep the |keep| entries with the largest values (keep > 0) or the smallest
 * (keep < 0); trunc(@) is keep = 0 and removes all. Values order as DTrace's sort does (ties
 * by key; aggsortkeypos and aggsortrev apply, as DTrace's sort flags apply to its trunc()).
 * After the call ents[0 .. *n) are the kept entries, in no promised order, and the removed
 * ones follow them in ents[*n .. old *n), so the caller can delete their keys from the map.
 */
void dt_agg_trunc(const dt_aggdesc_t *desc, dt_aggent_t *ents, size_t *n, int64_t keep,
		  const dt_aggsort_t *opt);

/* ---- printa() with a format (dt_printf.c) ---------------------------------------------- */

/*
 * One row of a printa() join: the representative key (from the first aggregation, in
 * argument order, that has it: its own layout is keydesc) and each aggregation's value words,
 * a zero-filled buffer where that aggregation lacks the key (it prints as 0).
 */
typedef struct dt_aggrow {
	const dt_aggdesc_t *keydesc;
	const uint8_t *key;
	const uint64_t **vals;	/* naggs entries */
} dt_aggrow_t;

typedef struct dt_aggjoin {
	dt_aggrow_t *rows;
	size_t nrows;
	int naggs;
	uint64_t *zero;		/* the shared zero value */
	const uint64_t **valbuf;
} dt_aggjoin_t;

/*
 * Join aggregations on their keys (the union of the keys) and sort the rows as DTrace does:
 * by the values of aggregation opt->sortpos (aggsortpos; out of range: 0), then the next ones
 * in turn (wrapping around), then by key from opt->keypos; with by_key (aggsortkey), by key
 * first, then the values; reverse (aggsortrev) turns the order around. opt may be NULL.
 */
void dt_agg_join(dt_aggjoin_t *j, const dt_aggdesc_t *const *aggs, int naggs,
		 const dt_aggent_t *const *ents, const size_t *nents, const dt_aggsort_t *opt);
void dt_agg_join_free(dt_aggjoin_t *j);

/* Options of printa(): per-aggregation normalization, symbols, key formats. */
typedef struct dt_printa_opts {
	const uint64_t *normal;		/* naggs entries, or NULL: none normalized */
	dt_ksyms_t *ksyms;
	dt_usyms_t *usyms;
	pid_t target;			/* the -c/-p process: %A of an integer key */
	const dt_keyfmt_t *keyfmt;	/* the first aggregation's nkeys entries, or NULL */
	int stackindent;		/* as in dt_aggpopts_t */
} dt_printa_opts_t;

/*
 * printa(fmt, @a, ...): one formatted line per row of the join, rows in sort order. Key
 * conversions print the key items in order (as printf would print them; %k a stack, %a an
 * address); %@ conversions the values: scalars by the conversion as 64-bit integers (signed
 * except for count()), histograms as dt_agg_print draws them (flags and width ignored).
 * No leading empty line: the format says everything. popt may be NULL.
 */
void dt_printa_format(dt_strbuf_t *sb, const dt_pfmt_t *pf, const dt_aggdesc_t *const *aggs,
		      int naggs, const dt_aggent_t *const *ents, const size_t *nents,
		      const dt_aggsort_t *opt, const dt_printa_opts_t *popt);

/* printf() formatting with symbols for %a (mod`sym+0x..) and %A; ks may be NULL. */
void dt_pfmt_format_ks(dt_strbuf_t *sb, const dt_pfmt_t *pf, const dt_pfarg_t *args, int nargs,
		       dt_ksyms_t *ks);
/*
 * The same with user symbols for %A: an argument's own process (uaddr() and friends), else
 * target, the -c/-p process, as DTrace reads %A of a plain address (0: none, raw).
 */
void dt_pfmt_format_syms(dt_strbuf_t *sb, const dt_pfmt_t *pf, const dt_pfarg_t *args,
			 int nargs, dt_ksyms_t *ks, dt_usyms_t *us, pid_t target);

/* ---- records kept back (dt_recbuf.c) -------------------------------------------------- */

/*
 * Copies of records, oldest first, for a speculation until commit() and for -x bufpolicy=fill
 * or ring until tracing stops; bytes is what they take, counted against a limit.
 */
typedef struct dt_recbuf {
	DT_VEC(uint8_t *) recs;
	DT_VEC(uint32_t) lens;
	size_t first;		/* recs[first ..] are kept; a ring let the ones before go */
	uint64_t bytes;		/* the kept records' lengths, summed */
	bool full;		/* bufpolicy=fill: it refused a record and takes no more */
} dt_recbuf_t;

/*
 * Keep a copy of rec. Without ring: only when the kept bytes stay within limit (false: it is
 * refused, nothing changes). A ring lets its oldest records go until rec fits; false only
 * when rec alone is longer than limit.
 */
bool dt_recbuf_add(dt_recbuf_t *b, const void *rec, uint32_t len, uint64_t limit, bool ring);
size_t dt_recbuf_count(const dt_recbuf_t *b);
/* The i-th kept record, oldest first (i < dt_recbuf_count). */
const uint8_t *dt_recbuf_get(const dt_recbuf_t *b, size_t i, uint32_t *len);
void dt_recbuf_free(dt_recbuf_t *b);	/* empties it; it may be used again */

/* ---- the consumer's state ------------------------------------------------------------- */

/*
 * Everything the consumer keeps between records, apart from the handle (whose maps, probes and
 * program it reads): dt_handle_t.cons points here. dt_consumer_new makes it (writing to stdout);
 * dt_consumer_free frees it and accepts a handle without one.
 */
struct dt_flowcpu;
struct dt_handle;

typedef struct dt_consumer {
	struct ring_buffer *rb;
	uint64_t rb_size;		/* the ring's bytes: what one dt_consume_poll drains at most */
	uint64_t rb_left;		/* bytes this dt_consume_poll may still drain */
	uint64_t rb_until;		/* and until when (CLOCK_MONOTONIC ns) */
	uint64_t rb_nrecs;		/* records drained (the clock is read every 64) */
	dt_arena_t rec_arena;		/* one record's decoded strings; reset per record */
	dt_strbuf_t rec_sb;		/* one record's text */
	FILE *out;			/* -o file or stdout, or freopen()'s file */
	FILE *first_out;		/* after a freopen(): the -o file or stdout */
	int out_errno;			/* the first failed write to out; 0: none */
	bool exiting;			/* exit() seen or signal */
	int exit_status;
	bool printed_header;
	uint64_t *last_drops;		/* per CPU, per kind: drops already reported */
	dt_usyms_t *usyms;		/* user symbols: processes' mappings, files' symbols */
	pid_t sym_target;		/* $target, for %A of a plain address (kept after exit) */
	dt_recbuf_t *specs;		/* per speculation id: the records it holds */
	struct dt_flowcpu *flowcpus;	/* -F: per CPU, the depth and a waiting return record */
	uint32_t nflowcpus;
	dt_recbuf_t *held;		/* bufpolicy fill, ring: per CPU, the records kept */
	uint32_t nheld;
	int end_cpu;			/* the CPU END's records came from (printed last); -1 */
	bool filled;			/* fill: a CPU's buffer is full, tracing must stop */
	bool replaying;			/* committing: records print, not buffer */
	uint64_t spec_drops, spec_drops_told;	/* records a full speculation refused */
	uint64_t *agg_normal;		/* per aggregation: normalize() factor (1: none) */
	bool *agg_printed;		/* per aggregation: printa() printed it (not again at exit) */
	bool exit_failed;		/* an output asked for could not be made: exit status 1 */
	struct dt_prom *prom;		/* -x prometheus: the server thread, or NULL */
} dt_consumer_t;

dt_consumer_t *dt_consumer_new(struct dt_handle *dtp);	/* sets dtp->cons */
void dt_consumer_free(struct dt_handle *dtp);

/* ---- aggregation snapshots (dt_consume.c), for every form of output ------------------- */

/* One aggregation read from its map: merged entries, keys and value words. */
typedef struct dt_aggsnap {
	dt_aggent_t *ents;
	uint8_t *keys;		/* n keys, keysize + 8 bytes apart */
	uint64_t *vals;
	size_t n;
} dt_aggsnap_t;

/* Read aggregation ad from the kernel (every CPU's copy of every key) and merge. Reads only
 * the handle's map descriptors: another thread may call it (dt_prom.c). */
void dt_aggsnap_read(struct dt_handle *dtp, const dt_aggdesc_t *ad, dt_aggsnap_t *sn);
/* usym() and umod() keys to their function's and module's address, equal keys merged. */
void dt_aggsnap_user_keys(struct dt_handle *dtp, const dt_aggdesc_t *ad, dt_aggsnap_t *sn);
void dt_aggsnap_free(dt_aggsnap_t *sn);
/* The key formats of an aggregation (kf: DT_MAX_TUPLE entries). */
const dt_keyfmt_t *dt_consume_keyfmt(const dt_aggdesc_t *ad, dt_keyfmt_t *kf);

/*
 * The lowest value of each bucket of a quantize, lquantize or llquantize value (desc->nwords
 * entries; the first is INT64_MIN, the underflow). Bucket i holds [lo[i], lo[i + 1] - 1],
 * the last one [lo[last], INT64_MAX].
 */
void dt_agg_bucket_lows(const dt_aggdesc_t *desc, int64_t *lo);

/* ---- output for programs: JSON (dt_json.c), folded stacks and flame graphs (dt_flame.c),
 * Prometheus (dt_prom.c) --------------------------------------------------------------- */

/* The aggregating functions' D names, by dt_agg_func_t ("count", ..., "llquantize"). */
extern const char *const dt_agg_funcnames[];
/* The length of the valid UTF-8 sequence at s (n bytes left), 0 when it is not one. */
size_t dt_utf8_seq(const uint8_t *s, size_t n);
/* s[0 .. n) as a JSON string, quoted: invalid UTF-8 bytes become U+FFFD (false then). */
bool dt_json_str(dt_strbuf_t *sb, const char *s, size_t n);

/* A probe record's JSON object, its start, its data items, its end (a newline after). */
void dt_json_probe_open(struct dt_handle *dtp, dt_strbuf_t *js, uint16_t cpu, uint32_t prid);
/* One action's item; true when the action has nothing more to do (it only prints). */
bool dt_json_action(struct dt_handle *dtp, dt_strbuf_t *js, const struct dt_action *a,
		    const uint8_t *rec, uint32_t len, const dt_pfarg_t *args, int nargs);
void dt_json_probe_close(dt_strbuf_t *js);
/* printa(@a, ...) as an item of its record: the aggregations, unformatted. */
void dt_json_printa(struct dt_handle *dtp, dt_strbuf_t *js, const struct dt_action *a);
/* Aggregation id as a line of its own, {"type":"aggregation", ...}; false: no entries. */
bool dt_json_agg_line(struct dt_handle *dtp, dt_strbuf_t *sb, int id);
/* A fault (as dt_consume_fault reads it) and drops, as lines of their own. */
void dt_json_fault(dt_strbuf_t *sb, const dt_probe_t *prp, uint32_t prid, uint64_t epid,
		   const char *fault, uint64_t addr, unsigned stmt, const dt_loc_t *loc,
		   const char *message);
void dt_json_drop(dt_strbuf_t *sb, const char *kind, int cpu, uint64_t count);

/* Is the aggregation keyed by a stack() or ustack() (dt_flame.c)? */
bool dt_flame_has_stack(const dt_aggdesc_t *ad);
/* -x aggformat=folded: "frame;frame;frame value" per entry, root first, other keys first. */
void dt_flame_folded(dt_strbuf_t *sb, const dt_aggdesc_t *ad, const dt_aggent_t *ents,
		     size_t n, const dt_aggpopts_t *po);
/* A flame graph, a whole SVG document, of folded lines (those with a positive count). */
void dt_flame_svg(dt_strbuf_t *sb, const char *folded, const char *title);
/* -x flamegraph=FILE: every stack-keyed aggregation's graph written (-1: one was not). */
int dt_flame_write(struct dt_handle *dtp);
/* A stack key's frames by function, root first, joined by ';' (us NULL: user addresses raw). */
void dt_flame_stack(dt_strbuf_t *sb, const uint8_t *p, uint32_t size, bool user,
		    dt_ksyms_t *ks, dt_usyms_t *us);

/*
 * -x prometheus=ADDR:PORT (dt_prom.c): a thread serving the aggregations, read from the kernel
 * at each scrape, in Prometheus' text format. dt_prom_format writes one aggregation's metric
 * family, at most max series in all (*series counts them; entries left out add to *omitted).
 */
typedef struct dt_prom dt_prom_t;

int dt_prom_start(struct dt_handle *dtp);	/* after the maps exist; -1: said why */
void dt_prom_stop(struct dt_handle *dtp);	/* accepts a consumer without one */
void dt_prom_format(dt_strbuf_t *sb, const dt_aggdesc_t *ad, const dt_aggent_t *ents,
		    size_t n, dt_ksyms_t *ks, uint64_t *series, uint64_t max, uint64_t *omitted);

/* ---- the consume loop (dt_consume.c) -------------------------------------------------- */

struct dt_handle;

int dt_consume_init(struct dt_handle *dtp);		/* after dt_rt_load */
/* Wait up to timeout_ms for records (0: don't wait), print them, at most the ring's size
 * in bytes: 1 when that stopped it (more may wait), else 0 or -errno. */
int dt_consume_poll(struct dt_handle *dtp, int timeout_ms);
void dt_consume_drain(struct dt_handle *dtp);	/* poll until empty (probes stopped) */
int dt_consume_epoll_fd(struct dt_handle *dtp);	/* readable when records are ready */
void dt_consume_drops(struct dt_handle *dtp);		/* report new drops on stderr */
void dt_consume_aggs(struct dt_handle *dtp);		/* print every aggregation (exit) */
/* bufpolicy fill or ring: print the records kept, once tracing has stopped (after END). */
void dt_consume_held(struct dt_handle *dtp);
void dt_consume_fini(struct dt_handle *dtp);
/*
 * Flush the output (-o file or stdout). The first write that failed, here or earlier, is kept
 * in dtp->out_errno, and stops tracing: output that cannot be written is not traced on.
 */
void dt_consume_out_flush(struct dt_handle *dtp);
/*
 * User symbols and the traced process. wants_usyms: does the program print user addresses
 * (ustack(), jstack(), uaddr(), usym(), umod(), %A)? proc_exit: process pid is stopped on its
 * way out, its memory still there: print what is buffered and cache its symbols for later.
 * proc_exec: process pid has run a new program.
 */
bool dt_consume_wants_usyms(struct dt_handle *dtp);
void dt_consume_proc_exit(struct dt_handle *dtp, pid_t pid);
void dt_consume_proc_exec(struct dt_handle *dtp, pid_t pid);

#endif /* DT_CONSUMER_H */
