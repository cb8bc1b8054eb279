/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_types.c: D's types over the kernel's BTF: type names as D programs write them, pointer
 * and array types, struct and union members, sizeof and offsetof, type compatibility, type
 * names for messages, kernel enumerators and the typed arguments of raw tracepoints.
 *
 * It sits beside the built-in types of dt_compile.c and serves semantic analysis and code
 * generation; it never reports diagnostics itself. A failed call sets cc->type_errtag and
 * cc->type_errmsg and the caller puts them at its node's location.
 *
 * BTF is read lazily: nothing here touches /sys/kernel/btf/vmlinux until a name that D's
 * own types do not know is asked for (a struct tag, a kernel typedef, an enumerator, a
 * tracepoint's arguments), so "BEGIN { exit(0); }" never pays for it. Kernel types are
 * converted one BTF id at a time into dt_type_t's in cc's arena and cached by id:
 *
 *   cc->btf_types[id] --> dt_type_t (kind, name, size, base, tag, ...)
 *
 * A struct's members are converted only when first asked for (dt_type_members), so a
 * pointer to task_struct costs one node, not the closure of the kernel's type graph; that
 * also breaks the cycles (task_struct -> real_parent -> task_struct) without any marking.
 *
 * Typedefs are resolved eagerly: "u64" is a copy of "unsigned long" named "u64", whose
 * typedef_of points at the type it stands for. const, volatile, restrict and type tags are
 * stripped. BTF's "char" (unsigned in BTF's encoding) is D's char, which is signed as on
 * x86 and as DTrace has it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "../runtime/dt_runtime.h"
#include "dt_compiler.h"

/* ---- errors ---------------------------------------------------------------------------- */

static int
dt_type_fail(dt_compile_t *cc, dt_errtag_t tag, int err, const char *fmt, ...)
	DT_PRINTF(4, 5);

/* Record the failure of a dt_type_* call; returns -err for "return dt_type_fail(...)". */
static int
dt_type_fail(dt_compile_t *cc, dt_errtag_t tag, int err, const char *fmt, ...)
{
	dt_strbuf_t sb = {0};
	va_list ap;

	va_start(ap, fmt);
	dt_sb_vprintf(&sb, fmt, ap);
	va_end(ap);
	cc->type_errtag = tag;
	cc->type_errmsg = dt_arena_strdup(&cc->arena, dt_sb_str(&sb));
	dt_sb_free(&sb);
	return -err;
}

/* ---- loading BTF ----------------------------------------------------------------------- */

struct btf *
dt_type_btf(dt_compile_t *cc)
{
	struct btf *btf;

	if (cc->btf || cc->btf_tried)
		return cc->btf;
	cc->btf_tried = true;
	errno = 0;
	btf = cc->btf_path ? btf__parse(cc->btf_path, NULL) : btf__load_vmlinux_btf();
	if (!btf || libbpf_get_error(btf)) {
		cc->btf_err = errno ? errno : ENOENT;
		return NULL;
	}
	cc->btf = btf;
	cc->nbtf_types = btf__type_cnt(btf);
	cc->btf_types = dt_xcalloc(cc->nbtf_types, sizeof(*cc->btf_types));
	return btf;
}

void
dt_types_fini(dt_compile_t *cc)
{
	btf__free(cc->btf);	/* a module's split BTF before the vmlinux BTF under it */
	btf__free(cc->btf_vmlinux);
	cc->btf = cc->btf_vmlinux = NULL;
	cc->btf_module = NULL;
	free(cc->btf_types);
	cc->btf_types = NULL;
	cc->nbtf_types = 0;
	cc->btf_tried = false;
	dt_vec_free(&cc->ptr_types);
	dt_vec_free(&cc->dtypes);
}

/* The reason kernel types are unavailable, for "failed to resolve type X: <reason>". */
static const char *
dt_type_nobtf(dt_compile_t *cc)
{
	return dt_arena_printf(&cc->arena, "kernel types are unavailable (cannot load %s: %s)",
			       cc->btf_path ? cc->btf_path : "/sys/kernel/btf/vmlinux",
			       strerror(cc->btf_err));
}

/* ---- names ----------------------------------------------------------------------------- */

/* Is t printed by its own name (not built from its base, as pointers and arrays are)? */
static bool
dt_type_is_named(const dt_type_t *t)
{
	return t->typedef_of || (t->kind != DT_TYPE_PTR && t->kind != DT_TYPE_ARRAY &&
				 t->kind != DT_TYPE_FUNC);
}

/*
 * C's declarator syntax inside out: walking from t towards its named base, a pointer
 * prepends "*", an array or function appends "[n]" or "(params)", with parentheses when a
 * suffix follows a pointer: int *[4] is an array of pointers, int (*)[4] a pointer to one.
 */
void
dt_type_name_of(const dt_type_t *t, dt_strbuf_t *sb)
{
	dt_strbuf_t inner = {0}, tmp = {0};

	if (!t) {
		dt_sb_puts(sb, "<error>");
		return;
	}
	while (!dt_type_is_named(t)) {
		dt_sb_reset(&tmp);
		switch (t->kind) {
		case DT_TYPE_PTR:
			dt_sb_printf(&tmp, "*%s", dt_sb_str(&inner));
			break;
		case DT_TYPE_ARRAY:
		case DT_TYPE_FUNC:
			if (inner.len && inner.s[0] == '*')
				dt_sb_printf(&tmp, "(%s)", inner.s);
			else
				dt_sb_puts(&tmp, dt_sb_str(&inner));
			if (t->kind == DT_TYPE_ARRAY) {
				dt_sb_printf(&tmp, "[%u]", t->nelems);
				break;
			}
			dt_sb_putc(&tmp, '(');
			for (uint32_t i = 0; i < t->nparams; i++) {
				if (i)
					dt_sb_puts(&tmp, ", ");
				dt_type_name_of(t->params[i], &tmp);
			}
			if (t->varargs)
				dt_sb_puts(&tmp, t->nparams ? ", ..." : "...");
			else if (!t->nparams)
				dt_sb_puts(&tmp, "void");
			dt_sb_putc(&tmp, ')');
			break;
		case DT_TYPE_VOID:
		case DT_TYPE_INT:
		case DT_TYPE_STRING:
		case DT_TYPE_STRUCT:
		case DT_TYPE_UNION:
		case DT_TYPE_ENUM:
		case DT_TYPE_FLOAT:
			break;
		}
		dt_sb_reset(&inner);
		dt_sb_puts(&inner, dt_sb_str(&tmp));
		t = t->base;
		if (!t)
			break;
	}
	dt_sb_puts(sb, t && t->name ? t->name : "<error>");
	if (inner.len) {
		dt_sb_putc(sb, ' ');
		dt_sb_puts(sb, inner.s);
	}
	dt_sb_free(&inner);
	dt_sb_free(&tmp);
}

/* t's C name in cc's arena. */
static const char *
dt_type_arena_name(dt_compile_t *cc, const dt_type_t *t)
{
	dt_strbuf_t sb = {0};
	const char *s;

	dt_type_name_of(t, &sb);
	s = dt_arena_strdup(&cc->arena, dt_sb_str(&sb));
	dt_sb_free(&sb);
	return s;
}

/* ---- scopes ---------------------------------------------------------------------------- */

static int dt_type_module_btf(dt_compile_t *cc, const char *mod, size_t n, const char *what);

/* Is scope (n bytes) one of D's own or the kernel's own names? */
static bool
dt_type_unscope_own(const char *scope, size_t n)
{
	static const char *const own[] = { "D", "C", "vmlinux", "genunix", "unix" };

	for (size_t i = 0; i < DT_ARRAY_SIZE(own); i++) {
		if (strlen(own[i]) == n && strncmp(own[i], scope, n) == 0)
			return true;
	}
	return false;
}

