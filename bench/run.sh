#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# shellcheck disable=SC2317,SC2016 # bench_* are called indirectly; D code is in single quotes
# bench/run.sh: dtrace against bpftrace, side by side in one run; a Markdown report on stdout.
#
#   sudo bench/run.sh [MODE|GROUP]...     (default: startup count printf, a few minutes)
#   sudo bench/run.sh all                 (every mode; about 10 minutes)
#
# Modes (each runs both tracers on the same workload, rounds interleaved, medians, ratios):
#   startup  wall time and peak RSS of `dtrace -n 'BEGIN { exit(0); }'` and of
#            `bpftrace -e 'BEGIN { exit(); }'` (hyperfine when installed, else a timed loop),
#            then of both with a keyed aggregation on a syscall and on a profile probe
#   count    cost per event of `@ = count()` on getppid entry: the loop trigger calls getppid
#            N times and prints its ns per call, untraced and under each tracer (-c)
#   printf   printf("%d\n", tid) on every getppid of the target, into a pipe: cost per event
#            in the traced process, records delivered, drops reported (delivered + drops must
#            be N), records per second at the reader, and the consumer's own CPU time and
#            records per consumer CPU-second; rerun with larger -x bufsize when dtrace drops
#   agg_tid      per-event cost and peak RSS of `@[tid] = count()` on getppid entry
#   agg_execname the same for `@[execname] = count()` (bpftrace: `@[comm]`)
#   tspair       thread-local timestamp pair on getppid entry/return into quantize()
#                (bpftrace: @ts[tid] map, hist(), delete())
#   strkey       `@[copyinstr(arg1)] = count()` on openat entry of the target (bpftrace:
#                `@[str(args->filename)]`), on a loop of openat+close of one path
#   keys     an aggregation of 100,000 distinct keys (write(2) sizes 1..N to /dev/null,
#            keyed on the size) printed at exit: time from the traced process's exit to the
#            tracer's exit, rows printed, peak RSS; also with 100 keys for the fixed cost
#   profile  profile-997 { @[stack()] = count(); } for 10 s with every CPU kept busy by a
#            pinned `yes > /dev/null`: samples against 997 x seconds x CPUs, the tracer's
#            CPU time (user+sys) and peak RSS (bpftrace: profile:hz:997, @[kstack])
#   soak     SOAK_SECS (default 60) of printf() and a growing-key aggregation on every
#            getppid of a busy loop (the consumer cannot keep up: drops are expected and
#            must be counted): the consumer's RSS at the start and the end, events (an exact
#            count() in the same clause), records delivered + drops (must equal events),
#            and the time from SIGINT to the tracer's exit under that load (not in "all")
#   pid      cost per event of `pid$target::loop_target:entry { @ = count(); }` against
#            bpftrace's `uprobe:PATH:loop_target { @ = count(); }` (`loop N user` calls
#            the function loop_target N_UPROBE times and prints its ns per call)
#   pidattach  attaching every function of libc: the whole run of
#            `dtrace -c true -n 'pid$target:libc.so.6::entry { @ = count(); }'` against
#            `bpftrace -c true -e 'uprobe:/lib/x86_64-linux-gnu/libc.so.6:* { @ = count(); }'`
#            (wall time, probes attached), dtrace with uprobe_multi (and with its perf-event
#            fallback, DTRACE_UPROBE_MULTI=0, when PIDATTACH_PERF=1: minutes); medians of
#            PIDATTACH_REPS runs
#   oncpu    cost per context switch of `sched:::on-cpu { @[execname] = count(); }` against
#            bpftrace's `tracepoint:sched:sched_switch { @[comm] = count(); }` (bench/ctxsw.c:
#            N_SWITCH round trips through pipes between two processes on CPU 0)
# Groups: default (startup count printf), aggs (agg_tid agg_execname tspair strkey),
#         consumer (printf keys profile), user (pid pidattach), all.
#
# Environment: REPS (repetitions, default 5), N_COUNT (2000000, also agg_* and tspair),
# N_PRINTF (1000000), N_OPENAT (200000), N_KEYS (100000), PROFILE_SECS (10), PROFILE_REPS
# (3), SOAK_SECS (60), PRINTF_BUFSIZES (bufsizes tried when dtrace drops; default "16m 64m"), STARTUP_RUNS
# (10), N_UPROBE (500000), PIDATTACH_REPS (3), PIDATTACH_PERF (0), PIDATTACH_AZ (0), N_SWITCH (100000), DTRACE (default build/dtrace), BPFTRACE (default bpftrace), CC (default cc).
# The bench-only triggers (bench/*.c) are compiled into a temporary directory with $CC.
# Progress goes to stderr. Compare ratios within one run, not absolute times across runs.
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DTRACE=${DTRACE:-$ROOT/build/dtrace}
BPFTRACE=${BPFTRACE:-bpftrace}
CC=${CC:-cc}
LOOP=$ROOT/build/tests/triggers/loop
REPS=${REPS:-5}
N_COUNT=${N_COUNT:-2000000}
N_PRINTF=${N_PRINTF:-1000000}
N_OPENAT=${N_OPENAT:-200000}
N_KEYS=${N_KEYS:-100000}
PROFILE_SECS=${PROFILE_SECS:-10}
PROFILE_REPS=${PROFILE_REPS:-3}
PRINTF_BUFSIZES=${PRINTF_BUFSIZES:-16m 64m}
STARTUP_RUNS=${STARTUP_RUNS:-10}
SOAK_SECS=${SOAK_SECS:-60}
N_UPROBE=${N_UPROBE:-500000}
N_SWITCH=${N_SWITCH:-100000}
PIDATTACH_REPS=${PIDATTACH_REPS:-3}
PIDATTACH_PERF=${PIDATTACH_PERF:-0}
PIDATTACH_AZ=${PIDATTACH_AZ:-0}
RSS_LIMIT_KIB=$((20 * 1024)) # issue 4: dtrace's peak RSS must stay under 20 MiB

usage() {
	echo "usage: bench/run.sh [startup|count|printf|agg_tid|agg_execname|tspair|strkey|keys|profile|soak" \
		"|pid|pidattach|oncpu|default|aggs|consumer|user|all]..." >&2
	exit 2
}
which=()
for b in "${@:-default}"; do
	case $b in
	startup | count | printf | agg_tid | agg_execname | tspair | strkey | keys | profile | soak | \
		pid | pidattach | oncpu)
		which+=("$b")
		;;
	default) which+=(startup count printf) ;;
	aggs) which+=(agg_tid agg_execname tspair strkey) ;;
	consumer) which+=(printf keys profile) ;;
	user) which+=(pid pidattach) ;;
	all) which+=(startup count agg_tid agg_execname tspair strkey printf keys profile pid
		pidattach oncpu) ;;
	*) usage ;;
	esac
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/dtrace-bench.XXXXXX") || exit 2
busy=()
cleanup() {
	local p
	for p in "${busy[@]}"; do kill "$p" 2>/dev/null; done
	rm -rf "$TMP"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
notes=()

log() { echo "bench: $*" >&2; }
note() { notes+=("$*"); }

# median: the median of the numbers on stdin (empty when there are none).
median() {
	sort -g | awk '{ a[NR] = $1 } END {
		if (NR == 0) exit
		if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# ratio A B: A/B with two decimals, or "-" when either is missing.
ratio() {
	awk -v a="${1:-}" -v b="${2:-}" 'BEGIN {
		if (a == "" || b == "" || a == "-" || b == "-" || b + 0 == 0) print "-"
		else printf "%.2f\n", a / b }'
}

# fmt VALUE [SCALE] [DECIMALS]: VALUE/SCALE, or "-" when missing.
fmt() {
	awk -v v="${1:-}" -v s="${2:-1}" -v d="${3:-1}" 'BEGIN {
		if (v == "" || v == "-") print "-"; else printf "%.*f\n", d, v / s }'
}

