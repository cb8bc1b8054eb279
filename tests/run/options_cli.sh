# SPDX-License-Identifier: GPL-2.0-only
# Every command-line option of the usage text works or is refused with its reason: -A, -a
# and -x grabanon (anonymous tracing) and -32 are refused; -i takes a probe ID as dtrace -l
# numbers them; -X picks cpp's C dialect; -x cpu=N traces CPU N only; -x syslibdir moves the
# D libraries; -x nolibs reads none.
# shellcheck disable=SC2016 # D text, not shell
fail() { echo "$1"; shift; for f in "$@"; do echo "--- $f"; cat "$f"; done; exit 1; }

# Anonymous tracing: refused with the reason and what to do instead, usage status 2.
for o in -A -a; do
	"$DTRACE" $o -n BEGIN >"$TMPDIR/out" 2>"$TMPDIR/err"
	[ $? -eq 2 ] || fail "$o: status" "$TMPDIR/err"
	grep -q "^dtrace: $o: anonymous tracing is not available on Linux: .*systemd" "$TMPDIR/err" ||
		fail "$o: message" "$TMPDIR/err"
done
"$DTRACE" -x grabanon -n BEGIN 2>"$TMPDIR/err" && fail "-x grabanon accepted"
grep -q '^dtrace: failed to set -x grabanon: anonymous tracing is not available' "$TMPDIR/err" ||
	fail "-x grabanon: message" "$TMPDIR/err"
# -32 is refused; -64 is the default and accepted.
"$DTRACE" -32 -n BEGIN 2>"$TMPDIR/err"
[ $? -eq 2 ] || fail "-32: status" "$TMPDIR/err"
grep -q '^dtrace: -32: 32-bit D programs are not supported' "$TMPDIR/err" || fail "-32" "$TMPDIR/err"
[ "$("$DTRACE" -64 -qn 'BEGIN { printf("ok\n"); exit(0); }')" = ok ] || fail "-64"

# -i: the probe dtrace -l lists with that ID, listed and traced (proc:::exit of the -c
# command). A proc probe: fbt's IDs, and those after them, move when BPF programs load (each
# is a function in kallsyms), and other tests load them meanwhile.
"$DTRACE" -l >"$TMPDIR/all" || fail "-l"
id=$(awk '$2 == "proc" && $NF == "exit" { print $1 }' "$TMPDIR/all")
[ -n "$id" ] || fail "no proc:::exit in dtrace -l" "$TMPDIR/all"
"$DTRACE" -l -i "$id" >"$TMPDIR/out" || fail "-l -i $id"
[ "$(sed -n 2p "$TMPDIR/out")" = "$(awk -v id="$id" '$1 == id' "$TMPDIR/all")" ] ||
	fail "-l -i $id lists another probe" "$TMPDIR/out"
"$DTRACE" -q -c "$TRIGGERS/getpid 3" -i "$id /pid == \$target/ { printf(\"%s:%s\\n\", probeprov,
	probename); }" >"$TMPDIR/out" 2>"$TMPDIR/err" || fail "-i $id: exit $?" "$TMPDIR/err"
[ "$(cat "$TMPDIR/out")" = "proc:exit" ] || fail "-i $id: output" "$TMPDIR/out"
# -i 1 is BEGIN (the dtrace provider's probes come first), not a probe named "1"
[ "$("$DTRACE" -q -i '1 { printf("%s\n", probename); exit(0); }')" = BEGIN ] || fail "-i 1"
for bad in 99999999 read; do
	"$DTRACE" -i "$bad" 2>"$TMPDIR/err" && fail "-i $bad accepted"
	grep -qx "dtrace: invalid probe specifier $bad: Invalid probe identifier $bad: -i takes a probe ID, the first column of dtrace -l" \
		"$TMPDIR/err" || fail "-i $bad: message" "$TMPDIR/err"
done

# -X: cpp's dialect (with -C). K&R (s) replaces macro arguments in strings and has no
# __STDC__; ISO (a, the default) does neither; s and t predefine "linux"; c makes ISO C's
# constraints errors (tokens after #endif).
cat >"$TMPDIR/x.d" <<'D'
#define S(x) "x"
#ifdef __STDC__
#define STDC "stdc"
#else
#define STDC "nostdc"
#endif
#ifdef linux
#define LINUX "linux"
#else
#define LINUX "-"
#endif
BEGIN { printf("%s %s %s\n", S(hi), STDC, LINUX); exit(0); }
D
for m in "a x stdc -" "s hi nostdc linux" "t x stdc linux" "c x stdc -"; do
	set -- $m
	out=$("$DTRACE" -q -C -X "$1" -s "$TMPDIR/x.d" 2>"$TMPDIR/err") || fail "-X$1" "$TMPDIR/err"
	[ "$out" = "$2 $3 $4" ] || fail "-X$1: got '$out'"
