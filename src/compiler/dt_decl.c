/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_decl.c: declarations that define types: struct, union and enum definitions, forward
 * declarations and typedefs, as D scripts and D libraries write them.
 *
 * The parser keeps a definition's body with its type specifier (a DT_NODE_TYPENAME whose
 * list holds the member declarations or enumerators); here the body becomes a dt_type_t in
 * the program's own namespace (cc->dtypes), which type lookups search before the kernel's
 * BTF. Messages and tags are DTrace's (its dt_decl.c).
 */
#include <ctype.h>
#include <limits.h>
#include <string.h>

#include "dt_sema.h"

/*
 * The struct/union/enum namespace and tag of a type name's text ("const struct foo *"): 's',
 * 'u' or 'e' and "foo" ("" if anonymous; "D`foo" with a scope); 0 for other types. If rest
 * is not NULL, it is set to what follows the tag (" *").
 */
static int
dt_decl_tagof(dt_compile_t *cc, const char *text, const char **tag, const char **rest)
{
	static const struct { const char *kw; int ns; } kws[] = {
		{"struct", 's'}, {"union", 'u'}, {"enum", 'e'},
	};
	const char *p = text;

	*tag = "";
	while (strncmp(p, "const ", 6) == 0 || strncmp(p, "volatile ", 9) == 0)
		p = strchr(p, ' ') + 1;
	for (size_t i = 0; i < DT_ARRAY_SIZE(kws); i++) {
		size_t n = strlen(kws[i].kw);
		const char *t = p + n, *e;

		if (strncmp(p, kws[i].kw, n) != 0 || (*t != '\0' && *t != ' '))
			continue;
		while (*t == ' ')
			t++;
		for (e = t; isalnum((unsigned char)*e) || *e == '_' || *e == '`'; e++)
			;
		*tag = dt_arena_strndup(&cc->arena, t, (size_t)(e - t));
		if (rest)
			*rest = e;
		return kws[i].ns;
	}
	return 0;
}

static const char *
dt_decl_kw(int ns)
{
	return ns == 's' ? "struct" : ns == 'u' ? "union" : "enum";
}

/*
 * Analyse e, which must come out an integer constant (an enumerator's value, an array
 * dimension, a bit-field's width). Outside a clause (a declaration at the top level), a
 * stand-in clause takes what a non-constant would need (probe arguments...), so that
 * analysis, which reports it, has a clause to note it in.
 */
static void
dt_decl_const(dt_sema_t *s, dt_node_t *e)
{
	dt_clause_t dummy = {0}, *clause = s->clause;

	if (!clause)
		s->clause = &dummy;
	dt_sema_expr(s, e);
	s->clause = clause;
}

/*
 * The width of bit-field member m (a DECL whose right is the width) of type mt, checked as
 * DTrace does: a positive integer constant, an integer type, no wider than that type. An
 * unnamed ":0" has width 0. Returns -1 after reporting an error.
 */
static int
dt_decl_bitfield(dt_sema_t *s, dt_node_t *m, const dt_type_t *mt)
{
	const char *name = *m->text ? m->text : "(anon)";
	const dt_type_t *rt = dt_type_resolve(mt);
	dt_node_t *w = m->right;
	uint64_t v;
	bool c;

	dt_decl_const(s, w);
	c = dt_fold_value(w, &v);
	if (!*m->text && c && v == 0)
		return 0;
	if (!c || !w->type || w->type->kind != DT_TYPE_INT || v == 0 ||
	    (w->type->is_signed && (int64_t)v < 0)) {
		ERR(s, D_DECL_BFCONST, w, "positive integral constant expression expected as "
		    "bit-field size");
		return -1;
	}
	if (rt->kind != DT_TYPE_INT) {
		ERR(s, D_DECL_BFTYPE, m, "invalid type for bit-field: %s", name);
		return -1;
	}
	if (v > (uint64_t)rt->size * 8) {
		ERR(s, D_DECL_BFSIZE, w, "bit-field too big for type: %s", name);
		return -1;
	}
	return (int)v;
}

/*
 * struct tag { members }  or  union tag { members }
 * Unnamed bit-fields go to the layout as padding (C's "int : 3;" and "int : 0;").
 */