sub() {
	awk -v a="${1:-}" -v b="${2:-}" 'BEGIN {
		if (a == "" || b == "") print "-"; else printf "%d\n", a - b }'
}

# col FILE K: column K of FILE, one value a line (for median).
col() { awk -v k="$2" '$k != "" && $k != "-" { print $k }' "$1"; }

# load1: the 1-minute load average now (the machine is shared: each number goes with it).
load1() { cut -d ' ' -f 1 /proc/loadavg; }

# spread: "min-max" of the numbers on stdin (empty when there are none).
spread() {
	sort -g | awk 'NR == 1 { lo = $1 } { hi = $1 } END { if (NR) printf "%g-%g\n", lo, hi }'
}

# errline FILE: the first line of a tracer's stderr that says something (not bpftrace's
# RLIMIT_MEMLOCK warning, not the triggers' own lines).
errline() {
	grep -v -e RLIMIT_MEMLOCK -e '^ns_per_call ' -e '^cpu_ns ' -e '^Attaching ' "$1" | head -n 1
}

# ---- which tracers can run ----------------------------------------------------------------

if [ "$(id -u)" -ne 0 ]; then
	echo "bench/run.sh: tracing needs root: sudo bench/run.sh" >&2
	exit 1
fi
if [ ! -x "$LOOP" ]; then
	echo "bench/run.sh: $LOOP is missing: run make first" >&2
	exit 1
fi

have_dtrace=0
if [ ! -x "$DTRACE" ]; then
	note "dtrace: $DTRACE is not built (run make); dtrace columns are empty."
elif ! "$DTRACE" -q -n 'BEGIN { exit(0); }' >/dev/null 2>"$TMP/err"; then
	note "dtrace: a trial run of \`BEGIN { exit(0); }\` failed: $(head -n 1 "$TMP/err")"
else
	have_dtrace=1
fi
have_bpftrace=0
if ! command -v "$BPFTRACE" >/dev/null 2>&1; then
	note "bpftrace is not installed (scripts/setup.sh --bench installs it): dtrace alone."
elif ! "$BPFTRACE" -e 'BEGIN { exit(); }' >/dev/null 2>"$TMP/err"; then
	note "bpftrace: a trial run failed: $(grep -v RLIMIT_MEMLOCK "$TMP/err" | head -n 1)"
else
	have_bpftrace=1
fi
if [ "$have_dtrace" -eq 0 ] && [ "$have_bpftrace" -eq 0 ]; then
	printf '%s\n' "${notes[@]}" >&2
	echo "bench/run.sh: neither dtrace nor bpftrace can run; nothing to measure" >&2
	exit 1
fi

# ---- startup ------------------------------------------------------------------------------

# wall_ms NAME CMD...: median wall time in ms of CMD over STARTUP_RUNS runs.
wall_ms() {
	local name=$1
	shift
	if command -v hyperfine >/dev/null 2>&1; then
		# hyperfine -N takes one command line; quote each word for its shell-like splitting.
		local cmdline="" w
		for w in "$@"; do cmdline+="'${w//\'/\'\\\'\'}' "; done
		if hyperfine -N --warmup 2 --runs "$STARTUP_RUNS" --export-json "$TMP/$name.json" \
			"$cmdline" >/dev/null 2>"$TMP/$name.hf"; then
			grep -o '"median": *[0-9.eE+-]*' "$TMP/$name.json" | head -n 1 |
				awk '{ printf "%.3f\n", $2 * 1000 }'
			return
		fi
		log "hyperfine failed for $name ($(tail -n 1 "$TMP/$name.hf")); timing a loop instead"
	fi
	local i t0 t1
	for ((i = 0; i < STARTUP_RUNS; i++)); do
		t0=$(date +%s%N)
		"$@" >/dev/null 2>&1
		t1=$(date +%s%N)
		echo $(((t1 - t0) / 1000))
	done | median | awk '{ printf "%.3f\n", $1 / 1000 }'
}

# rss_kib CMD...: median peak RSS in KiB over 5 runs (empty without /usr/bin/time).
rss_kib() {
	[ -x /usr/bin/time ] || return 0
	local i
	for ((i = 0; i < 5; i++)); do
		/usr/bin/time -f %M -o "$TMP/rss" "$@" >/dev/null 2>&1 && tail -n 1 "$TMP/rss"
	done | median
}

# Start-up cases: a name, the dtrace program, the bpftrace program. A keyed aggregation costs a
# map; one updated where interrupts may be off (profile) is preallocated (dt_load.c).
STARTUP_CASES=(
	"BEGIN { exit }|BEGIN { exit(0); }|BEGIN { exit(); }"
	"+ @[execname] on a syscall|syscall::getppid:entry { @[execname] = count(); } BEGIN { exit(0); }|tracepoint:syscalls:sys_enter_getppid { @[comm] = count(); } BEGIN { exit(); }"
	"+ @[execname] on profile|profile-997 { @[execname] = count(); } BEGIN { exit(0); }|profile:hz:997 { @[comm] = count(); } BEGIN { exit(); }"
)

bench_startup() {
	local c name dp bp dw dr bw br n=0
	[ -x /usr/bin/time ] || note "startup: /usr/bin/time is missing (apt-get install time): no RSS."
	local how="a loop of $STARTUP_RUNS runs"
	command -v hyperfine >/dev/null 2>&1 && how="hyperfine, $STARTUP_RUNS runs"
	echo "## Startup"
	echo
	echo "Median wall time ($how) and median peak RSS (/usr/bin/time, 5 runs) of a program"
	echo "that exits in BEGIN, alone and with a keyed aggregation on a probe."
	echo
	echo "| program | tracer | wall time (ms) | peak RSS (MiB) |"
	echo "|---|---|---:|---:|"
	for c in "${STARTUP_CASES[@]}"; do
		IFS='|' read -r name dp bp <<<"$c"
		n=$((n + 1))
		dw="" dr="" bw="" br=""
		if [ "$have_dtrace" -eq 1 ]; then
			log "startup: dtrace: $name"
			dw=$(wall_ms "dtrace$n" "$DTRACE" -n "$dp")
			dr=$(rss_kib "$DTRACE" -n "$dp")
		fi
		if [ "$have_bpftrace" -eq 1 ]; then
			log "startup: bpftrace: $name"
			bw=$(wall_ms "bpftrace$n" "$BPFTRACE" -e "$bp")
			br=$(rss_kib "$BPFTRACE" -e "$bp")
		fi
		[ "$have_dtrace" -eq 1 ] &&
			echo "| \`$name\` | dtrace | $(fmt "$dw" 1 1) | $(fmt "$dr" 1024 1) |"
		[ "$have_bpftrace" -eq 1 ] &&
			echo "| | bpftrace | $(fmt "$bw" 1 1) | $(fmt "$br" 1024 1) |"
		[ "$have_dtrace" -eq 1 ] && [ "$have_bpftrace" -eq 1 ] &&
			echo "| | dtrace / bpftrace | $(ratio "$dw" "$bw") | $(ratio "$dr" "$br") |"
	done
	echo
}

# ---- per-event cost -----------------------------------------------------------------------

# ns_of FILE: the loop trigger's ns_per_call value in FILE.
ns_of() { awk '$1 == "ns_per_call" { print $2; exit }' "$1"; }

