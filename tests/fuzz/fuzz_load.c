/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_load.c: a libFuzzer target over the back end, with the kernel as the oracle.
 *
 *   input -> D text (as is, or made by the generator, fuzz_gen.c, from choice bytes when the
 *   first byte is DT_FUZZ_GEN_MARK) -> compile (fuzz_util.c) -> dt_rt_load: code generation,
 *   maps, BPF_PROG_LOAD of every program -> free everything
 *
 * The rule it checks: every program the front end accepts loads, or is refused by our own
 * check with a D error. So the input crashes (abort, after the program text, the verifier's
 * last lines and the reason) when the kernel refused a map or a program (dt_rt_load sets
 * kernel_refused) for a reason not listed as a known bug (FUZZ_LOAD_KNOWN), or when an
 * iteration leaves a file descriptor open. Nothing is attached
 * and nothing runs: no probe fires, BEGIN neither. Needs root (BPF_PROG_LOAD); built by
 * `make fuzz` into build/fuzz/fuzz_load, run by scripts/fuzz.sh --target load.
 *
 * Maps stay small whatever the input's pragmas ask (bufsize, aggsize and dynvarsize are
 * capped after the compile): every iteration creates them again, and BPF memory is charged
 * to the cgroup and freed by the kernel a little later, not at close. FUZZ_PRINT=1 prints
 * each program before loading it (to see what a kept generator input makes).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Open file descriptors, to catch one an iteration leaves behind. */
static int
dt_fuzz_nfds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void
dt_fuzz_fail(const char *text, const char *why)
{
	fprintf(stderr, "==== fuzz_load: %s; the program:\n%s\n==== end of program\n", why, text);
	fflush(stderr);
	abort();
}

/* What became of the inputs, printed at exit: how much of the fuzzing reached the kernel. */
static unsigned long fuzz_inputs, fuzz_compiled, fuzz_loaded, fuzz_known;

static void
dt_fuzz_stats(void)
{
	fprintf(stderr, "fuzz_load: %lu inputs, %lu compiled, %lu loaded, %lu refused by the "
		"kernel for a known reason (FUZZ_LOAD_KNOWN); the rest of those compiled were "
		"refused with a D error\n", fuzz_inputs, fuzz_compiled, fuzz_loaded, fuzz_known);
}

/*
 * What dt_rt_load prints (D errors, the verifier's last lines) goes to a memory file, shown
 * only with a failure: most inputs end in a D error, and libFuzzer's output is for findings.
 */
static int fuzz_saved_stderr = -1, fuzz_memfd = -1;

static void
dt_fuzz_stderr_begin(void)
{
	fflush(stderr);
	fuzz_memfd = memfd_create("fuzz_load", MFD_CLOEXEC);
	fuzz_saved_stderr = dup(2);
	if (fuzz_memfd >= 0 && fuzz_saved_stderr >= 0)
		dup2(fuzz_memfd, 2);
}

static void
dt_fuzz_stderr_end(dt_strbuf_t *msgs)
{
	char buf[4096];
	ssize_t n;

	fflush(stderr);
	if (fuzz_saved_stderr >= 0) {
		dup2(fuzz_saved_stderr, 2);
		close(fuzz_saved_stderr);
	}
	if (fuzz_memfd >= 0) {
		lseek(fuzz_memfd, 0, SEEK_SET);
		while ((n = read(fuzz_memfd, buf, sizeof(buf))) > 0)
			dt_sb_putn(msgs, buf, (size_t)n);
		close(fuzz_memfd);
	}
	fuzz_saved_stderr = fuzz_memfd = -1;
}

/*
 * FUZZ_LOAD_KNOWN="a|b": refusals whose messages contain a or b are known bugs, tracked
 * elsewhere (scripts/fuzz.sh passes tests/fuzz/known-load.txt): counted, not a crash, so
 * fuzzing goes on to find others.
 */
static bool
dt_fuzz_known(const char *msgs)
{
	const char *known = getenv("FUZZ_LOAD_KNOWN");

	while (known && *known) {
		const char *bar = strchr(known, '|');
		size_t len = bar ? (size_t)(bar - known) : strlen(known);

		if (len && memmem(msgs, strlen(msgs), known, len))
			return true;
		known = bar ? bar + 1 : NULL;
	}
	return false;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	dt_strbuf_t sb = {0}, msgs = {0};
	dt_handle_t *dtp;
	dt_program_t *prog;
	dt_compile_t cc;
	int nfds = dt_fuzz_nfds();
	bool refused;

	if (size && data[0] == DT_FUZZ_GEN_MARK)
		dt_fuzz_gen(data + 1, size - 1, &sb);
	else
		dt_sb_putn(&sb, (const char *)data, strnlen((const char *)data, size));
	if (getenv("FUZZ_PRINT"))
		fprintf(stderr, "%s\n", dt_sb_str(&sb));

	dtp = dt_handle_new();
	prog = dt_fuzz_compile(&cc, dtp, dt_sb_str(&sb), true);
	if (!fuzz_inputs++)
		atexit(dt_fuzz_stats);
	if (prog && prog->probes.len) {
		fuzz_compiled++;
		dtp->prog = prog;
		dtp->opts.bufsize = DT_MIN(dtp->opts.bufsize, 64 << 10);
		dtp->opts.aggsize = DT_MIN(dtp->opts.aggsize, 64 << 10);
		dtp->opts.dynvarsize = DT_MIN(dtp->opts.dynvarsize, 64 << 10);
		dtp->opts.bpflog = false;
		dt_fuzz_stderr_begin();
		fuzz_loaded += dt_rt_load(dtp) == 0;	/* else a D error or kernel_refused */
		dt_fuzz_stderr_end(&msgs);
	}
	refused = dtp->kernel_refused;
	dt_handle_free(dtp);
	dt_fuzz_compile_fini(&cc);
	if (refused && dt_fuzz_known(dt_sb_str(&msgs))) {
		fuzz_known++;
	} else if (refused) {
		fputs(dt_sb_str(&msgs), stderr);
		dt_fuzz_fail(dt_sb_str(&sb), "the kernel refused a program the compiler accepted");
	}
	dt_sb_free(&msgs);
	if (nfds >= 0 && dt_fuzz_nfds() != nfds)
		dt_fuzz_fail(dt_sb_str(&sb), "a file descriptor leaked");
	dt_sb_free(&sb);
	return 0;
}
