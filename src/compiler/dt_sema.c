/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_sema.c: semantic analysis: from the parsed AST to a typed AST and a dt_program_t.
 *
 *   AST --match probe descriptions--> clause probe sets
 *       --resolve names, type expressions--> typed nodes (node->type, ident_kind/id)
 *       --lay out records and aggregation keys--> dt_clause_t actions, dt_aggdesc_t
 *
 * Errors are collected in cc->diags with DTrace's tags and wording; analysis goes on after an
 * error so one run reports several. Nothing here touches the kernel: probe matching reads the
 * handle's probe table, which the providers filled from compiled-in tables.
 *
 * This file holds the entry point (dt_sema_program), statements, clauses, inlines, D
 * declarations and pragmas; expressions are in dt_sema_expr.c, D variables in dt_sema_var.c,
 * actions and aggregations in dt_sema_act.c, type declarations and translators in
 * dt_decl.c. dt_sema.h is what they share.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/dt_pfmt.h"
#include "../providers/dt_provider.h"
#include "../runtime/dt_runtime.h"
#include "dt_compiler.h"
#include "dt_sema.h"

/* ---- helpers -------------------------------------------------------------------------- */

uint32_t
dt_sema_strcap(dt_compile_t *cc, const dt_node_t *n, uint32_t strsize)
{
	uint32_t cap = strsize;

	switch (n->kind) {
	case DT_NODE_STRING:
		cap = (uint32_t)n->textlen + 1;
		break;
	case DT_NODE_IDENT:
		if (n->ident_kind == DT_IDENT_VAR && n->ident_id == DT_VAR_EXECNAME)
			cap = 16;
		else if (n->ident_kind == DT_IDENT_VAR && n->ident_id >= DT_VAR_PROBEPROV &&
			 n->ident_id <= DT_VAR_PROBENAME)
			cap = DT_PRB_FIELD;
		else if (n->ident_kind == DT_IDENT_VAR && n->ident_id == DT_VAR_PSARGS)
			cap = 80;	/* PRARGSZ */
		break;
	case DT_NODE_MEMBER: case DT_NODE_UNARY:
		if (n->char_array)
			cap = n->char_array;
		break;
	case DT_NODE_STRINGOF:
		/* of a string (a kernel char array): that string's buffer (dt_cg.c) */
		if (n->left && n->left->type && n->left->type->kind == DT_TYPE_STRING)
			cap = dt_sema_strcap(cc, n->left, strsize);
		break;
	case DT_NODE_TERNARY:
		cap = DT_MAX(dt_sema_strcap(cc, n->left, strsize),
			     dt_sema_strcap(cc, n->right, strsize));
		break;
	case DT_NODE_CALL:
		/* subroutines whose result fits in less than strsize (dt_cg_subr.c's buffers) */
		if (n->ident_kind != DT_IDENT_SUBR)
			break;
		switch ((dt_subr_id_t)n->ident_id) {
		case DT_SUBR_SUBSTR: case DT_SUBR_STRSTR: case DT_SUBR_STRCHR:
		case DT_SUBR_STRRCHR: case DT_SUBR_TOUPPER: case DT_SUBR_TOLOWER:
		case DT_SUBR_BASENAME: case DT_SUBR_DIRNAME: case DT_SUBR_CLEANPATH:
			/* a part or a copy of the first argument ("." and "/" fit in 2) */
			cap = DT_MAX(dt_sema_strcap(cc, n->list.data[0], strsize), 2u);
			break;
		case DT_SUBR_LLTOSTR:
			cap = 72;	/* 64 binary digits, a sign or a prefix, the NUL */
			break;
		case DT_SUBR_INET_NTOA:
			cap = 16;	/* 255.255.255.255 */
			break;
		case DT_SUBR_INET_NTOA6: case DT_SUBR_INET_NTOP:
			cap = 48;	/* INET6_ADDRSTRLEN (46), rounded up */
			break;
		case DT_SUBR_LINK_NTOP:
			cap = 60;	/* 20 bytes of an InfiniBand address, 3 characters each */
			break;
		case DT_SUBR_COPYINSTR: case DT_SUBR_STRJOIN: case DT_SUBR_STRTOK:
		case DT_SUBR_D_PATH: case DT_SUBR_FI_PATHNAME: case DT_SUBR_FI_MOUNT:
			break;	/* up to strsize */
		case DT_SUBR_STRLEN: case DT_SUBR_INDEX: case DT_SUBR_RINDEX:
		case DT_SUBR_STRTOLL: case DT_SUBR_HTONS: case DT_SUBR_HTONL:
		case DT_SUBR_HTONLL: case DT_SUBR_NTOHS: case DT_SUBR_NTOHL:
		case DT_SUBR_NTOHLL: case DT_SUBR_RAND: case DT_SUBR_GETMAJOR:
		case DT_SUBR_GETMINOR: case DT_SUBR_PROGENYOF: case DT_SUBR_SPECULATION:
		case DT_SUBR_ALLOCA: case DT_SUBR_COPYIN: case DT_SUBR_COPYINTO:
		case DT_SUBR_BCOPY: case DT_SUBR_MUTEX_OWNED: case DT_SUBR_MUTEX_OWNER:
		case DT_SUBR_MUTEX_TYPE_ADAPTIVE: case DT_SUBR_MUTEX_TYPE_SPIN:
		case DT_SUBR_COUNT:
			break;	/* not strings */
		}
		break;
	case DT_NODE_PROGRAM: case DT_NODE_CLAUSE: case DT_NODE_PDESC: case DT_NODE_PRAGMA:
	case DT_NODE_DECL: case DT_NODE_INLINE: case DT_NODE_TYPEDEF: case DT_NODE_BLOCK:
	case DT_NODE_EXPR_STMT: case DT_NODE_IF: case DT_NODE_EMPTY: case DT_NODE_INT:
	case DT_NODE_AGG: case DT_NODE_SELF: case DT_NODE_THIS: case DT_NODE_MACRO:
	case DT_NODE_SYMBOL: case DT_NODE_BINARY: case DT_NODE_LOGICAL: case DT_NODE_POSTFIX:
	case DT_NODE_ASSIGN: case DT_NODE_INDEX: case DT_NODE_CAST: case DT_NODE_SIZEOF:
	case DT_NODE_OFFSETOF: case DT_NODE_XLATE: case DT_NODE_TYPENAME:
	case DT_NODE_COUNT:
		break;
	}
	return DT_MIN(cap, strsize);
}

