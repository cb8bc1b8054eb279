/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_sema_expr.c: semantic analysis of expressions (part of sema, see dt_sema.c): literals,
 * identifiers (built-in variables, D variables, kernel symbols, inlines), members, operators
 * with C's conversions and constant folding, assignments, and calls of subroutines and of the
 * functions that make record values (stack(), sym(), ...). Each node gets its D type; what
 * code generation needs is left in ident_kind/ident_id and the node's fields.
 *
 * The tables of built-in variables and of functions (actions, aggregating functions) live
 * here: identifier resolution is their only reader besides redefinition checks.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../common/dt_ksyms.h"
#include "../providers/dt_provider.h"
#include "../runtime/dt_runtime.h"
#include "dt_compiler.h"
#include "dt_sema.h"

/* ---- built-in variables --------------------------------------------------------------- */

static const struct dt_bvar dt_bvars[] = {
	{"arg0", DT_VAR_ARG0, "int64_t"},	{"arg1", DT_VAR_ARG0 + 1, "int64_t"},
	{"arg2", DT_VAR_ARG0 + 2, "int64_t"},	{"arg3", DT_VAR_ARG0 + 3, "int64_t"},
	{"arg4", DT_VAR_ARG0 + 4, "int64_t"},	{"arg5", DT_VAR_ARG0 + 5, "int64_t"},
	{"arg6", DT_VAR_ARG0 + 6, "int64_t"},	{"arg7", DT_VAR_ARG0 + 7, "int64_t"},
	{"arg8", DT_VAR_ARG0 + 8, "int64_t"},	{"arg9", DT_VAR_ARG0 + 9, "int64_t"},
	{"pid", DT_VAR_PID, "pid_t"},		{"tid", DT_VAR_TID, "id_t"},
	{"ppid", DT_VAR_PPID, "pid_t"},		{"uid", DT_VAR_UID, "uid_t"},
	{"gid", DT_VAR_GID, "gid_t"},		{"execname", DT_VAR_EXECNAME, "string"},
	{"timestamp", DT_VAR_TIMESTAMP, "uint64_t"},
	{"cpu", DT_VAR_CPU, "processorid_t"},	{"errno", DT_VAR_ERRNO, "int"},
	{"probeprov", DT_VAR_PROBEPROV, "string"},
	{"probemod", DT_VAR_PROBEMOD, "string"},
	{"probefunc", DT_VAR_PROBEFUNC, "string"},
	{"probename", DT_VAR_PROBENAME, "string"},
	{"id", DT_VAR_ID, "uint_t"},		{"epid", DT_VAR_EPID, "uint_t"},
	{"curthread", DT_VAR_CURTHREAD, "struct task_struct *"},
	{"walltimestamp", DT_VAR_WALLTIMESTAMP, "int64_t"},
	{"vtimestamp", DT_VAR_VTIMESTAMP, "uint64_t"},
	{"stackdepth", DT_VAR_STACKDEPTH, "uint32_t"},
	{"ustackdepth", DT_VAR_USTACKDEPTH, "uint32_t"},
	{"__psargs", DT_VAR_PSARGS, "string"},
	{"caller", DT_VAR_CALLER, "uintptr_t"},	{"ucaller", DT_VAR_UCALLER, "uintptr_t"},
};

static const struct dt_func dt_funcs[] = {
	{"trace", DT_IDENT_ACTION, DT_ACTFN_TRACE},
	{"printf", DT_IDENT_ACTION, DT_ACTFN_PRINTF},
	{"exit", DT_IDENT_ACTION, DT_ACTFN_EXIT},
	{"printa", DT_IDENT_ACTION, DT_ACTFN_PRINTA},
	{"tracemem", DT_IDENT_ACTION, DT_ACTFN_TRACEMEM},
	{"print", DT_IDENT_ACTION, DT_ACTFN_PRINT},
	{"setopt", DT_IDENT_ACTION, DT_ACTFN_SETOPT},
	{"stack", DT_IDENT_VALFN, DT_RECFMT_STACK},
	{"ustack", DT_IDENT_VALFN, DT_RECFMT_USTACK},
	{"jstack", DT_IDENT_VALFN, DT_RECFMT_USTACK},	/* no Java frames here: ustack() */
	{"uaddr", DT_IDENT_VALFN, DT_RECFMT_UADDR},
	{"usym", DT_IDENT_VALFN, DT_RECFMT_USYM},
	{"ufunc", DT_IDENT_VALFN, DT_RECFMT_USYM},
	{"umod", DT_IDENT_VALFN, DT_RECFMT_UMOD},
	{"func", DT_IDENT_VALFN, DT_RECFMT_SYM},
	{"sym", DT_IDENT_VALFN, DT_RECFMT_SYM},
	{"mod", DT_IDENT_VALFN, DT_RECFMT_MOD},
	{"clear", DT_IDENT_ACTION, DT_ACTFN_CLEAR},
	{"trunc", DT_IDENT_ACTION, DT_ACTFN_TRUNC},
	{"normalize", DT_IDENT_ACTION, DT_ACTFN_NORMALIZE},
	{"denormalize", DT_IDENT_ACTION, DT_ACTFN_DENORMALIZE},
	{"system", DT_IDENT_ACTION, DT_ACTFN_SYSTEM},
	{"pcap", DT_IDENT_ACTION, DT_ACTFN_PCAP},
	{"freopen", DT_IDENT_ACTION, DT_ACTFN_FREOPEN},
	{"raise", DT_IDENT_ACTION, DT_ACTFN_RAISE},
	{"stop", DT_IDENT_ACTION, DT_ACTFN_STOP},
	{"copyoutstr", DT_IDENT_ACTION, DT_ACTFN_COPYOUTSTR},
	{"copyout", DT_IDENT_ACTION, DT_ACTFN_COPYOUT},
	{"chill", DT_IDENT_ACTION, DT_ACTFN_CHILL},
	{"panic", DT_IDENT_ACTION, DT_ACTFN_PANIC},
	{"breakpoint", DT_IDENT_ACTION, DT_ACTFN_BREAKPOINT},
	{"speculate", DT_IDENT_ACTION, DT_ACTFN_SPECULATE},
	{"commit", DT_IDENT_ACTION, DT_ACTFN_COMMIT},
	{"discard", DT_IDENT_ACTION, DT_ACTFN_DISCARD},
	{"count", DT_IDENT_AGGFUNC, DT_AGG_COUNT},
	{"sum", DT_IDENT_AGGFUNC, DT_AGG_SUM},
	{"avg", DT_IDENT_AGGFUNC, DT_AGG_AVG},
	{"min", DT_IDENT_AGGFUNC, DT_AGG_MIN},
	{"max", DT_IDENT_AGGFUNC, DT_AGG_MAX},
	{"stddev", DT_IDENT_AGGFUNC, DT_AGG_STDDEV},
	{"quantize", DT_IDENT_AGGFUNC, DT_AGG_QUANTIZE},
	{"lquantize", DT_IDENT_AGGFUNC, DT_AGG_LQUANTIZE},
	{"llquantize", DT_IDENT_AGGFUNC, DT_AGG_LLQUANTIZE},
};

const struct dt_func *
dt_sema_func_lookup(const char *name)
{
	static const struct dt_func subr = {"", DT_IDENT_SUBR, 0};

	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_funcs); i++)
		if (strcmp(dt_funcs[i].name, name) == 0)
			return &dt_funcs[i];
	return dt_subr_lookup(name) ? &subr : NULL;
}

const char *const dt_sema_aggfunc_names[] = {
	[DT_AGG_COUNT] = "count",	[DT_AGG_SUM] = "sum",	  [DT_AGG_AVG] = "avg",
	[DT_AGG_MIN] = "min",		[DT_AGG_MAX] = "max",	  [DT_AGG_STDDEV] = "stddev",
	[DT_AGG_QUANTIZE] = "quantize", [DT_AGG_LQUANTIZE] = "lquantize",
	[DT_AGG_LLQUANTIZE] = "llquantize",
};

/* ---- expressions ---------------------------------------------------------------------- */


static void
dt_sema_int_literal(dt_sema_t *s, dt_node_t *n)
{
	uint64_t v = n->ival;
	bool u = n->isuffix & DT_INT_U, l = n->isuffix & (DT_INT_L | DT_INT_LL);
	bool dec = true;	/* the parser keeps no base; C's rules differ only for hex/octal */

	if (!l && !u && v <= INT32_MAX)
		n->type = dt_type_int(s->cc, 4, true);
	else if (!l && (u || !dec) && v <= UINT32_MAX)
		n->type = dt_type_int(s->cc, 4, false);
	else if (!u && v <= INT64_MAX)
		n->type = dt_type_int(s->cc, 8, true);
	else
		n->type = dt_type_int(s->cc, 8, false);
}

const struct dt_bvar *
dt_sema_builtin(const char *name)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_bvars); i++)
		if (strcmp(dt_bvars[i].name, name) == 0)
			return &dt_bvars[i];
	return NULL;
}


/* Is there a global variable or associative array of this name? */
bool
dt_sema_find_var(dt_sema_t *s, const char *name)
{
	for (size_t i = 0; i < s->prog->vars.len; i++) {
		dt_var_t *v = s->prog->vars.data[i];

		if ((v->kind == DT_VK_GLOBAL || v->kind == DT_VK_ASSOC) &&
		    strcmp(v->name, name) == 0)
			return true;
	}
	return false;
}

/* A type named in the program; kernel types come from BTF, loaded on first need. */
const dt_type_t *
dt_sema_ktype(dt_sema_t *s, dt_node_t *at, const char *spelling)
{
	char *err = NULL;
	const dt_type_t *t = dt_type_lookup(s->cc, spelling, &err);

	if (!t)
		ERR(s, s->cc->type_errtag ? s->cc->type_errtag : D_UNKNOWN, at, "%s",
		    err ? err : "unknown type");
	return t;
}

/*
 * D reads a char array as a string wherever a string is wanted; the node keeps the array's
 * length in char_array (its string capacity) and becomes a string. The kernel bytes are copied
 * when the value is used.
 */
