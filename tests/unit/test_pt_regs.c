/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_pt_regs.c: the shared pt_regs argument code against the kernel: a uprobe on a function
 * of this binary with eight arguments (six in registers, two on the stack) runs the prologue
 * code dt_pt_regs_load_args emits, which stores the arguments where a clause would read
 * them; the test calls the function and compares. Kprobes cannot be attached on every
 * machine, uprobes can wherever the kernel has them; without root or uprobes the test says
 * so and checks nothing else.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "providers/dt_provider.h"
#include "unit.h"

/* The traced function: eight arguments, its entry the probe point. */
static __attribute__((noinline, used)) long
dt_test_eight(long a, long b, long c, long d, long e, long f, long g, long h)
{
	__asm__ volatile("" ::: "memory");
	return a ^ b ^ c ^ d ^ e ^ f ^ g ^ h;
}

/* Where fn is in the file mapped at it: the uprobe's offset. -1 if not found. */
static long
file_offset(void *fn, char *path, size_t n)
{
	FILE *fp = fopen("/proc/self/maps", "r");
	char line[1024];
	long off = -1;

	while (fp && fgets(line, sizeof(line), fp)) {
		unsigned long lo, hi, foff;
		char file[512];

		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %511s", &lo, &hi, &foff, file) != 4)
			continue;
		if ((unsigned long)fn >= lo && (unsigned long)fn < hi) {
			off = (long)((unsigned long)fn - lo + foff);
			snprintf(path, n, "%s", file);
			break;
		}
	}
	if (fp)
		fclose(fp);
	return off;
}

static int
uprobe_pmu(void)
{
	FILE *fp = fopen("/sys/bus/event_source/devices/uprobe/type", "r");
	int type = -1;

	if (fp) {
		if (fscanf(fp, "%d", &type) != 1)
			type = -1;
		fclose(fp);
	}
	return type;
}

UNIT_TEST(pt_regs_uprobe_args)
{
	static const long want[8] = {
		0x1111, -2, 0x3333333333LL, 4, 0x55, -0x66, 0x7777777, -0x888888888LL,
	};
	uint64_t got[(DT_MST_ARGS + 8 * DT_MAX_ARGS) / 8];
	struct perf_event_attr attr;
	char path[512], log[8192];
	int map = -1, prog = -1, pfd = -1, type = uprobe_pmu();
	long off = file_offset((void *)dt_test_eight, path, sizeof(path));
	uint32_t zero = 0;
	dt_cg_t cg;

	if (geteuid() != 0 || type < 0 || off < 0) {
		printf("skipped pt_regs_uprobe_args: %s\n", geteuid() ? "needs root" :
		       type < 0 ? "no uprobe PMU" : "own text not found");
		return;
	}
	map = bpf_map_create(BPF_MAP_TYPE_ARRAY, "dt_test_args", 4, sizeof(got), 1, NULL);
	UNIT_TRUE(map >= 0);
	/* r6 = the pt_regs, r7 = the map's value standing in for the scratch value */
	memset(&cg, 0, sizeof(cg));
	dt_ir_init(&cg.ir);
	dt_ir_emit(&cg.ir, DT_MOV64_REG(6, 1));
	dt_ir_emit(&cg.ir, DT_ST(BPF_W, 10, -4, 0));
	dt_ir_ld_map(&cg.ir, 1, map);
	dt_ir_emit(&cg.ir, DT_MOV64_REG(2, 10));
	dt_ir_emit(&cg.ir, DT_ALU64_IMM(BPF_ADD, 2, -4));
	dt_ir_emit(&cg.ir, DT_CALL(BPF_FUNC_map_lookup_elem));
	dt_ir_emit(&cg.ir, dt_insn(BPF_JMP | BPF_JNE | BPF_K, 0, 0, 2, 0));
	dt_ir_emit(&cg.ir, DT_MOV64_IMM(0, 0));
	dt_ir_emit(&cg.ir, DT_EXIT());
	dt_ir_emit(&cg.ir, DT_MOV64_REG(7, 0));
	dt_pt_regs_load_args(&cg, 6, 8, true);
	dt_ir_emit(&cg.ir, DT_MOV64_IMM(0, 0));
	dt_ir_emit(&cg.ir, DT_EXIT());
	{
		LIBBPF_OPTS(bpf_prog_load_opts, o, .log_buf = log, .log_size = sizeof(log),
			    .log_level = 1);

		log[0] = '\0';
		prog = bpf_prog_load(BPF_PROG_TYPE_KPROBE, "dt_test_args", "GPL", cg.ir.insns,
				     cg.ir.len, &o);
		if (prog < 0)
			UNIT_FAIL("load: %s\n%s", strerror(errno), log);
	}
	dt_ir_fini(&cg.ir);
	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = (uint32_t)type;
	attr.config1 = (uint64_t)(uintptr_t)path;
	attr.config2 = (uint64_t)off;
	pfd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (pfd < 0)
		UNIT_FAIL("uprobe on %s+0x%lx: %s", path, off, strerror(errno));
	if (prog >= 0 && pfd >= 0) {
		UNIT_EQ_INT(ioctl(pfd, PERF_EVENT_IOC_SET_BPF, prog), 0);
		UNIT_EQ_INT(ioctl(pfd, PERF_EVENT_IOC_ENABLE, 0), 0);
		dt_test_eight(want[0], want[1], want[2], want[3], want[4], want[5], want[6],
			      want[7]);
		memset(got, 0xa5, sizeof(got));
		UNIT_EQ_INT(bpf_map_lookup_elem(map, &zero, got), 0);
		for (int i = 0; i < 8; i++)
			UNIT_EQ_INT(got[DT_MST_ARGS / 8 + i], want[i]);
		/* arguments the function does not have are 0 */
		UNIT_EQ_INT(got[DT_MST_ARGS / 8 + 8], 0);
		UNIT_EQ_INT(got[DT_MST_ARGS / 8 + 9], 0);
	}
	if (pfd >= 0)
		close(pfd);
	if (prog >= 0)
		close(prog);
	if (map >= 0)
		close(map);
}

UNIT_MAIN()
