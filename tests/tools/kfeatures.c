/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kfeatures: which kernel features a test needs are present here, checked for real.
 *
 *   kfeatures WORD...   exit 0 when every WORD is present; otherwise print the first missing
 *                       one and why on stdout ("kprobes (this kernel has no kprobe_events)")
 *                       and exit 1. An unknown WORD is a usage error (exit 2), so that a typo
 *                       in a test's NAME.needs fails the test instead of skipping it forever.
 *   kfeatures --all     one line per word: "WORD: yes" or "WORD: no (why)".
 *
 * tests/run-tests.sh runs it for the words of each test's NAME.needs file (and caches the
 * answers for the run). Each check does what a test would do, as small as it can: a kprobe
 * is created and removed, an fentry program is loaded and attached, a loop device is bound
 * to a file; existence of a file is not taken as proof where the kernel can still refuse
 * (this machine's kernel lists BPF trampolines in its BTF but refuses them with EPERM).
 * Words: see tests/run-tests.sh's header and the table below.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <link.h>
#include <net/if.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <sched.h>
#include <unistd.h>
#include <linux/bpf.h>
#include <linux/loop.h>
#include <linux/perf_event.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>

/* A kernel function present and traceable on every kernel the suite targets. */
#define KF_FUNC "vfs_read"

/* Attach types newer than the build host's UAPI headers (values are kernel ABI). */
#define KF_TRACE_KPROBE_MULTI 42
#define KF_TRACE_UPROBE_MULTI 48

static char kf_why[512];

static int
kf_no(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(kf_why, sizeof(kf_why), fmt, ap);
	va_end(ap);
	return 0;
}

/* The tracefs mount: the kernel's own mount point, or the older one under debugfs. */
static const char *
kf_tracefs(void)
{
	if (access("/sys/kernel/tracing/events", F_OK) == 0)
		return "/sys/kernel/tracing";
	if (access("/sys/kernel/debug/tracing/events", F_OK) == 0)
		return "/sys/kernel/debug/tracing";
	return NULL;
}

/* The perf PMU type of /sys/bus/event_source/devices/NAME, or -1 when there is none. */
static int
kf_pmu_type(const char *name)
{
	char path[128];
	FILE *f;
	int type = -1;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/type", name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%d", &type) != 1)
		type = -1;
	fclose(f);
	return type;
}

/* Open a kprobe or uprobe perf event on PMU TYPE: config1 names the function or file. */
static int
kf_probe_pmu(int type, const char *name, uint64_t off)
{
	struct perf_event_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = type;
	attr.config1 = (uint64_t)(uintptr_t)name;
	attr.config2 = off;
	fd = syscall(__NR_perf_event_open, &attr, -1, 0, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

/* Append LINE to tracefs FILE (kprobe_events, uprobe_events); 0 or -errno. */
static int
kf_tracefs_write(const char *tfs, const char *file, const char *line)
{
	char path[256];
	int fd, err = 0;

	snprintf(path, sizeof(path), "%s/%s", tfs, file);
	fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (write(fd, line, strlen(line)) < 0)
		err = -errno;
	close(fd);
	return err;
}

/*
 * Create a probe through its PMU when the kernel has one, else through tracefs' EVENTS
 * file with DEF ("p:kfeatures/NAME TARGET"), removed again at once.
 */
static int
kf_probe(const char *what, const char *pmu, const char *events, const char *name,
	 uint64_t off, const char *target)
{
	const char *tfs = kf_tracefs();
	char path[256], line[PATH_MAX + 64];
	int type = kf_pmu_type(pmu), err;

	if (type >= 0) {
		err = kf_probe_pmu(type, name, off);
		if (err)
			return kf_no("creating a %s on %s failed: %s", what, target, strerror(-err));
		return 1;
	}
	snprintf(path, sizeof(path), "%s/%s", tfs ? tfs : "", events);
	if (!tfs || access(path, F_OK) != 0)
		return kf_no("this kernel has no %s", events);
	snprintf(line, sizeof(line), "p:kfeatures/%c%d %s\n", what[0], (int)getpid(), target);
	err = kf_tracefs_write(tfs, events, line);
	if (err)
		return kf_no("creating a %s on %s failed: %s", what, target, strerror(-err));
	snprintf(line, sizeof(line), "-:kfeatures/%c%d\n", what[0], (int)getpid());
	kf_tracefs_write(tfs, events, line);
	return 1;
}

static int
kf_kprobes(void)
{
	return kf_probe("kprobe", "kprobe", "kprobe_events", KF_FUNC, 0, KF_FUNC);
}

/* This program's own file and the file offset of one of its functions (a uprobe target). */
struct kf_self {
	char path[PATH_MAX];
	uint64_t off;
};

static int
kf_self_phdr(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct kf_self *self = arg;
	uintptr_t vaddr = (uintptr_t)&kf_self_phdr - info->dlpi_addr;
	int i;

	/* The first object is the executable itself. */
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_LOAD && vaddr >= ph->p_vaddr &&
		    vaddr < ph->p_vaddr + ph->p_memsz) {
			self->off = vaddr - ph->p_vaddr + ph->p_offset;
			return 1;
		}
	}
	return 1;
}

