/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_kprobe.c: programs on kernel functions' entries and returns through kprobes, for the
 * providers that need them (fbt; io's wait-start and wait-done): which way this kernel
 * offers, attaching a loaded program to a list of functions with a BPF cookie each, and
 * detaching.
 *
 * The ways, the first the kernel has (probed once per dt_kprobes_t):
 *   kprobe_multi   one BPF_TRACE_KPROBE_MULTI link for all the functions (Linux 5.18,
 *                  CONFIG_FPROBE): one link however many functions
 *   PMU            one perf kprobe per function from the kprobe PMU, each linked
 *   tracefs        one kprobe_events entry per function (GROUP_PID/pN), its perf event linked;
 *                  removed again at detach
 *   none           no kprobes: the provider refuses its probes with kp->why
 * DTRACE_FBT_ATTACH=kprobe, pmu or tracefs in the environment takes that way (the tests take
 * each way on kernels that have several). Programs attached by kprobe_multi are loaded with
 * that expected attach type (dt_kprobe_attach_type); their context is struct pt_regs either
 * way, and bpf_get_attach_cookie() returns the function's cookie.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "dt_provider.h"

/* A small integer from a sysfs file ("6\n", or "config:0" after the colon); -1 if none. */
int
dt_kprobe_read_int(const char *path)
{
	char buf[64] = "", *p;
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return -1;
	buf[n] = '\0';
	p = strchr(buf, ':');
	return (int)strtol(p ? p + 1 : buf, NULL, 10);
}

/*
 * kprobe_multi links: a program loads with that attach type (5.18+), and a link to a function
 * that does not exist fails for that reason (ENOENT, ESRCH, EINVAL) rather than with
 * EOPNOTSUPP (a kernel without CONFIG_FPROBE). Nothing is attached either way.
 */
static bool
dt_kprobe_have_multi(void)
{
	static const char *const none[] = {"dtrace_kprobe_no_such_function"};
	struct bpf_insn insns[] = {DT_MOV64_IMM(0, 0), DT_EXIT()};
	LIBBPF_OPTS(bpf_prog_load_opts, po, .expected_attach_type = BPF_TRACE_KPROBE_MULTI);
	LIBBPF_OPTS(bpf_link_create_opts, lo);
	int pfd, lfd, err;

	pfd = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "dt_kprobe_probe", DT_BPF_LICENSE, insns, 2,
			    &po);
	if (pfd < 0)
		return false;
	lo.kprobe_multi.syms = (const char **)none;
	lo.kprobe_multi.cnt = 1;
	lfd = bpf_link_create(pfd, 0, BPF_TRACE_KPROBE_MULTI, &lo);
	err = errno;
	if (lfd >= 0)
		close(lfd);
	close(pfd);
	return lfd >= 0 || err != EOPNOTSUPP;
}

dt_kprobe_how_t
dt_kprobe_how(dt_kprobes_t *st)
{
	const char *tfs, *force;
	char path[512];

	if (st->how)
		return st->how;
	st->pmu_type = dt_kprobe_read_int("/sys/bus/event_source/devices/kprobe/type");
	st->pmu_retbit = dt_kprobe_read_int("/sys/bus/event_source/devices/kprobe/format/retprobe");
	tfs = dt_tracefs();
	snprintf(path, sizeof(path), "%s/kprobe_events", tfs ? tfs : "/sys/kernel/tracing");
	if (st->pmu_type < 0 && access(path, W_OK) < 0) {
		snprintf(st->why, sizeof(st->why), "this kernel has no kprobes (no kprobe PMU in "
			 "/sys/bus/event_source/devices, no %s)", path);
		return st->how = DT_KP_NONE;
	}
	/* DTRACE_FBT_ATTACH=pmu or tracefs: the tests take each path on kernels that have more */
	force = getenv("DTRACE_FBT_ATTACH");
	if (!force && dt_kprobe_have_multi())
		return st->how = DT_KP_MULTI;
	if (force && strcmp(force, "kprobe") == 0 && dt_kprobe_have_multi())
		return st->how = DT_KP_MULTI;
	if (force && strcmp(force, "tracefs") == 0)
		return st->how = DT_KP_TRACEFS;
	return st->how = st->pmu_type >= 0 && st->pmu_retbit >= 0 ? DT_KP_PMU
								  : DT_KP_TRACEFS;
}

