/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_sema.c: semantic analysis and the probe table, without a kernel: probe matching and
 * globs, on-demand profile probes, option parsing, D's integer type rules, record layouts
 * and aggregation key layouts, and the error tags with their line:col.
 */
#include "unit.h"

#include "common/dt_program.h"
#include "compiler/dt_compiler.h"
#include "runtime/dt_runtime.h"

static char errs[8192];
static const dt_source_t *test_lib;	/* a D library compile() puts before the program */

/* Compile text as a -n description; errors as "TAG line:col region: msg" lines in errs. */
static dt_program_t *
compile(dt_handle_t *dtp, dt_compile_t *cc, const char *text)
{
	static dt_source_t src;
	dt_strbuf_t sb = {0};
	dt_program_t *prog;

	src.name = NULL;
	src.text = text;
	src.len = strlen(text);
	dt_compile_init(cc, dtp);
	if (test_lib) {
		cc->libs = test_lib;
		cc->nlibs = 1;
	}
	prog = dt_compile_sources(cc, &src, 1, NULL);
	for (const dt_diag_t *d = cc->diags.head; d; d = d->next)
		dt_sb_printf(&sb, "%s%s %d:%d %s%s%s", sb.len ? "\n" : "", dt_errtag_name(d->tag),
			     d->loc.line, d->loc.col, d->region ? d->region : "",
			     d->region ? ": " : "", d->msg);
	snprintf(errs, sizeof(errs), "%s", dt_sb_str(&sb));
	dt_sb_free(&sb);
	return prog;
}

/* The error of a program that must fail, or "(compiled)". */
static const char *
error_of(const char *text)
{
	dt_handle_t *dtp = dt_handle_new();
	dt_compile_t cc;
	dt_program_t *prog = compile(dtp, &cc, text);

	if (prog)
		snprintf(errs, sizeof(errs), "(compiled)");
	dt_compile_fini(&cc);
	dt_handle_free(dtp);
	return errs;
}

UNIT_TEST(glob_rules)
{
	UNIT_TRUE(dt_glob_match("", "anything"));
	UNIT_TRUE(dt_glob_match("read*", "readv"));
	UNIT_TRUE(dt_glob_match("read*", "read"));
	UNIT_TRUE(!dt_glob_match("read*", "pread64"));
	UNIT_TRUE(dt_glob_match("*read*", "pread64"));
	UNIT_TRUE(dt_glob_match("getpi?", "getpid"));
	UNIT_TRUE(!dt_glob_match("getpi?", "getpi"));
	UNIT_TRUE(dt_glob_match("get[pu]id", "getuid"));
	UNIT_TRUE(!dt_glob_match("get[!pu]id", "getuid"));
	UNIT_TRUE(dt_glob_match("sys[a-c]x", "sysbx"));
	UNIT_TRUE(dt_glob_match("a\\*b", "a*b"));
	UNIT_TRUE(!dt_glob_match("a\\*b", "axb"));
	UNIT_TRUE(!dt_glob_match("[", "["));
}

static int
count_cb(dt_probe_t *prp, void *arg)
{
	(*(int *)arg)++;
	return 0;
}

UNIT_TEST(probe_table)
{
	dt_handle_t *dtp = dt_handle_new();
	int n = 0;

	UNIT_EQ_STR(dt_probe_by_id(dtp, 1)->name, "BEGIN");
	UNIT_EQ_STR(dt_probe_by_id(dtp, 2)->name, "END");
	UNIT_EQ_STR(dt_probe_by_id(dtp, 3)->name, "ERROR");
	UNIT_EQ_INT(dt_probe_iter(dtp, "syscall", "", "getpid", "", count_cb, &n), 2);
	UNIT_EQ_INT(n, 2);
	UNIT_EQ_INT(dt_probe_iter(dtp, "", "", "", "BEGIN", NULL, NULL), 1);
	/* profile-N and tick-N are made on demand, once, with or without the provider. */
	UNIT_EQ_INT(dt_probe_iter(dtp, "", "", "", "tick-7ms", NULL, NULL), 1);
	UNIT_EQ_INT(dt_probe_iter(dtp, "profile", "", "", "tick-7ms", NULL, NULL), 1);
	UNIT_EQ_INT(dt_probe_iter(dtp, "profile", "", "", "profile-123hz", NULL, NULL), 1);
	UNIT_EQ_INT(dt_probe_iter(dtp, "profile", "", "", "tick-*", NULL, NULL), 9); /* 8 + tick-7ms */
	UNIT_EQ_INT(dt_probe_iter(dtp, "profile", "", "", "tick-0", NULL, NULL), 0);
	UNIT_EQ_INT(dt_probe_iter(dtp, "profile", "", "", "tick-1xs", NULL, NULL), 0);
	UNIT_EQ_INT(dt_probe_iter(dtp, "nosuch", "", "", "", NULL, NULL), 0);
	dt_handle_free(dtp);
}

UNIT_TEST(options)
{
	dt_handle_t *dtp = dt_handle_new();
	const char *why;

	UNIT_EQ_INT(dtp->opts.switchrate_ns, 1000000000);
	UNIT_EQ_INT(dt_opt_set(dtp, "switchrate", "10hz", &why), 0);
	UNIT_EQ_INT(dtp->opts.switchrate_ns, 100000000);
	UNIT_EQ_INT(dt_opt_set(dtp, "switchrate", "250ms", &why), 0);
	UNIT_EQ_INT(dtp->opts.switchrate_ns, 250000000);
	UNIT_EQ_INT(dt_opt_set(dtp, "bufsize", "2m", &why), 0);
	UNIT_EQ_INT(dtp->opts.bufsize, 2 << 20);
	UNIT_EQ_INT(dt_opt_set(dtp, "strsize", "64", &why), 0);
	UNIT_EQ_INT(dtp->opts.strsize, 64);
	UNIT_EQ_INT(dtp->opts.scratchsize, 256);
	UNIT_EQ_INT(dt_opt_set(dtp, "scratchsize", "8k", &why), 0);
	UNIT_EQ_INT(dtp->opts.scratchsize, 8192);
	UNIT_EQ_INT(dt_opt_set(dtp, "scratchsize", "8193", &why), -1);
	UNIT_EQ_INT(dt_opt_set(dtp, "scratchsize", "0", &why), -1);
	UNIT_EQ_INT(dt_opt_set(dtp, "quiet", NULL, &why), 0);
	UNIT_TRUE(dtp->opts.quiet);
	UNIT_EQ_INT(dt_opt_set(dtp, "bufsize", "x", &why), -1);
	UNIT_EQ_STR(why, "Invalid value for specified option");
	UNIT_EQ_INT(dt_opt_set(dtp, "nosuchopt", "1", &why), -1);
	UNIT_EQ_STR(why, "Invalid option name");
	dt_handle_free(dtp);
}

/* -x aggrate, switchrate, statusrate, cleanrate: times as DTrace's options read them. */
UNIT_TEST(options_rates)
{
	static const char *const names[] = {"aggrate", "switchrate", "statusrate", "cleanrate"};
	static const char *const bad[] = {"fast", "10 ms", "-5ms", "1.5s", "10hzz", "0hz",
					  "ms", "", "99999999999999d"};
	/* suffixes in any case; a bare number is nanoseconds, not Hz as in profile-97 */
	static const struct { const char *v; uint64_t ns; } good[] = {
		{"100us", 100000}, {"2sec", 2000000000}, {"10Hz", 100000000}, {"3MSEC", 3000000},
		{"500", 500}, {"1m", 60000000000ULL}, {"1d", 86400000000000ULL}, {NULL, 0},
	};
	dt_handle_t *dtp = dt_handle_new();
	const char *why;

	UNIT_EQ_INT(dtp->opts.aggrate_ns, 1000000000);
	for (size_t i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		UNIT_EQ_INT(dt_opt_set(dtp, "aggrate", good[i].v, &why), 0);
		UNIT_EQ_INT(dtp->opts.aggrate_ns, good[i].ns);
		UNIT_EQ_INT(dt_opt_set(dtp, "switchrate", good[i].v, &why), 0);
		UNIT_EQ_INT(dtp->opts.switchrate_ns, good[i].ns);
		UNIT_EQ_INT(dt_opt_set(dtp, "statusrate", good[i].v, &why), 0);
		UNIT_EQ_INT(dt_opt_set(dtp, "cleanrate", good[i].v, &why), 0);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		for (size_t k = 0; k < sizeof(names) / sizeof(names[0]); k++) {
			why = NULL;
			if (dt_opt_set(dtp, names[k], bad[i], &why) != -1)
				UNIT_FAIL("-x %s=%s accepted", names[k], bad[i]);
			UNIT_EQ_STR(why, "Invalid value for specified option");
		}
	}
	UNIT_EQ_INT(dtp->opts.switchrate_ns, 0);	/* refused values change nothing */
	dt_handle_free(dtp);
}

