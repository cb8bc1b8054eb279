# SPDX-License-Identifier: GPL-2.0-only
# Stripped objects: a stripped shared library's functions come from its .dynsym; a stripped
# executable's local functions from its separate debug file, found by its .gnu_debuglink
# (next to it, as gdb looks); without that file they are not there to probe.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
command -v objcopy >/dev/null && command -v strip >/dev/null || { echo "needs binutils"; exit 77; }
d=$TMPDIR/s
mkdir -p "$d"
cp "$TRIGGERS/pidcalls" "$TRIGGERS/libdtpid.so" "$d/"
strip --strip-all "$d/libdtpid.so"
objcopy --only-keep-debug "$d/pidcalls" "$d/pidcalls.debug"
strip --strip-all "$d/pidcalls"
(cd "$d" && objcopy --add-gnu-debuglink=pidcalls.debug pidcalls)
readelf -S "$d/pidcalls" | grep -q '\.symtab' && fail "pidcalls kept its .symtab"
prog='pid$target:a.out:pidcalls_ten:entry, pid$target:libdtpid.so:dtpid_mul:return { printf("%s %s %d %d\n", probemod, probefunc, arg0, arg1); }'
"$DTRACE" -q -c "$d/pidcalls 2" -n "$prog" >"$TMPDIR/out" 2>&1 || { cat "$TMPDIR/out"; fail "dtrace"; }
printf '%s\n' 'pidcalls pidcalls_ten 1 2' 'libdtpid.so dtpid_mul 0 3' 'libdtpid.so dtpid_mul 0 2' \
	'pidcalls pidcalls_ten 2 2' 'libdtpid.so dtpid_mul 0 6' 'libdtpid.so dtpid_mul 0 4' '' >"$TMPDIR/exp"
diff -u "$TMPDIR/exp" "$TMPDIR/out" || fail "output"
rm "$d/pidcalls.debug"
"$DTRACE" -q -c "$d/pidcalls 2" -n "$prog" >"$TMPDIR/out" 2>&1 && fail "matched without the debug file"
grep -q 'probe description pid[0-9]*:a.out:pidcalls_ten:entry does not match any probes' "$TMPDIR/out" ||
	{ cat "$TMPDIR/out"; fail "message without the debug file"; }
exit 0
