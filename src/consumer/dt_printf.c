/*
 * dt_printf.c: DTrace's printf format language, in three steps.
 *
 *   parse  (compile time)  "x=%-*d %s\n"  -->  a list of conversions, each with the literal text
 *                                               before it, its flags, width, precision and name
 *   check  (compile time)  the argument types against each conversion's prototype, with
 *                          DTrace's messages and error tags
 *   format (run time)      record values --> text, into a dt_strbuf_t
 *
 * The parsed form, for "a%-5d b%%%s\n":
 *
 *   conv  prefix  name  flags  width  prec  args taken
 *   #1    "a"     d     LEFT   5      -     1
 *   #2    " b"    %     -      -      -     0
 *   #3    ""      s     -      -      -     1
 *   tail  "\n"    (no conversion: the literal text after the last '%')
 *
 * Conversions are numbered from 1 in messages, counting %% too (as DTrace does). Arguments
 * arrive as 64-bit values with their D size and signedness; each conversion narrows them the
 * way DTrace's consumer does: values smaller than 8 bytes are cast to a 32-bit int (signed
 * conversions sign-extend from the D size, unsigned ones zero-extend), 8-byte values are
 * printed as long long. %d follows the argument's signedness (it prints an unsigned int as
 * %u would); %i is always signed. Length modifiers (h hh l ll L z j t w) are accepted and
 * ignored: the D size of the argument decides.
 *
 * The text of one conversion is produced by the C library's printf from a conversion spec we
 * build from the parsed fields (flags in DTrace's order: # 0 - + ' space), so widths,
 * precisions and flags behave exactly as C's (and DTrace's, which does the same).
 *
 * printa(fmt, @a, @b) uses the same parsed form: the first aggregation's keys are the
 * arguments, and each %@ conversion takes the next aggregation's value from a row of the join
 * that dt_aggprint.c builds. %a prints kernel symbols through dt_ksyms.c when given a table,
 * %A user symbols through dt_usyms.c: of the argument's own process for a uaddr(), usym() or
 * umod() value, else of the -c/-p process, as DTrace does (neither: the bare address).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dt_consumer.h"

enum {
	PF_ALT = 1 << 0,	/* # */
	PF_ZPAD = 1 << 1,	/* 0 */
	PF_LEFT = 1 << 2,	/* - */
	PF_SPOS = 1 << 3,	/* + */
	PF_GROUP = 1 << 4,	/* ' */
	PF_SPACE = 1 << 5,	/* space */
	PF_DYNWIDTH = 1 << 6,	/* * for the width */
	PF_DYNPREC = 1 << 7,	/* .* for the precision */
	PF_AGG = 1 << 8,	/* @: the aggregation's value (printa) */
};

/* How a conversion checks and prints its value. */
typedef enum pf_kind {
	PK_PCT,		/* %%: no argument */
	PK_DINT,	/* %d: signed or unsigned, as the argument is */
	PK_SINT,	/* %i, %c */
	PK_UINT,	/* %o %u %x %X %p */
	PK_FP,		/* %e %E %f %g %G: D has no floating-point values here */
	PK_STR,		/* %s */
	PK_ESTR,	/* %S: the string with C escapes */
	PK_ECHR,	/* %C: one character with C escapes */
	PK_TIME,	/* %Y: 2026 Nov 23 05:30:00 */
	PK_TIME822,	/* %T: RFC 822 */
	PK_ADDR,	/* %a %A %k: symbolized address (%k of a non-stack: raw) */
} pf_kind_t;

/* Which argument types a conversion accepts (and how DTrace names them in messages). */
typedef enum pf_check {
	PC_NONE,	/* %% */
	PC_XINT,	/* any integer: "char, short, int, long, or long long" */
	PC_CSI,		/* integer of at most 4 bytes: "char, short, or int" */
	PC_FP,		/* floating point: never satisfied */
	PC_ADDR,	/* pointer or integer */
	PC_STR,		/* string */
	PC_TIME,	/* 8-byte integer: "int64_t" */
	PC_STACK,	/* a stack; for now any integer or pointer */
} pf_check_t;

typedef struct pf_convdef {
	char name;		/* the conversion character */
	char ofmt;		/* the C conversion it prints with */
	pf_kind_t kind;
	pf_check_t check;
	const char *proto;	/* the prototype as DTrace's messages print it */
} pf_convdef_t;

static const char pf_proto_xint[] = "char, short, int, long, or long long";
static const char pf_proto_csi[] = "char, short, or int";
static const char pf_proto_fp[] = "float, double, or long double";
static const char pf_proto_addr[] = "pointer or integer";
static const char pf_proto_uaddr[] =
	"pointer or integer (with -p/-c) or _usymaddr (without -p/-c)";
static const char pf_proto_cstr[] = "char [] or string (or use stringof)";

