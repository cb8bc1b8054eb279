/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_usyms.c: user symbols (src/consumer/dt_usyms.c): /proc/PID/maps lines, the choice among
 * symbols on a synthetic table, and lookups in a process whose maps file is a copy of this
 * test's own, under a procroot of the test's making (this binary and the C library it runs
 * are the ELF files read), with the text of uaddr(), usym(), umod() and ustack().
 */
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "consumer/dt_consumer.h"
#include "unit.h"

UNIT_TEST(maps_lines)
{
	dt_umap_t m;

	UNIT_TRUE(dt_umaps_parse_line("55d0c8a00000-55d0c8a01000 r-xp 00001000 08:01 1234   "
				      "          /usr/bin/prog\n", &m));
	UNIT_EQ_INT(m.start, 0x55d0c8a00000ULL);
	UNIT_EQ_INT(m.end, 0x55d0c8a01000ULL);
	UNIT_EQ_INT(m.off, 0x1000);
	UNIT_EQ_STR(m.perms, "r-xp");
	UNIT_EQ_INT(m.ino, 1234);
	UNIT_EQ_INT(m.dev, makedev(8, 1));
	UNIT_EQ_INT(m.pathlen, strlen("/usr/bin/prog"));
	UNIT_TRUE(memcmp(m.path, "/usr/bin/prog", m.pathlen) == 0);
	/* Anonymous memory has no path; [stack] and friends are not files. */
	UNIT_TRUE(dt_umaps_parse_line("7ffd5e3a1000-7ffd5e3c2000 rw-p 00000000 00:00 0\n", &m));
	UNIT_EQ_INT(m.pathlen, 0);
	UNIT_TRUE(dt_umaps_parse_line("7ffd5e3a1000-7ffd5e3c2000 rw-p 00000000 00:00 0  [stack]",
				      &m));
	UNIT_EQ_INT(m.pathlen, 7);
	UNIT_TRUE(m.path[0] == '[');
	/* A path with a space in it, and a file removed since it was mapped. */
	UNIT_TRUE(dt_umaps_parse_line("1000-2000 r--p 00000000 fd:02 77 /opt/my app/lib.so "
				      "(deleted)\n", &m));
	UNIT_EQ_INT(m.dev, makedev(0xfd, 2));
	UNIT_EQ_INT(m.pathlen, strlen("/opt/my app/lib.so"));
	UNIT_TRUE(!dt_umaps_parse_line("", &m));
	UNIT_TRUE(!dt_umaps_parse_line("1000 r--p 0 08:01 1 /x\n", &m));
	UNIT_TRUE(!dt_umaps_parse_line("2000-1000 r--p 00000000 08:01 1 /x\n", &m));
	UNIT_TRUE(!dt_umaps_parse_line("1000-2000 r--p\n", &m));
}

