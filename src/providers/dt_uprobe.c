/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_uprobe.c: attach a loaded program to user-space instructions, each given as a file and
 * an offset in it, with a cookie per instruction the program reads (bpf_get_attach_cookie)
 * to know which probe fired. The pid and USDT providers attach through it.
 *
 * The chain, best first:
 *
 *   1. uprobe_multi (Linux 6.6+): one BPF link for all the instructions of one file, entries
 *      or returns (a link is one or the other), in one bpf(BPF_LINK_CREATE) call, optionally
 *      only for one process (its pid). Attaching the 3,000 functions of libc is one system
 *      call; detaching one close(). The program must be loaded for it (expected attach type
 *      BPF_TRACE_UPROBE_MULTI: dt_uprobe_attach_type()). libbpf 1.1 knows neither the attach
 *      type nor the link's attributes: the system call is made here, with the kernel's UAPI
 *      layout of union bpf_attr's link_create (below).
 *   2. Without it: one perf event of the uprobe PMU (/sys/bus/event_source/devices/uprobe)
 *      per instruction, and a BPF perf-event link carrying the cookie. A process's probes are
 *      one perf event each (pid given); without a pid, one per CPU. Slow for thousands of
 *      probes (each registers its uprobe and its event), but every kernel since 4.17 has it.
 *
 * Which one is decided once, before the first program is loaded: dt_uprobe_attach_type()
 * attaches a uprobe_multi link to a function of this very process that is never called,
 * then closes it. DTRACE_UPROBE_MULTI=0 in the environment forces the perf-event path (the
 * tests use it to run both on one kernel).
 *
 * USDT semaphores: a location's ref_ctr is the file offset of the probe's is-enabled counter;
 * the kernel increments it in every process while the probe is attached (both paths).
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <linux/bpf.h>

#include "../common/dt_usymtab.h"
#include "dt_provider.h"

/* The kernel's numbers, newer than the UAPI headers this builds with. */
#define DT_BPF_TRACE_UPROBE_MULTI 48
#define DT_BPF_F_UPROBE_MULTI_RETURN 1U

/* union bpf_attr, as BPF_LINK_CREATE reads it for a uprobe_multi link (Linux 6.6+). */
struct dt_uprobe_multi_attr {
	uint32_t prog_fd;
	uint32_t target_fd;
	uint32_t attach_type;
	uint32_t flags;
	uint64_t path;		/* const char * */
	uint64_t offsets;	/* const uint64_t *, cnt of them */
	uint64_t ref_ctr_offsets;	/* or 0 */
	uint64_t cookies;	/* or 0 */
	uint32_t cnt;
	uint32_t mflags;	/* BPF_F_UPROBE_MULTI_RETURN */
	uint32_t pid;		/* 0: every process */
	uint32_t pad;
};

static int dt_uprobe_multi = -1;	/* -1 unknown, 0 no, 1 yes */

static int
dt_uprobe_multi_link(int prog_fd, const char *path, pid_t pid, const uint64_t *offs,
		     const uint64_t *refs, const uint64_t *cookies, size_t n, bool ret)
{
	union {
		struct dt_uprobe_multi_attr a;
		char pad[sizeof(union bpf_attr) > 64 ? sizeof(union bpf_attr) : 64];
	} attr;

	memset(&attr, 0, sizeof(attr));
	attr.a.prog_fd = (uint32_t)prog_fd;
	attr.a.attach_type = DT_BPF_TRACE_UPROBE_MULTI;
	attr.a.path = (uint64_t)(uintptr_t)path;
	attr.a.offsets = (uint64_t)(uintptr_t)offs;
	attr.a.ref_ctr_offsets = (uint64_t)(uintptr_t)refs;
	attr.a.cookies = (uint64_t)(uintptr_t)cookies;
	attr.a.cnt = (uint32_t)n;
	attr.a.mflags = ret ? DT_BPF_F_UPROBE_MULTI_RETURN : 0;
	attr.a.pid = pid > 0 ? (uint32_t)pid : 0;
	return (int)syscall(SYS_bpf, BPF_LINK_CREATE, &attr, sizeof(attr));
}

