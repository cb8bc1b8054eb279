#!/usr/sbin/dtrace -qs
/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * iosnoop.d: every block I/O as it completes: who started it, the device, the block, the
 * size, the file (where the block layer knows it) and how long it took, in microseconds.
 *
 *   dtrace -qs examples/iosnoop.d
 *
 * io:::start fires in the thread that submits the I/O (its pid and name are kept), io:::done
 * usually in an interrupt: the two meet on the device and the block number.
 */

BEGIN
{
	printf("%-6s %-16s %1s %-8s %10s %7s %8s %s\n", "PID", "COMM", "D", "DEVICE", "BLOCK",
	    "BYTES", "LAT(us)", "FILE");
}

io:::start
{
	ts[args[0]->b_edev, args[0]->b_blkno] = timestamp;
	who[args[0]->b_edev, args[0]->b_blkno] = pid;
	comm[args[0]->b_edev, args[0]->b_blkno] = execname;
}

io:::done
/ts[args[0]->b_edev, args[0]->b_blkno]/
{
	this->k = args[0]->b_blkno;
	printf("%-6d %-16s %1s %-8s %10d %7d %8d %s\n", who[args[0]->b_edev, this->k],
	    comm[args[0]->b_edev, this->k], args[0]->b_flags & B_READ ? "R" : "W",
	    args[1]->dev_statname, this->k, args[0]->b_bcount,
	    (timestamp - ts[args[0]->b_edev, this->k]) / 1000, args[2]->fi_name);
	ts[args[0]->b_edev, this->k] = 0;
	who[args[0]->b_edev, this->k] = 0;
	comm[args[0]->b_edev, this->k] = 0;
}