UNIT_TEST(symtab_choice)
{
	dt_usymtab_t *t = dt_usymtab_new();
	uint64_t v = 0;

	/* glibc's pair: the weak getpid over the global __getpid (fewer underscores). */
	dt_usymtab_add(t, "__getpid", 0xd54e0, 8, STT_FUNC, STB_GLOBAL);
	dt_usymtab_add(t, "getpid", 0xd54e0, 8, STT_FUNC, STB_WEAK);
	/* A function over an object; a global over a local. */
	dt_usymtab_add(t, "a_table", 0x2000, 0x100, STT_OBJECT, STB_GLOBAL);
	dt_usymtab_add(t, "zz_code", 0x2000, 0x10, STT_FUNC, STB_LOCAL);
	dt_usymtab_add(t, "local_fn", 0x3000, 0x20, STT_FUNC, STB_LOCAL);
	dt_usymtab_add(t, "global_fn", 0x3000, 0x20, STT_FUNC, STB_GLOBAL);
	/* Not kept: unsized, sections, files, TLS. */
	dt_usymtab_add(t, "_start_marker", 0x4000, 0, STT_FUNC, STB_GLOBAL);
	dt_usymtab_add(t, ".text", 0x1000, 0x5000, STT_SECTION, STB_LOCAL);
	dt_usymtab_add(t, "x.c", 0, 0, STT_FILE, STB_LOCAL);
	dt_usymtab_add(t, "tls_var", 0x10, 8, STT_TLS, STB_GLOBAL);
	/* .symtab and .dynsym both list main: one entry. */
	dt_usymtab_add(t, "main", 0x1139, 0x2a, STT_FUNC, STB_GLOBAL);
	dt_usymtab_add(t, "main", 0x1139, 0x2a, STT_FUNC, STB_GLOBAL);
	UNIT_EQ_INT(dt_usymtab_count(t), 7);

	UNIT_EQ_STR(dt_usymtab_lookup(t, 0xd54e7, &v), "getpid");
	UNIT_EQ_INT(v, 0xd54e0);
	UNIT_EQ_STR(dt_usymtab_lookup(t, 0x2004, &v), "zz_code");
	/* Past the function's end, still inside the table that starts at the same address. */
	UNIT_EQ_STR(dt_usymtab_lookup(t, 0x2010, &v), "a_table");
	UNIT_EQ_INT(v, 0x2000);
	UNIT_EQ_STR(dt_usymtab_lookup(t, 0x3000, NULL), "global_fn");
	UNIT_EQ_STR(dt_usymtab_lookup(t, 0x1162, &v), "main");
	/* Between symbols, past the last one's end, before the first: nothing. */
	UNIT_TRUE(dt_usymtab_lookup(t, 0x1163, NULL) == NULL);
	UNIT_TRUE(dt_usymtab_lookup(t, 0x4000, NULL) == NULL);
	UNIT_TRUE(dt_usymtab_lookup(t, 0x100, NULL) == NULL);
	UNIT_TRUE(dt_usymtab_lookup(t, 0xd54e8, NULL) == NULL);
	dt_usymtab_free(t);
}

/* ---- lookups in a process, through a procroot of our own ----------------------------- */

__attribute__((noinline)) int unit_usyms_target(int x);
__attribute__((noinline)) int
unit_usyms_target(int x)
{
	return x * 3 + 1;
}

static char procroot[] = "/tmp/test_usyms_XXXXXX";

/* procroot/PID/maps: a copy of our own maps (keep: a filter on the lines kept). */
static void
fake_proc(int pid, const char *keep)
{
	char dir[256], path[300], *line = NULL;
	size_t cap = 0;
	FILE *in, *out;

	snprintf(dir, sizeof(dir), "%s/%d", procroot, pid);
	mkdir(dir, 0700);
	snprintf(path, sizeof(path), "%s/maps", dir);
	in = fopen("/proc/self/maps", "r");
	out = fopen(path, "w");
	while (in && out && getline(&line, &cap, in) > 0) {
		if (!keep || strstr(line, keep))
			fputs(line, out);
	}
	free(line);
	if (in)
		fclose(in);
	if (out)
		fclose(out);
}

static void
drop_proc(int pid)
{
	char path[300];

	snprintf(path, sizeof(path), "%s/%d/maps", procroot, pid);
	unlink(path);
	snprintf(path, sizeof(path), "%s/%d", procroot, pid);
	rmdir(path);
}

static const char *
fmt(dt_usyms_t *us, char kind, int pid, uint64_t addr)
{
	static dt_strbuf_t sb;

	dt_sb_reset(&sb);
	if (kind == 'a')
		dt_usym_fmt_addr(&sb, us, pid, addr);
	else if (kind == 's')
		dt_usym_fmt_sym(&sb, us, pid, addr);
	else
		dt_usym_fmt_mod(&sb, us, pid, addr);
	return dt_sb_str(&sb);
}