UNIT_TEST(record_layout)
{
	dt_handle_t *dtp = dt_handle_new();
	dt_compile_t cc;
	dt_program_t *prog = compile(dtp, &cc,
		"BEGIN { trace(1); trace(\"ab\"); printf(\"%d %s\", pid, execname); exit(0); }");
	dt_clause_t *cl;

	UNIT_TRUE(prog != NULL);
	if (!prog)
		goto out;
	cl = prog->clauses[0];
	UNIT_EQ_INT(cl->nactions, 4);
	UNIT_TRUE(cl->has_record);
	UNIT_EQ_INT(cl->actions[0].items[0].offset, 8);	/* after the header */
	UNIT_EQ_INT(cl->actions[0].items[0].size, 4);		/* int */
	UNIT_EQ_INT(cl->actions[1].items[0].kind, DT_REC_STRING);
	UNIT_EQ_INT(cl->actions[1].items[0].size, 8);		/* "ab" fits in 8 bytes */
	UNIT_EQ_INT(cl->actions[2].items[1].size, 16);	/* execname: 16 bytes */
	UNIT_EQ_INT(cl->recsize % 8, 0);
	UNIT_TRUE(prog->uses_exit);
out:
	dt_compile_fini(&cc);
	dt_handle_free(dtp);
}

UNIT_TEST(aggregation_layout)
{
	dt_handle_t *dtp = dt_handle_new();
	dt_compile_t cc;
	dt_program_t *prog = compile(dtp, &cc,
		"syscall::read:entry { @a[execname, arg0] = count(); @q = quantize(arg2); }"
		"syscall::write:entry { @a[probefunc, 1] = count(); @l = lquantize(arg2, 0, 10, 2); }");

	UNIT_TRUE(prog != NULL);
	if (!prog)
		goto out;
	UNIT_EQ_INT(prog->naggs, 3);
	/* The string key slot is the widest use: probefunc (64) beats execname (16). */
	UNIT_EQ_INT(prog->aggs[0]->keys[0].size, 64);
	UNIT_EQ_INT(prog->aggs[0]->keys[1].offset, 64);
	UNIT_EQ_INT(prog->aggs[0]->keysize, 72);
	UNIT_EQ_INT(prog->aggs[1]->nwords, 127);
	UNIT_EQ_INT(prog->aggs[1]->keysize, 0);
	UNIT_EQ_INT(prog->aggs[2]->nwords, 7);	/* < 0, 0 2 4 6 8, >= 10 */
	UNIT_EQ_INT(prog->clauses[0]->has_record, 0);
	UNIT_EQ_INT(prog->probes.len, 2);
out:
	dt_compile_fini(&cc);
	dt_handle_free(dtp);
}

/* ustack() and jstack() items hold the process id and then the frames; uaddr(), usym(),
 * ufunc(), umod() the process id and the address. Alone in a statement they trace. */
UNIT_TEST(user_items_layout)
{
	dt_handle_t *dtp = dt_handle_new();
	dt_compile_t cc;
	dt_program_t *prog = compile(dtp, &cc,
		"BEGIN { ustack(); jstack(); ustack(3, 128); uaddr(1); usym(1); ufunc(1); umod(1); "
		"@[ustack(2), usym(2)] = count(); printf(\"%A\", uaddr(3)); }");
	static const int fmts[] = { DT_RECFMT_USTACK, DT_RECFMT_USTACK, DT_RECFMT_USTACK,
				    DT_RECFMT_UADDR, DT_RECFMT_USYM, DT_RECFMT_USYM,
				    DT_RECFMT_UMOD };
	static const int sizes[] = { 21 * 8, 51 * 8, 4 * 8, 16, 16, 16, 16 };
	dt_clause_t *cl;

	UNIT_TRUE(prog != NULL);
	if (!prog) {
		fprintf(stderr, "%s\n", errs);
		goto out;
	}
	cl = prog->clauses[0];
	UNIT_EQ_INT(cl->nactions, 8);
	for (int i = 0; i < 7; i++) {
		UNIT_EQ_INT(cl->actions[i].kind, DT_ACT_TRACE);
		UNIT_EQ_INT(cl->actions[i].items[0].fmt, fmts[i]);
		UNIT_EQ_INT(cl->actions[i].items[0].size, sizes[i]);
	}
	UNIT_EQ_STR(cl->actions[3].items[0].type_name, "_usymaddr");
	UNIT_EQ_INT(cl->actions[7].items[0].fmt, DT_RECFMT_UADDR);
	UNIT_EQ_INT(cl->actions[7].items[0].size, 16);
	UNIT_EQ_INT(prog->aggs[0]->keys[0].size, 24);
	UNIT_EQ_INT(prog->aggs[0]->keys[1].offset, 24);
	UNIT_EQ_INT(prog->aggs[0]->keys[1].size, 16);
	UNIT_EQ_INT(prog->aggs[0]->keysize, 40);
out:
	dt_compile_fini(&cc);
	dt_handle_free(dtp);
	UNIT_EQ_STR(error_of("BEGIN { ustack(1, 2, 3); }"),
		    "D_PROTO_LEN 1:9 action list: ustack( ) prototype mismatch: 3 args passed, at most 2 "
		    "expected");
	UNIT_EQ_STR(error_of("BEGIN { jstack(1, -1); }"),
		    "D_USTACK_STRSIZE 1:19 action list: jstack( ) argument #2 must be a positive integer constant");
	UNIT_EQ_STR(error_of("BEGIN { umod(); }"),
		    "D_PROTO_LEN 1:9 action list: umod( ) prototype mismatch: 0 args passed, 1 expected");
}

UNIT_TEST(integer_types)
{
	dt_handle_t *dtp = dt_handle_new();
	dt_compile_t cc;
	dt_program_t *prog = compile(dtp, &cc,
		"BEGIN { trace(1); trace(1 + 2L); trace(0xffffffffU); trace(uid); trace(pid + uid);"
		" trace(5000000000); trace('a'); }");
	static const int sizes[] = {4, 8, 4, 4, 4, 8, 4};
	static const int sign[] = {1, 1, 0, 0, 0, 1, 1};

	UNIT_TRUE(prog != NULL);
	if (!prog)
		goto out;
	for (int i = 0; i < 7; i++) {
		UNIT_EQ_INT(prog->clauses[0]->actions[i].items[0].size, sizes[i]);
		UNIT_EQ_INT(prog->clauses[0]->actions[i].items[0].is_signed, sign[i]);
	}
out:
	dt_compile_fini(&cc);
	dt_handle_free(dtp);
}

/*
 * Constant folding runs after analysis (dt_fold.c): each trace() argument below is an INT
 * node of the operator's type when compile returns; analysis itself saw the values through
 * dt_fold_value (quantize parameters, division by zero, array dimensions).
 */
UNIT_TEST(constant_folding)
{
	dt_handle_t *dtp = dt_handle_new();
	dt_compile_t cc;
	dt_program_t *prog = compile(dtp, &cc,
		"BEGIN { trace((1 + 2) * 3); trace(-(2 - 5U)); trace(1 ? 2 + 2 : 3);"
		" trace(0 || 2); trace(~0 >> 60); trace(-8 / 3); trace(pid - pid); }");
	static const int64_t want[] = {9, 3, 4, 1, -1, -2};
	static const int size[] = {4, 4, 4, 4, 4, 4};
	dt_node_t *body;

	UNIT_TRUE(prog != NULL);
	if (!prog)
		goto out;
	body = prog->clauses[0]->node->body;
	UNIT_EQ_INT(body->list.len, 7);
	for (size_t i = 0; i < 6 && i < body->list.len; i++) {
		dt_node_t *arg = body->list.data[i]->left->list.data[0];

		UNIT_EQ_INT(arg->kind, DT_NODE_INT);
		UNIT_EQ_INT((int64_t)arg->ival, want[i]);
		UNIT_EQ_INT(arg->type->size, size[i]);
	}
	/* an operator on a variable stays an operator */
	if (body->list.len == 7)
		UNIT_EQ_INT(body->list.data[6]->left->list.data[0]->kind, DT_NODE_BINARY);
out:
	dt_compile_fini(&cc);
	dt_handle_free(dtp);
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, -(2 * 5), 10 - 0, 1 + 1); }"),
		    "(compiled)");
	UNIT_EQ_STR(error_of("BEGIN { trace(1 / (1 - 1)); }"),
		    "D_DIV_ZERO 1:17 action list: expression contains division by zero");
	UNIT_EQ_STR(error_of("int a[2 * 3 - 6]; BEGIN { }"),
		    "D_DECL_ARRSUB 1:13 positive integral constant expression or tuple signature "
		    "expected as array declaration subscript");
}