# traced TOOL ARGS PROGRAM OUT ERR: run the loop trigger (with ARGS) under TOOL with PROGRAM,
# at most 5 minutes; its exit status.
traced() {
	local tool=$1 args=$2 prog=$3 out=$4 err=$5
	if [ "$tool" = dtrace ]; then
		timeout -s INT -k 10 300 "$DTRACE" -q -c "$LOOP $args" -n "$prog" >"$out" 2>"$err"
	else
		timeout -s INT -k 10 300 "$BPFTRACE" -c "$LOOP $args" -e "$prog" >"$out" 2>"$err"
	fi
}

# count_bench MODE ARGS DPROG BPROG TITLE TEXT: the loop trigger with ARGS untraced, under
# dtrace's DPROG and under bpftrace's BPROG (each `@ = count()` of one event per call),
# REPS rounds interleaved so drift in the VM hits all three alike; the table of medians.
count_bench() {
	local mode=$1 args=$2 dprog=$3 bprog=$4 r f
	for f in base dtrace bpftrace dtrace.n bpftrace.n load; do : >"$TMP/$mode.$f"; done
	for ((r = 1; r <= REPS; r++)); do
		log "$mode: round $r of $REPS (load $(load1))"
		load1 >>"$TMP/$mode.load"
		# shellcheck disable=SC2086 # ARGS are words
		"$LOOP" $args >"$TMP/out" && ns_of "$TMP/out" >>"$TMP/$mode.base"
		if [ "$have_dtrace" -eq 1 ]; then
			if traced dtrace "$args" "$dprog" "$TMP/out" "$TMP/err"; then
				ns_of "$TMP/out" >>"$TMP/$mode.dtrace"
				awk '/^ *[0-9]+ *$/ { v = $1 } END { if (v != "") print v }' \
					"$TMP/out" >>"$TMP/$mode.dtrace.n"
			else
				note "$mode: dtrace failed in round $r: $(head -n 1 "$TMP/err")"
			fi
		fi
		if [ "$have_bpftrace" -eq 1 ]; then
			if traced bpftrace "$args" "$bprog" "$TMP/out" "$TMP/err"; then
				ns_of "$TMP/out" >>"$TMP/$mode.bpftrace"
				awk '$1 == "@:" { print $2 }' "$TMP/out" >>"$TMP/$mode.bpftrace.n"
			else
				note "$mode: bpftrace failed in round $r: $(grep -v RLIMIT_MEMLOCK "$TMP/err" | head -n 1)"
			fi
		fi
	done
	local base dt bt dn bn
	base=$(median <"$TMP/$mode.base")
	dt=$(median <"$TMP/$mode.dtrace")
	bt=$(median <"$TMP/$mode.bpftrace")
	dn=$(median <"$TMP/$mode.dtrace.n")
	bn=$(median <"$TMP/$mode.bpftrace.n")
	local da="" ba=""
	[ -n "$dt" ] && da=$(sub "$dt" "$base")
	[ -n "$bt" ] && ba=$(sub "$bt" "$base")
	echo "## Per-event cost: $5"
	echo
	echo "$6; medians of $REPS rounds."
	echo
	echo "1-minute load average at the rounds' starts: $(spread <"$TMP/$mode.load") (2 CPUs);"
	echo "the spread column is the lowest and highest ns per call of the rounds."
	echo
	echo "| | ns per call | spread | added ns per event | events counted |"
	echo "|---|---:|---:|---:|---:|"
	echo "| untraced | $(fmt "$base" 1 0) | $(spread <"$TMP/$mode.base") | | |"
	[ "$have_dtrace" -eq 1 ] && echo "| dtrace | $(fmt "$dt" 1 0) |" \
		"$(spread <"$TMP/$mode.dtrace") | $(fmt "$da" 1 0) | ${dn:--} |"
	[ "$have_bpftrace" -eq 1 ] && echo "| bpftrace | $(fmt "$bt" 1 0) |" \
		"$(spread <"$TMP/$mode.bpftrace") | $(fmt "$ba" 1 0) | ${bn:--} |"
	[ "$have_dtrace" -eq 1 ] && [ "$have_bpftrace" -eq 1 ] &&
		echo "| dtrace / bpftrace | $(ratio "$dt" "$bt") | | $(ratio "$da" "$ba") | |"
	echo
}

bench_count() {
	count_bench count "$N_COUNT" 'syscall::getppid:entry { @ = count(); }' \
		'tracepoint:syscalls:sys_enter_getppid { @ = count(); }' \
		"\`@ = count()\` on getppid entry" "The loop trigger calls getppid $N_COUNT times"
}

# ---- bench-only triggers and a general runner -----------------------------------------------

# helper NAME: the path of bench/NAME.c compiled into $TMP/bin (compiled on first use);
# fails, with a note, when it does not compile.
helper() {
	local name=$1
	if [ ! -x "$TMP/bin/$name" ]; then
		mkdir -p "$TMP/bin"
		if ! "$CC" -O2 -o "$TMP/bin/$name" "$ROOT/bench/$name.c" 2>"$TMP/cc.err"; then
			note "$CC bench/$name.c failed: $(head -n 1 "$TMP/cc.err")"
			return 1
		fi
	fi
	echo "$TMP/bin/$name"
}

# run_traced TOOL CMD PROG OUT ERR: run TOOL (dtrace or bpftrace) on PROG, with -c CMD unless
# CMD is empty, stdout to OUT and stderr to ERR, at most 5 minutes, under /usr/bin/time when
# installed: "peak-RSS-KiB user-s sys-s" go to $TMP/time (the tracer and the children it
# reaped, so -c's child too). dtrace gets the options in DOPTS; bpftrace gets the environment.
# Its exit status.
DOPTS=()
run_traced() {
	local tool=$1 cmd=$2 prog=$3 out=$4 err=$5 st
	local -a tr timer=()
	if [ "$tool" = dtrace ]; then
		tr=("$DTRACE" -q "${DOPTS[@]}")
		[ -n "$cmd" ] && tr+=(-c "$cmd")
		tr+=(-n "$prog")
	else
		tr=("$BPFTRACE")
		[ -n "$cmd" ] && tr+=(-c "$cmd")
		tr+=(-e "$prog")
	fi
	: >"$TMP/time"
	[ -x /usr/bin/time ] && timer=(/usr/bin/time -f '%M %U %S' -o "$TMP/time")
	"${timer[@]}" timeout -s INT -k 10 300 "${tr[@]}" >"$out" 2>"$err"
	st=$?
	# /usr/bin/time writes "Command exited with non-zero status N" before the numbers.
	tail -n 1 "$TMP/time" >"$TMP/time.last"
	return "$st"
}

# time_of K: field K (1 peak RSS KiB, 2 user s, 3 sys s) of the last run_traced.
time_of() { awk -v k="$1" 'NF == 3 { print $k }' "$TMP/time.last"; }

# Aggregation output, summed or maximised over the rows (stdin: the tracer's stdout).
# dtrace: "  key   count" rows; quantize rows "value |@@@ count".
d_count_max() {
	awk '$1 != "ns_per_call" && NF >= 2 && $NF ~ /^[0-9]+$/ && !/\|/ {
		if ($NF + 0 > m) m = $NF + 0 } END { if (m != "") print m }'
}
d_quant_sum() { awk '/\|/ { s += $NF; n++ } END { if (n) print s }'; }
# bpftrace: "@[key]: count" rows; hist rows "[lo, hi)  count |@@@|".
b_count_max() {
	awk '/^@.*\]: [0-9]+$/ { v = $NF + 0; if (v > m) m = v } END { if (m != "") print m }'
}
b_hist_sum() {
	awk '/^\[.*\|/ { sub(/^\[[^])]*[])]/, ""); s += $1; n++ } END { if (n) print s }'
}

