/* SPDX-License-Identifier: GPL-2.0-only */
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

#include "../common/dt_attr.h"
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

	/*
	 * Appended for kernel types and derived types (dt_types.c). Typedefs are resolved
	 * eagerly: a typedef name is a copy of the type it names, with "name" set to the
	 * typedef's spelling (for messages) and typedef_of pointing at that type, so every pass
	 * can switch on kind without first stripping typedefs. dt_type_resolve() strips them.
	 * FUNC: base is the return type.
	 */
	const char *tag;		/* STRUCT, UNION, ENUM: "task_struct"; "" if anonymous */
	const dt_type_t *typedef_of;	/* a typedef name: the type it stands for; else NULL */
	const struct dt_member *members;	/* STRUCT, UNION: use dt_type_members() */
	uint32_t nmembers;
	bool members_loaded;	/* members (or enumerators) were read from BTF */
	bool incomplete;	/* a forward declaration whose body BTF does not have */
	const char *scope_note;	/* one named in a module's scope: where the module is, for its
				 * errors (" (module m is neither loaded nor installed)") */
	const struct dt_enumerator *enums;	/* ENUM: use dt_type_enums() */
	uint32_t nenums;
	const dt_type_t *const *params;	/* FUNC: parameter types */
	uint32_t nparams;
	bool varargs;		/* FUNC: ends in "..." */
	/*
	 * A kernel tracepoint's record as its tracefs format lays it out (dt_type_record):
	 * STRUCT: the tracepoint, "group:event"; INT: a __data_loc char[] field, a u32 whose low
	 * 16 bits are the offset of a string from the record's start (read as that string).
	 */
	const char *tp_record;
	bool data_loc_str;
};

/* The compile context owns its built-in types; these return shared instances. */
typedef struct dt_compile dt_compile_t;
const dt_type_t *dt_type_int(dt_compile_t *cc, uint32_t size, bool is_signed);
const dt_type_t *dt_type_string(dt_compile_t *cc);
/* sizeof (string) is -x strsize, once the program's pragmas have set it */
void dt_type_string_size(dt_compile_t *cc, uint32_t strsize);
const dt_type_t *dt_type_void(dt_compile_t *cc);
const dt_type_t *dt_type_named(dt_compile_t *cc, const char *name); /* "uint64_t", NULL if none */

/* ---- AST ------------------------------------------------------------------------------ */

#define DT_NODES(X)                                                                          \
	/* top level */                                                                      \
	X(DT_NODE_PROGRAM)   /* list: items */                                               \
	X(DT_NODE_CLAUSE)    /* list: probe descs; pred; body (a DT_NODE_BLOCK) */           \
	X(DT_NODE_PDESC)     /* text: as written; prov/mod/func/name: the four fields */     \
	X(DT_NODE_PRAGMA)    /* text: everything after "#pragma" */                          \
	X(DT_NODE_DECL)      /* text: name; tname: type; list: dims; right: bit-field */     \
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

/* node->ident_kind: what semantic analysis found an IDENT, CALL, INDEX or XLATE names (each
 * kind is described with the semantic analysis declarations below) */
typedef enum dt_ident_kind {
	DT_IDENT_NONE, DT_IDENT_VAR, DT_IDENT_ACTION, DT_IDENT_AGGFUNC, DT_IDENT_DVAR,
	DT_IDENT_SUBR, DT_IDENT_VALFN, DT_IDENT_INLINE, DT_IDENT_KINDEX, DT_IDENT_XLATE
} dt_ident_kind_t;

/* node->ptrarith: which pointer arithmetic a BINARY + or - is (node->scale: the step) */
typedef enum dt_ptrarith {
	DT_PTRARITH_NONE,	/* integers */
	DT_PTRARITH_OFFSET,	/* p + i, i + p, p - i: the integer counts elements */
	DT_PTRARITH_DIFF,	/* p - q: the difference in elements (ptrdiff_t) */
} dt_ptrarith_t;

