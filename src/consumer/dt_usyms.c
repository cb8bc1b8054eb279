/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_usyms.c: user addresses to names, for ustack(), jstack(), uaddr(), usym(), umod() and
 * printf's %A.
 *
 * A ustack() record holds the process id (tgid) and the program counters the kernel walked;
 * uaddr(), usym() and umod() hold the process id and one address. Everything else happens
 * here, in the consumer, as DTrace does it: the process's mappings from /proc/PID/maps, then
 * the ELF symbol tables of the mapped files, read with libelf.
 *
 *   /proc/PID/maps line                       what is kept
 *   55d0c8a00000-55d0c8a01000 r-xp 00001000 08:01 1234  /usr/bin/prog
 *   start        end          perms offset  dev   inode path  -> one mapping of file "prog"
 *
 * Only file-backed mappings (a path starting with '/') name a module: anonymous memory, the
 * stack, the heap and [vdso] do not, as in DTrace. A mapped address becomes an offset in the
 * file (addr - start + offset), and the PT_LOAD segment covering that offset turns it into
 * the ELF virtual address the symbol tables use: this is the load bias, and it handles
 * position-independent executables, shared libraries and fixed executables alike.
 *
 * The files' symbols are read by src/common/dt_usymtab.c (.symtab and .dynsym, a separate
 * debug file for a stripped one, the preferred name among aliases). C++ names print
 * demangled, as DTrace prints them, unless -x mangled.
 *
 * The text, as DTrace prints it (the module is the file's basename):
 *
 *   ustack() frames, uaddr(), %A   prog`main+0x2a     (no "+0x..." at a symbol's start)
 *   usym(), ufunc()                prog`main
 *   umod()                         prog
 *   no symbol, but a module        libc.so.6`0x7f3a1c02b5e0
 *   not in a file mapping          0x7ffd5e3c1000
 *
 * Caching. Each process's mappings are read once, on the first lookup, and kept; a lookup
 * that falls in no known mapping reads them again (a dlopen(), an exec, a reused pid), at
 * most once per batch of records (dt_usyms_tick). A file's symbols are read once per file
 * (same path, device and inode), whichever processes map it. A process that has gone by the
 * time its addresses are printed can no longer be read: its addresses print raw, as in
 * DTrace, unless its mappings were cached while it lived. dt_usyms_hold() reads a process's
 * mappings and every mapped file's symbols now, for a process about to exit (dtrace stops
 * its -c and -p process on its way out to call it), so stacks printed later, aggregation keys
 * at exit among them, still resolve.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "dt_consumer.h"

#define DT_USYM_MAXPROCS 512	/* processes whose mappings are kept (the least used go) */

/* ---- processes and files ------------------------------------------------------------- */

typedef struct ufile {
	char *path;
	const char *base;	/* the module name: the basename of path */
	uint64_t dev, ino;
	bool loaded;		/* symbols read (or tried: a failure is not retried) */
	dt_uelf_t elf;		/* its load segments and symbols */
} ufile_t;

typedef struct umapping {
	uint64_t start, end, off;
	ufile_t *file;
} umapping_t;

typedef struct uproc {
	pid_t pid;
	bool read;		/* mappings read at least once */
	bool gone;		/* the last read failed: the process has exited */
	bool held;		/* dt_usyms_hold: never read again */
	uint64_t gen;		/* the batch of the last read */
	uint64_t used;		/* the batch of the last lookup */
	DT_VEC(umapping_t) maps;	/* by address, as the kernel lists them */
} uproc_t;

struct dt_usyms {
	char *procroot;
	uint64_t gen;
	DT_VEC(uproc_t *) procs;
	DT_VEC(ufile_t *) files;
	uproc_t *last;		/* the process of the last lookup (stacks come one pid at a time) */
	bool demangle;		/* C++ names as DTrace prints them */
};

dt_usyms_t *
dt_usyms_new(const char *procroot)
{
	dt_usyms_t *us = dt_xcalloc(1, sizeof(*us));

	us->procroot = dt_xstrdup(procroot ? procroot : "/proc");
	us->gen = 1;
	return us;
}

static void
uproc_free(uproc_t *p)
{
	dt_vec_free(&p->maps);
	free(p);
}

void
dt_usyms_free(dt_usyms_t *us)
{
	if (!us)
		return;
	for (size_t i = 0; i < us->procs.len; i++)
		uproc_free(us->procs.data[i]);
	dt_vec_free(&us->procs);
	for (size_t i = 0; i < us->files.len; i++) {
		ufile_t *f = us->files.data[i];

		dt_uelf_fini(&f->elf);
		free(f->path);
		free(f);
	}
	dt_vec_free(&us->files);
	free(us->procroot);
	free(us);
}

void
dt_usyms_set_demangle(dt_usyms_t *us, bool on)
{
	if (us)
		us->demangle = on;
}

void
dt_usyms_tick(dt_usyms_t *us)
{
	if (us)
		us->gen++;
}

static ufile_t *
ufile_get(dt_usyms_t *us, const dt_umap_t *m)
{
	ufile_t *f;
	const char *slash;

	for (size_t i = 0; i < us->files.len; i++) {
		f = us->files.data[i];
		if (f->dev == m->dev && f->ino == m->ino && strlen(f->path) == m->pathlen &&
		    memcmp(f->path, m->path, m->pathlen) == 0)
			return f;
	}
	f = dt_xcalloc(1, sizeof(*f));
	f->path = dt_xmalloc(m->pathlen + 1);
	memcpy(f->path, m->path, m->pathlen);
	f->path[m->pathlen] = '\0';
	slash = strrchr(f->path, '/');
	f->base = slash ? slash + 1 : f->path;
	f->dev = m->dev;
	f->ino = m->ino;
	dt_vec_push(&us->files, f);
	return f;
}

/*
 * Tracing every process for hours meets many processes: past DT_USYM_MAXPROCS the one looked
 * up least recently (and not held) is forgotten, so the consumer's memory stays flat. Its
 * addresses, if they come again, are read again while it lives.
 */
static void
uproc_evict(dt_usyms_t *us)
{
	size_t victim = us->procs.len;

	for (size_t i = 0; i < us->procs.len; i++) {
		const uproc_t *p = us->procs.data[i];

		if (!p->held && (victim == us->procs.len || p->used < us->procs.data[victim]->used))
			victim = i;
	}
	if (victim == us->procs.len)
		return;
	if (us->last == us->procs.data[victim])
		us->last = NULL;
	uproc_free(us->procs.data[victim]);
	us->procs.data[victim] = us->procs.data[--us->procs.len];
}

static uproc_t *
uproc_get(dt_usyms_t *us, pid_t pid)
{
	uproc_t *p = us->last && us->last->pid == pid ? us->last : NULL;

	for (size_t i = 0; !p && i < us->procs.len; i++) {
		if (us->procs.data[i]->pid == pid)
			p = us->procs.data[i];
	}
	if (!p) {
		if (us->procs.len >= DT_USYM_MAXPROCS)
			uproc_evict(us);
		p = dt_xcalloc(1, sizeof(*p));
		p->pid = pid;
		dt_vec_push(&us->procs, p);
	}
	p->used = us->gen;
	return us->last = p;
}

/* (Re)read a process's mappings; on failure the ones known before stay. */
static void
uproc_read(dt_usyms_t *us, uproc_t *p)
{
	char path[4096], *line = NULL;
	size_t cap = 0;
	FILE *fp;

	p->read = true;
	p->gen = us->gen;
	snprintf(path, sizeof(path), "%s/%d/maps", us->procroot, (int)p->pid);
	fp = fopen(path, "re");
	if (!fp) {
		p->gone = true;
		return;
	}
	p->maps.len = 0;
	while (getline(&line, &cap, fp) > 0) {
		dt_umap_t m;
		umapping_t um;

		if (!dt_umaps_parse_line(line, &m) || m.pathlen == 0 || m.path[0] != '/')
			continue;
		um.start = m.start;
		um.end = m.end;
		um.off = m.off;
		um.file = ufile_get(us, &m);
		dt_vec_push(&p->maps, um);
	}
	free(line);
	fclose(fp);
	/* A process whose memory is gone (a zombie) lists nothing: as good as gone. */
	if (p->maps.len == 0)
		p->gone = true;
}

static const umapping_t *
uproc_find(const uproc_t *p, uint64_t addr)
{
	size_t lo = 0, hi = p->maps.len;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const umapping_t *m = &p->maps.data[mid];

		if (addr < m->start)
			hi = mid;
		else if (addr >= m->end)
			lo = mid + 1;
		else
			return m;
	}
	return NULL;
}

/* The mapping holding addr in process pid, reading (or re-reading) its mappings as needed. */
static const umapping_t *
usyms_mapping(dt_usyms_t *us, pid_t pid, uint64_t addr, uproc_t **pp)
{
	uproc_t *p;
	const umapping_t *m;

	if (!us || pid <= 0)
		return NULL;
	p = uproc_get(us, pid);
	*pp = p;
	if (!p->read)
		uproc_read(us, p);
	m = uproc_find(p, addr);
	if (!m && !p->held && !p->gone && p->gen != us->gen) {
		uproc_read(us, p);
		m = uproc_find(p, addr);
	}
	return m;
}

/*
 * Read a file's symbols, once. The path as the process mapped it, or, when that is gone or is
 * another file now (replaced since), the mapping itself through /proc/PID/map_files while
 * the process lives.
 */
static void
ufile_load(dt_usyms_t *us, ufile_t *f, pid_t pid, const umapping_t *m)
{
	struct stat st;
	int fd;

	if (f->loaded)
		return;
	f->loaded = true;
	f->elf.tab = dt_usymtab_new();
	fd = open(f->path, O_RDONLY | O_CLOEXEC);
	if (fd >= 0 && (fstat(fd, &st) != 0 || st.st_ino != f->ino)) {
		close(fd);
		fd = -1;
	}
	if (fd < 0 && m) {
		char path[4096];

		snprintf(path, sizeof(path), "%s/%d/map_files/%llx-%llx", us->procroot, (int)pid,
			 (unsigned long long)m->start, (unsigned long long)m->end);
		fd = open(path, O_RDONLY | O_CLOEXEC);
	}
	if (fd < 0)
		fd = open(f->path, O_RDONLY | O_CLOEXEC);	/* better than nothing */
	if (fd < 0)
		return;
	dt_uelf_read(&f->elf, fd, f->path);
	close(fd);
}

/* The ELF address of a process address in mapping m of file f. */
static uint64_t
ufile_vaddr(const ufile_t *f, const umapping_t *m, uint64_t addr)
{
	uint64_t off = addr - m->start + m->off, vaddr;

	if (dt_uelf_off2vaddr(&f->elf, off, &vaddr) == 0)
		return vaddr;
	return f->elf.is_exec ? addr : off;	/* in no PT_LOAD */
}

const char *
dt_usym_lookup(dt_usyms_t *us, pid_t pid, uint64_t addr, uint64_t *symaddr, const char **mod)
{
	uproc_t *p = NULL;
	const umapping_t *m = usyms_mapping(us, pid, addr, &p);
	uint64_t vaddr, value = 0;
	const char *name;

	if (mod)
		*mod = m ? m->file->base : NULL;
	if (!m)
		return NULL;
	ufile_load(us, m->file, pid, m);
	vaddr = ufile_vaddr(m->file, m, addr);
	name = dt_usymtab_lookup(m->file->elf.tab, vaddr, &value);
	if (name && symaddr)
		*symaddr = addr - (vaddr - value);
	return name;
}

void
dt_usyms_hold(dt_usyms_t *us, pid_t pid)
{
	uproc_t *p;

	if (!us || pid <= 0)
		return;
	p = uproc_get(us, pid);
	p->gone = false;
	uproc_read(us, p);
	for (size_t i = 0; i < p->maps.len; i++)
		ufile_load(us, p->maps.data[i].file, pid, &p->maps.data[i]);
	p->held = true;
}

void
dt_usyms_forget(dt_usyms_t *us, pid_t pid)
{
	uproc_t *p;

	if (!us || pid <= 0)
		return;
	p = uproc_get(us, pid);
	p->maps.len = 0;
	p->read = p->gone = p->held = false;
}

/* ---- text ---------------------------------------------------------------------------- */

void
dt_usym_fmt_addr(dt_strbuf_t *sb, dt_usyms_t *us, pid_t pid, uint64_t addr)
{
	const char *mod = NULL;
	uint64_t sa = 0;
	const char *name = dt_usym_lookup(us, pid, addr, &sa, &mod);
	char *dm = name && us->demangle ? dt_demangle(name) : NULL;

	if (dm)
		name = dm;
	if (name && addr > sa)
		dt_sb_printf(sb, "%s`%s+0x%llx", mod, name, (unsigned long long)(addr - sa));
	else if (name)
		dt_sb_printf(sb, "%s`%s", mod, name);
	else if (mod)
		dt_sb_printf(sb, "%s`0x%llx", mod, (unsigned long long)addr);
	else
		dt_sb_printf(sb, "0x%llx", (unsigned long long)addr);
	free(dm);
}