UNIT_TEST(errors)
{
	UNIT_EQ_STR(error_of("BEGIN { trace(nosuchvar); }"),
		    "D_IDENT_UNDEF 1:15 action list: failed to resolve nosuchvar: Unknown variable name");
	UNIT_EQ_STR(error_of("BEGIN\n/nosuch/\n{ }"),
		    "D_IDENT_UNDEF 2:2 predicate: failed to resolve nosuch: Unknown variable name");
	UNIT_EQ_STR(error_of("nosuchprov:::x { }"),
		    "D_PDESC_ZERO 1:1 probe description nosuchprov:::x does not match any probes");
	UNIT_EQ_STR(error_of("BEGIN { nosuchfn(1); }"),
		    "D_FUNC_UNDEF 1:9 action list: failed to resolve nosuchfn: Unknown function name");
	UNIT_EQ_STR(error_of("BEGIN { trace(1 / 0); }"),
		    "D_DIV_ZERO 1:17 action list: expression contains division by zero");
	UNIT_EQ_STR(error_of("BEGIN { trace(\"a\" * 1); }"),
		    "D_OP_ARITH 1:19 action list: operator * requires operands of arithmetic type");
	/* a string steps like a char pointer (its rest from there) */
	UNIT_EQ_STR(error_of("BEGIN { trace(\"a\" + 1); }"), "(compiled)");
	UNIT_EQ_STR(error_of("BEGIN { trace(\"a\" == 1); }"),
		    "D_OP_INCOMPAT 1:19 action list: operands have incompatible types: \"string\" == \"int\"");
	UNIT_EQ_STR(error_of("BEGIN { @a = count(); @a = sum(1); }"),
		    "D_AGG_REDEF 1:23 action list: @a: aggregation redefined: count( ) and sum( ) may not both be applied");
	UNIT_EQ_STR(error_of("BEGIN { @a[1] = count(); @a[1, 2] = count(); }"),
		    "D_PROTO_LEN 1:26 action list: @a[ ] prototype mismatch: 2 keys passed, 1 expected");
	UNIT_EQ_STR(error_of("BEGIN { count(); }"),
		    "D_CG_EXPR 1:9 action list: aggregating function count( ) may not be called from a D expression (D program context required)");
	UNIT_EQ_STR(error_of("BEGIN { trace(1, 2); }"),
		    "D_PROTO_LEN 1:9 action list: trace( ) prototype mismatch: 2 args passed, 1 expected");
	UNIT_EQ_STR(error_of("BEGIN { exit(\"x\"); }"),
		    "D_PROTO_ARG 1:14 action list: exit( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: int\n\t argument: string");
	UNIT_EQ_STR(error_of("BEGIN { trace($3); }"),
		    "D_MACRO_UNDEF 1:15 action list: macro argument $3 is not defined");
	UNIT_EQ_STR(error_of("#pragma D option nosuchopt\nBEGIN { }"),
		    "D_PRAGMA_OPTSET 1:1 failed to set option 'nosuchopt': Invalid option name");
	UNIT_EQ_STR(error_of("BEGIN { trace(1); } BEGIN { trace(x); trace(y); }"),
		    "D_IDENT_UNDEF 1:35 action list: failed to resolve x: Unknown variable name\n"
		    "D_IDENT_UNDEF 1:45 action list: failed to resolve y: Unknown variable name");
	/* no lvalue (a macro) and an lvalue not writable (a built-in variable), in DTrace's words */
	UNIT_EQ_STR(error_of("BEGIN { $pid++; }"),
		    "D_OP_LVAL 1:13 action list: operator ++ requires modifiable lvalue as an operand");
	UNIT_EQ_STR(error_of("BEGIN { pid = 1; }"),
		    "D_OP_WRITE 1:13 action list: operator = can only be applied to a writable variable");
	/* the same undefined name or macro argument again: reported once */
	UNIT_EQ_STR(error_of("BEGIN /x != 0/ { exit(x); } BEGIN { trace($3); trace($3); }"),
		    "D_IDENT_UNDEF 1:8 predicate: failed to resolve x: Unknown variable name\n"
		    "D_MACRO_UNDEF 1:43 action list: macro argument $3 is not defined");
}

/* struct, union, enum and typedef definitions: layout, constants, and DTrace's errors */
UNIT_TEST(type_definitions)
{
	/* found at the second body's '{', where DTrace's parser defines it */
	UNIT_EQ_STR(error_of("struct s { char c; long l; short h; }; struct s { int b; };"),
		    "D_DECL_TYPERED 1:49 type redeclared: struct s");
	UNIT_EQ_STR(error_of("struct s {\n\tstruct nosuch x;\n};"),
		    "D_DECL_INCOMPLETE 2:16 incomplete struct/union/enum struct nosuch: x");
	UNIT_EQ_STR(error_of("struct s { void v; };"),
		    "D_DECL_VOIDOBJ 1:17 cannot have void member: v");
	UNIT_EQ_STR(error_of("struct s { int a; int a; };"),
		    "D_UNKNOWN 1:23 failed to define member 'a': Duplicate member or variable name");
	UNIT_EQ_STR(error_of("typedef int myint; typedef long myint;"),
		    "D_DECL_IDRED 1:33 typedef redeclared: myint");
	UNIT_EQ_STR(error_of("typedef int uint64_t;"),
		    "D_DECL_IDRED 1:13 identifier redeclared: uint64_t");
	UNIT_EQ_STR(error_of("enum e { A = 1 };\nenum f { B, A = 2 };"),
		    "D_DECL_IDRED 2:13 identifier redeclared: A");
	UNIT_EQ_STR(error_of("enum e { A = \"x\" };"),
		    "D_DECL_ENCONST 1:10 enumerator 'A' must be assigned to an integral constant expression");
	UNIT_EQ_STR(error_of("enum e { A = 0x80000000 };"),
		    "D_DECL_ENOFLOW 1:10 enumerator 'A' value overflows INT_MAX (2147483647)");
	UNIT_EQ_STR(error_of("int a[0];"),
		    "D_DECL_ARRSUB 1:7 positive integral constant expression or tuple signature expected as array declaration subscript");
	UNIT_EQ_STR(error_of("static int x;"),
		    "D_DECL_BADCLASS 1:12 specified storage class not appropriate in D");
	UNIT_EQ_STR(error_of("register x;"),
		    "D_DECL_BADCLASS 1:10 specified storage class not appropriate in D");
	UNIT_EQ_STR(error_of("extern int;"), "D_DECL_USELESS 1:1 useless declaration");
	/* D's grammar has no declarations in clauses */
	UNIT_EQ_STR(error_of("BEGIN { int i = 0; }"), "D_SYNTAX 1:9 syntax error near \"int\"");
	UNIT_EQ_STR(error_of("self x; BEGIN { self->x = 1; }"), "(compiled)");
	UNIT_EQ_STR(error_of("inline int a[int x] = x + 1;"), "(compiled)");
	UNIT_EQ_STR(error_of("this int a[int];"),
		    "D_DECL_LOCASSC 1:10 associative arrays may not be declared as local variables: a");
	UNIT_EQ_STR(error_of("int a[string]; BEGIN { a[1] = 2; }"),
		    "D_PROTO_ARG 1:26 action list: a[ ] key #1 is incompatible with prototype:\n"
		    "\tprototype: string\n\t      key: int");
	/* DTrace's layout: C's offsets, no tail padding (a struct ends with its last member, a
	 * union with its biggest); enumerators counting on from the last value (a false
	 * check divides by zero) */
	UNIT_EQ_STR(error_of("struct s { char c; long l; short h; };\n"
			     "union u { char c[5]; int i; };\n"
			     "typedef struct s s_t;\n"
			     "enum e { A, B = 5, C, D = C * 2 };\n"
			     "BEGIN { trace(1 / (sizeof (struct s) == 18 && offsetof(s_t, h) == 16 &&\n"
			     "    sizeof (union u) == 5 && C == 6 && D == 12)); }"),
		    "(compiled)");
}

/* The layout of "tag" after compiling text: "size N: member@bit:width ...". */
static const char *
layout_of(const char *text, const char *tag)
{
	static char buf[sizeof(errs)];
	dt_handle_t *dtp = dt_handle_new();
	dt_compile_t cc;
	const dt_type_t *t;
	const dt_member_t *ms;
	uint32_t n;
	int len;

	if (!compile(dtp, &cc, text) || !(t = dt_type_lookup(&cc, tag, NULL))) {
		snprintf(buf, sizeof(buf), "%s", errs);
		goto out;
	}
	ms = dt_type_members(&cc, t, &n);
	len = snprintf(buf, sizeof(buf), "size %u:", t->size);
	for (uint32_t i = 0; i < n && len < (int)sizeof(buf); i++)
		len += snprintf(buf + len, sizeof(buf) - (size_t)len, " %s@%u:%u", ms[i].name,
				ms[i].bit_off, ms[i].bit_size);
out:
	dt_compile_fini(&cc);
	dt_handle_free(dtp);
	return buf;
}

/*
 * bit-fields: DTrace's layout (as its tst.SizeofBitField shows: struct { int a : 1; int b : 3; }
 * is 2 bytes), and DTrace's errors
 */
