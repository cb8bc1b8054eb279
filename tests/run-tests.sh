#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run-tests.sh: run every test of the project and print one line per test, then a summary.
#
#   tests/run-tests.sh [PATTERN...]      only tests whose name matches a PATTERN (grep -E)
#
# In order:
#   unit/   every build/tests/unit/test_* binary (no kernel needed). Each prints "ok NAME" or
#           "FAIL NAME" per test and "N passed, N failed" last; each test counts in the totals.
#   run/    tests/run/NAME.d, traced for real (root only), expected exit status 0.
#   errors/ tests/errors/NAME.d, programs that must be rejected, expected exit status 1.
#   fuzz/compile, fuzz/load  scripts/fuzz.sh over the compiler's front end, then over the
#           back end loading into the kernel (root only): a fixed number of inputs
#           ($FUZZ_RUNS, default 20000 and 200) from a fixed seed ($FUZZ_SEED, default 1), so
#           every run of a given tree tries the same inputs and a failure is the tree's, not
#           the dice's; at most $FUZZ_SECONDS seconds each (default 120; 0 turns them off);
#           an input is a hang after 60 s (a busy machine slows a sanitized compile that
#           reads /proc/kallsyms past scripts/fuzz.sh's 10 s).
#           Open-ended fuzzing is scripts/fuzz.sh's job. A crash, hang or leak fails it and
#           prints the reproducer's path and, for load, the D program. Skipped when clang's libFuzzer runtime is missing, and while a
#           known failure in the target's crashes directory still reproduces (scripts/fuzz.sh
#           --target T --replay lists them): once they are fixed the stage arms itself, with
#           them as regressions.
#
# A .d test is NAME.d plus optional files next to it:
#   NAME.out     expected stdout, compared exactly (not checked when absent)
#   NAME.err     expected stderr, compared exactly (not checked when absent)
#   NAME.errstart  the first lines of the expected stderr: stderr must begin with exactly
#                these lines (pins DTrace's message while our own lines, such as a caret
#                under the source, may follow)
#   NAME.status  expected exit status (default 0 in run/, 1 in errors/)
#   NAME.args    the dtrace arguments, one line, split like a shell command line; @D@ becomes
#                NAME.d (the test runs in its own directory, so messages name a stable
#                relative path) and @T@ the triggers directory. Default: -s @D@
#   NAME.skip    skip the test; the file's first line is the reason
#   NAME.needs   what the kernel must have, words on one line (for .sh tests too); the test
#                is skipped with the reason where one is missing, e.g. "SKIP run/fbt_entry:
#                needs kprobes (this kernel has no kprobe_events)". build/tests/kfeatures
#                (tests/tools/kfeatures.c) checks each word for real, once per run:
#                  kprobes, fentry (BPF trampolines), kallsyms-data (data symbols such as
#                  linux_banner in /proc/kallsyms), uprobes, uprobe-multi, kprobe-multi
#                  (BPF multi-probe links), tracepoint:GROUP:NAME, btf (vmlinux BTF),
#                  netns (`unshare -n` with lo), loop (a loop device can be set up).
#                An unknown word fails the test. `build/tests/kfeatures --all` shows this
#                kernel's answers.
# A NAME.sh test runs in its directory with DTRACE, TRIGGERS, TESTDIR (its directory) and
# TMPDIR (an empty scratch directory) in the environment: exit 0 passes, 77 skips (reason: the
# last line of its stdout), anything else fails. A mount it leaves under TMPDIR fails it too
# (the runner detaches it before removing TMPDIR).
#
# Every test runs under timeout(1): SIGINT after $TEST_TIMEOUT seconds (default 60), SIGKILL
# 10 s later. The last line of output is always "N passed, N failed, N skipped"; the exit
# status is 1 if any test failed.

