#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# test.sh: install what is missing, the tests' own needs too (scripts/setup.sh --test: clang,
# libFuzzer's runtime, bpftool), build, and run every test: the suite on this machine's kernel,
# then (when no PATTERN is given) `make vmcheck`, the kernel-dependent tests inside Debian's 6.1
# and 6.12 kernels under QEMU. VMCHECK=0 leaves the guests out.
#   sudo scripts/test.sh [PATTERN...]     (PATTERNs select tests, see tests/run-tests.sh)
# The exit status is non-zero if either part failed.
cd "$(dirname "$0")/.." || exit 2
scripts/setup.sh --test && make -j2 || exit 1
status=0
sh tests/run-tests.sh "$@" || status=1
if [ $# -eq 0 ] && [ "${VMCHECK:-1}" != 0 ]; then
	make vmcheck || status=1
fi
exit "$status"
