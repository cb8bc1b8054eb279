# SPDX-License-Identifier: GPL-2.0-only
# DTRACE_OPT_<NAME> environment variables set options, as Oracle's dtrace reads them: the
# name in capitals, an empty value for the bare name; the command line (-x and flags) and
# #pragma D option override them; a bad value is an error as with -x.
# shellcheck disable=SC2016 # D text, not shell
fail() { echo "$1"; shift; for f in "$@"; do echo "--- $f"; cat "$f"; done; exit 1; }
prog='BEGIN { @[1] = count(); @[2] = count(); @[2] = count(); exit(0); }
	END { printa("%d ", @); printf("\n"); }'

# DTRACE_OPT_QUIET= is -q: no banner, no CPU/ID columns.
DTRACE_OPT_QUIET= "$DTRACE" -n 'BEGIN { printf("x\n"); exit(0); }' >"$TMPDIR/out" \
	2>"$TMPDIR/err" || fail "QUIET: exit $?" "$TMPDIR/err"
[ "$(cat "$TMPDIR/out")" = x ] || fail "QUIET: output" "$TMPDIR/out"
[ ! -s "$TMPDIR/err" ] || fail "QUIET: banner" "$TMPDIR/err"
# -x overrides it
DTRACE_OPT_QUIET=1 "$DTRACE" -x quiet=0 -n 'BEGIN { exit(0); }' >/dev/null 2>"$TMPDIR/err" ||
	fail "QUIET + -x quiet=0: exit" "$TMPDIR/err"
grep -q "^dtrace: description 'BEGIN ' matched 1 probe" "$TMPDIR/err" ||
	fail "-x quiet=0 did not override DTRACE_OPT_QUIET" "$TMPDIR/err"
# a lower-case name is not an option variable
DTRACE_OPT_quiet= "$DTRACE" -n 'BEGIN { exit(0); }' >/dev/null 2>"$TMPDIR/err" || fail "quiet"
grep -q 'matched 1 probe' "$TMPDIR/err" || fail "DTRACE_OPT_quiet was read" "$TMPDIR/err"

# A dynamic option: the sort order of printa(); env < pragma, env < -x.
[ "$("$DTRACE" -qn "$prog")" = "1 2 " ] || fail "default order"
[ "$(DTRACE_OPT_AGGSORTREV=1 "$DTRACE" -qn "$prog")" = "2 1 " ] || fail "AGGSORTREV=1"
[ "$(DTRACE_OPT_AGGSORTREV=1 "$DTRACE" -x aggsortrev=0 -qn "$prog")" = "1 2 " ] ||
	fail "-x did not override AGGSORTREV"
[ "$(DTRACE_OPT_AGGSORTREV=1 "$DTRACE" -qn "#pragma D option aggsortrev=0
$prog")" = "1 2 " ] || fail "#pragma D option did not override AGGSORTREV"

# Sizes, as -x reads them; a bad one is refused with the variable named.
[ "$(DTRACE_OPT_BUFSIZE=4m "$DTRACE" -qn 'BEGIN { printf("ok\n"); exit(0); }')" = ok ] ||
	fail "BUFSIZE=4m"
DTRACE_OPT_BUFSIZE=lots "$DTRACE" -qn 'BEGIN { exit(0); }' 2>"$TMPDIR/err" &&
	fail "BUFSIZE=lots accepted"
grep -qx 'dtrace: failed to set option bufsize from DTRACE_OPT_BUFSIZE=lots: Invalid value for specified option' \
	"$TMPDIR/err" || fail "BUFSIZE=lots: message" "$TMPDIR/err"

# Oracle's test suite sets DTRACE_OPT_SYSLIBDIR: the D libraries' directory.
mkdir -p "$TMPDIR/sys"
echo 'inline int answer = 42;' >"$TMPDIR/sys/answer.d"
[ "$(DTRACE_OPT_SYSLIBDIR="$TMPDIR/sys" "$DTRACE" -qn 'BEGIN { printf("%d\n", answer);
	exit(0); }')" = 42 ] || fail "SYSLIBDIR"
exit 0