static void
dt_sema_char_array(dt_sema_t *s, dt_node_t *n)
{
	const dt_type_t *t = dt_type_resolve(n->type);
	const dt_type_t *et = t->kind == DT_TYPE_ARRAY && t->base ? dt_type_resolve(t->base) : NULL;

	if (et && et->kind == DT_TYPE_INT && et->size == 1 && t->nelems > 0) {
		n->char_array = t->nelems;
		n->type = dt_type_string(s->cc);
	}
}

/*
 * `sym, mod`sym: the kernel object at the symbol's address (from /proc/kallsyms), of its
 * type from an extern declaration, else BTF: n becomes *(T *)address, so &`sym, `sym.m and reads work as for any
 * kernel object.
 */
static void
dt_sema_symbol(dt_sema_t *s, dt_node_t *n)
{
	const char *bq = strrchr(n->text, '`'), *name = bq ? bq + 1 : n->text;
	const char *mod = bq ? dt_arena_strndup(&s->cc->arena, n->text,
						(size_t)(bq - n->text)) : NULL;
	const dt_type_t *t = NULL;
	dt_node_t *addr;
	uint64_t a;
	int rc;

	if (!s->dtp)
		return;
	if (!s->dtp->ksyms)
		s->dtp->ksyms = dt_ksyms_new(NULL);
	if (dt_ksym_by_name(s->dtp->ksyms, mod, name, &a) < 0) {
		dt_diag_t *d = dt_diag_error(&s->cc->diags, D_IDENT_UNDEF, n->loc, "failed to "
					     "resolve %s%s: Unknown symbol name", bq ? "" : "`",
					     n->text);

		if (d)
			d->region = s->where;
		/* a backquote with no name after it names nothing on any kernel */
		if (d && *name && dt_ksyms_count(s->dtp->ksyms) &&
		    !dt_ksyms_have_data(s->dtp->ksyms))
			dt_diag_hint(&s->cc->diags, d, "this kernel's /proc/kallsyms lists functions "
				     "only, no data symbols: it was built without "
				     "CONFIG_KALLSYMS_ALL");
		return;
	}
	/* an extern declaration's type (dlibs/vmlinux.d has the common ones), else BTF's */
	if ((t = dt_type_dfind(s->cc, 'x', name)))
		rc = 0;
	else
		rc = dt_type_symbol(s->cc, name, &t);
	if (rc == -EINVAL) {
		ERR(s, D_UNSUPPORTED, n, "%s%s is a per-CPU variable: per-CPU symbols are not "
		    "supported yet", bq ? "" : "`", n->text);
		return;
	}
	if (rc < 0) {
		ERR(s, D_SYM_NOTYPES, n, "no symbolic type information is available for %s`%s: "
		    "No type information available for symbol", mod ? mod : "vmlinux", name);
		return;
	}
	addr = dt_node_new(s->cc, DT_NODE_INT, n->loc);
	addr->ival = a;
	addr->type = dt_type_ptr(s->cc, t);
	n->kind = DT_NODE_UNARY;
	n->op = TOK_STAR;
	n->left = addr;
	n->type = t;
	dt_sema_char_array(s, n);
}

/* e.m and e->m on structs and unions, kernel types included. */
static void dt_sema_ident(dt_sema_t *s, dt_node_t *n);

/* A tracepoint record has no member n->text: say which tracepoint, and what it has. */
static void
dt_sema_no_field(dt_sema_t *s, dt_node_t *n, const dt_type_t *st)
{
	dt_strbuf_t sb = {0};

	for (uint32_t i = 0; i < st->nmembers; i++)
		dt_sb_printf(&sb, "%s%s", i ? ", " : "", st->members[i].name);
	ERR(s, D_TYPE_MEMBER, n, "tracepoint %s has no field %s (its fields: %s)",
	    st->tp_record, n->text, st->nmembers ? dt_sb_str(&sb) : "none");
	dt_sb_free(&sb);
}

static dt_node_t *
dt_sema_mknode(dt_sema_t *s, dt_node_kind_t kind, int op, dt_node_t *l, dt_node_t *r,
	       dt_loc_t loc)
{
	dt_node_t *x = dt_node_new(s->cc, kind, loc);

	x->op = op;
	x->left = l;
	x->right = r;
	return x;
}

static dt_node_t *
dt_sema_mkcast(dt_sema_t *s, const char *type, dt_node_t *e)
{
	dt_node_t *x = dt_sema_mknode(s, DT_NODE_CAST, 0, e, NULL, e->loc);

	x->tname = dt_node_new(s->cc, DT_NODE_TYPENAME, e->loc);
	x->tname->text = type;
	return x;
}

static dt_node_t *
dt_sema_mkint(dt_sema_t *s, uint64_t v, dt_loc_t loc)
{
	dt_node_t *x = dt_node_new(s->cc, DT_NODE_INT, loc);

	x->ival = v;
	return x;
}

/*
 * rec->name, a tracepoint record's __data_loc char[] field at offset off: a u32 whose low 16
 * bits say where the string is from the record's start. n becomes
 * stringof((char *)rec + (*(uint32_t *)((char *)rec + off) & 0xffff)).
 */
static void
dt_sema_data_loc(dt_sema_t *s, dt_node_t *n, uint32_t off)
{
	dt_node_t *rec = n->left, *again = dt_node_clone(s->cc, rec), *word;

	if (n->op != TOK_ARROW) {	/* rec.name: the record's address */
		rec = dt_sema_mknode(s, DT_NODE_UNARY, TOK_AMP, rec, NULL, n->loc);
		again = dt_sema_mknode(s, DT_NODE_UNARY, TOK_AMP, again, NULL, n->loc);
	}
	word = dt_sema_mknode(s, DT_NODE_BINARY, TOK_PLUS, dt_sema_mkcast(s, "char *", again),
			      dt_sema_mkint(s, off, n->loc), n->loc);
	word = dt_sema_mknode(s, DT_NODE_UNARY, TOK_STAR, dt_sema_mkcast(s, "uint32_t *", word),
			      NULL, n->loc);
	word = dt_sema_mknode(s, DT_NODE_BINARY, TOK_AMP, word, dt_sema_mkint(s, 0xffff, n->loc),
			      n->loc);
	n->kind = DT_NODE_STRINGOF;
	n->op = 0;
	n->member_off = 0;
	n->left = dt_sema_mknode(s, DT_NODE_BINARY, TOK_PLUS, dt_sema_mkcast(s, "char *", rec),
				 word, n->loc);
	dt_sema_expr(s, n);
}

/* Does every probe of the clause have a tracepoint record as args[0] (args alone)? */
static bool
dt_sema_args_record(dt_sema_t *s)
{
	dt_clause_t *cl = s->clause;

	if (!cl || !cl->probes.len)
		return false;
	for (size_t i = 0; i < cl->probes.len; i++)
		if (!(cl->probes.data[i]->flags & DT_PRF_ARGS_RECORD))
			return false;
	return true;
}

static void dt_sema_args(dt_sema_t *s, dt_node_t *n);

static void
dt_sema_member(dt_sema_t *s, dt_node_t *n)
{
	const dt_type_t *lt, *st, *mt = NULL;
	uint32_t off, bit_off, bit_size;

	s->member_of = n->left;
	dt_sema_expr(s, n->left);
	if (!n->left->type || dt_decl_xlate_member(s, n))
		return;
	lt = dt_type_resolve(n->left->type);
	if (n->op == TOK_ARROW) {
		if (lt->kind != DT_TYPE_PTR || !lt->base) {
			ERR(s, D_OP_PTR, n, "operator -> must be applied to a pointer");
			return;
		}
		st = dt_type_resolve(lt->base);
	} else {
		st = lt;
	}
	/* DTrace's words: the type as written for ".", the pointed-to type for "->" */
	if (st->kind != DT_TYPE_STRUCT && st->kind != DT_TYPE_UNION) {
		if (n->op == TOK_ARROW)
			ERR(s, D_OP_SOU, n, "operator -> cannot be applied to pointer to type "
			    "\"%s\"; must be applied to a struct or union pointer",
			    dt_type_resolve(lt->base)->name);
		else
			ERR(s, D_OP_SOU, n, "operator . cannot be applied to type \"%s\"; must be "
			    "applied to a struct or union", n->left->type->name);
		return;
	}
	if (st->incomplete) {
		ERR(s, D_OP_INCOMPLETE, n, "operator %s cannot be applied to a forward declaration: "
		    "no %s definition is available%s", n->op == TOK_ARROW ? "->" : ".", st->name,
		    st->scope_note ? st->scope_note : "");
		return;
	}
	if (dt_type_member(s->cc, st, n->text, &off, &mt, &bit_off, &bit_size) < 0) {
		if (st->tp_record)
			dt_sema_no_field(s, n, st);
		else
			ERR(s, s->cc->type_errtag, n, "%s", s->cc->type_errmsg);
		return;
	}
	if (mt->data_loc_str) {
		dt_sema_data_loc(s, n, off);
		return;
	}
	if (bit_size) {
		/* read as the bytes that hold it, shifted and masked (dt_cg_kvalue) */
		if (bit_off % 8 + bit_size > 64) {
			ERR(s, D_UNSUPPORTED, n, "bit-field %s spans more than 8 bytes", n->text);
			return;
		}
		n->bf_width = (uint8_t)bit_size;
		n->bf_shift = (uint8_t)(bit_off % 8);
	}
	n->type = mt;
	n->member_off = (uint32_t)off;
	dt_sema_char_array(s, n);
}

