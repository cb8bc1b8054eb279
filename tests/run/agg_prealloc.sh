# SPDX-License-Identifier: GPL-2.0-only
# Aggregation maps are preallocated only where a probe may fire with interrupts off: there the
# kernel's allocator gives about one new element per interrupt (run/agg_keys_one_firing), but
# preallocating a per-CPU hash costs a per-CPU allocation per entry (0.35 s at the default
# aggsize). An aggregation updated only from system calls (DT_PRF_TASK) or BEGIN is not
# preallocated (flags 0x1, BPF_F_NO_PREALLOC); one updated from a tick is (flags 0x0), and so is
# one shared by both. The -c child reads its parent's (dtrace's) map fds and asks bpftool.
command -v bpftool >/dev/null || { echo "no bpftool"; exit 77; }
cat >"$TMPDIR/maps.sh" <<'SH'
#!/bin/sh
for f in /proc/$PPID/fdinfo/*; do
	id=$(awk '$1 == "map_id:" { print $2 }' "$f")
	[ -n "$id" ] && bpftool map show id "$id"
done | awk '$4 ~ /^dt_agg_/ { print $4, $2, $5, $6 }' | sort
SH
chmod +x "$TMPDIR/maps.sh"
out=$("$DTRACE" -q -c "$TMPDIR/maps.sh" -n '
BEGIN { @begin[1] = count(); }
syscall::getpid:entry { @sys[1] = count(); @both[1] = count(); }
tick-1s { @tick[1] = count(); @both[2] = count(); }
END { exit(0); }' 2>&1)
want='dt_agg_0 percpu_hash flags 0x1
dt_agg_1 percpu_hash flags 0x1
dt_agg_2 percpu_hash flags 0x0
dt_agg_3 percpu_hash flags 0x0'
if [ "$(printf '%s\n' "$out" | grep dt_agg_)" != "$want" ]; then
	printf 'got:\n%s\nwant:\n%s\n' "$out" "$want"
	exit 1
fi
