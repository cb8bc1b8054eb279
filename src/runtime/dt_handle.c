/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_handle.c: the handle's lifecycle and the probe table (its options: dt_options.c).
 *
 * Providers add probes with dt_probe_add when a description asks for them; ids are given in
 * the order probes are made (those a provider makes at registration first).
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


#include "../common/dt_ksyms.h"
#include "../providers/dt_provider.h"
#include "dt_runtime.h"

dt_handle_t *
dt_handle_new(void)
{
	dt_handle_t *dtp = dt_xcalloc(1, sizeof(*dtp));
	long n = sysconf(_SC_NPROCESSORS_CONF);

	dt_arena_init(&dtp->arena);
	dtp->ncpus = n > 0 ? (int)n : 1;
	dt_opt_defaults(&dtp->opts);
	for (int i = 0; i < DT_NMAPS_FIXED; i++)
		dtp->map_fds[i] = -1;
	dtp->target_pidfd = -1;
	dtp->reclaim_link = -1;
	dtp->target_go_fd = -1;
	dt_vec_push(&dtp->probes, (dt_probe_t *)NULL);	/* id 0 is never a probe */
	dt_prov_init(dtp);
	return dtp;
}

/* Close a program and free it with its code; accepts NULL. */
static void
dt_bpfprog_free(dt_bpfprog_t *bp)
{
	if (!bp)
		return;
	if (bp->fd >= 0)
		close(bp->fd);
	if (bp->dispatch_fd >= 0)
		close(bp->dispatch_fd);
	dt_vec_free(&bp->link_fds);
	dt_vec_free(&bp->perf_fds);
	dt_vec_free(&bp->clauses);
	dt_vec_free(&bp->probes);
	if (bp->code)
		dt_ir_fini(bp->code);
	free(bp->code);
	free(bp);
}

void
dt_handle_free(dt_handle_t *dtp)
{
	if (!dtp)
		return;
	dt_rt_detach(dtp);
	for (size_t i = 0; i < dtp->bpfprogs.len; i++)
		dt_bpfprog_free(dtp->bpfprogs.data[i]);
	dt_vec_free(&dtp->bpfprogs);
	dt_bpfprog_free(dtp->reclaim);
	for (int i = 0; i < DT_NMAPS_FIXED; i++)
		if (dtp->map_fds[i] >= 0)
			close(dtp->map_fds[i]);
	if (dtp->agg_fds && dtp->prog) {
		for (int i = 0; i < dtp->prog->naggs; i++)
			if (dtp->agg_fds[i] >= 0)
				close(dtp->agg_fds[i]);
	}
	free(dtp->agg_fds);
	if (dtp->dyn_fds && dtp->prog) {
		for (int i = 0; i < dtp->prog->ndynvars; i++)
			if (dtp->dyn_fds[i] >= 0)
				close(dtp->dyn_fds[i]);
	}
	free(dtp->dyn_fds);
	if (dtp->group_fds && dtp->prog) {
		for (int i = 0; i < dtp->prog->nagg_groups; i++)
			if (dtp->group_fds[i] >= 0)
				close(dtp->group_fds[i]);
	}
	free(dtp->group_fds);
	dt_ksyms_free(dtp->ksyms);
	if (dtp->target_pidfd >= 0)
		close(dtp->target_pidfd);
	if (dtp->target_go_fd >= 0)
		close(dtp->target_go_fd);
	dt_prov_fini(dtp);
	dt_vec_free(&dtp->probes);
	free(dtp->providers);
	free(dtp->func_head);
	free(dtp->func_next);
	dt_arena_fini(&dtp->arena);
	free(dtp);
}

/* ---- probe table ---------------------------------------------------------------------- */

dt_probe_t *
dt_probe_add(dt_handle_t *dtp, struct dt_provider *prov, const char *mod, const char *func,
	     const char *name, void *pdata)
{
	dt_probe_t *prp = dt_arena_alloc(&dtp->arena, sizeof(*prp));

	prp->id = (uint32_t)dtp->probes.len;
	prp->flags = dt_prov_flow(name);
	prp->prov = prov->name;
	prp->mod = mod;
	prp->func = func;
	prp->name = name;
	prp->provider = prov;
	prp->pdata = pdata;
	dt_vec_push(&dtp->probes, prp);
	return prp;
}

int
dt_probe_args(dt_handle_t *dtp, dt_probe_t *prp, const char *const **types)
{
	if (!prp->args_known) {
		const char *t[DT_MAX_ARGS];
		int n = prp->provider->ops->probe_info ?
			prp->provider->ops->probe_info(dtp, prp, t, DT_MAX_ARGS) : 0;

		prp->nargs = DT_MIN(DT_MAX(n, 0), DT_MAX_ARGS);
		if (prp->nargs) {
			prp->argtypes = dt_arena_alloc(&dtp->arena, sizeof(char *) * prp->nargs);
			memcpy(prp->argtypes, t, sizeof(char *) * prp->nargs);
		}
		prp->args_known = true;
	}
	*types = prp->argtypes;
	return prp->nargs;
}

dt_probe_t *
dt_probe_by_id(dt_handle_t *dtp, uint32_t id)
{
	return id < dtp->probes.len ? dtp->probes.data[id] : NULL;
}

