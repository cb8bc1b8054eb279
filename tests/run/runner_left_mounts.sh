# SPDX-License-Identifier: GPL-2.0-only
# A .sh test that leaves a mount in its TMPDIR fails, and the runner detaches the mount before
# it removes the directory (through a bind mount of / that removal would reach the machine's
# files). A copy of the runner works on a tree of its own tests here; the mounts are tmpfs.
root=$(cd "$TESTDIR/../.." && pwd)
t=$TMPDIR/tree
mkdir -p "$t/tests/run" "$t/build" || exit 1
cp "$root/tests/run-tests.sh" "$t/tests/" || exit 1
cat >"$t/tests/run/leaves.sh" <<'SH'
mkdir "$TMPDIR/m" && mount -t tmpfs vmtest "$TMPDIR/m" || { echo "no tmpfs mount"; exit 77; }
mkdir "$TMPDIR/m/s" && mount -t tmpfs vmtest "$TMPDIR/m/s" && touch "$TMPDIR/m/s/f"
SH
DTRACE=$DTRACE TMPDIR=$TMPDIR sh "$t/tests/run-tests.sh" '^run/' >"$TMPDIR/got" 2>&1
grep -q '^SKIP run/leaves: no tmpfs mount' "$TMPDIR/got" && { echo "cannot mount tmpfs"; exit 77; }
printf '%s\n' 'FAIL run/leaves: left mounted: m m/s ' '0 passed, 1 failed, 0 skipped' \
	>"$TMPDIR/want"
diff -u "$TMPDIR/want" "$TMPDIR/got" || exit 1
if grep -q " $TMPDIR/" /proc/mounts; then
	echo "still mounted:"
	grep " $TMPDIR/" /proc/mounts
	exit 1
fi
exit 0
