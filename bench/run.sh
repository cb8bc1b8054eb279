#!/bin/bash
# shellcheck disable=SC2317,SC2016 # bench_* are called indirectly; D code is in single quotes
# bench/run.sh: dtrace against bpftrace, side by side in one run; a Markdown report on stdout.
#
#   sudo bench/run.sh [startup|count|printf]...     (default: all three)
#
#   startup  wall time and peak RSS of `dtrace -n 'BEGIN { exit(0); }'` and of
#            `bpftrace -e 'BEGIN { exit(); }'` (hyperfine when installed, else a timed loop)
#   count    cost per event of `@ = count()` on getppid entry: the loop trigger calls getppid
#            N times and prints its ns per call, untraced and under each tracer (-c)
#   printf   cost per event of printf("%d\n", tid) on getppid entry, output into a pipe;
#            records delivered and drops reported
#
# Environment: REPS (repetitions, default 5), N_COUNT (2000000), N_PRINTF (200000),
# STARTUP_RUNS (10), DTRACE (default build/dtrace), BPFTRACE (default bpftrace).
# Progress goes to stderr. Compare ratios within one run, not absolute times across runs.
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DTRACE=${DTRACE:-$ROOT/build/dtrace}
BPFTRACE=${BPFTRACE:-bpftrace}
LOOP=$ROOT/build/tests/triggers/loop
REPS=${REPS:-5}
N_COUNT=${N_COUNT:-2000000}
N_PRINTF=${N_PRINTF:-200000}
STARTUP_RUNS=${STARTUP_RUNS:-10}

which=("$@")
[ ${#which[@]} -eq 0 ] && which=(startup count printf)
for b in "${which[@]}"; do
	case $b in
	startup | count | printf) ;;
	*)
		echo "usage: bench/run.sh [startup|count|printf]..." >&2
		exit 2
		;;
	esac
done