/* One [...] set at p (just past '['); sets *matched, returns the char after ']' or NULL. */
static const char *
dt_glob_set(const char *p, char c, bool *matched)
{
	bool neg = false, ok = false;

	if (*p == '!' || *p == '^') {
		neg = true;
		p++;
	}
	for (bool first = true; *p && (first || *p != ']'); first = false) {
		char lo = *p == '\\' && p[1] ? *++p : *p, hi = lo;

		p++;
		if (*p == '-' && p[1] && p[1] != ']') {
			hi = p[1] == '\\' && p[2] ? p[2] : p[1];
			p += p[1] == '\\' ? 3 : 2;
		}
		if (c >= lo && c <= hi)
			ok = true;
	}
	if (*p != ']')
		return NULL;
	*matched = ok != neg;
	return p + 1;
}

bool
dt_glob_match(const char *pat, const char *s)
{
	if (!pat || !*pat)
		return true;
	for (;;) {
		switch (*pat) {
		case '\0':
			return *s == '\0';
		case '*':
			while (*pat == '*')
				pat++;
			if (!*pat)
				return true;
			for (; *s; s++)
				if (dt_glob_match(pat, s))
					return true;
			return dt_glob_match(pat, s);
		case '?':
			if (!*s)
				return false;
			pat++, s++;
			break;
		case '[': {
			bool m = false;
			const char *next = *s ? dt_glob_set(pat + 1, *s, &m) : NULL;

			if (!next)
				return false;
			if (!m)
				return false;
			pat = next, s++;
			break;
		}
		case '\\':
			if (pat[1])
				pat++;
			/* fall through */
		default:
			if (*pat != *s)
				return false;
			pat++, s++;
			break;
		}
	}
}

static uint32_t
dt_probe_hash(const char *s)
{
	uint32_t h = 2166136261u;	/* FNV-1a */

	while (*s)
		h = (h ^ (uint8_t)*s++) * 16777619u;
	return h;
}

/*
 * The probes by function name, as hash chains of probe ids (0 ends a chain), rebuilt when
 * probes were added since (on-demand probes): matching an exact function then looks at a
 * handful of probes, not the whole table.
 */
static void
dt_probe_index(dt_handle_t *dtp)
{
	size_t n = dtp->probes.len;

	if (dtp->func_indexed == n)
		return;
	free(dtp->func_head);
	free(dtp->func_next);
	dtp->func_mask = 1;
	while (dtp->func_mask < n * 2)
		dtp->func_mask <<= 1;
	dtp->func_head = dt_xcalloc(dtp->func_mask, sizeof(uint32_t));
	dtp->func_next = dt_xcalloc(n + 1, sizeof(uint32_t));
	dtp->func_mask--;
	/* Inserting from the end keeps each chain in id order. */
	for (size_t i = n - 1; i >= 1; i--) {
		uint32_t h = dt_probe_hash(dtp->probes.data[i]->func) & dtp->func_mask;

		dtp->func_next[i] = dtp->func_head[h];
		dtp->func_head[h] = (uint32_t)i;
	}
	dtp->func_indexed = n;
}

bool
dt_is_glob(const char *s)
{
	return strpbrk(s, "*?[\\") != NULL;
}

/* The module field: a glob, or an alias its provider knows ("a.out" for pid probes). */
static bool
dt_probe_mod_match(const dt_probe_t *prp, const char *mod)
{
	const dt_provider_ops_t *ops = prp->provider->ops;

	return ops->mod_alias && ops->mod_alias(prp, mod) ? true : dt_glob_match(mod, prp->mod);
}

int
dt_probe_iter(dt_handle_t *dtp, const char *prov, const char *mod, const char *func,
	      const char *name, int (*fn)(dt_probe_t *, void *), void *arg)
{
	dt_pdesc_t pd = {prov, mod, func, name};
	int n = 0;

	/* another tool's spelling of a provider's probes (bpftrace's) as the provider's */
	if (dt_prov_alias(dtp, &pd)) {
		prov = pd.prov;
		mod = pd.mod;
		func = pd.func;
		name = pd.name;
	}
	dt_prov_provide(dtp, &pd);
	/* An exact function name ("::read:entry"): only the probes of that function. */
	if (*func && !dt_is_glob(func)) {
		dt_probe_index(dtp);
		for (uint32_t i = dtp->func_head[dt_probe_hash(func) & dtp->func_mask]; i;
		     i = dtp->func_next[i]) {
			dt_probe_t *prp = dtp->probes.data[i];

			if (strcmp(func, prp->func) != 0 || !dt_glob_match(prov, prp->prov) ||
			    !dt_probe_mod_match(prp, mod) || !dt_glob_match(name, prp->name))
				continue;
			n++;
			if (fn && fn(prp, arg) != 0)
				break;
		}
		return n;
	}
	for (size_t i = 1; i < dtp->probes.len; i++) {
		dt_probe_t *prp = dtp->probes.data[i];

		if (!dt_glob_match(prov, prp->prov) || !dt_probe_mod_match(prp, mod) ||
		    !dt_glob_match(func, prp->func) || !dt_glob_match(name, prp->name))
			continue;
		n++;
		if (fn && fn(prp, arg) != 0)
			break;
	}
	return n;
}
