/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_options.c: the -x options, one table row each.
 *
 * Every option a script may set (-x name=value, -b, #pragma D option, setopt()) is one row of
 * dt_opts[]: its name, its kind (how its value is read), its default, the values it accepts
 * and the field of dt_options_t it sets. dt_opt_defaults fills a handle's options from the
 * table, so each default is written here and nowhere else. The kinds read values as DTrace
 * does:
 *
 *   bool     the bare name, a number but 0, or yes, true, on, set, enable(d) (any case)
 *            sets it; 0, no, false, off, unset, disable(d) clear it
 *   size     bytes: a number (decimal, 0x hex, 0 octal) with an optional k, m, g or t
 *            suffix (powers of 1024, either case)
 *   time     nanoseconds: a number with a unit (ns, us, ms, s, m, h, d and their long
 *            forms) or a rate in hz; a bare number is nanoseconds, the bare name 0
 *   count    a number, no suffix
 *   enum     one of the row's names
 *   string   any text that fits the field (a file name, an address)
 *   ignored  accepted for scripts' sake; it changes nothing on this kernel yet
 *   refused  DTrace's, with no Linux counterpart: setting it is an error with the reason
 *   version  a D version, "M.m" or "M.m.u", that this compiler implements (up to Sun D
 *            1.6.4, dtrace(1)'s -V)
 *   attributes  stability attributes, "name/data/class" (dt_attr_parse), stored as
 *            dt_opt_attr_pack makes them (0: none given)
 *
 * An option marked fixed holds for the whole trace (the maps, the consumer's buffers and the
 * code were sized by it): setopt() may not change it while tracing, DTrace's "Operation
 * illegal when tracing is active". The others are DTrace's dynamic options (quiet,
 * flowindent, the aggregation sorting, the rates the consumer polls at) and the compiler's,
 * which change nothing once compiled.
 *
 * A number is never negative: "-5" is refused (strtoull would read it as 2^64 - 5). A value
 * outside the row's limits is DTrace's "Invalid value for specified option", except a buffer
 * size above its maximum, which DTrace lowers with a warning ("dtrace: buffer size lowered to
 * 1g") and goes on with: so do we.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dt_runtime.h"

typedef enum dt_optkind {
	DT_OPTK_BOOL,
	DT_OPTK_SIZE,
	DT_OPTK_TIME,
	DT_OPTK_COUNT,
	DT_OPTK_ENUM,
	DT_OPTK_STRING,
	DT_OPTK_IGNORED,
	DT_OPTK_REFUSED,
	DT_OPTK_VERSION,
	DT_OPTK_ATTR,
} dt_optkind_t;

/* The value of a bare "-x name" for a kind that needs one: none, an error. */
#define DT_OPT_NEEDVAL UINT64_MAX

typedef struct dt_optdesc {
	const char *name;
	dt_optkind_t kind;
	uint16_t off, width;	/* the field of dt_options_t; width 0: stored nowhere */
	uint64_t def;		/* the default */
	uint64_t min, max;	/* the values accepted */
	uint64_t noval;		/* the value the bare name sets, or DT_OPT_NEEDVAL */
	const char *lowered;	/* above max: lowered to it with DTrace's warning, "<this>
				 * lowered to <max>"; NULL: an error */
	const char *const *names;	/* enum: the accepted names, by value */
	bool fixed;		/* set for the whole trace: setopt() may not change it */
	const char *refused;	/* refused: why (the error's text) */
	const char *argname;	/* string: what its value is, for --help ("file") */
	bool cmdline;		/* the command line's alone: not from within a D program */
} dt_optdesc_t;

#define KiB 1024ULL
#define MiB (1024 * KiB)
#define GiB (1024 * MiB)
#define NSEC_PER_SEC 1000000000ULL

#define F(field) (uint16_t)offsetof(dt_options_t, field), \
	(uint16_t)sizeof(((dt_options_t *)0)->field)
#define OPT_BOOL(name, field, fixed) {name, DT_OPTK_BOOL, F(field), 0, 0, 1, 1, NULL, NULL, fixed}
#define OPT_IGNORED(name) {name, DT_OPTK_IGNORED, 0, 0, 0, 0, 0, 0, NULL, NULL}

static const char *const dt_bufpolicies[] = {
	[DT_BUFPOLICY_SWITCH] = "switch", [DT_BUFPOLICY_FILL] = "fill",
	[DT_BUFPOLICY_RING] = "ring", NULL,
};

static const char *const dt_oformats[] = {
	[DT_OFORMAT_NONE] = "none", [DT_OFORMAT_JSON] = "json", NULL,
};

static const char *const dt_aggformats[] = {
	[DT_AGGFORMAT_TEXT] = "text", [DT_AGGFORMAT_FOLDED] = "folded", NULL,
};

/* -X: DTrace's C dialects for cpp (-C), dt_cpp_run says what each is here */
static const char *const dt_stdcs[] = {
	[DT_STDC_XA] = "a", [DT_STDC_XC] = "c", [DT_STDC_XS] = "s", [DT_STDC_XT] = "t", NULL,
};

/*
 * Where the limits come from: the ring buffer's map is a power of two of at most 1 GiB; the
 * other buffers are sized from their option, 1 GiB is far past any useful size of theirs and
 * keeps their arithmetic in 32 bits. strsize and scratchsize are bounded so string temporaries
 * and alloca() fit the per-CPU scratch value (see dt_cg_scratch_alloc); 127 frames is the
 * kernel's limit for one stack (perf_event_max_stack's default); nspec up to 64 speculations
 * keeps their states in one map value.
 */
static const dt_optdesc_t dt_opts[] = {
	OPT_BOOL("quiet", quiet, false),
	OPT_BOOL("errtags", errtags, false),
	{"maxerrors", DT_OPTK_COUNT, F(maxerrors), 1, 1, 1000, DT_OPT_NEEDVAL, NULL, NULL},
	OPT_BOOL("zdefs", zdefs, false),
	OPT_BOOL("pspec", pspec, false),
	OPT_BOOL("defaultargs", defaultargs, false),
	OPT_BOOL("destructive", destructive, true),
	OPT_BOOL("bpflog", bpflog, true),
	OPT_BOOL("flowindent", flowindent, false),
	OPT_BOOL("mangled", mangled, false),
	/* -x nolibs: no D library is read (dtrace.c's dt_read_libs), -L's neither */
	OPT_BOOL("nolibs", nolibs, true),
	/* the least stability a program's clauses and the names they use may have */
	{"amin", DT_OPTK_ATTR, F(amin), 0, 0, UINT32_MAX, DT_OPT_NEEDVAL, NULL, NULL},
	OPT_BOOL("aggsortkey", aggsortkey, false),
	OPT_BOOL("aggsortrev", aggsortrev, false),
	{"aggsortkeypos", DT_OPTK_COUNT, F(aggsortkeypos), 0, 0, 1024, DT_OPT_NEEDVAL, NULL, NULL},
	{"aggsortpos", DT_OPTK_COUNT, F(aggsortpos), 0, 0, 1024, DT_OPT_NEEDVAL, NULL, NULL},
	/* -x tree: 1 the AST after parsing, 2 after analysis; the bare name both */
	{"tree", DT_OPTK_COUNT, F(tree), 0, 0, 3, 3, NULL, NULL},
	{"bufpolicy", DT_OPTK_ENUM, F(bufpolicy), DT_BUFPOLICY_SWITCH, 0, DT_BUFPOLICY_RING,
	 DT_OPT_NEEDVAL, NULL, dt_bufpolicies, true},
	/*
	 * Aggregations are read from their maps whenever they print, so aggrate asks for
	 * nothing more; speculations are freed by the consumer as it reads them (cleanrate).
	 * The run loop wakes at the shorter of switchrate and statusrate, and acts on an
	 * exit( ) at a status look: DTrace's default is 1s, ours 0, at once (dtrace.c's
	 * dt_run_exit_seen).
	 */
	{"switchrate", DT_OPTK_TIME, F(switchrate_ns), NSEC_PER_SEC, 0, UINT64_MAX, 0, NULL, NULL},
	{"aggrate", DT_OPTK_TIME, F(aggrate_ns), NSEC_PER_SEC, 0, UINT64_MAX, 0, NULL, NULL},
	{"statusrate", DT_OPTK_TIME, F(statusrate_ns), 0, 0, UINT64_MAX, 0, NULL, NULL,
	 true},
	{"cleanrate", DT_OPTK_TIME, 0, 0, 0, 0, UINT64_MAX, 0, NULL, NULL, true},
	{"bufsize", DT_OPTK_SIZE, F(bufsize), 4 * MiB, 1, GiB, DT_OPT_NEEDVAL, "buffer size", NULL,
	 true},
	{"aggsize", DT_OPTK_SIZE, F(aggsize), 4 * MiB, 1, GiB, DT_OPT_NEEDVAL,
	 "aggregation size", NULL, true},
	{"dynvarsize", DT_OPTK_SIZE, F(dynvarsize), MiB, 1, GiB, DT_OPT_NEEDVAL,
	 "dynamic variable size", NULL, true},
	{"specsize", DT_OPTK_SIZE, F(specsize), 64 * KiB, 1, GiB, DT_OPT_NEEDVAL,
	 "speculation size", NULL, true},
	{"strsize", DT_OPTK_SIZE, F(strsize), 256, 2, 1024, DT_OPT_NEEDVAL, NULL, NULL, true},
	{"printsize", DT_OPTK_SIZE, F(printsize), 0, 0, GiB, DT_OPT_NEEDVAL, NULL, NULL},
	/* 256: Oracle Linux DTrace's default */
	{"scratchsize", DT_OPTK_SIZE, F(scratchsize), 256, 1, 8192, DT_OPT_NEEDVAL, NULL, NULL,
	 true},
	{"nspec", DT_OPTK_COUNT, F(nspec), 1, 1, 64, DT_OPT_NEEDVAL, NULL, NULL, true},
	{"stackframes", DT_OPTK_COUNT, F(stackframes), 20, 1, 127, DT_OPT_NEEDVAL, NULL, NULL,
	 true},
	{"ustackframes", DT_OPTK_COUNT, F(ustackframes), 20, 1, 127, DT_OPT_NEEDVAL, NULL, NULL,
	 true},
	/* 50: DTrace's default */
	{"jstackframes", DT_OPTK_COUNT, F(jstackframes), 50, 1, 127, DT_OPT_NEEDVAL, NULL, NULL,
	 true},
	/* the cap on every stack's frames, default or asked for (the kernel's 127) */
	{"maxframes", DT_OPTK_COUNT, F(maxframes), 127, 1, 127, DT_OPT_NEEDVAL, NULL, NULL, true},
	/* debugging, to test how a verifier rejection is reported: see dt_cg_clause */
	{"rejectclause", DT_OPTK_COUNT, F(rejectclause), 0, 0, UINT32_MAX, DT_OPT_NEEDVAL, NULL,
	 NULL, true},
	/* oformat: FreeBSD's name and values; the output is one kind for the whole trace */
	{"oformat", DT_OPTK_ENUM, F(oformat), DT_OFORMAT_NONE, 0, DT_OFORMAT_JSON,
	 DT_OPT_NEEDVAL, NULL, dt_oformats, true},
	{"aggformat", DT_OPTK_ENUM, F(aggformat), DT_AGGFORMAT_TEXT, 0, DT_AGGFORMAT_FOLDED,
	 DT_OPT_NEEDVAL, NULL, dt_aggformats},
	{"flamegraph", DT_OPTK_STRING, F(flamegraph), 0, 0, 0, DT_OPT_NEEDVAL, NULL, NULL, true,
	 NULL, "file"},
	{"prometheus", DT_OPTK_STRING, F(prometheus), 0, 0, 0, DT_OPT_NEEDVAL, NULL, NULL, true,
	 NULL, "addr:port"},
	/* each series is a line of every scrape: a bound keeps a runaway key from flooding */
	{"promseries", DT_OPTK_COUNT, F(promseries), 10000, 1, 10000000, DT_OPT_NEEDVAL, NULL,
	 NULL, true},
	/* -x cpu=N: probes fire on CPU N only (dt_cg_program); the default is every CPU */
	{"cpu", DT_OPTK_COUNT, F(cpu), DT_CPU_ALL, 0, DT_CPU_ALL - 1, DT_OPT_NEEDVAL, NULL, NULL,
	 true},
	/* the D libraries' directory (dtrace.c's dt_read_libs); "": the built-in one */
	{"syslibdir", DT_OPTK_STRING, F(syslibdir), 0, 0, 0, DT_OPT_NEEDVAL, NULL, NULL, true,
	 NULL, "dir"},
	/* Oracle's: words for cpp after dtrace's own (dtrace.c's dt_cpp_run) */
	{"cppargs", DT_OPTK_STRING, F(cppargs), 0, 0, 0, DT_OPT_NEEDVAL, NULL, NULL, true,
	 NULL, "args", true},
	{"stdc", DT_OPTK_ENUM, F(stdc), DT_STDC_XA, 0, DT_STDC_XT, DT_OPT_NEEDVAL, NULL, dt_stdcs,
	 true, NULL, NULL, true},
	OPT_BOOL("empty", empty, true),
	OPT_BOOL("rawbytes", rawbytes, false),
	OPT_BOOL("droptags", droptags, false),
	/* 1514: an Ethernet frame, DTrace's default */
	{"pcapsize", DT_OPTK_SIZE, F(pcapsize), 1514, 1, 65535, DT_OPT_NEEDVAL, NULL, NULL, true},
	/* paths for libraries (none to search here) and kernel modules (their files' BTF:
	 * dt_types.c); DTrace refuses them in a program, as we do */
	{"ldpath", DT_OPTK_IGNORED, 0, 0, 0, 0, 0, 0, NULL, NULL, true, NULL, NULL, true},
	{"modpath", DT_OPTK_STRING, F(modpath), 0, 0, 0, DT_OPT_NEEDVAL, NULL, NULL, true, NULL,
	 "dir", true},
	/* DTrace's tuple registers (8): its code generator takes one more key than it has */
	{"tregs", DT_OPTK_COUNT, F(tregs), 8, 1, DT_MAX_TUPLE - 1, DT_OPT_NEEDVAL, NULL, NULL,
	 true},
	/* the registers code may use: BPF has 8 DTrace would count (r0 and r6-r9 aside) */
	{"iregs", DT_OPTK_COUNT, 0, 0, 8, 1, 8, DT_OPT_NEEDVAL, NULL, NULL, true},
	/* the D language version a program asks for: one this compiler knows */
	{"version", DT_OPTK_VERSION, 0, 0, 0, 0, 0, DT_OPT_NEEDVAL, NULL, NULL, true},
	/* -a: anonymous tracing, which no Linux tracer has (dtrace.c says it for -A too) */
	{"grabanon", DT_OPTK_REFUSED, 0, 0, 0, 0, 0, 0, NULL, NULL, false, DT_ANON_WHY},
	OPT_IGNORED("jstackstrsize"), OPT_IGNORED("stackindent"),
	OPT_IGNORED("bufresize"), OPT_IGNORED("aggpercpu"),
	OPT_IGNORED("disasm"),
	OPT_IGNORED("linkmode"),
	OPT_IGNORED("verbose"),
	OPT_IGNORED("incdir"), OPT_IGNORED("define"), OPT_IGNORED("undef"),
	OPT_IGNORED("evaltime"), OPT_IGNORED("ctypes"),
	OPT_IGNORED("dtypes"), OPT_IGNORED("procrate"),
};

/* A number as a size (suffix true: k, m, g, t may follow) or a plain count. */
static int
dt_opt_number(const char *v, bool suffix, uint64_t *out)
{
	char *end;
	unsigned long long n;
	unsigned shift = 0;

	/* strtoull would skip blanks and take a sign: a size is digits only */
	if (!v || *v < '0' || *v > '9')
		return -1;
	errno = 0;
	n = strtoull(v, &end, 0);
	if (errno || end == v)
		return -1;
	if (suffix && *end) {
		const char *p = strchr("kmgt", end[0] | 0x20);

		if (!p || end[1])
			return -1;
		shift = 10 * (unsigned)(p - "kmgt" + 1);
		end++;
	}
	if (*end || n > UINT64_MAX >> shift)
		return -1;
	*out = (uint64_t)n << shift;
	return 0;
}

/* A size as DTrace writes one: in the largest unit that divides it ("1g", "64k", "100"). */
static void
dt_opt_fmt_size(char *buf, size_t len, uint64_t n)
{
	static const char units[] = "kmgt";
	int u = -1;

	while (n && u < 3 && n % 1024 == 0) {
		n /= 1024;
		u++;
	}
	if (u < 0)
		snprintf(buf, len, "%llu", (unsigned long long)n);
	else
		snprintf(buf, len, "%llu%c", (unsigned long long)n, units[u]);
}

static void
dt_opt_store(dt_options_t *o, const dt_optdesc_t *d, uint64_t v)
{
	char *p = (char *)o + d->off;

	if (d->kind == DT_OPTK_STRING) {
		/* v: the text, checked to fit by dt_opt_set; 0 (the default) is "" */
		snprintf(p, d->width, "%s", v ? (const char *)(uintptr_t)v : "");
		return;
	}
	switch (d->width) {
	case 0:
		break;
	case sizeof(uint8_t):
		*(bool *)(void *)p = v != 0;
		break;
	case sizeof(uint32_t):
		*(uint32_t *)(void *)p = (uint32_t)v;
		break;
	case sizeof(uint64_t):
		*(uint64_t *)(void *)p = v;
		break;
	}
}

const char *
dt_opt_name(size_t i)
{
	return i < DT_ARRAY_SIZE(dt_opts) ? dt_opts[i].name : NULL;
}

/* A time as DTrace writes one: in the largest unit that divides it ("1s", "100ms", "0"). */
static void
dt_opt_fmt_time(char *buf, size_t len, uint64_t ns)
{
	static const struct {
		uint64_t ns;
		const char *unit;
	} units[] = {{3600 * NSEC_PER_SEC, "h"}, {60 * NSEC_PER_SEC, "m"}, {NSEC_PER_SEC, "s"},
		     {1000000, "ms"}, {1000, "us"}, {1, "ns"}};
	size_t u = 0;

	while (ns && ns % units[u].ns != 0)
		u++;
	if (!ns)
		snprintf(buf, len, "0");
	else
		snprintf(buf, len, "%llu%s", (unsigned long long)(ns / units[u].ns), units[u].unit);
}

int
dt_opt_describe(size_t i, char *buf, size_t len)
{
	const dt_optdesc_t *d;
	char val[64] = "", def[64] = "";
	bool stored;

	if (i >= DT_ARRAY_SIZE(dt_opts))
		return -1;
	d = &dt_opts[i];
	stored = d->width != 0;
	switch (d->kind) {
	case DT_OPTK_BOOL:
		snprintf(def, sizeof(def), "%s", d->def ? "on" : "off");
		break;
	case DT_OPTK_SIZE:
		snprintf(val, sizeof(val), "size");
		dt_opt_fmt_size(def, sizeof(def), d->def);
		break;
	case DT_OPTK_TIME:
		snprintf(val, sizeof(val), "time");
		dt_opt_fmt_time(def, sizeof(def), d->def);
		break;
	case DT_OPTK_COUNT:
		snprintf(val, sizeof(val), "number");
		if (d->def == DT_CPU_ALL)
			snprintf(def, sizeof(def), "all");
		else
			snprintf(def, sizeof(def), "%llu", (unsigned long long)d->def);
		break;
	case DT_OPTK_ENUM:
		for (size_t k = 0; d->names[k]; k++)
			snprintf(val + strlen(val), sizeof(val) - strlen(val), "%s%s", k ? "|" : "",
				 d->names[k]);
		snprintf(def, sizeof(def), "%s", d->names[d->def]);
		break;
	case DT_OPTK_STRING:
		snprintf(val, sizeof(val), "%s", d->argname ? d->argname : "text");
		snprintf(def, sizeof(def), "none");
		break;
	case DT_OPTK_IGNORED:
		stored = false;
		break;
	case DT_OPTK_VERSION:
		snprintf(val, sizeof(val), "version");
		stored = false;
		break;
	case DT_OPTK_ATTR:
		snprintf(val, sizeof(val), "attributes");
		snprintf(def, sizeof(def), "none");
		break;
	case DT_OPTK_REFUSED:
		snprintf(buf, len, "%s (refused)", d->name);
		return 0;
	}
	if (!stored)	/* read, and checked, for scripts' sake only */
		snprintf(buf, len, "%s%s%s (accepted, no effect)", d->name, *val ? "=" : "", val);
	else
		snprintf(buf, len, "%s%s%s (default %s)", d->name, *val ? "=" : "", val, def);
	return 0;
}

void
dt_opt_defaults(dt_options_t *o)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_opts); i++)
		dt_opt_store(o, &dt_opts[i], dt_opts[i].def);
}