dt_recitem_t
dt_sema_item_for(dt_sema_t *s, const dt_node_t *e, uint32_t *off)
{
	dt_recitem_t it = {0};

	if (e->kind == DT_NODE_CALL && e->ident_kind == DT_IDENT_VALFN) {
		it.kind = DT_REC_INT;
		it.fmt = e->ident_id;
		/* see dt_program.h: user items start with the process id */
		it.size = it.fmt == DT_RECFMT_STACK    ? e->nframes * 8
			  : it.fmt == DT_RECFMT_USTACK ? e->nframes * 8 + 8
			  : DT_RECFMT_IS_USER(it.fmt)  ? 16
						       : 8;
		it.type_name = e->type->name;
		it.offset = *off;
		*off += it.size;
		return it;
	}
	if (dt_is_string(e->type)) {
		it.kind = DT_REC_STRING;
		it.size = (uint32_t)DT_ALIGN(dt_sema_strcap(s->cc, e, dt_strslot(s->dtp)), 8);
	} else if (e->type && dt_sema_is_object(e->type) &&
		   dt_type_resolve(e->type)->kind != DT_TYPE_ARRAY) {
		/* a struct or union (an associative array's key): its bytes */
		it.kind = DT_REC_BYTES;
		it.size = (uint32_t)DT_ALIGN(dt_type_resolve(e->type)->size, 8);
	} else {
		it.kind = DT_REC_INT;
		it.size = e->type ? e->type->size : 8;
		it.is_signed = e->type ? e->type->is_signed : true;
		if (e->type && dt_type_resolve(e->type)->kind == DT_TYPE_FLOAT)
			it.fmt = DT_RECFMT_FLOAT;
	}
	it.type_name = dt_type_name(e->type);
	it.offset = *off;
	*off += it.kind == DT_REC_INT ? 8 : it.size;
	return it;
}

/* ---- statements and clauses ----------------------------------------------------------- */

static void dt_sema_decl(dt_sema_t *s, dt_node_t *n);

static void
dt_sema_stmt(dt_sema_t *s, dt_node_t *n)
{
	switch (n->kind) {
	case DT_NODE_BLOCK:
		for (size_t i = 0; i < n->list.len; i++)
			dt_sema_stmt(s, n->list.data[i]);
		return;
	case DT_NODE_EMPTY:
		return;
	case DT_NODE_DECL:
		dt_sema_decl(s, n);
		return;
	case DT_NODE_EXPR_STMT: {
		dt_node_t *e = n->left;

		if (e->kind == DT_NODE_CALL) {
			const struct dt_func *f = dt_sema_func_lookup(e->text);

			if (!f) {
				ERR(s, D_FUNC_UNDEF, e, "failed to resolve %s: Unknown function "
				    "name", e->text);
				return;
			}
			if (f->kind == DT_IDENT_AGGFUNC || f->kind == DT_IDENT_SUBR) {
				dt_sema_expr(s, e);
				return;
			}
			if (f->kind == DT_IDENT_VALFN) {
				/*
				 * stack(); ustack(); func(pc); usym(pc); ... are actions that record
				 * their value (DTrace's dt_compile_fun: dt_action_ustack,
				 * dt_action_symmod), as trace() of it
				 */
				dt_node_t *t = dt_node_new(s->cc, DT_NODE_CALL, e->loc);

				t->text = "trace";
				dt_vec_push(&t->list, e);
				n->left = e = t;
				f = dt_sema_func_lookup("trace");
			}
			e->ident_kind = f->kind;
			e->ident_id = f->id;
			dt_sema_action(s, e, f);
			return;
		}
		if (e->kind == DT_NODE_ASSIGN && e->left->kind == DT_NODE_AGG) {
			dt_sema_aggregate(s, e);
			return;
		}
		if (e->kind == DT_NODE_AGG && dt_sema_agg_lookup(s, e->text)) {
			ERR(s, D_AGG_NULL, e, "expression has null effect: @%s", e->text);
			return;
		}
		dt_sema_expr(s, e);
		return;
	}
	case DT_NODE_IF:
		dt_sema_expr(s, n->cond);
		if (n->cond->type && !dt_is_scalar(n->cond->type))
			ERR(s, D_OP_SCALAR, n->cond, "if condition must be of scalar type");
		s->in_if++;
		dt_sema_stmt(s, n->left);
		if (n->right)
			dt_sema_stmt(s, n->right);
		s->in_if--;
		return;
	case DT_NODE_PROGRAM: case DT_NODE_CLAUSE: case DT_NODE_PDESC: case DT_NODE_PRAGMA:
	case DT_NODE_INLINE: case DT_NODE_TYPEDEF: case DT_NODE_INT: case DT_NODE_STRING:
	case DT_NODE_IDENT: case DT_NODE_AGG: case DT_NODE_SELF: case DT_NODE_THIS:
	case DT_NODE_MACRO: case DT_NODE_SYMBOL: case DT_NODE_BINARY: case DT_NODE_LOGICAL:
	case DT_NODE_UNARY: case DT_NODE_POSTFIX: case DT_NODE_ASSIGN: case DT_NODE_TERNARY:
	case DT_NODE_CALL: case DT_NODE_INDEX: case DT_NODE_MEMBER: case DT_NODE_CAST:
	case DT_NODE_SIZEOF: case DT_NODE_OFFSETOF: case DT_NODE_STRINGOF: case DT_NODE_XLATE:
	case DT_NODE_TYPENAME: case DT_NODE_COUNT:
		ERR(s, D_UNSUPPORTED, n, "%s is not supported yet in a clause body",
		    dt_node_kind_name(n->kind));
		return;
	}
}

