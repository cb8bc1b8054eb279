/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_parse.c: unit tests for the D parser (src/compiler/dt_parse.c) and the AST dump
 * (dt_ast.c): clauses and probe descriptions, the predicate/division ambiguity, operator
 * precedence and associativity, casts, D's primaries, declarations, error messages with their
 * line:col, recovery (several errors per run) and robustness against hostile input.
 */
#include "unit.h"

#include "compiler/dt_compiler.h"

static char dump[65536];
static char diags[8192];
static int ndiags;
static const char *src_name;	/* the source's file name; NULL: a -n description */

/* Parse "text"; the AST dump goes to dump[], diagnostics ("TAG line:col msg") to diags[]. */
static const char *
parse(const char *text)
{
	dt_compile_t cc;
	dt_source_t src = { src_name, text, strlen(text) };
	dt_node_t *prog;
	dt_strbuf_t db = { 0 };
	char *buf = NULL;
	size_t len = 0;
	FILE *fp = open_memstream(&buf, &len);

	dt_compile_init(&cc, NULL);
	prog = dt_parse(&cc, &src);
	dt_ast_dump(prog, fp);
	fclose(fp);
	snprintf(dump, sizeof(dump), "%s", buf);
	free(buf);
	for (const dt_diag_t *d = cc.diags.head; d; d = d->next)
		dt_sb_printf(&db, "%s%s %d:%d %s", db.len ? "\n" : "", dt_errtag_name(d->tag),
			     d->loc.line, d->loc.col, d->msg);
	snprintf(diags, sizeof(diags), "%s", dt_sb_str(&db));
	ndiags = cc.diags.count;
	dt_sb_free(&db);
	dt_compile_fini(&cc);
	return dump;
}

/* The dump of the single expression in "BEGIN { <expr>; }", without the wrapping lines. */
static const char *
expr(const char *e)
{
	char text[4096];
	const char *prefix = "PROGRAM\n  CLAUSE\n    PDESC BEGIN\n    BLOCK\n      EXPR_STMT\n";
	static char res[65536];
	char *o = res;

	snprintf(text, sizeof(text), "BEGIN { %s; }", e);
	parse(text);
	if (strncmp(dump, prefix, strlen(prefix)) != 0 || ndiags)
		return dump;
	/* strip the 8 spaces of indentation the wrapper adds */
	for (const char *p = dump + strlen(prefix); *p;) {
		const char *nl = strchr(p, '\n');
		size_t n = nl ? (size_t)(nl - p + 1) : strlen(p);

		if (n > 8 && strncmp(p, "        ", 8) == 0) {
			memcpy(o, p + 8, n - 8);
			o += n - 8;
		}
		p += n;
	}
	*o = '\0';
	return res;
}

UNIT_TEST(empty_and_minimal)
{
	UNIT_EQ_STR(parse(""), "PROGRAM\n");
	UNIT_EQ_STR(parse("BEGIN"), "PROGRAM\n  CLAUSE\n    PDESC BEGIN\n");
	UNIT_EQ_STR(parse("BEGIN { }"), "PROGRAM\n  CLAUSE\n    PDESC BEGIN\n    BLOCK\n");
	UNIT_EQ_STR(parse("BEGIN{}END{}"),
		    "PROGRAM\n  CLAUSE\n    PDESC BEGIN\n    BLOCK\n"
		    "  CLAUSE\n    PDESC END\n    BLOCK\n");
	UNIT_EQ_STR(diags, "");
}

UNIT_TEST(clause_full)
{
	UNIT_EQ_STR(parse("syscall::read:entry /pid == 1/ { @[execname] = count(); }"),
		    "PROGRAM\n"
		    "  CLAUSE\n"
		    "    PDESC syscall::read:entry\n"
		    "    BINARY op===\n"
		    "      IDENT pid\n"
		    "      INT 1\n"
		    "    BLOCK\n"
		    "      EXPR_STMT\n"
		    "        ASSIGN op==\n"
		    "          AGG @\n"
		    "            IDENT execname\n"
		    "          CALL count\n");
	UNIT_EQ_STR(diags, "");
}

UNIT_TEST(probe_description_forms)
{
	UNIT_EQ_STR(parse("syscall::open*:entry, pid$target:libc.so.6:malloc:entry,\n"
			  "profile-97,\n  tick-1sec\n,:::BEGIN\n{ trace(1) }"),
		    "PROGRAM\n  CLAUSE\n"
		    "    PDESC syscall::open*:entry\n"
		    "    PDESC pid$target:libc.so.6:malloc:entry\n"
		    "    PDESC profile-97\n"
		    "    PDESC tick-1sec\n"
		    "    PDESC :::BEGIN\n"
		    "    BLOCK\n      EXPR_STMT\n        CALL trace\n          INT 1\n");
	UNIT_EQ_STR(diags, "");
}

/* The four fields of the first probe description of "text". */
static const char *
fields(const char *text)
{
	static char res[512];
	dt_compile_t cc;
	dt_source_t src = { NULL, text, strlen(text) };
	dt_node_t *prog, *d;

	dt_compile_init(&cc, NULL);
	prog = dt_parse(&cc, &src);
	d = prog->list.data[0]->list.data[0];
	snprintf(res, sizeof(res), "[%s][%s][%s][%s]", d->prov, d->mod, d->func, d->name);
	dt_compile_fini(&cc);
	return res;
}

