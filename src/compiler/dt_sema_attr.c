// SPDX-License-Identifier: GPL-2.0-only
/*
 * dt_sema_attr.c: DTrace's stability calculus, part of semantic analysis (dt_sema.h).
 *
 * Every expression gets a stability attribute (dt_attr.h): what it names itself (a
 * built-in variable, a function, a kernel symbol or type, a variable or inline of the
 * program, which #pragma D attributes may set) and the least of its operands'. A probe
 * description gets its provider's, from the fields it spells out (dt_prov_desc_attr). A
 * clause's statement attributes are the least of its predicate's and statements'; dtrace -v
 * reports the least of each over a program.
 *
 * With -x amin (or #pragma D option amin), an attribute below the minimum is DTrace's
 * D_ATTR_MIN, in DTrace's order of checks: a clause's probe descriptions first, before
 * anything in its body is looked at; then each name where it is resolved, before what is
 * done with it (curthread is refused before curthread->t_procp's member is looked up, so
 * a Solaris member never gets as far as its error); last the clause itself, whose
 * attributes may be lower than any name's when an inline or translator uses something
 * less stable inside it.
 *
 * Inlines and translators are interfaces: an inline has the attributes a #pragma gives it,
 * else the least of its definition's; a member of translated data has those of what was
 * translated (args[] is Stable, as in DTrace). What is inside their definitions is not the
 * user's statement and is not checked where they are used. A translator from a kernel type
 * counts as the kernel's (Private/Private/Unknown): DTrace computes it from its members,
 * which read the kernel's own structures.
 */
#include <string.h>

#include "../providers/dt_provider.h"
#include "dt_compiler.h"
#include "dt_sema.h"

/* ---- what names have --------------------------------------------------------------------- */

/* Built-in variables below Stable/Stable/Common (DTrace's table): curthread is the kernel's
 * own thread structure. */
static const struct {
	const char *name;
	dt_attr_t attr;
} dt_attr_vars[] = {
	{"curthread", DT_ATTR(STABLE, PRIVATE, COMMON)},
};

/* Subroutines that are Evolving (DTrace's table); every other function is Stable. */
static const char *const dt_attr_evolving_funcs[] = {
	"d_path", "ddi_pathname", "getmajor", "getminor", "htonl", "htonll", "htons", "ntohl",
	"ntohll", "ntohs", "mutex_owned", "mutex_owner", "mutex_type_adaptive",
	"mutex_type_spin", "rw_iswriter", "rw_read_held", "rw_write_held",
};

static dt_attr_t
dt_attr_var(const char *name)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_attr_vars); i++)
		if (strcmp(dt_attr_vars[i].name, name) == 0)
			return dt_attr_vars[i].attr;
	return DT_ATTR_STABLE;
}

static dt_attr_t
dt_attr_func(const char *name)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_attr_evolving_funcs); i++)
		if (strcmp(dt_attr_evolving_funcs[i], name) == 0)
			return DT_ATTR_EVOLVING;
	return DT_ATTR_STABLE;
}

void
dt_sema_attr_pragma(dt_sema_t *s, const char *name, dt_attr_t a)
{
	dt_vec_push(&s->attr_names, ((dt_attr_name_t){name, a}));
}

/* What #pragma D attributes gave name (the last one), or NULL. */
static const dt_attr_t *
dt_attr_named(dt_sema_t *s, const char *name)
{
	for (size_t i = s->attr_names.len; name && i-- > 0;)
		if (strcmp(s->attr_names.data[i].name, name) == 0)
			return &s->attr_names.data[i].attr;
	return NULL;
}

dt_attr_t
dt_sema_type_attr(const dt_type_t *t)
{
	/* through pointers, arrays and typedefs to the type that is named */
	while (t && (t->typedef_of || ((t->kind == DT_TYPE_PTR || t->kind == DT_TYPE_ARRAY) &&
				       t->base)) && !t->btf_id)
		t = t->typedef_of ? t->typedef_of : t->base;
	return t && t->btf_id ? DT_ATTR_KERNEL : DT_ATTR_STABLE;
}

/* ---- checks ------------------------------------------------------------------------------ */

static void
dt_attr_check(dt_sema_t *s, dt_loc_t loc, dt_attr_t a, const char *what)
{
	char buf[64];

	if (!s->dtp || !s->dtp->opts.amin || s->attr_quiet || s->in_lib)
		return;
	if (!dt_attr_below(a, dt_opt_attr_unpack(s->dtp->opts.amin)))
		return;
	s->attr_errs++;
	ERR_AT(s, D_ATTR_MIN, loc, "attributes for %s (%s) are less than predefined minimum",
	       what, dt_attr_str(a, buf, sizeof(buf)));
}

