# SPDX-License-Identifier: GPL-2.0-only
# Where the kernel has no kprobes (this project's own test machine: no kprobe PMU, no
# kprobe_events), enabling an fbt probe fails at compile time (-e too) with the reason, at the
# description, and exit status 1: not "does not match any probes". Skipped where the kernel
# has kprobes (the run/fbt_* tests run there).
for f in /sys/bus/event_source/devices/kprobe/type /sys/kernel/tracing/kprobe_events \
	/sys/kernel/debug/tracing/kprobe_events; do
	[ -e "$f" ] && { echo "this kernel has kprobes ($f)"; exit 77; }
done
tfs=/sys/kernel/tracing
[ -d "$tfs/events" ] || tfs=/sys/kernel/debug/tracing
cat >"$TMPDIR/want" <<EOT
dtrace: failed to compile script fbt.d: line 3: probe fbt:vmlinux:vfs_read:entry cannot be enabled: this kernel has no kprobes (no kprobe PMU in /sys/bus/event_source/devices, no $tfs/kprobe_events), and it refuses BPF trampolines (fentry: Operation not permitted)
EOT
printf 'BEGIN\n{}\nfbt::vfs_read:entry\n{\n\ttrace(arg0);\n}\n' >"$TMPDIR/fbt.d"
for e in "" -e; do
	(cd "$TMPDIR" && "$DTRACE" $e -s fbt.d) >"$TMPDIR/out" 2>"$TMPDIR/err"
	st=$?
	cat "$TMPDIR/err"
	[ "$st" -eq 1 ] || { echo "${e:-run}: exit status $st, expected 1"; exit 1; }
	head -n 1 "$TMPDIR/err" | diff -u "$TMPDIR/want" - || exit 1
	grep -q 'does not match' "$TMPDIR/err" && { echo "said it matched nothing"; exit 1; }
	[ ! -s "$TMPDIR/out" ] || { echo "unexpected stdout"; exit 1; }
done
exit 0