# ---- per-event cost of aggregations (issue 4) -----------------------------------------------

# event_bench TITLE DESC N TRIGGER DPROG BPROG DEXTRACT BEXTRACT: interleaved rounds of the
# trigger (TRIGGER N, which prints "ns_per_call X") untraced, under dtrace and under
# bpftrace; a table of ns per call, added ns per event, events counted (extracted from the
# aggregation by DEXTRACT/BEXTRACT; expected: N) and peak RSS.
event_bench() {
	local title=$1 desc=$2 n=$3 trig=$4 dprog=$5 bprog=$6 dx=$7 bx=$8 r tool st
	local tag
	tag=$(echo "$title" | tr -c 'a-zA-Z0-9\n' _ | cut -c1-40)
	for tool in base dtrace bpftrace; do : >"$TMP/e.$tool"; done
	for ((r = 1; r <= REPS; r++)); do
		log "$title: round $r of $REPS"
		"$trig" "$n" >"$TMP/out" 2>/dev/null
		ns_of "$TMP/out" >>"$TMP/e.base"
		for tool in dtrace bpftrace; do
			[ "$tool" = dtrace ] && [ "$have_dtrace" -eq 0 ] && continue
			[ "$tool" = bpftrace ] && [ "$have_bpftrace" -eq 0 ] && continue
			local prog=$dprog x=$dx
			[ "$tool" = bpftrace ] && prog=$bprog x=$bx
			run_traced "$tool" "$trig $n" "$prog" "$TMP/out" "$TMP/err"
			st=$?
			local ns ev
			ns=$(ns_of "$TMP/out")
			ev=$($x <"$TMP/out")
			if [ "$st" -ne 0 ] || [ -z "$ns" ] || [ -z "$ev" ]; then
				note "$title: $tool failed in round $r (status $st): $(errline "$TMP/err")"
				cp "$TMP/out" "$TMP/fail.$tag.$tool.out"
				continue
			fi
			echo "$ns $ev $(time_of 1)" >>"$TMP/e.$tool"
		done
	done
	local base dt bt da ba dev bev drss brss
	base=$(col "$TMP/e.base" 1 | median)
	dt=$(col "$TMP/e.dtrace" 1 | median)
	bt=$(col "$TMP/e.bpftrace" 1 | median)
	dev=$(col "$TMP/e.dtrace" 2 | median)
	bev=$(col "$TMP/e.bpftrace" 2 | median)
	drss=$(col "$TMP/e.dtrace" 3 | median)
	brss=$(col "$TMP/e.bpftrace" 3 | median)
	local dmax
	dmax=$(col "$TMP/e.dtrace" 3 | sort -g | tail -n 1)
	if [ -n "$dmax" ] && [ "$dmax" -ge "$RSS_LIMIT_KIB" ]; then
		note "$title: dtrace's peak RSS reached $(fmt "$dmax" 1024 1) MiB (limit 20 MiB)"
	fi
	da="" ba=""
	[ -n "$dt" ] && da=$(sub "$dt" "$base")
	[ -n "$bt" ] && ba=$(sub "$bt" "$base")
	echo "## Per-event cost: $title"
	echo
	echo "$desc Medians of $REPS rounds; events counted: from the printed aggregation"
	echo "(expected: $n); peak RSS of the tracer (/usr/bin/time %M)."
	echo
	echo "| | ns per call | added ns per event | events counted | peak RSS (MiB) |"
	echo "|---|---:|---:|---:|---:|"
	echo "| untraced | $(fmt "$base" 1 0) | | | |"
	[ "$have_dtrace" -eq 1 ] &&
		echo "| dtrace | $(fmt "$dt" 1 0) | $(fmt "$da" 1 0) | $(fmt "$dev" 1 0) | $(fmt "$drss" 1024 1) |"
	[ "$have_bpftrace" -eq 1 ] &&
		echo "| bpftrace | $(fmt "$bt" 1 0) | $(fmt "$ba" 1 0) | $(fmt "$bev" 1 0) | $(fmt "$brss" 1024 1) |"
	[ "$have_dtrace" -eq 1 ] && [ "$have_bpftrace" -eq 1 ] &&
		echo "| dtrace / bpftrace | $(ratio "$dt" "$bt") | $(ratio "$da" "$ba") | | $(ratio "$drss" "$brss") |"
	echo
}

bench_agg_tid() {
	event_bench '`@[tid] = count()` on getppid entry' \
		"The loop trigger calls getppid $N_COUNT times." "$N_COUNT" "$LOOP" \
		'syscall::getppid:entry { @[tid] = count(); }' \
		'tracepoint:syscalls:sys_enter_getppid { @[tid] = count(); }' d_count_max b_count_max
}

bench_agg_execname() {
	event_bench '`@[execname] = count()` on getppid entry' \
		"The loop trigger calls getppid $N_COUNT times; bpftrace: \`@[comm] = count()\`." \
		"$N_COUNT" "$LOOP" \
		'syscall::getppid:entry { @[execname] = count(); }' \
		'tracepoint:syscalls:sys_enter_getppid { @[comm] = count(); }' d_count_max b_count_max
}

