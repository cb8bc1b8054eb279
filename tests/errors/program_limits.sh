# SPDX-License-Identifier: GPL-2.0-only
# Programs past the kernel's limits are refused with an error that names the limit in D's
# terms (and the clause where it is passed), never with the kernel's errno text ("Argument
# list too long", "Too many open files", "No space left on device").
cd "$TMPDIR" || exit 1
fail=0
# check NAME WANT: dtrace -s NAME.d exits 1 and its stderr begins with the lines of WANT
check() {
	"$DTRACE" -q -s "$1.d" >out 2>err
	st=$?
	printf '%s\n' "$2" >want
	head -n "$(wc -l <want)" err >got
	if [ "$st" -ne 1 ] || ! cmp -s want got; then
		echo "$1: exit status $st (expected 1), stderr:"
		cat err
		diff want got
		fail=1
	fi
}
# clause N LINE: a BEGIN clause of N lines LINE, where $i is the line's number
clause() {
	echo "BEGIN"
	echo "{"
	i=0
	while [ "$i" -lt "$1" ]; do
		eval "echo \"	$2\""
		i=$((i + 1))
	done
	echo "}"
}
# 60 thread-local variables in one clause: past the 64 maps of a program (aggregations share
# maps past it, run/aggs_many; variables do not)
clause 60 'self->v$i = $i;' >selfs.d
check selfs "dtrace: failed to compile script selfs.d: line 1: too many aggregations and thread-local or associative variables for one probe: the kernel gives a program at most 64 maps, and 8 of them are dtrace's own"
# 70 thread-local variables over two probes: each program has room, but the one that frees
# them all when a thread exits does not
i=0
while [ "$i" -lt 70 ]; do
	if [ $((i % 2)) -eq 0 ]; then
		echo "BEGIN { self->v$i = 1; }"
	else
		echo "syscall::getpid:entry { self->v$i = 1; }"
	fi
	i=$((i + 1))
done >selfs2.d
check selfs2 "dtrace: the program has 70 thread-local (self->) variables; at most 64 are possible: use fewer, or one self-> associative array whose key tells them apart"
# 130 clause-local strings of 256 bytes: past the 32 KiB of per-CPU scratch space
clause 130 'this->s$i = execname;' >thiss.d
check thiss "dtrace: failed to compile script thiss.d: line 1: the clause needs 36536 bytes of scratch space per CPU for its clause-local (this->) variables and temporaries; at most 32768 are possible"
exit "$fail"
