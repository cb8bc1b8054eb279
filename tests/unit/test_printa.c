/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_printa.c: printa() with a format (src/consumer/dt_printf.c and the join in
 * dt_aggprint.c): several aggregations joined on their keys, %@ conversions, sort options,
 * normalization, histograms and stacks inside formats, and the compile-time messages.
 */
#include <unistd.h>

#include "consumer/dt_consumer.h"
#include "unit.h"

#define MAXW 32

/* A test aggregation: up to 8 entries with keys of up to 64 bytes. */
typedef struct tagg {
	dt_aggdesc_t desc;
	dt_recitem_t keys[4];
	uint8_t key[8][64];
	uint64_t val[8][MAXW];
	dt_aggent_t ents[8];
	size_t n;
} tagg_t;

static void
tagg_init(tagg_t *t, const char *name, dt_agg_func_t func, uint32_t nwords)
{
	memset(t, 0, sizeof(*t));
	t->desc.name = name;
	t->desc.func = func;
	t->desc.nwords = nwords;
	t->desc.keys = t->keys;
}

static void
tagg_key(tagg_t *t, dt_rec_kind_t kind, uint32_t size, bool is_signed, const char *tname)
{
	dt_recitem_t *it = &t->keys[t->desc.nkeys++];

	it->kind = kind;
	it->offset = t->desc.keysize;
	it->size = size;
	it->is_signed = is_signed;
	it->type_name = tname;
	t->desc.keysize += (uint32_t)DT_ALIGN(size, 8);
}

/* Add an entry; keys come as int64_t or const char * per item. Returns its value words. */
static uint64_t *
tagg_add(tagg_t *t, ...)
{
	size_t i = t->n++;
	va_list ap;

	va_start(ap, t);
	for (int k = 0; k < t->desc.nkeys; k++) {
		const dt_recitem_t *it = &t->keys[k];

		if (it->kind == DT_REC_STRING) {
			const char *s = va_arg(ap, const char *);

			memcpy(t->key[i] + it->offset, s, strlen(s) + 1);
		} else {
			int64_t v = va_arg(ap, int64_t);

			memcpy(t->key[i] + it->offset, &v, DT_MIN(it->size, 8));
		}
	}
	va_end(ap);
	dt_agg_init(&t->desc, t->val[i]);
	t->ents[i].key = t->key[i];
	t->ents[i].val = t->val[i];
	return t->val[i];
}

/* printa(fmt, a, b) with options; the result is static until the next call. */
static const char *
printa2(const char *fmt, tagg_t *a, tagg_t *b, const dt_aggsort_t *opt,
	const dt_printa_opts_t *po)
{
	static dt_strbuf_t sb;
	const dt_aggdesc_t *aggs[2] = { &a->desc, b ? &b->desc : NULL };
	const dt_aggent_t *ents[2] = { a->ents, b ? b->ents : NULL };
	size_t nents[2] = { a->n, b ? b->n : 0 };
	char *msg = NULL;
	dt_errtag_t tag;
	dt_pfmt_t *pf = dt_pfmt_parse(fmt, &msg, &tag);

	dt_sb_reset(&sb);
	if (!pf) {
		free(msg);
		return "(parse error)";
	}
	if (dt_printa_check(pf, aggs, b ? 2 : 1, &msg, &tag) != 0) {
		fprintf(stderr, "check of \"%s\": %s\n", fmt, msg);
		free(msg);
		dt_pfmt_free(pf);
		return "(check error)";
	}
	dt_printa_format(&sb, pf, aggs, b ? 2 : 1, ents, nents, opt, po);
	dt_pfmt_free(pf);
	return dt_sb_str(&sb);
}

/* The check's message for printa(fmt, a[, b]); "" when it passes. */
static const char *
check2(const char *fmt, tagg_t *a, tagg_t *b, dt_errtag_t *tagp)
{
	static char buf[512];
	const dt_aggdesc_t *aggs[2] = { &a->desc, b ? &b->desc : NULL };
	char *msg = NULL;
	dt_errtag_t tag = D_UNKNOWN;
	dt_pfmt_t *pf = dt_pfmt_parse(fmt, &msg, &tag);

	buf[0] = '\0';
	if (pf && dt_printa_check(pf, aggs, b ? 2 : 1, &msg, &tag) == 0)
		tag = D_UNKNOWN;
	if (msg)
		snprintf(buf, sizeof(buf), "%s", msg);
	free(msg);
	dt_pfmt_free(pf);
	if (tagp)
		*tagp = tag;
	return buf;
}

