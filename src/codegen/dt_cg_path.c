/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_cg_path.c: code generation for d_path(), the path name of a struct path, without the
 * kernel's bpf_d_path helper (which it allows only in fentry and LSM programs, not in the
 * raw tracepoint and perf event programs that probes run as).
 *
 * The code does what the kernel's d_path() does, reading the kernel's structures with probe
 * reads (their layout from BTF):
 *
 *   - A pseudo file's dentry (its d_op has a d_dname, and it is not a mount's root) is named
 *     as its file system's d_dname names it: "pipe:[ino]", "socket:[ino]",
 *     "anon_inode:<name>", pidfs's "anon_inode:[pidfd]", nsfs's "net:[ino]" (and the other
 *     namespace types), and for the rest simple_dname()'s "/<name> (deleted)" (memfd,
 *     hugetlbfs, ...). dma-buf's own form ("/dmabuf:<buffer name>") is not made here.
 *   - Otherwise the walk goes up d_parent from path->dentry, putting "/" and each d_name in
 *     front of the path so far. At the root of a mount (dentry == mnt->mnt_root) it goes on
 *     from the mount point (mnt_mountpoint) in the parent mount (mnt_parent); a mount without
 *     a parent is the global root. It stops at the task's root (current->fs->root: a chroot
 *     or a container's root is "/"), at a global root, or at a dentry that is its own
 *     parent. No component at all is "/".
 *   - A deleted file (unhashed, not a root) gets " (deleted)" after its path.
 *   - A path longer than strsize - 1 characters, one whose walk does not end within
 *     DT_DPATH_DEPTH steps (components and mount crossings), and a pseudo name too long give
 *     "" (DTrace's NULL string): the kernel's d_path fails with ENAMETOOLONG there and
 *     DTrace's d_path then returns NULL. dlibs/io.d's __fi_pathname and __fi_mount give
 *     fileinfo_t's "<unknown>" instead.
 *   - A struct path that cannot be read is an invalid address fault. DTrace on Linux (the
 *     kernel module) took only the f_path of a file the current task has open; here any
 *     readable struct path will do (curthread->fs->root and ->pwd too).
 *
 * The path is built backwards from the end of a window of p2 bytes (a power of two, at least
 * strsize) in the scratch value, then copied to the front of the result:
 *
 *   b: +------------------------------+---+---------------+
 *      |      unused  |  /usr/bin/ls  | 0 | (slack: 255)  |
 *      +------------------------------+---+---------------+
 *      0          p2 - used           p2                  p2 + 256
 *
 * Every store goes at (p2 - used) & (p2 - 1) with at most 255 bytes (a name is clamped to
 * NAME_MAX), so the verifier sees it inside b whatever the lengths; a store happens only
 * when used stays below strsize, so the mask never wraps in fact. The walk is a loop with a
 * constant counter (r9, kept across helper calls) whose state lives in the scratch value,
 * as in dt_cg_subr.c: the paths that branch in one step merge at the next.
 */
#include <stddef.h>
#include <string.h>

#include "../runtime/dt_runtime.h"
#include "dt_codegen.h"

/* Steps of the walk: a path of more components (or mounts crossed) gives "". */
#define DT_DPATH_DEPTH 64

/* Super block magic numbers of the pseudo file systems named here (linux/magic.h). */
#define DT_PIPEFS_MAGIC 0x50495045
#define DT_SOCKFS_MAGIC 0x534F434B
#define DT_ANON_INODE_FS_MAGIC 0x09041934
#define DT_PID_FS_MAGIC 0x50494446
#define DT_NSFS_MAGIC 0x6e736673

/* The kernel's member offsets the walk reads. */
typedef struct dt_dpath_offs {
	int path_mnt, path_dentry;		/* struct path */
	int d_parent, d_name, d_hash, d_op, d_sb, d_inode;	/* struct dentry */
	int qstr_len, qstr_name, pprev;		/* struct qstr, struct hlist_bl_node */
	int d_dname, s_magic, i_ino;		/* dentry_operations, super_block, inode */
	int mnt, mnt_parent, mnt_mountpoint, mnt_root;	/* struct mount, struct vfsmount */
	int task_fs, fs_root;			/* task_struct, fs_struct */
	int i_private, ns_ops, ns_name;		/* nsfs: inode, ns_common, proc_ns_operations
						 * (-1 without them: nsfs's names are not made) */
} dt_dpath_offs_t;

/* The scratch words of the walk (v + ...). */
enum {
	DP_DENTRY = 0,	/* the dentry the walk is at */
	DP_MOUNT = 8,	/* its struct mount */
	DP_USED = 16,	/* bytes of the path built so far, at b + p2 - used */
	DP_ROOTD = 24,	/* the task's root: dentry */
	DP_ROOTM = 32,	/* and vfsmount */
	DP_STATE = 40,	/* 0 walking, 1 done, 2 failed ("") */
	DP_TMP = 48,	/* a read's destination */
	DP_PARENT = 56,	/* d_parent */
	DP_LEN = 64,	/* d_name.len (4 bytes read into a zeroed word) */
	DP_NAME = 72,	/* d_name.name */
	DP_USED0 = 80,	/* used before the walk (the " (deleted)" suffix) */
	DP_ARG = 88,	/* the struct path; then bpf_snprintf's arguments (two words) */
	DP_SIZE = 104
};

static bool
dt_cg_dpath_offsets(dt_cg_t *cg, dt_dpath_offs_t *o)
{
	static const struct {
		size_t at;
		const char *sname, *mem;
		bool optional;
	} tab[] = {
#define OFF(f, s, m) {offsetof(dt_dpath_offs_t, f), s, m, false}
		OFF(path_mnt, "path", "mnt"), OFF(path_dentry, "path", "dentry"),
		OFF(d_parent, "dentry", "d_parent"), OFF(d_name, "dentry", "d_name"),
		OFF(d_hash, "dentry", "d_hash"), OFF(d_op, "dentry", "d_op"),
		OFF(d_sb, "dentry", "d_sb"), OFF(d_inode, "dentry", "d_inode"),
		OFF(qstr_len, "qstr", "len"), OFF(qstr_name, "qstr", "name"),
		OFF(pprev, "hlist_bl_node", "pprev"), OFF(d_dname, "dentry_operations", "d_dname"),
		OFF(s_magic, "super_block", "s_magic"), OFF(i_ino, "inode", "i_ino"),
		OFF(mnt, "mount", "mnt"), OFF(mnt_parent, "mount", "mnt_parent"),
		OFF(mnt_mountpoint, "mount", "mnt_mountpoint"),
		OFF(mnt_root, "vfsmount", "mnt_root"), OFF(task_fs, "task_struct", "fs"),
		OFF(fs_root, "fs_struct", "root"),
#undef OFF
		{offsetof(dt_dpath_offs_t, i_private), "inode", "i_private", true},
		{offsetof(dt_dpath_offs_t, ns_ops), "ns_common", "ops", true},
		{offsetof(dt_dpath_offs_t, ns_name), "proc_ns_operations", "name", true},
	};

	for (size_t i = 0; i < DT_ARRAY_SIZE(tab); i++) {
		int off = dt_cg_btf_offset(cg, tab[i].sname, tab[i].mem);

		if (off < 0 && !tab[i].optional) {
			dt_cg_fail(cg, "d_path( ) needs the kernel's BTF "
					"(/sys/kernel/btf/vmlinux)");
			return false;
		}
		*(int *)((char *)o + tab[i].at) = off;
	}
	return true;
}

/*
 * The scratch word at dst = size bytes at kernel address (the word at src) + off; a read
 * that fails is an invalid address fault.
 */
static void
dt_cg_dpath_read(dt_cg_t *cg, uint32_t dst, uint32_t src, int32_t off, int size)
{
	if (size < 8)
		MSTI(dst, 0);
	MLD(3, src);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 3, off));
	dt_cg_kread_scratch(cg, dst, size);
}