/* node->assign_kind: how an ASSIGN stores its value */
typedef enum dt_assign_kind {
	DT_ASSIGN_VALUE,	/* a scalar or string value */
	DT_ASSIGN_COPY,		/* a struct or union copied from an object in memory */
	DT_ASSIGN_XLCOPY,	/* x = xlate<T>(e); list: the member assignments */
} dt_assign_kind_t;

struct dt_node {
	dt_node_kind_t kind;
	dt_loc_t loc;		/* the node's token: operator, name, literal, keyword */
	dt_tok_kind_t op;	/* operator for BINARY, LOGICAL, UNARY, POSTFIX, ASSIGN, MEMBER */
	const char *text;	/* names, strings, pragma and probe description text */
	size_t textlen;
	uint64_t ival;
	int isuffix;		/* INT: DT_INT_* bits */
	dt_node_t *left, *right, *cond;
	dt_node_t *pred, *body;	/* CLAUSE */
	int end_line;		/* CLAUSE: its closing '}''s line, where DTrace blames the predicate */
	dt_node_t *tname;	/* CAST, SIZEOF, OFFSETOF, XLATE: a DT_NODE_TYPENAME */
	dt_nodes_t list;	/* PROGRAM items, CLAUSE probe descs, BLOCK statements, CALL args,
				 * INDEX and AGG subscripts */
	const char *prov, *mod, *func, *name;	/* PDESC fields ("" when empty) */

	/*
	 * Filled in by semantic analysis: the contract with code generation, one named field
	 * per decision (no field above takes a second meaning).
	 */
	const dt_type_t *type;
	bool is_lvalue;
	dt_ident_kind_t ident_kind;	/* what an IDENT/CALL names */
	int ident_id;		/* by ident_kind: DT_VAR_*, DT_ACTFN_*, DT_AGG_*, DT_SUBR_*,
				 * DT_RECFMT_* (VALFN), or the D variable's index (DVAR) */
	int agg_id;		/* AGG: index into the program's aggregation table */
	int str_id;		/* STRING: index into the program's string table */
	bool null_str;		/* STRING: NULL (or 0) where a string goes (a subroutine's
				 * argument, a comparison): DTrace's NULL string, the address 0 */
	bool str_deref;		/* a string (or char *) a subroutine reads, its argument: a NULL
				 * one faults there, an invalid address (dt_cg_expr) */
	uint32_t char_array;	/* a kernel char array read as a string (its type is string):
				 * the array's length, its string capacity; else 0 */
	dt_ptrarith_t ptrarith;	/* BINARY + and -: pointer arithmetic (below) */
	uint32_t scale;		/* ... the pointee's size: what one integer step moves */
	dt_assign_kind_t assign_kind;	/* ASSIGN: how the value is stored (below) */
	uint32_t member_off;	/* MEMBER: the member's byte offset in its struct or union */
	uint32_t nframes;	/* CALL of stack(), ustack(), jstack(): the frames recorded */
	uint8_t ureg;		/* INDEX uregs[i] (ident_id DT_VAR_UREGS): the register i */
	uint8_t bf_width;	/* MEMBER of a bit-field: its width in bits (else 0) */
	uint8_t bf_shift;	/* ... and its lowest bit in the byte at member_off */
	bool attr_set;		/* an analysed expression: attr is its stability (dt_sema_attr.c) */
	dt_attr_t attr;

	/* Semantic analysis's own bookkeeping, on a translator's DECL (dt_decl.c). */
	int8_t xl_state;	/* 0: not checked yet; 1: checked, usable; -1: not usable */
	bool xl_in_lib;		/* written in a D library: members analysed where used */
};

/* A zeroed node in cc's arena (op TOK_EOF), registered so dt_compile_fini frees its list. */
dt_node_t *dt_node_new(dt_compile_t *cc, dt_node_kind_t kind, dt_loc_t loc);

/* A deep copy of the expression tree n (type names are shared); NULL for NULL. */
dt_node_t *dt_node_clone(dt_compile_t *cc, const dt_node_t *n);

/* Make dst what src is (dst keeps its place in the tree); src is left without children. */
void dt_node_move(dt_node_t *dst, dt_node_t *src);

/* ---- compile context ------------------------------------------------------------------ */

