# SPDX-License-Identifier: GPL-2.0-only
# sdt:GROUP::EVENT lists every kernel tracepoint (not the syscalls group: the syscall
# provider's), args typed by BTF in -l -v; tracepoint:GROUP::EVENT names the same events
# (the syscalls group too), listed only when asked for by name (dtrace -l shows each
# tracepoint once), its args the tracepoint's record, whose fields -l -v lists. Both are the
# kernel's static probes: the Guide's sdt stability (Private names, ISA).
"$DTRACE" -lv -n sdt:sched::sched_switch -n tracepoint:sched::sched_switch >"$TMPDIR/out" ||
	exit 1
cat >"$TMPDIR/exp" <<'X'
   ID   PROVIDER            MODULE                          FUNCTION NAME
    4        sdt             sched                                   sched_switch

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Types
		args[0]: bool
		args[1]: struct task_struct *
		args[2]: struct task_struct *
		args[3]: unsigned int

    5 tracepoint             sched                                   sched_switch

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Types
		args[0]: struct _tracepoint_sched_sched_switch *

	Tracepoint Fields (args->name)
		char prev_comm[16];
		pid_t prev_pid;
		int prev_prio;
		long prev_state;
		char next_comm[16];
		pid_t next_pid;
		int next_prio;

X
diff "$TMPDIR/exp" "$TMPDIR/out" || exit 1
"$DTRACE" -l >"$TMPDIR/all" || exit 1
grep -q ' sdt  *sched  *sched_wakeup$' "$TMPDIR/all" || exit 1
grep -q ' sdt  *signal  *signal_generate$' "$TMPDIR/all" || exit 1
if grep -q ' tracepoint ' "$TMPDIR/all" || grep -q ' sdt  *syscalls ' "$TMPDIR/all"; then
	exit 1
fi
# as many as tracefs has events with a raw tracepoint (each group's, syscalls' excepted)
n=$(grep -c ' sdt ' "$TMPDIR/all")
[ "$n" -gt 100 ] || { echo "only $n sdt probes"; exit 1; }
"$DTRACE" -l -P tracepoint | grep -q ' tracepoint  *sched  *sched_switch$' || exit 1
# bpftrace's spelling (tracepoint:GROUP:EVENT), and the syscalls group's events
"$DTRACE" -lv -n tracepoint:syscalls:sys_enter_openat >"$TMPDIR/out" || exit 1
cat >"$TMPDIR/exp" <<'X'
   ID   PROVIDER            MODULE                          FUNCTION NAME
    4 tracepoint          syscalls                                   sys_enter_openat

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Types
		args[0]: struct _tracepoint_syscalls_sys_enter_openat *

	Tracepoint Fields (args->name)
		int __syscall_nr;
		int dfd;
		const char * filename;
		int flags;
		umode_t mode;

X
diff "$TMPDIR/exp" "$TMPDIR/out" || exit 1
"$DTRACE" -l -n 'tracepoint:sched:sched_process_*' | grep -q ' tracepoint  *sched  *sched_process_exec$'
