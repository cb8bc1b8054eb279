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
	DT_VEC(dt_node_t *) inlines;	/* inline definitions so far (DT_NODE_INLINE) */
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

/* typedef T name;  and a declaration that declares no variable: struct s { ... }; */
void dt_decl_typedef(dt_sema_t *s, dt_node_t *n);
void dt_decl_tag(dt_sema_t *s, dt_node_t *n);

#endif /* DT_SEMA_H */