struct dt_handle;	/* the runtime handle (options, providers): src/runtime */
struct dt_program;	/* what the compile produces: src/common/dt_program.h */

/* A type the program defines: namespace ('s', 'u', 'e' tags, 't' typedefs), name, type. */
struct dt_dtype {
	int ns;
	const char *name;
	const dt_type_t *type;
};

struct dt_compile {
	dt_arena_t arena;
	dt_diags_t diags;
	struct dt_handle *dtp;	/* options, providers; NULL in pure unit tests */
	bool pspec;		/* -x pspec: "int*" at a clause's start is a description */
	dt_type_t *builtin_types;	/* the shared int/string/void instances */
	size_t nbuiltin_types;
	DT_VEC(const char *) typedef_names;	/* names the parser treats as type names */
	const dt_source_t *libs;	/* D libraries, compiled before the program's sources */
	int nlibs;
	int argc;		/* macro arguments $1..$N (after the script name) */
	char *const *argv;
	const char *argv0;	/* $0: the script name */
	DT_VEC(dt_node_t *) nodes;	/* every dt_node_new() node: fini frees their lists */
	struct dt_program *prog;	/* what semantic analysis made; fini frees it */

	/* Kernel types (dt_types.c): BTF is read on the first request for a kernel type. */
	struct btf *btf;	/* NULL until loaded; dt_compile_fini frees it */
	struct btf *btf_vmlinux;	/* vmlinux's, under btf when btf is a module's split BTF */
	const char *btf_module;	/* that module (one per compile), or NULL */
	const char *btf_path;	/* a raw BTF or ELF file to read instead of the kernel's */
	bool btf_tried;		/* a load was attempted (a failed one is not retried) */
	int btf_err;		/* its errno when it failed */
	const dt_type_t **btf_types;	/* converted types by BTF id (heap, btf__type_cnt) */
	uint32_t nbtf_types;
	DT_VEC(const dt_type_t *) ptr_types;	/* dt_type_ptr() results, reused per base */
	/* Types the program defines (dt_types.c): struct/union/enum tags and typedef names. */
	DT_VEC(struct dt_dtype) dtypes;
	dt_errtag_t type_errtag;	/* the last failed dt_type_* call: tag and message */
	const char *type_errmsg;
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
/* The keywords that name a base type (int, char, string, ...): not struct or a qualifier. */
bool dt_tok_is_basetype(dt_tok_kind_t k);

/*
 * Parse one source into a DT_NODE_PROGRAM. Errors go to cc->diags; the parser recovers at
 * the next clause or statement so one run reports several. Returns NULL only when nothing
 * could be parsed at all.
 */
dt_node_t *dt_parse(dt_compile_t *cc, const dt_source_t *src);

/* Write the AST as an indented tree (for tests and -x tree). */
void dt_ast_dump(const dt_node_t *n, FILE *fp);

/*
 * Is "name" a type name here (keyword types, built-in typedefs, typedefs of this program)?
 * A scoped "mod`t" is when t is one of the typedefs.
 */
bool dt_is_typename(dt_compile_t *cc, const char *name);
/* dt_sema.c: a #pragma found inside a construct, acted on as DTrace's lexer does */
bool dt_sema_pragma_inline(dt_compile_t *cc, const char *text, dt_loc_t loc);

/* Split probe description text "a:b:c:d" into fields (DTrace fills from the right). */
int dt_pdesc_split(dt_compile_t *cc, dt_node_t *pdesc);


/* ---- semantic analysis (dt_sema.c, dt_sema_expr.c, dt_sema_var.c, dt_sema_act.c) ------ */

/* node->ident_kind (dt_ident_kind_t, with the node types above): */
/* DT_IDENT_XLATE: xlate<T>(e) with a translator found (XLATE node; right: the translator's
 * DECL, cond: e as written, before analysis). Only its members can be used. */
/* DT_IDENT_KINDEX: an INDEX into a kernel array or through a kernel pointer: p[i], a.b[i]. */
/* DT_IDENT_INLINE: an inline's name; node->left is its (analysed) definition. */
/* DT_IDENT_VALFN: stack(), ustack(), func(), sym(), mod(): values only for trace() and keys;
 * ident_id is the DT_RECFMT_* they print as, nframes the frame count of stacks. */
/* DT_IDENT_DVAR: a D variable (IDENT global, SELF, THIS, or the IDENT base of an INDEX into
 * an associative array); ident_id is its index in the program's vars. */

/* node->ident_id of built-in variables (DT_IDENT_VAR) */
enum {
	DT_VAR_ARG0 = 1,	/* arg0 .. arg9 are DT_VAR_ARG0 + n */
	DT_VAR_PID = 20, DT_VAR_TID, DT_VAR_PPID, DT_VAR_UID, DT_VAR_GID, DT_VAR_EXECNAME,
	DT_VAR_TIMESTAMP, DT_VAR_CPU, DT_VAR_ERRNO, DT_VAR_ID, DT_VAR_EPID,
	DT_VAR_PROBEPROV, DT_VAR_PROBEMOD, DT_VAR_PROBEFUNC, DT_VAR_PROBENAME, DT_VAR_CURTHREAD,
	DT_VAR_WALLTIMESTAMP, DT_VAR_VTIMESTAMP, DT_VAR_STACKDEPTH, DT_VAR_USTACKDEPTH,
	DT_VAR_PSARGS,		/* __psargs: the command line, for dlibs/procfs.d's pr_psargs */
	DT_VAR_CALLER, DT_VAR_UCALLER,
	DT_VAR_UREGS,		/* an INDEX node uregs[i]: ureg is the register's index */
};

/* node->ident_id of actions (DT_IDENT_ACTION) */
enum { DT_ACTFN_TRACE, DT_ACTFN_PRINTF, DT_ACTFN_EXIT, DT_ACTFN_PRINTA, DT_ACTFN_CLEAR,
       DT_ACTFN_TRUNC, DT_ACTFN_NORMALIZE, DT_ACTFN_DENORMALIZE,
       DT_ACTFN_TRACEMEM, DT_ACTFN_PRINT, DT_ACTFN_SETOPT, DT_ACTFN_PCAP,
       /* destructive actions: only with -w */
       DT_ACTFN_SYSTEM, DT_ACTFN_FREOPEN, DT_ACTFN_RAISE, DT_ACTFN_STOP, DT_ACTFN_COPYOUTSTR, DT_ACTFN_COPYOUT,
       DT_ACTFN_CHILL, DT_ACTFN_PANIC, DT_ACTFN_BREAKPOINT,
       DT_ACTFN_SPECULATE, DT_ACTFN_COMMIT, DT_ACTFN_DISCARD };

/*
 * D's subroutines, one row each: the only place a subroutine is registered.
 *   X(ID, name, args, result, emitter)
 * ID makes DT_SUBR_<ID>, the node's ident_id; args are the argument kinds (dt_subrs.c says
 * what each character means; the optional ones after a '|'); result names the result type;
 * emitter is the dt_cg_subr.c function that generates the call (several rows may share one,
 * which tells them apart by ident_id). Semantic analysis checks calls against the row;
 * code generation calls the emitter.
 */
#define DT_SUBRS(X)                                                                         \
	X(COPYINSTR,	"copyinstr",	"p|i",	"string",	dt_cg_subr_copyinstr)       \
	X(STRLEN,	"strlen",	"s",	"size_t",	dt_cg_subr_strlen)          \
	X(STRJOIN,	"strjoin",	"ss",	"string",	dt_cg_subr_strjoin)         \
	X(SUBSTR,	"substr",	"si|i",	"string",	dt_cg_subr_substr)          \
	X(INDEX,	"index",	"ss|i",	"int",		dt_cg_subr_index)           \
	X(RINDEX,	"rindex",	"ss|i",	"int",		dt_cg_subr_index)           \
	X(STRSTR,	"strstr",	"ss",	"string",	dt_cg_subr_strstr)          \
	X(STRCHR,	"strchr",	"si",	"string",	dt_cg_subr_strchr)          \
	X(STRRCHR,	"strrchr",	"si",	"string",	dt_cg_subr_strchr)          \
	X(TOUPPER,	"toupper",	"s",	"string",	dt_cg_subr_toupper)         \
	X(TOLOWER,	"tolower",	"s",	"string",	dt_cg_subr_toupper)         \
	X(LLTOSTR,	"lltostr",	"i|i",	"string",	dt_cg_lltostr)              \
	X(STRTOLL,	"strtoll",	"s|i",	"int64_t",	dt_cg_strtoll)              \
	X(BASENAME,	"basename",	"s",	"string",	dt_cg_subr_pathpart)        \
	X(DIRNAME,	"dirname",	"s",	"string",	dt_cg_subr_pathpart)        \
	X(HTONS,	"htons",	"i",	"uint16_t",	dt_cg_subr_byteswap)        \
	X(HTONL,	"htonl",	"i",	"uint32_t",	dt_cg_subr_byteswap)        \
	X(HTONLL,	"htonll",	"i",	"uint64_t",	dt_cg_subr_byteswap)        \
	X(NTOHS,	"ntohs",	"i",	"uint16_t",	dt_cg_subr_byteswap)        \
	X(NTOHL,	"ntohl",	"i",	"uint32_t",	dt_cg_subr_byteswap)        \
	X(NTOHLL,	"ntohll",	"i",	"uint64_t",	dt_cg_subr_byteswap)        \
	X(RAND,		"rand",		"",	"int",		dt_cg_subr_rand)            \
	X(GETMAJOR,	"getmajor",	"i",	"uint32_t",	dt_cg_subr_getmajor)        \
	X(GETMINOR,	"getminor",	"i",	"uint32_t",	dt_cg_subr_getmajor)        \
	X(INET_NTOA,	"inet_ntoa",	"p",	"string",	dt_cg_inet)                 \
	X(INET_NTOA6,	"inet_ntoa6",	"p|i",	"string",	dt_cg_inet)                 \
	X(INET_NTOP,	"inet_ntop",	"ip",	"string",	dt_cg_inet)                 \
	X(LINK_NTOP,	"link_ntop",	"iP",	"string",	dt_cg_link_ntop)            \
	X(PROGENYOF,	"progenyof",	"i",	"int",		dt_cg_progenyof)            \
	X(SPECULATION,	"speculation",	"",	"int",		dt_cg_subr_speculation)     \
	X(STRTOK,	"strtok",	"Ss",	"string",	dt_cg_strtok)               \
	X(CLEANPATH,	"cleanpath",	"s",	"string",	dt_cg_cleanpath)            \
	X(D_PATH,	"d_path",	"p",	"string",	dt_cg_d_path)               \
	/* dlibs/io.d's fi_pathname and fi_mount: d_path, and the mount point of the      \
	 * path's mount, "<unknown>" where d_path gives "" */                             \
	X(FI_PATHNAME,	"__fi_pathname", "p",	"string",	dt_cg_d_path)               \
	X(FI_MOUNT,	"__fi_mount",	"p",	"string",	dt_cg_d_path)               \
	/* the memory subroutines work in the clause's scratch space (dt_cg_subr.c) */   \
	X(ALLOCA,	"alloca",	"i",	"void *",	dt_cg_subr_alloca)          \
	X(COPYIN,	"copyin",	"pi",	"void *",	dt_cg_subr_copyin)          \
	X(COPYINTO,	"copyinto",	"piP",	"void",		dt_cg_subr_copyinto)        \
	X(BCOPY,	"bcopy",	"PPi",	"void",		dt_cg_subr_copyinto)        \
	/* a kernel struct mutex: whether held, its owner; every one is adaptive on Linux */ \
	X(MUTEX_OWNED,	"mutex_owned",	"p",	"int",		dt_cg_subr_mutex)           \
	X(MUTEX_OWNER,	"mutex_owner",	"p",	"struct task_struct *", dt_cg_subr_mutex)  \
	X(MUTEX_TYPE_ADAPTIVE, "mutex_type_adaptive", "p", "int", dt_cg_subr_mutex)         \
	X(MUTEX_TYPE_SPIN, "mutex_type_spin", "p",	"int",		dt_cg_subr_mutex)

/* node->ident_id of subroutines (DT_IDENT_SUBR) */
typedef enum dt_subr_id {
#define DT_X_ENUM(id, name, args, result, emit) DT_SUBR_##id,
	DT_SUBRS(DT_X_ENUM)
#undef DT_X_ENUM
	DT_SUBR_COUNT
} dt_subr_id_t;

typedef struct dt_subr {
	const char *name;
	dt_subr_id_t id;
	const char *args;	/* argument kinds (dt_subrs.c); '|' then the optional ones */
	const char *result;	/* the result type's name ("string", "size_t", "int", ...) */
} dt_subr_t;

const dt_subr_t *dt_subr_lookup(const char *name);
const char *dt_subr_name(dt_subr_id_t id);	/* its D name, as the DT_SUBRS row spells it */
/* The type DTrace's prototype gives argument argno (from 0), for its messages. */
const char *dt_subr_argtype(const dt_subr_t *sp, int argno);

/*
 * D's built-in integer constants (dt_consts.c): NULL, and the register names that index
 * uregs[] (R_PC, R_SP, ...). Returns the value and its type's name, or NULL if name is none.
 */
const char *dt_const_lookup(const char *name, int64_t *val);
#define DT_UREGS_MAX 25		/* the highest uregs[] index (R_TRAPNO) */

/* What a clause reads from the probe context (dt_clause_t.needs). */
#define DT_SEMA_NEED_ARGS 0x1
#define DT_SEMA_NEED_ERRNO 0x2

/*
 * Analyse the parsed sources together into one program: match probe descriptions against
 * the handle's probe table, type every expression, lay out records and aggregations.
 * Errors go to cc->diags; the program is returned even then (check cc->diags.count).
 */
struct dt_program *dt_sema_program(dt_compile_t *cc, dt_node_t **roots, int nroots);

/*
 * Constant folding (dt_fold.c), the pass after analysis: every analysed operator on
 * integer constants becomes an INT node. dt_fold_value says what the pass will make of n
 * without changing it: true and the value in *v when n is such a constant.
 */
void dt_fold_program(dt_compile_t *cc, dt_node_t **roots, int nroots);
bool dt_fold_value(const dt_node_t *n, uint64_t *v);

/*
 * The front end (dt_driver.c): parse every source, analyse them together, fold. NULL on any
 * error (in cc->diags).
 */
struct dt_program *dt_compile_sources(dt_compile_t *cc, const dt_source_t *srcs, int nsrcs,
				      dt_node_t ***rootsp);
/*
 * The whole pipeline (dt_driver.c): the front end, then code generation into finished BPF
 * programs in cc->dtp (its options, providers and probe table; never NULL here). NULL on
 * any error (in cc->diags).
 */
struct dt_program *dt_compile_program(dt_compile_t *cc, const dt_source_t *srcs, int nsrcs);

/* Free the heap parts of cc->prog (dt_compile_fini calls it). */
void dt_sema_free(dt_compile_t *cc);

/* The bytes a string expression can hold at most (for record and key slots). */
uint32_t dt_sema_strcap(dt_compile_t *cc, const dt_node_t *n, uint32_t strsize);

/* ---- D types over the kernel's BTF (dt_types.c) -------------------------------------- */

/*
 * A struct or union member. Anonymous struct and union members have name "" and are searched
 * through by dt_type_member(). bit_off counts from the start of the enclosing type.
 */
typedef struct dt_member {
	const char *name;
	const dt_type_t *type;
	uint32_t bit_off;
	uint32_t bit_size;	/* bit-field width; 0 for an ordinary member */
} dt_member_t;

typedef struct dt_enumerator {
	const char *name;
	int64_t value;		/* an unsigned 64-bit enumerator is stored as its bit pattern */
} dt_enumerator_t;

/*
 * Errors: functions that fail set cc->type_errtag and cc->type_errmsg (DTrace's tag and
 * wording, in cc's arena), so the caller can report them at its node's location.
 */

/*
 * The type a type name written in D stands for: "int", "unsigned long", "char *",
 * "struct task_struct *", "uint64_t", "struct file **", "char [16]", "int *[4]",
 * "int (*)[4]", "void (*)(int, char *)". const, volatile and restrict are ignored. D's
 * built-in types and typedefs come first; only a name they do not know (a struct, union or
 * enum tag, or another typedef) makes this load the kernel's BTF. NULL on error, with *err
 * (if err is not NULL) set to cc->type_errmsg.
 */
const dt_type_t *dt_type_lookup(dt_compile_t *cc, const char *spelling, char **err);

/*
 * "mod`name", a type name in module mod's scope (D's own: D and C; the kernel's: vmlinux,
 * and genunix or unix in Solaris scripts; or a kernel module, which has the kernel's types
 * as in DTrace, loaded or not): the name without the scope, since all of them share one
 * namespace here; the name itself when unscoped. NULL for a scope that cannot name a
 * module (cc->type_errmsg: D_UNKNOWN "failed to resolve type <what>: Unknown module name").
 * A name a module's scope does not find says where the module is ("(module m is neither
 * loaded nor installed)").
 */
const char *dt_type_unscope(dt_compile_t *cc, const char *name, const char *what);
/* For a name a module's scope did not find ("struct m`x"): " (module m is neither loaded nor
 * installed)" when the kernel has no module m (no /sys/module/m); else "". */
const char *dt_type_module_note(dt_compile_t *cc, const char *what);

/* Pointer to base (one shared instance per base); array of n elem (name "char [16]"). */
const dt_type_t *dt_type_ptr(dt_compile_t *cc, const dt_type_t *base);
const dt_type_t *dt_type_array(dt_compile_t *cc, const dt_type_t *elem, uint32_t n);

/* t with every typedef name stripped (t itself when it is not a typedef name). */
const dt_type_t *dt_type_resolve(const dt_type_t *t);

/* The members of a struct or union (read from BTF on first use); NULL and 0 for others. */
const dt_member_t *dt_type_members(dt_compile_t *cc, const dt_type_t *t, uint32_t *n);

/* The enumerators of an enum type; NULL and 0 for others. */
const dt_enumerator_t *dt_type_enums(dt_compile_t *cc, const dt_type_t *t, uint32_t *n);

/*
 * Find member "name" of struct or union t (typedef names resolved), through anonymous
 * struct and union members. Returns 0 and fills whichever outputs are not NULL: the byte
 * offset (bit offset / 8, rounded down), the member's type, its bit offset from the start
 * of t and its bit-field width (0 if not a bit-field). Errors: -ENOENT with D_TYPE_MEMBER
 * "<name> is not a member of <type>"; -EINVAL with D_OP_SOU when t is not a struct or union;
 * -ENODATA with D_OP_INCOMPLETE when t is only declared.
 */
int dt_type_member(dt_compile_t *cc, const dt_type_t *t, const char *name,
		   uint32_t *offset_bytes, const dt_type_t **mtype, uint32_t *bit_off,
		   uint32_t *bit_size);

/*
 * sizeof: the size in bytes, or -1 (D_SIZEOF_TYPE) for void, functions and incomplete
 * types. offsetof: 0 and the byte offset, or a negative errno (D_OFFSETOF_TYPE when t is not
 * a struct or union, D_OFFSETOF_BITFIELD for a bit-field, D_UNKNOWN for no such member,
 * else as dt_type_member).
 */
int64_t dt_type_sizeof(dt_compile_t *cc, const dt_type_t *t);
int dt_type_offsetof(dt_compile_t *cc, const dt_type_t *t, const char *member, uint32_t *off);

/*
 * Are a and b the same type once typedef names are stripped? Structs, unions and enums are
 * the same when they are the same BTF type, or have the same kind and non-empty tag.
 */
bool dt_type_equal(const dt_type_t *a, const dt_type_t *b);

/*
 * May a value of type b be assigned to or compared with one of type a? Integers and enums
 * with each other; pointers when either points to void or both point to equal types (an
 * array stands for a pointer to its first element); string with string, char * and char [];
 * structs, unions and functions when equal. Integer/pointer mixes are the caller's rule
 * (D allows comparing a pointer with an integer, and assigning a constant 0).
 */
bool dt_type_compat(const dt_type_t *a, const dt_type_t *b);

/* Append t's name as C writes it: "struct task_struct *", "char [16]", "int (*)[4]". */
void dt_type_name_of(const dt_type_t *t, dt_strbuf_t *sb);

/*
 * A kernel enumerator as an integer constant (PIDTYPE_PID). Loads BTF, so ask only for an
 * identifier nothing else defines. 0 and its value and enum type; -ENOENT if no enum has it.
 */
int dt_type_enum_value(dt_compile_t *cc, const char *name, int64_t *val, const dt_type_t **type);


/*
 * Types the program defines, in namespaces 's' (struct tags), 'u' (union tags), 'e' (enum
 * tags) and 't' (typedef names). They come before the kernel's in every lookup, and
 * finding one never loads BTF.
 *
 * dt_type_dfind: the program's type of that name, or NULL.
 * dt_type_dtag: the struct, union or enum "tag" ("" for an anonymous one, not registered):
 *   the one declared before when it is still incomplete, else a new incomplete type.
 * dt_type_layout: give struct or union t its n members (names, types and bit-field widths
 *   set) and lay them out as DTrace does: C's offsets for ordinary members, each bit-field
 *   in bytes of its own, no tail padding; an unnamed member that is not a struct or union
 *   is an unnamed bit-field: it pads (width 0: nothing), and is dropped from the members.
 *   t becomes complete.
 * dt_type_set_enums: give enum t its n enumerators; t becomes complete.
 * dt_type_dtypedef: register typedef "name" for t; returns the typedef name's type.
 * dt_type_align: a type's alignment in bytes (1 for void and strings).
 * dt_type_denum: an enumerator of the program's enums, as dt_type_enum_value (never BTF).
 */
const dt_type_t *dt_type_dfind(dt_compile_t *cc, int ns, const char *name);
dt_type_t *dt_type_dtag(dt_compile_t *cc, int ns, const char *tag);
void dt_type_layout(dt_compile_t *cc, dt_type_t *t, dt_member_t *ms, uint32_t n);
void dt_type_set_enums(dt_compile_t *cc, dt_type_t *t, dt_enumerator_t *es, uint32_t n);
const dt_type_t *dt_type_dtypedef(dt_compile_t *cc, const char *name, const dt_type_t *t);
uint32_t dt_type_align(dt_compile_t *cc, const dt_type_t *t);
/*
 * A kernel tracepoint's record (its tracefs format): struct "tag" of size bytes with the n
 * members ms (bit_off set from the format's offsets), registered as the program's struct tag,
 * tp_record = tp ("group:event"); the one made before when tag exists. dt_type_data_loc: the
 * type of a __data_loc char[] field (data_loc_str).
 */
const dt_type_t *dt_type_record(dt_compile_t *cc, const char *tag, const char *tp,
				dt_member_t *ms, uint32_t n, uint32_t size);
const dt_type_t *dt_type_data_loc(dt_compile_t *cc);
int dt_type_denum(dt_compile_t *cc, const char *name, int64_t *val, const dt_type_t **type);

/*
 * The type of kernel symbol "name" (`name in D): a function's type from BTF. -EINVAL for a
 * per-CPU variable (its symbol is an offset, not an address), -ENOENT when BTF has no type
 * for it (this kernel's BTF types no other variables).
 */
int dt_type_symbol(dt_compile_t *cc, const char *name, const dt_type_t **type);

/* The kernel's BTF for cc, loaded on first use; NULL (cc->btf_err) when unavailable. */
struct btf *dt_type_btf(dt_compile_t *cc);

/*
 * The kernel's "struct tag" from BTF, never one the program defines: the layout code
 * generation walks (task_struct, dentry, ...) must be the kernel's. NULL without BTF or
 * without such a struct.
 */
const dt_type_t *dt_type_kstruct(dt_compile_t *cc, const char *tag);

/* Free what dt_types.c allocated outside the arena (dt_compile_fini calls it). */
void dt_types_fini(dt_compile_t *cc);

#endif /* DT_COMPILER_H */
