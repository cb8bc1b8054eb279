/*
 * dt_subrs.c: the prototypes of D's subroutines, one table row each.
 *
 * Semantic analysis checks calls against these rows (argument count and kinds, result type);
 * code generation (src/codegen/dt_cg_subr.c) switches on the id. A new subroutine is a row
 * here, an id in dt_compiler.h's DT_SUBR_* list and a case in dt_cg_subr.c.
 *
 * Argument kinds, one character each in "args" (optional ones after a '|'):
 *   s  a string                 i  an integer
 *   p  an address (integer or pointer)
 */
#include <string.h>

#include "dt_compiler.h"

static const dt_subr_t dt_subrs[] = {
	/* name		id			args	result */
	{"copyinstr",	DT_SUBR_COPYINSTR,	"p|i",	"string"},
	{"strlen",	DT_SUBR_STRLEN,		"s",	"size_t"},
	{"strjoin",	DT_SUBR_STRJOIN,	"ss",	"string"},
};

const dt_subr_t *
dt_subr_lookup(const char *name)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_subrs); i++)
		if (strcmp(dt_subrs[i].name, name) == 0)
			return &dt_subrs[i];
	return NULL;
}
