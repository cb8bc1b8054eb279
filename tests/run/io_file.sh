# SPDX-License-Identifier: GPL-2.0-only
# io:::start's fileinfo_t: a file written through the page cache on an ext4 file system
# (on a loop device) and fsync()ed by blkio -b: the bios that carry its pages name it, from
# the offset of its first page; and O_DIRECT's user pages name no file ("<none>").
command -v mkfs.ext4 >/dev/null || { echo "no mkfs.ext4"; exit 77; }
dd if=/dev/zero of="$TMPDIR/img" bs=1M count=8 2>/dev/null || exit 1
mkfs.ext4 -q -F "$TMPDIR/img" >/dev/null 2>&1 || { echo "mkfs.ext4 failed"; exit 77; }
. "$TESTDIR/loop.inc"
loop_attach "$TMPDIR/img"
mkdir "$TMPDIR/mnt"
if ! mount -t ext4 "$dev" "$TMPDIR/mnt" 2>/dev/null; then
	losetup -d "$dev"
	echo "cannot mount ext4"
	exit 77
fi
trap 'umount "$TMPDIR/mnt"; losetup -d "$dev"' EXIT
cat >"$TMPDIR/io.d" <<'D'
io:::start
/pid == $target && args[2]->fi_name == "f"/
{
	@bytes[args[2]->fi_name, args[2]->fi_fs, args[2]->fi_dirname, args[2]->fi_mount,
	    args[0]->b_flags & B_WRITE ? "W" : "R"] = sum(args[0]->b_bcount);
	@first[args[2]->fi_name] = min(args[2]->fi_offset);
}

END
{
	printa("%s on %s (dir %s, mount %s) %s: %@d bytes", @bytes);
	printa(", from offset %@d\n", @first);
}
D
"$DTRACE" -q -c "$TRIGGERS/blkio -b $TMPDIR/mnt/f 3" -s "$TMPDIR/io.d"