/* Register reg ^= the scratch word at off (0 when they are equal). */
static void
dt_cg_dpath_xor(dt_cg_t *cg, int reg, uint32_t off)
{
	MLD(4, off);
	EMIT(cg, DT_ALU64_REG(BPF_XOR, reg, 4));
}

/* Where r0 is 0, the walk is done: state 1, and on at end. */
static void
dt_cg_dpath_end_if_0(dt_cg_t *cg, uint32_t v, int end)
{
	int go = LBL();

	JIMM(BPF_JNE, 0, 0, go);
	MSTI(v + DP_STATE, 1);
	JA(end);
	PLACE(go);
}

/* r4 = r7 + b + ((p2 - r1) & (p2 - 1)): where a path of r1 bytes starts in the window. */
static void
dt_cg_dpath_at(dt_cg_t *cg, uint32_t b, uint32_t p2)
{
	EMIT(cg, DT_MOV64_IMM(4, (int32_t)p2));
	EMIT(cg, DT_ALU64_REG(BPF_SUB, 4, 1));
	EMIT(cg, DT_ALU64_IMM(BPF_AND, 4, (int32_t)(p2 - 1)));
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 4, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 4, (int32_t)b));
}

/*
 * A pseudo file's name, when the dentry at v + DP_DENTRY has a d_dname and is not its
 * mount's root: the kernel's d_dname of its file system (found by the super block's magic
 * number), formatted by bpf_snprintf into the result at r; the code then jumps to out (to
 * fail when it does not fit). Other dentries go on below.
 */
