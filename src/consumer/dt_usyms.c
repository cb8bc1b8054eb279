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
 * Symbols come from .symtab and .dynsym together (a stripped library has only .dynsym); only
 * functions, objects and common symbols with a size count, and an address belongs to a
 * symbol when it lies in [value, value + size). Several symbols at one address (getpid and
 * __getpid) resolve to one name, chosen as Oracle's libproc chooses: a function over the
 * rest, a global or weak symbol over a local one, no leading '$', fewer leading underscores,
 * the smaller size, then the name's order.
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

#define DT_USYM_BACKSCAN 32	/* earlier addresses looked at for a symbol that covers addr */
#define DT_USYM_MAXPROCS 512	/* processes whose mappings are kept (the least used go) */

/* ---- symbol tables ------------------------------------------------------------------- */

typedef struct usym {
	uint64_t value, size;
	const char *name;	/* in the table's arena */
	uint8_t type, bind;	/* STT_*, STB_* */
} usym_t;

struct dt_usymtab {
	DT_VEC(usym_t) syms;
	dt_arena_t names;
	bool sorted;
};

dt_usymtab_t *
dt_usymtab_new(void)
{
	dt_usymtab_t *t = dt_xcalloc(1, sizeof(*t));

	dt_arena_init(&t->names);
	return t;
}

void
dt_usymtab_free(dt_usymtab_t *t)
{
	if (!t)
		return;
	dt_vec_free(&t->syms);
	dt_arena_fini(&t->names);
	free(t);
}

void
dt_usymtab_add(dt_usymtab_t *t, const char *name, uint64_t value, uint64_t size, int type,
	       int bind)
{
	usym_t s = { .value = value, .size = size, .type = (uint8_t)type, .bind = (uint8_t)bind };

	/* Only what an address can fall in: sized code and data, not sections or files. */
	if (!name || !*name || size == 0 ||
	    (type != STT_FUNC && type != STT_OBJECT && type != STT_COMMON))
		return;
	s.name = dt_arena_strdup(&t->names, name);
	dt_vec_push(&t->syms, s);
	t->sorted = false;
}

size_t
dt_usymtab_count(dt_usymtab_t *t)
{
	dt_usymtab_sort(t);
	return t->syms.len;
}

/* Which of two symbols at one address names it (negative: l), as libproc prefers. */
static int
usym_prefer(const usym_t *l, const usym_t *r)
{
	const char *ln = l->name, *rn = r->name;

	if (l->type != r->type && (l->type == STT_FUNC || r->type == STT_FUNC))
		return l->type == STT_FUNC ? -1 : 1;
	if (l->bind != r->bind && (l->bind == STB_LOCAL || r->bind == STB_LOCAL))
		return l->bind == STB_LOCAL ? 1 : -1;
	if ((*ln == '$') != (*rn == '$'))
		return *ln == '$' ? 1 : -1;
	while (*ln == '_' && *rn == '_') {
		ln++;
		rn++;
	}
	if ((*ln == '_') != (*rn == '_'))
		return *ln == '_' ? 1 : -1;
	if (l->size != r->size)
		return l->size < r->size ? -1 : 1;
	return strcmp(l->name, r->name);
}

static int
usym_cmp(const void *lp, const void *rp)
{
	const usym_t *l = lp, *r = rp;

	if (l->value != r->value)
		return l->value < r->value ? -1 : 1;
	return usym_prefer(l, r);
}

void
dt_usymtab_sort(dt_usymtab_t *t)
{
	size_t n = 0;

	if (t->sorted)
		return;
	t->sorted = true;
	if (t->syms.len < 2)
		return;
	qsort(t->syms.data, t->syms.len, sizeof(usym_t), usym_cmp);
	/* .symtab and .dynsym list most symbols twice: keep one of each. */
	for (size_t i = 0; i < t->syms.len; i++) {
		const usym_t *s = &t->syms.data[i], *p = n ? &t->syms.data[n - 1] : NULL;

		if (p && p->value == s->value && p->size == s->size && strcmp(p->name, s->name) == 0)
			continue;
		t->syms.data[n++] = *s;
	}
	t->syms.len = n;
}

const char *
dt_usymtab_lookup(dt_usymtab_t *t, uint64_t vaddr, uint64_t *value)
{
	size_t lo = 0, hi;
	int groups = 0;

	dt_usymtab_sort(t);
	hi = t->syms.len;
	/* The first symbol above vaddr. */
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->syms.data[mid].value <= vaddr)
			lo = mid + 1;
		else
			hi = mid;
	}
	/*
	 * Walk down, one address at a time: the preferred symbol at an address comes first, so
	 * the first of its run that covers vaddr names it. The closest address wins; a large
	 * symbol further down (an object holding others) is looked for a little way only.
	 */
	while (lo > 0 && groups++ < DT_USYM_BACKSCAN) {
		size_t end = lo, first = lo - 1;

		while (first > 0 && t->syms.data[first - 1].value == t->syms.data[end - 1].value)
			first--;
		for (size_t i = first; i < end; i++) {
			const usym_t *s = &t->syms.data[i];

			if (vaddr - s->value < s->size) {
				if (value)
					*value = s->value;
				return s->name;
			}
		}
		lo = first;
	}
	return NULL;
}

