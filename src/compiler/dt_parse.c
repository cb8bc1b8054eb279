/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_parse.c: the D parser, the second stage of the front end (tokens -> AST).
 *
 * Hand-written recursive descent: one function per grammar rule, its production in the comment
 * above it. All state is in a dt_parser_t passed around; there are no globals and no longjmp.
 *
 * The parser drives the lexer's state (see dt_lex.c): at top level (DT_LEX_PROGRAM) words are
 * probe descriptions; after a clause's '/' or '{', and inside declarations, tokens are C-like
 * (DT_LEX_CODE); after the clause's closing '}' (or a predicate-only clause) it switches back.
 * Because the lexer reads one token ahead, the state is always set *before* advancing past
 * the token that ends a region.
 *
 * Two D ambiguities are settled here:
 *   - "/" inside a predicate: at parenthesis depth 0 it ends the predicate when the next token
 *     is '{', ';', end of input, or a probe description or #pragma starting a new line;
 *     otherwise it divides ("/x / 2 > 1/" divides once).
 *   - "(x)y": a cast when x is a type name (keyword types, D's built-in typedefs and this
 *     program's typedefs, via dt_is_typename), a parenthesized expression otherwise.
 *
 * Errors: "syntax error near "tok"" (DTrace's wording) with the token's location. After an
 * error the parser is in panic mode (further errors are dropped) until it resynchronizes at the
 * next ';' or '}' (statements) or the next clause (top level), so one run reports several
 * independent errors. Every loop consumes a token or stops, and nesting is bounded, so no
 * input can make the parser hang or overflow the stack.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dt_compiler.h"

/*
 * Bound on nesting (expressions, statements, types, and the length of left-deep operator and
 * postfix chains, which make deep trees too) so hostile input cannot exhaust the stack here or
 * in the passes that walk the tree.
 */
#define DT_PARSE_MAXDEPTH 1000

typedef struct dt_parser {
	dt_compile_t *cc;
	dt_lexer_t lx;
	dt_token_t tok;		/* the current token */
	const char *tok_end;	/* where the current token ends in the source */
	dt_node_t *prog;
	bool panic;		/* an error was reported; drop errors until resynchronized */
	bool too_deep;		/* the nesting error was reported once */
	int depth;
	bool in_pred;		/* parsing a predicate: '/' may end it */
	int last_line;		/* the line of the token before the current one */
	int nest;		/* (), [] nesting inside the predicate */
	int parens, brackets;	/* '(' and '[' read and not closed, counted as DTrace's lexer
				 * does, which names an extra or unclosed one */
	bool top_decl;		/* in a declaration outside any clause */
	dt_token_t prev[3];	/* the tokens before the current one, latest first */
} dt_parser_t;

static dt_node_t *parse_expr(dt_parser_t *p);
static void dtrace_line(dt_parser_t *p, dt_loc_t *loc);
static dt_node_t *parse_assign(dt_parser_t *p);
static dt_node_t *parse_cond(dt_parser_t *p);
static dt_node_t *parse_unary(dt_parser_t *p);
static dt_node_t *parse_typename(dt_parser_t *p, bool lenient);
static void parse_statement(dt_parser_t *p, dt_nodes_t *list);
static void parse_declaration(dt_parser_t *p, dt_nodes_t *list, int end_state, bool member);

/* ---- helpers -------------------------------------------------------------------------- */

static dt_node_t *
new_node(dt_parser_t *p, dt_node_kind_t kind, dt_loc_t loc)
{
	return dt_node_new(p->cc, kind, loc);
}

static void
advance(dt_parser_t *p)
{
	p->last_line = p->tok.loc.line;
	p->prev[2] = p->prev[1];
	p->prev[1] = p->prev[0];
	p->prev[0] = p->tok;
	p->parens += (p->tok.kind == TOK_LPAREN) - (p->tok.kind == TOK_RPAREN);
	p->brackets += (p->tok.kind == TOK_LBRACKET) - (p->tok.kind == TOK_RBRACKET);
	p->tok = dt_lex_next(&p->lx);
	p->tok_end = p->lx.p;
}

static bool
is_tok(const dt_parser_t *p, dt_tok_kind_t k)
{
	return p->tok.kind == k;
}

/*
 * Consume the current token if it is a "k". Nothing is consumed in panic mode: only the
 * resynchronization skips tokens, so it sees the token that caused the error.
 */
static bool
accept(dt_parser_t *p, dt_tok_kind_t k)
{
	if (p->tok.kind != k || p->panic)
		return false;
	advance(p);
	return true;
}

/* The current token as written in the source, for messages. */
static const char *
tok_spelling(dt_parser_t *p)
{
	int len = p->tok.loc.len;

	if (len <= 0 || p->tok_end - len < p->lx.src->text)
		return p->tok.text ? p->tok.text : "";
	return dt_arena_strndup(&p->cc->arena, p->tok_end - len, (size_t)len);
}

/*
 * What "syntax error near" quotes: the token, but for an identifier the source has not
 * named before, the rest of its line. DTrace's lexer reads ahead of a new name to tell a
 * variable from a type and, as its message shows, leaves its text running to the line's end.
 */
static const char *
tok_near(dt_parser_t *p)
{
	const char *text = p->lx.src->text, *start = p->tok_end - p->tok.loc.len, *q, *eol;
	size_t n;

	if (p->tok.kind != TOK_IDENT || p->tok.loc.len <= 0 || start < text)
		return tok_spelling(p);
	n = (size_t)p->tok.loc.len;
	for (q = text; (q = strstr(q, p->tok.text)) && q < start; q += n) {
		bool before = q > text && (isalnum((unsigned char)q[-1]) || q[-1] == '_');
		bool after = isalnum((unsigned char)q[n]) || q[n] == '_';

		if (!before && !after)
			return tok_spelling(p);	/* named before: the lexer knew it */
	}
	eol = strchr(start, '\n');
	return dt_arena_strndup(&p->cc->arena, start, eol ? (size_t)(eol - start) : strlen(start));
}

static bool pred_unclosed(dt_parser_t *p);

/*
 * A syntax error right after "(name *" or "(name)" and before an operand is most likely a
 * cast to a type this program cannot see (a Solaris type such as callout_t, or a misspelt
 * one): say which, for the error to name the cause and not only the place.
 */
static void
cast_hint(dt_parser_t *p, dt_diag_t *diag)
{
	const dt_token_t *t = p->prev;

	if (t[1].kind != TOK_IDENT || t[2].kind != TOK_LPAREN)
		return;
	if (!(t[0].kind == TOK_STAR && is_tok(p, TOK_RPAREN)) &&
	    !(t[0].kind == TOK_RPAREN &&
	      (is_tok(p, TOK_IDENT) || is_tok(p, TOK_INT) || is_tok(p, TOK_CHAR) ||
	       is_tok(p, TOK_STRING) || is_tok(p, TOK_MACRO) || is_tok(p, TOK_SYMBOL) ||
	       is_tok(p, TOK_LPAREN))))
		return;
	dt_diag_hint(&p->cc->diags, diag,
		     "if \"%s\" is meant as a type, no type has that name here: not one of D's, "
		     "this kernel's (BTF) or the program's",
		     t[1].text);
}

/*
 * syntax error near "tok", at the current token; the first error of a panic only. DTrace's
 * own words where its lexer finds the mistake: a ')' or ']' with none open is "extra ) in
 * input stream"; a predicate's '/' inside one, "closing ) expected in predicate before /".
 */
static void
syntax_error(dt_parser_t *p)
{
	if (p->panic)
		return;
	if (is_tok(p, TOK_SLASH) && pred_unclosed(p))
		return;
	p->panic = true;
	if ((is_tok(p, TOK_RPAREN) && p->parens <= 0) ||
	    (is_tok(p, TOK_RBRACKET) && p->brackets <= 0))
		dt_diag_error(&p->cc->diags, D_SYNTAX, p->tok.loc, "extra %s in input stream",
			      is_tok(p, TOK_RPAREN) ? ")" : "]");
	else if (p->tok.kind == TOK_PRAGMA && dt_sema_pragma_inline(p->cc, p->tok.text, p->tok.loc))
		return;
	else if (p->tok.kind == TOK_EOF)	/* DTrace's lexer words it so in a declaration */
		dt_diag_error(&p->cc->diags, D_SYNTAX, p->tok.loc, "syntax error near end%sinput",
			      p->top_decl ? "-of-" : " of ");
	else
		cast_hint(p, dt_diag_error(&p->cc->diags, D_SYNTAX, p->tok.loc,
					   "syntax error near \"%s\"", tok_near(p)));
}

/*
 * An error that is not a syntax error (DTrace reports these while parsing too), at loc; the
 * parser resynchronizes after it as after a syntax error.
 */
static void parse_error(dt_parser_t *p, dt_errtag_t tag, dt_loc_t loc, const char *fmt, ...)
	DT_PRINTF(4, 5);

static void
parse_error(dt_parser_t *p, dt_errtag_t tag, dt_loc_t loc, const char *fmt, ...)
{
	dt_strbuf_t sb = { 0 };
	va_list ap;

	if (p->panic)
		return;
	p->panic = true;
	va_start(ap, fmt);
	dt_sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	dt_diag_error(&p->cc->diags, tag, loc, "%s", dt_sb_str(&sb));
	dt_sb_free(&sb);
}

static bool
expect(dt_parser_t *p, dt_tok_kind_t k)
{
	if (accept(p, k))
		return true;
	syntax_error(p);
	return false;
}

/*
 * The token after the current one, lexed in "state", without consuming anything. The lexer
 * is plain data, so a copy is a checkpoint; diagnostics from the look-ahead are discarded (the
 * token is lexed again, and reported then, when the parser gets to it).
 */
static dt_token_t
peek(dt_parser_t *p, int state)
{
	dt_lexer_t saved = p->lx;
	dt_diags_t diags = p->cc->diags;
	dt_token_t t;

	dt_diags_init(&p->cc->diags, &p->cc->arena);
	p->lx.state = state;
	t = dt_lex_next(&p->lx);
	p->lx = saved;
	p->cc->diags = diags;
	return t;
}

/* Count one level of nesting; false (and one error) past the limit. Pair with leave(). */
static bool
enter(dt_parser_t *p)
{
	if (++p->depth <= DT_PARSE_MAXDEPTH)
		return true;
	if (!p->too_deep && !p->panic) {
		dt_diag_error(&p->cc->diags, D_SYNTAX, p->tok.loc,
			      "program nests too deeply (more than %d levels)", DT_PARSE_MAXDEPTH);
		p->too_deep = true;
	}
	p->panic = true;
	return false;
}

static void
leave(dt_parser_t *p)
{
	p->depth--;
}

/* A placeholder for an expression that failed to parse, so callers never see NULL. */
static dt_node_t *
error_node(dt_parser_t *p)
{
	return new_node(p, DT_NODE_INT, p->tok.loc);
}

/*
 * Is "mod`name" a type name in module mod's scope? D's own (D`t, C`t) are known here; a
 * kernel one (vmlinux`u64) is looked up, which reads BTF: only a scoped name costs that.
 */
static bool
is_scoped_typename(dt_parser_t *p, const char *text)
{
	const char *name = strrchr(text, '`');

	if (!name)
		return false;	/* `sym: a kernel symbol */
	if (dt_is_typename(p->cc, text))
		return true;
	if ((name - text == 1 && (*text == 'D' || *text == 'C')) ||
	    dt_type_named(p->cc, name + 1))
		return false;
	return dt_type_lookup(p->cc, text, NULL) != NULL;
}

static bool
is_type_token(dt_parser_t *p, const dt_token_t *t)
{
	if (dt_tok_is_basetype(t->kind))
		return true;
	switch (t->kind) {
	case TOK_STRUCT: case TOK_UNION: case TOK_ENUM: case TOK_CONST: case TOK_VOLATILE:
	case TOK_USERLAND:
		return true;
	case TOK_IDENT:
		return dt_is_typename(p->cc, t->text);
	case TOK_SYMBOL:
		return is_scoped_typename(p, t->text);
	default:
		return false;
	}
}

/* Does the current token start a declaration (in a body or at top level)? */
static bool
is_decl_start(dt_parser_t *p)
{
	switch (p->tok.kind) {
	case TOK_STATIC: case TOK_EXTERN: case TOK_REGISTER: case TOK_AUTO: case TOK_TYPEDEF:
	case TOK_INLINE: case TOK_TRANSLATOR: case TOK_PROVIDER:
		return true;
	case TOK_SELF:
	case TOK_THIS:
		return peek(p, DT_LEX_CODE).kind != TOK_ARROW;
	default:
		return is_type_token(p, &p->tok);
	}
}

/*
 * Skip to the end of the broken statement: past the next ';', or up to the '}' that closes
 * the enclosing block, or the end of input. Balanced braces in between are skipped whole.
 */
static void
sync_stmt(dt_parser_t *p)
{
	int braces = 0;

	while (!is_tok(p, TOK_EOF)) {
		if (is_tok(p, TOK_LBRACE)) {
			braces++;
		} else if (is_tok(p, TOK_RBRACE)) {
			if (braces == 0)
				break;
			braces--;
		} else if (is_tok(p, TOK_SEMI) && braces == 0) {
			advance(p);
			break;
		}
		advance(p);
	}
	p->panic = false;
}

/*
 * Skip to the next top-level item: past a ';' or '}' at brace depth 0, or up to a probe
 * description or #pragma that starts a line.
 */
static void
sync_top(dt_parser_t *p)
{
	int braces = 0;

	while (!is_tok(p, TOK_EOF)) {
		if (braces == 0 && p->tok.nl_before &&
		    (is_tok(p, TOK_PDESC) || is_tok(p, TOK_PRAGMA)))
			break;
		if (is_tok(p, TOK_LBRACE)) {
			braces++;
		} else if (is_tok(p, TOK_RBRACE) && braces > 0) {
			braces--;
		} else if (braces == 0 && (is_tok(p, TOK_SEMI) || is_tok(p, TOK_RBRACE))) {
			p->lx.state = DT_LEX_PROGRAM;
			advance(p);
			break;
		}
		/* inside braces code tokens are expected; outside, probe descriptions */
		p->lx.state = braces ? DT_LEX_CODE : DT_LEX_PROGRAM;
		advance(p);
	}
	p->lx.state = DT_LEX_PROGRAM;
	p->panic = false;
}

/* ---- types ---------------------------------------------------------------------------- */

/* A member name after '.', '->' or in offsetof: an identifier, or a keyword used as one. */
static const char *
parse_member_name(dt_parser_t *p)
{
	const char *name = p->tok.text;

	if (is_tok(p, TOK_IDENT) || p->tok.kind >= TOK_AUTO) {
		advance(p);
		return name;
	}
	syntax_error(p);
	return "";
}

/*
 * A name being declared ("what": "declaration", "member", "enumerator"), or false after an
 * error: D's scoping operator has no place in one (int `x; is D_DECL_SCOPE).
 */
static bool
declared_name(dt_parser_t *p, const char *what)
{
	if (is_tok(p, TOK_SYMBOL)) {
		parse_error(p, D_DECL_SCOPE, p->tok.loc, "D scoping operator may not be used in %s "
			    "%s name (%s)", *what == 'e' ? "an" : "a", what, tok_spelling(p));
		return false;
	}
	return expect(p, TOK_IDENT);
}

/*
 * enumerator-list: enumerator { ',' enumerator } [ ',' ]
 * enumerator: IDENT [ '=' assign ]
 */
static void
parse_enum_body(dt_parser_t *p, dt_node_t *spec)
{
	while (is_tok(p, TOK_IDENT) || is_tok(p, TOK_SYMBOL)) {
		dt_node_t *e = new_node(p, DT_NODE_IDENT, p->tok.loc);

		e->text = p->tok.text;
		if (!declared_name(p, "enumerator"))
			break;
		if (accept(p, TOK_ASSIGN))
			e->left = parse_assign(p);
		dtrace_line(p, &e->loc);
		dt_vec_push(&spec->list, e);
		if (!accept(p, TOK_COMMA))
			break;
	}
	expect(p, TOK_RBRACE);
}

/*
 * Has a declaration before this one in the source defined a body for "kind tag" (struct,
 * union or enum)? Only a program's own top-level definitions are looked at.
 */
static bool
defined_before(dt_parser_t *p, dt_tok_kind_t kind, const char *tag)
{
	const char *want = dt_arena_printf(&p->cc->arena, "%s %s", dt_tok_name(kind), tag);

	for (size_t i = 0; i < p->prog->list.len; i++) {
		const dt_node_t *d = p->prog->list.data[i], *tn = d->tname;

		if ((d->kind != DT_NODE_DECL && d->kind != DT_NODE_TYPEDEF) || !tn)
			continue;
		if (!tn->list.len && tn->left)
			tn = tn->left;
		if (tn->list.len && tn->text && strcmp(tn->text, want) == 0)
			return true;
	}
	return false;
}

/*
 * specifiers: { 'const' | 'volatile' | 'userland' | 'signed' | 'unsigned' | 'char' | 'short'
 *             | 'int' | 'long' | 'void' | 'string' | 'float' | 'double' | TYPEDEF-NAME
 *             | ('struct' | 'union') [ IDENT ] [ '{' { declaration } '}' ]
 *             | 'enum' [ IDENT ] [ '{' enumerator-list '}' ] }
 *
 * Returns a DT_NODE_TYPENAME whose text is the words joined by single spaces; a struct,
 * union or enum body goes into its list. A typedef name or a struct, union or enum with
 * any other of int, char, void, ... is DTrace's D_DECL_COMBO (the type name's lookup checks
 * how those words combine). Where only a type can appear (xlate<T>, offsetof,
 * translators, provider arguments) "lenient" takes any identifier as a type name, since
 * those types often come from D libraries or BTF, unknown to the parser.
 */
static dt_node_t *
parse_specifiers(dt_parser_t *p, bool lenient)
{
	dt_node_t *spec = new_node(p, DT_NODE_TYPENAME, p->tok.loc);
	dt_strbuf_t sb = { 0 };
	int spec_kind = 0;	/* 1: a basic word (int, char, ...); 2: a name or a tag */
	bool saw_base = false;
	dt_tok_kind_t sized = 0;	/* a signed, unsigned, long or short seen (the first) */
	const char *tag = NULL;		/* the tag after struct, union or enum */

	for (;;) {
		dt_tok_kind_t k = p->tok.kind;

		if (k == TOK_IDENT || k == TOK_SYMBOL) {
			if (saw_base || !(lenient || is_type_token(p, &p->tok)))
				break;
		} else if (!is_type_token(p, &p->tok)) {
			break;
		}
		switch (k) {
		case TOK_SHORT: case TOK_LONG: case TOK_SIGNED: case TOK_UNSIGNED: case TOK_CONST:
		case TOK_VOLATILE: case TOK_USERLAND:
			break;
		case TOK_CHAR_KW: case TOK_INT_KW: case TOK_VOID: case TOK_STRING_KW: case TOK_FLOAT:
		case TOK_DOUBLE:
			/* "char int": the type name's lookup says which words it combines */
			if (spec_kind == 2) {
				parse_error(p, D_DECL_COMBO, p->tok.loc, "invalid type combination");
				goto out;
			}
			spec_kind = 1;
			break;
		default:
			/* "struct a { ... } struct b": the ';' after a body is easily forgotten */
			if (spec_kind) {
				parse_error(p, D_DECL_COMBO, p->tok.loc, "invalid type combination");
				goto out;
			}
			spec_kind = 2;
			break;
		}
		if (sb.len)
			dt_sb_putc(&sb, ' ');
		dt_sb_puts(&sb, p->tok.text);
		if (k != TOK_CONST && k != TOK_VOLATILE && k != TOK_USERLAND)
			saw_base = true;
		advance(p);
		if ((k == TOK_SIGNED || k == TOK_UNSIGNED || k == TOK_LONG) && !sized)
			sized = k;
		if (k != TOK_STRUCT && k != TOK_UNION && k != TOK_ENUM)
			continue;

		if (is_tok(p, TOK_SYMBOL) && !strchr(p->tok.text, '`')) {
			parse_error(p, D_DECL_SCOPE, p->tok.loc, "D scoping operator may not be used "
				    "in a type name");	/* struct `s */
			break;
		}
		if (is_tok(p, TOK_IDENT) || is_tok(p, TOK_SYMBOL)) {
			dt_token_t name = p->tok;

			tag = p->tok.text;
			dt_sb_printf(&sb, " %s", p->tok.text);
			advance(p);
			/* struct D`s { ... }: only a reference is scoped (an empty body is the
			 * first error, as DTrace's grammar finds it) */
			if (name.kind == TOK_SYMBOL && is_tok(p, TOK_LBRACE) &&
			    peek(p, DT_LEX_CODE).kind != TOK_RBRACE) {
				parse_error(p, D_SYNTAX, name.loc, "syntax error near \"%s\"",
					    name.text);
				break;
			}
		}
		if (sized) {	/* "unsigned struct s", "long struct s": DTrace's checks */
			if (sized == TOK_LONG)
				parse_error(p, D_DECL_LONGINT, p->tok.loc, "invalid type declaration: "
					    "long and long long may only be used with integer or "
					    "floating-point type");
			else
				parse_error(p, D_DECL_SIGNINT, p->tok.loc, "invalid type declaration: "
					    "signed and unsigned may only be used with integer type");
			goto out;
		}
		if (!is_tok(p, TOK_LBRACE))
			continue;
		if (tag && defined_before(p, k, tag)) {
			/* DTrace defines a body's type as it reads it: a second is found here */
			parse_error(p, D_DECL_TYPERED, p->tok.loc, "type redeclared: %s %s",
				    dt_tok_name(k), tag);
			break;
		}
		advance(p);
		if (is_tok(p, TOK_RBRACE)) {
			syntax_error(p);	/* D, like C, has no empty struct, union or enum */
			break;
		}
		if (!enter(p)) {
			leave(p);
			break;
		}
		if (k == TOK_ENUM) {
			parse_enum_body(p, spec);
		} else {
			while (!is_tok(p, TOK_RBRACE) && !is_tok(p, TOK_EOF) && !p->too_deep) {
				const char *before = p->tok_end;

				parse_declaration(p, &spec->list, DT_LEX_CODE, true);
				if (p->panic)
					sync_stmt(p);	/* on at the next member */
				if (p->tok_end == before && !is_tok(p, TOK_RBRACE))
					advance(p);	/* never spin */
			}
			expect(p, TOK_RBRACE);
		}
		leave(p);
	}
	if (!saw_base)
		syntax_error(p);
out:
	spec->text = dt_arena_strdup(&p->cc->arena, dt_sb_str(&sb));
	dt_sb_free(&sb);
	return spec;
}

/*
 * A declarator, as parse_declarator reads it: the declared name and, in C's own syntax
 * without the name, what the declarator adds to the specifiers' type: "**", "(*)(int)",
 * "(*[2])()", "(int, char *)". Specifiers + " " + abs is a type name dt_type_lookup reads.
 */
typedef struct dt_declarator {
	const char *what;	/* "declaration" or "member", for D_DECL_SCOPE */
	const char *name;	/* NULL for an abstract declarator */
	int param;		/* a function's parameter: its number, from 1 */
	dt_loc_t loc;		/* the name's, or where the declarator ends when abstract */
	dt_strbuf_t abs;
} dt_declarator_t;

enum { DECL_NAMED, DECL_ABSTRACT, DECL_EITHER };	/* what parse_declarator accepts */

static bool parse_declarator(dt_parser_t *p, dt_declarator_t *dc, int mode, dt_node_t *dims);

/*
 * The type name "spec" + declarator: spec itself when the declarator adds nothing. A
 * struct, union or enum body stays with its specifier, the new node's left.
 */
static dt_node_t *
typename_of(dt_parser_t *p, dt_node_t *spec, dt_declarator_t *dc)
{
	dt_node_t *t;

	if (dc->abs.len == 0) {
		dt_sb_free(&dc->abs);
		return spec;
	}
	t = new_node(p, DT_NODE_TYPENAME, spec->loc);
	if (spec->list.len)
		t->left = spec;
	t->text = dt_arena_printf(&p->cc->arena, "%s %s", spec->text, dc->abs.s);
	dt_sb_free(&dc->abs);
	return t;
}

/* type-name: specifiers abstract-declarator */
static dt_node_t *
parse_typename(dt_parser_t *p, bool lenient)
{
	dt_node_t *spec = parse_specifiers(p, lenient);
	dt_declarator_t dc = { 0 };

	parse_declarator(p, &dc, DECL_ABSTRACT, NULL);
	return typename_of(p, spec, &dc);
}

/* ---- declarations --------------------------------------------------------------------- */

/* The ';' that ends a declaration; the token after it is lexed in "end_state". */
static void
expect_decl_end(dt_parser_t *p, int end_state)
{
	if (!is_tok(p, TOK_SEMI)) {
		syntax_error(p);
		return;
	}
	p->lx.state = end_state;
	advance(p);
}

/*
 * array-dims: '[' [ dim { ',' dim } ] ']'      dim: type-name [ IDENT ] | assign
 * (D's associative arrays are declared with key types: "int a[string, int];", and an
 * inline's keys are named: "inline int a[int x] = x + 1;"; the name is the type's right)
 */
static void
parse_array_dims(dt_parser_t *p, dt_node_t *decl, const char *name)
{
	while (accept(p, TOK_LBRACKET)) {
		int nkeys = 0;

		if (is_tok(p, TOK_RBRACKET) && decl->op != TOK_EXTERN) {
			/* "extern int a[];" names a kernel array of unstated size, as in C */
			parse_error(p, D_DECL_ARRNULL, p->tok.loc, "array declaration requires array "
				    "dimension or tuple signature: %s", name);
			return;
		}
		if (is_tok(p, TOK_ELLIPSIS)) {
			parse_error(p, D_DECL_PROTO_VARARGS, p->tok.loc, "array prototype may not "
				    "use a variable-length argument list");
			return;
		}
		while (!is_tok(p, TOK_RBRACKET) && !is_tok(p, TOK_EOF) && !p->panic) {
			nkeys++;
			if (is_type_token(p, &p->tok)) {
				dt_node_t *k = parse_typename(p, false);

				if (is_tok(p, TOK_IDENT)) {
					k->right = new_node(p, DT_NODE_IDENT, p->tok.loc);
					k->right->text = p->tok.text;
					advance(p);
				}
				if (strcmp(k->text, "void") == 0) {
					parse_error(p, D_DECL_PROTO_TYPE, k->loc, "array prototype may "
						    "not use parameter of type void: %s, parameter #%d",
						    k->right ? k->right->text : "(anonymous)", nkeys);
					return;
				}
				dt_vec_push(&decl->list, k);
			} else {
				dt_vec_push(&decl->list, parse_assign(p));
			}
			if (!accept(p, TOK_COMMA))
				break;
		}
		expect(p, TOK_RBRACKET);
	}
}

/*
 * params: [ 'void' | param { ',' param } [ ',' '...' ] | '...' ]      up to ')'
 * param: specifiers declarator-or-abstract-declarator
 *
 * Appends the parameter types to sb as C writes them: "int, char *, ...". DTrace's checks:
 * void only alone (D_DECL_PROTO_VOID) and unnamed (D_DECL_PROTO_NAME); names unique
 * (D_DECL_PROTO_FORM).
 */
static void
parse_params(dt_parser_t *p, dt_strbuf_t *sb)
{
	DT_VEC(const char *) names = { 0 };
	dt_loc_t voidloc = { 0 };
	int n = 0;

	while (!is_tok(p, TOK_RPAREN) && !is_tok(p, TOK_EOF) && !p->panic) {
		dt_declarator_t dc = { 0 };
		dt_node_t *spec;
		dt_loc_t loc = p->tok.loc;

		if (n++)
			dt_sb_puts(sb, ", ");
		if (accept(p, TOK_ELLIPSIS)) {
			dt_sb_puts(sb, "...");
			break;
		}
		if (is_tok(p, TOK_STATIC) || is_tok(p, TOK_EXTERN) || is_tok(p, TOK_AUTO) ||
		    is_tok(p, TOK_REGISTER) || is_tok(p, TOK_TYPEDEF)) {
			parse_error(p, D_DECL_PARMCLASS, p->tok.loc, "inappropriate storage class "
				    "for function or associative array parameter");
			break;
		}
		dc.param = n;
		spec = parse_specifiers(p, true);
		if (!parse_declarator(p, &dc, DECL_EITHER, NULL)) {
			dt_sb_free(&dc.abs);
			break;
		}
		dt_sb_printf(sb, dc.abs.len ? "%s %s" : "%s", spec->text, dt_sb_str(&dc.abs));
		if (strcmp(spec->text, "void") == 0 && !dc.abs.len) {
			voidloc = loc;
			if (dc.name)
				parse_error(p, D_DECL_PROTO_NAME, dc.loc, "void parameter may not "
					    "have a name: %s", dc.name);
		}
		for (size_t i = 0; dc.name && i < names.len; i++) {
			if (strcmp(names.data[i], dc.name) == 0)
				parse_error(p, D_DECL_PROTO_FORM, dc.loc, "parameter is already "
					    "declared in function prototype: %s, parameter #%d",
					    dc.name, n);
		}
		if (dc.name)
			dt_vec_push(&names, dc.name);
		dt_sb_free(&dc.abs);
		if (!is_tok(p, TOK_RPAREN) && !expect(p, TOK_COMMA))
			break;
	}
	if (voidloc.line && n > 1)
		parse_error(p, D_DECL_PROTO_VOID, voidloc, "void must be sole parameter");
	dt_vec_free(&names);
}

/*
 * declarator: pointers [ name | '(' declarator ')' ] { suffix }
 * suffix: '[' [ cond ] ']' | '(' params ')'
 *
 * C's declarators, read inside out by the type names they become: the part without the
 * name goes to dc->abs as written ("int (*fp[2])(void)" -> "(*[2])(void)"), so that the
 * specifiers and it spell the declared type. "mode" says whether a name is required
 * (declarations), not allowed (type names) or optional (parameters). With "dims" (a
 * declaration's own DECL), array dimensions right after the name stay expressions in
 * dims->list as D has them ("int a[N]", "int a[string, int]"); elsewhere a dimension must
 * be an integer constant. '(' starts a nested declarator when what follows cannot start
 * parameters. Returns false after an error.
 */
static bool
parse_declarator(dt_parser_t *p, dt_declarator_t *dc, int mode, dt_node_t *dims)
{
	dt_token_t t;
	bool ok = true;

	if (!enter(p)) {
		leave(p);
		return false;
	}
	while (accept(p, TOK_STAR)) {
		dt_sb_putc(&dc->abs, '*');
		while (accept(p, TOK_CONST) || accept(p, TOK_VOLATILE) || accept(p, TOK_RESTRICT))
			;
	}
	t = is_tok(p, TOK_LPAREN) ? peek(p, DT_LEX_CODE) : p->tok;
	if (is_tok(p, TOK_LPAREN) && (t.kind == TOK_STAR || t.kind == TOK_LPAREN ||
				      t.kind == TOK_LBRACKET ||
				      (mode != DECL_ABSTRACT && t.kind == TOK_IDENT &&
				       !dt_is_typename(p->cc, t.text)) ||
				      (mode != DECL_ABSTRACT && t.kind == TOK_SYMBOL))) {
		dt_declarator_t in = { .what = dc->what };

		advance(p);
		ok = parse_declarator(p, &in, mode, NULL) && expect(p, TOK_RPAREN);
		dt_sb_printf(&dc->abs, "(%s)", dt_sb_str(&in.abs));
		dt_sb_free(&in.abs);
		dc->name = in.name;
		dc->loc = in.loc;
	} else if (mode != DECL_ABSTRACT && (is_tok(p, TOK_IDENT) || is_tok(p, TOK_SYMBOL))) {
		dc->name = p->tok.text;
		dc->loc = p->tok.loc;
		ok = declared_name(p, dc->what ? dc->what : "declaration");
		if (ok && dims && is_tok(p, TOK_LBRACKET))
			parse_array_dims(p, dims, dc->name);
	} else {
		dc->loc = p->tok.loc;
		if (mode == DECL_NAMED) {
			syntax_error(p);
			ok = false;
		}
	}
	while (ok && !p->panic) {
		if (dc->param && is_tok(p, TOK_LBRACKET)) {
			t = peek(p, DT_LEX_CODE);
			if (is_type_token(p, &t)) {	/* int f(int a[int]) */
				parse_error(p, D_DECL_PROTO_TYPE, dc->loc, "function prototype may "
					    "not use parameter of type dynamic variable: %s, "
					    "parameter #%d", dc->name ? dc->name : "(anonymous)",
					    dc->param);
				ok = false;
				break;
			}
		}
		if (accept(p, TOK_LBRACKET)) {
			dt_node_t *e = parse_cond(p);

			if (e->kind != DT_NODE_INT && !p->panic)
				parse_error(p, D_UNSUPPORTED, e->loc, "this array dimension must be an "
					    "integer constant");
			dt_sb_printf(&dc->abs, "[%" PRIu64 "]", e->ival);
			ok = expect(p, TOK_RBRACKET);
		} else if (accept(p, TOK_LPAREN)) {
			dt_sb_putc(&dc->abs, '(');
			parse_params(p, &dc->abs);
			dt_sb_putc(&dc->abs, ')');
			ok = expect(p, TOK_RPAREN);
		} else {
			break;
		}
	}
	leave(p);
	return ok && !p->panic;
}

/*
 * translator: 'translator' type-name '<' type-name IDENT '>' '{' { IDENT '=' assign ';' } '}'
 * Kept as a DT_NODE_DECL with op TOK_TRANSLATOR: tname the output type, left the input
 * type, text the argument name, list the member assignments.
 */
static void
parse_translator(dt_parser_t *p, dt_nodes_t *list, int end_state)
{
	dt_node_t *d = new_node(p, DT_NODE_DECL, p->tok.loc);

	d->op = TOK_TRANSLATOR;
	advance(p);
	d->tname = parse_typename(p, true);
	expect(p, TOK_LT);
	d->left = parse_typename(p, true);
	d->text = p->tok.text;
	expect(p, TOK_IDENT);
	expect(p, TOK_GT);
	expect(p, TOK_LBRACE);
	while (is_tok(p, TOK_IDENT) && !p->panic) {
		dt_node_t *a = new_node(p, DT_NODE_ASSIGN, p->tok.loc);

		a->op = TOK_ASSIGN;
		a->left = new_node(p, DT_NODE_IDENT, p->tok.loc);
		a->left->text = p->tok.text;
		advance(p);
		expect(p, TOK_ASSIGN);
		a->right = parse_assign(p);
		expect(p, TOK_SEMI);
		dt_vec_push(&d->list, a);
	}
	expect(p, TOK_RBRACE);
	/* DTrace checks a translator once it has read its end: its errors name that line */
	d->loc.dline = is_tok(p, TOK_SEMI) ? p->tok.loc.line : p->last_line;
	dt_vec_push(list, d);
	expect_decl_end(p, end_state);
}

/*
 * provider: 'provider' IDENT '{' { 'probe' IDENT '(' [ param { ',' param } ] ')'
 *           [ ':' '(' [ param { ',' param } ] ')' ] ';' } '}'
 * param: type-name [ IDENT ]
 * A DT_NODE_DECL with op TOK_PROVIDER; each probe a DECL with op TOK_PROBE whose list holds
 * the argument types (the native ones), and whose left, when the probe has ':' types (what
 * args[] shows), is a DECL whose list holds those.
 */
static void
parse_provider(dt_parser_t *p, dt_nodes_t *list, int end_state)
{
	dt_node_t *d = new_node(p, DT_NODE_DECL, p->tok.loc);

	d->op = TOK_PROVIDER;
	advance(p);
	d->text = p->tok.text;
	expect(p, TOK_IDENT);
	expect(p, TOK_LBRACE);
	while (is_tok(p, TOK_PROBE) && !p->panic) {
		dt_node_t *pr = new_node(p, DT_NODE_DECL, p->tok.loc);

		pr->op = TOK_PROBE;
		advance(p);
		pr->text = p->tok.text;
		expect(p, TOK_IDENT);
		for (int round = 0; round < 2 && !p->panic; round++) {
			if (round == 1 && !accept(p, TOK_COLON))
				break;
			expect(p, TOK_LPAREN);
			while (!is_tok(p, TOK_RPAREN) && !is_tok(p, TOK_EOF) && !p->panic) {
				dt_node_t *t = parse_typename(p, true);

				if (round == 0) {
					dt_vec_push(&pr->list, t);
				} else {
					if (!pr->left)
						pr->left = new_node(p, DT_NODE_DECL, t->loc);
					dt_vec_push(&pr->left->list, t);
				}
				accept(p, TOK_IDENT);
				if (!accept(p, TOK_COMMA))
					break;
			}
			expect(p, TOK_RPAREN);
		}
		expect(p, TOK_SEMI);
		dt_vec_push(&d->list, pr);
	}
	expect(p, TOK_RBRACE);
	/* DTrace checks a translator once it has read its end: its errors name that line */
	d->loc.dline = is_tok(p, TOK_SEMI) ? p->tok.loc.line : p->last_line;
	dt_vec_push(list, d);
	expect_decl_end(p, end_state);
}

/*
 * declaration: [ storage ] specifiers [ declarator { ',' declarator } ] ';'
 *            | 'inline' specifiers declarator '=' assign ';'
 *            | 'typedef' specifiers declarator { ',' declarator } ';'
 *            | translator | provider
 * storage: 'self' | 'this' | 'static' | 'extern' | 'register' | 'auto'
 * declarator: see parse_declarator ("x", "*p", "a[N]", "(*fp)(int)", "f(void)")
 *
 * As in C, a storage class without specifiers declares an int ("self x;"); only one storage
 * class is allowed (D_DECL_CLASS). "int;" declares nothing: analysis rejects it.
 *
 * In a struct or union body ("member"), a declarator may be a bit-field:
 *   member-declarator: declarator [ ':' cond ] | ':' cond
 *
 * Each declarator becomes one DT_NODE_DECL (op: the storage keyword or TOK_EOF), INLINE or
 * TYPEDEF with text the name and tname its type; a bit-field's width is its right. A bare
 * "struct s { ... };" is a DECL with an empty name, and so is an unnamed bit-field. The
 * token after the ';' is lexed in "end_state".
 */
static void
parse_declaration(dt_parser_t *p, dt_nodes_t *list, int end_state, bool member)
{
	dt_node_kind_t kind = DT_NODE_DECL;
	dt_tok_kind_t storage = TOK_EOF;
	dt_loc_t start = p->tok.loc;
	dt_node_t *spec;
	int ndecl = 0;

	switch (p->tok.kind) {
	case TOK_TRANSLATOR:
		parse_translator(p, list, end_state);
		return;
	case TOK_PROVIDER:
		parse_provider(p, list, end_state);
		return;
	case TOK_INLINE:
		kind = DT_NODE_INLINE;
		advance(p);
		break;
	case TOK_TYPEDEF:
		kind = DT_NODE_TYPEDEF;
		advance(p);
		break;
	case TOK_SELF: case TOK_THIS: case TOK_STATIC: case TOK_EXTERN: case TOK_REGISTER:
	case TOK_AUTO:
		storage = p->tok.kind;
		advance(p);
		switch (p->tok.kind) {
		case TOK_SELF: case TOK_THIS: case TOK_STATIC: case TOK_EXTERN:
		case TOK_REGISTER: case TOK_AUTO: case TOK_TYPEDEF: case TOK_INLINE:
			parse_error(p, D_DECL_CLASS, p->tok.loc,
				    "only one storage class allowed in a declaration");
			return;
		default:
			break;
		}
		break;
	default:
		break;
	}

	if ((storage != TOK_EOF || kind == DT_NODE_TYPEDEF) && !is_type_token(p, &p->tok)) {
		/* "register x;", and "typedef x ...", where DTrace's grammar too takes an
		 * unknown x for the name being declared */
		spec = new_node(p, DT_NODE_TYPENAME, p->tok.loc);
		spec->text = "int";
	} else {
		/* a member always starts with its type: a name there is one (__u8, bool: the
		 * kernel's, which analysis finds) */
		spec = parse_specifiers(p, member);
	}
	while (!p->panic && !is_tok(p, TOK_SEMI)) {
		dt_node_t *d = new_node(p, kind, p->tok.loc);
		dt_declarator_t dc = { .what = member ? "member" : "declaration" };

		d->op = storage;
		if (member && is_tok(p, TOK_COLON)) {
			d->text = "";	/* an unnamed bit-field: padding */
			d->tname = spec;
		} else {
			if (!parse_declarator(p, &dc, DECL_NAMED, d)) {
				dt_sb_free(&dc.abs);
				break;
			}
			d->text = dc.name;
			d->loc = dc.loc;
			d->tname = typename_of(p, spec, &dc);
		}
		if (member && accept(p, TOK_COLON))
			d->right = parse_cond(p);
		if (kind == DT_NODE_INLINE) {
			expect(p, TOK_ASSIGN);
			d->left = parse_assign(p);
		}
		if (kind == DT_NODE_TYPEDEF)
			dt_vec_push(&p->cc->typedef_names, d->text);
		dt_vec_push(list, d);
		ndecl++;
		if (kind == DT_NODE_INLINE || !accept(p, TOK_COMMA))
			break;
	}
	if (ndecl == 0 && !p->panic) {
		dt_node_t *d = new_node(p, DT_NODE_DECL, start);

		d->op = storage;
		d->text = "";
		d->tname = spec;
		dt_vec_push(list, d);
	}
	expect_decl_end(p, end_state);
}

/* ---- expressions ---------------------------------------------------------------------- */

/* args: [ assign { ',' assign } ], up to "close" (not consumed) */
static void
parse_args(dt_parser_t *p, dt_nodes_t *list, dt_tok_kind_t close)
{
	p->nest++;
	if (!is_tok(p, close)) {
		do {
			dt_vec_push(list, parse_assign(p));
		} while (!p->panic && accept(p, TOK_COMMA));
	}
	p->nest--;
}

/*
 * primary: INT | CHAR | STRING { STRING } | IDENT | MACRO | SYMBOL | 'return' (before '(')
 *        | AGG [ '[' args ']' ]
 *        | 'self' '->' IDENT | 'this' '->' IDENT
 *        | '(' expr ')'
 *        | 'offsetof' '(' type-name ',' IDENT ')'
 *        | 'xlate' '<' type-name '>' '(' expr ')'
 */
static dt_node_t *
parse_primary(dt_parser_t *p)
{
	dt_token_t t = p->tok;
	dt_node_t *n;

	switch (t.kind) {
	case TOK_INT:
	case TOK_CHAR:
		n = new_node(p, DT_NODE_INT, t.loc);
		n->ival = t.ival;
		n->isuffix = t.isuffix;
		n->text = t.text;
		n->textlen = t.textlen;
		advance(p);
		return n;
	case TOK_STRING: {
		dt_strbuf_t sb = { 0 };

		n = new_node(p, DT_NODE_STRING, t.loc);
		while (is_tok(p, TOK_STRING)) {
			dt_sb_putn(&sb, p->tok.text, p->tok.textlen);
			advance(p);
		}
		n->textlen = sb.len;
		n->text = dt_arena_strndup(&p->cc->arena, sb.s ? sb.s : "", sb.len);
		dt_sb_free(&sb);
		return n;
	}
	case TOK_RETURN:
		/* return(...), DTrace's action, is called as functions are */
		if (peek(p, DT_LEX_CODE).kind != TOK_LPAREN) {
			syntax_error(p);
			return error_node(p);
		}
		/* fall through */
	case TOK_IDENT:
	case TOK_MACRO:
	case TOK_SYMBOL:
		n = new_node(p, t.kind == TOK_MACRO ? DT_NODE_MACRO :
				t.kind == TOK_SYMBOL ? DT_NODE_SYMBOL : DT_NODE_IDENT, t.loc);
		n->text = t.text;
		n->textlen = t.textlen;
		advance(p);
		return n;
	case TOK_AGG:
		n = new_node(p, DT_NODE_AGG, t.loc);
		n->text = t.text;
		advance(p);
		if (accept(p, TOK_LBRACKET)) {
			parse_args(p, &n->list, TOK_RBRACKET);
			expect(p, TOK_RBRACKET);
		}
		return n;
	case TOK_SELF:
	case TOK_THIS:
		n = new_node(p, t.kind == TOK_SELF ? DT_NODE_SELF : DT_NODE_THIS, t.loc);
		advance(p);
		expect(p, TOK_ARROW);
		n->text = parse_member_name(p);
		return n;
	case TOK_LPAREN:
		advance(p);
		p->nest++;
		n = parse_expr(p);
		p->nest--;
		expect(p, TOK_RPAREN);
		return n;
	case TOK_OFFSETOF:
		n = new_node(p, DT_NODE_OFFSETOF, t.loc);
		advance(p);
		expect(p, TOK_LPAREN);
		n->tname = parse_typename(p, true);
		expect(p, TOK_COMMA);
		n->text = parse_member_name(p);
		expect(p, TOK_RPAREN);
		return n;
	case TOK_XLATE:
		n = new_node(p, DT_NODE_XLATE, t.loc);
		advance(p);
		expect(p, TOK_LT);
		n->tname = parse_typename(p, true);
		expect(p, TOK_GT);
		expect(p, TOK_LPAREN);
		p->nest++;
		n->left = parse_expr(p);
		p->nest--;
		expect(p, TOK_RPAREN);
		return n;
	default:
		syntax_error(p);
		return error_node(p);
	}
}

/*
 * postfix: primary { '[' args ']' | '(' args ')' | ('.' | '->') member | '++' | '--' }
 * Only a name can be called: "f(x)" is a DT_NODE_CALL named f.
 */
static dt_node_t *
parse_postfix(dt_parser_t *p)
{
	dt_node_t *n = parse_primary(p);
	int chain = 0;

	for (; !p->panic; chain++) {
		dt_token_t t = p->tok;
		dt_node_t *m;

		if (!enter(p)) {
			chain++;
			break;
		}

		switch (t.kind) {
		case TOK_LBRACKET:
			m = new_node(p, DT_NODE_INDEX, t.loc);
			m->left = n;
			advance(p);
			parse_args(p, &m->list, TOK_RBRACKET);
			expect(p, TOK_RBRACKET);
			break;
		case TOK_LPAREN:
			if (n->kind != DT_NODE_IDENT) {
				/* "tick-1()" calls 1 */
				parse_error(p, D_FUNC_IDENT, n->loc, "function designator is not of "
					    "function type");
				m = n;
				break;
			}
			m = new_node(p, DT_NODE_CALL, n->loc);
			m->text = n->text;
			advance(p);
			parse_args(p, &m->list, TOK_RPAREN);
			expect(p, TOK_RPAREN);
			break;
		case TOK_DOT:
		case TOK_ARROW:
			m = new_node(p, DT_NODE_MEMBER, t.loc);
			m->op = t.kind;
			m->left = n;
			advance(p);
			m->text = parse_member_name(p);
			break;
		case TOK_INC:
		case TOK_DEC:
			m = new_node(p, DT_NODE_POSTFIX, t.loc);
			m->op = t.kind;
			m->left = n;
			advance(p);
			break;
		default:
			p->depth -= chain + 1;
			return n;
		}
		n = m;
	}
	p->depth -= chain;
	return n;
}

/* Is the current '(' the start of a cast or sizeof(type)? */
static bool
paren_type_follows(dt_parser_t *p)
{
	dt_token_t t;

	if (!is_tok(p, TOK_LPAREN))
		return false;
	t = peek(p, DT_LEX_CODE);
	return is_type_token(p, &t);
}

/*
 * unary: ('-' | '+' | '!' | '~' | '*' | '&' | '++' | '--') unary
 *      | 'sizeof' '(' type-name ')' | 'sizeof' unary | 'stringof' unary
 *      | '(' type-name ')' unary
 *      | postfix
 */
static dt_node_t *
parse_unary(dt_parser_t *p)
{
	dt_token_t t = p->tok;
	dt_node_t *n;

	if (!enter(p)) {
		leave(p);
		return error_node(p);
	}
	switch (t.kind) {
	case TOK_MINUS: case TOK_PLUS: case TOK_BANG: case TOK_TILDE: case TOK_STAR:
	case TOK_AMP: case TOK_INC: case TOK_DEC:
		n = new_node(p, DT_NODE_UNARY, t.loc);
		n->op = t.kind;
		advance(p);
		n->left = parse_unary(p);
		break;
	case TOK_SIZEOF:
		n = new_node(p, DT_NODE_SIZEOF, t.loc);
		advance(p);
		if (paren_type_follows(p)) {
			advance(p);
			n->tname = parse_typename(p, false);
			expect(p, TOK_RPAREN);
		} else {
			n->left = parse_unary(p);
		}
		break;
	case TOK_STRINGOF:
		n = new_node(p, DT_NODE_STRINGOF, t.loc);
		advance(p);
		n->left = parse_unary(p);
		break;
	case TOK_LPAREN:
		if (paren_type_follows(p)) {
			n = new_node(p, DT_NODE_CAST, t.loc);
			advance(p);
			n->tname = parse_typename(p, false);
			expect(p, TOK_RPAREN);
			n->left = parse_unary(p);
			dtrace_line(p, &n->loc);
			break;
		}
		n = parse_postfix(p);
		break;
	default:
		n = parse_postfix(p);
		break;
	}
	leave(p);
	return n;
}

/* Binary operator precedence, loosest first; 0: not a binary operator. */
static int
binary_prec(dt_tok_kind_t k)
{
	switch (k) {
	case TOK_OROR:
		return 1;
	case TOK_XORXOR:
		return 2;
	case TOK_ANDAND:
		return 3;
	case TOK_PIPE:
		return 4;
	case TOK_CARET:
		return 5;
	case TOK_AMP:
		return 6;
	case TOK_EQ: case TOK_NE:
		return 7;
	case TOK_LT: case TOK_LE: case TOK_GT: case TOK_GE:
		return 8;
	case TOK_SHL: case TOK_SHR:
		return 9;
	case TOK_PLUS: case TOK_MINUS:
		return 10;
	case TOK_STAR: case TOK_SLASH: case TOK_PERCENT:
		return 11;
	default:
		return 0;
	}
}

/*
 * A predicate's '/' with a '(' or '[' still open, followed by what ends a predicate: DTrace's
 * error at the token after the '/' (its lexer has read it), and true.
 */
static bool
pred_unclosed(dt_parser_t *p)
{
	dt_token_t t;
	dt_loc_t loc;

	if (!p->in_pred || (p->parens <= 0 && p->brackets <= 0))
		return false;
	t = peek(p, DT_LEX_PROGRAM);
	if (t.kind != TOK_LBRACE && t.kind != TOK_SEMI && t.kind != TOK_EOF)
		return false;
	loc = p->tok.loc;	/* the caret at the '/' */
	loc.dline = t.loc.line;
	parse_error(p, D_SYNTAX, loc, "closing %s expected in predicate before /",
		    p->parens > 0 ? ")" : "]");
	return true;
}

/*
 * Inside a predicate at depth 0, does the current '/' close it? Yes when the next token is
 * '{', ';' or the end, or a probe description or #pragma at the start of a line.
 */
static bool
slash_ends_predicate(dt_parser_t *p)
{
	dt_token_t t;

	if (p->in_pred && p->nest != 0 && pred_unclosed(p))
		return false;
	if (!p->in_pred || p->nest != 0)
		return false;
	t = peek(p, DT_LEX_PROGRAM);
	switch (t.kind) {
	case TOK_LBRACE:
	case TOK_SEMI:
	case TOK_EOF:
		return true;
	case TOK_PDESC:
	case TOK_PRAGMA:
		return t.nl_before;
	default:
		return false;
	}
}

/*
 * A #pragma goes into list for the semantic pass, which applies it. "#pragma D option
 * pspec" is applied here too, before the next token is read, as it changes how the lexer
 * reads the words that follow it.
 */
static void
parse_pragma(dt_parser_t *p, dt_nodes_t *list)
{
	dt_node_t *n = new_node(p, DT_NODE_PRAGMA, p->tok.loc);
	const char *w = p->tok.text;
	int end = 0;

	n->text = p->tok.text;
	n->textlen = p->tok.textlen;
	dt_vec_push(list, n);
	sscanf(w, " D option pspec%n", &end);
	if (end > 0 && (w[end] == '\0' || isspace((unsigned char)w[end])))
		p->cc->pspec = true;
	advance(p);
}

/*
 * The line DTrace names in errors about a construct just parsed: its yacc parser makes the
 * node once it has read the token after it, and a node's line is the lexer's line then. A
 * predicate's closing '/' is read with what follows it (DTrace's lexer looks past it), so
 * "/a & b/" followed by "{" on the next line is blamed on the "{" line.
 */
static void
dtrace_line(dt_parser_t *p, dt_loc_t *loc)
{
	int line = p->tok.loc.line;

	if (is_tok(p, TOK_SLASH) && slash_ends_predicate(p))
		line = peek(p, DT_LEX_PROGRAM).loc.line;
	if (line != loc->line)
		loc->dline = line;
}

/*
 * binary(prec): unary { OP binary(prec(OP) + 1) }   for OP of precedence >= prec:
 *   1 ||   2 ^^   3 &&   4 |   5 ^   6 &   7 == !=   8 < <= > >=   9 << >>   10 + -
 *   11 * / %
 * All left-associative (Lua's subexpr: precedence climbing, one function for all levels).
 */
static dt_node_t *
parse_binary(dt_parser_t *p, int prec)
{
	dt_node_t *left = parse_unary(p);
	int chain = 0;

	while (!p->panic) {
		dt_token_t t = p->tok;
		int q = binary_prec(t.kind);
		dt_node_t *n;
		bool logical;

		if (q == 0 || q < prec)
			break;
		if (t.kind == TOK_SLASH && slash_ends_predicate(p))
			break;
		chain++;
		if (!enter(p))
			break;
		logical = t.kind == TOK_OROR || t.kind == TOK_XORXOR || t.kind == TOK_ANDAND;
		n = new_node(p, logical ? DT_NODE_LOGICAL : DT_NODE_BINARY, t.loc);
		n->op = t.kind;
		n->left = left;
		advance(p);
		n->right = parse_binary(p, q + 1);
		dtrace_line(p, &n->loc);
		left = n;
	}
	p->depth -= chain;
	return left;
}

/* cond: binary(1) [ '?' assign ':' cond ] */
static dt_node_t *
parse_cond(dt_parser_t *p)
{
	dt_node_t *c = parse_binary(p, 1), *n;

	if (!is_tok(p, TOK_QUESTION) || p->panic)
		return c;
	n = new_node(p, DT_NODE_TERNARY, p->tok.loc);
	advance(p);
	n->cond = c;
	p->nest++;	/* a '/' between '?' and ':' cannot end a predicate */
	n->left = parse_assign(p);
	p->nest--;
	expect(p, TOK_COLON);
	if (!enter(p)) {
		leave(p);
		n->right = error_node(p);
		return n;
	}
	n->right = parse_cond(p);
	leave(p);
	return n;
}

static bool
is_assign_op(dt_tok_kind_t k)
{
	switch (k) {
	case TOK_ASSIGN: case TOK_ADD_ASSIGN: case TOK_SUB_ASSIGN: case TOK_MUL_ASSIGN:
	case TOK_DIV_ASSIGN: case TOK_MOD_ASSIGN: case TOK_AND_ASSIGN: case TOK_OR_ASSIGN:
	case TOK_XOR_ASSIGN: case TOK_SHL_ASSIGN: case TOK_SHR_ASSIGN:
		return true;
	default:
		return false;
	}
}

/* assign: cond [ assign-op assign ]        (right-associative) */
static dt_node_t *
parse_assign(dt_parser_t *p)
{
	dt_node_t *left, *n;

	if (!enter(p)) {
		leave(p);
		return error_node(p);
	}
	left = parse_cond(p);
	if (!p->panic && is_assign_op(p->tok.kind)) {
		n = new_node(p, DT_NODE_ASSIGN, p->tok.loc);
		n->op = p->tok.kind;
		n->left = left;
		advance(p);
		n->right = parse_assign(p);
		left = n;
	}
	leave(p);
	return left;
}

/* expr: assign        (D's comma never joins expressions: it separates arguments) */
static dt_node_t *
parse_expr(dt_parser_t *p)
{
	return parse_assign(p);
}

/* ---- statements ----------------------------------------------------------------------- */

/*
 * block: '{' { statement } '}'
 * For a clause body, the token after '}' is lexed at top level (DT_LEX_PROGRAM).
 */
static dt_node_t *
parse_block(dt_parser_t *p, bool clause_body)
{
	dt_node_t *b = new_node(p, DT_NODE_BLOCK, p->tok.loc);

	p->lx.state = DT_LEX_CODE;
	advance(p);	/* '{' */
	while (!is_tok(p, TOK_RBRACE) && !is_tok(p, TOK_EOF)) {
		const char *before = p->tok_end;

		parse_statement(p, &b->list);
		if (p->panic)
			sync_stmt(p);
		if (p->tok_end == before && !is_tok(p, TOK_RBRACE) && !is_tok(p, TOK_EOF))
			advance(p);	/* never spin on a token nothing accepts */
	}
	if (is_tok(p, TOK_RBRACE)) {
		if (clause_body)
			p->lx.state = DT_LEX_PROGRAM;
		advance(p);
	} else {
		syntax_error(p);	/* end of input before '}' */
	}
	return b;
}

/* Parse one statement and return it as a single node (for if/else branches). */
static dt_node_t *
parse_substatement(dt_parser_t *p)
{
	dt_nodes_t list = { 0 };
	dt_node_t *n;

	parse_statement(p, &list);
	if (list.len == 1) {
		n = list.data[0];
		dt_vec_free(&list);
		return n;
	}
	n = new_node(p, list.len ? DT_NODE_BLOCK : DT_NODE_EMPTY, p->tok.loc);
	if (list.len) {
		n->loc = list.data[0]->loc;
		n->list = list;	/* the node owns the vector now */
		return n;
	}
	dt_vec_free(&list);
	return n;
}

/*
 * statement: ';'
 *          | block
 *          | 'if' '(' expr ')' statement [ 'else' statement ]
 *          | declaration          (not a typedef, inline, translator or provider)
 *          | expr ';'            (the ';' may be left out before a '}': "{ trace(1) }")
 */
static void
parse_statement(dt_parser_t *p, dt_nodes_t *list)
{
	dt_token_t t = p->tok;
	dt_node_t *n;

	if (!enter(p)) {
		leave(p);
		return;
	}
	switch (t.kind) {
	case TOK_SEMI:
		n = new_node(p, DT_NODE_EMPTY, t.loc);
		advance(p);
		dt_vec_push(list, n);
		break;
	case TOK_LBRACE:
		dt_vec_push(list, parse_block(p, false));
		break;
	case TOK_IF:
		n = new_node(p, DT_NODE_IF, t.loc);
		advance(p);
		expect(p, TOK_LPAREN);
		p->nest++;
		n->cond = parse_expr(p);
		p->nest--;
		expect(p, TOK_RPAREN);
		dt_vec_push(list, n);
		if (p->panic)
			break;
		n->left = parse_substatement(p);
		if (!p->panic && accept(p, TOK_ELSE))
			n->right = parse_substatement(p);
		break;
	case TOK_PRAGMA:
		parse_pragma(p, &p->prog->list);
		break;
	default:
		if (is_decl_start(p) && !is_tok(p, TOK_SELF) && !is_tok(p, TOK_THIS)) {
			syntax_error(p);	/* declarations too: D's grammar has none in clauses */
			break;
		}
		n = new_node(p, DT_NODE_EXPR_STMT, t.loc);
		n->left = parse_expr(p);
		dt_vec_push(list, n);
		/* e1, e2; the comma operator's value is dropped here: each is a statement */
		while (!p->panic && accept(p, TOK_COMMA)) {
			n = new_node(p, DT_NODE_EXPR_STMT, p->tok.loc);
			n->left = parse_expr(p);
			dt_vec_push(list, n);
		}
		if (!accept(p, TOK_SEMI) && !is_tok(p, TOK_RBRACE))
			syntax_error(p);
		break;
	}
	leave(p);
}

/* ---- probe clauses and the program ---------------------------------------------------- */

int
dt_pdesc_split(dt_compile_t *cc, dt_node_t *pdesc)
{
	const char *fields[4] = { "", "", "", "" };
	const char *s = pdesc->text ? pdesc->text : "";
	const char *parts[4];
	size_t lens[4];
	int n = 0;

	for (const char *q = s;; q++) {
		if (*q != ':' && *q != '\0')
			continue;
		if (n == 4) {
			dt_diag_error(&cc->diags, D_PDESC_INVAL, pdesc->loc,
				      "invalid probe description \"%s\": Overspecified probe "
				      "description", pdesc->text);
			pdesc->prov = pdesc->mod = pdesc->func = pdesc->name = "";
			return -1;
		}
		parts[n] = s;
		lens[n++] = (size_t)(q - s);
		s = q + 1;
		if (*q == '\0')
			break;
	}
	/* fill from the right: "a:b" is func a, name b */
	for (int i = 0; i < n; i++)
		fields[4 - n + i] = dt_arena_strndup(&cc->arena, parts[i], lens[i]);
	pdesc->prov = fields[0];
	pdesc->mod = fields[1];
	pdesc->func = fields[2];
	pdesc->name = fields[3];
	return 0;
}

/*
 * clause: pdesc { ',' pdesc } [ '/' expr '/' ] [ block ]
 *
 * As in DTrace, a predicate needs actions after it, and in a file (not in a -n description)
 * a description needs a predicate or actions: "profile-1:int i { }" is a mistake, not two
 * clauses.
 */
static dt_node_t *
parse_clause(dt_parser_t *p)
{
	dt_node_t *c = new_node(p, DT_NODE_CLAUSE, p->tok.loc);

	for (;;) {
		dt_node_t *d;

		if (!is_tok(p, TOK_PDESC)) {
			syntax_error(p);
			return c;
		}
		d = new_node(p, DT_NODE_PDESC, p->tok.loc);
		d->text = p->tok.text;
		d->textlen = p->tok.textlen;
		dt_pdesc_split(p->cc, d);
		dt_vec_push(&c->list, d);
		advance(p);
		if (!accept(p, TOK_COMMA))
			break;
	}

	if (is_tok(p, TOK_SLASH)) {
		p->lx.state = DT_LEX_CODE;
		advance(p);
		p->in_pred = true;
		p->nest = 0;
		c->pred = parse_expr(p);
		p->in_pred = false;
		if (p->panic)
			return c;
		if (!is_tok(p, TOK_SLASH)) {
			syntax_error(p);
			return c;
		}
		p->lx.state = DT_LEX_PROGRAM;
		advance(p);
	}
	if (is_tok(p, TOK_LBRACE)) {
		c->body = parse_block(p, true);
		c->end_line = p->last_line;
	} else if (c->pred)
		parse_error(p, D_SYNTAX, c->pred->loc, "expected actions { } following probe "
			    "description and predicate");
	else if (p->lx.src->name)
		parse_error(p, D_SYNTAX, c->loc, "expected predicate and/or actions following "
			    "probe description");
	return c;
}

/*
 * program: { clause | pragma | declaration | ';' }
 */
dt_node_t *
dt_parse(dt_compile_t *cc, const dt_source_t *src)
{
	dt_parser_t p = { 0 };
	dt_node_t *prog;

	if (!src || !src->text)
		return NULL;
	p.cc = cc;
	dt_lex_init(&p.lx, cc, src);
	advance(&p);
	prog = new_node(&p, DT_NODE_PROGRAM, p.tok.loc);
	p.prog = prog;

	while (!is_tok(&p, TOK_EOF)) {
		const char *before = p.tok_end;
		dt_token_t t = p.tok;

		p.depth = 0;
		switch (t.kind) {
		case TOK_PDESC:
			dt_vec_push(&prog->list, parse_clause(&p));
			break;
		case TOK_PRAGMA:
			parse_pragma(&p, &prog->list);
			break;
		case TOK_SEMI:
			advance(&p);
			break;
		default:
			if (is_decl_start(&p)) {
				p.lx.state = DT_LEX_CODE;
				p.top_decl = true;
				parse_declaration(&p, &prog->list, DT_LEX_PROGRAM, false);
				p.top_decl = false;
			} else {
				syntax_error(&p);
			}
			break;
		}
		if (p.panic)
			sync_top(&p);
		if (p.tok_end == before && !is_tok(&p, TOK_EOF)) {
			p.lx.state = DT_LEX_PROGRAM;
			advance(&p);	/* never spin on a token nothing accepts */
		}
		p.lx.state = DT_LEX_PROGRAM;
	}
	return prog;
}
