/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_ast.c: AST nodes: allocation, kind names and the tree dump.
 *
 * Nodes live in the compile context's arena; their child lists (dt_nodes_t) are heap vectors,
 * so every node is registered in cc->nodes and dt_compile_fini frees the lists.
 *
 * dt_ast_dump() prints one node per line, indented two spaces per level: the kind without its
 * DT_NODE_ prefix, then the node's own fields, then its children in source order:
 *
 *   CLAUSE
 *     PDESC syscall::read:entry
 *     BINARY op===
 *       IDENT pid
 *       INT 1
 *     BLOCK
 *       ...
 *
 * Unit tests compare these dumps, and "-x tree" shows them to users.
 */
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "dt_compiler.h"

static const char *const dt_node_names[] = {
#define DT_X_NAME(n) [n] = #n,
	DT_NODES(DT_X_NAME)
#undef DT_X_NAME
};

const char *
dt_node_kind_name(dt_node_kind_t k)
{
	if ((unsigned)k >= DT_NODE_COUNT)
		return "?";
	return dt_node_names[k] + sizeof("DT_NODE_") - 1;
}

dt_node_t *
dt_node_new(dt_compile_t *cc, dt_node_kind_t kind, dt_loc_t loc)
{
	dt_node_t *n = dt_arena_alloc(&cc->arena, sizeof(*n));

	n->kind = kind;
	n->loc = loc;
	n->op = TOK_EOF;
	dt_vec_push(&cc->nodes, n);
	return n;
}

dt_node_t *
dt_node_clone(dt_compile_t *cc, const dt_node_t *n)
{
	dt_node_t *c;

	if (!n)
		return NULL;
	c = dt_node_new(cc, n->kind, n->loc);
	*c = *n;
	memset(&c->list, 0, sizeof(c->list));
	c->left = dt_node_clone(cc, n->left);
	c->right = dt_node_clone(cc, n->right);
	c->cond = dt_node_clone(cc, n->cond);
	c->pred = dt_node_clone(cc, n->pred);
	c->body = dt_node_clone(cc, n->body);
	for (size_t i = 0; i < n->list.len; i++) {
		dt_node_t *k = dt_node_clone(cc, n->list.data[i]);

		dt_vec_push(&c->list, k);
	}
	return c;
}

void
dt_node_move(dt_node_t *dst, dt_node_t *src)
{
	dt_nodes_t old = dst->list;

	*dst = *src;
	memset(&src->list, 0, sizeof(src->list));
	dt_vec_free(&old);
}

/* A string for the dump: quoted, with C escapes for what would not print. */
static void
dump_quoted(const char *s, size_t n, FILE *fp)
{
	fputc('"', fp);
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		switch (c) {
		case '\n':
			fputs("\\n", fp);
			break;
		case '\t':
			fputs("\\t", fp);
			break;
		case '"':
			fputs("\\\"", fp);
			break;
		case '\\':
			fputs("\\\\", fp);
			break;
		default:
			if (isprint(c))
				fputc(c, fp);
			else
				fprintf(fp, "\\%03o", c);
			break;
		}
	}
	fputc('"', fp);
}

static const char *
str_or_empty(const char *s)
{
	return s ? s : "";
}

/* The node's own fields, after its kind name. */
static void
dump_fields(const dt_node_t *n, FILE *fp)
{
	switch (n->kind) {
	case DT_NODE_PROGRAM:
	case DT_NODE_CLAUSE:
	case DT_NODE_BLOCK:
	case DT_NODE_EXPR_STMT:
	case DT_NODE_IF:
	case DT_NODE_EMPTY:
	case DT_NODE_TERNARY:
	case DT_NODE_INDEX:
	case DT_NODE_CAST:
	case DT_NODE_SIZEOF:
	case DT_NODE_STRINGOF:
	case DT_NODE_XLATE:
		break;
	case DT_NODE_PDESC:
	case DT_NODE_PRAGMA:
	case DT_NODE_IDENT:
	case DT_NODE_SELF:
	case DT_NODE_THIS:
	case DT_NODE_MACRO:
	case DT_NODE_SYMBOL:
	case DT_NODE_CALL:
	case DT_NODE_OFFSETOF:
	case DT_NODE_TYPENAME:
	case DT_NODE_INLINE:
	case DT_NODE_TYPEDEF:
		fprintf(fp, " %s", str_or_empty(n->text));
		break;
	case DT_NODE_DECL:
		if (n->op != TOK_EOF)
			fprintf(fp, " %s", dt_tok_name(n->op));
		fprintf(fp, " %s", str_or_empty(n->text));
		break;
	case DT_NODE_INT:
		fprintf(fp, " %" PRIu64, n->ival);
		if (n->isuffix & DT_INT_U)
			fputc('U', fp);
		if (n->isuffix & DT_INT_L)
			fputc('L', fp);
		if (n->isuffix & DT_INT_LL)
			fputs("LL", fp);
		break;
	case DT_NODE_STRING:
		fputc(' ', fp);
		dump_quoted(str_or_empty(n->text), n->text ? n->textlen : 0, fp);
		break;
	case DT_NODE_AGG:
		fprintf(fp, " @%s", str_or_empty(n->text));
		break;
	case DT_NODE_BINARY:
	case DT_NODE_LOGICAL:
	case DT_NODE_UNARY:
	case DT_NODE_POSTFIX:
	case DT_NODE_ASSIGN:
		fprintf(fp, " op=%s", dt_tok_name(n->op));
		break;
	case DT_NODE_MEMBER:
		fprintf(fp, " op=%s %s", dt_tok_name(n->op), str_or_empty(n->text));
		break;
	case DT_NODE_COUNT:
		break;
	}
}

static void
dump(const dt_node_t *n, int depth, FILE *fp)
{
	const dt_node_t *kids[] = { n->tname, n->cond, n->left, n->right };

	fprintf(fp, "%*s%s", depth * 2, "", dt_node_kind_name(n->kind));
	dump_fields(n, fp);
	if (n->type)	/* after semantic analysis: the node's D type */
		fprintf(fp, " : %s", n->type->name ? n->type->name : "?");
	fputc('\n', fp);

	for (size_t i = 0; i < DT_ARRAY_SIZE(kids); i++) {
		if (kids[i])
			dump(kids[i], depth + 1, fp);
	}
	for (size_t i = 0; i < n->list.len; i++) {
		if (n->list.data[i])
			dump(n->list.data[i], depth + 1, fp);
	}
	if (n->pred)
		dump(n->pred, depth + 1, fp);
	if (n->body)
		dump(n->body, depth + 1, fp);
}

void
dt_ast_dump(const dt_node_t *n, FILE *fp)
{
	if (n)
		dump(n, 0, fp);
}