static const pf_convdef_t pf_convs[] = {
	{ 'a', 's', PK_ADDR, PC_ADDR, pf_proto_addr },
	{ 'A', 's', PK_ADDR, PC_ADDR, pf_proto_uaddr },
	{ 'c', 'c', PK_SINT, PC_CSI, pf_proto_csi },
	{ 'C', 's', PK_ECHR, PC_CSI, pf_proto_csi },
	{ 'd', 'd', PK_DINT, PC_XINT, pf_proto_xint },
	{ 'e', 'e', PK_FP, PC_FP, pf_proto_fp },
	{ 'E', 'E', PK_FP, PC_FP, pf_proto_fp },
	{ 'f', 'f', PK_FP, PC_FP, pf_proto_fp },
	{ 'g', 'g', PK_FP, PC_FP, pf_proto_fp },
	{ 'G', 'G', PK_FP, PC_FP, pf_proto_fp },
	{ 'i', 'i', PK_SINT, PC_XINT, pf_proto_xint },
	{ 'k', 's', PK_ADDR, PC_STACK, "stack" },
	{ 'o', 'o', PK_UINT, PC_XINT, pf_proto_xint },
	{ 'p', 'x', PK_UINT, PC_ADDR, pf_proto_addr },
	{ 's', 's', PK_STR, PC_STR, pf_proto_cstr },
	{ 'S', 's', PK_ESTR, PC_STR, pf_proto_cstr },
	{ 'T', 's', PK_TIME822, PC_TIME, "int64_t" },
	{ 'u', 'u', PK_UINT, PC_XINT, pf_proto_xint },
	{ 'x', 'x', PK_UINT, PC_XINT, pf_proto_xint },
	{ 'X', 'X', PK_UINT, PC_XINT, pf_proto_xint },
	{ 'Y', 's', PK_TIME, PC_TIME, "int64_t" },
	{ '%', '%', PK_PCT, PC_NONE, "void" },
};

typedef struct pf_conv {
	const char *prefix;	/* literal text before the conversion (points into fmt) */
	size_t preflen;
	const pf_convdef_t *def;	/* NULL: only the trailing literal text */
	char name[8];		/* as written, with length modifiers: "d", "lx" */
	unsigned flags;
	int width, prec;	/* prec < 0: none given */
} pf_conv_t;

struct dt_pfmt {
	char *fmt;		/* our copy of the format: prefixes point into it */
	pf_conv_t *convs;
	int nconvs;		/* entries in convs, the trailing literal included */
	int nargs;
};

static char *
pf_msg(const char *fmt, ...) DT_PRINTF(1, 2);

static char *
pf_msg(const char *fmt, ...)
{
	dt_strbuf_t sb = { 0 };
	va_list ap;

	va_start(ap, fmt);
	dt_sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	return sb.s ? sb.s : dt_xstrdup("");
}

static const pf_convdef_t *
pf_lookup(char c)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(pf_convs); i++) {
		if (pf_convs[i].name == c)
			return &pf_convs[i];
	}
	return NULL;
}

static dt_pfmt_t *
pf_fail(dt_pfmt_t *pf, char **errmsg, dt_errtag_t *tag, char *msg)
{
	*errmsg = msg;
	*tag = D_SYNTAX;	/* DTrace's tag for a malformed format */
	dt_pfmt_free(pf);
	return NULL;
}

/*
 * Parse one conversion starting just after its '%'. Returns the position after it, or NULL
 * with *msg set. "num" is the conversion's number for messages.
 */
static const char *
pf_parse_conv(const char *p, pf_conv_t *cv, int num, char **msg)
{
	size_t namelen = 0;
	int digits = 0, dot = 0;

	cv->prec = -1;
	for (;; p++) {
		char c = *p;

		switch (c) {
		case '0': case '1': case '2': case '3': case '4':
		case '5': case '6': case '7': case '8': case '9': {
			int n = 0;

			if (!dot && !digits && c == '0') {
				cv->flags |= PF_ZPAD;
				cv->flags &= ~PF_LEFT;
				continue;
			}
			/* Saturate: a huge width is as wide as a line can usefully be. */
			for (; isdigit((unsigned char)*p); p++)
				n = n > 99999 ? 999999 : n * 10 + (*p - '0');
			p--;
			if (dot)
				cv->prec = n;
			else
				cv->width = n;
			digits++;
			continue;
		}
		case '#':
			cv->flags |= PF_ALT;
			continue;
		case '*': {
			unsigned f = dot ? PF_DYNPREC : PF_DYNWIDTH;

			if (cv->flags & f) {
				/* DTrace's message says "precision" for both. */
				*msg = pf_msg("format conversion #%d has more than one '*' "
					      "specified for the output precision", num);
				return NULL;
			}
			cv->flags |= f;
			continue;
		}
		case '+':
			cv->flags |= PF_SPOS;
			continue;
		case '-':
			cv->flags |= PF_LEFT;
			cv->flags &= ~PF_ZPAD;
			continue;
		case '.':
			if (dot++) {
				*msg = pf_msg("format conversion #%d has more than one '.' "
					      "specified", num);
				return NULL;
			}
			digits = 0;
			if (cv->prec < 0)
				cv->prec = 0;
			continue;
		case '?':
			cv->width = 16;
			continue;
		case '@':
			cv->flags |= PF_AGG;
			continue;
		case '\'':
			cv->flags |= PF_GROUP;
			continue;
		case ' ':
			cv->flags |= PF_SPACE;
			continue;
		case '$':
			*msg = pf_msg("format conversion #%d uses unsupported positional "
				      "format (%%n$)", num);
			return NULL;
		case '\0':
			*msg = pf_msg("format conversion #%d name expected before end of "
				      "format string", num);
			return NULL;
		case 'h': case 'l': case 'L': case 'w': case 'z': case 'j': case 't':
			if (namelen < sizeof(cv->name) - 2)
				cv->name[namelen++] = c;
			continue;
		case '%':
			if (p[-1] != '%') {
				*msg = pf_msg("format conversion #%d cannot be combined with "
					      "other format flags: %%%%", num);
				return NULL;
			}
			/* %%: the conversion named "%" */
			/* fall through */
		default:
			cv->name[namelen++] = c;
			cv->name[namelen] = '\0';
			cv->def = pf_lookup(c);
			if (!cv->def) {
				*msg = pf_msg("format conversion #%d is undefined: %%%s", num,
					      cv->name);
				return NULL;
			}
			return p + 1;
		}
	}
}

