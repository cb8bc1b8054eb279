/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_json.c: -x oformat=json, every record as one JSON object on a line of its own (JSON
 * Lines), for programs reading dtrace's output. doc/OUTPUT.md is the schema.
 *
 * The objects are built here from the same decoded records, symbols and aggregation snapshots
 * the text output uses; dt_consume.c calls in where it would print text. Strings may hold any
 * byte a kernel string can: JSON wants Unicode, so bytes that are not UTF-8 become U+FFFD and
 * the item says what they were ("bytes", hex). Integers are written exactly, signed or unsigned
 * by their D type: 64-bit values are never rounded through a double.
 */
#include <stdlib.h>
#include <string.h>

#include "../compiler/dt_compiler.h"
#include "../runtime/dt_runtime.h"
#include "dt_consumer.h"

size_t
dt_utf8_seq(const uint8_t *s, size_t n)
{
	size_t len;
	uint32_t cp, min;

	if (n == 0)
		return 0;
	if (s[0] < 0x80)
		return 1;
	if ((s[0] & 0xe0) == 0xc0) {
		len = 2, cp = s[0] & 0x1f, min = 0x80;
	} else if ((s[0] & 0xf0) == 0xe0) {
		len = 3, cp = s[0] & 0x0f, min = 0x800;
	} else if ((s[0] & 0xf8) == 0xf0) {
		len = 4, cp = s[0] & 0x07, min = 0x10000;
	} else {
		return 0;
	}
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	/* overlong forms, surrogates and past U+10FFFF are not UTF-8 */
	if (cp < min || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return len;
}

bool
dt_json_str(dt_strbuf_t *sb, const char *s, size_t n)
{
	const uint8_t *p = (const uint8_t *)s;
	bool valid = true;

	dt_sb_putc(sb, '"');
	for (size_t i = 0; i < n;) {
		uint8_t c = p[i];
		size_t l;

		if (c == '"' || c == '\\') {
			dt_sb_putc(sb, '\\');
			dt_sb_putc(sb, (char)c);
		} else if (c == '\n') {
			dt_sb_puts(sb, "\\n");
		} else if (c == '\t') {
			dt_sb_puts(sb, "\\t");
		} else if (c == '\r') {
			dt_sb_puts(sb, "\\r");
		} else if (c < 0x20 || c == 0x7f) {
			dt_sb_printf(sb, "\\u%04x", c);
		} else if (c < 0x80) {
			dt_sb_putc(sb, (char)c);
		} else if ((l = dt_utf8_seq(p + i, n - i)) != 0) {
			dt_sb_putn(sb, s + i, l);
			i += l;
			continue;
		} else {
			dt_sb_puts(sb, "\\ufffd");
			valid = false;
		}
		i++;
	}
	dt_sb_putc(sb, '"');
	return valid;
}

static void
json_cstr(dt_strbuf_t *sb, const char *s)
{
	dt_json_str(sb, s ? s : "", s ? strlen(s) : 0);
}

/* "key":"text", and "bytes":"hex" after it when the text was not UTF-8. */
static void
json_text(dt_strbuf_t *sb, const char *key, const char *s, size_t n)
{
	dt_sb_printf(sb, "\"%s\":", key);
	if (dt_json_str(sb, s, n))
		return;
	dt_sb_puts(sb, ",\"bytes\":\"");
	for (size_t i = 0; i < n; i++)
		dt_sb_printf(sb, "%02x", (uint8_t)s[i]);
	dt_sb_putc(sb, '"');
}

/* An integer of D size size, signed or not, exactly. */
static void
json_int(dt_strbuf_t *sb, uint64_t v, uint32_t size, bool is_signed)
{
	if (size < 8 && size > 0) {
		unsigned bits = size * 8;

		v &= (1ULL << bits) - 1;
		if (is_signed && (v >> (bits - 1)))
			v |= ~0ULL << bits;
	}
	if (is_signed)
		dt_sb_printf(sb, "%lld", (long long)v);
	else
		dt_sb_printf(sb, "%llu", (unsigned long long)v);
}

/* The next item of an array or object: a comma unless it is the first. */
static void
json_sep(dt_strbuf_t *sb)
{
	char last = sb->len ? sb->s[sb->len - 1] : '[';

	if (last != '[' && last != '{')
		dt_sb_putc(sb, ',');
}

static void
json_probe(dt_strbuf_t *sb, const dt_probe_t *prp)
{
	dt_sb_puts(sb, "\"provider\":");
	json_cstr(sb, prp ? prp->prov : "");
	dt_sb_puts(sb, ",\"module\":");
	json_cstr(sb, prp ? prp->mod : "");
	dt_sb_puts(sb, ",\"function\":");
	json_cstr(sb, prp ? prp->func : "");
	dt_sb_puts(sb, ",\"name\":");
	json_cstr(sb, prp ? prp->name : "");
}

/* A stack's frames, as the text output names them, leaf first. */
static void
json_frames(dt_handle_t *dtp, dt_strbuf_t *sb, const uint8_t *p, uint32_t size, bool user)
{
	dt_strbuf_t tmp = {0};
	uint64_t pid = 0, pc;
	uint32_t w = 0;

	if (user) {
		memcpy(&pid, p, 8);
		w = 1;
	}
	dt_sb_puts(sb, "\"frames\":[");
	for (; w < size / 8; w++) {
		memcpy(&pc, p + w * 8, 8);
		if (!pc)
			break;
		dt_sb_reset(&tmp);
		if (user)
			dt_usym_fmt_addr(&tmp, dtp->cons->usyms, (pid_t)pid, pc);
		else
			dt_ksym_fmt_addr(&tmp, dtp->ksyms, pc);
		json_sep(sb);
		json_cstr(sb, dt_sb_str(&tmp));
	}
	dt_sb_putc(sb, ']');
	if (user)
		dt_sb_printf(sb, ",\"pid\":%llu", (unsigned long long)pid);
	dt_sb_free(&tmp);
}

/* A symbol-like item (func(), mod(), uaddr(), usym(), umod()) as its text. */
static void
json_symbol(dt_handle_t *dtp, dt_strbuf_t *sb, const uint8_t *p, int fmt)
{
	static const dt_keyfmt_t ukf[] = {
		[DT_RECFMT_UADDR] = DT_KEYFMT_UADDR, [DT_RECFMT_USYM] = DT_KEYFMT_USYM,
		[DT_RECFMT_UMOD] = DT_KEYFMT_UMOD,
	};
	dt_strbuf_t tmp = {0};
	uint64_t w[2];

	memcpy(w, p, DT_RECFMT_IS_USER(fmt) ? 16 : 8);
	if (fmt == DT_RECFMT_SYM)
		dt_ksym_fmt_sym(&tmp, dtp->ksyms, w[0]);
	else if (fmt == DT_RECFMT_MOD)
		dt_ksym_fmt_mod(&tmp, dtp->ksyms, w[0]);
	else
		dt_usym_fmt_item(&tmp, dtp->cons->usyms, ukf[fmt], w);
	json_cstr(sb, dt_sb_str(&tmp));
	dt_sb_free(&tmp);
}

/* "type":"<the D type's name>" */
static void
json_type(dt_strbuf_t *sb, const struct dt_type *t, const char *name)
{
	dt_strbuf_t tmp = {0};

	if (t)
		dt_type_name_of(t, &tmp);
	dt_sb_puts(sb, "\"type\":");
	json_cstr(sb, t ? dt_sb_str(&tmp) : name);
	dt_sb_free(&tmp);
}

static const char *
json_symkind(int fmt)
{
	static const char *const names[] = {
		[DT_RECFMT_STACK] = "stack", [DT_RECFMT_USTACK] = "ustack",
		[DT_RECFMT_SYM] = "sym", [DT_RECFMT_MOD] = "mod", [DT_RECFMT_UADDR] = "uaddr",
		[DT_RECFMT_USYM] = "usym", [DT_RECFMT_UMOD] = "umod",
	};

	return fmt > 0 && fmt < (int)DT_ARRAY_SIZE(names) ? names[fmt] : "int";
}

void
dt_json_probe_open(dt_handle_t *dtp, dt_strbuf_t *js, uint16_t cpu, uint32_t prid)
{
	dt_sb_printf(js, "{\"type\":\"probe\",\"cpu\":%u,\"id\":%u,", cpu, prid);
	json_probe(js, dt_probe_by_id(dtp, prid));
	dt_sb_puts(js, ",\"data\":[");
}

void
dt_json_probe_close(dt_strbuf_t *js)
{
	dt_sb_puts(js, "]}\n");
}

bool
dt_json_action(dt_handle_t *dtp, dt_strbuf_t *js, const dt_action_t *a, const uint8_t *rec,
	       uint32_t len, const dt_pfarg_t *args, int nargs)
{
	const dt_recitem_t *it = a->nitems ? &a->items[0] : NULL;
	dt_strbuf_t tmp = {0};

	switch (a->kind) {
	case DT_ACT_TRACE:
		json_sep(js);
		dt_sb_puts(js, "{\"action\":\"trace\",");
		if (it->kind == DT_REC_BYTES) {
			json_type(js, a->type, it->type_name);
			if (it->offset + it->size <= len) {
				if (a->type)
					dt_fmt_print(&tmp, a->type, rec + it->offset, it->size);
				else
					dt_fmt_rawbytes(&tmp, rec + it->offset, it->size);
			}
			dt_sb_putc(js, ',');
			json_text(js, "value", tmp.s ? tmp.s : "", tmp.len);
		} else if (it->fmt != DT_RECFMT_PLAIN) {
			dt_sb_printf(js, "\"type\":\"%s\",", json_symkind(it->fmt));
			if (it->offset + it->size > len)
				dt_sb_puts(js, "\"value\":null");
			else if (it->fmt == DT_RECFMT_STACK || it->fmt == DT_RECFMT_USTACK)
				json_frames(dtp, js, rec + it->offset, it->size,
					    it->fmt == DT_RECFMT_USTACK);
			else {
				dt_sb_puts(js, "\"value\":");
				json_symbol(dtp, js, rec + it->offset, it->fmt);
			}
		} else if (it->kind == DT_REC_STRING) {
			dt_sb_puts(js, "\"type\":\"string\",");
			json_text(js, "value", args[0].str, strlen(args[0].str));
		} else {
			dt_sb_puts(js, "\"type\":");
			json_cstr(js, it->type_name ? it->type_name : "int");
			dt_sb_puts(js, ",\"value\":");
			json_int(js, args[0].ival, args[0].size, args[0].is_signed);
		}
		dt_sb_putc(js, '}');
		break;
	case DT_ACT_TRACEMEM: {
		uint64_t show = it->size;

		if (nargs > 1 && !(args[1].is_signed && (int64_t)args[1].ival < 0) &&
		    args[1].ival < show)
			show = args[1].ival;
		json_sep(js);
		dt_sb_puts(js, "{\"action\":\"tracemem\",\"bytes\":\"");
		for (uint64_t i = 0; it->offset + it->size <= len && i < show; i++)
			dt_sb_printf(js, "%02x", rec[it->offset + i]);
		dt_sb_puts(js, "\"}");
		break;
	}
	case DT_ACT_PRINT: {
		uint32_t sz = it->kind == DT_REC_INT ? 8 : it->size;

		if (it->offset + sz <= len)
			dt_fmt_print(&tmp, a->type, rec + it->offset, sz);
		json_sep(js);
		dt_sb_puts(js, "{\"action\":\"print\",");
		json_type(js, a->type, "");
		dt_sb_putc(js, ',');
		json_text(js, "value", tmp.s ? tmp.s : "", tmp.len);
		dt_sb_putc(js, '}');
		break;
	}
	case DT_ACT_PRINTF:
		dt_pfmt_format_syms(&tmp, a->pfmt, args, nargs, dtp->ksyms, dtp->cons->usyms,
				    dtp->cons->sym_target);
		json_sep(js);
		dt_sb_puts(js, "{\"action\":\"printf\",");
		json_text(js, "value", tmp.s ? tmp.s : "", tmp.len);
		dt_sb_putc(js, '}');
		break;
	case DT_ACT_SYSTEM:
		/* the command runs as in text mode; what it writes is its own */
		dt_pfmt_format(&tmp, a->pfmt, args, nargs);
		json_sep(js);
		dt_sb_puts(js, "{\"action\":\"system\",");
		json_text(js, "command", tmp.s ? tmp.s : "", tmp.len);
		dt_sb_putc(js, '}');
		dt_sb_free(&tmp);
		return false;
	case DT_ACT_EXIT:
		json_sep(js);
		dt_sb_printf(js, "{\"action\":\"exit\",\"value\":%d}", (int)(int32_t)args[0].ival);
		return false;
	case DT_ACT_PRINTA: case DT_ACT_CLEAR: case DT_ACT_TRUNC: case DT_ACT_NORMALIZE:
	case DT_ACT_DENORMALIZE: case DT_ACT_SETOPT: case DT_ACT_PCAP: case DT_ACT_RAISE: case DT_ACT_SPECULATE:
	case DT_ACT_COMMIT: case DT_ACT_DISCARD: case DT_ACT_FREOPEN:
		return false;
	}
	dt_sb_free(&tmp);
	return true;
}

const char *const dt_agg_funcnames[] = {
	[DT_AGG_COUNT] = "count", [DT_AGG_SUM] = "sum", [DT_AGG_AVG] = "avg",
	[DT_AGG_MIN] = "min", [DT_AGG_MAX] = "max", [DT_AGG_STDDEV] = "stddev",
	[DT_AGG_QUANTIZE] = "quantize", [DT_AGG_LQUANTIZE] = "lquantize",
	[DT_AGG_LLQUANTIZE] = "llquantize",
};

/* One key item: a number, a string, a stack's frames (an array) or a symbol's text. */
static void
json_key(dt_handle_t *dtp, dt_strbuf_t *sb, const uint8_t *key, const dt_recitem_t *it)
{
	if (it->kind == DT_REC_STRING) {
		const char *s = (const char *)key + it->offset;

		dt_json_str(sb, s, strnlen(s, it->size));
	} else if (it->fmt == DT_RECFMT_STACK || it->fmt == DT_RECFMT_USTACK) {
		/* an object: {"frames":[...]} (and the ustack's "pid") */
		dt_sb_putc(sb, '{');
		json_frames(dtp, sb, key + it->offset, it->size, it->fmt == DT_RECFMT_USTACK);
		dt_sb_putc(sb, '}');
	} else if (it->fmt != DT_RECFMT_PLAIN) {
		json_symbol(dtp, sb, key + it->offset, it->fmt);
	} else {
		uint64_t v = 0;

		memcpy(&v, key + it->offset, DT_MIN(it->size, 8));
		json_int(sb, v, it->size, it->is_signed);
	}
}

static void
json_value(dt_strbuf_t *sb, const dt_aggdesc_t *ad, const uint64_t *val, uint64_t normal)
{
	if (!dt_agg_is_hist(ad)) {
		dt_sb_puts(sb, ",\"value\":");
		if (ad->func == DT_AGG_STDDEV)
			dt_sb_printf(sb, "%llu",
				     (unsigned long long)(uint64_t)dt_agg_value(ad, val, normal));
		else
			dt_sb_printf(sb, "%lld", (long long)dt_agg_value(ad, val, normal));
		if (ad->func == DT_AGG_AVG)
			dt_sb_printf(sb, ",\"count\":%llu", (unsigned long long)val[0]);
		return;
	}
	/* the buckets that hold something, each with its bounds (inclusive) */
	{
		int64_t *lo = dt_xcalloc(ad->nwords, sizeof(*lo));

		dt_agg_bucket_lows(ad, lo);
		dt_sb_puts(sb, ",\"buckets\":[");
		for (uint32_t b = 0; b < ad->nwords; b++) {
			int64_t c = (int64_t)val[b];

			if (!c)
				continue;
			json_sep(sb);
			dt_sb_printf(sb, "{\"min\":%lld,\"max\":%lld,\"count\":%lld}",
				     (long long)lo[b],
				     (long long)(b + 1 < ad->nwords ? lo[b + 1] - 1 : INT64_MAX),
				     (long long)(normal > 1 ? c / (int64_t)normal : c));
		}
		dt_sb_putc(sb, ']');
		free(lo);
	}
}

/* {"name":..., "function":..., "entries":[...]} without its braces' start. */
static bool
json_agg(dt_handle_t *dtp, dt_strbuf_t *sb, int id)
{
	const dt_aggdesc_t *ad = dtp->prog->aggs[id];
	dt_aggsort_t sort = {0};
	uint64_t normal = dtp->cons->agg_normal ? dtp->cons->agg_normal[id] : 1;
	dt_aggsnap_t sn;
	bool any;

	sort.by_key = dtp->opts.aggsortkey;
	sort.keypos = dtp->opts.aggsortkeypos;
	sort.reverse = dtp->opts.aggsortrev;
	dt_aggsnap_read(dtp, ad, &sn);
	dt_aggsnap_user_keys(dtp, ad, &sn);
	dt_agg_sort(ad, sn.ents, sn.n, &sort);
	dt_sb_puts(sb, "\"name\":");
	json_cstr(sb, ad->name);
	dt_sb_printf(sb, ",\"function\":\"%s\",\"entries\":[", dt_agg_funcnames[ad->func]);
	for (size_t i = 0; i < sn.n; i++) {
		json_sep(sb);
		dt_sb_puts(sb, "{\"keys\":[");
		for (int k = 0; k < ad->nkeys; k++) {
			json_sep(sb);
			json_key(dtp, sb, sn.ents[i].key, &ad->keys[k]);
		}
		dt_sb_putc(sb, ']');
		json_value(sb, ad, sn.ents[i].val, normal);
		dt_sb_putc(sb, '}');
	}
	dt_sb_putc(sb, ']');
	any = sn.n > 0;
	dt_aggsnap_free(&sn);
	return any;
}

void
dt_json_printa(dt_handle_t *dtp, dt_strbuf_t *js, const dt_action_t *a)
{
	json_sep(js);
	dt_sb_puts(js, "{\"action\":\"printa\",\"aggregations\":[");
	for (int i = 0; i < a->naggs; i++) {
		json_sep(js);
		dt_sb_putc(js, '{');
		json_agg(dtp, js, a->aggs[i]);
		dt_sb_putc(js, '}');
	}
	dt_sb_puts(js, "]}");
}

bool
dt_json_agg_line(dt_handle_t *dtp, dt_strbuf_t *sb, int id)
{
	size_t start = sb->len;

	dt_sb_puts(sb, "{\"type\":\"aggregation\",");
	if (!json_agg(dtp, sb, id)) {
		sb->len = start;	/* nothing to say: no line, as the text prints none */
		return false;
	}
	dt_sb_puts(sb, "}\n");
	return true;
}

void
dt_json_fault(dt_strbuf_t *sb, const dt_probe_t *prp, uint32_t prid, uint64_t epid,
	      const char *fault, uint64_t addr, unsigned stmt, const dt_loc_t *loc,
	      const char *message)
{
	dt_sb_printf(sb, "{\"type\":\"error\",\"epid\":%llu,\"id\":%u,", (unsigned long long)epid,
		     prid);
	json_probe(sb, prp);
	dt_sb_puts(sb, ",\"fault\":");
	json_cstr(sb, fault);
	dt_sb_printf(sb, ",\"addr\":%llu,\"action\":%u", (unsigned long long)addr, stmt);
	if (loc && loc->src && loc->line > 0) {
		dt_sb_puts(sb, ",\"file\":");
		json_cstr(sb, loc->src->name ? loc->src->name : "-n");
		dt_sb_printf(sb, ",\"line\":%d,\"column\":%d", loc->line, loc->col);
	}
	dt_sb_puts(sb, ",\"message\":");
	json_cstr(sb, message);
	dt_sb_puts(sb, "}\n");
}

void
dt_json_drop(dt_strbuf_t *sb, const char *kind, int cpu, uint64_t count)
{
	dt_sb_printf(sb, "{\"type\":\"drop\",\"kind\":\"%s\",", kind);
	if (cpu >= 0)
		dt_sb_printf(sb, "\"cpu\":%d,", cpu);
	dt_sb_printf(sb, "\"count\":%llu}\n", (unsigned long long)count);
}