static const dt_type_t *
dt_decl_sou(dt_sema_t *s, dt_node_t *spec, int ns, const char *tag)
{
	dt_compile_t *cc = s->cc;
	const dt_type_t *old = *tag ? dt_type_dfind(cc, ns, tag) : NULL;
	dt_member_t *ms;
	dt_type_t *t;
	uint32_t n = 0;

	if (old && !old->incomplete) {
		ERR(s, D_DECL_TYPERED, spec, "type redeclared: %s", old->name);
		return old;
	}
	t = dt_type_dtag(cc, ns, tag);
	ms = dt_arena_alloc(&cc->arena, (spec->list.len + 1) * sizeof(*ms));
	for (size_t i = 0; i < spec->list.len; i++) {
		dt_node_t *m = spec->list.data[i];
		const dt_type_t *mt, *rt;
		bool dup = false;
		int width = 0;

		if (m->kind != DT_NODE_DECL)
			continue;
		if ((!m->text || !*m->text) && !m->right) {
			const char *mtag;

			/* struct inner { ... }; inside another only defines the inner type */
			if (dt_decl_tagof(cc, m->tname->text, &mtag, NULL) && *mtag)
				dt_decl_type(s, m->tname, NULL);
			else
				ERR(s, D_DECL_MNAME, m, "member declaration requires a name");
			continue;
		}
		mt = dt_decl_type(s, m->tname, &m->list);
		if (!mt)
			continue;
		rt = dt_type_resolve(mt);
		if (rt->incomplete || ((rt->kind == DT_TYPE_STRUCT || rt->kind == DT_TYPE_UNION) &&
				       rt->size == 0)) {
			ERR(s, D_DECL_INCOMPLETE, m, "incomplete struct/union/enum %s: %s", mt->name,
			    m->text);
			continue;
		}
		if (rt->kind == DT_TYPE_VOID || rt->kind == DT_TYPE_FUNC || rt->size == 0) {
			ERR(s, D_DECL_VOIDOBJ, m, "cannot have void member: %s", m->text);
			continue;
		}
		if (m->right && (width = dt_decl_bitfield(s, m, mt)) < 0)
			continue;
		for (uint32_t k = 0; k < n && *m->text; k++)
			dup |= strcmp(ms[k].name, m->text) == 0;
		if (dup) {
			ERR(s, D_UNKNOWN, m, "failed to define member '%s': Duplicate member or "
			    "variable name", m->text);
			continue;
		}
		ms[n].name = m->text;
		ms[n].type = mt;
		ms[n].bit_size = m->right ? (uint32_t)width : 0;
		n++;
	}
	dt_type_layout(cc, t, ms, n);
	return t;
}

/* enum tag { A, B = 5, C } */
static const dt_type_t *
dt_decl_enum(dt_sema_t *s, dt_node_t *spec, const char *tag)
{
	dt_compile_t *cc = s->cc;
	const dt_type_t *old = *tag ? dt_type_dfind(cc, 'e', tag) : NULL;
	dt_enumerator_t *es;
	dt_type_t *t;
	int64_t value = -1;
	uint32_t n = 0;

	if (old && !old->incomplete) {
		ERR(s, D_DECL_TYPERED, spec, "type redeclared: %s", old->name);
		return old;
	}
	t = dt_type_dtag(cc, 'e', tag);
	es = dt_arena_alloc(&cc->arena, (spec->list.len + 1) * sizeof(*es));
	for (size_t i = 0; i < spec->list.len; i++) {
		dt_node_t *e = spec->list.data[i];
		uint64_t v;

		value++;
		if (e->left) {
			/* earlier enumerators of this enum are constants already */
			dt_decl_const(s, e->left);
			if (!dt_fold_value(e->left, &v) || !e->left->type ||
			    (e->left->type->kind != DT_TYPE_INT &&
			     e->left->type->kind != DT_TYPE_ENUM)) {
				ERR(s, D_DECL_ENCONST, e, "enumerator '%s' must be assigned to an "
				    "integral constant expression", e->text);
				continue;
			}
			value = (int64_t)v;
			if (value > INT_MAX || value < INT_MIN ||
			    (!e->left->type->is_signed && v > INT_MAX)) {
				ERR(s, D_DECL_ENOFLOW, e, "enumerator '%s' value overflows INT_MAX "
				    "(%d)", e->text, INT_MAX);
				continue;
			}
		}
		if (dt_type_denum(cc, e->text, NULL, NULL) == 0) {
			ERR(s, D_DECL_IDRED, e, "identifier redeclared: %s", e->text);
			continue;
		}
		es[n].name = e->text;
		es[n].value = value;
		n++;
		dt_type_set_enums(cc, t, es, n);
	}
	dt_type_set_enums(cc, t, es, n);
	return t;
}