dt_pfmt_t *
dt_pfmt_parse(const char *fmt, char **errmsg, dt_errtag_t *tag)
{
	dt_pfmt_t *pf = dt_xcalloc(1, sizeof(*pf));
	const char *q, *p;
	size_t cap = 0;

	pf->fmt = dt_xstrdup(fmt);
	*errmsg = NULL;
	for (q = pf->fmt; (p = strchr(q, '%')) != NULL;) {
		pf_conv_t *cv;
		char *msg = NULL;

		if ((size_t)pf->nconvs == cap) {
			cap = cap ? cap * 2 : 8;
			pf->convs = dt_xrealloc(pf->convs, cap * sizeof(*pf->convs));
		}
		cv = &pf->convs[pf->nconvs++];
		memset(cv, 0, sizeof(*cv));
		cv->prefix = q;
		cv->preflen = (size_t)(p - q);
		q = pf_parse_conv(p + 1, cv, pf->nconvs, &msg);
		if (!q)
			return pf_fail(pf, errmsg, tag, msg);
		if (cv->def->kind != PK_PCT && !(cv->flags & PF_AGG))
			pf->nargs++;
		if (cv->flags & PF_DYNWIDTH)
			pf->nargs++;
		if (cv->flags & PF_DYNPREC)
			pf->nargs++;
	}
	if (*q != '\0') {
		pf_conv_t *cv;

		pf->convs = dt_xrealloc(pf->convs, (pf->nconvs + 1) * sizeof(*pf->convs));
		cv = &pf->convs[pf->nconvs++];
		memset(cv, 0, sizeof(*cv));
		cv->prefix = q;
		cv->preflen = strlen(q);
	}
	return pf;
}

void
dt_pfmt_free(dt_pfmt_t *pf)
{
	if (!pf)
		return;
	free(pf->convs);
	free(pf->fmt);
	free(pf);
}

int
dt_pfmt_nargs(const dt_pfmt_t *pf)
{
	return pf->nargs;
}

bool
dt_pfmt_has_conv(const dt_pfmt_t *pf, char c)
{
	for (int i = 0; pf && i < pf->nconvs; i++)
		if (pf->convs[i].def && pf->convs[i].def->name == c)
			return true;
	return false;
}

static bool
pf_is_integer(const dt_pftype_t *t)
{
	return t->kind == DT_REC_INT && !t->is_pointer;
}

static bool
pf_type_ok(pf_check_t check, const dt_pftype_t *t)
{
	switch (check) {
	case PC_NONE:
		return true;
	case PC_XINT:
		return pf_is_integer(t);
	case PC_CSI:
		return pf_is_integer(t) && t->size <= 4;
	case PC_FP:
		return false;
	case PC_ADDR:
	case PC_STACK:
		return t->kind == DT_REC_INT;
	case PC_STR:
		return t->kind == DT_REC_STRING;
	case PC_TIME:
		return pf_is_integer(t) && t->size == 8;
	}
	return false;
}

static const char *
pf_type_name(const dt_pftype_t *t)
{
	if (t->name)
		return t->name;
	return t->kind == DT_REC_STRING ? "string" : "int";
}

