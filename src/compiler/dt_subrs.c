/* SPDX-License-Identifier: GPL-2.0-only */
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

/*
 * DTrace's prototypes, as its messages print them: one type name per argument, in order
 * (a string argument is "char *", its const dropped). A row missing here prints the kinds'
 * names (dt_subr_argtype).
 */
static const char *const dt_subr_protos[DT_SUBR_COUNT][3] = {
	[DT_SUBR_COPYINSTR] = {"uintptr_t", "size_t"},
	[DT_SUBR_STRLEN] = {"char *"},
	[DT_SUBR_STRJOIN] = {"char *", "char *"},
	[DT_SUBR_SUBSTR] = {"char *", "int", "int"},
	[DT_SUBR_INDEX] = {"char *", "char *", "int"},
	[DT_SUBR_RINDEX] = {"char *", "char *", "int"},
	[DT_SUBR_STRSTR] = {"char *", "char *"},
	[DT_SUBR_STRCHR] = {"char *", "char"},
	[DT_SUBR_STRRCHR] = {"char *", "char"},
	[DT_SUBR_LLTOSTR] = {"int64_t", "int"},
	[DT_SUBR_STRTOLL] = {"char *", "int"},
	[DT_SUBR_HTONS] = {"uint16_t"}, [DT_SUBR_NTOHS] = {"uint16_t"},
	[DT_SUBR_HTONL] = {"uint32_t"}, [DT_SUBR_NTOHL] = {"uint32_t"},
	[DT_SUBR_HTONLL] = {"uint64_t"}, [DT_SUBR_NTOHLL] = {"uint64_t"},
	[DT_SUBR_GETMAJOR] = {"dev_t"}, [DT_SUBR_GETMINOR] = {"dev_t"},
	[DT_SUBR_INET_NTOA] = {"ipaddr_t *"},
	[DT_SUBR_INET_NTOA6] = {"struct in6_addr *", "int"},
	[DT_SUBR_INET_NTOP] = {"int", "void *"},
	[DT_SUBR_LINK_NTOP] = {"int", "void *"},
	[DT_SUBR_PROGENYOF] = {"pid_t"},
	[DT_SUBR_STRTOK] = {"char *", "char *"},
	[DT_SUBR_D_PATH] = {"struct path *"},
	[DT_SUBR_ALLOCA] = {"size_t"},
	[DT_SUBR_COPYIN] = {"uintptr_t", "size_t"},
	[DT_SUBR_COPYINTO] = {"uintptr_t", "size_t", "void *"},
	[DT_SUBR_BCOPY] = {"void *", "void *", "size_t"},
	[DT_SUBR_MUTEX_OWNED] = {"struct mutex *"}, [DT_SUBR_MUTEX_OWNER] = {"struct mutex *"},
	[DT_SUBR_MUTEX_TYPE_ADAPTIVE] = {"struct mutex *"},
	[DT_SUBR_MUTEX_TYPE_SPIN] = {"struct mutex *"},
};

const char *
dt_subr_argtype(const dt_subr_t *sp, int argno)
{
	const char *k = sp->args;

	if (argno < 3 && dt_subr_protos[sp->id][argno])
		return dt_subr_protos[sp->id][argno];
	for (int i = 0; *k && i < argno; k++)
		i += *k != '|';
	if (*k == '|')
		k++;
	switch (*k) {
	case 's': case 'S':
		return "char *";
	case 'i':
		return "int";
	case 'P':
		return "void *";
	default:
		return "uintptr_t";
	}
}

const char *
dt_subr_name(dt_subr_id_t id)
{
	return dt_subrs[id].name;	/* the rows are in the enum's order: both are DT_SUBRS */
}