static int
dt_sema_add_probe(dt_probe_t *prp, void *arg)
{
	dt_sema_t *s = arg;
	dt_clause_t *cl = s->clause;

	if (!s->pd_first)
		s->pd_first = prp;
	/* a clause's descriptions may match a probe twice: once in its list (fbt:::entry
	 * matches 60,000 probes: no search of the list) */
	if (prp->id >= s->nprobe_seen) {
		size_t n = DT_MAX((size_t)prp->id + 1, s->nprobe_seen * 2);

		s->probe_seen = dt_xrealloc(s->probe_seen, n * sizeof(*s->probe_seen));
		memset(s->probe_seen + s->nprobe_seen, 0, (n - s->nprobe_seen) *
		       sizeof(*s->probe_seen));
		s->nprobe_seen = n;
	}
	if (s->probe_seen[prp->id] == (uint32_t)cl->index + 1)
		return 0;
	if (!s->probe_seen[prp->id])
		dt_vec_push(&s->prog->probes, prp);
	s->probe_seen[prp->id] = (uint32_t)cl->index + 1;
	dt_vec_push(&cl->probes, prp);
	return 0;
}

static bool
dt_has_if(const dt_node_t *n)
{
	if (!n)
		return false;
	if (n->kind == DT_NODE_IF)
		return true;
	if (n->kind == DT_NODE_BLOCK)
		for (size_t i = 0; i < n->list.len; i++)
			if (dt_has_if(n->list.data[i]))
				return true;
	return false;
}

/*
 * What an identifier already names, as DTrace's redefinition errors say it, or NULL: built-in
 * variables, functions, inlines and D variables so far. DTrace prints the kind, a space and
 * "inline" or nothing: "scalar inline", "function ".
 */
static const char *
dt_sema_ident_kind(dt_sema_t *s, const char *name)
{
	const struct dt_func *f = dt_sema_func_lookup(name);

	for (size_t i = 0; i < s->inlines.len; i++)
		if (strcmp(s->inlines.data[i]->text, name) == 0)
			return "scalar inline";
	if (f)
		return f->kind == DT_IDENT_SUBR ? "function " : f->kind == DT_IDENT_AGGFUNC
			       ? "aggregating function " : "tracing function ";
	if (dt_sema_builtin(name) || dt_sema_var_find(s, DT_VK_GLOBAL, name))
		return "scalar ";
	if (dt_sema_var_find(s, DT_VK_ASSOC, name))
		return "associative array ";
	return NULL;
}

/*
 * a[e1, e2] where a is an inline with parameters: n becomes the inline (DT_IDENT_INLINE,
 * its definition analysed here with (T)e in place of each parameter). False when a is
 * not such an inline.
 */
