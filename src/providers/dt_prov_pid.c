/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_pid.c: the pid provider: pidN:module:function:entry, :return and :OFFSET, for the
 * functions of every object process N has mapped (its executable and shared libraries).
 *
 * Probes are made when a description asks for them (one instance per process: "pid1234",
 * DT_PROV_PER_PROCESS): the process's objects from /proc/N/maps, each one's functions from its
 * ELF symbol tables (.symtab and .dynsym, or a separate debug file for a stripped one:
 * src/common/dt_usymtab.c). Names are DTrace's:
 *
 *   module     the object's file name (libc.so.6, date); "a.out" in a description names the
 *              executable, whatever its name (DTrace's alias; probes keep the real name)
 *   function   the symbol, raw (C++ names stay mangled here: a probe name has no spaces);
 *              of several names for one address, the one ustack() shows, unless another
 *              matches the description
 *   name       entry, return, or a hexadecimal offset into the function, the start of one
 *              of its instructions ("pid123:a.out:main:1f"). A glob for the name (or none)
 *              makes the offset of every instruction it matches besides entry and return
 *              ("pid123:a.out:main:" lists main:0, main:1, main:4 ...); an exact offset must
 *              be an instruction's start, else the description is refused at compile time
 *              with DTrace's message ("offset 0x3 is not aligned on an instruction"). The
 *              instructions are the function's bytes in the file, cut by an x86-64 length
 *              decoder (src/common/dt_x86insn.c); a function with bytes it cannot decode
 *              gets no offset probes: an exact one is refused, a glob says why on stderr
 *
 * Arguments: at entry and at offsets arg0..arg9 are the function's (dt_pt_regs.c: di si dx
 * cx r8 r9, then the stack); at return arg1 is the return value (rax) and arg0 is 0 (DTrace
 * gives the return instruction's offset; a uretprobe fires in the caller and does not know
 * which return it was).
 *
 * Attaching (dt_uprobe.c): every probe of one process shares two programs, entries and
 * returns (group = pid * 2 + return), each attached with one uprobe_multi link per object
 * file, the offsets and each probe's cookie: its dispatch key, a number the instance gives
 * its probes as it makes them. The prologue reads the cookie and dispatches on it (the
 * runtime's dispatch map: probe id and clause mask).
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../common/dt_proc.h"
#include "../common/dt_usymtab.h"
#include "../common/dt_x86insn.h"
#include "dt_provider.h"

/* Room in each program's dispatch map for probes made after it is loaded (dlopen). */
#define PID_DISPATCH_SLACK 4096
/* A function longer than this is not cut into instructions (no offset probes). */
#define PID_FUNC_MAX (4u << 20)

/* A function cut into instructions, once offset probes are asked of it. */
typedef struct pid_func {
	uint32_t *offs;		/* each instruction's offset in the function, ascending */
	dt_probe_t **made;	/* per instruction: its offset probe once made */
	size_t n;
	const char *why;	/* not decoded: why (the instruction at bad_off), else NULL */
	uint64_t bad_off;
	bool warned;		/* a glob was told why */
} pid_func_t;

typedef struct pid_mod {
	char *path;		/* as the process mapped it */
	const char *name;	/* the module name: the file's basename */
	uint64_t dev, ino;
	bool is_main;		/* the process's executable ("a.out") */
	dt_uelf_t elf;
	int fd;			/* the file, for the functions' bytes; -1 if not open */
	dt_probe_t **made;	/* per symbol: its entry and return probes once made */
	pid_func_t **funcs;	/* per symbol: its instructions once cut */
} pid_mod_t;

typedef struct pid_state {
	DT_VEC(pid_mod_t *) mods;
	uint32_t nkeys;		/* dispatch keys given out */
	uint64_t exe_ino;		/* the executable's inode */
} pid_state_t;

typedef struct pid_probe {
	pid_mod_t *mod;
	uint64_t off;		/* the instruction's file offset */
	uint32_t key;		/* the dispatch key, and the uprobe's cookie */
	bool ret;
	const char *refused;	/* an offset probe that cannot be: why (compile time) */
} pid_probe_t;

enum { PID_ENTRY = 0, PID_RETURN = 1 };

static pid_mod_t *
pid_mod_get(dt_handle_t *dtp, pid_state_t *ps, pid_t pid, const dt_umap_t *m)
{
	char path[4096];
	pid_mod_t *mod;
	int fd;

	for (size_t i = 0; i < ps->mods.len; i++) {
		mod = ps->mods.data[i];
		if (mod->dev == m->dev && mod->ino == m->ino)
			return mod;
	}
	mod = dt_xcalloc(1, sizeof(*mod));
	mod->path = dt_xmalloc(m->pathlen + 1);
	memcpy(mod->path, m->path, m->pathlen);
	mod->path[m->pathlen] = '\0';
	mod->name = strrchr(mod->path, '/') ? strrchr(mod->path, '/') + 1 : mod->path;
	mod->dev = m->dev;
	mod->ino = m->ino;
	/* the maps' device is the lower file system's under an overlay: the inode decides */
	mod->is_main = m->ino == ps->exe_ino;
	/* The very file the process mapped, even if replaced on disk since. */
	snprintf(path, sizeof(path), "/proc/%d/map_files/%llx-%llx", (int)pid,
		 (unsigned long long)m->start, (unsigned long long)m->end);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		fd = open(mod->path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0)
		dt_uelf_read(&mod->elf, fd, mod->path);
	mod->fd = fd;
	mod->made = dt_xcalloc(dt_usymtab_count(mod->elf.tab) * 2 + 1, sizeof(dt_probe_t *));
	mod->funcs = dt_xcalloc(dt_usymtab_count(mod->elf.tab) + 1, sizeof(pid_func_t *));
	dt_vec_push(&ps->mods, mod);
	return mod;
}

/* Read the process's objects (again: new ones are added, dlopen). */
static void
pid_read_maps(dt_handle_t *dtp, dt_provider_t *pv, pid_state_t *ps)
{
	char path[64], *line = NULL;
	size_t cap = 0;
	struct stat st;
	FILE *fp;

	snprintf(path, sizeof(path), "/proc/%d/exe", (int)pv->pid);
	if (stat(path, &st) == 0)
		ps->exe_ino = st.st_ino;
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pv->pid);
	if (!(fp = fopen(path, "re")))
		return;
	while (getline(&line, &cap, fp) > 0) {
		dt_umap_t m;

		/* objects have code: an executable mapping of a file */
		if (dt_umaps_parse_line(line, &m) && m.pathlen && m.path[0] == '/' &&
		    m.perms[2] == 'x')
			pid_mod_get(dtp, ps, pv->pid, &m);
	}
	free(line);
	fclose(fp);
}

