# SPDX-License-Identifier: GPL-2.0-only
# stack() at a tracepoint provider probe (a perf event's program: the registers are the
# tracepoint's caller's) starts in the function that hit the tracepoint: sched_switch's
# is __schedule, with nothing of the tracing machinery above it.
out=$("$DTRACE" -q -c "$TRIGGERS/sched" -n 'tracepoint:sched:sched_switch /pid == $target/
    { @[stack(1)] = count(); } END { printa("%k", @); }') || { echo "$out"; exit 1; }
frames=$(printf '%s\n' "$out" | grep -c '`')
bad=$(printf '%s\n' "$out" | grep '`' | grep -vc '`__schedule+')
[ "$frames" -ge 1 ] && [ "$bad" -eq 0 ] || { echo "$out"; exit 1; }
