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
 *   S  a string or NULL (reported as char *, DTrace's prototype)
 *   P  a pointer: a pointer, an array or a string, or NULL (reported as void *)
 *
 * The memory subroutines (alloca, copyin, copyinto, bcopy) work in the clause's scratch
 * space: see dt_cg_subr.c.
 */
#include <string.h>

#include "dt_compiler.h"

static const dt_subr_t dt_subrs[] = {
	{"speculation",	DT_SUBR_SPECULATION,	"",	"int"},
	/* name		id			args	result */
	{"copyinstr",	DT_SUBR_COPYINSTR,	"p|i",	"string"},
	{"strlen",	DT_SUBR_STRLEN,		"s",	"size_t"},
	{"strjoin",	DT_SUBR_STRJOIN,	"ss",	"string"},
	{"substr",	DT_SUBR_SUBSTR,		"si|i",	"string"},
	{"index",	DT_SUBR_INDEX,		"ss|i",	"int"},
	{"rindex",	DT_SUBR_RINDEX,		"ss|i",	"int"},
	{"strstr",	DT_SUBR_STRSTR,		"ss",	"string"},
	{"strchr",	DT_SUBR_STRCHR,		"si",	"string"},
	{"strrchr",	DT_SUBR_STRRCHR,	"si",	"string"},
	{"toupper",	DT_SUBR_TOUPPER,	"s",	"string"},
	{"tolower",	DT_SUBR_TOLOWER,	"s",	"string"},
	{"lltostr",	DT_SUBR_LLTOSTR,	"i|i",	"string"},
	{"strtoll",	DT_SUBR_STRTOLL,	"s|i",	"int64_t"},
	{"basename",	DT_SUBR_BASENAME,	"s",	"string"},
	{"dirname",	DT_SUBR_DIRNAME,	"s",	"string"},
	{"htons",	DT_SUBR_HTONS,		"i",	"uint16_t"},
	{"htonl",	DT_SUBR_HTONL,		"i",	"uint32_t"},
	{"htonll",	DT_SUBR_HTONLL,		"i",	"uint64_t"},
	{"ntohs",	DT_SUBR_NTOHS,		"i",	"uint16_t"},
	{"ntohl",	DT_SUBR_NTOHL,		"i",	"uint32_t"},
	{"ntohll",	DT_SUBR_NTOHLL,		"i",	"uint64_t"},
	{"rand",	DT_SUBR_RAND,		"",	"int"},
	{"getmajor",	DT_SUBR_GETMAJOR,	"i",	"uint32_t"},
	{"getminor",	DT_SUBR_GETMINOR,	"i",	"uint32_t"},
	{"inet_ntoa",	DT_SUBR_INET_NTOA,	"p",	"string"},
	{"inet_ntoa6",	DT_SUBR_INET_NTOA6,	"p",	"string"},
	{"inet_ntop",	DT_SUBR_INET_NTOP,	"ip",	"string"},
	{"progenyof",	DT_SUBR_PROGENYOF,	"i",	"int"},
	{"strtok",	DT_SUBR_STRTOK,		"Ss",	"string"},
	{"cleanpath",	DT_SUBR_CLEANPATH,	"s",	"string"},
	{"d_path",	DT_SUBR_D_PATH,		"p",	"string"},
	/* dlibs/io.d's fi_pathname and fi_mount: d_path, and the mount point of the path's
	 * mount, "<unknown>" where d_path gives "" */
	{"__fi_pathname", DT_SUBR_FI_PATHNAME,	"p",	"string"},
	{"__fi_mount",	DT_SUBR_FI_MOUNT,	"p",	"string"},
	{"alloca",	DT_SUBR_ALLOCA,		"i",	"void *"},
	{"copyin",	DT_SUBR_COPYIN,		"pi",	"void *"},
	{"copyinto",	DT_SUBR_COPYINTO,	"piP",	"void"},
	{"bcopy",	DT_SUBR_BCOPY,		"PPi",	"void"},
};

const dt_subr_t *
dt_subr_lookup(const char *name)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_subrs); i++)
		if (strcmp(dt_subrs[i].name, name) == 0)
			return &dt_subrs[i];
	return NULL;
}
