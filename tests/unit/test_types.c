/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_types.c: D's types over the kernel's BTF (src/compiler/dt_types.c): type names as D
 * writes them, pointers and arrays, members through anonymous unions, sizeof and offsetof,
 * compatibility, type names in messages, kernel enumerators, raw tracepoint arguments, and
 * that BTF is read only when a program names a kernel type.
 *
 * The kernel tests read the live /sys/kernel/btf/vmlinux and print "skip" when it is absent;
 * they check what any kernel has (task_struct's pid is a pid_t at BTF's offset), not one
 * build's layout: offsets and sizes are compared with what libbpf reads from the same BTF.
 */
#include <errno.h>
#include <unistd.h>

#include <bpf/btf.h>

#include "unit.h"

#include "compiler/dt_compiler.h"
#include "runtime/dt_runtime.h"

#define VMLINUX "/sys/kernel/btf/vmlinux"

/* Is the kernel's BTF here? If not, say so once per test. */
static int
have_btf(const char *test)
{
	if (access(VMLINUX, R_OK) == 0)
		return 1;
	printf("skip %s: %s is absent\n", test, VMLINUX);
	return 0;
}

/* The name of a looked-up type, or the error, as one string (static buffer). */
static const char *
lookup_name(dt_compile_t *cc, const char *spelling)
{
	static char buf[512];
	dt_strbuf_t sb = {0};
	char *err = NULL;
	const dt_type_t *t = dt_type_lookup(cc, spelling, &err);

	if (t)
		dt_type_name_of(t, &sb);
	else
		dt_sb_printf(&sb, "%s: %s", dt_errtag_name(cc->type_errtag), err ? err : "?");
	snprintf(buf, sizeof(buf), "%s", dt_sb_str(&sb));
	dt_sb_free(&sb);
	return buf;
}

/* BTF's own bit offset of member "mem" directly in struct "sname" (-1 if none). */
static long
btf_offset(struct btf *btf, const char *sname, const char *mem)
{
	int id = btf__find_by_name_kind(btf, sname, BTF_KIND_STRUCT);
	const struct btf_type *t;
	const struct btf_member *m;

	if (id < 0)
		return -1;
	t = btf__type_by_id(btf, (uint32_t)id);
	m = btf_members(t);
	for (int i = 0; i < btf_vlen(t); i++, m++) {
		if (strcmp(btf__name_by_offset(btf, m->name_off), mem) == 0)
			return (long)btf_member_bit_offset(t, (uint32_t)i);
	}
	return -1;
}

/* ---- without a kernel ------------------------------------------------------------------ */

