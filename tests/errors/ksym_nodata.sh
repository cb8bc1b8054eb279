# SPDX-License-Identifier: GPL-2.0-only
# A data symbol on a kernel whose /proc/kallsyms lists functions only (built without
# CONFIG_KALLSYMS_ALL, as this project's own test machine): DTrace's message, then why.
grep -qw linux_banner /proc/kallsyms && { echo "this kernel lists data symbols"; exit 77; }
cat >"$TMPDIR/want" <<'W'
dtrace: invalid probe specifier BEGIN { trace(`linux_banner); }: in action list: failed to resolve `linux_banner: Unknown symbol name
  --> -n:1:15
   | BEGIN { trace(`linux_banner); }
   |               ^^^^^^^^^^^^^
   = hint: this kernel's /proc/kallsyms lists functions only, no data symbols: it was built without CONFIG_KALLSYMS_ALL
W
"$DTRACE" -n 'BEGIN { trace(`linux_banner); }' >"$TMPDIR/out" 2>"$TMPDIR/err"
st=$?
[ "$st" -eq 1 ] || { echo "exit status $st"; exit 1; }
diff -u "$TMPDIR/want" "$TMPDIR/err"
