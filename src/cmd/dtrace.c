/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dtrace.c: the dtrace(1) command: options, probe listing, the traced process (-c, -p),
 * the run loop and exit codes. The only code that calls exit() or owns the terminal.
 *
 *   options -> (-C: cpp over each -s script) -> (-l: list) -> compile every -n/-s together
 *   into finished BPF (-S: print it; -e: stop) -> load maps+programs
 *   -> BEGIN -> attach -> release -c child -> loop { wait for records, child exit, signal,
 *   switchrate, a full fill buffer } -> detach -> END -> drain (and print what fill and ring
 *   buffers kept) -> aggregations -> exit status
 *
 * Exit status as dtrace(1): 0 success (or exit(N)'s N), 1 failure, 2 usage error.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "common/dt_common.h"
#include "common/dt_program.h"
#include "compiler/dt_compiler.h"
#include "consumer/dt_consumer.h"
#include "common/dt_proc.h"
#include "providers/dt_provider.h"
#include "runtime/dt_runtime.h"
#include "dt_sdtgen.h"
#include "dt_version.h"	/* DT_VERSION: the VERSION file's; DT_VERSION_GIT: git's, or "" */
#include "dt_paths.h"	/* DT_LIBDIR: where make install put the D libraries */

/* -V: the D API this compiler implements (as DTrace's -V), then our release. */
#define DT_API_VERSION "Sun D 1.6.4"

static void
dt_print_version(bool gnu)
{
	const char *git = DT_VERSION_GIT;

	if (gnu)	/* --version: the GNU form, program and release first */
		printf("dtrace (dtrace-bpf) %s%s%s%s\nD API: %s\n", DT_VERSION,
		       *git ? " (git " : "", git, *git ? ")" : "", DT_API_VERSION);
	else
		printf("dtrace: %s (dtrace-bpf %s%s%s)\n", DT_API_VERSION, DT_VERSION,
		       *git ? ", git " : "", git);
}

/* The signal (SIGINT, SIGTERM, SIGHUP) that asks tracing to stop; 0 while none came. */
static volatile sig_atomic_t g_intr;

static void
dt_on_signal(int sig)
{
	g_intr = sig;
}

/*
 * From the first kernel object on, a signal must not kill dtrace before it has undone what
 * it made and printed what it has: the handler only notes the signal; loading and attaching
 * (seconds for thousands of probes) check the note between programs, and the run loop ends
 * on it. As DTrace, SIGHUP ends tracing like SIGINT and SIGTERM. SA_RESTART: reads and writes
 * of the set-up are not cut short; the run loop's ppoll returns at once anyway.
 */
static void
dt_catch_signals(dt_handle_t *dtp)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = dt_on_signal;
	sa.sa_flags = SA_RESTART;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	dtp->intr = &g_intr;
}

/*
 * The command's options, in usage order: the letter, its argument (NULL: none) and what it
 * does. The getopt string is made from this table (dt_getopt_string), so the usage cannot
 * list an option the command does not take, nor miss one (tests/run/manpage_options.sh
 * checks dtrace(1) against the usage).
 */
static const struct dt_cmdopt {
	char opt;
	const char *arg;
	const char *help;
} dt_cmdopts[] = {
	{'a', NULL, "claim anonymous tracing state (refused on Linux)"},
	{'A', NULL, "generate driver configuration for anonymous tracing (refused on Linux)"},
	{'b', "bufsz", "set trace buffer size"},
	{'c', "cmd", "run specified command and exit upon its completion"},
	{'C', NULL, "run cpp(1) preprocessor on script files"},
	{'D', "name[=def]", "define symbol when invoking preprocessor"},
	{'e', NULL, "exit after compiling request but prior to enabling probes"},
	{'f', "func", "enable or list probes matching the specified function name"},
	{'F', NULL, "coalesce trace output by function"},
	{'G', NULL, "generate an ELF file containing embedded dtrace program"},
	{'h', NULL, "generate a header file with definitions for static probes"},
	{'H', NULL, "print included files when invoking preprocessor"},
	{'i', "probe-id", "enable or list probes matching the specified probe id"},
	{'I', "path", "add include directory to preprocessor search path"},
	{'l', NULL, "list probes matching specified criteria"},
	{'L', "path", "add library directory to library search path"},
	{'m', "module", "enable or list probes matching the specified module name"},
	{'n', "name", "enable or list probes matching the specified probe name"},
	{'o', "output", "set output file"},
	{'p', "pid", "grab specified process-ID and cache its symbol tables"},
	{'P', "provider", "enable or list probes matching the specified provider name"},
	{'q', NULL, "set quiet mode (only output explicitly traced data)"},
	{'s', "script", "enable or list probes according to the specified D script"},
	{'S', NULL, "print D compiler intermediate code (the BPF programs)"},
	{'U', "name", "undefine symbol when invoking preprocessor"},
	{'v', NULL, "set verbose mode (report stability attributes, arguments)"},
	{'V', NULL, "report DTrace API version"},
	{'w', NULL, "permit destructive actions"},
	{'x', "opt[=val]", "enable or modify compiler and tracing options"},
	{'X', "a|c|s|t", "specify ISO C conformance settings for preprocessor"},
	{'Z', NULL, "permit probe descriptions that match zero probes"},
};

static bool
dt_cmdopt_has_arg(int opt)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_cmdopts); i++)
		if (dt_cmdopts[i].opt == opt)
			return dt_cmdopts[i].arg != NULL;
	return false;
}

/* "+aAb:c:...": '+' stops at the first operand; the rest are macro arguments $1..$N. */
static void
dt_getopt_string(char *buf)
{
	*buf++ = '+';
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_cmdopts); i++) {
		*buf++ = dt_cmdopts[i].opt;
		if (dt_cmdopts[i].arg)
			*buf++ = ':';
	}
	*buf = '\0';
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
		"\t-32 generate 32-bit D programs (refused: BPF is 64-bit)\n"
		"\t-64 generate 64-bit D programs (the default)\n\n");
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_cmdopts); i++)
		fprintf(fp, "\t-%c  %s\n", dt_cmdopts[i].opt, dt_cmdopts[i].help);
	fprintf(fp, "\n\t--help     print this usage, and the -x options, on standard output\n"
		"\t--version  print the version of dtrace and of its D API\n");
}

/* ---- sources -------------------------------------------------------------------------- */