typedef struct dt_kprobe_sym {
	const char *name;
	uint64_t cookie;
} dt_kprobe_sym_t;

static int
dt_kprobe_sym_cmp(const void *l, const void *r)
{
	return strcmp(((const dt_kprobe_sym_t *)l)->name, ((const dt_kprobe_sym_t *)r)->name);
}

/*
 * One kprobe_multi link for every function. The kernel looks the names up with a binary
 * search, so they go sorted (cookies alongside); a name given twice (two modules' functions of
 * one name) is given once (the kernel would refuse the duplicate), with the first's cookie.
 */
static int
dt_kprobe_attach_multi(struct dt_bpfprog *bp, const char *const *funcs, const uint64_t *cks,
		       size_t n, bool ret)
{
	LIBBPF_OPTS(bpf_link_create_opts, lo);
	size_t m = 0;
	dt_kprobe_sym_t *s = dt_xcalloc(n, sizeof(*s));
	const char **syms = dt_xcalloc(n, sizeof(*syms));
	__u64 *cookies = dt_xcalloc(n, sizeof(*cookies));
	int fd, err = 0;

	for (size_t i = 0; i < n; i++)
		s[i] = (dt_kprobe_sym_t){funcs[i], cks ? cks[i] : i};
	qsort(s, n, sizeof(*s), dt_kprobe_sym_cmp);
	for (size_t i = 0; i < n; i++) {
		if (m && strcmp(syms[m - 1], s[i].name) == 0)
			continue;
		syms[m] = s[i].name;
		cookies[m++] = s[i].cookie;
	}
	lo.kprobe_multi.syms = syms;
	lo.kprobe_multi.cookies = cookies;
	lo.kprobe_multi.cnt = (uint32_t)m;
	lo.kprobe_multi.flags = ret ? BPF_F_KPROBE_MULTI_RETURN : 0;
	fd = bpf_link_create(bp->fd, 0, BPF_TRACE_KPROBE_MULTI, &lo);
	if (fd < 0)
		err = -errno;
	else
		dt_vec_push(&bp->link_fds, fd);
	free(s);
	free(syms);
	free(cookies);
	return err;
}

/* tracefs kprobe_events: a line written (or removed with "-:..."); 0 or -errno. */
static int
dt_kprobe_event(const char *line)
{
	const char *tfs = dt_tracefs();
	char path[512];
	int fd, err = 0;

	snprintf(path, sizeof(path), "%s/kprobe_events", tfs ? tfs : "/sys/kernel/tracing");
	if ((fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)) < 0)
		return -errno;
	if (write(fd, line, strlen(line)) < 0)
		err = -errno;
	close(fd);
	return err;
}

/* The perf event of one kprobe on func: from the PMU, or a tracefs event made for it. */
static int
dt_kprobe_perf(dt_kprobes_t *st, const char *func, bool ret)
{
	struct perf_event_attr attr;
	char line[512];

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.sample_period = 1;
	attr.wakeup_events = 1;
	if (st->how == DT_KP_PMU) {
		attr.type = (uint32_t)st->pmu_type;
		attr.config = ret ? 1ULL << st->pmu_retbit : 0;
		attr.config1 = (uint64_t)(uintptr_t)func;
	} else {
		const char *tfs = dt_tracefs();
		char path[640];
		int id, err;

		snprintf(line, sizeof(line), "%c:%s_%d/p%d %s\n", ret ? 'r' : 'p', st->group,
			 (int)getpid(), st->nevents, func);
		if ((err = dt_kprobe_event(line)) < 0)
			return err;
		snprintf(path, sizeof(path), "%s/events/%s_%d/p%d/id",
			 tfs ? tfs : "/sys/kernel/tracing", st->group, (int)getpid(), st->nevents++);
		if ((id = dt_kprobe_read_int(path)) < 0)
			return -ENOENT;
		attr.type = PERF_TYPE_TRACEPOINT;
		attr.config = (uint64_t)id;
	}
	return dt_prov_perf_open(&attr, -1, 0);
}