/* FORMATS.md: @c["x"] = count(); @t["x"] = sum(100); printa("%s %@d %@d\n", @c, @t); */
UNIT_TEST(formats_md_example)
{
	tagg_t c, t;

	tagg_init(&c, "c", DT_AGG_COUNT, 1);
	tagg_key(&c, DT_REC_STRING, 32, false, NULL);
	tagg_add(&c, "x")[0] = 1;
	tagg_init(&t, "t", DT_AGG_SUM, 1);
	tagg_key(&t, DT_REC_STRING, 32, false, NULL);
	tagg_add(&t, "x")[0] = 100;
	UNIT_EQ_STR(printa2("%s %@d %@d\n", &c, &t, NULL, NULL), "x 1 100\n");
}

static void
two_aggs(tagg_t *c, tagg_t *t)
{
	tagg_init(c, "c", DT_AGG_COUNT, 1);
	tagg_key(c, DT_REC_STRING, 32, false, NULL);
	tagg_add(c, "a")[0] = 3;
	tagg_add(c, "b")[0] = 1;
	tagg_init(t, "t", DT_AGG_SUM, 1);
	tagg_key(t, DT_REC_STRING, 32, false, NULL);
	tagg_add(t, "c")[0] = 7;
	tagg_add(t, "b")[0] = 50;
}

/* Every key of the union prints; a missing value is 0; rows sort by the first's value. */
UNIT_TEST(union_of_keys_and_sort)
{
	tagg_t c, t;
	dt_aggsort_t pos1 = { .sortpos = 1 }, bykey = { .by_key = true },
		     rev = { .reverse = true }, badpos = { .sortpos = 7 };

	two_aggs(&c, &t);
	UNIT_EQ_STR(printa2("%s %@d %@d\n", &c, &t, NULL, NULL), "c 0 7\nb 1 50\na 3 0\n");
	UNIT_EQ_STR(printa2("%s %@d %@d\n", &c, &t, &pos1, NULL), "a 3 0\nc 0 7\nb 1 50\n");
	UNIT_EQ_STR(printa2("%s %@d %@d\n", &c, &t, &bykey, NULL), "a 3 0\nb 1 50\nc 0 7\n");
	UNIT_EQ_STR(printa2("%s %@d %@d\n", &c, &t, &rev, NULL), "a 3 0\nb 1 50\nc 0 7\n");
	UNIT_EQ_STR(printa2("%s %@d %@d\n", &c, &t, &badpos, NULL), "c 0 7\nb 1 50\na 3 0\n");
	/* Equal first values: the second aggregation's value decides, then the key. */
	c.val[0][0] = 1;
	UNIT_EQ_STR(printa2("%s %@d %@d\n", &c, &t, NULL, NULL), "c 0 7\na 1 0\nb 1 50\n");
}

UNIT_TEST(value_conversions_and_widths)
{
	tagg_t c, t;

	two_aggs(&c, &t);
	UNIT_EQ_STR(printa2("%-3s|%@8d|%@-4u|\n", &c, &t, NULL, NULL),
		    "c  |       0|7   |\n"
		    "b  |       1|50  |\n"
		    "a  |       3|0   |\n");
	UNIT_EQ_STR(printa2("%s %@x %@#X %@o\n", &c, &t, NULL, NULL),
		    "c 0 0X7 7\nb 1 0X32 62\na 3 0 0\n");
	/* A %@ past the last aggregation prints the last one again; keys may be left out. */
	UNIT_EQ_STR(printa2("%@d %@d %@d;", &c, &t, NULL, NULL), "0 7 7;1 50 50;3 0 0;");
	/* One aggregation: every %@ is its value; %% and plain text pass through. */
	UNIT_EQ_STR(printa2("%s=%@d (%@i%%)\n", &c, NULL, NULL, NULL),
		    "b=1 (1%)\na=3 (3%)\n");
}

UNIT_TEST(signed_values_and_int_keys)
{
	tagg_t s;

	tagg_init(&s, "s", DT_AGG_SUM, 1);
	tagg_key(&s, DT_REC_INT, 4, true, "int");
	tagg_key(&s, DT_REC_STRING, 16, false, NULL);
	tagg_add(&s, (int64_t)-3, "neg")[0] = (uint64_t)-20;
	tagg_add(&s, (int64_t)42, "pos")[0] = 5;
	UNIT_EQ_STR(printa2("%5d %-4s %@d %@u\n", &s, NULL, NULL, NULL),
		    "   -3 neg  -20 18446744073709551596\n"
		    "   42 pos  5 5\n");
	/* Count is uint64_t: %@d prints it unsigned. */
	tagg_init(&s, "c", DT_AGG_COUNT, 1);
	tagg_add(&s)[0] = (uint64_t)-1;
	UNIT_EQ_STR(printa2("%@d\n", &s, NULL, NULL, NULL), "18446744073709551615\n");
}