UNIT_TEST(process_lookups)
{
	uint64_t fn = (uint64_t)(uintptr_t)&unit_usyms_target;
	uint64_t libc_fn = (uint64_t)(uintptr_t)&getpid, heap = (uint64_t)(uintptr_t)malloc(16);
	dt_usyms_t *us;
	char want[128];
	uint64_t sa = 0;
	const char *mod = NULL;

	if (!mkdtemp(procroot)) {
		UNIT_FAIL("mkdtemp: %s", strerror(errno));
		return;
	}
	fake_proc(4242, NULL);
	us = dt_usyms_new(procroot);
	/* This (position-independent) executable: the load bias is applied. */
	UNIT_EQ_STR(dt_usym_lookup(us, 4242, fn + 3, &sa, &mod), "unit_usyms_target");
	UNIT_EQ_INT(sa, fn);
	UNIT_EQ_STR(mod, "test_usyms");
	UNIT_EQ_STR(fmt(us, 'a', 4242, fn + 3), "test_usyms`unit_usyms_target+0x3");
	UNIT_EQ_STR(fmt(us, 'a', 4242, fn), "test_usyms`unit_usyms_target");
	UNIT_EQ_STR(fmt(us, 's', 4242, fn + 3), "test_usyms`unit_usyms_target");
	UNIT_EQ_STR(fmt(us, 'm', 4242, fn + 3), "test_usyms");
	/* The C library, from its .dynsym: the name libproc's rules choose. */
	UNIT_EQ_STR(fmt(us, 's', 4242, libc_fn), "libc.so.6`getpid");
	UNIT_EQ_STR(fmt(us, 'm', 4242, libc_fn + 1), "libc.so.6");
	UNIT_EQ_INT(dt_usym_norm_sym(us, 4242, libc_fn + 1), libc_fn);
	/* Heap memory is in no file: raw, for all three. */
	snprintf(want, sizeof(want), "0x%llx", (unsigned long long)heap);
	UNIT_EQ_STR(fmt(us, 'a', 4242, heap), want);
	UNIT_EQ_STR(fmt(us, 's', 4242, heap), want);
	UNIT_EQ_STR(fmt(us, 'm', 4242, heap), want);
	/* A process that is not there (any more): raw addresses. */
	snprintf(want, sizeof(want), "0x%llx", (unsigned long long)fn);
	UNIT_EQ_STR(fmt(us, 'a', 4343, fn), want);
	UNIT_TRUE(dt_usym_lookup(NULL, 4242, fn, NULL, NULL) == NULL);
	dt_usyms_free(us);
	free((void *)(uintptr_t)heap);
	drop_proc(4242);
}

UNIT_TEST(process_cache)
{
	uint64_t fn = (uint64_t)(uintptr_t)&unit_usyms_target;
	dt_usyms_t *us = dt_usyms_new(procroot);
	char raw[64];

	snprintf(raw, sizeof(raw), "0x%llx", (unsigned long long)fn);
	/* Only the C library mapped at first: our function is in no mapping. */
	fake_proc(4242, "libc");
	UNIT_EQ_STR(fmt(us, 'a', 4242, fn), raw);
	/* Mapped later (as by dlopen): found after the next batch reads the maps again. */
	fake_proc(4242, NULL);
	UNIT_EQ_STR(fmt(us, 'a', 4242, fn), raw);
	dt_usyms_tick(us);
	UNIT_EQ_STR(fmt(us, 's', 4242, fn + 1), "test_usyms`unit_usyms_target");
	/* Held: its symbols outlive the process. */
	dt_usyms_hold(us, 4242);
	drop_proc(4242);
	dt_usyms_tick(us);
	UNIT_EQ_STR(fmt(us, 'a', 4242, fn + 2), "test_usyms`unit_usyms_target+0x2");
	/* After an exec the old mappings are forgotten; the process is gone: raw. */
	dt_usyms_forget(us, 4242);
	UNIT_EQ_STR(fmt(us, 'a', 4242, fn), raw);
	dt_usyms_free(us);
	rmdir(procroot);
}

/* Past 512 processes, the least recently used one is forgotten; a held one is kept. */
UNIT_TEST(process_eviction)
{
	uint64_t fn = (uint64_t)(uintptr_t)&unit_usyms_target;
	dt_usyms_t *us;
	char raw[64];

	mkdir(procroot, 0700);
	us = dt_usyms_new(procroot);
	snprintf(raw, sizeof(raw), "0x%llx", (unsigned long long)fn);
	fake_proc(5000, NULL);
	fake_proc(5001, NULL);
	UNIT_EQ_STR(fmt(us, 's', 5000, fn), "test_usyms`unit_usyms_target");
	dt_usyms_hold(us, 5001);
	drop_proc(5000);
	drop_proc(5001);
	dt_usyms_tick(us);
	UNIT_EQ_STR(fmt(us, 's', 5000, fn), "test_usyms`unit_usyms_target");	/* cached */
	dt_usyms_tick(us);
	for (int pid = 6000; pid < 6511; pid++)
		fmt(us, 'a', pid, fn);
	UNIT_EQ_STR(fmt(us, 's', 5000, fn), raw);	/* forgotten, and gone */
	UNIT_EQ_STR(fmt(us, 's', 5001, fn), "test_usyms`unit_usyms_target");	/* held */
	dt_usyms_free(us);
	rmdir(procroot);
}

