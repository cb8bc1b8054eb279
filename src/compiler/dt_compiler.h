/*
 * dt_compiler.h: the front end's one internal header: tokens, the AST, D types and the
 * compile context that the lexer, parser and semantic analysis share.
 *
 *   D source --dt_lex--> tokens --dt_parse--> AST --dt_sema--> typed AST (+ probe matching)
 *
 * Every token and every node keeps its dt_loc_t, so any later pass can point at the source.
 * All memory is in the compile context's arena.
 */
#ifndef DT_COMPILER_H
#define DT_COMPILER_H

#include "../common/dt_common.h"

/* ---- tokens --------------------------------------------------------------------------- */

#define DT_TOKENS(X)                                                                         \
	X(TOK_EOF, "end of input")                                                           \
	X(TOK_IDENT, "identifier")                                                           \
	X(TOK_INT, "integer constant")                                                       \
	X(TOK_CHAR, "character constant")                                                    \
	X(TOK_STRING, "string literal")                                                      \
	X(TOK_PDESC, "probe description")                                                    \
	X(TOK_AGG, "aggregation")   /* @name; text is the name without '@' ("" for @) */     \
	X(TOK_MACRO, "macro variable") /* $1, $$1, $pid, $target: text without '$' */        \
	X(TOK_SYMBOL, "symbol")     /* `sym or mod`sym: text without the leading '`' */      \
	X(TOK_PRAGMA, "#pragma")    /* text: the rest of the line after "#pragma" */         \
	X(TOK_LPAREN, "(")                                                                   \
	X(TOK_RPAREN, ")")                                                                   \
	X(TOK_LBRACKET, "[")                                                                 \
	X(TOK_RBRACKET, "]")                                                                 \
	X(TOK_LBRACE, "{")                                                                   \
	X(TOK_RBRACE, "}")                                                                   \
	X(TOK_COMMA, ",")                                                                    \
	X(TOK_SEMI, ";")                                                                     \
	X(TOK_COLON, ":")                                                                    \
	X(TOK_QUESTION, "?")                                                                 \
	X(TOK_DOT, ".")                                                                      \
	X(TOK_ARROW, "->")                                                                   \
	X(TOK_ELLIPSIS, "...")                                                               \
	X(TOK_PLUS, "+")                                                                     \
	X(TOK_MINUS, "-")                                                                    \
	X(TOK_STAR, "*")                                                                     \
	X(TOK_SLASH, "/")                                                                    \
	X(TOK_PERCENT, "%")                                                                  \
	X(TOK_AMP, "&")                                                                      \
	X(TOK_PIPE, "|")                                                                     \
	X(TOK_CARET, "^")                                                                    \
	X(TOK_TILDE, "~")                                                                    \
	X(TOK_BANG, "!")                                                                     \
	X(TOK_LT, "<")                                                                       \
	X(TOK_GT, ">")                                                                       \
	X(TOK_LE, "<=")                                                                      \
	X(TOK_GE, ">=")                                                                      \
	X(TOK_EQ, "==")                                                                      \
	X(TOK_NE, "!=")                                                                      \
	X(TOK_ANDAND, "&&")                                                                  \
	X(TOK_OROR, "||")                                                                    \
	X(TOK_XORXOR, "^^")                                                                  \
	X(TOK_SHL, "<<")                                                                     \
	X(TOK_SHR, ">>")                                                                     \
	X(TOK_INC, "++")                                                                     \
	X(TOK_DEC, "--")                                                                     \
	X(TOK_ASSIGN, "=")                                                                   \
	X(TOK_ADD_ASSIGN, "+=")                                                              \
	X(TOK_SUB_ASSIGN, "-=")                                                              \
	X(TOK_MUL_ASSIGN, "*=")                                                              \
	X(TOK_DIV_ASSIGN, "/=")                                                              \
	X(TOK_MOD_ASSIGN, "%=")                                                              \
	X(TOK_AND_ASSIGN, "&=")                                                              \
	X(TOK_OR_ASSIGN, "|=")                                                               \
	X(TOK_XOR_ASSIGN, "^=")                                                              \
	X(TOK_SHL_ASSIGN, "<<=")                                                             \
	X(TOK_SHR_ASSIGN, ">>=")                                                             \
	/* keywords (C's and D's) */                                                         \
	X(TOK_AUTO, "auto")                                                                  \
	X(TOK_BREAK, "break")                                                                \
	X(TOK_CASE, "case")                                                                  \
	X(TOK_CHAR_KW, "char")                                                               \
	X(TOK_CONST, "const")                                                                \
	X(TOK_CONTINUE, "continue")                                                          \
	X(TOK_COUNTER, "counter")                                                            \
	X(TOK_DEFAULT, "default")                                                            \
	X(TOK_DO, "do")                                                                      \
	X(TOK_DOUBLE, "double")                                                              \
	X(TOK_ELSE, "else")                                                                  \
	X(TOK_ENUM, "enum")                                                                  \
	X(TOK_EXTERN, "extern")                                                              \
	X(TOK_FLOAT, "float")                                                                \
	X(TOK_FOR, "for")                                                                    \
	X(TOK_GOTO, "goto")                                                                  \
	X(TOK_IF, "if")                                                                      \
	X(TOK_IMPORT, "import")                                                              \
	X(TOK_INLINE, "inline")                                                              \
	X(TOK_INT_KW, "int")                                                                 \
	X(TOK_LONG, "long")                                                                  \
	X(TOK_OFFSETOF, "offsetof")                                                          \
	X(TOK_PROBE, "probe")                                                                \
	X(TOK_PROVIDER, "provider")                                                          \
	X(TOK_REGISTER, "register")                                                          \
	X(TOK_RESTRICT, "restrict")                                                          \
	X(TOK_RETURN, "return")                                                              \
	X(TOK_SELF, "self")                                                                  \
	X(TOK_SHORT, "short")                                                                \
	X(TOK_SIGNED, "signed")                                                              \
	X(TOK_SIZEOF, "sizeof")                                                              \
	X(TOK_STATIC, "static")                                                              \
	X(TOK_STRING_KW, "string")                                                           \
	X(TOK_STRINGOF, "stringof")                                                          \
	X(TOK_STRUCT, "struct")                                                              \
	X(TOK_SWITCH, "switch")                                                              \
	X(TOK_THIS, "this")                                                                  \
	X(TOK_TRANSLATOR, "translator")                                                      \
	X(TOK_TYPEDEF, "typedef")                                                            \
	X(TOK_UNION, "union")                                                                \
	X(TOK_UNSIGNED, "unsigned")                                                          \
	X(TOK_USERLAND, "userland")                                                          \
	X(TOK_VOID, "void")                                                                  \
	X(TOK_VOLATILE, "volatile")                                                          \
	X(TOK_WHILE, "while")                                                                \
	X(TOK_XLATE, "xlate")

