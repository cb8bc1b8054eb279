/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_sema_act.c: actions and aggregations in semantic analysis (part of sema, see dt_sema.c):
 * each action call becomes a dt_action_t of the clause with its record items laid out;
 * each @name[keys] = f(args) is checked against the aggregation's first use and its
 * quantize parameters; dt_sema_agg_layout sizes every aggregation once all clauses are seen.
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
	DT_CLS_ERRED = 16,	/* an order error was reported: one per clause, as DTrace
				 * stops at the first */
};

/*
 * DTrace's rules for the order of speculate( ), commit( ), aggregations and other actions
 * within a clause, with its tags; fn is a DT_ACTFN_* or -1 for an aggregation. Called for
 * each in program order once its arguments are known good. False after the error. discard( )
 * records nothing, as in illumos DTrace; several commit( )s in a clause are allowed, as in
 * DTrace on BPF (each commits its own id).
 */
static bool
dt_sema_clsorder(dt_sema_t *s, dt_node_t *at, int fn)
{
	unsigned *cf = &s->clsflags;

	if (fn == DT_ACTFN_COMMIT) {
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

/* The order check of one action; after a clause's first order error, the rest pass unchecked. */
static bool
dt_sema_clsflags(dt_sema_t *s, dt_node_t *at, int fn)
{
	unsigned *cf = &s->clsflags;

	if (*cf & DT_CLS_ERRED)
		return false;
	if (!dt_sema_clsorder(s, at, fn)) {
		*cf |= DT_CLS_ERRED;
		return false;
	}
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
		const struct dt_func *af = an->kind == DT_NODE_CALL ? dt_sema_func_lookup(an->text)
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
		a->items[0] = dt_sema_item_for(s, count, &s->clause->recsize);
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

bool
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

/*
 * print(e) of a value that is no object: DTrace's prototype is void *, a pointer to what it
 * prints, which must have a size.
 */
static bool
dt_sema_print_ptr_ok(dt_sema_t *s, dt_node_t *call, dt_node_t *e)
{
	const dt_type_t *t = dt_type_resolve(e->type), *b;

	if (t->kind != DT_TYPE_PTR) {
		ERR(s, D_PROTO_ARG, e, "%s( ) argument #1 is incompatible with prototype:\n"
		    "\tprototype: void *\n\t argument: %s", call->text, e->type->name);
		return false;
	}
	b = t->base ? dt_type_resolve(t->base) : NULL;
	if (b && (b->kind == DT_TYPE_STRUCT || b->kind == DT_TYPE_UNION) &&
	    dt_type_sizeof(s->cc, b) <= 0) {
		ERR(s, D_PRINT_SIZE, e, "%s( ) argument #1 reference has type '%s' with size 0; "
		    "cannot %s( ) it.", call->text, t->base->name, call->text);
		return false;
	}
	return true;
}

/*
 * print(p) of a pointer to a struct or union: p, then the object's bytes (DT_PRINT_MAX at
 * most), which the consumer prints member by member as Oracle's DTrace does. False for other
 * pointers, printed as themselves.
 */
static bool
dt_sema_print_ptr(dt_sema_t *s, dt_node_t *e)
{
	const dt_type_t *t = dt_type_resolve(e->type);
	const dt_type_t *b = t->base ? dt_type_resolve(t->base) : NULL;
	dt_action_t *a;
	int64_t size;

	if (!b || (b->kind != DT_TYPE_STRUCT && b->kind != DT_TYPE_UNION))
		return false;
	size = DT_MIN(dt_type_sizeof(s->cc, b), DT_PRINT_MAX);
	dt_sema_load_type(s->cc, t->base, 0);
	a = dt_sema_new_action(s, DT_ACT_PRINT, 2);
	a->type = t->base;
	a->items[0] = dt_sema_item_for(s, e, &s->clause->recsize);
	a->items[1].kind = DT_REC_BYTES;
	a->items[1].size = (uint32_t)size;
	a->items[1].type_name = t->base->name;
	a->items[1].offset = s->clause->recsize;
	s->clause->recsize += (uint32_t)DT_ALIGN(size, 8);
	return true;
}

/*
 * pcap(skb, proto): a packet (a struct sk_buff *), the bytes at its data, as DTrace's
 * pcap() prints them without a capture file: like tracemem(), at most pcapsize bytes.
 */
static void
dt_sema_pcap(dt_sema_t *s, dt_node_t *call)
{
	dt_nodes_t *args = &call->list;
	dt_action_t *a;
	uint32_t size = s->dtp->opts.pcapsize;

	if (args->len != 2) {
		ERR(s, D_PROTO_LEN, call, "pcap( ) prototype mismatch: %zu arg%s passed, 2 "
		    "expected", args->len, args->len == 1 ? "" : "s");
		return;
	}
	for (size_t i = 0; i < args->len; i++)
		if (!args->data[i]->type || !dt_sema_no_action(s, args->data[i]))
			return;
	if (!dt_is_scalar(args->data[0]->type)) {
		ERR(s, D_PROTO_ARG, args->data[0], "pcap( ) argument #1 is incompatible with "
		    "prototype:\n\tprototype: void *\n\t argument: %s",
		    dt_type_name(args->data[0]->type));
		return;
	}
	if (!dt_is_int(args->data[1]->type)) {
		ERR(s, D_PROTO_ARG, args->data[1], "pcap( ) argument #2 is incompatible with "
		    "prototype:\n\tprototype: int\n\t argument: %s",
		    dt_type_name(args->data[1]->type));
		return;
	}
	a = dt_sema_new_action(s, DT_ACT_PCAP, 3);
	for (int i = 0; i < 3; i++) {
		a->items[i].kind = i < 2 ? DT_REC_INT : DT_REC_BYTES;
		a->items[i].size = i < 2 ? 8 : size;
		a->items[i].offset = s->clause->recsize;
		s->clause->recsize += i < 2 ? 8 : (uint32_t)DT_ALIGN(size, 8);
	}
}

/* tracemem(addr, nbytes[, dsize]) */
static void
dt_sema_tracemem(dt_sema_t *s, dt_node_t *call)
{
	dt_nodes_t *args = &call->list;
	dt_node_t *n;
	dt_action_t *a;
	dt_recitem_t *it;
	uint64_t size;

	if (args->len != 2 && args->len != 3) {
		ERR(s, D_PROTO_LEN, call, "tracemem( ) prototype mismatch: %zu arg%s passed, %s "
		    "expected", args->len, args->len == 1 ? "" : "s",
		    args->len < 2 ? "at least 2" : "at most 3");
		return;
	}
	for (size_t i = 0; i < args->len; i++)
		if (!args->data[i]->type)
			return;
	if (!dt_is_scalar(args->data[0]->type)) {
		ERR(s, D_TRACEMEM_ADDR, args->data[0], "tracemem( ) argument #1 is incompatible "
		    "with prototype:\n\tprototype: pointer or integer\n\t argument: %s",
		    dt_type_name(args->data[0]->type));
		return;
	}
	n = args->data[1];
	if (!dt_is_int(n->type)) {
		ERR(s, D_PROTO_ARG, n, "tracemem( ) argument #2 is incompatible with prototype:"
		    "\n\tprototype: size_t\n\t argument: %s", dt_type_name(n->type));
		return;
	}
	if (!dt_fold_value(n, &size) || !dt_is_int(n->type)) {
		ERR(s, D_TRACEMEM_SIZE, n, "tracemem( ) argument #2 must be a non-zero positive "
		    "integral constant expression");
		return;
	}
	if ((n->type->is_signed && (int64_t)size <= 0) || size == 0 ||
	    size > DT_TRACEMEM_MAX) {
		ERR(s, D_TRACEMEM_SIZE, n, (n->type->is_signed && (int64_t)size <= 0) ||
		    size == 0 ? "tracemem( ) argument #2 must be a non-zero positive integral "
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
	it->size = (uint32_t)size;
	it->type_name = "tracemem";
	it->offset = s->clause->recsize;
	s->clause->recsize += (uint32_t)DT_ALIGN(size, 8);
	if (args->len == 3)
		a->items[1] = dt_sema_item_for(s, args->data[2], &s->clause->recsize);
}

/* The type printf( ) reports for an aggregation passed as its argument. */
static const dt_type_t *
dt_sema_aggregation_type(dt_sema_t *s)
{
	dt_type_t *t = dt_arena_alloc(&s->cc->arena, sizeof(*t));

	*t = *dt_type_void(s->cc);
	t->name = "aggregation";
	return t;
}

/*
 * The prototypes of actions whose arguments DTrace checks as a function's, in its words:
 * the count, then each argument against its type ("int": an integer; "char *": a string;
 * "uintptr_t": a scalar; "void *": a pointer, an array or a string). The actions Linux
 * cannot run are checked too, so a wrong call gets DTrace's error before ours.
 */
static bool
dt_sema_act_proto(dt_sema_t *s, dt_node_t *call, int fn)
{
	static const struct {
		bool on;
		int lo, hi;
		const char *types[3];
	} protos[] = {
		[DT_ACTFN_EXIT] = { true, 1, 1, {"int"} },
		[DT_ACTFN_RAISE] = { true, 1, 1, {"int"} },
		[DT_ACTFN_CHILL] = { true, 1, 1, {"int"} },
		[DT_ACTFN_STOP] = { true, 0, 0, {NULL} },
		[DT_ACTFN_PANIC] = { true, 0, 0, {NULL} },
		[DT_ACTFN_BREAKPOINT] = { true, 0, 0, {NULL} },
		[DT_ACTFN_SETOPT] = { true, 1, 2, {"char *", "char *"} },
		[DT_ACTFN_COPYOUT] = { true, 3, 3, {"void *", "uintptr_t", "size_t"} },
		[DT_ACTFN_COPYOUTSTR] = { true, 3, 3, {"char *", "uintptr_t", "size_t"} },
	};
	dt_nodes_t *args = &call->list;
	int nargs = (int)args->len, lo, hi;

	if (fn >= (int)DT_ARRAY_SIZE(protos) || !protos[fn].on)
		return true;
	lo = protos[fn].lo;
	hi = protos[fn].hi;
	if (nargs < lo || nargs > hi) {
		ERR(s, D_PROTO_LEN, call, "%s( ) prototype mismatch: %d arg%s passed, %s%d expected",
		    call->text, nargs, nargs == 1 ? "" : "s",
		    lo == hi ? "" : nargs < lo ? "at least " : "at most ", nargs < lo ? lo : hi);
		return false;
	}
	for (int i = 0; i < nargs; i++) {
		const char *want = protos[fn].types[i];
		const dt_node_t *a = args->data[i];
		const dt_type_t *t = dt_type_resolve(a->type);
		bool ok;

		if (strcmp(want, "char *") == 0)
			ok = dt_is_string(a->type);
		else if (strcmp(want, "uintptr_t") == 0)
			ok = dt_is_scalar(a->type);
		else if (strcmp(want, "void *") == 0)
			ok = dt_is_string(a->type) || t->kind == DT_TYPE_PTR ||
			     t->kind == DT_TYPE_ARRAY;
		else
			ok = dt_is_int(a->type);
		if (!ok) {
			ERR(s, D_PROTO_ARG, a, "%s( ) argument #%d is incompatible with prototype:"
			    "\n\tprototype: %s\n\t argument: %s", call->text, i + 1, want,
			    dt_type_name(a->type));
			return false;
		}
	}
	return true;
}

void
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
		a->items[0] = dt_sema_item_for(s, args->data[0], &s->clause->recsize);
		return;
	}
	for (size_t i = 0; i < args->len; i++) {
		dt_node_t *e = args->data[i];

		if (e->kind == DT_NODE_AGG && (f->id == DT_ACTFN_TRACE ||
					       f->id == DT_ACTFN_PRINTF)) {
			/* DTrace's words for an aggregation where a value is traced */
			if (f->id == DT_ACTFN_TRACE) {
				ERR(s, D_TRACE_DYN, call, "trace( ) may not be applied to a "
				    "dynamic expression");
				return;
			}
			e->type = dt_sema_aggregation_type(s);
			continue;
		}
		dt_sema_expr(s, e);
		if (!e->type)
			return;
	}
	if (f->id == DT_ACTFN_TRACE && args->len == 1 &&
	    dt_type_resolve(args->data[0]->type)->kind == DT_TYPE_VOID) {
		ERR(s, D_TRACE_VOID, call, "trace( ) may not be applied to a void expression");
		return;
	}
	if (!dt_sema_act_proto(s, call, f->id))
		return;
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
	if (f->id == DT_ACTFN_PCAP) {
		dt_sema_pcap(s, call);
		return;
	}
	if ((f->id == DT_ACTFN_TRACE || f->id == DT_ACTFN_PRINT) && args->len == 1 &&
	    dt_sema_is_object(args->data[0]->type)) {
		dt_sema_trace_object(s, call, f);
		return;
	}
	for (size_t i = 0; i < args->len; i++) {
		const dt_type_t *t = args->data[i]->type;

		if (t && f->id == DT_ACTFN_PRINTF && dt_type_resolve(t)->kind == DT_TYPE_VOID)
			continue;	/* dt_pfmt_check refuses it, in DTrace's words */
		if (!t || !dt_sema_no_action(s, args->data[i]))
			return;
		t = dt_type_resolve(t);
		if (t->kind == DT_TYPE_STRUCT || t->kind == DT_TYPE_UNION ||
		    t->kind == DT_TYPE_ARRAY || t->kind == DT_TYPE_VOID ||
		    (t->kind == DT_TYPE_FLOAT && t->size > 8)) {
			ERR(s, D_UNSUPPORTED, args->data[i], "%s( ) of a value of type %s is not "
			    "supported yet", call->text, args->data[i]->type->name);
			return;
		}
	}

	switch (f->id) {
	case DT_ACTFN_SETOPT:
		/* setopt("name"[, "value"]): the consumer sets the option when it gets here */
		a = dt_sema_new_action(s, DT_ACT_SETOPT, (int)args->len);
		for (size_t i = 0; i < args->len; i++)
			a->items[i] = dt_sema_item_for(s, args->data[i], &s->clause->recsize);
		break;
	case DT_ACTFN_TRACE: case DT_ACTFN_PRINT:
		if (args->len != 1) {
			ERR(s, D_PROTO_LEN, call, "%s( ) prototype mismatch: %zu args passed, 1 "
			    "expected", call->text, args->len);
			return;
		}
		if (f->id == DT_ACTFN_PRINT && !dt_sema_print_ptr_ok(s, call, args->data[0]))
			return;
		if (f->id == DT_ACTFN_PRINT && dt_sema_print_ptr(s, args->data[0]))
			break;
		a = dt_sema_new_action(s, f->id == DT_ACTFN_PRINT ? DT_ACT_PRINT : DT_ACT_TRACE, 1);
		a->items[0] = dt_sema_item_for(s, args->data[0], &s->clause->recsize);
		if (f->id == DT_ACTFN_PRINT) {
			a->type = args->data[0]->type;
			dt_sema_load_type(s->cc, a->type, 0);
		}
		break;
	case DT_ACTFN_EXIT:
		a = dt_sema_new_action(s, DT_ACT_EXIT, 1);
		a->items[0] = dt_sema_item_for(s, args->data[0], &s->clause->recsize);
		s->prog->uses_exit = true;
		break;
	case DT_ACTFN_RAISE: case DT_ACTFN_STOP:
		dt_sema_new_action(s, DT_ACT_RAISE, 0);
		break;
	case DT_ACTFN_COPYOUTSTR:
		dt_sema_new_action(s, DT_ACT_RAISE, 0);	/* kernel-side only, like raise() */
		break;
	case DT_ACTFN_SYSTEM: case DT_ACTFN_FREOPEN:
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
		if (f->id == DT_ACTFN_FREOPEN && strcmp(fmt->text, ".") == 0) {
			/* DTrace keeps "." for itself */
			ERR(s, D_FREOPEN_INVALID, fmt, "freopen( ) argument #1 cannot be \".\"");
			return;
		}
		if (f->id == DT_ACTFN_FREOPEN && !*fmt->text && !nargs) {
			/* freopen(""): back to the first output; no format to print */
			dt_sema_new_action(s, DT_ACT_FREOPEN, 0);
			break;
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

			types[i].kind = dt_is_string(t) ? DT_REC_STRING :
					dt_type_resolve(t)->kind == DT_TYPE_VOID ? DT_REC_BYTES :
					DT_REC_INT;
			types[i].size = t->size;
			types[i].is_signed = t->is_signed;
			types[i].is_pointer = t->kind == DT_TYPE_PTR;
			types[i].is_float = dt_type_resolve(t)->kind == DT_TYPE_FLOAT;
			types[i].name = t->name;
		}
		if (dt_pfmt_check(pf, call->text, types, nargs, &msg, &tag, &argno) < 0) {
			dt_node_t *at = argno >= 0 && argno < nargs ? args->data[argno + 1] : call;

			ERR(s, tag, at, "%s", msg ? msg : "invalid format");
			free(msg);
			dt_pfmt_free(pf);
			return;
		}
		if (nargs > DT_MAX_ACT_ITEMS) {
			ERR(s, D_PROTO_LEN, args->data[DT_MAX_ACT_ITEMS + 1], "%s( ) prototype "
			    "mismatch: %d args passed, at most %d expected", call->text, nargs + 1,
			    DT_MAX_ACT_ITEMS + 1);
			dt_pfmt_free(pf);
			return;
		}
		a = dt_sema_new_action(s, f->id == DT_ACTFN_SYSTEM ? DT_ACT_SYSTEM :
					  f->id == DT_ACTFN_FREOPEN ? DT_ACT_FREOPEN : DT_ACT_PRINTF,
				       nargs);
		a->fmt = fmt->text;
		a->pfmt = pf;
		for (int i = 0; i < nargs; i++)
			a->items[i] = dt_sema_item_for(s, args->data[i + 1], &s->clause->recsize);
		break;
	}
	default:
		break;
	}
}

dt_aggdesc_t *
dt_sema_agg_lookup(dt_sema_t *s, const char *name)
{
	for (int i = 0; i < s->prog->naggs; i++)
		if (strcmp(s->prog->aggs[i]->name, name) == 0)
			return s->prog->aggs[i];
	return NULL;
}

/* Is n a non-zero positive integer constant? Its value in *v. */
static bool
dt_is_posconst(const dt_node_t *n, uint64_t *v)
{
	return dt_fold_value(n, v) && *v != 0 &&
	       !(n->type && n->type->is_signed && (int64_t)*v < 0);
}

/*
 * A step count of lquantize() or llquantize(): a non-zero positive integer constant of 16
 * bits, with the function's tags (DTrace says "unsigned" for llquantize's only).
 */
static bool
dt_sema_quant_step(dt_sema_t *s, const char *fn, int argno, dt_node_t *a,
		   dt_errtag_t type_tag, dt_errtag_t val_tag, int64_t *step)
{
	uint64_t v;

	if (!dt_is_posconst(a, &v)) {
		ERR(s, type_tag, a, "%s( ) argument #%d must be a non-zero positive integer "
		    "constant", fn, argno);
		return false;
	}
	if (v > UINT16_MAX) {
		ERR(s, val_tag, a, "%s( ) argument #%d must be a%s 16-bit quantity", fn, argno,
		    fn[0] == 'l' && fn[1] == 'l' ? "n unsigned" : "");
		return false;
	}
	*step = (int64_t)v;
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
		uint64_t v;

		if (!dt_fold_value(a, &v)) {
			ERR(s, type_tags[i], a, "lquantize( ) argument #%d must be an integer "
			    "constant", i + 1);
			return false;
		}
		q[i] = (int64_t)v;
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
					D_LQUANT_STEPVAL, &q[2]))
			return false;
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
 * llquantize(v, factor, low, high, steps): DTrace's checks and tags in its order (the steps
 * divide the factor or are a multiple of it, then divide factor^(low+1) or factor^2, which
 * the bucket layout needs too: see dt_llquant_nwords). q[] gets the four parameters.
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
		uint64_t v;

		if (!dt_fold_value(a, &v)) {
			ERR(s, type_tags[i], a, "llquantize( ) argument #%d must be an integer "
			    "constant", i + 1);
			return false;
		}
		if (v > UINT16_MAX || (i == 0 && v < 2)) {
			ERR(s, val_tags[i], a, "llquantize( ) argument #%d must be an unsigned "
			    "16-bit quantity%s", i + 1, i == 0 ? " greater than or equal to 2" : "");
			return false;
		}
		q[i] = (int64_t)v;
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
				D_LLQUANT_STEPVAL, &q[3]))
		return false;
	if (q[3] < q[0] && q[0] % q[3]) {
		ERR(s, D_LLQUANT_STEPVAL, steps, "llquantize() argument #4 (steps) must evenly "
		    "divide argument #1 (factor) when steps<factor");
		return false;
	}
	if (q[3] > q[0] && q[3] % q[0]) {
		ERR(s, D_LLQUANT_STEPVAL, steps, "llquantize() argument #4 (steps) must be a "
		    "multiple of argument #1 (factor) when steps>factor");
		return false;
	}
	if (q[3] > q[0]) {
		/* factor^(low+1), or factor^2 when that is more: the steps must divide it */
		int64_t v = q[0] * q[0], p = q[0];

		for (int64_t m = 0; m < q[1] && p <= INT64_MAX / q[0]; m++)
			p *= q[0];
		if (p > v)
			v = p;
		if (v % q[3]) {
			ERR(s, D_LLQUANT_STEPVAL, steps, q[1] ? "llquantize() argument #4 (steps) "
			    "must evenly divide pow(argument #1 (factor), lmag (argument #2) +1) "
			    "when steps>factor and lmag>0" : "llquantize() argument #4 (steps) must "
			    "evenly divide the square of argument #1 (factor) when steps>factor and "
			    "lmag==0");
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
void
dt_sema_aggregate(dt_sema_t *s, dt_node_t *assign)
{
	dt_node_t *agg = assign->left, *call = assign->right;
	const struct dt_func *f;
	dt_aggdesc_t *ad;
	int nargs, want, incr;
	int64_t q[4] = {0};

	if (call->kind != DT_NODE_CALL || !(f = dt_sema_func_lookup(call->text)) ||
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
		    "both be applied", ad->name, dt_sema_aggfunc_names[ad->func], call->text);
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

			ad->keys[i] = dt_sema_item_for(s, agg->list.data[i], &off);
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
		uint32_t c = dt_sema_strcap(s->cc, agg->list.data[i], dt_strslot(s->dtp));

		if (ad->keys[i].kind == DT_REC_STRING && c > caps[i])
			caps[i] = c;
	}
	agg->agg_id = ad->id;
}

/* Final key layout and value sizes, once every use has been seen. */
void
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
