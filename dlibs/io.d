/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * io.d: the io provider's argument types (bufinfo_t, devinfo_t) translated from the Linux
 * kernel's struct bio, and DTrace's view of an open file, fileinfo_t, translated from the
 * kernel's struct file, with the open(2) flags its fi_oflags holds.
 *
 * A D library: dtrace reads every .d file in its library directory before the program.
 * The translator is checked when a program first uses it, so a program that names none of
 * this does not read the kernel's types.
 *
 * As DTrace documents fileinfo_t: with no file (a NULL struct file *) the strings are
 * "<none>" and fi_offset is -1; a file whose path is not known (d_path() gives "": longer
 * than strsize, or deeper than d_path walks) has "<unknown>" names. __fi_pathname() and
 * __fi_mount() are d_path() of the file, and of the root of its mount (where the file
 * system is mounted), with "<unknown>" for "" (src/codegen/dt_cg_path.c).
 *
 * fds[fd] is the fileinfo_t of the current process's file descriptor fd ("<none>" names
 * when fd is not open or out of range).
 */

typedef long long offset_t;
typedef uint64_t dev_t;		/* the kernel's: major << 20 | minor */

typedef struct fileinfo {
	string fi_name;		/* name (basename of fi_pathname) */
	string fi_dirname;	/* directory (dirname of fi_pathname) */
	string fi_pathname;	/* full pathname */
	offset_t fi_offset;	/* offset within the file */
	string fi_fs;		/* file system type */
	string fi_mount;	/* mount point of the file system */
	int fi_oflags;		/* open(2) flags of the file descriptor */
} fileinfo_t;

/* open(2) flags (fi_oflags), the values every Linux architecture shares */
inline int O_ACCMODE = 03;
inline int O_RDONLY = 00;
inline int O_WRONLY = 01;
inline int O_RDWR = 02;
inline int O_CREAT = 0100;
inline int O_EXCL = 0200;
inline int O_NOCTTY = 0400;
inline int O_TRUNC = 01000;
inline int O_APPEND = 02000;
inline int O_NONBLOCK = 04000;
inline int O_NDELAY = 04000;
inline int O_DSYNC = 010000;
inline int O_ASYNC = 020000;
inline int O_NOATIME = 01000000;
inline int O_CLOEXEC = 02000000;
inline int O_SYNC = 04010000;
inline int O_RSYNC = 04010000;
inline int O_FSYNC = 04010000;
inline int O_PATH = 010000000;

translator fileinfo_t < struct file *F > {
	fi_name = F == NULL ? "<none>" : basename(__fi_pathname(&F->f_path));
	fi_dirname = F == NULL ? "<none>" :
	    __fi_pathname(&F->f_path) == "<unknown>" ? "<unknown>" :
	    dirname(__fi_pathname(&F->f_path));
	fi_pathname = F == NULL ? "<none>" : __fi_pathname(&F->f_path);
	fi_offset = F == NULL ? -1 : F->f_pos;
	fi_fs = F == NULL ? "<none>" : stringof(F->f_path.mnt->mnt_sb->s_type->name);
	fi_mount = F == NULL ? "<none>" : __fi_mount(&F->f_path);
	fi_oflags = F == NULL ? 0 : F->f_flags;
};

inline fileinfo_t fds[int fd] = xlate <fileinfo_t> (
    fd >= 0 && fd < curthread->files->fdt->max_fds ?
    curthread->files->fdt->fd[fd] : (struct file *)NULL);
#pragma D attributes Stable/Stable/Common fds

/*
 * The io provider (src/providers/dt_prov_io.c): args[0] is a bufinfo_t *, args[1] a
 * devinfo_t *, both translated from the I/O's struct bio; args[2] a fileinfo_t *, from the
 * file the I/O is for where the block layer can know it (a page-cache page's file: its
 * name only, as a block I/O has no path of its own), else "<none>" names.
 */
typedef char *caddr_t;

typedef struct bufinfo {
	int b_flags;		/* B_READ or B_WRITE, B_ASYNC, ... */
	size_t b_bcount;	/* bytes */
	caddr_t b_addr;		/* buffer address (none for a bio: 0) */
	uint64_t b_lblkno;	/* block number (512-byte sectors) on the device */
	uint64_t b_blkno;	/* the same, expanded */
	size_t b_resid;		/* bytes not transferred (0) */
	size_t b_bufsize;	/* size of the buffer */
	caddr_t b_iodone;	/* the completion routine (bi_end_io) */
	int b_error;		/* the I/O's status (blk_status_t), 0 when it succeeded */
	dev_t b_edev;		/* the device (getmajor(), getminor()) */
} bufinfo_t;

/* b_flags, as DTrace numbers them */
inline int B_BUSY = 0x000001;
inline int B_DONE = 0x000002;
inline int B_ERROR = 0x000004;
inline int B_PAGEIO = 0x000010;
inline int B_PHYS = 0x000020;
inline int B_READ = 0x000040;
inline int B_WRITE = 0x000100;
inline int B_ASYNC = 0x000400;

/*
 * A bio's operation is the low byte of bi_opf (REQ_OP_READ 0, REQ_OP_WRITE 1, then flush,
 * discard, ...: anything but a read moves data to the device or changes it, so is a
 * write); synchronous ones have the REQ_SYNC bit, numbered by the kernel's enum.
 */