UNIT_TEST(pdesc_split)
{
	dt_compile_t cc;
	dt_node_t n = { 0 };

	UNIT_EQ_STR(fields("BEGIN"), "[][][][BEGIN]");
	UNIT_EQ_STR(fields("read:entry"), "[][][read][entry]");
	UNIT_EQ_STR(fields("libc:malloc:entry"), "[][libc][malloc][entry]");
	UNIT_EQ_STR(fields("syscall::open*:entry"), "[syscall][][open*][entry]");
	UNIT_EQ_STR(fields("pid$target:libc.so.6:malloc:entry"),
		    "[pid$target][libc.so.6][malloc][entry]");
	UNIT_EQ_STR(fields(":::BEGIN"), "[][][][BEGIN]");
	UNIT_EQ_STR(fields("profile-97"), "[][][][profile-97]");
	UNIT_EQ_STR(fields("fbt:::"), "[fbt][][][]");

	parse("a:b:c:d:e { }");
	UNIT_EQ_STR(diags, "D_PDESC_INVAL 1:1 invalid probe description \"a:b:c:d:e\": Overspecified probe description");

	dt_compile_init(&cc, NULL);
	n.text = "x:y";
	UNIT_EQ_INT(dt_pdesc_split(&cc, &n), 0);
	UNIT_EQ_STR(n.func, "x");
	UNIT_EQ_STR(n.prov, "");
	n.text = "::::";
	UNIT_EQ_INT(dt_pdesc_split(&cc, &n), -1);
	UNIT_EQ_INT(cc.diags.head->tag, D_PDESC_INVAL);
	dt_compile_fini(&cc);
}

UNIT_TEST(predicate_vs_division)
{
	/* the first '/' divides: "/" followed by "2" is not the end */
	UNIT_EQ_STR(parse("BEGIN /x / 2 > 1/ { }"),
		    "PROGRAM\n  CLAUSE\n    PDESC BEGIN\n"
		    "    BINARY op=>\n"
		    "      BINARY op=/\n        IDENT x\n        INT 2\n"
		    "      INT 1\n"
		    "    BLOCK\n");
	UNIT_EQ_STR(parse("BEGIN /pid == 1/ {"), "PROGRAM\n  CLAUSE\n    PDESC BEGIN\n"
		    "    BINARY op===\n      IDENT pid\n      INT 1\n    BLOCK\n");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:19 syntax error near end of input");
	/* a predicate ends before a clause on the next line (though it needs actions) */
	UNIT_EQ_STR(parse("syscall::read:entry /a/b/\nsyscall::write:entry\n/c/\n"),
		    "PROGRAM\n  CLAUSE\n    PDESC syscall::read:entry\n"
		    "    BINARY op=/\n      IDENT a\n      IDENT b\n"
		    "  CLAUSE\n    PDESC syscall::write:entry\n    IDENT c\n");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:23 expected actions { } following probe description and "
			   "predicate\n"
			   "D_SYNTAX 3:2 expected actions { } following probe description and "
			   "predicate");
	/* parentheses: a '/' inside never ends the predicate */
	UNIT_EQ_STR(parse("BEGIN /(a /\nb)/{}"),
		    "PROGRAM\n  CLAUSE\n    PDESC BEGIN\n"
		    "    BINARY op=/\n      IDENT a\n      IDENT b\n    BLOCK\n");
	UNIT_EQ_STR(parse("BEGIN /x/;"), "PROGRAM\n  CLAUSE\n    PDESC BEGIN\n    IDENT x\n");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:8 expected actions { } following probe description and "
			   "predicate");
}

UNIT_TEST(precedence)
{
	UNIT_EQ_STR(expr("a + b * c"),
		    "BINARY op=+\n  IDENT a\n  BINARY op=*\n    IDENT b\n    IDENT c\n");
	UNIT_EQ_STR(expr("a - b - c"),
		    "BINARY op=-\n  BINARY op=-\n    IDENT a\n    IDENT b\n  IDENT c\n");
	UNIT_EQ_STR(expr("a = b = c"),
		    "ASSIGN op==\n  IDENT a\n  ASSIGN op==\n    IDENT b\n    IDENT c\n");
	UNIT_EQ_STR(expr("x ? y : z ? w : v"),
		    "TERNARY\n  IDENT x\n  IDENT y\n  TERNARY\n    IDENT z\n    IDENT w\n"
		    "    IDENT v\n");
	UNIT_EQ_STR(expr("-x++"), "UNARY op=-\n  POSTFIX op=++\n    IDENT x\n");
	UNIT_EQ_STR(expr("a || b ^^ c && d"),
		    "LOGICAL op=||\n  IDENT a\n  LOGICAL op=^^\n    IDENT b\n"
		    "    LOGICAL op=&&\n      IDENT c\n      IDENT d\n");
	UNIT_EQ_STR(expr("a | b ^ c & d == e < f << g + h % i"),
		    "BINARY op=|\n  IDENT a\n  BINARY op=^\n    IDENT b\n"
		    "    BINARY op=&\n      IDENT c\n      BINARY op===\n        IDENT d\n"
		    "        BINARY op=<\n          IDENT e\n          BINARY op=<<\n"
		    "            IDENT f\n            BINARY op=+\n              IDENT g\n"
		    "              BINARY op=%\n                IDENT h\n"
		    "                IDENT i\n");
	UNIT_EQ_STR(expr("x += y <<= 2"),
		    "ASSIGN op=+=\n  IDENT x\n  ASSIGN op=<<=\n    IDENT y\n    INT 2\n");
	UNIT_EQ_STR(expr("!~*&p"),
		    "UNARY op=!\n  UNARY op=~\n    UNARY op=*\n      UNARY op=&\n"
		    "        IDENT p\n");
	UNIT_EQ_STR(expr("++a-- - --b"),
		    "BINARY op=-\n  UNARY op=++\n    POSTFIX op=--\n      IDENT a\n"
		    "  UNARY op=--\n    IDENT b\n");
	UNIT_EQ_STR(expr("(a + b) * c"),
		    "BINARY op=*\n  BINARY op=+\n    IDENT a\n    IDENT b\n  IDENT c\n");
	UNIT_EQ_STR(expr("a ? b = 1 : c"),
		    "TERNARY\n  IDENT a\n  ASSIGN op==\n    IDENT b\n    INT 1\n  IDENT c\n");
}