static void
dt_sema_ident(dt_sema_t *s, dt_node_t *n)
{
	if (strcmp(n->text, "args") == 0 && dt_sema_args_record(s) &&
	    !dt_sema_find_var(s, "args")) {
		/* bpftrace's args->field: args[0], the record */
		dt_node_t *id = dt_node_new(s->cc, DT_NODE_IDENT, n->loc);

		id->text = n->text;
		n->kind = DT_NODE_INDEX;
		n->left = id;
		n->list.len = 0;
		dt_vec_push(&n->list, dt_sema_mkint(s, 0, n->loc));
		dt_sema_args(s, n);
		return;
	}
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_bvars); i++) {
		if (strcmp(dt_bvars[i].name, n->text) == 0) {
			n->ident_kind = DT_IDENT_VAR;
			n->ident_id = dt_bvars[i].id;
			n->type = dt_bvars[i].id == DT_VAR_CURTHREAD
					  ? dt_sema_ktype(s, n, dt_bvars[i].type)
					  : dt_type_named(s->cc, dt_bvars[i].type);
			if (n->ident_id >= DT_VAR_ARG0 && n->ident_id < DT_VAR_ARG0 + 10)
				s->clause->needs |= DT_SEMA_NEED_ARGS;
			if (n->ident_id == DT_VAR_ERRNO)
				s->clause->needs |= DT_SEMA_NEED_ERRNO;
			return;
		}
	}
	for (size_t i = 0; i < s->inlines.len; i++) {
		dt_node_t *d = s->inlines.data[i];

		if (strcmp(d->text, n->text) == 0 && d->list.len) {
			ERR(s, D_PROTO_LEN, n, "%s[ ] prototype mismatch: 0 args passed, %zu "
			    "expected", d->text, d->list.len);
			return;
		}
		if (strcmp(d->text, n->text) == 0) {
			/* analysed again at each use, where probe arguments and xlate mean something */
			n->ident_kind = DT_IDENT_INLINE;
			n->left = dt_node_clone(s->cc, d->right);
			if (s->member_of == n)
				s->member_of = n->left;
			s->attr_quiet++;	/* the definition's, not the user's (dt_sema_attr.c) */
			dt_sema_expr(s, n->left);
			s->attr_quiet--;
			n->type = d->type;
			return;
		}
	}
	if (!dt_sema_find_var(s, n->text)) {
		/* A built-in constant (NULL, R_PC...) or an enumerator of a kernel enum
		 * (PIDTYPE_PID...) is an integer constant. */
		int64_t v;
		const dt_type_t *et;
		const char *ct = dt_const_lookup(n->text, &v);

		if (ct) {
			n->kind = DT_NODE_INT;
			n->ival = (uint64_t)v;
			n->isuffix = 0;
			n->type = dt_sema_ktype(s, n, ct);
			return;
		}
		if (dt_type_enum_value(s->cc, n->text, &v, &et) == 0) {
			n->kind = DT_NODE_INT;
			n->ival = (uint64_t)v;
			n->isuffix = 0;
			n->type = dt_type_int(s->cc, 4, true);
			return;
		}
	}
	dt_sema_var(s, n, NULL);	/* a global variable, or the error */
}

/* Make z (NULL, or 0, where a string goes) DTrace's NULL string: the address 0. */
static void
dt_sema_null_string(dt_sema_t *s, dt_node_t *z)
{
	z->kind = DT_NODE_STRING;
	z->text = "";
	z->textlen = 0;
	z->str_id = -1;
	z->null_str = true;
	z->type = dt_type_string(s->cc);
}

static void
dt_sema_binary(dt_sema_t *s, dt_node_t *n)
{
	const dt_type_t *l, *r;
	const char *op = dt_tok_name(n->op);
	uint64_t v;

	dt_sema_expr(s, n->left);
	dt_sema_expr(s, n->right);
	l = n->left->type;
	r = n->right->type;
	if (!l || !r)
		return;
	switch (n->op) {
	case TOK_EQ: case TOK_NE: case TOK_LT: case TOK_LE: case TOK_GT: case TOK_GE:
		/*
		 * s == NULL: DTrace's NULL string, which a string subroutine gives where it finds
		 * nothing (strstr, strtok at the end, ...) and an unset variable holds; it
		 * differs from "" and compares below every other string (dt_cg_strcmp).
		 */
		if ((dt_is_string(l) && dt_is_null(n->right)) ||
		    (dt_is_null(n->left) && dt_is_string(r))) {
			dt_node_t *z = dt_is_string(l) ? n->right : n->left;

			dt_sema_null_string(s, z);
			l = r = z->type;
		}
		if (dt_is_string(l) && dt_is_string(r)) {
			n->type = dt_type_int(s->cc, 4, true);
			return;
		}
		if (dt_is_scalar(l) && dt_is_scalar(r)) {
			n->type = dt_type_int(s->cc, 4, true);
			return;
		}
		ERR(s, D_OP_INCOMPAT, n, "operands have incompatible types: \"%s\" %s \"%s\"",
		    dt_type_name(l), op, dt_type_name(r));
		return;
	case TOK_PLUS: case TOK_MINUS: case TOK_STAR: case TOK_SLASH: {
		const dt_type_t *lr = dt_type_resolve(l), *rr = dt_type_resolve(r);

		/*
		 * Pointer arithmetic, as in C: p + i and i + p and p - i step by the pointee's
		 * size; p - q counts elements. n->ptrarith and n->scale tell code generation.
		 */
		if ((n->op == TOK_PLUS || n->op == TOK_MINUS) &&
		    (lr->kind == DT_TYPE_PTR || rr->kind == DT_TYPE_PTR)) {
			const dt_type_t *pt = lr->kind == DT_TYPE_PTR ? lr : rr;
			const dt_type_t *other = pt == lr ? rr : lr;
			bool vp = !pt->base || dt_type_resolve(pt->base)->kind == DT_TYPE_VOID;
			int64_t esz = vp ? 1 : dt_type_sizeof(s->cc, pt->base);

			if (esz <= 0)
				esz = 1;
			if (lr->kind == DT_TYPE_PTR && rr->kind == DT_TYPE_PTR && n->op == TOK_MINUS) {
				n->type = dt_type_int(s->cc, 8, true);	/* ptrdiff_t */
				n->ptrarith = DT_PTRARITH_DIFF;
				n->scale = (uint32_t)esz;
				return;
			}
			/* DTrace refuses void * + i (GNU C would step by bytes); q - p counts bytes */
			if (vp || (other->kind != DT_TYPE_INT && other->kind != DT_TYPE_ENUM)) {
				ERR(s, D_OP_INCOMPAT, n, "operands have incompatible types: \"%s\" %s "
				    "\"%s\"", l->name, op, r->name);
				return;
			}
			if (n->op == TOK_MINUS && rr->kind == DT_TYPE_PTR) {
				ERR(s, D_OP_INCOMPAT, n, "an integer minus a pointer is undefined");
				return;
			}
			n->type = pt == lr ? l : r;
			n->ptrarith = DT_PTRARITH_OFFSET;
			n->scale = (uint32_t)esz;
			return;
		}
		if (n->op == TOK_PLUS && ((dt_is_string(l) && dt_is_int(r)) ||
					  (dt_is_int(l) && dt_is_string(r)))) {
			/*
			 * s + i, i + s: the string from its i-th character on, as DTrace's char
			 * pointers step ("" past its end): substr(s, i), which the code of
			 * subroutines makes without reading past the string's buffer
			 */
			dt_node_t *str = dt_is_string(l) ? n->left : n->right;
			dt_node_t *off = str == n->left ? n->right : n->left;

			n->kind = DT_NODE_CALL;
			n->text = "substr";
			n->left = n->right = NULL;
			dt_vec_push(&n->list, str);
			dt_vec_push(&n->list, off);
			n->ident_kind = DT_IDENT_SUBR;
			n->ident_id = DT_SUBR_SUBSTR;
			n->type = dt_type_string(s->cc);
			return;
		}
		if (!dt_is_int(l) || !dt_is_int(r)) {
			ERR(s, D_OP_ARITH, n, "operator %s requires operands of arithmetic type",
			    op);
			return;
		}
		n->type = dt_arith_conv(s->cc, l, r);
		if (n->op == TOK_SLASH && dt_fold_value(n->right, &v) && v == 0)
			ERR(s, D_DIV_ZERO, n, "expression contains division by zero");
		return;
	}
	case TOK_PERCENT: case TOK_AMP: case TOK_PIPE: case TOK_CARET:
	case TOK_SHL: case TOK_SHR:
		if (!dt_is_int(l) || !dt_is_int(r)) {
			ERR(s, D_OP_INT, n, "operator %s requires operands of integral type", op);
			return;
		}
		if (n->op == TOK_SHL || n->op == TOK_SHR)
			n->type = dt_promote(s->cc, l);
		else
			n->type = dt_arith_conv(s->cc, l, r);
		if (n->op == TOK_PERCENT && dt_fold_value(n->right, &v) && v == 0)
			ERR(s, D_DIV_ZERO, n, "expression contains division by zero");
		return;
	default:
		ERR(s, D_UNSUPPORTED, n, "operator %s is not supported yet", op);
		return;
	}
}

/*
 * args[N] of a probe whose provider translates it (prp->argxl[N], dt_program.h): n becomes
 * xlate<T>((native)argN), or the D library's inline xl + 1 applied to argN ("@name").
 */
static void
dt_sema_args_xlate(dt_sema_t *s, dt_node_t *n, const char *type, const char *xl, int argno)
{
	dt_node_t *arg = dt_node_new(s->cc, DT_NODE_IDENT, n->loc);

	arg->text = dt_arena_printf(&s->cc->arena, "arg%d", argno);
	n->list.len = 0;
	if (xl[0] == '@') {
		/* name[argN]: the library's inline, given the native value */
		n->left = dt_node_new(s->cc, DT_NODE_IDENT, n->loc);
		n->left->text = xl + 1;
		dt_vec_push(&n->list, arg);
	} else {
		dt_node_t *cast = dt_node_new(s->cc, DT_NODE_CAST, n->loc);

		cast->tname = dt_node_new(s->cc, DT_NODE_TYPENAME, n->loc);
		cast->tname->text = xl;
		cast->left = arg;
		n->kind = DT_NODE_XLATE;
		n->tname = dt_node_new(s->cc, DT_NODE_TYPENAME, n->loc);
		n->tname->text = type;
		n->left = cast;
	}
	s->attr_quiet++;	/* the provider's translation, not the user's (dt_sema_attr.c) */
	dt_sema_expr(s, n);
	s->attr_quiet--;
}

/*
 * args[N]: probe argument N typed as the provider declares it. Every probe the clause
 * enables must give it the same type; it is then argN, converted to that type, or argN
 * translated where the provider says so (the probes must agree on that too).
 */