/* Never called: the feature probe's uprobe goes here. */
__attribute__((noinline, used)) void dt_uprobe_selftest_fn(void);
__attribute__((noinline, used)) void
dt_uprobe_selftest_fn(void)
{
	__asm__ volatile("" ::: "memory");
}

/* The file offset of one of our own addresses, from /proc/self/maps; -1 if not found. */
static int64_t
dt_uprobe_self_off(uint64_t addr, char *path, size_t pathlen)
{
	FILE *fp = fopen("/proc/self/maps", "re");
	char line[4352];
	int64_t off = -1;

	while (fp && off < 0 && fgets(line, sizeof(line), fp)) {
		dt_umap_t m;

		if (!dt_umaps_parse_line(line, &m) || addr < m.start || addr >= m.end ||
		    m.pathlen == 0 || m.path[0] != '/' || m.pathlen >= pathlen)
			continue;
		memcpy(path, m.path, m.pathlen);
		path[m.pathlen] = '\0';
		off = (int64_t)(addr - m.start + m.off);
	}
	if (fp)
		fclose(fp);
	return off;
}

int
dt_uprobe_attach_type(void)
{
	static const struct bpf_insn ret0[] = {
		{.code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = 0, .imm = 0},
		{.code = BPF_JMP | BPF_EXIT},
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type =
		    (enum bpf_attach_type)DT_BPF_TRACE_UPROBE_MULTI);
	const char *env = getenv("DTRACE_UPROBE_MULTI");
	char path[4096];
	uint64_t off;
	int64_t o;
	int pfd, lfd;

	if (dt_uprobe_multi >= 0)
		return dt_uprobe_multi ? DT_BPF_TRACE_UPROBE_MULTI : 0;
	dt_uprobe_multi = 0;
	if (env && strcmp(env, "0") == 0)
		return 0;
	o = dt_uprobe_self_off((uint64_t)(uintptr_t)dt_uprobe_selftest_fn, path, sizeof(path));
	if (o < 0)
		return 0;
	off = (uint64_t)o;
	pfd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "dt_probe_um", DT_BPF_LICENSE, ret0, 2, &opts);
	if (pfd < 0)
		return 0;
	lfd = dt_uprobe_multi_link(pfd, path, getpid(), &off, NULL, NULL, 1, false);
	if (lfd >= 0) {
		dt_uprobe_multi = 1;
		close(lfd);
	}
	close(pfd);
	return dt_uprobe_multi ? DT_BPF_TRACE_UPROBE_MULTI : 0;
}

/* The uprobe PMU's type and its retprobe bit; -1 without one. */
static int
dt_uprobe_pmu(int *retbit)
{
	static int type = -2, bit = 0;
	FILE *fp;

	if (type == -2) {
		type = -1;
		if ((fp = fopen("/sys/bus/event_source/devices/uprobe/type", "re"))) {
			if (fscanf(fp, "%d", &type) != 1)
				type = -1;
			fclose(fp);
		}
		if ((fp = fopen("/sys/bus/event_source/devices/uprobe/format/retprobe", "re"))) {
			if (fscanf(fp, "config:%d", &bit) != 1)
				bit = 0;
			fclose(fp);
		}
	}
	*retbit = bit;
	return type;
}

/* One uprobe perf event (on one CPU when pid <= 0) and its BPF link. */
static int
dt_uprobe_perf_one(dt_bpfprog_t *bp, const char *path, pid_t pid, int cpu,
		   const dt_uprobe_loc_t *l, bool ret)
{
	LIBBPF_OPTS(bpf_link_create_opts, lo);
	struct perf_event_attr attr;
	int retbit, type = dt_uprobe_pmu(&retbit), pfd, lfd;

	if (type < 0)
		return -ENOENT;
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)type;
	attr.config = (ret ? 1ULL << retbit : 0) | (l->ref_ctr << 32);	/* ref_ctr_offset */
	attr.config1 = (uint64_t)(uintptr_t)path;
	attr.config2 = l->off;
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	pfd = (int)syscall(SYS_perf_event_open, &attr, pid > 0 ? pid : -1, pid > 0 ? -1 : cpu, -1,
			   PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		return -errno;
	dt_vec_push(&bp->perf_fds, pfd);
	lo.perf_event.bpf_cookie = l->cookie;
	lfd = bpf_link_create(bp->fd, pfd, BPF_PERF_EVENT, &lo);
	if (lfd < 0)
		return -errno;
	dt_vec_push(&bp->link_fds, lfd);
	return 0;
}

