/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_usdt.c: the USDT providers: probes that programs and libraries define themselves,
 * found in their SystemTap SDT notes (.note.stapsdt, dt_stapsdt.c): python3's
 * function-entry, libstdc++'s throw, and those of programs built with dtrace -h and -G.
 *
 * Names. A note's provider "python" in process 1234 is provider python1234, as in DTrace; the
 * module is the file's name (python3.11, libstdc++.so.6), the function the one around the
 * probe site, the probe name the note's with "__" as "-" (function__entry: function-entry).
 *
 *   python1234:::function-entry        the probes of the files process 1234 maps (-p, -c)
 *   python*:::function-entry            the same for $target, when there is one
 *   python:python3.11::function-entry   unbound: every process that maps the file, now or
 *                                       later; the module names the file, an executable on
 *                                       $PATH or a library in the loader's directories (globs
 *                                       allowed), since a description cannot hold a path
 *
 * One provider ("usdt", DT_PROV_ANY_NAME) is asked for every description and makes the
 * providers it finds, as instances that share these ops. A probe may have several sites (one
 * per inlined copy, or per process for an unbound probe's file); it is one program, attached
 * at each site with the site's index as its BPF cookie, and the prologue decodes the
 * arguments of the site that fired from the note's specs ("-4@%eax", "8@-16(%rbp)").
 *
 * Attach: dt_uprobe.c (uprobe_multi, else perf-event uprobes), one call per file, with each
 * site's semaphore as its reference counter (ref_ctr_offset): the kernel increments the
 * is-enabled counter in every process where the probe is installed and decrements it on
 * detach. A -c process waiting at its exec is first run to where its libraries are mapped
 * (dt_proc.c), so that their probes (libstdc++'s) can be found.
 *
 * Argument types: from the provider definition dtrace -G put in the file (with the
 * provider's stability), else from the note's sizes (-4@: int32_t, 8@: uint64_t).
 *
 * Libraries loaded later (dlopen) by the -c or -p process: a description naming the
 * process's provider exactly ("dtlib$target:::mul") makes that instance even when no probe
 * of it exists yet (-Z), and the instance has one more program, made from the start with
 * the description's clauses and no probe (later_groups, as the pid provider's): when the
 * process's dynamic linker has mapped new files (dtrace stops it at its hook, dt_proc.c),
 * proc_update reads their notes, makes the probes the clauses match and attaches them to
 * that program before the process goes on, so their first firings are seen. That program
 * was compiled before the sites were known: each site has a key (its cookie, the index in
 * the program's dispatch map) and the dispatch value holds, after the clause mask, the
 * site's argument specs as data, which the prologue decodes (USDT_SPEC_*). Arguments are
 * untyped there (arg0..arg9: no args[]). One clause mask word remains: at most 64 clauses.
 */
#include <dirent.h>
#include <errno.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "../common/dt_proc.h"
#include "../common/dt_stapsdt.h"
#include "../common/dt_usymtab.h"
#include "dt_provider.h"

/*
 * The program of the probes of libraries loaded later: its group, its dispatch keys (one per
 * site), and each key's argument specs in the dispatch value past the probe id and the
 * first clause mask word: vals[DT_MAX_ARGS] (s64: MEM's displacement, IMM's value, REG's
 * shift), then four bytes per argument: kind (USDT_SPEC_NONE...), the pt_regs offsets of
 * the base and index registers (USDT_SPEC_NOREG: none) and size | signed | log2(scale).
 */
#define USDT_LATE_GROUP INT_MAX
#define USDT_LATE_KEYS 4096
#define USDT_SPEC_VALS 16
#define USDT_SPEC_META (USDT_SPEC_VALS + 8 * DT_MAX_ARGS)
#define USDT_SPEC_NOREG 0xff
#define USDT_SPEC_SIGNED 0x10
#define USDT_SPEC_SCALE_SHIFT 5
enum { USDT_SPEC_NONE, USDT_SPEC_REG, USDT_SPEC_IMM, USDT_SPEC_MEM };
_Static_assert(USDT_SPEC_META + 4 * DT_MAX_ARGS <= DT_DISP_VALSIZE, "specs fit the value");
#define USDT_PTREGS_SIZE 168	/* struct pt_regs on x86-64: the registers copied to scratch */

/* An instance's state when it is the -c/-p process's (libraries loaded later are watched). */
typedef struct usdt_inst {
	DT_VEC(dt_umap_t) files;	/* the files seen mapped (dev, ino) */
	uint32_t nkeys;			/* dispatch keys given out */
} usdt_inst_t;

/* One place a probe fires: a file offset, its semaphore and its arguments. */
typedef struct usdt_site {
	const char *path;
	uint32_t key;			/* a later site's dispatch key */
	uint64_t off, sema_off;
	int nargs;
	dt_sdtarg_t args[DT_SDT_MAXARGS];
} usdt_site_t;

typedef struct usdt_probe {
	pid_t pid;			/* 0: unbound (every process) */
	uint32_t key;			/* a later probe's first site's dispatch key; else 0 */
	DT_VEC(usdt_site_t) sites;
	const dt_sdtdef_t *def;		/* dtrace -G's definition, or NULL */
} usdt_probe_t;

/* pt_regs offsets of the registers argument specs name (dt_stapsdt.h's order). */
static const int16_t usdt_regoff[DT_SDTREG_COUNT] = {
	[DT_SDTREG_AX] = DT_PTREGS_AX, [DT_SDTREG_BX] = DT_PTREGS_BX,
	[DT_SDTREG_CX] = DT_PTREGS_CX, [DT_SDTREG_DX] = DT_PTREGS_DX,
	[DT_SDTREG_SI] = DT_PTREGS_SI, [DT_SDTREG_DI] = DT_PTREGS_DI,
	[DT_SDTREG_BP] = DT_PTREGS_BP, [DT_SDTREG_SP] = DT_PTREGS_SP,
	[DT_SDTREG_R8] = DT_PTREGS_R8, [DT_SDTREG_R9] = DT_PTREGS_R9,
	[DT_SDTREG_R10] = DT_PTREGS_R10, [DT_SDTREG_R11] = DT_PTREGS_R11,
	[DT_SDTREG_R12] = DT_PTREGS_R12, [DT_SDTREG_R13] = DT_PTREGS_R13,
	[DT_SDTREG_R14] = DT_PTREGS_R14, [DT_SDTREG_R15] = DT_PTREGS_R15,
	[DT_SDTREG_IP] = DT_PTREGS_IP,
};

/* The provider instance named name (made on first use). */
static dt_provider_t *
usdt_instance(dt_handle_t *dtp, const char *name, pid_t pid)
{
	dt_provider_t *pv;

	for (int i = 0; i < dtp->nproviders; i++)
		if (dtp->providers[i]->ops == &dt_prov_usdt_ops &&
		    strcmp(dtp->providers[i]->name, name) == 0)
			return dtp->providers[i];
	pv = dt_prov_register(dtp, dt_arena_strdup(&dtp->arena, name), &dt_prov_usdt_ops, 0);
	pv->pid = pid;
	return pv;
}

/* dtrace -G's definition of the probe, copied into the handle's arena (or NULL). */
static const dt_sdtdef_t *
usdt_def(dt_handle_t *dtp, const dt_sdtfile_t *f, const char *prov, const char *name)
{
	for (size_t i = 0; i < f->defs.len; i++) {
		const dt_sdtdef_t *d = &f->defs.data[i];
		dt_sdtdef_t *c;

		if (strcmp(d->prov, prov) != 0 || strcmp(d->name, name) != 0)
			continue;
		c = dt_arena_alloc(&dtp->arena, sizeof(*c));
		c->prov = dt_arena_strdup(&dtp->arena, d->prov);
		c->name = dt_arena_strdup(&dtp->arena, d->name);
		c->attr = dt_arena_strdup(&dtp->arena, d->attr);
		c->nargs = d->nargs;
		for (int a = 0; a < d->nargs; a++)
			c->types[a] = dt_arena_strdup(&dtp->arena, d->types[a]);
		return c;
	}
	return NULL;
}

/* Add the note's site to its probe (made if new) in provider instance iname: the probe. */
static dt_probe_t *
usdt_add(dt_handle_t *dtp, const dt_sdtfile_t *f, const char *path, const dt_sdtnote_t *nt,
	 const char *iname, const char *name, pid_t pid)
{
	const char *base = strrchr(f->path, '/') ? strrchr(f->path, '/') + 1 : f->path;
	char fbuf[32];
	const char *func = nt->func;
	dt_provider_t *pv;
	dt_probe_t *prp = NULL;
	usdt_probe_t *up;
	usdt_site_t site = {0};
	const char *bad;

	if (!func) {
		snprintf(fbuf, sizeof(fbuf), "0x%llx", (unsigned long long)nt->pc);
		func = fbuf;
	}
	for (size_t i = 1; i < dtp->probes.len; i++) {
		dt_probe_t *p = dtp->probes.data[i];

		if (p->provider->ops == &dt_prov_usdt_ops && strcmp(p->prov, iname) == 0 && strcmp(p->mod, base) == 0 &&
		    strcmp(p->func, func) == 0 && strcmp(p->name, name) == 0) {
			prp = p;
			break;
		}
	}
	if (!prp) {
		pv = usdt_instance(dtp, iname, pid);
		up = dt_xcalloc(1, sizeof(*up));
		up->pid = pid;
		up->def = usdt_def(dtp, f, nt->prov, name);
		prp = dt_probe_add(dtp, pv, dt_arena_strdup(&dtp->arena, base),
				   dt_arena_strdup(&dtp->arena, func), dt_arena_strdup(&dtp->arena,
											name), up);	prp->flags |= DT_PRF_TASK;
	}
	up = prp->pdata;
	for (size_t i = 0; i < up->sites.len; i++)
		if (up->sites.data[i].off == nt->pc_off && strcmp(up->sites.data[i].path,
								  path) == 0)
			return prp;
	site.path = path;
	site.off = nt->pc_off;
	site.sema_off = nt->sema_off;
	/* arguments the specs cannot say (a symbol's address) read as 0 */
	site.nargs = dt_sdtargs_parse(nt->args, site.args, DT_SDT_MAXARGS, &bad);
	if (site.nargs < 0)
		site.nargs = 0;
	dt_vec_push(&up->sites, site);
	return prp;
}

/* The probes of one file that the description matches, for process pid (0: unbound). */
static void
usdt_provide_file(dt_handle_t *dtp, const char *path, pid_t pid, const dt_pdesc_t *pd)
{
	const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
	const char *kept = NULL;	/* the path, in the arena once a probe needs it */
	dt_sdtfile_t *f;

	if (!dt_glob_match(pd->mod, base) || !(f = dt_sdtfile_read(path)))
		return;
	for (size_t i = 0; i < f->notes.len; i++) {
		const dt_sdtnote_t *nt = &f->notes.data[i];
		char iname[256];
		const char *name;

		if (pid)
			snprintf(iname, sizeof(iname), "%s%d", nt->prov, (int)pid);
		else
			snprintf(iname, sizeof(iname), "%s", nt->prov);
		if (!nt->pc_off || !dt_glob_match(pd->prov, iname) ||
		    !dt_glob_match(pd->func, nt->func ? nt->func : ""))
			continue;
		name = dt_sdt_probe_name(&dtp->arena, nt->name);
		if (!dt_glob_match(pd->name, name))
			continue;
		if (!kept)
			kept = dt_arena_strdup(&dtp->arena, path);
		usdt_add(dtp, f, kept, nt, iname, name, pid);
	}
	dt_sdtfile_free(f);
}

/* Every file process pid maps executable, from /proc/PID/maps. */
static void
usdt_provide_pid(dt_handle_t *dtp, pid_t pid, const dt_pdesc_t *pd, bool named)
{
	char path[64], line[PATH_MAX + 128];
	DT_VEC(char *) seen = {0};
	FILE *fp;

	/* The -c process waits at its exec: its libraries are not mapped yet. Run it on only for
	 * a description that names its provider: a glob (or BEGIN's empty one) must not let
	 * the dynamic linker run untraced. */
	if (named && dtp->target_held && pid == dtp->target_pid && !dtp->target_preinit) {
		dtp->target_preinit = true;
		dt_proc_run_preinit(pid);
	}
	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	if (!(fp = fopen(path, "r")))
		return;
	while (fgets(line, sizeof(line), fp)) {
		char perms[8], *file = NULL;
		bool dup = false;
		int n = 0;

		/* "start-end perms offset dev inode   path" */
		if (sscanf(line, "%*x-%*x %7s %*x %*x:%*x %*u %n", perms, &n) != 1 || !n ||
		    perms[2] != 'x' || line[n] != '/')
			continue;
		file = line + n;
		file[strcspn(file, "\n")] = '\0';
		if (strstr(file, " (deleted)"))
			continue;
		for (size_t i = 0; i < seen.len && !dup; i++)
			dup = strcmp(seen.data[i], file) == 0;
		if (dup)
			continue;
		dt_vec_push(&seen, dt_xstrdup(file));
		usdt_provide_file(dtp, file, pid, pd);
	}
	fclose(fp);
	for (size_t i = 0; i < seen.len; i++)
		free(seen.data[i]);
	dt_vec_free(&seen);
}

/* Unbound: the files the module names, on $PATH and in the loader's directories. */
static void
usdt_provide_unbound(dt_handle_t *dtp, const dt_pdesc_t *pd)
{
	static const char *const libdirs[] = {
		"/lib/x86_64-linux-gnu", "/usr/lib/x86_64-linux-gnu", "/lib64", "/usr/lib64",
		"/lib", "/usr/lib", "/usr/local/lib",
	};
	const char *env = getenv("PATH");
	char *pathv = dt_xstrdup(env ? env : "/usr/local/bin:/usr/bin:/bin"), *save = NULL;
	DT_VEC(const char *) dirs = {0};
	DT_VEC(char *) seen = {0};

	for (char *d = strtok_r(pathv, ":", &save); d; d = strtok_r(NULL, ":", &save))
		dt_vec_push(&dirs, d);
	for (size_t i = 0; i < DT_ARRAY_SIZE(libdirs); i++)
		dt_vec_push(&dirs, libdirs[i]);
	for (size_t i = 0; i < dirs.len; i++) {
		DIR *dir = opendir(dirs.data[i]);
		struct dirent *de;

		while (dir && (de = readdir(dir))) {
			char full[PATH_MAX], real[PATH_MAX];
			struct stat sb;
			bool dup = false;

			if (de->d_name[0] == '.' || !dt_glob_match(pd->mod, de->d_name))
				continue;
			snprintf(full, sizeof(full), "%s/%s", dirs.data[i], de->d_name);
			/* one file under its several names (/bin is /usr/bin here) */
			if (!realpath(full, real) || stat(real, &sb) < 0 || !S_ISREG(sb.st_mode))
				continue;
			for (size_t k = 0; k < seen.len && !dup; k++)
				dup = strcmp(seen.data[k], real) == 0;
			if (dup)
				continue;
			dt_vec_push(&seen, dt_xstrdup(real));
			/* the probe's module is the name the description matched */
			usdt_provide_file(dtp, full, 0, pd);
		}
		if (dir)
			closedir(dir);
	}
	for (size_t i = 0; i < seen.len; i++)
		free(seen.data[i]);
	dt_vec_free(&seen);
	dt_vec_free(&dirs);
	free(pathv);
}

/*
 * The files process pid maps executable that inst has not seen (all of them the first
 * time), now recorded as seen; their paths into paths (if not NULL), to free.
 */
static void
usdt_new_files(usdt_inst_t *inst, pid_t pid, void *pathsv)
{
	DT_VEC(char *) *paths = pathsv;
	char mpath[64], *line = NULL;
	size_t cap = 0;
	FILE *fp;

	snprintf(mpath, sizeof(mpath), "/proc/%d/maps", (int)pid);
	if (!(fp = fopen(mpath, "re")))
		return;
	while (getline(&line, &cap, fp) > 0) {
		dt_umap_t m;
		bool seen = false;

		if (!dt_umaps_parse_line(line, &m) || !m.pathlen || m.path[0] != '/' ||
		    m.perms[2] != 'x')
			continue;
		for (size_t i = 0; i < inst->files.len && !seen; i++)
			seen = inst->files.data[i].dev == m.dev && inst->files.data[i].ino == m.ino;
		if (seen)
			continue;
		if (paths) {
			char *p = dt_xmalloc(m.pathlen + 1);

			memcpy(p, m.path, m.pathlen);
			p[m.pathlen] = '\0';
			dt_vec_push(paths, p);
		}
		m.path = NULL;	/* only dev and ino are kept: the line goes */
		dt_vec_push(&inst->files, m);
	}
	free(line);
	fclose(fp);
}

/* The -c/-p process's instance name (made now if it has no probe yet) watches its dlopens. */
static void
usdt_watch(dt_handle_t *dtp, const char *name, pid_t pid)
{
	dt_provider_t *pv = usdt_instance(dtp, name, pid);
	usdt_inst_t *inst;

	if (pv->data)
		return;
	inst = pv->data = dt_xcalloc(1, sizeof(*inst));
	usdt_new_files(inst, pid, NULL);	/* the start's: their probes are made already */
}

static void
usdt_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	size_t n = strlen(pd->prov), k = n;

	if (!(pv->flags & DT_PROV_ANY_NAME))
		return;		/* an instance: the template made its probes */
	while (k > 0 && pd->prov[k - 1] >= '0' && pd->prov[k - 1] <= '9')
		k--;
	/* "pid1234", "syscall": another provider's (no file is read for them) */
	for (int i = 0; i < dtp->nproviders; i++)
		if (dtp->providers[i]->ops != &dt_prov_usdt_ops &&
		    strlen(dtp->providers[i]->name) == k &&
		    strncmp(dtp->providers[i]->name, pd->prov, k) == 0)
			return;
	if (!dt_is_glob(pd->prov) && k < n && k > 0) {
		/* "python1234": process 1234 */
		long pid = strtol(pd->prov + k, NULL, 10);

		if (pid > 0 && pid <= INT_MAX && pd->prov[k] != '0') {
			usdt_provide_pid(dtp, (pid_t)pid, pd, true);
			if ((pid_t)pid == dtp->target_pid)
				usdt_watch(dtp, pd->prov, (pid_t)pid);
		}
		return;
	}
	if (dt_is_glob(pd->prov) && dtp->target_pid > 0)
		usdt_provide_pid(dtp, dtp->target_pid, pd, false);
	/* unbound probes need their file named: no scan of every file there is */
	if (*pd->mod && strcmp(pd->mod, "*") != 0 && k == n)
		usdt_provide_unbound(dtp, pd);
}

static int
usdt_group(const dt_probe_t *prp)
{
	return (int)prp->id;
}

/* Argument a of a site into the probe's args[i] (r6: the pt_regs, r7: the scratch). */
static void
usdt_load_arg(dt_irbuf_t *ir, const dt_sdtarg_t *a, int i)
{
	int16_t dst = (int16_t)(DT_MST_ARGS + 8 * i);
	int bits = 64 - 8 * a->size;

	switch (a->kind) {
	case DT_SDTARG_REG:
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, usdt_regoff[a->reg]));
		if (a->shift)
			dt_ir_emit(ir, DT_ALU64_IMM(BPF_RSH, 1, a->shift));
		break;
	case DT_SDTARG_IMM:
		dt_ir_ld_imm64(ir, 1, (uint64_t)a->val);
		break;
	case DT_SDTARG_MEM:
		/* r3 = disp + base + index * scale; read size bytes of user memory into args[i] */
		dt_ir_ld_imm64(ir, 3, (uint64_t)a->val);
		if (a->reg != DT_SDTREG_NONE) {
			dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, usdt_regoff[a->reg]));
			dt_ir_emit(ir, DT_ALU64_REG(BPF_ADD, 3, 1));
		}
		if (a->index != DT_SDTREG_NONE) {
			dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 6, usdt_regoff[a->index]));
			dt_ir_emit(ir, DT_ALU64_IMM(BPF_MUL, 1, a->scale));
			dt_ir_emit(ir, DT_ALU64_REG(BPF_ADD, 3, 1));
		}
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, dst, 0));
		dt_ir_emit(ir, DT_MOV64_REG(1, 7));
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 1, dst));
		dt_ir_emit(ir, DT_MOV64_IMM(2, a->size));
		dt_ir_emit(ir, DT_CALL(BPF_FUNC_probe_read_user));
		dt_ir_emit(ir, DT_LDX(BPF_DW, 1, 7, dst));
		break;
	}
	/* to 64 bits by the spec's size and sign */
	if (bits) {
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_LSH, 1, bits));
		dt_ir_emit(ir, DT_ALU64_IMM(a->is_signed ? BPF_ARSH : BPF_RSH, 1, bits));
	}
	dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, dst));
}

