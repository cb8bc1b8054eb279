/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_sema_var.c: D variables in semantic analysis (part of sema, see dt_sema.c): globals,
 * this-> and self-> variables and associative arrays get their type at first assignment (or
 * declaration) and keep it; their keys are checked against the first use; struct-valued
 * variables (dmem) are copied member-wise.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../providers/dt_provider.h"
#include "../runtime/dt_runtime.h"
#include "dt_compiler.h"
#include "dt_sema.h"


/*
 * Solaris's built-in variables that Linux has no counterpart for, and why: a script that
 * names one is told so, not only that the name is unknown.
 */
static const struct {
	const char *name, *why;
} dt_sema_absent_vars[] = {
	{"zonename", "zonename is the Solaris zone a thread runs in; Linux has no zones (a "
		     "container is namespaces and cgroups: see curthread->nsproxy)"},
	{"ipl", "ipl is Solaris's interrupt priority level; Linux has none (its interrupt "
		"state is the per-CPU preempt count, which this dtrace does not read)"},
};

static const char *
dt_sema_var_absent(const char *name)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_sema_absent_vars); i++)
		if (strcmp(dt_sema_absent_vars[i].name, name) == 0)
			return dt_sema_absent_vars[i].why;
	return NULL;
}

/* ---- D variables ---------------------------------------------------------------------- */

dt_var_t *
dt_sema_var_find(dt_sema_t *s, dt_varkind_t kind, const char *name)
{
	for (size_t i = 0; i < s->prog->vars.len; i++) {
		dt_var_t *v = s->prog->vars.data[i];

		if (v->kind == kind && strcmp(v->name, name) == 0)
			return v;
	}
	return NULL;
}

static uint32_t
dt_var_slot(dt_sema_t *s, const dt_type_t *t)
{
	const dt_type_t *rt = dt_type_resolve(t);

	if (rt->kind == DT_TYPE_STRUCT || rt->kind == DT_TYPE_UNION || rt->kind == DT_TYPE_ARRAY)
		return (uint32_t)DT_ALIGN(rt->size, 8);
	return t->kind == DT_TYPE_STRING ? (uint32_t)DT_ALIGN(dt_strslot(s->dtp), 8) : 8;
}

/* A new variable of a kind and type; place it. */
dt_var_t *
dt_sema_var_new(dt_sema_t *s, dt_varkind_t kind, const char *name, const dt_type_t *t)
{
	dt_var_t *v = dt_arena_alloc(&s->cc->arena, sizeof(*v));
	dt_program_t *p = s->prog;

	v->name = name;
	v->kind = kind;
	v->type = t;
	v->size = dt_var_slot(s, t);
	switch (kind) {
	case DT_VK_GLOBAL:
		v->offset = p->globals_size;
		p->globals_size += v->size;
		break;
	case DT_VK_THIS:
		v->offset = p->this_size;
		p->this_size += v->size;
		break;
	case DT_VK_SELF: case DT_VK_ASSOC:
		v->dynid = p->ndynvars++;
		break;
	}
	dt_vec_push(&p->vars, v);
	return v;
}


/* The type a variable takes from its first assignment: integers keep theirs (at least int). */
static const dt_type_t *
dt_var_type_of(dt_sema_t *s, const dt_type_t *t)
{
	if (dt_is_int(t) && t->size < 4)
		return dt_type_int(s->cc, 4, true);
	return t;
}

/*
 * The key layout of associative array v from its keys (expressions, or in a declaration
 * nodes that only carry a type); self->a[...] is keyed by the thread first.
 */
void
dt_sema_var_set_keys(dt_sema_t *s, dt_var_t *v, dt_node_t *const *keys, int nkeys)
{
	uint32_t off = v->per_thread ? 8 : 0;

	v->nkeys = nkeys;
	v->keys = dt_arena_alloc(&s->cc->arena, sizeof(dt_recitem_t) * (size_t)(nkeys + 1));
	for (int i = 0; i < nkeys; i++) {
		v->keys[i] = dt_sema_item_for(s, keys[i], &off);
		/* Keys of associative arrays hold any string: full strsize slots. */
		if (v->keys[i].kind == DT_REC_STRING) {
			off -= v->keys[i].size;
			v->keys[i].size = (uint32_t)DT_ALIGN(dt_strslot(s->dtp), 8);
			off += v->keys[i].size;
		}
	}
	v->keysize = off;
}