static const dt_optdesc_t *
dt_opt_lookup(const char *name, const char **why)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_opts); i++)
		if (strcmp(name, dt_opts[i].name) == 0)
			return &dt_opts[i];
	*why = "Invalid option name";
	return NULL;
}

int
dt_opt_set_live(dt_handle_t *dtp, const char *name, const char *value, const char **why)
{
	const dt_optdesc_t *d = dt_opt_lookup(name, why);

	if (!d)
		return -1;
	if (d->fixed) {
		*why = "Operation illegal when tracing is active";
		return -1;
	}
	return dt_opt_set(dtp, name, value, why);
}

int
dt_opt_set_pragma(dt_handle_t *dtp, const char *name, const char *value, const char **why)
{
	const dt_optdesc_t *d = dt_opt_lookup(name, why);

	if (!d)
		return -1;
	if (d->cmdline) {
		*why = "Option cannot be used from within a D program";
		return -1;
	}
	return dt_opt_set(dtp, name, value, why);
}

/* The D versions there have been, up to this compiler's own (Sun D 1.6.4). */
static bool
dt_opt_version_known(const char *v, const char **why)
{
	static const char *const known[] = {
		"1.0", "1.1", "1.2", "1.2.1", "1.2.2", "1.3", "1.4", "1.4.1", "1.5", "1.6",
		"1.6.1", "1.6.2", "1.6.3", "1.6.4",
	};
	unsigned a, b, c = 0;
	int n = 0;
	char buf[40];

	if (sscanf(v, "%u.%u%n", &a, &b, &n) != 2 ||
	    (v[n] && (sscanf(v + n, ".%u%n", &c, &n) != 1 || v[strlen(v) - 1] == '.')) ||
	    a > 255 || b > 4095 || c > 4095) {
		*why = "Version is not properly formatted or is too large";
		return false;
	}
	snprintf(buf, sizeof(buf), c ? "%u.%u.%u" : "%u.%u", a, b, c);
	for (size_t i = 0; i < DT_ARRAY_SIZE(known); i++)
		if (strcmp(buf, known[i]) == 0)
			return true;
	*why = "Requested version is not supported by compiler";
	return false;
}

