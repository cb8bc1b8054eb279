#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# fuzz.sh: fuzz dtrace with libFuzzer: the D front end (lexer, parser, semantic analysis), or
# the back end (code generation and loading into the kernel, whose verifier is the oracle).
#
#   scripts/fuzz.sh [--target T] [SECONDS] [-- LIBFUZZER-ARGS...]   fuzz for SECONDS
#                                                      (default 60)
#   scripts/fuzz.sh [--target T] --replay [FILE...]    run inputs once (default: every file
#                                                      in the target's crashes directory);
#                                                      exit 1 if any still fails
#
# Targets (make fuzz builds both):
#   compile  build/fuzz/fuzz_compile: lex, parse, sema; no kernel. The default.
#   load     build/fuzz/fuzz_load: what the front end accepts is generated and loaded
#            (BPF_PROG_LOAD, never attached); a kernel refusal or a leaked fd is a crash.
#            Root only. Inputs are D text, or choices for its generator of valid D
#            (tests/fuzz/fuzz_gen.c) when they start with the byte 0xff. Refusals that are
#            known bugs (tests/fuzz/known-load.txt, which names their inputs) are
#            counted, not crashed on.
#
# Seeds: tests/fuzz/corpus/ (the unit tests' snippets; compile) or tests/fuzz/gen/ (generator
# choices; load), every .d file under tests/ and examples/, and the target's crashes directory
# (tests/fuzz/crashes/ or tests/fuzz/crashes-load/: inputs that once failed, so a regression
# fails at once); what libFuzzer learns goes to build/fuzz/corpus/ (corpus-load/), so later
# runs start from there (load: runs under 10 minutes start from tests/fuzz/gen/ and its
# crashes alone, and afresh). Inputs up to 4096 bytes, the D token dictionary tests/fuzz/d.dict,
# 10 s per input (load: 20 s) before it counts as a hang.
#
# Environment:
#   FUZZ_FRESH=1     start from the seeds alone (the test suite sets it with a fixed -seed and
#                     -runs, so its runs are reproducible)
#   FUZZ_JOBS=N       N worker processes that keep going after a crash, hang or leak (fork
#                     mode; for long runs); default 1, which stops at the first failure
#   FUZZ_ARTIFACTS=D  where crash-*, leak-*, timeout-*, oom-* inputs go (build/fuzz/artifacts/,
#                     load: build/fuzz/artifacts-load/)
#
# Exit status: 0 no new failure; 1 a new crash, hang, leak or out-of-memory input (its path
# and the command that reproduces it are printed); 2 usage or build error; 77 the fuzzer
# cannot be built or run here (clang or its libFuzzer runtime is missing, or load without
# root; the reason is the last line of output).
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd) || exit 2
FUZZ_DIR=$ROOT/build/fuzz
TARGET=compile
if [ "${1:-}" = --target ]; then
	TARGET=${2:-}
	shift 2 || exit 2
fi
case $TARGET in
compile)
	SFX= CORPUS=$ROOT/tests/fuzz/corpus CRASHDIR=$ROOT/tests/fuzz/crashes TIMEOUT=10
	;;
load)
	# a program the verifier walks to its million-instruction limit takes 16-22 s on this
	# 2-core machine under the other sessions' load (seen with a strtoll() program, load 12)
	SFX=-load CORPUS=$ROOT/tests/fuzz/gen CRASHDIR=$ROOT/tests/fuzz/crashes-load TIMEOUT=60
	# known bugs, counted rather than crashed on (unless FUZZ_LOAD_KNOWN is set already)
	FUZZ_LOAD_KNOWN=${FUZZ_LOAD_KNOWN-$(grep -v '^#' "$ROOT/tests/fuzz/known-load.txt" |
		grep . | paste -sd '|')}
	export FUZZ_LOAD_KNOWN
	if [ "$(id -u)" -ne 0 ]; then
		echo "fuzz.sh: the load target needs root (BPF_PROG_LOAD)"
		echo "needs root"
		exit 77
	fi
	;;
*)
	echo "fuzz.sh: unknown target '$TARGET' (compile or load)" >&2
	exit 2
	;;
esac
BIN=$FUZZ_DIR/fuzz_$TARGET
ARTIFACTS=${FUZZ_ARTIFACTS:-$FUZZ_DIR/artifacts$SFX}
JOBS=${FUZZ_JOBS:-1}
CLANG=${CLANG:-clang}

# can_build: is there a clang whose libFuzzer runtime links? (libclang-rt-NN-dev on Debian)
can_build() {
	command -v "$CLANG" >/dev/null 2>&1 || {
		echo "no $CLANG (install clang)"
		return 1
	}
	cb_dir=$(mktemp -d "${TMPDIR:-/tmp}/fuzzcheck.XXXXXX") || return 1
	printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { return 0; }' >"$cb_dir/t.c"
	if ! "$CLANG" -fsanitize=fuzzer,address,undefined -o "$cb_dir/t" "$cb_dir/t.c" \
		>/dev/null 2>&1; then
		rm -rf "$cb_dir"
		echo "$CLANG has no libFuzzer runtime (install libclang-rt-$("$CLANG" -dumpversion |
			cut -d. -f1)-dev)"
		return 1
	fi
	rm -rf "$cb_dir"
}

build() {
	if ! why=$(can_build); then
		echo "fuzz.sh: cannot build the fuzzer: $why"
		echo "$why"
		exit 77
	fi
	if ! make -s -C "$ROOT" fuzz >"$FUZZ_DIR.log" 2>&1; then
		cat "$FUZZ_DIR.log" >&2
		echo "fuzz.sh: make fuzz failed" >&2
		exit 2
	fi
	rm -f "$FUZZ_DIR.log"
}