bool
dt_sema_inline_call(dt_sema_t *s, dt_node_t *n)
{
	dt_node_t *d = NULL, *e;

	for (size_t i = 0; i < s->inlines.len; i++) {
		if (strcmp(s->inlines.data[i]->text, n->left->text) == 0)
			d = s->inlines.data[i];
	}
	if (!d || !d->list.len || dt_sema_find_var(s, n->left->text))
		return false;
	if (n->list.len != d->list.len) {
		ERR(s, D_PROTO_LEN, n, "%s[ ] prototype mismatch: %zu args passed, %zu expected",
		    d->text, n->list.len, d->list.len);
		return true;
	}
	e = dt_node_clone(s->cc, d->right);
	for (size_t i = 0; i < n->list.len; i++) {
		dt_node_t *a = n->list.data[i], *as_written = dt_node_clone(s->cc, a);
		dt_node_t *k = d->list.data[i];
		const dt_type_t *pt = dt_decl_type(s, k, NULL);

		dt_sema_expr(s, a);
		if (!a->type || !pt)
			return true;
		if (dt_is_string(pt) != dt_is_string(a->type) ||
		    (!dt_is_string(pt) && !dt_is_scalar(a->type))) {
			ERR(s, D_PROTO_ARG, a, "%s[ ] argument #%zu is incompatible with "
			    "prototype:\n\tprototype: %s\n\t argument: %s", d->text, i + 1,
			    pt->name, a->type->name);
			return true;
		}
		dt_decl_bind(s, e, k->right->text, k, as_written);
	}
	if (s->member_of == n)
		s->member_of = e;
	s->attr_quiet++;	/* the definition's, not the user's (dt_sema_attr.c) */
	dt_sema_expr(s, e);
	s->attr_quiet--;
	n->kind = DT_NODE_IDENT;
	n->text = d->text;
	n->ident_kind = DT_IDENT_INLINE;
	n->left = e;
	n->type = d->type;
	n->list.len = 0;
	return true;
}

/* inline type NAME = expr; : a named expression, analysed once, generated at each use. */
static void
dt_sema_inline(dt_sema_t *s, dt_node_t *n)
{
	dt_clause_t dummy = {0};
	const dt_type_t *t = n->tname ? dt_sema_ktype(s, n->tname, n->tname->text) : NULL;
	const char *prev = t ? dt_sema_ident_kind(s, n->text) : NULL;

	if (prev) {
		ERR(s, D_DECL_IDRED, n, "identifier redefined: %s\n\t current: inline "
		    "definition\n\tprevious: %s", n->text, prev);
		return;
	}
	if (!t || !n->left)
		return;
	for (size_t i = 0; i < n->list.len; i++) {
		dt_node_t *k = n->list.data[i];

		if (k->kind != DT_NODE_TYPENAME || !k->right) {
			ERR(s, D_DECL_PROTO_NAME, k, "parameter declaration requires a name: "
			    "parameter #%zu", i + 1);
			return;
		}
	}
	n->right = dt_node_clone(s->cc, n->left);	/* as written, for each use */
	for (size_t i = 0; i < n->list.len; i++) {
		/* inline int a[int x] = ...: analysed with a stand-in of x's type */
		dt_node_t *k = n->list.data[i];

		dt_decl_bind(s, n->left, k->right->text, k,
			     dt_decl_standin(s, k, dt_decl_type(s, k, NULL), k->loc));
	}
	if (s->in_lib) {
		/* a library's is analysed where used: defining it reads no kernel types */
		n->type = t;
		dt_vec_push(&s->inlines, n);
		return;
	}
	s->clause = &dummy;	/* what the definition needs counts where it is used */
	s->where = NULL;
	s->in_inline = true;
	dt_sema_expr(s, n->left);
	s->in_inline = false;
	s->clause = NULL;
	if (!n->left->type || !dt_sema_no_action(s, n->left))
		return;
	if (dt_is_string(t) != dt_is_string(n->left->type)) {
		ERR(s, D_OP_INCOMPAT, n, "inline %s definition uses incompatible types: \"%s\" = "
		    "\"%s\"", n->text, t->name, n->left->type->name);
		return;
	}
	n->type = t;
	dt_vec_push(&s->inlines, n);
}

/* int a[string, int];  self int b[int]; */
static void
dt_sema_decl_assoc(dt_sema_t *s, dt_node_t *n, dt_varkind_t kind, const dt_type_t *t)
{
	const char *name = kind == DT_VK_SELF
				   ? dt_arena_printf(&s->cc->arena, "self->%s", n->text) : n->text;
	dt_var_t *v = dt_sema_var_find(s, DT_VK_ASSOC, name);
	dt_node_t *keys, **ptrs;

	if (v || dt_sema_var_find(s, DT_VK_GLOBAL, name)) {
		ERR(s, D_DECL_IDRED, n, "identifier redeclared: %s", name);
		return;
	}
	if (!dt_sema_keys_fit(s, &n->list))
		return;
	keys = dt_arena_alloc(&s->cc->arena, n->list.len * sizeof(*keys));
	ptrs = dt_arena_alloc(&s->cc->arena, n->list.len * sizeof(*ptrs));
	for (size_t i = 0; i < n->list.len; i++) {
		dt_node_t *k = n->list.data[i];

		if (k->kind != DT_NODE_TYPENAME) {
			ERR(s, D_DECL_ARRSUB, k, "positive integral constant expression or tuple "
			    "signature expected as array declaration subscript");
			return;
		}
		/* a key of that type, for the layout */
		keys[i].kind = DT_NODE_IDENT;
		keys[i].type = dt_decl_type(s, k, NULL);
		if (!keys[i].type)
			return;
		if (!dt_is_int(keys[i].type) && !dt_is_string(keys[i].type) &&
		    keys[i].type->kind != DT_TYPE_PTR) {
			ERR(s, D_UNSUPPORTED, k, "associative array keys of type %s are not "
			    "supported yet", keys[i].type->name);
			return;
		}
		ptrs[i] = &keys[i];
	}
	v = dt_sema_var_new(s, DT_VK_ASSOC, name, t);
	v->per_thread = kind == DT_VK_SELF;
	dt_sema_var_set_keys(s, v, ptrs, (int)n->list.len);
}

