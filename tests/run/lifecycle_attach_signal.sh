# SPDX-License-Identifier: GPL-2.0-only
# SIGINT while thousands of probes attach (each profile-N is a program and a perf event:
# seconds in all) ends tracing cleanly: the attach loop stops, detaches what it had attached,
# END runs, and nothing of this run stays in the kernel. The signal goes once dtrace holds
# its first perf event; it must not go on to attach them all.
# shellcheck disable=SC2016
. "$TESTDIR/lifecycle.inc"
pid=
trap 'kill -9 $pid 2>/dev/null' EXIT
trap 'exit 1' INT TERM
n=1500
i=0
{
	printf '%s\n' 'BEGIN { printf("begin\n"); }'
	while [ "$i" -lt "$n" ]; do
		echo "profile-$((i + 101)),"
		i=$((i + 1))
	done
	echo 'profile-100 { @ = count(); }'
	printf '%s\n' 'END { printf("end\n"); }'
} >"$TMPDIR/many.d"
"$DTRACE" -q -s "$TMPDIR/many.d" >"$TMPDIR/out" 2>"$TMPDIR/err" &
pid=$!
while ! ls -l /proc/"$pid"/fd 2>/dev/null | grep -q perf_event; do
	kill -0 "$pid" 2>/dev/null || { cat "$TMPDIR/err"; echo "dtrace died"; exit 1; }
	sleep 0.02
done
bpf_ids "$pid" >"$TMPDIR/ids"
kill -INT "$pid"
# The most perf events it held until it exited: all n+1 when the signal waited for the
# attach loop to finish (it was blocked there before).
most=0
while st=$(sed -n 's/^State:[[:space:]]*\(.\).*/\1/p' /proc/"$pid"/status 2>/dev/null) &&
	[ -n "$st" ] && [ "$st" != Z ]; do
	k=$(ls -l /proc/"$pid"/fd 2>/dev/null | grep -c perf_event)
	[ "$k" -gt "$most" ] && most=$k
	sleep 0.05
done
wait "$pid"
st=$?
pid=
[ "$st" -eq 0 ] || { cat "$TMPDIR/err"; echo "exit status $st, expected 0"; exit 1; }
[ "$most" -lt "$n" ] || { echo "$most perf events attached: the signal waited for them all"; exit 1; }
[ "$(head -2 "$TMPDIR/out")" = "begin
end" ] || { cat "$TMPDIR/out"; echo "BEGIN then END output expected"; exit 1; }
[ -s "$TMPDIR/ids" ] || { echo "no BPF object seen"; exit 1; }
holders=$(bpf_holders "$TMPDIR/ids")
[ -z "$holders" ] || { echo "$holders"; echo "BPF objects of the run still held"; exit 1; }
bpf_gone "$TMPDIR/ids" || exit 1
exit 0
