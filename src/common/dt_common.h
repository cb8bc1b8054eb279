/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_common.h: the shared toolbox every stage of the pipeline uses.
 *
 *   - an arena allocator: one per compilation; everything a compile makes (tokens, AST, types,
 *     diagnostics) lives in it and is freed at once;
 *   - growable vectors and string buffers;
 *   - source locations and diagnostics: compile errors are values collected in a list, each
 *     with file, line, column, span and an optional hint, printed with the source line and a
 *     caret. Nothing here longjmps or exits.
 *
 * No mutable globals live here or anywhere else: state hangs off the handle or the compile
 * context so tests can run many compiles in one process.
 */
#ifndef DT_COMMON_H
#define DT_COMMON_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define DT_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define DT_ALIGN(x, a) (((x) + ((a) - 1)) & ~((size_t)(a) - 1))
#define DT_MIN(a, b) ((a) < (b) ? (a) : (b))
#define DT_MAX(a, b) ((a) > (b) ? (a) : (b))
#define DT_PRINTF(f, a) __attribute__((format(printf, f, a)))

/* ---- arena ---------------------------------------------------------------------------- */

typedef struct dt_arena_chunk dt_arena_chunk_t;
typedef struct dt_arena {
	dt_arena_chunk_t *chunks;
	size_t used;	/* bytes used in the current (first) chunk */
	size_t cap;	/* capacity of the current chunk */
} dt_arena_t;

void dt_arena_init(dt_arena_t *a);
void dt_arena_fini(dt_arena_t *a);		/* frees everything; accepts a zeroed arena */
void dt_arena_reset(dt_arena_t *a);		/* forget all allocations, keep one chunk */
void *dt_arena_alloc(dt_arena_t *a, size_t size);	/* zeroed, 16-byte aligned; aborts on OOM */
char *dt_arena_strdup(dt_arena_t *a, const char *s);
char *dt_arena_strndup(dt_arena_t *a, const char *s, size_t n);
char *dt_arena_printf(dt_arena_t *a, const char *fmt, ...) DT_PRINTF(2, 3);

/* Allocation that cannot fail: aborts with a message on OOM (the tool cannot go on anyway). */
void *dt_xmalloc(size_t n);
void *dt_xcalloc(size_t n, size_t m);
void *dt_xrealloc(void *p, size_t n);
char *dt_xstrdup(const char *s);

/*
 * A time as DTrace's options and profile probe names write it: a decimal number with a unit
 * (ns nsec us usec ms msec s sec m min h hour d day, in any case) or a rate with "hz"; a bare
 * number is a rate in Hz when bare_is_hz (profile-97), else nanoseconds (-x switchrate=500,
 * as DTrace's options read it). 0, or -1 when malformed, negative, a rate of 0 Hz or too
 * large for 64 bits of nanoseconds.
 */
int dt_parse_time(const char *s, uint64_t *ns, bool bare_is_hz);

/* ---- vectors -------------------------------------------------------------------------- */

/* A vector of T: DT_VEC(int) v = {0}; dt_vec_push(&v, 3); v.data[0]; dt_vec_free(&v); */
#define DT_VEC(T)                                                                            \
	struct {                                                                             \
		T *data;                                                                     \
		size_t len, cap;                                                             \
	}
/* x is evaluated first: it may itself push onto the same vector (found by fuzzing). */
#define dt_vec_push(v, x)                                                                    \
	do {                                                                                 \
		__typeof__(*(v)->data) dt_vec_x_ = (x);                                      \
		if ((v)->len == (v)->cap) {                                                  \
			(v)->cap = (v)->cap ? (v)->cap * 2 : 8;                              \
			(v)->data = dt_xrealloc((v)->data, (v)->cap * sizeof(*(v)->data));   \
		}                                                                            \
		(v)->data[(v)->len++] = dt_vec_x_;                                           \
	} while (0)
#define dt_vec_free(v)                                                                       \
	do {                                                                                 \
		free((v)->data);                                                             \
		(v)->data = NULL;                                                            \
		(v)->len = (v)->cap = 0;                                                     \
	} while (0)

/* ---- string buffer -------------------------------------------------------------------- */

typedef struct dt_strbuf {
	char *s;	/* always NUL-terminated once anything was appended */
	size_t len, cap;
} dt_strbuf_t;

void dt_sb_putc(dt_strbuf_t *sb, char c);
void dt_sb_puts(dt_strbuf_t *sb, const char *s);
void dt_sb_putn(dt_strbuf_t *sb, const char *s, size_t n);
void dt_sb_printf(dt_strbuf_t *sb, const char *fmt, ...) DT_PRINTF(2, 3);
void dt_sb_vprintf(dt_strbuf_t *sb, const char *fmt, va_list ap) DT_PRINTF(2, 0);
const char *dt_sb_str(dt_strbuf_t *sb);	/* "" when empty */
void dt_sb_reset(dt_strbuf_t *sb);		/* len = 0, keeps the memory */
void dt_sb_free(dt_strbuf_t *sb);

