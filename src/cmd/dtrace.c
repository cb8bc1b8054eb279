/*
 * dtrace.c: the dtrace(1) command: options, probe listing, the traced process (-c, -p),
 * the run loop and exit codes. The only code that calls exit() or owns the terminal.
 *
 *   options -> compile every -n/-s together -> (-l: list; -e: stop) -> load maps+programs
 *   -> BEGIN -> attach -> release -c child -> loop { wait for records, child exit, signal,
 *   switchrate } -> detach -> END -> drain -> aggregations -> exit status
 *
 * Exit status as dtrace(1): 0 success (or exit(N)'s N), 1 failure, 2 usage error.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "common/dt_common.h"
#include "common/dt_program.h"
#include "compiler/dt_compiler.h"
#include "consumer/dt_consumer.h"
#include "runtime/dt_runtime.h"

#define DT_VERSION "Sun D 1.6.4 (dtrace-bpf 0.1)"

static volatile sig_atomic_t g_intr;

static void
dt_on_signal(int sig)
{
	(void)sig;
	g_intr = 1;
}

static void
dt_usage(FILE *fp)
{
	fprintf(fp,
		"Usage: dtrace [-32|-64] [-aACeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n"
		"\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]\n"
		"\t[-x opt[=val]] [-X a|c|s|t]\n\n"
		"\t[-P provider [[ predicate ] action ]]\n"
		"\t[-m [ provider: ] module [[ predicate ] action ]]\n"
		"\t[-f [[ provider: ] module: ] func [[ predicate ] action ]]\n"
		"\t[-n [[[ provider: ] module: ] func: ] name [[ predicate ] action ]]\n"
		"\t[-i probe-id [[ predicate ] action ]] [ args ... ]\n\n"
		"\tpredicate -> '/' D-expression '/'\n"
		"\t   action -> '{' D-statements '}'\n\n"
		"\t-32 generate 32-bit D programs\n"
		"\t-64 generate 64-bit D programs\n\n"
		"\t-b  set trace buffer size\n"
		"\t-c  run specified command and exit upon its completion\n"
		"\t-C  run cpp(1) preprocessor on script files\n"
		"\t-D  define symbol when invoking preprocessor\n"
		"\t-e  exit after compiling request but prior to enabling probes\n"
		"\t-f  enable or list probes matching the specified function name\n"
		"\t-F  coalesce trace output by function\n"
		"\t-h  print this help message\n"
		"\t-i  enable or list probes matching the specified probe id\n"
		"\t-I  add include directory to preprocessor search path\n"
		"\t-l  list probes matching specified criteria\n"
		"\t-m  enable or list probes matching the specified module name\n"
		"\t-n  enable or list probes matching the specified probe name\n"
		"\t-o  set output file\n"
		"\t-p  grab specified process-ID and cache its symbol tables\n"
		"\t-P  enable or list probes matching the specified provider name\n"
		"\t-q  set quiet mode (only output explicitly traced data)\n"
		"\t-s  enable or list probes according to the specified D script\n"
		"\t-U  undefine symbol when invoking preprocessor\n"
		"\t-v  set verbose mode (report stability attributes, arguments)\n"
		"\t-V  report DTrace API version\n"
		"\t-w  permit destructive actions\n"
		"\t-x  enable or modify compiler and tracing options\n"
		"\t-Z  permit probe descriptions that match zero probes\n");
}

/* ---- sources -------------------------------------------------------------------------- */

typedef struct dt_cmd {
	dt_handle_t *dtp;
	DT_VEC(dt_source_t) srcs;
	DT_VEC(int) src_is_script;
	const char *cmd;	/* -c */
	pid_t grab_pid;		/* -p */
	bool list, compile_only, verbose;
	int argc;
	char **argv;
} dt_cmd_t;

static void
dt_add_source(dt_cmd_t *c, const char *name, char *text, bool script)
{
	dt_source_t s = {name, text, strlen(text)};

	dt_vec_push(&c->srcs, s);
	dt_vec_push(&c->src_is_script, script ? 1 : 0);
}