UNIT_TEST(bitfields)
{
	/* each at the byte after the previous member, aligned to its own size (ceil(w / 8)
	 * bytes rounded up to a power of two); the size ends with the last member */
	UNIT_EQ_STR(layout_of("struct s { unsigned a : 4; int b : 5; char c : 7; int d : 30;\n"
			      "  long e : 40; char f; };", "struct s"),
		    "size 14: a@0:4 b@8:5 c@16:7 d@32:30 e@64:40 f@104:0");
	UNIT_EQ_STR(layout_of("struct s { long e : 40; };", "struct s"), "size 8: e@0:40");
	UNIT_EQ_STR(layout_of("struct s { int a : 1; int b : 3; int c : 3; };", "struct s"),
		    "size 3: a@0:1 b@8:3 c@16:3");
	UNIT_EQ_STR(layout_of("struct s { int a : 20; int b : 3; int c : 12; };", "struct s"),
		    "size 6: a@0:20 b@24:3 c@32:12");
	/* unnamed ones take their place without aligning the struct; ": 0" is nothing */
	UNIT_EQ_STR(layout_of("struct s { char a; int : 3; char b; int : 0; char c : 2; };",
			      "struct s"),
		    "size 4: a@0:0 b@16:0 c@24:2");
	UNIT_EQ_STR(layout_of("union u { char c; int a : 9; long : 40; };", "union u"),
		    "size 8: c@0:0 a@0:9");
	UNIT_EQ_STR(error_of("struct s { int a : 1; int b : -3; };"),
		    "D_DECL_BFCONST 1:31 positive integral constant expression expected as bit-field size");
	UNIT_EQ_STR(error_of("struct s { int a : 0; };"),
		    "D_DECL_BFCONST 1:20 positive integral constant expression expected as bit-field size");
	UNIT_EQ_STR(error_of("struct s {\n\tchar a : 10;\n};"),
		    "D_DECL_BFSIZE 2:11 bit-field too big for type: a");
	UNIT_EQ_STR(error_of("struct s { float : 1; };"),
		    "D_DECL_BFTYPE 1:18 invalid type for bit-field: (anon)");
	UNIT_EQ_STR(error_of("struct s { int *p : 1; };"),
		    "D_DECL_BFTYPE 1:17 invalid type for bit-field: p");
	/* not constants (analysed outside any clause) */
	UNIT_EQ_STR(error_of("struct s { int : arg0; };"),
		    "D_DECL_BFCONST 1:18 positive integral constant expression expected as bit-field size");
	UNIT_EQ_STR(error_of("enum e { A = arg0 };"),
		    "D_DECL_ENCONST 1:10 enumerator 'A' must be assigned to an integral constant expression");
	UNIT_EQ_STR(error_of("int a[arg0];"),
		    "D_DECL_ARRSUB 1:7 positive integral constant expression or tuple signature expected as array declaration subscript");
	UNIT_EQ_STR(error_of("struct s { int a : 3; };\nBEGIN { trace(&((struct s *)0)->a); }"),
		    "D_ADDROF_BITFIELD 2:15 action list: cannot take address of bit-field");
	UNIT_EQ_STR(error_of("struct s { int a : 3; };\nBEGIN { trace(sizeof (((struct s *)0)->a)); }"),
		    "D_SIZEOF_BITFIELD 2:15 action list: cannot apply sizeof to a bit-field");
	UNIT_EQ_STR(error_of("struct s { int a : 3; };\nBEGIN { trace(offsetof(struct s, a)); }"),
		    "D_OFFSETOF_BITFIELD 2:15 action list: cannot take offset of a bit-field: a");
	UNIT_EQ_STR(error_of("struct s { int a : 3; };\nBEGIN { trace(offsetof(struct s, NULL)); }"),
		    "D_UNKNOWN 2:15 action list: failed to determine offset of NULL: Member name not "
		    "found");
	/* a bit-field reads as its declared type */
	UNIT_EQ_STR(error_of("struct s { unsigned a : 3; char b : 2; };\n"
			     "BEGIN { trace(1 / (sizeof (((struct s *)0)->a + ((struct s *)0)->b) == 4)); }"),
		    "(compiled)");
}

/* function declarators: prototypes declare nothing; pointers to functions are pointers */
UNIT_TEST(function_declarators)
{
	/* sizes and offsets as gcc has them */
	UNIT_EQ_STR(error_of("void func(int, int);\n"
			     "struct s { int i; int (*fp)(); int (*afp[2])(struct nosuch *);\n"
			     "  void (*cb)(int, char *, ...); char (*pa)[3]; };\n"
			     "typedef int (*handler_t)(void *arg, long);\n"
			     "BEGIN { trace(1 / (sizeof (struct s) == 48 && offsetof(struct s, afp) == 16 &&\n"
			     "    offsetof(struct s, pa) == 40 && sizeof (handler_t) == 8 &&\n"
			     "    sizeof (int (*)(int)) == 8 && sizeof (int [4]) == 16)); }"),
		    "(compiled)");
	UNIT_EQ_STR(error_of("struct s { int trace(); };"),
		    "D_DECL_VOIDOBJ 1:16 cannot have void member: trace");
	UNIT_EQ_STR(error_of("struct { int a; } (*f)(int);"),
		    "D_UNSUPPORTED 1:1 declarators beyond pointers need a tag on the struct, union or "
		    "enum they use: struct (*)(int)");
}

/* module-scoped type names: D's and the kernel's types share one namespace */
UNIT_TEST(scoped_type_names)
{
	UNIT_EQ_STR(error_of("typedef struct dqstr { int h; char *n; } dqstr_t;\n"
			     "struct D`dqstr *p;\n"
			     "BEGIN { trace(1 / (sizeof (D`dqstr_t) == 16 && sizeof (struct C`dqstr) == 16 &&\n"
			     "    offsetof(struct D`dqstr, n) == 8 && sizeof (*p) == 16)); }"),
		    "(compiled)");
	/* any module has the kernel's types, as in DTrace (it takes one without BTF of its own
	 * for a built-in one); a tag nobody defines says where the module is */
	UNIT_EQ_STR(error_of("struct nosuchmod`task_struct *p;\n"
			     "BEGIN { trace(1 / (offsetof(struct nosuchmod`task_struct, pid) ==\n"
			     "    offsetof(struct task_struct, pid))); }"), "(compiled)");
	UNIT_EQ_STR(error_of("BEGIN { trace(sizeof (struct nosuchmod`no_such_tag)); }"),
		    "D_SIZEOF_TYPE 1:15 action list: cannot apply sizeof to an operand of unknown "
		    "size (module nosuchmod is neither loaded nor installed)");
	UNIT_EQ_STR(error_of("struct D`s;"),
		    "D_DECL_SCOPE 1:1 D scoping operator may not be used in a type name");
	/* a lone backquote names no symbol */
	UNIT_EQ_STR(error_of("BEGIN { trace(sizeof (`)); }"),
		    "D_IDENT_UNDEF 1:23 action list: failed to resolve `: Unknown symbol name");
}

/* translators and xlate: checked where defined, found by output and input type */
static const char *
with_o(const char *rest)
{
	static char buf[1024];

	snprintf(buf, sizeof(buf), "struct o { int a; int b; };\n%s", rest);
	return buf;
}

UNIT_TEST(translators)
{
	UNIT_EQ_STR(error_of("struct o { int a; };\ntranslator struct o < int x > { b = x; };"),
		    "D_XLATE_MEMB 2:33 translator member b is not a member of struct o");
	UNIT_EQ_STR(error_of("struct o { int a; };\ntranslator struct o < int x > { a = \"s\"; };"),
		    "D_XLATE_INCOMPAT 2:33 translator member a definition uses incompatible types: \"int\" = \"string\"");
	UNIT_EQ_STR(error_of("translator int < int x > { a = x; };"),
		    "D_XLATE_SOU 1:12 translator output type must be a struct or union");
	UNIT_EQ_STR(error_of("struct o;\ntranslator struct o < int x > { a = x; };"),
		    "D_XLATE_SOU 2:12 incomplete struct/union/enum struct o");
	UNIT_EQ_STR(error_of(with_o("translator struct o < int x > { a = x; };\n"
				    "translator struct o < int y > { a = y; };")),
		    "D_XLATE_REDECL 3:1 translator from int to struct o has already been declared");
	UNIT_EQ_STR(error_of(with_o("translator struct o < int x > { a = x; };\n"
				    "BEGIN { trace(xlate<struct o>(1).b); }")),
		    "D_XLATE_NOCONV 3:33 action list: translator does not define conversion for member: b");
	UNIT_EQ_STR(error_of(with_o("translator struct o < int x > { a = x; };\n"
				    "BEGIN { trace(xlate<struct o>(\"s\").a); }")),
		    "D_XLATE_NONE 3:15 action list: cannot translate from \"string\" to \"struct o\"");
	UNIT_EQ_STR(error_of(with_o("translator struct o < int x > { a = x; };\n"
				    "BEGIN { trace(xlate<struct o *>(1).a); }")),
		    "D_OP_SOU 3:35 action list: operator . cannot be applied to type \"struct o *\"; must be applied to a struct or union");
	/* the argument's type is the translator's input type; the value the member's type */
	UNIT_EQ_STR(error_of(with_o("translator struct o < int64_t x > {\n"
				    "  a = x + 1; b = sizeof (x); };\n"
				    "inline struct o *po = xlate<struct o *>(41);\n"
				    "BEGIN { trace(1 / (po->a == 42 && po->b == 8 && sizeof (po->a) == 4)); }")),
		    "(compiled)");
}

