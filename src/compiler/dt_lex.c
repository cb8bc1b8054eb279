/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_lex.c: the D lexer, the first stage of the front end (source -> tokens).
 *
 * A hand-written scanner over one dt_source_t. The parser pulls one token at a time with
 * dt_lex_next() and tells the lexer what it expects through lx->state:
 *
 *   DT_LEX_PROGRAM  top level. A word such as "syscall::open*:entry", "profile-97" or
 *                   ":::BEGIN" is ONE probe-description token (TOK_PDESC), because its
 *                   characters (':', '*', '-', '?', ...) would otherwise split it into C
 *                   tokens. Keywords ("inline", "struct", ...) and type names stay what they
 *                   are, so declarations still lex normally.
 *   DT_LEX_CODE     predicates and clause bodies: C tokens plus D's @agg, $macro, `symbol.
 *
 * Other D specifics handled here: "#pragma" lines become TOK_PRAGMA; cpp line markers
 * ("# 12 "file"") renumber lines; "#!" interpreter lines are skipped; any other '#' directive
 * is an error that points at -C, and so is a directive the end of input cuts short (no
 * newline after it). Integer and character constants follow DTrace's rules (up to
 * 8 bytes in a character constant, read big-endian like C compilers do).
 *
 * The lexer never stops: an error is reported to cc->diags and lexing goes on, so the parser
 * can collect several errors per run. Every token carries line, 1-based byte column and span.
 * The lexer struct is plain data: the parser peeks ahead by copying it.
 */
#include <ctype.h>
#include <string.h>

#include "dt_compiler.h"

static const char *const dt_tok_names[] = {
#define DT_X_NAME(t, s) [t] = s,
	DT_TOKENS(DT_X_NAME)
#undef DT_X_NAME
};

const char *
dt_tok_name(dt_tok_kind_t k)
{
	if ((unsigned)k >= TOK_COUNT)
		return "?";
	return dt_tok_names[k];
}

void
dt_lex_init(dt_lexer_t *lx, dt_compile_t *cc, const dt_source_t *src)
{
	memset(lx, 0, sizeof(*lx));
	lx->cc = cc;
	lx->src = src;
	lx->p = src->text;
	lx->line = 1;
	lx->col = 1;
	lx->state = DT_LEX_PROGRAM;
	lx->nl_seen = true;	/* the first token starts a line */
}

/* ---- character helpers ---------------------------------------------------------------- */

static const char *
lx_end(const dt_lexer_t *lx)
{
	return lx->src->text + lx->src->len;
}

/* The character k bytes ahead, or 0 past the end. */
static int
lx_peek(const dt_lexer_t *lx, size_t k)
{
	if ((size_t)(lx_end(lx) - lx->p) <= k)
		return 0;
	return (unsigned char)lx->p[k];
}

static bool
lx_eof(const dt_lexer_t *lx)
{
	return lx->p >= lx_end(lx);
}

static void
lx_adv(dt_lexer_t *lx)
{
	if (lx_eof(lx))
		return;
	if (*lx->p == '\n') {
		lx->line++;
		lx->col = 1;
	} else {
		lx->col++;
	}
	lx->p++;
}

static void
lx_advn(dt_lexer_t *lx, size_t n)
{
	while (n-- > 0)
		lx_adv(lx);
}

static bool
is_ident_start(int c)
{
	return isalpha(c) || c == '_';
}

static bool
is_ident_char(int c)
{
	return isalnum(c) || c == '_';
}

/* Characters a probe description may contain: [-$:a-zA-Z0-9_.?*\[\]!\\`+] */
static bool
is_pdesc_char(int c)
{
	return c && (isalnum(c) || strchr("-$:_.?*[]!\\`+", c) != NULL);
}

/* Characters a probe description may start with: [-$:a-zA-Z0-9_.?*\[\]!\\] */
static bool
is_pdesc_start(int c)
{
	return c && (isalnum(c) || strchr("-$:_.?*[]!\\", c) != NULL);
}