const char *const dt_sema_vk_prefix[] = {
	[DT_VK_GLOBAL] = "", [DT_VK_THIS] = "this->", [DT_VK_SELF] = "self->", [DT_VK_ASSOC] = "",
};

/*
 * At most tregs + 1 keys (-x tregs, 8 by default): DTrace's code generator takes one key
 * more than it has tuple registers, and refuses the next in words that name no line (an
 * error of its code generator, not of the program's text). The caret shows the first key
 * too many.
 */
bool
dt_sema_keys_fit(dt_sema_t *s, const dt_nodes_t *keys)
{
	size_t max = s->dtp ? s->dtp->opts.tregs + 1 : DT_MAX_TUPLE;
	dt_loc_t loc;

	if (keys->len <= max)
		return true;
	loc = keys->data[max]->loc;
	loc.dline = DT_LINE_NONE;
	dt_diag_error(&s->cc->diags, D_PROTO_LEN, loc, "Insufficient tuple registers to "
		      "generate code");
	return false;
}

/*
 * The keys of a first use: no void (an action's value), as DTrace's D_KEY_TYPE says, and no
 * more than its tuple registers hold (dt_sema_keys_fit).
 */
bool
dt_sema_keys_valid(dt_sema_t *s, const dt_nodes_t *keys, const char *what)
{
	if (!dt_sema_keys_fit(s, keys))
		return false;
	for (size_t i = 0; i < keys->len; i++) {
		dt_node_t *k = keys->data[i];

		if (k->type && dt_type_resolve(k->type)->kind == DT_TYPE_VOID) {
			ERR(s, D_KEY_TYPE, k, "void expression may not be used as %s index: key "
			    "#%zu", what, i + 1);
			return false;
		}
		if (k->type && (dt_type_resolve(k->type)->kind == DT_TYPE_STRUCT ||
				dt_type_resolve(k->type)->kind == DT_TYPE_UNION) &&
		    k->kind != DT_NODE_MEMBER && !(k->kind == DT_NODE_UNARY && k->op == TOK_STAR) &&
		    !dt_sema_is_dmem(s, k)) {
			/* a struct key is its bytes, copied from where the struct is */
			ERR(s, D_UNSUPPORTED, k, "a %s key needs an object in memory (a variable, a "
			    "member or a dereference)", k->type->name);
			return false;
		}
	}
	return true;
}

/*
 * The keys of a later use of an aggregation or associative array match its first use:
 * DTrace's prototype errors, "@a[ ]" or "a[ ]". Their types were analysed already.
 */
bool
dt_sema_keys_match(dt_sema_t *s, dt_node_t *at, const char *prefix, const char *name,
		   const dt_nodes_t *keys, const dt_recitem_t *want, int nwant)
{
	int n = (int)keys->len;

	if (n != nwant) {
		ERR(s, D_PROTO_LEN, at, "%s%s[ ] prototype mismatch: %d key%s passed, %d expected",
		    prefix, name, n, n == 1 ? "" : "s", nwant);
		return false;
	}
	for (int i = 0; i < n; i++) {
		dt_node_t *k = keys->data[i];

		bool sou = k->type && dt_sema_is_object(k->type) &&
			   dt_type_resolve(k->type)->kind != DT_TYPE_ARRAY;

		if (k->type && (dt_is_string(k->type) != (want[i].kind == DT_REC_STRING) ||
				sou != (want[i].kind == DT_REC_BYTES) ||
				(sou && strcmp(k->type->name, want[i].type_name) != 0) ||
				dt_type_resolve(k->type)->kind == DT_TYPE_VOID)) {
			ERR(s, D_PROTO_ARG, k, "%s%s[ ] key #%d is incompatible with "
			    "prototype:\n\tprototype: %s\n\t      key: %s", prefix, name, i + 1,
			    want[i].type_name, k->type->name);
			return false;
		}
	}
	return true;
}

/*
 * The kind and name of variable reference n (IDENT, SELF, THIS, or INDEX of an IDENT or SELF),
 * and in *refp the node naming it; NULL (error given) for subscripts of anything else.
 */