/* variables of struct and array types: what may be written, addressed and indexed */
UNIT_TEST(object_variables)
{
	UNIT_EQ_STR(error_of("int i; BEGIN { trace(&i); }"),
		    "D_ADDROF_VAR 1:22 action list: cannot take address of dynamic variable");
	UNIT_EQ_STR(error_of("BEGIN { x[1] = 2; trace(&x[1]); }"),
		    "D_ADDROF_VAR 1:25 action list: cannot take address of dynamic object");
	UNIT_EQ_STR(error_of("BEGIN { trace(&1); }"),
		    "D_ADDROF_LVAL 1:15 action list: unacceptable operand for unary & operator");
	UNIT_EQ_STR(error_of("int a[5]; BEGIN { trace(a[5]); }"),
		    "D_ARR_BOUNDS 1:27 action list: index outside array bounds: 5, max is 5");
	UNIT_EQ_STR(error_of("BEGIN { this->x[1, 2] = 123; }"),
		    "D_ARR_LOCAL 1:16 action list: local variables may not be used as associative arrays: this->x");
	UNIT_EQ_STR(error_of("struct s { int a; } x; BEGIN { x = 1; }"),
		    "D_OP_INCOMPAT 1:34 action list: operands have incompatible types: \"struct s\" = \"int\"");
	UNIT_EQ_STR(error_of("struct s { int a; } x; BEGIN { x.a = \"s\"; }"),
		    "D_OP_INCOMPAT 1:36 action list: operands have incompatible types: \"int\" = \"string\"");
	UNIT_EQ_STR(error_of("BEGIN { curthread->pid = 1; }"),
		    "D_OP_WRITE 1:24 action list: operator = can only be applied to a writable variable");
	UNIT_EQ_STR(error_of("BEGIN { stack(); ustack(3); jstack(); }"), "(compiled)");
	/* Value functions alone are their actions (DTrace's dt_compile_fun: dt_action_symmod). */
	UNIT_EQ_STR(error_of("BEGIN { func(0); usym(0); umod(0); uaddr(0); }"), "(compiled)");
	UNIT_EQ_STR(error_of("BEGIN { @a[1, (void)0] = count(); }"),
		    "D_KEY_TYPE 1:15 action list: void expression may not be used as aggregation index: key #2");
	UNIT_EQ_STR(error_of("int x[5]; BEGIN { x[1, 2] = 1; }"),
		    "D_ARR_BADREF 1:20 action list: cannot access scalar x as an associative array");
	UNIT_EQ_STR(error_of("int a1[3]; int a2[3]; BEGIN { a2 = a1; }"),
		    "D_OP_ARRFUN 1:34 action list: operator = may not be applied to operand of type \"int [3]\"");
	UNIT_EQ_STR(error_of("BEGIN /\"x\"/ { }"),
		    "D_PRED_SCALAR 1:8 predicate: predicate result must be of scalar type");
	/* DTrace's words for member access, offsetof and scalar use of an array */
	UNIT_EQ_STR(error_of("int *p; BEGIN { p->a = 1; }"),
		    "D_OP_SOU 1:18 action list: operator -> cannot be applied to pointer to type "
		    "\"int\"; must be applied to a struct or union pointer");
	UNIT_EQ_STR(error_of("BEGIN { trace(offsetof(nosuch_t, x)); }"),
		    "D_SYNTAX 1:24 action list: syntax error near \"nosuch_t, x)); }\"");
	UNIT_EQ_STR(error_of("BEGIN { trace(offsetof(struct nosuch, x)); }"),
		    "D_OFFSETOF_TYPE 1:15 action list: offsetof operand must be a struct or union "
		    "type");
	UNIT_EQ_STR(error_of("BEGIN { a[1] = 1; trace(a); }"),
		    "D_IDENT_BADREF 1:25 action list: associative array 'a' may not be referenced "
		    "as scalar");
	UNIT_EQ_STR(error_of("BEGIN { trace(((struct nosuch *)0)->a); }"),
		    "D_OP_INCOMPLETE 1:35 action list: operator -> cannot be applied to a forward declaration: no struct nosuch definition is available");
	UNIT_EQ_STR(error_of("BEGIN { setopt(1); }"),
		    "D_PROTO_ARG 1:16 action list: setopt( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: char *\n\t argument: int");
	UNIT_EQ_STR(error_of("BEGIN { setopt(\"quiet\", \"1\", \"2\"); }"),
		    "D_PROTO_LEN 1:9 action list: setopt( ) prototype mismatch: 3 args passed, at most 2 expected");
	UNIT_EQ_STR(error_of("inline int f[int x] = x; BEGIN { trace(f[1, 2]); }"),
		    "D_PROTO_LEN 1:41 action list: f[ ] prototype mismatch: 2 args passed, 1 expected");
	UNIT_EQ_STR(error_of("inline int f[int x] = x; BEGIN { trace(f); }"),
		    "D_PROTO_LEN 1:40 action list: f[ ] prototype mismatch: 0 args passed, 1 expected");
	UNIT_EQ_STR(error_of("inline int f[int x] = y;"),
		    "D_IDENT_UNDEF 1:23 failed to resolve y: Unknown variable name");
	/* a global the clause's actions assign exists in its predicate (DTrace reads the
	 * actions first); one only a later clause assigns is not known yet */
	UNIT_EQ_STR(error_of("tick-1ms /i % 2 == 0/ { @ = sum(i++); }"), "(compiled)");
	UNIT_EQ_STR(error_of("END { t = timestamp - start; } BEGIN { start = timestamp; }"),
		    "D_IDENT_UNDEF 1:23 action list: failed to resolve start: Unknown variable name");
	/* x op= e reads x: it must exist (x = e or x++ would make it) */
	UNIT_EQ_STR(error_of("BEGIN { p -= trace(0); }"),
		    "D_VAR_UNDEF 1:9 action list: p has not yet been declared or assigned");
	UNIT_EQ_STR(error_of("BEGIN { self->t += 1; }"),
		    "D_VAR_UNDEF 1:9 action list: self->t has not yet been declared or assigned");
	UNIT_EQ_STR(error_of("BEGIN { n++; n += 2; a[1] = 1; a[2] += 1; }"), "(compiled)");
	UNIT_EQ_STR(error_of("int p; BEGIN { p -= alloca(10); }"),
		    "D_OP_VFPTR 1:18 action list: operator -= requires left-hand scalar operand of "
		    "known size");
	UNIT_EQ_STR(error_of("int x; char x;"), "D_DECL_IDRED 1:13 identifier redeclared: x");
	UNIT_EQ_STR(error_of("self int x[4];"),
		    "D_UNSUPPORTED 1:6 thread-local variables of type int [4] are not supported yet");
	UNIT_EQ_STR(error_of("self struct s { int a; } x; struct s i[int];\n"
			     "BEGIN { self->x.a = 1; i[1].a = self->x.a; self->y = self->x; self->x = 0; }"),
		    "(compiled)");
	UNIT_EQ_STR(error_of("struct s { int a; } x; struct t { int a; } y; BEGIN { x = y; }"),
		    "D_OP_INCOMPAT 1:57 action list: operands have incompatible types: \"struct s\" = \"struct t\"");
	UNIT_EQ_STR(error_of("struct s { int a; char n[4]; } x; int a[2]; this struct s t;\n"
			     "BEGIN { x.a = 1; x.n = \"abc\"; a[1] += x.a; ++x.a; t = x; y = t; t.a--; }"),
		    "(compiled)");
}

/*
 * The tags (and wording) DTrace gives the same mistakes, so suites written for DTrace that
 * match on tags keep working; one check per tag, with the line:col of the offending node.
 */