static void
dt_sema_args(dt_sema_t *s, dt_node_t *n)
{
	dt_clause_t *cl = s->clause;
	const char *spelling = NULL, *xl = NULL;
	char first[256] = "";
	dt_node_t *ix = n->list.len == 1 ? n->list.data[0] : NULL;
	uint64_t v;
	int argno;

	if (!ix || !dt_fold_value(ix, &v) || v > 9) {
		ERR(s, D_ARGS_IDX, n, "args[ ] index must be an integer constant from 0 to 9");
		return;
	}
	argno = (int)v;
	for (size_t i = 0; cl && i < cl->probes.len; i++) {
		const char *const *types;
		const char *t = dt_probe_args(s->dtp, cl->probes.data[i], &types) > argno ?
			types[argno] : NULL;

		if (!t) {
			dt_probe_t *p = cl->probes.data[i];

			ERR(s, D_ARGS_IDX, n, "index %d is out of range for %s:%s:%s:%s args[ ]",
			    argno, p->prov, p->mod, p->func, p->name);
			return;
		}
		const char *x = cl->probes.data[i]->argxl ? cl->probes.data[i]->argxl[argno] : NULL;

		if (!spelling) {
			snprintf(first, sizeof(first), "%s", t);
			spelling = first;
			xl = x;
		} else if (strcmp(first, t) != 0 || (xl || x) != (xl && x) ||
			   (xl && strcmp(xl, x) != 0)) {
			ERR(s, D_ARGS_TYPE, n, "args[%d] has different types at the probes this "
			    "clause enables (%s, %s): use argN and a cast", argno, first, t);
			return;
		}
	}
	if (!spelling) {
		ERR(s, D_ARGS_IDX, n, "args[ ] has no types here");
		return;
	}
	if (xl) {
		dt_sema_args_xlate(s, n, dt_arena_strdup(&s->cc->arena, spelling), xl, argno);
		return;
	}
	n->type = dt_sema_ktype(s, n, spelling);
	if (!n->type)
		return;
	n->ident_kind = DT_IDENT_VAR;
	n->ident_id = DT_VAR_ARG0 + argno;
	cl->needs |= DT_SEMA_NEED_ARGS;
}


/*
 * uregs[R_name]: a user register of the current thread (dt_consts.c names them). As in
 * DTrace on Linux, the index must be an integer constant and a known register.
 */
static void
dt_sema_uregs(dt_sema_t *s, dt_node_t *n)
{
	dt_node_t *ix = n->list.len == 1 ? n->list.data[0] : NULL;
	uint64_t v;

	if (!ix) {
		ERR(s, D_PROTO_LEN, n, "uregs[ ] prototype mismatch: %zu args passed, 1 expected",
		    n->list.len);
		return;
	}
	dt_sema_expr(s, ix);
	if (!ix->type)
		return;
	if (ix->kind == DT_NODE_IDENT && ix->ident_kind == DT_IDENT_INLINE)
		ix = ix->left;		/* an inline constant */
	if (!dt_fold_value(ix, &v) || !dt_is_int(ix->type)) {
		ERR(s, D_PROTO_ARG, ix, "uregs[ ] argument #1 is incompatible with prototype:\n"
		    "\tprototype: integer constant\n\t argument: %s", ix->type->name);
		return;
	}
	if (v > DT_UREGS_MAX) {
		ERR(s, D_UNKNOWN, ix, "uregs[]: index out of bounds (%lld)", (long long)v);
		return;
	}
	n->type = dt_type_named(s->cc, "uint64_t");
	n->ident_kind = DT_IDENT_VAR;
	n->ident_id = DT_VAR_UREGS;
	n->ureg = (uint8_t)v;
}

/*
 * p[i] through a kernel pointer, a.m[i] into a kernel array (char arrays included, though
 * they read as strings otherwise): the element, read from kernel memory.
 */
static void
dt_sema_kindex(dt_sema_t *s, dt_node_t *n)
{
	const dt_type_t *lt, *et;
	dt_node_t *ix = n->list.len == 1 ? n->list.data[0] : NULL;
	uint64_t v;

	if (n->left->kind == DT_NODE_THIS && !dt_sema_var_find(s, DT_VK_THIS, n->left->text)) {
		ERR(s, D_ARR_LOCAL, n, "local variables may not be used as associative arrays: "
		    "this->%s", n->left->text);
		return;
	}

	dt_sema_expr(s, n->left);
	if (ix)
		dt_sema_expr(s, ix);
	if (n->list.len != 1 && n->left->type) {
		if (n->left->kind == DT_NODE_IDENT)
			ERR(s, D_ARR_BADREF, n, "cannot access scalar %s as an associative array",
			    n->left->text);
		else
			ERR(s, D_ARR_BADREF, n, "cannot access %s using a tuple: it is not an "
			    "associative array", n->left->type->name);
		return;
	}
	if (!n->left->type || !ix || !ix->type)
		return;
	if (!dt_is_int(ix->type)) {
		ERR(s, D_ARR_BADREF, ix, "subscript must be of integral type");
		return;
	}
	if (n->left->char_array || dt_is_string(n->left->type)) {
		/* a char array read as a string, or a string: its chars */
		et = dt_type_int(s->cc, 1, true);
		if (n->left->char_array && dt_fold_value(ix, &v) && v >= n->left->char_array) {
			ERR(s, D_ARR_BOUNDS, ix, "index outside array bounds: %lld, max is %u",
			    (long long)(int64_t)v, (unsigned)n->left->char_array);
			return;
		}
	} else {
		lt = dt_type_resolve(n->left->type);
		if ((lt->kind != DT_TYPE_PTR && lt->kind != DT_TYPE_ARRAY) || !lt->base) {
			ERR(s, D_ARR_BADREF, n, "subscripts may only be applied to pointers, arrays "
			    "and associative arrays, not %s", n->left->type->name);
			return;
		}
		et = lt->base;
		if (dt_type_resolve(et)->kind == DT_TYPE_VOID) {
			ERR(s, D_ARR_BADREF, n, "cannot subscript a pointer to void");
			return;
		}
		if (lt->kind == DT_TYPE_ARRAY && lt->nelems && dt_fold_value(ix, &v) &&
		    ((ix->type->is_signed && (int64_t)v < 0) || v > lt->nelems ||
		     (v == lt->nelems && s->addr_of != n))) {
			ERR(s, D_ARR_BOUNDS, ix, "index outside array bounds: %lld, max is %u",
			    (long long)(int64_t)v, (unsigned)lt->nelems);
			return;
		}
	}
	n->type = et;
	n->ident_kind = DT_IDENT_KINDEX;
	dt_sema_char_array(s, n);
}

/* Is this identifier a global pointer, array or string variable (p[i] indexes through it)? */
bool
dt_sema_is_kptr_var(dt_sema_t *s, const dt_node_t *id)
{
	for (size_t i = 0; i < s->prog->vars.len; i++) {
		dt_var_t *v = s->prog->vars.data[i];

		if (v->kind == DT_VK_GLOBAL && strcmp(v->name, id->text) == 0)
			return dt_type_resolve(v->type)->kind == DT_TYPE_PTR ||
			       dt_type_resolve(v->type)->kind == DT_TYPE_ARRAY ||
			       dt_is_string(v->type);
	}
	return false;
}


/* Note the globals the program assigns anywhere (x = e, x op= e, x++, ++x) in tree n. */
void
dt_sema_note_assigned(dt_sema_t *s, const dt_node_t *n)
{
	const dt_node_t *l;

	if (!n)
		return;
	l = n->left;
	if (l && l->kind == DT_NODE_IDENT && (n->kind == DT_NODE_ASSIGN ||
	    n->kind == DT_NODE_POSTFIX || (n->kind == DT_NODE_UNARY &&
	    (n->op == TOK_INC || n->op == TOK_DEC))))
		dt_vec_push(&s->assigned, l->text);
	dt_sema_note_assigned(s, n->left);
	dt_sema_note_assigned(s, n->right);
	dt_sema_note_assigned(s, n->cond);
	dt_sema_note_assigned(s, n->pred);
	dt_sema_note_assigned(s, n->body);
	for (size_t i = 0; i < n->list.len; i++)
		dt_sema_note_assigned(s, n->list.data[i]);
}

/*
 * Has this very error been reported already? The same undefined name or macro argument used
 * again says nothing new (DTrace, stopping at the first error, shows it once).
 */
bool
dt_sema_reported(dt_sema_t *s, dt_errtag_t tag, const char *msg)
{
	for (const dt_diag_t *d = s->cc->diags.head; d; d = d->next)
		if (d->tag == tag && strcmp(d->msg, msg) == 0)
			return true;
	return false;
}

bool
dt_sema_assigned_later(dt_sema_t *s, const char *name)
{
	for (size_t i = 0; i < s->assigned.len; i++) {
		if (strcmp(s->assigned.data[i], name) == 0)
			return true;
	}
	return false;
}

static bool
dt_is_varref(const dt_node_t *n)
{
	return n->kind == DT_NODE_IDENT || n->kind == DT_NODE_SELF || n->kind == DT_NODE_THIS ||
	       (n->kind == DT_NODE_INDEX &&
		(n->left->kind == DT_NODE_IDENT || n->left->kind == DT_NODE_SELF));
}

/*
 * May operator n (an assignment, ++ or --) write l, a variable reference or not? As DTrace
 * says: what is no lvalue at all (a macro, a constant, an expression) is D_OP_LVAL; a built-in
 * variable is an lvalue that is not writable, D_OP_WRITE.
 */
static bool
dt_sema_writable(dt_sema_t *s, dt_node_t *n, const dt_node_t *l)
{
	if (!dt_is_varref(l)) {
		ERR(s, D_OP_LVAL, n, "operator %s requires modifiable lvalue as an operand",
		    dt_tok_name(n->op));
		return false;
	}
	if (l->kind == DT_NODE_IDENT && dt_sema_builtin(l->text)) {
		ERR(s, D_OP_WRITE, n, "operator %s can only be applied to a writable variable",
		    dt_tok_name(n->op));
		return false;
	}
	return true;
}