/* ---- source locations and diagnostics ------------------------------------------------- */

/*
 * A source: the text of one -n description or one -s file. "name" is what messages show:
 * the file name for -s, NULL for -n (messages then quote the description, as DTrace does).
 */
typedef struct dt_source {
	const char *name;	/* file name, or NULL for a -n description */
	const char *text;	/* NUL-terminated program text */
	size_t len;
} dt_source_t;

typedef struct dt_loc {
	const dt_source_t *src;
	int line, col;		/* 1-based; col counts bytes */
	int len;		/* span length in bytes on that line (>= 1 when known) */
	int dline;		/* the line DTrace's message names when not this one (0: line):
				 * DTrace blames the line its lexer had reached, often the next
				 * token's; the caret still shows where the construct is.
				 * DT_LINE_NONE: DTrace's message names no line */
} dt_loc_t;

#define DT_LINE_NONE (-1)

/*
 * Error tags are DTrace's, so suites that match on them (-x errtags) keep working.
 * One X-macro list: the enum and the name table cannot drift apart.
 */
#define DT_ERRTAGS(X)                                                                        \
	X(D_UNKNOWN)                                                                         \
	X(D_SYNTAX)                                                                          \
	X(D_CHR_NL)                                                                          \
	X(D_CHR_NULL)                                                                        \
	X(D_CHR_OFLOW)                                                                       \
	X(D_STR_NL)                                                                          \
	X(D_INT_OFLOW)                                                                       \
	X(D_INT_DIGIT)                                                                       \
	X(D_UNKNOWN_ESC)                                                                     \
	X(D_BADCHAR)                                                                         \
	X(D_COMMENT_EOF)                                                                     \
	X(D_PDESC_ZERO)                                                                      \
	X(D_PDESC_INVAL)                                                                     \
	X(D_IDENT_UNDEF)                                                                     \
	X(D_IDENT_BADREF)                                                                    \
	X(D_SYM_NOTYPES)                                                                     \
	X(D_OP_INT)                                                                          \
	X(D_OP_ARITH)                                                                        \
	X(D_OP_SCALAR)                                                                       \
	X(D_OP_INCOMPAT)                                                                     \
	X(D_OP_LVAL)                                                                         \
	X(D_OP_WRITE)                                                                        \
	X(D_OP_ACT)                                                                          \
	X(D_DIV_ZERO)                                                                        \
	X(D_FUNC_UNDEF)                                                                      \
	X(D_FUNC_IDENT)                                                                      \
	X(D_PROTO_LEN)                                                                       \
	X(D_PROTO_ARG)                                                                       \
	X(D_PRINTF_ARG_FMT)                                                                  \
	X(D_FREOPEN_INVALID)                                                                 \
	X(D_PRINTF_ARG_TYPE)                                                                 \
	X(D_PRINTF_ARG_EXTRA)                                                                \
	X(D_PRINTF_ARG_PROTO)                                                                \
	X(D_PRINTF_FMT_EMPTY)                                                                \
	X(D_PRINTF_DYN_PROTO)                                                                \
	X(D_PRINTF_DYN_TYPE)                                                                 \
	X(D_PRINTF_AGG_CONV)                                                                 \
	X(D_PRINTA_PROTO)                                                                    \
	X(D_PRINTA_AGGARG)                                                                   \
	X(D_PRINTA_AGGBAD)                                                                   \
	X(D_PRINTA_AGGKEY)                                                                   \
	X(D_PRINTA_AGGPROTO)                                                                 \
	X(D_PRINT_SIZE)                                                                      \
	X(D_CLEAR_PROTO)                                                                     \
	X(D_CLEAR_AGGARG)                                                                    \
	X(D_CLEAR_AGGBAD)                                                                    \
	X(D_NORMALIZE_PROTO)                                                                 \
	X(D_NORMALIZE_SCALAR)                                                                \
	X(D_NORMALIZE_AGGARG)                                                                \
	X(D_NORMALIZE_AGGBAD)                                                                \
	X(D_TRUNC_PROTO)                                                                     \
	X(D_TRUNC_SCALAR)                                                                    \
	X(D_TRUNC_AGGARG)                                                                    \
	X(D_TRUNC_AGGBAD)                                                                    \
	X(D_AGG_FUNC)                                                                        \
	X(D_AGG_SCALAR)                                                                      \
	X(D_AGG_MDIM)                                                                        \
	X(D_AGG_REDEF)                                                                       \
	X(D_AGG_NULL)                                                                        \
	X(D_AGG_COMM)                                                                        \
	X(D_KEY_TYPE)                                                                        \
	X(D_CG_EXPR)                                                                         \
	X(D_CG_DYN)                                                                          \
	X(D_OP_ARRFUN)                                                                       \
	X(D_PRED_SCALAR)                                                                     \
	X(D_LQUANT_BASETYPE)                                                                 \
	X(D_LQUANT_BASEVAL)                                                                  \
	X(D_LQUANT_LIMTYPE)                                                                  \
	X(D_LQUANT_LIMVAL)                                                                   \
	X(D_LQUANT_MISMATCH)                                                                 \
	X(D_LQUANT_STEPTYPE)                                                                 \
	X(D_LQUANT_STEPVAL)                                                                  \
	X(D_LQUANT_STEPLARGE)                                                                \
	X(D_LQUANT_STEPSMALL)                                                                \
	X(D_LQUANT_MATCHBASE)                                                                \
	X(D_LQUANT_MATCHLIM)                                                                 \
	X(D_LQUANT_MATCHSTEP)                                                                \
	X(D_LLQUANT_FACTORTYPE)                                                              \
	X(D_LLQUANT_FACTORVAL)                                                               \
	X(D_LLQUANT_LMAGTYPE)                                                                \
	X(D_LLQUANT_LMAGVAL)                                                                 \
	X(D_LLQUANT_HMAGTYPE)                                                                \
	X(D_LLQUANT_HMAGVAL)                                                                 \
	X(D_LLQUANT_STEPTYPE)                                                                \
	X(D_LLQUANT_STEPVAL)                                                                 \
	X(D_LLQUANT_MATCHFACTOR)                                                             \
	X(D_LLQUANT_MATCHLMAG)                                                               \
	X(D_LLQUANT_MATCHHMAG)                                                               \
	X(D_LLQUANT_MATCHSTEPS)                                                              \
	X(D_ARR_BADREF)                                                                      \
	X(D_ARR_BOUNDS)                                                                      \
	X(D_ARR_LOCAL)                                                                       \
	X(D_ADDROF_VAR)                                                                      \
	X(D_ADDROF_LVAL)                                                                     \
	X(D_DECL_LOCASSC)                                                                    \
	X(D_DECL_TYPERED)                                                                    \
	X(D_DECL_IDRED)                                                                      \
	X(D_DECL_ENCONST)                                                                    \
	X(D_DECL_ENOFLOW)                                                                    \
	X(D_DECL_INCOMPLETE)                                                                 \
	X(D_DECL_VOIDOBJ)                                                                    \
	X(D_DECL_MNAME)                                                                      \
	X(D_DECL_ARRSUB)                                                                     \
	X(D_DECL_ARRNULL)                                                                    \
	X(D_DECL_PROTO_VARARGS)                                                              \
	X(D_DECL_PARMCLASS)                                                                  \
	X(D_DECL_PROTO_TYPE)                                                                 \
	X(D_DECL_ARRBIG)                                                                     \
	X(D_DECL_DYNOBJ)                                                                     \
	X(D_DECL_USELESS)                                                                    \
	X(D_DECL_BADCLASS)                                                                   \
	X(D_VAR_UNSUP)                                                                       \
	X(D_VAR_UNDEF)                                                                       \
	X(D_ATTR_MIN)                                                                        \
	X(D_PRAGMA_MALFORM)                                                                  \
	X(D_PRAGMA_INVAL)                                                                    \
	X(D_PRAGMA_OPTSET)                                                                   \
	X(D_PRAGERR)                                                                         \
	X(D_PRAGMA_DEPEND)                                                                   \
	X(D_PRAGMA_UNUSED)                                                                   \
	X(D_PRAGMA_SCOPE)                                                                    \
	X(D_MACRO_UNDEF)                                                                     \
	X(D_EMPTY)                                                                           \
	X(D_ACT_SPEC)                                                                        \
	X(D_EXIT_SPEC)                                                                       \
	X(D_COMM_COMM)                                                                       \
	X(D_COMM_DREC)                                                                       \
	X(D_SPEC_SPEC)                                                                       \
	X(D_SPEC_COMM)                                                                       \
	X(D_SPEC_DREC)                                                                       \
	X(D_DREC_COMM)                                                                       \
	X(D_TYPE_ERR)                                                                        \
	X(D_TYPE_MEMBER)                                                                     \
	X(D_XLATE_REDECL)                                                                    \
	X(D_XLATE_NOCONV)                                                                    \
	X(D_XLATE_NONE)                                                                      \
	X(D_XLATE_SOU)                                                                       \
	X(D_XLATE_INCOMPAT)                                                                  \
	X(D_XLATE_MEMB)                                                                      \
	X(D_OP_SOU)                                                                          \
	X(D_OP_INCOMPLETE)                                                                   \
	X(D_SIZEOF_TYPE)                                                                     \
	X(D_OFFSETOF_TYPE)                                                                   \
	X(D_OFFSETOF_BITFIELD)                                                               \
	X(D_SIZEOF_BITFIELD)                                                                 \
	X(D_ADDROF_BITFIELD)                                                                 \
	X(D_DECL_BFCONST)                                                                    \
	X(D_DECL_BFSIZE)                                                                     \
	X(D_DECL_BFTYPE)                                                                     \
	X(D_DECL_CLASS)                                                                      \
	X(D_DECL_SCOPE)                                                                      \
	X(D_DECL_PROTO_VOID)                                                                 \
	X(D_DECL_PROTO_NAME)                                                                 \
	X(D_DECL_PROTO_FORM)                                                                 \
	X(D_DECL_COMBO)                                                                      \
	X(D_DECL_CHARATTR)                                                                   \
	X(D_DECL_VOIDATTR)                                                                   \
	X(D_DECL_SIGNINT)                                                                    \
	X(D_DECL_LONGINT)                                                                    \
	X(D_OP_PTR)                                                                          \
	X(D_OP_VFPTR)                                                                        \
	X(D_DEREF_NONPTR)                                                                    \
	X(D_DEREF_VOID)                                                                      \
	X(D_DEREF_FUNC)                                                                      \
	X(D_CAST_INVAL)                                                                      \
	X(D_AGG_SPEC)                                                                        \
	X(D_ARGS_IDX)                                                                        \
	X(D_ARGS_TYPE)                                                                       \
	X(D_TRACEMEM_SIZE)                                                                   \
	X(D_TRACEMEM_ADDR)                                                                   \
	X(D_TRACE_VOID)                                                                      \
	X(D_TRACE_DYN)                                                                       \
	X(D_STACK_SIZE)                                                                      \
	X(D_USTACK_FRAMES)                                                                   \
	X(D_USTACK_STRSIZE)                                                                  \
	X(D_STRINGOF_TYPE)                                                                   \
	X(D_ALLOCA_SIZE)                                                                     \
	X(D_ALLOCA_INCOMPAT)                                                                 \
	X(D_PROV_BADNAME)                                                                    \
	X(D_PROV_INCOMPAT)                                                                   \
	X(D_PROV_PRARGLEN)                                                                   \
	X(D_UNSUPPORTED)