typedef enum dt_tok_kind {
#define DT_X_ENUM(t, s) t,
	DT_TOKENS(DT_X_ENUM)
#undef DT_X_ENUM
	TOK_COUNT
} dt_tok_kind_t;

const char *dt_tok_name(dt_tok_kind_t k);	/* the spelling ("(", "if") or a description */

/* Integer constant suffix bits, as written. */
#define DT_INT_U 0x1
#define DT_INT_L 0x2
#define DT_INT_LL 0x4

typedef struct dt_token {
	dt_tok_kind_t kind;
	dt_loc_t loc;
	const char *text;	/* the token's spelling (arena); for strings and chars: decoded */
	size_t textlen;		/* length of text (strings may hold NULs after decoding) */
	uint64_t ival;		/* TOK_INT, TOK_CHAR value */
	int isuffix;		/* TOK_INT: DT_INT_* bits */
	int ibase;		/* TOK_INT: 8, 10 or 16 */
	bool nl_before;		/* a newline separated this token from the previous one */
} dt_token_t;

/* ---- types ---------------------------------------------------------------------------- */

typedef enum dt_type_kind {
	DT_TYPE_VOID,
	DT_TYPE_INT,		/* integers of size 1, 2, 4, 8, signed or not; char is 1 */
	DT_TYPE_STRING,		/* D's string */
	DT_TYPE_PTR,
	DT_TYPE_ARRAY,
	DT_TYPE_STRUCT,
	DT_TYPE_UNION,
	DT_TYPE_ENUM,
	DT_TYPE_FUNC,
	DT_TYPE_FLOAT,
} dt_type_kind_t;

typedef struct dt_type dt_type_t;
struct dt_type {
	dt_type_kind_t kind;
	const char *name;	/* spelling for messages: "int", "uint64_t", "char *", "string" */
	uint32_t size;		/* bytes */
	bool is_signed;		/* DT_TYPE_INT */
	const dt_type_t *base;	/* PTR: pointee; ARRAY: element */
	uint32_t nelems;	/* ARRAY */
	int btf_id;		/* kernel type id when it came from BTF, else 0 */
};

/* The compile context owns its built-in types; these return shared instances. */
typedef struct dt_compile dt_compile_t;
const dt_type_t *dt_type_int(dt_compile_t *cc, uint32_t size, bool is_signed);
const dt_type_t *dt_type_string(dt_compile_t *cc);
const dt_type_t *dt_type_void(dt_compile_t *cc);
const dt_type_t *dt_type_named(dt_compile_t *cc, const char *name); /* "uint64_t", NULL if none */

/* ---- AST ------------------------------------------------------------------------------ */