UNIT_TEST(casts)
{
	UNIT_EQ_STR(expr("(int)x"), "CAST\n  TYPENAME int\n  IDENT x\n");
	UNIT_EQ_STR(expr("(unsigned long)x + 1"),
		    "BINARY op=+\n  CAST\n    TYPENAME unsigned long\n    IDENT x\n  INT 1\n");
	UNIT_EQ_STR(expr("(struct foo *)arg0"), "CAST\n  TYPENAME struct foo *\n  IDENT arg0\n");
	UNIT_EQ_STR(expr("(char **)p"), "CAST\n  TYPENAME char **\n  IDENT p\n");
	UNIT_EQ_STR(expr("(int64_t)-x"),
		    "CAST\n  TYPENAME int64_t\n  UNARY op=-\n    IDENT x\n");
	UNIT_EQ_STR(expr("(string)(const char *)arg1"),
		    "CAST\n  TYPENAME string\n  CAST\n    TYPENAME const char *\n    IDENT arg1\n");
	/* (x) is not a type: a parenthesized expression, then a syntax error */
	UNIT_EQ_STR(expr("(x) - y"), "BINARY op=-\n  IDENT x\n  IDENT y\n");
	UNIT_EQ_STR(expr("sizeof(uint64_t)"), "SIZEOF\n  TYPENAME uint64_t\n");
	UNIT_EQ_STR(expr("sizeof x"), "SIZEOF\n  IDENT x\n");
	UNIT_EQ_STR(expr("sizeof(x)"), "SIZEOF\n  IDENT x\n");
	UNIT_EQ_STR(expr("stringof(pid)"), "STRINGOF\n  IDENT pid\n");
	UNIT_EQ_STR(expr("offsetof(struct task_struct, pid)"),
		    "OFFSETOF pid\n  TYPENAME struct task_struct\n");
	UNIT_EQ_STR(expr("xlate<psinfo_t *>(curthread)"),
		    "XLATE\n  TYPENAME psinfo_t *\n  IDENT curthread\n");
}

UNIT_TEST(primaries)
{
	UNIT_EQ_STR(expr("42"), "INT 42\n");
	UNIT_EQ_STR(expr("0x10UL"), "INT 16UL\n");
	UNIT_EQ_STR(expr("'A'"), "INT 65\n");
	UNIT_EQ_STR(expr("\"abc\""), "STRING \"abc\"\n");
	UNIT_EQ_STR(expr("\"ab\" \"c\\n\" \"d\""), "STRING \"abc\\nd\"\n");
	UNIT_EQ_STR(expr("@a[pid, tid] = sum(1)"),
		    "ASSIGN op==\n  AGG @a\n    IDENT pid\n    IDENT tid\n  CALL sum\n    INT 1\n");
	UNIT_EQ_STR(expr("@ = count()"), "ASSIGN op==\n  AGG @\n  CALL count\n");
	UNIT_EQ_STR(expr("self->ts = timestamp"), "ASSIGN op==\n  SELF ts\n  IDENT timestamp\n");
	UNIT_EQ_STR(expr("this->x[1]"), "INDEX\n  THIS x\n  INT 1\n");
	UNIT_EQ_STR(expr("$1 + $$2 + $target"),
		    "BINARY op=+\n  BINARY op=+\n    MACRO 1\n    MACRO $2\n  MACRO target\n");
	UNIT_EQ_STR(expr("`max_pfn"), "SYMBOL max_pfn\n");
	UNIT_EQ_STR(expr("a[x, y]"), "INDEX\n  IDENT a\n  IDENT x\n  IDENT y\n");
	UNIT_EQ_STR(expr("curthread->mm.start_brk"),
		    "MEMBER op=. start_brk\n  MEMBER op=-> mm\n    IDENT curthread\n");
	UNIT_EQ_STR(expr("printf(\"%d %s\\n\", pid, execname)"),
		    "CALL printf\n  STRING \"%d %s\\n\"\n  IDENT pid\n  IDENT execname\n");
	UNIT_EQ_STR(expr("args[0]->string"),
		    "MEMBER op=-> string\n  INDEX\n    IDENT args\n    INT 0\n");
}