static dt_probe_t *
pid_make(dt_handle_t *dtp, dt_provider_t *pv, pid_mod_t *mod, const char *func,
	 const char *name, uint64_t off, bool ret)
{
	pid_state_t *ps = pv->data;
	pid_probe_t *pp = dt_xcalloc(1, sizeof(*pp));
	dt_probe_t *prp;

	pp->mod = mod;
	pp->off = off;
	pp->ret = ret;
	pp->key = ps->nkeys++;
	prp = dt_probe_add(dtp, pv, mod->name, dt_arena_strdup(&dtp->arena, func),
			   dt_arena_strdup(&dtp->arena, name), pp);
	prp->flags |= dt_prov_flow(name) | DT_PRF_TASK;
	return prp;
}

/* An exact hexadecimal offset ("1f", "0x1f"): true and *off. */
static bool
pid_offset_name(const char *name, uint64_t *off)
{
	char *end;

	if (!*name || dt_is_glob(name) || strcmp(name, "entry") == 0 ||
	    strcmp(name, "return") == 0)
		return false;
	errno = 0;
	*off = strtoull(name, &end, 16);
	return !*end && !errno;
}

/* Does the name (a glob, or empty) ask for offset probes? */
static bool
pid_offset_glob(const char *name)
{
	return !*name || dt_is_glob(name);
}