/* int x;  self string s;  this uint64_t t; */
static void
dt_sema_decl(dt_sema_t *s, dt_node_t *n)
{
	dt_varkind_t kind = n->op == TOK_SELF ? DT_VK_SELF : n->op == TOK_THIS ? DT_VK_THIS
										: DT_VK_GLOBAL;
	const dt_type_t *t;
	bool assoc;
	dt_var_t *v;

	if (n->op == TOK_TRANSLATOR) {
		dt_decl_translator(s, n);
		return;
	}
	if (n->op == TOK_PROVIDER)
		return;	/* USDT provider definitions matter to -h and -G only */
	if (!n->text || !*n->text) {
		dt_decl_tag(s, n);
		return;
	}
	if (n->op == TOK_STATIC || n->op == TOK_REGISTER || n->op == TOK_AUTO) {
		ERR(s, D_DECL_BADCLASS, n, "specified storage class not appropriate in D");
		return;
	}
	/* int a[string, int]: an associative array with these key types */
	assoc = n->list.len && n->list.data[0]->kind == DT_NODE_TYPENAME;
	t = dt_decl_type(s, n->tname, assoc ? NULL : &n->list);
	if (!t)
		return;
	if (t->kind == DT_TYPE_FUNC && kind == DT_VK_GLOBAL)
		return;	/* a prototype ("void f(int);"): DTrace's extern, nothing D can call */
	if (n->op == TOK_EXTERN) {
		/* extern T name;: the type of kernel symbol `name, where BTF has none (the
		 * kernel's BTF describes functions and per-CPU data, not other variables) */
		const dt_type_t *old = dt_type_dfind(s->cc, 'x', n->text);

		if (old && !dt_type_equal(old, t))
			ERR(s, D_DECL_IDRED, n, "identifier redeclared: %s", n->text);
		else if (!old)
			dt_vec_push(&s->cc->dtypes, ((struct dt_dtype){
				'x', dt_arena_strdup(&s->cc->arena, n->text), t }));
		return;
	}
	if (dt_type_resolve(t)->kind == DT_TYPE_VOID) {
		ERR(s, D_DECL_VOIDOBJ, n, "cannot declare void object : %s", n->text);
		return;
	}
	if (assoc && kind == DT_VK_THIS) {
		ERR(s, D_DECL_LOCASSC, n, "associative arrays may not be declared as local "
		    "variables: %s", n->text);
		return;
	}
	/* a long double is storage only (nothing reads one yet), as a struct is */
	if (t->kind != DT_TYPE_INT && t->kind != DT_TYPE_STRING && t->kind != DT_TYPE_ENUM &&
	    (t->kind != DT_TYPE_FLOAT || (t->size > 8 && (kind == DT_VK_SELF || assoc))) &&
	    t->kind != DT_TYPE_PTR && t->kind != DT_TYPE_STRUCT && t->kind != DT_TYPE_UNION &&
	    (t->kind != DT_TYPE_ARRAY || kind == DT_VK_SELF || assoc)) {
		ERR(s, D_UNSUPPORTED, n->tname, "%svariables of type %s are not supported yet",
		    kind == DT_VK_SELF ? "thread-local " : assoc ? "associative array " : "",
		    t->name);
		return;
	}
	if (dt_type_resolve(t)->incomplete) {
		ERR(s, D_DECL_INCOMPLETE, n, "incomplete struct/union/enum %s: %s", t->name,
		    n->text);
		return;
	}
	if (assoc) {
		dt_sema_decl_assoc(s, n, kind, t);
		return;
	}
	v = dt_sema_var_find(s, kind, n->text);
	if (v) {
		if (!dt_type_equal(v->type, t) && !(v->implicit && dt_is_int(t)))
			ERR(s, D_DECL_IDRED, n, "identifier redeclared: %s%s", dt_sema_vk_prefix[kind],
			    n->text);
		v->implicit = false;
		return;
	}
	dt_sema_var_new(s, kind, n->text, t);
}

/*
 * Macro variables in a probe description's fields, as DTrace expands them: "pid$target"
 * names the -c or -p process's provider, "$1" a command-line argument. Each "$name" is the
 * value the same macro has in an expression (an integer in decimal, or a string); one that
 * is not defined is the expression's error, at the description.
 */
static const char *
dt_sema_pdesc_field(dt_sema_t *s, dt_node_t *pd, const char *f)
{
	dt_strbuf_t sb = {0};
	const char *p = f, *r;

	if (!strchr(f, '$'))
		return f;
	while (*p) {
		size_t n;
		dt_node_t *m;

		if (*p != '$') {
			dt_sb_putc(&sb, *p++);
			continue;
		}
		n = 1 + (p[1] == '$');
		while (p[n] == '_' || (p[n] >= '0' && p[n] <= '9') || (p[n] >= 'a' && p[n] <= 'z') ||
		       (p[n] >= 'A' && p[n] <= 'Z'))
			n++;
		m = dt_node_new(s->cc, DT_NODE_MACRO, pd->loc);
		m->text = dt_arena_strndup(&s->cc->arena, p + 1, n - 1);
		dt_sema_expr(s, m);
		if (m->kind == DT_NODE_INT)
			dt_sb_printf(&sb, "%llu", (unsigned long long)m->ival);
		else if (m->kind == DT_NODE_STRING)
			dt_sb_puts(&sb, m->text);
		p += n;
	}
	r = dt_arena_strdup(&s->cc->arena, sb.s ? sb.s : "");
	dt_sb_free(&sb);
	return r;
}

