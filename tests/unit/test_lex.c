/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_lex.c: unit tests for the D lexer (src/compiler/dt_lex.c): every token class, integer
 * suffixes and errors, escapes, locations, probe descriptions at top level, '#' lines, and
 * robustness against hostile input.
 */
#include "unit.h"

#include "compiler/dt_compiler.h"

/* One token as a short string: punctuators and keywords as spelled, others "kind:text". */
static void
tok_str(const dt_token_t *t, dt_strbuf_t *sb)
{
	switch (t->kind) {
	case TOK_IDENT:
		dt_sb_printf(sb, "id:%s", t->text);
		break;
	case TOK_INT:
		dt_sb_printf(sb, "int:%" PRIu64, t->ival);
		if (t->isuffix)
			dt_sb_printf(sb, "/%d", t->isuffix);
		break;
	case TOK_CHAR:
		dt_sb_printf(sb, "chr:%" PRIu64, t->ival);
		break;
	case TOK_STRING:
		dt_sb_printf(sb, "str:%s", t->text);
		break;
	case TOK_PDESC:
		dt_sb_printf(sb, "pd:%s", t->text);
		break;
	case TOK_AGG:
		dt_sb_printf(sb, "@%s", t->text);
		break;
	case TOK_MACRO:
		dt_sb_printf(sb, "$%s", t->text);
		break;
	case TOK_SYMBOL:
		dt_sb_printf(sb, "`%s", t->text);
		break;
	case TOK_PRAGMA:
		dt_sb_printf(sb, "pragma:%s", t->text);
		break;
	case TOK_EOF:
		dt_sb_puts(sb, "EOF");
		break;
	default:
		dt_sb_puts(sb, dt_tok_name(t->kind));
		break;
	}
}

static char out[8192];

/* All tokens of "text" lexed in "state", space-separated; diagnostics in "diags". */
static const char *
lex_all(const char *text, int state, char *diags, size_t dsize)
{
	dt_compile_t cc;
	dt_source_t src = { NULL, text, strlen(text) };
	dt_lexer_t lx;
	dt_strbuf_t sb = { 0 };
	dt_token_t t;

	dt_compile_init(&cc, NULL);
	dt_lex_init(&lx, &cc, &src);
	lx.state = state;
	do {
		t = dt_lex_next(&lx);
		if (sb.len)
			dt_sb_putc(&sb, ' ');
		tok_str(&t, &sb);
	} while (t.kind != TOK_EOF);
	snprintf(out, sizeof(out), "%s", dt_sb_str(&sb));
	if (diags) {
		dt_strbuf_t db = { 0 };

		for (const dt_diag_t *d = cc.diags.head; d; d = d->next)
			dt_sb_printf(&db, "%s%s %d:%d %s", db.len ? "\n" : "",
				     dt_errtag_name(d->tag), d->loc.line, d->loc.col, d->msg);
		snprintf(diags, dsize, "%s", dt_sb_str(&db));
		dt_sb_free(&db);
	}
	dt_sb_free(&sb);
	dt_compile_fini(&cc);
	return out;
}

static const char *
code(const char *text)
{
	return lex_all(text, DT_LEX_CODE, NULL, 0);
}

static const char *
prog(const char *text)
{
	return lex_all(text, DT_LEX_PROGRAM, NULL, 0);
}

static char diag[4096];

static const char *
code_diag(const char *text)
{
	lex_all(text, DT_LEX_CODE, diag, sizeof(diag));
	return diag;
}

UNIT_TEST(punctuators)
{
	UNIT_EQ_STR(code("( ) [ ] { } , ; : ? . -> ... + - * / % & | ^ ~ !"),
		    "( ) [ ] { } , ; : ? . -> ... + - * / % & | ^ ~ ! EOF");
	UNIT_EQ_STR(code("< > <= >= == != && || ^^ << >> ++ --"),
		    "< > <= >= == != && || ^^ << >> ++ -- EOF");
	UNIT_EQ_STR(code("= += -= *= /= %= &= |= ^= <<= >>="),
		    "= += -= *= /= %= &= |= ^= <<= >>= EOF");
	UNIT_EQ_STR(code("a+++b"), "id:a ++ + id:b EOF");
	UNIT_EQ_STR(code("a->b.c"), "id:a -> id:b . id:c EOF");
	UNIT_EQ_STR(code("x<<=1>>2"), "id:x <<= int:1 >> int:2 EOF");
}

