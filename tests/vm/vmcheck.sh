#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# vmcheck.sh: run the kernel-dependent tests inside Debian's kernels under QEMU.
#
#   sh tests/vm/vmcheck.sh [KERNEL...]     KERNEL: 6.1 (Debian 12), 6.12 (Debian 12's
#                                          backports line); none given: both, one at a time
#   make vmcheck [KERNEL=6.1|6.12]         the same after make
#
# For each kernel: the newest Debian cloud kernel package of that line (found with apt-cache
# by name pattern, never a fixed version; apt-get update when the lists have none or the
# download fails) is downloaded and unpacked under build/vm/ (kept there for the next run).
# build/dtrace with its shared libraries (ldd), dlibs/, toolkit/, build/tests/triggers and
# kfeatures, the tests/ tree, busybox (sh and the little tools), bash, chrt, bpftool and
# mkfs.ext4, the modules of tests/vm/modules.txt (loaded) and of tests/vm/modules-installed.txt
# (installed under /lib/modules/RELEASE with a modules.dep, not loaded) go into an initramfs whose /init
# (tests/vm/init) mounts proc, sys, devtmpfs, tracefs and debugfs, runs tests/run-tests.sh on the tests that
# tests/vm/guest-tests.txt selects and powers off. QEMU runs with TCG (KVM does not work on this machine, see
# shared/KERNELS.md), one host thread for both vCPUs (thread=single): with a thread per vCPU
# (MTTCG), a 6.1 guest locked up about once in 100 runs of the tracepoint tests as dtrace
# detached a raw tracepoint: CPU 1 patched the call site (text_poke_bp) and waited for CPU 0,
# which kept taking the int3 at __schedule's site, interrupts off, after it was gone from
# memory. 240 such runs with thread=single did not, and the guests took no longer for it.
# The runner's lines come back over the second serial port and are
# printed with the kernel in them: "PASS [6.1] run/begin_trace", failures with their diffs,
# then "[6.1] N passed, N failed, N skipped". Last: "vmcheck: N passed, N failed, N skipped"
# over all kernels.
#
# A guest that does not boot, panics, times out ($VM_TIMEOUT seconds, default 1800: a loaded
# machine starves TCG) or ends without the runner's summary line is a failure of that kernel
# ("FAIL [6.1] vmcheck: ..." with the console's kernel messages), never a pass. A guest whose
# kernel stops answering (no line from the runner for $VM_SILENCE seconds, default
# VM_TEST_TIMEOUT + 300, while each test in it has VM_TEST_TIMEOUT) is stopped then, not at
# VM_TIMEOUT, and booted once more (should a lockup like the one above come back): the stall
# and the console's messages (every CPU's backtrace with a soft lockup) are printed either way,
# and only the second boot's results count. Exit status: 0 when every kernel ran and no test
# failed, 1 otherwise, 2 for a usage error.
#
# Environment: VM_TIMEOUT (whole guest, seconds), VM_TEST_TIMEOUT (each test in the guest,
# default 300: TCG is 10-30x slower than native), VM_MEM (MiB, default 2048), VM_SMP
# (default 2), VM_TESTS (more patterns, blank-separated, added to guest-tests.txt's),
# VM_SILENCE (seconds without a line from the guest before it is taken for stalled).
# Missing tools (qemu-system-x86, busybox-static, cpio) are installed with apt-get when root.

ROOT=$(cd "$(dirname "$0")/../.." && pwd) || exit 2
VMDIR=$ROOT/build/vm
VM_TIMEOUT=${VM_TIMEOUT:-1800}
VM_TEST_TIMEOUT=${VM_TEST_TIMEOUT:-300}
VM_SILENCE=${VM_SILENCE:-$((VM_TEST_TIMEOUT + 300))}
VM_MEM=${VM_MEM:-2048}
VM_SMP=${VM_SMP:-2}
export LC_ALL=C

[ $# -gt 0 ] || set -- 6.1 6.12
for k in "$@"; do
	case $k in
	6.1 | 6.12) ;;
	*)
		echo "vmcheck: unknown kernel '$k' (known: 6.1, 6.12)" >&2
		exit 2
		;;
	esac
done

say() { echo "vmcheck: $*" >&2; }