const char *
dt_type_unscope(dt_compile_t *cc, const char *name, const char *what)
{
	const char *q = strrchr(name, '`');
	size_t n;

	if (!q)
		return name;
	n = (size_t)(q - name);
	if (dt_type_unscope_own(name, n))
		return q + 1;
	/*
	 * A kernel module, by a name that is one path element: its own types and the
	 * kernel's (dt_type_module_btf). As in DTrace, a module whose own BTF is not there
	 * (one built in, or not there at all) has the kernel's types: DTrace takes it for a
	 * built-in module, whose types vmlinux holds (struct can`dev_rcv_lists where CAN is
	 * built in). A name not found says where the module is (dt_type_module_note).
	 */
	if (n && strspn(name, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") ==
	    n)
		return dt_type_module_btf(cc, name, n, what) == 0 ? q + 1 : NULL;
	dt_type_fail(cc, D_UNKNOWN, ENOENT, "failed to resolve type %s: Unknown module name", what);
	return NULL;
}

/* The directory of the kernel's modules: -x modpath, else /lib/modules/RELEASE. */
static const char *
dt_type_modpath(dt_compile_t *cc)
{
	struct utsname u;

	if (cc->dtp && cc->dtp->opts.modpath[0])
		return cc->dtp->opts.modpath;
	return uname(&u) == 0 ? dt_arena_printf(&cc->arena, "/lib/modules/%s", u.release) : NULL;
}

/*
 * The file of module mod (n bytes; '-' and '_' are the same in module names) installed for
 * the kernel, as its modules.dep names it ("kernel/net/can/can.ko.xz: ..."), or NULL.
 */
static const char *
dt_type_module_file(dt_compile_t *cc, const char *mod, size_t n)
{
	const char *dir = dt_type_modpath(cc), *file = NULL;
	char line[4096];
	FILE *f;

	if (!dir || !(f = fopen(dt_arena_printf(&cc->arena, "%s/modules.dep", dir), "r")))
		return NULL;
	while (!file && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':'), *base, *ko;
		bool same = true;

		if (!colon)
			continue;
		*colon = '\0';
		base = strrchr(line, '/') ? strrchr(line, '/') + 1 : line;
		if (!(ko = strstr(base, ".ko")) || (size_t)(ko - base) != n)
			continue;
		for (size_t i = 0; i < n && same; i++)
			same = base[i] == mod[i] || (strchr("-_", base[i]) && strchr("-_", mod[i]));
		if (same)
			file = dt_arena_printf(&cc->arena, "%s/%s", dir, line);
	}
	fclose(f);
	return file;
}

/* Is file a compressed module (.ko.xz, .ko.zst, .ko.gz), which is not read here? */
static bool
dt_type_module_compressed(const char *file)
{
	const char *ko = strstr(file, ".ko");

	return ko && ko[3] != '\0';
}

/*
 * Read module mod's own types (n bytes of name), as DTrace knows the types of a module
 * loaded or only installed: its split BTF on top of vmlinux's, from /sys/kernel/btf/MOD when
 * it is loaded, else from the .BTF section of its file. cc->btf becomes the split handle,
 * which answers vmlinux's ids unchanged and the module's after them, so the types converted
 * so far stay right. One module's own types per compile: a second module's are refused.
 * A module with no BTF of its own (built in, not there, compressed, or built without BTF)
 * has the kernel's types alone, as in DTrace. 0, or -1 with the reason in cc->type_errmsg.
 */
static int
dt_type_module_btf(dt_compile_t *cc, const char *mod, size_t n, const char *what)
{
	const char *name = dt_arena_printf(&cc->arena, "%.*s", (int)n, mod);
	const char *path = dt_arena_printf(&cc->arena, "/sys/kernel/btf/%s", name);
	const dt_type_t **types;
	struct btf *split;
	uint32_t cnt;

	if (cc->btf_module && strcmp(cc->btf_module, name) == 0)
		return 0;
	if (access(path, R_OK) != 0 && (!(path = dt_type_module_file(cc, mod, n)) ||
					 dt_type_module_compressed(path)))
		return 0;
	if (!dt_type_btf(cc))
		return 0;	/* reported where a type is looked up */
	split = btf__parse_split(path, cc->btf_vmlinux ? cc->btf_vmlinux : cc->btf);
	if (!split || libbpf_get_error(split))
		return 0;	/* no .BTF: the kernel's types */
	if (cc->btf_module) {
		btf__free(split);
		dt_type_fail(cc, D_UNKNOWN, ENOTSUP, "failed to resolve type %s: the types of "
			     "module %s after module %s's (one module's own types per program)",
			     what, name, cc->btf_module);
		return -1;
	}
	cnt = btf__type_cnt(split);
	types = realloc(cc->btf_types, cnt * sizeof(*types));
	if (!types) {
		btf__free(split);
		return 0;
	}
	memset(types + cc->nbtf_types, 0, (cnt - cc->nbtf_types) * sizeof(*types));
	cc->btf_types = types;
	cc->nbtf_types = cnt;
	cc->btf_vmlinux = cc->btf;
	cc->btf = split;
	cc->btf_module = name;
	return 0;
}

/*
 * For a name a module's scope did not find: where the module is, when the kernel has not
 * loaded it (no /sys/module/mod); "" when what names no module or a loaded one.
 */
const char *
dt_type_module_note(dt_compile_t *cc, const char *what)
{
	const char *q = strchr(what, '`'), *p = q, *file;

	if (!q)
		return "";
	while (p > what && p[-1] != ' ')
		p--;
	if (dt_type_unscope_own(p, (size_t)(q - p)) ||
	    access(dt_arena_printf(&cc->arena, "/sys/module/%.*s", (int)(q - p), p), F_OK) == 0)
		return "";
	file = dt_type_module_file(cc, p, (size_t)(q - p));
	if (!file)
		return dt_arena_printf(&cc->arena, " (module %.*s is neither loaded nor installed)",
				       (int)(q - p), p);
	if (dt_type_module_compressed(file))
		return dt_arena_printf(&cc->arena, " (module %.*s is not loaded, and its file %s "
				       "is compressed: its own types are not read)", (int)(q - p),
				       p, file);
	return "";
}

/* ---- derived types --------------------------------------------------------------------- */

static dt_type_t *
dt_type_new(dt_compile_t *cc, dt_type_kind_t kind)
{
	dt_type_t *t = dt_arena_alloc(&cc->arena, sizeof(*t));

	t->kind = kind;
	return t;
}

const dt_type_t *
dt_type_ptr(dt_compile_t *cc, const dt_type_t *base)
{
	dt_type_t *t;

	for (size_t i = 0; i < cc->ptr_types.len; i++) {
		if (cc->ptr_types.data[i]->base == base)
			return cc->ptr_types.data[i];
	}
	t = dt_type_new(cc, DT_TYPE_PTR);
	t->size = 8;
	t->base = base;
	t->name = dt_type_arena_name(cc, t);
	dt_vec_push(&cc->ptr_types, t);
	return t;
}

const dt_type_t *
dt_type_array(dt_compile_t *cc, const dt_type_t *elem, uint32_t n)
{
	dt_type_t *t = dt_type_new(cc, DT_TYPE_ARRAY);
	uint64_t size = (uint64_t)elem->size * n;

	t->size = size > UINT32_MAX ? UINT32_MAX : (uint32_t)size;
	t->base = elem;
	t->nelems = n;
	t->incomplete = elem->incomplete;
	t->name = dt_type_arena_name(cc, t);
	return t;
}

