# SPDX-License-Identifier: GPL-2.0-only
# USDT probes of a shared library a -c process maps: libstdc++'s throw and catch, found once
# the held process has its libraries mapped; catch's typeinfo argument is a memory operand
# (8@-80(%rbx) on Debian 12), decoded to the same pointer throw passed in a register. The
# module is the mapped file's name (libstdc++.so.6.0.30), as pid's modules are.
# shellcheck disable=SC2016
command -v g++ >/dev/null || { echo "no g++"; exit 77; }
cd "$TMPDIR" || exit 1
g++ -O2 -o throw "$TESTDIR/../triggers/usdt/throw.cc" || { echo "g++ failed"; exit 1; }
lib=$(readlink -f "$(ldd ./throw | awk '/libstdc\+\+/ { print $3 }')")
readelf -n "$lib" 2>/dev/null | grep -q 'Provider: libstdcxx' ||
	{ echo "$lib has no SDT notes"; exit 77; }
"$DTRACE" -q -c "./throw 3" -n '
libstdcxx$target:::throw { self->ti = arg1; n++; }
libstdcxx$target:::catch
{
	printf("%s %s %s %d\n", probename, probemod == "'"${lib##*/}"'" ? "lib" : probemod,
	    arg1 == self->ti && arg1 != 0 ? "same" : "other", n);
}' >out 2>err || { cat err; echo "dtrace failed"; exit 1; }
printf 'sum 3\ncatch lib same 1\ncatch lib same 2\ncatch lib same 3\n\n' | diff -u - out ||
	exit 1
echo ok