UNIT_TEST(dtrace_tags_quantize)
{
	UNIT_EQ_STR(error_of("BEGIN { b = 1; @ = lquantize(1, b, 10); }"),
		    "D_LQUANT_BASETYPE 1:33 action list: lquantize( ) argument #1 must be an integer constant");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, -2147483649, 10); }"),
		    "D_LQUANT_BASEVAL 1:26 action list: lquantize( ) argument #1 must be a 32-bit quantity");
	UNIT_EQ_STR(error_of("BEGIN { l = 1; @ = lquantize(1, 0, l); }"),
		    "D_LQUANT_LIMTYPE 1:36 action list: lquantize( ) argument #2 must be an integer constant");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, 100, 2147483657); }"),
		    "D_LQUANT_LIMVAL 1:31 action list: lquantize( ) argument #2 must be a 32-bit quantity");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, 1000, 100); }"),
		    "D_LQUANT_MISMATCH 1:13 action list: lquantize( ) base (argument #1) must be less than limit (argument #2)");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, 0, 10, -1); }"),
		    "D_LQUANT_STEPTYPE 1:33 action list: lquantize( ) argument #3 must be a non-zero positive integer constant");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, 0, 100000, 70000); }"),
		    "D_LQUANT_STEPVAL 1:37 action list: lquantize( ) argument #3 must be a 16-bit quantity");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, 0, 10, 20); }"),
		    "D_LQUANT_STEPLARGE 1:13 action list: lquantize( ) step (argument #3) too large: must have at least one quantization level");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, 0, 100000); }"),
		    "D_LQUANT_STEPSMALL 1:13 action list: lquantize( ) step (argument #3) too small: number of quantization levels must be a 16-bit quantity");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(0, 10, 20, 1); @ = lquantize(0, 15, 20, 1); }"),
		    "D_LQUANT_MATCHBASE 1:42 action list: lquantize( ) base (argument #1) doesn't match previous declaration: expected 10, found 15");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(0, 10, 20); @ = lquantize(0, 10, 30); }"),
		    "D_LQUANT_MATCHLIM 1:39 action list: lquantize( ) limit (argument #2) doesn't match previous declaration: expected 20, found 30");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(0, 0, 20, 2); @ = lquantize(0, 0, 20, 4); }"),
		    "D_LQUANT_MATCHSTEP 1:41 action list: lquantize( ) step (argument #3) doesn't match previous declaration: expected 2, found 4");
	UNIT_EQ_STR(error_of("BEGIN { f = 1; @ = llquantize(1, f, 0, 6, 20); }"),
		    "D_LLQUANT_FACTORTYPE 1:34 action list: llquantize( ) argument #1 must be an integer constant");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 65536, 0, 6, 20); }"),
		    "D_LLQUANT_FACTORVAL 1:27 action list: llquantize( ) argument #1 must be an unsigned 16-bit quantity greater than or equal to 2");
	UNIT_EQ_STR(error_of("BEGIN { m = 1; @ = llquantize(1, 10, m, 6, 20); }"),
		    "D_LLQUANT_LMAGTYPE 1:38 action list: llquantize( ) argument #2 must be an integer constant");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 10, -1, 6, 20); }"),
		    "D_LLQUANT_LMAGVAL 1:31 action list: llquantize( ) argument #2 must be an unsigned 16-bit quantity");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 10, 4, 3, 20); }"),
		    "D_LLQUANT_HMAGVAL 1:34 action list: llquantize( ) argument #3 (high magnitude) must be at least argument #2 (low magnitude)");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 10, 0, 18, 20); }"),
		    "D_LLQUANT_HMAGVAL 1:34 action list: llquantize( ) argument #3 (high magnitude) will cause overflow of 64 bits");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 10, 0, 6, -1); }"),
		    "D_LLQUANT_STEPTYPE 1:37 action list: llquantize( ) argument #4 must be a non-zero positive integer constant");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 10, 0, 6, 6); }"),
		    "D_LLQUANT_STEPVAL 1:37 action list: llquantize() argument #4 (steps) must evenly divide argument #1 (factor) when steps<factor");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 10, 0, 6, 5); }"), "(compiled)");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 10, 0, 6, 15); }"),
		    "D_LLQUANT_STEPVAL 1:37 action list: llquantize() argument #4 (steps) must be a multiple of argument #1 (factor) when steps>factor");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 10, 0, 6, 40); }"),
		    "D_LLQUANT_STEPVAL 1:37 action list: llquantize() argument #4 (steps) must evenly divide the square of argument #1 (factor) when steps>factor and lmag==0");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 10, 2, 6, 80); }"),
		    "D_LLQUANT_STEPVAL 1:37 action list: llquantize() argument #4 (steps) must evenly divide pow(argument #1 (factor), lmag (argument #2) +1) when steps>factor and lmag>0");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(0, 10, 0, 6, 20); @ = llquantize(0, 20, 0, 6, 20); }"),
		    "D_LLQUANT_MATCHFACTOR 1:46 action list: llquantize() factor (argument #1) doesn't match previous declaration: expected 10, found 20");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(0, 10, 0, 6, 20); @ = llquantize(0, 10, 1, 6, 20); }"),
		    "D_LLQUANT_MATCHLMAG 1:46 action list: llquantize() lmag (argument #2) doesn't match previous declaration: expected 0, found 1");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(0, 10, 0, 6, 20); @ = llquantize(0, 10, 0, 6, 10); }"),
		    "D_LLQUANT_MATCHSTEPS 1:46 action list: llquantize() steps (argument #4) doesn't match previous declaration: expected 20, found 10");
	/* hmag may equal lmag, as in DTrace */
	UNIT_EQ_STR(error_of("BEGIN { @a = llquantize(0, 10, 3, 3, 20); @b = lquantize(0, 0, 10); }"),
		    "(compiled)");
}

/*
 * The aggregating functions' arities are DTrace's prototypes: count() none, sum(), avg(),
 * min(), max() and stddev() one; quantize(), lquantize() and llquantize() may take one more
 * argument, the increment (after lquantize's step), which must be a scalar.
 */
UNIT_TEST(dtrace_tags_agg_arity)
{
	static const char *const one[] = { "sum", "avg", "min", "max", "stddev" };
	char text[128], want[160];

	for (size_t i = 0; i < sizeof(one) / sizeof(one[0]); i++) {
		snprintf(text, sizeof(text), "BEGIN { @ = %s(1, 2); }", one[i]);
		snprintf(want, sizeof(want), "D_PROTO_LEN 1:13 action list: %s( ) prototype "
			 "mismatch: 2 args passed, 1 expected", one[i]);
		UNIT_EQ_STR(error_of(text), want);
		snprintf(text, sizeof(text), "BEGIN { @ = %s(); }", one[i]);
		snprintf(want, sizeof(want), "D_PROTO_LEN 1:13 action list: %s( ) prototype "
			 "mismatch: 0 args passed, 1 expected", one[i]);
		UNIT_EQ_STR(error_of(text), want);
	}
	UNIT_EQ_STR(error_of("BEGIN { @ = count(1); }"),
		    "D_PROTO_LEN 1:13 action list: count( ) prototype mismatch: 1 arg passed, 0 expected");
	UNIT_EQ_STR(error_of("BEGIN { @ = quantize(); }"),
		    "D_PROTO_LEN 1:13 action list: quantize( ) prototype mismatch: 0 args passed, 1 expected");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, 2); }"),
		    "D_PROTO_LEN 1:13 action list: lquantize( ) prototype mismatch: 2 args passed, 3 expected");
	/* too many: at the increment, after the other checks */
	UNIT_EQ_STR(error_of("BEGIN { @ = quantize(1, 2, 3); }"),
		    "D_PROTO_LEN 1:25 action list: quantize( ) prototype mismatch: 3 args passed, at most 2 expected");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, 0, 10, 1, 2, 3); }"),
		    "D_PROTO_LEN 1:36 action list: lquantize( ) prototype mismatch: 6 args passed, at most 5 expected");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, 10, 0, 1, 2, 3); }"),
		    "D_LQUANT_MISMATCH 1:13 action list: lquantize( ) base (argument #1) must be less than limit (argument #2)");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 10, 0, 6, 20, 2, 3); }"),
		    "D_PROTO_LEN 1:41 action list: llquantize( ) prototype mismatch: 7 args passed, at most 6 expected");
	/* the increment is a scalar (an integer or a pointer) */
	UNIT_EQ_STR(error_of("BEGIN { @ = quantize(1, \"a\"); }"),
		    "D_PROTO_ARG 1:13 action list: quantize( ) increment value (argument #2) must be of scalar type");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, 0, 10, 1, probefunc); }"),
		    "D_PROTO_ARG 1:13 action list: lquantize( ) increment value (argument #5) must be of scalar type");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 10, 0, 6, 20, \"\"); }"),
		    "D_PROTO_ARG 1:13 action list: llquantize( ) increment value (argument #6) must be of scalar type");
	UNIT_EQ_STR(error_of("BEGIN { @a = quantize(1, -5); @b = quantize(2, curthread); "
			     "@c = lquantize(1, 0, 10, 1, arg0); @d = llquantize(1, 10, 0, 6, 20, -1); }"),
		    "(compiled)");
	/* lquantize's step comes before the increment: a string there is a bad step */
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, 0, 10, \"a\", 1); }"),
		    "D_LQUANT_STEPTYPE 1:33 action list: lquantize( ) argument #3 must be a non-zero positive integer constant");
	UNIT_EQ_STR(error_of("BEGIN { @ = lquantize(1, \"a\", 10); }"),
		    "D_PROTO_ARG 1:26 action list: lquantize( ) argument #2 is incompatible with prototype:\n"
		    "\tprototype: int32_t\n\t argument: string");
	UNIT_EQ_STR(error_of("BEGIN { @ = llquantize(1, 10, 0, 6, \"a\"); }"),
		    "D_PROTO_ARG 1:37 action list: llquantize( ) argument #5 is incompatible with prototype:\n"
		    "\tprototype: int32_t\n\t argument: string");
}

/* aggregations used as DTrace does not allow */
UNIT_TEST(dtrace_tags_aggregations)
{
	UNIT_EQ_STR(error_of("BEGIN { @ = avg(\"\"); }"),
		    "D_AGG_SCALAR 1:17 action list: avg( ) argument #1 must be of scalar type");
	UNIT_EQ_STR(error_of("BEGIN { @c[\"x\"] = foo(); }"),
		    "D_FUNC_UNDEF 1:19 action list: failed to resolve foo: Unknown function name");
	UNIT_EQ_STR(error_of("BEGIN { @a = count(); @a; }"),
		    "D_AGG_NULL 1:23 action list: expression has null effect: @a");
	UNIT_EQ_STR(error_of("BEGIN { @a; }"),
		    "D_IDENT_UNDEF 1:9 action list: failed to resolve @a: Unknown variable name");
	UNIT_EQ_STR(error_of("BEGIN { avg(1); }"),
		    "D_CG_EXPR 1:9 action list: aggregating function avg( ) may not be called from a D expression (D program context required)");
	UNIT_EQ_STR(error_of("BEGIN { @[trace(0)] = count(); }"),
		    "D_KEY_TYPE 1:11 action list: void expression may not be used as aggregation index: key #1");
	UNIT_EQ_STR(error_of("BEGIN { @c[0][2] = count(); }"),
		    "D_AGG_MDIM 1:14 action list: improper attempt to reference @c as a multi-dimensional array");
	UNIT_EQ_STR(error_of("BEGIN { @c[\"x\"] = breakpoint(); }"),
		    "D_AGG_FUNC 1:19 action list: @c must be assigned the result of an aggregating function");
	UNIT_EQ_STR(error_of("BEGIN { @a[1] = count(); @a[\"x\"] = count(); }"),
		    "D_PROTO_ARG 1:29 action list: @a[ ] key #1 is incompatible with prototype:\n"
		    "\tprototype: int\n\t      key: string");
}

