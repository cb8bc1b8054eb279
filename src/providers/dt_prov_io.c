/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_io.c: the io provider: block I/O starting and completing, on the block layer's
 * tracepoints (dt_tp.c's table-driven base).
 *
 *   io:::start      block_bio_queue     a bio is submitted to a block device
 *   io:::done       block_rq_complete   a request completes: its (first) bio
 *   io:::wait-start, io:::wait-done     a thread starts and ends waiting for an I/O: the
 *                   kernel has no tracepoint there (DTrace for Linux puts them on
 *                   submit_bio_wait()'s entry and return, which needs kprobes)
 *
 * Every probe's args[] are DTrace's: args[0] a bufinfo_t *, args[1] a devinfo_t *, args[2]
 * a fileinfo_t *, each translated from the struct bio by dlibs/io.d (fileinfo_t names the
 * file whose page-cache pages the bio carries; "<none>" for other I/O, such as O_DIRECT's
 * user pages). A request with no bio (a flush) is not an io:::done.
 */
#include "dt_provider.h"

#define IO_ARGS                                                                              \
	{{"bufinfo_t *", "struct bio *"}, {"devinfo_t *", "struct bio *"},                   \
	 {"fileinfo_t *", "struct bio *"}}

static const dt_tp_probe_t io_probes[] = {
	{"start", IO_ARGS, {{"block_bio_queue", NULL, {"a0", "a0", "a0"}}}, NULL},
	{"done", IO_ARGS,
	 {{"block_rq_complete", "a0->bio != 0", {"a0->bio", "a0->bio", "a0->bio"}}}, NULL},
	{"wait-start", IO_ARGS, {{NULL}}, "kprobes (submit_bio_wait)"},
	{"wait-done", IO_ARGS, {{NULL}}, "kprobes (submit_bio_wait)"},
};

static void
io_init(dt_handle_t *dtp, dt_provider_t *pv)
{
	dt_tp_init(dtp, pv, io_probes, DT_ARRAY_SIZE(io_probes));
}

const dt_provider_ops_t dt_prov_io_ops = DT_TP_OPS(io_init);