static void
usdt_load_site(dt_irbuf_t *ir, const usdt_site_t *s)
{
	for (int i = 0; i < DT_MAX_ARGS; i++) {
		if (i < s->nargs)
			usdt_load_arg(ir, &s->args[i], i);
		else
			dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * i, 0));
	}
}

static bool usdt_late_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs);

static bool
usdt_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	dt_irbuf_t *ir = &cg->ir;
	usdt_probe_t *up = bp->probe ? bp->probe->pdata : NULL;

	if (bp->group == USDT_LATE_GROUP)
		return usdt_late_prologue(cg, bp, needs);
	dt_cg_mstate(cg);
	dt_prov_store_prid(cg, bp->probe->id);
	if ((needs & DT_NEED_ARGS) && up->sites.len == 1) {
		usdt_load_site(ir, &up->sites.data[0]);
	} else if (needs & DT_NEED_ARGS) {
		/* the site that fired is the link's cookie: its index */
		int done = dt_ir_label(ir);
		DT_VEC(int) labels = {0};

		dt_ir_emit(ir, DT_MOV64_REG(1, 6));
		dt_ir_emit(ir, DT_CALL(BPF_FUNC_get_attach_cookie));
		for (size_t k = 0; k < up->sites.len; k++) {
			dt_vec_push(&labels, dt_ir_label(ir));
			dt_ir_jmp_imm(ir, BPF_JEQ, 0, (int32_t)k, labels.data[k]);
		}
		for (int i = 0; i < DT_MAX_ARGS; i++)
			dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ARGS + 8 * i, 0));
		dt_ir_ja(ir, done);
		for (size_t k = 0; k < up->sites.len; k++) {
			dt_ir_place(ir, labels.data[k]);
			usdt_load_site(ir, &up->sites.data[k]);
			dt_ir_ja(ir, done);
		}
		dt_ir_place(ir, done);
		dt_vec_free(&labels);
	}
	if (needs & DT_NEED_ERRNO)
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
	return false;
}