/* printf(), printa(), clear(), trunc(), normalize(): each action's own prototype errors */
UNIT_TEST(dtrace_tags_actions)
{
	UNIT_EQ_STR(error_of("BEGIN { printf(1); }"),
		    "D_PROTO_ARG 1:16 action list: printf( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: string\n\t argument: int");
	UNIT_EQ_STR(error_of("BEGIN { printf(probename); }"),
		    "D_PRINTF_ARG_FMT 1:16 action list: printf( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: string constant\n\t argument: string");
	UNIT_EQ_STR(error_of("BEGIN { printf(\"%@d\", 1); }"),
		    "D_PRINTF_AGG_CONV 1:9 action list: %@ conversion requires an aggregation and is not for use with printf( )");
	UNIT_EQ_STR(error_of("BEGIN { printf(\"%-%\"); }"),
		    "D_SYNTAX 1:16 action list: format conversion #1 cannot be combined with other format flags: %%");
	UNIT_EQ_STR(error_of("BEGIN { printa(\"%d\"); }"),
		    "D_PRINTA_PROTO 1:9 action list: printa( ) prototype mismatch: 1 args passed, 2 expected");
	UNIT_EQ_STR(error_of("BEGIN { printa(\"%d\", 123); }"),
		    "D_PRINTA_AGGARG 1:22 action list: printa( ) argument #2 is incompatible with prototype:\n"
		    "\tprototype: aggregation\n\t argument: int");
	UNIT_EQ_STR(error_of("BEGIN { printa(@nosuch); }"),
		    "D_IDENT_UNDEF 1:16 action list: failed to resolve @nosuch: Unknown variable name");
	UNIT_EQ_STR(error_of("BEGIN { @a = count(); @b[1] = count(); printa(@a, @b); }"),
		    "D_PRINTA_AGGKEY 1:40 action list: printa( ): @a and @b do not have matching key signatures: "
		    "@a has 0 keys, @b has 1 key");
	UNIT_EQ_STR(error_of("BEGIN { @a[1, \"\"] = count(); @b[1, 2] = count(); printa(@a, @b); }"),
		    "D_PRINTA_AGGPROTO 1:50 action list: printa( ): @b[ ] key #2 is incompatible with @a:\n"
		    "        a key #2: string\n        b key #2: int");
	UNIT_EQ_STR(error_of("BEGIN { clear(); }"),
		    "D_CLEAR_PROTO 1:9 action list: clear( ) prototype mismatch: 0 args passed, 1 expected");
	UNIT_EQ_STR(error_of("BEGIN { clear(count()); }"),
		    "D_CLEAR_AGGARG 1:15 action list: clear( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: aggregation\n\t argument: count( )");
	UNIT_EQ_STR(error_of("BEGIN { @a = count(); trunc(@a, 1, 2); }"),
		    "D_TRUNC_PROTO 1:23 action list: trunc( ) prototype mismatch: 3 args passed, no more than 2 expected");
	UNIT_EQ_STR(error_of("BEGIN { trunc(1); }"),
		    "D_TRUNC_AGGARG 1:15 action list: trunc( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: aggregation\n\t argument: int");
	UNIT_EQ_STR(error_of("BEGIN { @a = count(); trunc(@a, \"x\"); }"),
		    "D_TRUNC_SCALAR 1:33 action list: trunc( ) argument #2 must be of scalar type");
	UNIT_EQ_STR(error_of("BEGIN { @a = count(); denormalize(@a, 1); }"),
		    "D_NORMALIZE_PROTO 1:23 action list: denormalize( ) prototype mismatch: 2 args passed, 1 expected");
	UNIT_EQ_STR(error_of("BEGIN { normalize(\"a\", 2); }"),
		    "D_NORMALIZE_AGGARG 1:19 action list: normalize( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: aggregation\n\t argument: string");
	UNIT_EQ_STR(error_of("BEGIN { @a = count(); normalize(@a, \"x\"); }"),
		    "D_NORMALIZE_SCALAR 1:37 action list: normalize( ) argument #2 must be of scalar type");
}

/* actions used for a value: their arguments first, then what the operator around says */
UNIT_TEST(dtrace_tags_action_values)
{
	UNIT_EQ_STR(error_of("BEGIN { p = 123 + -trace(0); }"),
		    "D_OP_ARITH 1:19 action list: operator - requires an operand of arithmetic type");
	UNIT_EQ_STR(error_of("BEGIN { c = 1 ? printf(\"x\") : trace(); }"),
		    "D_PROTO_LEN 1:31 action list: trace( ) prototype mismatch: 0 args passed, 1 expected");
	UNIT_EQ_STR(error_of("BEGIN { x = 1 ? trace(0) : trace(1); }"),
		    "D_OP_ACT 1:15 action list: action cannot be used in a conditional context");
	UNIT_EQ_STR(error_of("BEGIN { x = trace(1); }"),
		    "D_CG_EXPR 1:13 action list: tracing function trace( ) may not be called from a D expression (D program context required)");
	UNIT_EQ_STR(error_of("BEGIN { x = (int)trace(1); }"),
		    "D_CAST_INVAL 1:13 action list: invalid cast expression: \"void\" to \"int\"");
	UNIT_EQ_STR(error_of("BEGIN { trace(sizeof (trace(1))); }"),
		    "D_SIZEOF_TYPE 1:15 action list: cannot apply sizeof to an operand of unknown size");
	UNIT_EQ_STR(error_of("BEGIN { x[trace(1)] = 1; }"),
		    "D_KEY_TYPE 1:11 action list: void expression may not be used as associative array index: key #1");
	UNIT_EQ_STR(error_of("inline int i = exit(0);"),
		    "D_CG_EXPR 1:16 tracing function exit( ) may not be called from a D expression (D program context required)");
}

/* associative array keys against the first use, as DTrace's prototype errors */
UNIT_TEST(dtrace_tags_assoc_keys)
{
	UNIT_EQ_STR(error_of("BEGIN { x[\"a\", \"b\"] = 1; x[123] = 2; }"),
		    "D_PROTO_LEN 1:27 action list: x[ ] prototype mismatch: 1 key passed, 2 expected");
	UNIT_EQ_STR(error_of("BEGIN { x[\"a\", \"b\"] = 1; x[1, 2, 3] = 2; }"),
		    "D_PROTO_LEN 1:27 action list: x[ ] prototype mismatch: 3 keys passed, 2 expected");
	UNIT_EQ_STR(error_of("BEGIN { x[\"a\", \"b\"] = 1; x[\"a\", 456] = 2; }"),
		    "D_PROTO_ARG 1:33 action list: x[ ] key #2 is incompatible with prototype:\n"
		    "\tprototype: string\n\t      key: int");
}

/* operators and type names */
UNIT_TEST(dtrace_tags_types)
{
	UNIT_EQ_STR(error_of("int x; BEGIN { b = *x; }"),
		    "D_DEREF_NONPTR 1:20 action list: cannot dereference non-pointer type");
	UNIT_EQ_STR(error_of("BEGIN { p = (void *)0; x = *p; }"),
		    "D_DEREF_VOID 1:28 action list: cannot dereference pointer to void");
	UNIT_EQ_STR(error_of("BEGIN { a = \"boo\"; c = a++; }"),
		    "D_OP_SCALAR 1:25 action list: operator ++ requires operand of scalar type");
	UNIT_EQ_STR(error_of("BEGIN { a = 3; a += \"foobar\"; }"),
		    "D_OP_INCOMPAT 1:18 action list: operands have incompatible types: \"int\" += \"string\"");
	UNIT_EQ_STR(error_of("BEGIN { a = 3; a *= \"x\"; }"),
		    "D_OP_ARITH 1:18 action list: operator *= requires operands of arithmetic type");
	UNIT_EQ_STR(error_of("BEGIN { i = (char long)0; }"),
		    "D_DECL_CHARATTR 1:14 action list: invalid type declaration: short and long may not be used with char type");
	UNIT_EQ_STR(error_of("BEGIN { i = (long short)0; }"),
		    "D_UNKNOWN 1:14 action list: failed to resolve type short long : Unknown type name");
	UNIT_EQ_STR(error_of("BEGIN { i = (unsigned double)0; }"),
		    "D_DECL_SIGNINT 1:14 action list: invalid type declaration: signed and unsigned may only be used with integer type");
	UNIT_EQ_STR(error_of("BEGIN { i = (char int)0; }"),
		    "D_DECL_COMBO 1:14 action list: invalid type combination");
	UNIT_EQ_STR(error_of("BEGIN { x = 'abcdefghi'; }"),
		    "D_CHR_OFLOW 1:13 character constant is too long");
}

