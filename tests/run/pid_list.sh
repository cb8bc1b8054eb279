# SPDX-License-Identifier: GPL-2.0-only
# -l with -c lists the process's pid probes (pid$target expanded as the compiler expands it):
# the executable's functions (its .symtab, a.out naming it) and a library's, made for the
# listing; the process is killed unrun.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
"$DTRACE" -l -c "$TRIGGERS/pidcalls 1" -n 'pid$target:a.out::entry,pid$target:libdtpid.so::return' \
	>"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; fail "dtrace -l"; }
awk 'NR > 1 { sub(/^pid[0-9]+$/, "pidN", $2); print $2, $3, $4, $5 }' "$TMPDIR/out" >"$TMPDIR/got"
printf '%s\n' 'pidN pidcalls _start entry' 'pidN pidcalls pidcalls_ten entry' \
	'pidN pidcalls pidcalls_deep entry' 'pidN pidcalls main entry' \
	'pidN libdtpid.so dtpid_mul return' 'pidN libdtpid.so dtpid_twice return' >"$TMPDIR/exp"
diff -u "$TMPDIR/exp" "$TMPDIR/got" || fail "listing"
head -n 1 "$TMPDIR/out" | grep -q '^   ID   PROVIDER' || fail "header"
exit 0