static int
usdt_probe_info(dt_handle_t *dtp, dt_probe_t *prp, const char **types, int max)
{
	static const char *const sized[2][9] = {
		{[1] = "uint8_t", [2] = "uint16_t", [4] = "uint32_t", [8] = "uint64_t"},
		{[1] = "int8_t", [2] = "int16_t", [4] = "int32_t", [8] = "int64_t"},
	};
	usdt_probe_t *up = prp->pdata;
	const usdt_site_t *s = up->sites.len ? &up->sites.data[0] : NULL;
	int n = 0;

	if (up->def) {
		for (; n < up->def->nargs && n < max; n++)
			types[n] = up->def->types[n];
		return n;
	}
	for (; s && n < s->nargs && n < max; n++)
		types[n] = sized[s->args[n].is_signed][s->args[n].size];
	return n;
}

/* The definition's stability: its five triples, as dtrace -G recorded them. */
static bool
usdt_probe_attr(dt_handle_t *dtp, dt_probe_t *prp, dt_pattr_t *pa)
{
	usdt_probe_t *up = prp->pdata;
	unsigned char a[5][3];
	dt_attr_t *out[5] = {&pa->prov, &pa->mod, &pa->func, &pa->name, &pa->args};

	if (!up->def || !up->def->attr || dt_sdt_attr_parse(up->def->attr, a) < 0)
		return false;
	for (int k = 0; k < 5; k++)
		*out[k] = (dt_attr_t){a[k][0], a[k][1], a[k][2]};
	return true;
}