static void
dt_cg_dpath_pseudo(dt_cg_t *cg, const dt_dpath_offs_t *o, uint32_t r, uint32_t cr, uint32_t v,
		   int out, int fail)
{
	/*
	 * The arguments, a letter each: 'i' the inode number, 'n' the dentry's name, 's' the
	 * name of an nsfs inode's namespace type, 'l' the literal lit. Magic 0 is the rest:
	 * simple_dname(), which alloc_file_pseudo() gives the files of a file system without
	 * dentry operations of its own (memfd, hugetlbfs, aio, ...).
	 */
	static const struct {
		uint32_t magic;
		const char *fmt, *args, *lit;
	} fs[] = {
		{DT_PIPEFS_MAGIC, "pipe:[%lu]", "i", NULL},
		{DT_SOCKFS_MAGIC, "socket:[%lu]", "i", NULL},
		{DT_ANON_INODE_FS_MAGIC, "anon_inode:%s", "n", NULL},
		{DT_PID_FS_MAGIC, "%s", "l", "anon_inode:[pidfd]"},
		{DT_NSFS_MAGIC, "%s:[%lu]", "si", NULL},
		{0, "/%s (deleted)", "n", NULL},
	};
	int walk = LBL(), named = LBL();

	dt_cg_dpath_read(cg, v + DP_TMP, v + DP_DENTRY, o->d_op, 8);
	MLD(0, v + DP_TMP);
	JIMM(BPF_JEQ, 0, 0, walk);
	dt_cg_dpath_read(cg, v + DP_TMP, v + DP_TMP, o->d_dname, 8);
	MLD(0, v + DP_TMP);
	JIMM(BPF_JEQ, 0, 0, walk);
	/* a mounted pseudo file system's root is walked (as the kernel does) */
	dt_cg_dpath_read(cg, v + DP_PARENT, v + DP_DENTRY, o->d_parent, 8);
	dt_cg_dpath_read(cg, v + DP_TMP, v + DP_MOUNT, o->mnt + o->mnt_root, 8);
	{
		int pseudo = LBL();

		MLD(0, v + DP_DENTRY);
		MLD(1, v + DP_PARENT);
		JREG(BPF_JNE, 0, 1, pseudo);
		MLD(1, v + DP_TMP);
		JREG(BPF_JEQ, 0, 1, walk);
		PLACE(pseudo);
	}
	dt_cg_dpath_read(cg, v + DP_TMP, v + DP_DENTRY, o->d_sb, 8);
	dt_cg_dpath_read(cg, v + DP_TMP, v + DP_TMP, o->s_magic, 8);
	for (size_t i = 0; i < DT_ARRAY_SIZE(fs); i++) {
		int next = LBL();

		if (fs[i].args[0] == 's' && (o->i_private < 0 || o->ns_ops < 0 || o->ns_name < 0))
			continue;
		if (fs[i].magic) {
			MLD(0, v + DP_TMP);
			JIMM(BPF_JNE, 0, fs[i].magic, next);
		}
		for (uint32_t k = 0; fs[i].args[k]; k++) {
			uint32_t a = v + DP_ARG + 8 * k;

			switch (fs[i].args[k]) {
			case 'i':
				dt_cg_dpath_read(cg, a, v + DP_DENTRY, o->d_inode, 8);
				dt_cg_dpath_read(cg, a, a, o->i_ino, 8);
				break;
			case 'n':
				dt_cg_dpath_read(cg, a, v + DP_DENTRY, o->d_name + o->qstr_name, 8);
				break;
			case 's':
				dt_cg_dpath_read(cg, a, v + DP_DENTRY, o->d_inode, 8);
				dt_cg_dpath_read(cg, a, a, o->i_private, 8);
				dt_cg_dpath_read(cg, a, a, o->ns_ops, 8);
				dt_cg_dpath_read(cg, a, a, o->ns_name, 8);
				break;
			default:
				dt_ir_ld_mapval(IR(cg), 0, DT_MAP_STRTAB,
						dt_cg_strtab(cg, fs[i].lit, strlen(fs[i].lit)));
				MST(a, 0);
				break;
			}
		}
		dt_ir_ld_mapval(IR(cg), 3, DT_MAP_STRTAB,
				dt_cg_strtab(cg, fs[i].fmt, strlen(fs[i].fmt)));
		EMIT(cg, DT_MOV64_IMM(5, 8 * (int32_t)strlen(fs[i].args)));
		JA(named);
		PLACE(next);
	}
	PLACE(named);
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)r));
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)cr));
	EMIT(cg, DT_MOV64_REG(4, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 4, (int32_t)(v + DP_ARG)));
	EMIT(cg, DT_CALL(BPF_FUNC_snprintf));
	/* the length it wanted, with the NUL */
	JIMM(BPF_JLE, 0, cr, out);
	JA(fail);
	PLACE(walk);
}