static dt_loc_t
lx_loc(const dt_lexer_t *lx, int line, int col, int len)
{
	dt_loc_t loc = { lx->src, line, col, len };

	return loc;
}

/* The location of the current character. */
static dt_loc_t
lx_here(const dt_lexer_t *lx)
{
	return lx_loc(lx, lx->line, lx->col, 1);
}

/* ---- whitespace, comments and '#' lines ----------------------------------------------- */

/*
 * Skip blanks and comments, noting newlines in lx->nl_seen. An unterminated comment is
 * D_COMMENT_EOF at its opening.
 */
static void
skip_space(dt_lexer_t *lx)
{
	for (;;) {
		int c = lx_peek(lx, 0);

		if (lx_eof(lx))
			return;
		if (c == '\n') {
			lx->nl_seen = true;
			lx_adv(lx);
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
			lx_adv(lx);
		} else if (c == '/' && lx_peek(lx, 1) == '*') {
			dt_loc_t loc = lx_loc(lx, lx->line, lx->col, 2);

			lx_advn(lx, 2);
			while (!lx_eof(lx) && !(lx_peek(lx, 0) == '*' && lx_peek(lx, 1) == '/')) {
				if (lx_peek(lx, 0) == '\n')
					lx->nl_seen = true;
				lx_adv(lx);
			}
			if (lx_eof(lx)) {
				loc.dline = lx->line;	/* DTrace names where the input ends */
				dt_diag_error(&lx->cc->diags, D_COMMENT_EOF, loc,
					      "end-of-file encountered before matching */");
				return;
			}
			lx_advn(lx, 2);
		} else if (c == '/' && lx_peek(lx, 1) == '/') {
			while (!lx_eof(lx) && lx_peek(lx, 0) != '\n')
				lx_adv(lx);
		} else {
			return;
		}
	}
}

/* Is the current character the first non-blank of its line? */
static bool
at_line_start(const dt_lexer_t *lx)
{
	const char *q = lx->p;

	while (q > lx->src->text && (q[-1] == ' ' || q[-1] == '\t'))
		q--;
	return q == lx->src->text || q[-1] == '\n';
}

/* Length of the rest of the current line (without the newline). */
static size_t
rest_of_line(const dt_lexer_t *lx)
{
	const char *q = lx->p, *end = lx_end(lx);

	while (q < end && *q != '\n')
		q++;
	return (size_t)(q - lx->p);
}

/*
 * A '#' at the start of a line. Returns true and fills *tok for "#pragma"; otherwise handles
 * the line (line marker, "#!" line, or an error for a cpp directive) and returns false.
 */