# kernel_pattern K: the package name pattern of kernel line K (6.1 must not match 6.12).
kernel_pattern() {
	case $1 in
	6.1) echo '^linux-image-6\.1\.0-[0-9]+-cloud-amd64$' ;;
	6.12) echo '^linux-image-6\.12\.[0-9]+\+deb[0-9]+-cloud-amd64$' ;;
	esac
}

apt_updated=0
apt_update() {
	[ "$apt_updated" -eq 1 ] && return 0
	apt_updated=1
	say "apt-get update"
	apt-get update -q >"$VMDIR/apt-update.log" 2>&1 || {
		say "apt-get update failed (build/vm/apt-update.log)"
		return 1
	}
}

# ---- tools ------------------------------------------------------------------------------

ensure_tools() {
	missing=
	command -v qemu-system-x86_64 >/dev/null || missing="$missing qemu-system-x86"
	[ -x /bin/busybox ] || missing="$missing busybox-static"
	command -v cpio >/dev/null || missing="$missing cpio"
	[ -n "$missing" ] || return 0
	if [ "$(id -u)" -ne 0 ]; then
		say "missing:$missing; run as root, or: apt-get install$missing"
		return 1
	fi
	say "installing$missing"
	# shellcheck disable=SC2086
	if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		$missing >"$VMDIR/apt-install.log" 2>&1; then
		apt_update || return 1
		# shellcheck disable=SC2086
		DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
			$missing >"$VMDIR/apt-install.log" 2>&1 || {
			say "apt-get install$missing failed (build/vm/apt-install.log)"
			return 1
		}
	fi
}

# ---- the kernel -------------------------------------------------------------------------

# newest_package PATTERN: the newest package name matching PATTERN in apt's lists.
newest_package() {
	apt-cache search --names-only "$1" 2>/dev/null | sed 's/ .*//' | grep -E "$1" |
		sort -V | tail -n 1
}

# newest_cached PATTERN: the newest package matching PATTERN downloaded by an earlier run,
# for when apt cannot say (no network, no lists).
newest_cached() {
	for d in "$VMDIR"/debs/*.deb; do
		[ -f "$d" ] && basename "$d" | sed 's/_.*//'
	done | grep -E "$1" | sort -V | tail -n 1
}

# fetch_kernel K: sets kdir (the unpacked package) and kpkg; 1 on failure.
fetch_kernel() {
	kpat=$(kernel_pattern "$1")
	kpkg=$(newest_package "$kpat")
	if [ -z "$kpkg" ] && apt_update; then
		kpkg=$(newest_package "$kpat")
	fi
	if [ -z "$kpkg" ]; then
		kpkg=$(newest_cached "$kpat")
		[ -n "$kpkg" ] && say "apt has no package matching $kpat: using $kpkg, downloaded before"
	fi
	if [ -z "$kpkg" ]; then
		say "no package matches $kpat in apt's lists"
		return 1
	fi
	kdir=$VMDIR/kernels/$kpkg
	if [ ! -f "$kdir/.unpacked" ]; then
		mkdir -p "$VMDIR/debs" || return 1
		# Older packages of the same line are not needed any more.
		for old in "$VMDIR"/debs/*.deb; do
			[ -f "$old" ] || continue
			oname=$(basename "$old" | sed 's/_.*//')
			printf '%s\n' "$oname" | grep -Eq "$kpat" && [ "$oname" != "$kpkg" ] &&
				rm -rf "$old" "$VMDIR/kernels/$oname"
		done
		if ! ls "$VMDIR"/debs/"${kpkg}"_*.deb >/dev/null 2>&1; then
			say "downloading $kpkg"
			if ! (cd "$VMDIR/debs" && apt-get download "$kpkg") >"$VMDIR/download.log" 2>&1
			then
				# The lists may name a package the archive has dropped since.
				apt_update || return 1
				kpkg=$(newest_package "$kpat")
				kdir=$VMDIR/kernels/$kpkg
				(cd "$VMDIR/debs" && apt-get download "$kpkg") >"$VMDIR/download.log" 2>&1 || {
					say "apt-get download $kpkg failed:"
					tail -n 5 "$VMDIR/download.log" >&2
					return 1
				}
			fi
		fi
		rm -rf "$kdir" && mkdir -p "$kdir" || return 1
		dpkg-deb -x "$(ls "$VMDIR"/debs/"${kpkg}"_*.deb | tail -n 1)" "$kdir" || {
			say "cannot unpack $kpkg"
			return 1
		}
		: >"$kdir/.unpacked"
	fi
	kimage=$(ls "$kdir"/boot/vmlinuz-* 2>/dev/null | head -n 1)
	krel=$(basename "$kimage" | sed 's/^vmlinuz-//')
	if [ ! -f "$kimage" ]; then
		say "$kpkg has no boot/vmlinuz-*"
		return 1
	fi
	return 0
}