UNIT_TEST(avg_min_max_stddev)
{
	tagg_t a, m;

	tagg_init(&a, "a", DT_AGG_AVG, 2);
	tagg_key(&a, DT_REC_STRING, 16, false, NULL);
	tagg_add(&a, "k")[1] = 10;
	a.val[0][0] = 4;
	tagg_init(&m, "m", DT_AGG_MAX, 2);
	tagg_key(&m, DT_REC_STRING, 16, false, NULL);
	tagg_add(&m, "j")[0] = 9;
	m.val[0][1] = 1;
	/* @m lacks "k" and @a lacks "j": both print 0 (not INT64_MIN). */
	UNIT_EQ_STR(printa2("%s avg=%@d max=%@d\n", &a, &m, NULL, NULL),
		    "j avg=0 max=9\nk avg=2 max=0\n");
}

/* The Oracle test suite's printa/tst.basics: histograms print whole inside the format. */
UNIT_TEST(histogram_in_format)
{
	tagg_t l, q;

	tagg_init(&l, "c", DT_AGG_LQUANTIZE, 11);
	l.desc.arg[0] = 1;
	l.desc.arg[1] = 10;
	l.desc.arg[2] = 1;
	tagg_add(&l)[1] = 1;
	UNIT_EQ_STR(printa2("@c = %@d\n", &l, NULL, NULL, NULL),
		"@c = \n"
		"           value  ------------- Distribution ------------- count    \n"
		"             < 1 |                                         0        \n"
		"               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
		"               2 |                                         0        \n"
		"\n");
	tagg_init(&q, "g", DT_AGG_QUANTIZE, 127);
	tagg_add(&q)[64] = 1;
	UNIT_EQ_STR(printa2("@g = %@d\n", &q, NULL, NULL, NULL),
		"@g = \n"
		"           value  ------------- Distribution ------------- count    \n"
		"               0 |                                         0        \n"
		"               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
		"               2 |                                         0        \n"
		"\n");
}

UNIT_TEST(normalized_values)
{
	tagg_t c, t;
	uint64_t normal[2] = { 1, 10 };
	dt_printa_opts_t po = { .normal = normal };

	two_aggs(&c, &t);
	UNIT_EQ_STR(printa2("%s %@d %@d\n", &c, &t, NULL, &po), "c 0 0\nb 1 5\na 3 0\n");
}

/* A synthetic kallsyms for the symbol tests. */
static const char *
write_kallsyms(void)
{
	static char path[] = "/tmp/test_printa_kallsyms_XXXXXX";
	int fd = mkstemp(path);
	FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (!fp)
		return NULL;
	fputs("ffffffff81000000 T _stext\n"
	      "ffffffff81001000 T do_syscall_64\n"
	      "ffffffff81002000 t entry_SYSCALL_64\n"
	      "ffffffffc0001000 t ext4_read [ext4]\n", fp);
	fclose(fp);
	return path;
}

UNIT_TEST(stack_and_symbol_keys)
{
	const char *path = write_kallsyms();
	dt_ksyms_t *ks = dt_ksyms_new(path);
	dt_keyfmt_t kf[2] = { DT_KEYFMT_STACK, DT_KEYFMT_PLAIN };
	dt_printa_opts_t po = { .ksyms = ks, .keyfmt = kf };
	dt_keyfmt_t symkf[1] = { DT_KEYFMT_SYM };
	dt_printa_opts_t sympo = { .ksyms = ks, .keyfmt = symkf };
	tagg_t s;
	uint64_t *v;

	tagg_init(&s, "s", DT_AGG_COUNT, 1);
	tagg_key(&s, DT_REC_INT, 32, false, "stack");
	tagg_key(&s, DT_REC_STRING, 16, false, NULL);
	v = tagg_add(&s, (int64_t)0, "x");
	v[0] = 2;
	memcpy(s.key[0], (uint64_t[]){ 0xffffffff81001abcULL, 0xffffffff81002000ULL }, 16);
	UNIT_EQ_STR(printa2("%k%s %@d\n", &s, NULL, NULL, &po),
		    "\n"
		    "              vmlinux`do_syscall_64+0xabc\n"
		    "              vmlinux`entry_SYSCALL_64\n"
		    "x 2\n");
	UNIT_EQ_STR(check2("%d %@d", &s, NULL, NULL),
		    "printa( ) argument #2 is incompatible with conversion #1 prototype:\n"
		    "\tconversion: %d\n"
		    "\t prototype: char, short, int, long, or long long\n"
		    "\t  argument: stack");

	tagg_init(&s, "f", DT_AGG_COUNT, 1);
	tagg_key(&s, DT_REC_INT, 8, false, "_symaddr");
	tagg_add(&s, (int64_t)0xffffffffc0001010LL)[0] = 4;
	UNIT_EQ_STR(printa2("%a: %@d\n", &s, NULL, NULL, &sympo), "ext4`ext4_read: 4\n");
	/* Plain %a of an address key: with the offset. */
	UNIT_EQ_STR(printa2("%a: %@d\n", &s, NULL, NULL, &(dt_printa_opts_t){ .ksyms = ks }),
		    "ext4`ext4_read+0x10: 4\n");
	dt_ksyms_free(ks);
	if (path)
		unlink(path);
}