done
[ "$("$DTRACE" -q -C -s "$TMPDIR/x.d")" = "x stdc -" ] || fail "-C without -X is not -Xa"
printf '#if 1\n#endif EXTRA\nBEGIN { exit(0); }\n' >"$TMPDIR/c.d"
"$DTRACE" -q -C -s "$TMPDIR/c.d" 2>"$TMPDIR/err" || fail "#endif EXTRA refused by -Xa" "$TMPDIR/err"
"$DTRACE" -q -C -Xc -s "$TMPDIR/c.d" 2>"$TMPDIR/err" && fail "#endif EXTRA accepted by -Xc"
grep -q 'Preprocessor failed to process input program' "$TMPDIR/err" || fail "-Xc" "$TMPDIR/err"
"$DTRACE" -X z -n BEGIN 2>"$TMPDIR/err"
[ $? -eq 2 ] || fail "-X z: status" "$TMPDIR/err"
grep -qx 'dtrace: failed to set -X z: Invalid value for specified option' "$TMPDIR/err" ||
	fail "-X z: message" "$TMPDIR/err"

# -x cpu=N: profile probes fire on every CPU; with the option only CPU N's are traced.
ncpu=$(getconf _NPROCESSORS_ONLN)
cpu=$((ncpu - 1))
"$DTRACE" -x cpu=$cpu -qn 'profile-997 { @[cpu] = count(); }
	profile-997 /++n == 40/ { exit(0); } END { printa("%d\n", @); }' >"$TMPDIR/out" \
	2>"$TMPDIR/err" || fail "-x cpu=$cpu: exit $?" "$TMPDIR/err"
[ "$(grep -v '^$' "$TMPDIR/out")" = "$cpu" ] || fail "-x cpu=$cpu: other CPUs traced" "$TMPDIR/out"
# tick-N fires on one CPU: with -x cpu=N, on CPU N.
[ "$("$DTRACE" -x cpu=$cpu -qn 'tick-100hz { printf("%d\n", cpu); exit(0); }')" = "$cpu" ] ||
	fail "-x cpu=$cpu: tick-100hz"
"$DTRACE" -x cpu=4096 -n 'profile-997' 2>"$TMPDIR/err" && fail "-x cpu=4096 accepted"
grep -q '^dtrace: could not enable tracing: -x cpu=4096: no such CPU' "$TMPDIR/err" ||
	fail "-x cpu=4096: message" "$TMPDIR/err"

# -x syslibdir=DIR: the D libraries come from DIR, not from the default directory (whose
# curpsinfo is then unknown); -L still comes first.
mkdir -p "$TMPDIR/sys" "$TMPDIR/L"
echo 'inline int answer = 42;' >"$TMPDIR/sys/answer.d"
[ "$("$DTRACE" -x syslibdir="$TMPDIR/sys" -qn 'BEGIN { printf("%d\n", answer); exit(0); }')" = 42 ] ||
	fail "-x syslibdir: library not read"
"$DTRACE" -x syslibdir="$TMPDIR/sys" -qn 'BEGIN { trace(curpsinfo->pr_pid); exit(0); }' \
	2>"$TMPDIR/err" && fail "-x syslibdir: the default libraries were read too"
grep -q 'curpsinfo' "$TMPDIR/err" || fail "-x syslibdir: error" "$TMPDIR/err"
echo 'inline int answer = 7;' >"$TMPDIR/L/answer.d"
[ "$("$DTRACE" -L "$TMPDIR/L" -x syslibdir="$TMPDIR/sys" -qn 'BEGIN { printf("%d\n", answer);
	exit(0); }')" = 7 ] || fail "-L does not come before -x syslibdir"

# -x nolibs: no D library is read, the system's nor -L's.
"$DTRACE" -x nolibs -L "$TMPDIR/L" -qn 'BEGIN { trace(answer); exit(0); }' 2>"$TMPDIR/err" &&
	fail "-x nolibs: -L's library was read"
"$DTRACE" -x nolibs -qn 'BEGIN { trace(curpsinfo->pr_pid); exit(0); }' 2>"$TMPDIR/err" &&
	fail "-x nolibs: the system's libraries were read"
grep -q 'curpsinfo' "$TMPDIR/err" || fail "-x nolibs: error" "$TMPDIR/err"
[ "$("$DTRACE" -x nolibs -qn 'BEGIN { printf("ok\n"); exit(0); }')" = ok ] || fail "-x nolibs"
exit 0