UNIT_TEST(stack_text)
{
	uint64_t fn = (uint64_t)(uintptr_t)&unit_usyms_target;
	uint64_t words[5] = { 4242, fn + 3, 0x10, 0, fn };
	dt_usyms_t *us;
	dt_strbuf_t sb = { 0 };

	mkdir(procroot, 0700);
	fake_proc(4242, NULL);
	us = dt_usyms_new(procroot);
	dt_usym_fmt_stack(&sb, us, words, 5, -1);
	UNIT_EQ_STR(dt_sb_str(&sb), "\n              test_usyms`unit_usyms_target+0x3\n"
				    "              0x10\n");
	dt_sb_reset(&sb);
	dt_usym_fmt_stack(&sb, us, words, 2, 2);
	UNIT_EQ_STR(dt_sb_str(&sb), "\n  test_usyms`unit_usyms_target+0x3\n");
	/* No frames (a kernel thread has no user stack): only the newline. */
	dt_sb_reset(&sb);
	words[1] = 0;
	dt_usym_fmt_stack(&sb, us, words, 5, -1);
	UNIT_EQ_STR(dt_sb_str(&sb), "\n");
	dt_sb_free(&sb);
	dt_usyms_free(us);
	drop_proc(4242);
	rmdir(procroot);
}

