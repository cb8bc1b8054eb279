# SPDX-License-Identifier: GPL-2.0-only
# cwd (dlibs/procfs.d): the working directory of the process that fired the probe, here the
# -c trigger's, started in a scratch directory's subdirectory.
# shellcheck disable=SC2016
dir=$(cd "$TMPDIR" && pwd -P) || exit 1
mkdir "$dir/sub" || exit 1
out=$(cd "$dir/sub" && "$DTRACE" -q -c "$TRIGGERS/openat 1 x" \
	-n 'syscall::openat:entry /pid == $target/ { printf("[%s]\n", cwd); }') ||
	{ echo "$out"; exit 1; }
printf '%s\n' "$out" | grep -qxF "[$dir/sub]" || { echo "$out"; echo "cwd is not $dir/sub"; exit 1; }