static const char *
dt_sema_var_name(dt_sema_t *s, dt_node_t *n, dt_varkind_t *kindp, dt_node_t **refp)
{
	dt_varkind_t kind = DT_VK_GLOBAL;	/* an IDENT; the switch names the others */
	dt_node_t *ref = n;

	switch (n->kind) {
	case DT_NODE_SELF: kind = DT_VK_SELF; break;
	case DT_NODE_THIS: kind = DT_VK_THIS; break;
	case DT_NODE_INDEX:
		kind = DT_VK_ASSOC;
		ref = n->left;
		if (ref->kind != DT_NODE_IDENT && ref->kind != DT_NODE_SELF) {
			ERR(s, D_UNSUPPORTED, n, "subscripts of this expression are not supported yet");
			return NULL;
		}
		break;
	case DT_NODE_PROGRAM: case DT_NODE_CLAUSE: case DT_NODE_PDESC: case DT_NODE_PRAGMA:
	case DT_NODE_DECL: case DT_NODE_INLINE: case DT_NODE_TYPEDEF: case DT_NODE_BLOCK:
	case DT_NODE_EXPR_STMT: case DT_NODE_IF: case DT_NODE_EMPTY: case DT_NODE_INT:
	case DT_NODE_STRING: case DT_NODE_IDENT: case DT_NODE_AGG: case DT_NODE_MACRO:
	case DT_NODE_SYMBOL: case DT_NODE_BINARY: case DT_NODE_LOGICAL: case DT_NODE_UNARY:
	case DT_NODE_POSTFIX: case DT_NODE_ASSIGN: case DT_NODE_TERNARY: case DT_NODE_CALL:
	case DT_NODE_MEMBER: case DT_NODE_CAST: case DT_NODE_SIZEOF: case DT_NODE_OFFSETOF:
	case DT_NODE_STRINGOF: case DT_NODE_XLATE: case DT_NODE_TYPENAME: case DT_NODE_COUNT:
		break;
	}
	*kindp = kind;
	*refp = ref;
	return kind == DT_VK_ASSOC && ref->kind == DT_NODE_SELF
	       ? dt_arena_printf(&s->cc->arena, "self->%s", ref->text)
	       : ref->text;
}

/*
 * Is variable reference n (x, self->x, this->x, a[k]) to a variable nothing named so far?
 * x op= e reads x first: DTrace refuses it then (D_VAR_UNDEF), where x = e would make it.
 */
bool
dt_sema_var_unknown(dt_sema_t *s, dt_node_t *n)
{
	dt_varkind_t kind;
	dt_node_t *ref;
	const char *name = dt_sema_var_name(s, n, &kind, &ref);

	if (!name || dt_sema_var_find(s, kind, name))
		return false;
	ERR(s, D_VAR_UNDEF, n, "%s%s has not yet been declared or assigned",
	    kind == DT_VK_SELF ? "self->" : kind == DT_VK_THIS ? "this->" : "", name);
	return true;
}

/*
 * Resolve a variable reference: IDENT (global), SELF, THIS, or INDEX whose base is an IDENT
 * naming an associative array. "assign" is the type being assigned when the reference is the
 * target of a plain "=" (NULL otherwise): an unknown variable is then created with it.
 * Thread-local and clause-local variables read before any assignment are int64_t, as DTrace
 * lets them be (their value is 0 until assigned). Returns the variable or NULL (error given).
 */