TMP=$(mktemp -d "${TMPDIR:-/tmp}/dtrace-bench.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT
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

bench_startup() {
	local dw="" dr="" bw="" br=""
	[ -x /usr/bin/time ] || note "startup: /usr/bin/time is missing (apt-get install time): no RSS."
	if [ "$have_dtrace" -eq 1 ]; then
		log "startup: dtrace"
		dw=$(wall_ms dtrace "$DTRACE" -n 'BEGIN { exit(0); }')
		dr=$(rss_kib "$DTRACE" -n 'BEGIN { exit(0); }')
	fi
	if [ "$have_bpftrace" -eq 1 ]; then
		log "startup: bpftrace"
		bw=$(wall_ms bpftrace "$BPFTRACE" -e 'BEGIN { exit(); }')
		br=$(rss_kib "$BPFTRACE" -e 'BEGIN { exit(); }')
	fi
	local how="a loop of $STARTUP_RUNS runs"
	command -v hyperfine >/dev/null 2>&1 && how="hyperfine, $STARTUP_RUNS runs"
	echo "## Startup: \`BEGIN { exit }\`"
	echo
	echo "Median wall time ($how) and median peak RSS (/usr/bin/time, 5 runs)."
	echo
	echo "| | wall time (ms) | peak RSS (MiB) |"
	echo "|---|---:|---:|"
	[ "$have_dtrace" -eq 1 ] && echo "| dtrace | $(fmt "$dw" 1 1) | $(fmt "$dr" 1024 1) |"
	[ "$have_bpftrace" -eq 1 ] && echo "| bpftrace | $(fmt "$bw" 1 1) | $(fmt "$br" 1024 1) |"
	[ "$have_dtrace" -eq 1 ] && [ "$have_bpftrace" -eq 1 ] &&
		echo "| dtrace / bpftrace | $(ratio "$dw" "$bw") | $(ratio "$dr" "$br") |"
	echo
}

# ---- per-event cost -----------------------------------------------------------------------

# ns_of FILE: the loop trigger's ns_per_call value in FILE.
ns_of() { awk '$1 == "ns_per_call" { print $2; exit }' "$1"; }

# traced TOOL N PROGRAM OUT ERR: run the loop trigger under TOOL with PROGRAM, at most 5
# minutes; its exit status.
traced() {
	local tool=$1 n=$2 prog=$3 out=$4 err=$5
	if [ "$tool" = dtrace ]; then
		timeout -s INT -k 10 300 "$DTRACE" -q -c "$LOOP $n" -n "$prog" >"$out" 2>"$err"
	else
		timeout -s INT -k 10 300 "$BPFTRACE" -c "$LOOP $n" -e "$prog" >"$out" 2>"$err"
	fi
}

bench_count() {
	local n=$N_COUNT r
	local dprog='syscall::getppid:entry { @ = count(); }'
	local bprog='tracepoint:syscalls:sys_enter_getppid { @ = count(); }'
	: >"$TMP/c.base"
	: >"$TMP/c.dtrace"
	: >"$TMP/c.bpftrace"
	: >"$TMP/c.dtrace.n"
	: >"$TMP/c.bpftrace.n"
	# Rounds interleave the three, so drift in the VM hits all of them alike.
	for ((r = 1; r <= REPS; r++)); do
		log "count: round $r of $REPS"
		"$LOOP" "$n" >"$TMP/out" && ns_of "$TMP/out" >>"$TMP/c.base"
		if [ "$have_dtrace" -eq 1 ]; then
			if traced dtrace "$n" "$dprog" "$TMP/out" "$TMP/err"; then
				ns_of "$TMP/out" >>"$TMP/c.dtrace"
				awk '/^ *[0-9]+ *$/ { v = $1 } END { if (v != "") print v }' \
					"$TMP/out" >>"$TMP/c.dtrace.n"
			else
				note "count: dtrace failed in round $r: $(head -n 1 "$TMP/err")"
			fi
		fi
		if [ "$have_bpftrace" -eq 1 ]; then
			if traced bpftrace "$n" "$bprog" "$TMP/out" "$TMP/err"; then
				ns_of "$TMP/out" >>"$TMP/c.bpftrace"
				awk '$1 == "@:" { print $2 }' "$TMP/out" >>"$TMP/c.bpftrace.n"
			else
				note "count: bpftrace failed in round $r: $(grep -v RLIMIT_MEMLOCK "$TMP/err" | head -n 1)"
			fi
		fi
	done
	local base dt bt dn bn
	base=$(median <"$TMP/c.base")
	dt=$(median <"$TMP/c.dtrace")
	bt=$(median <"$TMP/c.bpftrace")
	dn=$(median <"$TMP/c.dtrace.n")
	bn=$(median <"$TMP/c.bpftrace.n")
	local da="" ba=""
	[ -n "$dt" ] && da=$(sub "$dt" "$base")
	[ -n "$bt" ] && ba=$(sub "$bt" "$base")
	echo "## Per-event cost: \`@ = count()\` on getppid entry"
	echo
	echo "The loop trigger calls getppid $n times; medians of $REPS rounds."
	echo
	echo "| | ns per call | added ns per event | events counted |"
	echo "|---|---:|---:|---:|"
	echo "| untraced | $(fmt "$base" 1 0) | | |"
	[ "$have_dtrace" -eq 1 ] && echo "| dtrace | $(fmt "$dt" 1 0) | $(fmt "$da" 1 0) | ${dn:--} |"
	[ "$have_bpftrace" -eq 1 ] && echo "| bpftrace | $(fmt "$bt" 1 0) | $(fmt "$ba" 1 0) | ${bn:--} |"
	[ "$have_dtrace" -eq 1 ] && [ "$have_bpftrace" -eq 1 ] &&
		echo "| dtrace / bpftrace | $(ratio "$dt" "$bt") | $(ratio "$da" "$ba") | |"
	echo
}

# ---- printf -------------------------------------------------------------------------------

# printf_run TOOL N: one traced run with stdout into a pipe; appends "ns records drops" to
# $TMP/p.TOOL.
printf_run() {
	local tool=$1 n=$2 prog st
	if [ "$tool" = dtrace ]; then
		prog='syscall::getppid:entry { printf("%d\n", tid); }'
	else
		prog='tracepoint:syscalls:sys_enter_getppid { printf("%d\n", tid); }'
	fi
	# The pipe reader counts records (numeric lines) and keeps the trigger's own line apart.
	traced "$tool" "$n" "$prog" /dev/stdout "$TMP/err" |
		awk '$1 == "ns_per_call" { ns = $2; next } /^[0-9]+$/ { n++ }
		     END { print (ns == "" ? "-" : ns), n + 0 }' >"$TMP/p.one"
	st=${PIPESTATUS[0]}
	if [ "$st" -ne 0 ] || grep -q '^-' "$TMP/p.one"; then
		note "printf: $tool failed (status $st): $(grep -v RLIMIT_MEMLOCK "$TMP/err" | head -n 1)"
		return
	fi
	# dtrace: "dtrace: N drops on CPU M"; bpftrace: "Lost N events".
	local drops
	drops=$(grep -Eo '[0-9]+ drops? on CPU|Lost [0-9]+ events' "$TMP/err" |
		grep -Eo '[0-9]+' | awk '{ s += $1 } END { print s + 0 }')
	echo "$(cat "$TMP/p.one") $drops" >>"$TMP/p.$tool"
}

bench_printf() {
	local n=$N_PRINTF r
	: >"$TMP/p.base"
	: >"$TMP/p.dtrace"
	: >"$TMP/p.bpftrace"
	for ((r = 1; r <= REPS; r++)); do
		log "printf: round $r of $REPS"
		"$LOOP" "$n" >"$TMP/out" && ns_of "$TMP/out" >>"$TMP/p.base"
		[ "$have_dtrace" -eq 1 ] && printf_run dtrace "$n"
		[ "$have_bpftrace" -eq 1 ] && printf_run bpftrace "$n"
	done
	local base dt bt da ba drec brec ddrop bdrop
	base=$(median <"$TMP/p.base")
	dt=$(awk '{ print $1 }' "$TMP/p.dtrace" | median)
	bt=$(awk '{ print $1 }' "$TMP/p.bpftrace" | median)
	drec=$(awk '{ print $2 }' "$TMP/p.dtrace" | median)
	brec=$(awk '{ print $2 }' "$TMP/p.bpftrace" | median)
	ddrop=$(awk '{ print $3 }' "$TMP/p.dtrace" | median)
	bdrop=$(awk '{ print $3 }' "$TMP/p.bpftrace" | median)
	da="" ba=""
	[ -n "$dt" ] && da=$(sub "$dt" "$base")
	[ -n "$bt" ] && ba=$(sub "$bt" "$base")
	printf '%s\n' '## Per-event cost: `printf("%d\n", tid)` on getppid entry, into a pipe'
	echo
	echo "The loop trigger calls getppid $n times; medians of $REPS rounds. Records: lines"
	echo "that reached the pipe; drops: as the tracer reported them on stderr."
	echo
	echo "| | ns per call | added ns per event | records delivered | drops |"
	echo "|---|---:|---:|---:|---:|"
	echo "| untraced | $(fmt "$base" 1 0) | | | |"
	[ "$have_dtrace" -eq 1 ] &&
		echo "| dtrace | $(fmt "$dt" 1 0) | $(fmt "$da" 1 0) | $(fmt "$drec" 1 0) | $(fmt "$ddrop" 1 0) |"
	[ "$have_bpftrace" -eq 1 ] &&
		echo "| bpftrace | $(fmt "$bt" 1 0) | $(fmt "$ba" 1 0) | $(fmt "$brec" 1 0) | $(fmt "$bdrop" 1 0) |"
	[ "$have_dtrace" -eq 1 ] && [ "$have_bpftrace" -eq 1 ] &&
		echo "| dtrace / bpftrace | $(ratio "$dt" "$bt") | $(ratio "$da" "$ba") | | |"
	echo
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