static int
kf_uprobes(void)
{
	struct kf_self self = { .off = 0 };
	char target[PATH_MAX + 32];

	if (!realpath("/proc/self/exe", self.path))
		return kf_no("cannot read /proc/self/exe: %s", strerror(errno));
	dl_iterate_phdr(kf_self_phdr, &self);
	if (!self.off)
		return kf_no("cannot find a function of %s to probe", self.path);
	snprintf(target, sizeof(target), "%s:0x%llx", self.path, (unsigned long long)self.off);
	return kf_probe("uprobe", "uprobe", "uprobe_events", self.path, self.off, target);
}

/* r0 = 0; exit */
static const struct bpf_insn kf_ret0[] = {
	{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
	{ .code = BPF_JMP | BPF_EXIT },
};

static int
kf_load(enum bpf_prog_type type, int attach_type, int btf_id)
{
	LIBBPF_OPTS(bpf_prog_load_opts, opts, .expected_attach_type = attach_type,
		    .attach_btf_id = btf_id);
	int fd;

	fd = bpf_prog_load(type, "kfeatures", "GPL", kf_ret0, 2, &opts);
	return fd < 0 ? -errno : fd;
}

static int
kf_fentry(void)
{
	struct btf *btf = btf__load_vmlinux_btf();
	int id, prog, link;

	if (!btf)
		return kf_no("this kernel has no vmlinux BTF");
	id = btf__find_by_name_kind(btf, KF_FUNC, BTF_KIND_FUNC);
	btf__free(btf);
	if (id < 0)
		return kf_no("%s is not in the kernel's BTF", KF_FUNC);
	prog = kf_load(BPF_PROG_TYPE_TRACING, BPF_TRACE_FENTRY, id);
	if (prog < 0)
		return kf_no("an fentry program on %s was refused: %s", KF_FUNC, strerror(-prog));
	link = bpf_link_create(prog, 0, BPF_TRACE_FENTRY, NULL);
	if (link < 0) {
		link = -errno;
		close(prog);
		return kf_no("attaching fentry to %s failed: %s", KF_FUNC, strerror(-link));
	}
	close(link);
	close(prog);
	return 1;
}

/*
 * BPF_LINK_CREATE's attribute for the two multi-probe links, laid out as the kernel's
 * union bpf_attr (the build host's headers may predate uprobe_multi).
 */
struct kf_link_attr {
	uint32_t prog_fd;
	uint32_t target_fd;
	uint32_t attach_type;
	uint32_t flags;
	union {
		struct {
			uint32_t flags;
			uint32_t cnt;
			uint64_t syms;
			uint64_t addrs;
			uint64_t cookies;
		} kprobe_multi;
		struct {
			uint64_t path;
			uint64_t offsets;
			uint64_t ref_ctr_offsets;
			uint64_t cookies;
			uint32_t cnt;
			uint32_t flags;
			uint32_t pid;
		} uprobe_multi;
	};
};

static int
kf_multi(const char *what, int attach_type, struct kf_link_attr *attr)
{
	int prog, link;

	prog = kf_load(BPF_PROG_TYPE_KPROBE, attach_type, 0);
	if (prog < 0)
		return kf_no("a %s program was refused: %s", what, strerror(-prog));
	attr->prog_fd = prog;
	attr->attach_type = attach_type;
	link = syscall(__NR_bpf, BPF_LINK_CREATE, attr, sizeof(*attr));
	if (link < 0) {
		link = -errno;
		close(prog);
		return kf_no("creating a %s link failed: %s", what, strerror(-link));
	}
	close(link);
	close(prog);
	return 1;
}

static int
kf_kprobe_multi(void)
{
	const char *syms[] = { KF_FUNC };
	struct kf_link_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.kprobe_multi.cnt = 1;
	attr.kprobe_multi.syms = (uint64_t)(uintptr_t)syms;
	return kf_multi("kprobe_multi", KF_TRACE_KPROBE_MULTI, &attr);
}

static int
kf_uprobe_multi(void)
{
	struct kf_self self = { .off = 0 };
	struct kf_link_attr attr;
	uint64_t offs[1];

	if (!realpath("/proc/self/exe", self.path))
		return kf_no("cannot read /proc/self/exe: %s", strerror(errno));
	dl_iterate_phdr(kf_self_phdr, &self);
	offs[0] = self.off;
	memset(&attr, 0, sizeof(attr));
	attr.uprobe_multi.path = (uint64_t)(uintptr_t)self.path;
	attr.uprobe_multi.offsets = (uint64_t)(uintptr_t)offs;
	attr.uprobe_multi.cnt = 1;
	return kf_multi("uprobe_multi", KF_TRACE_UPROBE_MULTI, &attr);
}

/* Data symbols are in /proc/kallsyms only with CONFIG_KALLSYMS_ALL; linux_banner is one. */
static int
kf_kallsyms_data(void)
{
	char line[512], name[256], type;
	unsigned long long addr;
	FILE *f = fopen("/proc/kallsyms", "r");

	if (!f)
		return kf_no("cannot read /proc/kallsyms: %s", strerror(errno));
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %255s", &addr, &type, name) == 3 &&
		    strcmp(name, "linux_banner") == 0) {
			fclose(f);
			if (!addr)
				return kf_no("/proc/kallsyms hides addresses (kptr_restrict)");
			return 1;
		}
	}
	fclose(f);
	return kf_no("/proc/kallsyms lists no data symbols such as linux_banner: "
		     "CONFIG_KALLSYMS_ALL is off");
}

