/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_driver.c: the compile driver: the passes, in order, from D sources to finished BPF.
 *
 *   parse    each D library, then each source (-n description, -s file)  -> one AST each
 *   sema     all ASTs together: probes matched, every expression typed,
 *            records and aggregations laid out                            -> dt_program_t
 *   fold     constant folding, every AST (dt_fold.c)
 *   codegen  probes grouped by attach point, one BPF program each
 *   link     map sizes fixed, thread-exit cleanup                          -> dtp->bpfprogs
 *
 * Sources are analysed together because one run is one program: clauses from every -n and
 * -s run in command-line order and share aggregations. Each pass adds its errors to
 * cc->diags (a code generation error, too, points at the node it was generating); the next
 * runs only when there are none. What comes out needs only maps and a kernel to run:
 * `dtrace -e` stops here having checked everything but the kernel's verifier, and the
 * runtime (dt_rt_load) creates the maps and loads the programs.
 */
#include "../codegen/dt_codegen.h"
#include "../runtime/dt_runtime.h"
#include "dt_compiler.h"

/*
 * A source with nothing in it (no clause, declaration or pragma) is DTrace's D_EMPTY, at its
 * end, unless -x empty allows it.
 */
static void
dt_compile_empty_check(dt_compile_t *cc, const dt_source_t *src, const dt_node_t *root)
{
	dt_loc_t loc = {0};

	if (!root || root->list.len || (cc->dtp && cc->dtp->opts.empty) || cc->diags.count)
		return;
	loc.src = src;
	loc.line = 1;
	loc.col = 1;
	for (size_t i = 0; i < src->len; i++) {
		if (src->text[i] == '\n') {
			loc.line++;
			loc.col = 1;
		} else {
			loc.col++;
		}
	}
	dt_diag_error(&cc->diags, D_EMPTY, loc, "empty D program translation unit");
}

/*
 * DTrace defines a program's types as it parses: an error in a declaration before the first
 * syntax error is the one it reports. After a failed parse, analyse the struct, union, enum
 * and typedef declarations that come before that error; their errors go first.
 */
static void
dt_compile_decls_first(dt_compile_t *cc, dt_node_t **roots, int n)
{
	dt_diags_t old = cc->diags;
	const dt_loc_t *at = &old.head->loc;
	dt_node_t **decls = dt_arena_alloc(&cc->arena, sizeof(*decls) * (size_t)(n + 1));
	bool past = false;

	if (!at->src)
		return;
	for (int r = 0; r < n; r++) {
		decls[r] = r < cc->nlibs ? roots[r] : NULL;
		if (r < cc->nlibs || !roots[r] || past)
			continue;
		decls[r] = dt_node_new(cc, DT_NODE_PROGRAM, roots[r]->loc);
		for (size_t i = 0; i < roots[r]->list.len; i++) {
			dt_node_t *d = roots[r]->list.data[i];
			const dt_node_t *next = i + 1 < roots[r]->list.len ?
						roots[r]->list.data[i + 1] : NULL;

			/* whole before the error: the next item starts before it too */
			if (d->loc.src == at->src && (!next || next->loc.line > at->line ||
			    (next->loc.line == at->line && next->loc.col >= at->col))) {
				past = true;
				break;
			}
			if (d->kind == DT_NODE_DECL || d->kind == DT_NODE_TYPEDEF)
				dt_vec_push(&decls[r]->list, d);
		}
		past = past || roots[r]->loc.src == at->src;
	}
	cc->diags.head = NULL;
	cc->diags.tail = &cc->diags.head;
	cc->diags.count = 0;
	dt_sema_program(cc, decls, n);
	if (!cc->diags.count) {
		cc->diags = old;
		return;
	}
	*cc->diags.tail = old.head;
	cc->diags.tail = old.tail;
	cc->diags.count += old.count;
}

struct dt_program *
dt_compile_sources(dt_compile_t *cc, const dt_source_t *srcs, int nsrcs, dt_node_t ***rootsp)
{
	int n = cc->nlibs + nsrcs;
	dt_node_t **roots = dt_arena_alloc(&cc->arena, sizeof(*roots) * (size_t)(n + 1));
	struct dt_program *prog;

	/* the libraries first: their types and inlines are the program's to use */
	for (int i = 0; i < cc->nlibs; i++)
		roots[i] = dt_parse(cc, &cc->libs[i]);
	for (int i = 0; i < nsrcs; i++) {
		roots[cc->nlibs + i] = dt_parse(cc, &srcs[i]);
		dt_compile_empty_check(cc, &srcs[i], roots[cc->nlibs + i]);
	}
	if (rootsp)
		*rootsp = roots + cc->nlibs;
	if (cc->diags.count) {
		dt_compile_decls_first(cc, roots, n);
		return NULL;
	}
	prog = dt_sema_program(cc, roots, n);
	if (cc->diags.count)
		return NULL;
	/* the programs' trees: what a library defines is folded where a program uses it */
	dt_fold_program(cc, roots + cc->nlibs, nsrcs);
	return prog;
}

struct dt_program *
dt_compile_program(dt_compile_t *cc, const dt_source_t *srcs, int nsrcs)
{
	dt_node_t **roots;
	struct dt_program *prog = dt_compile_sources(cc, srcs, nsrcs, &roots);

	if (prog && (cc->dtp->opts.tree & 2)) {	/* -x tree: the typed trees */
		for (int i = 0; i < nsrcs; i++)
			dt_ast_dump(roots[i], stderr);
	}
	if (!prog || dt_cg_link(cc, prog) < 0)
		return NULL;
	return prog;
}
