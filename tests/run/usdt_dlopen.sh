# SPDX-License-Identifier: GPL-2.0-only
# USDT probes of a library the -c process loads later (dlopen): a description of the
# process's provider matches nothing at the start (-Z), and the library's probes are made and
# attached when its dynamic linker has mapped it, before its first call: every firing is
# seen, with its arguments (in registers for dtlib:::mul, in memory for dtlib:::done), through
# uprobe_multi and the perf-event fallback. Without -Z the description is an error, as the
# pid provider's.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
prog='dtlib$target:::mul { printf("%s %s %s %d %d\n", probemod, probefunc, probename, arg0, arg1); }
dtlib$target:::done { printf("= %d\n", arg0); }'
printf '%s\n' 'libdtusdt.so dtpid_mul mul 1 5' '= 5' 'libdtusdt.so dtpid_mul mul 2 5' '= 10' \
	'libdtusdt.so dtpid_mul mul 3 5' '= 15' '' >"$TMPDIR/exp"
for multi in 1 0; do
	DTRACE_UPROBE_MULTI=$multi "$DTRACE" -Z -q -c "$TRIGGERS/piddlopen $TRIGGERS/libdtusdt.so 3" \
		-n "$prog" >"$TMPDIR/out" 2>&1 || { cat "$TMPDIR/out"; fail "dtrace -Z (multi=$multi)"; }
	diff -u "$TMPDIR/exp" "$TMPDIR/out" || fail "output (multi=$multi)"
done
# A glob over the probe names and a count: both probes, every call.
"$DTRACE" -Z -q -c "$TRIGGERS/piddlopen $TRIGGERS/libdtusdt.so 4" \
	-n 'dtlib$target:libdtusdt.so::* { @[probename] = count(); }' >"$TMPDIR/out" 2>&1 ||
	{ cat "$TMPDIR/out"; fail "glob"; }
grep -Eq '^ +mul +4$' "$TMPDIR/out" && grep -Eq '^ +done +4$' "$TMPDIR/out" ||
	{ cat "$TMPDIR/out"; fail "glob output"; }
"$DTRACE" -q -c "$TRIGGERS/piddlopen $TRIGGERS/libdtusdt.so 1" -n "$prog" >"$TMPDIR/out" 2>&1 &&
	fail "matched a library not loaded yet without -Z"
grep -q 'probe description dtlib[0-9]*:::mul does not match any probes' "$TMPDIR/out" ||
	{ cat "$TMPDIR/out"; fail "message without -Z"; }
exit 0
