#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# demo.sh: install what is missing, build, and run a first D script: the top system calls by
# process over 5 seconds (examples/syscalls.d), while some file-system activity runs.
#   sudo scripts/demo.sh
cd "$(dirname "$0")/.." || exit 2
scripts/setup.sh && make -j2 || exit 1
if [ "$(id -u)" -ne 0 ]; then
	echo "demo.sh: tracing needs root: sudo scripts/demo.sh" >&2
	exit 1
fi

# A little activity, so the table has more than the usual background daemons in it.
(
	i=0
	while [ $i -lt 5 ]; do
		ls -R /usr/share >/dev/null 2>&1
		sleep 0.5
		i=$((i + 1))
	done
) &
busy=$!

echo "Tracing system calls for 5 seconds (examples/syscalls.d)..." >&2
build/dtrace -s examples/syscalls.d
status=$?
kill "$busy" 2>/dev/null
wait "$busy" 2>/dev/null
exit $status