/*
 * Does e point into scratch space (1) or not (0), as DTrace tracks alloca'd pointers: from
 * alloca() or copyin(), through casts and pointer arithmetic, and the variables assigned
 * them. -1: a ?: whose one branch does and the other does not (NULL goes either way).
 */
static int
dt_sema_alloca_kind(dt_sema_t *s, const dt_node_t *e)
{
	const dt_node_t *l = e->left, *r = e->right;
	int a, b;

	if (e->kind == DT_NODE_CALL)
		return e->ident_kind == DT_IDENT_SUBR &&
		       (e->ident_id == DT_SUBR_ALLOCA || e->ident_id == DT_SUBR_COPYIN);
	if (e->kind == DT_NODE_CAST)
		return dt_sema_alloca_kind(s, l);
	if (e->kind == DT_NODE_BINARY && e->ptrarith == DT_PTRARITH_OFFSET)
		return dt_sema_alloca_kind(s, dt_type_resolve(l->type)->kind == DT_TYPE_PTR ? l : r);
	if (e->kind != DT_NODE_TERNARY)
		return e->ident_kind == DT_IDENT_DVAR && e->ident_id >= 0 &&
		       (size_t)e->ident_id < s->prog->vars.len &&
		       s->prog->vars.data[e->ident_id]->alloca;
	a = dt_sema_alloca_kind(s, l);
	b = dt_sema_alloca_kind(s, r);
	if (a < 0 || b < 0)
		return -1;
	while (l->kind == DT_NODE_CAST)
		l = l->left;
	while (r->kind == DT_NODE_CAST)
		r = r->left;
	if (dt_is_null(l))
		return b;
	if (dt_is_null(r))
		return a;
	return a == b ? a : -1;
}

/* Is t a pointer to an object of known size (not void *, not a function's address)? */
static bool
dt_sema_sized_ptr(const dt_type_t *t)
{
	const dt_type_t *b;

	t = dt_type_resolve(t);
	if (t->kind != DT_TYPE_PTR || !t->base)
		return false;
	b = dt_type_resolve(t->base);
	return b->kind != DT_TYPE_VOID && b->kind != DT_TYPE_FUNC;
}

/* x = e, x op= e */
static void
dt_sema_assign(dt_sema_t *s, dt_node_t *n)
{
	dt_node_t *l = n->left, *r = n->right;
	dt_var_t *v;
	uint64_t z;

	if (r->kind == DT_NODE_XLATE && n->op == TOK_ASSIGN) {
		dt_decl_xlate_assign(s, n);
		return;
	}
	if (n->op != TOK_ASSIGN && dt_is_varref(l) && !(l->kind == DT_NODE_IDENT &&
	    dt_sema_builtin(l->text)) && !(l->kind == DT_NODE_INDEX && !dt_sema_is_assoc(s, l)) &&
	    dt_sema_var_unknown(s, l))
		return;
	dt_sema_expr(s, r);
	if (!r->type || !dt_sema_no_action(s, r))
		return;
	if (l->kind == DT_NODE_MEMBER || (l->kind == DT_NODE_INDEX && !dt_sema_is_assoc(s, l)) ||
	    (l->kind == DT_NODE_UNARY && l->op == TOK_STAR)) {
		dt_sema_dmem_assign(s, n, r->type);
		return;
	}
	if (!dt_sema_writable(s, n, l))
		return;
	v = dt_sema_varref(s, l, r->type);
	if (!v)
		return;
	if ((v->kind == DT_VK_SELF || v->kind == DT_VK_ASSOC) && dt_sema_is_object(v->type) &&
	    n->op == TOK_ASSIGN && dt_fold_value(r, &z) && z == 0) {
		n->type = v->type;	/* self->s = 0 frees a struct, as any dynamic variable */
		return;
	}
	if (dt_sema_is_object(v->type) && dt_type_resolve(v->type)->kind == DT_TYPE_ARRAY &&
	    (v->kind == DT_VK_SELF || v->kind == DT_VK_ASSOC)) {
		ERR(s, D_UNSUPPORTED, n, "%s of type %s are not supported yet",
		    v->kind == DT_VK_SELF ? "thread-local variables" : "associative array values",
		    v->type->name);
		return;
	}
	if (dt_type_resolve(v->type)->kind == DT_TYPE_ARRAY && !v->implicit) {
		ERR(s, D_OP_ARRFUN, n, "operator %s may not be applied to operand of type \"%s\"",
		    dt_tok_name(n->op), v->type->name);
		return;
	}
	if (dt_sema_copy_assign(s, n, v->type))
		return;
	if (dt_sema_is_object(v->type)) {
		ERR(s, D_OP_INCOMPAT, n, "operands have incompatible types: \"%s\" %s \"%s\"",
		    v->type->name, dt_tok_name(n->op), r->type->name);
		return;
	}
	if (n->op == TOK_ASSIGN && dt_is_string(v->type) && dt_fold_value(r, &z) && z == 0) {
		/* s = 0 frees a string dynamic variable (or empties a global), as for integers */
		n->type = v->type;
		return;
	}
	if (n->op == TOK_ASSIGN && dt_sema_alloca_kind(s, r) < 0) {
		/* a variable holds one or the other (DTrace keeps alloca'd ones apart) */
		ERR(s, D_ALLOCA_INCOMPAT, n, "ternary conditional with alloca and non-alloca "
		    "branches cannot be assigned to a variable");
		return;
	}
	if (n->op == TOK_ASSIGN && dt_sema_alloca_kind(s, r) > 0)
		v->alloca = true;
	if (n->op == TOK_ASSIGN) {
		/* an array is its first element's address (p = array) */
		bool decays = dt_type_resolve(v->type)->kind == DT_TYPE_PTR &&
			      dt_type_resolve(r->type)->kind == DT_TYPE_ARRAY &&
			      dt_type_compat(v->type, r->type);

		if (dt_is_string(v->type) != dt_is_string(r->type) ||
		    (!dt_is_string(v->type) && !dt_is_scalar(r->type) && !decays)) {
			ERR(s, D_OP_INCOMPAT, n, "operands have incompatible types: \"%s\" = \"%s\"",
			    v->type->name, r->type->name);
			return;
		}
	} else if ((n->op == TOK_ADD_ASSIGN || n->op == TOK_SUB_ASSIGN) &&
		   (dt_is_string(v->type) || dt_is_string(r->type))) {
		ERR(s, D_OP_INCOMPAT, n, "operands have incompatible types: \"%s\" %s \"%s\"",
		    v->type->name, dt_tok_name(n->op), r->type->name);
		return;
	} else if ((n->op == TOK_ADD_ASSIGN || n->op == TOK_SUB_ASSIGN) &&
		   (!dt_is_int(v->type) || !dt_is_int(r->type)) && !dt_sema_sized_ptr(v->type)) {
		/* C's p += i needs a pointer to something of known size on the left */
		ERR(s, D_OP_VFPTR, n, "operator %s requires left-hand scalar operand of known size",
		    dt_tok_name(n->op));
		return;
	} else if (!dt_is_int(v->type) || !dt_is_int(r->type)) {
		ERR(s, n->op == TOK_MUL_ASSIGN || n->op == TOK_DIV_ASSIGN ? D_OP_ARITH : D_OP_INT, n,
		    "operator %s requires operands of %s type", dt_tok_name(n->op),
		    n->op == TOK_MUL_ASSIGN || n->op == TOK_DIV_ASSIGN ? "arithmetic" : "integral");
		return;
	}
	n->type = v->type;
}

/* ++x, --x, x++, x-- */
static void
dt_sema_incdec(dt_sema_t *s, dt_node_t *n)
{
	dt_node_t *l = n->left;
	dt_var_t *v;

	if (l->kind == DT_NODE_MEMBER || (l->kind == DT_NODE_INDEX && !dt_sema_is_assoc(s, l)) ||
	    (l->kind == DT_NODE_UNARY && l->op == TOK_STAR)) {
		dt_sema_dmem_assign(s, n, NULL);
		return;
	}
	if (!dt_sema_writable(s, n, l))
		return;
	/* x++ on a new variable creates an int64_t (Oracle's test suite prints it so) */
	v = dt_sema_varref(s, l, dt_type_int(s->cc, 8, true));
	if (!v)
		return;
	if (!dt_is_scalar(v->type)) {
		ERR(s, D_OP_SCALAR, n, "operator %s requires operand of scalar type",
		    dt_tok_name(n->op));
		return;
	}
	if (!dt_is_int(v->type)) {
		ERR(s, D_UNSUPPORTED, n, "operator %s on a pointer is not supported yet",
		    dt_tok_name(n->op));
		return;
	}
	n->type = v->type;
}

/*
 * stack([n]), ustack([n[, strsize]]), jstack([n[, strsize]]): the stack of this firing, n
 * frames (stackframes/ustackframes, default 20; jstackframes, default 50); strsize, space for
 * ustack helpers' strings, is accepted and unused (Linux has no helpers). func(pc), sym(pc),
 * mod(pc): a kernel address that prints symbolized; uaddr(pc), usym(pc), ufunc(pc), umod(pc)
 * a user one. They make values only for trace(), printf() and aggregation keys; code
 * generation writes them in place.
 */
