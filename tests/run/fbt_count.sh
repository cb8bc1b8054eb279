# SPDX-License-Identifier: GPL-2.0-only
# @[probefunc] = count() over a glob of kernel functions (fbt:vmlinux:vfs_*:entry): each
# function its own key, vfs_write counted once per write. Every way this kernel can attach:
# kprobe_multi where it has it (the default there), a perf kprobe per function from the kprobe
# PMU, and from tracefs kprobe_events (DTRACE_FBT_ATTACH picks one), which must leave no
# kprobe_events entry behind.
# (the forced ways take fewer functions: a perf kprobe each is slow to make under TCG)
count_d() {
	printf 'fbt:vmlinux:%s:entry\n/pid == $target/\n{\n\t@[probefunc] = count();\n}\n' "$1" \
		>"$TMPDIR/count.d"
}
tfs=/sys/kernel/tracing
[ -d "$tfs/events" ] || tfs=/sys/kernel/debug/tracing
for how in default pmu tracefs; do
	if [ "$how" = pmu ] && [ ! -e /sys/bus/event_source/devices/kprobe/type ]; then
		continue
	fi
	if [ "$how" = default ]; then
		unset DTRACE_FBT_ATTACH
		count_d 'vfs_*'
	else
		DTRACE_FBT_ATTACH=$how
		count_d 'vfs_[rw]*'
	fi
	export DTRACE_FBT_ATTACH
	"$DTRACE" -q -s "$TMPDIR/count.d" -c "$TRIGGERS/write 7" >"$TMPDIR/out" 2>"$TMPDIR/err" ||
		{ cat "$TMPDIR/err"; echo "$how: failed"; exit 1; }
	grep -Eq '^ +vfs_write +7$' "$TMPDIR/out" ||
		{ cat "$TMPDIR/out" "$TMPDIR/err"; echo "$how: vfs_write not 7"; exit 1; }
	bad=$(awk 'NF && $1 !~ /^vfs_/' "$TMPDIR/out")
	[ -z "$bad" ] || { cat "$TMPDIR/out"; echo "$how: keys not vfs_*"; exit 1; }
	if grep -q dtrace_fbt "$tfs/kprobe_events" 2>/dev/null; then
		cat "$tfs/kprobe_events"
		echo "$how: kprobe_events left behind"
		exit 1
	fi
done
exit 0
