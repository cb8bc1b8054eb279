# SPDX-License-Identifier: GPL-2.0-only
# A module installed and not loaded has its own types, read from its file as DTrace knows
# them: tun's struct tun_struct, which vmlinux lacks, from the tun.ko that modules.dep names
# (split BTF on the running kernel's); its size is the one the file's BTF says (bpftool).
# Without the scope the kernel's types alone do not have it. Runs where tun is installed and
# not loaded: the vmcheck guests (tests/vm/modules-installed.txt).
fail() { echo "$1"; shift; for f in "$@"; do echo "--- $f"; cat "$f"; done; exit 1; }
dir=/lib/modules/$(uname -r)
file=$(grep -E '(^|/)tun\.ko[.a-z]*:' "$dir/modules.dep" 2>/dev/null | cut -d: -f1)
[ -n "$file" ] || { echo "no tun module installed here ($dir/modules.dep)"; exit 77; }
[ ! -e /sys/module/tun ] || { echo "tun is loaded here"; exit 77; }
case $file in *.ko) ;; *) echo "tun's file is compressed here: $file"; exit 77 ;; esac
command -v bpftool >/dev/null || { echo "no bpftool"; exit 77; }
bpftool -B /sys/kernel/btf/vmlinux btf dump file "$dir/$file" >btf 2>&1 ||
	fail "bpftool: exit status $?" btf
want=$(sed -n "s/^\[[0-9]*\] STRUCT 'tun_struct' size=\([0-9]*\) .*/\1/p" btf)
[ -n "$want" ] || fail "no struct tun_struct in $file" btf

"$DTRACE" -qn 'BEGIN { printf("%d %d\n", sizeof (struct tun`tun_struct),
	offsetof(struct tun`tun_struct, dev) < sizeof (struct tun`tun_struct)); exit(0); }' \
	>out 2>err || fail "tun\`tun_struct: exit status $?" out err
[ "$(cat out)" = "$want 1" ] || fail "tun\`tun_struct: want \"$want 1\"" out err
"$DTRACE" -qn 'BEGIN { trace(sizeof (struct tun_struct)); exit(0); }' >out 2>err &&
	fail "tun_struct without the scope: compiled" out err
exit 0
