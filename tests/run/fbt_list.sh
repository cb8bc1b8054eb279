# SPDX-License-Identifier: GPL-2.0-only
# fbt lists an entry and a return probe for every traceable kernel function, module "vmlinux"
# for the core kernel, on every kernel: also where fbt cannot attach (listing needs no kprobe).
out=$("$DTRACE" -l -n 'fbt::vfs_read:') || { echo "$out"; exit 1; }
printf '%s\n' "$out" | grep -Eq '^ *[0-9]+ +fbt +vmlinux +vfs_read entry$' ||
	{ echo "$out"; echo "no fbt:vmlinux:vfs_read:entry"; exit 1; }
printf '%s\n' "$out" | grep -Eq '^ *[0-9]+ +fbt +vmlinux +vfs_read return$' ||
	{ echo "$out"; echo "no fbt:vmlinux:vfs_read:return"; exit 1; }
[ "$(printf '%s\n' "$out" | wc -l)" -eq 3 ] || { echo "$out"; echo "not two probes"; exit 1; }

"$DTRACE" -l -P fbt >"$TMPDIR/all" || exit 1
n=$(awk '$2 == "fbt"' "$TMPDIR/all" | wc -l)
[ "$n" -gt 5000 ] || { echo "only $n fbt probes"; exit 1; }
# each function once, with both probes: as many entries as returns, no (module, function) twice
ne=$(awk '$2 == "fbt" && $5 == "entry"' "$TMPDIR/all" | wc -l)
nr=$(awk '$2 == "fbt" && $5 == "return"' "$TMPDIR/all" | wc -l)
[ "$ne" -eq "$nr" ] && [ $((ne + nr)) -eq "$n" ] || { echo "$ne entries, $nr returns"; exit 1; }
dup=$(awk '$2 == "fbt" {print $3, $4, $5}' "$TMPDIR/all" | sort | uniq -d | head -n 3)
[ -z "$dup" ] || { echo "listed twice: $dup"; exit 1; }

# a description that names no function matches nothing
"$DTRACE" -l -n 'fbt::dtrace_no_such_function:entry' >"$TMPDIR/out" 2>"$TMPDIR/err" &&
	{ echo "a missing function matched"; exit 1; }
grep -q 'No probe matches description' "$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
exit 0
