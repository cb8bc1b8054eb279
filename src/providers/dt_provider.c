/*
 * dt_provider.c: the provider registry and what prologues share.
 */
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "dt_provider.h"

static dt_provider_t dt_providers[] = {
	{"dtrace", &dt_prov_dtrace_ops},
	{"profile", &dt_prov_profile_ops},
	{"syscall", &dt_prov_syscall_ops},
};

void
dt_prov_init(dt_handle_t *dtp)
{
	size_t n = DT_ARRAY_SIZE(dt_providers);

	dtp->providers = dt_xcalloc(n, sizeof(*dtp->providers));
	for (size_t i = 0; i < n; i++) {
		dtp->providers[dtp->nproviders++] = &dt_providers[i];
		dt_providers[i].ops->populate(dtp, &dt_providers[i]);
	}
}

static bool
dt_prov_name_is(const char *name, const char *what)
{
	size_t n = strlen(name), w = strlen(what);

	return n >= w && strcmp(name + n - w, what) == 0 && (n == w || name[n - w - 1] == '-');
}

unsigned
dt_prov_flow(const char *name)
{
	if (dt_prov_name_is(name, "entry"))
		return DT_PRF_ENTRY;
	return dt_prov_name_is(name, "return") ? DT_PRF_RETURN : 0;
}

void
dt_prov_store_prid(dt_cg_t *cg, uint32_t id)
{
	dt_ir_emit(&cg->ir, DT_ST(BPF_DW, 7, DT_MST_PRID, (int32_t)id));
}

void
dt_prov_dispatch(dt_cg_t *cg, int out)
{
	dt_irbuf_t *ir = &cg->ir;

	dt_ir_ld_map(ir, 1, DT_MAP_DISPATCH);
	dt_ir_emit(ir, DT_MOV64_REG(2, 10));
	dt_ir_emit(ir, DT_ALU64_IMM(BPF_ADD, 2, -4));
	dt_ir_emit(ir, DT_CALL(BPF_FUNC_map_lookup_elem));
	dt_ir_jmp_imm(ir, BPF_JEQ, 0, 0, out);
	dt_ir_emit(ir, DT_LDX(BPF_W, 1, 0, 0));
	dt_ir_jmp_imm(ir, BPF_JEQ, 1, 0, out);
	/* An enabled key: only now the scratch value (most firings never get here). */
	dt_ir_emit(ir, DT_STX(BPF_DW, 10, 0, FP_DISP));	/* clauses read their mask bits */
	dt_ir_emit(ir, DT_MOV64_REG(9, 0));
	dt_cg_mstate(cg);
	dt_ir_emit(ir, DT_LDX(BPF_W, 1, 9, 0));
	dt_ir_emit(ir, DT_STX(BPF_DW, 7, 1, DT_MST_PRID));
}

const char *
dt_prov_argtype(dt_handle_t *dtp, dt_probe_t *prp, int idx, char *buf, size_t n)
{
	if (!prp->provider->ops->argtype)
		return NULL;
	return prp->provider->ops->argtype(dtp, prp, idx, buf, n);
}

#define TRACEFS_MAGIC_NR 0x74726163

const char *
dt_tracefs(void)
{
	static const char *const paths[] = {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"};
	struct statfs st;

	for (size_t i = 0; i < DT_ARRAY_SIZE(paths); i++)
		if (statfs(paths[i], &st) == 0 && st.f_type == TRACEFS_MAGIC_NR)
			return paths[i];
	/* Not mounted: mount it where the kernel expects it (needs root). */
	if (mount("tracefs", paths[0], "tracefs", 0, NULL) == 0)
		return paths[0];
	return NULL;
}