static bool
lex_hash_line(dt_lexer_t *lx, dt_token_t *tok)
{
	size_t n = rest_of_line(lx);
	const char *s = lx->p, *e = lx->p + n;
	const char *q = s + 1;
	const char *w;
	int line = lx->line, col = lx->col;

	while (q < e && (*q == ' ' || *q == '\t'))
		q++;
	w = q;
	while (q < e && is_ident_char((unsigned char)*q))
		q++;

	if (e == lx_end(lx) && !(s + 1 < e && s[1] == '!')) {
		/* DTrace reads a control line up to its newline */
		dt_diag_error(&lx->cc->diags, D_SYNTAX, lx_loc(lx, line, col, (int)n),
			      "end-of-file encountered before end of control line");
		lx_advn(lx, n);
		return false;
	}
	if (s + 1 < e && s[1] == '!') {
		/* "#!/usr/sbin/dtrace -s": an interpreter line */
	} else if (q - w == 6 && strncmp(w, "pragma", 6) == 0) {
		const char *t = q, *te = e;

		while (t < te && isspace((unsigned char)*t))
			t++;
		while (te > t && isspace((unsigned char)te[-1]))
			te--;
		tok->kind = TOK_PRAGMA;
		tok->text = dt_arena_strndup(&lx->cc->arena, t, (size_t)(te - t));
		tok->textlen = (size_t)(te - t);
		tok->loc = lx_loc(lx, line, col, (int)n);
		lx_advn(lx, n);
		return true;
	} else if (w < e && (isdigit((unsigned char)*w) ||
			     (q - w == 4 && strncmp(w, "line", 4) == 0))) {
		/* "# 12 "file"" or "#line 12": the next line is line 12 */
		long num = 0;

		if (!isdigit((unsigned char)*w)) {
			w = q;
			while (w < e && (*w == ' ' || *w == '\t'))
				w++;
		}
		while (w < e && isdigit((unsigned char)*w) && num < 100000000)
			num = num * 10 + (*w++ - '0');
		lx_advn(lx, n);
		if (!lx_eof(lx)) {
			lx_adv(lx);	/* the newline */
			lx->line = (int)num;
			lx->nl_seen = true;
		}
		return false;
	} else if (q > w) {
		dt_diag_error(&lx->cc->diags, D_SYNTAX, lx_loc(lx, line, col, (int)(q - s)),
			      "syntax error near \"#%.*s\" (cpp directives need -C)",
			      (int)(q - w), w);
	}
	/* a null directive "#" alone is ignored, as cpp does */
	lx_advn(lx, n);
	return false;
}

/* ---- constants ------------------------------------------------------------------------ */