translator bufinfo_t < struct bio *B > {
	b_flags = ((B->bi_opf & 0xff) == 0 ? B_READ : B_WRITE) |
	    (B->bi_opf & (1 << __REQ_SYNC) ? 0 : B_ASYNC) |
	    (B->bi_status ? B_ERROR : 0);
	b_bcount = B->bi_iter.bi_size;
	b_addr = 0;
	b_lblkno = B->bi_iter.bi_sector;
	b_blkno = B->bi_iter.bi_sector;
	b_resid = 0;
	b_bufsize = B->bi_iter.bi_size;
	b_iodone = (caddr_t)B->bi_end_io;
	b_error = B->bi_status;
	b_edev = B->bi_bdev ? B->bi_bdev->bd_dev : 0;
};

typedef struct devinfo {
	int dev_major;		/* major number */
	int dev_minor;		/* minor number */
	int dev_instance;	/* the disk's number among its driver's (minor / minors) */
	string dev_name;	/* the driver's name, else the disk's name */
	string dev_statname;	/* the disk's or partition's name, as /proc/diskstats */
	string dev_pathname;	/* /dev/ and dev_statname */
} devinfo_t;

/*
 * Partition n of a disk is its minor less the disk's first (the kernel's own rule for all
 * but extended-range minors); its name is the disk's with n after it, and a "p" between
 * when the disk's name ends in a digit (nvme0n1p1, loop0p1), as the kernel names them.
 */
inline string __dev_statname[struct block_device *D] =
    getminor(D->bd_dev) == D->bd_disk->first_minor ? stringof(D->bd_disk->disk_name) :
    strjoin(strjoin(stringof(D->bd_disk->disk_name),
    strchr("0123456789", D->bd_disk->disk_name[strlen(stringof(D->bd_disk->disk_name)) - 1])
    != NULL ? "p" : ""), lltostr(getminor(D->bd_dev) - D->bd_disk->first_minor));

translator devinfo_t < struct bio *B > {
	dev_major = B->bi_bdev ? getmajor(B->bi_bdev->bd_dev) : 0;
	dev_minor = B->bi_bdev ? getminor(B->bi_bdev->bd_dev) : 0;
	dev_instance = B->bi_bdev && B->bi_bdev->bd_disk->minors > 0 ?
	    B->bi_bdev->bd_disk->first_minor / B->bi_bdev->bd_disk->minors : 0;
	dev_name = !B->bi_bdev ? "<unknown>" :
	    B->bi_bdev->bd_disk->part0->bd_device.parent &&
	    B->bi_bdev->bd_disk->part0->bd_device.parent->driver ?
	    stringof(B->bi_bdev->bd_disk->part0->bd_device.parent->driver->name) :
	    stringof(B->bi_bdev->bd_disk->disk_name);
	dev_statname = B->bi_bdev ? __dev_statname[B->bi_bdev] : "<unknown>";
	dev_pathname = B->bi_bdev ? strjoin("/dev/", __dev_statname[B->bi_bdev]) : "<unknown>";
};

/*
 * The file of a bio's data, where the block layer can know it: the first page it carries
 * belongs to a file's page cache (its folio's mapping, unless that is an anonymous one:
 * bit 0 set). The file is its inode's first name (a dentry alias); the block I/O has no
 * open file, so no path, mount or open flags. fi_offset is the page's offset in the file.
 */
inline struct page *__bio_page[struct bio *B] =
    B->bi_vcnt ? B->bi_io_vec[B->bi_iter.bi_idx].bv_page : NULL;
inline struct folio *__page_folio[struct page *P] = P->compound_head & 1 ?
    (struct folio *)(P->compound_head - 1) : (struct folio *)P;
inline struct address_space *__bio_mapping[struct bio *B] = !__bio_page[B] ? NULL :
    (uintptr_t)__page_folio[__bio_page[B]]->mapping & 1 ? NULL :
    __page_folio[__bio_page[B]]->mapping;
inline struct dentry *__bio_dentry[struct bio *B] =
    !__bio_mapping[B] || !__bio_mapping[B]->host->i_dentry.first ? NULL :
    (struct dentry *)((uintptr_t)__bio_mapping[B]->host->i_dentry.first -
    offsetof(struct dentry, d_u));

translator fileinfo_t < struct bio *B > {
	fi_name = !__bio_mapping[B] ? "<none>" : !__bio_dentry[B] ||
	    stringof(__bio_dentry[B]->d_name.name) == "" ? "<unknown>" :
	    stringof(__bio_dentry[B]->d_name.name);
	fi_dirname = !__bio_mapping[B] ? "<none>" : "<unknown>";
	fi_pathname = !__bio_mapping[B] ? "<none>" : "<unknown>";
	fi_offset = !__bio_mapping[B] ? -1 :
	    (__page_folio[__bio_page[B]]->index + ((uintptr_t)__bio_page[B] -
	    (uintptr_t)__page_folio[__bio_page[B]]) / sizeof(struct page)) * 4096 +
	    B->bi_io_vec[B->bi_iter.bi_idx].bv_offset;
	fi_fs = !__bio_mapping[B] ? "<none>" :
	    stringof(__bio_mapping[B]->host->i_sb->s_type->name);
	fi_mount = !__bio_mapping[B] ? "<none>" : "<unknown>";
	fi_oflags = 0;
};