static int
usdt_attach_type(dt_handle_t *dtp, const dt_bpfprog_t *bp)
{
	return dt_uprobe_attach_type();
}

/* Attach up's sites to bp file by file (an unbound probe's may be in several), each with its
 * semaphore as the uprobe's reference counter and as its cookie its index (keyed: its
 * dispatch key), which the prologue reads. */
static int
usdt_attach_sites(dt_handle_t *dtp, struct dt_bpfprog *bp, usdt_probe_t *up, bool keyed)
{
	dt_uprobe_loc_t *locs = dt_xcalloc(up->sites.len, sizeof(*locs));
	bool *done = dt_xcalloc(up->sites.len, sizeof(*done));
	int err = 0;

	for (size_t k = 0; k < up->sites.len && !err; k++) {
		const char *path = up->sites.data[k].path;
		size_t n = 0;

		if (done[k])
			continue;
		for (size_t j = k; j < up->sites.len; j++) {
			if (done[j] || strcmp(up->sites.data[j].path, path) != 0)
				continue;
			done[j] = true;
			locs[n++] = (dt_uprobe_loc_t){up->sites.data[j].off,
						      keyed ? up->sites.data[j].key : j,
						      up->sites.data[j].sema_off};
		}
		err = dt_uprobe_attach(dtp, bp, path, up->pid, locs, n, false);
	}
	free(locs);
	free(done);
	return err;
}

