/*
 * test_provider.c: the provider interface without the kernel: probes are made when a
 * description asks for them (and only those), per-process providers get an instance per
 * process, and providers free their probes' data when the handle goes.
 */
#include "providers/dt_provider.h"
#include "unit.h"

static int
count_probe(dt_probe_t *prp, void *arg)
{
	(*(int *)arg)++;
	return 0;
}

static int
iter(dt_handle_t *dtp, const char *prov, const char *mod, const char *func, const char *name)
{
	int n = 0;

	UNIT_EQ_INT(dt_probe_iter(dtp, prov, mod, func, name, count_probe, &n), n);
	return n;
}

/* Nothing but the dtrace provider's probes exists before a description asks. */
UNIT_TEST(provide_lazily)
{
	dt_handle_t *dtp = dt_handle_new();

	UNIT_EQ_INT(dtp->probes.len, 4);	/* id 0, BEGIN, END, ERROR */
	UNIT_EQ_INT(iter(dtp, "syscall", "", "getpid", "entry"), 1);
	UNIT_EQ_INT(dtp->probes.len, 5);
	/* asked again: the same probe, not another */
	UNIT_EQ_INT(iter(dtp, "", "", "getpid", "entry"), 1);
	UNIT_EQ_INT(dtp->probes.len, 5);
	UNIT_EQ_INT(iter(dtp, "syscall", "vmlinux", "getpid", ""), 2);
	UNIT_EQ_INT(dtp->probes.len, 6);
	UNIT_TRUE(dtp->probes.data[4]->flags & DT_PRF_ENTRY);
	UNIT_TRUE(dtp->probes.data[5]->flags & DT_PRF_RETURN);
	UNIT_TRUE(dtp->probes.data[5]->flags & DT_PRF_BOUNDARY);
	UNIT_TRUE(dtp->probes.data[1]->flags & DT_PRF_BEGIN);
	UNIT_EQ_INT(iter(dtp, "syscall", "nosuchmod", "", ""), 0);
	UNIT_EQ_INT(iter(dtp, "profile", "", "", "tick-3ms"), 1);
	UNIT_EQ_INT(dtp->probes.len, 7);
	dt_handle_free(dtp);
}

/* An all-empty description makes every probe: what dtrace -l lists. */
UNIT_TEST(provide_all)
{
	dt_handle_t *dtp = dt_handle_new();
	int all = iter(dtp, "", "", "", "");

	UNIT_TRUE(all > 600);
	UNIT_EQ_INT((size_t)all, dtp->probes.len - 1);
	UNIT_EQ_INT(iter(dtp, "", "", "", ""), all);
	dt_handle_free(dtp);
}

static int test_destroyed;

static void
test_provide(dt_handle_t *dtp, dt_provider_t *pv, const dt_pdesc_t *pd)
{
	static const char *const funcs[] = {"main", "f"};

	for (size_t i = 0; i < DT_ARRAY_SIZE(funcs); i++) {
		bool made = false;

		if (!dt_glob_match(pd->func, funcs[i]) || !dt_glob_match(pd->name, "entry"))
			continue;
		for (size_t k = 1; k < dtp->probes.len; k++)
			made |= dtp->probes.data[k]->provider == pv &&
				strcmp(dtp->probes.data[k]->func, funcs[i]) == 0;
		if (!made) {
			int *pid = dt_xmalloc(sizeof(*pid));

			*pid = pv->pid;
			dt_probe_add(dtp, pv, "a.out", funcs[i], "entry", pid);
		}
	}
}

static void
test_probe_destroy(dt_handle_t *dtp, dt_probe_t *prp)
{
	test_destroyed++;
	free(prp->pdata);
}

static const dt_provider_ops_t test_ops = {
	.provide = test_provide,
	.probe_destroy = test_probe_destroy,
};

/* "utest1234" names the instance for process 1234, made on first use. */
UNIT_TEST(per_process)
{
	dt_handle_t *dtp = dt_handle_new();
	int nprov = dtp->nproviders;
	dt_probe_t *prp;

	dt_prov_register(dtp, "utest", &test_ops, DT_PROV_PER_PROCESS);
	/* the template has no probes of its own; a glob makes no instance */
	UNIT_EQ_INT(iter(dtp, "utest", "", "", ""), 0);
	UNIT_EQ_INT(iter(dtp, "utest*", "", "", ""), 0);
	UNIT_EQ_INT(iter(dtp, "utestx1", "", "", ""), 0);
	UNIT_EQ_INT(iter(dtp, "utest0", "", "", ""), 0);
	UNIT_EQ_INT(dtp->nproviders, nprov + 1);
	UNIT_EQ_INT(iter(dtp, "utest1234", "", "main", "entry"), 1);
	UNIT_EQ_INT(dtp->nproviders, nprov + 2);
	prp = dtp->probes.data[dtp->probes.len - 1];
	UNIT_EQ_STR(prp->prov, "utest1234");
	UNIT_EQ_INT(prp->provider->pid, 1234);
	UNIT_EQ_INT(*(int *)prp->pdata, 1234);
	/* the same instance again; another process gets its own */
	UNIT_EQ_INT(iter(dtp, "utest1234", "", "", ""), 2);
	UNIT_EQ_INT(iter(dtp, "utest99", "", "f", ""), 1);
	UNIT_EQ_INT(dtp->nproviders, nprov + 3);
	/* a glob matches the instances made so far */
	UNIT_EQ_INT(iter(dtp, "utest*", "", "", "entry"), 4);
	UNIT_EQ_INT(iter(dtp, "utest*", "", "main", ""), 2);
	test_destroyed = 0;
	dt_handle_free(dtp);
	UNIT_EQ_INT(test_destroyed, 4);
}

UNIT_MAIN()