UNIT_TEST(statements)
{
	UNIT_EQ_STR(parse("BEGIN { if (x) y = 1; else { z = 2; } ; trace(1) }"),
		    "PROGRAM\n  CLAUSE\n    PDESC BEGIN\n    BLOCK\n"
		    "      IF\n        IDENT x\n"
		    "        EXPR_STMT\n          ASSIGN op==\n            IDENT y\n"
		    "            INT 1\n"
		    "        BLOCK\n          EXPR_STMT\n            ASSIGN op==\n"
		    "              IDENT z\n              INT 2\n"
		    "      EMPTY\n"
		    "      EXPR_STMT\n        CALL trace\n          INT 1\n");
	UNIT_EQ_STR(diags, "");
	UNIT_EQ_STR(parse("BEGIN { if (a) if (b) x(); else y(); }"),
		    "PROGRAM\n  CLAUSE\n    PDESC BEGIN\n    BLOCK\n"
		    "      IF\n        IDENT a\n"
		    "        IF\n          IDENT b\n"
		    "          EXPR_STMT\n            CALL x\n"
		    "          EXPR_STMT\n            CALL y\n");
	UNIT_EQ_STR(diags, "");
}

UNIT_TEST(pragmas)
{
	UNIT_EQ_STR(parse("#pragma D option quiet\nBEGIN\n{\n}\n#pragma D option bufsize=8m\n"),
		    "PROGRAM\n  PRAGMA D option quiet\n  CLAUSE\n    PDESC BEGIN\n    BLOCK\n"
		    "  PRAGMA D option bufsize=8m\n");
	UNIT_EQ_STR(parse("BEGIN { }\n#pragma D option quiet\n"),
		    "PROGRAM\n  CLAUSE\n    PDESC BEGIN\n    BLOCK\n  PRAGMA D option quiet\n");
	UNIT_EQ_STR(diags, "");
	/* DTrace reads a control line up to its newline */
	parse("inline int foo = 0;\n#pragma");
	UNIT_EQ_STR(diags, "D_SYNTAX 2:1 end-of-file encountered before end of control line");
}

UNIT_TEST(declarations)
{
	UNIT_EQ_STR(parse("int x;\nself int y;\nthis string s;\nuint64_t a, *b;\n"
			  "int c[string, int];\nBEGIN { x = 1; }"),
		    "PROGRAM\n"
		    "  DECL x\n    TYPENAME int\n"
		    "  DECL self y\n    TYPENAME int\n"
		    "  DECL this s\n    TYPENAME string\n"
		    "  DECL a\n    TYPENAME uint64_t\n"
		    "  DECL b\n    TYPENAME uint64_t *\n"
		    "  DECL c\n    TYPENAME int\n    TYPENAME string\n    TYPENAME int\n"
		    "  CLAUSE\n    PDESC BEGIN\n    BLOCK\n      EXPR_STMT\n"
		    "        ASSIGN op==\n          IDENT x\n          INT 1\n");
	UNIT_EQ_STR(diags, "");
	UNIT_EQ_STR(parse("inline int X = 3;\ntypedef unsigned long foo_t;\n"
			  "BEGIN { this->v = (foo_t)X; }"),
		    "PROGRAM\n"
		    "  INLINE X\n    TYPENAME int\n    INT 3\n"
		    "  TYPEDEF foo_t\n    TYPENAME unsigned long\n"
		    "  CLAUSE\n    PDESC BEGIN\n    BLOCK\n      EXPR_STMT\n"
		    "        ASSIGN op==\n          THIS v\n"
		    "          CAST\n            TYPENAME foo_t\n            IDENT X\n");
	UNIT_EQ_STR(diags, "");
	UNIT_EQ_STR(parse("struct s { int a; char *b; };\nenum e { A, B = 2 };\n"
			  "self int z;\nBEGIN { this->q = 1; }"),
		    "PROGRAM\n"
		    "  DECL \n    TYPENAME struct s\n"
		    "      DECL a\n        TYPENAME int\n"
		    "      DECL b\n        TYPENAME char *\n"
		    "  DECL \n    TYPENAME enum e\n      IDENT A\n      IDENT B\n        INT 2\n"
		    "  DECL self z\n    TYPENAME int\n"
		    "  CLAUSE\n    PDESC BEGIN\n    BLOCK\n"
		    "      EXPR_STMT\n        ASSIGN op==\n          THIS q\n          INT 1\n");
	UNIT_EQ_STR(diags, "");
}

/* bit-fields: "declarator : width" and the unnamed ": width" inside struct and union bodies */
UNIT_TEST(bitfields)
{
	UNIT_EQ_STR(parse("struct s {\n\tint a : 3, : 2;\n\tunsigned b : N + 1;\n\tint : 0;\n};"),
		    "PROGRAM\n"
		    "  DECL \n    TYPENAME struct s\n"
		    "      DECL a\n        TYPENAME int\n        INT 3\n"
		    "      DECL \n        TYPENAME int\n        INT 2\n"
		    "      DECL b\n        TYPENAME unsigned\n"
		    "        BINARY op=+\n          IDENT N\n          INT 1\n"
		    "      DECL \n        TYPENAME int\n        INT 0\n");
	UNIT_EQ_STR(diags, "");
	/* only members are bit-fields */
	parse("int x : 3;");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:7 syntax error near \":\"");
	parse("struct s { int *p : 3; int : ; };");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:30 syntax error near \";\"");
}