# ---- the initramfs ----------------------------------------------------------------------

# pack FILE [DEST]: copy FILE into the root at DEST (default: the same path) with the shared
# libraries it loads, each at its own path.
pack() {
	pdest=$STAGE${2:-$1}
	mkdir -p "$(dirname "$pdest")" && cp -L "$1" "$pdest" || return 1
	for lib in $(ldd "$1" 2>/dev/null | sed -n 's|.*=> \(/[^ ]*\).*|\1|p; s|^[[:space:]]*\(/[^ ]*\) (.*|\1|p')
	do
		[ -f "$STAGE$lib" ] && continue
		mkdir -p "$STAGE$(dirname "$lib")" && cp -L "$lib" "$STAGE$lib" || return 1
	done
}

# patterns: the guest's test patterns, from guest-tests.txt and VM_TESTS, and one for each
# test that has a .needs file.
patterns() {
	sed 's/#.*//' "$ROOT/tests/vm/guest-tests.txt" | tr -s ' \t' '\n\n' | grep .
	for p in ${VM_TESTS:-}; do echo "$p"; done
	for n in "$ROOT"/tests/run/*.needs "$ROOT"/tests/errors/*.needs; do
		[ -f "$n" ] || continue
		kind=$(basename "$(dirname "$n")")
		echo "^$kind/$(basename "$n" .needs)\$"
	done
}

# build_common: the part of the initramfs that is the same for every kernel.
build_common() {
	STAGE=$VMDIR/root
	rm -rf "$STAGE" && mkdir -p "$STAGE/dt/build/tests" "$STAGE/dt/vm" "$STAGE/bin" || return 1
	cp /bin/busybox "$STAGE/bin/busybox" || return 1
	cp "$ROOT/tests/vm/init" "$STAGE/init" && chmod 755 "$STAGE/init" || return 1
	# busybox's sh runs its own applets before any in PATH: a tool packed here serves only
	# where busybox has none. bash: the tests written for it; chrt: run/bitfield_kernel;
	# bpftool (when this machine has it): tests that look at the kernel's BPF objects;
	# mkfs.ext4 (when this machine has it): the io tests' file system on a loop device.
	for t in bash chrt bpftool mkfs.ext4; do
		tp=$(command -v $t || ls /usr/sbin/$t 2>/dev/null)
		[ -z "$tp" ] && { [ $t = bpftool ] || [ $t = mkfs.ext4 ]; } && continue
		pack "$tp" /usr/bin/$t || return 1
	done
	pack "$ROOT/build/dtrace" /dt/build/dtrace || return 1
	pack "$ROOT/build/tests/kfeatures" /dt/build/tests/kfeatures || return 1
	for t in "$ROOT"/build/tests/triggers/*; do
		[ -x "$t" ] && { pack "$t" "/dt/build/tests/triggers/$(basename "$t")" || return 1; }
	done
	cp -R "$ROOT/dlibs" "$STAGE/dt/dlibs" || return 1
	# the toolkit's sh tools (tests/run/tk_*.sh run them; busybox is their sh)
	cp -R "$ROOT/toolkit" "$STAGE/dt/toolkit" || return 1
	mkdir -p "$STAGE/dt/tests" || return 1
	for d in run errors triggers vm run-tests.sh; do
		[ -e "$ROOT/tests/$d" ] && { cp -R "$ROOT/tests/$d" "$STAGE/dt/tests/" || return 1; }
	done
	mkdir -p "$STAGE/etc" || return 1
	echo 'root:x:0:0:root:/root:/bin/sh' >"$STAGE/etc/passwd"
	echo 'root:x:0:' >"$STAGE/etc/group"
	echo vmcheck >"$STAGE/etc/hostname"
	if [ -f /etc/mke2fs.conf ]; then
		cp /etc/mke2fs.conf "$STAGE/etc/mke2fs.conf" || return 1
	fi
	# The libraries are at the host's paths: with its cache the dynamic loader opens each
	# at once, as on the host (tests count a traced process's failed opens).
	cp /etc/ld.so.cache "$STAGE/etc/ld.so.cache" || return 1
	patterns >"$STAGE/dt/vm/patterns" || return 1
	if grep -q '[[:space:]]' "$STAGE/dt/vm/patterns"; then
		say "a pattern holds a blank"
		return 1
	fi
	(cd "$STAGE" && find . | cpio -o -H newc -R 0:0 --quiet) >"$VMDIR/common.cpio" || return 1
}

# build_kernel_part K: the kernel's modules and the guest's settings, as a second cpio
# archive (the kernel unpacks concatenated archives in order).
build_kernel_part() {
	KSTAGE=$VMDIR/kroot-$1
	rm -rf "$KSTAGE" && mkdir -p "$KSTAGE/dt/vm" || return 1
	: >"$KSTAGE/dt/vm/modules.list"
	mods=$(sed 's/#.*//' "$ROOT/tests/vm/modules.txt" | tr -s ' \t' '\n\n' | grep .)
	mseen=
	for m in $mods; do
		add_module "$m" || return 1
	done
	mods=$(sed 's/#.*//' "$ROOT/tests/vm/modules-installed.txt" | tr -s ' \t' '\n\n' | grep .)
	for m in $mods; do
		install_module "$m" || return 1
	done
	cat >"$KSTAGE/dt/vm/env" <<EOF
VM_TEST_TIMEOUT=$VM_TEST_TIMEOUT
EOF
	(cd "$KSTAGE" && find . | cpio -o -H newc -R 0:0 --quiet) >"$VMDIR/kernel-$1.cpio" ||
		return 1
	cat "$VMDIR/common.cpio" "$VMDIR/kernel-$1.cpio" >"$VMDIR/initrd-$1.cpio"
}

