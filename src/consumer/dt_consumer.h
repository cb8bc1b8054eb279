/*
 * dt_consumer.h: the consumer's one internal header.
 *
 *   ring buffer --read--> records --decode--> actions --format--> terminal
 *   aggregation maps --snapshot--> merged entries --sort--> printed tables
 *
 * Formatting is pure code (bytes in, text out), so it is unit-tested without a kernel:
 * dt_printf.c (DTrace's printf language), dt_format.c (trace() and the default record line),
 * dt_aggprint.c (aggregation tables and histograms). dt_consume.c owns the loop.
 */
#ifndef DT_CONSUMER_H
#define DT_CONSUMER_H

#include "../common/dt_common.h"
#include "../common/dt_program.h"

/* ---- printf --------------------------------------------------------------------------- */

/* One argument value handed to the formatter. */
typedef struct dt_pfarg {
	dt_rec_kind_t kind;	/* DT_REC_INT or DT_REC_STRING */
	uint64_t ival;		/* INT: the value, already sign- or zero-extended to 64 bits */
	uint32_t size;		/* INT: the D type's size in bytes (1, 2, 4, 8) */
	bool is_signed;		/* INT */
	const char *str;	/* STRING: NUL-terminated (bounded by strsize) */
} dt_pfarg_t;

/* The type of an argument as the compiler sees it, for checking conversions. */
typedef struct dt_pftype {
	dt_rec_kind_t kind;	/* INT or STRING (pointers are INT with is_pointer) */
	uint32_t size;
	bool is_signed;
	bool is_pointer;
	const char *name;	/* D type name for messages: "int", "string", "char *" */
} dt_pftype_t;

typedef struct dt_pfmt dt_pfmt_t;

/*
 * Parse a D printf format. On error returns NULL and writes DTrace's message (for example
 * `format conversion #1 is undefined`... ) into *errmsg (malloc'd) and the tag into *tag.
 * The result owns its memory; free with dt_pfmt_free.
 */
dt_pfmt_t *dt_pfmt_parse(const char *fmt, char **errmsg, dt_errtag_t *tag);
void dt_pfmt_free(dt_pfmt_t *pf);

/* Number of arguments the format consumes (conversions plus '*' widths/precisions). */
int dt_pfmt_nargs(const dt_pfmt_t *pf);

/*
 * Check argument types against the conversions, DTrace-style. "what" names the function
 * ("printf"); argument #1 is the format, so the first value argument is #2 in messages:
 *   printf( ) argument #2 is incompatible with conversion #1 prototype:
 *   \tconversion: %e\n\t prototype: float, double, or long double\n\t  argument: int
 * Returns 0, or -1 with *errmsg (malloc'd), *tag and *argno (0-based index into args of the
 * offending argument, -1 for errors about the whole call).
 */
int dt_pfmt_check(const dt_pfmt_t *pf, const char *what, const dt_pftype_t *args, int nargs,
		  char **errmsg, dt_errtag_t *tag, int *argno);

/* Format into sb. */
void dt_pfmt_format(dt_strbuf_t *sb, const dt_pfmt_t *pf, const dt_pfarg_t *args, int nargs);

/* ---- records -------------------------------------------------------------------------- */

/* The "CPU ID FUNCTION:NAME" header and the start of one record line. */
void dt_fmt_header(dt_strbuf_t *sb);
void dt_fmt_probe_prefix(dt_strbuf_t *sb, int cpu, uint32_t probe_id, const char *func,
			 const char *name);

/* trace() of one datum, quiet or not, exactly as DTrace prints it. */
void dt_fmt_trace(dt_strbuf_t *sb, const dt_pfarg_t *arg, bool quiet);

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
	bool by_key;
	int keypos;
	bool reverse;
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

/* ---- the consume loop (dt_consume.c) -------------------------------------------------- */

struct dt_handle;

int dt_consume_init(struct dt_handle *dtp);		/* after dt_rt_load */
/* Wait up to timeout_ms for records (0: don't wait), print them. 0 or -errno. */
int dt_consume_poll(struct dt_handle *dtp, int timeout_ms);
int dt_consume_epoll_fd(struct dt_handle *dtp);	/* readable when records are ready */
void dt_consume_drops(struct dt_handle *dtp);		/* report new drops on stderr */
void dt_consume_aggs(struct dt_handle *dtp);		/* print every aggregation (exit) */
void dt_consume_fini(struct dt_handle *dtp);

#endif /* DT_CONSUMER_H */