typedef struct dt_cmd {
	dt_handle_t *dtp;
	DT_VEC(dt_source_t) srcs;
	DT_VEC(int) src_is_script;
	DT_VEC(char *) cpp_orig;	/* -C: the other text of a script (NULL: no cpp) */
	DT_VEC(char *) cpp_args;	/* -D, -U, -I as cpp arguments, in command-line order */
	DT_VEC(const char *) libdirs;	/* -L, in order; then the default library directory */
	DT_VEC(size_t) by_id;		/* -i: the indexes of srcs that name a probe ID */
	DT_VEC(dt_source_t) libs;	/* the D libraries read from them */
	const char *cmd;	/* -c */
	int exec_err_fd;	/* -c: the child writes exec's errno here (close-on-exec) */
	pid_t grab_pid;		/* -p */
	bool list, compile_only, verbose;
	char gen;		/* 'h' (-h: a header) or 'G' (-G: an object), else 0 */
	bool cpp, cpp_hdrs;	/* -C, -H */
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

/*
 * A script's bounds. No D program comes near 16 MiB (the kernel takes at most a million BPF
 * instructions per program), and without a bound "-s /dev/zero" reads until the OOM killer
 * comes. A FIFO is opened without blocking (with no writer, open() would wait forever) and
 * then waits DT_SCRIPT_WAIT_MS for its writer's first bytes: a script from a pipe (-s
 * /dev/stdin, -s <(...)) is there at once, a FIFO nobody writes is an error, not a hang.
 */
#define DT_SCRIPT_MAX (16 << 20)
#define DT_SCRIPT_WAIT_MS 5000

/*
 * Read a script ("-": standard input); "#!" on the first line is blanked (kept as a line, for
 * line numbers). NULL when it cannot be read, with the message in why.
 */
static char *
dt_read_script(const char *path, char *why, size_t whylen)
{
	bool in = strcmp(path, "-") == 0;
	int fd = in ? STDIN_FILENO : open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	dt_strbuf_t sb = {0};
	struct stat st;
	char buf[8192];
	ssize_t n;

	if (fd < 0 || fstat(fd, &st) < 0) {
		snprintf(why, whylen, "failed to open %s: %s", path, strerror(errno));
		goto fail;
	}
	if (S_ISREG(st.st_mode) && st.st_size > DT_SCRIPT_MAX)
		goto too_large;
	if (!in && S_ISFIFO(st.st_mode)) {
		struct pollfd pfd = {.fd = fd, .events = POLLIN};

		/* Linux reports no POLLHUP on a FIFO before its first writer comes */
		if (poll(&pfd, 1, DT_SCRIPT_WAIT_MS) == 0) {
			snprintf(why, whylen, "failed to read script %s: nothing was written to it "
				 "in %d seconds", path, DT_SCRIPT_WAIT_MS / 1000);
			goto fail;
		}
	}
	if (!in)
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
	while ((n = read(fd, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			snprintf(why, whylen, "failed to read script %s: %s", path,
				 strerror(errno));
			goto fail;
		}
		if (sb.len + (size_t)n > DT_SCRIPT_MAX)
			goto too_large;
		dt_sb_putn(&sb, buf, (size_t)n);
	}
	if (!in)
		close(fd);
	if (!sb.s)
		dt_sb_puts(&sb, "");
	if (sb.len >= 2 && sb.s[0] == '#' && sb.s[1] == '!')
		for (size_t i = 0; i < sb.len && sb.s[i] != '\n'; i++)
			sb.s[i] = ' ';
	return sb.s;
too_large:
	snprintf(why, whylen, "failed to read script %s: it is larger than %d MiB, the most a "
		 "script may be", path, DT_SCRIPT_MAX >> 20);
fail:
	if (fd >= 0 && !in)
		close(fd);
	dt_sb_free(&sb);
	return NULL;
}

/* ---- D libraries ---------------------------------------------------------------------- */

static int
dt_cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Read the D libraries: every *.d file of each -L directory, then of the system one (-x
 * syslibdir, else the dlibs/ directory of a build tree when this dtrace runs from one, else
 * DT_LIBDIR), in name order; a name already read from an earlier directory is skipped, so
 * -L overrides.
 */
static void
dt_read_libs(dt_cmd_t *c)
{
	char exe[4096], tree[4200], why[4400];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	DT_VEC(char *) seen = {0};

	if (c->dtp->opts.nolibs)	/* -x nolibs: the program's own declarations only */
		return;
	if (n > 0) {
		exe[n] = '\0';
		*strrchr(exe, '/') = '\0';
		snprintf(tree, sizeof(tree), "%s/../dlibs", exe);
	}
	if (c->dtp->opts.syslibdir[0])
		dt_vec_push(&c->libdirs, (const char *)c->dtp->opts.syslibdir);
	else
		dt_vec_push(&c->libdirs, n > 0 && access(tree, R_OK | X_OK) == 0 ? tree :
			    DT_LIBDIR);
	for (size_t d = 0; d < c->libdirs.len; d++) {
		DIR *dir = opendir(c->libdirs.data[d]);
		DT_VEC(char *) names = {0};
		struct dirent *de;

		while (dir && (de = readdir(dir))) {
			size_t len = strlen(de->d_name);

			if (len > 2 && strcmp(de->d_name + len - 2, ".d") == 0)
				dt_vec_push(&names, strdup(de->d_name));
		}
		if (dir)
			closedir(dir);
		if (names.len)
			qsort(names.data, names.len, sizeof(*names.data), dt_cmp_names);
		for (size_t i = 0; i < names.len; i++) {
			bool dup = false;
			char *path, *text;

			for (size_t k = 0; k < seen.len; k++)
				dup |= strcmp(seen.data[k], names.data[i]) == 0;
			if (dup) {
				free(names.data[i]);
				continue;
			}
			dt_vec_push(&seen, names.data[i]);
			if (asprintf(&path, "%s/%s", c->libdirs.data[d], names.data[i]) < 0)
				continue;
			text = dt_read_script(path, why, sizeof(why));
			if (text)
				dt_vec_push(&c->libs, ((dt_source_t){path, text, strlen(text)}));
			else
				free(path);
		}
		dt_vec_free(&names);
	}
	for (size_t k = 0; k < seen.len; k++)
		free(seen.data[k]);
	dt_vec_free(&seen);
	c->libdirs.len--;	/* the default directory's name was on the stack */
}

/* ---- the C preprocessor (-C) --------------------------------------------------------- */

/*
 * As DTrace, -C runs the system's cpp over each -s script (never over -n and friends), with
 * DTrace's predefined macros, then -D/-U/-I in command-line order; -H makes cpp list the
 * headers it includes on stderr. Without -C, -D/-U/-I/-H are accepted and have no effect.
 *
 * The script goes to cpp's stdin behind a line marker naming it "/dev/stdin", as DTrace
 * names it (it feeds cpp /dev/stdin): cpp's messages say "/dev/stdin:17: error: ..." and
 * __FILE__ is "/dev/stdin", then dtrace's own line names the script. Quoted includes are
 * searched in the current directory and then next to the script (-iquote). cpp's output
 * keeps its line markers ("# 12 "/dev/stdin""), which the lexer follows, so errors name the
 * script's own line numbers. cpp's stderr is ours: its messages reach the user as they are.
 */
#define DT_CPP_INPUT "\"/dev/stdin\""	/* the script's name in cpp's line markers */
#define DT_SUNW_D_VERSION "0x01006004"	/* Sun D 1.6.4, as -V: (1 << 24) | (6 << 12) | 4 */

/* DTrace's own definitions on Linux (dtrace-utils' dt_open.c), for a 64-bit D program. */
static const char *const dt_cpp_predef[] = {
	"-D__linux", "-D__unix", "-D__SVR4", "-D__SUNW_D=1", "-D__SUNW_D_64",
	"-D__SUNW_D_VERSION=" DT_SUNW_D_VERSION, "-D__Linux", "-U__GNUC__",
#ifdef __x86_64__
	"-D__amd64",
#endif
};

/*
 * -X: DTrace's C dialects, as GNU cpp has them (it keeps __STDC__ 1 in every ISO mode):
 *   a  ISO C, DTrace's default: "linux" and "unix" stay plain identifiers
 *   c  strictly conforming ISO C: what ISO C does not allow is an error
 *   s  K&R C: no __STDC__, macro arguments replaced inside strings
 *   t  ISO C with K&R's extensions: "linux" and "unix" predefined, as old compilers had
 */
static const char *const dt_cpp_stdc[][2] = {
	[DT_STDC_XA] = {"-std=c99"},
	[DT_STDC_XC] = {"-std=c99", "-pedantic-errors"},
	[DT_STDC_XS] = {"-traditional-cpp"},
	[DT_STDC_XT] = {"-std=gnu99"},
};

/*
 * Run cpp over text, a script named name; the output, or NULL after a message on stderr.
 * A memfd holds the input so cpp can read it at its pace while we drain its output.
 */
static char *
dt_cpp_run(dt_cmd_t *c, const char *name, const char *text)
{
	DT_VEC(const char *) av = {0};
	dt_strbuf_t out = {0};
	char *dir = NULL, *cppargs_copy, buf[8192];
	const char *why = NULL;
	int in = -1, pfd[2] = {-1, -1}, status;
	pid_t pid;
	ssize_t n;

	dt_vec_push(&av, "cpp");
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_cpp_predef); i++)
		dt_vec_push(&av, dt_cpp_predef[i]);
	for (size_t i = 0; i < 2 && dt_cpp_stdc[c->dtp->opts.stdc][i]; i++)
		dt_vec_push(&av, dt_cpp_stdc[c->dtp->opts.stdc][i]);
	for (size_t i = 0; i < c->cpp_args.len; i++)
		dt_vec_push(&av, c->cpp_args.data[i]);
	/* -x cppargs: its words, split at blanks (cppargs_copy keeps them) */
	cppargs_copy = dt_xstrdup(c->dtp->opts.cppargs);
	for (char *save = NULL, *w = strtok_r(cppargs_copy, " \t\n\r\f\v", &save); w;
	     w = strtok_r(NULL, " \t\n\r\f\v", &save))
		dt_vec_push(&av, (const char *)w);
	if (c->cpp_hdrs)
		dt_vec_push(&av, "-H");
	if (strcmp(name, "-") != 0) {
		char *slash;

		dir = dt_xstrdup(strchr(name, '/') ? name : "./");
		slash = strrchr(dir, '/');
		slash[slash == dir] = '\0';	/* "/x.d" -> "/", "a/b/x.d" -> "a/b" */
		dt_vec_push(&av, "-iquote");
		dt_vec_push(&av, dir);
	}
	dt_vec_push(&av, "-");
	dt_vec_push(&av, (const char *)NULL);

	in = memfd_create("dtrace-cpp", MFD_CLOEXEC);
	if (in < 0 || pipe2(pfd, O_CLOEXEC) < 0) {
		why = "Failed to fork preprocessor";
		goto out;
	}
	{
		dt_strbuf_t sb = {0};
		const char *p;
		size_t left;

		/* "#line 1" (ISO C's, so -Xc takes it) names the script in cpp's output and
		 * messages; the next line is line 1. */
		dt_sb_puts(&sb, "#line 1 " DT_CPP_INPUT "\n");
		dt_sb_puts(&sb, text);
		for (p = sb.s, left = sb.len; left > 0; p += n, left -= (size_t)n) {
			n = write(in, p, left);
			if (n < 0 && errno == EINTR)
				n = 0;
			else if (n < 0)
				break;
		}
		dt_sb_free(&sb);
		if (left > 0 || lseek(in, 0, SEEK_SET) < 0) {
			why = "Failed to fork preprocessor";
			goto out;
		}
	}
	fflush(stdout);
	fflush(stderr);
	pid = fork();
	if (pid < 0) {
		why = "Failed to fork preprocessor";
		goto out;
	}
	if (pid == 0) {
		dup2(in, STDIN_FILENO);
		dup2(pfd[1], STDOUT_FILENO);
		execvp(av.data[0], (char *const *)(uintptr_t)av.data);
		_exit(errno == ENOENT ? 127 : 126);
	}
	close(pfd[1]);
	pfd[1] = -1;
	while ((n = read(pfd[0], buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			break;
		dt_sb_putn(&out, buf, (size_t)n);
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		int st = WIFEXITED(status) ? WEXITSTATUS(status) : -1;

		/* DTrace's messages for EDT_CPPENT, EDT_CPPEXEC and EDT_CPPERR */
		why = st == 127	  ? "Preprocessor not found"
		      : st == 126 ? "Failed to exec preprocessor"
				  : "Preprocessor failed to process input program";
	} else if (n < 0) {
		why = "Preprocessor failed to process input program";
	}
out:
	if (in >= 0)
		close(in);
	if (pfd[0] >= 0)
		close(pfd[0]);
	if (pfd[1] >= 0)
		close(pfd[1]);
	free(dir);
	free(cppargs_copy);
	dt_vec_free(&av);
	if (why) {
		fprintf(stderr, "dtrace: failed to compile script %s: %s\n", name, why);
		dt_sb_free(&out);
		return NULL;
	}
	if (!out.s)
		dt_sb_puts(&out, "");
	return out.s;
}

/* -C: preprocess every -s script in place, keeping the text as written. 0, or -1. */
static int
dt_cpp_scripts(dt_cmd_t *c)
{
	for (size_t i = 0; i < c->srcs.len; i++) {
		dt_source_t *src = &c->srcs.data[i];
		char *text = NULL;

		if (c->cpp && c->src_is_script.data[i]) {
			text = dt_cpp_run(c, src->name, src->text);
			if (!text)
				return -1;
		}
		dt_vec_push(&c->cpp_orig, text);
		if (text) {
			/* Swap: the compiler reads cpp's output, cpp_orig keeps the script. */
			c->cpp_orig.data[i] = (char *)(uintptr_t)src->text;
			src->text = text;
			src->len = strlen(text);
		}
	}
	return 0;
}

/*
 * What diagnostics show of a preprocessed script: cpp's output lines of the script itself,
 * each put back on its line number (from cpp's line markers), headers' lines left out. The
 * lexer numbered lines by the markers, so a diagnostic's line indexes this text, and its
 * column is a column of the very text that was parsed (after macro expansion). An error
 * inside an included header carries the header's line number, which the lexer does not yet
 * tell apart from the script's.
 */
static char *
dt_cpp_display(const char *out)
{
	DT_VEC(const char *) lines = {0};
	static const char q[] = DT_CPP_INPUT;	/* the script, as dt_cpp_run named it */
	dt_strbuf_t sb = {0};
	const char *p = out, *e;
	long line = 1;
	bool in_script = false;

	for (; *p; p = *e ? e + 1 : e) {
		char *end;
		long num;

		e = strchrnul(p, '\n');
		if (p[0] == '#' && p[1] == ' ' && (num = strtol(p + 2, &end, 10)) >= 0 &&
		    end > p + 2 && *end == ' ') {
			/* "# 12 "file" flags": the next line is line 12 of file */
			in_script = strncmp(end + 1, q, sizeof(q) - 1) == 0 &&
				    (end[sizeof(q)] == '\n' || end[sizeof(q)] == ' ' ||
				     end[sizeof(q)] == '\0');
			line = num;
			continue;
		}
		if (in_script && line > 0 && line < 10000000) {
			while (lines.len < (size_t)line)
				dt_vec_push(&lines, (const char *)NULL);
			if (!lines.data[line - 1])
				lines.data[line - 1] = p;
		}
		line++;
	}
	for (size_t i = 0; i < lines.len; i++) {
		if (lines.data[i])
			dt_sb_putn(&sb, lines.data[i], (size_t)(strchrnul(lines.data[i], '\n') -
							       lines.data[i]));
		dt_sb_putc(&sb, '\n');
	}
	if (!sb.s)
		dt_sb_puts(&sb, "");
	dt_vec_free(&lines);
	return sb.s;
}

/* Before printing diagnostics: preprocessed scripts show dt_cpp_display()'s text. */
static void
dt_cpp_restore(dt_cmd_t *c)
{
	for (size_t i = 0; i < c->cpp_orig.len; i++) {
		dt_source_t *src = &c->srcs.data[i];
		char *shown;

		if (!c->cpp_orig.data[i])
			continue;
		shown = dt_cpp_display(src->text);
		/* cpp_orig now owns cpp's output; srcs owns (and frees) what is shown. */
		free(c->cpp_orig.data[i]);
		c->cpp_orig.data[i] = (char *)(uintptr_t)src->text;
		src->text = shown;
		src->len = strlen(shown);
	}
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

static int
dt_count_probe(dt_probe_t *prp, void *arg)
{
	(void)prp;
	(void)arg;
	return 0;
}

/* A description field with glob characters escaped: it matches the field itself only. */
static void
dt_desc_put_field(dt_strbuf_t *sb, const char *f)
{
	for (; *f; f++) {
		if (strchr("*?[\\", *f))
			dt_sb_putc(sb, '\\');
		dt_sb_putc(sb, *f);
	}
}

/*
 * -i: each probe ID becomes its probe's full description (with the clause that followed the
 * ID). IDs are those dtrace -l shows: every provider makes every probe first, in the order
 * -l makes them. 0, or -1 after DTrace's message.
 */
static int
dt_desc_by_id(dt_cmd_t *c)
{
	if (c->by_id.len)
		dt_probe_iter(c->dtp, "", "", "", "", dt_count_probe, NULL);
	for (size_t i = 0; i < c->by_id.len; i++) {
		dt_source_t *src = &c->srcs.data[c->by_id.data[i]];
		size_t len = strcspn(src->text, " \t\n/{");
		unsigned long id = 0;
		dt_probe_t *prp = NULL;
		dt_strbuf_t sb = {0};
		char *end;

		if (len > 0 && strspn(src->text, "0123456789") == len) {
			errno = 0;
			id = strtoul(src->text, &end, 10);
			if (errno == 0 && id > 0 && id <= UINT32_MAX)
				prp = dt_probe_by_id(c->dtp, (uint32_t)id);
		}
		if (!prp) {
			fprintf(stderr, "dtrace: invalid probe specifier %s: Invalid probe identifier "
				"%.*s: -i takes a probe ID, the first column of dtrace -l\n",
				src->text, (int)len, src->text);
			return -1;
		}
		dt_desc_put_field(&sb, prp->prov);
		dt_sb_putc(&sb, ':');
		dt_desc_put_field(&sb, prp->mod);
		dt_sb_putc(&sb, ':');
		dt_desc_put_field(&sb, prp->func);
		dt_sb_putc(&sb, ':');
		dt_desc_put_field(&sb, prp->name);
		dt_sb_puts(&sb, src->text + len);
		free((char *)(uintptr_t)src->text);
		src->text = sb.s;
		src->len = sb.len;
	}
	return 0;
}

/* ---- listing -------------------------------------------------------------------------- */

/* -l: the ids of the probes to list. */
typedef struct dt_list_seen {
	uint8_t *seen;
	size_t n;
} dt_list_seen_t;

/* A section of DTrace's stability reports (dtrace -l -v, dtrace -v). */
static void
dt_print_attr(FILE *fp, const char *title, dt_attr_t a)
{
	fprintf(fp, "\n\t%s\n\t\tIdentifier Names: %s\n\t\tData Semantics:   %s\n"
		"\t\tDependency Class: %s\n", title, dt_attr_stab_name(a.name),
		dt_attr_stab_name(a.data), dt_attr_class_name(a.dep));
}

/* ... and the section of a probe's argument types */
static void
dt_print_types(dt_handle_t *dtp, dt_probe_t *prp, FILE *fp)
{
	const char *const *types;
	int n = dt_probe_args(dtp, prp, &types);

	fprintf(fp, "\n\tArgument Types\n");
	for (int a = 0; a < n; a++)
		fprintf(fp, "\t\targs[%d]: %s\n", a, types[a]);
	if (n == 0)
		fprintf(fp, "\t\tNone\n");
}

static int
dt_list_one(dt_probe_t *prp, void *arg)
{
	dt_list_seen_t *s = arg;

	if (prp->id >= s->n) {
		size_t n = prp->id + 4096;

		s->seen = dt_xrealloc(s->seen, n);
		memset(s->seen + s->n, 0, n - s->n);
		s->n = n;
	}
	s->seen[prp->id] = 1;
	return 0;
}

/* -l: $target in a description's provider (pid$target), as the compiler expands it. */
static const char *
dt_list_target(dt_compile_t *cc, dt_handle_t *dtp, const char *prov)
{
	const char *at = strstr(prov, "$target");

	if (!at)
		return prov;
	return dt_arena_printf(&cc->arena, "%.*s%d%s", (int)(at - prov), prov,
			       (int)dtp->target_pid, at + 7);
}

static int
dt_list(dt_cmd_t *c, dt_compile_t *cc)
{
	dt_handle_t *dtp = c->dtp;
	dt_list_seen_t s = {NULL, 0};
	int rc = 0;

	if (c->srcs.len == 0) {
		/* every provider makes every probe it has */
		dt_probe_iter(dtp, "", "", "", "", dt_list_one, &s);
	} else {
		/* List what the descriptions match; their clauses are parsed, not compiled. */
		for (size_t i = 0; i < c->srcs.len; i++) {
			dt_node_t *root = dt_parse(cc, &c->srcs.data[i]);

			if (cc->diags.count) {
				dt_cpp_restore(c);
				dt_diags_print(&cc->diags, stderr, dtp->opts.errtags,
					       dtp->opts.maxerrors);
				free(s.seen);
				return 1;
			}
			for (size_t k = 0; root && k < root->list.len; k++) {
				dt_node_t *cl = root->list.data[k];

				if (cl->kind != DT_NODE_CLAUSE)
					continue;
				for (size_t d = 0; d < cl->list.len; d++) {
					dt_node_t *pd = cl->list.data[d];

					pd->prov = dt_list_target(cc, dtp, pd->prov);
					const char *why, *name, *instead;

					if (dt_probe_iter(dtp, pd->prov, pd->mod, pd->func, pd->name,
							  dt_list_one, &s) != 0 || dtp->opts.zdefs)
						continue;
					rc = 1;
					fprintf(stderr, "dtrace: failed to match %s:%s:%s:%s: ",
						pd->prov, pd->mod, pd->func, pd->name);
					why = dt_prov_absent(pd->prov, &name, &instead);
					if (why)	/* DTrace's, not Linux's (and instead) */
						fprintf(stderr, "provider %s %s; %s\n", name, why,
							instead);
					else
						fprintf(stderr, "No probe matches description\n");
				}
			}
		}
	}
	printf("%5s %10s %17s %33s %s\n", "ID", "PROVIDER", "MODULE", "FUNCTION", "NAME");
	for (size_t i = 1; i < dtp->probes.len; i++) {
		dt_probe_t *prp = dtp->probes.data[i];

		dt_pattr_t pa;

		if (i >= s.n || !s.seen[i])
			continue;
		printf("%5u %10s %17s %33s %s\n", prp->id, prp->prov, prp->mod, prp->func,
		       prp->name);
		if (!c->verbose)
			continue;
		/* -v: DTrace's sections: stability (from providers that say), argument types */
		if (dt_prov_probe_pattr(dtp, prp, &pa)) {
			dt_print_attr(stdout, "Probe Description Attributes",
				      dt_prov_desc_attr(&pa, prp->mod, prp->func, prp->name));
			dt_print_attr(stdout, "Argument Attributes", pa.args);
		}
		dt_print_types(dtp, prp, stdout);
		if (prp->provider->ops->list_verbose)
			prp->provider->ops->list_verbose(dtp, prp, stdout);
		printf("\n");
	}
	free(s.seen);
	return rc;
}

/* ---- -h and -G ------------------------------------------------------------------------ */

/*
 * dtrace -h / -G: the providers the sources define, written as a header or an object
 * (dt_sdtgen.c). The output is -o's file, else the script's name with .h or .o for .d, as
 * DTrace names them. Returns the exit status.
 */
static int
dt_gen(dt_cmd_t *c, dt_compile_t *cc, const char *out)
{
	DT_VEC(dt_node_t *) roots = {0};
	const char *script = c->srcs.data[0].name, *dot;
	char path[4096], err[4600];
	dt_sdtgen_t *g;
	int rc = 0;

	if (!out && (c->srcs.len > 1 || !script || !(dot = strrchr(script, '.')) ||
		     strcmp(dot, ".d") != 0)) {
		if (c->gen == 'h') {
			fprintf(stderr, "dtrace: -h requires an output file if %s\n",
				c->srcs.len > 1 ? "multiple scripts are specified" :
						  "no scripts are specified");
			return 2;
		}
		out = "d.out";
	}
	if (!out) {
		const char *base = strrchr(script, '/') ? strrchr(script, '/') + 1 : script;

		snprintf(path, sizeof(path), "%.*s.%c", (int)(strlen(base) - 2), base,
			 c->gen == 'h' ? 'h' : 'o');
		out = path;
	}
	for (size_t i = 0; i < c->srcs.len; i++)
		dt_vec_push(&roots, dt_parse(cc, &c->srcs.data[i]));
	g = cc->diags.count ? NULL : dt_sdtgen_collect(cc, roots.data, (int)roots.len);
	dt_vec_free(&roots);
	if (cc->diags.count) {
		dt_sdtgen_free(g);
		dt_cpp_restore(c);
		dt_diags_print(&cc->diags, stderr, c->dtp->opts.errtags,
			       c->dtp->opts.maxerrors);
		return 1;
	}
	if (c->gen == 'h' && dt_sdtgen_header(g, out, err, sizeof(err)) < 0) {
		fprintf(stderr, "dtrace: %s\n", err);
		rc = 1;
	} else if (c->gen == 'G' &&
		   dt_sdtgen_link(g, out, c->argv, c->argc, err, sizeof(err)) < 0) {
		fprintf(stderr, "dtrace: failed to link %s %s: %s\n", script ? "script" :
			"description", script ? script : c->srcs.data[0].text, err);
		rc = 1;
	}
	dt_sdtgen_free(g);
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
/* Can execve run path? A directory passes access(X_OK) but exec refuses it (EACCES). */
static bool
dt_cmd_runnable(const char *path, int *err)
{
	struct stat st;

	if (access(path, X_OK) < 0) {
		if (errno != ENOENT && errno != ENOTDIR)
			*err = errno;
		return false;
	}
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		*err = EACCES;
		return false;
	}
	return true;
}

/* Can the command's first word be executed (directly, or found in PATH)? errno if not, as
 * execvp's: EACCES when some candidate was not executable, else ENOENT. */
static bool
dt_cmd_exists(const char *cmd)
{
	char word[4096], path[8192];
	const char *p = cmd, *dirs;
	size_t n = 0;
	int err = ENOENT;

	while (*p == ' ' || *p == '\t')
		p++;
	while (p[n] && p[n] != ' ' && p[n] != '\t' && n < sizeof(word) - 1)
		n++;
	memcpy(word, p, n);
	word[n] = '\0';
	if (n == 0) {
		errno = ENOENT;
		return false;
	}
	if (strchr(word, '/')) {
		if (dt_cmd_runnable(word, &err))
			return true;
		errno = err;
		return false;
	}
	dirs = getenv("PATH") ? getenv("PATH") : "/usr/local/bin:/usr/bin:/bin";
	while (*dirs) {
		size_t dl = strcspn(dirs, ":");

		snprintf(path, sizeof(path), "%.*s/%s", (int)dl, dl ? dirs : ".", word);
		if (dt_cmd_runnable(path, &err))
			return true;
		dirs += dl + (dirs[dl] == ':');
	}
	errno = err;
	return false;
}

static int
dt_create_target(dt_cmd_t *c, const char *cmd)
{
	dt_handle_t *dtp = c->dtp;
	int go[2], err[2];
	pid_t pid;

	/* Fail now, before tracing starts, as dtrace(1) does, rather than in the child. */
	if (!dt_cmd_exists(cmd))
		return -1;
	if (pipe2(go, O_CLOEXEC) < 0)
		return -1;
	if (pipe2(err, O_CLOEXEC | O_NONBLOCK) < 0) {
		close(go[0]);
		close(go[1]);
		return -1;
	}
	pid = fork();
	if (pid < 0) {
		close(go[0]);
		close(go[1]);
		close(err[0]);
		close(err[1]);
		return -1;
	}
	if (pid == 0) {
		char ch;

		close(go[1]);
		if (read(go[0], &ch, 1) != 1)
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
		{
			int e = errno;	/* told to dtrace, which exits 1 */

			fprintf(stderr, "dtrace: failed to execute %s: %s\n", cmd, strerror(e));
			if (write(err[1], &e, sizeof(e)) != sizeof(e))
				_exit(127);
		}
		_exit(127);
	}
	close(go[0]);
	close(err[1]);
	c->exec_err_fd = err[0];
	dtp->target_pid = pid;
	dtp->target_pidfd = (int)syscall(SYS_pidfd_open, pid, 0);
	/* Stopped at its exec (dt_proc.c) until the probes are on: nothing of it runs before.
	 * The pid provider runs it on to where its libraries are mapped, if it needs them. */
	if (dt_proc_hold_exec(pid, go[1]) < 0) {
		close(go[1]);
		waitpid(pid, NULL, 0);	/* exec failed: the child said why */
		dtp->target_pid = 0;
		return -2;
	}
	close(go[1]);
	dtp->target_held = true;
	return 0;
}

static void
dt_release_target(dt_handle_t *dtp)
{
	if (dtp->target_held) {
		/* traced on (held at its exit) or let go */
		dtp->target_held = false;
		ptrace(dtp->target_traced ? PTRACE_CONT : PTRACE_DETACH, dtp->target_pid, 0, 0);
	}
	if (dtp->target_go_fd >= 0) {
		if (write(dtp->target_go_fd, "g", 1) != 1)
			perror("dtrace: failed to start the command");
		close(dtp->target_go_fd);
		dtp->target_go_fd = -1;
	}
}

/*
 * Holding the traced process at its exit. ustack(), uaddr(), usym(), umod() and %A name user
 * addresses from the process's mappings, and these go with the process: a -c command often
 * lives shorter than one switchrate, and aggregation keys print only once it is gone. So
 * when the program prints user symbols, dtrace seizes the -c or -p process with ptrace
 * (PTRACE_O_TRACEEXIT), as DTrace holds its target through libproc: on its way out the
 * process stops before its memory goes; dtrace prints what it left in the buffer and caches
 * its mappings and symbols (dt_consume_proc_exit), then lets it finish. Meanwhile signals
 * pass through (a signal-delivery stop resumes with the signal; a group stop, as from
 * stop(), stays stopped under PTRACE_LISTEN), and an exec stop forgets the old mappings.
 * When seizing fails (another tracer, no permission), only the symbols of a process that is
 * gone before its addresses print are lost.
 */
static void
dt_on_sigchld(int sig)
{
	(void)sig;	/* only wakes the run loop's ppoll */
}

static void
dt_trace_target(dt_handle_t *dtp)
{
	long opts = PTRACE_O_TRACEEXIT | PTRACE_O_TRACEEXEC;

	if (dtp->target_pid <= 0 ||
	    (!dt_consume_wants_usyms(dtp) && !dt_rt_proc_watched(dtp, dtp->target_pid)))
		return;
	if (dtp->target_held) {
		dtp->target_traced = true;	/* seized since its exec */
		return;
	}
	if (ptrace(PTRACE_SEIZE, dtp->target_pid, 0, (void *)opts) == 0)
		dtp->target_traced = true;
}

/*
 * Libraries loaded later (dlopen): when the program has pid probes of the traced process,
 * its dynamic linker's hook is a breakpoint (dt_proc.c) while it is traced; each time the
 * link map is consistent again the providers make and attach the new libraries' probes
 * before the process goes on, so none of their calls is missed (DTrace does the same).
 */
static dt_proc_brk_t g_watch;

static void
dt_watch_target(dt_handle_t *dtp)
{
	pid_t pid = dtp->target_pid;
	int st;

	if (!dtp->target_traced || !dt_rt_proc_watched(dtp, pid) ||
	    dt_proc_brk_init(pid, &g_watch) < 0 || !g_watch.addr)
		return;
	if (dtp->target_held) {
		dt_proc_brk_insert(pid, &g_watch);	/* stopped since its exec */
		return;
	}
	/* a running -p process: stopped for the moment */
	if (ptrace(PTRACE_INTERRUPT, pid, 0, 0) < 0 || waitpid(pid, &st, __WALL) != pid ||
	    !WIFSTOPPED(st))
		return;
	dt_proc_brk_insert(pid, &g_watch);
	ptrace(PTRACE_CONT, pid, 0, (void *)(long)((st >> 16) == 0 ? WSTOPSIG(st) : 0));
}

/* A stop of the traced process at the hook: the update, and on. True if it was ours. */
static bool
dt_watch_hit(dt_handle_t *dtp, int st)
{
	pid_t pid = dtp->target_pid;
	bool consistent = false;
	int hit = dt_proc_brk_hit(pid, &g_watch, st, &consistent);

	if (hit <= 0)
		return false;
	if (consistent)
		dt_rt_proc_update(dtp, pid);
	dt_proc_brk_step(pid, &g_watch);
	ptrace(PTRACE_CONT, pid, 0, 0);
	return true;
}

/* Handle the traced process's stops; *done when it has exited (and has been reaped). */
static void
dt_trace_events(dt_handle_t *dtp, bool *done)
{
	pid_t pid = dtp->target_pid;
	int st;

	while (dtp->target_traced && waitpid(pid, &st, WNOHANG | __WALL) == pid) {
		int sig, ev;

		if (WIFEXITED(st) || WIFSIGNALED(st)) {
			dtp->target_traced = false;
			*done = true;
			return;
		}
		if (!WIFSTOPPED(st))
			continue;
		sig = WSTOPSIG(st);
		ev = st >> 16;
		switch (ev) {
		case PTRACE_EVENT_EXIT:
			dt_consume_proc_exit(dtp, pid);
			ptrace(PTRACE_DETACH, pid, 0, 0);
			dtp->target_traced = false;
			break;
		case PTRACE_EVENT_EXEC:
			g_watch.set = false;	/* a new program: the hook went with the old */
			dt_consume_proc_exec(dtp, pid);
			ptrace(PTRACE_CONT, pid, 0, 0);
			break;
		case PTRACE_EVENT_STOP:
			ptrace(PTRACE_LISTEN, pid, 0, 0);	/* a group stop: it stays stopped */
			break;
		default:
			if (dt_watch_hit(dtp, st))
				break;
			ptrace(PTRACE_CONT, pid, 0, (void *)(long)sig);	/* its signal, passed on */
			break;
		}
	}
}

/*
 * Tracing is over and the process lives on: stop it for a moment, keep its symbols as at an
 * exit stop (nothing it does from now on is traced, and it may be gone, killed or finished,
 * before the aggregations print), and let it go.
 */
static void
dt_untrace_target(dt_handle_t *dtp)
{
	pid_t pid = dtp->target_pid;
	bool done = false;
	int st;

	dt_trace_events(dtp, &done);
	if (!dtp->target_traced)
		return;
	dtp->target_traced = false;
	if (ptrace(PTRACE_INTERRUPT, pid, 0, 0) != 0 || waitpid(pid, &st, __WALL) != pid ||
	    !WIFSTOPPED(st))
		return;		/* gone meanwhile */
	if (dt_watch_hit(dtp, st)) {	/* stopped at the hook, not by the interrupt */
		if (ptrace(PTRACE_INTERRUPT, pid, 0, 0) != 0 ||
		    waitpid(pid, &st, __WALL) != pid || !WIFSTOPPED(st))
			return;
	}
	dt_proc_brk_remove(pid, &g_watch);	/* it would trap at its next dlopen */
	dt_consume_proc_exit(dtp, pid);
	/* A signal it was about to get goes with the detach; an event stop carries none. */
	ptrace(PTRACE_DETACH, pid, 0, (void *)(long)((st >> 16) == 0 ? WSTOPSIG(st) : 0));
}

/* ---- run ------------------------------------------------------------------------------ */

/* How DTrace names program i: "script" and its file, or "description" and the -n text up
 * to its predicate or action. Returns the name's length. */
static int
dt_src_label(dt_cmd_t *c, size_t i, const char **kind, const char **name)
{
	const dt_source_t *src = &c->srcs.data[i];

	if (c->src_is_script.data[i]) {
		*kind = "script";
		*name = src->name;
		return (int)strlen(src->name);
	}
	*kind = "description";
	*name = src->text;
	return (int)strcspn(src->text, "/{");
}

static void
dt_banner(dt_cmd_t *c, dt_program_t *prog)
{
	for (size_t i = 0; i < c->srcs.len; i++) {
		const dt_source_t *src = &c->srcs.data[i];
		const char *kind, *name;
		int len = dt_src_label(c, i, &kind, &name), n = 0;

		/* DTrace counts each clause's probes: eight BEGIN clauses match 8 probes */
		for (int k = 0; k < prog->nclauses; k++)
			if (prog->clauses[k]->node->loc.src == src)
				n += (int)prog->clauses[k]->probes.len;
		fprintf(stderr, "dtrace: %s '%.*s' matched %d probe%s\n", kind, len, name, n,
			n == 1 ? "" : "s");
	}
}

/*
 * dtrace -v: each program's stability report, as DTrace prints it before tracing: the
 * least attributes of its probe descriptions and of its statements (dt_sema_attr.c). With
 * -e, then each probe description as -l -v shows a probe, up to the first that stands for
 * no one probe (none matched, or they may differ in arguments), where DTrace stops too.
 */
static void
dt_stab_report(dt_cmd_t *c, dt_program_t *prog, FILE *fp)
{
	for (size_t i = 0; i < c->srcs.len; i++) {
		const dt_source_t *src = &c->srcs.data[i];
		dt_attr_t desc = DT_ATTR_MAX, stmt = DT_ATTR_MAX;
		const char *kind, *name;
		int len = dt_src_label(c, i, &kind, &name);
		bool any = false;

		for (int k = 0; k < prog->nclauses; k++) {
			if (prog->clauses[k]->node->loc.src != src)
				continue;
			desc = dt_attr_min(desc, prog->clauses[k]->desc_attr);
			stmt = dt_attr_min(stmt, prog->clauses[k]->stmt_attr);
			any = true;
		}
		if (!any)	/* no statements: D's own */
			desc = stmt = DT_ATTR_STABLE;
		fprintf(fp, "\nStability attributes for %s %.*s:\n", kind, len, name);
		dt_print_attr(fp, "Minimum Probe Description Attributes", desc);
		dt_print_attr(fp, "Minimum Statement Attributes", stmt);
		if (!c->compile_only) {
			fprintf(fp, "\n");
			continue;
		}
		for (int k = 0; k < prog->nclauses; k++) {
			dt_clause_t *cl = prog->clauses[k];

			for (size_t d = 0; cl->node->loc.src == src && d < cl->descs.len; d++) {
				const dt_cldesc_t *cd = &cl->descs.data[d];

				fprintf(fp, "\n%s:%s:%s:%s\n", cd->pd->prov, cd->pd->mod,
					cd->pd->func, cd->pd->name);
				if (!cd->probe)
					return;
				dt_print_attr(fp, "Probe Description Attributes", cd->attr);
				dt_print_attr(fp, "Argument Attributes", cd->pattr.args);
				dt_print_types(c->dtp, cd->probe, fp);
				fprintf(fp, "\n");
			}
		}
	}
}

#define NSEC 1000000000ULL

static uint64_t
dt_run_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * NSEC + (uint64_t)ts.tv_nsec;
}

/*
 * Whether the run loop acts on an exit( ) now. DTrace's consumer looks at the kernel's
 * state when tracing starts and then every statusrate, and stops at the first look after
 * an exit( ) (the probes stop recording at once, in the kernel). Our default statusrate, 0,
 * looks every time the loop wakes, which an exit( ) record does: DTrace's 1s default makes
 * the exit take up to a second, which no script needs. *next is the next look's time (0:
 * at once).
 */
static bool
dt_run_exit_seen(dt_handle_t *dtp, uint64_t *next)
{
	uint64_t rate = dtp->opts.statusrate_ns, now;

	if (!rate || !*next) {
		*next = rate ? dt_run_now() + rate : 0;
		return dtp->cons->exiting;
	}
	if ((now = dt_run_now()) < *next)
		return false;
	while (*next <= now)
		*next += rate;
	return dtp->cons->exiting;
}

/* How long the run loop may sleep: switchrate, and no later than the next status look. */
static uint64_t
dt_run_wait(dt_handle_t *dtp, uint64_t next_status)
{
	uint64_t wait = dtp->opts.switchrate_ns, now;

	if (dtp->opts.statusrate_ns && next_status) {
		now = dt_run_now();
		wait = DT_MIN(wait, next_status > now ? next_status - now : 0);
	}
	return DT_MAX(wait, 1000000ULL);	/* at most a thousand wakes a second */
}

static int
dt_run(dt_cmd_t *c)
{
	dt_handle_t *dtp = c->dtp;
	sigset_t block, orig, intr_set;
	struct sigaction sa;
	bool child_done = false, traced;
	int rc = 0;
	uint64_t next_status = 0;	/* the first status check is at once */
	bool more = false;

	memset(&sa, 0, sizeof(sa));
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	intr_set = block;
	sigprocmask(SIG_BLOCK, NULL, &orig);

	if (dt_consume_init(dtp) < 0)
		return 1;
	dt_trace_target(dtp);
	traced = dtp->target_traced;
	if (traced) {
		sa.sa_handler = dt_on_sigchld;
		sigaction(SIGCHLD, &sa, NULL);
		sigaddset(&block, SIGCHLD);
	}
	if (dt_rt_begin(dtp) < 0)
		return 1;
	dt_consume_drops(dtp);	/* BEGIN may have filled a fill buffer */
	/*
	 * BEGIN's records are read once the probes are attached, as DTrace's consumer reads
	 * them once tracing runs: a system() there runs a command the probes see. An exit()
	 * in BEGIN, seen in the activity word, attaches nothing.
	 */
	if (!dt_rt_exited(dtp) && !dtp->cons->filled && !g_intr) {
		int err = dt_rt_attach(dtp);	/* -EINTR: a signal, and nothing is attached */

		if (err < 0 && err != -EINTR)
			return 1;
		/*
		 * A ring's worth, BEGIN's first: not a drain, which a storm of the probes now
		 * attached would keep from ever ending, deaf to signals (lifecycle_signal_storm).
		 */
		dt_consume_poll(dtp, 0);
		if (err == 0) {
			dt_watch_target(dtp);
			dt_release_target(dtp);
		}
	} else {
		dt_consume_drain(dtp);
	}
	/* From here signals arrive only in ppoll, which returns at once for one. */
	sigprocmask(SIG_BLOCK, &block, NULL);
	/* a write error stops at once (out_errno), exit( ) at a status look */
	while (!dt_run_exit_seen(dtp, &next_status) && !dtp->cons->out_errno &&
	       !dtp->cons->filled && !g_intr && !child_done) {
		struct pollfd pfd[2] = {
			{.fd = dt_consume_epoll_fd(dtp), .events = POLLIN},
			{.fd = dtp->target_pidfd, .events = POLLIN},
		};
		uint64_t wait = dt_run_wait(dtp, next_status);
		struct timespec ts = {(time_t)(wait / NSEC), (long)(wait % NSEC)};
		int n;

		if (more)	/* the last poll stopped at a ring's worth: no waiting */
			ts = (struct timespec){0, 0};
		n = ppoll(pfd, dtp->target_pidfd >= 0 ? 2 : 1, &ts, &orig);
		if (n < 0 && errno != EINTR) {
			perror("dtrace: poll");
			rc = 1;
			break;
		}
		/*
		 * ppoll delivers a pending signal only when it would sleep: while the ring is
		 * readable it returns at once and the signal stays pending for ever. Take it.
		 */
		if (n >= 0) {
			int sig = sigtimedwait(&intr_set, NULL, &(struct timespec){0, 0});

			if (sig > 0)
				g_intr = sig;
		}
		more = dt_consume_poll(dtp, 0) > 0;
		dt_consume_drops(dtp);
		dt_trace_events(dtp, &child_done);
		if (n > 0 && dtp->target_pidfd >= 0 && (pfd[1].revents & POLLIN))
			child_done = true;
	}
	/*
	 * Stop: the probes first (at once, however fast they fire), so what is left in the
	 * buffer is bounded; then detach, drain, END, and what END wrote.
	 */
	dt_rt_stop(dtp);
	dt_untrace_target(dtp);
	dt_rt_detach(dtp);
	dt_consume_drain(dtp);
	if (dt_rt_end(dtp) < 0)
		rc = 1;
	dt_consume_drain(dtp);
	dt_consume_held(dtp);
	dt_consume_drops(dtp);
	if (child_done) {
		int status, e;

		waitpid(dtp->target_pid, &status, 0);
		if (c->exec_err_fd >= 0 && read(c->exec_err_fd, &e, sizeof(e)) == sizeof(e))
			rc = 1;		/* the command never ran: it said why */
		else if (!dtp->opts.quiet)	/* a notice, and -q silences notices */
			fprintf(stderr, "dtrace: pid %d has exited\n", (int)dtp->target_pid);
		dtp->target_pid = 0;
	}
	/* The consumer's cosmetic newline and the aggregations. */
	dt_consume_aggs(dtp);
	dt_consume_fini(dtp);
	fflush(dtp->cons->out);
	if (traced)
		signal(SIGCHLD, SIG_DFL);	/* its only use was waking the loop */
	sigprocmask(SIG_SETMASK, &orig, NULL);
	if (rc == 0 && dtp->cons->exiting)
		rc = dtp->cons->exit_status;
	if (dtp->cons->exit_failed)
		rc = 1;		/* an output asked for (a flame graph) could not be made */
	return rc;
}

/*
 * The end of the output: the last flush, and the close of a -o file. A write that failed at
 * any time (a full disk, /dev/full, a closed stdout) is DTrace's error and exit status 1:
 * output that was lost is never a success.
 */
static int
dt_out_finish(dt_handle_t *dtp)
{
	dt_consume_out_flush(dtp);
	if (dtp->cons->first_out && dtp->cons->out != dtp->cons->first_out) {
		fclose(dtp->cons->out);		/* freopen()'s file */
		dtp->cons->out = dtp->cons->first_out;
	}
	if (dtp->cons->out != stdout) {
		errno = 0;
		if (fclose(dtp->cons->out) == EOF && !dtp->cons->out_errno)
			dtp->cons->out_errno = errno ? errno : EIO;
		dtp->cons->out = stdout;
		dt_consume_out_flush(dtp);	/* what went to stdout: -l, -V */
	}
	if (!dtp->cons->out_errno)
		return 0;
	fprintf(stderr, "dtrace: failed to write output: %s\n", strerror(dtp->cons->out_errno));
	return -1;
}

/*
 * A closed standard descriptor would be the next open()'s: a BPF map, or the -o file on fd 2
 * taking error messages. Hold each closed one with /dev/null opened read-only, so writes to a
 * closed stdout still fail (EBADF) and are reported, as they would be.
 */
static void
dt_hold_std_fds(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		int nfd;

		if (fcntl(fd, F_GETFD) >= 0 || errno != EBADF)
			continue;
		nfd = open("/dev/null", O_RDONLY);
		if (nfd >= 0 && nfd != fd) {
			dup2(nfd, fd);
			close(nfd);
		}
	}
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

/* The consumer's state first (it reads the handle's program), then the handle. */
static void
dt_cmd_free(dt_handle_t *dtp)
{
	dt_consumer_free(dtp);
	dt_handle_free(dtp);
}

/*
 * DTRACE_OPT_<NAME>=value sets option NAME (its name in capitals), as Oracle's dtrace reads
 * them: before the command line, so -x and the flags that set options (-b, -q, -F, -w, -Z,
 * -X), #pragma D option and setopt() override them. An empty value is the bare name
 * (DTRACE_OPT_QUIET=). A value the option refuses is an error, as it is for -x: an option
 * the user asked for is never silently dropped. 0, or -1 after the message.
 */
static int
dt_opts_from_env(dt_handle_t *dtp)
{
	const char *name;

	for (size_t i = 0; (name = dt_opt_name(i)); i++) {
		char var[64];
		const char *v, *why;
		size_t k;

		k = (size_t)snprintf(var, sizeof(var), "DTRACE_OPT_");
		for (; *name && k < sizeof(var) - 1; name++)
			var[k++] = (char)(*name >= 'a' && *name <= 'z' ? *name - 'a' + 'A' : *name);
		var[k] = '\0';
		if (!(v = getenv(var)))
			continue;
		if (dt_opt_set(dtp, dt_opt_name(i), *v ? v : NULL, &why) < 0) {
			fprintf(stderr, "dtrace: failed to set option %s from %s=%s: %s\n",
				dt_opt_name(i), var, v, why);
			return -1;
		}
	}
	return 0;
}

/* The GNU habits, long only: -h is DTrace's header option. */
enum { DT_OPT_HELP = 256, DT_OPT_VERSION };
static const struct option dt_long_opts[] = {
	{"help", no_argument, NULL, DT_OPT_HELP},
	{"version", no_argument, NULL, DT_OPT_VERSION},
	{NULL, 0, NULL, 0},
};

int
main(int argc, char **argv)
{
	dt_cmd_t c = {.exec_err_fd = -1};
	dt_compile_t cc;
	dt_program_t *prog;
	const char *outfile = NULL, *why;
	int rc = 0, opt, died = 0, cerr;
	char buf[256], optstr[2 * DT_ARRAY_SIZE(dt_cmdopts) + 2];

	dt_hold_std_fds();
	c.dtp = dt_handle_new();
	dt_consumer_new(c.dtp);
	if (dt_opts_from_env(c.dtp) < 0) {
		dt_cmd_free(c.dtp);
		return 1;
	}
	/*
	 * -32 and -64 pick the data model. BPF is 64-bit and so is every kernel this runs on:
	 * -64 is the default and -32 is refused.
	 */
	{
		int k = 1;

		for (int i = 1; i < argc; i++) {
			if (strcmp(argv[i], "--") == 0) {
				while (i < argc)
					argv[k++] = argv[i++];
				break;
			}
			if (strcmp(argv[i], "-32") == 0) {
				fprintf(stderr, "dtrace: -32: 32-bit D programs are not supported: BPF "
					"programs and the kernels they run in are 64-bit (-64, the "
					"default)\n");
				dt_cmd_free(c.dtp);
				return 2;
			}
			if (strcmp(argv[i], "-64") != 0)
				argv[k++] = argv[i];
		}
		argc = k;
	}
	opterr = 0;
	dt_getopt_string(optstr);
	while ((opt = getopt_long(argc, argv, optstr, dt_long_opts, NULL)) != -1) {
		const char *v;
		char *eq, *name;

		switch (opt) {
		case 'a': case 'A':
			/* -a claims anonymous state (-x grabanon), -A makes it: the reason is
			 * the option's */
			dt_opt_set(c.dtp, "grabanon", NULL, &why);
			fprintf(stderr, "dtrace: -%c: %s\n", opt, why);
			dt_cmd_free(c.dtp);
			return 2;
		case 'F':
			dt_opt_set(c.dtp, "flowindent", NULL, &why);
			break;
		case 'S':
			c.dtp->opts.disasm = true;
			break;
		case 'C':
			c.cpp = true;
			break;
		case 'H':
			c.cpp_hdrs = true;
			break;
		case 'b':
			if (dt_opt_set(c.dtp, "bufsize", optarg, &why) < 0) {
				fprintf(stderr, "dtrace: failed to set -b %s: %s\n", optarg, why);
				dt_cmd_free(c.dtp);
				return 1;
			}
			break;
		case 'c':
			c.cmd = optarg;
			break;
		case 'D': case 'U': case 'I': {
			/* For cpp, in order; without -C they have no effect, as in DTrace. */
			size_t len = strlen(optarg) + 3;
			char *arg = dt_xcalloc(len, 1);

			snprintf(arg, len, "-%c%s", opt, optarg);
			dt_vec_push(&c.cpp_args, arg);
			break;
		}
		case 'L':
			dt_vec_push(&c.libdirs, optarg);
			break;
		case 'X':
			if (dt_opt_set(c.dtp, "stdc", optarg, &why) < 0) {
				fprintf(stderr, "dtrace: failed to set -X %s: %s\n", optarg, why);
				dt_cmd_free(c.dtp);
				return 2;
			}
			break;
		case 'e':
			c.compile_only = true;
			break;
		case 'h': case 'G':
			c.gen = (char)opt;
			break;
		case 'l':
			c.list = true;
			break;
		case 'n':
			dt_add_source(&c, NULL, dt_xstrdup(optarg), false);
			break;
		case 'i':
			/* a probe ID: its description once the probes are made (dt_desc_by_id) */
			dt_vec_push(&c.by_id, c.srcs.len);
			dt_add_source(&c, NULL, dt_xstrdup(optarg), false);
			break;
		case 'P': case 'm': case 'f':
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
				dt_cmd_free(c.dtp);
				return 2;
			}
			c.grab_pid = (pid_t)pid;
			break;
		}
		case 'q':
			c.dtp->opts.quiet = true;
			break;
		case 's': {
			char err[4400];
			char *text = dt_read_script(optarg, err, sizeof(err));

			if (!text) {
				fprintf(stderr, "dtrace: %s\n", err);
				dt_cmd_free(c.dtp);
				return 1;
			}
			dt_add_source(&c, optarg, text, true);
			break;
		}
		case 'v':
			c.verbose = true;
			break;
		case 'V':
			dt_print_version(false);
			dt_cmd_free(c.dtp);
			return 0;
		case DT_OPT_HELP:
			dt_usage(stdout);
			printf("\nOptions of -x NAME[=VALUE], #pragma D option and DTRACE_OPT_NAME, "
			       "with their defaults:\n");
			for (size_t i = 0; dt_opt_describe(i, buf, sizeof(buf)) == 0; i++)
				printf("\t%s\n", buf);
			dt_cmd_free(c.dtp);
			return 0;
		case DT_OPT_VERSION:
			dt_print_version(true);
			dt_cmd_free(c.dtp);
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
				dt_cmd_free(c.dtp);
				return 1;
			}
			free(name);
			break;
		case 'Z':
			c.dtp->opts.zdefs = true;
			break;
		case '?':
		default:
			if (optopt == 0 || optopt >= DT_OPT_HELP)	/* --nosuch, --help=x */
				fprintf(stderr, "dtrace: illegal option -- %s\n", argv[optind - 1]);
			else if (dt_cmdopt_has_arg(optopt))
				fprintf(stderr, "dtrace: option requires an argument -- %c\n", optopt);
			else
				fprintf(stderr, "dtrace: illegal option -- %c\n", optopt);
			dt_usage(stderr);
			dt_cmd_free(c.dtp);
			return 2;
		}
	}
	c.argc = argc - optind;
	c.argv = argv + optind;
	if (c.gen && c.srcs.len == 0) {
		fprintf(stderr, "dtrace: -%c requires one or more scripts or enabling options\n",
			c.gen);
		dt_cmd_free(c.dtp);
		return 2;
	}
	if (c.srcs.len == 0 && !c.list) {
		dt_usage(stderr);
		dt_cmd_free(c.dtp);
		return 2;
	}
	if (c.cmd && c.grab_pid) {
		fprintf(stderr, "dtrace: -c and -p may not be used together\n");
		dt_cmd_free(c.dtp);
		return 2;
	}

	if (dt_cpp_scripts(&c) < 0) {
		dt_compile_init(&cc, c.dtp);
		rc = 1;
		goto done;
	}
	dt_compile_init(&cc, c.dtp);
	dt_read_libs(&c);
	cc.libs = c.libs.data;
	cc.nlibs = (int)c.libs.len;
	cc.argc = c.argc;
	cc.argv = c.argv;
	cc.argv0 = c.srcs.len && c.srcs.data[0].name ? c.srcs.data[0].name : "dtrace";

	/* before -l too (and -c): the process's probes (pid$target, python$target) are listed */
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
	if (dt_desc_by_id(&c) < 0) {
		rc = 1;
		goto done;
	}
	if (c.gen) {
		rc = dt_gen(&c, &cc, outfile);
		goto done;
	}
	if (c.cmd && !c.compile_only && (cerr = dt_create_target(&c, c.cmd)) < 0) {
		if (cerr == -1)	/* -2: the child said it */
			fprintf(stderr, "dtrace: failed to execute %s: %s\n", c.cmd,
				strerror(errno));
		rc = 1;
		goto done;
	}
	if (c.list) {	/* after -c and -p: pid$target lists the process's probes */
		rc = dt_list(&c, &cc);
		goto done;
	}

	if (c.dtp->opts.tree & 1) {
		/* -x tree: the parse trees as the parser makes them, before analysis */
		dt_compile_t pcc;

		dt_compile_init(&pcc, c.dtp);
		for (size_t i = 0; i < c.libs.len; i++)	/* for their type names */
			dt_parse(&pcc, &c.libs.data[i]);
		for (size_t i = 0; i < c.srcs.len; i++)
			dt_ast_dump(dt_parse(&pcc, &c.srcs.data[i]), stderr);
		dt_compile_fini(&pcc);
	}
	prog = dt_compile_program(&cc, c.srcs.data, (int)c.srcs.len);
	if (!prog) {
		dt_cpp_restore(&c);
		dt_diags_print(&cc.diags, stderr, c.dtp->opts.errtags,
			       c.dtp->opts.maxerrors);
		rc = 1;
		goto done;
	}
	c.dtp->prog = prog;
	if (prog->probes.len == 0 && !c.dtp->opts.zdefs) {
		/* as DTrace: "matched 0 probes" for each program first (-x empty lets one be
		 * empty) */
		if (!c.dtp->opts.quiet)
			dt_banner(&c, prog);
		fprintf(stderr, "dtrace: no probes %s\n", c.srcs.len ? "matched" : "specified");
		rc = 1;
		goto done;
	}
	if (c.dtp->opts.cpu != DT_CPU_ALL && c.dtp->opts.cpu >= (uint32_t)c.dtp->ncpus) {
		fprintf(stderr, "dtrace: could not enable tracing: -x cpu=%u: no such CPU (this "
			"system's are 0 to %d)\n", c.dtp->opts.cpu, c.dtp->ncpus - 1);
		rc = 1;
		goto done;
	}
	if (c.compile_only) {
		if (c.verbose)
			dt_stab_report(&c, prog, stdout);
		goto done;
	}
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
		c.dtp->cons->out = fp;
	}
	dt_catch_signals(c.dtp);
	if (dt_rt_load(c.dtp) < 0 || g_intr) {
		died = g_intr;
		rc = 1;
		goto done;
	}
	if (!c.dtp->opts.quiet)
		dt_banner(&c, prog);
	if (c.verbose)
		dt_stab_report(&c, prog, c.dtp->cons->out ? c.dtp->cons->out : stdout);
	/* DTrace refuses them when tracing would start: after the banner, nothing attached */
	if (prog->destructive && !c.dtp->opts.destructive) {
		fprintf(stderr, "dtrace: could not enable tracing: Destructive actions not "
			"allowed\n");
		rc = 1;
		goto done;
	}
	if (c.dtp->target_pid && c.cmd == NULL && c.verbose)
		fprintf(stderr, "dtrace: tracing pid %d\n", (int)c.dtp->target_pid);
	rc = dt_run(&c);