UNIT_TEST(keywords)
{
	UNIT_EQ_STR(code("if else sizeof stringof self this inline typedef struct xlate"),
		    "if else sizeof stringof self this inline typedef struct xlate EOF");
	UNIT_EQ_STR(code("int char long unsigned string translator provider offsetof"),
		    "int char long unsigned string translator provider offsetof EOF");
	UNIT_EQ_STR(code("iff inline_ _if"), "id:iff id:inline_ id:_if EOF");
	UNIT_EQ_STR(dt_tok_name(TOK_EOF), "end of input");
	UNIT_EQ_STR(dt_tok_name(TOK_SHL_ASSIGN), "<<=");
	UNIT_EQ_STR(dt_tok_name(TOK_XLATE), "xlate");
}

UNIT_TEST(integers)
{
	UNIT_EQ_STR(code("0 7 42 0x1F 0XfF 017 18446744073709551615"),
		    "int:0 int:7 int:42 int:31 int:255 int:15 int:18446744073709551615 EOF");
	UNIT_EQ_STR(code("1u 1U 1l 1L 1ul 1lu 1ll 1LL 1ull 1LLU 0x10UL"),
		    "int:1/1 int:1/1 int:1/2 int:1/2 int:1/3 int:1/3 int:1/4 int:1/4 int:1/5 "
		    "int:1/5 int:16/3 EOF");
	UNIT_EQ_STR(code_diag("0 42 0x2a 017"), "");
}

UNIT_TEST(integer_bases)
{
	dt_compile_t cc;
	dt_source_t src = { NULL, "10 010 0x10", 11 };
	dt_lexer_t lx;
	dt_token_t t;

	dt_compile_init(&cc, NULL);
	dt_lex_init(&lx, &cc, &src);
	lx.state = DT_LEX_CODE;
	t = dt_lex_next(&lx);
	UNIT_EQ_INT(t.ibase, 10);
	UNIT_EQ_INT(t.ival, 10);
	t = dt_lex_next(&lx);
	UNIT_EQ_INT(t.ibase, 8);
	UNIT_EQ_INT(t.ival, 8);
	t = dt_lex_next(&lx);
	UNIT_EQ_INT(t.ibase, 16);
	UNIT_EQ_INT(t.ival, 16);
	UNIT_EQ_STR(t.text, "0x10");
	dt_compile_fini(&cc);
}

UNIT_TEST(integer_errors)
{
	UNIT_EQ_STR(code_diag("x = 09;"), "D_INT_DIGIT 1:5 constant 09 contains invalid digit 9");
	UNIT_EQ_STR(code_diag("\n  0778"),
		    "D_INT_DIGIT 2:3 constant 0778 contains invalid digit 8");
	UNIT_EQ_STR(code_diag("18446744073709551616"),
		    "D_INT_OFLOW 1:1 constant 18446744073709551616 results in integer overflow");
	UNIT_EQ_STR(code_diag("0x10000000000000000"),
		    "D_INT_OFLOW 1:1 constant 0x10000000000000000 results in integer overflow");
	/* as in DTrace, a constant ends where its digits and suffix do: an identifier follows */
	UNIT_EQ_STR(code("12q 0abc 10ms 1uu 1lul 0x 0x1g 08z"),
		    "int:12 id:q int:0 id:abc int:10 id:ms int:1/1 id:u int:1/3 id:l int:0 id:x "
		    "int:1 id:g int:0 id:z EOF");
	UNIT_EQ_STR(code_diag("12q 0abc 10ms"), "");
	UNIT_EQ_STR(code_diag("08z"), "D_INT_DIGIT 1:1 constant 08 contains invalid digit 8");
}

