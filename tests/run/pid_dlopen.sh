# SPDX-License-Identifier: GPL-2.0-only
# Libraries loaded later: descriptions of a library the process has not loaded yet match
# nothing at the start (-Z) and gain their probes when it dlopen()s it, before its first
# call (dtrace stops the process at its dynamic linker's hook meanwhile); every call is seen.
# Without -Z the description is an error, as in DTrace.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
prog='pid$target::dtpid_mul:entry { printf("%s %s %d %d\n", probemod, probefunc, arg0, arg1); }
pid$target::dtpid_mul:return { printf("= %d\n", arg1); }'
"$DTRACE" -Z -q -c "$TRIGGERS/piddlopen $TRIGGERS/libdtpid.so 3" -n "$prog" >"$TMPDIR/out" 2>&1 ||
	{ cat "$TMPDIR/out"; fail "dtrace -Z"; }
printf '%s\n' 'libdtpid.so dtpid_mul 1 5' '= 5' 'libdtpid.so dtpid_mul 2 5' '= 10' \
	'libdtpid.so dtpid_mul 3 5' '= 15' '' >"$TMPDIR/exp"
diff -u "$TMPDIR/exp" "$TMPDIR/out" || fail "output"
# A glob over every module picks the new library up too, alongside the ones there before.
"$DTRACE" -Z -q -c "$TRIGGERS/piddlopen $TRIGGERS/libdtpid.so 4" \
	-n 'pid$target:libdtpid*::entry,pid$target:a.out:main:entry { @[probemod, probefunc] = count(); }' \
	>"$TMPDIR/out" 2>&1 || { cat "$TMPDIR/out"; fail "glob"; }
grep -Eq '^ +libdtpid.so +dtpid_mul +4$' "$TMPDIR/out" || { cat "$TMPDIR/out"; fail "glob output"; }
grep -Eq '^ +piddlopen +main +1$' "$TMPDIR/out" || { cat "$TMPDIR/out"; fail "glob output (main)"; }
"$DTRACE" -q -c "$TRIGGERS/piddlopen $TRIGGERS/libdtpid.so 1" -n "$prog" >"$TMPDIR/out" 2>&1 &&
	fail "matched a library not loaded yet without -Z"
grep -q 'probe description pid[0-9]*::dtpid_mul:entry does not match any probes' "$TMPDIR/out" ||
	{ cat "$TMPDIR/out"; fail "message without -Z"; }
exit 0
