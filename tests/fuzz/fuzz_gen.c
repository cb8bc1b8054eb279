/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_gen.c: a generator of valid D programs, driven by a stream of choices.
 *
 *   choice bytes --dt_fuzz_gen--> D text: declarations, then clauses on several probes with
 *   predicates, nested if/else, assignments to every kind of variable, aggregations, trace,
 *   printf, string subroutines, big string literals and long runs of one statement
 *
 * Each byte of the input picks one production (byte % number of choices); once the bytes
 * run out every choice is 0, the simplest one, so every input makes a finite program, and
 * libFuzzer's mutations of the bytes are mutations of the program's structure, guided by
 * coverage like any other input. Every variable's type is fixed by its name (g* and the
 * i-vars are integers, s* strings) and set by a first clause, so what comes out passes
 * the front end nearly always: it exercises code generation and the verifier, not parse
 * errors.
 */
#include <stdio.h>
#include <string.h>

#include "fuzz_util.h"

typedef struct dt_gen {
	const uint8_t *p;
	size_t n, i;
	dt_strbuf_t *sb;
	int depth;	/* expression nesting */
	int sdepth;	/* statement nesting */
	bool syscall;	/* the clause's probe has args (syscall entry) */
	bool user_str;	/* arg1 is a user string (openat entry) */
} dt_gen_t;

static unsigned
dt_gen_pick(dt_gen_t *g, unsigned n)
{
	if (n <= 1 || g->i >= g->n)
		return 0;
	return g->p[g->i++] % n;
}

#define PUT(...) dt_sb_printf(g->sb, __VA_ARGS__)

static const char *const dt_gen_ivars[] = {
	"g0", "g1", "g2", "self->i0", "self->i1", "this->i0", "ai[0]", "ai[g0 & 7]",
};
static const char *const dt_gen_svars[] = {
	"s0", "s1", "self->s0", "this->s0", "as[\"k\"]", "as[s0]",
};
static const char *const dt_gen_ibuiltins[] = {
	"pid", "tid", "cpu", "timestamp", "uid", "ppid", "arg0", "errno", "walltimestamp",
	"vtimestamp", "curthread->pid", "epid", "id", "gid",
};
static const char *const dt_gen_sbuiltins[] = {
	"execname", "probefunc", "probename", "probeprov", "probemod",
};
static const char *const dt_gen_binops[] = {
	"+", "-", "*", "/", "%", "&", "|", "^", "<<", ">>", "==", "!=", "<", "<=", ">", ">=",
	"&&", "||",
};

static void dt_gen_sexpr(dt_gen_t *g);

static void
dt_gen_int_lit(dt_gen_t *g)
{
	static const char *const lits[] = {
		"0", "1", "2", "7", "-1", "255", "4096", "0x7fffffff", "0xffffffff",
		"0x7fffffffffffffff", "-9223372036854775807", "65536", "3", "100",
	};

	PUT("%s", lits[dt_gen_pick(g, sizeof(lits) / sizeof(lits[0]))]);
}