UNIT_TEST(characters)
{
	UNIT_EQ_STR(code("'a' '\\n' '\\t' '\\0' '\\\\' '\\'' '\\\"' '\\x41' '\\101' '\\e'"),
		    "chr:97 chr:10 chr:9 chr:0 chr:92 chr:23591 chr:34 chr:65 chr:65 chr:23653 EOF");
	/* as DTrace: \' \? and unknown escapes keep their backslash ('\?' is 0x5c3f) */
	UNIT_EQ_STR(code("'\\a' '\\b' '\\f' '\\r' '\\v' '\\?' '\\xff'"),
		    "chr:7 chr:8 chr:12 chr:13 chr:11 chr:23615 chr:255 EOF");
	/* multi-character constants read big-endian, up to 8 bytes */
	UNIT_EQ_STR(code("'ab' 'abcdefgh'"), "chr:24930 chr:7017280452245743464 EOF");
	UNIT_EQ_STR(code_diag("''"), "D_CHR_NULL 1:1 empty character constant");
	UNIT_EQ_STR(code_diag(" 'abcdefghi'"), "D_CHR_OFLOW 1:2 character constant is too long");
	UNIT_EQ_STR(code_diag("x = 'a\n'"),
		    "D_CHR_NL 1:5 newline encountered in character constant\n"
		    "D_CHR_NL 2:1 newline encountered in character constant");
}

UNIT_TEST(strings)
{
	UNIT_EQ_STR(code("\"abc\" \"\" \"a\\tb\\\"c\\\\\""), "str:abc str: str:a\tb\"c\\ EOF");
	UNIT_EQ_STR(code("\"\\x41\\102\\n\""), "str:AB\n EOF");
	UNIT_EQ_STR(code_diag("\"abc\" \"ok\""), "");
	UNIT_EQ_STR(code_diag("x = \"abc\ny"),
		    "D_STR_NL 1:5 newline encountered in string literal");
	UNIT_EQ_STR(code_diag("  \"abc"), "D_STR_NL 1:3 newline encountered in string literal");
}

UNIT_TEST(string_nul)
{
	dt_compile_t cc;
	dt_source_t src = { NULL, "\"a\\0b\"", 6 };
	dt_lexer_t lx;
	dt_token_t t;

	dt_compile_init(&cc, NULL);
	dt_lex_init(&lx, &cc, &src);
	lx.state = DT_LEX_CODE;
	t = dt_lex_next(&lx);
	UNIT_EQ_INT(t.kind, TOK_STRING);
	UNIT_EQ_INT(t.textlen, 3);
	UNIT_TRUE(memcmp(t.text, "a\0b", 3) == 0);
	UNIT_EQ_INT(t.loc.len, 6);
	dt_compile_fini(&cc);
}

UNIT_TEST(comments)
{
	UNIT_EQ_STR(code("a /* x * / y */ b // c d\ne"), "id:a id:b id:e EOF");
	UNIT_EQ_STR(code("a/**/b/***/c"), "id:a id:b id:c EOF");
	UNIT_EQ_STR(code_diag("a\n  /* never closed\n"),
		    "D_COMMENT_EOF 2:3 end-of-file encountered before matching */");
	UNIT_EQ_STR(code("a // no newline at end"), "id:a EOF");
}

UNIT_TEST(d_specials)
{
	UNIT_EQ_STR(code("@ @a @_x1 @[x]"), "@ @a @_x1 @ [ id:x ] EOF");
	UNIT_EQ_STR(code("$1 $$1 $pid $target $0 $$0"), "$1 $$1 $pid $target $0 $$0 EOF");
	UNIT_EQ_STR(code("`max_pfn `vmlinux`jiffies genunix`kmem_flags"),
		    "`max_pfn `vmlinux`jiffies `genunix`kmem_flags EOF");
	/* a lone backquote is a symbol without a name, as in DTrace: its lookup fails */
	UNIT_EQ_STR(code("sizeof (`)"), "sizeof ( ` ) EOF");
	UNIT_EQ_STR(code_diag("sizeof (`)"), "");
	UNIT_EQ_STR(code_diag("$ x"), "D_SYNTAX 1:1 syntax error near \"$\"");
}

