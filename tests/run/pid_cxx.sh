# SPDX-License-Identifier: GPL-2.0-only
# C++ in the pid provider: probes are named by the raw (mangled) symbol, as a probe name has
# no spaces, and a glob finds them; ustack() and usym() show them demangled, as DTrace does,
# and raw with -x mangled.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
prog='pid$target::*poke*:entry { printf("%s\n", probefunc); ustack(2); usym(uregs[R_PC]); }'
"$DTRACE" -q -c "$TRIGGERS/pidcxx 1" -n "$prog" >"$TMPDIR/out" 2>&1 || { cat "$TMPDIR/out"; fail "dtrace"; }
sed 's/+0x[0-9a-f]*$//; s/ *$//' "$TMPDIR/out" >"$TMPDIR/got"
printf '%s\n' '_ZN5dtcxx6Widget4pokeEi' '' '              pidcxx`dtcxx::Widget::poke(int)' \
	'              pidcxx`main' '  pidcxx`dtcxx::Widget::poke(int)' >"$TMPDIR/exp"
diff -u "$TMPDIR/exp" "$TMPDIR/got" || fail "demangled"
"$DTRACE" -x mangled -q -c "$TRIGGERS/pidcxx 1" -n "$prog" >"$TMPDIR/out" 2>&1 || { cat "$TMPDIR/out"; fail "-x mangled"; }
sed 's/+0x[0-9a-f]*$//; s/ *$//' "$TMPDIR/out" >"$TMPDIR/got"
sed 's/dtcxx::Widget::poke(int)/_ZN5dtcxx6Widget4pokeEi/' "$TMPDIR/exp" >"$TMPDIR/exp2"
diff -u "$TMPDIR/exp2" "$TMPDIR/got" || fail "-x mangled output"
exit 0
