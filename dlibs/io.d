/*
 * io.d: DTrace's view of an open file, fileinfo_t, translated from the Linux kernel's
 * struct file, and the open(2) flags its fi_oflags holds.
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
