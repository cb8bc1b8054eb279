/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_pfmt.h: DTrace's printf format language, parsed and checked at compile time
 * (src/common/dt_pfmt.c) and formatted at run time (src/consumer/dt_printf.c).
 *
 * The parsed form is the contract between the two: the compiler keeps it in the program
 * (dt_action_t.pfmt) and the consumer prints records with it. For "a%-5d b%%%s\n":
 *
 *   conv  prefix  name  flags  width  prec  args taken
 *   #1    "a"     d     LEFT   5      -     1
 *   #2    " b"    %     -      -      -     0
 *   #3    ""      s     -      -      -     1
 *   tail  "\n"    (no conversion: the literal text after the last '%')
 */
#ifndef DT_PFMT_H
#define DT_PFMT_H

#include "dt_common.h"
#include "dt_program.h"

/* Flags of one conversion (dt_pfconv_t.flags). */
enum {
	DT_PF_ALT = 1 << 0,		/* # */
	DT_PF_ZPAD = 1 << 1,		/* 0 */
	DT_PF_LEFT = 1 << 2,		/* - */
	DT_PF_SPOS = 1 << 3,		/* + */
	DT_PF_GROUP = 1 << 4,		/* ' */
	DT_PF_SPACE = 1 << 5,		/* space */
	DT_PF_DYNWIDTH = 1 << 6,	/* * for the width */
	DT_PF_DYNPREC = 1 << 7,		/* .* for the precision */
	DT_PF_AGG = 1 << 8,		/* @: the aggregation's value (printa) */
};

/* How a conversion checks and prints its value. */
typedef enum dt_pfkind {
	DT_PFK_PCT,	/* %%: no argument */
	DT_PFK_DINT,	/* %d: signed or unsigned, as the argument is */
	DT_PFK_SINT,	/* %i, %c */
	DT_PFK_UINT,	/* %o %u %x %X %p */
	DT_PFK_FP,	/* %e %E %f %g %G: D has no floating-point values here */
	DT_PFK_STR,	/* %s */
	DT_PFK_ESTR,	/* %S: the string with C escapes */
	DT_PFK_ECHR,	/* %C: one character with C escapes */
	DT_PFK_TIME,	/* %Y: 2026 Nov 23 05:30:00 */
	DT_PFK_TIME822,	/* %T: RFC 822 */
	DT_PFK_ADDR,	/* %a %A %k: symbolized address (%k of a non-stack: raw) */
} dt_pfkind_t;

/* Which argument types a conversion accepts (and how DTrace names them in messages). */
typedef enum dt_pfcheck {
	DT_PFC_NONE,	/* %% */
	DT_PFC_XINT,	/* any integer: "char, short, int, long, or long long" */
	DT_PFC_CSI,	/* integer of at most 4 bytes: "char, short, or int" */
	DT_PFC_FP,	/* floating point: never satisfied */
	DT_PFC_ADDR,	/* pointer or integer */
	DT_PFC_STR,	/* string */
	DT_PFC_TIME,	/* 8-byte integer: "int64_t" */
	DT_PFC_STACK,	/* a stack; for now any integer or pointer */
} dt_pfcheck_t;

typedef struct dt_pfconvdef {
	char name;		/* the conversion character */
	char ofmt;		/* the C conversion it prints with */
	dt_pfkind_t kind;
	dt_pfcheck_t check;
	const char *proto;	/* the prototype as DTrace's messages print it */
} dt_pfconvdef_t;

typedef struct dt_pfconv {
	const char *prefix;	/* literal text before the conversion (points into fmt) */
	size_t preflen;
	const dt_pfconvdef_t *def;	/* NULL: only the trailing literal text */
	char name[8];		/* as written, with length modifiers: "d", "lx" */
	unsigned flags;
	int width, prec;	/* prec < 0: none given */
} dt_pfconv_t;

/* A parsed format: its conversions in order, the trailing literal text last. */
struct dt_pfmt {
	char *fmt;		/* our copy of the format: prefixes point into it */
	dt_pfconv_t *convs;
	int nconvs;		/* entries in convs, the trailing literal included */
	int nargs;
};

/* The type of an argument as the compiler sees it, for checking conversions. */
typedef struct dt_pftype {
	dt_rec_kind_t kind;	/* INT or STRING (pointers are INT with is_pointer) */
	uint32_t size;
	bool is_signed;
	bool is_pointer;
	const char *name;	/* D type name for messages: "int", "string", "char *" */
	bool is_float;		/* INT: float, double (the %e, %f, %g conversions) */
} dt_pftype_t;

typedef struct dt_pfmt dt_pfmt_t;

/*
 * Parse a D printf format. On error returns NULL and writes DTrace's message (for example
 * `format conversion #1 is undefined`... ) into *errmsg (malloc'd) and the tag (D_SYNTAX, as
 * DTrace reports a malformed format) into *tag.
 * The result owns its memory; free with dt_pfmt_free.
 */
dt_pfmt_t *dt_pfmt_parse(const char *fmt, char **errmsg, dt_errtag_t *tag);
void dt_pfmt_free(dt_pfmt_t *pf);

/* Number of arguments the format consumes (conversions plus '*' widths/precisions). */
int dt_pfmt_nargs(const dt_pfmt_t *pf);
/* Does the format have conversion c (as 'A')? */
bool dt_pfmt_has_conv(const dt_pfmt_t *pf, char c);

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

/* Does a key or record item hold a stack (%k prints it, and only it)? */
bool dt_pfmt_key_is_stack(const dt_recitem_t *it);

/*
 * Compile-time check of printa(fmt, @a, @b, ...): the keys of the first aggregation are the
 * format's arguments, in order (argument #2 is the first key, as DTrace counts: #1 is the
 * format); each %@ conversion takes the next aggregation's value, typed uint64_t for count()
 * and int64_t for the others (a %@ past the last aggregation takes the last one again). Keys
 * the format leaves out are fine. Every aggregation must have the first one's key signature.
 * Messages and tags are DTrace's:
 *
 *   D_PRINTA_AGGKEY    printa( ): @a and @b do not have matching key signatures: @a has 0
 *                      keys, @b has 1 key
 *   D_PRINTA_AGGPROTO  printa( ): @b[ ] key #2 is incompatible with @a:\n        a key #2:
 *                      int\n        b key #2: string
 *   D_PRINTF_ARG_PROTO printa( ) prototype mismatch: conversion #1 (%d) is missing a
 *                      corresponding value argument
 *   D_PRINTF_ARG_TYPE  printa( ) argument #2 is incompatible with conversion #1 prototype:
 *                      ... (a key), or printa( ) aggregating action is incompatible with
 *                      conversion #2 prototype: ... (a %@ value)
 *   D_PRINTF_DYN_*     as printf for '*' widths (which printa has no argument for)
 *
 * Returns 0, or -1 with *errmsg (malloc'd) and *tag.
 */
int dt_printa_check(const dt_pfmt_t *pf, const dt_aggdesc_t *const *aggs, int naggs,
		    char **errmsg, dt_errtag_t *tag);

/* printa() without a format: only the key signatures (D_PRINTA_AGGKEY, D_PRINTA_AGGPROTO). */
int dt_printa_check_keys(const dt_aggdesc_t *const *aggs, int naggs, char **errmsg,
			 dt_errtag_t *tag);

#endif /* DT_PFMT_H */
