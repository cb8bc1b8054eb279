# SPDX-License-Identifier: GPL-2.0-only
# io:::start and io:::done on a loop device: blkio writes 3 blocks of 4096 bytes with
# O_DIRECT | O_SYNC, then reads them back. Each I/O starts in the trigger (its pid) and
# completes once, with the arguments of the bio: the direction, size, block, device.
dd if=/dev/zero of="$TMPDIR/img" bs=64k count=4 2>/dev/null || exit 1
. "$TESTDIR/loop.inc"
loop_attach "$TMPDIR/img"
trap 'losetup -d "$dev"' EXIT
name=${dev#/dev/}
cat >"$TMPDIR/io.d" <<'D'
io:::start
/pid == $target && args[1]->dev_statname == $$1 && args[0]->b_bcount == 4096/
{
	printf("start %s blkno %d bcount %d bufsize %d edev %d,%d flags %s%s err %d\n",
	    args[0]->b_flags & B_READ ? "R" : args[0]->b_flags & B_WRITE ? "W" : "?",
	    args[0]->b_blkno, args[0]->b_bcount, args[0]->b_bufsize, getmajor(args[0]->b_edev),
	    getminor(args[0]->b_edev) == args[1]->dev_minor,
	    args[0]->b_flags & B_ASYNC ? " async" : "", args[0]->b_lblkno == args[0]->b_blkno ?
	    "" : " lblkno?", args[0]->b_error);
	printf("  dev %d %s %s %s, file %s %s %d\n", args[1]->dev_major,
	    args[1]->dev_name == $$1 ? "NAME" : args[1]->dev_name,
	    args[1]->dev_statname == $$1 ? "NAME" : args[1]->dev_statname,
	    args[1]->dev_pathname == strjoin("/dev/", $$1) ? "/dev/NAME" : args[1]->dev_pathname,
	    args[2]->fi_name, args[2]->fi_pathname, args[2]->fi_offset);
	started[args[0]->b_blkno, args[0]->b_flags & B_READ] = 1;
}

io:::done
/started[args[0]->b_blkno, args[0]->b_flags & B_READ] && args[0]->b_bcount == 4096 &&
 args[1]->dev_statname == $$1/
{
	started[args[0]->b_blkno, args[0]->b_flags & B_READ] = 0;
	@done[args[0]->b_flags & B_READ ? "R" : "W", args[0]->b_blkno, args[0]->b_error] =
	    count();
}

END
{
	printa("done %s blkno %d err %d: %@d\n", @done);
}
D
out=$("$DTRACE" -q -x aggsortkey -c "$TRIGGERS/blkio $dev 3" -s "$TMPDIR/io.d" "$name") ||
	{ echo "$out"; exit 1; }
cat >"$TMPDIR/expected" <<'E'
start W blkno 0 bcount 4096 bufsize 4096 edev 7,1 flags  err 0
  dev 7 NAME NAME /dev/NAME, file <none> <none> -1
start W blkno 8 bcount 4096 bufsize 4096 edev 7,1 flags  err 0
  dev 7 NAME NAME /dev/NAME, file <none> <none> -1
start W blkno 16 bcount 4096 bufsize 4096 edev 7,1 flags  err 0
  dev 7 NAME NAME /dev/NAME, file <none> <none> -1
start R blkno 0 bcount 4096 bufsize 4096 edev 7,1 flags  err 0
  dev 7 NAME NAME /dev/NAME, file <none> <none> -1
start R blkno 8 bcount 4096 bufsize 4096 edev 7,1 flags  err 0
  dev 7 NAME NAME /dev/NAME, file <none> <none> -1
start R blkno 16 bcount 4096 bufsize 4096 edev 7,1 flags  err 0
  dev 7 NAME NAME /dev/NAME, file <none> <none> -1
done R blkno 0 err 0: 1
done R blkno 8 err 0: 1
done R blkno 16 err 0: 1
done W blkno 0 err 0: 1
done W blkno 8 err 0: 1
done W blkno 16 err 0: 1
E
printf '%s\n' "$out" | diff -u "$TMPDIR/expected" - || exit 1