/* C declarations that D rejects: parsed so that analysis can say why, or DTrace's tags */
UNIT_TEST(declaration_errors)
{
	/* a storage class alone declares an int; "int;" parses (analysis finds it useless) */
	UNIT_EQ_STR(parse("register x;\nextern int;\nself y;"),
		    "PROGRAM\n"
		    "  DECL register x\n    TYPENAME int\n"
		    "  DECL extern \n    TYPENAME int\n"
		    "  DECL self y\n    TYPENAME int\n");
	UNIT_EQ_STR(diags, "");
	parse("self this int x;");
	UNIT_EQ_STR(diags, "D_DECL_CLASS 1:6 only one storage class allowed in a declaration");
	parse("static\n  extern int x;");
	UNIT_EQ_STR(diags, "D_DECL_CLASS 2:3 only one storage class allowed in a declaration");
	parse("int `xyz;");
	UNIT_EQ_STR(diags, "D_DECL_SCOPE 1:5 D scoping operator may not be used in a declaration "
			   "name (`xyz)");
	parse("struct s {\n\tint a, vmlinux`b;\n};");
	UNIT_EQ_STR(diags, "D_DECL_SCOPE 2:9 D scoping operator may not be used in a member name "
			   "(vmlinux`b)");
	parse("enum e { A, `B };");
	UNIT_EQ_STR(diags, "D_DECL_SCOPE 1:13 D scoping operator may not be used in an enumerator "
			   "name (`B)");
	/* the next declaration still parses */
	parse("int `a;\nint `b;");
	UNIT_EQ_INT(ndiags, 2);
}

/* C's declarators: functions, pointers to them, arrays of them, in declarations and types */
UNIT_TEST(function_declarators)
{
	UNIT_EQ_STR(parse("void func(int, int);\n"
			  "struct s { int (*fp)(); int (*afp[2])(void); char *(*pa)[3]; int f(); };\n"
			  "typedef long (*cb_t)(struct foo *f, const char *, ...);"),
		    "PROGRAM\n"
		    "  DECL func\n    TYPENAME void (int, int)\n"
		    "  DECL \n    TYPENAME struct s\n"
		    "      DECL fp\n        TYPENAME int (*)()\n"
		    "      DECL afp\n        TYPENAME int (*[2])(void)\n"
		    "      DECL pa\n        TYPENAME char *(*)[3]\n"
		    "      DECL f\n        TYPENAME int ()\n"
		    "  TYPEDEF cb_t\n    TYPENAME long (*)(struct foo *, const char *, ...)\n");
	UNIT_EQ_STR(diags, "");
	/* D's own dimensions after the name stay expressions; pointers stay in the type */
	UNIT_EQ_STR(parse("int *a[N + 1], (*b)[2];"),
		    "PROGRAM\n"
		    "  DECL a\n    TYPENAME int *\n    BINARY op=+\n      IDENT N\n      INT 1\n"
		    "  DECL b\n    TYPENAME int (*)[2]\n");
	UNIT_EQ_STR(expr("(void (*)(int))p"),
		    "CAST\n  TYPENAME void (*)(int)\n  IDENT p\n");
	UNIT_EQ_STR(expr("sizeof (int [4]) + sizeof (char *(*)[2])"),
		    "BINARY op=+\n  SIZEOF\n    TYPENAME int [4]\n"
		    "  SIZEOF\n    TYPENAME char *(*)[2]\n");
	parse("int f(int, void);");
	UNIT_EQ_STR(diags, "D_DECL_PROTO_VOID 1:12 void must be sole parameter");
	parse("int f(void v);");
	UNIT_EQ_STR(diags, "D_DECL_PROTO_NAME 1:12 void parameter may not have a name: v");
	parse("int f(int a,\n      char *a);");
	UNIT_EQ_STR(diags, "D_DECL_PROTO_FORM 2:13 parameter is already declared in function "
			   "prototype: a, parameter #2");
	parse("int (*a[N])();");
	UNIT_EQ_STR(diags, "D_UNSUPPORTED 1:9 this array dimension must be an integer constant");
	parse("int (*)(int);");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:7 syntax error near \")\"");
	parse("BEGIN { trace((int (*x)(int))0); }");
	/* a name the source has not used before: DTrace quotes its line's rest */
	UNIT_EQ_STR(diags, "D_SYNTAX 1:22 syntax error near \"x)(int))0); }\"");
}

/* module-scoped type names: D`t, struct D`s, vmlinux`...; never in what a program defines */
UNIT_TEST(scoped_type_names)
{
	UNIT_EQ_STR(parse("typedef int my_t;\nstruct D`s *p;\n"
			  "BEGIN { x = (D`my_t *)0; y = sizeof (struct C`s); z = (D`my_t)1; }"),
		    "PROGRAM\n"
		    "  TYPEDEF my_t\n    TYPENAME int\n"
		    "  DECL p\n    TYPENAME struct D`s *\n"
		    "  CLAUSE\n    PDESC BEGIN\n    BLOCK\n"
		    "      EXPR_STMT\n        ASSIGN op==\n          IDENT x\n"
		    "          CAST\n            TYPENAME D`my_t *\n            INT 0\n"
		    "      EXPR_STMT\n        ASSIGN op==\n          IDENT y\n"
		    "          SIZEOF\n            TYPENAME struct C`s\n"
		    "      EXPR_STMT\n        ASSIGN op==\n          IDENT z\n"
		    "          CAST\n            TYPENAME D`my_t\n            INT 1\n");
	UNIT_EQ_STR(diags, "");
	/* not a type name: a kernel symbol in parentheses */
	UNIT_EQ_STR(expr("(D`nosuch_t) + 1"),
		    "BINARY op=+\n  SYMBOL D`nosuch_t\n  INT 1\n");
	parse("struct D`s { int a; };");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:8 syntax error near \"D`s\"");
	parse("enum foo`bar { A };");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:6 syntax error near \"foo`bar\"");
	parse("BEGIN { trace(sizeof (struct `s)); }");
	UNIT_EQ_STR(diags, "D_DECL_SCOPE 1:30 D scoping operator may not be used in a type name");
}

