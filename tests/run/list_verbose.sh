# SPDX-License-Identifier: GPL-2.0-only
# dtrace -l -v: after each probe, DTrace's sections: its stability attributes (the Guide's
# tables: syscall's module is Private, its function and arguments Unstable/ISA; the dtrace
# provider's BEGIN Stable) and its "Argument Types", from the probe's provider (syscall
# entry: the kernel's syscall format; return: the return value twice; BEGIN: none).
# Only the syscall the description names has its format read.
fail() { echo "$1"; exit 1; }
"$DTRACE" -l -v -n BEGIN -n 'syscall::read:' >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; fail "exit status $?"; }
tab=$(printf '\t')
cat >"$TMPDIR/want" <<WANT
   ID   PROVIDER            MODULE                          FUNCTION NAME
    1     dtrace                                                     BEGIN

${tab}Probe Description Attributes
${tab}${tab}Identifier Names: Stable
${tab}${tab}Data Semantics:   Stable
${tab}${tab}Dependency Class: Common

${tab}Argument Attributes
${tab}${tab}Identifier Names: Stable
${tab}${tab}Data Semantics:   Stable
${tab}${tab}Dependency Class: Common

${tab}Argument Types
${tab}${tab}None

WANT
head -n 16 "$TMPDIR/out" | sed 's/^ *[0-9][0-9]* \( *syscall\)/    N \1/' >"$TMPDIR/got"
cmp -s "$TMPDIR/want" "$TMPDIR/got" || { cat "$TMPDIR/out"; fail "BEGIN's section"; }
tail -n +17 "$TMPDIR/out" | sed 's/^ *[0-9][0-9]* /ID /' >"$TMPDIR/got"
cat >"$TMPDIR/want" <<WANT
ID    syscall           vmlinux                              read entry

${tab}Probe Description Attributes
${tab}${tab}Identifier Names: Private
${tab}${tab}Data Semantics:   Private
${tab}${tab}Dependency Class: Unknown

${tab}Argument Attributes
${tab}${tab}Identifier Names: Unstable
${tab}${tab}Data Semantics:   Unstable
${tab}${tab}Dependency Class: ISA

${tab}Argument Types
${tab}${tab}args[0]: unsigned int
${tab}${tab}args[1]: char *
${tab}${tab}args[2]: size_t

ID    syscall           vmlinux                              read return

${tab}Probe Description Attributes
${tab}${tab}Identifier Names: Private
${tab}${tab}Data Semantics:   Private
${tab}${tab}Dependency Class: Unknown

${tab}Argument Attributes
${tab}${tab}Identifier Names: Unstable
${tab}${tab}Data Semantics:   Unstable
${tab}${tab}Dependency Class: ISA

${tab}Argument Types
${tab}${tab}args[0]: long
${tab}${tab}args[1]: long

WANT
diff "$TMPDIR/want" "$TMPDIR/got" || fail "read's sections"
# Without -v: no sections.
[ "$("$DTRACE" -l -n 'syscall::read:' | wc -l)" -eq 3 ] || fail "-l without -v"
# The format files dtrace opens for a program naming one syscall's args[]: that one alone.
if command -v strace >/dev/null 2>&1; then
	# (LeakSanitizer's exit check ptraces the process, which strace already does)
	ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=open,openat -o "$TMPDIR/strace" \
		"$DTRACE" -e -n 'syscall::read:entry { trace(args[2]); }' >/dev/null 2>&1 ||
		fail "dtrace -e under strace failed"
	formats=$(grep '/format"' "$TMPDIR/strace" | grep -o 'sys_enter_[a-z0-9_]*' | sort -u |
		  tr '\n' ' ')
	[ "$formats" = "sys_enter_read " ] || fail "formats read: '$formats'"
fi
exit 0