static const dt_type_t *
dt_type_func(dt_compile_t *cc, const dt_type_t *ret, const dt_type_t **params, uint32_t n,
	     bool varargs)
{
	dt_type_t *t = dt_type_new(cc, DT_TYPE_FUNC);
	const dt_type_t **p = dt_arena_alloc(&cc->arena, (n ? n : 1) * sizeof(*p));

	if (n)
		memcpy(p, params, n * sizeof(*p));
	t->base = ret;
	t->params = p;
	t->nparams = n;
	t->varargs = varargs;
	t->name = dt_type_arena_name(cc, t);
	return t;
}

const dt_type_t *
dt_type_resolve(const dt_type_t *t)
{
	while (t && t->typedef_of)
		t = t->typedef_of;
	return t;
}

/* ---- converting BTF types -------------------------------------------------------------- */

static const char *
dt_btf_name(const struct btf *btf, uint32_t off)
{
	const char *s = btf__name_by_offset(btf, off);

	return s ? s : "";
}

static const dt_type_t *dt_btf_type(dt_compile_t *cc, uint32_t id);

/* A struct, union or enum: its name is "struct tag" (or "struct (anon)"). */
static dt_type_t *
dt_btf_tagged(dt_compile_t *cc, dt_type_kind_t kind, const char *tag, uint32_t size, int id)
{
	static const char *const kw[] = {
		[DT_TYPE_STRUCT] = "struct", [DT_TYPE_UNION] = "union", [DT_TYPE_ENUM] = "enum",
	};
	dt_type_t *t = dt_type_new(cc, kind);

	t->tag = dt_arena_strdup(&cc->arena, tag);
	t->name = dt_arena_printf(&cc->arena, "%s %s", kw[kind], *tag ? tag : "(anon)");
	t->size = size;
	t->btf_id = id;
	return t;
}

/* BTF's integers as D's: the shared built-in instances where D has one of that size. */
static const dt_type_t *
dt_btf_int(dt_compile_t *cc, const struct btf_type *bt, const char *name)
{
	uint8_t enc = btf_int_encoding(bt);
	dt_type_t *t;

	if (strcmp(name, "char") == 0)
		return dt_type_named(cc, "char");
	if ((enc & BTF_INT_BOOL) && bt->size == 1)
		return dt_type_named(cc, "_Bool");	/* the kernel's bool is D's */
	if (!(enc & BTF_INT_BOOL) && btf_int_bits(bt) == bt->size * 8 && bt->size <= 8 &&
	    dt_type_int(cc, bt->size, enc & BTF_INT_SIGNED))
		return dt_type_int(cc, bt->size, enc & BTF_INT_SIGNED);
	t = dt_type_new(cc, DT_TYPE_INT);	/* __int128 */
	t->name = dt_arena_strdup(&cc->arena, name);
	t->size = bt->size;
	t->is_signed = enc & BTF_INT_SIGNED;
	return t;
}

/* A forward declaration: the full definition when BTF has one, else an incomplete type. */
static const dt_type_t *
dt_btf_fwd(dt_compile_t *cc, uint32_t id, const char *tag, bool is_union)
{
	int full = btf__find_by_name_kind(cc->btf, tag, is_union ? BTF_KIND_UNION :
					  BTF_KIND_STRUCT);
	dt_type_t *t;

	if (full > 0 && (uint32_t)full != id)
		return dt_btf_type(cc, (uint32_t)full);
	t = dt_btf_tagged(cc, is_union ? DT_TYPE_UNION : DT_TYPE_STRUCT, tag, 0, (int)id);
	t->incomplete = true;
	t->members_loaded = true;
	return t;
}

static const dt_type_t *
dt_btf_proto(dt_compile_t *cc, const struct btf_type *bt)
{
	const struct btf_param *p = btf_params(bt);
	uint16_t n = btf_vlen(bt);
	const dt_type_t **params = dt_xcalloc(n ? n : 1, sizeof(*params));
	const dt_type_t *ret = dt_btf_type(cc, bt->type), *t;
	uint32_t np = 0;
	bool varargs = false;

	for (uint16_t i = 0; i < n; i++) {
		if (i == n - 1 && p[i].type == 0) {	/* a trailing void: "..." */
			varargs = true;
			break;
		}
		params[np] = dt_btf_type(cc, p[i].type);
		if (!params[np])
			params[np] = dt_type_void(cc);
		np++;
	}
	t = dt_type_func(cc, ret ? ret : dt_type_void(cc), params, np, varargs);
	free(params);
	return t;
}

/* Convert BTF type id (cached); NULL for kinds D has no type for (VAR, DATASEC). */
static const dt_type_t *
dt_btf_type(dt_compile_t *cc, uint32_t id)
{
	const struct btf_type *bt;
	const dt_type_t *t = NULL;
	dt_type_t *nt;
	const char *name;

	if (id == 0)
		return dt_type_void(cc);
	if (!cc->btf || id >= cc->nbtf_types)
		return NULL;
	if (cc->btf_types[id])
		return cc->btf_types[id];
	bt = btf__type_by_id(cc->btf, id);
	if (!bt)
		return NULL;
	name = dt_btf_name(cc->btf, bt->name_off);

	switch (btf_kind(bt)) {
	case BTF_KIND_INT:
		t = dt_btf_int(cc, bt, name);
		break;
	case BTF_KIND_FLOAT:
		t = dt_type_named(cc, bt->size == 4 ? "float" : bt->size == 8 ? "double" :
				  "long double");
		break;
	case BTF_KIND_PTR:
		t = dt_btf_type(cc, bt->type);
		t = dt_type_ptr(cc, t ? t : dt_type_void(cc));
		break;
	case BTF_KIND_ARRAY: {
		const struct btf_array *a = btf_array(bt);

		t = dt_btf_type(cc, a->type);
		if (t)
			t = dt_type_array(cc, t, a->nelems);
		break;
	}
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		t = dt_btf_tagged(cc, btf_is_struct(bt) ? DT_TYPE_STRUCT : DT_TYPE_UNION, name,
				  bt->size, (int)id);
		break;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		nt = dt_btf_tagged(cc, DT_TYPE_ENUM, name, bt->size, (int)id);
		nt->is_signed = btf_kflag(bt);
		t = nt;
		break;
	case BTF_KIND_FWD:
		t = dt_btf_fwd(cc, id, name, btf_kflag(bt));
		break;
	case BTF_KIND_TYPEDEF: {
		const dt_type_t *to = dt_btf_type(cc, bt->type);

		if (!to)
			break;
		nt = dt_type_new(cc, to->kind);
		*nt = *to;
		nt->name = dt_arena_strdup(&cc->arena, name);
		nt->typedef_of = to;
		t = nt;
		break;
	}
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
	case BTF_KIND_FUNC:
		t = dt_btf_type(cc, bt->type);
		break;
	case BTF_KIND_FUNC_PROTO:
		t = dt_btf_proto(cc, bt);
		break;
	default:	/* VAR, DATASEC, DECL_TAG: not types a D expression can have */
		return NULL;
	}
	cc->btf_types[id] = t;
	return t;
}