static int
kf_btf(void)
{
	if (access("/sys/kernel/btf/vmlinux", R_OK) != 0)
		return kf_no("this kernel has no /sys/kernel/btf/vmlinux");
	return 1;
}

/* A child in a new network namespace brings its own lo up, as `unshare -n` + `ip` would. */
static int
kf_netns(void)
{
	int status, err = 0;
	pid_t pid = fork();

	if (pid < 0)
		return kf_no("fork: %s", strerror(errno));
	if (pid == 0) {
		struct ifreq ifr;
		int s;

		if (unshare(CLONE_NEWNET) != 0)
			_exit(10 + errno);
		s = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
		memset(&ifr, 0, sizeof(ifr));
		strcpy(ifr.ifr_name, "lo");
		if (s < 0 || ioctl(s, SIOCGIFFLAGS, &ifr) != 0)
			_exit(1);
		ifr.ifr_flags |= IFF_UP;
		_exit(ioctl(s, SIOCSIFFLAGS, &ifr) != 0 ? 2 : 0);
	}
	if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status))
		return kf_no("the unshare child did not exit");
	err = WEXITSTATUS(status);
	if (err >= 10)
		return kf_no("unshare(CLONE_NEWNET) failed: %s", strerror(err - 10));
	if (err)
		return kf_no("a new network namespace has no lo to bring up");
	return 1;
}

