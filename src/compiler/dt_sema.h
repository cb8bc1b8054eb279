/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_sema.h: what semantic analysis shares between its files: dt_sema.c (statements,
 * clauses, inlines, pragmas, the entry point), dt_sema_expr.c (expressions), dt_sema_var.c
 * (D variables), dt_sema_act.c (actions and aggregations) and dt_decl.c (declarations:
 * types, typedefs, translators, providers).
 */
#ifndef DT_SEMA_H
#define DT_SEMA_H

#include "../common/dt_program.h"
#include "../runtime/dt_runtime.h"
#include "dt_compiler.h"

/* A #pragma D attributes A name: name must be something the program defines. */
typedef struct dt_attr_pragma {
	dt_node_t *n;
	const char *name;
} dt_attr_pragma_t;

/* A name #pragma D attributes gave attributes (a D library's too). */
typedef struct dt_attr_name {
	const char *name;
	dt_attr_t attr;
} dt_attr_name_t;

/* What dt_sema_attr_post needs to know of an expression as it was before its analysis. */
typedef struct dt_attr_pre {
	dt_node_kind_t kind;
	const char *text, *tname;
	dt_node_t *left;
	bool is_args;
	dt_attr_t types;	/* the enclosing expression's type_attr so far */
} dt_attr_pre_t;

typedef struct dt_sema {
	dt_compile_t *cc;
	dt_handle_t *dtp;
	dt_program_t *prog;
	dt_clause_t *clause;
	const char *where;	/* "in predicate" / "in action list" for resolution errors */
	uint32_t *probe_seen;	/* by probe id: 0, or the index + 1 of the last clause that
				 * enables it (it is in prog->probes and in that clause's) */
	size_t nprobe_seen;
	/* Per aggregation: the widest string seen at each key position, for the layout. */
	DT_VEC(uint32_t *) agg_keycap;
	int in_if;		/* depth of if statements around the statement being analysed */
	unsigned clsflags;	/* DT_CLS_*: what the clause did so far (speculations) */
	DT_VEC(dt_node_t *) inlines;	/* inline definitions so far (DT_NODE_INLINE) */
	DT_VEC(dt_node_t *) xlators;	/* translator definitions so far (DECL TOK_TRANSLATOR) */
	DT_VEC(const char *) assigned;	/* names the clause being read assigns */
	DT_VEC(dt_attr_pragma_t) attr_pragmas;	/* #pragma D attributes, by the name they set */
	bool in_lib;		/* analysing a D library: its translators are checked on first use */
	bool in_inline;		/* analysing an inline's definition */
	dt_node_t *member_of;	/* the left side of the member access being analysed */
	dt_node_t *addr_of;	/* the operand of the & being analysed */
	/* stability (dt_sema_attr.c) */
	dt_probe_t *pd_first;	/* the first probe the description being matched matches */
	int attr_quiet;		/* inside an inline's or translator's definition at a use */
	unsigned attr_errs;	/* D_ATTR_MIN errors so far */
	dt_attr_t type_attr;	/* the least of the types the expression being analysed names */
	DT_VEC(dt_attr_name_t) attr_names;	/* #pragma D attributes, in order */
} dt_sema_t;

/* Every error names the region it is in (predicate, action list), as DTrace does for -n. */
#define ERR(s, tag, node, ...)                                                               \
	(dt_diag_error(&(s)->cc->diags, tag, (node)->loc, __VA_ARGS__)->region = (s)->where)
/* The same at a location: a node's with the line DTrace names (dline) of another construct. */
#define ERR_AT(s, tag, loc, ...)                                                             \
	(dt_diag_error(&(s)->cc->diags, tag, loc, __VA_ARGS__)->region = (s)->where)

/* A built-in variable (dt_sema_expr.c's table). */
struct dt_bvar {
	const char *name;
	int id;
	const char *type;	/* "string" or a built-in typedef/int name */
};

/* A function a D program calls: an action, a record-value function, an aggregating one. */
struct dt_func {
	const char *name;
	dt_ident_kind_t kind;	/* DT_IDENT_ACTION, DT_IDENT_VALFN or DT_IDENT_AGGFUNC */
	int id;
};

static inline bool
dt_is_int(const dt_type_t *t)
{
	return t && (t->kind == DT_TYPE_INT || t->kind == DT_TYPE_ENUM);
}

static inline bool
dt_is_string(const dt_type_t *t)
{
	return t && t->kind == DT_TYPE_STRING;
}

static inline bool
dt_is_scalar(const dt_type_t *t)
{
	return t && (dt_is_int(t) || t->kind == DT_TYPE_PTR);
}

/* NULL, or the integer constant 0 (C's null pointer constant) */
static inline bool
dt_is_null(const dt_node_t *n)
{
	uint64_t v;

	return dt_fold_value(n, &v) && v == 0;
}

static inline const char *
dt_type_name(const dt_type_t *t)
{
	return t ? t->name : "<error>";
}

/* C's integer promotions: anything narrower than int becomes int. */
static inline const dt_type_t *
dt_promote(dt_compile_t *cc, const dt_type_t *t)
{
	if (t->kind == DT_TYPE_ENUM || t->size < 4)
		return dt_type_int(cc, 4, true);
	return t;
}