/* Function k (sym, at file offset foff) cut into its instructions (once). */
static pid_func_t *
pid_func_get(pid_mod_t *mod, size_t k, const dt_usym_t *sym, int64_t foff)
{
	pid_func_t *fn = mod->funcs[k];
	uint8_t *text;
	size_t at = 0;

	if (fn)
		return fn;
	fn = mod->funcs[k] = dt_xcalloc(1, sizeof(*fn));
	if (sym->size == 0 || sym->size > PID_FUNC_MAX || mod->fd < 0) {
		fn->why = sym->size ? "the function is too long" : "the function has no size";
		return fn;
	}
	text = dt_xmalloc(sym->size);
	if (pread(mod->fd, text, sym->size, foff) != (ssize_t)sym->size) {
		fn->why = "its bytes cannot be read from the file";
		free(text);
		return fn;
	}
	fn->offs = dt_xmalloc(sym->size * sizeof(*fn->offs));
	while (at < sym->size) {
		int len = dt_x86_insn_len(text + at, sym->size - at, &fn->why);

		if (len < 0) {
			fn->bad_off = at;
			fn->n = 0;
			break;
		}
		fn->why = NULL;
		fn->offs[fn->n++] = (uint32_t)at;
		at += (size_t)len;
	}
	free(text);
	if (fn->why) {
		free(fn->offs);
		fn->offs = NULL;
	}
	fn->made = dt_xcalloc(fn->n + 1, sizeof(*fn->made));
	return fn;
}

/* The offset probe of instruction i of function sym, made before or now. */
static void
pid_make_insn(dt_handle_t *dtp, dt_provider_t *pv, pid_mod_t *mod, const dt_usym_t *sym,
	      int64_t foff, pid_func_t *fn, size_t i)
{
	char name[32];

	if (fn->made[i])
		return;
	snprintf(name, sizeof(name), "%llx", (unsigned long long)fn->offs[i]);
	fn->made[i] = pid_make(dtp, pv, mod, sym->name, name, (uint64_t)foff + fn->offs[i],
			       false);
}

/*
 * An offset that is not an instruction's (DTrace's messages): a probe is made, refused when
 * a program enables it, as DTrace refuses the description.
 */
static void
pid_make_refused(dt_handle_t *dtp, dt_provider_t *pv, pid_mod_t *mod, const dt_usym_t *sym,
		 const char *name, const char *why)
{
	for (size_t i = 1; i < dtp->probes.len; i++) {
		dt_probe_t *prp = dtp->probes.data[i];

		if (prp->provider == pv && ((pid_probe_t *)prp->pdata)->mod == mod &&
		    strcmp(prp->func, sym->name) == 0 && strcmp(prp->name, name) == 0)
			return;
	}
	((pid_probe_t *)pid_make(dtp, pv, mod, sym->name, name, 0, false)->pdata)->refused =
		dt_arena_strdup(&dtp->arena, why);
}

/* The offset probes of function k (sym) that the name asks for: one exact, or a glob's. */
static void
pid_provide_offsets(dt_handle_t *dtp, dt_provider_t *pv, pid_mod_t *mod, size_t k,
		    const dt_usym_t *sym, int64_t foff, const char *pname)
{
	uint64_t off = 0;
	bool exact = pid_offset_name(pname, &off);
	pid_func_t *fn;
	char why[512];

	if (exact && off >= sym->size) {
		snprintf(why, sizeof(why), "offset 0x%llx outside of function '%s'",
			 (unsigned long long)off, sym->name);
		pid_make_refused(dtp, pv, mod, sym, pname, why);
		return;
	}
	fn = pid_func_get(mod, k, sym, foff);
	if (fn->why) {
		snprintf(why, sizeof(why), "%s:%s:%s: no instruction offsets: the instruction at "
			 "offset 0x%llx cannot be decoded: %s", pv->name, mod->name, sym->name,
			 (unsigned long long)fn->bad_off, fn->why);
		if (exact)
			pid_make_refused(dtp, pv, mod, sym, pname, why);
		else if (!fn->warned)
			fprintf(stderr, "dtrace: %s\n", why);
		fn->warned = true;
		return;
	}
	if (exact) {
		size_t lo = 0, hi = fn->n;

		while (lo < hi) {
			size_t mid = (lo + hi) / 2;

			if (fn->offs[mid] < off)
				lo = mid + 1;
			else
				hi = mid;
		}
		if (lo < fn->n && fn->offs[lo] == off) {
			pid_make_insn(dtp, pv, mod, sym, foff, fn, lo);
		} else {
			snprintf(why, sizeof(why), "offset 0x%llx is not aligned on an instruction",
				 (unsigned long long)off);
			pid_make_refused(dtp, pv, mod, sym, pname, why);
		}
		return;
	}
	for (size_t i = 0; i < fn->n; i++) {
		char name[32];

		snprintf(name, sizeof(name), "%llx", (unsigned long long)fn->offs[i]);
		if (dt_glob_match(pname, name))
			pid_make_insn(dtp, pv, mod, sym, foff, fn, i);
	}
}