/* A struct, union or enum body: define it; returns its type. */
static const dt_type_t *
dt_decl_body(dt_sema_t *s, dt_node_t *spec)
{
	const char *tag;
	int ns = dt_decl_tagof(s->cc, spec->text, &tag, NULL);

	if (ns == 'e')
		return dt_decl_enum(s, spec, tag);
	if (ns)
		return dt_decl_sou(s, spec, ns, tag);
	ERR(s, D_SYNTAX, spec, "syntax error near \"{\"");
	return NULL;
}

/*
 * t with the pointers of "rest", what follows its specifiers in a type name: " **". When
 * rest has more (a declarator such as "(*)(int)"), the whole "spelling" is looked up,
 * which finds t by its tag.
 */
static const dt_type_t *
dt_decl_derive(dt_sema_t *s, dt_node_t *tn, const dt_type_t *t, const char *rest)
{
	if (rest[strspn(rest, " *")])
		return dt_sema_ktype(s, tn, tn->text);
	for (; t && *rest; rest++) {
		if (*rest == '*')
			t = dt_type_ptr(s->cc, t);
	}
	return t;
}

/*
 * A type name without a body. A struct, union or enum tag that neither the program nor the
 * kernel defines becomes a forward declaration of the program's, as in DTrace: pointers to
 * it are fine, its members are not.
 */
static const dt_type_t *
dt_decl_named(dt_sema_t *s, dt_node_t *tn)
{
	dt_compile_t *cc = s->cc;
	const char *tag, *rest;
	int ns = dt_decl_tagof(cc, tn->text, &tag, &rest);
	const dt_type_t *t;

	if (!ns || !*tag)
		return dt_sema_ktype(s, tn, tn->text);
	if (!(tag = dt_type_unscope(cc, tag, tn->text))) {	/* struct D`s is struct s */
		ERR(s, cc->type_errtag, tn, "%s", cc->type_errmsg);
		return NULL;
	}
	t = dt_type_dfind(cc, ns, tag);
	if (!t)
		t = dt_type_lookup(cc, dt_arena_printf(&cc->arena, "%s %s", dt_decl_kw(ns), tag),
				   NULL);
	if (!t) {
		dt_type_t *fwd = dt_type_dtag(cc, ns, tag);
		const char *note = dt_type_module_note(cc, tn->text);

		if (*note && !fwd->scope_note)
			fwd->scope_note = note;
		t = fwd;
	}
	return dt_decl_derive(s, tn, t, rest);
}

static const dt_type_t *
dt_decl_type_of(dt_sema_t *s, dt_node_t *tn, dt_nodes_t *dims)
{
	dt_node_t *body = tn->list.len ? tn : tn->left && tn->left->list.len ? tn->left : NULL;
	const dt_type_t *t;

	if (body) {
		const char *rest = tn->text + strlen(body->text), *tag;

		t = dt_decl_body(s, body);
		dt_decl_tagof(s->cc, body->text, &tag, NULL);
		if (t && rest[strspn(rest, " *")] && !*tag) {
			ERR(s, D_UNSUPPORTED, tn, "declarators beyond pointers need a tag on the "
			    "struct, union or enum they use: %s", tn->text);
			return NULL;
		}
		if (t)
			t = dt_decl_derive(s, tn, t, rest);
	} else {
		t = dt_decl_named(s, tn);
	}
	if (!t || !dims)
		return t;
	/* int a[2][3]: an array of 2 arrays of 3 ints; build from the innermost */
	for (size_t i = dims->len; i-- > 0;) {
		dt_node_t *d = dims->data[i];
		uint64_t v;

		if (d->kind == DT_NODE_TYPENAME) {
			ERR(s, D_DECL_DYNOBJ, d, "cannot declare array of associative arrays");
			return NULL;
		}
		dt_decl_const(s, d);
		if (!dt_fold_value(d, &v) || !d->type || d->type->kind != DT_TYPE_INT ||
		    v == 0 || (d->type->is_signed && (int64_t)v < 0)) {
			ERR(s, D_DECL_ARRSUB, d, "positive integral constant expression or tuple "
			    "signature expected as array declaration subscript");
			return NULL;
		}
		if (v > UINT_MAX) {
			ERR(s, D_DECL_ARRBIG, d, "array dimension too big");
			return NULL;
		}
		if (dt_type_resolve(t)->kind == DT_TYPE_VOID) {
			ERR(s, D_DECL_VOIDOBJ, d, "cannot declare array of void");
			return NULL;
		}
		t = dt_type_array(s->cc, t, (uint32_t)v);
	}
	return t;
}