/*
 * D's arithmetic conversions for two integer types: C's without the promotion to int, as
 * DTrace does them (the larger type; at equal size the unsigned one), so unsigned char +
 * unsigned char is unsigned char (and wraps at 8 bits, dt_cg_arith). An enum is an int.
 */
static inline const dt_type_t *
dt_arith_conv(dt_compile_t *cc, const dt_type_t *a, const dt_type_t *b)
{
	if (a->kind == DT_TYPE_ENUM)
		a = dt_type_int(cc, 4, true);
	if (b->kind == DT_TYPE_ENUM)
		b = dt_type_int(cc, 4, true);
	if (a->size == b->size) {
		if (a->is_signed == b->is_signed)
			return a;
		return a->is_signed ? b : a;
	}
	return a->size > b->size ? a : b;
}

/* dt_sema.c */
dt_recitem_t dt_sema_item_for(dt_sema_t *s, const dt_node_t *e, uint32_t *off);
bool dt_sema_inline_call(dt_sema_t *s, dt_node_t *n);

/* dt_sema_expr.c */
void dt_sema_expr(dt_sema_t *s, dt_node_t *n);
const dt_type_t *dt_sema_ktype(dt_sema_t *s, dt_node_t *at, const char *spelling);
const struct dt_func *dt_sema_func_lookup(const char *name);
extern const char *const dt_sema_aggfunc_names[];
const struct dt_bvar *dt_sema_builtin(const char *name);
bool dt_sema_find_var(dt_sema_t *s, const char *name);
bool dt_sema_is_kptr_var(dt_sema_t *s, const dt_node_t *id);
void dt_sema_note_assigned(dt_sema_t *s, const dt_node_t *n);
bool dt_sema_assigned_later(dt_sema_t *s, const char *name);
bool dt_sema_reported(dt_sema_t *s, dt_errtag_t tag, const char *msg);
bool dt_sema_no_action(dt_sema_t *s, const dt_node_t *e);

/* dt_sema_var.c */
dt_var_t *dt_sema_var_find(dt_sema_t *s, dt_varkind_t kind, const char *name);
bool dt_sema_var_unknown(dt_sema_t *s, dt_node_t *n);
dt_var_t *dt_sema_var_new(dt_sema_t *s, dt_varkind_t kind, const char *name,
			  const dt_type_t *t);
void dt_sema_var_set_keys(dt_sema_t *s, dt_var_t *v, dt_node_t *const *keys, int nkeys);
extern const char *const dt_sema_vk_prefix[];
bool dt_sema_keys_fit(dt_sema_t *s, const dt_nodes_t *keys);
bool dt_sema_keys_valid(dt_sema_t *s, const dt_nodes_t *keys, const char *what);
bool dt_sema_keys_match(dt_sema_t *s, dt_node_t *at, const char *prefix, const char *name,
			const dt_nodes_t *keys, const dt_recitem_t *want, int nwant);
dt_var_t *dt_sema_var(dt_sema_t *s, dt_node_t *n, const dt_type_t *assign);
dt_var_t *dt_sema_varref(dt_sema_t *s, dt_node_t *n, const dt_type_t *assign);
bool dt_sema_is_assoc(dt_sema_t *s, const dt_node_t *n);
bool dt_sema_is_dmem(dt_sema_t *s, const dt_node_t *n);
bool dt_sema_copy_assign(dt_sema_t *s, dt_node_t *n, const dt_type_t *lt);
void dt_sema_dmem_assign(dt_sema_t *s, dt_node_t *n, const dt_type_t *rt);

/* dt_sema_act.c */
bool dt_sema_is_object(const dt_type_t *t);
void dt_sema_action(dt_sema_t *s, dt_node_t *call, const struct dt_func *f);
dt_aggdesc_t *dt_sema_agg_lookup(dt_sema_t *s, const char *name);
void dt_sema_aggregate(dt_sema_t *s, dt_node_t *assign);
void dt_sema_agg_layout(dt_sema_t *s);

/* dt_sema_attr.c */
void dt_sema_attr_pragma(dt_sema_t *s, const char *name, dt_attr_t a);
dt_attr_t dt_sema_type_attr(const dt_type_t *t);
/* A probe description of clause cl matched nmatch probes: its attributes, checked. */
void dt_sema_attr_desc(dt_sema_t *s, dt_node_t *cl, dt_node_t *pd, int nmatch);
/* Around the analysis of expression n: its attributes, checked where it names something. */
void dt_sema_attr_pre(dt_sema_t *s, dt_node_t *n, dt_attr_pre_t *pre);
void dt_sema_attr_post(dt_sema_t *s, dt_node_t *n, const dt_attr_pre_t *pre);
/* After clause n's body: its statement attributes, checked if nothing was since errs. */
void dt_sema_attr_clause(dt_sema_t *s, dt_node_t *n, unsigned errs);

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
 * defines; n keeps those assignments in its list (assign_kind DT_ASSIGN_XLCOPY).
 */
void dt_decl_xlate_assign(dt_sema_t *s, dt_node_t *n);

/* typedef T name;  and a declaration that declares no variable: struct s { ... }; */
void dt_decl_typedef(dt_sema_t *s, dt_node_t *n);
void dt_decl_tag(dt_sema_t *s, dt_node_t *n);

#endif /* DT_SEMA_H */
