# SPDX-License-Identifier: GPL-2.0-only
# Before it enables anything, as DTrace does, dtrace refuses buffers that cannot hold one of
# what goes in them: bufsize one record of each clause (with its 8-byte header) and, where a
# clause can fault, a fault's record (32 bytes and the header), dynvarsize
# one element of each associative array (its tuple, the variable's 8-byte id and the keys, and
# the value) or thread-local (the value: the thread's key is implicit), values of their type's
# size (an int's 4 bytes). No probe fires then; a size that holds one runs.
msg='dtrace: could not enable tracing: Enabling exceeds size of buffer'
run() {	# run WANT-STATUS ARGS...: dtrace on the trigger's getpid calls
	want=$1
	shift
	out=$("$DTRACE" -q "$@" -c "$TRIGGERS/getpid 3" 2>&1)
	st=$?
	[ "$st" = "$want" ] || { printf 'exit %s (want %s) for %s:\n%s\n' "$st" "$want" "$*" "$out"; exit 1; }
}
run 1 -b16 -n 'syscall::getpid:entry /pid == $target/ { printf("fired %d", 1); }'
[ "$out" = "$msg" ] || { printf 'bufsize: %s\n' "$out"; exit 1; }
run 0 -b4k -n 'syscall::getpid:entry /pid == $target/ { printf("fired %d", 1); }'
run 1 -b39 -n 'syscall::getpid:entry /pid == $target/ { trace(*(int *)0); }'
[ "$out" = "$msg" ] || { printf 'bufsize, fault: %s\n' "$out"; exit 1; }
run 0 -b40 -n 'syscall::getpid:entry /pid == $target/ { trace(*(int *)0); }'
run 1 -x dynvarsize=19 -n 'syscall::getpid:entry /pid == $target/ { a[1] = 1; printf("fired"); }'
[ "$out" = "$msg" ] || { printf 'dynvarsize, array: %s\n' "$out"; exit 1; }
run 0 -x dynvarsize=20 -n 'syscall::getpid:entry /pid == $target/ { a[1] = 1; }'
run 0 -x dynvarsize=4 -n 'syscall::getpid:entry /pid == $target/ { self->x = 1; }'
run 1 -x dynvarsize=3 -n 'syscall::getpid:entry /pid == $target/ { self->x = 1; }'
[ "$out" = "$msg" ] || { printf 'dynvarsize, thread-local: %s\n' "$out"; exit 1; }
exit 0