void
dt_usym_fmt_sym(dt_strbuf_t *sb, dt_usyms_t *us, pid_t pid, uint64_t addr)
{
	dt_usym_fmt_addr(sb, us, pid, dt_usym_norm_sym(us, pid, addr));
}

void
dt_usym_fmt_mod(dt_strbuf_t *sb, dt_usyms_t *us, pid_t pid, uint64_t addr)
{
	uproc_t *p = NULL;
	const umapping_t *m = usyms_mapping(us, pid, addr, &p);

	if (m)
		dt_sb_puts(sb, m->file->base);
	else
		dt_sb_printf(sb, "0x%llx", (unsigned long long)addr);
}

uint64_t
dt_usym_norm_sym(dt_usyms_t *us, pid_t pid, uint64_t addr)
{
	uint64_t sa = addr;

	if (!dt_usym_lookup(us, pid, addr, &sa, NULL))
		return addr;
	return sa;
}

uint64_t
dt_usym_norm_mod(dt_usyms_t *us, pid_t pid, uint64_t addr)
{
	uproc_t *p = NULL;
	const umapping_t *m = usyms_mapping(us, pid, addr, &p);

	if (!m)
		return addr;
	/* The file's first mapping: every address in the module is one key. */
	for (size_t i = 0; i < p->maps.len; i++) {
		if (p->maps.data[i].file == m->file)
			return p->maps.data[i].start;
	}
	return m->start;
}

void
dt_usym_fmt_stack(dt_strbuf_t *sb, dt_usyms_t *us, const uint64_t *words, size_t nwords,
		  int indent)
{
	pid_t pid = nwords ? (pid_t)words[0] : 0;

	if (indent < 0)
		indent = DT_STACK_INDENT;
	dt_sb_putc(sb, '\n');
	for (size_t i = 1; i < nwords && words[i] != 0; i++) {
		dt_sb_printf(sb, "%*s", indent, "");
		dt_usym_fmt_addr(sb, us, pid, words[i]);
		dt_sb_putc(sb, '\n');
	}
}

void
dt_usym_fmt_item(dt_strbuf_t *sb, dt_usyms_t *us, dt_keyfmt_t kf, const uint64_t words[2])
{
	pid_t pid = (pid_t)words[0];

	if (kf == DT_KEYFMT_UMOD)
		dt_usym_fmt_mod(sb, us, pid, words[1]);
	else if (kf == DT_KEYFMT_USYM)
		dt_usym_fmt_sym(sb, us, pid, words[1]);
	else
		dt_usym_fmt_addr(sb, us, pid, words[1]);
}