static bool
pid_mod_matches(const pid_mod_t *mod, const char *pat)
{
	if (strcmp(pat, "a.out") == 0)
		return mod->is_main;
	return dt_glob_match(pat, mod->name);
}

static void
pid_provide_mod(dt_handle_t *dtp, dt_provider_t *pv, pid_mod_t *mod, const dt_pdesc_t *pd)
{
	size_t n = dt_usymtab_count(mod->elf.tab);
	bool entry = dt_glob_match(pd->name, "entry"), ret = dt_glob_match(pd->name, "return");
	uint64_t off = 0;
	bool at = pid_offset_name(pd->name, &off) || pid_offset_glob(pd->name);

	if (!entry && !ret && !at)
		return;
	for (size_t i = 0; i < n;) {
		const dt_usym_t *first = dt_usymtab_get(mod->elf.tab, i);
		size_t end = i, pick = n;
		int64_t foff;

		/* One address: its preferred name first; the first that matches names it. */
		while (end < n && dt_usymtab_get(mod->elf.tab, end)->value == first->value)
			end++;
		for (size_t k = i; k < end && pick == n; k++) {
			const dt_usym_t *s = dt_usymtab_get(mod->elf.tab, k);

			if (s->type == STT_FUNC && s->value && dt_glob_match(pd->func, s->name))
				pick = k;
		}
		i = end;
		if (pick == n)
			continue;
		first = dt_usymtab_get(mod->elf.tab, pick);
		foff = dt_uelf_vaddr2off(&mod->elf, first->value);
		if (foff < 0)
			continue;
		if (entry && !mod->made[2 * pick])
			mod->made[2 * pick] = pid_make(dtp, pv, mod, first->name, "entry",
						       (uint64_t)foff, false);
		if (ret && !mod->made[2 * pick + 1])
			mod->made[2 * pick + 1] = pid_make(dtp, pv, mod, first->name, "return",
							   (uint64_t)foff, true);
		if (at)
			pid_provide_offsets(dtp, pv, mod, pick, first, foff, pd->name);
	}
}

static void
pid_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	pid_state_t *ps = pv->data;

	if (!ps) {
		ps = pv->data = dt_xcalloc(1, sizeof(*ps));
		/* The -c process waits at its exec: its libraries are not mapped yet. */
		if (dtp->target_held && pv->pid == dtp->target_pid && !dtp->target_preinit) {
			dtp->target_preinit = true;
			dt_proc_run_preinit(pv->pid);
		}
		pid_read_maps(dtp, pv, ps);
	}
	for (size_t i = 0; i < ps->mods.len; i++)
		if (pid_mod_matches(ps->mods.data[i], pd->mod))
			pid_provide_mod(dtp, pv, ps->mods.data[i], pd);
}

static int
pid_group(const dt_probe_t *prp)
{
	const pid_probe_t *pp = prp->pdata;

	return (int)prp->provider->pid * 2 + (pp->ret ? PID_RETURN : PID_ENTRY);
}

static int
pid_later_groups(const dt_provider_t *pv, const dt_pdesc_t *pd, int *groups)
{
	uint64_t off;
	int n = 0;

	if (dt_glob_match(pd->name, "entry") || pid_offset_name(pd->name, &off) ||
	    pid_offset_glob(pd->name))
		groups[n++] = (int)pv->pid * 2 + PID_ENTRY;
	if (dt_glob_match(pd->name, "return"))
		groups[n++] = (int)pv->pid * 2 + PID_RETURN;
	return n;
}

static uint32_t
pid_dispatch_key(const dt_probe_t *prp)
{
	return ((const pid_probe_t *)prp->pdata)->key;
}

static uint32_t
pid_dispatch_size(dt_handle_t *dtp, const dt_bpfprog_t *bp)
{
	const pid_state_t *ps = bp->prov->data;

	return (ps ? ps->nkeys : 0) + PID_DISPATCH_SLACK;
}

static int
pid_attach_type(dt_handle_t *dtp, const dt_bpfprog_t *bp)
{
	return dt_uprobe_attach_type();
}

