# SPDX-License-Identifier: GPL-2.0-only
# dtrace -l -n lists matching probes under DTrace's header, without tracing anything.
out=$("$DTRACE" -l -n syscall::getpid:entry) || { echo "exit status $?"; exit 1; }
echo "$out"
printf '%s\n' "$out" | head -n 1 |
	grep -Eq '^   ID   PROVIDER            MODULE                          FUNCTION NAME$' ||
	{ echo "bad header"; exit 1; }
[ "$(printf '%s\n' "$out" | wc -l)" -eq 2 ] || { echo "expected exactly one probe"; exit 1; }
printf '%s\n' "$out" | tail -n 1 | grep -Eq '^ *[0-9]+ +syscall +vmlinux +getpid entry$' ||
	{ echo "bad probe line"; exit 1; }