int
dt_pfmt_check(const dt_pfmt_t *pf, const char *what, const dt_pftype_t *args, int nargs,
	      char **errmsg, dt_errtag_t *tag, int *argno)
{
	int j = 0;	/* next argument */

	*errmsg = NULL;
	*argno = -1;
	if (pf->fmt[0] == '\0') {
		*tag = D_PRINTF_FMT_EMPTY;
		*errmsg = pf_msg("%s( ) format string is empty", what);
		return -1;
	}
	for (int i = 0; i < pf->nconvs; i++) {
		const pf_conv_t *cv = &pf->convs[i];
		const char *dyns[2];
		int dync = 0;

		if (!cv->def || cv->def->kind == PK_PCT)
			continue;
		/* DTrace takes the width's argument first, then the precision's. */
		if (cv->flags & PF_DYNPREC)
			dyns[dync++] = ".*";
		if (cv->flags & PF_DYNWIDTH)
			dyns[dync++] = "*";
		for (; dync; dync--) {
			if (j >= nargs) {
				*tag = D_PRINTF_DYN_PROTO;
				*errmsg = pf_msg("%s( ) prototype mismatch: conversion #%d (%%%s) "
						 "is missing a corresponding \"%s\" argument",
						 what, i + 1, cv->name, dyns[dync - 1]);
				return -1;
			}
			if (!pf_is_integer(&args[j])) {
				*tag = D_PRINTF_DYN_TYPE;
				*argno = j;
				*errmsg = pf_msg("%s( ) argument #%d is incompatible with "
						 "conversion #%d prototype:\n\tconversion: %% %s %s\n"
						 "\t prototype: int\n\t  argument: %s",
						 what, j + 2, i + 1, dyns[dync - 1], cv->name,
						 pf_type_name(&args[j]));
				return -1;
			}
			j++;
		}
		if (cv->flags & PF_AGG) {
			*tag = D_PRINTF_AGG_CONV;
			*errmsg = pf_msg("%%@ conversion requires an aggregation and is not for "
					 "use with %s( )", what);
			return -1;
		}
		if (j >= nargs) {
			*tag = D_PRINTF_ARG_PROTO;
			*errmsg = pf_msg("%s( ) prototype mismatch: conversion #%d (%%%s) is "
					 "missing a corresponding value argument",
					 what, i + 1, cv->name);
			return -1;
		}
		if (!pf_type_ok(cv->def->check, &args[j])) {
			*tag = D_PRINTF_ARG_TYPE;
			*argno = j;
			*errmsg = pf_msg("%s( ) argument #%d is incompatible with conversion #%d "
					 "prototype:\n\tconversion: %%%s\n\t prototype: %s\n"
					 "\t  argument: %s",
					 what, j + 2, i + 1, cv->name, cv->def->proto,
					 pf_type_name(&args[j]));
			return -1;
		}
		j++;
	}
	if (j < nargs) {
		*tag = D_PRINTF_ARG_EXTRA;
		*argno = j;
		*errmsg = pf_msg("%s( ) prototype mismatch: only %d arguments required by this "
				 "format string", what, j);
		return -1;
	}
	return 0;
}

/* ---- formatting ----------------------------------------------------------------------- */

/*
 * Append printf output for a conversion spec built at run time. The spec always comes from
 * pf_spec() below, from a conversion that parsing and checking accepted, with exactly one
 * value of the type its conversion character expects; so the compiler's check of literal
 * formats (-Wformat-nonliteral) is switched off here, and only here.
 */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
static void
pf_emit(dt_strbuf_t *sb, const char *spec, ...)
{
	va_list ap;

	va_start(ap, spec);
	dt_sb_vprintf(sb, spec, ap);
	va_end(ap);
}
#pragma GCC diagnostic pop

/* Build "%<flags><width>.<prec><len><conv>" the way DTrace's consumer does. */
static void
pf_spec(char *buf, size_t size, const pf_conv_t *cv, int width, int prec, const char *len,
	char conv)
{
	char flags[8], *f = flags;
	char w[16] = "", pr[16] = "";

	if (cv->flags & PF_ALT)
		*f++ = '#';
	if (cv->flags & PF_ZPAD)
		*f++ = '0';
	if (width < 0 || (cv->flags & PF_LEFT))
		*f++ = '-';
	if (cv->flags & PF_SPOS)
		*f++ = '+';
	if (cv->flags & PF_GROUP)
		*f++ = '\'';
	if (cv->flags & PF_SPACE)
		*f++ = ' ';
	*f = '\0';
	if (width != 0)
		snprintf(w, sizeof(w), "%d", width < 0 ? -width : width);
	/* DTrace drops a zero precision: "%.0s" prints the whole string. */
	if (prec > 0)
		snprintf(pr, sizeof(pr), ".%d", prec);
	snprintf(buf, size, "%%%s%s%s%s%c", flags, w, pr, len, conv);
}

/* The value narrowed to its D size, sign- or zero-extended back to 64 bits. */
static int64_t
pf_sext(uint64_t v, uint32_t size)
{
	switch (size) {
	case 1:
		return (int8_t)v;
	case 2:
		return (int16_t)v;
	case 4:
		return (int32_t)v;
	default:
		return (int64_t)v;
	}
}

static uint64_t
pf_zext(uint64_t v, uint32_t size)
{
	switch (size) {
	case 1:
		return (uint8_t)v;
	case 2:
		return (uint16_t)v;
	case 4:
		return (uint32_t)v;
	default:
		return v;
	}
}

