/*
 * dt_driver.c: the compile driver: the passes, in order, over every source of a run.
 *
 *   for each D library, then each source (-n description, -s file):  lex + parse -> AST
 *   all ASTs together:                          semantic analysis -> dt_program_t
 *   every AST:                                  constant folding (dt_fold.c)
 *
 * Sources are analysed together because one run is one program: clauses from every -n and
 * -s run in command-line order and share aggregations.
 */
#include "dt_compiler.h"

struct dt_program *
dt_compile_sources(dt_compile_t *cc, const dt_source_t *srcs, int nsrcs, dt_node_t ***rootsp)
{
	int n = cc->nlibs + nsrcs;
	dt_node_t **roots = dt_arena_alloc(&cc->arena, sizeof(*roots) * (size_t)(n + 1));
	struct dt_program *prog;

	/* the libraries first: their types and inlines are the program's to use */
	for (int i = 0; i < cc->nlibs; i++)
		roots[i] = dt_parse(cc, &cc->libs[i]);
	for (int i = 0; i < nsrcs; i++)
		roots[cc->nlibs + i] = dt_parse(cc, &srcs[i]);
	if (rootsp)
		*rootsp = roots + cc->nlibs;
	if (cc->diags.count)
		return NULL;
	prog = dt_sema_program(cc, roots, n);
	if (cc->diags.count)
		return NULL;
	/* the programs' trees: what a library defines is folded where a program uses it */
	dt_fold_program(cc, roots + cc->nlibs, nsrcs);
	return prog;
}
