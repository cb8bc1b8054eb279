/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_ksyms.c: kernel symbols (src/common/dt_ksyms.c) from a synthetic kallsyms file:
 * lookups, modules, aliases, the text of %a, func(), mod() and stack(), and stack() keys in
 * aggregation tables.
 */
#include <errno.h>
#include <unistd.h>

#include "consumer/dt_consumer.h"
#include "unit.h"

static char *
write_file(const char *text)
{
	char *path = dt_xstrdup("/tmp/test_ksyms_XXXXXX");
	int fd = mkstemp(path);
	FILE *fp = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (!fp) {
		free(path);
		return NULL;
	}
	fputs(text, fp);
	fclose(fp);
	return path;
}

static const char kallsyms[] =
	"ffffffff81000000 T _stext\n"
	"ffffffff81000000 t startup_64\n"
	"ffffffff81001000 t helper\n"
	"ffffffff81001000 T alias_global\n"
	"ffffffff81002000 T do_syscall_64\n"
	"ffffffff81003000 D some_data\n"
	"ffffffff81004000 T entry_SYSCALL_64_after_hwframe\n"
	"ffffffffc0a01000 t ext4_file_read_iter\t[ext4]\n"
	"ffffffffc0a00000 T ext4_init [ext4]\n"
	"ffffffffc0b00000 t xfs_fn\t[xfs]\n";

UNIT_TEST(lookup)
{
	char *path = write_file(kallsyms);
	dt_ksyms_t *ks = dt_ksyms_new(path);
	const char *mod = NULL, *name;
	uint64_t off = 0, addr = 0;

	UNIT_EQ_INT(dt_ksyms_count(ks), 7);	/* data dropped, aliases merged */
	name = dt_ksym_lookup(ks, 0xffffffff81002005ULL, &off, &mod);
	UNIT_EQ_STR(name, "do_syscall_64");
	UNIT_EQ_INT(off, 5);
	UNIT_EQ_STR(mod, "vmlinux");
	/* The global alias wins over the local one; the first listed among equals. */
	UNIT_EQ_STR(dt_ksym_lookup(ks, 0xffffffff81001000ULL, NULL, NULL), "alias_global");
	UNIT_EQ_STR(dt_ksym_lookup(ks, 0xffffffff81000010ULL, NULL, NULL), "_stext");
	/* A data symbol is not a boundary: its addresses belong to the text before it. */
	UNIT_EQ_STR(dt_ksym_lookup(ks, 0xffffffff81003008ULL, &off, NULL), "do_syscall_64");
	UNIT_EQ_INT(off, 0x1008);
	name = dt_ksym_lookup(ks, 0xffffffffc0a01234ULL, &off, &mod);
	UNIT_EQ_STR(name, "ext4_file_read_iter");
	UNIT_EQ_STR(mod, "ext4");
	UNIT_EQ_INT(off, 0x234);
	UNIT_EQ_STR(dt_ksym_lookup(ks, 0xffffffffc0b00001ULL, NULL, &mod), "xfs_fn");
	UNIT_EQ_STR(mod, "xfs");
	/* Below the first symbol, and far past the last: nothing. */
	UNIT_TRUE(dt_ksym_lookup(ks, 0xffffffff80000000ULL, NULL, NULL) == NULL);
	UNIT_TRUE(dt_ksym_lookup(ks, 0xffffffffc0f00000ULL, NULL, NULL) == NULL);
	UNIT_EQ_INT(dt_ksym_by_name(ks, NULL, "ext4_init", &addr), 0);
	UNIT_EQ_INT(addr, 0xffffffffc0a00000ULL);
	UNIT_EQ_INT(dt_ksym_by_name(ks, "xfs", "ext4_init", &addr), -ENOENT);
	dt_ksyms_free(ks);
	unlink(path);
	free(path);
}

UNIT_TEST(text_forms)
{
	char *path = write_file(kallsyms);
	dt_ksyms_t *ks = dt_ksyms_new(path);
	dt_strbuf_t sb = { 0 };

	dt_ksym_fmt_addr(&sb, ks, 0xffffffff81002005ULL);
	dt_sb_putc(&sb, ' ');
	dt_ksym_fmt_addr(&sb, ks, 0xffffffff81002000ULL);
	dt_sb_putc(&sb, ' ');
	dt_ksym_fmt_addr(&sb, ks, 0x1234);
	dt_sb_putc(&sb, ' ');
	dt_ksym_fmt_sym(&sb, ks, 0xffffffffc0a01010ULL);
	dt_sb_putc(&sb, ' ');
	dt_ksym_fmt_mod(&sb, ks, 0xffffffffc0a01010ULL);
	dt_sb_putc(&sb, ' ');
	dt_ksym_fmt_mod(&sb, ks, 0xffffffff81002000ULL);
	dt_sb_putc(&sb, ' ');
	dt_ksym_fmt_sym(&sb, NULL, 0xffffffff81002000ULL);
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "vmlinux`do_syscall_64+0x5 vmlinux`do_syscall_64 0x1234 "
		    "ext4`ext4_file_read_iter ext4 vmlinux 0xffffffff81002000");
	dt_sb_free(&sb);
	dt_ksyms_free(ks);
	unlink(path);
	free(path);
}

