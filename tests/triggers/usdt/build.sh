# SPDX-License-Identifier: GPL-2.0-only
# Sourced by tests/run/usdt_*.sh: build the test program myserv (myserv.c with its own probes
# from myserv.d) in $TMPDIR with dtrace -h and -G, as a user would. Sets MYSERV to its path.
command -v gcc >/dev/null || { echo "no gcc"; exit 77; }
USDT_SRC=$TESTDIR/../triggers/usdt
cp "$USDT_SRC/myserv.d" "$USDT_SRC/myserv.c" "$TMPDIR/" || exit 1
(
	cd "$TMPDIR" &&
	"$DTRACE" -h -s myserv.d &&
	gcc -O2 -Wall -Werror -c -o main.o myserv.c &&
	"$DTRACE" -G -s myserv.d main.o &&
	gcc -o myserv main.o myserv.o
) || { echo "building myserv failed"; exit 1; }
MYSERV=$TMPDIR/myserv