static int
hexval(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Is s[0..n) a valid integer suffix (u, l, ul, lu, ll, ull, llu in any case)? */
static int
parse_suffix(const char *s, size_t n)
{
	int bits = 0;
	size_t i = 0;

	while (i < n) {
		int c = tolower((unsigned char)s[i]);

		if (c == 'u' && !(bits & DT_INT_U)) {
			bits |= DT_INT_U;
			i++;
		} else if (c == 'l' && !(bits & (DT_INT_L | DT_INT_LL))) {
			if (i + 1 < n && s[i + 1] == s[i]) {
				bits |= DT_INT_LL;
				i += 2;
			} else {
				bits |= DT_INT_L;
				i++;
			}
		} else {
			return -1;
		}
	}
	return bits;
}

/*
 * integer-constant: ( digits | '0x' hex-digits ) [ suffix ]
 * suffix: u, l, ul, lu, ll, ull, llu in either case
 *
 * As in DTrace's lexer, the constant ends where these do: "10ms" and "0abc" are a constant
 * and an identifier (which the parser then finds misplaced). A leading 0 makes the digits
 * octal, where an 8 or 9 is D_INT_DIGIT.
 */
static void
lex_number(dt_lexer_t *lx, dt_token_t *tok)
{
	const char *s = lx->p, *q = s, *end = lx_end(lx);
	uint64_t val = 0;
	bool oflow = false;
	int base = 10, bad = 0, bits = 0;

	if (q[0] == '0' && end - q > 2 && (q[1] == 'x' || q[1] == 'X') &&
	    hexval((unsigned char)q[2]) >= 0) {
		base = 16;
		q += 2;
	} else if (q[0] == '0') {
		base = 8;
	}
	while (q < end && (base == 16 ? hexval((unsigned char)*q) >= 0 :
			   isdigit((unsigned char)*q))) {
		int d = hexval((unsigned char)*q);

		if (d >= base) {
			if (!bad)
				bad = *q;
		} else if (__builtin_mul_overflow(val, (uint64_t)base, &val) ||
			   __builtin_add_overflow(val, (uint64_t)d, &val)) {
			oflow = true;
		}
		q++;
	}
	for (size_t n = 3; n > 0; n--) {	/* the longest suffix there is */
		if ((size_t)(end - q) >= n && (bits = parse_suffix(q, n)) >= 0) {
			q += n;
			break;
		}
		bits = 0;
	}

	tok->kind = TOK_INT;
	tok->text = dt_arena_strndup(&lx->cc->arena, s, (size_t)(q - s));
	tok->textlen = (size_t)(q - s);
	tok->loc.len = (int)(q - s);
	tok->ibase = base;
	if (bad)
		dt_diag_error(&lx->cc->diags, D_INT_DIGIT, tok->loc,
			      "constant %s contains invalid digit %c", tok->text, bad);
	else if (oflow)
		dt_diag_error(&lx->cc->diags, D_INT_OFLOW, tok->loc,
			      "constant %s results in integer overflow", tok->text);
	tok->ival = val;
	tok->isuffix = bits;
	lx_advn(lx, (size_t)(q - s));
}

/*
 * Decode one escape sequence; lx->p is just past the backslash. Returns the byte. Unknown
 * escapes stand for the character itself (lex_quoted keeps their backslash, as DTrace).
 */
static int
lex_escape(dt_lexer_t *lx)
{
	int c = lx_peek(lx, 0), v = 0, n;

	switch (c) {
	case 'n':
		v = '\n';
		break;
	case 't':
		v = '\t';
		break;
	case 'v':
		v = '\v';
		break;
	case 'b':
		v = '\b';
		break;
	case 'r':
		v = '\r';
		break;
	case 'f':
		v = '\f';
		break;
	case 'a':
		v = '\a';
		break;
	case 'x':
		lx_adv(lx);
		while (hexval(lx_peek(lx, 0)) >= 0) {
			v = (v << 4 | hexval(lx_peek(lx, 0))) & 0xff;
			lx_adv(lx);
		}
		return v;
	case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
		for (n = 0; n < 3 && lx_peek(lx, 0) >= '0' && lx_peek(lx, 0) <= '7'; n++) {
			v = v * 8 + (lx_peek(lx, 0) - '0');
			lx_adv(lx);
		}
		return v & 0xff;
	default:	/* \\ \' \" \? and unknown escapes */
		v = c;
		break;
	}
	lx_adv(lx);
	return v;
}

/*
 * string-literal: '"' { char | escape } '"'; character-constant: '\'' ... '\''.
 * The decoded bytes go to text/textlen. A newline or the end of input inside is an error
 * (D_STR_NL, D_CHR_NL) at the opening quote.
 */
static void
lex_quoted(dt_lexer_t *lx, dt_token_t *tok)
{
	int quote = lx_peek(lx, 0);
	dt_strbuf_t sb = { 0 };
	bool closed = false;
	dt_loc_t dline;

	lx_adv(lx);
	while (!lx_eof(lx)) {
		int c = lx_peek(lx, 0);

		if (c == quote) {
			lx_adv(lx);
			closed = true;
			break;
		}
		if (c == '\n')
			break;
		if (c == '\\') {
			lx_adv(lx);
			if (lx_peek(lx, 0) == '\n') {	/* line continuation */
				lx_adv(lx);
				continue;
			}
			if (lx_eof(lx))
				break;
			/* DTrace's strings and character constants keep the backslash of \? \'
			 * and unknown escapes ('\?' is 0x5c3f there, "\?" two characters) */
			if (!strchr("ntvbrfax01234567\\\"", lx_peek(lx, 0)))
				dt_sb_putc(&sb, '\\');
			dt_sb_putc(&sb, (char)lex_escape(lx));
			continue;
		}
		dt_sb_putc(&sb, (char)c);
		lx_adv(lx);
	}

	tok->textlen = sb.len;
	tok->text = dt_arena_strndup(&lx->cc->arena, sb.s ? sb.s : "", sb.len);
	if (lx->line == tok->loc.line)
		tok->loc.len = lx->col - tok->loc.col;
	else
		tok->loc.len = 1;
	dt_sb_free(&sb);
	/* DTrace's lexer has read the newline when it complains: it names the next line */
	dline = (dt_loc_t){ tok->loc.src, tok->loc.line, tok->loc.col, tok->loc.len,
			    lx->line + (!closed && !lx_eof(lx)) };

	if (quote == '"') {
		tok->kind = TOK_STRING;
		if (!closed)
			dt_diag_error(&lx->cc->diags, D_STR_NL, dline,
				      "newline encountered in string literal");
		return;
	}

	tok->kind = TOK_CHAR;
	if (!closed) {
		dt_diag_error(&lx->cc->diags, D_CHR_NL, dline,
			      "newline encountered in character constant");
	} else if (tok->textlen == 0) {
		dt_diag_error(&lx->cc->diags, D_CHR_NULL, tok->loc, "empty character constant");
	} else if (tok->textlen > sizeof(uint64_t)) {
		dt_diag_error(&lx->cc->diags, D_CHR_OFLOW, tok->loc,
			      "character constant is too long");
	}
	/* 'ab' == 0x6162: the bytes read big-endian, as C compilers do */
	tok->ival = 0;
	for (size_t i = 0; i < tok->textlen && i < sizeof(uint64_t); i++)
		tok->ival = tok->ival << 8 | (unsigned char)tok->text[i];
}

/* ---- words ---------------------------------------------------------------------------- */

/* The keyword spelled s[0..n), or TOK_IDENT. */
static dt_tok_kind_t
keyword(const char *s, size_t n)
{
	for (int k = TOK_AUTO; k <= TOK_XLATE; k++) {
		const char *kw = dt_tok_names[k];

		if (strlen(kw) == n && memcmp(kw, s, n) == 0)
			return (dt_tok_kind_t)k;
	}
	return TOK_IDENT;
}

/* Whether any of set's characters is among s's n. */
static bool
memchr_any(const char *s, size_t n, const char *set)
{
	for (; *set; set++)
		if (memchr(s, *set, n))
			return true;
	return false;
}

bool
dt_tok_is_basetype(dt_tok_kind_t k)
{
	switch (k) {
	case TOK_CHAR_KW: case TOK_SHORT: case TOK_INT_KW: case TOK_LONG: case TOK_SIGNED:
	case TOK_UNSIGNED: case TOK_VOID: case TOK_STRING_KW: case TOK_FLOAT: case TOK_DOUBLE:
		return true;
	default:
		return false;
	}
}

static void
set_text(dt_lexer_t *lx, dt_token_t *tok, const char *s, size_t n)
{
	tok->text = dt_arena_strndup(&lx->cc->arena, s, n);
	tok->textlen = n;
	tok->loc.len = (int)n;
}

/*
 * In DT_LEX_PROGRAM: a keyword, a type name, or one probe description. The word is read
 * whole before deciding, so "intr:::" is a description and "int" a keyword. "int*x" could
 * begin either a declaration or a description globbing on '*': as DTrace, unless -x pspec,
 * a word without any of ":-.?!`" (which no type name has) is a type when the part before its
 * first '*' (or all of it) names one. (DTrace also never takes BEGIN, END or ERROR for a
 * type; that differs from this only for a program that makes one of them a typedef.)
 */
static void
lex_program_word(dt_lexer_t *lx, dt_token_t *tok)
{
	const char *s = lx->p, *q = s, *end = lx_end(lx);

	if (is_ident_start((unsigned char)*q)) {
		while (q < end && is_ident_char((unsigned char)*q))
			q++;
		if (q == end || !is_pdesc_char((unsigned char)*q)) {
			dt_tok_kind_t k = keyword(s, (size_t)(q - s));

			set_text(lx, tok, s, (size_t)(q - s));
			if (k != TOK_IDENT || dt_is_typename(lx->cc, tok->text)) {
				tok->kind = k;
				lx_advn(lx, (size_t)(q - s));
				return;
			}
		}
	}
	while (q < end && is_pdesc_char((unsigned char)*q))
		q++;
	if (!lx->cc->pspec &&
	    !memchr_any(s, (size_t)(q - s), ":-.?!`")) {
		const char *star = memchr(s, '*', (size_t)(q - s));
		size_t n = star && star > s ? (size_t)(star - s) : (size_t)(q - s);
		dt_tok_kind_t k = keyword(s, n);

		set_text(lx, tok, s, n);
		if (dt_tok_is_basetype(k) || (k == TOK_IDENT && dt_is_typename(lx->cc, tok->text))) {
			tok->kind = k;
			lx_advn(lx, n);
			return;
		}
	}
	tok->kind = TOK_PDESC;
	set_text(lx, tok, s, (size_t)(q - s));
	lx_advn(lx, (size_t)(q - s));
}

/* identifier | keyword | mod`sym */
static void
lex_word(dt_lexer_t *lx, dt_token_t *tok)
{
	const char *s = lx->p, *q = s, *end = lx_end(lx);

	while (q < end && is_ident_char((unsigned char)*q))
		q++;
	if (q < end && *q == '`') {
		while (q < end && (is_ident_char((unsigned char)*q) || *q == '`'))
			q++;
		tok->kind = TOK_SYMBOL;
	} else {
		tok->kind = keyword(s, (size_t)(q - s));
	}
	set_text(lx, tok, s, (size_t)(q - s));
	lx_advn(lx, (size_t)(q - s));
}

/* ---- punctuators ---------------------------------------------------------------------- */

/* Longest first, so "<<=" wins over "<<" and "<". */
static const struct {
	const char *s;
	dt_tok_kind_t kind;
} dt_puncts[] = {
	{ "<<=", TOK_SHL_ASSIGN }, { ">>=", TOK_SHR_ASSIGN }, { "...", TOK_ELLIPSIS },
	{ "->", TOK_ARROW }, { "++", TOK_INC }, { "--", TOK_DEC }, { "<<", TOK_SHL },
	{ ">>", TOK_SHR }, { "<=", TOK_LE }, { ">=", TOK_GE }, { "==", TOK_EQ },
	{ "!=", TOK_NE }, { "&&", TOK_ANDAND }, { "||", TOK_OROR }, { "^^", TOK_XORXOR },
	{ "+=", TOK_ADD_ASSIGN }, { "-=", TOK_SUB_ASSIGN }, { "*=", TOK_MUL_ASSIGN },
	{ "/=", TOK_DIV_ASSIGN }, { "%=", TOK_MOD_ASSIGN }, { "&=", TOK_AND_ASSIGN },
	{ "|=", TOK_OR_ASSIGN }, { "^=", TOK_XOR_ASSIGN },
	{ "(", TOK_LPAREN }, { ")", TOK_RPAREN }, { "[", TOK_LBRACKET },
	{ "]", TOK_RBRACKET }, { "{", TOK_LBRACE }, { "}", TOK_RBRACE }, { ",", TOK_COMMA },
	{ ";", TOK_SEMI }, { ":", TOK_COLON }, { "?", TOK_QUESTION }, { ".", TOK_DOT },
	{ "+", TOK_PLUS }, { "-", TOK_MINUS }, { "*", TOK_STAR }, { "/", TOK_SLASH },
	{ "%", TOK_PERCENT }, { "&", TOK_AMP }, { "|", TOK_PIPE }, { "^", TOK_CARET },
	{ "~", TOK_TILDE }, { "!", TOK_BANG }, { "<", TOK_LT }, { ">", TOK_GT },
	{ "=", TOK_ASSIGN },
};

static bool
lex_punct(dt_lexer_t *lx, dt_token_t *tok)
{
	size_t avail = (size_t)(lx_end(lx) - lx->p);

	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_puncts); i++) {
		size_t n = strlen(dt_puncts[i].s);

		if (n <= avail && memcmp(lx->p, dt_puncts[i].s, n) == 0) {
			tok->kind = dt_puncts[i].kind;
			tok->text = dt_puncts[i].s;
			tok->textlen = n;
			tok->loc.len = (int)n;
			lx_advn(lx, n);
			return true;
		}
	}
	return false;
}