/* ... and its stability counts for the expression that names it (dt_sema_attr.c) */
const dt_type_t *
dt_decl_type(dt_sema_t *s, dt_node_t *tn, dt_nodes_t *dims)
{
	const dt_type_t *t = dt_decl_type_of(s, tn, dims);

	if (t)
		s->type_attr = dt_attr_min(s->type_attr, dt_sema_type_attr(t));
	return t;
}

void
dt_decl_typedef(dt_sema_t *s, dt_node_t *n)
{
	dt_compile_t *cc = s->cc;
	const dt_type_t *t = dt_decl_type(s, n->tname, &n->list);

	if (!t)
		return;
	if (dt_type_dfind(cc, 't', n->text)) {
		ERR(s, D_DECL_IDRED, n, "typedef redeclared: %s", n->text);
		return;
	}
	if (dt_type_named(cc, n->text)) {
		ERR(s, D_DECL_IDRED, n, "identifier redeclared: %s", n->text);
		return;
	}
	dt_type_dtypedef(cc, n->text, t);
}

void
dt_decl_tag(dt_sema_t *s, dt_node_t *n)
{
	dt_compile_t *cc = s->cc;
	const char *tag;
	int ns;

	if (n->tname->list.len) {
		dt_decl_type(s, n->tname, NULL);
		return;
	}
	/* struct foo;  declares the program's own (incomplete) struct foo; int; nothing */
	ns = dt_decl_tagof(cc, n->tname->text, &tag, NULL);
	if (!ns) {
		ERR(s, D_DECL_USELESS, n, "useless declaration");
		return;
	}
	if (strchr(tag, '`')) {
		ERR(s, D_DECL_SCOPE, n->tname, "D scoping operator may not be used in a type name");
		return;
	}
	if (*tag && !dt_type_dfind(cc, ns, tag))
		dt_type_dtag(cc, ns, tag);
}

/* ---- translators ------------------------------------------------------------------------ */

/* Put "repl" (a fresh copy each time) wherever the identifier "name" is in tree n. */
static void
dt_decl_subst(dt_compile_t *cc, dt_node_t *n, const char *name, const dt_node_t *repl)
{
	if (!n)
		return;
	if (n->kind == DT_NODE_IDENT && strcmp(n->text, name) == 0) {
		dt_node_move(n, dt_node_clone(cc, repl));
		return;
	}
	dt_decl_subst(cc, n->left, name, repl);
	dt_decl_subst(cc, n->right, name, repl);
	dt_decl_subst(cc, n->cond, name, repl);
	for (size_t i = 0; i < n->list.len; i++)
		dt_decl_subst(cc, n->list.data[i], name, repl);
}

/*
 * The expression for member "a" of translator tr with "arg" as its argument: a copy of
 * the definition where the argument's name is (I)arg, I the input type. Not analysed.
 */
static dt_node_t *
dt_decl_xlexpr(dt_sema_t *s, const dt_node_t *tr, const dt_node_t *a, dt_node_t *arg)
{
	dt_node_t *e = dt_node_clone(s->cc, a->right);

	dt_decl_bind(s, e, tr->text, tr->left, arg);
	return e;
}