UNIT_TEST(locations)
{
	dt_compile_t cc;
	const char *text = "BEGIN\n{\n\tx = 12 +\n  @foo; /* c */ \"str\"\n}";
	dt_source_t src = { NULL, text, strlen(text) };
	dt_lexer_t lx;
	static const struct {
		dt_tok_kind_t kind;
		int line, col, len;
		bool nl;
	} want[] = {
		{ TOK_PDESC, 1, 1, 5, true },	{ TOK_LBRACE, 2, 1, 1, true },
		{ TOK_IDENT, 3, 2, 1, true },	{ TOK_ASSIGN, 3, 4, 1, false },
		{ TOK_INT, 3, 6, 2, false },	{ TOK_PLUS, 3, 9, 1, false },
		{ TOK_AGG, 4, 3, 4, true },	{ TOK_SEMI, 4, 7, 1, false },
		{ TOK_STRING, 4, 17, 5, false }, { TOK_RBRACE, 5, 1, 1, true },
		{ TOK_EOF, 5, 2, 0, false },
	};

	dt_compile_init(&cc, NULL);
	dt_lex_init(&lx, &cc, &src);
	for (size_t i = 0; i < DT_ARRAY_SIZE(want); i++) {
		dt_token_t t = dt_lex_next(&lx);

		if (t.kind == TOK_LBRACE)
			lx.state = DT_LEX_CODE;
		UNIT_EQ_INT(t.kind, want[i].kind);
		UNIT_EQ_INT(t.loc.line, want[i].line);
		UNIT_EQ_INT(t.loc.col, want[i].col);
		UNIT_EQ_INT(t.loc.len, want[i].len);
		UNIT_EQ_INT(t.nl_before, want[i].nl);
		UNIT_TRUE(t.loc.src == &src);
	}
	dt_compile_fini(&cc);
}

UNIT_TEST(probe_descriptions)
{
	UNIT_EQ_STR(prog("syscall::open*:entry"), "pd:syscall::open*:entry EOF");
	UNIT_EQ_STR(prog("pid$target:libc.so.6:malloc:entry"),
		    "pd:pid$target:libc.so.6:malloc:entry EOF");
	UNIT_EQ_STR(prog("profile-97 tick-1sec :::BEGIN BEGIN"),
		    "pd:profile-97 pd:tick-1sec pd::::BEGIN pd:BEGIN EOF");
	UNIT_EQ_STR(prog("fbt:mod:func:entry,fbt::*_read:return"),
		    "pd:fbt:mod:func:entry , pd:fbt::*_read:return EOF");
	UNIT_EQ_STR(prog("syscall::read*:entry\n/pid == 1/{"),
		    "pd:syscall::read*:entry / pd:pid == pd:1 / { EOF");
	UNIT_EQ_STR(prog("*:::entry sched:::on-cpu proc:::exec-success io::[ab]*:start!x"),
		    "pd:*:::entry pd:sched:::on-cpu pd:proc:::exec-success "
		    "pd:io::[ab]*:start!x EOF");
	UNIT_EQ_STR(prog("fbt:vmlinux:foo?bar:entry BEGIN{"),
		    "pd:fbt:vmlinux:foo?bar:entry pd:BEGIN { EOF");
	/* keywords and type names stay themselves at top level */
	UNIT_EQ_STR(prog("inline int x = 3;"), "inline int pd:x = pd:3 ; EOF");
	UNIT_EQ_STR(prog("typedef struct uint64_t intr:::"),
		    "typedef struct id:uint64_t pd:intr::: EOF");
	UNIT_EQ_STR(prog("self this translator provider"), "self this translator provider EOF");
}

UNIT_TEST(hash_lines)
{
	char d[512];

	UNIT_EQ_STR(prog("#pragma D option quiet  \nBEGIN"),
		    "pragma:D option quiet pd:BEGIN EOF");
	UNIT_EQ_STR(prog("  #pragma   D  option bufsize=4m\n"), "pragma:D  option bufsize=4m EOF");
	UNIT_EQ_STR(prog("#!/usr/sbin/dtrace -s\nBEGIN"), "pd:BEGIN EOF");
	UNIT_EQ_STR(prog("#\nBEGIN"), "pd:BEGIN EOF");

	lex_all("#include <stdio.h>\nBEGIN", DT_LEX_PROGRAM, d, sizeof(d));
	UNIT_EQ_STR(d, "D_SYNTAX 1:1 syntax error near \"#include\" (cpp directives need -C)");
	UNIT_EQ_STR(out, "pd:BEGIN EOF");
	/* a control line ends at its newline: the end of input before it is an error */
	lex_all("BEGIN\n  #pragma D option quiet", DT_LEX_PROGRAM, d, sizeof(d));
	UNIT_EQ_STR(d, "D_SYNTAX 2:3 end-of-file encountered before end of control line");
	UNIT_EQ_STR(out, "pd:BEGIN EOF");
	lex_all("a # b", DT_LEX_CODE, d, sizeof(d));
	UNIT_EQ_STR(d, "D_BADCHAR 1:3 invalid character '#'");
	UNIT_EQ_STR(out, "id:a id:b EOF");
}

