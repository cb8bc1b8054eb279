/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_pfmt.c: DTrace's printf format language at compile time, in two steps.
 *
 *   parse  "x=%-*d %s\n"  -->  a list of conversions, each with the literal text before it,
 *                              its flags, width, precision and name (dt_pfmt.h draws it)
 *   check  the argument types against each conversion's prototype, with DTrace's messages and
 *          error tags; for printa(), the first aggregation's keys and the %@ values
 *
 * The consumer formats records with the parsed form (src/consumer/dt_printf.c). Conversions are
 * numbered from 1 in messages, counting %% too (as DTrace does). Length modifiers (h hh l ll L
 * z j t w) are accepted and ignored: the D size of the argument decides.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "dt_pfmt.h"

static const char pf_proto_xint[] = "char, short, int, long, or long long";
static const char pf_proto_csi[] = "char, short, or int";
static const char pf_proto_fp[] = "float, double, or long double";
static const char pf_proto_addr[] = "pointer or integer";
static const char pf_proto_uaddr[] =
	"pointer or integer (with -p/-c) or _usymaddr (without -p/-c)";
static const char pf_proto_cstr[] = "char [] or string (or use stringof)";

static const dt_pfconvdef_t pf_convs[] = {
	{ 'a', 's', DT_PFK_ADDR, DT_PFC_ADDR, pf_proto_addr },
	{ 'A', 's', DT_PFK_ADDR, DT_PFC_ADDR, pf_proto_uaddr },
	{ 'c', 'c', DT_PFK_SINT, DT_PFC_CSI, pf_proto_csi },
	{ 'C', 's', DT_PFK_ECHR, DT_PFC_CSI, pf_proto_csi },
	{ 'd', 'd', DT_PFK_DINT, DT_PFC_XINT, pf_proto_xint },
	{ 'e', 'e', DT_PFK_FP, DT_PFC_FP, pf_proto_fp },
	{ 'E', 'E', DT_PFK_FP, DT_PFC_FP, pf_proto_fp },
	{ 'f', 'f', DT_PFK_FP, DT_PFC_FP, pf_proto_fp },
	{ 'g', 'g', DT_PFK_FP, DT_PFC_FP, pf_proto_fp },
	{ 'G', 'G', DT_PFK_FP, DT_PFC_FP, pf_proto_fp },
	{ 'i', 'i', DT_PFK_SINT, DT_PFC_XINT, pf_proto_xint },
	{ 'k', 's', DT_PFK_ADDR, DT_PFC_STACK, "stack" },
	{ 'o', 'o', DT_PFK_UINT, DT_PFC_XINT, pf_proto_xint },
	{ 'p', 'x', DT_PFK_UINT, DT_PFC_ADDR, pf_proto_addr },
	{ 's', 's', DT_PFK_STR, DT_PFC_STR, pf_proto_cstr },
	{ 'S', 's', DT_PFK_ESTR, DT_PFC_STR, pf_proto_cstr },
	{ 'T', 's', DT_PFK_TIME822, DT_PFC_TIME, "int64_t" },
	{ 'u', 'u', DT_PFK_UINT, DT_PFC_XINT, pf_proto_xint },
	{ 'x', 'x', DT_PFK_UINT, DT_PFC_XINT, pf_proto_xint },
	{ 'X', 'X', DT_PFK_UINT, DT_PFC_XINT, pf_proto_xint },
	{ 'Y', 's', DT_PFK_TIME, DT_PFC_TIME, "int64_t" },
	{ '%', '%', DT_PFK_PCT, DT_PFC_NONE, "void" },
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

static const dt_pfconvdef_t *
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
pf_parse_conv(const char *p, dt_pfconv_t *cv, int num, char **msg)
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
				cv->flags |= DT_PF_ZPAD;
				cv->flags &= ~DT_PF_LEFT;
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
			cv->flags |= DT_PF_ALT;
			continue;
		case '*': {
			unsigned f = dot ? DT_PF_DYNPREC : DT_PF_DYNWIDTH;

			if (cv->flags & f) {
				*msg = pf_msg("format conversion #%d has more than one '*' "
					      "specified for the output %s", num,
					      dot ? "precision" : "width");
				return NULL;
			}
			cv->flags |= f;
			continue;
		}
		case '+':
			cv->flags |= DT_PF_SPOS;
			continue;
		case '-':
			cv->flags |= DT_PF_LEFT;
			cv->flags &= ~DT_PF_ZPAD;
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
			cv->flags |= DT_PF_AGG;
			continue;
		case '\'':
			cv->flags |= DT_PF_GROUP;
			continue;
		case ' ':
			cv->flags |= DT_PF_SPACE;
			continue;
		case '$':
			*msg = pf_msg("format conversion #%d uses unsupported positional "
				      "format (%%n$)", num);
			return NULL;
		case '\0':
			if (namelen) {	/* a size prefix alone ("%z"): DTrace's words */
				cv->name[namelen] = '\0';
				*msg = pf_msg("format conversion #%d is undefined: %%%s", num,
					      cv->name);
				return NULL;
			}
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
		dt_pfconv_t *cv;
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
		if (cv->def->kind != DT_PFK_PCT && !(cv->flags & DT_PF_AGG))
			pf->nargs++;
		if (cv->flags & DT_PF_DYNWIDTH)
			pf->nargs++;
		if (cv->flags & DT_PF_DYNPREC)
			pf->nargs++;
	}
	if (*q != '\0') {
		dt_pfconv_t *cv;

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
	return t->kind == DT_REC_INT && !t->is_pointer && !t->is_float;
}

