# SPDX-License-Identifier: GPL-2.0-only
# stack() as an aggregation key and in trace(): kernel frames symbolized as module`func+0xoff,
# starting at the traced code (the BPF program and tracepoint glue are not shown).
# shellcheck disable=SC2016
"$DTRACE" -q -c "$TRIGGERS/getpid 5" -n 'int done;
syscall::getpid:entry /pid == $target/ { @[stack()] = count(); }
syscall::getpid:return /pid == $target && !done/ { trace(stack(2)); done = 1; }' \
	>"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; echo "exit $?"; exit 1; }
cat "$TMPDIR/out"
fail() { echo "$1"; exit 1; }
grep -Eq '^              vmlinux`do_syscall_64\+0x[0-9a-f]+$' "$TMPDIR/out" || fail "no do_syscall_64 frame"
grep -Eq '^                5$' "$TMPDIR/out" || fail "the stack key's count is not 5"
! grep -Eq 'bpf_prog_|bpf_trace_run|__bpf_trace_' "$TMPDIR/out" || fail "tracing frames shown"
# trace(stack(2)): exactly two frames after an empty line
[ "$(sed -n '1,3p' "$TMPDIR/out" | grep -c '^              vmlinux`')" -eq 2 ] || fail "stack(2)"
# -x stackframes sets how many frames stack() records
# shellcheck disable=SC2016
"$DTRACE" -q -x stackframes=2 -c "$TRIGGERS/getpid 1" \
	-n 'syscall::getpid:entry /pid == $target/ { @[stack()] = count(); }' >"$TMPDIR/out2" ||
	fail "stackframes=2 run"
[ "$(grep -c '^              vmlinux`' "$TMPDIR/out2")" -eq 2 ] || { cat "$TMPDIR/out2"; fail "stackframes"; }
exit 0
