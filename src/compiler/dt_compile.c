/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_compile.c: the compile context's basics: its arena and diagnostics, and D's built-in
 * types.
 *
 * Every compile owns one table of built-in types (void, string, the C integer types, bool and
 * the typedefs D predefines: int8_t .. uint64_t, size_t, pid_t, ...). The table is built once in
 * dt_compile_init, so dt_type_int() and dt_type_named() hand out shared instances that can be
 * compared by pointer. Kernel types come later, from BTF, through dt_types.c; nothing here
 * reads BTF.
 *
 * dt_is_typename() is what the lexer and parser ask to tell a type name from an identifier:
 * D, like C, cannot parse "(x)y" without knowing whether x names a type.
 */
#include <stdlib.h>
#include <string.h>

#include "../runtime/dt_runtime.h"
#include "dt_compiler.h"

/* One row of the built-in type table. */
struct dt_builtin {
	const char *name;
	dt_type_kind_t kind;
	uint32_t size;
	bool is_signed;
};

/*
 * The canonical integer types come first, in the order dt_type_int() indexes them:
 * sizes 1, 2, 4, 8, signed then unsigned.
 */
static const struct dt_builtin dt_builtins[] = {
	{ "char", DT_TYPE_INT, 1, true },
	{ "unsigned char", DT_TYPE_INT, 1, false },
	{ "short", DT_TYPE_INT, 2, true },
	{ "unsigned short", DT_TYPE_INT, 2, false },
	{ "int", DT_TYPE_INT, 4, true },
	{ "unsigned int", DT_TYPE_INT, 4, false },
	{ "long", DT_TYPE_INT, 8, true },
	{ "unsigned long", DT_TYPE_INT, 8, false },
	{ "void", DT_TYPE_VOID, 0, false },
	{ "string", DT_TYPE_STRING, 256, false },	/* the size is strsize (sema's pragmas) */
	/* other spellings of the C types: see dt_type_aliases for the rest */
	{ "signed char", DT_TYPE_INT, 1, true },
	{ "long long", DT_TYPE_INT, 8, true },
	{ "unsigned long long", DT_TYPE_INT, 8, false },
	{ "float", DT_TYPE_FLOAT, 4, true },
	{ "double", DT_TYPE_FLOAT, 8, true },
	{ "long double", DT_TYPE_FLOAT, 16, true },
	{ "_Bool", DT_TYPE_INT, 1, false },	/* C99's, as DTrace has it */
	/* D's predefined typedefs */
	{ "int8_t", DT_TYPE_INT, 1, true },
	{ "int16_t", DT_TYPE_INT, 2, true },
	{ "int32_t", DT_TYPE_INT, 4, true },
	{ "int64_t", DT_TYPE_INT, 8, true },
	{ "uint8_t", DT_TYPE_INT, 1, false },
	{ "uint16_t", DT_TYPE_INT, 2, false },
	{ "uint32_t", DT_TYPE_INT, 4, false },
	{ "uint64_t", DT_TYPE_INT, 8, false },
	{ "intptr_t", DT_TYPE_INT, 8, true },
	{ "uintptr_t", DT_TYPE_INT, 8, false },
	{ "size_t", DT_TYPE_INT, 8, false },
	{ "ssize_t", DT_TYPE_INT, 8, true },
	{ "off_t", DT_TYPE_INT, 8, true },
	{ "pid_t", DT_TYPE_INT, 4, true },
	{ "id_t", DT_TYPE_INT, 4, true },
	{ "uid_t", DT_TYPE_INT, 4, false },
	{ "gid_t", DT_TYPE_INT, 4, false },
	{ "processorid_t", DT_TYPE_INT, 4, true },
	{ "time_t", DT_TYPE_INT, 8, true },
	{ "hrtime_t", DT_TYPE_INT, 8, true },
	{ "uchar_t", DT_TYPE_INT, 1, false },
	{ "ushort_t", DT_TYPE_INT, 2, false },
	{ "uint_t", DT_TYPE_INT, 4, false },
	{ "ulong_t", DT_TYPE_INT, 8, false },
	{ "longlong_t", DT_TYPE_INT, 8, true },
	{ "u_longlong_t", DT_TYPE_INT, 8, false },
	{ "bool", DT_TYPE_INT, 1, false },	/* the kernel's typedef of _Bool, named so */
};

