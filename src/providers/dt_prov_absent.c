/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dt_prov_absent.c: DTrace's providers that Linux lacks, in one table.
 *
 * A description that names one of them would match no probes; instead of DTrace's "does not
 * match any probes", which reads as a typo, the compiler and dtrace -l say that the provider
 * is not available here, why, and what to use instead (dt_sema.c, dtrace.c's listing).
 * Providers whose probes Linux programs carry as USDT probes when built with them (the JVM's
 * hotspot, SpiderMonkey's javascript) are not absent, only missing from the programs at hand:
 * their rows say that, and how to name the process.
 *
 * A row names a provider as DTrace documents it; a per-process one also matches its name
 * followed by a process ID (plockstat1234, as plockstat$target becomes).
 */
#include <string.h>

#include "dt_provider.h"

typedef struct dt_absent {
	const char *name;
	bool per_process;	/* named with a process ID: plockstat1234 */
	const char *why;	/* after "provider NAME ": what it was, why it is not here */
	const char *instead;	/* what to use instead */
} dt_absent_t;

#define NOT_ON_LINUX "is not available on Linux: "

static const dt_absent_t dt_absent[] = {
	{"lockstat", false, NOT_ON_LINUX "its probes are in Solaris's kernel lock primitives "
	 "(adaptive mutexes, spin locks, readers/writer locks); Linux's locks have none",
	 "use the kernel's lock contention tracepoints, sdt:lock::contention_begin and "
	 "sdt:lock::contention_end (Linux 5.19 and later), or fbt on the lock functions "
	 "(fbt::mutex_lock:entry)"},
	{"plockstat", true, NOT_ON_LINUX "its probes are in Solaris's C library's mutexes and "
	 "readers/writer locks; glibc's have none",
	 "use the pid provider on glibc's lock functions (pid$target::pthread_mutex_lock:entry "
	 "and :return, pthread_mutex_unlock, pthread_rwlock_*)"},
	{"mib", false, NOT_ON_LINUX "its probes fire where Solaris's network stack counts its SNMP "
	 "MIB statistics; Linux counts them without probes",
	 "use the ip, tcp and udp providers, sdt:skb::kfree_skb (dropped packets, with the "
	 "reason), or the counters in /proc/net/snmp and /proc/net/netstat"},
	{"vminfo", false, NOT_ON_LINUX "its probes fire where Solaris counts its virtual memory "
	 "statistics (vmstat's); Linux counts them without probes",
	 "use sdt:exceptions::page_fault_user and page_fault_kernel for page faults, "
	 "sdt:vmscan:: for reclaim, sdt:kmem:: for allocations, sdt:oom:: for the OOM killer"},
	{"sysinfo", false, NOT_ON_LINUX "its probes fire where Solaris counts its kernel "
	 "statistics (mpstat's and sar's); Linux counts them without probes",
	 "use sched:::on-cpu and off-cpu, the syscall provider (readch: arg0 of "
	 "syscall::read:return), sdt:irq:: for interrupts"},
	{"fsinfo", false, NOT_ON_LINUX "its probes are in Solaris's VFS layer (fop_read, "
	 "fop_write, ...), which Linux does not have",
	 "use the syscall and io providers, the file systems' tracepoints (sdt:ext4::, "
	 "sdt:xfs::), or fbt on the kernel's VFS functions (fbt::vfs_read:entry)"},
	{"fpuinfo", false, NOT_ON_LINUX "its probes fire when SPARC emulates floating-point "
	 "instructions in software; x86-64 emulates none",
	 "use sdt:x86_fpu:: for the kernel's floating-point state changes"},
	{"fasttrap", false, NOT_ON_LINUX "its one probe fires on a Solaris system call that "
	 "Linux does not have",
	 "use USDT probes (dtrace -h and -G) or the pid provider"},
	{"cpc", false, NOT_ON_LINUX "its probes fire on CPU performance counter overflows, "
	 "which this dtrace does not program",
	 "use the profile provider to sample by time (profile-997), or perf record -e cycles "
	 "to sample by a hardware counter"},
	{"nfsv3", false, NOT_ON_LINUX "its probes are in Solaris's NFS server; Linux's nfsd has "
	 "tracepoints of its own",
	 "use sdt:nfsd:: and sdt:sunrpc:: where the kernel has them, or fbt on nfsd's "
	 "functions (fbt::nfsd3_proc_*:entry)"},
	{"nfsv4", false, NOT_ON_LINUX "its probes are in Solaris's NFS server; Linux's nfsd has "
	 "tracepoints of its own",
	 "use sdt:nfsd:: and sdt:sunrpc:: where the kernel has them, or fbt on nfsd's "
	 "functions (fbt::nfsd4_*:entry)"},
	{"iscsi", false, NOT_ON_LINUX "its probes are in Solaris's COMSTAR iSCSI target",
	 "use fbt on the functions of Linux's iSCSI target (fbt::iscsit_*:entry) or "
	 "initiator (fbt::iscsi_*:entry)"},
	{"fc", false, NOT_ON_LINUX "its probes are in Solaris's COMSTAR Fibre Channel target",
	 "use sdt:scsi:: or fbt on the Fibre Channel driver's functions"},
	{"srp", false, NOT_ON_LINUX "its probes are in Solaris's COMSTAR SRP target",
	 "use fbt on the functions of Linux's SRP target (fbt::srpt_*:entry)"},
	{"xpv", false, NOT_ON_LINUX "its probes are in Solaris's Xen hypervisor interface",
	 "use sdt:xen:: in a Linux Xen guest"},
	{"dtmalloc", false, NOT_ON_LINUX "its probes are FreeBSD's kernel malloc(9) types",
	 "use sdt:kmem::kmalloc and sdt:kmem::kfree"},
	{"hotspot", true, "has no probes here: the JVM's probes are USDT probes in libjvm.so, in "
	 "JVMs built with them (--enable-dtrace)",
	 "name the JVM's process (hotspot$target with -p PID or -c), or its library "
	 "(hotspot:libjvm.so::); the method probes need the JVM started with "
	 "-XX:+ExtendedDTraceProbes"},
	{"hotspot_jni", true, "has no probes here: the JVM's probes are USDT probes in libjvm.so, "
	 "in JVMs built with them (--enable-dtrace)",
	 "name the JVM's process (hotspot_jni$target with -p PID or -c), or its library "
	 "(hotspot_jni:libjvm.so::)"},
	{"javascript", true, "has no probes here: its probes are USDT probes of SpiderMonkey "
	 "builds configured with --enable-dtrace, which Linux distributions do not ship",
	 "name a process that has them (javascript$target with -p PID or -c)"},
};

const char *
dt_prov_absent(const char *prov, const char **name, const char **instead)
{
	for (size_t i = 0; i < DT_ARRAY_SIZE(dt_absent); i++) {
		const dt_absent_t *a = &dt_absent[i];
		size_t n = strlen(a->name);

		if (strncmp(prov, a->name, n) != 0)
			continue;
		if (prov[n] && !(a->per_process && strspn(prov + n, "0123456789") ==
				 strlen(prov + n)))
			continue;
		*name = a->name;
		*instead = a->instead;
		return a->why;
	}
	return NULL;
}