/* Read a script; "#!" on the first line is blanked (kept as a line, for line numbers). */
static char *
dt_read_script(const char *path)
{
	FILE *fp = strcmp(path, "-") == 0 ? stdin : fopen(path, "r");
	dt_strbuf_t sb = {0};
	char buf[8192];
	size_t n;

	if (!fp)
		return NULL;
	while ((n = fread(buf, 1, sizeof(buf), fp)) > 0)
		dt_sb_putn(&sb, buf, n);
	if (fp != stdin)
		fclose(fp);
	if (!sb.s)
		dt_sb_puts(&sb, "");
	if (sb.len >= 2 && sb.s[0] == '#' && sb.s[1] == '!')
		for (size_t i = 0; i < sb.len && sb.s[i] != '\n'; i++)
			sb.s[i] = ' ';
	return sb.s;
}

/* -P, -m, -f, -i arguments become descriptions with the field in its place. */
static char *
dt_desc_from(char opt, const char *arg)
{
	const char *body = strpbrk(arg, " \t/{");
	size_t dlen = body ? (size_t)(body - arg) : strlen(arg);
	int colons = 0;
	dt_strbuf_t sb = {0};

	for (size_t i = 0; i < dlen; i++)
		colons += arg[i] == ':';
	switch (opt) {
	case 'P':
		dt_sb_putn(&sb, arg, dlen);
		dt_sb_puts(&sb, ":::");
		break;
	case 'm':
		if (colons == 0)
			dt_sb_puts(&sb, ":");
		dt_sb_putn(&sb, arg, dlen);
		dt_sb_puts(&sb, "::");
		break;
	case 'f':
		for (int i = colons; i < 2; i++)
			dt_sb_puts(&sb, ":");
		dt_sb_putn(&sb, arg, dlen);
		dt_sb_puts(&sb, ":");
		break;
	default:
		dt_sb_putn(&sb, arg, dlen);
		break;
	}
	if (body)
		dt_sb_puts(&sb, body);
	return sb.s;
}

/* ---- listing -------------------------------------------------------------------------- */

static int
dt_list_one(dt_probe_t *prp, void *arg)
{
	uint8_t *seen = arg;

	seen[prp->id] = 1;
	return 0;
}

