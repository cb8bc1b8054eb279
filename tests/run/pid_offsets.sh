# SPDX-License-Identifier: GPL-2.0-only
# The pid provider's instruction offsets: a glob (or no name) makes a probe at every
# instruction of a function, named by its offset in hex as DTrace names them; they fire in
# order in straight-line code (pidinsns_line: known bytes), through uprobe_multi and the
# perf-event fallback; an exact offset must start an instruction (DTrace's messages); a
# function with bytes the decoder does not know gets none and says why. Where objdump is
# installed, a compiled function's offsets are its instructions as objdump -d finds them.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
exp='0 4 5 8 12 19 1d 23 29 30 3a 3d 3e'

# Listed: entry, return, then every instruction.
"$DTRACE" -l -c "$TRIGGERS/pidinsns 1" -n 'pid$target:a.out:pidinsns_line:' >"$TMPDIR/l" 2>&1 ||
	{ cat "$TMPDIR/l"; fail "list"; }
got=$(awk 'NR > 1 { printf "%s%s", (NR > 2 ? " " : ""), $5 }' "$TMPDIR/l")
[ "$got" = "entry return $exp" ] || { cat "$TMPDIR/l"; fail "list: $got"; }
# A glob over the names: only the offsets it matches.
"$DTRACE" -l -c "$TRIGGERS/pidinsns 1" -n 'pid$target:a.out:pidinsns_line:1?' >"$TMPDIR/l" 2>&1 ||
	{ cat "$TMPDIR/l"; fail "list 1?"; }
got=$(awk 'NR > 1 { printf "%s%s", (NR > 2 ? " " : ""), $5 }' "$TMPDIR/l")
[ "$got" = "12 19 1d" ] || { cat "$TMPDIR/l"; fail "list 1?: $got"; }

# Fired: each instruction in order, every call (uprobe_multi, then one perf event each).
prog='pid$target:a.out:pidinsns_line:* /probename != "entry" && probename != "return"/
{ printf("%s ", probename); }
pid$target:a.out:pidinsns_line:return { printf("\n"); }'
for multi in 1 0; do
	DTRACE_UPROBE_MULTI=$multi "$DTRACE" -q -c "$TRIGGERS/pidinsns 3" -n "$prog" \
		>"$TMPDIR/f" 2>&1 || { cat "$TMPDIR/f"; fail "fire (multi=$multi)"; }
	printf '%s \n%s \n%s \n\n' "$exp" "$exp" "$exp" >"$TMPDIR/f.exp"
	diff -u "$TMPDIR/f.exp" "$TMPDIR/f" || fail "fire output (multi=$multi)"
done
# An exact offset: the registers there (0x8 has not run yet, 0x12 has: movabs into rax).
"$DTRACE" -q -c "$TRIGGERS/pidinsns 1" -n 'pid$target:a.out:pidinsns_line:12 {
	printf("%s %x %A\n", probename, uregs[R_RAX], uregs[R_PC]); }' >"$TMPDIR/x" 2>&1 ||
	{ cat "$TMPDIR/x"; fail "exact offset"; }
printf '12 1122334455667788 pidinsns`pidinsns_line+0x12\n\n' | diff -u - "$TMPDIR/x" ||
	fail "exact offset output"

# Refused: inside an instruction, past the function, in one that cannot be decoded.
refused() {
	"$DTRACE" -c "$TRIGGERS/pidinsns 1" -n "$1 { }" >"$TMPDIR/r" 2>&1 && fail "$1 accepted"
	head -n 1 "$TMPDIR/r" | grep -qF "dtrace: invalid probe specifier $1 { }: $2" ||
		{ cat "$TMPDIR/r"; fail "$1: message"; }
}
refused 'pid$target:a.out:pidinsns_line:6' 'offset 0x6 is not aligned on an instruction'
refused 'pid$target:a.out:pidinsns_line:3f' "offset 0x3f outside of function 'pidinsns_line'"
refused 'pid$target:a.out:pidinsns_odd:0' 'pid'
grep -q ':pidinsns:pidinsns_odd: no instruction offsets: the instruction at offset 0x1 cannot be decoded' \
	"$TMPDIR/r" || { cat "$TMPDIR/r"; fail "undecodable: message"; }
"$DTRACE" -l -c "$TRIGGERS/pidinsns 1" -n 'pid$target:a.out:pidinsns_odd:' >"$TMPDIR/o" 2>&1 ||
	{ cat "$TMPDIR/o"; fail "list undecodable"; }
grep -q 'dtrace: pid[0-9]*:pidinsns:pidinsns_odd: no instruction offsets: the instruction at offset 0x1 cannot be decoded: an opcode that is not an instruction in 64-bit mode' \
	"$TMPDIR/o" || { cat "$TMPDIR/o"; fail "list undecodable: message"; }
[ "$(grep -c ' pidinsns_odd ' "$TMPDIR/o")" = 2 ] || { cat "$TMPDIR/o"; fail "list undecodable: entry, return"; }

# A compiled function, against objdump where there is one.
command -v objdump >/dev/null || exit 0
"$DTRACE" -l -c "$TRIGGERS/pidcalls 1" -n 'pid$target:a.out:pidcalls_ten:' >"$TMPDIR/l" 2>&1 ||
	{ cat "$TMPDIR/l"; fail "list pidcalls_ten"; }
awk 'NR > 1 && $5 != "entry" && $5 != "return" { print $5 }' "$TMPDIR/l" >"$TMPDIR/ours"
objdump -d -w --disassemble=pidcalls_ten "$TRIGGERS/pidcalls" |
	awk '/<pidcalls_ten>:$/ { print $1; on = 1; next }
	     on && /^ *[0-9a-f]+:/ { a = $1; sub(/:$/, "", a); print a }
	     on && /^$/ { on = 0 }' >"$TMPDIR/addrs"
start=$(head -n 1 "$TMPDIR/addrs")
tail -n +2 "$TMPDIR/addrs" | while read -r a; do printf '%x\n' $((0x$a - 0x$start)); done \
	>"$TMPDIR/objdump"
[ -s "$TMPDIR/objdump" ] || fail "objdump found no pidcalls_ten"
diff -u "$TMPDIR/objdump" "$TMPDIR/ours" || fail "pidcalls_ten's offsets differ from objdump's"
exit 0