#define DT_NODES(X)                                                                          \
	/* top level */                                                                      \
	X(DT_NODE_PROGRAM)   /* list: items */                                               \
	X(DT_NODE_CLAUSE)    /* list: probe descs; pred; body (a DT_NODE_BLOCK) */           \
	X(DT_NODE_PDESC)     /* text: as written; prov/mod/func/name: the four fields */     \
	X(DT_NODE_PRAGMA)    /* text: everything after "#pragma" */                          \
	X(DT_NODE_DECL)      /* a declaration; kept for the front-end issue */               \
	X(DT_NODE_INLINE)                                                                    \
	X(DT_NODE_TYPEDEF)                                                                   \
	/* statements */                                                                     \
	X(DT_NODE_BLOCK)     /* list: statements */                                          \
	X(DT_NODE_EXPR_STMT) /* left: the expression */                                      \
	X(DT_NODE_IF)        /* cond; left: then; right: else or NULL */                     \
	X(DT_NODE_EMPTY)     /* ; */                                                         \
	/* expressions */                                                                    \
	X(DT_NODE_INT)       /* ival, isuffix (from the token) */                            \
	X(DT_NODE_STRING)    /* text, textlen */                                             \
	X(DT_NODE_IDENT)     /* text: the name */                                            \
	X(DT_NODE_AGG)       /* text: name ("" for @); list: keys (may be empty) */          \
	X(DT_NODE_SELF)      /* text: self->name */                                          \
	X(DT_NODE_THIS)      /* text: this->name */                                          \
	X(DT_NODE_MACRO)     /* text: name without '$' */                                    \
	X(DT_NODE_SYMBOL)    /* text: `sym */                                                \
	X(DT_NODE_BINARY)    /* op: the operator token; left, right */                       \
	X(DT_NODE_LOGICAL)   /* op: && || ^^; left, right */                                 \
	X(DT_NODE_UNARY)     /* op: - + ! ~ * & ++ -- (prefix); left */                      \
	X(DT_NODE_POSTFIX)   /* op: ++ --; left */                                           \
	X(DT_NODE_ASSIGN)    /* op: = += ...; left, right */                                 \
	X(DT_NODE_TERNARY)   /* cond, left, right */                                         \
	X(DT_NODE_CALL)      /* text: function name; list: arguments */                      \
	X(DT_NODE_INDEX)     /* left: base; list: subscripts */                              \
	X(DT_NODE_MEMBER)    /* op: . or ->; left; text: member */                           \
	X(DT_NODE_CAST)      /* tname; left */                                               \
	X(DT_NODE_SIZEOF)    /* tname or left */                                             \
	X(DT_NODE_OFFSETOF)  /* tname; text: member */                                       \
	X(DT_NODE_STRINGOF)  /* left */                                                      \
	X(DT_NODE_XLATE)     /* tname; left */                                               \
	X(DT_NODE_TYPENAME)  /* text: the type as written ("unsigned long", "struct foo *") */

typedef enum dt_node_kind {
#define DT_X_ENUM(n) n,
	DT_NODES(DT_X_ENUM)
#undef DT_X_ENUM
	DT_NODE_COUNT
} dt_node_kind_t;

const char *dt_node_kind_name(dt_node_kind_t k);

typedef struct dt_node dt_node_t;
typedef DT_VEC(dt_node_t *) dt_nodes_t;

struct dt_node {
	dt_node_kind_t kind;
	dt_loc_t loc;		/* the node's token: operator, name, literal, keyword */
	dt_tok_kind_t op;	/* operator for BINARY, LOGICAL, UNARY, POSTFIX, ASSIGN, MEMBER */
	const char *text;	/* names, strings, pragma and probe description text */
	size_t textlen;
	uint64_t ival;
	int isuffix;
	dt_node_t *left, *right, *cond;
	dt_node_t *pred, *body;	/* CLAUSE */
	dt_node_t *tname;	/* CAST, SIZEOF, OFFSETOF, XLATE: a DT_NODE_TYPENAME */
	dt_nodes_t list;	/* PROGRAM items, CLAUSE probe descs, BLOCK statements, CALL args,
				 * INDEX and AGG subscripts */
	const char *prov, *mod, *func, *name;	/* PDESC fields ("" when empty) */

	/* Filled in by semantic analysis. */
	const dt_type_t *type;
	bool is_lvalue;
	int ident_kind;		/* sema's classification of IDENT/CALL (dt_sema.c) */
	int ident_id;		/* built-in variable, action or subroutine id */
	int agg_id;		/* AGG: index into the program's aggregation table */
	int str_id;		/* STRING: index into the program's string table */
};

/* A zeroed node in cc's arena (op TOK_EOF), registered so dt_compile_fini frees its list. */
dt_node_t *dt_node_new(dt_compile_t *cc, dt_node_kind_t kind, dt_loc_t loc);