/* An instruction uprobes cannot take (ENOTSUPP), or an offset that is not one. */
static bool
dt_uprobe_bad_insn(int err)
{
	return err == -524 || err == -EINVAL || err == -EILSEQ;
}

/*
 * An instruction x86 uprobes refuse, as far as its first bytes tell: a LOCK or segment
 * prefix, or a VEX or EVEX encoding (libc's pthread_spin_lock, memset's AVX2 versions).
 * Only an ordering hint: these are tried alone, so one refusal does not undo the others.
 */
static bool
dt_uprobe_suspect(int fd, uint64_t off)
{
	unsigned char b[15];
	ssize_t n = fd >= 0 ? pread(fd, b, sizeof(b), (off_t)off) : -1;

	for (ssize_t i = 0; i < n; i++) {
		switch (b[i]) {
		case 0xf0: case 0x26: case 0x2e: case 0x36: case 0x3e:	/* lock, segments */
		case 0xc4: case 0xc5: case 0x62:			/* VEX, EVEX */
			return true;
		case 0x66: case 0x67: case 0xf2: case 0xf3: case 0x64: case 0x65:
			continue;	/* other legacy prefixes */
		default:
			if (b[i] >= 0x40 && b[i] <= 0x4f)
				continue;	/* REX */
			return false;
		}
	}
	return false;
}

/*
 * One uprobe_multi link for locs [0, n). The kernel refuses the whole link when one offset is
 * an instruction it cannot probe (libc has one: ENOTSUPP); then each half is tried alone,
 * down to the offsets that fail by themselves, which are skipped with their error in
 * locs[i].err.
 */
static int
dt_uprobe_multi_range(dt_bpfprog_t *bp, const char *path, pid_t pid, dt_uprobe_loc_t *locs,
		      uint64_t *offs, uint64_t *refs, uint64_t *cookies, size_t n, bool ret)
{
	int lfd, err;

	lfd = dt_uprobe_multi_link(bp->fd, path, pid, offs, refs, cookies, n, ret);
	if (lfd >= 0) {
		dt_vec_push(&bp->link_fds, lfd);
		return 0;
	}
	err = -errno;
	if (!dt_uprobe_bad_insn(err))
		return err;
	if (n == 1) {
		locs[0].err = err;
		return 0;
	}
	err = dt_uprobe_multi_range(bp, path, pid, locs, offs, refs, cookies, n / 2, ret);
	if (err == 0)
		err = dt_uprobe_multi_range(bp, path, pid, locs + n / 2, offs + n / 2,
					    refs ? refs + n / 2 : NULL, cookies + n / 2,
					    n - n / 2, ret);
	return err;
}