/*
 * One perf kprobe per function, each linked to the program with its cookie. A function ftrace
 * lists may still refuse a kprobe (the kernel's kprobe blacklist: EADDRNOTAVAIL, EINVAL):
 * among many, those are left out and counted, as a glob means the functions it can trace.
 */
static int
dt_kprobe_attach_each(dt_handle_t *dtp, dt_kprobes_t *st, struct dt_bpfprog *bp,
		      const char *const *funcs, const uint64_t *cks, size_t n, bool ret,
		      const char *what)
{
	size_t nrefused = 0;
	const char *first = NULL;
	int rc;

	dt_prov_raise_nofile();
	for (size_t i = 0; i < n; i++) {
		int pfd;

		if (dtp->intr && *dtp->intr)
			return -EINTR;
		pfd = dt_kprobe_perf(st, funcs[i], ret);
		if ((pfd == -EADDRNOTAVAIL || pfd == -EINVAL) && n > 1) {
			if (!nrefused++)
				first = funcs[i];
			continue;
		}
		if (pfd < 0)
			return pfd;
		if ((rc = dt_prov_perf_link(bp, pfd, cks ? cks[i] : i)) < 0)
			return rc;
	}
	if (nrefused == n)
		return -EADDRNOTAVAIL;
	if (nrefused)
		fprintf(stderr, "dtrace: %zu of %zu %s %s probes not enabled: the kernel refuses "
			"kprobes on those functions (%s%s)\n", nrefused, n, what,
			ret ? "return" : "entry", first, nrefused > 1 ? ", ..." : "");
	return 0;
}

int
dt_kprobe_attach_type(dt_kprobes_t *kp)
{
	return dt_kprobe_how(kp) == DT_KP_MULTI ? BPF_TRACE_KPROBE_MULTI : 0;
}

int
dt_kprobe_attach(dt_handle_t *dtp, dt_kprobes_t *kp, struct dt_bpfprog *bp,
		 const char *const *funcs, const uint64_t *cookies, size_t n, bool ret,
		 const char *what)
{
	switch (dt_kprobe_how(kp)) {
	case DT_KP_MULTI:
		return dt_kprobe_attach_multi(bp, funcs, cookies, n, ret);
	case DT_KP_PMU: case DT_KP_TRACEFS:
		return dt_kprobe_attach_each(dtp, kp, bp, funcs, cookies, n, ret, what);
	default:
		return -EOPNOTSUPP;
	}
}

/* The perf events under the links, and the tracefs events made for them. */
void
dt_kprobe_detach(dt_handle_t *dtp, dt_kprobes_t *kp, struct dt_bpfprog *bp)
{
	char line[128];

	dt_prov_perf_detach(dtp, bp);
	if (kp->how != DT_KP_TRACEFS || !kp->nevents)
		return;
	/* after every program's links are closed: the last program's detach removes them */
	for (size_t i = 0; i < dtp->bpfprogs.len; i++) {
		dt_bpfprog_t *o = dtp->bpfprogs.data[i];

		if (o != bp && o->prov == bp->prov && o->perf_fds.len)
			return;
	}
	for (size_t k = 0; k < bp->link_fds.len; k++)
		close(bp->link_fds.data[k]);
	bp->link_fds.len = 0;
	for (int e = 0; e < kp->nevents; e++) {
		snprintf(line, sizeof(line), "-:%s_%d/p%d\n", kp->group, (int)getpid(), e);
		dt_kprobe_event(line);
	}
	kp->nevents = 0;
}
