# SPDX-License-Identifier: GPL-2.0-only
# -F over the records a ring buffer kept (printed once tracing stops) indents and looks ahead
# as it does live: flowindent.d prints the very lines of flowindent.out.
"$DTRACE" -F -x bufpolicy=ring -c "taskset -c 0 $TRIGGERS/openat 2 /etc/hostname" \
	-s flowindent.d >"$TMPDIR/out" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; exit 1; }
diff -u flowindent.out "$TMPDIR/out"
