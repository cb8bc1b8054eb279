# SPDX-License-Identifier: GPL-2.0-only
# stack(); as a statement is the stack() action: the same output as trace(stack()).
# shellcheck disable=SC2016
a=$("$DTRACE" -q -c "$TRIGGERS/getpid 1" -n 'syscall::getpid:entry /pid == $target/ { stack(); }') || exit 1
b=$("$DTRACE" -q -c "$TRIGGERS/getpid 1" -n 'syscall::getpid:entry /pid == $target/ { trace(stack()); }') || exit 1
[ "$a" = "$b" ] || { printf '%s\n--\n%s\n' "$a" "$b"; exit 1; }
echo "$a" | grep -q 'vmlinux`do_syscall_64+0x' || { echo "$a"; exit 1; }