done:
	dt_reap_target(c.dtp, c.cmd != NULL);
	if (c.exec_err_fd >= 0)
		close(c.exec_err_fd);
	if (dt_out_finish(c.dtp) < 0)
		rc = 1;
	dt_cmd_free(c.dtp);
	dt_compile_fini(&cc);
	for (size_t i = 0; i < c.srcs.len; i++)
		free((char *)(uintptr_t)c.srcs.data[i].text);
	dt_vec_free(&c.srcs);
	for (size_t i = 0; i < c.libs.len; i++) {
		free((char *)(uintptr_t)c.libs.data[i].name);
		free((char *)(uintptr_t)c.libs.data[i].text);
	}
	dt_vec_free(&c.libs);
	dt_vec_free(&c.libdirs);
	dt_vec_free(&c.by_id);
	dt_vec_free(&c.src_is_script);
	for (size_t i = 0; i < c.cpp_orig.len; i++)
		free(c.cpp_orig.data[i]);
	dt_vec_free(&c.cpp_orig);
	for (size_t i = 0; i < c.cpp_args.len; i++)
		free(c.cpp_args.data[i]);
	dt_vec_free(&c.cpp_args);
	if (died) {
		/* Stopped before tracing began, with everything undone: die of the signal. */
		signal(died, SIG_DFL);
		raise(died);
	}
	return rc;
}