/* C escapes for %S and %C: \n \t ... for the usual ones, \ooo for other non-printables. */
static void
pf_escape(dt_strbuf_t *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n && s[i] != '\0'; i++) {
		unsigned char c = (unsigned char)s[i];
		const char *e = NULL;

		switch (c) {
		case '\a': e = "\\a"; break;
		case '\b': e = "\\b"; break;
		case '\f': e = "\\f"; break;
		case '\n': e = "\\n"; break;
		case '\r': e = "\\r"; break;
		case '\t': e = "\\t"; break;
		case '\v': e = "\\v"; break;
		case '"': e = "\\\""; break;
		case '\\': e = "\\\\"; break;
		default: break;
		}
		if (e) {
			dt_sb_puts(out, e);
		} else if (c != ' ' && (c < '!' || c > '~')) {
			char oct[5] = { '\\', (char)('0' + ((c >> 6) & 3)),
					(char)('0' + ((c >> 3) & 7)), (char)('0' + (c & 7)), 0 };
			dt_sb_puts(out, oct);
		} else {
			dt_sb_putc(out, (char)c);
		}
	}
}

/* %Y: "2026 Nov 23 05:30:00" (the year first, then ctime's month, day and time). */
static void
pf_time(char *buf, size_t size, uint64_t ns, bool rfc822)
{
	time_t sec = (time_t)(ns / 1000000000ULL);
	struct tm tm;

	localtime_r(&sec, &tm);
	if (rfc822)
		strftime(buf, size, "%a, %d %b %G %T %Z", &tm);
	else
		strftime(buf, size, "%Y %b %e %T", &tm);
}

/* The symbol tables %a and %A read, and the process %A of a plain address names. */
typedef struct pf_syms {
	dt_ksyms_t *ks;
	dt_usyms_t *us;
	pid_t target;
} pf_syms_t;

static void
pf_format_one(dt_strbuf_t *sb, const pf_conv_t *cv, const dt_pfarg_t *arg, int width, int prec,
	      const pf_syms_t *sy)
{
	const pf_convdef_t *d = cv->def;
	char spec[64], buf[64];
	const char *s = NULL;
	dt_strbuf_t tmp = { 0 };
	bool is_signed;
	char conv = d->ofmt;

	switch (d->kind) {
	case PK_PCT:
		dt_sb_putc(sb, '%');
		return;
	case PK_DINT:
	case PK_SINT:
	case PK_UINT:
		if (arg->kind != DT_REC_INT)
			return;
		is_signed = d->kind == PK_SINT || (d->kind == PK_DINT && arg->is_signed);
		if (d->kind == PK_DINT)
			conv = is_signed ? 'i' : 'u';
		if (arg->size == 8) {
			pf_spec(spec, sizeof(spec), cv, width, prec, "ll", conv);
			if (is_signed)
				pf_emit(sb, spec, (long long)arg->ival);
			else
				pf_emit(sb, spec, (unsigned long long)arg->ival);
		} else {
			pf_spec(spec, sizeof(spec), cv, width, prec, "", conv);
			if (is_signed)
				pf_emit(sb, spec, (int)pf_sext(arg->ival, arg->size));
			else
				pf_emit(sb, spec, (unsigned)pf_zext(arg->ival, arg->size));
		}
		return;
	case PK_FP:
		return;
	case PK_STR:
		if (arg->kind == DT_REC_STRING)
			s = arg->str ? arg->str : "";
		break;
	case PK_ESTR:
		if (arg->kind == DT_REC_STRING) {
			pf_escape(&tmp, arg->str ? arg->str : "", (size_t)-1);
			s = dt_sb_str(&tmp);
		}
		break;
	case PK_ECHR:
		if (arg->kind == DT_REC_INT) {
			char c = (char)arg->ival;

			pf_escape(&tmp, &c, 1);
			s = dt_sb_str(&tmp);
		}
		break;
	case PK_TIME:
	case PK_TIME822:
		if (arg->kind == DT_REC_INT) {
			pf_time(buf, sizeof(buf), arg->ival, d->kind == PK_TIME822);
			s = buf;
		}
		break;
	case PK_ADDR:
		if (arg->kind == DT_REC_STRING) {
			/* Already symbolized (a func()/mod() key in printa). */
			s = arg->str ? arg->str : "";
		} else if (cv->def->name == 'a') {
			dt_ksym_fmt_addr(&tmp, sy->ks, pf_zext(arg->ival, arg->size));
			s = dt_sb_str(&tmp);
		} else if (cv->def->name == 'A') {
			dt_usym_fmt_addr(&tmp, sy->us, arg->upid ? arg->upid : sy->target,
					 pf_zext(arg->ival, arg->size));
			s = dt_sb_str(&tmp);
		} else {
			/* %k of a non-stack. */
			snprintf(buf, sizeof(buf), "0x%llx",
				 (unsigned long long)pf_zext(arg->ival, arg->size));
			s = buf;
		}
		break;
	}
	if (s) {
		pf_spec(spec, sizeof(spec), cv, width, prec, "", 's');
		pf_emit(sb, spec, s);
	}
	dt_sb_free(&tmp);
}