UNIT_TEST(builtin_spellings)
{
	dt_compile_t cc;

	dt_compile_init(&cc, NULL);
	UNIT_EQ_STR(lookup_name(&cc, "int"), "int");
	UNIT_EQ_STR(lookup_name(&cc, "unsigned long"), "unsigned long");
	UNIT_EQ_STR(lookup_name(&cc, "long unsigned int"), "unsigned long");
	UNIT_EQ_STR(lookup_name(&cc, "unsigned"), "unsigned int");
	UNIT_EQ_STR(lookup_name(&cc, "long long"), "long long");
	UNIT_EQ_STR(lookup_name(&cc, "const char *"), "char *");
	UNIT_EQ_STR(lookup_name(&cc, "char * const *"), "char **");
	UNIT_EQ_STR(lookup_name(&cc, "char [16]"), "char [16]");
	UNIT_EQ_STR(lookup_name(&cc, "int *[4]"), "int *[4]");
	UNIT_EQ_STR(lookup_name(&cc, "int (*)[4]"), "int (*)[4]");
	UNIT_EQ_STR(lookup_name(&cc, "int [2][3]"), "int [2][3]");
	UNIT_EQ_STR(lookup_name(&cc, "void (*)(int, char *)"), "void (*)(int, char *)");
	UNIT_EQ_STR(lookup_name(&cc, "int (*)(void)"), "int (*)(void)");
	UNIT_EQ_STR(lookup_name(&cc, "int (*)(const char *, ...)"), "int (*)(char *, ...)");
	UNIT_EQ_STR(lookup_name(&cc, "uint64_t"), "uint64_t");
	UNIT_EQ_STR(lookup_name(&cc, "uint64_t *"), "uint64_t *");
	UNIT_EQ_STR(lookup_name(&cc, "pid_t"), "pid_t");
	UNIT_EQ_STR(lookup_name(&cc, "string"), "string");
	UNIT_EQ_STR(lookup_name(&cc, "long double"), "long double");

	/* shared instances */
	UNIT_TRUE(dt_type_lookup(&cc, "long unsigned int", NULL) == dt_type_int(&cc, 8, false));
	UNIT_TRUE(dt_type_lookup(&cc, "char *", NULL) == dt_type_lookup(&cc, "char*", NULL));
	UNIT_TRUE(dt_type_ptr(&cc, dt_type_void(&cc)) == dt_type_lookup(&cc, "void *", NULL));

	/* sizes */
	UNIT_EQ_INT(dt_type_sizeof(&cc, dt_type_lookup(&cc, "char [16]", NULL)), 16);
	UNIT_EQ_INT(dt_type_sizeof(&cc, dt_type_lookup(&cc, "int *[4]", NULL)), 32);
	UNIT_EQ_INT(dt_type_sizeof(&cc, dt_type_lookup(&cc, "int (*)[4]", NULL)), 8);
	UNIT_EQ_INT(dt_type_sizeof(&cc, dt_type_lookup(&cc, "int [2][3]", NULL)), 24);
	UNIT_EQ_INT(dt_type_sizeof(&cc, dt_type_lookup(&cc, "short", NULL)), 2);
	UNIT_EQ_INT(dt_type_sizeof(&cc, dt_type_void(&cc)), -1);
	UNIT_EQ_STR(dt_errtag_name(cc.type_errtag), "D_SIZEOF_TYPE");
	UNIT_EQ_INT(dt_type_lookup(&cc, "int [2][3]", NULL)->base->nelems, 3);

	/* none of this needed the kernel */
	UNIT_TRUE(!cc.btf_tried && !cc.btf);
	dt_compile_fini(&cc);
}

UNIT_TEST(spelling_errors)
{
	dt_compile_t cc;

	dt_compile_init(&cc, NULL);
	/* DTrace's tags: its declaration checks, or no such type */
	UNIT_EQ_STR(lookup_name(&cc, "short long"),
		    "D_UNKNOWN: failed to resolve type short long : Unknown type name");
	UNIT_EQ_STR(lookup_name(&cc, "unsigned string"),
		    "D_DECL_SIGNINT: invalid type declaration: signed and unsigned may only be "
		    "used with integer type");
	UNIT_EQ_STR(lookup_name(&cc, "long char"),
		    "D_DECL_CHARATTR: invalid type declaration: short and long may not be used "
		    "with char type");
	UNIT_EQ_STR(lookup_name(&cc, "void unsigned"),
		    "D_DECL_VOIDATTR: invalid type declaration: attributes may not be used with "
		    "void type");
	UNIT_EQ_STR(lookup_name(&cc, "string long"),
		    "D_DECL_LONGINT: invalid type declaration: long and long long may only be "
		    "used with integer or floating-point type");
	UNIT_EQ_STR(lookup_name(&cc, "long long double"),
		    "D_UNKNOWN: failed to resolve type long long double: Unknown type name");
	UNIT_EQ_STR(lookup_name(&cc, "short short"), "short");
	UNIT_EQ_STR(lookup_name(&cc, "char char"),
		    "D_DECL_COMBO: invalid type combination");
	UNIT_EQ_STR(lookup_name(&cc, "int [x]"),
		    "D_SYNTAX: syntax error in type name \"int [x]\" near \"x\"");
	UNIT_EQ_STR(lookup_name(&cc, "int *)"),
		    "D_SYNTAX: syntax error in type name \"int *)\" near \")\"");
	UNIT_EQ_STR(lookup_name(&cc, "int [4"),
		    "D_SYNTAX: syntax error in type name \"int [4\": unexpected end");
	UNIT_EQ_STR(lookup_name(&cc, "int pid_t"),
		    "D_SYNTAX: syntax error in type name \"int pid_t\" near \"pid_t\"");
	UNIT_EQ_STR(lookup_name(&cc, ""),
		    "D_SYNTAX: syntax error in type name \"\": unexpected end");
	UNIT_TRUE(!cc.btf_tried);
	dt_compile_fini(&cc);
}