static int
usdt_attach(dt_handle_t *dtp, struct dt_bpfprog *bp)
{
	if (bp->group == USDT_LATE_GROUP)
		return 0;	/* no probe yet: usdt_update attaches those it makes */
	return usdt_attach_sites(dtp, bp, bp->probe->pdata, false);
}


/* ---- probes of libraries loaded later --------------------------------------------------- */

static int
usdt_later_groups(const dt_provider_t *pv, const dt_pdesc_t *pd, int *groups)
{
	if (!pv->data)
		return 0;
	groups[0] = USDT_LATE_GROUP;
	return 1;
}

static uint32_t
usdt_dispatch_key(const dt_probe_t *prp)
{
	return ((const usdt_probe_t *)prp->pdata)->key;
}

static uint32_t
usdt_dispatch_size(dt_handle_t *dtp, const dt_bpfprog_t *bp)
{
	return bp->group == USDT_LATE_GROUP ? USDT_LATE_KEYS : 1;
}

/* Argument i of the site that fired, from its specs in the dispatch value (r9); the
 * registers are at the scratch's temporaries (r7 + DT_MST_TEMP). */
static void
usdt_late_arg(dt_irbuf_t *ir, int i)
{
	int16_t dst = (int16_t)(DT_MST_ARGS + 8 * i), m = (int16_t)(USDT_SPEC_META + 4 * i);
	int16_t v = (int16_t)(USDT_SPEC_VALS + 8 * i);
	int zero = dt_ir_label(ir), imm = dt_ir_label(ir), nobase = dt_ir_label(ir);
	int reg = dt_ir_label(ir), noidx = dt_ir_label(ir), ext = dt_ir_label(ir);
	int uns = dt_ir_label(ir), store = dt_ir_label(ir), next = dt_ir_label(ir);

	dt_ir_emit(ir, DT_LDX(BPF_B, 1, 9, m));
	dt_ir_jmp_imm(ir, BPF_JEQ, 1, USDT_SPEC_NONE, zero);
	dt_ir_jmp_imm(ir, BPF_JEQ, 1, USDT_SPEC_IMM, imm);
	/* r3 = the base register (REG's value, MEM's base), 0 if none */
	dt_ir_emit(ir, DT_MOV64_IMM(3, 0));
	dt_ir_emit(ir, DT_LDX(BPF_B, 2, 9, m + 1));
	dt_ir_jmp_imm(ir, BPF_JGT, 2, USDT_PTREGS_SIZE - 8, nobase);
	dt_ir_emit(ir, DT_MOV64_REG(4, 7));
	dt_ir_emit(ir, DT_ALU64_REG(BPF_ADD, 4, 2));
	dt_ir_emit(ir, DT_LDX(BPF_DW, 3, 4, DT_MST_TEMP));
	dt_ir_place(ir, nobase);
	dt_ir_jmp_imm(ir, BPF_JEQ, 1, USDT_SPEC_REG, reg);
	/* MEM: + index << log2(scale) + displacement; size bytes of user memory there */
	dt_ir_emit(ir, DT_LDX(BPF_B, 2, 9, m + 2));
	dt_ir_jmp_imm(ir, BPF_JGT, 2, USDT_PTREGS_SIZE - 8, noidx);
	dt_ir_emit(ir, DT_MOV64_REG(4, 7));
	dt_ir_emit(ir, DT_ALU64_REG(BPF_ADD, 4, 2));
	dt_ir_emit(ir, DT_LDX(BPF_DW, 4, 4, DT_MST_TEMP));
	dt_ir_emit(ir, DT_LDX(BPF_B, 5, 9, m + 3));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_RSH, 5, USDT_SPEC_SCALE_SHIFT));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 5, 3));
	dt_ir_emit(ir, DT_ALU64_REG(BPF_LSH, 4, 5));
	dt_ir_emit(ir, DT_ALU64_REG(BPF_ADD, 3, 4));
	dt_ir_place(ir, noidx);
	dt_ir_emit(ir, DT_LDX(BPF_DW, 4, 9, v));
	dt_ir_emit(ir, DT_ALU64_REG(BPF_ADD, 3, 4));
	dt_ir_emit(ir, DT_ST(BPF_DW, 7, dst, 0));
	dt_ir_emit(ir, DT_MOV64_REG(1, 7));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 1, dst));
	dt_ir_emit(ir, DT_LDX(BPF_B, 2, 9, m + 3));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 2, 0xf));
	dt_ir_jmp_imm(ir, BPF_JGT, 2, 8, zero);
	dt_ir_emit(ir, DT_CALL(BPF_FUNC_probe_read_user));
	dt_ir_emit(ir, DT_LDX(BPF_DW, 3, 7, dst));
	dt_ir_ja(ir, ext);
	dt_ir_place(ir, reg);
	dt_ir_emit(ir, DT_LDX(BPF_DW, 4, 9, v));	/* %ah's 8 */
	dt_ir_emit(ir, DT_ALU64_REG(BPF_RSH, 3, 4));
	dt_ir_ja(ir, ext);
	dt_ir_place(ir, imm);
	dt_ir_emit(ir, DT_LDX(BPF_DW, 3, 9, v));
	/* to 64 bits by the spec's size and sign: shifts of 64 - 8 * size */
	dt_ir_place(ir, ext);
	dt_ir_emit(ir, DT_LDX(BPF_B, 2, 9, m + 3));
	dt_ir_emit(ir, DT_MOV64_REG(4, 2));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 2, 0xf));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_LSH, 2, 3));
	dt_ir_emit(ir, DT_MOV64_IMM(5, 64));
	dt_ir_emit(ir, DT_ALU64_REG(BPF_SUB, 5, 2));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 5, 63));
	dt_ir_emit(ir, DT_ALU64_REG(BPF_LSH, 3, 5));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_AND, 4, USDT_SPEC_SIGNED));
	dt_ir_jmp_imm(ir, BPF_JEQ, 4, 0, uns);
	dt_ir_emit(ir, DT_ALU64_REG(BPF_ARSH, 3, 5));
	dt_ir_ja(ir, store);
	dt_ir_place(ir, uns);
	dt_ir_emit(ir, DT_ALU64_REG(BPF_RSH, 3, 5));
	dt_ir_place(ir, store);
	dt_ir_emit(ir, DT_STX(BPF_DW, 7, 3, dst));
	dt_ir_ja(ir, next);
	dt_ir_place(ir, zero);
	dt_ir_emit(ir, DT_ST(BPF_DW, 7, dst, 0));
	dt_ir_place(ir, next);
}

