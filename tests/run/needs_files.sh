# SPDX-License-Identifier: GPL-2.0-only
# NAME.needs: tests/run-tests.sh runs a test whose requirements this kernel meets, skips one
# it lacks with kfeatures' reason (the first missing word), fails one with an unknown word,
# and asks kfeatures about each word once per run. A copy of the runner works on a tree of
# its own tests here, with a build/ whose kfeatures logs each question before answering it.
root=$(cd "$TESTDIR/../.." && pwd)
kf=$root/build/tests/kfeatures
[ -x "$kf" ] || { echo "$kf not built"; exit 1; }
t=$TMPDIR/tree
mkdir -p "$t/tests/run" "$t/build/tests" || exit 1
cp "$root/tests/run-tests.sh" "$t/tests/" || exit 1
ln -s "$root/build/tests/triggers" "$t/build/tests/triggers"
cat >"$t/build/tests/kfeatures" <<EOF
#!/bin/sh
echo "\$*" >>"$TMPDIR/asked"
exec "$kf" "\$@"
EOF
chmod +x "$t/build/tests/kfeatures"

# Every test prints "ran" and checks it, so a PASS means it ran.
for n in has has_too lacks lacks_second unknown; do
	printf 'BEGIN\n{\n\tprintf("ran\\n");\n\texit(0);\n}\n' >"$t/tests/run/$n.d"
	printf "ran\n\n" >"$t/tests/run/$n.out"
	echo '-q -s @D@' >"$t/tests/run/$n.args"
done
# btf and the syscall tracepoints: dtrace's syscall provider needs both, so any kernel this
# suite runs on has them.
echo 'btf tracepoint:raw_syscalls:sys_enter' >"$t/tests/run/has.needs"
printf '# what it needs\nbtf\n' >"$t/tests/run/has_too.needs"
echo 'tracepoint:nosuchgroup:nosuchevent' >"$t/tests/run/lacks.needs"
echo 'btf tracepoint:nosuchgroup:other' >"$t/tests/run/lacks_second.needs"
echo 'btf kprobez' >"$t/tests/run/unknown.needs"
# A .sh test follows its .needs too.
printf 'echo ran\nexit 0\n' >"$t/tests/run/sh_lacks.sh"
echo 'tracepoint:nosuchgroup:nosuchevent' >"$t/tests/run/sh_lacks.needs"

DTRACE=$DTRACE sh "$t/tests/run-tests.sh" '^run/' >"$TMPDIR/got" 2>&1
rc=$?
cat >"$TMPDIR/want" <<'EOF'
PASS run/has
PASS run/has_too
SKIP run/lacks: needs tracepoint:nosuchgroup:nosuchevent (this kernel has no tracepoint nosuchgroup:nosuchevent)
SKIP run/lacks_second: needs tracepoint:nosuchgroup:other (this kernel has no tracepoint nosuchgroup:other)
FAIL run/unknown: unknown.needs: kfeatures: unknown requirement 'kprobez'
SKIP run/sh_lacks: needs tracepoint:nosuchgroup:nosuchevent (this kernel has no tracepoint nosuchgroup:nosuchevent)
2 passed, 1 failed, 3 skipped
EOF
if ! diff -u "$TMPDIR/want" "$TMPDIR/got" || [ "$rc" -ne 1 ]; then
	echo "runner exit status $rc"
	exit 1
fi
# One question per word per run: btf was needed by four tests, the absent tracepoint by two.
sort "$TMPDIR/asked" >"$TMPDIR/asked.sorted"
printf '%s\n' btf kprobez tracepoint:nosuchgroup:nosuchevent tracepoint:nosuchgroup:other \
	tracepoint:raw_syscalls:sys_enter >"$TMPDIR/asked.want"
diff -u "$TMPDIR/asked.want" "$TMPDIR/asked.sorted" || exit 1

# kfeatures agrees with what the kernel shows where that is a plain fact.
tfs=/sys/kernel/tracing
[ -d $tfs/events ] || tfs=/sys/kernel/debug/tracing
# check WORD TRUE|FALSE: kfeatures WORD must succeed exactly when the shell's test does.
check() {
	"$kf" "$1" >/dev/null
	krc=$?
	if [ "$2" = true ] && [ "$krc" -ne 0 ]; then
		echo "kfeatures $1: $krc, expected 0"
		exit 1
	elif [ "$2" = false ] && [ "$krc" -ne 1 ]; then
		echo "kfeatures $1: $krc, expected 1"
		exit 1
	fi
}
[ -e /sys/kernel/btf/vmlinux ] && check btf true || check btf false
grep -q ' linux_banner$' /proc/kallsyms && check kallsyms-data true || check kallsyms-data false
check tracepoint:sched:sched_switch true
if [ ! -e $tfs/kprobe_events ] && [ ! -e /sys/bus/event_source/devices/kprobe ]; then
	check kprobes false
fi
"$kf" --all >"$TMPDIR/all" || exit 1
[ "$(grep -cE '^[a-z-]+: (yes|no \(.+\))$' "$TMPDIR/all")" -eq 9 ] || { cat "$TMPDIR/all"; exit 1; }
exit 0
