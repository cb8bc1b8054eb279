#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# setup.sh: make this machine ready to build and run dtrace, or to test it (Debian/Ubuntu).
#
#   scripts/setup.sh           what building and running need (no clang: no LLVM at run time)
#   scripts/setup.sh --test    also what only the tests and fuzzers need (scripts/test.sh)
#   scripts/setup.sh --bench   also the benchmark peers (bpftrace, hyperfine, time)
#
# Finds missing packages with dpkg-query. As root it installs them (apt-get update, then
# apt-get install -y); otherwise it prints the exact command to run and exits 1. As root it
# also mounts tracefs at /sys/kernel/tracing when it is not mounted. Quiet when there is
# nothing to do, so it is cheap to run before every build.
set -u

# g++: libstdc++ (dtrace demangles C++ names with it) and the C++ test trigger that make builds.
BUILD_PKGS="make gcc g++ pkg-config libbpf-dev libelf-dev zlib1g-dev linux-libc-dev"
# clang and libclang-rt-14-dev (the libFuzzer runtime of Debian 12's clang, 14): make fuzz and
# the suite's fuzz stages; bpftool: tests that look at the kernel's BPF objects.
TEST_PKGS="clang libclang-rt-14-dev bpftool"
BENCH_PKGS="bpftrace hyperfine time"

pkgs=$BUILD_PKGS
tools="make cc c++ pkg-config"
for arg in "$@"; do
	case $arg in
	--test) pkgs="$pkgs $TEST_PKGS" tools="$tools clang" ;;
	--bench) pkgs="$pkgs $BENCH_PKGS" ;;
	-h | --help)
		sed -n '3,12s/^# \{0,1\}//p' "$0"
		exit 0
		;;
	*)
		echo "setup.sh: unknown argument: $arg (try --help)" >&2
		exit 2
		;;
	esac
done

is_root() { [ "$(id -u)" -eq 0 ]; }

# A package counts as present when dpkg says "install ok installed".
missing=
if command -v dpkg-query >/dev/null 2>&1; then
	for p in $pkgs; do
		st=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null)
		case $st in
		*" installed") ;;
		*) missing="$missing $p" ;;
		esac
	done
else
	# Not a Debian system: check for the tools instead and let the user map them to packages.
	for t in $tools; do
		command -v "$t" >/dev/null 2>&1 || missing="$missing $t"
	done
	if [ -n "$missing" ]; then
		echo "setup.sh: no dpkg here; please install:$missing (plus libbpf, libelf, zlib headers)" >&2
		exit 1
	fi
fi

if [ -n "$missing" ]; then
	if is_root && command -v apt-get >/dev/null 2>&1; then
		echo "setup.sh: installing:$missing"
		export DEBIAN_FRONTEND=noninteractive
		# shellcheck disable=SC2086 # word splitting of the package list is intended
		if ! { apt-get update -q >/dev/null && apt-get install -y -q $missing; }; then
			echo "setup.sh: apt-get failed; run: apt-get update && apt-get install -y$missing" >&2
			exit 1
		fi
	else
		echo "setup.sh: missing packages:$missing" >&2
		echo "Run as root:" >&2
		echo "  apt-get update && apt-get install -y$missing" >&2
		exit 1
	fi
fi

# tracefs: the tracepoint and syscall providers read event ids and formats from it.
if is_root && [ -d /sys/kernel/tracing ] && [ ! -e /sys/kernel/tracing/events ]; then
	mount -t tracefs tracefs /sys/kernel/tracing >/dev/null 2>&1 || true
fi
exit 0