/* The later probes' program: dispatch on the site's key, its arguments from its specs. */
static bool
usdt_late_prologue(dt_cg_t *cg, struct dt_bpfprog *bp, unsigned needs)
{
	dt_irbuf_t *ir = &cg->ir;
	int out = dt_ir_label(ir);

	if (bp->clauses.len > 64) {
		dt_cg_fail(cg, "more than 64 clauses on USDT probes of libraries loaded later");
		return false;
	}
	dt_prov_dispatch_cookie(cg, out);
	if (needs & DT_NEED_ARGS) {
		/* the registers into the scratch, where an offset from the specs can read them */
		cg->temp_max = DT_MAX(cg->temp_max, USDT_PTREGS_SIZE);
		dt_ir_emit(ir, DT_MOV64_REG(1, 7));
		dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 1, DT_MST_TEMP));
		dt_ir_emit(ir, DT_MOV64_IMM(2, USDT_PTREGS_SIZE));
		dt_ir_emit(ir, DT_MOV64_REG(3, 6));
		dt_ir_emit(ir, DT_CALL(BPF_FUNC_probe_read_kernel));
		for (int i = 0; i < DT_MAX_ARGS; i++)
			usdt_late_arg(ir, i);
	}
	if (needs & DT_NEED_ERRNO)
		dt_ir_emit(ir, DT_ST(BPF_DW, 7, DT_MST_ERRNO, 0));
	dt_prov_dispatch_out(cg, out);
	return true;
}