static void
dt_sema_clause(dt_sema_t *s, dt_node_t *n)
{
	dt_clause_t *cl = dt_arena_alloc(&s->cc->arena, sizeof(*cl));
	unsigned errs;

	cl->index = s->prog->nclauses;
	cl->node = n;
	/* Actions under an if need the record's bitmap word, right after the header. */
	cl->recsize = DT_REC_HDR_SIZE + (n->body && dt_has_if(n->body) ? 8 : 0);
	s->clause = cl;
	s->where = NULL;
	s->clsflags = 0;

	for (size_t i = 0; i < n->list.len; i++) {
		dt_node_t *pd = n->list.data[i];
		int m;

		pd->prov = dt_sema_pdesc_field(s, pd, pd->prov);
		pd->mod = dt_sema_pdesc_field(s, pd, pd->mod);
		pd->func = dt_sema_pdesc_field(s, pd, pd->func);
		pd->name = dt_sema_pdesc_field(s, pd, pd->name);
		s->pd_first = NULL;
		if (s->dtp)
			m = dt_probe_iter(s->dtp, pd->prov, pd->mod, pd->func, pd->name,
					  dt_sema_add_probe, s);
		else
			m = 0;
		if (m == 0 && !(s->dtp && s->dtp->opts.zdefs)) {
			const char *name, *instead, *why = dt_prov_absent(pd->prov, &name, &instead);
			dt_diag_t *d;

			if (!why) {
				ERR(s, D_PDESC_ZERO, pd, "probe description %s:%s:%s:%s does not "
				    "match any probes", pd->prov, pd->mod, pd->func, pd->name);
				continue;
			}
			/* a provider of DTrace's that Linux lacks: say so, and what to use */
			d = dt_diag_error(&s->cc->diags, D_PDESC_ZERO, pd->loc, "provider %s %s",
					  name, why);
			if (d) {
				d->region = s->where;
				dt_diag_hint(&s->cc->diags, d, "%s", instead);
			}
		}
		dt_sema_attr_desc(s, n, pd, m);
	}
	errs = s->attr_errs;
	/*
	 * DTrace reads a clause's actions before its predicate (and, when that fails on an
	 * unknown name, the other way round): a variable either one assigns exists for both.
	 * A name assigned only in a later clause does not exist yet.
	 */
	s->assigned.len = 0;
	dt_sema_note_assigned(s, n->pred);
	dt_sema_note_assigned(s, n->body);
	if (n->pred) {
		s->where = "predicate";
		dt_sema_expr(s, n->pred);
		if (n->pred->type && !dt_is_scalar(n->pred->type)) {
			dt_loc_t l = n->pred->loc;

			l.dline = n->end_line;
			ERR_AT(s, D_PRED_SCALAR, l, "predicate result must be of scalar type");
		}
	}
	s->where = "action list";
	if (n->body)
		dt_sema_stmt(s, n->body);
	s->where = NULL;
	dt_sema_attr_clause(s, n, errs);

	s->assigned.len = 0;
	/* A clause with no statements traces the probe: DTrace's default action. */
	cl->has_record = cl->nactions > 0 || !n->body || n->body->list.len == 0;
	cl->recsize = (uint32_t)DT_ALIGN(cl->recsize, 8);

	s->prog->clauses = realloc(s->prog->clauses, sizeof(*s->prog->clauses) *
							 (size_t)(s->prog->nclauses + 1));
	if (!s->prog->clauses)
		abort();
	s->prog->clauses[s->prog->nclauses++] = cl;
}

static int
dt_pragma_probe(dt_probe_t *prp, void *arg)
{
	(void)prp;
	(void)arg;
	return 0;
}

/* The words of a #pragma's text, a "string" being one word without its quotes. */
typedef DT_VEC(char *) dt_pragma_words_t;

static void
dt_pragma_words(dt_compile_t *cc, const char *text, dt_pragma_words_t *w)
{
	char *p = dt_arena_strdup(&cc->arena, text);

	while (*p) {
		char *start;

		while (*p == ' ' || *p == '\t')
			p++;
		if (!*p)
			break;
		if (*p == '"') {
			start = ++p;
			while (*p && *p != '"')
				p++;
		} else {
			start = p;
			while (*p && *p != ' ' && *p != '\t')
				p++;
		}
		if (*p)
			*p++ = '\0';
		dt_vec_push(w, start);
	}
}

/*
 * A #pragma the parser found inside a construct: DTrace's lexer acts on pragmas wherever
 * they are, so an invalid "#pragma D attributes" there is the error it reports, not the
 * syntax error around it. True when that is so (the error given).
 */
bool
dt_sema_pragma_inline(dt_compile_t *cc, const char *text, dt_loc_t loc)
{
	dt_pragma_words_t w = {0};
	dt_attr_t a;
	bool bad;

	dt_pragma_words(cc, text, &w);
	bad = w.len >= 4 && strcmp(w.data[0], "D") == 0 && strcmp(w.data[1], "attributes") == 0 &&
	      dt_attr_parse(w.data[2], &a) < 0;
	if (bad)
		dt_diag_error(&cc->diags, D_PRAGMA_INVAL, loc, "invalid attributes specified by "
			      "#pragma attributes");
	dt_vec_free(&w);
	return bad;
}

