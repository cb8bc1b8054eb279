# SPDX-License-Identifier: GPL-2.0-only
# Thread-local variables are freed when their thread exits: after the traced command has
# exited, the self->x map is empty (checked from END with system(), while the map exists).
command -v bpftool >/dev/null 2>&1 || { echo "bpftool not installed"; exit 77; }
# shellcheck disable=SC2016
"$DTRACE" -w -q -c "$TRIGGERS/getpid 3" -n '
syscall::getpid:entry /pid == $target/ { self->x = 1; @set = count(); }
END { system("bpftool map dump name dt_self_x | tail -n 1"); }' >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; echo "exit $?"; exit 1; }
cat "$TMPDIR/out"
grep -qx 'Found 0 elements' "$TMPDIR/out" || { echo "self->x outlived its thread"; exit 1; }
grep -Eq '^ +3$' "$TMPDIR/out" || { echo "self->x was not set 3 times"; exit 1; }
