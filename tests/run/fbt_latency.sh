# SPDX-License-Identifier: GPL-2.0-only
# The classic latency script: self->ts at a function's entry, quantize() of the time to its
# return. 200 writes: 200 in the histogram, whatever the times.
cat >"$TMPDIR/lat.d" <<'D'
fbt::vfs_write:entry
/pid == $target/
{
	self->ts = timestamp;
}

fbt::vfs_write:return
/self->ts/
{
	@lat = quantize(timestamp - self->ts);
	@n = count();
	self->ts = 0;
}
D
"$DTRACE" -q -s "$TMPDIR/lat.d" -c "$TRIGGERS/write 200" >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; exit 1; }
cat "$TMPDIR/out"
grep -Eq '^ +value +-+ Distribution -+ +count *$' "$TMPDIR/out" || { echo "no histogram"; exit 1; }
# the rows' counts add up to the calls
sum=$(awk '/\|/ { s += $NF } END { print s + 0 }' "$TMPDIR/out")
[ "$sum" -eq 200 ] || { echo "histogram holds $sum, expected 200"; exit 1; }
grep -Eq '^ +200 *$' "$TMPDIR/out" || { echo "count() is not 200"; exit 1; }