/* A bool's words, as DTrace takes them: 1 sets, 0 clears, -1 not one of them. */
static int
dt_opt_bool_word(const char *v)
{
	static const char *const words[][2] = {
		{"yes", "no"}, {"enable", "disable"}, {"enabled", "disabled"}, {"true", "false"},
		{"on", "off"}, {"set", "unset"},
	};

	for (size_t i = 0; i < DT_ARRAY_SIZE(words); i++) {
		if (strcasecmp(v, words[i][0]) == 0)
			return 1;
		if (strcasecmp(v, words[i][1]) == 0)
			return 0;
	}
	return -1;
}

int
dt_opt_set(dt_handle_t *dtp, const char *name, const char *value, const char **why)
{
	const dt_optdesc_t *d = dt_opt_lookup(name, why);
	uint64_t v = 0;
	int rc = -1;

	if (!d)
		return -1;
	if (d->kind == DT_OPTK_REFUSED) {
		*why = d->refused;
		return -1;
	}
	*why = "Invalid value for specified option";
	if (!value && d->kind != DT_OPTK_IGNORED) {
		if (d->noval == DT_OPT_NEEDVAL)
			return -1;
		dt_opt_store(&dtp->opts, d, d->noval);
		return 0;
	}
	switch (d->kind) {
	case DT_OPTK_IGNORED:
		return 0;
	case DT_OPTK_REFUSED:
		return -1;	/* above */
	case DT_OPTK_VERSION:
		return dt_opt_version_known(value, why) ? 0 : -1;
	case DT_OPTK_ATTR: {
		dt_attr_t a;

		rc = dt_attr_parse(value, &a);
		v = dt_opt_attr_pack(a);
		break;
	}
	case DT_OPTK_BOOL:
		/* a number, or one of DTrace's words (setopt("aggsortkey", "false")) */
		if (dt_opt_bool_word(value) >= 0) {
			v = (uint64_t)dt_opt_bool_word(value);
			rc = 0;
		} else {
			rc = dt_opt_number(value, false, &v);
			v = v != 0;
		}
		break;
	case DT_OPTK_SIZE:
	case DT_OPTK_COUNT:
		rc = dt_opt_number(value, d->kind == DT_OPTK_SIZE, &v);
		break;
	case DT_OPTK_TIME:
		rc = dt_parse_time(value, &v, false);
		break;
	case DT_OPTK_STRING:
		if (!*value || strlen(value) >= d->width)
			return -1;
		dt_opt_store(&dtp->opts, d, (uint64_t)(uintptr_t)value);
		return 0;
	case DT_OPTK_ENUM:
		for (v = 0; d->names[v] && strcmp(value, d->names[v]) != 0; v++)
			;
		rc = d->names[v] ? 0 : -1;
		break;
	}
	if (rc < 0 || v < d->min)
		return -1;
	if (v > d->max) {
		char max[32];

		if (!d->lowered)
			return -1;
		v = d->max;
		dt_opt_fmt_size(max, sizeof(max), v);
		fprintf(stderr, "dtrace: %s lowered to %s\n", d->lowered, max);
	}
	dt_opt_store(&dtp->opts, d, v);
	return 0;
}