void
dt_pfmt_format_syms(dt_strbuf_t *sb, const dt_pfmt_t *pf, const dt_pfarg_t *args, int nargs,
		    dt_ksyms_t *ks, dt_usyms_t *us, pid_t target)
{
	const pf_syms_t sy = { ks, us, target };
	int j = 0;

	for (int i = 0; i < pf->nconvs; i++) {
		const pf_conv_t *cv = &pf->convs[i];
		int width = cv->width, prec = cv->prec;

		dt_sb_putn(sb, cv->prefix, cv->preflen);
		if (!cv->def)
			continue;
		if (cv->def->kind == PK_PCT) {
			dt_sb_putc(sb, '%');
			continue;
		}
		if (cv->flags & PF_DYNWIDTH) {
			if (j >= nargs)
				return;
			width = (int)pf_sext(args[j].ival, args[j].size);
			j++;
		}
		if (cv->flags & PF_DYNPREC) {
			if (j >= nargs)
				return;
			prec = (int)pf_sext(args[j].ival, args[j].size);
			j++;
		}
		if (j >= nargs)
			return;
		pf_format_one(sb, cv, &args[j++], width, prec, &sy);
	}
}

void
dt_pfmt_format_ks(dt_strbuf_t *sb, const dt_pfmt_t *pf, const dt_pfarg_t *args, int nargs,
		  dt_ksyms_t *ks)
{
	dt_pfmt_format_syms(sb, pf, args, nargs, ks, NULL, 0);
}

void
dt_pfmt_format(dt_strbuf_t *sb, const dt_pfmt_t *pf, const dt_pfarg_t *args, int nargs)
{
	dt_pfmt_format_syms(sb, pf, args, nargs, NULL, NULL, 0);
}

/* ---- printa() ------------------------------------------------------------------------- */

/*
 * printa(fmt, @a, @b): the first aggregation's keys are the arguments, and %@ conversions the
 * values. A key item is a stack when its slot holds more than one 8-byte word.
 */
static bool
pa_is_stack(const dt_recitem_t *it)
{
	if (it->fmt != DT_RECFMT_PLAIN)
		return it->fmt == DT_RECFMT_STACK || it->fmt == DT_RECFMT_USTACK;
	return it->kind == DT_REC_INT && it->size > 8;
}

static const char *
pa_key_type(const dt_recitem_t *it)
{
	if (it->type_name)
		return it->type_name;
	if (pa_is_stack(it))
		return "stack";
	return it->kind == DT_REC_STRING ? "string" : "int";
}

static const char *
pa_name(const dt_aggdesc_t *ad)
{
	return ad->name && ad->name[0] ? ad->name : "_";
}

/* Whether two key items can be printed by one format (DTrace's "argument compatible"). */
static bool
pa_key_compat(const dt_recitem_t *l, const dt_recitem_t *r)
{
	return l->kind == r->kind && pa_is_stack(l) == pa_is_stack(r);
}

int
dt_printa_check_keys(const dt_aggdesc_t *const *aggs, int naggs, char **errmsg,
		     dt_errtag_t *tag)
{
	const dt_aggdesc_t *l = aggs[0];

	for (int a = 1; a < naggs; a++) {
		const dt_aggdesc_t *r = aggs[a];

		if (l->nkeys != r->nkeys) {
			*tag = D_PRINTA_AGGKEY;
			*errmsg = pf_msg("printa( ): @%s and @%s do not have matching key "
					 "signatures: @%s has %d key%s, @%s has %d key%s",
					 pa_name(l), pa_name(r), pa_name(l), l->nkeys,
					 l->nkeys == 1 ? "" : "s", pa_name(r), r->nkeys,
					 r->nkeys == 1 ? "" : "s");
			return -1;
		}
		for (int k = 0; k < l->nkeys; k++) {
			if (pa_key_compat(&l->keys[k], &r->keys[k]))
				continue;
			*tag = D_PRINTA_AGGPROTO;
			*errmsg = pf_msg("printa( ): @%s[ ] key #%d is incompatible with @%s:\n"
					 "%9s key #%d: %s\n%9s key #%d: %s",
					 pa_name(r), k + 1, pa_name(l), pa_name(l), k + 1,
					 pa_key_type(&l->keys[k]), pa_name(r), k + 1,
					 pa_key_type(&r->keys[k]));
			return -1;
		}
	}
	return 0;
}

/* A key as the conversion checks see it. */
static dt_pftype_t
pa_key_pftype(const dt_recitem_t *it)
{
	return (dt_pftype_t){ .kind = it->kind, .size = it->size, .is_signed = it->is_signed,
			      .name = pa_key_type(it) };
}

static bool
pa_type_ok(const pf_convdef_t *def, const dt_recitem_t *it)
{
	dt_pftype_t t;

	/* A stack prints only with %k, and %k prints only stacks. */
	if (pa_is_stack(it) || def->check == PC_STACK)
		return pa_is_stack(it) && def->check == PC_STACK;
	t = pa_key_pftype(it);
	return pf_type_ok(def->check, &t);
}

