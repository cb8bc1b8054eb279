# SPDX-License-Identifier: GPL-2.0-only
# Kernel data symbols (kernels with CONFIG_KALLSYMS_ALL): `linux_banner is the kernel's
# version string (as /proc/version begins), `jiffies counts, typed by dlibs/vmlinux.d.
"$DTRACE" -q -n 'BEGIN { printf("%s|%d|%d\n", `linux_banner, `jiffies > 0,
    vmlinux`nr_cpu_ids > 0); exit(0); }' >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; exit 1; }
cat "$TMPDIR/out"
v=$(uname -r)
grep -q "^Linux version $v " "$TMPDIR/out" || { echo "not the banner of $v"; exit 1; }
grep -q '|1|1$' "$TMPDIR/out" || { echo "jiffies or nr_cpu_ids not read"; exit 1; }
# trace() of it, and a symbol with no type: DTrace's message
"$DTRACE" -q -n 'BEGIN { trace(`linux_banner); exit(0); }' | grep -q "^Linux version $v " ||
	{ echo "trace(\`linux_banner) differs"; exit 1; }