/* What other DTraces reject, rejected with their tags: D_SYNTAX, D_DECL_COMBO, D_FUNC_IDENT */
UNIT_TEST(dtrace_rejects)
{
	/* a constant ends with its digits and suffix; what follows is misplaced */
	parse("int 0abc;");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:5 syntax error near \"0\"");
	parse("BEGIN\n{\n\ttick-10ms\n}");
	UNIT_EQ_STR(diags, "D_SYNTAX 3:9 syntax error near \"ms\"");
	/* in a file, a description needs a predicate or actions; in -n it may stand alone */
	src_name = "x.d";
	parse("profile-1:int i\n{\n\texit(0);\n}\n");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:1 expected predicate and/or actions following probe "
			   "description");
	parse("define VALUE 5\n\n#pragma D option quiet\nBEGIN { }\n");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:1 expected predicate and/or actions following probe "
			   "description");
	parse("BEGIN, END { }\ntick-1s /1/ { }\n");
	UNIT_EQ_STR(diags, "");
	src_name = NULL;
	parse("BEGIN\nEND");
	UNIT_EQ_STR(diags, "");
	/* a struct definition without its ';' runs into the next specifier */
	parse("struct a {\n\tint x;\n}\n\nstruct b {\n\tint y;\n};\n");
	UNIT_EQ_STR(diags, "D_DECL_COMBO 5:1 invalid type combination");
	parse("union u { int x; }\nstruct b rec;");
	UNIT_EQ_STR(diags, "D_DECL_COMBO 2:1 invalid type combination");
	parse("typedef int foo_t;\nBEGIN { x = (foo_t int)1; }");
	UNIT_EQ_STR(diags, "D_DECL_COMBO 2:20 invalid type combination");
	/* only a name can be called */
	parse("BEGIN\n{\n\t@ = tick-1();\n}");
	UNIT_EQ_STR(diags, "D_FUNC_IDENT 3:11 function designator is not of function type");
	/* return(...) is called as an action is; "return" alone is not an expression */
	UNIT_EQ_STR(expr("return(1)"), "CALL return\n  INT 1\n");
	parse("BEGIN { return; }");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:9 syntax error near \"return\"");
	/* definitions belong outside clauses */
	parse("BEGIN\n{\n\ttypedef int new_int;\n}");
	UNIT_EQ_STR(diags, "D_SYNTAX 3:2 syntax error near \"typedef\"");
	parse("BEGIN { inline int i = 1; }");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:9 syntax error near \"inline\"");
	/* an inline's parameters */
	UNIT_EQ_STR(parse("inline int a[int x, string y] = x + 1;"),
		    "PROGRAM\n  INLINE a\n    TYPENAME int\n    BINARY op=+\n      IDENT x\n"
		    "      INT 1\n    TYPENAME int\n      IDENT x\n    TYPENAME string\n"
		    "      IDENT y\n");
	UNIT_EQ_STR(diags, "");
}

UNIT_TEST(translator_provider)
{
	parse("translator foo_t < struct bar *B > { x = B->y; z = 1; };\n"
	      "provider myp { probe go(int, char *); probe stop(); };\nBEGIN {}");
	UNIT_EQ_STR(diags, "");
	UNIT_EQ_STR(dump,
		    "PROGRAM\n"
		    "  DECL translator B\n    TYPENAME foo_t\n    TYPENAME struct bar *\n"
		    "    ASSIGN op==\n      IDENT x\n      MEMBER op=-> y\n        IDENT B\n"
		    "    ASSIGN op==\n      IDENT z\n      INT 1\n"
		    "  DECL provider myp\n"
		    "    DECL probe go\n      TYPENAME int\n      TYPENAME char *\n"
		    "    DECL probe stop\n"
		    "  CLAUSE\n    PDESC BEGIN\n    BLOCK\n");
}

UNIT_TEST(errors)
{
	/* a ')' or ']' with none open: DTrace's lexer words it */
	parse("BEGIN { x = ); }");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:13 extra ) in input stream");
	parse("BEGIN { trace(1) trace(2); }");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:18 syntax error near \"trace\"");
	parse("BEGIN {\n  x = 1 +;\n}");
	UNIT_EQ_STR(diags, "D_SYNTAX 2:10 syntax error near \";\"");
	parse("BEGIN { x = \"abc\" \"def\" 3; }");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:25 syntax error near \"3\"");
	parse("BEGIN { (1)(2); }");
	UNIT_EQ_STR(diags, "D_FUNC_IDENT 1:10 function designator is not of function type");
	parse("BEGIN { x = 1;");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:15 syntax error near end of input");
	parse(") BEGIN { }");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:1 extra ) in input stream");
	parse("BEGIN /x +/ { }");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:11 syntax error near \"/\"");
	parse("BEGIN { @a[1 = count(); }");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:23 syntax error near \";\"");
}

