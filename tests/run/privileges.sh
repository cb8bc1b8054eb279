# SPDX-License-Identifier: GPL-2.0-only
# Without privileges dtrace says which capability is missing, and exits 1.
command -v setpriv >/dev/null 2>&1 || { echo "setpriv not installed"; exit 77; }
setpriv --reuid=65534 --regid=65534 --clear-groups "$DTRACE" -n 'BEGIN { exit(0); }' \
	>"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
cat "$TMPDIR/err"
[ "$st" -eq 1 ] || { echo "exit status $st, expected 1"; exit 1; }
grep -q 'missing capability: CAP_BPF and CAP_PERFMON' "$TMPDIR/err" || exit 1