/* ---- /proc/PID/maps ------------------------------------------------------------------ */

/* Parse a hexadecimal field ending in one of the characters of stop; false if malformed. */
static bool
umaps_hex(const char **pp, const char *stop, uint64_t *v)
{
	char *end;

	*v = strtoull(*pp, &end, 16);
	if (end == *pp || !strchr(stop, *end) || *end == '\0')
		return false;
	*pp = end + 1;
	return true;
}

bool
dt_umaps_parse_line(const char *line, dt_umap_t *m)
{
	const char *p = line;
	uint64_t maj, min;
	char *end;
	size_t n;

	memset(m, 0, sizeof(*m));
	if (!umaps_hex(&p, "-", &m->start) || !umaps_hex(&p, " ", &m->end) || m->end < m->start)
		return false;
	if (strlen(p) < 5 || p[4] != ' ')
		return false;
	memcpy(m->perms, p, 4);
	p += 5;
	if (!umaps_hex(&p, " ", &m->off) || !umaps_hex(&p, ":", &maj) || !umaps_hex(&p, " ", &min))
		return false;
	m->dev = makedev(maj, min);
	m->ino = strtoull(p, &end, 10);
	if (end == p)
		return false;
	p = end + strspn(end, " \t");
	n = strcspn(p, "\n");
	m->path = p;
	m->pathlen = n;
	/* A file replaced or removed since it was mapped: the name is still the module's. */
	if (n > 10 && memcmp(p + n - 10, " (deleted)", 10) == 0)
		m->pathlen = n - 10;
	return true;
}

/* ---- processes and files ------------------------------------------------------------- */

typedef struct uload {
	uint64_t off, vaddr, size;	/* a PT_LOAD segment: file offset, address, file bytes */
} uload_t;

typedef struct ufile {
	char *path;
	const char *base;	/* the module name: the basename of path */
	uint64_t dev, ino;
	bool loaded;		/* symbols read (or tried: a failure is not retried) */
	bool is_exec;		/* ET_EXEC: addresses are the ELF's own */
	DT_VEC(uload_t) loads;
	dt_usymtab_t *tab;
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

		dt_usymtab_free(f->tab);
		dt_vec_free(&f->loads);
		free(f->path);
		free(f);
	}
	dt_vec_free(&us->files);
	free(us->procroot);
	free(us);
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

/* Read a file's PT_LOAD segments and symbols from an open ELF file. */
static void
ufile_read_elf(ufile_t *f, int fd)
{
	Elf *e;
	GElf_Ehdr eh;
	Elf_Scn *scn = NULL;
	size_t nph = 0;

	if (elf_version(EV_CURRENT) == EV_NONE)
		return;
	e = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!e)
		return;
	if (elf_kind(e) != ELF_K_ELF || !gelf_getehdr(e, &eh) || elf_getphdrnum(e, &nph) != 0)
		goto out;
	f->is_exec = eh.e_type == ET_EXEC;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD) {
			uload_t l = { ph.p_offset, ph.p_vaddr, DT_MAX(ph.p_filesz, 1) };

			dt_vec_push(&f->loads, l);
		}
	}
	while ((scn = elf_nextscn(e, scn)) != NULL) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM))
			continue;
		d = elf_getdata(scn, NULL);
		if (!d || sh.sh_entsize == 0)
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym s;
			const char *name;

			if (!gelf_getsym(d, (int)i, &s) || s.st_shndx == SHN_UNDEF)
				continue;
			name = elf_strptr(e, sh.sh_link, s.st_name);
			dt_usymtab_add(f->tab, name, s.st_value, s.st_size, GELF_ST_TYPE(s.st_info),
				       GELF_ST_BIND(s.st_info));
		}
	}
	dt_usymtab_sort(f->tab);
out:
	elf_end(e);
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
	f->tab = dt_usymtab_new();
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
	ufile_read_elf(f, fd);
	close(fd);
}

/* The ELF address of a process address in mapping m of file f. */
static uint64_t
ufile_vaddr(const ufile_t *f, const umapping_t *m, uint64_t addr)
{
	uint64_t off = addr - m->start + m->off;

	for (size_t i = 0; i < f->loads.len; i++) {
		const uload_t *l = &f->loads.data[i];

		if (off - l->off < l->size)
			return l->vaddr + (off - l->off);
	}
	return f->is_exec ? addr : off;
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
	name = dt_usymtab_lookup(m->file->tab, vaddr, &value);
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

	if (name && addr > sa)
		dt_sb_printf(sb, "%s`%s+0x%llx", mod, name, (unsigned long long)(addr - sa));
	else if (name)
		dt_sb_printf(sb, "%s`%s", mod, name);
	else if (mod)
		dt_sb_printf(sb, "%s`0x%llx", mod, (unsigned long long)addr);
	else
		dt_sb_printf(sb, "0x%llx", (unsigned long long)addr);
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