/* Aggregation keys, printa() and printf()'s %A with user symbols. */
UNIT_TEST(keys_and_formats)
{
	uint64_t fn = (uint64_t)(uintptr_t)&unit_usyms_target;
	dt_recitem_t keys[2] = {
		{ .kind = DT_REC_INT, .offset = 0, .size = 24, .fmt = DT_RECFMT_USTACK },
		{ .kind = DT_REC_INT, .offset = 24, .size = 16, .fmt = DT_RECFMT_UADDR },
	};
	const dt_aggdesc_t ad = { .func = DT_AGG_COUNT, .keys = keys, .nkeys = 2, .keysize = 40,
				  .nwords = 1 };
	const dt_aggdesc_t *aggs[1] = { &ad };
	uint64_t key[5] = { 4242, fn + 3, 0, 4242, fn + 2 }, val[1] = { 7 };
	dt_aggent_t e = { (const uint8_t *)key, val };
	const dt_aggent_t *ents[1] = { &e };
	size_t nents[1] = { 1 };
	dt_keyfmt_t kf[2] = { DT_KEYFMT_USTACK, DT_KEYFMT_UADDR };
	dt_strbuf_t sb = { 0 }, want = { 0 };
	dt_pfarg_t args[2] = { { .kind = DT_REC_INT, .size = 8, .ival = fn + 1 },
			       { .kind = DT_REC_INT, .size = 8, .ival = fn + 2, .upid = 4242 } };
	dt_pfmt_t *pf;
	dt_usyms_t *us;
	char *msg = NULL;
	dt_errtag_t tag;

	mkdir(procroot, 0700);
	fake_proc(4242, NULL);
	us = dt_usyms_new(procroot);
	dt_agg_print_entries_opts(&sb, &ad, &e, 1,
				  &(dt_aggpopts_t){ .usyms = us, .keyfmt = kf });
	dt_sb_printf(&want, "\n              test_usyms`unit_usyms_target+0x3\n  %-50s %16d\n",
		     "test_usyms`unit_usyms_target+0x2", 7);
	UNIT_EQ_STR(dt_sb_str(&sb), dt_sb_str(&want));
	/* usym() and umod() keys print the function and the module. */
	kf[1] = DT_KEYFMT_USYM;
	dt_sb_reset(&sb);
	dt_agg_print_entries_opts(&sb, &ad, &e, 1,
				  &(dt_aggpopts_t){ .usyms = us, .keyfmt = kf, .stackindent = 2 });
	dt_sb_reset(&want);
	dt_sb_printf(&want, "\n  test_usyms`unit_usyms_target+0x3\n  %-50s %16d\n",
		     "test_usyms`unit_usyms_target", 7);
	UNIT_EQ_STR(dt_sb_str(&sb), dt_sb_str(&want));
	/* printa(): %k a user stack, %A a uaddr() key. */
	pf = dt_pfmt_parse("%k|%A|%@d\n", &msg, &tag);
	UNIT_TRUE(pf != NULL);
	kf[1] = DT_KEYFMT_UADDR;
	dt_sb_reset(&sb);
	dt_printa_format(&sb, pf, aggs, 1, ents, nents, NULL,
			 &(dt_printa_opts_t){ .usyms = us, .keyfmt = kf });
	UNIT_EQ_STR(dt_sb_str(&sb), "\n              test_usyms`unit_usyms_target+0x3\n"
				    "|test_usyms`unit_usyms_target+0x2|7\n");
	dt_pfmt_free(pf);
	/* printf(): %A of a plain address names the -c/-p process's; of uaddr(), its own. */
	pf = dt_pfmt_parse("%A %A", &msg, &tag);
	dt_sb_reset(&sb);
	dt_pfmt_format_syms(&sb, pf, args, 2, NULL, us, 4242);
	UNIT_EQ_STR(dt_sb_str(&sb), "test_usyms`unit_usyms_target+0x1 "
				    "test_usyms`unit_usyms_target+0x2");
	dt_sb_reset(&sb);
	dt_sb_reset(&want);
	dt_sb_printf(&want, "0x%llx test_usyms`unit_usyms_target+0x2", (unsigned long long)fn + 1);
	dt_pfmt_format_syms(&sb, pf, args, 2, NULL, us, 0);
	UNIT_EQ_STR(dt_sb_str(&sb), dt_sb_str(&want));
	dt_pfmt_free(pf);
	dt_sb_free(&sb);
	dt_sb_free(&want);
	dt_usyms_free(us);
	drop_proc(4242);
	rmdir(procroot);
}

/* C++ names as DTrace shows them; anything else is not a mangled name. */
UNIT_TEST(demangle)
{
	char *d = dt_demangle("_ZN5dtcxx6Widget4pokeEi");

	UNIT_TRUE(d != NULL);
	if (d)
		UNIT_EQ_STR(d, "dtcxx::Widget::poke(int)");
	free(d);
	UNIT_TRUE(dt_demangle("main") == NULL);
	UNIT_TRUE(dt_demangle("_Zjunk") == NULL);
	UNIT_TRUE(dt_demangle(NULL) == NULL);
}

/* An ELF file read: its own function found, file offsets and addresses inverse. */
UNIT_TEST(uelf_self)
{
	dt_uelf_t ue = {0};
	int fd = open("/proc/self/exe", O_RDONLY);
	size_t n;
	bool found = false;

	UNIT_TRUE(fd >= 0);
	dt_uelf_read(&ue, fd, "/proc/self/exe");
	close(fd);
	UNIT_TRUE(ue.ok);
	n = dt_usymtab_count(ue.tab);
	for (size_t i = 0; i < n; i++) {
		const dt_usym_t *s = dt_usymtab_get(ue.tab, i);
		int64_t off;
		uint64_t back = 0;

		if (strcmp(s->name, "unit_usyms_target") != 0)
			continue;
		found = true;
		off = dt_uelf_vaddr2off(&ue, s->value);
		UNIT_TRUE(off > 0);
		UNIT_EQ_INT(dt_uelf_off2vaddr(&ue, (uint64_t)off, &back), 0);
		UNIT_EQ_INT(back, s->value);
	}
	UNIT_TRUE(found);
	UNIT_TRUE(dt_usymtab_get(ue.tab, n) == NULL);
	dt_uelf_fini(&ue);
}

UNIT_MAIN()