static void
dt_gen_iexpr(dt_gen_t *g)
{
	unsigned c = g->depth > 4 ? dt_gen_pick(g, 3) : dt_gen_pick(g, 16);

	g->depth++;
	switch (c) {
	case 0:
		dt_gen_int_lit(g);
		break;
	case 1:
		PUT("%s", dt_gen_ivars[dt_gen_pick(g, sizeof(dt_gen_ivars) / sizeof(*dt_gen_ivars))]);
		break;
	case 2:
		PUT("%s", dt_gen_ibuiltins[dt_gen_pick(g, sizeof(dt_gen_ibuiltins) /
						       sizeof(*dt_gen_ibuiltins))]);
		break;
	case 3: case 4: case 5:
		PUT("(");
		dt_gen_iexpr(g);
		PUT(" %s ", dt_gen_binops[dt_gen_pick(g, sizeof(dt_gen_binops) /
						      sizeof(*dt_gen_binops))]);
		dt_gen_iexpr(g);
		PUT(")");
		break;
	case 6:
		PUT("%s", (const char *[]){"-", "~", "!"}[dt_gen_pick(g, 3)]);
		PUT("(");
		dt_gen_iexpr(g);
		PUT(")");
		break;
	case 7:
		PUT("(");
		dt_gen_iexpr(g);
		PUT(" ? ");
		dt_gen_iexpr(g);
		PUT(" : ");
		dt_gen_iexpr(g);
		PUT(")");
		break;
	case 8:
		PUT("strlen(");
		dt_gen_sexpr(g);
		PUT(")");
		break;
	case 9:
		PUT("%s(", (const char *[]){"index", "rindex"}[dt_gen_pick(g, 2)]);
		dt_gen_sexpr(g);
		PUT(", ");
		dt_gen_sexpr(g);
		PUT(")");
		break;
	case 10:
		PUT("(");
		dt_gen_sexpr(g);
		PUT(" %s ", (const char *[]){"==", "!=", "<", ">="}[dt_gen_pick(g, 4)]);
		dt_gen_sexpr(g);
		PUT(")");
		break;
	case 11:
		PUT("%s(", (const char *[]){"htons", "htonl", "htonll", "ntohs", "ntohl",
					    "ntohll"}[dt_gen_pick(g, 6)]);
		dt_gen_iexpr(g);
		PUT(")");
		break;
	case 12:
		PUT("(%s)(", (const char *[]){"char", "short", "int", "uint8_t", "int64_t",
					      "unsigned"}[dt_gen_pick(g, 6)]);
		dt_gen_iexpr(g);
		PUT(")");
		break;
	case 13:
		PUT("rand()");
		break;
	case 14:
		PUT("strtoll(");
		dt_gen_sexpr(g);
		PUT(")");
		break;
	default:
		PUT("progenyof(");
		dt_gen_iexpr(g);
		PUT(")");
		break;
	}
	g->depth--;
}

/* A string literal, sometimes a long one (past strsize, up to 2000 bytes). */
static void
dt_gen_str_lit(dt_gen_t *g)
{
	static const char *const lits[] = {
		"", "a", "hello", "/usr/lib/x.so", "a/b/../c", "k", "1234", "A-Z", "%d",
	};
	unsigned c = dt_gen_pick(g, 24);

	if (c < 23) {
		PUT("\"%s\"", lits[c % (sizeof(lits) / sizeof(lits[0]))]);
		return;
	}
	{
		unsigned len = (dt_gen_pick(g, 256) + 1) * 8;

		PUT("\"");
		for (unsigned i = 0; i < len; i++)
			dt_sb_putc(g->sb, (char)('a' + i % 26));
		PUT("\"");
	}
}

static void
dt_gen_sexpr(dt_gen_t *g)
{
	unsigned c = g->depth > 3 ? dt_gen_pick(g, 3) : dt_gen_pick(g, 13);

	g->depth++;
	switch (c) {
	case 0:
		dt_gen_str_lit(g);
		break;
	case 1:
		PUT("%s", dt_gen_svars[dt_gen_pick(g, sizeof(dt_gen_svars) / sizeof(*dt_gen_svars))]);
		break;
	case 2:
		PUT("%s", dt_gen_sbuiltins[dt_gen_pick(g, sizeof(dt_gen_sbuiltins) /
						       sizeof(*dt_gen_sbuiltins))]);
		break;
	case 3:
		PUT("strjoin(");
		dt_gen_sexpr(g);
		PUT(", ");
		dt_gen_sexpr(g);
		PUT(")");
		break;
	case 4:
		PUT("substr(");
		dt_gen_sexpr(g);
		PUT(", ");
		dt_gen_iexpr(g);
		if (dt_gen_pick(g, 2)) {
			PUT(", ");
			dt_gen_iexpr(g);
		}
		PUT(")");
		break;
	case 5:
		PUT("lltostr(");
		dt_gen_iexpr(g);
		PUT(")");
		break;
	case 6:
		PUT("%s(", (const char *[]){"toupper", "tolower", "basename", "dirname",
					    "cleanpath"}[dt_gen_pick(g, 5)]);
		dt_gen_sexpr(g);
		PUT(")");
		break;
	case 7:
		PUT("%s(", (const char *[]){"strchr", "strrchr"}[dt_gen_pick(g, 2)]);
		dt_gen_sexpr(g);
		PUT(", '%c')", "a/.x"[dt_gen_pick(g, 4)]);
		break;
	case 8:
		PUT("strstr(");
		dt_gen_sexpr(g);
		PUT(", ");
		dt_gen_sexpr(g);
		PUT(")");
		break;
	case 9:
		PUT("(");
		dt_gen_iexpr(g);
		PUT(" ? ");
		dt_gen_sexpr(g);
		PUT(" : ");
		dt_gen_sexpr(g);
		PUT(")");
		break;
	case 10:
		if (g->user_str)
			PUT("copyinstr(arg1)");
		else
			PUT("execname");
		break;
	case 11:
		PUT("inet_ntoa((ipaddr_t *)&g0)");
		break;
	default:
		PUT("strtok(");
		dt_gen_sexpr(g);
		PUT(", \"/\")");
		break;
	}
	g->depth--;
}

