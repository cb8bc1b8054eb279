/*
 * dt_subrs.c: the prototypes of D's subroutines, looked up by name.
 *
 * The rows are dt_compiler.h's DT_SUBRS list (name, id, prototype, emitter), the one place
 * a subroutine is registered. Semantic analysis checks calls against them (argument count
 * and kinds, result type); code generation (src/codegen/dt_cg_subr.c) calls the row's
 * emitter. A new subroutine is a row there and its emitter in src/codegen/.
 *
 * Argument kinds, one character each in "args" (optional ones after a '|'):
 *   s  a string                 i  an integer
 *   p  an address (integer or pointer)
 *   S  a string or NULL (reported as char *, DTrace's prototype)
 *   P  a pointer: a pointer, an array or a string, or NULL (reported as void *)
 *
 * The memory subroutines (alloca, copyin, copyinto, bcopy) work in the clause's scratch
 * space: see dt_cg_subr.c.
 */
#include <string.h>

#include "dt_compiler.h"

static const dt_subr_t dt_subrs[] = {
#define DT_X_ROW(id, name, args, result, emit) {name, DT_SUBR_##id, args, result},
	DT_SUBRS(DT_X_ROW)
#undef DT_X_ROW
};

const dt_subr_t *
dt_subr_lookup(const char *name)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_subrs); i++)
		if (strcmp(dt_subrs[i].name, name) == 0)
			return &dt_subrs[i];
	return NULL;
}

const char *
dt_subr_name(dt_subr_id_t id)
{
	return dt_subrs[id].name;	/* the rows are in the enum's order: both are DT_SUBRS */
}