static int
dt_list(dt_cmd_t *c, dt_compile_t *cc)
{
	dt_handle_t *dtp = c->dtp;
	uint8_t *seen = dt_xcalloc(dtp->probes.len + 4096, 1);
	int rc = 0;

	if (c->srcs.len == 0) {
		memset(seen, 1, dtp->probes.len);
	} else {
		/* List what the descriptions match; their clauses are parsed, not compiled. */
		for (size_t i = 0; i < c->srcs.len; i++) {
			dt_node_t *root = dt_parse(cc, &c->srcs.data[i]);

			if (cc->diags.count) {
				dt_diags_print(&cc->diags, stderr, dtp->opts.errtags);
				free(seen);
				return 1;
			}
			for (size_t k = 0; root && k < root->list.len; k++) {
				dt_node_t *cl = root->list.data[k];

				if (cl->kind != DT_NODE_CLAUSE)
					continue;
				for (size_t d = 0; d < cl->list.len; d++) {
					dt_node_t *pd = cl->list.data[d];

					seen = dt_xrealloc(seen, dtp->probes.len + 4096);
					if (dt_probe_iter(dtp, pd->prov, pd->mod, pd->func, pd->name,
							  dt_list_one, seen) == 0 &&
					    !dtp->opts.zdefs) {
						fprintf(stderr, "dtrace: failed to match %s:%s:%s:%s: No "
							"probe matches description\n", pd->prov,
							pd->mod, pd->func, pd->name);
						rc = 1;
					}
				}
			}
		}
	}
	printf("%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
	for (size_t i = 1; i < dtp->probes.len; i++) {
		dt_probe_t *prp = dtp->probes.data[i];

		if (seen[i])
			printf("%5u %10s %17s %33s %s\n", prp->id, prp->prov, prp->mod, prp->func,
			       prp->name);
	}
	free(seen);
	return rc;
}

/* ---- privileges ----------------------------------------------------------------------- */

/* Tracing needs CAP_SYS_ADMIN, or CAP_BPF with CAP_PERFMON. Say which are missing. */
static int
dt_check_privileges(void)
{
	FILE *fp = fopen("/proc/self/status", "r");
	char line[256];
	unsigned long long eff = 0;

	if (!fp)
		return 0;
	while (fgets(line, sizeof(line), fp))
		if (sscanf(line, "CapEff: %llx", &eff) == 1)
			break;
	fclose(fp);
	if (eff & (1ULL << 21))
		return 0;
	if ((eff & (1ULL << 39)) && (eff & (1ULL << 38)))
		return 0;
	fprintf(stderr, "dtrace: failed to initialize dtrace: DTrace requires additional "
		"privileges\n");
	fprintf(stderr, "dtrace: missing capability: %s (run as root, or grant CAP_BPF and "
		"CAP_PERFMON)\n",
		!(eff & (1ULL << 39)) && !(eff & (1ULL << 38)) ? "CAP_BPF and CAP_PERFMON"
		: !(eff & (1ULL << 39))			       ? "CAP_BPF"
							       : "CAP_PERFMON");
	return -1;
}

/* ---- the traced process --------------------------------------------------------------- */

/* -c: fork the command, held on a pipe until tracing is on. */
static int
dt_create_target(dt_handle_t *dtp, const char *cmd)
{
	int go[2];
	pid_t pid;

	if (pipe2(go, O_CLOEXEC) < 0)
		return -1;
	pid = fork();
	if (pid < 0) {
		close(go[0]);
		close(go[1]);
		return -1;
	}
	if (pid == 0) {
		char c;

		close(go[1]);
		if (read(go[0], &c, 1) != 1)
			_exit(127);	/* dtrace gave up before tracing started */
		/* As dtrace(1): the command is split at blanks and run directly, no shell, so
		 * $target is the command's own pid. */
		{
			char *copy = dt_xstrdup(cmd), *sv = NULL, *w;
			char **av = dt_xcalloc(strlen(cmd) / 2 + 2, sizeof(char *));
			int ac = 0;

			for (w = strtok_r(copy, " \t\n", &sv); w; w = strtok_r(NULL, " \t\n", &sv))
				av[ac++] = w;
			if (ac == 0)
				_exit(127);
			execvp(av[0], av);
		}
		fprintf(stderr, "dtrace: failed to execute %s: %s\n", cmd, strerror(errno));
		_exit(127);
	}
	close(go[0]);
	dtp->target_pid = pid;
	dtp->target_go_fd = go[1];
	dtp->target_pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	return 0;
}

static void
dt_release_target(dt_handle_t *dtp)
{
	if (dtp->target_go_fd >= 0) {
		if (write(dtp->target_go_fd, "g", 1) != 1)
			perror("dtrace: failed to start the command");
		close(dtp->target_go_fd);
		dtp->target_go_fd = -1;
	}
}

/* ---- run ------------------------------------------------------------------------------ */

static void
dt_banner(dt_cmd_t *c, dt_program_t *prog)
{
	for (size_t i = 0; i < c->srcs.len; i++) {
		const dt_source_t *src = &c->srcs.data[i];
		int n = 0;

		for (size_t p = 0; p < prog->probes.len; p++) {
			dt_probe_t *prp = prog->probes.data[p];
			bool in = false;

			for (int k = 0; k < prog->nclauses && !in; k++) {
				dt_clause_t *cl = prog->clauses[k];

				if (cl->node->loc.src != src)
					continue;
				for (size_t j = 0; j < cl->probes.len && !in; j++)
					in = cl->probes.data[j] == prp;
			}
			n += in;
		}
		if (c->src_is_script.data[i]) {
			fprintf(stderr, "dtrace: script '%s' matched %d probe%s\n", src->name, n,
				n == 1 ? "" : "s");
		} else {
			/* DTrace quotes the description up to its predicate or action. */
			size_t len = strcspn(src->text, "/{");

			fprintf(stderr, "dtrace: description '%.*s' matched %d probe%s\n", (int)len,
				src->text, n, n == 1 ? "" : "s");
		}
	}
}

static int
dt_run(dt_cmd_t *c)
{
	dt_handle_t *dtp = c->dtp;
	sigset_t block, orig;
	struct sigaction sa;
	bool child_done = false;
	int rc = 0;
	uint64_t rate_ms = dtp->opts.switchrate_ns / 1000000;

	if (rate_ms == 0)
		rate_ms = 1;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = dt_on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, &orig);

	if (dt_consume_init(dtp) < 0)
		return 1;
	if (dt_rt_begin(dtp) < 0)
		return 1;
	dt_consume_poll(dtp, 0);
	if (!dtp->exiting) {
		if (dt_rt_attach(dtp) < 0)
			return 1;
		dt_release_target(dtp);
	}
	while (!dtp->exiting && !g_intr && !child_done) {
		struct pollfd pfd[2] = {
			{.fd = dt_consume_epoll_fd(dtp), .events = POLLIN},
			{.fd = dtp->target_pidfd, .events = POLLIN},
		};
		struct timespec ts = {(time_t)(rate_ms / 1000), (long)(rate_ms % 1000) * 1000000};
		int n = ppoll(pfd, dtp->target_pidfd >= 0 ? 2 : 1, &ts, &orig);

		if (n < 0 && errno != EINTR) {
			perror("dtrace: poll");
			rc = 1;
			break;
		}
		dt_consume_poll(dtp, 0);
		dt_consume_drops(dtp);
		if (n > 0 && dtp->target_pidfd >= 0 && (pfd[1].revents & POLLIN))
			child_done = true;
	}
	/* Stop: detach every probe, then END, then whatever is left in the buffer. */
	dt_rt_detach(dtp);
	dt_consume_poll(dtp, 0);
	if (dt_rt_end(dtp) < 0)
		rc = 1;
	dt_consume_poll(dtp, 0);
	dt_consume_drops(dtp);
	if (child_done) {
		int status;

		waitpid(dtp->target_pid, &status, 0);
		fprintf(stderr, "dtrace: pid %d has exited\n", (int)dtp->target_pid);
		dtp->target_pid = 0;
	}
	/* The consumer's cosmetic newline, then the aggregations. */
	fputc('\n', dtp->out);
	dt_consume_aggs(dtp);
	dt_consume_fini(dtp);
	fflush(dtp->out);
	sigprocmask(SIG_SETMASK, &orig, NULL);
	if (rc == 0 && dtp->exiting)
		rc = dtp->exit_status;
	return rc;
}

