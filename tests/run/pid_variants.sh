# SPDX-License-Identifier: GPL-2.0-only
# The pid provider beyond pid_args: the same probes on a non-PIE build of the trigger, and
# with the perf-event fallback (DTRACE_UPROBE_MULTI=0: one uprobe perf event per probe, as
# on kernels without uprobe_multi) giving the same output; -p on a running process; globs
# over a module's functions; ustack() through the library.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
"$DTRACE" -q -c "$TRIGGERS/pidcalls 2" -s pid_args.d >"$TMPDIR/pie" 2>&1 || { cat "$TMPDIR/pie"; fail "pie"; }
diff -u pid_args.out "$TMPDIR/pie" || fail "pie output"
"$DTRACE" -q -c "$TRIGGERS/pidcalls-nopie 2" -s pid_args.d >"$TMPDIR/nopie" 2>&1 ||
	{ cat "$TMPDIR/nopie"; fail "non-PIE"; }
sed 's/pidcalls`/pidcalls-nopie`/; s/^main pidcalls /main pidcalls-nopie /' pid_args.out >"$TMPDIR/nopie.exp"
diff -u "$TMPDIR/nopie.exp" "$TMPDIR/nopie" || fail "non-PIE output"
DTRACE_UPROBE_MULTI=0 "$DTRACE" -q -c "$TRIGGERS/pidcalls 2" -s pid_args.d >"$TMPDIR/perf" 2>&1 ||
	{ cat "$TMPDIR/perf"; fail "perf-event fallback"; }
diff -u pid_args.out "$TMPDIR/perf" || fail "perf-event fallback output"

# A glob over the library's functions, counted: exactly the calls made.
"$DTRACE" -q -c "$TRIGGERS/pidcalls 5" -n 'pid$target:libdtpid.so::entry { @[probefunc] = count(); }' \
	>"$TMPDIR/glob" 2>&1 || { cat "$TMPDIR/glob"; fail "glob"; }
printf '\n  dtpid_twice                                                       5\n  dtpid_mul                                                        10\n' >"$TMPDIR/glob.exp"
diff -u "$TMPDIR/glob.exp" "$TMPDIR/glob" || fail "glob output"

# ustack() at the library's function: the chain through both objects.
"$DTRACE" -q -c "$TRIGGERS/pidcalls 1" -n 'pid$target::dtpid_twice:entry { ustack(3); }' \
	>"$TMPDIR/stack" 2>&1 || { cat "$TMPDIR/stack"; fail "ustack"; }
grep -A2 '^ *libdtpid.so`dtpid_twice$' "$TMPDIR/stack" | tr -s ' ' | sed 's/+0x[0-9a-f]*$//' |
	tr '\n' '|' | grep -qx ' libdtpid.so`dtpid_twice| pidcalls`pidcalls_deep| pidcalls`main|' ||
	{ cat "$TMPDIR/stack"; fail "ustack output"; }

# -p: a running process, grabbed; 100 calls counted, then dtrace exits and it runs on.
mkfifo "$TMPDIR/ready"
"$TRIGGERS/pidcalls" 100000000 ready >"$TMPDIR/ready" &
tp=$!
read -r _ <"$TMPDIR/ready"	# it runs, its libraries mapped
"$DTRACE" -q -p "$tp" -n 'pid$target:libdtpid.so:dtpid_mul:entry /++n == 100/ { printf("%s %d\n", probemod, n); exit(0); }' \
	>"$TMPDIR/grab" 2>&1 || { kill "$tp"; cat "$TMPDIR/grab"; fail "-p"; }
kill -0 "$tp" || fail "-p: the process died"
kill "$tp"
wait "$tp" 2>/dev/null
grep -qx 'libdtpid.so 100' "$TMPDIR/grab" || { cat "$TMPDIR/grab"; fail "-p output"; }
exit 0