/* ---- compile context ------------------------------------------------------------------ */

struct dt_handle;	/* the runtime handle (options, providers): src/runtime */
struct dt_program;	/* what the compile produces: src/common/dt_program.h */

struct dt_compile {
	dt_arena_t arena;
	dt_diags_t diags;
	struct dt_handle *dtp;	/* options, providers; NULL in pure unit tests */
	dt_type_t *builtin_types;	/* the shared int/string/void instances */
	size_t nbuiltin_types;
	DT_VEC(const char *) typedef_names;	/* names the parser treats as type names */
	int argc;		/* macro arguments $1..$N (after the script name) */
	char *const *argv;
	const char *argv0;	/* $0: the script name */
	DT_VEC(dt_node_t *) nodes;	/* every dt_node_new() node: fini frees their lists */
	struct dt_program *prog;	/* what semantic analysis made; fini frees it */
};

void dt_compile_init(dt_compile_t *cc, struct dt_handle *dtp);
void dt_compile_fini(dt_compile_t *cc);

/* The lexer: a cursor over one source. */
typedef struct dt_lexer {
	dt_compile_t *cc;
	const dt_source_t *src;
	const char *p;		/* next character */
	int line, col;
	int state;		/* DT_LEX_*: what the parser expects next */
	int paren_depth;
	bool nl_seen;
} dt_lexer_t;

enum {
	DT_LEX_PROGRAM,		/* top level: a probe description, declaration or pragma */
	DT_LEX_CODE,		/* inside predicates and clause bodies: C-like tokens */
};

void dt_lex_init(dt_lexer_t *lx, dt_compile_t *cc, const dt_source_t *src);
dt_token_t dt_lex_next(dt_lexer_t *lx);

/*
 * Parse one source into a DT_NODE_PROGRAM. Errors go to cc->diags; the parser recovers at
 * the next clause or statement so one run reports several. Returns NULL only when nothing
 * could be parsed at all.
 */
dt_node_t *dt_parse(dt_compile_t *cc, const dt_source_t *src);

/* Write the AST as an indented tree (for tests and -x tree). */
void dt_ast_dump(const dt_node_t *n, FILE *fp);

/* Is "name" a type name here (keyword types, built-in typedefs, typedefs of this program)? */
bool dt_is_typename(dt_compile_t *cc, const char *name);

/* Split probe description text "a:b:c:d" into fields (DTrace fills from the right). */
int dt_pdesc_split(dt_compile_t *cc, dt_node_t *pdesc);


/* ---- semantic analysis (dt_sema.c) ---------------------------------------------------- */

/* node->ident_kind */
enum { DT_IDENT_NONE, DT_IDENT_VAR, DT_IDENT_ACTION, DT_IDENT_AGGFUNC };

/* node->ident_id of built-in variables (DT_IDENT_VAR) */
enum {
	DT_VAR_ARG0 = 1,	/* arg0 .. arg9 are DT_VAR_ARG0 + n */
	DT_VAR_PID = 20, DT_VAR_TID, DT_VAR_PPID, DT_VAR_UID, DT_VAR_GID, DT_VAR_EXECNAME,
	DT_VAR_TIMESTAMP, DT_VAR_CPU, DT_VAR_ERRNO, DT_VAR_ID, DT_VAR_EPID,
	DT_VAR_PROBEPROV, DT_VAR_PROBEMOD, DT_VAR_PROBEFUNC, DT_VAR_PROBENAME,
};

/* node->ident_id of actions (DT_IDENT_ACTION) */
enum { DT_ACTFN_TRACE, DT_ACTFN_PRINTF, DT_ACTFN_EXIT };

/* What a clause reads from the probe context (dt_clause_t.needs). */
#define DT_SEMA_NEED_ARGS 0x1
#define DT_SEMA_NEED_ERRNO 0x2

/*
 * Analyse the parsed sources together into one program: match probe descriptions against
 * the handle's probe table, type every expression, lay out records and aggregations.
 * Errors go to cc->diags; the program is returned even then (check cc->diags.count).
 */
struct dt_program *dt_sema_program(dt_compile_t *cc, dt_node_t **roots, int nroots);

/* Parse every source, then analyse them together (dt_driver.c). NULL on any error. */
struct dt_program *dt_compile_sources(dt_compile_t *cc, const dt_source_t *srcs, int nsrcs,
				      dt_node_t ***rootsp);

/* Free the heap parts of cc->prog (dt_compile_fini calls it). */
void dt_sema_free(dt_compile_t *cc);

/* The bytes a string expression can hold at most (for record and key slots). */
uint32_t dt_sema_strcap(dt_compile_t *cc, const dt_node_t *n, uint32_t strsize);

#endif /* DT_COMPILER_H */