/* The clause's line as DTrace names it: its closing brace's (where its parser made it). */
static dt_loc_t
dt_attr_clause_loc(const dt_node_t *cl, const dt_node_t *at)
{
	dt_loc_t l = at->loc;

	l.dline = cl->end_line;
	return l;
}

/*
 * A probe description of the clause being analysed, which matched nmatch probes (the
 * first s->pd_first): its attributes as DTrace computes them. No provider named, a glob
 * for it, or no match: Unstable. Probes that may differ in arguments (more than one,
 * and a field the provider keeps Evolving or better left empty or a glob): Unstable too,
 * and no probe stands for them.
 */
void
dt_sema_attr_desc(dt_sema_t *s, dt_node_t *cl, dt_node_t *pd, int nmatch)
{
	dt_clause_t *c = s->clause;
	dt_cldesc_t d = {pd, DT_ATTR_UNSTABLE, {{0}}, NULL};
	dt_probe_t *prp = s->pd_first;

	if (prp && nmatch > 0 && s->dtp && dt_prov_probe_pattr(s->dtp, prp, &d.pattr)) {
		const dt_pattr_t *pa = &d.pattr;
		bool glob_prov = !*pd->prov || dt_is_glob(pd->prov);
		bool differ = nmatch > 1 &&
			((pa->mod.name >= DT_STAB_EVOLVING && (!*pd->mod || dt_is_glob(pd->mod))) ||
			 (pa->func.name >= DT_STAB_EVOLVING && (!*pd->func || dt_is_glob(pd->func))) ||
			 (pa->name.name >= DT_STAB_EVOLVING && (!*pd->name || dt_is_glob(pd->name))));

		if (!differ) {
			d.probe = prp;
			if (!glob_prov)
				d.attr = dt_prov_desc_attr(pa, pd->mod, pd->func, pd->name);
		}
	}
	c->desc_attr = c->descs.len ? dt_attr_min(c->desc_attr, d.attr) : d.attr;
	dt_vec_push(&c->descs, d);
	/* before the body, as DTrace checks it: the clause, at its line */
	dt_attr_check(s, dt_attr_clause_loc(cl, pd), d.attr, "clause");
}

/* ---- expressions ------------------------------------------------------------------------- */

void
dt_sema_attr_pre(dt_sema_t *s, dt_node_t *n, dt_attr_pre_t *pre)
{
	pre->kind = n->kind;
	pre->text = n->text;
	pre->left = n->left;
	pre->tname = n->tname ? n->tname->text : NULL;
	pre->is_args = (n->kind == DT_NODE_INDEX && n->left && n->left->kind == DT_NODE_IDENT &&
			strcmp(n->left->text, "args") == 0) ||
		       (n->kind == DT_NODE_IDENT && strcmp(n->text, "args") == 0);
	pre->types = s->type_attr;
	s->type_attr = DT_ATTR_MAX;
}

/* The least of the attributes of n's analysed children. */
static dt_attr_t
dt_attr_children(const dt_node_t *n)
{
	const dt_node_t *kids[] = {n->left, n->right, n->cond};
	dt_attr_t a = DT_ATTR_MAX;

	for (size_t i = 0; i < DT_ARRAY_SIZE(kids); i++)
		if (kids[i] && kids[i]->attr_set)
			a = dt_attr_min(a, kids[i]->attr);
	for (size_t i = 0; i < n->list.len; i++)
		if (n->list.data[i]->attr_set)
			a = dt_attr_min(a, n->list.data[i]->attr);
	return a;
}