# add_module NAME: the module's file and, first, those it depends on (modinfo's depends),
# into the guest's /dt/vm/modules.list. A module built into the kernel needs nothing.
add_module() {
	case " $mseen " in *" $1 "*) return 0 ;; esac
	mseen="$mseen $1"
	mdir=$kdir/lib/modules/$krel
	mname=$(printf '%s' "$1" | tr '-' '_')
	grep -Eq "/($1|$mname)\.ko" "$mdir/modules.builtin" 2>/dev/null && return 0
	mfile=$(find "$mdir/kernel" -name "$1.ko*" -o -name "$mname.ko*" | head -n 1)
	if [ -z "$mfile" ]; then
		say "module $1 is not in $kpkg"
		return 0
	fi
	for dep in $(modinfo -F depends "$mfile" 2>/dev/null | tr ',' ' '); do
		add_module "$dep" || return 1
	done
	# busybox's insmod takes plain ELF: 6.12's modules are compressed.
	mko=/lib/modules/$(basename "$mfile" | sed 's/\.ko\..*$/.ko/')
	mkdir -p "$KSTAGE/lib/modules" || return 1
	case $mfile in
	*.ko.xz) xz -dc "$mfile" >"$KSTAGE$mko" ;;
	*.ko.zst) zstd -qdc "$mfile" >"$KSTAGE$mko" ;;
	*.ko.gz) gzip -dc "$mfile" >"$KSTAGE$mko" ;;
	*) cp "$mfile" "$KSTAGE$mko" ;;
	esac || return 1
	echo "$mko" >>"$KSTAGE/dt/vm/modules.list"
}