UNIT_TEST(recovery)
{
	/* two broken statements in one clause, then a broken clause: three errors */
	parse("BEGIN\n{\n\tx = ;\n\ty = 2;\n\tz = (1;\n}\nEND { a b; }\ntick-1s { ok(); }\n");
	UNIT_EQ_STR(diags, "D_SYNTAX 3:6 syntax error near \";\"\n"
			   "D_SYNTAX 5:8 syntax error near \";\"\n"
			   "D_SYNTAX 7:9 syntax error near \"b; }\"");
	/* the good parts survive */
	UNIT_TRUE(strstr(dump, "CALL ok") != NULL);
	UNIT_TRUE(strstr(dump, "IDENT y") != NULL);
	/* typedef x y: x, no type, is taken for the name declared, as DTrace's grammar does */
	parse("typedef pint new_int;\n");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:14 syntax error near \"new_int;\"");
	/* self, this in a clause start expressions only */
	parse("BEGIN { self int z; }");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:14 syntax error near \"int\"");
	/* errors in two clauses */
	parse("BEGIN { x = ) }\nEND { y = ] }\n");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:13 extra ) in input stream\n"
			   "D_SYNTAX 2:11 extra ] in input stream");
	UNIT_TRUE(strstr(dump, "PDESC END") != NULL);
	/* a broken predicate skips its clause, the next one parses */
	parse("BEGIN /)/ { x = 1; }\nEND { y = 2; }");
	UNIT_EQ_STR(diags, "D_SYNTAX 1:8 extra ) in input stream");
	UNIT_TRUE(strstr(dump, "IDENT y") != NULL);
}

UNIT_TEST(robust_nesting)
{
	static char buf[300000];
	size_t n = 0;

	/* 100000 parentheses: an error, not a stack overflow */
	for (int i = 0; i < 100000; i++)
		buf[n++] = '(';
	buf[n] = '\0';
	parse(buf);
	snprintf(buf, sizeof(buf), "BEGIN { x = ");
	n = strlen(buf);
	for (int i = 0; i < 100000; i++)
		buf[n++] = '(';
	buf[n++] = '1';
	for (int i = 0; i < 100000; i++)
		buf[n++] = ')';
	buf[n++] = ';';
	buf[n++] = '}';
	buf[n] = '\0';
	parse(buf);
	UNIT_EQ_INT(ndiags, 1);
	UNIT_TRUE(strstr(diags, "nests too deeply") != NULL);

	/* long flat chains make deep trees too */
	snprintf(buf, sizeof(buf), "BEGIN { x = 1");
	n = strlen(buf);
	for (int i = 0; i < 50000; i++) {
		buf[n++] = '+';
		buf[n++] = '1';
	}
	buf[n++] = ';';
	buf[n++] = '}';
	buf[n] = '\0';
	parse(buf);
	UNIT_EQ_INT(ndiags, 1);

	snprintf(buf, sizeof(buf), "BEGIN ");
	n = strlen(buf);
	for (int i = 0; i < 50000; i++)
		buf[n++] = '{';
	buf[n] = '\0';
	parse(buf);
	UNIT_TRUE(ndiags >= 1);

	snprintf(buf, sizeof(buf), "BEGIN { x = ");
	n = strlen(buf);
	for (int i = 0; i < 50000; i++)
		buf[n++] = '-';
	buf[n++] = 'x';
	buf[n] = '\0';
	parse(buf);
	UNIT_TRUE(ndiags >= 1);

	/* a moderately deep but legal expression still parses */
	snprintf(buf, sizeof(buf), "BEGIN { x = ");
	n = strlen(buf);
	for (int i = 0; i < 100; i++)
		buf[n++] = '(';
	buf[n++] = '1';
	for (int i = 0; i < 100; i++)
		buf[n++] = ')';
	buf[n++] = '}';
	buf[n] = '\0';
	parse(buf);
	UNIT_EQ_INT(ndiags, 0);
}

UNIT_TEST(robust_garbage)
{
	static const char *const nasty[] = {
		"\"", "BEGIN { \"abc }", "BEGIN { /* }", "/", "{", "}", "BEGIN /", "BEGIN / /",
		"BEGIN { if", "BEGIN { if (", "BEGIN { x = (int", "BEGIN { sizeof(", "(((",
		"int", "struct {", "typedef", "inline int", "translator", "provider p {",
		"BEGIN { @a[", "BEGIN { self->", "BEGIN { xlate<", "BEGIN { offsetof(",
		",,,,", ";;;", "BEGIN,", "BEGIN { } }", "#pragma", "BEGIN { a ? b }",
		"BEGIN { (struct x { int a; } *)0; }", "enum { A = (, }", "BEGIN { else }",
		"self", "this ->", "BEGIN /x/ /y/ { }", "BEGIN { int }", "BEGIN { @ }",
		"a:b:c:d:e:f:g, h", "BEGIN { x = 'abcdefghij'; }", "BEGIN { `; }",
	};
	char buf[512];
	uint32_t seed = 4242;
	static const char *const pieces[] = {
		"BEGIN", "{", "}", "(", ")", "/", "x", "1", ";", ",", "@a", "[", "]", "=", "+",
		"if", "else", "int", "struct", "self", "->", "?", ":", "\"s\"", "\n", " ",
		"#pragma D\n", "sizeof", "(int)", "syscall::read:entry", "'c'", "$1", "`k",
		"typedef", "inline", "*", "xlate", "<", ">", ".", "--", "!",
	};

	for (size_t i = 0; i < DT_ARRAY_SIZE(nasty); i++)
		parse(nasty[i]);
	/* random bytes */
	for (int round = 0; round < 300; round++) {
		size_t n = (size_t)(round % 300) + 1;

		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245 + 12345;
			buf[i] = (char)((seed >> 16) & 0xff);
			if (buf[i] == 0)
				buf[i] = '{';
		}
		buf[n] = '\0';
		parse(buf);
	}
	/* random token soup */
	for (int round = 0; round < 2000; round++) {
		size_t n = 0;
		int ntok = round % 40 + 1;

		for (int i = 0; i < ntok; i++) {
			const char *piece;

			seed = seed * 1103515245 + 12345;
			piece = pieces[(seed >> 16) % DT_ARRAY_SIZE(pieces)];
			if (n + strlen(piece) + 2 >= sizeof(buf))
				break;
			memcpy(buf + n, piece, strlen(piece));
			n += strlen(piece);
			buf[n++] = ' ';
		}
		buf[n] = '\0';
		parse(buf);
	}
	UNIT_TRUE(1);
}