static void
dt_sema_valfn(dt_sema_t *s, dt_node_t *n, const struct dt_func *f)
{
	bool is_stack = f->id == DT_RECFMT_STACK || f->id == DT_RECFMT_USTACK;
	size_t maxargs = f->id == DT_RECFMT_USTACK ? 2 : 1;
	dt_type_t *t;
	uint64_t v;

	for (size_t i = 0; i < n->list.len; i++) {
		dt_sema_expr(s, n->list.data[i]);
		if (!n->list.data[i]->type)
			return;
	}
	if (is_stack ? n->list.len > maxargs : n->list.len != 1) {
		/* DTrace's words: a stack's arguments are optional */
		ERR(s, D_PROTO_LEN, n, "%s( ) prototype mismatch: %zu arg%s passed, %s%zu expected",
		    n->text, n->list.len, n->list.len == 1 ? "" : "s", is_stack ? "at most " : "",
		    is_stack ? maxargs : 1);
		return;
	}
	n->nframes = f->id == DT_RECFMT_STACK ? s->dtp->opts.stackframes
		  : strcmp(n->text, "jstack") == 0 ? s->dtp->opts.jstackframes
						   : s->dtp->opts.ustackframes;
	for (size_t i = 0; is_stack && i < n->list.len; i++) {
		if (!dt_is_int(n->list.data[i]->type)) {
			ERR(s, D_PROTO_ARG, n->list.data[i], "%s( ) argument #%zu is incompatible "
			    "with prototype:\n\tprototype: uint32_t\n\t argument: %s", n->text,
			    i + 1, n->list.data[i]->type->name);
			return;
		}
	}
	if (n->list.len > 1) {
		dt_node_t *a = n->list.data[1];

		if (!dt_fold_value(a, &v) || (a->type && a->type->is_signed && (int64_t)v < 0)) {
			ERR(s, D_USTACK_STRSIZE, a, "%s( ) argument #2 must be a positive integer "
			    "constant", n->text);
			return;
		}
	}
	if (is_stack && n->list.len) {
		dt_node_t *a = n->list.data[0];
		dt_errtag_t tag = f->id == DT_RECFMT_STACK ? D_STACK_SIZE : D_USTACK_FRAMES;

		if (!dt_fold_value(a, &v) || v == 0 || (a->type->is_signed && (int64_t)v < 0)) {
			ERR(s, tag, a, "%s( ) argument #1 must be a non-zero positive integer "
			    "constant", n->text);
			return;
		}
		if (v > 127) {
			ERR(s, tag, a, "%s( ) argument #1 must be a non-zero positive integer "
			    "constant (at most 127)", n->text);
			return;
		}
		n->nframes = (uint32_t)v;
	}
	if (!is_stack && !dt_is_scalar(n->list.data[0]->type)) {
		ERR(s, D_PROTO_ARG, n->list.data[0], "%s( ) argument #1 is incompatible with "
		    "prototype:\n\tprototype: uintptr_t\n\t argument: %s", n->text,
		    n->list.data[0]->type->name);
		return;
	}
	/* -x maxframes caps a stack's frames, as in DTrace, whatever asked for more */
	if (is_stack && n->nframes > s->dtp->opts.maxframes)
		n->nframes = s->dtp->opts.maxframes;
	t = dt_arena_alloc(&s->cc->arena, sizeof(*t));
	t->kind = DT_TYPE_INT;
	t->size = 8;
	/* stack(), ustack() and jstack() are all "stack" to DTrace's messages */
	t->name = is_stack ? "stack" : DT_RECFMT_IS_USER(f->id) ? "_usymaddr" : "_symaddr";
	n->type = t;
	n->ident_kind = DT_IDENT_VALFN;
	n->ident_id = f->id;
}

/* Subroutine calls, against their prototype in dt_subrs.c. */
static void
dt_sema_subr(dt_sema_t *s, dt_node_t *n, const struct dt_func *f)
{
	const dt_subr_t *sp = dt_subr_lookup(n->text);
	const char *bar = strchr(sp->args, '|');
	int nargs = (int)n->list.len, hi = (int)strlen(sp->args) - (bar ? 1 : 0);
	int lo = bar ? (int)(bar - sp->args) : hi;
	uint64_t v;

	(void)f;
	for (int i = 0; i < nargs; i++) {
		dt_sema_expr(s, n->list.data[i]);
		if (!n->list.data[i]->type)
			return;
	}
	if (nargs < lo || nargs > hi) {
		ERR(s, D_PROTO_LEN, n, "%s( ) prototype mismatch: %d arg%s passed, %s%d expected",
		    n->text, nargs, nargs == 1 ? "" : "s",
		    lo == hi ? "" : nargs < lo ? "at least " : "at most ", nargs < lo ? lo : hi);
		return;
	}
	for (int i = 0, k = 0; i < nargs; i++, k++) {
		const dt_type_t *t = n->list.data[i]->type;
		char kind;
		bool ok, str_ok;

		if (sp->args[k] == '|')
			k++;
		kind = sp->args[k];
		if (kind == 's' && !dt_is_string(t) && dt_is_null(n->list.data[i])) {
			/* NULL or 0 for a string: the NULL string, which faults when read */
			dt_sema_null_string(s, n->list.data[i]);
			n->list.data[i]->str_deref = true;
			continue;
		}
		/* a string the subroutine reads (strtok's NULL aside): a NULL one faults */
		if ((kind == 's' || kind == 'S') && !dt_is_null(n->list.data[i]))
			n->list.data[i]->str_deref = true;
		/* char * (or char [n]) is a string argument too, as in DTrace: alloca'd text */
		str_ok = dt_type_compat(dt_type_string(s->cc), t);
		ok = kind == 's' ? str_ok : kind == 'i' ? dt_is_int(t) :
		     kind == 'S' ? str_ok || dt_is_null(n->list.data[i]) :
		     kind == 'P' ? dt_is_string(t) || dt_is_null(n->list.data[i]) ||
				   dt_type_resolve(t)->kind == DT_TYPE_PTR ||
				   dt_type_resolve(t)->kind == DT_TYPE_ARRAY : dt_is_scalar(t);
		if (!ok) {
			ERR(s, D_PROTO_ARG, n->list.data[i], "%s( ) argument #%d is incompatible with "
			    "prototype:\n\tprototype: %s\n\t argument: %s", n->text, i + 1,
			    dt_subr_argtype(sp, i), t->name);
			return;
		}
	}
	if (sp->id == DT_SUBR_ALLOCA || sp->id == DT_SUBR_COPYIN) {
		/* a constant size that can never fit is an error now, not a fault later */
		dt_node_t *sz = n->list.data[sp->id == DT_SUBR_ALLOCA ? 0 : 1];

		if (dt_fold_value(sz, &v) && v > s->dtp->opts.scratchsize) {
			ERR(s, D_ALLOCA_SIZE, sz, "%s(%llu) size larger than scratchsize %u",
			    n->text, (unsigned long long)v, s->dtp->opts.scratchsize);
			return;
		}
	}
	n->ident_kind = DT_IDENT_SUBR;
	n->ident_id = sp->id;
	n->type = strcmp(sp->result, "string") == 0 ? dt_type_string(s->cc) :
		  strcmp(sp->result, "void *") == 0 ? dt_type_ptr(s->cc, dt_type_void(s->cc)) :
		  dt_type_named(s->cc, sp->result);
	if (!n->type) {
		/* a kernel type ("struct task_struct *"): from BTF */
		char *why = NULL;

		n->type = dt_type_lookup(s->cc, sp->result, &why);
		if (!n->type)
			ERR(s, D_UNKNOWN, n, "%s( ): its result type %s is unknown: %s", n->text,
			    sp->result, why ? why : "no BTF");
	}
}

/*
 * Macro variables become constants: $target, $pid, $ppid, $uid, $gid, $1..$N (an integer
 * when the argument reads as one, else a string) and $$1..$$N (always a string); with
 * -x defaultargs, one past the arguments given is 0 ($N) or "" ($$N).
 */
static void
dt_sema_macro(dt_sema_t *s, dt_node_t *n)
{
	const char *name = n->text;
	bool as_string = name[0] == '$';
	uint64_t v = 0;

	if (as_string)
		name++;
	if (name[0] >= '0' && name[0] <= '9') {
		char *end;
		long idx = strtol(name, &end, 10);
		const char *arg;

		if (!*end && idx > s->cc->argc && s->dtp && s->dtp->opts.defaultargs) {
			/* -x defaultargs: an argument not given is 0, or "" as a string */
			arg = as_string ? "" : "0";
		} else if (*end || idx < 0 || idx > s->cc->argc) {
			const char *msg = dt_arena_printf(&s->cc->arena, "macro argument $%s is not "
							  "defined", n->text);

			if (!dt_sema_reported(s, D_MACRO_UNDEF, msg))
				ERR(s, D_MACRO_UNDEF, n, "%s", msg);
			return;
		} else {
			arg = idx == 0 ? (s->cc->argv0 ? s->cc->argv0 : "")
				       : s->cc->argv[idx - 1];
		}
		if (!as_string) {
			unsigned long long u;

			errno = 0;
			u = strtoull(arg, &end, 0);
			if (*arg && !*end && !errno) {
				n->kind = DT_NODE_INT;
				n->ival = u;
				n->isuffix = 0;
				dt_sema_int_literal(s, n);
				return;
			}
		}
		n->kind = DT_NODE_STRING;
		n->text = arg;
		n->textlen = strlen(arg);
		n->type = dt_type_string(s->cc);
		return;
	}
	if (strcmp(name, "target") == 0)
		v = s->dtp ? (uint64_t)s->dtp->target_pid : 0;
	else if (strcmp(name, "pid") == 0)
		v = (uint64_t)getpid();
	else if (strcmp(name, "ppid") == 0)
		v = (uint64_t)getppid();
	else if (strcmp(name, "uid") == 0)
		v = (uint64_t)getuid();
	else if (strcmp(name, "gid") == 0)
		v = (uint64_t)getgid();
	else if (strcmp(name, "euid") == 0)
		v = (uint64_t)geteuid();
	else if (strcmp(name, "egid") == 0)
		v = (uint64_t)getegid();
	else if (strcmp(name, "pgid") == 0)
		v = (uint64_t)getpgid(0);
	else if (strcmp(name, "sid") == 0)
		v = (uint64_t)getsid(0);
	else {
		ERR(s, D_MACRO_UNDEF, n, "macro variable $%s is not defined", n->text);
		return;
	}
	n->kind = DT_NODE_INT;
	n->ival = v;
	n->isuffix = 0;
	dt_sema_int_literal(s, n);
	if (as_string) {
		n->kind = DT_NODE_STRING;
		n->text = dt_arena_printf(&s->cc->arena, "%llu", (unsigned long long)v);
		n->textlen = strlen(n->text);
		n->type = dt_type_string(s->cc);
	}
}

/*
 * An action or an aggregating function called inside an expression. As in DTrace, its
 * arguments are analysed and counted first (its prototype's D_PROTO_LEN); an action then
 * has the value void, which the operator around it refuses with its own error (D_OP_ARITH
 * for -trace(0), D_OP_ACT in ?:, D_KEY_TYPE as a key; dt_sema_no_action where nothing
 * else would), and an aggregating function is D_CG_EXPR.
 */