void
dt_decl_bind(dt_sema_t *s, dt_node_t *e, const char *name, dt_node_t *tname, dt_node_t *arg)
{
	dt_node_t *cast = dt_node_new(s->cc, DT_NODE_CAST, arg->loc);

	if (strcmp(tname->text, "string") == 0) {
		dt_decl_subst(s->cc, e, name, arg);	/* a string parameter takes the string */
		return;
	}
	cast->tname = tname;
	cast->left = arg;
	dt_decl_subst(s->cc, e, name, cast);
}

/*
 * A stand-in argument of type t (named by tname) to analyse a definition with: 0, "", or
 * for a struct or union the object *(T *)0.
 */
dt_node_t *
dt_decl_standin(dt_sema_t *s, dt_node_t *tname, const dt_type_t *t, dt_loc_t loc)
{
	const dt_type_t *rt = t ? dt_type_resolve(t) : NULL;
	dt_node_t *n;

	if (rt && (rt->kind == DT_TYPE_STRUCT || rt->kind == DT_TYPE_UNION)) {
		dt_node_t *ptr = dt_node_new(s->cc, DT_NODE_TYPENAME, loc);
		dt_node_t *cast = dt_node_new(s->cc, DT_NODE_CAST, loc);

		ptr->text = dt_arena_printf(&s->cc->arena, "%s *", tname->text);
		cast->tname = ptr;
		cast->left = dt_node_new(s->cc, DT_NODE_INT, loc);
		n = dt_node_new(s->cc, DT_NODE_UNARY, loc);
		n->op = TOK_STAR;
		n->left = cast;
		return n;
	}
	n = dt_node_new(s->cc, rt && rt->kind == DT_TYPE_STRING ? DT_NODE_STRING : DT_NODE_INT,
			loc);
	if (n->kind == DT_NODE_STRING)
		n->text = "";
	return n;
}

/* May a translator member of type mt be given a value of type t? */
static bool
dt_decl_xlcompat(const dt_type_t *mt, const dt_type_t *t)
{
	const dt_type_t *rm = dt_type_resolve(mt), *rt = dt_type_resolve(t);

	if ((rm->kind == DT_TYPE_INT || rm->kind == DT_TYPE_ENUM) &&
	    (rt->kind == DT_TYPE_INT || rt->kind == DT_TYPE_ENUM))
		return true;
	if (rt->kind == DT_TYPE_STRING)	/* a string into a char array or a string */
		return rm->kind == DT_TYPE_STRING ||
		       (rm->kind == DT_TYPE_ARRAY && rm->base &&
			dt_type_resolve(rm->base)->kind == DT_TYPE_INT &&
			dt_type_resolve(rm->base)->size == 1);
	return dt_type_compat(mt, t);
}

/* Where a translator's error points (n), with the line DTrace names: the translator's end. */
static dt_loc_t
dt_decl_xlloc(const dt_node_t *tr, const dt_node_t *n)
{
	dt_loc_t l = n->loc;

	if (tr->loc.dline)
		l.dline = tr->loc.dline;
	return l;
}

/*
 * Resolve and check translator tr once: its output type (tr->type) and input type
 * (tr->left->type). Returns false, with the errors reported, when it cannot be used.
 */