/* ---- the scanner ---------------------------------------------------------------------- */

dt_token_t
dt_lex_next(dt_lexer_t *lx)
{
	dt_token_t tok;

	for (;;) {
		int c;

		memset(&tok, 0, sizeof(tok));
		skip_space(lx);
		tok.loc = lx_here(lx);
		tok.nl_before = lx->nl_seen;
		tok.text = "";

		if (lx_eof(lx)) {
			tok.kind = TOK_EOF;
			tok.loc.len = 0;
			return tok;
		}
		c = lx_peek(lx, 0);

		if (c == '#' && at_line_start(lx)) {
			if (lex_hash_line(lx, &tok))
				break;
			continue;
		}
		if (lx->state == DT_LEX_PROGRAM && is_pdesc_start(c)) {
			lex_program_word(lx, &tok);
			break;
		}
		if (isdigit(c)) {
			lex_number(lx, &tok);
			break;
		}
		if (is_ident_start(c)) {
			lex_word(lx, &tok);
			break;
		}
		if (c == '"' || c == '\'') {
			lex_quoted(lx, &tok);
			break;
		}
		if (c == '@') {
			/* @name, or @ alone: the anonymous aggregation */
			const char *s = lx->p + 1, *q = s, *end = lx_end(lx);

			while (q < end && is_ident_char((unsigned char)*q))
				q++;
			tok.kind = TOK_AGG;
			tok.text = dt_arena_strndup(&lx->cc->arena, s, (size_t)(q - s));
			tok.textlen = (size_t)(q - s);
			tok.loc.len = (int)(q - s) + 1;
			lx_advn(lx, (size_t)(q - s) + 1);
			break;
		}
		if (c == '$') {
			/* $1, $$1 (as a string: text "$1"), $pid, $target */
			const char *s = lx->p + 1, *q = s, *end = lx_end(lx);

			if (q < end && *q == '$')
				q++;
			while (q < end && is_ident_char((unsigned char)*q))
				q++;
			if (q == s || (q == s + 1 && *s == '$')) {
				dt_diag_error(&lx->cc->diags, D_SYNTAX, tok.loc,
					      "syntax error near \"$\"");
				lx_advn(lx, (size_t)(q - s) + 1);
				continue;
			}
			tok.kind = TOK_MACRO;
			tok.text = dt_arena_strndup(&lx->cc->arena, s, (size_t)(q - s));
			tok.textlen = (size_t)(q - s);
			tok.loc.len = (int)(q - s) + 1;
			lx_advn(lx, (size_t)(q - s) + 1);
			break;
		}
		if (c == '`') {
			/*
			 * `sym or `mod`sym: text without the leading backquote. A lone ` is a
			 * symbol with an empty name, as in DTrace, whose lookup then fails.
			 */
			const char *s = lx->p + 1, *q = s, *end = lx_end(lx);

			while (q < end && (is_ident_char((unsigned char)*q) || *q == '`'))
				q++;
			tok.kind = TOK_SYMBOL;
			tok.text = dt_arena_strndup(&lx->cc->arena, s, (size_t)(q - s));
			tok.textlen = (size_t)(q - s);
			tok.loc.len = (int)(q - s) + 1;
			lx_advn(lx, (size_t)(q - s) + 1);
			break;
		}
		if (lex_punct(lx, &tok))
			break;

		if (isprint(c))
			dt_diag_error(&lx->cc->diags, D_BADCHAR, tok.loc,
				      "invalid character '%c'", c);
		else
			dt_diag_error(&lx->cc->diags, D_BADCHAR, tok.loc,
				      "invalid character (0x%02x)", (unsigned)c);
		lx_adv(lx);
	}
	lx->nl_seen = false;
	return tok;
}