ROOT=$(cd "$(dirname "$0")/.." && pwd) || exit 2
BUILD=$ROOT/build
# DTRACE=/usr/sbin/dtrace tests/run-tests.sh tests another binary, such as an installed one.
DTRACE=${DTRACE:-$BUILD/dtrace}
case $DTRACE in /*) ;; */*) DTRACE=$(pwd)/$DTRACE ;; *) DTRACE=$(command -v "$DTRACE") ;; esac
TRIGGERS=$BUILD/tests/triggers
KFEATURES=$BUILD/tests/kfeatures
TEST_TIMEOUT=${TEST_TIMEOUT:-60}
DIFF_LINES=40
export LC_ALL=C

npass=0
nfail=0
nskip=0
TMP=$(mktemp -d "${TMPDIR:-/tmp}/dtrace-tests.XXXXXX") || exit 2
# Remove a scratch directory; first detach whatever a test left mounted in it: rm would
# otherwise delete the files under the mount (a bind of / left there by a test that was killed
# or could not unmount deleted most of /etc on 2026-11-24).
scratch_mounts() {
	awk -v p="$1/" 'index($2, p) == 1 { print $2 }' /proc/mounts | sort -r
}
scratch_rm() {
	scratch_mounts "$1" | while read -r m; do umount -l "$m" 2>/dev/null; done
	if [ -n "$(scratch_mounts "$1")" ]; then
		echo "run-tests.sh: $1 still has mounts under it: not removed" >&2
		return 1
	fi
	rm -rf "$1"
}
trap 'scratch_rm "$TMP"' EXIT
trap 'exit 130' INT TERM

if [ "$(id -u)" -eq 0 ]; then is_root=1; else is_root=0; fi

# selected NAME: true when no pattern was given or NAME matches one of them. The patterns are
# one alternation, one grep per test (a fork per pattern costs minutes in a TCG guest).
sel_re=
for sel_pat in "$@"; do sel_re="${sel_re:+$sel_re|}($sel_pat)"; done
selected() {
	[ -n "$sel_re" ] || return 0
	printf '%s\n' "$1" | grep -Eq -- "$sel_re"
}

pass() {
	echo "PASS $1"
	npass=$((npass + 1))
}
fail() {
	if [ -n "${2:-}" ]; then echo "FAIL $1: $2"; else echo "FAIL $1"; fi
	nfail=$((nfail + 1))
}
skip() {
	echo "SKIP $1: $2"
	nskip=$((nskip + 1))
}

# show_file LABEL FILE: print (at most DIFF_LINES lines of) FILE, indented, when non-empty.
show_file() {
	[ -s "$2" ] || return 0
	echo "    --- $1 ---"
	head -n "$DIFF_LINES" "$2" | sed 's/^/    /'
	n=$(wc -l <"$2")
	[ "$n" -le "$DIFF_LINES" ] || echo "    ... ($((n - DIFF_LINES)) more lines)"
}

# show_diff LABEL EXPECTED ACTUAL: a unified diff, trimmed.
show_diff() {
	diff -u --label "expected $1" --label "actual $1" "$2" "$3" >"$TMP/diff"
	head -n "$DIFF_LINES" "$TMP/diff"
	n=$(wc -l <"$TMP/diff")
	[ "$n" -le "$DIFF_LINES" ] || echo "... ($((n - DIFF_LINES)) more lines of diff)"
}

# run_timed CMD...: run CMD under timeout with stdin from /dev/null, stdout and stderr to
# $TMP/out and $TMP/err; sets rc (124 means it timed out).
run_timed() {
	t_start=$(date +%s)
	timeout -s INT -k 10 "$TEST_TIMEOUT" "$@" </dev/null >"$TMP/out" 2>"$TMP/err"
	rc=$?
	# Whatever the status, a test that lasted its whole time timed out: after SIGINT was
	# ignored, timeout's SIGKILL leaves 137; busybox's timeout (make vmcheck's guests)
	# returns the test's own status, 0 from a dtrace that ends on SIGINT.
	[ $(($(date +%s) - t_start)) -ge "$TEST_TIMEOUT" ] && rc=124
	return 0
}