static void
dt_sema_action_value(dt_sema_t *s, dt_node_t *n, const struct dt_func *f)
{
	static const struct {
		int lo, hi;
	} arity[] = {
		[DT_ACTFN_TRACE] = { 1, 1 }, [DT_ACTFN_PRINTF] = { 1, INT32_MAX },
		[DT_ACTFN_EXIT] = { 1, 1 }, [DT_ACTFN_PRINTA] = { 1, INT32_MAX },
		[DT_ACTFN_CLEAR] = { 1, 1 }, [DT_ACTFN_TRUNC] = { 1, 2 },
		[DT_ACTFN_NORMALIZE] = { 2, 2 }, [DT_ACTFN_DENORMALIZE] = { 1, 1 },
		[DT_ACTFN_TRACEMEM] = { 2, 3 }, [DT_ACTFN_PRINT] = { 1, 1 },
		[DT_ACTFN_SETOPT] = { 1, 2 }, [DT_ACTFN_PCAP] = { 2, 2 },
		[DT_ACTFN_SYSTEM] = { 1, INT32_MAX }, [DT_ACTFN_FREOPEN] = { 1, INT32_MAX },
		[DT_ACTFN_RAISE] = { 1, 1 },
		[DT_ACTFN_STOP] = { 0, 0 }, [DT_ACTFN_COPYOUTSTR] = { 3, 3 },
		[DT_ACTFN_COPYOUT] = { 3, 3 }, [DT_ACTFN_CHILL] = { 1, 1 },
		[DT_ACTFN_PANIC] = { 0, 0 }, [DT_ACTFN_BREAKPOINT] = { 0, 0 },
		[DT_ACTFN_SPECULATE] = { 1, 1 }, [DT_ACTFN_COMMIT] = { 1, 1 },
		[DT_ACTFN_DISCARD] = { 1, 1 },
	};
	int nargs = (int)n->list.len, lo, hi;

	for (int i = 0; i < nargs; i++) {
		dt_node_t *a = n->list.data[i];

		if (a->kind == DT_NODE_AGG)
			continue;	/* printa(@a) and the like */
		dt_sema_expr(s, a);
		if (!a->type)
			return;
	}
	if (f->kind == DT_IDENT_AGGFUNC) {
		ERR(s, D_CG_EXPR, n, "aggregating function %s( ) may not be called from a D "
		    "expression (D program context required)", n->text);
		return;
	}
	lo = arity[f->id].lo;
	hi = arity[f->id].hi;
	if (nargs < lo || nargs > hi) {
		ERR(s, D_PROTO_LEN, n, "%s( ) prototype mismatch: %d arg%s passed, %s%d expected",
		    n->text, nargs, nargs == 1 ? "" : "s",
		    lo == hi ? "" : nargs < lo ? "at least " : "at most ", nargs < lo ? lo : hi);
		return;
	}
	n->type = dt_type_void(s->cc);
	n->ident_kind = DT_IDENT_ACTION;
	n->ident_id = f->id;
}

/*
 * Where a value is used and nothing else refuses an action's void, refuse it as DTrace's
 * code generator does. True when e is not an action.
 */
bool
dt_sema_no_action(dt_sema_t *s, const dt_node_t *e)
{
	if (e->kind != DT_NODE_CALL || e->ident_kind != DT_IDENT_ACTION)
		return true;
	ERR(s, D_CG_EXPR, e, "tracing function %s( ) may not be called from a D expression "
	    "(D program context required)", e->text);
	return false;
}

/* operators on one operand: & * - + ~ ! ++ -- */
static void
dt_sema_unary(dt_sema_t *s, dt_node_t *n)
{
	if (n->op == TOK_INC || n->op == TOK_DEC) {
		dt_sema_incdec(s, n);
		return;
	}
	if (n->op == TOK_AMP) {
		/* &object: the address of an object in memory (p->m, s.m, *p, a[i]) */
		dt_node_t *l = n->left;

		if (l->kind == DT_NODE_AGG || l->kind == DT_NODE_SELF ||
		    l->kind == DT_NODE_THIS ||
		    (l->kind == DT_NODE_IDENT && dt_sema_find_var(s, l->text))) {
			ERR(s, D_ADDROF_VAR, n, "cannot take address of dynamic variable");
			return;
		}
		if (l->kind == DT_NODE_INDEX && dt_sema_is_assoc(s, l)) {
			ERR(s, D_ADDROF_VAR, n, "cannot take address of dynamic object");
			return;
		}
		s->addr_of = l;		/* &a[n]: one past the end is an address */
		dt_sema_expr(s, l);
		if (!l->type)
			return;
		if (l->kind != DT_NODE_MEMBER && !(l->kind == DT_NODE_UNARY &&
						   l->op == TOK_STAR) &&
		    !(l->kind == DT_NODE_INDEX && l->ident_kind == DT_IDENT_KINDEX)) {
			ERR(s, D_ADDROF_LVAL, n, "unacceptable operand for unary & operator");
			return;
		}
		if (l->bf_width) {
			ERR(s, D_ADDROF_BITFIELD, n, "cannot take address of bit-field");
			return;
		}
		n->type = dt_type_ptr(s->cc, n->left->char_array
						      ? dt_type_int(s->cc, 1, true)
						      : n->left->type);
		return;
	}
	dt_sema_expr(s, n->left);
	if (!n->left->type)
		return;
	switch (n->op) {
	case TOK_BANG:
		if (!dt_is_scalar(n->left->type)) {
			ERR(s, D_OP_SCALAR, n, "operator ! requires an operand of scalar type");
			return;
		}
		n->type = dt_type_int(s->cc, 4, true);
		return;
	case TOK_INC: case TOK_DEC:
		return;	/* handled before the operand was analysed: see below */
	case TOK_STAR: {
		const dt_type_t *pt = dt_type_resolve(n->left->type), *bt;

		if (pt->kind != DT_TYPE_PTR && pt->kind != DT_TYPE_ARRAY) {
			ERR(s, D_DEREF_NONPTR, n, "cannot dereference non-pointer type");
			return;
		}
		bt = pt->base ? dt_type_resolve(pt->base) : NULL;
		if (!bt || bt->kind == DT_TYPE_VOID) {
			ERR(s, D_DEREF_VOID, n, "cannot dereference pointer to void");
			return;
		}
		if (bt->kind == DT_TYPE_FUNC) {
			ERR(s, D_DEREF_FUNC, n, "cannot dereference pointer to function");
			return;
		}
		n->type = pt->base;
		dt_sema_char_array(s, n);
		return;
	}
	case TOK_MINUS: case TOK_PLUS: case TOK_TILDE:
		if (!dt_is_int(n->left->type)) {
			ERR(s, n->op == TOK_TILDE ? D_OP_INT : D_OP_ARITH, n,
			    "operator %s requires an operand of %s type", dt_tok_name(n->op),
			    n->op == TOK_TILDE ? "integral" : "arithmetic");
			return;
		}
		n->type = dt_promote(s->cc, n->left->type);
		return;
	default:
		ERR(s, D_UNSUPPORTED, n, "operator %s is not supported yet",
		    dt_tok_name(n->op));
		return;
	}
}

/* c ? a : b */
static void
dt_sema_ternary(dt_sema_t *s, dt_node_t *n)
{
	dt_sema_expr(s, n->cond);
	dt_sema_expr(s, n->left);
	dt_sema_expr(s, n->right);
	if (n->cond->type && !dt_is_scalar(n->cond->type)) {
		ERR(s, D_OP_SCALAR, n->cond, "operator ?: expression must be of scalar type");
		return;
	}
	if (!n->left->type || !n->right->type)
		return;
	if (dt_is_string(n->left->type) && dt_is_string(n->right->type))
		n->type = n->left->type;
	else if (dt_is_int(n->left->type) && dt_is_int(n->right->type))
		n->type = dt_arith_conv(s->cc, n->left->type, n->right->type);
	else if (n->left->type->kind == DT_TYPE_PTR &&
		 (dt_type_compat(n->left->type, n->right->type) || dt_is_null(n->right)))
		n->type = n->left->type;
	else if (n->right->type->kind == DT_TYPE_PTR && dt_is_null(n->left))
		n->type = n->right->type;	/* NULL (a long 0) or 0: C's null pointer */
	else if (n->left->type->kind == DT_TYPE_VOID && n->right->type->kind == DT_TYPE_VOID)
		ERR(s, D_OP_ACT, n, "action cannot be used in a conditional context");
	else
		ERR(s, D_OP_INCOMPAT, n,
		    "operator ?: operands must have compatible types: \"%s\" and \"%s\"",
		    dt_type_name(n->left->type), dt_type_name(n->right->type));
}

/* (T)e */
static void
dt_sema_cast(dt_sema_t *s, dt_node_t *n)
{
	const dt_type_t *t = n->tname ? dt_decl_type(s, n->tname, NULL) : NULL;
	const dt_type_t *xt;

	if (t && n->left->kind == DT_NODE_XLATE &&
	    (xt = dt_decl_type(s, n->left->tname, NULL)) &&
	    dt_type_resolve(xt)->kind == DT_TYPE_PTR) {
		/* xlate<T *>(e) points at nothing in memory: only its members can be read */
		ERR(s, D_CAST_INVAL, n, "invalid cast expression: \"pointer to translated data\" "
		    "to \"%s\"", t->name);
		return;
	}
	dt_sema_expr(s, n->left);
	if (!n->left->type || !t)
		return;
	if (dt_sema_is_object(t) && dt_type_equal(t, n->left->type)) {
		dt_node_move(n, n->left);	/* (struct s)x of a struct s: x itself */
		return;
	}
	if (dt_type_resolve(t)->kind == DT_TYPE_VOID) {
		n->type = t;	/* (void)e: e's value thrown away */
		return;
	}
	if (dt_type_resolve(t)->kind == DT_TYPE_STRING &&
	    (dt_is_scalar(n->left->type) || dt_is_string(n->left->type))) {
		/* (string)p: the string at p, as stringof(p) */
		n->kind = DT_NODE_STRINGOF;
		n->type = t;
		return;
	}
	if (dt_type_resolve(t)->kind != DT_TYPE_INT &&
	    dt_type_resolve(t)->kind != DT_TYPE_PTR) {
		ERR(s, D_UNSUPPORTED, n, "casts to %s are not supported yet",
		    n->tname ? n->tname->text : "this type");
		return;
	}
	if (!dt_is_scalar(n->left->type)) {
		ERR(s, D_CAST_INVAL, n, "invalid cast expression: \"%s\" to \"%s\"",
		    n->left->type->name, t->name);
		return;
	}
	n->type = t;
}