/* the order of speculate( ), commit( ) and other actions in a clause */
UNIT_TEST(dtrace_tags_speculations)
{
	UNIT_EQ_STR(error_of("BEGIN { commit(1); @a[\"foo\"] = count(); }"),
		    "D_AGG_COMM 1:20 action list: aggregating actions may not follow commit( )");
	/* several commits in a clause are fine; one order error per clause (the first) */
	UNIT_EQ_STR(error_of("BEGIN { commit(1); commit(2); discard(3); }"), "(compiled)");
	UNIT_EQ_STR(error_of("BEGIN { commit(1); @a = count(); exit(1); }"),
		    "D_AGG_COMM 1:20 action list: aggregating actions may not follow commit( )");
	UNIT_EQ_STR(error_of("BEGIN { printf(\"x\"); commit(1); }"),
		    "D_COMM_DREC 1:22 action list: commit( ) may not follow data-recording action(s)");
	UNIT_EQ_STR(error_of("BEGIN { @a = count(); commit(1); }"),
		    "D_COMM_DREC 1:23 action list: commit( ) may not follow data-recording action(s)");
	UNIT_EQ_STR(error_of("BEGIN { commit(1); printf(\"x\"); }"),
		    "D_DREC_COMM 1:20 action list: data-recording actions may not follow commit( )");
	UNIT_EQ_STR(error_of("BEGIN { speculate(1); printf(\"x\"); speculate(2); }"),
		    "D_SPEC_SPEC 1:36 action list: speculate( ) may not follow speculate( )");
	UNIT_EQ_STR(error_of("BEGIN { commit(1); speculate(2); }"),
		    "D_SPEC_COMM 1:20 action list: speculate( ) may not follow commit( )");
	UNIT_EQ_STR(error_of("BEGIN { trace(1); speculate(2); }"),
		    "D_SPEC_DREC 1:19 action list: speculate( ) may not follow data-recording action(s)");
	UNIT_EQ_STR(error_of("BEGIN { speculate(1); raise(9); }"),
		    "D_ACT_SPEC 1:23 action list: destructive actions may not follow speculate( )");
	UNIT_EQ_STR(error_of("BEGIN { speculate(1); exit(0); }"),
		    "D_EXIT_SPEC 1:23 action list: exit( ) may not follow speculate( )");
	UNIT_EQ_STR(error_of("BEGIN { speculate(); }"),
		    "D_PROTO_LEN 1:9 action list: speculate( ) prototype mismatch: 0 args passed, 1 expected");
	UNIT_EQ_STR(error_of("BEGIN { discard(\"x\"); }"),
		    "D_PROTO_ARG 1:17 action list: discard( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: int\n\t argument: string");
	/* each clause starts afresh */
	UNIT_EQ_STR(error_of("BEGIN { trace(1); commit(1); } BEGIN { speculate(1); trace(2); }"),
		    "D_COMM_DREC 1:19 action list: commit( ) may not follow data-recording action(s)");
	UNIT_EQ_STR(error_of("BEGIN { speculate(1); trace(2); } BEGIN { commit(1); exit(0); }"),
		    "D_DREC_COMM 1:54 action list: data-recording actions may not follow commit( )");
}

/* #pragma directives */
UNIT_TEST(dtrace_tags_pragmas)
{
	UNIT_EQ_STR(error_of("BEGIN { }\n#pragma D error \"this is an error\"\n"),
		    "D_PRAGERR 2:1 #error: this is an error ");
	UNIT_EQ_STR(error_of("#pragma D depends_on library net.d\nBEGIN { }"),
		    "D_PRAGMA_DEPEND 1:1 main program may not explicitly depend on a library");
	UNIT_EQ_STR(error_of("#pragma D depends_on provider nosuchprov\nBEGIN { }"),
		    "D_PRAGMA_DEPEND 1:1 program requires provider nosuchprov");
	UNIT_EQ_STR(error_of("#pragma D depends_on provider\nBEGIN { }"),
		    "D_PRAGMA_MALFORM 1:1 malformed #pragma depends_on <class> <name>");
	UNIT_EQ_STR(error_of("#pragma D depends_on planet mars\nBEGIN { }"),
		    "D_PRAGMA_INVAL 1:1 invalid class planet specified by #pragma depends_on");
	UNIT_EQ_STR(error_of("#pragma D attributes incorrect_attr\nBEGIN { }"),
		    "D_PRAGMA_MALFORM 1:1 malformed #pragma attributes <attributes> <ident>");
	UNIT_EQ_STR(error_of("#pragma D attributes incorrect_attr foo\nBEGIN { }"),
		    "D_PRAGMA_INVAL 1:1 invalid attributes specified by #pragma attributes");
	UNIT_EQ_STR(error_of("#pragma D option nspec=24 * 44\nBEGIN { }"),
		    "D_PRAGMA_MALFORM 1:1 superfluous arguments specified for #pragma option");
	UNIT_EQ_STR(error_of("#pragma D nosuch\nBEGIN { }"),
		    "D_PRAGMA_INVAL 1:1 invalid D pragma: nosuch");
	/* attributes of a name the program never defines; a pragma inside a declaration is
	 * read where it is, as DTrace's lexer does */
	UNIT_EQ_STR(error_of("#pragma D attributes Stable/Stable/Common func;\nBEGIN { }"),
		    "D_PRAGMA_UNUSED 1:1 unused #pragma attributes");
	UNIT_EQ_STR(error_of("#pragma D attributes Stable timestamp\nBEGIN { }"),
		    "D_PRAGMA_SCOPE 1:1 #pragma attributes cannot modify entity defined outside "
		    "program scope");
	UNIT_EQ_STR(error_of("inline int foo\n#pragma D attributes incorrect_attr foo\nBEGIN { }"),
		    "D_PRAGMA_INVAL 2:1 invalid attributes specified by #pragma attributes");
	UNIT_EQ_STR(error_of("#pragma D attributes Stable/Stable/Common bar\n"
			     "inline int bar = 1;\nBEGIN { trace(bar); }"),
		    "(compiled)");
	/* what DTrace accepts */
	UNIT_EQ_STR(error_of("int foo;\n#pragma D depends_on provider syscall\n"
			     "#pragma D attributes Evolving/evolving/Common foo\n"
			     "#pragma D binding \"1.0\" foo\n#pragma ident \"x\"\n#pragma weak x\n"
			     "BEGIN { }"),
		    "(compiled)");
}

/* an inline may not take a name already defined */
UNIT_TEST(dtrace_tags_inlines)
{
	UNIT_EQ_STR(error_of("inline int foo = timestamp;\ninline int foo = 8;"),
		    "D_DECL_IDRED 2:12 identifier redefined: foo\n\t current: inline definition\n"
		    "\tprevious: scalar inline");
	UNIT_EQ_STR(error_of("inline int rand = 7;"),
		    "D_DECL_IDRED 1:12 identifier redefined: rand\n\t current: inline definition\n"
		    "\tprevious: function ");
	UNIT_EQ_STR(error_of("inline int pid = 7;"),
		    "D_DECL_IDRED 1:12 identifier redefined: pid\n\t current: inline definition\n"
		    "\tprevious: scalar ");
	UNIT_EQ_STR(error_of("inline int foo = 7; BEGIN { trace(foo); }"), "(compiled)");
}

/* what a D library defined counts as defined, though its parts are checked where used */
UNIT_TEST(dtrace_tags_library)
{
	static const char lib_text[] = "struct o { int a; };\n"
				       "translator struct o < int x > { a = x; };\n"
				       "inline int libval = 1;\n"
				       "#pragma D depends_on library other.d\n";
	static const dt_source_t lib = { "lib.d", lib_text, sizeof(lib_text) - 1 };

	test_lib = &lib;
	UNIT_EQ_STR(error_of("translator struct o < int y > { a = y + 1; };"),
		    "D_XLATE_REDECL 1:1 translator from int to struct o has already been declared");
	UNIT_EQ_STR(error_of("inline int libval = 2;"),
		    "D_DECL_IDRED 1:12 identifier redefined: libval\n\t current: inline definition\n"
		    "\tprevious: scalar inline");
	UNIT_EQ_STR(error_of("BEGIN { trace(libval); }"), "(compiled)");
	test_lib = NULL;
}

/* stores through pointers: allowed through a pointer a D variable holds (scratch space at run
 * time), not through other pointers */
UNIT_TEST(pointer_stores)
{
	UNIT_EQ_STR(error_of("struct s { int a; char n[4]; };\n"
			     "BEGIN { this->p = (int *)alloca(8); *this->p = 1; this->p[1]++;\n"
			     "q = (struct s *)alloca(8); q->a += 2; q->n = \"ab\"; *q = *q;\n"
			     "self->v = alloca(4); *(int *)self->v = 3; --*(char *)self->v; }"),
		    "(compiled)");
	UNIT_EQ_STR(error_of("BEGIN { *(int *)alloca(4) = 1; }"),
		    "D_OP_WRITE 1:27 action list: operator = can only be applied to a writable variable");
	UNIT_EQ_STR(error_of("BEGIN { ((int *)curthread)[1] = 1; }"),
		    "D_OP_WRITE 1:31 action list: operator = can only be applied to a writable variable");
	UNIT_EQ_STR(error_of("BEGIN { p = alloca(4); *p = 1; }"),
		    "D_DEREF_VOID 1:24 action list: cannot dereference pointer to void");
	UNIT_EQ_STR(error_of("BEGIN { this->p = (int *)alloca(4); *this->p = \"s\"; }"),
		    "D_OP_INCOMPAT 1:46 action list: operands have incompatible types: \"int\" = \"string\"");
}

UNIT_MAIN()
