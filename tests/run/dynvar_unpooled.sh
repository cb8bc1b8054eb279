# SPDX-License-Identifier: GPL-2.0-only
# dynvarsize's pool is counted (a shared atomic word per new and deleted element) only when
# it can run out before the variables' own maps are full: with the default 1m, a thread-local
# timestamp pair's maps fill first, so its stores and deletes have no atomic instruction (the
# hot path of every latency script); with dynvarsize=2000 (places for 125 elements, maps of
# 1,024) they count. run/dynvar_pool checks the pool's drops.
prog='syscall::getppid:entry { self->ts = timestamp; }
syscall::getppid:return /self->ts/ { @ = quantize(timestamp - self->ts); self->ts = 0; }'
"$DTRACE" -S -e -n "$prog" >"$TMPDIR/default" 2>&1 || { cat "$TMPDIR/default"; exit 1; }
"$DTRACE" -S -e -x dynvarsize=2000 -n "$prog" >"$TMPDIR/small" 2>&1 ||
	{ cat "$TMPDIR/small"; exit 1; }
grep -q 'map_update\|call 2' "$TMPDIR/default" || { echo "no update in -S output"; exit 1; }
if grep -q 'atomic' "$TMPDIR/default"; then
	echo "default dynvarsize: the pool is counted"
	exit 1
fi
grep -q 'atomic' "$TMPDIR/small" || { echo "dynvarsize=2000: the pool is not counted"; exit 1; }
exit 0