/* Site s's argument specs into the dispatch value v (its tail). */
static void
usdt_spec_put(uint64_t *v, const usdt_site_t *s)
{
	uint8_t *b = (uint8_t *)v;

	memset(b + USDT_SPEC_VALS, 0, DT_DISP_VALSIZE - USDT_SPEC_VALS);
	for (int i = 0; i < s->nargs && i < DT_MAX_ARGS; i++) {
		const dt_sdtarg_t *a = &s->args[i];
		uint8_t *m = b + USDT_SPEC_META + 4 * i;
		int lg = a->scale == 8 ? 3 : a->scale == 4 ? 2 : a->scale == 2 ? 1 : 0;

		m[0] = a->kind == DT_SDTARG_REG ? USDT_SPEC_REG : a->kind == DT_SDTARG_IMM ?
		       USDT_SPEC_IMM : USDT_SPEC_MEM;
		m[1] = a->reg == DT_SDTREG_NONE ? USDT_SPEC_NOREG : (uint8_t)usdt_regoff[a->reg];
		m[2] = a->kind != DT_SDTARG_MEM || a->index == DT_SDTREG_NONE ? USDT_SPEC_NOREG :
		       (uint8_t)usdt_regoff[a->index];
		m[3] = (uint8_t)(a->size | (a->is_signed ? USDT_SPEC_SIGNED : 0) |
				 lg << USDT_SPEC_SCALE_SHIFT);
		v[USDT_SPEC_VALS / 8 + i] = (uint64_t)(a->kind == DT_SDTARG_REG ? a->shift : a->val);
	}
}

static bool
usdt_desc_matches(const dt_node_t *pd, const dt_probe_t *prp)
{
	return dt_glob_match(pd->prov, prp->prov) && dt_glob_match(pd->mod, prp->mod) &&
	       dt_glob_match(pd->func, prp->func) && dt_glob_match(pd->name, prp->name);
}