UNIT_TEST(compat_rules)
{
	dt_compile_t cc;
	const dt_type_t *vp, *cp, *ip, *ca, *s, *i, *ul;

	dt_compile_init(&cc, NULL);
	vp = dt_type_lookup(&cc, "void *", NULL);
	cp = dt_type_lookup(&cc, "char *", NULL);
	ip = dt_type_lookup(&cc, "int *", NULL);
	ca = dt_type_lookup(&cc, "char [16]", NULL);
	s = dt_type_string(&cc);
	i = dt_type_int(&cc, 4, true);
	ul = dt_type_lookup(&cc, "unsigned long", NULL);
	UNIT_TRUE(dt_type_compat(vp, cp) && dt_type_compat(ip, vp));
	UNIT_TRUE(!dt_type_compat(cp, ip));
	UNIT_TRUE(dt_type_compat(cp, ca) && dt_type_compat(ca, cp));
	UNIT_TRUE(dt_type_compat(s, cp) && dt_type_compat(ca, s) && dt_type_compat(s, s));
	UNIT_TRUE(!dt_type_compat(s, ip) && !dt_type_compat(s, i));
	UNIT_TRUE(dt_type_compat(i, ul));
	UNIT_TRUE(!dt_type_compat(i, ip));	/* the caller's rule */
	UNIT_TRUE(dt_type_equal(dt_type_lookup(&cc, "int32_t *", NULL), ip));
	UNIT_TRUE(!dt_type_equal(dt_type_lookup(&cc, "uint32_t *", NULL), ip));
	UNIT_TRUE(!dt_type_equal(dt_type_lookup(&cc, "char [8]", NULL), ca));
	UNIT_TRUE(dt_type_equal(dt_type_lookup(&cc, "char [16]", NULL), ca));
	dt_compile_fini(&cc);
}

/* A compile that names no kernel type never reads BTF. */
UNIT_TEST(btf_not_loaded)
{
	static dt_source_t src = { NULL, "BEGIN { trace(pid); exit(0); }", 0 };
	dt_handle_t *dtp = dt_handle_new();
	dt_compile_t cc;

	src.len = strlen(src.text);
	dt_compile_init(&cc, dtp);
	UNIT_TRUE(dt_compile_sources(&cc, &src, 1, NULL) != NULL);
	UNIT_TRUE(dt_type_lookup(&cc, "uint64_t *", NULL) != NULL);
	UNIT_TRUE(dt_type_lookup(&cc, "pid_t", NULL) != NULL);
	UNIT_TRUE(!cc.btf_tried && !cc.btf);
	dt_compile_fini(&cc);
	dt_handle_free(dtp);
}

UNIT_TEST(btf_missing)
{
	dt_compile_t cc;
	int64_t v;

	dt_compile_init(&cc, NULL);
	cc.btf_path = "/nonexistent/vmlinux";
	UNIT_EQ_STR(lookup_name(&cc, "struct task_struct *"),
		    "D_UNKNOWN: failed to resolve type struct task_struct: kernel types are "
		    "unavailable (cannot load /nonexistent/vmlinux: No such file or directory)");
	UNIT_TRUE(cc.btf_tried && !cc.btf);
	UNIT_EQ_INT(dt_type_enum_value(&cc, "PIDTYPE_PID", &v, NULL), -ENOENT);
	UNIT_EQ_STR(lookup_name(&cc, "int"), "int");
	dt_compile_fini(&cc);
}

/* ---- against the kernel's BTF ---------------------------------------------------------- */

