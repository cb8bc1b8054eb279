#!/bin/bash
# SPDX-License-Identifier: GPL-2.0-only
# bench/compile.sh: compile speed of the D front end and code generator, side by side with
# bpftrace's compile-only mode; a Markdown report on stdout.
#
#   bench/compile.sh [N...]          (default: 1 100 1000 clauses)
#
# For each N, a script of N varied clauses on syscall entry probes (count, sum, quantize
# and printf, predicates on pid/tid/uid) is compiled without enabling anything:
#   dtrace -e -s big.d               (compile, stop before loading; no privileges needed)
#   bpftrace --emit-elf x.elf big.bt (the same clauses on tracepoints, compiled to ELF)
# Time: the median of RUNS runs (hyperfine when installed, else a timed loop). Then, for the
# largest N: whether dtrace opened the kernel's BTF (/sys/kernel/btf/vmlinux) to compile a
# script that names no kernel type (it must not: BTF is loaded lazily), from strace, and the
# issue's target: 1,000 clauses in under 100 ms.
#
# Environment: RUNS (default 10), BT_RUNS (bpftrace runs, default 3; 0 leaves it out),
# DTRACE (default build/dtrace), BPFTRACE (default bpftrace). Progress goes to stderr.
# Compare the ratio within one run, not absolute times across runs.
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
DTRACE=${DTRACE:-$ROOT/build/dtrace}
BPFTRACE=${BPFTRACE:-bpftrace}
RUNS=${RUNS:-10}
BT_RUNS=${BT_RUNS:-3}
TARGET_MS=100

sizes=("$@")
[ ${#sizes[@]} -eq 0 ] && sizes=(1 100 1000)
for n in "${sizes[@]}"; do
	case $n in
	'' | *[!0-9]*)
		echo "usage: bench/compile.sh [N...]" >&2
		exit 2
		;;
	esac
done
[ -x "$DTRACE" ] || {
	echo "compile.sh: $DTRACE not built (run make)" >&2
	exit 2
}
have_bt=0
[ "$BT_RUNS" -gt 0 ] && command -v "$BPFTRACE" >/dev/null 2>&1 && have_bt=1

TMP=$(mktemp -d "${TMPDIR:-/tmp}/dtrace-bench.XXXXXX") || exit 2
trap 'rm -rf "$TMP"' EXIT

# gen_d N / gen_bt N: N clauses, five shapes in turn, each with its own constant.
gen_d() {
	awk -v n="$1" 'BEGIN {
		for (i = 0; i < n; i++) {
			k = i % 5
			if (k == 0)
				printf("syscall::read:entry /pid == %d/ { @[execname] = count(); }\n", i)
			else if (k == 1)
				printf("syscall::write:entry /pid == %d/ " \
				       "{ @w[execname, probefunc] = sum(arg2); }\n", i)
			else if (k == 2)
				printf("syscall::openat:entry /uid == %d/ { @o[pid] = count(); }\n", i)
			else if (k == 3)
				printf("syscall::close:entry /pid == %d && arg0 > 2/ " \
				       "{ @c = quantize(arg0); }\n", i)
			else
				printf("syscall::getpid:entry /tid == %d/ " \
				       "{ printf(\"%%d %%s\\n\", pid, execname); }\n", i)
		}
	}'
}
gen_bt() {
	awk -v n="$1" 'BEGIN {
		t = "tracepoint:syscalls:sys_enter_"
		for (i = 0; i < n; i++) {
			k = i % 5
			if (k == 0)
				printf("%sread /pid == %d/ { @[comm] = count(); }\n", t, i)
			else if (k == 1)
				printf("%swrite /pid == %d/ " \
				       "{ @w[comm, probe] = sum(args->count); }\n", t, i)
			else if (k == 2)
				printf("%sopenat /uid == %d/ { @o[pid] = count(); }\n", t, i)
			else if (k == 3)
				printf("%sclose /pid == %d && args->fd > 2/ " \
				       "{ @c = hist(args->fd); }\n", t, i)
			else
				printf("%sgetpid /tid == %d/ " \
				       "{ printf(\"%%d %%s\\n\", pid, comm); }\n", t, i)
		}
	}'
}