/* A new probe of the later program bp: its sites' keys and specs, enabled, attached. */
static void
usdt_late_enable(dt_handle_t *dtp, dt_provider_t *pv, dt_bpfprog_t *bp, dt_probe_t *prp)
{
	usdt_inst_t *inst = pv->data;
	usdt_probe_t *up = prp->pdata;
	uint64_t v[DT_DISP_VALSIZE / 8];
	int err;

	if (!up->sites.len || inst->nkeys + up->sites.len > USDT_LATE_KEYS) {
		fprintf(stderr, "dtrace: failed to enable %s:%s:%s:%s: too many probes made after "
			"the start\n", prp->prov, prp->mod, prp->func, prp->name);
		return;
	}
	for (size_t k = 0; k < up->sites.len; k++)
		up->sites.data[k].key = inst->nkeys++;
	up->key = up->sites.data[0].key;
	if (dt_prov_later_enable(dtp, bp, prp, usdt_desc_matches) <= 0)
		return;
	/* the value made for the first key (probe id, clause mask), with each site's specs */
	if (bpf_map_lookup_elem(bp->dispatch_fd, &up->key, v) < 0)
		return;
	for (size_t k = 0; k < up->sites.len; k++) {
		usdt_spec_put(v, &up->sites.data[k]);
		if (bpf_map_update_elem(bp->dispatch_fd, &up->sites.data[k].key, v, BPF_ANY) < 0)
			return;
	}
	err = usdt_attach_sites(dtp, bp, up, true);
	if (err < 0)
		fprintf(stderr, "dtrace: failed to enable %s:%s:%s:%s: %s\n", prp->prov,
			prp->mod, prp->func, prp->name, strerror(-err));
}

/*
 * The process mapped new files (dlopen): the probes the clauses' descriptions match in
 * them, made and attached to the later program.
 */
static void
usdt_update(dt_handle_t *dtp, dt_provider_t *pv)
{
	DT_VEC(char *) paths = {0};
	dt_program_t *prog = dtp->prog;
	dt_bpfprog_t *bp = NULL;
	size_t first = dtp->probes.len;

	for (size_t b = 0; b < dtp->bpfprogs.len && !bp; b++)
		if (dtp->bpfprogs.data[b]->prov == pv &&
		    dtp->bpfprogs.data[b]->group == USDT_LATE_GROUP)
			bp = dtp->bpfprogs.data[b];
	if (!pv->data || !bp || !prog || bp->dispatch_fd < 0)
		return;
	usdt_new_files(pv->data, pv->pid, &paths);
	for (size_t p = 0; p < paths.len; p++) {
		for (int c = 0; c < prog->nclauses; c++) {
			const dt_node_t *cn = prog->clauses[c]->node;

			for (size_t d = 0; d < cn->list.len; d++) {
				const dt_node_t *pd = cn->list.data[d];
				dt_pdesc_t desc = {pd->prov, pd->mod, pd->func, pd->name};

				if (dt_glob_match(pd->prov, pv->name))
					usdt_provide_file(dtp, paths.data[p], pv->pid, &desc);
			}
		}
		free(paths.data[p]);
	}
	dt_vec_free(&paths);
	for (size_t i = first; i < dtp->probes.len; i++)
		if (dtp->probes.data[i]->provider == pv)
			usdt_late_enable(dtp, pv, bp, dtp->probes.data[i]);
}

static void
usdt_fini(dt_handle_t *dtp, dt_provider_t *pv)
{
	usdt_inst_t *inst = pv->data;

	if (!inst)
		return;
	dt_vec_free(&inst->files);
	free(inst);
	pv->data = NULL;
}

static void
usdt_probe_destroy(dt_handle_t *dtp, dt_probe_t *prp)
{
	usdt_probe_t *up = prp->pdata;

	dt_vec_free(&up->sites);
	free(up);
	prp->pdata = NULL;
}

/* A definition that says nothing: DTrace's default for a provider a program defines */
static const dt_pattr_t usdt_pattr = {
	DT_ATTR(UNSTABLE, UNSTABLE, COMMON),
	DT_ATTR(UNSTABLE, UNSTABLE, COMMON),
	DT_ATTR(UNSTABLE, UNSTABLE, COMMON),
	DT_ATTR(UNSTABLE, UNSTABLE, COMMON),
	DT_ATTR(UNSTABLE, UNSTABLE, COMMON),
};

const dt_provider_ops_t dt_prov_usdt_ops = {
	.pattr = &usdt_pattr,
	.provide = usdt_provide,
	.prog_type = BPF_PROG_TYPE_KPROBE,
	.group = usdt_group,
	.prologue = usdt_prologue,
	.probe_info = usdt_probe_info,
	.probe_attr = usdt_probe_attr,
	.attach = usdt_attach,
	.detach = dt_uprobe_detach,
	.attach_type = usdt_attach_type,
	.probe_destroy = usdt_probe_destroy,
	.fini = usdt_fini,
	.dispatch_key = usdt_dispatch_key,
	.dispatch_size = usdt_dispatch_size,
	.proc_update = usdt_update,
	.later_groups = usdt_later_groups,
};
