/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_fold.c: constant folding, the pass between semantic analysis and code generation.
 *
 *   typed AST --dt_fold_program--> typed AST whose constant operators are INT nodes
 *
 * An operator whose operands are integer constants becomes the constant it computes, typed
 * as analysis typed the operator: + - * / % & | ^ << >> and the comparisons (BINARY, signed
 * or not as the operands' common type is), && || ^^ (LOGICAL), unary - + ~ (UNARY), and
 * c ? a : b of integer type whose condition and chosen side are constant (TERNARY).
 *
 * Values are computed in 64 bits, as DTrace folds them: a signed result keeps all 64 bits
 * even where its type is narrower (signed overflow has no value in C; DTrace keeps the
 * register's), so lquantize(x, 0, 10, 1, (1 << 63) - 1) adds INT64_MAX although
 * (1 << 63) - 1 is an int. It is narrowed where it is stored or cast, like any value of
 * its type. An unsigned result wraps at its type's width, as C defines. Division by zero is left alone: analysis reported it. The pass works bottom-up,
 * so (1 + 2) * 3 becomes 9. Casts, inlines and sizeof are not this pass's: analysis already
 * made sizeof and offsetof constants, and a cast of a constant stays a cast.
 *
 * Analysis needs some values before this pass runs (array dimensions, bit-field widths,
 * quantize parameters, stack frame counts, division by zero): it asks dt_fold_value, which
 * computes what this pass would make of an expression without changing the tree.
 */
#include "dt_compiler.h"

/* Truncate v to size bytes and extend it back (as the generated code normalizes values). */
static uint64_t
dt_fold_norm(uint64_t v, uint32_t size, bool is_signed)
{
	int sh = 64 - 8 * (int)size;

	if (size >= 8)
		return v;
	return is_signed ? (uint64_t)((int64_t)(v << sh) >> sh) : (v << sh) >> sh;
}

/* A folded result of type t: unsigned ones wrap at t's width, signed ones keep 64 bits. */
static uint64_t
dt_fold_wrap(const dt_type_t *t, uint64_t v)
{
	return t->is_signed ? v : dt_fold_norm(v, t->size, false);
}

/*
 * The type a BINARY computes in, as its size and signedness: C's integer promotions (what is
 * narrower than int becomes int) and usual arithmetic conversions.
 */
static void
dt_fold_common(const dt_type_t *a, const dt_type_t *b, uint32_t *size, bool *is_signed)
{
	uint32_t as = a->kind == DT_TYPE_ENUM || a->size < 4 ? 4 : a->size;
	uint32_t bs = b->kind == DT_TYPE_ENUM || b->size < 4 ? 4 : b->size;
	bool ag = a->kind == DT_TYPE_ENUM || a->size < 4 ? true : a->is_signed;
	bool bg = b->kind == DT_TYPE_ENUM || b->size < 4 ? true : b->is_signed;

	if (as == bs) {
		*size = as;
		*is_signed = ag && bg;
	} else {
		*size = as > bs ? as : bs;
		*is_signed = as > bs ? ag : bg;
	}
}

/* l op r on constants, in n's type; false when it has no value (division by zero). */
static bool
dt_fold_binary(const dt_node_t *n, uint64_t lv, uint64_t rv, uint64_t *vp)
{
	uint32_t size;
	bool sg;
	uint64_t a, b, v;

	dt_fold_common(n->left->type, n->right->type, &size, &sg);
	/* an operand converts to the common type; a signed one keeps its 64 bits */
	a = sg ? lv : dt_fold_norm(lv, size, false);
	b = sg ? rv : dt_fold_norm(rv, size, false);
	switch (n->op) {
	case TOK_PLUS: v = a + b; break;
	case TOK_MINUS: v = a - b; break;
	case TOK_STAR: v = a * b; break;
	case TOK_SLASH:
		if (!b || (sg && (int64_t)a == INT64_MIN && (int64_t)b == -1))
			return false;
		v = sg ? (uint64_t)((int64_t)a / (int64_t)b) : a / b;
		break;
	case TOK_PERCENT:
		if (!b || (sg && (int64_t)a == INT64_MIN && (int64_t)b == -1))
			return false;
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
	default: return false;	/* not an arithmetic operator: a token kind, not a node kind */
	}
	*vp = dt_fold_wrap(n->type, v);
	return true;
}

bool
dt_fold_value(const dt_node_t *n, uint64_t *vp)
{
	uint64_t a, b;

	if (!n)
		return false;
	switch (n->kind) {
	case DT_NODE_INT:
		*vp = n->ival;
		return true;
	case DT_NODE_BINARY:
		if (!n->type || n->type->kind != DT_TYPE_INT || !dt_fold_value(n->left, &a) ||
		    !dt_fold_value(n->right, &b))
			return false;
		return dt_fold_binary(n, a, b, vp);
	case DT_NODE_LOGICAL:
		if (!n->type || !dt_fold_value(n->left, &a) || !dt_fold_value(n->right, &b))
			return false;
		*vp = n->op == TOK_ANDAND ? a && b : n->op == TOK_OROR ? a || b : !a != !b;
		return true;
	case DT_NODE_UNARY:
		if ((n->op != TOK_MINUS && n->op != TOK_PLUS && n->op != TOK_TILDE) || !n->type ||
		    !n->left->type || !dt_fold_value(n->left, &a))
			return false;
		a = n->op == TOK_MINUS ? -a : n->op == TOK_TILDE ? ~a : a;
		*vp = dt_fold_wrap(n->type, a);
		return true;
	case DT_NODE_TERNARY: {
		const dt_node_t *c;

		if (!n->type || (n->type->kind != DT_TYPE_INT && n->type->kind != DT_TYPE_ENUM) ||
		    !dt_fold_value(n->cond, &a))
			return false;
		c = a ? n->left : n->right;
		if (!c->type || !dt_fold_value(c, &b))
			return false;
		*vp = dt_fold_wrap(n->type, b);
		return true;
	}
	case DT_NODE_IDENT:
		/* an inline's name: its definition's value, as the inline's type holds it
		 * (inline int NCPU = 2; lquantize(cpu, 0, NCPU, 1)) */
		if (n->ident_kind != DT_IDENT_INLINE || !n->type ||
		    (n->type->kind != DT_TYPE_INT && n->type->kind != DT_TYPE_ENUM) ||
		    !n->left || !n->left->type || !dt_fold_value(n->left, &a))
			return false;
		*vp = dt_fold_norm(a, n->type->size, n->type->is_signed);	/* a store */
		return true;
	case DT_NODE_PROGRAM: case DT_NODE_CLAUSE: case DT_NODE_PDESC: case DT_NODE_PRAGMA:
	case DT_NODE_DECL: case DT_NODE_INLINE: case DT_NODE_TYPEDEF: case DT_NODE_BLOCK:
	case DT_NODE_EXPR_STMT: case DT_NODE_IF: case DT_NODE_EMPTY: case DT_NODE_STRING:
	case DT_NODE_AGG: case DT_NODE_SELF: case DT_NODE_THIS:
	case DT_NODE_MACRO: case DT_NODE_SYMBOL: case DT_NODE_POSTFIX: case DT_NODE_ASSIGN:
	case DT_NODE_CALL: case DT_NODE_INDEX: case DT_NODE_MEMBER: case DT_NODE_CAST:
	case DT_NODE_SIZEOF: case DT_NODE_OFFSETOF: case DT_NODE_STRINGOF: case DT_NODE_XLATE:
	case DT_NODE_TYPENAME: case DT_NODE_COUNT:
		return false;
	}
	return false;
}

/*
 * Are n's operands constants already? Its subtrees are folded when this is asked, so
 * dt_fold_value then looks one level down, not through a whole non-constant subtree (which
 * would make a long chain such as a + b + ... + z quadratic).
 */
static bool
dt_fold_operands(const dt_node_t *n)
{
	switch (n->kind) {
	case DT_NODE_BINARY: case DT_NODE_LOGICAL:
		return n->left->kind == DT_NODE_INT && n->right->kind == DT_NODE_INT;
	case DT_NODE_UNARY:
		return n->left && n->left->kind == DT_NODE_INT;
	case DT_NODE_TERNARY:
		return n->cond->kind == DT_NODE_INT;
	case DT_NODE_PROGRAM: case DT_NODE_CLAUSE: case DT_NODE_PDESC: case DT_NODE_PRAGMA:
	case DT_NODE_DECL: case DT_NODE_INLINE: case DT_NODE_TYPEDEF: case DT_NODE_BLOCK:
	case DT_NODE_EXPR_STMT: case DT_NODE_IF: case DT_NODE_EMPTY: case DT_NODE_INT:
	case DT_NODE_STRING: case DT_NODE_IDENT: case DT_NODE_AGG: case DT_NODE_SELF:
	case DT_NODE_THIS: case DT_NODE_MACRO: case DT_NODE_SYMBOL: case DT_NODE_POSTFIX:
	case DT_NODE_ASSIGN: case DT_NODE_CALL: case DT_NODE_INDEX: case DT_NODE_MEMBER:
	case DT_NODE_CAST: case DT_NODE_SIZEOF: case DT_NODE_OFFSETOF: case DT_NODE_STRINGOF:
	case DT_NODE_XLATE: case DT_NODE_TYPENAME: case DT_NODE_COUNT:
		return false;
	}
	return false;
}

/*
 * Fold tree n bottom-up. An analysed operator (it has a type) that has a value becomes an
 * INT node of its type; a BINARY or UNARY drops its operands, which code generation would
 * not read.
 */
static void
dt_fold_tree(dt_node_t *n)
{
	uint64_t v;

	if (!n)
		return;
	dt_fold_tree(n->left);
	dt_fold_tree(n->right);
	dt_fold_tree(n->cond);
	dt_fold_tree(n->pred);
	dt_fold_tree(n->body);
	dt_fold_tree(n->tname);	/* an enum's values, an array's dimensions */
	for (size_t i = 0; i < n->list.len; i++)
		dt_fold_tree(n->list.data[i]);
	if (!n->type || !dt_fold_operands(n) || !dt_fold_value(n, &v))
		return;
	if (n->kind == DT_NODE_BINARY)
		n->left = n->right = NULL;
	else if (n->kind == DT_NODE_UNARY)
		n->left = NULL;
	n->kind = DT_NODE_INT;
	n->ival = v;
}

void
dt_fold_program(dt_compile_t *cc, dt_node_t **roots, int nroots)
{
	for (int i = 0; i < nroots; i++)
		dt_fold_tree(roots[i]);
}