/* A '*' width or precision takes the next key, which must be an integer. */
static int
pa_check_dyn(const dt_aggdesc_t *ad, int j, int conv, const char *name, const char *dyn,
	     char **errmsg, dt_errtag_t *tag)
{
	if (j >= ad->nkeys) {
		*tag = D_PRINTF_DYN_PROTO;
		*errmsg = pf_msg("printa( ) prototype mismatch: conversion #%d (%%%s) is missing a "
				 "corresponding \"%s\" argument", conv, name, dyn);
		return -1;
	}
	if (ad->keys[j].kind != DT_REC_INT || pa_is_stack(&ad->keys[j])) {
		*tag = D_PRINTF_DYN_TYPE;
		*errmsg = pf_msg("printa( ) argument #%d is incompatible with conversion #%d "
				 "prototype:\n\tconversion: %% %s %s\n\t prototype: int\n"
				 "\t  argument: %s", j + 2, conv, dyn, name,
				 pa_key_type(&ad->keys[j]));
		return -1;
	}
	return 0;
}

int
dt_printa_check(const dt_pfmt_t *pf, const dt_aggdesc_t *const *aggs, int naggs,
		char **errmsg, dt_errtag_t *tag)
{
	const dt_aggdesc_t *ad = aggs[0];
	/* DTrace types every %@ value by the first aggregation's function. */
	dt_pftype_t aggt = { .kind = DT_REC_INT, .size = 8,
			     .is_signed = ad->func != DT_AGG_COUNT,
			     .name = ad->func == DT_AGG_COUNT ? "uint64_t" : "int64_t" };
	int j = 0;	/* next key */

	*errmsg = NULL;
	if (pf->fmt[0] == '\0') {
		*tag = D_PRINTF_FMT_EMPTY;
		*errmsg = pf_msg("printa( ) format string is empty");
		return -1;
	}
	for (int i = 0; i < pf->nconvs; i++) {
		const pf_conv_t *cv = &pf->convs[i];
		const char *dyns[2];
		int dync = 0;

		if (!cv->def || cv->def->kind == PK_PCT)
			continue;
		if (cv->flags & PF_DYNPREC)
			dyns[dync++] = ".*";
		if (cv->flags & PF_DYNWIDTH)
			dyns[dync++] = "*";
		for (; dync; dync--) {
			if (pa_check_dyn(ad, j++, i + 1, cv->name, dyns[dync - 1], errmsg, tag))
				return -1;
		}
		if (cv->flags & PF_AGG) {
			if (!pf_type_ok(cv->def->check, &aggt) || cv->def->check == PC_STACK) {
				*tag = D_PRINTF_ARG_TYPE;
				*errmsg = pf_msg("printa( ) aggregating action is incompatible with"
						 " conversion #%d prototype:\n\tconversion: %%%s"
						 "\n\t prototype: %s\n\t  argument: %s", i + 1,
						 cv->name, cv->def->proto, aggt.name);
				return -1;
			}
			continue;
		}
		if (j >= ad->nkeys) {
			*tag = D_PRINTF_ARG_PROTO;
			*errmsg = pf_msg("printa( ) prototype mismatch: conversion #%d (%%%s) is "
					 "missing a corresponding value argument", i + 1, cv->name);
			return -1;
		}
		if (!pa_type_ok(cv->def, &ad->keys[j])) {
			*tag = D_PRINTF_ARG_TYPE;
			*errmsg = pf_msg("printa( ) argument #%d is incompatible with conversion "
					 "#%d prototype:\n\tconversion: %%%s\n\t prototype: %s\n"
					 "\t  argument: %s",
					 j + 2, i + 1, cv->name, cv->def->proto,
					 pa_key_type(&ad->keys[j]));
			return -1;
		}
		j++;
	}
	return dt_printa_check_keys(aggs, naggs, errmsg, tag);
}

/* One key item as a printf argument (keyfmt SYM/MOD/U*: already symbolized into tmp). */
static dt_pfarg_t
pa_key_arg(const dt_aggrow_t *row, int k, dt_keyfmt_t kf, const pf_syms_t *sy, dt_strbuf_t *tmp)
{
	const dt_recitem_t *it = &row->keydesc->keys[k];
	const uint8_t *p = row->key + it->offset;
	dt_pfarg_t a = { .kind = it->kind, .size = it->size, .is_signed = it->is_signed };
	uint64_t v = 0;

	if (it->kind == DT_REC_STRING) {
		/* Bounded by the slot: a key's string may fill it without a NUL. */
		dt_sb_reset(tmp);
		dt_sb_putn(tmp, (const char *)p, strnlen((const char *)p, it->size));
		a.str = dt_sb_str(tmp);
		return a;
	}
	memcpy(&v, p, DT_MIN(it->size, 8));
	if (kf == DT_KEYFMT_UADDR || kf == DT_KEYFMT_USYM || kf == DT_KEYFMT_UMOD) {
		uint64_t w[2] = { 0, 0 };

		memcpy(w, p, DT_MIN(it->size, sizeof(w)));
		dt_sb_reset(tmp);
		dt_usym_fmt_item(tmp, sy->us, kf, w);
		return (dt_pfarg_t){ .kind = DT_REC_STRING, .str = dt_sb_str(tmp) };
	}
	if (kf == DT_KEYFMT_SYM || kf == DT_KEYFMT_MOD) {
		dt_sb_reset(tmp);
		if (kf == DT_KEYFMT_SYM)
			dt_ksym_fmt_sym(tmp, sy->ks, v);
		else
			dt_ksym_fmt_mod(tmp, sy->ks, v);
		return (dt_pfarg_t){ .kind = DT_REC_STRING, .str = dt_sb_str(tmp) };
	}
	a.size = DT_MIN(it->size, 8);
	a.ival = it->is_signed ? (uint64_t)pf_sext(v, a.size) : pf_zext(v, a.size);
	return a;
}