/* The guide's stack() record: each frame on its own line, 14 spaces in. */
UNIT_TEST(stack_text)
{
	char *path = write_file(kallsyms);
	dt_ksyms_t *ks = dt_ksyms_new(path);
	dt_strbuf_t sb = { 0 };
	uint64_t pcs[4] = { 0xffffffff81002005ULL, 0xffffffff81004010ULL, 0x42, 0 };

	dt_ksym_fmt_stack(&sb, ks, pcs, 4, -1);
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "\n"
		    "              vmlinux`do_syscall_64+0x5\n"
		    "              vmlinux`entry_SYSCALL_64_after_hwframe+0x10\n"
		    "              0x42\n");
	dt_sb_reset(&sb);
	dt_ksym_fmt_stack(&sb, ks, pcs, 1, 2);
	UNIT_EQ_STR(dt_sb_str(&sb), "\n  vmlinux`do_syscall_64+0x5\n");
	dt_sb_free(&sb);
	dt_ksyms_free(ks);
	unlink(path);
	free(path);
}

/* @[stack()] = count(): the frames are the key, the value follows on its own line. */
UNIT_TEST(stack_key_in_table)
{
	char *path = write_file(kallsyms);
	dt_ksyms_t *ks = dt_ksyms_new(path);
	dt_strbuf_t sb = { 0 };
	dt_recitem_t key = { .kind = DT_REC_INT, .offset = 0, .size = 24, .type_name = "stack" };
	dt_aggdesc_t desc = { .func = DT_AGG_COUNT, .keys = &key, .nkeys = 1, .keysize = 24,
			      .nwords = 1 };
	uint64_t k1[3] = { 0xffffffff81002005ULL, 0xffffffff81004010ULL, 0 };
	uint64_t k2[3] = { 0xffffffffc0a01004ULL, 0, 0 };
	uint64_t v1 = 2, v2 = 1;
	dt_aggent_t ents[2] = { { (const uint8_t *)k1, &v1 }, { (const uint8_t *)k2, &v2 } };
	dt_keyfmt_t kf = DT_KEYFMT_STACK;
	dt_aggpopts_t o = { .ksyms = ks, .keyfmt = &kf };

	dt_agg_sort(&desc, ents, 2, NULL);
	dt_sb_putc(&sb, '\n');
	dt_agg_print_entries_opts(&sb, &desc, ents, 2, &o);
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "\n"
		    "\n"
		    "              ext4`ext4_file_read_iter+0x4\n"
		    "                1\n"
		    "\n"
		    "              vmlinux`do_syscall_64+0x5\n"
		    "              vmlinux`entry_SYSCALL_64_after_hwframe+0x10\n"
		    "                2\n");
	dt_sb_free(&sb);
	dt_ksyms_free(ks);
	unlink(path);
	free(path);
}

/* func() and mod() keys print in the string column. */
UNIT_TEST(sym_and_mod_keys)
{
	char *path = write_file(kallsyms);
	dt_ksyms_t *ks = dt_ksyms_new(path);
	dt_strbuf_t sb = { 0 };
	dt_recitem_t keys[2] = { { .kind = DT_REC_INT, .offset = 0, .size = 8 },
				 { .kind = DT_REC_INT, .offset = 8, .size = 8 } };
	dt_aggdesc_t desc = { .func = DT_AGG_COUNT, .keys = keys, .nkeys = 2, .keysize = 16,
			      .nwords = 1 };
	uint64_t k[2] = { 0xffffffff81002005ULL, 0xffffffffc0a01004ULL }, v = 3;
	dt_aggent_t ent = { (const uint8_t *)k, &v };
	dt_keyfmt_t kf[2] = { DT_KEYFMT_SYM, DT_KEYFMT_MOD };
	dt_aggpopts_t o = { .ksyms = ks, .keyfmt = kf };

	dt_agg_print_entries_opts(&sb, &desc, &ent, 1, &o);
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "  vmlinux`do_syscall_64                             "
		    "  ext4                                                              3\n");
	dt_sb_free(&sb);
	dt_ksyms_free(ks);
	unlink(path);
	free(path);
}