typedef enum dt_errtag {
#define DT_X_ENUM(t) t,
	DT_ERRTAGS(DT_X_ENUM)
#undef DT_X_ENUM
	DT_ERRTAG_COUNT
} dt_errtag_t;

const char *dt_errtag_name(dt_errtag_t tag);

typedef struct dt_diag {
	struct dt_diag *next;
	dt_errtag_t tag;
	dt_loc_t loc;
	char *msg;	/* DTrace's wording, without the "dtrace: ..." prefix */
	char *hint;	/* our addition, or NULL */
	const char *region;	/* "predicate", "action list": DTrace names it when there is no
				 * line number to give (descriptions given with -n) */
} dt_diag_t;

typedef struct dt_diags {
	dt_arena_t *arena;
	dt_diag_t *head, **tail;
	int count;
	int max;	/* stop collecting past this many (0 = 20) */
} dt_diags_t;

void dt_diags_init(dt_diags_t *d, dt_arena_t *arena);
dt_diag_t *dt_diag_error(dt_diags_t *d, dt_errtag_t tag, dt_loc_t loc, const char *fmt, ...)
	DT_PRINTF(4, 5);
void dt_diag_hint(dt_diags_t *d, dt_diag_t *diag, const char *fmt, ...) DT_PRINTF(3, 4);

/*
 * Print every diagnostic DTrace-style:
 *   dtrace: failed to compile script x.d: line 3: syntax error near ")"     (-s)
 *   dtrace: invalid probe specifier BEGIN { ... }: syntax error near ")"     (-n)
 * then our additions: "x.d:3:14: error: ...", the source line and a caret under the span,
 * and the hint. With errtags, the tag is printed in front of the message as DTrace does.
 * Only the first max errors are printed (-x maxerrors, default 1): DTrace stops at the first
 * error, and what follows a first error is often its echo (a cascade, the same mistake again).
 */
void dt_diags_print(const dt_diags_t *d, FILE *fp, bool errtags, unsigned max);

/* The name messages give loc's source: the file, or "-n" for a description. */
const char *dt_loc_file(dt_loc_t loc);
/* The source line of loc (src set, line > 0), then a caret under its span. */
void dt_loc_show(FILE *fp, dt_loc_t loc);

/* The text of line "line" of src (without the newline), for carets. */
const char *dt_source_line(const dt_source_t *src, int line, size_t *lenp);

#endif /* DT_COMMON_H */
