# SPDX-License-Identifier: GPL-2.0-only
# inet_ntoa6() and inet_ntop(10, ...) (AF_INET6) of 3000 addresses that the trigger writes to fd 99,
# copied in at syscall::write:entry, against the text the trigger expects (glibc's
# inet_ntop() for ordinary addresses, DTrace's rule for IPv4 inside IPv6; see addrs6.c).
# shellcheck disable=SC2016 # $target is D, not shell
"$DTRACE" -q -c "$TRIGGERS/addrs6 3000 $TMPDIR/expected" -n '
syscall::write:entry
/pid == $target && arg0 == 99/
{
	this->a = copyin(arg1, 16);
	printf("%s %s\n", inet_ntoa6((in6_addr_t *)this->a), inet_ntop(10, this->a));
}' >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
cat "$TMPDIR/err"
[ "$st" -eq 0 ] || { echo "exit status $st, expected 0"; exit 1; }
[ "$(wc -l <"$TMPDIR/expected")" -eq 3000 ] || { echo "the trigger wrote no 3000 lines"; exit 1; }
# (the empty line dtrace prints at exit is not the trigger's)
sed '$ { /^$/d; }' "$TMPDIR/out" >"$TMPDIR/got"
diff "$TMPDIR/expected" "$TMPDIR/got" | head -20
cmp -s "$TMPDIR/expected" "$TMPDIR/got"