static bool
pid_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	dt_irbuf_t *ir = &cg->ir;
	int out = dt_ir_label(ir);
	bool ret = (bp->group & 1) == PID_RETURN;

	for (size_t i = 0; i < bp->probes.len; i++) {
		const pid_probe_t *pp = bp->probes.data[i]->pdata;

		if (pp->refused) {
			dt_cg_fail(cg, pp->refused);
			return false;
		}
	}
	dt_prov_dispatch_cookie(cg, out);	/* the cookie is the dispatch key */
	if ((needs & DT_NEED_ARGS) && !ret) {
		dt_pt_regs_load_args(cg, 6, DT_MAX_ARGS, true);
	} else if (needs & DT_NEED_ARGS) {
		for (int i = 0; i < DT_MAX_ARGS; i++)
			dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * i, 0));
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, DT_PTREGS_AX));
		dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_ARGS + 8));
	}
	if (needs & DT_NEED_ERRNO)
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
	dt_prov_dispatch_out(cg, out);
	return true;
}

static int
pid_cmp_mod(const void *a, const void *b)
{
	const pid_probe_t *l = (*(dt_probe_t *const *)a)->pdata;
	const pid_probe_t *r = (*(dt_probe_t *const *)b)->pdata;

	if (l->mod != r->mod)
		return (uintptr_t)l->mod < (uintptr_t)r->mod ? -1 : 1;
	return l->off < r->off ? -1 : l->off > r->off;
}

/* Attach n probes of bp: one link per object file. */
static int
pid_attach_probes(dt_handle_t *dtp, dt_bpfprog_t *bp, dt_probe_t *const *probes, size_t n)
{
	dt_probe_t **sorted = dt_xmalloc((n + 1) * sizeof(*sorted));
	dt_uprobe_loc_t *locs = dt_xcalloc(n + 1, sizeof(*locs));
	int err = 0;

	if (n)	/* probes is NULL for none (a library that gained none) */
		memcpy(sorted, probes, n * sizeof(*sorted));
	qsort(sorted, n, sizeof(*sorted), pid_cmp_mod);
	for (size_t i = 0; i < n && !err;) {
		pid_mod_t *mod = ((pid_probe_t *)sorted[i]->pdata)->mod;
		size_t k = 0;

		for (; i < n && ((pid_probe_t *)sorted[i]->pdata)->mod == mod; i++, k++) {
			const pid_probe_t *pp = sorted[i]->pdata;

			locs[k].off = pp->off;
			locs[k].cookie = pp->key;
		}
		err = dt_uprobe_attach(dtp, bp, mod->path, bp->prov->pid, locs, k,
				       (bp->group & 1) == PID_RETURN);
		for (size_t j = 0; j < k && !err; j++) {
			const dt_probe_t *prp = sorted[i - k + j];

			if (locs[j].err)	/* as DTrace, the others go on */
				fprintf(stderr, "dtrace: failed to enable %s:%s:%s:%s: %s\n",
					prp->prov, prp->mod, prp->func, prp->name,
					locs[j].err == -524 ? "the kernel cannot probe its "
					"instruction" : strerror(-locs[j].err));
		}
	}
	free(sorted);
	free(locs);
	return err;
}

static int
pid_attach(dt_handle_t *dtp, dt_bpfprog_t *bp)
{
	return pid_attach_probes(dtp, bp, bp->probes.data, bp->probes.len);
}

static bool
pid_mod_alias(const dt_probe_t *prp, const char *mod)
{
	return strcmp(mod, "a.out") == 0 && ((const pid_probe_t *)prp->pdata)->mod->is_main;
}

/* Does the clause's description pd enable prp? */
static bool
pid_desc_matches(const dt_node_t *pd, const dt_probe_t *prp)
{
	return dt_glob_match(pd->prov, prp->prov) &&
	       (dt_glob_match(pd->mod, prp->mod) || pid_mod_alias(prp, pd->mod)) &&
	       dt_glob_match(pd->func, prp->func) && dt_glob_match(pd->name, prp->name);
}

/*
 * The process mapped new objects (dlopen): the clauses' descriptions are asked of them, as
 * when the program was compiled, and the probes they make join the programs of this
 * process (their clauses' masks in its dispatch map) and are attached. A probe whose
 * program does not exist (no probe of its kind, entry or return, was there at the start)
 * cannot be enabled.
 */
