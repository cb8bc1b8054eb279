# SPDX-License-Identifier: GPL-2.0-only
# uaddr(), usym(), ufunc(), umod(), jstack() and printf's %A: user addresses named as DTrace
# names them, as records ("  %-50s", quiet or not) and as aggregation keys. usym() and umod()
# keys stand for a function and a module: the two return addresses into ustack_outer (the
# trigger's two call sites, ucaller) are two uaddr() keys but one usym() key. A process that
# is gone before its addresses are first read prints them raw, as DTrace does.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
"$DTRACE" -q -c "$TRIGGERS/ustack 2" -n 'int n;
syscall::getpid:entry /pid == $target/ {
	@a[uaddr(ucaller)] = count(); @s[usym(ucaller)] = count(); @m[umod(ucaller)] = count();
	@f[ufunc(uregs[R_PC])] = count();
}
syscall::getpid:entry /pid == $target && n++ == 0/ {
	printf("[%A] [%A]\n", ucaller, uaddr(uregs[R_PC]));
	usym(ucaller); umod(uregs[R_PC]); uaddr(ucaller); printf("|\n");
	jstack(1);
}' >"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; fail "dtrace failed"; }
cat "$TMPDIR/out"
# Offsets vary with the compiler and the C library: compare with them masked and blanks
# squeezed, then check the widths ("  %-50s" fields, " %16d" values) by line length.
sed 's/+0x[0-9a-f]*/+0xOFF/g; s/`__getpid/`getpid/g' "$TMPDIR/out" | tr -s ' ' >"$TMPDIR/masked"
{
	echo '[ustack`ustack_outer+0xOFF] [libc.so.6`getpid+0xOFF]'
	echo ' ustack`ustack_outer libc.so.6 ustack`ustack_outer+0xOFF |'
	printf '\n libc.so.6`getpid+0xOFF\n\n'
	printf ' %s %d\n' 'ustack`ustack_outer+0xOFF' 2 'ustack`ustack_outer+0xOFF' 2 \
		'ustack`ustack_outer' 4 'ustack' 4 'libc.so.6`getpid' 4
} >"$TMPDIR/want"
cmp -s "$TMPDIR/masked" "$TMPDIR/want" || { diff "$TMPDIR/want" "$TMPDIR/masked"; fail "text"; }
[ "$(sed -n 2p "$TMPDIR/out" | awk '{ print length }')" -eq 157 ] || fail "record widths"
[ "$(sed -n '6,10p' "$TMPDIR/out" | awk 'length != 69' | wc -l)" -eq 0 ] || fail "key widths"
[ "$(sed -n 4p "$TMPDIR/out" | grep -c '^              libc')" -eq 1 ] || fail "jstack indent"
# The two uaddr() keys are two addresses.
[ "$(grep -Eo '^  ustack`ustack_outer\+0x[0-9a-f]+' "$TMPDIR/out" | sort -u | wc -l)" -eq 2 ] ||
	fail "two call sites"

# Not -c, not -p: nothing holds the process, which is gone when the keys print at exit. The
# trigger runs under a name of this run's own, so a ustack trigger that another test runs
# meanwhile is not counted.
me=us$$
cp "$TRIGGERS/ustack" "$TMPDIR/$me"
"$DTRACE" -q -n 'int r;
syscall::getpid:entry /execname == "'"$me"'"/ { @[ustack(2)] = count(); @u[usym(ucaller)] = count(); }
tick-10ms /!r/ { r = 1; printf("ready\n"); }' >"$TMPDIR/raw" 2>"$TMPDIR/err" &
pid=$!
while ! grep -qx ready "$TMPDIR/raw" 2>/dev/null; do
	kill -0 "$pid" 2>/dev/null || { cat "$TMPDIR/err"; fail "dtrace died"; }
	sleep 0.05
done
"$TMPDIR/$me" 1
kill -INT "$pid"
wait "$pid" || { cat "$TMPDIR/err"; fail "dtrace after SIGINT"; }
cat "$TMPDIR/raw"
[ "$(grep -Ec '^ {14}0x[0-9a-f]+$' "$TMPDIR/raw")" -eq 4 ] || fail "raw stack frames"
[ "$(grep -Ec '^  0x[0-9a-f]+ +1$' "$TMPDIR/raw")" -eq 2 ] || fail "raw usym() keys"
! grep -q '`' "$TMPDIR/raw" || fail "a gone process's address was named"
exit 0
