/*
 * dt_decl.c: declarations that define types: struct, union and enum definitions, forward
 * declarations and typedefs, as D scripts and D libraries write them.
 *
 * The parser keeps a definition's body with its type specifier (a DT_NODE_TYPENAME whose
 * list holds the member declarations or enumerators); here the body becomes a dt_type_t in
 * the program's own namespace (cc->dtypes), which type lookups search before the kernel's
 * BTF. Messages and tags are DTrace's (its dt_decl.c).
 */
#include <limits.h>
#include <string.h>

#include "dt_sema.h"

/* The struct/union/enum keyword and tag of a specifier's text ("const struct foo"). */
static int
dt_decl_tagof(dt_compile_t *cc, const char *text, const char **tag)
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
		for (e = t; *e && *e != ' ' && *e != '*'; e++)
			;
		*tag = dt_arena_strndup(&cc->arena, t, (size_t)(e - t));	/* "" if anonymous */
		return kws[i].ns;
	}
	return 0;
}

static const char *
dt_decl_kw(int ns)
{
	return ns == 's' ? "struct" : ns == 'u' ? "union" : "enum";
}

/* struct tag { members }  or  union tag { members } */
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

		if (m->kind != DT_NODE_DECL)
			continue;
		if (!m->text || !*m->text) {
			const char *mtag;

			/* struct inner { ... }; inside another only defines the inner type */
			if (dt_decl_tagof(cc, m->tname->text, &mtag) && *mtag)
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
		for (uint32_t k = 0; k < n; k++)
			dup |= strcmp(ms[k].name, m->text) == 0;
		if (dup) {
			ERR(s, D_UNKNOWN, m, "failed to define member '%s': Duplicate member or "
			    "variable name", m->text);
			continue;
		}
		ms[n].name = m->text;
		ms[n].type = mt;
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

		value++;
		if (e->left) {
			/* earlier enumerators of this enum are constants already */
			dt_sema_expr(s, e->left);
			if (e->left->kind != DT_NODE_INT || !e->left->type ||
			    (e->left->type->kind != DT_TYPE_INT &&
			     e->left->type->kind != DT_TYPE_ENUM)) {
				ERR(s, D_DECL_ENCONST, e, "enumerator '%s' must be assigned to an "
				    "integral constant expression", e->text);
				continue;
			}
			value = e->left->type->is_signed ? (int64_t)e->left->ival
							 : (int64_t)e->left->ival;
			if (value > INT_MAX || value < INT_MIN ||
			    (!e->left->type->is_signed && e->left->ival > INT_MAX)) {
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
	int ns = dt_decl_tagof(s->cc, spec->text, &tag);

	if (ns == 'e')
		return dt_decl_enum(s, spec, tag);
	if (ns)
		return dt_decl_sou(s, spec, ns, tag);
	ERR(s, D_SYNTAX, spec, "syntax error near \"{\"");
	return NULL;
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
	const char *tag;
	int ns = dt_decl_tagof(cc, tn->text, &tag);
	const dt_type_t *t;
	const char *p;

	if (!ns || !*tag)
		return dt_sema_ktype(s, tn, tn->text);
	t = dt_type_dfind(cc, ns, tag);
	if (!t)
		t = dt_type_lookup(cc, dt_arena_printf(&cc->arena, "%s %s", dt_decl_kw(ns), tag),
				   NULL);
	if (!t)
		t = dt_type_dtag(cc, ns, tag);
	for (p = strstr(tn->text, tag) + strlen(tag); *p; p++) {
		if (*p == '*')
			t = dt_type_ptr(cc, t);
	}
	return t;
}

const dt_type_t *
dt_decl_type(dt_sema_t *s, dt_node_t *tn, dt_nodes_t *dims)
{
	dt_node_t *body = tn->list.len ? tn : tn->left && tn->left->list.len ? tn->left : NULL;
	const dt_type_t *t;

	if (body) {
		t = dt_decl_body(s, body);
		for (const char *p = tn->text + strlen(body->text); t && *p; p++) {
			if (*p == '*')
				t = dt_type_ptr(s->cc, t);
		}
	} else {
		t = dt_decl_named(s, tn);
	}
	if (!t || !dims)
		return t;
	/* int a[2][3]: an array of 2 arrays of 3 ints; build from the innermost */
	for (size_t i = dims->len; i-- > 0;) {
		dt_node_t *d = dims->data[i];

		if (d->kind == DT_NODE_TYPENAME) {
			ERR(s, D_DECL_DYNOBJ, d, "cannot declare array of associative arrays");
			return NULL;
		}
		dt_sema_expr(s, d);
		if (d->kind != DT_NODE_INT || !d->type || d->type->kind != DT_TYPE_INT ||
		    d->ival == 0 || (d->type->is_signed && (int64_t)d->ival < 0)) {
			ERR(s, D_DECL_ARRSUB, d, "positive integral constant expression or tuple "
			    "signature expected as array declaration subscript");
			return NULL;
		}
		if (d->ival > UINT_MAX) {
			ERR(s, D_DECL_ARRBIG, d, "array dimension too big");
			return NULL;
		}
		if (dt_type_resolve(t)->kind == DT_TYPE_VOID) {
			ERR(s, D_DECL_VOIDOBJ, d, "cannot declare array of void");
			return NULL;
		}
		t = dt_type_array(s->cc, t, (uint32_t)d->ival);
	}
	return t;
}

void
dt_decl_typedef(dt_sema_t *s, dt_node_t *n)
{
	dt_compile_t *cc = s->cc;
	const dt_type_t *t = dt_decl_type(s, n->tname, &n->list);

	if (!t)
		return;
	if (dt_type_named(cc, n->text) || dt_type_dfind(cc, 't', n->text)) {
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
	/* struct foo;  declares the program's own (incomplete) struct foo */
	ns = dt_decl_tagof(cc, n->tname->text, &tag);
	if (ns && *tag && !dt_type_dfind(cc, ns, tag))
		dt_type_dtag(cc, ns, tag);
}
