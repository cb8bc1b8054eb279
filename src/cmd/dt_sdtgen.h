/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_sdtgen.h: dtrace -h (the C header of a provider.d) and dtrace -G (the object that
 * completes a program built with that header).
 */
#ifndef DT_SDTGEN_H
#define DT_SDTGEN_H

#include "../compiler/dt_compiler.h"

/*
 * The provider definitions of parsed sources (roots[i] the tree of srcs[i]). Errors (a
 * provider or probe defined twice, a bad #pragma D attributes) go to cc->diags; the
 * definitions are returned in cc's arena.
 */
typedef struct dt_sdtgen dt_sdtgen_t;
dt_sdtgen_t *dt_sdtgen_collect(dt_compile_t *cc, dt_node_t *const *roots, int nroots);

/* Write the header to path (dtrace -h). 0, or -1 with the message in err. */
int dt_sdtgen_header(const dt_sdtgen_t *g, const char *path, char *err, size_t errlen);

/*
 * Write the object to link to path (dtrace -G): the probes' semaphores and the provider
 * definition note. objs are the program's objects, checked against the definitions.
 * 0, or -1 with the message in err.
 */
int dt_sdtgen_link(const dt_sdtgen_t *g, const char *path, char *const *objs, int nobjs,
		   char *err, size_t errlen);

/* Free the definitions' vectors (the rest is in cc's arena). NULL is fine. */
void dt_sdtgen_free(dt_sdtgen_t *g);

#endif /* DT_SDTGEN_H */