dt_var_t *
dt_sema_var(dt_sema_t *s, dt_node_t *n, const dt_type_t *assign)
{
	dt_varkind_t kind;
	const char *name;
	dt_node_t *ref;
	dt_var_t *v;

	name = dt_sema_var_name(s, n, &kind, &ref);
	if (!name)
		return NULL;
	v = dt_sema_var_find(s, kind, name);
	if (!v && kind == DT_VK_ASSOC && dt_sema_var_find(s, DT_VK_GLOBAL, name)) {
		ERR(s, D_IDENT_BADREF, n, "%s is a scalar variable, not an associative array", name);
		return NULL;
	}
	if (!v && kind == DT_VK_GLOBAL && dt_sema_var_find(s, DT_VK_ASSOC, name)) {
		ERR(s, D_IDENT_BADREF, n, "associative array '%s' may not be referenced as scalar",
		    name);
		return NULL;
	}
	if (!v) {
		const dt_type_t *t = assign;

		/* read before the assignment that makes it, later in the program: int64_t, as
		 * an unset self-> or this-> variable */
		if (!t && (kind == DT_VK_SELF || kind == DT_VK_THIS ||
			   (kind == DT_VK_GLOBAL && dt_sema_assigned_later(s, name))))
			t = dt_type_int(s->cc, 8, true);
		if (!t) {
			const char *msg = dt_arena_printf(&s->cc->arena, "failed to resolve %s: "
							  "Unknown variable name", name);

			if (!dt_sema_reported(s, D_IDENT_UNDEF, msg)) {
				dt_diag_t *d = dt_diag_error(&s->cc->diags, D_IDENT_UNDEF,
							     ref->loc, "%s", msg);
				const char *why = kind == DT_VK_GLOBAL ? dt_sema_var_absent(name)
								       : NULL;

				d->region = s->where;
				if (why)
					dt_diag_hint(&s->cc->diags, d, "%s", why);
			}
			return NULL;
		}
		if (kind == DT_VK_ASSOC && !dt_sema_keys_valid(s, &n->list, "associative array"))
			return NULL;
		v = dt_sema_var_new(s, kind, name, dt_var_type_of(s, t));
		v->implicit = !assign;
		if (kind == DT_VK_ASSOC) {
			v->per_thread = ref->kind == DT_NODE_SELF;
			dt_sema_var_set_keys(s, v, n->list.data, (int)n->list.len);
		}
	} else if (v->implicit && assign && dt_is_int(assign) && dt_is_int(v->type)) {
		v->implicit = false;	/* stays int64_t: earlier reads were typed so */
	}
	if (kind == DT_VK_ASSOC &&
	    !dt_sema_keys_match(s, n, "", name, &n->list, v->keys, v->nkeys))
		return NULL;
	n->ident_kind = DT_IDENT_DVAR;
	n->ident_id = (int)(s->prog->vars.len);
	for (size_t i = 0; i < s->prog->vars.len; i++)
		if (s->prog->vars.data[i] == v)
			n->ident_id = (int)i;
	n->type = v->type;
	n->is_lvalue = true;
	(void)dt_sema_vk_prefix;
	return v;
}

/* Subscripts first (they are expressions), then the variable. */
dt_var_t *
dt_sema_varref(dt_sema_t *s, dt_node_t *n, const dt_type_t *assign)
{
	if (n->kind == DT_NODE_INDEX) {
		for (size_t i = 0; i < n->list.len; i++) {
			dt_sema_expr(s, n->list.data[i]);
			if (!n->list.data[i]->type)
				return NULL;
		}
	}
	return dt_sema_var(s, n, assign);
}

/*
 * Is INDEX node n a reference to an associative array (a[k], self->a[k])? Not when the name
 * is a variable already that subscripts index through: a pointer, an array or a string
 * (s[1] is a string's second char, as in DTrace).
 */
bool
dt_sema_is_assoc(dt_sema_t *s, const dt_node_t *n)
{
	const dt_var_t *v;

	if (n->left->kind == DT_NODE_SELF) {
		v = dt_sema_var_find(s, DT_VK_SELF, n->left->text);
		return !v || !dt_is_string(v->type);
	}
	return n->left->kind == DT_NODE_IDENT && !dt_sema_builtin(n->left->text) &&
	       !dt_sema_is_kptr_var(s, n->left);
}

/*
 * Is analysed node n a part of a global or clause-local struct, union or array variable,
 * or of a thread-local or associative struct (x.m, x.a[i], a[i], this->x.m, self->s.m,
 * i["k"].m): D's own memory, which assignments may write?
 */
bool
dt_sema_is_dmem(dt_sema_t *s, const dt_node_t *n)
{
	const dt_var_t *v;

	for (;;) {
		if (n->kind == DT_NODE_MEMBER && n->op == TOK_DOT)
			n = n->left;
		else if (n->kind == DT_NODE_INDEX && n->ident_kind == DT_IDENT_KINDEX &&
			 (n->left->char_array ||
			  dt_type_resolve(n->left->type)->kind == DT_TYPE_ARRAY))
			n = n->left;
		else
			break;
	}
	if ((n->kind != DT_NODE_IDENT && n->kind != DT_NODE_THIS && n->kind != DT_NODE_SELF &&
	     n->kind != DT_NODE_INDEX) || n->ident_kind != DT_IDENT_DVAR)
		return false;
	v = s->prog->vars.data[n->ident_id];
	/* a thread-local or associative struct is its element, created when written */
	return v->kind == DT_VK_GLOBAL || v->kind == DT_VK_THIS || dt_sema_is_object(v->type);
}

/*
 * Is n an object reached through a pointer a D variable holds: *p, p->m, p[i] (the pointer
 * perhaps cast), or a member or element of one? DTrace lets a program write there, as the
 * pointer's variable is writable; at run time only the clause's scratch space (alloca(),
 * copyin()) takes the store, and any other address is an invalid address fault.
 */