UNIT_TEST(task_struct_members)
{
	dt_compile_t cc;
	const dt_type_t *ts, *tp, *mt;
	uint32_t off, boff, bsize;
	long want;

	if (!have_btf("task_struct_members"))
		return;
	dt_compile_init(&cc, NULL);
	tp = dt_type_lookup(&cc, "struct task_struct *", NULL);
	UNIT_TRUE(tp && tp->kind == DT_TYPE_PTR);
	if (!tp)
		goto out;
	UNIT_TRUE(cc.btf_tried && cc.btf);
	UNIT_EQ_STR(tp->name, "struct task_struct *");
	ts = tp->base;
	UNIT_EQ_INT(ts->kind, DT_TYPE_STRUCT);
	UNIT_EQ_STR(ts->tag, "task_struct");
	UNIT_EQ_INT(dt_type_sizeof(&cc, ts), btf__resolve_size(cc.btf, (uint32_t)ts->btf_id));

	/* pid: a pid_t (the kernel's typedef of int) at BTF's offset */
	UNIT_EQ_INT(dt_type_member(&cc, ts, "pid", &off, &mt, &boff, &bsize), 0);
	want = btf_offset(cc.btf, "task_struct", "pid");
	UNIT_EQ_INT(boff, want);
	UNIT_EQ_INT(off, want / 8);
	UNIT_EQ_INT(bsize, 0);
	UNIT_EQ_STR(mt->name, "pid_t");
	UNIT_EQ_INT(mt->kind, DT_TYPE_INT);
	UNIT_EQ_INT(mt->size, 4);
	UNIT_TRUE(mt->is_signed);
	UNIT_TRUE(dt_type_resolve(mt) == dt_type_int(&cc, 4, true));
	UNIT_EQ_INT(dt_type_member(&cc, ts, "tgid", &off, &mt, NULL, NULL), 0);
	UNIT_EQ_INT(off, btf_offset(cc.btf, "task_struct", "tgid") / 8);

	/* comm: char [16] */
	UNIT_EQ_INT(dt_type_member(&cc, ts, "comm", &off, &mt, NULL, NULL), 0);
	UNIT_EQ_STR(mt->name, "char [16]");
	UNIT_EQ_INT(mt->kind, DT_TYPE_ARRAY);
	UNIT_EQ_INT(mt->nelems, 16);
	UNIT_TRUE(mt->base == dt_type_named(&cc, "char"));
	UNIT_EQ_INT(dt_type_sizeof(&cc, mt), 16);
	UNIT_TRUE(dt_type_compat(mt, dt_type_string(&cc)));

	/* real_parent: struct task_struct *, the same instance as the lookup's */
	UNIT_EQ_INT(dt_type_member(&cc, ts, "real_parent", &off, &mt, NULL, NULL), 0);
	UNIT_TRUE(mt == tp);
	UNIT_TRUE(dt_type_equal(mt, tp) && dt_type_compat(mt, tp));

	/* nested: task_struct.se is a struct sched_entity, whose vruntime is a u64 */
	UNIT_EQ_INT(dt_type_member(&cc, ts, "se", &off, &mt, NULL, NULL), 0);
	UNIT_EQ_STR(mt->name, "struct sched_entity");
	UNIT_EQ_INT(dt_type_member(&cc, mt, "vruntime", &off, &mt, NULL, NULL), 0);
	UNIT_EQ_STR(mt->name, "u64");
	UNIT_TRUE(dt_type_resolve(mt) == dt_type_int(&cc, 8, false));
	UNIT_TRUE(mt->typedef_of != NULL);

	/* errors */
	UNIT_EQ_INT(dt_type_member(&cc, ts, "nosuch", &off, &mt, NULL, NULL), -ENOENT);
	UNIT_EQ_STR(dt_errtag_name(cc.type_errtag), "D_TYPE_MEMBER");
	UNIT_EQ_STR(cc.type_errmsg, "nosuch is not a member of struct task_struct");
	UNIT_EQ_INT(dt_type_member(&cc, tp, "pid", &off, &mt, NULL, NULL), -EINVAL);
	UNIT_EQ_STR(dt_errtag_name(cc.type_errtag), "D_OP_SOU");
	UNIT_EQ_STR(cc.type_errmsg, "struct task_struct * is not a struct or union");

	/* offsetof */
	UNIT_EQ_INT(dt_type_offsetof(&cc, ts, "tgid", &off), 0);
	UNIT_EQ_INT(off, btf_offset(cc.btf, "task_struct", "tgid") / 8);
	UNIT_EQ_INT(dt_type_offsetof(&cc, tp, "tgid", &off), -EINVAL);
	UNIT_EQ_STR(dt_errtag_name(cc.type_errtag), "D_OFFSETOF_TYPE");
out:
	dt_compile_fini(&cc);
}