static void
pid_update(dt_handle_t *dtp, dt_provider_t *pv)
{
	pid_state_t *ps = pv->data;
	dt_program_t *prog = dtp->prog;
	size_t nmods, first = dtp->probes.len;
	int err;

	if (!ps || !prog)
		return;
	nmods = ps->mods.len;
	pid_read_maps(dtp, pv, ps);
	for (int c = 0; c < prog->nclauses && ps->mods.len > nmods; c++) {
		const dt_node_t *cn = prog->clauses[c]->node;

		for (size_t d = 0; d < cn->list.len; d++) {
			const dt_node_t *pd = cn->list.data[d];
			dt_pdesc_t desc = {pd->prov, pd->mod, pd->func, pd->name};

			if (!dt_glob_match(pd->prov, pv->name))
				continue;
			for (size_t m = nmods; m < ps->mods.len; m++)
				if (pid_mod_matches(ps->mods.data[m], pd->mod))
					pid_provide_mod(dtp, pv, ps->mods.data[m], &desc);
		}
	}
	for (size_t b = 0; b < dtp->bpfprogs.len; b++) {
		dt_bpfprog_t *bp = dtp->bpfprogs.data[b];
		size_t had = bp->probes.len;

		if (bp->prov != pv)
			continue;
		for (size_t i = first; i < dtp->probes.len; i++) {
			dt_probe_t *prp = dtp->probes.data[i];

			if (pid_group(prp) != bp->group)
				continue;
			if (((pid_probe_t *)prp->pdata)->refused) {
				fprintf(stderr, "dtrace: failed to enable %s:%s:%s:%s: %s\n",
					prp->prov, prp->mod, prp->func, prp->name,
					((pid_probe_t *)prp->pdata)->refused);
				continue;
			}
			dt_prov_later_enable(dtp, bp, prp, pid_desc_matches);
		}
		if (bp->probes.len > had &&
		    (err = pid_attach_probes(dtp, bp, bp->probes.data + had,
					     bp->probes.len - had)) < 0)
			fprintf(stderr, "dtrace: failed to enable the probes of a library process "
				"%d loaded: %s\n", (int)pv->pid, strerror(-err));
	}
}

static void
pid_probe_destroy(dt_handle_t *dtp, dt_probe_t *prp)
{
	free(prp->pdata);
	prp->pdata = NULL;
}

static void
pid_fini(dt_handle_t *dtp, dt_provider_t *pv)
{
	pid_state_t *ps = pv->data;

	if (!ps)
		return;
	for (size_t i = 0; i < ps->mods.len; i++) {
		pid_mod_t *mod = ps->mods.data[i];

		for (size_t k = 0; k < dt_usymtab_count(mod->elf.tab); k++) {
			if (mod->funcs[k]) {
				free(mod->funcs[k]->offs);
				free(mod->funcs[k]->made);
				free(mod->funcs[k]);
			}
		}
		free(mod->funcs);
		if (mod->fd >= 0)
			close(mod->fd);
		dt_uelf_fini(&ps->mods.data[i]->elf);
		free(ps->mods.data[i]->made);
		free(ps->mods.data[i]->path);
		free(ps->mods.data[i]);
	}
	dt_vec_free(&ps->mods);
	free(ps);
	pv->data = NULL;
}

/* The Solaris Dynamic Tracing Guide's stability table for the pid provider */
static const dt_pattr_t pid_pattr = {
	DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
	DT_ATTR(EVOLVING, EVOLVING, ISA),
	DT_ATTR(PRIVATE, PRIVATE, UNKNOWN),
};

const dt_provider_ops_t dt_prov_pid_ops = {
	.pattr = &pid_pattr,
	.provide = pid_provide,
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.group = pid_group,
	.prologue = pid_prologue,
	.dispatch_key = pid_dispatch_key,
	.dispatch_size = pid_dispatch_size,
	.attach_type = pid_attach_type,
	.attach = pid_attach,
	.detach = dt_uprobe_detach,
	.probe_destroy = pid_probe_destroy,
	.fini = pid_fini,
	.mod_alias = pid_mod_alias,
	.proc_update = pid_update,
	.later_groups = pid_later_groups,
};