int
dt_uprobe_attach(dt_handle_t *dtp, dt_bpfprog_t *bp, const char *path, pid_t pid,
		 dt_uprobe_loc_t *locs, size_t n, bool ret)
{
	int err = 0;

	if (n == 0)
		return 0;
	for (size_t i = 0; i < n; i++)
		locs[i].err = 0;
	if (dt_uprobe_attach_type() == DT_BPF_TRACE_UPROBE_MULTI) {
		uint64_t *offs = dt_xmalloc(n * sizeof(uint64_t) * 3);
		uint64_t *cookies = offs + n, *refs = offs + 2 * n;
		dt_uprobe_loc_t *order = dt_xmalloc(n * sizeof(*order));
		size_t ngood = 0, nsus = n;
		bool anyref = false;
		int fd = open(path, O_RDONLY | O_CLOEXEC);

		/* the likely refusals last, one link each: the rest is one link */
		for (size_t i = 0; i < n; i++) {
			size_t at = dt_uprobe_suspect(fd, locs[i].off) ? --nsus : ngood++;

			order[at] = locs[i];
			offs[at] = locs[i].off;
			cookies[at] = locs[i].cookie;
			refs[at] = locs[i].ref_ctr;
			anyref |= locs[i].ref_ctr != 0;
		}
		if (fd >= 0)
			close(fd);
		err = dt_uprobe_multi_range(bp, path, pid, order, offs, anyref ? refs : NULL,
					    cookies, ngood, ret);
		for (size_t i = ngood; i < n && !err; i++)
			err = dt_uprobe_multi_range(bp, path, pid, order + i, offs + i,
						    anyref ? refs + i : NULL, cookies + i, 1, ret);
		/* the errors back to the caller's order (cookies are unique per location) */
		for (size_t i = 0; i < n; i++)
			for (size_t k = 0; k < n && order[i].err; k++)
				if (locs[k].cookie == order[i].cookie && locs[k].off == order[i].off)
					locs[k].err = order[i].err;
		free(order);
		free(offs);
		return err;
	}
	dt_prov_raise_nofile();	/* 6.1 has no uprobe_multi: libc's 2,000 functions hit EMFILE */
	for (size_t i = 0; i < n && !err; i++) {
		if (dtp->intr && *dtp->intr)
			return -EINTR;
		if (pid > 0) {
			err = dt_uprobe_perf_one(bp, path, pid, -1, &locs[i], ret);
		} else {
			for (int cpu = 0; cpu < dtp->ncpus && !err; cpu++) {
				err = dt_uprobe_perf_one(bp, path, pid, cpu, &locs[i], ret);
				if (err == -ENODEV)
					err = 0;	/* an offline CPU */
			}
		}
		if (dt_uprobe_bad_insn(err)) {
			locs[i].err = err;	/* that one is skipped */
			err = 0;
		}
	}
	return err;
}

/*
 * Detaching the perf-event path: closing a uprobe perf event's BPF link waits for an RCU
 * tasks-trace grace period (tens of milliseconds; 3,000 probes took minutes closed one after
 * another), and concurrent waits share grace periods. So the links and events are closed by
 * DT_UPROBE_CLOSERS threads at once; a uprobe_multi link is one close anyway.
 */
#define DT_UPROBE_CLOSERS 64

typedef struct dt_uprobe_closer {
	const int *fds;
	size_t n;
} dt_uprobe_closer_t;

static void *
dt_uprobe_close_some(void *arg)
{
	const dt_uprobe_closer_t *c = arg;

	for (size_t i = 0; i < c->n; i++)
		close(c->fds[i]);
	return NULL;
}

static void
dt_uprobe_close_all(int *fds, size_t n)
{
	pthread_t tids[DT_UPROBE_CLOSERS];
	dt_uprobe_closer_t parts[DT_UPROBE_CLOSERS];
	size_t per = (n + DT_UPROBE_CLOSERS - 1) / DT_UPROBE_CLOSERS, k = 0;
	bool started[DT_UPROBE_CLOSERS] = {0};

	for (size_t at = 0; at < n; at += per, k++) {
		parts[k].fds = fds + at;
		parts[k].n = DT_MIN(per, n - at);
		started[k] = n > 1 && pthread_create(&tids[k], NULL, dt_uprobe_close_some,
						     &parts[k]) == 0;
		if (!started[k])
			dt_uprobe_close_some(&parts[k]);
	}
	for (size_t i = 0; i < k; i++)
		if (started[i])
			pthread_join(tids[i], NULL);
}

void
dt_uprobe_detach(dt_handle_t *dtp, dt_bpfprog_t *bp)
{
	if (bp->perf_fds.len) {
		dt_uprobe_close_all(bp->link_fds.data, bp->link_fds.len);
		bp->link_fds.len = 0;
		dt_uprobe_close_all(bp->perf_fds.data, bp->perf_fds.len);
	}
	bp->perf_fds.len = 0;
}