static void
pa_format_row(dt_strbuf_t *sb, const dt_pfmt_t *pf, const dt_aggdesc_t *const *aggs, int naggs,
	      const dt_aggrow_t *row, const dt_printa_opts_t *po)
{
	const dt_aggdesc_t *kd = row->keydesc;
	const pf_syms_t sy = { po ? po->ksyms : NULL, po ? po->usyms : NULL, po ? po->target : 0 };
	dt_strbuf_t tmp = { 0 };
	int j = 0, curagg = 0;

	for (int i = 0; i < pf->nconvs; i++) {
		const pf_conv_t *cv = &pf->convs[i];
		int width = cv->width, prec = cv->prec;
		dt_keyfmt_t kf;
		dt_pfarg_t arg;

		dt_sb_putn(sb, cv->prefix, cv->preflen);
		if (!cv->def)
			continue;
		if (cv->def->kind == PK_PCT) {
			dt_sb_putc(sb, '%');
			continue;
		}
		if ((cv->flags & PF_DYNWIDTH) && j < kd->nkeys) {
			arg = pa_key_arg(row, j++, DT_KEYFMT_PLAIN, &sy, &tmp);
			width = (int)pf_sext(arg.ival, arg.size);
		}
		if ((cv->flags & PF_DYNPREC) && j < kd->nkeys) {
			arg = pa_key_arg(row, j++, DT_KEYFMT_PLAIN, &sy, &tmp);
			prec = (int)pf_sext(arg.ival, arg.size);
		}
		if (cv->flags & PF_AGG) {
			const dt_aggdesc_t *ad = aggs[curagg];
			const uint64_t *val = row->vals[curagg];
			uint64_t normal = po && po->normal ? po->normal[curagg] : 1;

			/* A %@ past the last aggregation prints the last one again. */
			if (curagg < naggs - 1)
				curagg++;
			if (dt_agg_is_hist(ad)) {
				dt_agg_print_value(sb, ad, val, normal);
				continue;
			}
			arg = (dt_pfarg_t){ .kind = DT_REC_INT, .size = 8,
					    .is_signed = ad->func != DT_AGG_COUNT,
					    .ival = (uint64_t)dt_agg_value(ad, val, normal) };
			pf_format_one(sb, cv, &arg, width, prec, &sy);
			continue;
		}
		if (j >= kd->nkeys)
			break;
		kf = po && po->keyfmt ? po->keyfmt[j] : DT_KEYFMT_PLAIN;
		if (kf == DT_KEYFMT_STACK || kf == DT_KEYFMT_USTACK || pa_is_stack(&kd->keys[j])) {
			const dt_recitem_t *it = &kd->keys[j++];
			uint64_t pcs[128];
			size_t n = DT_MIN(it->size / 8, DT_ARRAY_SIZE(pcs));
			int ind = po ? po->stackindent : 0;

			ind = ind == 0 ? DT_STACK_INDENT : ind < 0 ? 0 : ind;
			memcpy(pcs, row->key + it->offset, n * 8);
			if (kf == DT_KEYFMT_USTACK || it->fmt == DT_RECFMT_USTACK)
				dt_usym_fmt_stack(sb, sy.us, pcs, n, ind);
			else
				dt_ksym_fmt_stack(sb, sy.ks, pcs, n, ind);
			continue;
		}
		arg = pa_key_arg(row, j++, kf, &sy, &tmp);
		pf_format_one(sb, cv, &arg, width, prec, &sy);
	}
	dt_sb_free(&tmp);
}

void
dt_printa_format(dt_strbuf_t *sb, const dt_pfmt_t *pf, const dt_aggdesc_t *const *aggs,
		 int naggs, const dt_aggent_t *const *ents, const size_t *nents,
		 const dt_aggsort_t *opt, const dt_printa_opts_t *popt)
{
	dt_aggjoin_t j;

	if (naggs <= 0)
		return;
	dt_agg_join(&j, aggs, naggs, ents, nents, opt);
	for (size_t r = 0; r < j.nrows; r++)
		pa_format_row(sb, pf, aggs, naggs, &j.rows[r], popt);
	dt_agg_join_free(&j);
}