/*
 * d_path(p): the path of struct path *p, as described at the top of this file. For
 * dlibs/io.d's fileinfo_t, __fi_pathname(p) is d_path(p) but "<unknown>" where that is "",
 * and __fi_mount(p) the same for the path of the root of p's mount: where it is mounted.
 * The body of the library routine (dt_cg_lib.c); key: the subroutine, the result's capacity.
 */
static uint32_t
dt_cg_dpath_body(dt_cg_t *cg, const dt_cglib_t *lib)
{
	bool mountpoint = lib->key[0] == DT_SUBR_FI_MOUNT;
	const char *unknown = lib->key[0] == DT_SUBR_D_PATH ? "" : "<unknown>";
	uint32_t cr = lib->key[1], p2 = 8, r, b, v;
	int loop = LBL(), end = LBL(), up = LBL(), next = LBL(), fail = LBL(), copy = LBL();
	int out = LBL(), clamp = LBL();
	dt_dpath_offs_t o;

	if (!dt_cg_dpath_offsets(cg, &o))
		return 0;
	while (p2 < cr)
		p2 *= 2;
	r = dt_cg_temp(cg, cr);
	b = dt_cg_temp(cg, p2 + 256);
	v = dt_cg_temp(cg, DP_SIZE);

	/* the mount (the struct that holds the vfsmount) and the dentry */
	dt_cg_lib_arg(cg, 0, 0);
	MST(v + DP_ARG, 0);
	dt_cg_dpath_read(cg, v + DP_MOUNT, v + DP_ARG, o.path_mnt, 8);
	MLD(0, v + DP_MOUNT);
	EMIT(cg, DT_ALU64_IMM(BPF_SUB, 0, o.mnt));
	MST(v + DP_MOUNT, 0);
	if (mountpoint)
		dt_cg_dpath_read(cg, v + DP_DENTRY, v + DP_MOUNT, o.mnt + o.mnt_root, 8);
	else
		dt_cg_dpath_read(cg, v + DP_DENTRY, v + DP_ARG, o.path_dentry, 8);
	EMIT(cg, DT_ST(BPF_B, 7, (b + p2), 0));
	MSTI(v + DP_USED, 0);
	MSTI(v + DP_STATE, 0);

	if (!mountpoint) {
		static const char del[] = " (deleted)";
		int kept = LBL();

		dt_cg_dpath_pseudo(cg, &o, r, cr, v, out, fail);
		/* deleted: d_hash.pprev is NULL (unhashed) and the dentry is not a root */
		dt_cg_dpath_read(cg, v + DP_TMP, v + DP_DENTRY, o.d_hash + o.pprev, 8);
		MLD(0, v + DP_TMP);
		JIMM(BPF_JNE, 0, 0, kept);
		dt_cg_dpath_read(cg, v + DP_PARENT, v + DP_DENTRY, o.d_parent, 8);
		MLD(0, v + DP_DENTRY);
		MLD(1, v + DP_PARENT);
		JREG(BPF_JEQ, 0, 1, kept);
		if (cr - 1 < sizeof(del) - 1) {
			JA(fail);
		} else {
			for (uint32_t i = 0; i < sizeof(del) - 1; i++)
				EMIT(cg, DT_ST(BPF_B, 7, (b + p2 - (sizeof(del) - 1) + i),
					       del[i]));
			MSTI(v + DP_USED, sizeof(del) - 1);
		}
		PLACE(kept);
	}
	MLD(0, v + DP_USED);
	MST(v + DP_USED0, 0);

	/* the task's root: current->fs->root (none without an fs: the walk goes to the top) */
	{
		int nofs = LBL(), rooted = LBL();

		EMIT(cg, DT_CALL(BPF_FUNC_get_current_task));
		MST(v + DP_TMP, 0);
		dt_cg_dpath_read(cg, v + DP_TMP, v + DP_TMP, o.task_fs, 8);
		MLD(0, v + DP_TMP);
		JIMM(BPF_JEQ, 0, 0, nofs);
		dt_cg_dpath_read(cg, v + DP_ROOTM, v + DP_TMP, o.fs_root + o.path_mnt, 8);
		dt_cg_dpath_read(cg, v + DP_ROOTD, v + DP_TMP, o.fs_root + o.path_dentry, 8);
		JA(rooted);
		PLACE(nofs);
		MSTI(v + DP_ROOTM, 0);
		MSTI(v + DP_ROOTD, 0);
		PLACE(rooted);
	}

	EMIT(cg, DT_MOV64_IMM(9, 0));
	PLACE(loop);
	MLD(0, v + DP_STATE);
	JIMM(BPF_JNE, 0, 0, end);
	/* at the task's root? (dentry ^ its root) | (vfsmount ^ its root) is 0 */
	MLD(0, v + DP_DENTRY);
	dt_cg_dpath_xor(cg, 0, v + DP_ROOTD);
	MLD(1, v + DP_MOUNT);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, o.mnt));
	MLD(2, v + DP_ROOTM);
	EMIT(cg, DT_ALU64_REG(BPF_XOR, 1, 2));
	EMIT(cg, DT_ALU64_REG(BPF_OR, 0, 1));
	dt_cg_dpath_end_if_0(cg, v, end);
	/* at its mount's root: on from the mount point in the parent mount, if there is one */
	dt_cg_dpath_read(cg, v + DP_TMP, v + DP_MOUNT, o.mnt + o.mnt_root, 8);
	MLD(0, v + DP_DENTRY);
	MLD(1, v + DP_TMP);
	JREG(BPF_JNE, 0, 1, up);
	dt_cg_dpath_read(cg, v + DP_TMP, v + DP_MOUNT, o.mnt_parent, 8);
	MLD(0, v + DP_TMP);
	dt_cg_dpath_xor(cg, 0, v + DP_MOUNT);
	dt_cg_dpath_end_if_0(cg, v, end);
	dt_cg_dpath_read(cg, v + DP_DENTRY, v + DP_MOUNT, o.mnt_mountpoint, 8);
	MLD(0, v + DP_TMP);
	MST(v + DP_MOUNT, 0);
	JA(next);
	PLACE(up);
	/* a dentry that is its own parent is a root too */
	dt_cg_dpath_read(cg, v + DP_PARENT, v + DP_DENTRY, o.d_parent, 8);
	MLD(0, v + DP_DENTRY);
	dt_cg_dpath_xor(cg, 0, v + DP_PARENT);
	dt_cg_dpath_end_if_0(cg, v, end);
	/* "/" and the name in front: r2 = the name's length, at most NAME_MAX */
	dt_cg_dpath_read(cg, v + DP_LEN, v + DP_DENTRY, o.d_name + o.qstr_len, 4);
	dt_cg_dpath_read(cg, v + DP_NAME, v + DP_DENTRY, o.d_name + o.qstr_name, 8);
	EMIT(cg, DT_LDX(BPF_W, 2, 7, (v + DP_LEN)));
	JIMM(BPF_JLE, 2, 255, clamp);
	EMIT(cg, DT_MOV64_IMM(2, 255));
	PLACE(clamp);
	MLD(1, v + DP_USED);
	EMIT(cg, DT_ALU64_REG(BPF_ADD, 1, 2));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, 1));
	{
		int room = LBL(), ok = LBL();

		JIMM(BPF_JLE, 1, cr - 1, room);
		MSTI(v + DP_STATE, 2);
		JA(end);
		PLACE(room);
		MST(v + DP_USED, 1);
		dt_cg_dpath_at(cg, b, p2);
		EMIT(cg, DT_ST(BPF_B, 4, 0, '/'));
		EMIT(cg, DT_MOV64_REG(1, 4));
		EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, 1));
		MLD(3, v + DP_NAME);
		EMIT(cg, DT_STX(BPF_DW, 7, 3, DT_MST_FADDR));
		EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel));
		JIMM(BPF_JEQ, 0, 0, ok);
		dt_cg_fault(cg, DT_FAULT_BADADDR);
		PLACE(ok);
	}
	MLD(0, v + DP_PARENT);
	MST(v + DP_DENTRY, 0);
	PLACE(next);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 9, 1));
	JIMM(BPF_JLT, 9, DT_DPATH_DEPTH, loop);
	MSTI(v + DP_STATE, 2);
	PLACE(end);

	MLD(0, v + DP_STATE);
	JIMM(BPF_JNE, 0, 1, fail);
	/* no component: "/" */
	MLD(1, v + DP_USED);
	MLD(0, v + DP_USED0);
	JREG(BPF_JNE, 1, 0, copy);
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, 1));
	JIMM(BPF_JGT, 1, cr - 1, fail);
	MST(v + DP_USED, 1);
	dt_cg_dpath_at(cg, b, p2);
	EMIT(cg, DT_ST(BPF_B, 4, 0, '/'));
	PLACE(copy);
	MLD(1, v + DP_USED);
	dt_cg_dpath_at(cg, b, p2);
	EMIT(cg, DT_MOV64_REG(3, 4));
	EMIT(cg, DT_MOV64_REG(1, 7));
	EMIT(cg, DT_ALU64_IMM(BPF_ADD, 1, (int32_t)r));
	EMIT(cg, DT_MOV64_IMM(2, (int32_t)cr));
	EMIT(cg, DT_CALL(BPF_FUNC_probe_read_kernel_str));
	JA(out);
	PLACE(fail);
	for (uint32_t i = 0; i < cr - 1 && unknown[i]; i++)
		EMIT(cg, DT_ST(BPF_B, 7, (r + i), unknown[i]));
	EMIT(cg, DT_ST(BPF_B, 7, (r + DT_MIN(strlen(unknown), cr - 1)), 0));
	PLACE(out);
	return r;
}

void
dt_cg_d_path(dt_cg_t *cg, dt_node_t *n)
{
	int id = n->ident_id;
	uint32_t cr = dt_cg_strcap(cg, n);
	dt_cglib_t lib = {dt_cg_dpath_body, dt_subr_name(id), {(uint32_t)id, cr}, 1};
	dt_dpath_offs_t o;

	/* the kernel's BTF is needed: say so here, where the call is */
	if (!dt_cg_dpath_offsets(cg, &o))
		return;
	dt_cg_lib_subr(cg, n, &lib, DT_LIB_FAULTS, cr);
}