void
dt_sema_attr_post(dt_sema_t *s, dt_node_t *n, const dt_attr_pre_t *pre)
{
	dt_attr_t own = s->type_attr, tot;
	const char *what = NULL;
	char buf[300];

	s->type_attr = pre->types;
	if (pre->tname) {	/* a cast, sizeof, offsetof: the type it names */
		snprintf(buf, sizeof(buf), "type %s", pre->tname);
		what = buf;
	}
	if (pre->is_args) {
		/* args[] is DTrace's Stable array, translated or not */
		n->attr = DT_ATTR_STABLE;
		n->attr_set = true;
		return;
	}
	if (pre->kind == DT_NODE_MEMBER && pre->left && pre->left->attr_set) {
		/* a member has the attributes of what it is read from (translated data too) */
		n->attr = dt_attr_min(pre->left->attr, own);
		n->attr_set = true;
		dt_attr_check(s, n->loc, own, what ? what : "member");
		return;
	}
	if (n->kind == DT_NODE_IDENT && n->ident_kind == DT_IDENT_INLINE) {
		const dt_attr_t *p = dt_attr_named(s, n->text);

		n->attr = p ? *p : n->left && n->left->attr_set
				       ? dt_attr_min(DT_ATTR_STABLE, n->left->attr) : DT_ATTR_STABLE;
		n->attr_set = true;
		snprintf(buf, sizeof(buf), "%s %s", pre->kind == DT_NODE_INDEX ?
			 "associative array" : "scalar", n->text);
		dt_attr_check(s, n->loc, n->attr, buf);
		return;
	}
	switch (pre->kind) {
	case DT_NODE_IDENT:
		if (n->kind == DT_NODE_IDENT && n->ident_kind == DT_IDENT_VAR) {
			own = dt_attr_min(own, dt_attr_var(n->text));
		} else if (n->kind == DT_NODE_IDENT && n->ident_kind == DT_IDENT_DVAR) {
			const dt_attr_t *p = dt_attr_named(s, n->text);

			if (p)
				own = dt_attr_min(own, *p);
		}
		snprintf(buf, sizeof(buf), "scalar %s", pre->text);
		what = buf;
		break;
	case DT_NODE_SYMBOL:
		own = dt_attr_min(own, DT_ATTR_KERNEL);
		snprintf(buf, sizeof(buf), "symbol %s", pre->text);
		what = buf;
		break;
	case DT_NODE_CALL:
		own = dt_attr_min(own, dt_attr_func(pre->text));
		snprintf(buf, sizeof(buf), "%s %s( )", n->ident_kind == DT_IDENT_SUBR ? "function" :
			 n->ident_kind == DT_IDENT_AGGFUNC ? "aggregating function" :
			 "tracing function", pre->text);
		what = buf;
		break;
	case DT_NODE_XLATE:
		/* the translator: its input's (a kernel type: the kernel's) */
		if (n->ident_kind == DT_IDENT_XLATE && n->right && n->right->left)
			own = dt_attr_min(own, dt_sema_type_attr(n->right->left->type));
		what = "operator xlate";
		break;
	case DT_NODE_PROGRAM: case DT_NODE_CLAUSE: case DT_NODE_PDESC: case DT_NODE_PRAGMA:
	case DT_NODE_DECL: case DT_NODE_INLINE: case DT_NODE_TYPEDEF: case DT_NODE_BLOCK:
	case DT_NODE_EXPR_STMT: case DT_NODE_IF: case DT_NODE_EMPTY: case DT_NODE_INT:
	case DT_NODE_STRING: case DT_NODE_AGG: case DT_NODE_SELF: case DT_NODE_THIS:
	case DT_NODE_MACRO: case DT_NODE_BINARY: case DT_NODE_LOGICAL: case DT_NODE_UNARY:
	case DT_NODE_POSTFIX: case DT_NODE_ASSIGN: case DT_NODE_TERNARY: case DT_NODE_INDEX:
	case DT_NODE_MEMBER: case DT_NODE_CAST: case DT_NODE_SIZEOF: case DT_NODE_OFFSETOF:
	case DT_NODE_STRINGOF: case DT_NODE_TYPENAME: case DT_NODE_COUNT:
		break;
	}
	tot = dt_attr_min(own, dt_attr_children(n));
	n->attr = tot;
	n->attr_set = true;
	if (what)
		dt_attr_check(s, n->loc, own, what);
}

/* ---- statements and clauses -------------------------------------------------------------- */

/* The least attributes of the analysed expressions in statement (or expression) n. */
static dt_attr_t
dt_attr_stmt(const dt_node_t *n)
{
	dt_attr_t a = DT_ATTR_MAX;

	if (!n)
		return a;
	if (n->attr_set)
		return n->attr;
	a = dt_attr_min(a, dt_attr_stmt(n->left));
	a = dt_attr_min(a, dt_attr_stmt(n->right));
	a = dt_attr_min(a, dt_attr_stmt(n->cond));
	a = dt_attr_min(a, dt_attr_stmt(n->body));
	for (size_t i = 0; i < n->list.len; i++)
		a = dt_attr_min(a, dt_attr_stmt(n->list.data[i]));
	return a;
}

void
dt_sema_attr_clause(dt_sema_t *s, dt_node_t *n, unsigned errs_before)
{
	dt_clause_t *c = s->clause;

	c->stmt_attr = dt_attr_min(DT_ATTR_STABLE,
				   dt_attr_min(dt_attr_stmt(n->pred), dt_attr_stmt(n->body)));
	if (!c->descs.len)
		c->desc_attr = DT_ATTR_UNSTABLE;
	/* lower than any name said: something inside an inline or a translator */
	if (s->attr_errs == errs_before)
		dt_attr_check(s, dt_attr_clause_loc(n, n), c->stmt_attr, "clause");
}