/* Read a struct's or union's members, or an enum's enumerators, from BTF (once). */
static void
dt_type_load(dt_compile_t *cc, const dt_type_t *ct)
{
	dt_type_t *t = (dt_type_t *)ct;	/* ours: made by dt_btf_tagged in cc's arena */
	const struct btf_type *bt;
	uint16_t n;

	if (t->members_loaded || !t->btf_id || !cc->btf)
		return;
	t->members_loaded = true;
	bt = btf__type_by_id(cc->btf, (uint32_t)t->btf_id);
	n = btf_vlen(bt);
	if (btf_is_composite(bt)) {
		const struct btf_member *m = btf_members(bt);
		dt_member_t *ms = dt_arena_alloc(&cc->arena, (n ? n : 1) * sizeof(*ms));

		for (uint16_t i = 0; i < n; i++) {
			const dt_type_t *mt = dt_btf_type(cc, m[i].type);

			ms[i].name = dt_btf_name(cc->btf, m[i].name_off);
			ms[i].type = mt ? mt : dt_type_void(cc);
			ms[i].bit_off = btf_member_bit_offset(bt, i);
			ms[i].bit_size = btf_member_bitfield_size(bt, i);
		}
		t->members = ms;
		t->nmembers = n;
	} else if (btf_is_any_enum(bt)) {
		dt_enumerator_t *es = dt_arena_alloc(&cc->arena, (n ? n : 1) * sizeof(*es));

		for (uint16_t i = 0; i < n; i++) {
			if (btf_is_enum(bt)) {
				const struct btf_enum *e = &btf_enum(bt)[i];

				es[i].name = dt_btf_name(cc->btf, e->name_off);
				es[i].value = btf_kflag(bt) ? (int64_t)e->val :
					(int64_t)(uint32_t)e->val;
			} else {
				const struct btf_enum64 *e = &btf_enum64(bt)[i];

				es[i].name = dt_btf_name(cc->btf, e->name_off);
				es[i].value = (int64_t)btf_enum64_value(e);
			}
		}
		t->enums = es;
		t->nenums = n;
	}
}

const dt_member_t *
dt_type_members(dt_compile_t *cc, const dt_type_t *t, uint32_t *n)
{
	t = dt_type_resolve(t);
	*n = 0;
	if (!t || (t->kind != DT_TYPE_STRUCT && t->kind != DT_TYPE_UNION))
		return NULL;
	dt_type_load(cc, t);
	*n = t->nmembers;
	return t->members;
}

const dt_enumerator_t *
dt_type_enums(dt_compile_t *cc, const dt_type_t *t, uint32_t *n)
{
	t = dt_type_resolve(t);
	*n = 0;
	if (!t || t->kind != DT_TYPE_ENUM)
		return NULL;
	dt_type_load(cc, t);
	*n = t->nenums;
	return t->enums;
}

/* ---- parsing type names ---------------------------------------------------------------- */

/*
 * A type name is tokenized on the fly: identifiers and keywords, integers, and the
 * punctuation of declarators. The grammar (C's, without names):
 *
 *   type-name    := specifiers abstract-declarator
 *   specifiers   := { const | volatile | restrict | signed | unsigned | char | short | int
 *                    | long | void | float | double | string }
 *                 | (struct | union | enum) tag | typedef-name
 *   abstract     := { '*' { qualifier } } [ '(' abstract ')' ] { suffix }
 *   suffix       := '[' integer ']' | '(' [ 'void' | params [ ',' '...' ] | '...' ] ')'
 */
enum { DT_TT_EOF, DT_TT_IDENT, DT_TT_NUM, DT_TT_PUNCT, DT_TT_BAD };

typedef struct dt_tparse {
	dt_compile_t *cc;
	const char *spelling;	/* the whole type name, for messages */
	const char *p;		/* the current token */
	int kind;		/* its DT_TT_* */
	size_t len;
	bool failed;
	int in_params;		/* inside a function's parameter list */
} dt_tparse_t;