UNIT_TEST(line_markers)
{
	dt_compile_t cc;
	const char *text = "# 1 \"x.d\"\nBEGIN\n# 12 \"x.d\"\n  END\n#line 40\nfoo";
	dt_source_t src = { NULL, text, strlen(text) };
	dt_lexer_t lx;
	dt_token_t t;

	dt_compile_init(&cc, NULL);
	dt_lex_init(&lx, &cc, &src);
	t = dt_lex_next(&lx);
	UNIT_EQ_STR(t.text, "BEGIN");
	UNIT_EQ_INT(t.loc.line, 1);
	t = dt_lex_next(&lx);
	UNIT_EQ_STR(t.text, "END");
	UNIT_EQ_INT(t.loc.line, 12);
	UNIT_EQ_INT(t.loc.col, 3);
	UNIT_TRUE(t.nl_before);
	t = dt_lex_next(&lx);
	UNIT_EQ_STR(t.text, "foo");
	UNIT_EQ_INT(t.loc.line, 40);
	UNIT_EQ_INT(cc.diags.count, 0);
	dt_compile_fini(&cc);
}

UNIT_TEST(bad_characters)
{
	UNIT_EQ_STR(code_diag("a \x01 b"), "D_BADCHAR 1:3 invalid character (0x01)");
	UNIT_EQ_STR(out, "id:a id:b EOF");
}

/* Hostile input: every byte sequence must end in EOF without hanging or crashing. */
UNIT_TEST(robust)
{
	static const char *const nasty[] = {
		"\"", "'", "/*", "/", "$", "$$", "@", "`", "#", "# ", "#pragma", "0x", "0x_",
		"\\", "'\\", "\"\\", "'\\x", "\\\n", "# 999999999999999 \"f\"\nx", "...",
		"\xff\xfe\x80", "99999999999999999999999999999999999999",
	};
	char buf[256];
	uint32_t seed = 12345;

	for (size_t i = 0; i < DT_ARRAY_SIZE(nasty); i++) {
		lex_all(nasty[i], DT_LEX_CODE, diag, sizeof(diag));
		lex_all(nasty[i], DT_LEX_PROGRAM, diag, sizeof(diag));
	}
	for (int round = 0; round < 300; round++) {
		size_t n = (size_t)(round % 200) + 1;

		for (size_t i = 0; i < n; i++) {
			seed = seed * 1103515245 + 12345;
			buf[i] = (char)((seed >> 16) & 0xff);
			if (buf[i] == 0)
				buf[i] = ' ';
		}
		buf[n] = '\0';
		lex_all(buf, round & 1 ? DT_LEX_CODE : DT_LEX_PROGRAM, diag, sizeof(diag));
	}
	UNIT_TRUE(1);
}

UNIT_TEST(embedded_nul)
{
	dt_compile_t cc;
	dt_source_t src = { NULL, "a\0b", 3 };
	dt_lexer_t lx;
	dt_token_t t;

	dt_compile_init(&cc, NULL);
	dt_lex_init(&lx, &cc, &src);
	lx.state = DT_LEX_CODE;
	t = dt_lex_next(&lx);
	UNIT_EQ_STR(t.text, "a");
	t = dt_lex_next(&lx);
	UNIT_EQ_STR(t.text, "b");
	t = dt_lex_next(&lx);
	UNIT_EQ_INT(t.kind, TOK_EOF);
	UNIT_EQ_INT(cc.diags.count, 1);
	UNIT_EQ_INT(cc.diags.head->tag, D_BADCHAR);
	dt_compile_fini(&cc);
}

UNIT_MAIN()