UNIT_TEST(builtin_types)
{
	dt_compile_t cc;
	const dt_type_t *t;

	dt_compile_init(&cc, NULL);
	UNIT_EQ_STR(dt_type_int(&cc, 1, true)->name, "char");
	UNIT_EQ_STR(dt_type_int(&cc, 1, false)->name, "unsigned char");
	UNIT_EQ_STR(dt_type_int(&cc, 2, true)->name, "short");
	UNIT_EQ_STR(dt_type_int(&cc, 4, false)->name, "unsigned int");
	UNIT_EQ_STR(dt_type_int(&cc, 8, true)->name, "long");
	UNIT_EQ_STR(dt_type_int(&cc, 8, false)->name, "unsigned long");
	UNIT_TRUE(dt_type_int(&cc, 3, true) == NULL);
	UNIT_TRUE(dt_type_int(&cc, 4, true) == dt_type_int(&cc, 4, true));
	UNIT_EQ_INT(dt_type_string(&cc)->kind, DT_TYPE_STRING);
	UNIT_EQ_INT(dt_type_void(&cc)->kind, DT_TYPE_VOID);
	UNIT_TRUE(dt_type_named(&cc, "int") == dt_type_int(&cc, 4, true));
	UNIT_TRUE(dt_type_named(&cc, "unsigned") == dt_type_int(&cc, 4, false));
	UNIT_TRUE(dt_type_named(&cc, "long int") == dt_type_int(&cc, 8, true));
	UNIT_TRUE(dt_type_named(&cc, "string") == dt_type_string(&cc));
	t = dt_type_named(&cc, "uint64_t");
	UNIT_EQ_STR(t->name, "uint64_t");
	UNIT_EQ_INT(t->size, 8);
	UNIT_EQ_INT(t->is_signed, false);
	t = dt_type_named(&cc, "pid_t");
	UNIT_EQ_INT(t->size, 4);
	UNIT_EQ_INT(t->is_signed, true);
	UNIT_EQ_INT(dt_type_named(&cc, "uid_t")->is_signed, false);
	UNIT_EQ_INT(dt_type_named(&cc, "hrtime_t")->size, 8);
	UNIT_TRUE(dt_type_named(&cc, "foo_t") == NULL);
	UNIT_TRUE(dt_is_typename(&cc, "size_t"));
	UNIT_TRUE(dt_is_typename(&cc, "struct"));
	UNIT_TRUE(!dt_is_typename(&cc, "pid"));
	dt_vec_push(&cc.typedef_names, "foo_t");
	UNIT_TRUE(dt_is_typename(&cc, "foo_t"));
	dt_compile_fini(&cc);
}

UNIT_TEST(node_kind_names)
{
	UNIT_EQ_STR(dt_node_kind_name(DT_NODE_PROGRAM), "PROGRAM");
	UNIT_EQ_STR(dt_node_kind_name(DT_NODE_EXPR_STMT), "EXPR_STMT");
	UNIT_EQ_STR(dt_node_kind_name(DT_NODE_TYPENAME), "TYPENAME");
}

UNIT_TEST(locations)
{
	dt_compile_t cc;
	const char *text = "BEGIN\n{\n  @c[pid] = count();\n}";
	dt_source_t src = { NULL, text, strlen(text) };
	dt_node_t *prog, *stmt, *asg;

	dt_compile_init(&cc, NULL);
	prog = dt_parse(&cc, &src);
	stmt = prog->list.data[0]->body->list.data[0];
	asg = stmt->left;
	UNIT_EQ_INT(asg->kind, DT_NODE_ASSIGN);
	UNIT_EQ_INT(asg->loc.line, 3);
	UNIT_EQ_INT(asg->loc.col, 11);
	UNIT_EQ_INT(asg->left->loc.col, 3);
	UNIT_EQ_INT(asg->left->loc.len, 2);
	UNIT_EQ_INT(asg->right->loc.col, 13);
	UNIT_EQ_INT(prog->list.data[0]->list.data[0]->loc.len, 5);
	dt_compile_fini(&cc);
}

UNIT_MAIN()
