# SPDX-License-Identifier: GPL-2.0-only
# A program with probes of its own (myserv.d through dtrace -h and -G, built here with gcc),
# traced by name in process $pid: args[] typed by the provider definition (char *, int,
# long, and the sizes and signs of unsigned char, short, unsigned int, long long), the
# is-enabled semaphores set while traced (myserv prints "enabled I"), dtrace -l -v listing
# the probes with their types and the provider's stability (#pragma D attributes: the
# description's the least of provider, module, function and name, which are the default
# Unstable/Unstable/Common). myserv waits on its own semaphores until dtrace has attached.
# shellcheck disable=SC2016
. "$TESTDIR/../triggers/usdt/build.sh"
cd "$TMPDIR" || exit 1
fail() { echo "$1"; [ -n "$pid" ] && kill "$pid" 2>/dev/null; exit 1; }
mkfifo rd || exit 1
"$MYSERV" wait 3 >rd &
pid=$!
exec 3<rd
read -r line <&3
[ "$line" = ready ] || fail "myserv: $line"

"$DTRACE" -l -v -P "myserv$pid" >list.out 2>&1 || { cat list.out; fail "dtrace -l"; }
# columns squeezed: the provider's width depends on the pid's
sed "s/myserv$pid/myservPID/" list.out | sed 's/ *$//' | tr -s ' ' >list.got
tr -s ' ' >list.want <<'L'
   ID   PROVIDER            MODULE                          FUNCTION NAME
    4 myservPID            myserv                          round_of query-start

	Probe Description Attributes
		Identifier Names: Unstable
		Data Semantics:   Unstable
		Dependency Class: ISA

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: char *
		args[1]: int

    5 myservPID            myserv                          round_of query-done

	Probe Description Attributes
		Identifier Names: Unstable
		Data Semantics:   Unstable
		Dependency Class: ISA

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: int
		args[1]: long

    6 myservPID            myserv                          round_of tick

	Probe Description Attributes
		Identifier Names: Unstable
		Data Semantics:   Unstable
		Dependency Class: ISA

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		None

    7 myservPID            myserv                          round_of bytes

	Probe Description Attributes
		Identifier Names: Unstable
		Data Semantics:   Unstable
		Dependency Class: ISA

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: unsigned char
		args[1]: short
		args[2]: unsigned int
		args[3]: long long

L
diff -u list.want list.got || fail "dtrace -l -v differs"
# a glob over providers lists the -p process's
n=$("$DTRACE" -l -p "$pid" -P 'myserv*' | grep -c " myserv$pid  *myserv  *round_of ")
[ "$n" = 4 ] || fail "dtrace -l -p -P 'myserv*' listed $n probes"

cat >trace.d <<'D'
myserv$target:::query-start { printf("%s %s %d\n", probename, copyinstr(args[0]), args[1]); }
myserv$target:::query-done { printf("%s %d %d\n", probename, args[0], args[1]); }
myserv$target:::tick { printf("%s %s:%s\n", probename, probemod, probefunc); }
myserv$target:::bytes { printf("%s %d %d %d %d\n", probename, args[0], args[1], args[2], args[3]); }
D
"$DTRACE" -q -p "$pid" -s trace.d >trace.out 2>trace.err || { cat trace.err; fail "dtrace -p"; }
cat <&3 >myserv.out
wait "$pid" || fail "myserv exited $?"
pid=
cat >trace.want <<'T'
query-start q0 0
query-done 0 0
tick myserv:round_of
bytes 200 -300 4000000000 -5000000000
query-start q1 10
query-done -1 1099511627776
tick myserv:round_of
bytes 201 -301 4000000001 -5000000001
query-start q2 20
query-done -2 2199023255552
tick myserv:round_of
bytes 202 -302 4000000002 -5000000002

T
diff -u trace.want trace.out || fail "trace differs"
printf 'enabled 0\nenabled 1\nenabled 2\ndone\n' | diff -u - myserv.out || fail "myserv's output"

# -c: the probes attached before the program runs; semaphores set, then cleared on detach
"$DTRACE" -q -c "$MYSERV 2" -n 'myserv$target:::query-start { printf("%s %d\n",
    copyinstr(args[0]), args[1]); }' >c.out 2>c.err || { cat c.err; fail "dtrace -c"; }
printf 'enabled 0\nenabled 1\ndone\nq0 0\nq1 10\n\n' | diff -u - c.out || fail "-c differs"
[ "$("$MYSERV" 1)" = done ] || fail "semaphore set untraced"
echo ok