UNIT_TEST(bitfields)
{
	dt_compile_t cc;
	const dt_type_t *ts;
	const dt_member_t *ms;
	uint32_t n, off, boff, bsize;
	const dt_member_t *bf = NULL;

	if (!have_btf("bitfields"))
		return;
	dt_compile_init(&cc, NULL);
	ts = dt_type_lookup(&cc, "struct task_struct", NULL);
	ms = dt_type_members(&cc, ts, &n);
	UNIT_TRUE(n > 10);
	for (uint32_t i = 0; i < n && !bf; i++) {
		if (ms[i].bit_size)
			bf = &ms[i];
	}
	UNIT_TRUE(bf != NULL);	/* task_struct has had bit-fields (sched_reset_on_fork...) */
	if (bf) {
		UNIT_EQ_INT(dt_type_member(&cc, ts, bf->name, &off, NULL, &boff, &bsize), 0);
		UNIT_EQ_INT(boff, bf->bit_off);
		UNIT_EQ_INT(off, bf->bit_off / 8);
		UNIT_EQ_INT(bsize, bf->bit_size);
		UNIT_EQ_INT(dt_type_offsetof(&cc, ts, bf->name, &off), -EINVAL);
		UNIT_EQ_STR(dt_errtag_name(cc.type_errtag), "D_OFFSETOF_BITFIELD");
	}
	dt_compile_fini(&cc);
}

/* sk_buff's members live in anonymous unions and structs, two levels deep. */
UNIT_TEST(anonymous_members)
{
	dt_compile_t cc;
	const dt_type_t *skb, *mt;
	uint32_t off, boff;
	int id;

	if (!have_btf("anonymous_members"))
		return;
	dt_compile_init(&cc, NULL);
	skb = dt_type_lookup(&cc, "struct sk_buff", NULL);
	UNIT_TRUE(skb != NULL);
	if (!skb)
		goto out;
	/* len is a direct member; tstamp and next are not */
	UNIT_TRUE(btf_offset(cc.btf, "sk_buff", "len") >= 0);
	UNIT_TRUE(btf_offset(cc.btf, "sk_buff", "next") < 0);
	UNIT_EQ_INT(dt_type_member(&cc, skb, "next", &off, &mt, &boff, NULL), 0);
	UNIT_EQ_STR(mt->name, "struct sk_buff *");
	UNIT_EQ_INT(dt_type_member(&cc, skb, "tstamp", &off, &mt, &boff, NULL), 0);
	UNIT_EQ_STR(mt->name, "ktime_t");
	UNIT_EQ_INT(mt->size, 8);
	/* compare with the compiler's own view, through libbpf's offsets of the anon chain */
	id = btf__find_by_name_kind(cc.btf, "sk_buff", BTF_KIND_STRUCT);
	{
		const struct btf_type *t = btf__type_by_id(cc.btf, (uint32_t)id);
		const struct btf_member *m = btf_members(t);
		long want = -1;

		for (int i = 0; i < btf_vlen(t) && want < 0; i++) {
			const struct btf_type *u = btf__type_by_id(cc.btf, m[i].type);

			if (m[i].name_off || !btf_is_union(u))
				continue;
			for (int j = 0; j < btf_vlen(u); j++) {
				uint32_t noff = btf_members(u)[j].name_off;
				const char *nm = btf__name_by_offset(cc.btf, noff);

				if (strcmp(nm, "tstamp") == 0)
					want = (long)(btf_member_bit_offset(t, (uint32_t)i) +
						      btf_member_bit_offset(u, (uint32_t)j));
			}
		}
		UNIT_EQ_INT(boff, want);
		UNIT_EQ_INT(off, want / 8);
	}
out:
	dt_compile_fini(&cc);
}