UNIT_TEST(printf_percent_a)
{
	char *path = write_file(kallsyms);
	dt_ksyms_t *ks = dt_ksyms_new(path);
	dt_strbuf_t sb = { 0 };
	char *msg = NULL;
	dt_errtag_t tag;
	dt_pfmt_t *pf = dt_pfmt_parse("[%a] [%-30a] [%A]\n", &msg, &tag);
	dt_pfarg_t args[3] = {
		{ .kind = DT_REC_INT, .ival = 0xffffffff81002005ULL, .size = 8 },
		{ .kind = DT_REC_INT, .ival = 0xffffffffc0a01000ULL, .size = 8 },
		{ .kind = DT_REC_INT, .ival = 0x401000, .size = 8 },
	};

	dt_pfmt_format_ks(&sb, pf, args, 3, ks);
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "[vmlinux`do_syscall_64+0x5] [ext4`ext4_file_read_iter      ] [0x401000]\n");
	dt_sb_reset(&sb);
	dt_pfmt_format(&sb, pf, args, 3);	/* no symbols: raw addresses */
	UNIT_EQ_STR(dt_sb_str(&sb),
		    "[0xffffffff81002005] [0xffffffffc0a01000            ] [0x401000]\n");
	dt_pfmt_free(pf);
	dt_sb_free(&sb);
	dt_ksyms_free(ks);
	unlink(path);
	free(path);
}

/* Data symbols resolve by name (`jiffies in D), never by address; linux_banner says the kernel
 * lists them all (CONFIG_KALLSYMS_ALL). dt_ksym_nth walks the functions by address. */
UNIT_TEST(data_symbols)
{
	char *path = write_file(kallsyms);
	dt_ksyms_t *ks = dt_ksyms_new(path);
	const char *mod = NULL;
	uint64_t addr = 0, lo, hi;

	UNIT_EQ_INT(dt_ksym_by_name(ks, NULL, "some_data", &addr), 0);
	UNIT_EQ_INT(addr, 0xffffffff81003000ULL);
	UNIT_EQ_INT(dt_ksym_range(ks, NULL, "some_data", &lo, &hi), -ENOENT);
	UNIT_TRUE(!dt_ksyms_have_data(ks));
	UNIT_EQ_STR(dt_ksym_nth(ks, 0, &addr, &mod), "_stext");
	UNIT_EQ_STR(dt_ksym_nth(ks, 6, &addr, &mod), "xfs_fn");
	UNIT_EQ_STR(mod, "xfs");
	UNIT_EQ_INT(addr, 0xffffffffc0b00000ULL);
	UNIT_TRUE(dt_ksym_nth(ks, 7, NULL, NULL) == NULL);
	dt_ksyms_free(ks);
	unlink(path);
	free(path);

	path = write_file("ffffffff81000000 T _stext\nffffffff82000000 D linux_banner\n"
			  "ffffffff82001000 b counter\t[mymod]\nffffffff82002000 r table\n");
	ks = dt_ksyms_new(path);
	UNIT_TRUE(dt_ksyms_have_data(ks));
	UNIT_EQ_INT(dt_ksym_by_name(ks, "mymod", "counter", &addr), 0);
	UNIT_EQ_INT(addr, 0xffffffff82001000ULL);
	UNIT_EQ_INT(dt_ksym_by_name(ks, "vmlinux", "counter", &addr), -ENOENT);
	UNIT_EQ_INT(dt_ksym_by_name(ks, NULL, "table", &addr), 0);
	UNIT_EQ_INT(dt_ksyms_count(ks), 1);
	/* a data address is not a function's */
	UNIT_EQ_STR(dt_ksym_lookup(ks, 0xffffffff81000010ULL, NULL, NULL), "_stext");
	dt_ksyms_free(ks);
	unlink(path);
	free(path);
}

UNIT_TEST(load_failures)
{
	dt_ksyms_t *ks = dt_ksyms_new("/nonexistent/kallsyms");
	char *path;

	UNIT_EQ_INT(dt_ksyms_load(ks), -ENOENT);
	UNIT_TRUE(dt_ksym_lookup(ks, 0xffffffff81000000ULL, NULL, NULL) == NULL);
	UNIT_EQ_INT(dt_ksyms_count(ks), 0);
	dt_ksyms_free(ks);
	/* Unprivileged kallsyms: every address 0. */
	path = write_file("0000000000000000 T _stext\n0000000000000000 t helper [m]\n");
	ks = dt_ksyms_new(path);
	UNIT_EQ_INT(dt_ksyms_load(ks), -EACCES);
	UNIT_EQ_INT(dt_ksyms_load(ks), -EACCES);	/* remembered */
	dt_ksyms_free(ks);
	unlink(path);
	free(path);
	/* Lazy: creating and freeing reads nothing. */
	dt_ksyms_free(dt_ksyms_new(NULL));
	dt_ksyms_free(NULL);
	/* Malformed lines are skipped. */
	path = write_file("garbage\nffffffff81000000 T\nffffffff81000000 T ok\nzz T x\n");
	ks = dt_ksyms_new(path);
	UNIT_EQ_INT(dt_ksyms_count(ks), 1);
	dt_ksyms_free(ks);
	unlink(path);
	free(path);
}

UNIT_MAIN()