# install_module NAME: the module's file where the kernel's modules live, uncompressed, and
# its line in modules.dep (what depmod writes on an installed system), never loaded: a module
# installed and not loaded.
install_module() {
	mdir=$kdir/lib/modules/$krel
	mfile=$(find "$mdir/kernel" -name "$1.ko*" | head -n 1)
	if [ -z "$mfile" ]; then
		say "module $1 is not in $kpkg"
		return 0
	fi
	rel=$(printf '%s' "${mfile#"$mdir"/}" | sed 's/\.ko\..*$/.ko/')
	mkdir -p "$KSTAGE/lib/modules/$krel/$(dirname "$rel")" || return 1
	case $mfile in
	*.ko.xz) xz -dc "$mfile" ;;
	*.ko.zst) zstd -qdc "$mfile" ;;
	*.ko.gz) gzip -dc "$mfile" ;;
	*) cat "$mfile" ;;
	esac >"$KSTAGE/lib/modules/$krel/$rel" || return 1
	echo "$rel:" >>"$KSTAGE/lib/modules/$krel/modules.dep"
}

# ---- the run ----------------------------------------------------------------------------

qpid=
stop_qemu() {
	[ -n "$qpid" ] && kill "$qpid" 2>/dev/null
	qpid=
}
trap 'stop_qemu' EXIT
trap 'stop_qemu; exit 130' INT TERM

tot_pass=0
tot_fail=0
tot_skip=0
status=0

# show_console K: the guest's kernel messages: from the first lockup, stall, BUG, oops or
# panic (80 lines, the CPUs' backtraces with them), else the last 30 lines.
show_console() {
	c=$VMDIR/console-$1.log
	[ -s "$c" ] || return 0
	first=$(tr -d '\r' <"$c" | grep -n -m 1 -E 'soft lockup|stall|BUG:|Oops|Kernel panic' |
		cut -d: -f1)
	if [ -n "$first" ]; then
		echo "    --- the guest's console (from line $first; build/vm/console-$1.log) ---"
		tr -d '\r' <"$c" | tail -n +"$first" | head -n 80 | sed 's/^/    /'
	else
		echo "    --- the guest's console (last 30 lines; build/vm/console-$1.log) ---"
		tr -d '\r' <"$c" | tail -n 30 | sed 's/^/    /'
	fi
}

# kfail K WHY: the kernel's run failed as a whole; show the console's messages.
kfail() {
	echo "FAIL [$1] vmcheck: $2"
	show_console "$1"
	tot_fail=$((tot_fail + 1))
	status=1
}

# silence_watch K QPID: stop QEMU when the guest's results file has had no new line for
# VM_SILENCE seconds, leaving build/vm/stalled-K (the seconds it waited) behind.
silence_watch() {
	while kill -0 "$2" 2>/dev/null; do
		sleep 5
		quiet=$(($(date +%s) - $(stat -c %Y "$VMDIR/results-$1.log")))
		if [ "$quiet" -ge "$VM_SILENCE" ]; then
			echo "$quiet" >"$VMDIR/stalled-$1"
			kill "$2" 2>/dev/null
			return
		fi
	done
}

# run_kernel K: fetch K, build its initramfs and boot it (twice when the first boot stalls).
run_kernel() {
	k=$1
	rm -f "$VMDIR/console-$k.log" "$VMDIR/results-$k.log" "$VMDIR/times-$k.log"
	fetch_kernel "$k" || {
		kfail "$k" "no kernel to boot"
		return
	}
	build_kernel_part "$k" || {
		kfail "$k" "cannot build the initramfs"
		return
	}
	boot_kernel "$k" 1 || boot_kernel "$k" 2
}

