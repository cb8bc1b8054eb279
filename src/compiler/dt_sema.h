/*
 * dt_sema.h: what semantic analysis shares between its files: dt_sema.c (expressions,
 * statements, clauses) and dt_decl.c (declarations: types, typedefs, translators,
 * providers).
 */
#ifndef DT_SEMA_H
#define DT_SEMA_H

#include "../common/dt_program.h"
#include "../runtime/dt_runtime.h"
#include "dt_compiler.h"

typedef struct dt_sema {
	dt_compile_t *cc;
	dt_handle_t *dtp;
	dt_program_t *prog;
	dt_clause_t *clause;
	const char *where;	/* "in predicate" / "in action list" for resolution errors */
	uint8_t *probe_seen;	/* by probe id: already in prog->probes */
	size_t nprobe_seen;
	/* Per aggregation: the widest string seen at each key position, for the layout. */
	DT_VEC(uint32_t *) agg_keycap;
	int in_if;		/* depth of if statements around the statement being analysed */
	unsigned clsflags;	/* DT_CLS_*: what the clause did so far (speculations) */
	DT_VEC(dt_node_t *) inlines;	/* inline definitions so far (DT_NODE_INLINE) */
	DT_VEC(dt_node_t *) xlators;	/* translator definitions so far (DECL TOK_TRANSLATOR) */
	DT_VEC(const char *) assigned;	/* names the program assigns somewhere (globals) */
	bool in_lib;		/* analysing a D library: its translators are checked on first use */
	bool in_inline;		/* analysing an inline's definition */
	dt_node_t *member_of;	/* the left side of the member access being analysed */
	dt_node_t *addr_of;	/* the operand of the & being analysed */
} dt_sema_t;

/* Every error names the region it is in (predicate, action list), as DTrace does for -n. */
#define ERR(s, tag, node, ...)                                                               \
	(dt_diag_error(&(s)->cc->diags, tag, (node)->loc, __VA_ARGS__)->region = (s)->where)

/* dt_sema.c */
void dt_sema_expr(dt_sema_t *s, dt_node_t *n);
const dt_type_t *dt_sema_ktype(dt_sema_t *s, dt_node_t *at, const char *spelling);

/* dt_decl.c */

/*
 * The type a DT_NODE_TYPENAME stands for, defining first the struct, union or enum body it
 * carries; then the array dimensions in "dims" (integer constants, outermost first), if
 * not NULL. NULL after reporting an error.
 */
const dt_type_t *dt_decl_type(dt_sema_t *s, dt_node_t *tname, dt_nodes_t *dims);

/*
 * translator T < I a > { m = e; ... };  checked where it is written (a D library's when
 * first used): T a struct or union with these members, each e of a compatible type.
 */
void dt_decl_translator(dt_sema_t *s, dt_node_t *n);

/* xlate<T>(e): find the translator; its type is T. */
void dt_decl_xlate(dt_sema_t *s, dt_node_t *n);

/*
 * n is x.m or x->m: if x (through inlines) is xlate<T>(e), n becomes the translator's
 * expression for m with e in place of its argument, analysed here, and true is returned.
 */
bool dt_decl_xlate_member(dt_sema_t *s, dt_node_t *n);

/*
 * Put (T)arg, T the type name tname, wherever identifier "name" is in tree e (a copy of a
 * translator's or inline's definition, not yet analysed); a string parameter takes arg as
 * it is. Each place gets its own copy of arg.
 */
void dt_decl_bind(dt_sema_t *s, dt_node_t *e, const char *name, dt_node_t *tname,
		  dt_node_t *arg);

/* A stand-in value of type t (named by tname) for analysing a definition. */
dt_node_t *dt_decl_standin(dt_sema_t *s, dt_node_t *tname, const dt_type_t *t, dt_loc_t loc);

/*
 * x = xlate<T>(e) of a struct T: x (made a T when new) gets each member the translator
 * defines; n keeps those assignments in its list (isuffix DT_ISUFFIX_XLCOPY).
 */
void dt_decl_xlate_assign(dt_sema_t *s, dt_node_t *n);

/* typedef T name;  and a declaration that declares no variable: struct s { ... }; */
void dt_decl_typedef(dt_sema_t *s, dt_node_t *n);
void dt_decl_tag(dt_sema_t *s, dt_node_t *n);

#endif /* DT_SEMA_H */