static bool
pf_type_ok(dt_pfcheck_t check, const dt_pftype_t *t)
{
	switch (check) {
	case DT_PFC_NONE:
		return true;
	case DT_PFC_XINT:
		return pf_is_integer(t);
	case DT_PFC_CSI:
		return pf_is_integer(t) && t->size <= 4;
	case DT_PFC_FP:
		return t->kind == DT_REC_INT && t->is_float;
	case DT_PFC_ADDR:
	case DT_PFC_STACK:
		return t->kind == DT_REC_INT;
	case DT_PFC_STR:
		return t->kind == DT_REC_STRING;
	case DT_PFC_TIME:
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
		const dt_pfconv_t *cv = &pf->convs[i];
		const char *dyns[2];
		int dync = 0;

		if (!cv->def || cv->def->kind == DT_PFK_PCT)
			continue;
		/* DTrace takes the width's argument first, then the precision's. */
		if (cv->flags & DT_PF_DYNPREC)
			dyns[dync++] = ".*";
		if (cv->flags & DT_PF_DYNWIDTH)
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
		if (cv->flags & DT_PF_AGG) {
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

/* ---- printa() ------------------------------------------------------------------------- */

/*
 * printa(fmt, @a, @b): the first aggregation's keys are the arguments, and %@ conversions the
 * values. A key item is a stack when its slot holds more than one 8-byte word.
 */
bool
dt_pfmt_key_is_stack(const dt_recitem_t *it)
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
	if (dt_pfmt_key_is_stack(it))
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
	return l->kind == r->kind && dt_pfmt_key_is_stack(l) == dt_pfmt_key_is_stack(r);
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
pa_type_ok(const dt_pfconvdef_t *def, const dt_recitem_t *it)
{
	dt_pftype_t t;

	/* A stack prints only with %k, and %k prints only stacks. */
	if (dt_pfmt_key_is_stack(it) || def->check == DT_PFC_STACK)
		return dt_pfmt_key_is_stack(it) && def->check == DT_PFC_STACK;
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
	if (ad->keys[j].kind != DT_REC_INT || dt_pfmt_key_is_stack(&ad->keys[j])) {
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
		const dt_pfconv_t *cv = &pf->convs[i];
		const char *dyns[2];
		int dync = 0;

		if (!cv->def || cv->def->kind == DT_PFK_PCT)
			continue;
		if (cv->flags & DT_PF_DYNPREC)
			dyns[dync++] = ".*";
		if (cv->flags & DT_PF_DYNWIDTH)
			dyns[dync++] = "*";
		for (; dync; dync--) {
			if (pa_check_dyn(ad, j++, i + 1, cv->name, dyns[dync - 1], errmsg, tag))
				return -1;
		}
		if (cv->flags & DT_PF_AGG) {
			if (!pf_type_ok(cv->def->check, &aggt) || cv->def->check == DT_PFC_STACK) {
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