# median_ms RUNS CMD...: the median wall time of CMD in ms (one decimal), "FAIL" if it fails.
median_ms() {
	local runs=$1
	shift
	"$@" >/dev/null 2>"$TMP/err" || {
		echo FAIL
		return
	}
	if command -v hyperfine >/dev/null 2>&1; then
		local cmd
		cmd=$(printf '%q ' "$@")
		hyperfine -N --warmup 1 --runs "$runs" --export-json "$TMP/h.json" "$cmd" \
			>/dev/null 2>&1 || {
			echo FAIL
			return
		}
		# The one median in hyperfine's JSON, seconds -> ms.
		sed -n 's/.*"median": *\([0-9.e+-]*\).*/\1/p' "$TMP/h.json" | head -n 1 |
			awk '{ printf("%.1f\n", $1 * 1000) }'
		return
	fi
	local i t0 t1
	for ((i = 0; i < runs; i++)); do
		t0=$(date +%s%N)
		"$@" >/dev/null 2>&1
		t1=$(date +%s%N)
		echo $(((t1 - t0) / 1000))
	done | sort -n | awk '{ v[NR] = $1 } END {
		m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		printf("%.1f\n", m / 1000)
	}'
}

echo "# Compile speed: dtrace -e vs bpftrace --emit-elf"
echo
echo "$(uname -r), $(nproc) CPUs, median of $RUNS runs (bpftrace: $BT_RUNS)," \
	"$(command -v hyperfine >/dev/null 2>&1 && echo hyperfine || echo timed loop)"
echo
if [ "$have_bt" -eq 1 ]; then
	echo "| clauses | dtrace -e (ms) | bpftrace --emit-elf (ms) | bpftrace / dtrace |"
	echo "|--:|--:|--:|--:|"
else
	echo "| clauses | dtrace -e (ms) |"
	echo "|--:|--:|"
fi
largest=0
for n in "${sizes[@]}"; do
	gen_d "$n" >"$TMP/big$n.d"
	[ "$n" -gt "$largest" ] && largest=$n
	echo "compile.sh: $n clauses: dtrace" >&2
	d_ms=$(median_ms "$RUNS" "$DTRACE" -e -s "$TMP/big$n.d")
	[ "$d_ms" = FAIL ] && sed 's/^/  /' "$TMP/err" | head -n 5 >&2
	if [ "$n" -eq 1000 ]; then
		d_1000=$d_ms
	fi
	if [ "$have_bt" -eq 1 ]; then
		gen_bt "$n" >"$TMP/big$n.bt"
		echo "compile.sh: $n clauses: bpftrace" >&2
		b_ms=$(median_ms "$BT_RUNS" "$BPFTRACE" --emit-elf "$TMP/x.elf" "$TMP/big$n.bt")
		ratio=-
		[ "$d_ms" != FAIL ] && [ "$b_ms" != FAIL ] &&
			ratio=$(awk -v b="$b_ms" -v d="$d_ms" 'BEGIN { printf("%.1fx", b / d) }')
		echo "| $n | $d_ms | $b_ms | $ratio |"
	else
		echo "| $n | $d_ms |"
	fi
done
echo

# BTF: a script that names no kernel type must not read it.
if command -v strace >/dev/null 2>&1; then
	strace -f -e trace=openat -o "$TMP/strace" "$DTRACE" -e -s "$TMP/big$largest.d" \
		>/dev/null 2>&1
	if grep -q '/sys/kernel/btf/vmlinux' "$TMP/strace"; then
		echo "- BTF: **read** (/sys/kernel/btf/vmlinux opened compiling $largest clauses" \
			"that name no kernel type)"
	else
		echo "- BTF: not read ($largest clauses, no kernel type; strace saw no open of" \
			"/sys/kernel/btf/vmlinux)"
	fi
	echo "- files opened: $(grep -c 'openat(' "$TMP/strace")"
else
	echo "- BTF: not checked (no strace)"
fi
if [ -n "${d_1000:-}" ] && [ "$d_1000" != FAIL ]; then
	if awk -v t="$d_1000" -v m="$TARGET_MS" 'BEGIN { exit !(t < m) }'; then
		echo "- target: 1,000 clauses in $d_1000 ms, under ${TARGET_MS} ms: met"
	else
		echo "- target: 1,000 clauses in $d_1000 ms, over ${TARGET_MS} ms: **missed**"
	fi
fi