# needs_met FILE: 0 when the kernel has every word of the .needs FILE; 1 when it lacks one
# (needs_why: "needs WORD (why)"); 2 when FILE cannot be checked (needs_why says why).
# Each word's answer is kept in $TMP/needs/ for the rest of the run.
needs_met() {
	if [ ! -x "$KFEATURES" ]; then
		needs_why="$KFEATURES not built (run make)"
		return 2
	fi
	mkdir -p "$TMP/needs" || exit 2
	for nw in $(sed 's/#.*//' "$1"); do
		case $nw in */* | .*)
			needs_why="$(basename "$1"): bad requirement '$nw'"
			return 2
			;;
		esac
		if [ ! -f "$TMP/needs/$nw" ]; then
			"$KFEATURES" "$nw" >"$TMP/needs/$nw.tmp" 2>&1
			nrc=$?
			if [ "$nrc" -gt 1 ]; then
				needs_why="$(basename "$1"): $(cat "$TMP/needs/$nw.tmp")"
				rm -f "$TMP/needs/$nw.tmp"
				return 2
			fi
			[ "$nrc" -eq 0 ] && : >"$TMP/needs/$nw.tmp"
			mv "$TMP/needs/$nw.tmp" "$TMP/needs/$nw"
		fi
		if [ -s "$TMP/needs/$nw" ]; then
			needs_why="needs $(head -n 1 "$TMP/needs/$nw")"
			return 1
		fi
	done
	return 0
}

# ---- unit tests -------------------------------------------------------------------------

run_unit() {
	ubin=$1
	uname=unit/$(basename "$ubin")
	run_timed "$ubin"
	up=$(grep -c '^ok ' "$TMP/out")
	uf=$(grep -c '^FAIL ' "$TMP/out")
	npass=$((npass + up))
	nfail=$((nfail + uf))
	grep '^FAIL ' "$TMP/out" | sed "s|^FAIL |FAIL $uname/|"
	if [ "$rc" -eq 124 ]; then
		fail "$uname" "timed out after ${TEST_TIMEOUT}s"
	elif ! tail -n 1 "$TMP/out" | grep -Eq '^[0-9]+ passed, [0-9]+ failed$'; then
		fail "$uname" "exited with status $rc before its summary line"
	elif [ "$rc" -ne 0 ] && [ "$uf" -eq 0 ]; then
		fail "$uname" "exit status $rc"
	elif [ "$uf" -eq 0 ]; then
		echo "PASS $uname ($up tests)"
		return
	fi
	show_file stderr "$TMP/err"
}

# ---- .d and .sh tests -------------------------------------------------------------------

# run_d_test KIND DIR NAME: KIND is run or errors.
run_d_test() {
	kind=$1 dir=$2 name=$3
	tname=$kind/$name
	if [ ! -x "$DTRACE" ]; then
		fail "$tname" "$DTRACE not built (run make)"
		return
	fi
	if [ -f "$dir/$name.args" ]; then
		args=$(head -n 1 "$dir/$name.args")
	else
		args='-s @D@'
	fi
	args=$(printf '%s\n' "$args" | sed -e "s|@D@|$name.d|g" -e "s|@T@|$TRIGGERS|g")
	want_status=0
	[ "$kind" = errors ] && want_status=1
	[ -f "$dir/$name.status" ] && want_status=$(tr -d ' \t\n' <"$dir/$name.status")

	# Split ARGS like a shell would, quotes included; the .args files are ours.
	(cd "$dir" && eval "set -- $args" && run_timed "$DTRACE" "$@" && exit "$rc")
	rc=$?
	if [ "$rc" -eq 124 ]; then
		fail "$tname" "timed out after ${TEST_TIMEOUT}s"
		show_file stdout "$TMP/out"
		show_file stderr "$TMP/err"
		return
	fi
	ok=1
	why=
	if [ "$rc" != "$want_status" ]; then
		ok=0
		why="exit status $rc, expected $want_status"
	fi
	out_bad=0 err_bad=0
	if [ -f "$dir/$name.out" ] && ! cmp -s "$dir/$name.out" "$TMP/out"; then
		ok=0 out_bad=1
		why="${why:+$why; }stdout differs"
	fi
	if [ -f "$dir/$name.err" ] && ! cmp -s "$dir/$name.err" "$TMP/err"; then
		ok=0 err_bad=1
		why="${why:+$why; }stderr differs"
	fi
	if [ -f "$dir/$name.errstart" ]; then
		head -n "$(wc -l <"$dir/$name.errstart")" "$TMP/err" >"$TMP/errstart"
		if ! cmp -s "$dir/$name.errstart" "$TMP/errstart"; then
			ok=0 err_bad=1
			why="${why:+$why; }stderr does not begin as expected"
		fi
	fi
	if [ "$ok" -eq 1 ]; then
		pass "$tname"
		return
	fi
	fail "$tname" "$why"
	echo "    dtrace $args"
	[ "$out_bad" -eq 1 ] && show_diff stdout "$dir/$name.out" "$TMP/out"
	if [ "$err_bad" -eq 1 ] && [ -f "$dir/$name.err" ]; then
		show_diff stderr "$dir/$name.err" "$TMP/err"
	elif [ "$err_bad" -eq 1 ]; then
		show_diff "start of stderr" "$dir/$name.errstart" "$TMP/errstart"
	fi
	# Nothing to diff against: show what it printed, which is usually the reason.
	[ "$err_bad" -eq 0 ] && show_file stderr "$TMP/err"
	[ "$out_bad" -eq 0 ] && [ ! -f "$dir/$name.out" ] && show_file stdout "$TMP/out"
	return 0
}

run_sh_test() {
	kind=$1 dir=$2 name=$3
	tname=$kind/$name
	if [ ! -x "$DTRACE" ]; then
		fail "$tname" "$DTRACE not built (run make)"
		return
	fi
	shell="sh"
	head -n 1 "$dir/$name.sh" | grep -q bash && shell=bash
	# The test's own scratch directory, apart from the runner's files.
	scratch_rm "$TMP/sh" && mkdir "$TMP/sh" || exit 2
	(cd "$dir" && TESTDIR=$dir TMPDIR=$TMP/sh && export DTRACE TRIGGERS TESTDIR TMPDIR &&
		run_timed "$shell" "$dir/$name.sh" && exit "$rc")
	rc=$?
	# A test leaves nothing mounted in its scratch directory (scratch_rm detaches it).
	left=$(scratch_mounts "$TMP/sh" | sort | sed "s|^$TMP/sh/||" | tr '\n' ' ')
	if [ -n "$left" ]; then
		fail "$tname" "left mounted: $left"
		show_file stdout "$TMP/out"
		show_file stderr "$TMP/err"
		return
	fi
	case $rc in
	0) pass "$tname" ;;
	77) skip "$tname" "$(tail -n 1 "$TMP/out")" ;;
	124)
		fail "$tname" "timed out after ${TEST_TIMEOUT}s"
		show_file stdout "$TMP/out"
		show_file stderr "$TMP/err"
		;;
	*)
		fail "$tname" "exit status $rc"
		show_file stdout "$TMP/out"
		show_file stderr "$TMP/err"
		;;
	esac
}

run_dir() {
	kind=$1
	shift
	dir=$ROOT/tests/$kind
	[ -d "$dir" ] || return 0
	for f in "$dir"/*.d "$dir"/*.sh; do
		[ -f "$f" ] || continue
		base=$(basename "$f")
		name=${base%.*}
		# NAME.sh owns NAME.d when both exist (the .d is its data).
		case $base in *.d) [ -f "$dir/$name.sh" ] && continue ;; esac
		selected "$kind/$name" "$@" || continue
		if [ -f "$dir/$name.skip" ]; then
			skip "$kind/$name" "$(head -n 1 "$dir/$name.skip")"
		elif [ "$is_root" -eq 0 ]; then
			skip "$kind/$name" "needs root"
		else
			nrc=0
			[ -f "$dir/$name.needs" ] && { needs_met "$dir/$name.needs"; nrc=$?; }
			if [ "$nrc" -eq 1 ]; then
				skip "$kind/$name" "$needs_why"
			elif [ "$nrc" -ne 0 ]; then
				fail "$kind/$name" "$needs_why"
			elif [ "$base" = "$name.sh" ]; then
				run_sh_test "$kind" "$dir" "$name"
			else
				run_d_test "$kind" "$dir" "$name"
			fi
		fi
	done
}

for ubin in "$BUILD"/tests/unit/test_*; do
	{ [ -f "$ubin" ] && [ -x "$ubin" ]; } || continue
	selected "unit/$(basename "$ubin")" "$@" || continue
	run_unit "$ubin"
done
run_dir run "$@"
run_dir errors "$@"

# ---- fuzz -------------------------------------------------------------------------------

# run_fuzz TARGET [PATTERN...]: scripts/fuzz.sh --target TARGET as the test fuzz/TARGET.
run_fuzz() {
	ftarget=$1
	shift
	fsecs=${FUZZ_SECONDS:-120}
	case $ftarget in
	compile) fruns=${FUZZ_RUNS:-20000} ;;
	*) fruns=${FUZZ_RUNS:-200} ;;
	esac
	selected "fuzz/$ftarget" "$@" || return 0
	if [ "$fsecs" -eq 0 ]; then
		skip "fuzz/$ftarget" "FUZZ_SECONDS=0"
		return
	fi
	# Known, unfixed failures would be found again in seconds: report them, don't fail.
	timeout -k 10 300 sh "$ROOT/scripts/fuzz.sh" --target "$ftarget" --replay </dev/null \
		>"$TMP/out" 2>"$TMP/err"
	rc=$?
	case $rc in
	0) ;;
	77)
		skip "fuzz/$ftarget" "$(tail -n 1 "$TMP/out")"
		return
		;;
	1)
		nknown=$(grep -c '^FAIL ' "$TMP/out")
		why="$nknown known failure(s) in its crashes directory still reproduce"
		skip "fuzz/$ftarget" "$why (scripts/fuzz.sh --target $ftarget --replay)"
		return
		;;
	*)
		fail "fuzz/$ftarget" "scripts/fuzz.sh --replay exited with status $rc"
		show_file stdout "$TMP/out"
		show_file stderr "$TMP/err"
		return
		;;
	esac
	# The build (make fuzz) comes first and may take a while after a change.
	FUZZ_FRESH=1 timeout -s INT -k 10 $((fsecs + 300)) sh "$ROOT/scripts/fuzz.sh" \
		--target "$ftarget" \
		"$fsecs" -- -seed="${FUZZ_SEED:-1}" -runs="$fruns" -timeout=60 \
		-report_slow_units=60 </dev/null >"$TMP/out" 2>"$TMP/err"
	rc=$?
	fdone=$(sed -n 's/.*number_of_executed_units: *//p' "$TMP/out")
	case $rc in
	0) pass "fuzz/$ftarget (${fdone:-?} inputs, seed ${FUZZ_SEED:-1})" ;;
	77) skip "fuzz/$ftarget" "$(tail -n 1 "$TMP/out")" ;;
	*)
		fail "fuzz/$ftarget" "scripts/fuzz.sh exited with status $rc"
		show_file stdout "$TMP/out"
		show_file stderr "$TMP/err"
		# The failing input as text (fuzz_load prints the program it generated).
		sed -n '/^==== fuzz_load:/,/^==== end of program/p' \
			"$ROOT/build/fuzz/fuzz-$ftarget.log" 2>/dev/null >"$TMP/prog"
		show_file "the failing program" "$TMP/prog"
		;;
	esac
}
run_fuzz compile "$@"
run_fuzz load "$@"

echo "$npass passed, $nfail failed, $nskip skipped"
[ "$nfail" -eq 0 ]