static bool
dt_sema_is_ptrobj(const dt_node_t *n)
{
	while ((n->kind == DT_NODE_MEMBER && n->op == TOK_DOT) ||
	       (n->kind == DT_NODE_INDEX && n->ident_kind == DT_IDENT_KINDEX &&
		(n->left->char_array || dt_type_resolve(n->left->type)->kind == DT_TYPE_ARRAY)))
		n = n->left;
	if (!(n->kind == DT_NODE_UNARY && n->op == TOK_STAR) &&
	    !(n->kind == DT_NODE_MEMBER && n->op == TOK_ARROW) &&
	    !(n->kind == DT_NODE_INDEX && n->ident_kind == DT_IDENT_KINDEX))
		return false;
	for (n = n->left; n->kind == DT_NODE_CAST; n = n->left)
		;
	return n->ident_kind == DT_IDENT_DVAR;
}

/*
 * x = y of structs or unions: a copy of y's bytes, so y must be an object in memory of the
 * same type. Marks n (assign_kind DT_ASSIGN_COPY) and returns true when n is one (even in
 * error).
 */
bool
dt_sema_copy_assign(dt_sema_t *s, dt_node_t *n, const dt_type_t *lt)
{
	dt_node_t *r = n->right;
	const dt_type_t *rl = dt_type_resolve(lt);

	if (rl->kind != DT_TYPE_STRUCT && rl->kind != DT_TYPE_UNION)
		return false;
	if (n->op != TOK_ASSIGN || !dt_type_equal(lt, r->type)) {
		ERR(s, D_OP_INCOMPAT, n, "operands have incompatible types: \"%s\" %s \"%s\"",
		    lt->name, dt_tok_name(n->op), r->type->name);
		return true;
	}
	if (!dt_sema_is_dmem(s, r) && r->kind != DT_NODE_MEMBER &&
	    !(r->kind == DT_NODE_UNARY && r->op == TOK_STAR) &&
	    !(r->kind == DT_NODE_INDEX && r->ident_kind == DT_IDENT_KINDEX)) {
		ERR(s, D_UNSUPPORTED, r, "a %s can be copied only from a variable or an object in "
		    "memory", lt->name);
		return true;
	}
	n->type = lt;
	n->assign_kind = DT_ASSIGN_COPY;
	return true;
}

/*
 * x.m = e, a[i] op= e, ++x.m ...: a store into D memory (marked DT_IDENT_KINDEX on the
 * assignment). The target's type decides: integers, pointers, or a char array taking a
 * string.
 */
void
dt_sema_dmem_assign(dt_sema_t *s, dt_node_t *n, const dt_type_t *rt)
{
	dt_node_t *l = n->left;
	const char *op = dt_tok_name(n->op);

	dt_sema_expr(s, l);
	if (!l->type)
		return;
	if (!dt_sema_is_dmem(s, l) && !dt_sema_is_ptrobj(l)) {
		/* kernel memory, or memory through a pointer no variable holds: an lvalue
		 * DTrace does not let a program write */
		ERR(s, D_OP_WRITE, n, "operator %s can only be applied to a writable variable",
		    op);
		return;
	}
	if (rt && dt_sema_copy_assign(s, n, l->type)) {
		n->ident_kind = DT_IDENT_KINDEX;
		return;
	}
	if (dt_is_string(l->type)) {
		if (n->kind != DT_NODE_ASSIGN || n->op != TOK_ASSIGN || !dt_is_string(rt)) {
			ERR(s, D_OP_INCOMPAT, n, "operands have incompatible types: \"%s\" %s \"%s\"",
			    l->type->name, op, rt ? rt->name : "int");
			return;
		}
	} else if (!dt_is_scalar(l->type)) {
		ERR(s, D_OP_SCALAR, n, "operator %s requires an operand of scalar type: %s", op,
		    l->type->name);
		return;
	} else if (!rt || n->op != TOK_ASSIGN) {
		if (!dt_is_int(l->type) || (rt && !dt_is_int(rt))) {
			ERR(s, D_OP_INT, n, "operator %s requires operands of integral type", op);
			return;
		}
	} else if (!dt_is_scalar(rt)) {
		ERR(s, D_OP_INCOMPAT, n, "operands have incompatible types: \"%s\" = \"%s\"",
		    l->type->name, rt->name);
		return;
	}
	n->type = l->type;
	n->ident_kind = DT_IDENT_KINDEX;
}
