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
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../consumer/dt_consumer.h"
#include "../providers/dt_provider.h"
#include "../runtime/dt_runtime.h"
#include "dt_compiler.h"
#include "dt_sema.h"


/* ---- built-in variables --------------------------------------------------------------- */

static const struct dt_bvar {
	const char *name;
	int id;
	const char *type;	/* "string" or a built-in typedef/int name */
} dt_bvars[] = {
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

static const struct dt_func {
	const char *name;
	int kind;	/* DT_IDENT_ACTION or DT_IDENT_AGGFUNC */
	int id;
} dt_funcs[] = {
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

static const struct dt_func *
dt_func_lookup(const char *name)
{
	static const struct dt_func subr = {"", DT_IDENT_SUBR, 0};

	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_funcs); i++)
		if (strcmp(dt_funcs[i].name, name) == 0)
			return &dt_funcs[i];
	return dt_subr_lookup(name) ? &subr : NULL;
}

static const char *const dt_aggfunc_names[] = {
	[DT_AGG_COUNT] = "count",	[DT_AGG_SUM] = "sum",	  [DT_AGG_AVG] = "avg",
	[DT_AGG_MIN] = "min",		[DT_AGG_MAX] = "max",	  [DT_AGG_STDDEV] = "stddev",
	[DT_AGG_QUANTIZE] = "quantize", [DT_AGG_LQUANTIZE] = "lquantize",
	[DT_AGG_LLQUANTIZE] = "llquantize",
};

/* ---- helpers -------------------------------------------------------------------------- */


static bool
dt_is_int(const dt_type_t *t)
{
	return t && (t->kind == DT_TYPE_INT || t->kind == DT_TYPE_ENUM);
}

static bool
dt_is_string(const dt_type_t *t)
{
	return t && t->kind == DT_TYPE_STRING;
}

static bool
dt_is_scalar(const dt_type_t *t)
{
	return t && (dt_is_int(t) || t->kind == DT_TYPE_PTR);
}

/* NULL, or the integer constant 0 (C's null pointer constant) */
static bool
dt_is_null(const dt_node_t *n)
{
	return n->kind == DT_NODE_INT && n->ival == 0;
}

static const char *
dt_type_name(const dt_type_t *t)
{
	return t ? t->name : "<error>";
}

/* C's integer promotions: anything narrower than int becomes int. */
static const dt_type_t *
dt_promote(dt_compile_t *cc, const dt_type_t *t)
{
	if (t->kind == DT_TYPE_ENUM || t->size < 4)
		return dt_type_int(cc, 4, true);
	return t;
}

/* C's usual arithmetic conversions for two integer types. */
static const dt_type_t *
dt_arith_conv(dt_compile_t *cc, const dt_type_t *a, const dt_type_t *b)
{
	a = dt_promote(cc, a);
	b = dt_promote(cc, b);
	if (a->size == b->size) {
		if (a->is_signed == b->is_signed)
			return a;
		return a->is_signed ? b : a;
	}
	return a->size > b->size ? a : b;
}

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
			cap = 64;	/* DT_PRB_FIELD */
		else if (n->ident_kind == DT_IDENT_VAR && n->ident_id == DT_VAR_PSARGS)
			cap = 80;	/* PRARGSZ */
		break;
	case DT_NODE_MEMBER: case DT_NODE_UNARY:
		if (n->isuffix == -1)
			cap = (uint32_t)n->ival;	/* a kernel char array */
		break;
	case DT_NODE_TERNARY:
		cap = DT_MAX(dt_sema_strcap(cc, n->left, strsize),
			     dt_sema_strcap(cc, n->right, strsize));
		break;
	case DT_NODE_CALL:
		/* subroutines whose result fits in less than strsize (dt_cg_subr.c's buffers) */
		if (n->ident_kind != DT_IDENT_SUBR)
			break;
		switch (n->ident_id) {
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
		default:
			break;
		}
		break;
	default:
		break;
	}
	return DT_MIN(cap, strsize);
}

static dt_recitem_t
dt_item_for(dt_sema_t *s, const dt_node_t *e, uint32_t *off)
{
	dt_recitem_t it = {0};

	if (e->kind == DT_NODE_CALL && e->ident_kind == DT_IDENT_VALFN) {
		it.kind = DT_REC_INT;
		it.fmt = e->ident_id;
		/* see dt_program.h: user items start with the process id */
		it.size = it.fmt == DT_RECFMT_STACK    ? (uint32_t)e->ival * 8
			  : it.fmt == DT_RECFMT_USTACK ? (uint32_t)e->ival * 8 + 8
			  : DT_RECFMT_IS_USER(it.fmt)  ? 16
						       : 8;
		it.type_name = e->type->name;
		it.offset = *off;
		*off += it.size;
		return it;
	}
	if (dt_is_string(e->type)) {
		it.kind = DT_REC_STRING;
		it.size = (uint32_t)DT_ALIGN(dt_sema_strcap(s->cc, e, s->dtp->opts.strsize), 8);
	} else {
		it.kind = DT_REC_INT;
		it.size = e->type ? e->type->size : 8;
		it.is_signed = e->type ? e->type->is_signed : true;
	}
	it.type_name = dt_type_name(e->type);
	it.offset = *off;
	*off += it.kind == DT_REC_STRING ? it.size : 8;
	return it;
}

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

static const struct dt_bvar *
dt_sema_builtin(const char *name)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_bvars); i++)
		if (strcmp(dt_bvars[i].name, name) == 0)
			return &dt_bvars[i];
	return NULL;
}

static dt_var_t *dt_sema_var(dt_sema_t *s, dt_node_t *n, const dt_type_t *assign);
static bool dt_sema_no_action(dt_sema_t *s, const dt_node_t *e);
static dt_aggdesc_t *dt_sema_agg_lookup(dt_sema_t *s, const char *name);

/* Is there a global variable or associative array of this name? */
static bool
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
 * length in ival (its string capacity) and becomes a string. The kernel bytes are copied
 * when the value is used.
 */
static void
dt_sema_char_array(dt_sema_t *s, dt_node_t *n)
{
	const dt_type_t *t = dt_type_resolve(n->type);
	const dt_type_t *et = t->kind == DT_TYPE_ARRAY && t->base ? dt_type_resolve(t->base) : NULL;

	if (et && et->kind == DT_TYPE_INT && et->size == 1 && t->nelems > 0) {
		n->ival = t->nelems;
		n->isuffix = -1;	/* marks a kernel char array read as a string */
		n->type = dt_type_string(s->cc);
	}
}

/*
 * `sym, mod`sym: the kernel object at the symbol's address (from /proc/kallsyms), of its
 * type from BTF: n becomes *(T *)address, so &`sym, `sym.m and reads work as for any
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
		ERR(s, D_IDENT_UNDEF, n, "failed to resolve %s%s: Unknown symbol name",
		    bq ? "" : "`", n->text);
		return;
	}
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
static bool dt_sema_find_var(dt_sema_t *s, const char *name);
static void dt_sema_ident(dt_sema_t *s, dt_node_t *n);

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
	if (st->kind != DT_TYPE_STRUCT && st->kind != DT_TYPE_UNION) {
		ERR(s, D_OP_SOU, n, "operator %s cannot be applied to a forward declaration or "
		    "non-struct/union type: %s", n->op == TOK_ARROW ? "->" : ".", st->name);
		return;
	}
	if (dt_type_member(s->cc, st, n->text, &off, &mt, &bit_off, &bit_size) < 0) {
		ERR(s, s->cc->type_errtag, n, "%s", s->cc->type_errmsg);
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
	n->ident_id = (int)off;		/* the member's byte offset */
	dt_sema_char_array(s, n);
}