/* Bind a loop device to a small temporary file and release it. */
static int
kf_loop(void)
{
	char dev[32], file[] = "/tmp/kfeatures.XXXXXX";
	int ctl, fd, lfd = -1, n = -1, tries, ok = 0, err = 0;

	ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
	if (ctl < 0)
		return kf_no("cannot open /dev/loop-control: %s", strerror(errno));
	fd = mkstemp(file);
	if (fd < 0 || ftruncate(fd, 1 << 20) != 0) {
		err = errno;
		close(ctl);
		if (fd >= 0)
			close(fd), unlink(file);
		return kf_no("cannot make a file for a loop device: %s", strerror(err));
	}
	unlink(file);
	/* Another process may take the free device between the two calls: try again. */
	for (tries = 0; tries < 5 && !ok; tries++) {
		n = ioctl(ctl, LOOP_CTL_GET_FREE);
		if (n < 0) {
			err = errno;
			break;
		}
		snprintf(dev, sizeof(dev), "/dev/loop%d", n);
		lfd = open(dev, O_RDWR | O_CLOEXEC);
		if (lfd < 0) {
			err = errno;
			break;
		}
		if (ioctl(lfd, LOOP_SET_FD, fd) == 0) {
			ioctl(lfd, LOOP_CLR_FD, 0);
			ok = 1;
		} else {
			err = errno;
		}
		close(lfd);
	}
	close(fd);
	close(ctl);
	if (!ok)
		return kf_no("cannot set up a loop device: %s", strerror(err));
	return 1;
}

static int
kf_tracepoint(const char *spec)
{
	const char *tfs = kf_tracefs();
	char group[128], name[128], path[512];

	if (sscanf(spec, "%127[^:]:%127s", group, name) != 2)
		return -1;
	if (!tfs)
		return kf_no("tracefs is not mounted");
	snprintf(path, sizeof(path), "%s/events/%s/%s", tfs, group, name);
	if (access(path, F_OK) != 0)
		return kf_no("this kernel has no tracepoint %s:%s", group, name);
	return 1;
}

static const struct {
	const char *word;
	int (*check)(void);
} kf_words[] = {
	{ "kprobes", kf_kprobes },
	{ "fentry", kf_fentry },
	{ "kallsyms-data", kf_kallsyms_data },
	{ "uprobes", kf_uprobes },
	{ "uprobe-multi", kf_uprobe_multi },
	{ "kprobe-multi", kf_kprobe_multi },
	{ "btf", kf_btf },
	{ "netns", kf_netns },
	{ "loop", kf_loop },
};

#define KF_NWORDS (sizeof(kf_words) / sizeof(kf_words[0]))

/* 1 present, 0 missing (kf_why says why), -1 not a word. */
static int
kf_check(const char *word)
{
	size_t i;

	kf_why[0] = '\0';
	if (strncmp(word, "tracepoint:", 11) == 0)
		return kf_tracepoint(word + 11);
	for (i = 0; i < KF_NWORDS; i++)
		if (strcmp(word, kf_words[i].word) == 0)
			return kf_words[i].check();
	return -1;
}

int
main(int argc, char **argv)
{
	size_t i;
	int a, r;

	if (argc < 2) {
		fprintf(stderr, "usage: kfeatures WORD... | kfeatures --all\n");
		return 2;
	}
	if (strcmp(argv[1], "--all") == 0) {
		for (i = 0; i < KF_NWORDS; i++) {
			if (kf_check(kf_words[i].word))
				printf("%s: yes\n", kf_words[i].word);
			else
				printf("%s: no (%s)\n", kf_words[i].word, kf_why);
		}
		return 0;
	}
	for (a = 1; a < argc; a++) {
		r = kf_check(argv[a]);
		if (r < 0) {
			fprintf(stderr, "kfeatures: unknown requirement '%s'\n", argv[a]);
			return 2;
		}
		if (r == 0) {
			printf("%s (%s)\n", argv[a], kf_why);
			return 1;
		}
	}
	return 0;
}
