# SPDX-License-Identifier: GPL-2.0-only
# ustack() frames name user code as DTrace prints them, module`function+0xoff, the module
# being the file's basename. The trigger calls main -> ustack_outer -> ustack_inner -> getpid()
# from two call sites; the frame-pointer walk shows the C library's getpid wrapper, then
# ustack_outer and main (ustack_inner makes the call, but getpid sets up no frame, so the walk
# starts from ustack_inner's frame: DTrace shows the same). The C library's offsets and the
# frames below main vary between machines: only the stable frames are checked, with any
# offset. The -c process is gone before its stacks print at exit (and often before dtrace
# reads the buffer): dtrace holds it at its exit to cache its mappings and symbols.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
"$DTRACE" -q -c "$TRIGGERS/ustack 3" -n 'syscall::getpid:entry /pid == $target/ {
	ustack(); @[ustack()] = count(); }' >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; fail "dtrace failed"; }
cat "$TMPDIR/out"
# The first record: an empty line, then the three stable frames, 14 spaces in, in order.
sed -n '1,4p' "$TMPDIR/out" | sed 's/+0x[0-9a-f]*$/+0xOFF/; s/`__getpid+/`getpid+/' >"$TMPDIR/first"
printf '\n%14slibc.so.6`getpid+0xOFF\n%14sustack`ustack_outer+0xOFF\n%14sustack`main+0xOFF\n' \
	'' '' '' >"$TMPDIR/want"
cmp -s "$TMPDIR/first" "$TMPDIR/want" || { diff "$TMPDIR/want" "$TMPDIR/first"; fail "first stack"; }
# Six records (two call sites, three times each), then at exit two stack keys counted 3 times:
# eight stacks.
[ "$(grep -Ec '^ {14}libc\.so\.6`(__)?getpid\+0x[0-9a-f]+$' "$TMPDIR/out")" -eq 8 ] ||
	fail "getpid frames"
[ "$(grep -Ec '^ {14}ustack`ustack_outer\+0x[0-9a-f]+$' "$TMPDIR/out")" -eq 8 ] ||
	fail "ustack_outer frames"
[ "$(grep -Ec '^ {14}ustack`main\+0x[0-9a-f]+$' "$TMPDIR/out")" -eq 8 ] || fail "main frames"
[ "$(grep -Ec '^ {16}3$' "$TMPDIR/out")" -eq 2 ] || fail "the stack keys' counts"
# Two call sites: two distinct return addresses into ustack_outer.
[ "$(grep -Eo 'ustack_outer\+0x[0-9a-f]+' "$TMPDIR/out" | sort -u | wc -l)" -eq 2 ] ||
	fail "call sites"
# The frames of the trigger are never raw addresses.
! grep -Eq '^ {14}ustack`0x' "$TMPDIR/out" || fail "unresolved trigger frame"
# ustack(n): at most n frames; -x ustackframes sets the default.
"$DTRACE" -q -c "$TRIGGERS/ustack 1" -n 'syscall::getpid:entry /pid == $target/ { ustack(2); }' \
	>"$TMPDIR/two" || fail "ustack(2) run"
[ "$(grep -c '^              ' "$TMPDIR/two")" -eq 4 ] || { cat "$TMPDIR/two"; fail "ustack(2)"; }
"$DTRACE" -q -x ustackframes=1 -c "$TRIGGERS/ustack 1" \
	-n 'syscall::getpid:entry /pid == $target/ { ustack(); }' >"$TMPDIR/one" ||
	fail "ustackframes run"
[ "$(grep -c '^              ' "$TMPDIR/one")" -eq 2 ] || { cat "$TMPDIR/one"; fail "ustackframes"; }
[ "$(grep -c '^              libc' "$TMPDIR/one")" -eq 2 ] || { cat "$TMPDIR/one"; fail "ustackframes"; }
# exit() before the -c process is done: it is let go (then killed, as -c commands are when
# dtrace ends first), and its keys, printed after, are still named.
"$DTRACE" -q -c "$TRIGGERS/ustack 100000" -n 'int n;
syscall::getpid:entry /pid == $target/ { @[ustack(3)] = count(); }
syscall::getpid:entry /pid == $target && ++n == 5/ { exit(0); }' >"$TMPDIR/early" ||
	fail "exit() run"
[ "$(grep -Ec '^ {14}ustack`main\+0x[0-9a-f]+$' "$TMPDIR/early")" -eq 2 ] ||
	{ cat "$TMPDIR/early"; fail "keys after exit()"; }
exit 0