static void
dt_sema_ident(dt_sema_t *s, dt_node_t *n)
{
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
			dt_sema_expr(s, n->left);
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

/* Truncate and extend v to an integer type (as the generated code normalizes values). */
static uint64_t
dt_fold_norm(uint64_t v, const dt_type_t *t)
{
	int sh = 64 - 8 * (int)t->size;

	if (t->size >= 8)
		return v;
	return t->is_signed ? (uint64_t)((int64_t)(v << sh) >> sh) : (v << sh) >> sh;
}

/*
 * Constant folding: an operator on integer constants becomes a constant, computed with C's
 * rules in the result type (and the comparison type for comparisons). Division by zero is
 * left alone: dt_sema_binary has reported it.
 */
static void
dt_sema_fold(dt_sema_t *s, dt_node_t *n)
{
	dt_node_t *l = n->left, *r = n->right;
	const dt_type_t *t = n->type, *ct;
	uint64_t a, b, v;
	bool sg;

	if (!t || t->kind != DT_TYPE_INT || l->kind != DT_NODE_INT || r->kind != DT_NODE_INT)
		return;
	ct = dt_arith_conv(s->cc, l->type, r->type);
	sg = ct->is_signed;
	a = dt_fold_norm(l->type->is_signed ? (uint64_t)(int64_t)l->ival : l->ival, ct);
	b = dt_fold_norm(r->type->is_signed ? (uint64_t)(int64_t)r->ival : r->ival, ct);
	switch (n->op) {
	case TOK_PLUS: v = a + b; break;
	case TOK_MINUS: v = a - b; break;
	case TOK_STAR: v = a * b; break;
	case TOK_SLASH:
		if (!b || (sg && (int64_t)a == INT64_MIN && (int64_t)b == -1))
			return;
		v = sg ? (uint64_t)((int64_t)a / (int64_t)b) : a / b;
		break;
	case TOK_PERCENT:
		if (!b || (sg && (int64_t)a == INT64_MIN && (int64_t)b == -1))
			return;
		v = sg ? (uint64_t)((int64_t)a % (int64_t)b) : a % b;
		break;
	case TOK_AMP: v = a & b; break;
	case TOK_PIPE: v = a | b; break;
	case TOK_CARET: v = a ^ b; break;
	case TOK_SHL: v = b < 64 ? a << b : 0; break;
	case TOK_SHR:
		v = b >= 64 ? 0 : sg ? (uint64_t)((int64_t)a >> b) : a >> b;
		break;
	case TOK_EQ: v = a == b; break;
	case TOK_NE: v = a != b; break;
	case TOK_LT: v = sg ? (int64_t)a < (int64_t)b : a < b; break;
	case TOK_LE: v = sg ? (int64_t)a <= (int64_t)b : a <= b; break;
	case TOK_GT: v = sg ? (int64_t)a > (int64_t)b : a > b; break;
	case TOK_GE: v = sg ? (int64_t)a >= (int64_t)b : a >= b; break;
	default: return;
	}
	n->kind = DT_NODE_INT;
	n->ival = dt_fold_norm(v, t);
	n->left = n->right = NULL;
}

static void dt_sema_binary1(dt_sema_t *s, dt_node_t *n);

static void
dt_sema_binary(dt_sema_t *s, dt_node_t *n)
{
	dt_sema_binary1(s, n);
	dt_sema_fold(s, n);
}

static void
dt_sema_binary1(dt_sema_t *s, dt_node_t *n)
{
	const dt_type_t *l, *r;
	const char *op = dt_tok_name(n->op);

	dt_sema_expr(s, n->left);
	dt_sema_expr(s, n->right);
	l = n->left->type;
	r = n->right->type;
	if (!l || !r)
		return;
	switch (n->op) {
	case TOK_EQ: case TOK_NE: case TOK_LT: case TOK_LE: case TOK_GT: case TOK_GE:
		/*
		 * s == NULL: strings are values here (strsize buffers), and a string subroutine
		 * that DTrace makes return NULL (strtok at the end, strstr, ...) returns "": so
		 * NULL against a string is the empty string.
		 */
		if ((dt_is_string(l) && dt_is_null(n->right)) ||
		    (dt_is_null(n->left) && dt_is_string(r))) {
			dt_node_t *z = dt_is_string(l) ? n->right : n->left;

			z->kind = DT_NODE_STRING;
			z->text = "";
			z->textlen = 0;
			z->str_id = -1;
			z->type = dt_type_string(s->cc);
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
		 * size; p - q counts elements. n->ival records the scale for code generation.
		 */
		if ((n->op == TOK_PLUS || n->op == TOK_MINUS) &&
		    (lr->kind == DT_TYPE_PTR || rr->kind == DT_TYPE_PTR)) {
			const dt_type_t *pt = lr->kind == DT_TYPE_PTR ? lr : rr;
			const dt_type_t *other = pt == lr ? rr : lr;
			int64_t esz = pt->base ? dt_type_sizeof(s->cc, pt->base) : -1;

			if (esz <= 0)
				esz = 1;	/* void * steps by bytes, as GNU C does */
			if (lr->kind == DT_TYPE_PTR && rr->kind == DT_TYPE_PTR && n->op == TOK_MINUS) {
				n->type = dt_type_int(s->cc, 8, true);	/* ptrdiff_t */
				n->ival = (uint64_t)esz;
				n->isuffix = -2;	/* marks p - q */
				return;
			}
			if (other->kind != DT_TYPE_INT && other->kind != DT_TYPE_ENUM) {
				ERR(s, D_OP_INCOMPAT, n, "operands have incompatible types: \"%s\" %s "
				    "\"%s\"", l->name, op, r->name);
				return;
			}
			if (n->op == TOK_MINUS && rr->kind == DT_TYPE_PTR) {
				ERR(s, D_OP_INCOMPAT, n, "an integer minus a pointer is undefined");
				return;
			}
			n->type = pt == lr ? l : r;
			n->ival = (uint64_t)esz;
			n->isuffix = -3;	/* marks pointer +/- integer */
			return;
		}
		if (!dt_is_int(l) || !dt_is_int(r)) {
			ERR(s, D_OP_ARITH, n, "operator %s requires operands of arithmetic type",
			    op);
			return;
		}
		n->type = dt_arith_conv(s->cc, l, r);
		if (n->op == TOK_SLASH && n->right->kind == DT_NODE_INT && n->right->ival == 0)
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
		if (n->op == TOK_PERCENT && n->right->kind == DT_NODE_INT && n->right->ival == 0)
			ERR(s, D_DIV_ZERO, n, "expression contains division by zero");
		return;
	default:
		ERR(s, D_UNSUPPORTED, n, "operator %s is not supported yet", op);
		return;
	}
}

/*
 * args[N]: probe argument N typed as the provider declares it. Every probe the clause
 * enables must give it the same type; it is then argN, converted to that type.
 */
static void
dt_sema_args(dt_sema_t *s, dt_node_t *n)
{
	dt_clause_t *cl = s->clause;
	const char *spelling = NULL;
	char buf[256], first[256] = "";
	dt_node_t *ix = n->list.len == 1 ? n->list.data[0] : NULL;

	if (!ix || ix->kind != DT_NODE_INT || ix->ival > 9) {
		ERR(s, D_ARGS_IDX, n, "args[ ] index must be an integer constant from 0 to 9");
		return;
	}
	for (size_t i = 0; cl && i < cl->probes.len; i++) {
		const char *t = dt_prov_argtype(s->dtp, cl->probes.data[i], (int)ix->ival, buf,
						sizeof(buf));

		if (!t) {
			dt_probe_t *p = cl->probes.data[i];

			ERR(s, D_ARGS_IDX, n, "index %d is out of range for %s:%s:%s:%s args[ ]",
			    (int)ix->ival, p->prov, p->mod, p->func, p->name);
			return;
		}
		if (!spelling) {
			snprintf(first, sizeof(first), "%s", t);
			spelling = first;
		} else if (strcmp(first, t) != 0) {
			ERR(s, D_ARGS_TYPE, n, "args[%d] has different types at the probes this "
			    "clause enables (%s, %s): use argN and a cast", (int)ix->ival, first, t);
			return;
		}
	}
	if (!spelling) {
		ERR(s, D_ARGS_IDX, n, "args[ ] has no types here");
		return;
	}
	n->type = dt_sema_ktype(s, n, spelling);
	if (!n->type)
		return;
	n->ident_kind = DT_IDENT_VAR;
	n->ident_id = DT_VAR_ARG0 + (int)ix->ival;
	cl->needs |= DT_SEMA_NEED_ARGS;
}

static dt_var_t *dt_var_find(dt_sema_t *s, dt_varkind_t kind, const char *name);

/*
 * uregs[R_name]: a user register of the current thread (dt_consts.c names them). As in
 * DTrace on Linux, the index must be an integer constant and a known register.
 */
static void
dt_sema_uregs(dt_sema_t *s, dt_node_t *n)
{
	dt_node_t *ix = n->list.len == 1 ? n->list.data[0] : NULL;

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
	if (ix->kind != DT_NODE_INT || !dt_is_int(ix->type)) {
		ERR(s, D_PROTO_ARG, ix, "uregs[ ] argument #1 is incompatible with prototype:\n"
		    "\tprototype: integer constant\n\t argument: %s", ix->type->name);
		return;
	}
	if (ix->ival > DT_UREGS_MAX) {
		ERR(s, D_UNKNOWN, ix, "uregs[]: index out of bounds (%lld)", (long long)ix->ival);
		return;
	}
	n->type = dt_type_named(s->cc, "uint64_t");
	n->ident_kind = DT_IDENT_VAR;
	n->ident_id = DT_VAR_UREGS;
	n->ival = ix->ival;
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

	if (n->left->kind == DT_NODE_THIS && !dt_var_find(s, DT_VK_THIS, n->left->text)) {
		ERR(s, D_ARR_LOCAL, n, "local variables may not be used as associative arrays: "
		    "this->%s", n->left->text);
		return;
	}

	dt_sema_expr(s, n->left);
	if (ix)
		dt_sema_expr(s, ix);
	if (n->list.len != 1 && n->left->type) {
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
	if (n->left->isuffix == -1) {
		et = dt_type_int(s->cc, 1, true);	/* a char array read as a string */
		if (ix->kind == DT_NODE_INT && ix->ival >= n->left->ival) {
			ERR(s, D_ARR_BOUNDS, ix, "index %lld is out of range for array char [%u]",
			    (long long)(int64_t)ix->ival, (unsigned)n->left->ival);
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
		if (lt->kind == DT_TYPE_ARRAY && lt->nelems && ix->kind == DT_NODE_INT &&
		    ((ix->type->is_signed && (int64_t)ix->ival < 0) || ix->ival > lt->nelems ||
		     (ix->ival == lt->nelems && s->addr_of != n))) {
			ERR(s, D_ARR_BOUNDS, ix, "index %lld is out of range for array %s",
			    (long long)(int64_t)ix->ival, n->left->type->name);
			return;
		}
	}
	n->type = et;
	n->ident_kind = DT_IDENT_KINDEX;
	dt_sema_char_array(s, n);
}

/* Is this identifier a global pointer or array variable (p[i] indexes through it)? */
static bool
dt_sema_is_kptr_var(dt_sema_t *s, const dt_node_t *id)
{
	for (size_t i = 0; i < s->prog->vars.len; i++) {
		dt_var_t *v = s->prog->vars.data[i];

		if (v->kind == DT_VK_GLOBAL && strcmp(v->name, id->text) == 0)
			return dt_type_resolve(v->type)->kind == DT_TYPE_PTR ||
			       dt_type_resolve(v->type)->kind == DT_TYPE_ARRAY;
	}
	return false;
}

static bool dt_sema_is_dmem(dt_sema_t *s, const dt_node_t *n);
static bool dt_sema_inline_call(dt_sema_t *s, dt_node_t *n);
static bool dt_sema_is_object(const dt_type_t *t);

/* Note the globals the program assigns anywhere (x = e, x op= e, x++, ++x) in tree n. */
static void
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

static bool
dt_sema_assigned_later(dt_sema_t *s, const char *name)
{
	for (size_t i = 0; i < s->assigned.len; i++) {
		if (strcmp(s->assigned.data[i], name) == 0)
			return true;
	}
	return false;
}

/* ---- D variables ---------------------------------------------------------------------- */

static dt_var_t *
dt_var_find(dt_sema_t *s, dt_varkind_t kind, const char *name)
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
	return t->kind == DT_TYPE_STRING ? (uint32_t)DT_ALIGN(s->dtp->opts.strsize, 8) : 8;
}

/* A new variable of a kind and type; place it. */
static dt_var_t *
dt_var_new(dt_sema_t *s, dt_varkind_t kind, const char *name, const dt_type_t *t)
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

static bool dt_is_int(const dt_type_t *t);
static bool dt_is_string(const dt_type_t *t);

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
static void
dt_var_set_keys(dt_sema_t *s, dt_var_t *v, dt_node_t *const *keys, int nkeys)
{
	uint32_t off = v->per_thread ? 8 : 0;

	v->nkeys = nkeys;
	v->keys = dt_arena_alloc(&s->cc->arena, sizeof(dt_recitem_t) * (size_t)(nkeys + 1));
	for (int i = 0; i < nkeys; i++) {
		v->keys[i] = dt_item_for(s, keys[i], &off);
		/* Keys of associative arrays hold any string: full strsize slots. */
		if (v->keys[i].kind == DT_REC_STRING) {
			off -= v->keys[i].size;
			v->keys[i].size = (uint32_t)DT_ALIGN(s->dtp->opts.strsize, 8);
			off += v->keys[i].size;
		}
	}
	v->keysize = off;
}

static const char *const dt_vk_prefix[] = {
	[DT_VK_GLOBAL] = "", [DT_VK_THIS] = "this->", [DT_VK_SELF] = "self->", [DT_VK_ASSOC] = "",
};

/* The keys of a first use: no void (an action's value), as DTrace's D_KEY_TYPE says. */
static bool
dt_sema_keys_valid(dt_sema_t *s, const dt_nodes_t *keys, const char *what)
{
	for (size_t i = 0; i < keys->len; i++) {
		dt_node_t *k = keys->data[i];

		if (k->type && dt_type_resolve(k->type)->kind == DT_TYPE_VOID) {
			ERR(s, D_KEY_TYPE, k, "void expression may not be used as %s index: key "
			    "#%zu", what, i + 1);
			return false;
		}
	}
	return true;
}

/*
 * The keys of a later use of an aggregation or associative array match its first use:
 * DTrace's prototype errors, "@a[ ]" or "a[ ]". Their types were analysed already.
 */
static bool
dt_sema_keys_match(dt_sema_t *s, dt_node_t *at, const char *prefix, const char *name,
		   const dt_nodes_t *keys, const dt_recitem_t *want, int nwant)
{
	int n = (int)keys->len;

	if (n != nwant) {
		ERR(s, D_PROTO_LEN, at, "%s%s[ ] prototype mismatch: %d arg%s passed, %d expected",
		    prefix, name, n, n == 1 ? "" : "s", nwant);
		return false;
	}
	for (int i = 0; i < n; i++) {
		dt_node_t *k = keys->data[i];

		if (k->type && (dt_is_string(k->type) != (want[i].kind == DT_REC_STRING) ||
				dt_type_resolve(k->type)->kind == DT_TYPE_VOID)) {
			ERR(s, D_PROTO_ARG, k, "%s%s[ ] argument #%d is incompatible with "
			    "prototype:\n\tprototype: %s\n\t argument: %s", prefix, name, i + 1,
			    want[i].type_name, k->type->name);
			return false;
		}
	}
	return true;
}

/*
 * Resolve a variable reference: IDENT (global), SELF, THIS, or INDEX whose base is an IDENT
 * naming an associative array. "assign" is the type being assigned when the reference is the
 * target of a plain "=" (NULL otherwise): an unknown variable is then created with it.
 * Thread-local and clause-local variables read before any assignment are int64_t, as DTrace
 * lets them be (their value is 0 until assigned). Returns the variable or NULL (error given).
 */
static dt_var_t *
dt_sema_var(dt_sema_t *s, dt_node_t *n, const dt_type_t *assign)
{
	dt_varkind_t kind;
	const char *name;
	dt_node_t *ref = n;
	dt_var_t *v;

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
	default: kind = DT_VK_GLOBAL; break;
	}
	name = kind == DT_VK_ASSOC && ref->kind == DT_NODE_SELF
		       ? dt_arena_printf(&s->cc->arena, "self->%s", ref->text)
		       : ref->text;
	v = dt_var_find(s, kind, name);
	if (!v && kind == DT_VK_ASSOC && dt_var_find(s, DT_VK_GLOBAL, name)) {
		ERR(s, D_IDENT_BADREF, n, "%s is a scalar variable, not an associative array", name);
		return NULL;
	}
	if (!v && kind == DT_VK_GLOBAL && dt_var_find(s, DT_VK_ASSOC, name)) {
		ERR(s, D_IDENT_BADREF, n, "%s is an associative array and needs a subscript", name);
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
			ERR(s, D_IDENT_UNDEF, ref, "failed to resolve %s: Unknown variable name", name);
			return NULL;
		}
		if (kind == DT_VK_ASSOC && !dt_sema_keys_valid(s, &n->list, "associative array"))
			return NULL;
		v = dt_var_new(s, kind, name, dt_var_type_of(s, t));
		v->implicit = !assign;
		if (kind == DT_VK_ASSOC) {
			v->per_thread = ref->kind == DT_NODE_SELF;
			dt_var_set_keys(s, v, n->list.data, (int)n->list.len);
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
	(void)dt_vk_prefix;
	return v;
}

/* Subscripts first (they are expressions), then the variable. */
static dt_var_t *
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

/* Is INDEX node n a reference to an associative array (a[k], self->a[k])? */
static bool
dt_sema_is_assoc(dt_sema_t *s, const dt_node_t *n)
{
	return (n->left->kind == DT_NODE_IDENT && !dt_sema_builtin(n->left->text) &&
		!dt_sema_is_kptr_var(s, n->left)) || n->left->kind == DT_NODE_SELF;
}

/*
 * Is analysed node n a part of a global or clause-local struct, union or array variable,
 * or of a thread-local or associative struct (x.m, x.a[i], a[i], this->x.m, self->s.m,
 * i["k"].m): D's own memory, which assignments may write?
 */
static bool
dt_sema_is_dmem(dt_sema_t *s, const dt_node_t *n)
{
	const dt_var_t *v;

	for (;;) {
		if (n->kind == DT_NODE_MEMBER && n->op == TOK_DOT)
			n = n->left;
		else if (n->kind == DT_NODE_INDEX && n->ident_kind == DT_IDENT_KINDEX &&
			 (n->left->isuffix == -1 ||
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
		(n->left->isuffix == -1 || dt_type_resolve(n->left->type)->kind == DT_TYPE_ARRAY)))
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
 * same type. Marks n (isuffix DT_ISUFFIX_COPY) and returns true when n is one (even in
 * error).
 */
static bool
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
	n->isuffix = DT_ISUFFIX_COPY;
	return true;
}

/*
 * x.m = e, a[i] op= e, ++x.m ...: a store into D memory (marked DT_IDENT_KINDEX on the
 * assignment). The target's type decides: integers, pointers, or a char array taking a
 * string.
 */
static void
dt_sema_dmem_assign(dt_sema_t *s, dt_node_t *n, const dt_type_t *rt)
{
	dt_node_t *l = n->left;
	const char *op = dt_tok_name(n->op);

	dt_sema_expr(s, l);
	if (!l->type)
		return;
	if (!dt_sema_is_dmem(s, l) && !dt_sema_is_ptrobj(l)) {
		ERR(s, D_OP_LVAL, n, "operator %s requires a writable variable as its %s",
		    op, rt ? "left-hand operand" : "operand");
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

static bool
dt_is_varref(const dt_node_t *n)
{
	return n->kind == DT_NODE_IDENT || n->kind == DT_NODE_SELF || n->kind == DT_NODE_THIS ||
	       (n->kind == DT_NODE_INDEX &&
		(n->left->kind == DT_NODE_IDENT || n->left->kind == DT_NODE_SELF));
}

/* x = e, x op= e */
static void
dt_sema_assign(dt_sema_t *s, dt_node_t *n)
{
	dt_node_t *l = n->left, *r = n->right;
	dt_var_t *v;

	if (r->kind == DT_NODE_XLATE && n->op == TOK_ASSIGN) {
		dt_decl_xlate_assign(s, n);
		return;
	}
	dt_sema_expr(s, r);
	if (!r->type || !dt_sema_no_action(s, r))
		return;
	if (l->kind == DT_NODE_MEMBER || (l->kind == DT_NODE_INDEX && !dt_sema_is_assoc(s, l)) ||
	    (l->kind == DT_NODE_UNARY && l->op == TOK_STAR)) {
		dt_sema_dmem_assign(s, n, r->type);
		return;
	}
	if (!dt_is_varref(l) ||
	    (l->kind == DT_NODE_IDENT && dt_sema_builtin(l->text))) {
		ERR(s, D_OP_LVAL, n, "operator %s requires a writable variable as its left-hand "
		    "operand", dt_tok_name(n->op));
		return;
	}
	/* x op= e creates x, as x = e does (with e's type), when x is new */
	v = dt_sema_varref(s, l, r->type);
	if (!v)
		return;
	if ((v->kind == DT_VK_SELF || v->kind == DT_VK_ASSOC) && dt_sema_is_object(v->type) &&
	    n->op == TOK_ASSIGN && r->kind == DT_NODE_INT && r->ival == 0) {
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
		ERR(s, D_OP_ARRFUN, n, "array and function types cannot be assigned: %s%s",
		    dt_vk_prefix[v->kind], v->name);
		return;
	}
	if (dt_sema_copy_assign(s, n, v->type))
		return;
	if (dt_sema_is_object(v->type)) {
		ERR(s, D_OP_INCOMPAT, n, "operands have incompatible types: \"%s\" %s \"%s\"",
		    v->type->name, dt_tok_name(n->op), r->type->name);
		return;
	}
	if (n->op == TOK_ASSIGN && dt_is_string(v->type) && r->kind == DT_NODE_INT &&
	    r->ival == 0) {
		/* s = 0 frees a string dynamic variable (or empties a global), as for integers */
		n->type = v->type;
		return;
	}
	if (n->op == TOK_ASSIGN) {
		if (dt_is_string(v->type) != dt_is_string(r->type) ||
		    (!dt_is_string(v->type) && !dt_is_scalar(r->type))) {
			ERR(s, D_OP_INCOMPAT, n, "operands have incompatible types: \"%s\" = \"%s\"",
			    v->type->name, r->type->name);
			return;
		}
	} else if ((n->op == TOK_ADD_ASSIGN || n->op == TOK_SUB_ASSIGN) &&
		   (dt_is_string(v->type) || dt_is_string(r->type))) {
		ERR(s, D_OP_INCOMPAT, n, "operands have incompatible types: \"%s\" %s \"%s\"",
		    v->type->name, dt_tok_name(n->op), r->type->name);
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
	if (!dt_is_varref(l) || (l->kind == DT_NODE_IDENT && dt_sema_builtin(l->text))) {
		ERR(s, D_OP_LVAL, n, "operator %s requires a writable variable as its operand",
		    dt_tok_name(n->op));
		return;
	}
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

	for (size_t i = 0; i < n->list.len; i++) {
		dt_sema_expr(s, n->list.data[i]);
		if (!n->list.data[i]->type)
			return;
	}
	if (is_stack ? n->list.len > maxargs : n->list.len != 1) {
		/* DTrace's words: a stack's arguments are optional */
		ERR(s, D_PROTO_LEN, n, "%s( ) prototype mismatch: %zu arg%s passed, %s%zu expected",
		    n->text, n->list.len, n->list.len == 1 ? "" : "s", is_stack ? "no more than " : "",
		    is_stack ? maxargs : 1);
		return;
	}
	n->ival = f->id == DT_RECFMT_STACK ? s->dtp->opts.stackframes
		  : strcmp(n->text, "jstack") == 0 ? s->dtp->opts.jstackframes
						   : s->dtp->opts.ustackframes;
	if (n->list.len > 1) {
		dt_node_t *a = n->list.data[1];

		if (a->kind != DT_NODE_INT || (a->type && a->type->is_signed && (int64_t)a->ival < 0)) {
			ERR(s, D_PROTO_ARG, a, "%s( ) argument #2 must be a positive integer constant",
			    n->text);
			return;
		}
	}
	if (is_stack && n->list.len) {
		dt_node_t *a = n->list.data[0];

		if (a->kind != DT_NODE_INT || a->ival == 0 || a->ival > 127) {
			ERR(s, D_PROTO_ARG, a, "%s( ) argument #1 must be a non-zero positive integer "
			    "constant (at most 127)", n->text);
			return;
		}
		n->ival = a->ival;
	} else if (!is_stack && !dt_is_scalar(n->list.data[0]->type)) {
		ERR(s, D_PROTO_ARG, n->list.data[0], "%s( ) argument #1 is incompatible with "
		    "prototype:\n\tprototype: uintptr_t\n\t argument: %s", n->text,
		    n->list.data[0]->type->name);
		return;
	}
	t = dt_arena_alloc(&s->cc->arena, sizeof(*t));
	t->kind = DT_TYPE_INT;
	t->size = 8;
	t->name = is_stack ? n->text : DT_RECFMT_IS_USER(f->id) ? "_usymaddr" : "_symaddr";
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

	(void)f;
	for (int i = 0; i < nargs; i++) {
		dt_sema_expr(s, n->list.data[i]);
		if (!n->list.data[i]->type)
			return;
	}
	if (nargs < lo || nargs > hi) {
		ERR(s, D_PROTO_LEN, n, "%s( ) prototype mismatch: %d arg%s passed, %d expected",
		    n->text, nargs, nargs == 1 ? "" : "s", nargs < lo ? lo : hi);
		return;
	}
	for (int i = 0, k = 0; i < nargs; i++, k++) {
		const dt_type_t *t = n->list.data[i]->type;
		char kind;
		bool ok;

		if (sp->args[k] == '|')
			k++;
		kind = sp->args[k];
		ok = kind == 's' ? dt_is_string(t) : kind == 'i' ? dt_is_int(t) :
		     kind == 'S' ? dt_is_string(t) || dt_is_null(n->list.data[i]) :
		     kind == 'P' ? dt_is_string(t) || dt_is_null(n->list.data[i]) ||
				   dt_type_resolve(t)->kind == DT_TYPE_PTR ||
				   dt_type_resolve(t)->kind == DT_TYPE_ARRAY : dt_is_scalar(t);
		if (!ok) {
			ERR(s, D_PROTO_ARG, n->list.data[i], "%s( ) argument #%d is incompatible with "
			    "prototype:\n\tprototype: %s\n\t argument: %s", n->text, i + 1,
			    kind == 's' ? "string" : kind == 'i' ? "int64_t" :
			    kind == 'S' ? "char *" : kind == 'P' ? "void *" : "uintptr_t", t->name);
			return;
		}
	}
	if (sp->id == DT_SUBR_ALLOCA || sp->id == DT_SUBR_COPYIN) {
		/* a constant size that can never fit is an error now, not a fault later */
		dt_node_t *sz = n->list.data[sp->id == DT_SUBR_ALLOCA ? 0 : 1];

		if (sz->kind == DT_NODE_INT && sz->ival > s->dtp->opts.scratchsize) {
			ERR(s, D_ALLOCA_SIZE, sz, "%s( ) size %lld exceeds the scratch space of %u "
			    "bytes (option scratchsize)", n->text, (long long)sz->ival,
			    s->dtp->opts.scratchsize);
			return;
		}
	}
	n->ident_kind = DT_IDENT_SUBR;
	n->ident_id = sp->id;
	n->type = strcmp(sp->result, "string") == 0 ? dt_type_string(s->cc) :
		  strcmp(sp->result, "void *") == 0 ? dt_type_ptr(s->cc, dt_type_void(s->cc)) :
		  dt_type_named(s->cc, sp->result);
}

/*
 * Macro variables become constants: $target, $pid, $ppid, $uid, $gid, $1..$N (an integer
 * when the argument reads as one, else a string) and $$1..$$N (always a string).
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

		if (*end || idx < 0 || idx > s->cc->argc) {
			ERR(s, D_MACRO_UNDEF, n, "macro argument $%s is not defined", n->text);
			return;
		}
		arg = idx == 0 ? (s->cc->argv0 ? s->cc->argv0 : "") : s->cc->argv[idx - 1];
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
		[DT_ACTFN_SETOPT] = { 1, 2 },
		[DT_ACTFN_SYSTEM] = { 1, INT32_MAX }, [DT_ACTFN_RAISE] = { 1, 1 },
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
static bool
dt_sema_no_action(dt_sema_t *s, const dt_node_t *e)
{
	if (e->kind != DT_NODE_CALL || e->ident_kind != DT_IDENT_ACTION)
		return true;
	ERR(s, D_CG_EXPR, e, "tracing function %s( ) may not be called from a D expression "
	    "(D program context required)", e->text);
	return false;
}

void
dt_sema_expr(dt_sema_t *s, dt_node_t *n)
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
	case DT_NODE_LOGICAL:
		dt_sema_expr(s, n->left);
		dt_sema_expr(s, n->right);
		if (n->left->type && !dt_is_scalar(n->left->type))
			ERR(s, D_OP_SCALAR, n->left, "operator %s requires operands of scalar type",
			    dt_tok_name(n->op));
		else if (n->right->type && !dt_is_scalar(n->right->type))
			ERR(s, D_OP_SCALAR, n->right,
			    "operator %s requires operands of scalar type", dt_tok_name(n->op));
		n->type = dt_type_int(s->cc, 4, true);
		if (n->left->kind == DT_NODE_INT && n->right->kind == DT_NODE_INT) {
			bool a = n->left->ival != 0, b = n->right->ival != 0;

			n->ival = n->op == TOK_ANDAND ? a && b : n->op == TOK_OROR ? a || b : a != b;
			n->kind = DT_NODE_INT;
		}
		return;
	case DT_NODE_UNARY:
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
			n->type = dt_type_ptr(s->cc, n->left->isuffix == -1
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
			if (n->left->kind == DT_NODE_INT) {
				/* fold -c, +c, ~c */
				uint64_t v = n->left->type->is_signed
						     ? (uint64_t)(int64_t)n->left->ival
						     : n->left->ival;

				v = n->op == TOK_MINUS ? -v : n->op == TOK_TILDE ? ~v : v;
				n->kind = DT_NODE_INT;
				n->ival = dt_fold_norm(v, n->type);
				n->left = NULL;
			}
			return;
		default:
			ERR(s, D_UNSUPPORTED, n, "operator %s is not supported yet",
			    dt_tok_name(n->op));
			return;
		}
	case DT_NODE_TERNARY:
		dt_sema_expr(s, n->cond);
		dt_sema_expr(s, n->left);
		dt_sema_expr(s, n->right);
		if (n->cond->type && !dt_is_scalar(n->cond->type)) {
			ERR(s, D_OP_SCALAR, n->cond, "operator ?: requires a scalar condition");
			return;
		}
		if (!n->left->type || !n->right->type)
			return;
		if (dt_is_string(n->left->type) && dt_is_string(n->right->type))
			n->type = n->left->type;
		else if (dt_is_int(n->left->type) && dt_is_int(n->right->type))
			n->type = dt_arith_conv(s->cc, n->left->type, n->right->type);
		else if (n->left->type->kind == DT_TYPE_PTR &&
			 dt_type_compat(n->left->type, n->right->type))
			n->type = n->left->type;
		else if (n->left->type->kind == DT_TYPE_VOID && n->right->type->kind == DT_TYPE_VOID)
			ERR(s, D_OP_ACT, n, "action cannot be used in a conditional context");
		else
			ERR(s, D_OP_INCOMPAT, n,
			    "operator ?: operands must have compatible types: \"%s\" and \"%s\"",
			    dt_type_name(n->left->type), dt_type_name(n->right->type));
		if (n->cond->kind == DT_NODE_INT && dt_is_int(n->type)) {
			dt_node_t *c = n->cond->ival ? n->left : n->right;

			if (c->kind == DT_NODE_INT) {
				n->ival = dt_fold_norm(c->type->is_signed ? (uint64_t)(int64_t)c->ival
									  : c->ival, n->type);
				n->kind = DT_NODE_INT;
			}
		}
		return;
	case DT_NODE_CALL: {
		const struct dt_func *f = dt_func_lookup(n->text);

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
			ERR(s, D_OP_SCALAR, n, "stringof( ) operand must be a scalar or a string");
			return;
		}
		n->type = dt_type_string(s->cc);
		return;
	case DT_NODE_CAST: {
		const dt_type_t *t = n->tname ? dt_decl_type(s, n->tname, NULL) : NULL;

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
		return;
	}
	case DT_NODE_MEMBER:
		dt_sema_member(s, n);
		return;
	case DT_NODE_SIZEOF: {
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
			size = dt_is_string(n->left->type) ? (int64_t)s->dtp->opts.strsize
							 : dt_type_sizeof(s->cc, n->left->type);
			if (size < 0) {
				ERR(s, D_SIZEOF_TYPE, n, "cannot apply sizeof to an operand of "
				    "unknown size");
				return;
			}
		}
		n->kind = DT_NODE_INT;
		n->ival = (uint64_t)size;
		n->isuffix = DT_INT_U | DT_INT_L;
		n->type = dt_type_named(s->cc, "size_t");
		return;
	}
	case DT_NODE_OFFSETOF: {
		const dt_type_t *t = n->tname ? dt_decl_type(s, n->tname, NULL) : NULL;
		uint32_t off;

		if (!t)
			return;
		if (dt_type_offsetof(s->cc, t, n->text, &off) < 0) {
			ERR(s, s->cc->type_errtag, n, "%s", s->cc->type_errmsg);
			return;
		}
		n->kind = DT_NODE_INT;
		n->ival = off;
		n->isuffix = DT_INT_U | DT_INT_L;
		n->type = dt_type_named(s->cc, "size_t");
		return;
	}
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

/* ---- actions and aggregations --------------------------------------------------------- */

static dt_action_t *
dt_sema_new_action(dt_sema_t *s, dt_act_kind_t kind, int nitems)
{
	dt_clause_t *cl = s->clause;
	dt_action_t *a;

	cl->actions = realloc(cl->actions, (size_t)(cl->nactions + 1) * sizeof(*cl->actions));
	if (!cl->actions)
		abort();
	a = &cl->actions[cl->nactions++];
	memset(a, 0, sizeof(*a));
	a->kind = kind;
	if (s->in_if) {
		a->conditional = true;
		a->bit = cl->ncond++;
	} else {
		cl->has_uncond = true;
	}
	a->nitems = nitems;
	a->items = dt_arena_alloc(&s->cc->arena, sizeof(dt_recitem_t) * (size_t)(nitems + 1));
	return a;
}

/* What a clause has done so far, for the rules of speculations */
enum {
	DT_CLS_COMMIT = 1, DT_CLS_SPECULATE = 2, DT_CLS_DATAREC = 4, DT_CLS_AGG = 8,
};

/*
 * DTrace's rules for the order of speculate( ), commit( ), aggregations and other actions
 * within a clause, with its tags; fn is a DT_ACTFN_* or -1 for an aggregation. Called for
 * each in program order once its arguments are known good. False after the error. discard( )
 * records nothing, as in illumos DTrace.
 */
static bool
dt_sema_clsflags(dt_sema_t *s, dt_node_t *at, int fn)
{
	unsigned *cf = &s->clsflags;

	if (fn == DT_ACTFN_COMMIT) {
		if (*cf & DT_CLS_COMMIT) {
			ERR(s, D_COMM_COMM, at, "commit( ) may not follow commit( )");
			return false;
		}
		if (*cf & (DT_CLS_DATAREC | DT_CLS_AGG)) {
			ERR(s, D_COMM_DREC, at, "commit( ) may not follow data-recording action(s)");
			return false;
		}
		*cf |= DT_CLS_COMMIT;
		return true;
	}
	if (fn == DT_ACTFN_SPECULATE) {
		if (*cf & DT_CLS_SPECULATE) {
			ERR(s, D_SPEC_SPEC, at, "speculate( ) may not follow speculate( )");
			return false;
		}
		if (*cf & DT_CLS_COMMIT) {
			ERR(s, D_SPEC_COMM, at, "speculate( ) may not follow commit( )");
			return false;
		}
		if (*cf & (DT_CLS_DATAREC | DT_CLS_AGG)) {
			ERR(s, D_SPEC_DREC, at, "speculate( ) may not follow data-recording "
			    "action(s)");
			return false;
		}
		*cf |= DT_CLS_SPECULATE;
		return true;
	}
	if (fn < 0) {
		if (*cf & DT_CLS_COMMIT) {
			ERR(s, D_AGG_COMM, at, "aggregating actions may not follow commit( )");
			return false;
		}
		if (*cf & DT_CLS_SPECULATE) {
			ERR(s, D_AGG_SPEC, at, "aggregating actions may not follow speculate( )");
			return false;
		}
		*cf |= DT_CLS_AGG;
		return true;
	}
	if (fn == DT_ACTFN_DISCARD)
		return true;
	if ((*cf & DT_CLS_SPECULATE) && fn >= DT_ACTFN_SYSTEM) {
		ERR(s, D_ACT_SPEC, at, "destructive actions may not follow speculate( )");
		return false;
	}
	if ((*cf & DT_CLS_SPECULATE) && fn == DT_ACTFN_EXIT) {
		ERR(s, D_EXIT_SPEC, at, "exit( ) may not follow speculate( )");
		return false;
	}
	if (*cf & DT_CLS_COMMIT) {
		ERR(s, D_DREC_COMM, at, "data-recording actions may not follow commit( )");
		return false;
	}
	if (!(*cf & DT_CLS_SPECULATE))
		*cf |= DT_CLS_DATAREC;
	return true;
}
static dt_action_t *dt_sema_new_action(dt_sema_t *s, dt_act_kind_t kind, int nitems);

/*
 * printa, clear, trunc, normalize, denormalize: their arguments are aggregations (and for
 * printa a leading format, for trunc and normalize a trailing count). As in DTrace, the
 * arguments are analysed first; then each action has its own tags for a wrong number of
 * arguments, an argument that is not an aggregation and a count that is not a scalar.
 */
static void
dt_sema_aggaction(dt_sema_t *s, dt_node_t *call, const struct dt_func *f)
{
	static const dt_act_kind_t kinds[] = {
		[DT_ACTFN_PRINTA] = DT_ACT_PRINTA, [DT_ACTFN_CLEAR] = DT_ACT_CLEAR,
		[DT_ACTFN_TRUNC] = DT_ACT_TRUNC, [DT_ACTFN_NORMALIZE] = DT_ACT_NORMALIZE,
		[DT_ACTFN_DENORMALIZE] = DT_ACT_DENORMALIZE,
	};
	static const struct {
		dt_errtag_t proto, aggarg, scalar;
		int lo, hi;	/* how many arguments */
	} rules[] = {
		[DT_ACTFN_PRINTA] = { D_PRINTA_PROTO, D_PRINTA_AGGARG, D_UNKNOWN, 1, INT32_MAX },
		[DT_ACTFN_CLEAR] = { D_CLEAR_PROTO, D_CLEAR_AGGARG, D_UNKNOWN, 1, 1 },
		[DT_ACTFN_TRUNC] = { D_TRUNC_PROTO, D_TRUNC_AGGARG, D_TRUNC_SCALAR, 1, 2 },
		[DT_ACTFN_NORMALIZE] = { D_NORMALIZE_PROTO, D_NORMALIZE_AGGARG,
					 D_NORMALIZE_SCALAR, 2, 2 },
		[DT_ACTFN_DENORMALIZE] = { D_NORMALIZE_PROTO, D_NORMALIZE_AGGARG, D_UNKNOWN, 1,
					   1 },
	};
	dt_nodes_t *args = &call->list;
	int nargs = (int)args->len, lo = rules[f->id].lo, hi = rules[f->id].hi;
	size_t first = 0, last = args->len;	/* the aggregation arguments: [first, last) */
	dt_node_t *fmt = NULL, *count = NULL;
	const dt_aggdesc_t **aggs;
	dt_action_t *a;
	int naggs;

	for (size_t i = 0; i < args->len; i++) {
		dt_node_t *an = args->data[i];
		const struct dt_func *af = an->kind == DT_NODE_CALL ? dt_func_lookup(an->text)
								    : NULL;

		if (an->kind == DT_NODE_AGG && !dt_sema_agg_lookup(s, an->text)) {
			ERR(s, D_IDENT_UNDEF, an, "failed to resolve @%s: Unknown variable name",
			    an->text);
			return;
		}
		/* an aggregating function or an action is only named in the error below */
		if (an->kind != DT_NODE_AGG && !(af && af->kind != DT_IDENT_SUBR &&
						 af->kind != DT_IDENT_VALFN)) {
			dt_sema_expr(s, an);
			if (!an->type)
				return;
		}
	}
	if (!dt_sema_clsflags(s, call, f->id))
		return;
	if (f->id == DT_ACTFN_PRINTA && nargs && args->data[0]->kind == DT_NODE_STRING)
		fmt = args->data[first++];
	if (fmt)
		lo = 2;
	if (nargs < lo || nargs > hi) {
		if (f->id == DT_ACTFN_TRUNC)
			ERR(s, D_TRUNC_PROTO, call, "trunc( ) prototype mismatch: %d args passed, %s "
			    "expected", nargs, nargs < lo ? "at least 1" : "no more than 2");
		else
			ERR(s, rules[f->id].proto, call, "%s( ) prototype mismatch: %d args passed, "
			    "%d expected", call->text, nargs, lo);
		return;
	}
	if (f->id == DT_ACTFN_TRUNC || f->id == DT_ACTFN_NORMALIZE)
		count = nargs == 2 ? args->data[--last] : NULL;
	naggs = (int)(last - first);
	aggs = dt_arena_alloc(&s->cc->arena, sizeof(*aggs) * (size_t)naggs);
	for (int i = 0; i < naggs; i++) {
		dt_node_t *an = args->data[first + (size_t)i];

		if (an->kind != DT_NODE_AGG || an->list.len) {
			ERR(s, rules[f->id].aggarg, an, "%s( ) argument #%zu is incompatible with "
			    "prototype:\n\tprototype: aggregation\n\t argument: %s", call->text,
			    first + (size_t)i + 1, an->kind == DT_NODE_AGG ? "aggregation element"
			    : an->type ? dt_type_name(an->type)
			    : dt_arena_printf(&s->cc->arena, "%s( )", an->text));
			return;
		}
		aggs[i] = dt_sema_agg_lookup(s, an->text);
	}
	if (count && !dt_is_scalar(count->type)) {
		ERR(s, rules[f->id].scalar, count, "%s( ) argument #2 must be of scalar type",
		    call->text);
		return;
	}
	a = dt_sema_new_action(s, kinds[f->id], count ? 1 : 0);
	a->naggs = naggs;
	a->aggs = dt_arena_alloc(&s->cc->arena, sizeof(int) * (size_t)naggs);
	for (int i = 0; i < naggs; i++)
		a->aggs[i] = aggs[i]->id;
	if (count)
		a->items[0] = dt_item_for(s, count, &s->clause->recsize);
	if (fmt) {
		char *msg = NULL;
		dt_errtag_t tag = D_UNKNOWN;
		dt_pfmt_t *pf = dt_pfmt_parse(fmt->text, &msg, &tag);

		if (!pf || dt_printa_check(pf, (const dt_aggdesc_t *const *)aggs, naggs, &msg,
					   &tag) < 0) {
			ERR(s, tag, fmt, "%s", msg ? msg : "invalid format");
			free(msg);
			dt_pfmt_free(pf);
			return;
		}
		a->fmt = fmt->text;
		a->pfmt = pf;
	} else if (f->id == DT_ACTFN_PRINTA) {
		char *msg = NULL;
		dt_errtag_t tag = D_UNKNOWN;

		if (dt_printa_check_keys((const dt_aggdesc_t *const *)aggs, naggs, &msg,
					 &tag) < 0) {
			ERR(s, tag, call, "%s", msg);
			free(msg);
		}
	}
}

/* ---- tracemem(), print() and trace() of structs, unions and arrays ------------------- */

#define DT_TRACEMEM_MAX 1024	/* tracemem()'s nbytes at most */
#define DT_PRINT_MAX 2048	/* the bytes of a struct, union or array value that are recorded */

/* Read the members and enumerators of t and of every type inside it by value, so the
 * consumer can walk them without the compiler. */
static void
dt_sema_load_type(dt_compile_t *cc, const dt_type_t *t, int depth)
{
	uint32_t n;
	const dt_member_t *m;

	t = dt_type_resolve(t);
	if (!t || depth > 32)
		return;
	switch (t->kind) {
	case DT_TYPE_ARRAY:
		dt_sema_load_type(cc, t->base, depth + 1);
		return;
	case DT_TYPE_ENUM:
		dt_type_enums(cc, t, &n);
		return;
	case DT_TYPE_STRUCT: case DT_TYPE_UNION:
		m = dt_type_members(cc, t, &n);
		for (uint32_t i = 0; i < n; i++)
			dt_sema_load_type(cc, m[i].type, depth + 1);
		return;
	default:
		return;
	}
}

static bool
dt_sema_is_object(const dt_type_t *t)
{
	t = t ? dt_type_resolve(t) : NULL;
	return t && (t->kind == DT_TYPE_STRUCT || t->kind == DT_TYPE_UNION ||
		     t->kind == DT_TYPE_ARRAY);
}

/* trace(v), print(v) of a struct, union or array in kernel memory: its bytes. */
static void
dt_sema_trace_object(dt_sema_t *s, dt_node_t *call, const struct dt_func *f)
{
	dt_node_t *e = call->list.data[0];
	int64_t size = dt_type_sizeof(s->cc, e->type);
	dt_action_t *a;
	dt_recitem_t *it;

	if (!(e->kind == DT_NODE_MEMBER || (e->kind == DT_NODE_UNARY && e->op == TOK_STAR) ||
	      dt_sema_is_dmem(s, e))) {
		ERR(s, D_UNSUPPORTED, e, "%s( ) of a value of type %s needs an object in memory "
		    "(a variable, a member or a dereference)", call->text, dt_type_name(e->type));
		return;
	}
	if (size <= 0) {
		ERR(s, D_UNSUPPORTED, e, "%s( ) of a value of incomplete type %s", call->text,
		    dt_type_name(e->type));
		return;
	}
	if (size > DT_PRINT_MAX) {
		ERR(s, D_UNSUPPORTED, e, "%s( ) of a value of type %s: its size (%lld bytes) "
		    "exceeds the limit of %d bytes", call->text, dt_type_name(e->type),
		    (long long)size, DT_PRINT_MAX);
		return;
	}
	dt_sema_load_type(s->cc, e->type, 0);
	a = dt_sema_new_action(s, f->id == DT_ACTFN_PRINT ? DT_ACT_PRINT : DT_ACT_TRACE, 1);
	a->type = e->type;
	it = &a->items[0];
	it->kind = DT_REC_BYTES;
	it->size = (uint32_t)size;
	it->type_name = dt_type_name(e->type);
	it->offset = s->clause->recsize;
	s->clause->recsize += (uint32_t)DT_ALIGN(size, 8);
}

/* tracemem(addr, nbytes[, dsize]) */
static void
dt_sema_tracemem(dt_sema_t *s, dt_node_t *call)
{
	dt_nodes_t *args = &call->list;
	dt_node_t *n;
	dt_action_t *a;
	dt_recitem_t *it;

	if (args->len != 2 && args->len != 3) {
		ERR(s, D_PROTO_LEN, call, "tracemem( ) prototype mismatch: %zu args passed, 2 "
		    "or 3 expected", args->len);
		return;
	}
	for (size_t i = 0; i < args->len; i++)
		if (!args->data[i]->type)
			return;
	if (!dt_is_scalar(args->data[0]->type)) {
		ERR(s, D_PROTO_ARG, args->data[0], "tracemem( ) argument #1 is incompatible with "
		    "prototype:\n\tprototype: void *\n\t argument: %s",
		    dt_type_name(args->data[0]->type));
		return;
	}
	n = args->data[1];
	if (n->kind != DT_NODE_INT || !dt_is_int(n->type)) {
		ERR(s, D_TRACEMEM_SIZE, n, "tracemem( ) argument #2 must be a non-zero positive "
		    "integral constant expression");
		return;
	}
	if ((n->type->is_signed && (int64_t)n->ival <= 0) || n->ival == 0 ||
	    n->ival > DT_TRACEMEM_MAX) {
		ERR(s, D_TRACEMEM_SIZE, n, (n->type->is_signed && (int64_t)n->ival <= 0) ||
		    n->ival == 0 ? "tracemem( ) argument #2 must be a non-zero positive integral "
		    "constant expression" : "tracemem( ) argument #2 exceeds the limit of %d bytes",
		    DT_TRACEMEM_MAX);
		return;
	}
	if (args->len == 3 && !dt_is_int(args->data[2]->type)) {
		ERR(s, D_PROTO_ARG, args->data[2], "tracemem( ) argument #3 is incompatible with "
		    "prototype:\n\tprototype: size_t\n\t argument: %s",
		    dt_type_name(args->data[2]->type));
		return;
	}
	a = dt_sema_new_action(s, DT_ACT_TRACEMEM, (int)args->len - 1);
	it = &a->items[0];
	it->kind = DT_REC_BYTES;
	it->size = (uint32_t)n->ival;
	it->type_name = "tracemem";
	it->offset = s->clause->recsize;
	s->clause->recsize += (uint32_t)DT_ALIGN(n->ival, 8);
	if (args->len == 3)
		a->items[1] = dt_item_for(s, args->data[2], &s->clause->recsize);
}

static void
dt_sema_action(dt_sema_t *s, dt_node_t *call, const struct dt_func *f)
{
	dt_nodes_t *args = &call->list;
	dt_action_t *a;

	if (f->id >= DT_ACTFN_PRINTA && f->id <= DT_ACTFN_DENORMALIZE) {
		dt_sema_aggaction(s, call, f);
		return;
	}
	if (f->id >= DT_ACTFN_SPECULATE) {
		static const dt_act_kind_t kinds[] = {
			[DT_ACTFN_SPECULATE] = DT_ACT_SPECULATE, [DT_ACTFN_COMMIT] = DT_ACT_COMMIT,
			[DT_ACTFN_DISCARD] = DT_ACT_DISCARD,
		};
		dt_clause_t *cl = s->clause;

		for (size_t i = 0; i < args->len; i++) {
			dt_sema_expr(s, args->data[i]);
			if (!args->data[i]->type)
				return;
		}
		if (args->len != 1) {
			ERR(s, D_PROTO_LEN, call, "%s( ) prototype mismatch: %zu arg%s passed, 1 "
			    "expected", call->text, args->len, args->len == 1 ? "" : "s");
			return;
		}
		if (!dt_sema_no_action(s, args->data[0]))
			return;
		if (!dt_is_int(args->data[0]->type)) {
			ERR(s, D_PROTO_ARG, args->data[0], "%s( ) argument #1 is incompatible with "
			    "prototype:\n\tprototype: int\n\t argument: %s", call->text,
			    dt_type_name(args->data[0]->type));
			return;
		}
		if (!dt_sema_clsflags(s, call, f->id))
			return;
		if (f->id == DT_ACTFN_SPECULATE) {
			if (cl->nactions > 0) {
				/* our code generator's rule: a speculation's record starts with it */
				ERR(s, D_ACT_SPEC, call, "speculate( ) may not follow other actions");
				return;
			}
			if (s->in_if) {
				ERR(s, D_ACT_SPEC, call, "speculate( ) may not be used under if");
				return;
			}
		} else {
			for (int i = 0; i < cl->nactions; i++) {
				if (cl->actions[i].kind == DT_ACT_SPECULATE) {
					ERR(s, D_ACT_SPEC, call, "%s( ) may not follow speculate( )",
					    call->text);
					return;
				}
			}
		}
		a = dt_sema_new_action(s, kinds[f->id], 1);
		a->items[0] = dt_item_for(s, args->data[0], &s->clause->recsize);
		return;
	}
	for (size_t i = 0; i < args->len; i++) {
		dt_sema_expr(s, args->data[i]);
		if (!args->data[i]->type)
			return;
	}
	if (!dt_sema_clsflags(s, call, f->id))
		return;
	if (f->id >= DT_ACTFN_SYSTEM) {
		s->prog->destructive = true;
		switch (f->id) {
		case DT_ACTFN_PANIC: case DT_ACTFN_BREAKPOINT: case DT_ACTFN_CHILL:
			ERR(s, D_UNSUPPORTED, call, "%s( ) is not available on Linux: a BPF program "
			    "may not %s", call->text, f->id == DT_ACTFN_CHILL ? "busy-wait"
						       : "stop the kernel");
			return;
		case DT_ACTFN_COPYOUT:
			ERR(s, D_UNSUPPORTED, call, "copyout( ) is not available: it needs "
			    "bpf_probe_write_user, which the kernel does not allow in the raw "
			    "tracepoint and perf event programs dtrace uses");
			return;
		default:
			break;
		}
	}

	if (f->id == DT_ACTFN_TRACEMEM) {
		dt_sema_tracemem(s, call);
		return;
	}
	if ((f->id == DT_ACTFN_TRACE || f->id == DT_ACTFN_PRINT) && args->len == 1 &&
	    dt_sema_is_object(args->data[0]->type)) {
		dt_sema_trace_object(s, call, f);
		return;
	}
	for (size_t i = 0; i < args->len; i++) {
		const dt_type_t *t = args->data[i]->type;

		if (!t || !dt_sema_no_action(s, args->data[i]))
			return;
		t = dt_type_resolve(t);
		if (t->kind == DT_TYPE_STRUCT || t->kind == DT_TYPE_UNION ||
		    t->kind == DT_TYPE_ARRAY || t->kind == DT_TYPE_VOID) {
			ERR(s, D_UNSUPPORTED, args->data[i], "%s( ) of a value of type %s is not "
			    "supported yet", call->text, args->data[i]->type->name);
			return;
		}
	}

	switch (f->id) {
	case DT_ACTFN_SETOPT:
		/* setopt("name"[, "value"]): the consumer sets the option when it gets here */
		if (args->len < 1 || args->len > 2) {
			ERR(s, D_PROTO_LEN, call, "setopt( ) prototype mismatch: %zu args passed, "
			    "%s expected", args->len, args->len ? "at most 2" : "at least 1");
			return;
		}
		for (size_t i = 0; i < args->len; i++) {
			if (!dt_is_string(args->data[i]->type)) {
				ERR(s, D_PROTO_ARG, args->data[i], "setopt( ) argument #%zu is "
				    "incompatible with prototype:\n\tprototype: string\n\t argument: "
				    "%s", i + 1, dt_type_name(args->data[i]->type));
				return;
			}
		}
		a = dt_sema_new_action(s, DT_ACT_SETOPT, (int)args->len);
		for (size_t i = 0; i < args->len; i++)
			a->items[i] = dt_item_for(s, args->data[i], &s->clause->recsize);
		break;
	case DT_ACTFN_TRACE: case DT_ACTFN_PRINT:
		if (args->len != 1) {
			ERR(s, D_PROTO_LEN, call, "%s( ) prototype mismatch: %zu args passed, 1 "
			    "expected", call->text, args->len);
			return;
		}
		a = dt_sema_new_action(s, f->id == DT_ACTFN_PRINT ? DT_ACT_PRINT : DT_ACT_TRACE, 1);
		a->items[0] = dt_item_for(s, args->data[0], &s->clause->recsize);
		if (f->id == DT_ACTFN_PRINT) {
			a->type = args->data[0]->type;
			dt_sema_load_type(s->cc, a->type, 0);
		}
		break;
	case DT_ACTFN_EXIT:
		if (args->len != 1) {
			ERR(s, D_PROTO_LEN, call, "exit( ) prototype mismatch: %zu args passed, 1 "
			    "expected", args->len);
			return;
		}
		if (!dt_is_int(args->data[0]->type)) {
			ERR(s, D_PROTO_ARG, args->data[0], "exit( ) argument #1 is incompatible with "
			    "prototype:\n\tprototype: int\n\t argument: %s",
			    dt_type_name(args->data[0]->type));
			return;
		}
		a = dt_sema_new_action(s, DT_ACT_EXIT, 1);
		a->items[0] = dt_item_for(s, args->data[0], &s->clause->recsize);
		s->prog->uses_exit = true;
		break;
	case DT_ACTFN_RAISE: case DT_ACTFN_STOP: {
		size_t want = f->id == DT_ACTFN_RAISE ? 1 : 0;

		if (args->len != want) {
			ERR(s, D_PROTO_LEN, call, "%s( ) prototype mismatch: %zu args passed, %zu "
			    "expected", call->text, args->len, want);
			return;
		}
		if (want && !dt_is_int(args->data[0]->type)) {
			ERR(s, D_PROTO_ARG, args->data[0], "raise( ) argument #1 is incompatible with "
			    "prototype:\n\tprototype: int\n\t argument: %s",
			    dt_type_name(args->data[0]->type));
			return;
		}
		dt_sema_new_action(s, DT_ACT_RAISE, 0);
		break;
	}
	case DT_ACTFN_COPYOUTSTR:
		if (args->len != 3 || !dt_is_string(args->data[0]->type) ||
		    !dt_is_scalar(args->data[1]->type) || !dt_is_int(args->data[2]->type)) {
			ERR(s, D_PROTO_ARG, call, "copyoutstr( ) prototype mismatch: expected "
			    "copyoutstr(string, uintptr_t, size_t)");
			return;
		}
		dt_sema_new_action(s, DT_ACT_RAISE, 0);	/* kernel-side only, like raise() */
		break;
	case DT_ACTFN_SYSTEM:
	case DT_ACTFN_PRINTF: {
		dt_node_t *fmt = args->len ? args->data[0] : NULL;
		dt_pftype_t *types;
		char *msg = NULL;
		dt_errtag_t tag = D_UNKNOWN;
		int argno = -1;
		dt_pfmt_t *pf;
		int nargs = (int)args->len - 1;

		if (!fmt) {
			ERR(s, D_PROTO_LEN, call, "printf( ) prototype mismatch: 0 args passed, at "
			    "least 1 expected");
			return;
		}
		if (fmt->kind != DT_NODE_STRING) {
			/* DTrace's prototype wants a string; its printf() a string constant */
			ERR(s, dt_is_string(fmt->type) ? D_PRINTF_ARG_FMT : D_PROTO_ARG, fmt,
			    "%s( ) argument #1 is incompatible with prototype:\n\tprototype: "
			    "string%s\n\t argument: %s", call->text,
			    dt_is_string(fmt->type) ? " constant" : "", dt_type_name(fmt->type));
			return;
		}
		pf = dt_pfmt_parse(fmt->text, &msg, &tag);
		if (!pf) {
			ERR(s, tag, fmt, "%s", msg ? msg : "invalid format");
			free(msg);
			return;
		}
		types = dt_arena_alloc(&s->cc->arena, sizeof(*types) * (size_t)(nargs + 1));
		for (int i = 0; i < nargs; i++) {
			const dt_type_t *t = args->data[i + 1]->type;

			types[i].kind = dt_is_string(t) ? DT_REC_STRING : DT_REC_INT;
			types[i].size = t->size;
			types[i].is_signed = t->is_signed;
			types[i].is_pointer = t->kind == DT_TYPE_PTR;
			types[i].name = t->name;
		}
		if (dt_pfmt_check(pf, call->text, types, nargs, &msg, &tag, &argno) < 0) {
			dt_node_t *at = argno >= 0 && argno < nargs ? args->data[argno + 1] : call;

			ERR(s, tag, at, "%s", msg ? msg : "invalid format");
			free(msg);
			dt_pfmt_free(pf);
			return;
		}
		a = dt_sema_new_action(s, f->id == DT_ACTFN_SYSTEM ? DT_ACT_SYSTEM : DT_ACT_PRINTF,
				       nargs);
		a->fmt = fmt->text;
		a->pfmt = pf;
		for (int i = 0; i < nargs; i++)
			a->items[i] = dt_item_for(s, args->data[i + 1], &s->clause->recsize);
		break;
	}
	default:
		break;
	}
}

static dt_aggdesc_t *
dt_sema_agg_lookup(dt_sema_t *s, const char *name)
{
	for (int i = 0; i < s->prog->naggs; i++)
		if (strcmp(s->prog->aggs[i]->name, name) == 0)
			return s->prog->aggs[i];
	return NULL;
}

/* Is n a non-zero positive integer constant? */
static bool
dt_is_posconst(const dt_node_t *n)
{
	return n->kind == DT_NODE_INT && n->ival != 0 &&
	       !(n->type && n->type->is_signed && (int64_t)n->ival < 0);
}

/*
 * A step count of lquantize() or llquantize(): a non-zero positive integer constant of 16
 * bits, with the function's tags (DTrace says "unsigned" for llquantize's only).
 */
static bool
dt_sema_quant_step(dt_sema_t *s, const char *fn, int argno, dt_node_t *a,
		   dt_errtag_t type_tag, dt_errtag_t val_tag)
{
	if (!dt_is_posconst(a)) {
		ERR(s, type_tag, a, "%s( ) argument #%d must be a non-zero positive integer "
		    "constant", fn, argno);
		return false;
	}
	if (a->ival > UINT16_MAX) {
		ERR(s, val_tag, a, "%s( ) argument #%d must be a%s 16-bit quantity", fn, argno,
		    fn[0] == 'l' && fn[1] == 'l' ? "n unsigned" : "");
		return false;
	}
	return true;
}

/*
 * lquantize(v, base, limit[, step]): the parameters must be integer constants that make at
 * least one and at most 65535 levels. DTrace's checks in its order, with its tags; the
 * arguments count from the base, as in its messages. q[] gets base, limit, step.
 */
static bool
dt_sema_lquant_params(dt_sema_t *s, dt_node_t *call, int64_t q[3])
{
	static const dt_errtag_t type_tags[] = { D_LQUANT_BASETYPE, D_LQUANT_LIMTYPE };
	static const dt_errtag_t val_tags[] = { D_LQUANT_BASEVAL, D_LQUANT_LIMVAL };
	dt_node_t *step = call->list.len > 3 ? call->list.data[3] : NULL;
	int64_t nlevels;

	for (int i = 0; i < 2; i++) {
		dt_node_t *a = call->list.data[i + 1];

		if (a->kind != DT_NODE_INT) {
			ERR(s, type_tags[i], a, "lquantize( ) argument #%d must be an integer "
			    "constant", i + 1);
			return false;
		}
		q[i] = (int64_t)a->ival;
		if (q[i] < INT32_MIN || q[i] > INT32_MAX) {
			ERR(s, val_tags[i], a, "lquantize( ) argument #%d must be a 32-bit quantity",
			    i + 1);
			return false;
		}
	}
	if (q[1] <= q[0]) {
		ERR(s, D_LQUANT_MISMATCH, call, "lquantize( ) base (argument #1) must be less "
		    "than limit (argument #2)");
		return false;
	}
	q[2] = 1;
	if (step) {
		if (!dt_sema_quant_step(s, "lquantize", 3, step, D_LQUANT_STEPTYPE,
					D_LQUANT_STEPVAL))
			return false;
		q[2] = (int64_t)step->ival;
	}
	nlevels = (q[1] - q[0]) / q[2];
	if (nlevels == 0) {
		ERR(s, D_LQUANT_STEPLARGE, call, "lquantize( ) step (argument #3) too large: "
		    "must have at least one quantization level");
		return false;
	}
	if (nlevels > UINT16_MAX) {
		ERR(s, D_LQUANT_STEPSMALL, call, "lquantize( ) step (argument #3) too small: "
		    "number of quantization levels must be a 16-bit quantity");
		return false;
	}
	return true;
}

/*
 * llquantize(v, factor, low, high, steps): DTrace's checks and tags in its order, with two
 * rules of ours that the bucket layout needs (see dt_llquant_nwords): the steps are a
 * multiple of the factor, and divide a power of it. q[] gets the four parameters.
 */
static bool
dt_sema_llquant_params(dt_sema_t *s, dt_node_t *call, int64_t q[4])
{
	static const dt_errtag_t type_tags[] = {
		D_LLQUANT_FACTORTYPE, D_LLQUANT_LMAGTYPE, D_LLQUANT_HMAGTYPE,
	};
	static const dt_errtag_t val_tags[] = {
		D_LLQUANT_FACTORVAL, D_LLQUANT_LMAGVAL, D_LLQUANT_HMAGVAL,
	};
	dt_node_t *steps = call->list.data[4];

	for (int i = 0; i < 3; i++) {
		dt_node_t *a = call->list.data[i + 1];

		if (a->kind != DT_NODE_INT) {
			ERR(s, type_tags[i], a, "llquantize( ) argument #%d must be an integer "
			    "constant", i + 1);
			return false;
		}
		if (a->ival > UINT16_MAX || (i == 0 && a->ival < 2)) {
			ERR(s, val_tags[i], a, "llquantize( ) argument #%d must be an unsigned "
			    "16-bit quantity%s", i + 1, i == 0 ? " greater than or equal to 2" : "");
			return false;
		}
		q[i] = (int64_t)a->ival;
	}
	if (q[2] < q[1]) {
		ERR(s, D_LLQUANT_HMAGVAL, call->list.data[3], "llquantize( ) argument #3 (high "
		    "magnitude) must be at least argument #2 (low magnitude)");
		return false;
	}
	for (int64_t m = 0, v = 1; m <= q[2]; m++, v *= q[0]) {
		if (v > INT64_MAX / q[0]) {
			ERR(s, D_LLQUANT_HMAGVAL, call->list.data[3], "llquantize( ) argument #3 "
			    "(high magnitude) will cause overflow of 64 bits");
			return false;
		}
	}
	if (!dt_sema_quant_step(s, "llquantize", 4, steps, D_LLQUANT_STEPTYPE,
				D_LLQUANT_STEPVAL))
		return false;
	q[3] = (int64_t)steps->ival;
	if (q[3] < q[0]) {
		ERR(s, D_LLQUANT_STEPVAL, steps, "llquantize( ) factor (argument #1) must be less "
		    "than or equal to the number of linear steps per magnitude (argument #4)");
		return false;
	}
	if (q[3] % q[0]) {
		ERR(s, D_LLQUANT_STEPVAL, steps, "llquantize() argument #4 (steps) must be a "
		    "multiple of argument #1 (factor) when steps>factor");
		return false;
	}
	{
		int64_t v = q[0];

		while (v < q[3])
			v *= q[0];
		if (v % q[3]) {
			ERR(s, D_LLQUANT_STEPVAL, steps, "llquantize( ) factor (argument #1) must "
			    "evenly divide the number of steps per magnitude (argument #4), and the "
			    "number of steps per magnitude must evenly divide a power of the factor");
			return false;
		}
	}
	return true;
}

/* A later lquantize() or llquantize() of an aggregation must repeat its parameters. */
static bool
dt_sema_quant_match(dt_sema_t *s, dt_node_t *call, const dt_aggdesc_t *ad, const int64_t *q)
{
	if (ad->func == DT_AGG_LQUANTIZE) {
		int64_t olim = ad->arg[0] + (ad->arg[1] - ad->arg[0]) / ad->arg[2] * ad->arg[2];
		int64_t lim = q[0] + (q[1] - q[0]) / q[2] * q[2];

		if (q[0] != ad->arg[0])
			ERR(s, D_LQUANT_MATCHBASE, call, "lquantize( ) base (argument #1) doesn't "
			    "match previous declaration: expected %d, found %d", (int)ad->arg[0],
			    (int)q[0]);
		else if (lim != olim)
			ERR(s, D_LQUANT_MATCHLIM, call, "lquantize( ) limit (argument #2) doesn't "
			    "match previous declaration: expected %d, found %d", (int)olim, (int)lim);
		else if (q[2] != ad->arg[2])
			ERR(s, D_LQUANT_MATCHSTEP, call, "lquantize( ) step (argument #3) doesn't "
			    "match previous declaration: expected %d, found %d", (int)ad->arg[2],
			    (int)q[2]);
		else
			return true;
		return false;
	}
	if (ad->func == DT_AGG_LLQUANTIZE) {
		static const dt_errtag_t tags[] = {
			D_LLQUANT_MATCHFACTOR, D_LLQUANT_MATCHLMAG, D_LLQUANT_MATCHHMAG,
			D_LLQUANT_MATCHSTEPS,
		};
		static const char *const names[] = { "factor", "lmag", "hmag", "steps" };

		for (int i = 0; i < 4; i++) {
			if (q[i] == ad->arg[i])
				continue;
			ERR(s, tags[i], call, "llquantize() %s (argument #%d) doesn't match previous "
			    "declaration: expected %d, found %d", names[i], i + 1, (int)ad->arg[i],
			    (int)q[i]);
			return false;
		}
	}
	return true;
}

/* @name[keys] = func(args) */
static void
dt_sema_aggregate(dt_sema_t *s, dt_node_t *assign)
{
	dt_node_t *agg = assign->left, *call = assign->right;
	const struct dt_func *f;
	dt_aggdesc_t *ad;
	int nargs, want, incr;
	int64_t q[4] = {0};

	if (call->kind != DT_NODE_CALL || !(f = dt_func_lookup(call->text)) ||
	    f->kind != DT_IDENT_AGGFUNC) {
		int nerr = s->cc->diags.count;

		/* what the right-hand side gets wrong comes first (an unknown function...) */
		dt_sema_expr(s, call);
		if (s->cc->diags.count == nerr)
			ERR(s, D_AGG_FUNC, assign->right, "@%s must be assigned the result of an "
			    "aggregating function", agg->text);
		return;
	}
	if (assign->op != TOK_ASSIGN) {
		ERR(s, D_AGG_FUNC, assign, "@%s must be assigned the result of an aggregating "
		    "function with =", agg->text);
		return;
	}
	/*
	 * DTrace's prototypes: void() for count, void(@) for sum, avg, min, max and stddev;
	 * quantize(@, ...), lquantize(@, int32_t, int32_t, ...) and llquantize(@, int32_t,
	 * int32_t, int32_t, int32_t, ...), whose further arguments (lquantize's step, the
	 * increment) are checked below, as DTrace checks them when it compiles the statement.
	 */
	nargs = (int)call->list.len;
	incr = dt_agg_incr_arg((dt_agg_func_t)f->id);
	switch ((dt_agg_func_t)f->id) {
	case DT_AGG_COUNT:
		want = 0;
		break;
	case DT_AGG_LQUANTIZE:
		want = 3;
		break;
	case DT_AGG_LLQUANTIZE:
		want = 5;
		break;
	case DT_AGG_SUM: case DT_AGG_AVG: case DT_AGG_MIN: case DT_AGG_MAX:
	case DT_AGG_STDDEV: case DT_AGG_QUANTIZE:
	default:
		want = 1;
		break;
	}
	if (nargs < want || (incr < 0 && nargs > want)) {
		ERR(s, D_PROTO_LEN, call, "%s( ) prototype mismatch: %d arg%s passed, %d expected",
		    call->text, nargs, nargs == 1 ? "" : "s", want);
		return;
	}
	/* The value may be any scalar, the parameters of the prototype any integer. */
	for (int i = 0; i < nargs; i++) {
		dt_node_t *a = call->list.data[i];

		dt_sema_expr(s, a);
		if (!a->type)
			return;
		if (i > 0 && i < want && !dt_is_int(a->type)) {
			ERR(s, D_PROTO_ARG, a, "%s( ) argument #%d is incompatible with prototype:"
			    "\n\tprototype: int32_t\n\t argument: %s", call->text, i + 1,
			    dt_type_name(a->type));
			return;
		}
	}
	for (size_t i = 0; i < agg->list.len; i++)
		dt_sema_expr(s, agg->list.data[i]);
	for (size_t i = 0; i < agg->list.len; i++)
		if (!agg->list.data[i]->type)
			return;

	ad = dt_sema_agg_lookup(s, agg->text);
	if (ad && ad->func != (dt_agg_func_t)f->id) {
		ERR(s, D_AGG_REDEF, agg, "@%s: aggregation redefined: %s( ) and %s( ) may not "
		    "both be applied", ad->name, dt_aggfunc_names[ad->func], call->text);
		return;
	}
	if (ad && !dt_sema_keys_match(s, agg, "@", ad->name, &agg->list, ad->keys, ad->nkeys))
		return;
	if (!ad && !dt_sema_keys_valid(s, &agg->list, "aggregation"))
		return;
	if (!dt_sema_clsflags(s, agg, -1))
		return;
	if (nargs && !dt_is_scalar(call->list.data[0]->type)) {
		ERR(s, D_AGG_SCALAR, call->list.data[0], "%s( ) argument #1 must be of scalar "
		    "type", call->text);
		return;
	}
	if (f->id == DT_AGG_LQUANTIZE && !dt_sema_lquant_params(s, call, q))
		return;
	if (f->id == DT_AGG_LLQUANTIZE && !dt_sema_llquant_params(s, call, q))
		return;
	if (ad && !dt_sema_quant_match(s, call, ad, q))
		return;
	if (incr > 0 && nargs > incr) {
		if (!dt_is_scalar(call->list.data[incr]->type)) {
			ERR(s, D_PROTO_ARG, call, "%s( ) increment value (argument #%d) must be of "
			    "scalar type", call->text, incr + 1);
			return;
		}
		if (nargs > incr + 1) {
			ERR(s, D_PROTO_LEN, call->list.data[incr], "%s( ) prototype mismatch: %d args "
			    "passed, at most %d expected", call->text, nargs, incr + 1);
			return;
		}
	}

	if (!ad) {
		ad = dt_arena_alloc(&s->cc->arena, sizeof(*ad));
		ad->id = s->prog->naggs;
		ad->name = agg->text;
		ad->func = (dt_agg_func_t)f->id;
		ad->first = agg;
		ad->nkeys = (int)agg->list.len;
		ad->keys = dt_arena_alloc(&s->cc->arena, sizeof(dt_recitem_t) *
					  (size_t)(ad->nkeys + 1));
		for (int i = 0; i < ad->nkeys; i++) {
			uint32_t off = 0;

			ad->keys[i] = dt_item_for(s, agg->list.data[i], &off);
		}
		memcpy(ad->arg, q, sizeof(q));
		s->prog->aggs = realloc(s->prog->aggs, sizeof(*s->prog->aggs) *
						       (size_t)(s->prog->naggs + 1));
		if (!s->prog->aggs)
			abort();
		s->prog->aggs[s->prog->naggs++] = ad;
		{
			uint32_t *caps = dt_arena_alloc(&s->cc->arena,
							sizeof(uint32_t) * (size_t)(ad->nkeys + 1));

			dt_vec_push(&s->agg_keycap, caps);
		}
	}
	/* The widest string at each key position decides the key slot. */
	for (int i = 0; i < ad->nkeys; i++) {
		uint32_t *caps = s->agg_keycap.data[ad->id];
		uint32_t c = dt_sema_strcap(s->cc, agg->list.data[i], s->dtp->opts.strsize);

		if (ad->keys[i].kind == DT_REC_STRING && c > caps[i])
			caps[i] = c;
	}
	agg->agg_id = ad->id;
}

/* Final key layout and value sizes, once every use has been seen. */
static void
dt_sema_agg_layout(dt_sema_t *s)
{
	for (int a = 0; a < s->prog->naggs; a++) {
		dt_aggdesc_t *ad = s->prog->aggs[a];
		uint32_t off = 0;

		for (int i = 0; i < ad->nkeys; i++) {
			dt_recitem_t *k = &ad->keys[i];

			if (k->kind == DT_REC_STRING)
				k->size = (uint32_t)DT_ALIGN(s->agg_keycap.data[a][i], 8);
			k->offset = off;
			off += k->kind == DT_REC_STRING || k->size > 8 ? k->size : 8;
		}
		ad->keysize = off;
		switch (ad->func) {
		case DT_AGG_COUNT: case DT_AGG_SUM:
			ad->nwords = 1;
			break;
		case DT_AGG_AVG: case DT_AGG_MIN: case DT_AGG_MAX:
			ad->nwords = 2;
			break;
		case DT_AGG_STDDEV:
			ad->nwords = 4;
			break;
		case DT_AGG_QUANTIZE:
			ad->nwords = 127;
			break;
		case DT_AGG_LQUANTIZE:
			ad->nwords = (uint32_t)((ad->arg[1] - ad->arg[0]) / ad->arg[2]) + 2;
			break;
		case DT_AGG_LLQUANTIZE:
			/* dt_sema_aggregate accepted only parameters that make a layout */
			ad->nwords = dt_llquant_nwords(ad->arg[0], ad->arg[1], ad->arg[2],
						       ad->arg[3]);
			break;
		}
	}
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
			const struct dt_func *f = dt_func_lookup(e->text);

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
				f = dt_func_lookup("trace");
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
	default:
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

	for (size_t i = 0; i < cl->probes.len; i++)
		if (cl->probes.data[i] == prp)
			return 0;
	dt_vec_push(&cl->probes, prp);
	if (prp->id >= s->nprobe_seen) {
		size_t n = DT_MAX((size_t)prp->id + 1, s->nprobe_seen * 2);

		s->probe_seen = dt_xrealloc(s->probe_seen, n);
		memset(s->probe_seen + s->nprobe_seen, 0, n - s->nprobe_seen);
		s->nprobe_seen = n;
	}
	if (!s->probe_seen[prp->id]) {
		s->probe_seen[prp->id] = 1;
		dt_vec_push(&s->prog->probes, prp);
	}
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
 * What an identifier already names, as DTrace's redefinition errors say it ("scalar inline",
 * "function"...), or NULL: built-in variables, functions, inlines and D variables so far.
 */
static const char *
dt_sema_ident_kind(dt_sema_t *s, const char *name)
{
	const struct dt_func *f = dt_func_lookup(name);

	for (size_t i = 0; i < s->inlines.len; i++)
		if (strcmp(s->inlines.data[i]->text, name) == 0)
			return "scalar inline";
	if (f)
		return f->kind == DT_IDENT_SUBR ? "function" : f->kind == DT_IDENT_AGGFUNC
			       ? "aggregating function" : "tracing function";
	if (dt_sema_builtin(name) || dt_var_find(s, DT_VK_GLOBAL, name))
		return "scalar";
	if (dt_var_find(s, DT_VK_ASSOC, name))
		return "associative array";
	return NULL;
}

/*
 * a[e1, e2] where a is an inline with parameters: n becomes the inline (DT_IDENT_INLINE,
 * its definition analysed here with (T)e in place of each parameter). False when a is
 * not such an inline.
 */
static bool
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
	dt_sema_expr(s, e);
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
	dt_var_t *v = dt_var_find(s, DT_VK_ASSOC, name);
	dt_node_t *keys, **ptrs;

	if (v || dt_var_find(s, DT_VK_GLOBAL, name)) {
		ERR(s, D_DECL_IDRED, n, "identifier redeclared: %s", name);
		return;
	}
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
	v = dt_var_new(s, DT_VK_ASSOC, name, t);
	v->per_thread = kind == DT_VK_SELF;
	dt_var_set_keys(s, v, ptrs, (int)n->list.len);
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
		ERR(s, D_UNSUPPORTED, n, "extern declarations of kernel symbols are not "
		    "supported yet");
		return;
	}
	if (dt_type_resolve(t)->kind == DT_TYPE_VOID) {
		ERR(s, D_DECL_VOIDOBJ, n, "cannot declare void object : %s", n->text);
		return;
	}
	if (assoc && kind == DT_VK_THIS) {
		ERR(s, D_DECL_LOCASC, n, "associative arrays may not be declared as local "
		    "variables: %s", n->text);
		return;
	}
	if (t->kind != DT_TYPE_INT && t->kind != DT_TYPE_STRING && t->kind != DT_TYPE_ENUM &&
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
	v = dt_var_find(s, kind, n->text);
	if (v) {
		if (!dt_type_equal(v->type, t) && !(v->implicit && dt_is_int(t)))
			ERR(s, D_DECL_IDRED, n, "identifier redeclared: %s%s", dt_vk_prefix[kind],
			    n->text);
		v->implicit = false;
		return;
	}
	dt_var_new(s, kind, n->text, t);
}

static void
dt_sema_clause(dt_sema_t *s, dt_node_t *n)
{
	dt_clause_t *cl = dt_arena_alloc(&s->cc->arena, sizeof(*cl));

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

		if (s->dtp)
			m = dt_probe_iter(s->dtp, pd->prov, pd->mod, pd->func, pd->name,
					  dt_sema_add_probe, s);
		else
			m = 0;
		if (m == 0 && !(s->dtp && s->dtp->opts.zdefs))
			ERR(s, D_PDESC_ZERO, pd, "probe description %s:%s:%s:%s does not match any "
			    "probes", pd->prov, pd->mod, pd->func, pd->name);
	}
	if (n->pred) {
		s->where = "predicate";
		dt_sema_expr(s, n->pred);
		if (n->pred->type && !dt_is_scalar(n->pred->type))
			ERR(s, D_PRED_SCALAR, n->pred, "predicate result must be of scalar type");
	}
	s->where = "action list";
	if (n->body)
		dt_sema_stmt(s, n->body);

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

/* dtrace_str2attr's rule: up to three of name stability / data stability / class */
static bool
dt_pragma_attr_ok(const char *str)
{
	static const char *const names[] = {
		"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable",
		"Standard", "Unknown", "CPU", "Platform", "Group", "ISA", "Common",
	};
	int field = 0;

	for (const char *p = str; *p && field < 3; field++) {
		size_t len = strcspn(p, "/"), i, lo = field < 2 ? 0 : 8, hi = field < 2 ? 8 : 14;

		for (i = lo; i < hi; i++)
			if (strlen(names[i]) == len && strncasecmp(p, names[i], len) == 0)
				break;
		if (i == hi)
			return false;
		p += len + (p[len] == '/');
	}
	return true;
}

/*
 * #pragma [D] name args: D's control directives, as DTrace reads them: option, error,
 * depends_on, attributes, binding, ident, line. The arguments are the words that follow,
 * a "string" being one word without its quotes.
 */
static void
dt_sema_pragma(dt_sema_t *s, dt_node_t *n)
{
	char *text = dt_arena_strdup(&s->cc->arena, n->text), *p = text;
	DT_VEC(char *) w = {0};
	bool dcp = false;	/* after "#pragma D": D's own pragmas */
	const char *name;
	size_t nw;

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
		dt_vec_push(&w, start);
	}
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
			if (s->dtp && dt_opt_set(s->dtp, name, val, &why) < 0) {
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
		else if (!dt_pragma_attr_ok(w.data[dcp + 1]))
			ERR(s, D_PRAGMA_INVAL, n, "invalid attributes specified by #pragma "
			    "attributes");
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
	/* Pragmas first: options such as strsize and zdefs shape everything after them. */
	for (int r = cc->nlibs; r < nroots; r++)
		dt_sema_note_assigned(&s, roots[r]);
	for (int r = 0; r < nroots; r++) {
		s.in_lib = r < cc->nlibs;
		for (size_t i = 0; roots[r] && i < roots[r]->list.len; i++) {
			dt_node_t *n = roots[r]->list.data[i];

			if (n->kind == DT_NODE_PRAGMA)
				dt_sema_pragma(&s, n);
		}
	}
	for (int r = cc->nlibs; r < nroots; r++)
		dt_sema_note_assigned(&s, roots[r]);
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
			default:
				ERR(&s, D_UNSUPPORTED, n, "%s is not supported yet at the top level",
				    dt_node_kind_name(n->kind));
				break;
			}
		}
	}
	dt_sema_agg_layout(&s);
	free(s.probe_seen);
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
	}
	free(prog->clauses);
	free(prog->aggs);
	dt_vec_free(&prog->probes);
	dt_vec_free(&prog->strtab);
	dt_vec_free(&prog->vars);
	dt_vec_free(&prog->fault_sites);
	cc->prog = NULL;
}
