# SPDX-License-Identifier: GPL-2.0-only
# -F over fbt entry and return: a function called inside another is indented under it, and
# its return comes back out. The trigger writes twice; vfs_write calls rw_verify_area.
cat >"$TMPDIR/flow.d" <<'D'
fbt::vfs_write:entry
/pid == $target/
{
	self->in = 1;
}

fbt::vfs_write:entry,
fbt::rw_verify_area:entry,
fbt::rw_verify_area:return,
fbt::vfs_write:return
/self->in/
{
}

fbt::vfs_write:return
/self->in/
{
	self->in = 0;
}
D
"$DTRACE" -F -s "$TMPDIR/flow.d" -c "$TRIGGERS/write 2" >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; exit 1; }
# the CPU column differs from run to run: compare what follows it
sed -n 's/^ *[0-9][0-9]* //p' "$TMPDIR/out" | sed 's/ *$//' >"$TMPDIR/flow"
cat >"$TMPDIR/want" <<'W'
 -> vfs_write
   -> rw_verify_area
   <- rw_verify_area
 <- vfs_write
 -> vfs_write
   -> rw_verify_area
   <- rw_verify_area
 <- vfs_write
W
diff -u "$TMPDIR/want" "$TMPDIR/flow" || { cat "$TMPDIR/out"; exit 1; }
head -n 1 "$TMPDIR/out" | grep -q '^CPU FUNCTION' || { cat "$TMPDIR/out"; exit 1; }
