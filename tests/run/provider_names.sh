# SPDX-License-Identifier: GPL-2.0-only
# A provider is one file: no C source outside src/providers/ names a provider or uses what
# belongs to one (DESIGN.md). Comments are stripped first (gcc -fpreprocessed), so they may
# still give examples; code and strings may not. The names are the registered providers'
# (src/providers/dt_provider.c) and those DTrace has that are yet to come.
fail() { echo "$1"; exit 1; }
SRC=$TESTDIR/../../src
[ -f "$SRC/providers/dt_provider.c" ] || { echo "no source tree next to the tests"; exit 77; }
command -v gcc >/dev/null || { echo "gcc not installed (strips comments)"; exit 77; }
names=$(sed -n 's/^[[:space:]]*{"\([a-z0-9]*\)", &dt_prov_.*/\1/p' "$SRC/providers/dt_provider.c")
[ -n "$names" ] || fail "found no provider registrations in dt_provider.c"
# pid, ip and io are D words too (the pid variable, inet_ntop's argument): only as a
# description ("pid:", "pid1234") or a per-process provider's name
names="$names fbt usdt sdt tracepoint rawtp proc sched tcp udp lockstat cpc"
alt=$(printf '%s\n' $names | grep -vxE 'dtrace|pid|ip|io' | sort -u | paste -sd'|' -)
# string literals naming a provider or a probe description, and identifiers owned by one
pat="\"($alt)\"|\"($alt|dtrace|pid|ip|io):[^ ]|\"pid[0-9*]|\"(BEGIN|END|ERROR)\""
pat="$pat|(\"|:)(profile|tick)-[0-9]|dt_prov_[a-z0-9]+_ops|DT_PROBE_(BEGIN|END|ERROR)"
pat="$pat|DT_GROUP_|DT_MAP_SYSCALL|SYSCALL_MAXNR|\\<sys_(enter|exit)\\>|\\<iter_(lo|hi)\\>"
# Check that the pattern finds what it must: a file that names a provider.
printf '%s\n' 'int f(void) { return strcmp(p, "syscall") == 0 || ops == &dt_prov_fbt_ops; }' \
	>"$TMPDIR/bad.c"
[ "$(gcc -fpreprocessed -dD -E -P "$TMPDIR/bad.c" | grep -cE "$pat")" -eq 1 ] ||
	fail "the check does not find a provider's name in $TMPDIR/bad.c"
bad=0
for f in $(find "$SRC" -path "$SRC/providers" -prune -o \( -name '*.c' -o -name '*.h' \) -print |
	   sort); do
	hits=$(gcc -fpreprocessed -dD -E -P "$f" 2>/dev/null | grep -nE "$pat")
	[ -z "$hits" ] && continue
	printf '%s (line numbers without comments):\n%s\n' "${f#"$SRC"/}" "$hits"
	bad=1
done
[ "$bad" -eq 0 ] || fail "names a provider outside src/providers/ (see above)"
exit 0