mkdir -p "$FUZZ_DIR" || exit 2

if [ "${1:-}" = --replay ]; then
	shift
	build
	[ $# -gt 0 ] || set -- "$CRASHDIR"/*
	nbad=0
	for f in "$@"; do
		[ -f "$f" ] || continue
		# -runs=1 over a single file runs exactly that input.
		if "$BIN" -runs=1 "$f" >"$FUZZ_DIR/replay$SFX.log" 2>&1; then
			echo "ok    $f"
		else
			echo "FAIL  $f"
			grep -aE '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$FUZZ_DIR/replay$SFX.log" |
				head -n 3 | sed 's/^/      /'
			nbad=$((nbad + 1))
		fi
	done
	rm -f "$FUZZ_DIR/replay$SFX.log"
	[ "$nbad" -eq 0 ]
	exit
fi

SECONDS_=60
case ${1:-} in
'') ;;
--) ;;
*[!0-9]*)
	echo "usage: fuzz.sh [--target compile|load] [SECONDS] [-- LIBFUZZER-ARGS...] |" \
		"[--target compile|load] --replay [FILE...]" >&2
	exit 2
	;;
*)
	SECONDS_=$1
	shift
	;;
esac
[ "${1:-}" = -- ] && shift

build

# Seeds: the .d files of the tests and examples, flattened (libFuzzer reads directories).
# libFuzzer runs every seed before it looks at the clock, and a load takes the verifier
# 10-100 ms, so a short load run (the CI test) starts from its own seeds alone, and afresh
# (its corpus grows by hundreds of inputs a minute); the run tests load every test program.
SEEDS=$FUZZ_DIR/seeds$SFX
rm -rf "$SEEDS" && mkdir -p "$SEEDS" "$ARTIFACTS" || exit 2
SEED_TESTS=1
if [ "$TARGET" = load ] && [ "$SECONDS_" -lt 600 ]; then
	SEED_TESTS=0
	rm -rf "$FUZZ_DIR/corpus$SFX"
fi
# FUZZ_FRESH=1 (the test suite's runs): forget what earlier runs learnt, so the same tree
# and seed try the same inputs here as on a clean checkout.
[ "${FUZZ_FRESH:-0}" = 1 ] && rm -rf "$FUZZ_DIR/corpus$SFX"
mkdir -p "$FUZZ_DIR/corpus$SFX" || exit 2
[ "$SEED_TESTS" -eq 1 ] && find "$ROOT/tests" "$ROOT/examples" -name '*.d' -type f \
	! -path '*/fuzz/crashes*' 2>/dev/null | while read -r f; do
	rel=${f#"$ROOT"/}
	cp "$f" "$SEEDS/$(printf '%s' "$rel" | tr '/' '_')"
done

CRASHES=
[ -d "$CRASHDIR" ] && CRASHES=$CRASHDIR

# New failures are the artifacts newer than this mark.
MARK=$FUZZ_DIR/.mark$SFX.$$
: >"$MARK"
trap 'rm -f "$MARK"' EXIT

set -- -max_len=4096 -timeout="$TIMEOUT" -report_slow_units="$TIMEOUT" -rss_limit_mb=2048 -max_total_time="$SECONDS_" \
	-dict="$ROOT/tests/fuzz/d.dict" -artifact_prefix="$ARTIFACTS/" -print_final_stats=1 "$@"
if [ "$JOBS" -gt 1 ]; then
	set -- -fork="$JOBS" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 "$@"
fi
echo "fuzz.sh: fuzzing for ${SECONDS_}s: $BIN (corpus build/fuzz/corpus$SFX, artifacts" \
	"$ARTIFACTS)"
# ASan: report leaks, and make UBSan's reports abort so libFuzzer keeps the input.
ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1} \
	UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
	"$BIN" "$@" "$FUZZ_DIR/corpus$SFX" "$CORPUS" "$SEEDS" ${CRASHES:+"$CRASHES"} \
	>"$FUZZ_DIR/fuzz$SFX.log" 2>&1
rc=$?

grep -aE '^(stat::|#[0-9]+ +DONE)' "$FUZZ_DIR/fuzz$SFX.log" | sed 's/^/  /'
found=$(find "$ARTIFACTS" -type f -newer "$MARK" \
	\( -name 'crash-*' -o -name 'leak-*' -o -name 'timeout-*' -o -name 'oom-*' \
	-o -name 'slow-unit-*' \) 2>/dev/null | sort)
if [ -n "$found" ]; then
	echo "fuzz.sh: FAILED: new inputs that crash, hang or leak (log: $FUZZ_DIR/fuzz$SFX.log):"
	grep -aE '^(==[0-9]+==ERROR|SUMMARY|.*runtime error)' "$FUZZ_DIR/fuzz$SFX.log" | sort -u |
		head -n 10 | sed 's/^/  /'
	for f in $found; do
		echo "  reproducer: $f"
		echo "    reproduce: $BIN $f"
	done
	echo "  minimize: $BIN -minimize_crash=1 -runs=10000 -artifact_prefix=$ARTIFACTS/min- FILE"
	exit 1
fi
if [ "$rc" -ne 0 ]; then
	echo "fuzz.sh: the fuzzer exited with status $rc (log: $FUZZ_DIR/fuzz$SFX.log):"
	tail -n 20 "$FUZZ_DIR/fuzz$SFX.log" | sed 's/^/  /'
	exit 1
fi
echo "fuzz.sh: no crash, hang or leak in ${SECONDS_}s"
exit 0