static bool
dt_decl_xlcheck(dt_sema_t *s, dt_node_t *tr)
{
	dt_compile_t *cc = s->cc;
	dt_clause_t dummy = {0}, *clause = s->clause;
	const char *where = s->where;
	const dt_type_t *out, *in, *rout;
	int nerr = cc->diags.count;

	if (tr->xl_state)
		return tr->xl_state > 0;
	tr->xl_state = -1;
	out = dt_decl_type(s, tr->tname, NULL);
	in = dt_decl_type(s, tr->left, NULL);
	if (!out || !in)
		return false;
	rout = dt_type_resolve(out);
	if (rout->incomplete) {
		ERR_AT(s, D_XLATE_SOU, dt_decl_xlloc(tr, tr->tname), "incomplete struct/union/enum "
		       "%s", out->name);
		return false;
	}
	if (rout->kind != DT_TYPE_STRUCT && rout->kind != DT_TYPE_UNION) {
		ERR_AT(s, D_XLATE_SOU, dt_decl_xlloc(tr, tr->tname), "translator output type must "
		       "be a struct or union");
		return false;
	}
	for (size_t i = 0; i < s->xlators.len && s->xlators.data[i] != tr; i++) {
		dt_node_t *o = s->xlators.data[i];

		/* a library's not yet checked: by the types' spellings */
		if ((o->xl_state > 0 && dt_type_equal(o->type, out) &&
		     dt_type_equal(o->left->type, in)) ||
		    (o->xl_state == 0 && strcmp(o->tname->text, tr->tname->text) == 0 &&
		     strcmp(o->left->text, tr->left->text) == 0)) {
			ERR(s, D_XLATE_REDECL, tr, "translator from %s to %s has already been "
			    "declared", in->name, out->name);
			return false;
		}
	}
	/*
	 * Each member's expression, with a typed stand-in for the argument. A library's are
	 * analysed only where used: one a kernel lacks leaves the others usable.
	 */
	s->clause = &dummy;
	s->where = NULL;
	for (size_t i = 0; i < tr->list.len && !tr->xl_in_lib; i++) {
		dt_node_t *a = tr->list.data[i], *zero, *e;
		const dt_type_t *mt;

		if (dt_type_member(cc, out, a->left->text, NULL, &mt, NULL, NULL) < 0) {
			ERR_AT(s, D_XLATE_MEMB, dt_decl_xlloc(tr, a->left), "translator member %s "
			       "is not a member of %s", a->left->text, out->name);
			continue;
		}
		zero = dt_decl_standin(s, tr->left, in, a->loc);
		e = dt_decl_xlexpr(s, tr, a, zero);
		dt_sema_expr(s, e);
		if (e->type && !dt_decl_xlcompat(mt, e->type))
			ERR_AT(s, D_XLATE_INCOMPAT, dt_decl_xlloc(tr, a), "translator member %s "
			       "definition uses incompatible types: \"%s\" = \"%s\"", a->left->text,
			       mt->name, e->type->name);
	}
	s->clause = clause;
	s->where = where;
	if (cc->diags.count != nerr)
		return false;
	tr->type = out;
	tr->left->type = in;
	tr->xl_state = 1;
	return true;
}

void
dt_decl_translator(dt_sema_t *s, dt_node_t *n)
{
	dt_vec_push(&s->xlators, n);
	n->xl_in_lib = s->in_lib;
	if (!s->in_lib)
		dt_decl_xlcheck(s, n);
}

void
dt_decl_xlate(dt_sema_t *s, dt_node_t *n)
{
	const dt_type_t *t = dt_decl_type(s, n->tname, NULL), *dst, *et;
	dt_node_t *found = NULL;

	bool member = s->member_of == n || s->in_inline;

	n->cond = dt_node_clone(s->cc, n->left);	/* e as written, for each member */
	dt_sema_expr(s, n->left);
	if (!member) {
		/* a translated struct exists only member by member here, as in DTrace's code */
		ERR(s, D_CG_DYN, n, "expression cannot evaluate to result of dynamic type: "
		    "xlate<%s>( ) is supported only to read members of the translated type: "
		    "xlate<T>(e).m, xlate<T *>(e)->m", n->tname->text);
		return;
	}
	if (!t || !(et = n->left->type))
		return;
	dst = dt_type_resolve(t);
	if (dst->kind == DT_TYPE_PTR)
		dst = dt_type_resolve(dst->base);
	/* the latest definition wins; an exact input type before a compatible one */
	for (int pass = 0; pass < 2 && !found; pass++) {
		for (size_t i = s->xlators.len; i-- > 0 && !found;) {
			dt_node_t *tr = s->xlators.data[i];
			const dt_type_t *in;

			if (!dt_decl_xlcheck(s, tr) || !dt_type_equal(tr->type, dst))
				continue;
			in = tr->left->type;
			if (pass == 0 ? dt_type_equal(in, et) :
			    dt_type_compat(in, et) || (dt_type_resolve(in)->kind == DT_TYPE_INT &&
						       dt_type_resolve(et)->kind == DT_TYPE_INT))
				found = tr;
		}
	}
	if (!found) {
		ERR(s, D_XLATE_NONE, n, "cannot translate from \"%s\" to \"%s\"", et->name,
		    t->name);
		return;
	}
	n->type = t;
	n->ident_kind = DT_IDENT_XLATE;
	n->right = found;
}

