# SPDX-License-Identifier: GPL-2.0-only
# -c of something exec refuses exits 1 with exec's reason, before tracing starts: a directory
# (access(X_OK) passes, exec says EACCES), a file without execute permission, and a command
# found in PATH only as a directory. A script whose interpreter is missing passes every check
# and fails in exec itself: the child tells dtrace, which still exits 1 (it exited 0).
fail() { echo "$1"; exit 1; }
check() {	# check CMD MESSAGE
	"$DTRACE" -q -c "$1" -n 'BEGIN { printf("begin\n"); } END { printf("end\n"); }' \
		>"$TMPDIR/out" 2>"$TMPDIR/err"
	st=$?
	[ "$st" -eq 1 ] || { cat "$TMPDIR/err"; fail "-c $1: exit status $st, expected 1"; }
	grep -qx "dtrace: failed to execute $1: $2" "$TMPDIR/err" ||
		{ cat "$TMPDIR/err"; fail "-c $1: message"; }
}
check /tmp 'Permission denied'
[ ! -s "$TMPDIR/out" ] || fail "-c /tmp: something was traced"
printf 'echo hi\n' >"$TMPDIR/noexec"
check "$TMPDIR/noexec" 'Permission denied'
mkdir -p "$TMPDIR/bin/dt_life_dir"
PATH="$TMPDIR/bin:$PATH" check dt_life_dir 'Permission denied'
printf '#!/nonexistent/interpreter\n' >"$TMPDIR/badinterp"
chmod +x "$TMPDIR/badinterp"
check "$TMPDIR/badinterp" 'No such file or directory'
exit 0