/*
 * Spellings that name the same C type as a row above; dt_type_named() returns that row, so
 * "unsigned" and "unsigned int" are one instance.
 */
static const char *const dt_type_aliases[][2] = {
	{ "short int", "short" },
	{ "signed short", "short" },
	{ "signed short int", "short" },
	{ "unsigned short int", "unsigned short" },
	{ "signed", "int" },
	{ "signed int", "int" },
	{ "unsigned", "unsigned int" },
	{ "long int", "long" },
	{ "signed long", "long" },
	{ "signed long int", "long" },
	{ "unsigned long int", "unsigned long" },
	{ "long long int", "long long" },
	{ "signed long long", "long long" },
	{ "signed long long int", "long long" },
	{ "unsigned long long int", "unsigned long long" },
};

void
dt_compile_init(dt_compile_t *cc, struct dt_handle *dtp)
{
	size_t n = DT_ARRAY_SIZE(dt_builtins);

	memset(cc, 0, sizeof(*cc));
	dt_arena_init(&cc->arena);
	dt_diags_init(&cc->diags, &cc->arena);
	cc->dtp = dtp;
	cc->pspec = dtp && dtp->opts.pspec;
	if (dtp && !dtp->cc)
		dtp->cc = cc;	/* providers' probe_info reads kernel types through it */

	cc->builtin_types = dt_arena_alloc(&cc->arena, n * sizeof(dt_type_t));
	cc->nbuiltin_types = n;
	for (size_t i = 0; i < n; i++) {
		dt_type_t *t = &cc->builtin_types[i];

		t->kind = dt_builtins[i].kind;
		t->name = dt_builtins[i].name;
		t->size = dt_builtins[i].size;
		t->is_signed = dt_builtins[i].is_signed;
	}
}

void
dt_compile_fini(dt_compile_t *cc)
{
	dt_sema_free(cc);
	for (size_t i = 0; i < cc->nodes.len; i++)
		dt_vec_free(&cc->nodes.data[i]->list);
	dt_vec_free(&cc->nodes);
	dt_vec_free(&cc->typedef_names);
	dt_types_fini(cc);
	dt_arena_fini(&cc->arena);
	cc->builtin_types = NULL;
	cc->nbuiltin_types = 0;
}

const dt_type_t *
dt_type_int(dt_compile_t *cc, uint32_t size, bool is_signed)
{
	int idx;

	switch (size) {
	case 1:
		idx = 0;
		break;
	case 2:
		idx = 2;
		break;
	case 4:
		idx = 4;
		break;
	case 8:
		idx = 6;
		break;
	default:
		return NULL;
	}
	return &cc->builtin_types[idx + (is_signed ? 0 : 1)];
}

const dt_type_t *
dt_type_void(dt_compile_t *cc)
{
	return &cc->builtin_types[8];
}

const dt_type_t *
dt_type_string(dt_compile_t *cc)
{
	return &cc->builtin_types[9];
}

void
dt_type_string_size(dt_compile_t *cc, uint32_t strsize)
{
	cc->builtin_types[9].size = strsize;
}

const dt_type_t *
dt_type_named(dt_compile_t *cc, const char *name)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_type_aliases); i++) {
		if (strcmp(dt_type_aliases[i][0], name) == 0) {
			name = dt_type_aliases[i][1];
			break;
		}
	}
	for (size_t i = 0; i < cc->nbuiltin_types; i++) {
		if (strcmp(cc->builtin_types[i].name, name) == 0)
			return &cc->builtin_types[i];
	}
	return NULL;
}

bool
dt_is_typename(dt_compile_t *cc, const char *name)
{
	static const char *const kw[] = {
		"char", "short", "int", "long", "signed", "unsigned", "void", "string",
		"float", "double", "struct", "union", "enum",
	};

	const char *scoped = strrchr(name, '`');

	if (scoped)	/* D`t, C`t: D's own type names, scoped (keywords never are) */
		name = scoped + 1;
	for (size_t i = 0; i < DT_ARRAY_SIZE(kw) && !scoped; i++) {
		if (strcmp(kw[i], name) == 0)
			return true;
	}
	if (dt_type_named(cc, name))
		return true;
	for (size_t i = 0; i < cc->typedef_names.len; i++) {
		if (strcmp(cc->typedef_names.data[i], name) == 0)
			return true;
	}
	return false;
}