static void
dt_tp_scan(dt_tparse_t *tp)
{
	const char *p = tp->p;

	while (*p == ' ' || *p == '\t' || *p == '\n')
		p++;
	tp->p = p;
	tp->len = 1;
	if (!*p) {
		tp->kind = DT_TT_EOF;
		tp->len = 0;
	} else if (*p == '_' || (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z')) {
		while (p[tp->len] == '_' || (p[tp->len] >= 'a' && p[tp->len] <= 'z') ||
		       (p[tp->len] >= 'A' && p[tp->len] <= 'Z') ||
		       (p[tp->len] >= '0' && p[tp->len] <= '9') || p[tp->len] == '`')
			tp->len++;	/* with a module's scope: "vmlinux`u64" */
		tp->kind = DT_TT_IDENT;
	} else if (*p >= '0' && *p <= '9') {
		while ((p[tp->len] >= '0' && p[tp->len] <= '9') ||
		       (p[tp->len] >= 'a' && p[tp->len] <= 'z') ||
		       (p[tp->len] >= 'A' && p[tp->len] <= 'Z'))
			tp->len++;
		tp->kind = DT_TT_NUM;
	} else if (strncmp(p, "...", 3) == 0) {
		tp->kind = DT_TT_PUNCT;
		tp->len = 3;
	} else if (strchr("*[](),", *p)) {
		tp->kind = DT_TT_PUNCT;
	} else {
		tp->kind = DT_TT_BAD;
	}
}

static void
dt_tp_next(dt_tparse_t *tp)
{
	tp->p += tp->len;
	dt_tp_scan(tp);
}

static bool
dt_tp_is(const dt_tparse_t *tp, const char *s)
{
	return tp->kind != DT_TT_EOF && tp->len == strlen(s) && strncmp(tp->p, s, tp->len) == 0;
}

static bool
dt_tp_accept(dt_tparse_t *tp, const char *s)
{
	if (!dt_tp_is(tp, s))
		return false;
	dt_tp_next(tp);
	return true;
}

static const dt_type_t *
dt_tp_error(dt_tparse_t *tp)
{
	if (!tp->failed) {
		if (tp->kind == DT_TT_EOF)
			dt_type_fail(tp->cc, D_SYNTAX, EINVAL,
				     "syntax error in type name \"%s\": unexpected end",
				     tp->spelling);
		else
			dt_type_fail(tp->cc, D_SYNTAX, EINVAL,
				     "syntax error in type name \"%s\" near \"%.*s\"", tp->spelling,
				     (int)tp->len, tp->p);
	}
	tp->failed = true;
	return NULL;
}

static const dt_type_t *
dt_tp_unknown(dt_tparse_t *tp, const char *what)
{
	dt_compile_t *cc = tp->cc;

	if (!tp->failed)
		dt_type_fail(cc, D_UNKNOWN, ENOENT, "failed to resolve type %s: %s%s", what,
			     cc->btf || !cc->btf_tried ? "Unknown type name" : dt_type_nobtf(cc),
			     dt_type_module_note(cc, what));
	tp->failed = true;
	return NULL;
}

/*
 * The words of a basic type, in any order, as one of D's built-in spellings. DTrace checks
 * the words of a declaration as they come (dt_tp_decl_check); the first error found is the
 * one reported, with DTrace's tag.
 */
struct dt_tspec {
	int sign;		/* 0, 's' or 'u'; -1 for both */
	int shorts, longs;
	const char *base;	/* "char", "int", "void", "float", "double", "string" or NULL */
	bool named;		/* a typedef, struct, union or enum name stands in for the base */
	int nwords;
	bool bad;		/* an error was found: tag, and msg (NULL: two base words) */
	dt_errtag_t tag;
	const char *msg;
};

/* DTrace's rules for the words seen so far, once there is a base type to check them with. */
static void
dt_tp_decl_check(struct dt_tspec *sp)
{
	const char *b = sp->base ? sp->base : "";
	bool integer = !strcmp(b, "char") || !strcmp(b, "int") || !strcmp(b, "void");
	bool floating = !strcmp(b, "float") || !strcmp(b, "double");

	if (sp->bad || (!sp->base && !sp->named))
		return;
	sp->bad = true;
	if (!strcmp(b, "char") && (sp->shorts || sp->longs)) {
		sp->tag = D_DECL_CHARATTR;
		sp->msg = "invalid type declaration: short and long may not be used with char type";
	} else if (!strcmp(b, "void") && (sp->shorts || sp->longs || sp->sign)) {
		sp->tag = D_DECL_VOIDATTR;
		sp->msg = "invalid type declaration: attributes may not be used with void type";
	} else if (!integer && sp->sign) {
		sp->tag = D_DECL_SIGNINT;
		sp->msg = "invalid type declaration: signed and unsigned may only be used with "
			  "integer type";
	} else if (!integer && !floating && sp->longs) {
		sp->tag = D_DECL_LONGINT;
		sp->msg = "invalid type declaration: long and long long may only be used with "
			  "integer or floating-point type";
	} else {
		sp->bad = false;
	}
}

static bool
dt_tp_basic_word(struct dt_tspec *sp, const char *w, size_t len)
{
	static const char *const bases[] = { "char", "int", "void", "float", "double", "string" };

	if (len == 6 && strncmp(w, "signed", 6) == 0)
		sp->sign = sp->sign ? -1 : 's';
	else if (len == 8 && strncmp(w, "unsigned", 8) == 0)
		sp->sign = sp->sign ? -1 : 'u';
	else if (len == 5 && strncmp(w, "short", 5) == 0)
		sp->shorts++;
	else if (len == 4 && strncmp(w, "long", 4) == 0)
		sp->longs++;
	else {
		size_t i;

		for (i = 0; i < DT_ARRAY_SIZE(bases); i++) {
			if (strlen(bases[i]) == len && strncmp(w, bases[i], len) == 0)
				break;
		}
		if (i == DT_ARRAY_SIZE(bases))
			return false;
		if (sp->base && !sp->bad) {
			sp->bad = true;
			sp->tag = D_DECL_COMBO;
		}
		sp->base = bases[i];
	}
	sp->nwords++;
	dt_tp_decl_check(sp);
	return true;
}

/* Does this combination of words name one of D's types ("short short" is short, as there)? */
static bool
dt_tp_basic_ok(const struct dt_tspec *sp)
{
	const char *b = sp->base;

	if (sp->sign < 0 || (sp->shorts && sp->longs) || sp->longs > 2)
		return false;
	if (!b || strcmp(b, "int") == 0 || strcmp(b, "char") == 0 || strcmp(b, "void") == 0)
		return true;
	if (strcmp(b, "double") == 0)
		return !sp->shorts && sp->longs <= 1;
	return !sp->shorts && !sp->longs;	/* float, string */
}

/* The error of a spelling whose words do not make a type: DTrace's check, or none found. */
static const dt_type_t *
dt_tp_words_fail(dt_tparse_t *tp, const struct dt_tspec *sp, const char *words)
{
	dt_compile_t *cc = tp->cc;

	if (!tp->failed) {
		if (sp->bad && sp->msg)
			dt_type_fail(cc, sp->tag, EINVAL, "%s", sp->msg);
		else if (sp->bad)
			dt_type_fail(cc, D_DECL_COMBO, EINVAL, "invalid type combination");
		else {
			/* DTrace names the type by its words in its own order: "long short"
			 * is "short long " (each word followed by a space, then the base) */
			dt_strbuf_t nm = {0};

			dt_sb_puts(&nm, sp->sign == 's' ? "signed " : sp->sign == 'u' ?
				   "unsigned " : "");
			for (int i = 0; i < sp->shorts; i++)
				dt_sb_puts(&nm, "short ");
			for (int i = 0; i < sp->longs; i++)
				dt_sb_puts(&nm, "long ");
			dt_sb_puts(&nm, sp->base ? sp->base : "");
			dt_type_fail(cc, D_UNKNOWN, ENOENT, "failed to resolve type %s: Unknown "
				     "type name", sp->sign < 0 ? words : dt_sb_str(&nm));
			dt_sb_free(&nm);
		}
	}
	tp->failed = true;
	return NULL;
}

static const dt_type_t *
dt_tp_basic(dt_tparse_t *tp, const struct dt_tspec *sp, const char *words)
{
	dt_strbuf_t sb = {0};
	const dt_type_t *t = NULL;

	if (!sp->bad && dt_tp_basic_ok(sp)) {
		/* words in the built-in table's order: "long unsigned" is "unsigned long" */
		if (sp->sign)
			dt_sb_puts(&sb, sp->sign == 's' ? "signed " : "unsigned ");
		if (sp->shorts)
			dt_sb_puts(&sb, "short ");
		for (int i = 0; i < sp->longs; i++)
			dt_sb_puts(&sb, "long ");
		if (sp->base)
			dt_sb_puts(&sb, sp->base);
		if (sb.len && sb.s[sb.len - 1] == ' ')
			sb.s[--sb.len] = '\0';
		t = dt_type_named(tp->cc, dt_sb_str(&sb));
		dt_sb_free(&sb);
	}
	return t ? t : dt_tp_words_fail(tp, sp, words);
}

/* A struct, union or enum tag, from the kernel's BTF. */
static const dt_type_t *
dt_tp_tagged(dt_tparse_t *tp, const char *kw, const char *tag)
{
	dt_compile_t *cc = tp->cc;
	const char *what = dt_arena_printf(&cc->arena, "%s %s", kw, tag);
	int kind = kw[0] == 's' ? BTF_KIND_STRUCT : kw[0] == 'u' ? BTF_KIND_UNION :
		BTF_KIND_ENUM;
	const dt_type_t *dt;
	int id;

	if (!(tag = dt_type_unscope(cc, tag, what))) {
		tp->failed = true;
		return NULL;
	}
	dt = dt_type_dfind(cc, kw[0], tag);
	if (dt)
		return dt;
	if (tp->in_params && (!dt_type_btf(cc) || btf__find_by_name(cc->btf, tag) < 0))
		return dt_type_dtag(cc, kw[0], tag);	/* only named, as C allows (DTrace too) */
	if (!dt_type_btf(cc))
		return dt_tp_unknown(tp, what);
	id = btf__find_by_name_kind(cc->btf, tag, kind);
	if (id < 0 && kind == BTF_KIND_ENUM)
		id = btf__find_by_name_kind(cc->btf, tag, BTF_KIND_ENUM64);
	if (id < 0 && kind != BTF_KIND_ENUM) {
		/* only declared (struct foo;): an incomplete type pointers can still name */
		int fwd = btf__find_by_name_kind(cc->btf, tag, BTF_KIND_FWD);

		if (fwd > 0 && btf_kflag(btf__type_by_id(cc->btf, (uint32_t)fwd)) ==
		    (kind == BTF_KIND_UNION))
			id = fwd;
	}
	if (id <= 0)
		return dt_tp_unknown(tp, what);
	return dt_btf_type(cc, (uint32_t)id);
}

/* A typedef name: D's first, then the kernel's (typedefs and base types like _Bool). */
static const dt_type_t *
dt_tp_typedef(dt_tparse_t *tp, const char *name)
{
	static const int kinds[] = { BTF_KIND_TYPEDEF, BTF_KIND_INT, BTF_KIND_FLOAT };
	dt_compile_t *cc = tp->cc;
	const char *bare = dt_type_unscope(cc, name, name);
	const dt_type_t *t;

	if (!bare) {
		tp->failed = true;
		return NULL;
	}
	t = dt_type_named(cc, bare);
	if (!t)
		t = dt_type_dfind(cc, 't', bare);
	if (t)
		return t;
	if (!dt_type_btf(cc))
		return dt_tp_unknown(tp, name);
	for (size_t i = 0; i < DT_ARRAY_SIZE(kinds); i++) {
		int id = btf__find_by_name_kind(cc->btf, bare, kinds[i]);

		if (id > 0 && (t = dt_btf_type(cc, (uint32_t)id)))
			return t;
	}
	return dt_tp_unknown(tp, name);
}

static bool
dt_tp_is_qualifier(const dt_tparse_t *tp)
{
	return dt_tp_is(tp, "const") || dt_tp_is(tp, "volatile") || dt_tp_is(tp, "restrict");
}

static const dt_type_t *
dt_tp_specifiers(dt_tparse_t *tp)
{
	struct dt_tspec sp = {0};
	const char *start = NULL, *end = NULL;
	const dt_type_t *t = NULL;

	while (tp->kind == DT_TT_IDENT) {
		if (dt_tp_is_qualifier(tp)) {
			dt_tp_next(tp);
			continue;
		}
		/* signed, unsigned, short, long with a type name: DTrace's checks (below) */
		if (t && !sp.base && dt_tp_basic_word(&sp, tp->p, tp->len) && !sp.base) {
			end = tp->p + tp->len;
			dt_tp_next(tp);
			continue;
		}
		if (t)
			return dt_tp_error(tp);
		if (!start)
			start = tp->p;
		if (dt_tp_is(tp, "struct") || dt_tp_is(tp, "union") || dt_tp_is(tp, "enum")) {
			char *kw = dt_arena_strndup(&tp->cc->arena, tp->p, tp->len);

			if (sp.base)
				return dt_tp_error(tp);
			dt_tp_next(tp);
			if (tp->kind != DT_TT_IDENT)
				return dt_tp_error(tp);
			t = dt_tp_tagged(tp, kw, dt_arena_strndup(&tp->cc->arena, tp->p, tp->len));
			if (!t)
				return NULL;
			end = tp->p + tp->len;
			dt_tp_next(tp);
			continue;
		}
		if (dt_tp_basic_word(&sp, tp->p, tp->len)) {
			end = tp->p + tp->len;
			dt_tp_next(tp);
			continue;
		}
		if (sp.base)
			return dt_tp_error(tp);
		t = dt_tp_typedef(tp, dt_arena_strndup(&tp->cc->arena, tp->p, tp->len));
		if (!t)
			return NULL;
		end = tp->p + tp->len;
		dt_tp_next(tp);
	}
	if (t && sp.nwords) {
		/* "unsigned uint32_t", "long pid_t": only DTrace's checks name such a type */
		sp.named = true;
		dt_tp_decl_check(&sp);
		return dt_tp_words_fail(tp, &sp, dt_arena_strndup(&tp->cc->arena, start,
								   (size_t)(end - start)));
	}
	if (t)
		return t;
	if (!sp.nwords)
		return dt_tp_error(tp);
	return dt_tp_basic(tp, &sp, dt_arena_strndup(&tp->cc->arena, start,
						      (size_t)(end - start)));
}

static const dt_type_t *dt_tp_abstract(dt_tparse_t *tp, const dt_type_t *t);

/* A whole type name inside a parameter list. */
static const dt_type_t *
dt_tp_typename(dt_tparse_t *tp)
{
	const dt_type_t *t = dt_tp_specifiers(tp);

	return t ? dt_tp_abstract(tp, t) : NULL;
}

static const dt_type_t *
dt_tp_suffix(dt_tparse_t *tp, const dt_type_t *t)
{
	if (dt_tp_accept(tp, "[")) {
		unsigned long long n;
		char *endp;

		if (tp->kind != DT_TT_NUM)
			return dt_tp_error(tp);
		errno = 0;
		n = strtoull(tp->p, &endp, 0);
		if (errno || endp != tp->p + tp->len || n > UINT32_MAX)
			return dt_tp_error(tp);
		dt_tp_next(tp);
		if (!dt_tp_accept(tp, "]"))
			return dt_tp_error(tp);
		t = dt_tp_suffix(tp, t);
		return t ? dt_type_array(tp->cc, t, (uint32_t)n) : NULL;
	}
	if (dt_tp_accept(tp, "(")) {
		DT_VEC(const dt_type_t *) params = {0};
		bool varargs = false;
		const dt_type_t *f = NULL;

		if (dt_tp_is(tp, "void")) {	/* (void): no parameters */
			dt_tparse_t save = *tp;

			dt_tp_next(tp);
			if (!dt_tp_is(tp, ")"))
				*tp = save;
		}
		while (!dt_tp_is(tp, ")")) {
			const dt_type_t *pt;

			if (params.len && !dt_tp_accept(tp, ","))
				goto out;
			if (dt_tp_accept(tp, "...")) {
				varargs = true;
				break;
			}
			tp->in_params++;
			pt = dt_tp_typename(tp);
			tp->in_params--;
			if (!pt)
				goto out;
			dt_vec_push(&params, pt);
		}
		if (!dt_tp_accept(tp, ")")) {
			dt_tp_error(tp);
			goto out;
		}
		t = dt_tp_suffix(tp, t);
		if (t)
			f = dt_type_func(tp->cc, t, params.data, (uint32_t)params.len, varargs);
out:
		dt_vec_free(&params);
		return f ? f : tp->failed ? NULL : dt_tp_error(tp);
	}
	return t;
}

/*
 * The declarator is read inside out: in "int (*)[4]" the suffix after the parentheses
 * applies first (array of 4 int), then what is inside (pointer to it). So skip the
 * parenthesised part, read the suffixes, then go back and read the inside on top.
 */
static const dt_type_t *
dt_tp_abstract(dt_tparse_t *tp, const dt_type_t *t)
{
	for (;;) {
		if (dt_tp_accept(tp, "*"))
			t = dt_type_ptr(tp->cc, t);
		else if (dt_tp_is_qualifier(tp))
			dt_tp_next(tp);
		else
			break;
	}
	if (dt_tp_is(tp, "(")) {
		dt_tparse_t inner = *tp, after;
		int depth = 0;

		dt_tp_next(&inner);
		if (dt_tp_is(&inner, "*") || dt_tp_is(&inner, "(")) {
			do {
				if (dt_tp_is(tp, "("))
					depth++;
				else if (dt_tp_is(tp, ")"))
					depth--;
				else if (tp->kind == DT_TT_EOF)
					return dt_tp_error(tp);
				dt_tp_next(tp);
			} while (depth > 0);
			t = dt_tp_suffix(tp, t);
			if (!t)
				return NULL;
			after = *tp;
			*tp = inner;
			t = dt_tp_abstract(tp, t);
			if (!t)
				return NULL;
			if (!dt_tp_accept(tp, ")"))
				return dt_tp_error(tp);
			*tp = after;
			return t;
		}
	}
	return dt_tp_suffix(tp, t);
}

const dt_type_t *
dt_type_kstruct(dt_compile_t *cc, const char *tag)
{
	int id;

	if (!dt_type_btf(cc))
		return NULL;
	id = btf__find_by_name_kind(cc->btf, tag, BTF_KIND_STRUCT);
	return id > 0 ? dt_btf_type(cc, (uint32_t)id) : NULL;
}

const dt_type_t *
dt_type_lookup(dt_compile_t *cc, const char *spelling, char **err)
{
	dt_tparse_t tp = { .cc = cc, .spelling = spelling, .p = spelling };
	const dt_type_t *t;

	/* the common case, a built-in name as D spells it, without a parse */
	t = dt_type_named(cc, spelling);
	if (t)
		return t;
	dt_tp_scan(&tp);
	t = dt_tp_specifiers(&tp);
	if (t)
		t = dt_tp_abstract(&tp, t);
	if (t && tp.kind != DT_TT_EOF)
		t = dt_tp_error(&tp);
	if (!t && err)
		*err = (char *)cc->type_errmsg;
	return t;
}

/* ---- members, sizeof, offsetof --------------------------------------------------------- */

/* Search t's members and, recursively, its anonymous struct and union members. */
static const dt_member_t *
dt_type_find_member(dt_compile_t *cc, const dt_type_t *t, const char *name, uint32_t *bit_off)
{
	uint32_t n;
	const dt_member_t *ms = dt_type_members(cc, t, &n);

	for (uint32_t i = 0; i < n; i++) {
		if (strcmp(ms[i].name, name) == 0) {
			*bit_off += ms[i].bit_off;
			return &ms[i];
		}
	}
	for (uint32_t i = 0; i < n; i++) {
		const dt_type_t *mt = dt_type_resolve(ms[i].type);
		uint32_t off = *bit_off + ms[i].bit_off;
		const dt_member_t *m;

		if (ms[i].name[0] || (mt->kind != DT_TYPE_STRUCT && mt->kind != DT_TYPE_UNION))
			continue;
		m = dt_type_find_member(cc, mt, name, &off);
		if (m) {
			*bit_off = off;
			return m;
		}
	}
	return NULL;
}

int
dt_type_member(dt_compile_t *cc, const dt_type_t *t, const char *name,
	       uint32_t *offset_bytes, const dt_type_t **mtype, uint32_t *bit_off,
	       uint32_t *bit_size)
{
	const dt_type_t *rt = dt_type_resolve(t);
	const dt_member_t *m;
	uint32_t off = 0;

	if (!rt || (rt->kind != DT_TYPE_STRUCT && rt->kind != DT_TYPE_UNION))
		return dt_type_fail(cc, D_OP_SOU, EINVAL, "%s is not a struct or union",
				    t ? t->name : "<error>");
	if (rt->incomplete)
		return dt_type_fail(cc, D_OP_INCOMPLETE, ENODATA,
				    "%s is an incomplete type: its members are unknown", t->name);
	m = dt_type_find_member(cc, rt, name, &off);
	if (!m)
		return dt_type_fail(cc, D_TYPE_MEMBER, ENOENT, "%s is not a member of %s", name,
				    t->name);
	if (offset_bytes)
		*offset_bytes = off / 8;
	if (mtype)
		*mtype = m->type;
	if (bit_off)
		*bit_off = off;
	if (bit_size)
		*bit_size = m->bit_size;
	return 0;
}

int64_t
dt_type_sizeof(dt_compile_t *cc, const dt_type_t *t)
{
	const dt_type_t *rt = dt_type_resolve(t);

	if (!rt || rt->kind == DT_TYPE_VOID || rt->kind == DT_TYPE_FUNC || rt->incomplete) {
		dt_type_fail(cc, D_SIZEOF_TYPE, EINVAL, "cannot apply sizeof to an operand of "
			     "unknown size%s", rt && rt->scope_note ? rt->scope_note : "");
		return -1;
	}
	return rt->size;
}

int
dt_type_offsetof(dt_compile_t *cc, const dt_type_t *t, const char *member, uint32_t *off)
{
	const dt_type_t *rt = dt_type_resolve(t);
	uint32_t bits = 0;
	int rc;

	if (!rt || (rt->kind != DT_TYPE_STRUCT && rt->kind != DT_TYPE_UNION))
		return dt_type_fail(cc, D_OFFSETOF_TYPE, EINVAL,
				    "offsetof operand must be a struct or union type");
	rc = dt_type_member(cc, t, member, off, NULL, NULL, &bits);
	if (rc == -ENOENT)	/* DTrace's words for offsetof, where members say D_TYPE_MEMBER */
		return dt_type_fail(cc, D_UNKNOWN, ENOENT, "failed to determine offset of %s: "
				    "Member name not found", member);
	if (rc)
		return rc;
	if (bits)
		return dt_type_fail(cc, D_OFFSETOF_BITFIELD, EINVAL,
				    "cannot take offset of a bit-field: %s", member);
	return 0;
}

/* ---- equality and compatibility -------------------------------------------------------- */

bool
dt_type_equal(const dt_type_t *a, const dt_type_t *b)
{
	a = dt_type_resolve(a);
	b = dt_type_resolve(b);
	if (a == b)
		return true;
	if (!a || !b || a->kind != b->kind)
		return false;
	switch (a->kind) {
	case DT_TYPE_VOID:
	case DT_TYPE_STRING:
		return true;
	case DT_TYPE_INT:
	case DT_TYPE_FLOAT:
		return a->size == b->size && a->is_signed == b->is_signed;
	case DT_TYPE_PTR:
		return dt_type_equal(a->base, b->base);
	case DT_TYPE_ARRAY:
		return a->nelems == b->nelems && dt_type_equal(a->base, b->base);
	case DT_TYPE_STRUCT:
	case DT_TYPE_UNION:
	case DT_TYPE_ENUM:
		if (a->btf_id && a->btf_id == b->btf_id)
			return true;
		return a->tag && b->tag && a->tag[0] && strcmp(a->tag, b->tag) == 0;
	case DT_TYPE_FUNC:
		if (a->nparams != b->nparams || a->varargs != b->varargs ||
		    !dt_type_equal(a->base, b->base))
			return false;
		for (uint32_t i = 0; i < a->nparams; i++) {
			if (!dt_type_equal(a->params[i], b->params[i]))
				return false;
		}
		return true;
	}
	return false;
}

/* char * and char [n]: what D lets a string be compared with and assigned from. */
static bool
dt_type_is_charptr(const dt_type_t *t)
{
	const dt_type_t *b;

	if (t->kind != DT_TYPE_PTR && t->kind != DT_TYPE_ARRAY)
		return false;
	b = dt_type_resolve(t->base);
	return b && b->kind == DT_TYPE_INT && b->size == 1;
}

bool
dt_type_compat(const dt_type_t *a, const dt_type_t *b)
{
	const dt_type_t *pa, *pb;

	a = dt_type_resolve(a);
	b = dt_type_resolve(b);
	if (!a || !b)
		return false;
	if ((a->kind == DT_TYPE_INT || a->kind == DT_TYPE_ENUM) &&
	    (b->kind == DT_TYPE_INT || b->kind == DT_TYPE_ENUM))
		return true;
	if (a->kind == DT_TYPE_STRING || b->kind == DT_TYPE_STRING)
		return a->kind == b->kind || dt_type_is_charptr(a->kind == DT_TYPE_STRING ? b : a);
	if ((a->kind == DT_TYPE_PTR || a->kind == DT_TYPE_ARRAY) &&
	    (b->kind == DT_TYPE_PTR || b->kind == DT_TYPE_ARRAY)) {
		pa = dt_type_resolve(a->base);
		pb = dt_type_resolve(b->base);
		if (pa->kind == DT_TYPE_VOID || pb->kind == DT_TYPE_VOID)
			return a->kind == DT_TYPE_PTR || b->kind == DT_TYPE_PTR;
		return dt_type_equal(pa, pb);
	}
	return dt_type_equal(a, b);
}

/* ---- enumerators and tracepoint arguments ---------------------------------------------- */

int
dt_type_enum_value(dt_compile_t *cc, const char *name, int64_t *val, const dt_type_t **type)
{
	struct btf *btf;

	if (dt_type_denum(cc, name, val, type) == 0)
		return 0;	/* the program's enums first: they need no BTF */
	btf = dt_type_btf(cc);
	if (!btf)
		return dt_type_fail(cc, D_IDENT_UNDEF, ENOENT, "failed to resolve %s: %s", name,
				    dt_type_nobtf(cc));
	/* BTF has no index by enumerator name: one pass over the enums, on a miss only */
	for (uint32_t id = 1; id < cc->nbtf_types; id++) {
		const struct btf_type *bt = btf__type_by_id(btf, id);
		uint16_t n;

		if (!btf_is_any_enum(bt))
			continue;
		n = btf_vlen(bt);
		for (uint16_t i = 0; i < n; i++) {
			uint32_t off = btf_is_enum(bt) ? btf_enum(bt)[i].name_off :
				btf_enum64(bt)[i].name_off;
			const dt_type_t *et;
			uint32_t ne;
			const dt_enumerator_t *es;

			if (strcmp(dt_btf_name(btf, off), name) != 0)
				continue;
			et = dt_btf_type(cc, id);
			es = dt_type_enums(cc, et, &ne);
			if (val)
				*val = es[i].value;
			if (type)
				*type = et;
			return 0;
		}
	}
	return dt_type_fail(cc, D_IDENT_UNDEF, ENOENT, "%s is not a kernel enumerator", name);
}

/* ---- types the program defines --------------------------------------------------------- */

int
dt_type_denum(dt_compile_t *cc, const char *name, int64_t *val, const dt_type_t **type)
{
	for (size_t i = 0; i < cc->dtypes.len; i++) {
		const dt_type_t *et = cc->dtypes.data[i].type;

		if (et->kind != DT_TYPE_ENUM || et->typedef_of)
			continue;
		for (uint32_t k = 0; k < et->nenums; k++) {
			if (strcmp(et->enums[k].name, name) == 0) {
				if (val)
					*val = et->enums[k].value;
				if (type)
					*type = et;
				return 0;
			}
		}
	}
	return -ENOENT;
}

const dt_type_t *
dt_type_dfind(dt_compile_t *cc, int ns, const char *name)
{
	for (size_t i = 0; i < cc->dtypes.len; i++) {
		if (cc->dtypes.data[i].ns == ns && strcmp(cc->dtypes.data[i].name, name) == 0)
			return cc->dtypes.data[i].type;
	}
	return NULL;
}

dt_type_t *
dt_type_dtag(dt_compile_t *cc, int ns, const char *tag)
{
	static const char *const kw[] = { ['s'] = "struct", ['u'] = "union", ['e'] = "enum" };
	const dt_type_t *old = *tag ? dt_type_dfind(cc, ns, tag) : NULL;
	dt_type_t *t;

	if (old && old->incomplete)
		return (dt_type_t *)old;	/* ours: made below in cc's arena */
	t = dt_type_new(cc, ns == 's' ? DT_TYPE_STRUCT : ns == 'u' ? DT_TYPE_UNION :
			DT_TYPE_ENUM);
	t->tag = dt_arena_strdup(&cc->arena, tag);
	/* an anonymous one is "struct ", as DTrace names it (its type library's way) */
	t->name = dt_arena_printf(&cc->arena, "%s %s", kw[ns], tag);
	t->incomplete = true;
	t->members_loaded = true;
	if (t->kind == DT_TYPE_ENUM) {
		t->size = 4;
		t->is_signed = true;
	}
	if (*tag || ns == 'e')	/* anonymous enums too: their enumerators are constants */
		dt_vec_push(&cc->dtypes, ((struct dt_dtype){ ns, t->tag, t }));
	return t;
}

uint32_t
dt_type_align(dt_compile_t *cc, const dt_type_t *t)
{
	uint32_t n, a = 1;
	const dt_member_t *ms;

	t = dt_type_resolve(t);
	switch (t ? t->kind : DT_TYPE_VOID) {
	case DT_TYPE_INT: case DT_TYPE_ENUM: case DT_TYPE_FLOAT: case DT_TYPE_PTR:
		return t->size >= 8 ? 8 : t->size ? t->size : 1;
	case DT_TYPE_ARRAY:
		return dt_type_align(cc, t->base);
	case DT_TYPE_STRUCT: case DT_TYPE_UNION:
		ms = dt_type_members(cc, t, &n);
		for (uint32_t i = 0; i < n; i++) {
			uint32_t ma = dt_type_align(cc, ms[i].type);

			a = ma > a ? ma : a;
		}
		return a;
	default:
		return 1;
	}
}

/*
 * The layout of a struct or union a program declares: DTrace's, which appends each member
 * to its CTF type as the C compiler it stands for would place an ordinary member, and
 * gives each bit-field a place of its own:
 *
 *   a member               starts at the first byte after the previous member's last bit
 *                          (its type's bits, or its width for a bit-field), rounded up to a
 *                          multiple of its alignment
 *   a bit-field of width w is an integer of its own: ceil(w / 8) bytes rounded up to a
 *                          power of two are its size and alignment; it holds the low w bits
 *                          of its first byte on (struct { int a : 1; int b : 3; } is 2 bytes)
 *   "T : 0" (unnamed)      is nothing (DTrace ignores it)
 *   the size               is the last member's offset + size (a wide bit-field's unused
 *                          bytes before it count only while it is last); no tail padding
 *
 * so a struct of ordinary members has C's offsets. Bit numbers count from the least
 * significant bit of the first byte (little-endian), as BTF's bit offsets do. An unnamed
 * bit-field takes its place but is not a member, and does not add to the struct's
 * alignment. Union members all start at bit 0; a union is as big as its biggest member.
 * Kernel types keep their own layout (BTF's offsets and sizes).
 */
void
dt_type_layout(dt_compile_t *cc, dt_type_t *t, dt_member_t *ms, uint32_t n)
{
	uint64_t end = 0, size = 0;
	uint32_t k = 0;
	bool first = true;

	for (uint32_t i = 0; i < n; i++) {
		const dt_type_t *mt = dt_type_resolve(ms[i].type);
		uint64_t w = ms[i].bit_size, msize = mt->size, align = dt_type_align(cc, mt);
		uint64_t off = 0;
		bool pad = !ms[i].name[0] && mt->kind != DT_TYPE_STRUCT && mt->kind != DT_TYPE_UNION;

		if (pad && w == 0)
			continue;
		if (w) {
			for (msize = 1; msize * 8 < w; msize *= 2)
				;
			align = msize;
		}
		if (t->kind == DT_TYPE_STRUCT && !first)
			off = DT_ALIGN((end + 7) / 8, align);
		first = false;
		ms[i].bit_off = off * 8 > UINT32_MAX ? UINT32_MAX : (uint32_t)(off * 8);
		end = off * 8 + (w ? w : msize * 8);
		if (t->kind == DT_TYPE_STRUCT || off + msize > size)
			size = off + msize;
		if (!pad)
			ms[k++] = ms[i];
	}
	t->size = size > UINT32_MAX / 8 ? UINT32_MAX / 8 : (uint32_t)size;
	t->members = ms;
	t->nmembers = k;
	t->incomplete = false;
}

void
dt_type_set_enums(dt_compile_t *cc, dt_type_t *t, dt_enumerator_t *es, uint32_t n)
{
	(void)cc;
	t->enums = es;
	t->nenums = n;
	t->incomplete = false;
}

const dt_type_t *
dt_type_record(dt_compile_t *cc, const char *tag, const char *tp, dt_member_t *ms, uint32_t n,
	       uint32_t size)
{
	const dt_type_t *old = dt_type_dfind(cc, 's', tag);
	dt_type_t *t;

	if (old && !old->incomplete)
		return old;
	t = dt_type_dtag(cc, 's', tag);
	t->members = ms;
	t->nmembers = n;
	t->size = size;
	t->tp_record = dt_arena_strdup(&cc->arena, tp);
	t->incomplete = false;
	return t;
}

const dt_type_t *
dt_type_data_loc(dt_compile_t *cc)
{
	dt_type_t *t = dt_type_new(cc, DT_TYPE_INT);

	*t = *dt_type_int(cc, 4, false);
	t->name = "__data_loc char[]";
	t->data_loc_str = true;
	return t;
}

const dt_type_t *
dt_type_dtypedef(dt_compile_t *cc, const char *name, const dt_type_t *t)
{
	dt_type_t *c = dt_type_new(cc, t->kind);

	*c = *t;
	c->name = dt_arena_strdup(&cc->arena, name);
	c->typedef_of = t;
	dt_vec_push(&cc->dtypes, ((struct dt_dtype){ 't', c->name, c }));
	return c;
}

int
dt_type_symbol(dt_compile_t *cc, const char *name, const dt_type_t **type)
{
	struct btf *btf = dt_type_btf(cc);
	int id;

	if (!btf)
		return -ENOENT;
	/* vmlinux's BTF has variables only for per-CPU data, whose symbols are offsets */
	if (btf__find_by_name_kind(btf, name, BTF_KIND_VAR) > 0)
		return -EINVAL;
	id = btf__find_by_name_kind(btf, name, BTF_KIND_FUNC);
	if (id <= 0 || !(*type = dt_btf_type(cc, (uint32_t)id)))
		return -ENOENT;
	return 0;
}