# boot_kernel K ATTEMPT: boot K and run the guest's tests; status 1 when attempt 1 stalled
# (the caller boots again), 0 otherwise (its results and failures counted).
boot_kernel() {
	k=$1
	kstart=$(date +%s)
	res=$VMDIR/results-$k.log
	con=$VMDIR/console-$k.log
	rm -f "$res" "$con" "$VMDIR/stalled-$k"
	: >"$res"
	again=
	[ "$2" = 1 ] || again=", a second time"
	echo "vmcheck [$k]: booting $kpkg ($krel) under QEMU (TCG)$again"
	timeout -k 10 "$VM_TIMEOUT" qemu-system-x86_64 -accel tcg,thread=single -cpu max \
		-m "$VM_MEM" -smp "$VM_SMP" -display none -no-reboot -monitor none \
		-serial "file:$con" -serial "file:$res" \
		-kernel "$kimage" -initrd "$VMDIR/initrd-$k.cpio" \
		-append "console=ttyS0 quiet panic=-1 oops=panic softlockup_all_cpu_backtrace=1" </dev/null >"$VMDIR/qemu-$k.log" 2>&1 &
	qpid=$!
	silence_watch "$k" "$qpid" &
	wpid=$!
	# The guest's lines as they come: PASS/FAIL/SKIP with the kernel in them.
	# build/vm/times-K.log: when each line came, in seconds from the boot.
	cr=$(printf '\r')
	tail -n +1 -f --pid="$qpid" "$res" | while IFS= read -r line; do
		line=${line%"$cr"}
		echo "$(($(date +%s) - kstart)) $line" >>"$VMDIR/times-$k.log"
		case $line in
		@@vmcheck\ *) ;;
		[0-9]*" passed, "[0-9]*" failed, "[0-9]*" skipped") ;;
		@@kfeatures\ *) echo "[$k] kfeatures: ${line#@@kfeatures }" ;;
		@@note\ *) echo "[$k] note: ${line#@@note }" ;;
		PASS\ * | FAIL\ * | SKIP\ *) echo "${line%% *} [$k] ${line#* }" ;;
		*) printf '%s\n' "$line" ;;
		esac
	done
	wait "$qpid"
	qrc=$?
	qpid=
	kill "$wpid" 2>/dev/null
	wait "$wpid" 2>/dev/null
	if [ -f "$VMDIR/stalled-$k" ]; then
		last=$(tr -d '\r' <"$res" | grep -E '^(PASS|FAIL|SKIP) ' | tail -n 1)
		why="the guest stalled: no line from it for $(cat "$VMDIR/stalled-$k")s"
		why="$why (VM_SILENCE), the last one ${last:-none}"
		if [ "$2" = 1 ]; then
			echo "vmcheck [$k]: $why; its console follows, and it boots once more"
			show_console "$k"
			cp "$con" "$VMDIR/console-$k.stalled.log"
			return 1
		fi
		kfail "$k" "$why, on its second boot too"
		return 0
	fi
	tr -d '\r' <"$res" >"$res.txt"
	summary=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped$' "$res.txt" | tail -n 1)
	secs=$(($(date +%s) - kstart))
	if ! grep -q '^@@vmcheck begin ' "$res.txt"; then
		if [ "$qrc" -eq 124 ]; then
			kfail "$k" "the guest did not start the tests within ${VM_TIMEOUT}s"
		else
			kfail "$k" "the guest did not start the tests (QEMU exit status $qrc)"
		fi
		[ -s "$VMDIR/qemu-$k.log" ] && sed 's/^/    qemu: /' "$VMDIR/qemu-$k.log" | tail -n 5
		return 0
	fi
	if [ "$qrc" -eq 124 ]; then
		kfail "$k" "the guest timed out after ${VM_TIMEOUT}s (VM_TIMEOUT)"
	elif [ -z "$summary" ] || ! grep -q '^@@vmcheck end ' "$res.txt"; then
		kfail "$k" "the guest ended (QEMU exit status $qrc) without the runner's summary line"
	elif [ "$qrc" -ne 0 ]; then
		kfail "$k" "QEMU exited with status $qrc"
	fi
	if [ -n "$summary" ]; then
		set -- $summary
		tot_pass=$((tot_pass + $1))
		tot_fail=$((tot_fail + $3))
		tot_skip=$((tot_skip + $5))
		[ "$3" -eq 0 ] || status=1
		echo "[$k] $summary ($kpkg, ${secs}s)"
	fi
	return 0
}

mkdir -p "$VMDIR" || exit 2
for f in "$ROOT/build/dtrace" "$ROOT/build/tests/kfeatures"; do
	[ -x "$f" ] || { say "$f not built (run make)"; exit 2; }
done
if ! ensure_tools; then
	for k in "$@"; do kfail "$k" "QEMU, busybox or cpio missing"; done
elif ! build_common; then
	for k in "$@"; do kfail "$k" "cannot build the initramfs"; done
else
	for k in "$@"; do run_kernel "$k"; done
fi
echo "vmcheck: $tot_pass passed, $tot_fail failed, $tot_skip skipped"
exit "$status"