/*
 * #pragma [D] name args: D's control directives, as DTrace reads them: option, error,
 * depends_on, attributes, binding, ident, line. The arguments are the words that follow,
 * a "string" being one word without its quotes.
 */
/*
 * #pragma D attributes A name: what name's uses have (a library's too); the program's must
 * name something of the program (dt_sema_attr_pragmas).
 */
static void
dt_sema_attr_name(dt_sema_t *s, dt_node_t *n, const char *name, dt_attr_t a)
{
	dt_sema_attr_pragma(s, name, a);
	if (!s->in_lib)
		dt_vec_push(&s->attr_pragmas, ((dt_attr_pragma_t){ n, name }));
}

static void
dt_sema_pragma(dt_sema_t *s, dt_node_t *n)
{
	dt_attr_t a;
	dt_pragma_words_t w = {0};
	bool dcp = false;	/* after "#pragma D": D's own pragmas */
	const char *name;
	size_t nw;

	dt_pragma_words(s->cc, n->text, &w);
	if (w.len && strcmp(w.data[0], "D") == 0)
		dcp = true;
	name = w.len > (size_t)dcp ? w.data[dcp] : NULL;
	nw = name ? w.len - (size_t)dcp - 1 : 0;	/* the arguments: w.data[dcp + 1...] */
	if (!name) {
		/* "#pragma" or "#pragma D" alone: nothing to do */
	} else if (strcmp(name, "error") == 0) {
		dt_strbuf_t sb = {0};

		for (size_t i = 0; i < nw; i++)
			dt_sb_printf(&sb, "%s ", w.data[dcp + 1 + i]);
		ERR(s, D_PRAGERR, n, "#error: %s", dt_sb_str(&sb));
		dt_sb_free(&sb);
	} else if (strcmp(name, "ident") == 0 || strcmp(name, "line") == 0 || !dcp) {
		/* other pragmas are ignored, as C compilers do */
	} else if (strcmp(name, "option") == 0) {
		const char *why;
		char *val;

		if (nw != 1) {
			ERR(s, D_PRAGMA_MALFORM, n, nw ? "superfluous arguments specified for "
			    "#pragma option" : "malformed #pragma option <option>=<val>");
		} else {
			name = w.data[dcp + 1];
			if ((val = strchr(name, '=')) != NULL)
				*val++ = '\0';
			if (s->dtp && dt_opt_set_pragma(s->dtp, name, val, &why) < 0) {
				if (val)
					ERR(s, D_PRAGMA_OPTSET, n, "failed to set option '%s' to '%s': "
					    "%s", name, val, why);
				else
					ERR(s, D_PRAGMA_OPTSET, n, "failed to set option '%s': %s", name,
					    why);
			}
		}
	} else if (strcmp(name, "attributes") == 0) {
		if (nw < 2)
			ERR(s, D_PRAGMA_MALFORM, n, "malformed #pragma attributes <attributes> "
			    "<ident>");
		else if (dt_attr_parse(w.data[dcp + 1], &a) < 0)
			ERR(s, D_PRAGMA_INVAL, n, "invalid attributes specified by #pragma "
			    "attributes");
		else if (strcmp(w.data[dcp + 2], "provider") != 0)
			dt_sema_attr_name(s, n, w.data[dcp + 2], a);
	} else if (strcmp(name, "binding") == 0) {
		if (nw < 2)
			ERR(s, D_PRAGMA_MALFORM, n, "malformed #pragma binding \"version\" <ident>");
	} else if (strcmp(name, "depends_on") == 0) {
		const char *cls = nw == 2 ? w.data[dcp + 1] : NULL;
		const char *dep = cls ? w.data[dcp + 2] : NULL;

		if (!cls) {
			ERR(s, D_PRAGMA_MALFORM, n, "malformed #pragma depends_on <class> <name>");
		} else if (strcmp(cls, "library") == 0) {
			/* a library's own dependencies are loaded before it (dt_compile.c) */
			if (!s->in_lib)
				ERR(s, D_PRAGMA_DEPEND, n, "main program may not explicitly depend on "
				    "a library");
		} else if (strcmp(cls, "provider") == 0) {
			if (s->dtp && dt_probe_iter(s->dtp, dep, "", "", "", dt_pragma_probe,
						    NULL) == 0)
				ERR(s, D_PRAGMA_DEPEND, n, "program requires provider %s", dep);
		} else if (strcmp(cls, "module") == 0) {
			char path[300];

			snprintf(path, sizeof(path), "/sys/module/%s", dep);
			if (strcmp(dep, "vmlinux") != 0 && access(path, F_OK) != 0)
				ERR(s, D_PRAGMA_DEPEND, n, "program requires module %s", dep);
		} else {
			ERR(s, D_PRAGMA_INVAL, n, "invalid class %s specified by #pragma depends_on",
			    cls);
		}
	} else {
		ERR(s, D_PRAGMA_INVAL, n, "invalid D pragma: %s", name);
	}
	dt_vec_free(&w);
}