UNIT_TEST(kernel_spellings)
{
	dt_compile_t cc;
	const dt_type_t *t, *d;

	if (!have_btf("kernel_spellings"))
		return;
	dt_compile_init(&cc, NULL);
	UNIT_EQ_STR(lookup_name(&cc, "struct file **"), "struct file **");
	UNIT_EQ_STR(lookup_name(&cc, "const struct file *const *"), "struct file **");
	UNIT_EQ_STR(lookup_name(&cc, "struct task_struct *[4]"), "struct task_struct *[4]");
	UNIT_EQ_STR(lookup_name(&cc, "u32"), "u32");
	UNIT_EQ_STR(lookup_name(&cc, "u32 *"), "u32 *");
	UNIT_EQ_STR(lookup_name(&cc, "_Bool"), "_Bool");
	UNIT_EQ_STR(lookup_name(&cc, "enum pid_type"), "enum pid_type");
	UNIT_EQ_STR(lookup_name(&cc, "union nosuch_union"),
		    "D_UNKNOWN: failed to resolve type union nosuch_union: Unknown type name");
	UNIT_EQ_STR(lookup_name(&cc, "struct nosuch_struct *"),
		    "D_UNKNOWN: failed to resolve type struct nosuch_struct: Unknown type name");
	UNIT_EQ_STR(lookup_name(&cc, "nosuch_t"),
		    "D_UNKNOWN: failed to resolve type nosuch_t: Unknown type name");
	UNIT_EQ_STR(lookup_name(&cc, "unsigned struct file"),
		    "D_DECL_SIGNINT: invalid type declaration: signed and unsigned may only be "
		    "used with integer type");
	UNIT_EQ_STR(lookup_name(&cc, "int struct file"),
		    "D_SYNTAX: syntax error in type name \"int struct file\" near \"struct\"");

	/* pid_t: D's own, never the kernel's; __kernel_pid_t: the kernel's typedef of int */
	t = dt_type_lookup(&cc, "pid_t", NULL);
	UNIT_TRUE(t == dt_type_named(&cc, "pid_t") && !t->typedef_of && !t->btf_id);
	t = dt_type_lookup(&cc, "__kernel_pid_t", NULL);
	UNIT_TRUE(t && t->typedef_of == dt_type_int(&cc, 4, true));
	UNIT_TRUE(t && dt_type_equal(t, dt_type_named(&cc, "pid_t")));

	/* a typedef of a struct: a struct named by its typedef (atomic_t) */
	t = dt_type_lookup(&cc, "atomic_t", NULL);
	UNIT_TRUE(t && t->kind == DT_TYPE_STRUCT && t->typedef_of);
	if (t) {
		UNIT_EQ_STR(t->name, "atomic_t");
		UNIT_EQ_INT(dt_type_sizeof(&cc, t), 4);
		UNIT_EQ_INT(dt_type_member(&cc, t, "counter", NULL, &d, NULL, NULL), 0);
		UNIT_EQ_INT(dt_type_member(&cc, t, "nope", NULL, NULL, NULL, NULL), -ENOENT);
		UNIT_EQ_STR(cc.type_errmsg, "nope is not a member of atomic_t");
	}
	/* the same struct through two spellings is one type */
	UNIT_TRUE(dt_type_equal(dt_type_lookup(&cc, "struct task_struct", NULL),
				dt_type_lookup(&cc, "struct task_struct", NULL)));
	UNIT_TRUE(!dt_type_compat(dt_type_lookup(&cc, "struct task_struct *", NULL),
				  dt_type_lookup(&cc, "struct file *", NULL)));
	UNIT_TRUE(dt_type_compat(dt_type_lookup(&cc, "struct task_struct *", NULL),
				 dt_type_lookup(&cc, "void *", NULL)));
	dt_compile_fini(&cc);
}

UNIT_TEST(kernel_enums)
{
	dt_compile_t cc;
	const dt_type_t *t = NULL;
	const dt_enumerator_t *es;
	int64_t v = -1;
	uint32_t n;

	if (!have_btf("kernel_enums"))
		return;
	dt_compile_init(&cc, NULL);
	UNIT_EQ_INT(dt_type_enum_value(&cc, "PIDTYPE_PID", &v, &t), 0);
	UNIT_EQ_INT(v, 0);
	UNIT_TRUE(t && t->kind == DT_TYPE_ENUM);
	if (t)
		UNIT_EQ_STR(t->name, "enum pid_type");
	UNIT_EQ_INT(dt_type_enum_value(&cc, "PIDTYPE_TGID", &v, NULL), 0);
	UNIT_EQ_INT(v, 1);
	es = dt_type_enums(&cc, t, &n);
	UNIT_TRUE(n >= 4 && es && strcmp(es[0].name, "PIDTYPE_PID") == 0);
	/* TASK_RUNNING is a macro in the kernel, not an enumerator */
	UNIT_EQ_INT(dt_type_enum_value(&cc, "TASK_RUNNING", &v, NULL), -ENOENT);
	UNIT_EQ_STR(dt_errtag_name(cc.type_errtag), "D_IDENT_UNDEF");
	UNIT_EQ_STR(cc.type_errmsg, "TASK_RUNNING is not a kernel enumerator");
	dt_compile_fini(&cc);
}

UNIT_MAIN()