/* Aggregations: each name has one function and one key signature. */
static void
dt_gen_agg(dt_gen_t *g)
{
	switch (dt_gen_pick(g, 9)) {
	case 0:
		PUT("@c = count();");
		break;
	case 1:
		PUT("@k1[");
		dt_gen_iexpr(g);
		PUT("] = count();");
		break;
	case 2:
		PUT("@k2[");
		dt_gen_iexpr(g);
		PUT(", ");
		dt_gen_sexpr(g);
		PUT("] = sum(");
		dt_gen_iexpr(g);
		PUT(");");
		break;
	case 3:
		PUT("@q = quantize(");
		dt_gen_iexpr(g);
		PUT(");");
		break;
	case 4:
		PUT("@l = lquantize(");
		dt_gen_iexpr(g);
		PUT(", 0, 100, 10);");
		break;
	case 5:
		PUT("@ll = llquantize(");
		dt_gen_iexpr(g);
		PUT(", 10, 0, 6, 20);");
		break;
	case 6:
		PUT("@%s[", (const char *[]){"mx", "mn", "av", "sd"}[g->i % 4]);
		dt_gen_sexpr(g);
		PUT("] = %s(", (const char *[]){"max", "min", "avg", "stddev"}[g->i % 4]);
		dt_gen_iexpr(g);
		PUT(");");
		break;
	case 7:
		PUT("@ks[");
		dt_gen_sexpr(g);
		PUT("] = count();");
		break;
	default:
		PUT("@s = sum(");
		dt_gen_iexpr(g);
		PUT(");");
		break;
	}
}

static void dt_gen_stmts(dt_gen_t *g, int max);

static void
dt_gen_indent(dt_gen_t *g)
{
	for (int i = 0; i <= g->sdepth; i++)
		dt_sb_putc(g->sb, '\t');
}

