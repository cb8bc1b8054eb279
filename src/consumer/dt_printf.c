/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_printf.c: DTrace's printf format language at run time: record values --> text, into a
 * dt_strbuf_t. The compiler parsed and checked each format (src/common/dt_pfmt.c); the parsed
 * form (dt_pfmt.h) travels in the program's actions to here.
 *
 * Arguments arrive as 64-bit values with their D size and signedness; each conversion narrows
 * them the way DTrace's consumer does: values smaller than 8 bytes are cast to a 32-bit int
 * (signed conversions sign-extend from the D size, unsigned ones zero-extend), 8-byte values are
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
 * that dt_aggprint.c builds. %a prints kernel symbols through common/dt_ksyms.c when given a
 * table, %A user symbols through dt_usyms.c: of the argument's own process for a uaddr(), usym()
 * or umod() value, else of the -c/-p process, as DTrace does (neither: the bare address).
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dt_consumer.h"

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
pf_spec(char *buf, size_t size, const dt_pfconv_t *cv, int width, int prec, const char *len,
	char conv)
{
	char flags[8], *f = flags;
	char w[16] = "", pr[16] = "";

	if (cv->flags & DT_PF_ALT)
		*f++ = '#';
	if (cv->flags & DT_PF_ZPAD)
		*f++ = '0';
	if (width < 0 || (cv->flags & DT_PF_LEFT))
		*f++ = '-';
	if (cv->flags & DT_PF_SPOS)
		*f++ = '+';
	if (cv->flags & DT_PF_GROUP)
		*f++ = '\'';
	if (cv->flags & DT_PF_SPACE)
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
pf_format_one(dt_strbuf_t *sb, const dt_pfconv_t *cv, const dt_pfarg_t *arg, int width, int prec,
	      const pf_syms_t *sy)
{
	const dt_pfconvdef_t *d = cv->def;
	char spec[64], buf[64];
	const char *s = NULL;
	dt_strbuf_t tmp = { 0 };
	bool is_signed;
	char conv = d->ofmt;

	switch (d->kind) {
	case DT_PFK_PCT:
		dt_sb_putc(sb, '%');
		return;
	case DT_PFK_DINT:
	case DT_PFK_SINT:
	case DT_PFK_UINT:
		if (arg->kind != DT_REC_INT)
			return;
		is_signed = d->kind == DT_PFK_SINT || (d->kind == DT_PFK_DINT && arg->is_signed);
		if (d->kind == DT_PFK_DINT)
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
	case DT_PFK_FP:
		if (arg->kind == DT_REC_INT && arg->is_float) {
			/* D has no floating-point arithmetic: values are read and printed */
			double dv;

			if (arg->size == 4) {
				float f;
				uint32_t bits = (uint32_t)arg->ival;

				memcpy(&f, &bits, 4);
				dv = f;
			} else {
				memcpy(&dv, &arg->ival, 8);
			}
			pf_spec(spec, sizeof(spec), cv, width, prec, "", conv);
			pf_emit(sb, spec, dv);
		}
		return;
	case DT_PFK_STR:
		if (arg->kind == DT_REC_STRING)
			s = arg->str ? arg->str : "";
		break;
	case DT_PFK_ESTR:
		if (arg->kind == DT_REC_STRING) {
			pf_escape(&tmp, arg->str ? arg->str : "", (size_t)-1);
			s = dt_sb_str(&tmp);
		}
		break;
	case DT_PFK_ECHR:
		if (arg->kind == DT_REC_INT) {
			char c = (char)arg->ival;

			pf_escape(&tmp, &c, 1);
			s = dt_sb_str(&tmp);
		}
		break;
	case DT_PFK_TIME:
	case DT_PFK_TIME822:
		if (arg->kind == DT_REC_INT) {
			pf_time(buf, sizeof(buf), arg->ival, d->kind == DT_PFK_TIME822);
			s = buf;
		}
		break;
	case DT_PFK_ADDR:
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
		const dt_pfconv_t *cv = &pf->convs[i];
		int width = cv->width, prec = cv->prec;

		dt_sb_putn(sb, cv->prefix, cv->preflen);
		if (!cv->def)
			continue;
		if (cv->def->kind == DT_PFK_PCT) {
			dt_sb_putc(sb, '%');
			continue;
		}
		if (cv->flags & DT_PF_DYNWIDTH) {
			if (j >= nargs)
				return;
			width = (int)pf_sext(args[j].ival, args[j].size);
			j++;
		}
		if (cv->flags & DT_PF_DYNPREC) {
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
		const dt_pfconv_t *cv = &pf->convs[i];
		int width = cv->width, prec = cv->prec;
		dt_keyfmt_t kf;
		dt_pfarg_t arg;

		dt_sb_putn(sb, cv->prefix, cv->preflen);
		if (!cv->def)
			continue;
		if (cv->def->kind == DT_PFK_PCT) {
			dt_sb_putc(sb, '%');
			continue;
		}
		if ((cv->flags & DT_PF_DYNWIDTH) && j < kd->nkeys) {
			arg = pa_key_arg(row, j++, DT_KEYFMT_PLAIN, &sy, &tmp);
			width = (int)pf_sext(arg.ival, arg.size);
		}
		if ((cv->flags & DT_PF_DYNPREC) && j < kd->nkeys) {
			arg = pa_key_arg(row, j++, DT_KEYFMT_PLAIN, &sy, &tmp);
			prec = (int)pf_sext(arg.ival, arg.size);
		}
		if (cv->flags & DT_PF_AGG) {
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
		if (kf == DT_KEYFMT_STACK || kf == DT_KEYFMT_USTACK ||
		    dt_pfmt_key_is_stack(&kd->keys[j])) {
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
