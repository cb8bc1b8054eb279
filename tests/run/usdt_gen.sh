# SPDX-License-Identifier: GPL-2.0-only
# dtrace -h writes a provider's header and dtrace -G the object to link with, under DTrace's
# file names (myserv.h, myserv.o from myserv.d); a program built with them has one SDT note
# per probe site (what readelf, bpftrace and dtrace read) with the arguments' locations, and
# does not link without -G's object (its semaphores). -o names the outputs.
. "$TESTDIR/../triggers/usdt/build.sh"
cd "$TMPDIR" || exit 1
grep -q '^#define	MYSERV_QUERY_START(arg0, arg1) \\$' myserv.h || { echo "no macro"; exit 1; }
grep -q '^#define	MYSERV_QUERY_START_ENABLED() \\$' myserv.h || { echo "no _ENABLED"; exit 1; }
grep -q '^#define	MYSERV_TICK() (0)$' myserv.h && { echo "wrong empty macro"; exit 1; }
grep -q '^#define	MYSERV_TICK()$' myserv.h || { echo "no empty macro"; exit 1; }
grep -q '^#ifndef	_MYSERV_H$' myserv.h || { echo "no guard"; exit 1; }
[ "$("$MYSERV" 2)" = done ] || { echo "myserv did not run"; exit 1; }
notes=$(readelf -n "$MYSERV" | grep -A3 'Provider: myserv' | grep -E 'Name:|Arguments:' |
	sed 's/^ *//; s/%[a-z0-9]*/REG/g')
want='Name: query__start
Arguments: 8@REG -4@REG
Name: query__done
Arguments: -4@REG -8@REG
Name: tick
Arguments:
Name: bytes
Arguments: 1@REG -2@REG 4@REG -8@REG'
[ "$(printf '%s\n' "$notes" | sed 's/ *$//')" = "$want" ] ||
	{ echo "notes differ:"; echo "$notes"; exit 1; }
# the semaphores come from -G's object: without it, no link
if gcc -o nolink main.o 2>err.txt; then echo "linked without -G's object"; exit 1; fi
grep -q 'undefined reference to `__dtrace_myserv___query__start_semaphore' err.txt ||
	{ cat err.txt; exit 1; }
# -o names the outputs; -G of an object using an undefined probe is refused
"$DTRACE" -h -s myserv.d -o other.h && grep -q "^#define	_OTHER_H$" other.h ||
	{ echo "-h -o"; exit 1; }
"$DTRACE" -G -o other.o -s myserv.d main.o && gcc -o other main.o other.o ||
	{ echo "-G -o"; exit 1; }
sed '/probe tick/d' myserv.d > less.d
out=$("$DTRACE" -G -s less.d main.o 2>&1) && { echo "-G accepted an undefined probe"; exit 1; }
[ "$out" = "dtrace: failed to link script less.d: no such probe myserv:tick (used by main.o)" ] ||
	{ echo "$out"; exit 1; }
echo ok
