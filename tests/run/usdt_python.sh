# SPDX-License-Identifier: GPL-2.0-only
# USDT probes of an installed binary: python3.11's SDT notes (Debian builds it with them).
# Unbound, python:python3.11:: lists the file's probes and traces every process that maps it
# (here the -c one); bound, python$pid traces one process. function-entry's arguments are
# decoded from the note's specs (8@%rbp 8@%r12 -4@%eax): file, function, line. CPython 3.11
# fires function-entry only while its line probe is enabled too, so both are.
# shellcheck disable=SC2016
PY=/usr/bin/python3.11
[ -x $PY ] || { echo "no $PY"; exit 77; }
readelf -n $PY 2>/dev/null | grep -q 'Name: function__entry' ||
	{ echo "$PY has no SDT notes"; exit 77; }
cd "$TMPDIR" || exit 1
fail() { echo "$1"; [ -n "$pid" ] && kill "$pid" 2>/dev/null; exit 1; }

"$DTRACE" -l -n 'python:python3.11::' >list.out 2>&1 || { cat list.out; fail "dtrace -l"; }
awk 'NR > 1 { print $2, $3, $5 }' list.out | sort >list.got
sort >list.want <<'L'
python python3.11 audit
python python3.11 function-entry
python python3.11 function-return
python python3.11 gc-done
python python3.11 gc-start
python python3.11 import-find-load-done
python python3.11 import-find-load-start
python python3.11 line
L
diff -u list.want list.got || fail "dtrace -l differs"

cat >marker.py <<'P'
import time
def marker_func():
    pass
print("ready", flush=True)
for i in range(30000):
    marker_func()
    time.sleep(0.001)
P
cat >trace.d <<'D'
python:python3.11::line
{
}

python:python3.11::function-entry
/copyinstr(arg1) == "marker_func"/
{
	printf("%s %s:%s:%s %s %s %d\n", probename, probeprov, probemod, probefunc == "" ? "-" :
	    "f", basename(copyinstr(args[0])), copyinstr(args[1]), args[2]);
	exit(0);
}
D
"$DTRACE" -q -s trace.d -c "$PY marker.py" >trace.out 2>trace.err ||
	{ cat trace.err; fail "dtrace -c"; }
# the child shares dtrace's stdout: its "ready" comes before the probe fires
printf 'ready\nfunction-entry python:python3.11:f marker.py marker_func 2\n\n' |
	diff -u - trace.out || fail "unbound trace differs"

mkfifo rd || exit 1
$PY marker.py >rd &
pid=$!
exec 3<rd
read -r line <&3
[ "$line" = ready ] || fail "python: $line"
sed "s/python:python3.11:/python$pid::/" trace.d >bound.d
"$DTRACE" -q -s bound.d >bound.out 2>bound.err || { cat bound.err; fail "dtrace python$pid"; }
kill "$pid"
pid=
grep -Eq "^function-entry python[0-9]+:python3.11:f marker.py marker_func 2$" bound.out ||
	{ cat bound.out; fail "bound trace differs"; }
echo ok
