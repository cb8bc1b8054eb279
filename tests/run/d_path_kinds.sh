# SPDX-License-Identifier: GPL-2.0-only
# d_path() of every kind of file fdpaths opens (regular, deleted, directories, "/", /proc,
# a namespace, pipe, socket, eventfd, pidfd, memfd) must be the kernel's own name for it
# (its /proc/self/fd link): in a directory here, then in a tmpfs mounted in a tmpfs (two
# mount points crossed), then under chroot (the task's root is "/"). A path longer than
# strsize characters is "": so is the 300-character one, and a file's path with strsize one
# byte too small.
D='syscall::fcntl:entry /pid == $target && arg1 == 1/ {
	printf("%s\n", d_path(&curthread->files->fdt->fd[arg0]->f_path));
}'

# run DIR [dtrace options...]: fdpaths in DIR (run by the command $IN, if any); its links
# (with "" for those longer than strsize, $SS) must be what d_path says
run() {
	dir=$1
	shift
	rm -rf "$dir"/* "$TMPDIR/links"
	"$DTRACE" -q "$@" -c "$IN$TRIGGERS/fdpaths $dir $TMPDIR/links" -n "$D" >"$TMPDIR/out" \
	    2>"$TMPDIR/err" || { cat "$TMPDIR/err"; return 1; }
	awk -v max="$SS" '{ print (length($0) > max ? "" : $0) } END { print "" }' \
	    "$TMPDIR/links" >"$TMPDIR/expected"
	[ "$(wc -l <"$TMPDIR/links")" -ge 10 ] && diff -u "$TMPDIR/expected" "$TMPDIR/out"
}

SS=256
mkdir "$TMPDIR/dir" && run "$TMPDIR/dir" || exit 1
# strsize just long enough for "$TMPDIR/dir/file", then one byte short
SS=$(printf '%s' "$TMPDIR/dir/file" | wc -c)
run "$TMPDIR/dir" -x strsize=$SS || exit 1
SS=$((SS - 1))
run "$TMPDIR/dir" -x strsize=$SS || exit 1
SS=256

mkdir "$TMPDIR/mnt"
# Never leave a mount behind, even when killed: the runner removes TMPDIR next, and through a
# bind mount of / that would remove the machine's files.
trap 'umount -l "$TMPDIR/mnt" 2>/dev/null' EXIT
trap 'exit 130' INT TERM
if mount -t tmpfs dtrace-test "$TMPDIR/mnt" 2>/dev/null; then
	mkdir "$TMPDIR/mnt/sub" && mount -t tmpfs dtrace-test "$TMPDIR/mnt/sub" &&
	    run "$TMPDIR/mnt/sub"
	status=$?
	umount "$TMPDIR/mnt/sub" 2>/dev/null
	umount "$TMPDIR/mnt"
	[ $status -eq 0 ] || exit 1
	# chroot into a copy of the mount tree: paths are from the task's root
	if mount --rbind / "$TMPDIR/mnt" 2>/dev/null; then
		IN="chroot $TMPDIR/mnt " run "$TMPDIR/dir"
		status=$?
		# a busy submount must not keep the bind of / here (the runner removes TMPDIR)
		umount -R "$TMPDIR/mnt" 2>/dev/null || umount -l "$TMPDIR/mnt"
		[ $status -eq 0 ] || exit 1
	fi
fi