bool
dt_decl_xlate_member(dt_sema_t *s, dt_node_t *n)
{
	dt_node_t *x = n->left, *tr, *a = NULL, *e;
	const dt_type_t *t, *mt;

	while (x->kind == DT_NODE_IDENT && x->ident_kind == DT_IDENT_INLINE)
		x = x->left;
	if (x->kind != DT_NODE_XLATE || x->ident_kind != DT_IDENT_XLATE)
		return false;
	tr = x->right;
	t = dt_type_resolve(x->type);
	if ((n->op == TOK_ARROW) != (t->kind == DT_TYPE_PTR)) {
		if (n->op == TOK_ARROW)
			ERR(s, D_OP_PTR, n, "operator -> must be applied to a pointer");
		else
			ERR(s, D_OP_SOU, n, "operator . cannot be applied to type \"%s\"; must be "
			    "applied to a struct or union", x->type->name);
		return true;
	}
	if (dt_type_member(s->cc, tr->type, n->text, NULL, &mt, NULL, NULL) < 0) {
		ERR(s, s->cc->type_errtag, n, "%s", s->cc->type_errmsg);
		return true;
	}
	for (size_t i = 0; i < tr->list.len; i++) {
		if (strcmp(((dt_node_t *)tr->list.data[i])->left->text, n->text) == 0)
			a = tr->list.data[i];
	}
	if (!a) {
		ERR(s, D_XLATE_NOCONV, n, "translator does not define conversion for member: %s",
		    n->text);
		return true;
	}
	e = dt_decl_xlexpr(s, tr, a, dt_node_clone(s->cc, x->cond));
	s->attr_quiet++;	/* the translator's, not the user's (dt_sema_attr.c) */
	dt_sema_expr(s, e);
	s->attr_quiet--;
	if (!e->type)
		return true;
	if (dt_type_resolve(e->type)->kind == DT_TYPE_INT &&
	    dt_type_resolve(mt)->kind == DT_TYPE_INT) {
		/* the value as the member's type: a cast the analysis has already checked */
		dt_loc_t loc = n->loc;

		memset(n, 0, sizeof(*n));
		n->kind = DT_NODE_CAST;
		n->loc = loc;
		n->left = e;
		n->type = mt;
		return true;
	}
	dt_node_move(n, e);
	return true;
}

void
dt_decl_xlate_assign(dt_sema_t *s, dt_node_t *n)
{
	dt_node_t *l = n->left, *x = n->right, *lw = dt_node_clone(s->cc, l), *tr;
	const dt_type_t *t;

	s->member_of = x;	/* a translated struct may be copied member by member */
	dt_sema_expr(s, x);
	if (x->ident_kind != DT_IDENT_XLATE)
		return;
	t = dt_type_resolve(x->type);
	if (t->kind == DT_TYPE_PTR) {
		ERR(s, D_CG_DYN, x, "expression cannot evaluate to result of dynamic type: "
		    "xlate<%s>( ) is supported only to read members of the translated type, or "
		    "to assign a whole translated struct (xlate<T>(e))", x->tname->text);
		return;
	}
	/* the target: a struct variable (made here when new) or a struct in D memory */
	n->right = dt_decl_standin(s, x->tname, x->type, x->loc);
	dt_sema_expr(s, n);
	n->right = x;
	if (!n->type)
		return;
	tr = x->right;
	for (size_t i = 0; i < tr->list.len; i++) {
		dt_node_t *a = tr->list.data[i];
		dt_node_t *m = dt_node_new(s->cc, DT_NODE_MEMBER, a->loc);
		dt_node_t *as = dt_node_new(s->cc, DT_NODE_ASSIGN, n->loc);

		m->op = TOK_DOT;
		m->left = dt_node_clone(s->cc, lw);
		m->text = a->left->text;
		as->op = TOK_ASSIGN;
		as->left = m;
		as->right = dt_decl_xlexpr(s, tr, a, dt_node_clone(s->cc, x->cond));
		s->attr_quiet++;	/* the translator's, not the user's (dt_sema_attr.c) */
		dt_sema_expr(s, as);
		s->attr_quiet--;
		dt_vec_push(&n->list, as);
	}
	n->assign_kind = DT_ASSIGN_XLCOPY;
}
