# SPDX-License-Identifier: GPL-2.0-only
# io:::wait-start and io:::wait-done (submit_bio_wait's entry and return, on kprobes): each
# O_DIRECT | O_SYNC write of blkio to a loop device ends in a cache flush that the writing
# thread submits and waits for (blkdev_issue_flush), a write bio of no bytes on the device.
# wait-done follows wait-start in the same thread with the same bio.
dd if=/dev/zero of="$TMPDIR/img" bs=64k count=4 2>/dev/null || exit 1
. "$TESTDIR/loop.inc"
loop_attach "$TMPDIR/img"
trap 'losetup -d "$dev"' EXIT
cat >"$TMPDIR/io.d" <<'D'
int writes, same;

io:::wait-start
/pid == $target && args[1]->dev_statname == $$1/
{
	starts++;
	writes += (args[0]->b_flags & B_WRITE) != 0;
	self->bio = arg0;
}

io:::wait-done
/pid == $target && args[1]->dev_statname == $$1/
{
	dones++;
	same += self->bio == arg0;
	self->bio = 0;
}

END
{
	printf("wait-start %s, writes %s; wait-done after each: %s\n", starts >= 3 ? ">= 3" : "< 3",
	    writes == starts ? "all" : "not all", dones == starts && same == dones ? "yes" : "no");
}
D
"$DTRACE" -q -c "$TRIGGERS/blkio $dev 3" -s "$TMPDIR/io.d" "${dev#/dev/}"