/*
 * #pragma D attributes sets the stability of a variable or inline the program defines,
 * before or after it; one naming nothing of the program's is DTrace's D_PRAGMA_UNUSED.
 */
static void
dt_sema_attr_pragmas(dt_sema_t *s)
{
	static const dt_varkind_t kinds[] = { DT_VK_GLOBAL, DT_VK_ASSOC, DT_VK_SELF, DT_VK_THIS };

	s->where = NULL;
	for (size_t i = 0; i < s->attr_pragmas.len; i++) {
		const dt_attr_pragma_t *ap = &s->attr_pragmas.data[i];
		bool known = false;

		for (size_t k = 0; k < DT_ARRAY_SIZE(kinds) && !known; k++)
			known = dt_sema_var_find(s, kinds[k], ap->name) != NULL;
		for (size_t k = 0; k < s->inlines.len && !known; k++)
			known = strcmp(s->inlines.data[k]->text, ap->name) == 0;
		if (!known && dt_sema_builtin(ap->name))
			ERR(s, D_PRAGMA_SCOPE, ap->n, "#pragma attributes cannot modify entity "
			    "defined outside program scope");
		else if (!known)
			ERR(s, D_PRAGMA_UNUSED, ap->n, "unused #pragma attributes");
	}
}

dt_program_t *
dt_sema_program(dt_compile_t *cc, dt_node_t **roots, int nroots)
{
	dt_sema_t s = {0};
	dt_program_t *prog = dt_arena_alloc(&cc->arena, sizeof(*prog));

	dt_sema_free(cc);
	cc->prog = prog;
	s.cc = cc;
	s.dtp = cc->dtp;
	s.prog = prog;
	s.type_attr = DT_ATTR_MAX;
	/* Pragmas first: options such as strsize and zdefs shape everything after them. */
	for (int r = 0; r < nroots; r++) {
		s.in_lib = r < cc->nlibs;
		for (size_t i = 0; roots[r] && i < roots[r]->list.len; i++) {
			dt_node_t *n = roots[r]->list.data[i];

			if (n->kind == DT_NODE_PRAGMA)
				dt_sema_pragma(&s, n);
		}
	}
	dt_type_string_size(cc, s.dtp->opts.strsize);
	for (int r = 0; r < nroots; r++) {
		s.in_lib = r < cc->nlibs;
		for (size_t i = 0; roots[r] && i < roots[r]->list.len; i++) {
			dt_node_t *n = roots[r]->list.data[i];

			switch (n->kind) {
			case DT_NODE_CLAUSE:
				dt_sema_clause(&s, n);
				break;
			case DT_NODE_PRAGMA:
				break;
			case DT_NODE_DECL:
				dt_sema_decl(&s, n);
				break;
			case DT_NODE_INLINE:
				dt_sema_inline(&s, n);
				break;
			case DT_NODE_TYPEDEF:
				dt_decl_typedef(&s, n);
				break;
			case DT_NODE_PROGRAM: case DT_NODE_PDESC: case DT_NODE_BLOCK:
			case DT_NODE_EXPR_STMT: case DT_NODE_IF: case DT_NODE_EMPTY:
			case DT_NODE_INT: case DT_NODE_STRING: case DT_NODE_IDENT: case DT_NODE_AGG:
			case DT_NODE_SELF: case DT_NODE_THIS: case DT_NODE_MACRO:
			case DT_NODE_SYMBOL: case DT_NODE_BINARY: case DT_NODE_LOGICAL:
			case DT_NODE_UNARY: case DT_NODE_POSTFIX: case DT_NODE_ASSIGN:
			case DT_NODE_TERNARY: case DT_NODE_CALL: case DT_NODE_INDEX:
			case DT_NODE_MEMBER: case DT_NODE_CAST: case DT_NODE_SIZEOF:
			case DT_NODE_OFFSETOF: case DT_NODE_STRINGOF: case DT_NODE_XLATE:
			case DT_NODE_TYPENAME: case DT_NODE_COUNT:
				ERR(&s, D_UNSUPPORTED, n, "%s is not supported yet at the top level",
				    dt_node_kind_name(n->kind));
				break;
			}
		}
	}
	dt_sema_attr_pragmas(&s);
	dt_sema_agg_layout(&s);
	free(s.probe_seen);
	dt_vec_free(&s.attr_pragmas);
	dt_vec_free(&s.attr_names);
	dt_vec_free(&s.agg_keycap);
	dt_vec_free(&s.inlines);
	dt_vec_free(&s.xlators);
	dt_vec_free(&s.assigned);
	return prog;
}

void
dt_sema_free(dt_compile_t *cc)
{
	dt_program_t *prog = cc->prog;

	if (!prog)
		return;
	for (int i = 0; i < prog->nclauses; i++) {
		dt_clause_t *cl = prog->clauses[i];

		for (int a = 0; a < cl->nactions; a++)
			dt_pfmt_free(cl->actions[a].pfmt);
		free(cl->actions);
		dt_vec_free(&cl->probes);
		dt_vec_free(&cl->descs);
	}
	free(prog->clauses);
	free(prog->aggs);
	dt_vec_free(&prog->probes);
	dt_vec_free(&prog->strtab);
	dt_vec_free(&prog->vars);
	dt_vec_free(&prog->fault_sites);
	cc->prog = NULL;
}