/* Kill and reap a -c child that is still there when dtrace ends. */
static void
dt_reap_target(dt_handle_t *dtp, bool created)
{
	if (!created || dtp->target_pid <= 0)
		return;
	if (dtp->target_go_fd >= 0) {
		close(dtp->target_go_fd);	/* it exits without running the command */
		dtp->target_go_fd = -1;
	} else {
		kill(dtp->target_pid, SIGKILL);
	}
	waitpid(dtp->target_pid, NULL, 0);
}

int
main(int argc, char **argv)
{
	dt_cmd_t c = {0};
	dt_compile_t cc;
	dt_program_t *prog;
	const char *outfile = NULL, *why;
	int rc = 0, opt;

	c.dtp = dt_handle_new();
	/* -32 and -64 pick the data model; only 64-bit exists here, so drop them. */
	{
		int k = 1;

		for (int i = 1; i < argc; i++) {
			if (strcmp(argv[i], "--") == 0) {
				while (i < argc)
					argv[k++] = argv[i++];
				break;
			}
			if (strcmp(argv[i], "-64") != 0 && strcmp(argv[i], "-32") != 0)
				argv[k++] = argv[i];
		}
		argc = k;
	}
	opterr = 0;
	/* '+': stop at the first operand; the rest are macro arguments $1..$N. */
	while ((opt = getopt(argc, argv, "+ab:c:CD:eFf:GhHi:I:lL:m:n:o:p:P:qs:SU:vVwx:X:Z")) !=
	       -1) {
		const char *v;
		char *eq, *name;

		switch (opt) {
		case 'a': case 'A': case 'C': case 'F': case 'G': case 'H': case 'S':
			if (opt == 'F')
				dt_opt_set(c.dtp, "flowindent", NULL, &why);
			break;
		case 'b':
			if (dt_opt_set(c.dtp, "bufsize", optarg, &why) < 0) {
				fprintf(stderr, "dtrace: failed to set -b %s: %s\n", optarg, why);
				return 1;
			}
			break;
		case 'c':
			c.cmd = optarg;
			break;
		case 'D': case 'U': case 'I': case 'L': case 'X':
			break;
		case 'e':
			c.compile_only = true;
			break;
		case 'h':
			dt_usage(stdout);
			dt_handle_free(c.dtp);
			return 0;
		case 'l':
			c.list = true;
			break;
		case 'n':
			dt_add_source(&c, NULL, dt_xstrdup(optarg), false);
			break;
		case 'P': case 'm': case 'f': case 'i':
			dt_add_source(&c, NULL, dt_desc_from((char)opt, optarg), false);
			break;
		case 'o':
			outfile = optarg;
			break;
		case 'p': {
			char *end;
			long pid = strtol(optarg, &end, 10);

			if (*end || pid <= 0) {
				fprintf(stderr, "dtrace: invalid process ID: %s\n", optarg);
				return 2;
			}
			c.grab_pid = (pid_t)pid;
			break;
		}
		case 'q':
			c.dtp->opts.quiet = true;
			break;
		case 's': {
			char *text = dt_read_script(optarg);

			if (!text) {
				fprintf(stderr, "dtrace: failed to open %s: %s\n", optarg,
					strerror(errno));
				dt_handle_free(c.dtp);
				return 1;
			}
			dt_add_source(&c, optarg, text, true);
			break;
		}
		case 'v':
			c.verbose = true;
			break;
		case 'V':
			printf("dtrace: %s\n", DT_VERSION);
			dt_handle_free(c.dtp);
			return 0;
		case 'w':
			c.dtp->opts.destructive = true;
			break;
		case 'x':
			name = dt_xstrdup(optarg);
			eq = strchr(name, '=');
			v = NULL;
			if (eq) {
				*eq = '\0';
				v = eq + 1;
			}
			if (dt_opt_set(c.dtp, name, v, &why) < 0) {
				fprintf(stderr, "dtrace: failed to set -x %s: %s\n", name, why);
				free(name);
				dt_handle_free(c.dtp);
				return 1;
			}
			free(name);
			break;
		case 'Z':
			c.dtp->opts.zdefs = true;
			break;
		case '?':
		default:
			if (optopt && strchr("bcDfiILmnopPsUxX", optopt))
				fprintf(stderr, "dtrace: option requires an argument -- %c\n", optopt);
			else
				fprintf(stderr, "dtrace: illegal option -- %c\n", optopt);
			dt_usage(stderr);
			dt_handle_free(c.dtp);
			return 2;
		}
	}
	c.argc = argc - optind;
	c.argv = argv + optind;
	if (c.srcs.len == 0 && !c.list) {
		dt_usage(stderr);
		dt_handle_free(c.dtp);
		return 2;
	}
	if (c.cmd && c.grab_pid) {
		fprintf(stderr, "dtrace: -c and -p may not be used together\n");
		dt_handle_free(c.dtp);
		return 2;
	}

	dt_compile_init(&cc, c.dtp);
	cc.argc = c.argc;
	cc.argv = c.argv;
	cc.argv0 = c.srcs.len && c.srcs.data[0].name ? c.srcs.data[0].name : "dtrace";

	if (c.list) {
		rc = dt_list(&c, &cc);
		goto done;
	}
	if (c.grab_pid) {
		if (kill(c.grab_pid, 0) < 0 && errno == ESRCH) {
			fprintf(stderr, "dtrace: failed to grab pid %d: No such process\n",
				(int)c.grab_pid);
			rc = 1;
			goto done;
		}
		c.dtp->target_pid = c.grab_pid;
		c.dtp->target_pidfd = (int)syscall(SYS_pidfd_open, c.grab_pid, 0);
	}
	if (c.cmd && !c.compile_only && dt_create_target(c.dtp, c.cmd) < 0) {
		fprintf(stderr, "dtrace: failed to execute %s: %s\n", c.cmd, strerror(errno));
		rc = 1;
		goto done;
	}

	prog = dt_compile_sources(&cc, c.srcs.data, (int)c.srcs.len, NULL);
	if (!prog) {
		dt_diags_print(&cc.diags, stderr, c.dtp->opts.errtags);
		rc = 1;
		goto done;
	}
	c.dtp->prog = prog;
	if (c.compile_only)
		goto done;
	if (dt_check_privileges() < 0) {
		rc = 1;
		goto done;
	}
	if (outfile) {
		FILE *fp = fopen(outfile, "a");

		if (!fp) {
			fprintf(stderr, "dtrace: failed to open output file '%s': %s\n", outfile,
				strerror(errno));
			rc = 1;
			goto done;
		}
		c.dtp->out = fp;
	}
	if (dt_rt_load(c.dtp) < 0) {
		rc = 1;
		goto done;
	}
	dt_banner(&c, prog);
	if (c.dtp->target_pid && c.cmd == NULL && c.verbose)
		fprintf(stderr, "dtrace: tracing pid %d\n", (int)c.dtp->target_pid);
	rc = dt_run(&c);

done:
	dt_reap_target(c.dtp, c.cmd != NULL);
	if (c.dtp->out && c.dtp->out != stdout)
		fclose(c.dtp->out);
	c.dtp->out = stdout;
	dt_handle_free(c.dtp);
	dt_compile_fini(&cc);
	for (size_t i = 0; i < c.srcs.len; i++)
		free((char *)(uintptr_t)c.srcs.data[i].text);
	dt_vec_free(&c.srcs);
	dt_vec_free(&c.src_is_script);
	return rc;
}