bench_tspair() {
	event_bench 'thread-local timestamp pair on getppid entry/return, quantize()' \
		"The loop trigger calls getppid $N_COUNT times; an event is one call (two probes).
dtrace: \`syscall::getppid:entry { self->ts = timestamp; } syscall::getppid:return /self->ts/
{ @ = quantize(timestamp - self->ts); self->ts = 0; }\`; bpftrace: \`@ts[tid] = nsecs\` on
sys_enter_getppid, \`/@ts[tid]/ { @ = hist(nsecs - @ts[tid]); delete(@ts[tid]); }\` on
sys_exit_getppid." "$N_COUNT" "$LOOP" \
		'syscall::getppid:entry { self->ts = timestamp; }
		 syscall::getppid:return /self->ts/ { @ = quantize(timestamp - self->ts); self->ts = 0; }' \
		'tracepoint:syscalls:sys_enter_getppid { @ts[tid] = nsecs; }
		 tracepoint:syscalls:sys_exit_getppid /@ts[tid]/ { @ = hist(nsecs - @ts[tid]); delete(@ts[tid]); }' \
		d_quant_sum b_hist_sum
}

bench_strkey() {
	local trig
	trig=$(helper openat_loop) || return 0
	event_bench '`@[copyinstr(arg1)] = count()` on openat entry' \
		"bench/openat_loop.c opens and closes /etc/hostname $N_OPENAT times (ns per call: one
openat+close). dtrace: \`syscall::openat:entry /pid == \$target/ { @[copyinstr(arg1)] = count(); }\`;
bpftrace: \`tracepoint:syscalls:sys_enter_openat /pid == cpid/ { @[str(args->filename)] = count(); }\`." \
		"$N_OPENAT" "$trig" \
		'syscall::openat:entry /pid == $target/ { @[copyinstr(arg1)] = count(); }' \
		'tracepoint:syscalls:sys_enter_openat /pid == cpid/ { @[str(args->filename)] = count(); }' \
		d_count_max b_count_max
}

# ---- sched:::on-cpu against sched_switch (issue 10) -------------------------------------------

bench_oncpu() {
	local trig
	trig=$(helper ctxsw) || return 0
	event_bench '`sched:::on-cpu { @[execname] = count(); }`' \
		"bench/ctxsw.c makes $N_SWITCH round trips through pipes with a child, both on CPU 0:
$((2 * N_SWITCH)) context switches of threads named ctxsw (ns per call: per switch; the added
cost is of every switch on the system, so the counts run a little over). bpftrace:
\`tracepoint:sched:sched_switch { @[comm] = count(); }\`." \
		"$N_SWITCH" "$trig" \
		'sched:::on-cpu { @[execname] = count(); }' \
		'tracepoint:sched:sched_switch { @[comm] = count(); }' \
		d_count_max b_count_max
}

# ---- printf: cost per event and consumer throughput (issue 5) -------------------------------

# printf_run TOOL N LABEL: one traced run of bench/loop_cpu.c with stdout into a pipe read by
# bench/recv.c; appends "ns records drops span_ns consumer_cpu_s ok" to $TMP/p.LABEL.
# loop_cpu writes its own lines to stderr, so nothing but records shares the pipe.
printf_run() {
	local tool=$1 n=$2 label=$3 prog st
	if [ "$tool" = dtrace ]; then
		prog='syscall::getppid:entry /pid == $target/ { printf("%d\n", tid); }'
	else
		prog='tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { printf("%d\n", tid); }'
	fi
	run_traced "$tool" "$LOOPC $n" "$prog" /dev/stdout "$TMP/err" | "$RECV" >"$TMP/p.one"
	st=${PIPESTATUS[0]}
	local ns cpu rec span drops
	ns=$(awk '$1 == "ns_per_call" { print $2; exit }' "$TMP/err")
	cpu=$(awk '$1 == "cpu_ns" { print $2; exit }' "$TMP/err")
	rec=$(awk '$1 == "records" { print $2 }' "$TMP/p.one")
	span=$(awk '$1 == "span_ns" { print $2 }' "$TMP/p.one")
	if [ "$st" -ne 0 ] || [ -z "$ns" ] || [ -z "$rec" ]; then
		note "printf: $label failed (status $st): $(errline "$TMP/err")"
		return
	fi
	# dtrace: "dtrace: N drops on CPU M"; bpftrace: "Lost N events".
	drops=$(grep -Eo '[0-9]+ drops? on CPU|Lost [0-9]+ events' "$TMP/err" |
		grep -Eo '[0-9]+' | awk '{ s += $1 } END { print s + 0 }')
	# The consumer's CPU time: the tracer's, less the trigger's own (the tracer reaped it).
	local ccpu="-"
	[ -s "$TMP/time.last" ] && [ -n "$cpu" ] &&
		ccpu=$(awk -v u="$(time_of 2)" -v s="$(time_of 3)" -v c="$cpu" \
			'BEGIN { printf "%.3f\n", u + s - c / 1e9 }')
	local ok=0
	[ $((rec + drops)) -eq "$n" ] && ok=1
	[ "$ok" -eq 1 ] || note "printf: $label: $rec delivered + $drops drops reported != $n"
	echo "$ns $rec $drops $span $ccpu $ok" >>"$TMP/p.$label"
}

# printf_row LABEL N BASE: a table row of the medians in $TMP/p.LABEL.
printf_row() {
	local label=$1 n=$2 base=$3 f=$TMP/p.$1
	[ -s "$f" ] || {
		echo "| $label | - | - | - | - | - | - | - | - |"
		return
	}
	local ns rec drops span ccpu okn rounds
	ns=$(col "$f" 1 | median)
	rec=$(col "$f" 2 | median)
	drops=$(col "$f" 3 | median)
	span=$(col "$f" 4 | median)
	ccpu=$(col "$f" 5 | median)
	okn=$(awk '$6 == 1' "$f" | wc -l)
	rounds=$(wc -l <"$f")
	# Rates per round, then the median.
	local wall percpu
	wall=$(awk '$4 > 0 { print $2 / ($4 / 1e9) }' "$f" | median)
	percpu=$(awk '$5 != "-" && $5 > 0 { print $2 / $5 }' "$f" | median)
	echo "| $label | $(fmt "$ns" 1 0) | $(fmt "$(sub "$ns" "$base")" 1 0) | $(fmt "$rec" 1 0) |" \
		"$(fmt "$drops" 1 0) | $okn/$rounds | $(fmt "$wall" 1000000 2) | $(fmt "$ccpu" 1 2) |" \
		"$(fmt "$percpu" 1000000 2) |"
	# For the ratio row.
	echo "$ns $(sub "$ns" "$base") $wall $ccpu $percpu" >"$TMP/p.$label.med"
	case $label in
	dtrace*)
		[ -n "$percpu" ] && awk -v r="$percpu" 'BEGIN { exit !(r < 2000000) }' &&
			note "printf: $label: $(fmt "$percpu" 1000000 2) M records per consumer CPU-second" \
				"(target: 2 M/s)"
		;;
	esac
}

bench_printf() {
	local n=$N_PRINTF r
	LOOPC=$(helper loop_cpu) || return 0
	RECV=$(helper recv) || return 0
	: >"$TMP/p.base"
	: >"$TMP/p.dtrace"
	: >"$TMP/p.bpftrace"
	for ((r = 1; r <= REPS; r++)); do
		log "printf: round $r of $REPS"
		"$LOOPC" "$n" 2>&1 >/dev/null | awk '$1 == "ns_per_call" { print $2 }' >>"$TMP/p.base"
		[ "$have_dtrace" -eq 1 ] && printf_run dtrace "$n" dtrace
		[ "$have_bpftrace" -eq 1 ] && printf_run bpftrace "$n" bpftrace
	done
	# Drops at the default buffer size: try larger ones.
	local bs labels=() reps=$((REPS < 3 ? REPS : 3))
	if [ "$have_dtrace" -eq 1 ] && awk '$3 > 0 { f = 1 } END { exit !f }' "$TMP/p.dtrace"; then
		for bs in $PRINTF_BUFSIZES; do
			labels+=("dtrace -x bufsize=$bs")
			: >"$TMP/p.dtrace -x bufsize=$bs"
			DOPTS=(-x "bufsize=$bs")
			for ((r = 1; r <= reps; r++)); do
				log "printf: -x bufsize=$bs, round $r of $reps"
				printf_run dtrace "$n" "dtrace -x bufsize=$bs"
			done
			DOPTS=()
		done
	fi
	local base
	base=$(median <"$TMP/p.base")
	printf '%s\n' '## printf: `printf("%d\n", tid)` on every getppid of the target, into a pipe'
	echo
	echo "bench/loop_cpu.c calls getppid $n times (\`/pid == \$target/\`, bpftrace \`/pid == cpid/\`);"
	echo "medians of $REPS rounds. Records: lines that reached the reader (bench/recv.c); drops:"
	echo "as the tracer reported them on stderr; accounted: rounds where delivered + drops = $n."
	echo "Records/s: at the reader, first to last record (bounded by the traced process's rate)."
	echo "Consumer CPU: the tracer's user+sys less the traced process's own; records per"
	echo "consumer CPU-second is what one consumer could deliver with a CPU to itself."
	echo
	echo "| | ns per call | added ns per event | records delivered | drops | accounted |" \
		"records/s (M) | consumer CPU (s) | records per consumer CPU-s (M) |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
	echo "| untraced | $(fmt "$base" 1 0) | | | | | | | |"
	[ "$have_dtrace" -eq 1 ] && printf_row dtrace "$n" "$base"
	local l
	for l in "${labels[@]}"; do printf_row "$l" "$n" "$base"; done
	[ "$have_bpftrace" -eq 1 ] && printf_row bpftrace "$n" "$base"
	if [ -s "$TMP/p.dtrace.med" ] && [ -s "$TMP/p.bpftrace.med" ]; then
		local -a d b
		read -ra d <"$TMP/p.dtrace.med"
		read -ra b <"$TMP/p.bpftrace.med"
		echo "| dtrace / bpftrace | $(ratio "${d[0]}" "${b[0]}") | $(ratio "${d[1]}" "${b[1]}") |" \
			"| | | $(ratio "${d[2]}" "${b[2]}") | $(ratio "${d[3]}" "${b[3]}") |" \
			"$(ratio "${d[4]}" "${b[4]}") |"
	fi
	echo
}

# ---- an aggregation of many keys printed at exit (issue 5) ----------------------------------

# keys_run TOOL N: one run of bench/write_keys.c N under TOOL; appends
# "exit_latency_ms rows rss_kib" to $TMP/k.TOOL.N.
keys_run() {
	local tool=$1 n=$2 prog rows t1 t0 st
	if [ "$tool" = dtrace ]; then
		prog='syscall::write:entry /pid == $target/ { @[arg2] = count(); }'
	else
		prog='tracepoint:syscalls:sys_enter_write /pid == cpid/ { @[args->count] = count(); }'
	fi
	# bpftrace's maps hold 4096 keys unless told otherwise.
	BPFTRACE_MAP_KEYS_MAX=$((2 * n)) run_traced "$tool" "$WKEYS $n" "$prog" "$TMP/out" "$TMP/err"
	st=$?
	t1=${EPOCHREALTIME/./}
	t0=$(awk '$1 == "exit_realtime_ns" { print $2 }' "$TMP/out")
	if [ "$tool" = dtrace ]; then
		rows=$(grep -cE '^ *[0-9]+ +[0-9]+ *$' "$TMP/out")
	else
		rows=$(grep -cE '^@\[[0-9]+\]: [0-9]+$' "$TMP/out")
	fi
	if [ "$st" -ne 0 ] || [ -z "$t0" ]; then
		note "keys: $tool with $n keys failed (status $st): $(errline "$TMP/err")"
		return
	fi
	[ "$rows" -eq "$n" ] || note "keys: $tool printed $rows rows for $n keys"
	echo "$(awk -v a="$t1" -v b="$t0" 'BEGIN { printf "%.1f\n", (a * 1000 - b) / 1e6 }') $rows $(time_of 1)" \
		>>"$TMP/k.$tool.$n"
}

bench_keys() {
	local n=$N_KEYS small=100 r tool
	WKEYS=$(helper write_keys) || return 0
	for tool in dtrace bpftrace; do : >"$TMP/k.$tool.$n" && : >"$TMP/k.$tool.$small"; done
	for ((r = 1; r <= REPS; r++)); do
		log "keys: round $r of $REPS"
		for tool in dtrace bpftrace; do
			[ "$tool" = dtrace ] && [ "$have_dtrace" -eq 0 ] && continue
			[ "$tool" = bpftrace ] && [ "$have_bpftrace" -eq 0 ] && continue
			keys_run "$tool" "$small"
			keys_run "$tool" "$n"
		done
	done
	local -A v
	for tool in dtrace bpftrace; do
		v[$tool.small]=$(col "$TMP/k.$tool.$small" 1 | median)
		v[$tool.lat]=$(col "$TMP/k.$tool.$n" 1 | median)
		v[$tool.rows]=$(col "$TMP/k.$tool.$n" 2 | median)
		v[$tool.rss]=$(col "$TMP/k.$tool.$n" 3 | median)
	done
	[ -n "${v[dtrace.lat]}" ] && awk -v l="${v[dtrace.lat]}" 'BEGIN { exit !(l >= 1000) }' &&
		note "keys: dtrace took $(fmt "${v[dtrace.lat]}" 1 0) ms (median) to exit after the traced" \
			"process with $n keys (target: under 1 s)"
	echo "## Aggregation of $n keys printed at exit"
	echo
	echo "bench/write_keys.c writes sizes 1..N to /dev/null; dtrace:"
	echo "\`syscall::write:entry /pid == \$target/ { @[arg2] = count(); }\`, bpftrace:"
	echo "\`tracepoint:syscalls:sys_enter_write /pid == cpid/ { @[args->count] = count(); }\` (with"
	echo "BPFTRACE_MAP_KEYS_MAX=$((2 * n))). Exit latency: from the traced process's last"
	echo "clock reading to the tracer's exit, output to a file; medians of $REPS rounds."
	echo
	echo "| | exit latency, $small keys (ms) | exit latency, $n keys (ms) | rows printed | peak RSS (MiB) |"
	echo "|---|---:|---:|---:|---:|"
	for tool in dtrace bpftrace; do
		[ "$tool" = dtrace ] && [ "$have_dtrace" -eq 0 ] && continue
		[ "$tool" = bpftrace ] && [ "$have_bpftrace" -eq 0 ] && continue
		echo "| $tool | $(fmt "${v[$tool.small]}" 1 0) | $(fmt "${v[$tool.lat]}" 1 0) |" \
			"$(fmt "${v[$tool.rows]}" 1 0) | $(fmt "${v[$tool.rss]}" 1024 1) |"
	done
	[ "$have_dtrace" -eq 1 ] && [ "$have_bpftrace" -eq 1 ] &&
		echo "| dtrace / bpftrace | $(ratio "${v[dtrace.small]}" "${v[bpftrace.small]}") |" \
			"$(ratio "${v[dtrace.lat]}" "${v[bpftrace.lat]}") | |" \
			"$(ratio "${v[dtrace.rss]}" "${v[bpftrace.rss]}") |"
	echo
}

# ---- profile-997 with stacks (issue 5) ------------------------------------------------------

bench_profile() {
	local secs=$PROFILE_SECS reps=$PROFILE_REPS r tool ncpu i
	ncpu=$(nproc)
	local expected=$((997 * secs * ncpu))
	local dprog="profile-997 { @[stack()] = count(); } tick-${secs}s { exit(0); }"
	local bprog="profile:hz:997 { @[kstack] = count(); } interval:s:$secs { exit(); }"
	for tool in dtrace bpftrace; do : >"$TMP/g.$tool"; done
	for ((r = 1; r <= reps; r++)); do
		for tool in dtrace bpftrace; do
			[ "$tool" = dtrace ] && [ "$have_dtrace" -eq 0 ] && continue
			[ "$tool" = bpftrace ] && [ "$have_bpftrace" -eq 0 ] && continue
			log "profile: $tool, round $r of $reps ($secs s)"
			busy=()
			for ((i = 0; i < ncpu; i++)); do
				taskset -c "$i" yes >/dev/null &
				busy+=($!)
			done
			local prog=$dprog st samples stacks
			[ "$tool" = bpftrace ] && prog=$bprog
			run_traced "$tool" "" "$prog" "$TMP/out" "$TMP/err"
			st=$?
			kill "${busy[@]}" 2>/dev/null
			wait "${busy[@]}" 2>/dev/null
			busy=()
			if [ "$tool" = dtrace ]; then
				# A stack's count is the line of digits alone after its frames.
				samples=$(awk '/^ *[0-9]+ *$/ { s += $1 } END { print s + 0 }' "$TMP/out")
				stacks=$(grep -cE '^ *[0-9]+ *$' "$TMP/out")
			else
				# "]: N" ends a stack key, "@[]: N" is the empty (user-mode) stack.
				samples=$(awk '/\]: [0-9]+$/ { s += $NF } END { print s + 0 }' "$TMP/out")
				stacks=$(grep -cE '\]: [0-9]+$' "$TMP/out")
			fi
			if [ "$st" -ne 0 ] || [ "$samples" -eq 0 ]; then
				note "profile: $tool failed in round $r (status $st): $(errline "$TMP/err")"
				continue
			fi
			echo "$samples $stacks $(time_of 2) $(time_of 3) $(time_of 1)" >>"$TMP/g.$tool"
		done
	done
	local -A v
	for tool in dtrace bpftrace; do
		v[$tool.s]=$(col "$TMP/g.$tool" 1 | median)
		v[$tool.k]=$(col "$TMP/g.$tool" 2 | median)
		v[$tool.u]=$(col "$TMP/g.$tool" 3 | median)
		v[$tool.y]=$(col "$TMP/g.$tool" 4 | median)
		v[$tool.c]=$(awk '{ print $3 + $4 }' "$TMP/g.$tool" | median)
		v[$tool.m]=$(col "$TMP/g.$tool" 5 | median)
	done
	echo "## profile-997 with kernel stacks, $secs s, every CPU busy"
	echo
	echo "dtrace: \`$dprog\`; bpftrace: \`$bprog\`. One \`yes > /dev/null\` pinned to each of"
	echo "the $ncpu CPUs (taskset). Expected samples: 997 x $secs x $ncpu = $expected. Tracer"
	echo "CPU time (user+sys, /usr/bin/time) includes symbolizing the stacks at exit. Medians of"
	echo "$reps rounds."
	echo
	echo "| | samples | of expected | distinct stacks | user (s) | sys (s) | user+sys (s) | peak RSS (MiB) |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|"
	for tool in dtrace bpftrace; do
		[ "$tool" = dtrace ] && [ "$have_dtrace" -eq 0 ] && continue
		[ "$tool" = bpftrace ] && [ "$have_bpftrace" -eq 0 ] && continue
		echo "| $tool | $(fmt "${v[$tool.s]}" 1 0) | $(fmt "${v[$tool.s]}" "$expected" 3) |" \
			"$(fmt "${v[$tool.k]}" 1 0) | $(fmt "${v[$tool.u]}" 1 2) | $(fmt "${v[$tool.y]}" 1 2) |" \
			"$(fmt "${v[$tool.c]}" 1 2) | $(fmt "${v[$tool.m]}" 1024 1) |"
	done
	[ "$have_dtrace" -eq 1 ] && [ "$have_bpftrace" -eq 1 ] &&
		echo "| dtrace / bpftrace | $(ratio "${v[dtrace.s]}" "${v[bpftrace.s]}") | | |" \
			"$(ratio "${v[dtrace.u]}" "${v[bpftrace.u]}") | $(ratio "${v[dtrace.y]}" "${v[bpftrace.y]}") |" \
			"$(ratio "${v[dtrace.c]}" "${v[bpftrace.c]}") | $(ratio "${v[dtrace.m]}" "${v[bpftrace.m]}") |"
	echo
}

# ---- soak: a long run under more load than the consumer can take ------------------------

# rss_of PID: its resident KiB now.
rss_of() { awk '$1 == "VmRSS:" { print $2 }' /proc/"$1"/status 2>/dev/null; }

# soak_run TOOL: one soak of SOAK_SECS; "rss0 rss1 events records drops stop_ms status" to
# $TMP/s.TOOL. The tracer's stdout goes through a FIFO to awk, which counts the "r" records
# and keeps the rest (the aggregations printed at exit).
soak_run() {
	local tool=$1 wp tp prog rss0 rss1 t0 t1 events records drops
	"$LOOP" 1000000000000 >/dev/null &
	wp=$!
	rm -f "$TMP/s.fifo"
	mkfifo "$TMP/s.fifo"
	awk '/^r / { n++; next } { print } END { print "records", n + 0 }' <"$TMP/s.fifo" \
		>"$TMP/s.out" &
	if [ "$tool" = dtrace ]; then
		prog="syscall::getppid:entry /pid == $wp/ { @events = count();
			@keys[timestamp / 1000000] = count(); printf(\"r %d\\n\", tid); }"
		"$DTRACE" -q -n "$prog" >"$TMP/s.fifo" 2>"$TMP/s.err" &
	else
		prog="tracepoint:syscalls:sys_enter_getppid /pid == $wp/ { @events = count();
			@keys[nsecs / 1000000] = count(); printf(\"r %d\\n\", tid); }"
		BPFTRACE_MAP_KEYS_MAX=$((SOAK_SECS * 2000 + 10000)) "$BPFTRACE" -e "$prog" \
			>"$TMP/s.fifo" 2>"$TMP/s.err" &
	fi
	tp=$!
	sleep 2 # the start: set up, first records printed
	rss0=$(rss_of "$tp")
	sleep "$SOAK_SECS"
	rss1=$(rss_of "$tp")
	t0=${EPOCHREALTIME/./}
	kill -INT "$tp"
	wait "$tp"
	t1=${EPOCHREALTIME/./}
	kill "$wp" 2>/dev/null
	wait
	records=$(awk '$1 == "records" { print $2 }' "$TMP/s.out")
	if [ "$tool" = dtrace ]; then
		events=$(awk 'NF == 1 && $1 ~ /^[0-9]+$/ { print $1; exit }' "$TMP/s.out")
	else
		events=$(awk '$1 == "@events:" { print $2 }' "$TMP/s.out")
	fi
	drops=$(cat "$TMP/s.err" "$TMP/s.out" | grep -Eo '[0-9]+ drops? on CPU|Lost [0-9]+ events' |
		grep -Eo '[0-9]+' | awk '{ s += $1 } END { print s + 0 }')
	[ -n "$events" ] || note "soak: $tool: no event count ($(errline "$TMP/s.err"))"
	echo "${rss0:--} ${rss1:--} ${events:--} ${records:--} $drops $(((t1 - t0) / 1000))" \
		>"$TMP/s.$tool"
}

bench_soak() {
	local tool r0 r1 ev rec dr ms
	for tool in dtrace bpftrace; do
		[ "$tool" = dtrace ] && [ "$have_dtrace" -eq 0 ] && continue
		[ "$tool" = bpftrace ] && [ "$have_bpftrace" -eq 0 ] && continue
		log "soak: $tool, $SOAK_SECS s"
		soak_run "$tool"
	done
	echo "## soak: printf and a growing-key aggregation for $SOAK_SECS s, then SIGINT"
	echo
	echo "On every getppid of a busy loop (tests/triggers/loop): \`@events = count();"
	echo "@keys[timestamp / 1000000] = count(); printf(\"r %d\\n\", tid);\` (bpftrace: nsecs),"
	echo "stdout into a pipe. Events: @events as printed at exit (exact); delivered: \"r\" lines"
	echo "read; drops: as reported on stderr; accounted when delivered + drops = events. RSS: the"
	echo "tracer's VmRSS 2 s after start and after $SOAK_SECS s more. SIGINT to exit: sent while"
	echo "the loop still runs, until the tracer has printed everything and exited. One run each."
	echo
	echo "| | RSS start (MiB) | RSS end (MiB) | events | delivered | drops | accounted |" \
		"SIGINT to exit (ms) |"
	echo "|---|---:|---:|---:|---:|---:|---:|---:|"
	for tool in dtrace bpftrace; do
		[ -s "$TMP/s.$tool" ] || continue
		read -r r0 r1 ev rec dr ms <"$TMP/s.$tool"
		local ok=no
		[ "$ev" != - ] && [ "$rec" != - ] && [ $((rec + dr)) -eq "$ev" ] && ok=yes
		[ "$ok" = yes ] || note "soak: $tool: $rec delivered + $dr drops != $ev events"
		echo "| $tool | $(fmt "$r0" 1024 1) | $(fmt "$r1" 1024 1) | $ev | $rec | $dr | $ok |" \
			"$ms |"
	done
	echo
}

# ---- user space: the pid provider against bpftrace's uprobes ------------------------------

bench_pid() {
	count_bench pid "$N_UPROBE user" 'pid$target::loop_target:entry { @ = count(); }' \
		"uprobe:$LOOP:loop_target { @ = count(); }" \
		"\`@ = count()\` on a user function's entry (uprobe)" \
		"\`pid\$target::loop_target:entry\` against \`uprobe:PATH:loop_target\`; the loop trigger calls loop_target $N_UPROBE times"
}

# The command both run: a full path (bpftrace refuses "true", found as /bin/true and
# /usr/bin/true where /bin is a link to /usr/bin).
TRUE_BIN=$(readlink -f "$(type -P true)")

# pidattach_run NAME TOOL PROG [ENV...]: one timed run; "ms probes load" appended to
# $TMP/pa.NAME (load: the 1-minute load average at its start).
pidattach_run() {
	local name=$1 tool=$2 prog=$3 t0 t1 probes load
	shift 3
	load=$(load1)
	t0=$(date +%s%N)
	if [ "$tool" = dtrace ]; then
		env "$@" timeout -s INT -k 10 600 "$DTRACE" -Z -c "$TRUE_BIN" -n "$prog" >"$TMP/out" \
			2>"$TMP/err"
	else
		# its default limit is 512 probes
		BPFTRACE_MAX_PROBES=100000 timeout -s INT -k 10 600 "$BPFTRACE" -c "$TRUE_BIN" \
			-e "$prog" >"$TMP/out" 2>"$TMP/err"
	fi || { note "pidattach: $name failed: $(errline "$TMP/err")"; return; }
	t1=$(date +%s%N)
	if [ "$tool" = dtrace ]; then
		probes=$(sed -n 's/.* matched \([0-9]*\) probes*$/\1/p' "$TMP/err" | head -n 1)
	else
		probes=$(sed -n 's/^Attaching \([0-9]*\) probes*.*/\1/p' "$TMP/err" "$TMP/out" | head -n 1)
	fi
	echo "$(((t1 - t0) / 1000000)) ${probes:--} $load" >>"$TMP/pa.$name"
}

bench_pidattach() {
	local r libc=/lib/x86_64-linux-gnu/libc.so.6
	local dprog='pid$target:libc.so.6::entry { @ = count(); }'
	local bprog="uprobe:$libc:* { @ = count(); }"
	# PIDATTACH_AZ=1: also the functions whose names start with a lowercase letter but p:
	# none of them begins with an instruction the kernel refuses to probe (a lock prefix,
	# VEX), on which bpftrace gives up on every probe (dtrace leaves those out and says so).
	# Not by default: bpftrace's uprobes are on every process that maps libc (not only its
	# -c child), which slows the whole machine while it attaches (minutes here).
	local l dlet="" blet=""
	for l in a b c d e f g h i j k l m n o q r s t u v w x y z; do
		dlet="$dlet${dlet:+,}pid\$target:libc.so.6:$l*:entry"
		blet="$blet${blet:+,}uprobe:$libc:$l*"
	done
	dlet="$dlet { @ = count(); }"
	blet="$blet { @ = count(); }"
	: >"$TMP/pa.multi"
	: >"$TMP/pa.perf"
	: >"$TMP/pa.bpftrace"
	: >"$TMP/pa.multi_az"
	: >"$TMP/pa.bpftrace_az"
	for ((r = 1; r <= PIDATTACH_REPS; r++)); do
		log "pidattach: round $r of $PIDATTACH_REPS"
		if [ "$have_dtrace" -eq 1 ]; then
			pidattach_run multi dtrace "$dprog"
			[ "$PIDATTACH_PERF" = 1 ] && pidattach_run perf dtrace "$dprog" DTRACE_UPROBE_MULTI=0
			[ "$PIDATTACH_AZ" = 1 ] && pidattach_run multi_az dtrace "$dlet"
		fi
		if [ "$have_bpftrace" -eq 1 ]; then
			pidattach_run bpftrace bpftrace "$bprog"
			[ "$PIDATTACH_AZ" = 1 ] && pidattach_run bpftrace_az bpftrace "$blet"
		fi
	done
	echo "## Attaching every function of libc"
	echo
	echo "The whole run of a tracer with \`-c true\`: start, attach every function of libc,"
	echo "the command, detach, exit. Medians of $PIDATTACH_REPS runs, rounds interleaved;"
	echo "spread: the fastest and slowest run; load: the 1-minute load average at the runs'"
	echo "starts (2 CPUs). bpftrace attaches each symbol name (aliases too: more probes),"
	echo "dtrace each function address once; bpftrace runs with BPFTRACE_MAX_PROBES=100000."
	echo
	echo "| | wall ms | spread | probes | load |"
	echo "|---|---:|---:|---:|---:|"
	# pa_row LABEL NAME: a table row from $TMP/pa.NAME (wall ms, probes, load per run)
	pa_row() {
		local m
		m=$(col "$TMP/pa.$2" 1 | median)
		echo "| $1 | ${m:--} | $(col "$TMP/pa.$2" 1 | spread) |" \
			"$(col "$TMP/pa.$2" 2 | head -n 1) | $(col "$TMP/pa.$2" 3 | spread) |"
	}
	# pa_table SUFFIX: the rows of the runs named multi, perf and bpftrace plus SUFFIX
	pa_table() {
		[ "$have_dtrace" -eq 1 ] && pa_row "dtrace (uprobe_multi)" "multi$1"
		[ "$have_dtrace" -eq 1 ] && [ -z "$1" ] && [ "$PIDATTACH_PERF" = 1 ] &&
			pa_row "dtrace (perf-event uprobes)" perf
		[ "$have_bpftrace" -eq 1 ] && pa_row bpftrace "bpftrace$1"
		[ "$have_dtrace" -eq 1 ] && [ "$have_bpftrace" -eq 1 ] &&
			echo "| dtrace (uprobe_multi) / bpftrace |" \
				"$(ratio "$(col "$TMP/pa.multi$1" 1 | median)" \
					"$(col "$TMP/pa.bpftrace$1" 1 | median)") | | | |"
		echo
	}
	pa_table ""
	[ "$PIDATTACH_AZ" = 1 ] || return 0
	echo "The same for the functions of libc named a* to o* and q* to z* (one description or"
	echo "probe per letter), which both tracers can attach:"
	echo
	echo "| | wall ms | spread | probes | load |"
	echo "|---|---:|---:|---:|---:|"
	pa_table _az
}

# ---- report -------------------------------------------------------------------------------

bver="bpftrace not run"
[ "$have_bpftrace" -eq 1 ] && bver=$("$BPFTRACE" --version 2>/dev/null | head -n 1)
dver=$(git -C "$ROOT" describe --always --dirty 2>/dev/null || echo unknown)
echo "# dtrace benchmarks, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo
echo "Linux $(uname -r), $(nproc) CPUs; dtrace $dver$([ "$have_dtrace" -eq 1 ] || echo ' (not run)');" \
	"$bver."
echo
for b in "${which[@]}"; do
	"bench_$b"
done
if [ ${#notes[@]} -gt 0 ]; then
	echo "Notes:"
	echo
	printf -- '- %s\n' "${notes[@]}"
fi
exit 0