static void
dt_gen_stmt(dt_gen_t *g)
{
	unsigned c = g->sdepth > 3 ? dt_gen_pick(g, 9) : dt_gen_pick(g, 12);

	dt_gen_indent(g);
	switch (c) {
	case 0:
		PUT("%s = ", dt_gen_ivars[dt_gen_pick(g, sizeof(dt_gen_ivars) / sizeof(*dt_gen_ivars))]);
		dt_gen_iexpr(g);
		PUT(";\n");
		break;
	case 1:
		PUT("%s = ", dt_gen_svars[dt_gen_pick(g, sizeof(dt_gen_svars) / sizeof(*dt_gen_svars))]);
		dt_gen_sexpr(g);
		PUT(";\n");
		break;
	case 2:
		PUT("%s%s", dt_gen_ivars[dt_gen_pick(g, sizeof(dt_gen_ivars) / sizeof(*dt_gen_ivars))],
		    (const char *[]){"++;\n", "--;\n", " += 3;\n", " <<= 1;\n"}[dt_gen_pick(g, 4)]);
		break;
	case 3:
		dt_gen_agg(g);
		PUT("\n");
		break;
	case 4:
		PUT("trace(");
		if (dt_gen_pick(g, 2))
			dt_gen_sexpr(g);
		else
			dt_gen_iexpr(g);
		PUT(");\n");
		break;
	case 5:
		PUT("printf(\"%%d %%s %%x\\n\", ");
		dt_gen_iexpr(g);
		PUT(", ");
		dt_gen_sexpr(g);
		PUT(", ");
		dt_gen_iexpr(g);
		PUT(");\n");
		break;
	case 6:
		PUT("%s", (const char *[]){"printa(@c);\n", "clear(@k1);\n", "trunc(@ks, 2);\n",
					   "stack();\n", "ustack();\n",
					   "printf(\"%s\\n\", probefunc);\n"}[dt_gen_pick(g, 6)]);
		break;
	case 7: {
		/* a long run of one statement: clauses past 32K instructions */
		unsigned n = (dt_gen_pick(g, 32) + 1) * (dt_gen_pick(g, 40) + 1);
		const char *s = (const char *[]){"g1++;", "self->i1 += g0;", "@c = count();",
						 "ai[g0 & 3]++;"}[dt_gen_pick(g, 4)];

		for (unsigned i = 0; i < n; i++)
			PUT("%s%s", s, i % 8 == 7 ? "\n" : " ");
		PUT("\n");
		break;
	}
	case 8:
		PUT("self->s0 = 0 ? \"\" : s1;\n");
		break;
	default:
		PUT("if (");
		dt_gen_iexpr(g);
		PUT(") {\n");
		g->sdepth++;
		dt_gen_stmts(g, 4);
		g->sdepth--;
		dt_gen_indent(g);
		if (dt_gen_pick(g, 2)) {
			PUT("} else {\n");
			g->sdepth++;
			dt_gen_stmts(g, 4);
			g->sdepth--;
			dt_gen_indent(g);
		}
		PUT("}\n");
		break;
	}
}

static void
dt_gen_stmts(dt_gen_t *g, int max)
{
	int n = (int)dt_gen_pick(g, (unsigned)max + 1);

	for (int i = 0; i < n; i++)
		dt_gen_stmt(g);
}

static const struct {
	const char *desc;
	bool syscall, user_str;
} dt_gen_probes[] = {
	{"BEGIN", false, false},
	{"END", false, false},
	{"syscall::openat:entry", true, true},
	{"syscall::read:entry", true, false},
	{"syscall::write:return", true, false},
	{"syscall:::entry", true, false},
	{"profile-97", false, false},
	{"tick-1s", false, false},
	{"ERROR", false, false},
	{"syscall::getpid:entry, syscall::getppid:entry", true, false},
};

void
dt_fuzz_gen(const uint8_t *data, size_t size, dt_strbuf_t *out)
{
	dt_gen_t g = {.p = data, .n = size, .sb = out};
	unsigned nclauses;

	dt_sb_puts(out, "#pragma D option quiet\n"
			"int g0, g1, g2;\n"
			"string s0, s1;\n"
			"BEGIN { ai[0] = 0; as[\"\"] = \"\"; self->i0 = 0; self->i1 = 0; "
			"self->s0 = \"\"; }\n");
	if (dt_gen_pick(&g, 4) == 3)
		dt_sb_printf(out, "#pragma D option strsize=%u\n", 16u << dt_gen_pick(&g, 8));
	nclauses = dt_gen_pick(&g, 8) + 1;
	if (dt_gen_pick(&g, 16) == 15)
		nclauses += dt_gen_pick(&g, 256) * 4;	/* many clauses on one probe */
	for (unsigned c = 0; c < nclauses && (c < 8 || g.i < g.n); c++) {
		unsigned p = dt_gen_pick(&g, sizeof(dt_gen_probes) / sizeof(dt_gen_probes[0]));

		g.syscall = dt_gen_probes[p].syscall;
		g.user_str = dt_gen_probes[p].user_str;
		dt_sb_printf(out, "%s\n", dt_gen_probes[p].desc);
		if (dt_gen_pick(&g, 2)) {
			dt_sb_puts(out, "/");
			dt_gen_iexpr(&g);
			dt_sb_puts(out, "/\n");
		}
		dt_sb_puts(out, "{\n\tthis->i0 = 0;\n\tthis->s0 = \"\";\n");
		dt_gen_stmts(&g, 8);
		dt_sb_puts(out, "}\n");
	}
}