/* sizeof(type), sizeof(expr): a constant of type size_t */
static void
dt_sema_sizeof(dt_sema_t *s, dt_node_t *n)
{
	/* sizeof(type) and sizeof(expr) are constants */
	int64_t size = -1;

	if (n->tname) {
		const dt_type_t *t = dt_decl_type(s, n->tname, NULL);

		if (!t)
			return;
		size = dt_type_sizeof(s->cc, t);
		if (size < 0) {
			ERR(s, s->cc->type_errtag, n, "%s", s->cc->type_errmsg);
			return;
		}
	} else {
		dt_sema_expr(s, n->left);
		if (!n->left->type)
			return;
		if (n->left->bf_width) {
			ERR(s, D_SIZEOF_BITFIELD, n, "cannot apply sizeof to a bit-field");
			return;
		}
		/* a string literal's size is its length and NUL, as DTrace says (sizeof "hi"
		 * is 3); another string's is strsize */
		if (n->left->kind == DT_NODE_STRING)
			size = (int64_t)n->left->textlen + 1;
		else
			size = dt_is_string(n->left->type) ? (int64_t)s->dtp->opts.strsize
							 : dt_type_sizeof(s->cc, n->left->type);
		if (size < 0) {
			const dt_type_t *rt = dt_type_resolve(n->left->type);

			ERR(s, D_SIZEOF_TYPE, n, "cannot apply sizeof to an operand of "
			    "unknown size%s", rt && rt->scope_note ? rt->scope_note : "");
			return;
		}
	}
	n->kind = DT_NODE_INT;
	n->ival = (uint64_t)size;
	n->isuffix = DT_INT_U | DT_INT_L;
	n->type = dt_type_named(s->cc, "size_t");
}

/* offsetof(T, m): a constant of type size_t */
static void
dt_sema_offsetof(dt_sema_t *s, dt_node_t *n)
{
	const dt_node_t *tn = n->tname;
	const dt_type_t *t;
	uint32_t off;
	size_t len, w;

	if (!tn)
		return;
	/*
	 * offsetof(x, m) with x no type at all: DTrace's grammar wants a type name there and
	 * finds an identifier, a syntax error quoting (as its lexer leaves it) the line's rest.
	 */
	w = strcspn(tn->text, " ");
	if (!tn->left && !tn->list.len && tn->loc.src && tn->text[w + strspn(tn->text + w, " ")]
	    == '\0' && !dt_is_typename(s->cc, dt_arena_strndup(&s->cc->arena, tn->text, w)) &&
	    !dt_type_lookup(s->cc, tn->text, NULL)) {
		const char *line = dt_source_line(tn->loc.src, tn->loc.line, &len);

		len -= (size_t)tn->loc.col - 1;
		ERR(s, D_SYNTAX, tn, "syntax error near \"%.*s\"", (int)len,
		    line + tn->loc.col - 1);
		return;
	}
	t = dt_decl_type(s, n->tname, NULL);
	if (!t)
		return;
	if (dt_type_resolve(t)->incomplete) {
		ERR(s, D_OFFSETOF_TYPE, n, "offsetof operand must be a struct or union type");
		return;
	}
	if (dt_type_offsetof(s->cc, t, n->text, &off) < 0) {
		ERR(s, s->cc->type_errtag, n, "%s", s->cc->type_errmsg);
		return;
	}
	n->kind = DT_NODE_INT;
	n->ival = off;
	n->isuffix = DT_INT_U | DT_INT_L;
	n->type = dt_type_named(s->cc, "size_t");
}

static void
dt_sema_expr_node(dt_sema_t *s, dt_node_t *n)
{
	switch (n->kind) {
	case DT_NODE_INT:
		dt_sema_int_literal(s, n);
		return;
	case DT_NODE_STRING:
		n->type = dt_type_string(s->cc);
		n->str_id = -1;
		return;
	case DT_NODE_IDENT:
		dt_sema_ident(s, n);
		return;
	case DT_NODE_BINARY:
		dt_sema_binary(s, n);
		return;
	case DT_NODE_LOGICAL: {
		/* the caret under the operand, the line DTrace names the operator's */
		dt_node_t *bad = NULL;
		dt_loc_t l;

		dt_sema_expr(s, n->left);
		dt_sema_expr(s, n->right);
		if (n->left->type && !dt_is_scalar(n->left->type))
			bad = n->left;
		else if (n->right->type && !dt_is_scalar(n->right->type))
			bad = n->right;
		if (bad) {
			l = bad->loc;
			l.dline = n->loc.dline ? n->loc.dline : n->loc.line;
			ERR_AT(s, D_OP_SCALAR, l, "operator %s requires operands of scalar type",
			       dt_tok_name(n->op));
		}
		n->type = dt_type_int(s->cc, 4, true);
		return;
	}
	case DT_NODE_UNARY:
		dt_sema_unary(s, n);
		return;
	case DT_NODE_TERNARY:
		dt_sema_ternary(s, n);
		return;
	case DT_NODE_CALL: {
		const struct dt_func *f = dt_sema_func_lookup(n->text);

		if (!f) {
			ERR(s, D_FUNC_UNDEF, n, "failed to resolve %s: Unknown function name",
			    n->text);
			return;
		}
		if (f->kind == DT_IDENT_SUBR) {
			dt_sema_subr(s, n, f);
			return;
		}
		if (f->kind == DT_IDENT_VALFN) {
			dt_sema_valfn(s, n, f);
			return;
		}
		dt_sema_action_value(s, n, f);
		return;
	}
	case DT_NODE_STRINGOF:
		dt_sema_expr(s, n->left);
		if (!n->left->type)
			return;
		if (!dt_is_string(n->left->type) && !dt_is_scalar(n->left->type)) {
			ERR(s, D_STRINGOF_TYPE, n, "cannot apply stringof to a value of type %s",
			    dt_type_name(n->left->type));
			return;
		}
		n->type = dt_type_string(s->cc);
		return;
	case DT_NODE_CAST:
		dt_sema_cast(s, n);
		return;
	case DT_NODE_MEMBER:
		dt_sema_member(s, n);
		return;
	case DT_NODE_SIZEOF:
		dt_sema_sizeof(s, n);
		return;
	case DT_NODE_OFFSETOF:
		dt_sema_offsetof(s, n);
		return;
	case DT_NODE_AGG:
		if (!dt_sema_agg_lookup(s, n->text))
			ERR(s, D_IDENT_UNDEF, n, "failed to resolve @%s: Unknown variable name",
			    n->text);
		else
			ERR(s, D_AGG_SCALAR, n, "aggregation @%s may only be used as the left-hand "
			    "side of an aggregating assignment", n->text);
		return;
	case DT_NODE_MACRO:
		dt_sema_macro(s, n);
		return;
	case DT_NODE_SELF: case DT_NODE_THIS:
		dt_sema_var(s, n, NULL);
		return;
	case DT_NODE_INDEX:
		if (n->left->kind == DT_NODE_AGG) {
			ERR(s, D_AGG_MDIM, n, "improper attempt to reference @%s as a "
			    "multi-dimensional array", n->left->text);
			return;
		}
		if (n->left->kind == DT_NODE_IDENT && strcmp(n->left->text, "args") == 0 &&
		    !dt_sema_find_var(s, "args")) {
			dt_sema_args(s, n);
			return;
		}
		if (n->left->kind == DT_NODE_IDENT && dt_sema_inline_call(s, n))
			return;
		if (n->left->kind == DT_NODE_IDENT && strcmp(n->left->text, "uregs") == 0 &&
		    !dt_sema_find_var(s, "uregs")) {
			dt_sema_uregs(s, n);
			return;
		}
		if (dt_sema_is_assoc(s, n)) {
			dt_sema_varref(s, n, NULL);
			return;
		}
		dt_sema_kindex(s, n);
		return;
	case DT_NODE_ASSIGN:
		if (n->left->kind == DT_NODE_INDEX && n->left->left->kind == DT_NODE_AGG) {
			dt_sema_expr(s, n->left);	/* @a[0][1] = ...: D_AGG_MDIM */
			return;
		}
		if (n->left->kind == DT_NODE_AGG) {
			ERR(s, D_AGG_SCALAR, n, "aggregating assignments may only be statements");
			return;
		}
		dt_sema_assign(s, n);
		return;
	case DT_NODE_POSTFIX:
		dt_sema_incdec(s, n);
		return;
	case DT_NODE_XLATE:
		dt_decl_xlate(s, n);
		return;
	case DT_NODE_SYMBOL:
		dt_sema_symbol(s, n);
		return;
	case DT_NODE_PROGRAM: case DT_NODE_CLAUSE: case DT_NODE_PDESC: case DT_NODE_PRAGMA:
	case DT_NODE_DECL: case DT_NODE_INLINE: case DT_NODE_TYPEDEF: case DT_NODE_BLOCK:
	case DT_NODE_EXPR_STMT: case DT_NODE_IF: case DT_NODE_EMPTY:
	case DT_NODE_TYPENAME:
	case DT_NODE_COUNT:
		ERR(s, D_UNSUPPORTED, n, "%s is not supported yet in this position",
		    dt_node_kind_name(n->kind));
		return;
	}
}

void
dt_sema_expr(dt_sema_t *s, dt_node_t *n)
{
	dt_attr_pre_t pre;

	dt_sema_attr_pre(s, n, &pre);
	dt_sema_expr_node(s, n);
	dt_sema_attr_post(s, n, &pre);
}