UNIT_TEST(check_messages)
{
	tagg_t a, b;
	dt_errtag_t tag;

	tagg_init(&a, "a", DT_AGG_COUNT, 1);
	tagg_init(&b, "b", DT_AGG_COUNT, 1);
	tagg_key(&b, DT_REC_INT, 4, true, "int");
	/* err.D_PRINTF_ARG_PROTO.key_no_val: a key conversion with no key. */
	UNIT_EQ_STR(check2("%d", &a, NULL, &tag),
		    "printa( ) prototype mismatch: conversion #1 (%d) is missing a "
		    "corresponding value argument");
	UNIT_EQ_INT(tag, D_PRINTF_ARG_PROTO);
	/* err.D_PRINTA_AGGKEY */
	UNIT_EQ_STR(check2("%@d", &a, &b, NULL),
		    "printa( ): @a and @b do not have matching key signatures: @a has 0 keys, "
		    "@b has 1 key");
	/* err.D_PRINTA_AGGPROTO: @a[1, "", 2] and @b[1, 2, ""] */
	tagg_init(&a, "a", DT_AGG_COUNT, 1);
	tagg_key(&a, DT_REC_INT, 4, true, "int");
	tagg_key(&a, DT_REC_STRING, 16, false, "string");
	tagg_init(&b, "b", DT_AGG_SUM, 1);
	tagg_key(&b, DT_REC_INT, 4, true, "int");
	tagg_key(&b, DT_REC_INT, 4, true, "int");
	UNIT_EQ_STR(check2("%d %@d", &a, &b, NULL),
		    "printa( ): @b[ ] key #2 is incompatible with @a:\n"
		    "        a key #2: string\n"
		    "        b key #2: int");
	/* Key types against conversions: argument #2 is the first key. */
	UNIT_EQ_STR(check2("%d %d %@d", &a, NULL, &tag),
		    "printa( ) argument #3 is incompatible with conversion #2 prototype:\n"
		    "\tconversion: %d\n"
		    "\t prototype: char, short, int, long, or long long\n"
		    "\t  argument: string");
	UNIT_EQ_INT(tag, D_PRINTF_ARG_TYPE);
	/* The value is uint64_t for count(), int64_t for the rest. */
	UNIT_EQ_STR(check2("%d %s %@s", &a, NULL, &tag),
		    "printa( ) aggregating action is incompatible with conversion #3 prototype:\n"
		    "\tconversion: %s\n"
		    "\t prototype: char [] or string (or use stringof)\n"
		    "\t  argument: uint64_t");
	UNIT_EQ_STR(check2("%@c", &b, NULL, NULL),
		    "printa( ) aggregating action is incompatible with conversion #1 prototype:\n"
		    "\tconversion: %c\n"
		    "\t prototype: char, short, or int\n"
		    "\t  argument: int64_t");
	/* Fine: fewer conversions than keys, and no %@ at all. */
	UNIT_EQ_STR(check2("%d\n", &a, NULL, &tag), "");
	UNIT_EQ_STR(check2("%d %s %@d %@u", &a, NULL, NULL), "");
	UNIT_EQ_STR(check2("", &a, NULL, &tag), "printa( ) format string is empty");
	UNIT_EQ_INT(tag, D_PRINTF_FMT_EMPTY);
	/* A '*' width takes a key too. */
	UNIT_EQ_STR(check2("%*s %@d", &a, NULL, NULL), "");
	UNIT_EQ_STR(check2("%*d %d", &b, NULL, &tag),
		    "printa( ) prototype mismatch: conversion #2 (%d) is missing a "
		    "corresponding value argument");
	UNIT_EQ_STR(check2("%*d", &a, NULL, &tag),
		    "printa( ) argument #3 is incompatible with conversion #1 prototype:\n"
		    "\tconversion: %d\n"
		    "\t prototype: char, short, int, long, or long long\n"
		    "\t  argument: string");
}

UNIT_TEST(empty_and_keyless)
{
	tagg_t a, b;

	tagg_init(&a, "a", DT_AGG_COUNT, 1);
	tagg_init(&b, "b", DT_AGG_SUM, 1);
	UNIT_EQ_STR(printa2("%@d %@d\n", &a, &b, NULL, NULL), "");
	tagg_add(&b)[0] = 12;
	UNIT_EQ_STR(printa2("%@d %@d\n", &a, &b, NULL, NULL), "0 12\n");
}

UNIT_MAIN()
