# SPDX-License-Identifier: GPL-2.0-only
# -x maxframes caps every kernel stack's frames, the default stackframes and stack(N) alike
# (DTrace cuts them silently); BEGIN and END have no kernel stack: the consumer runs them,
# and stack() there records no frames, stackdepth 0.
frames() {
	"$DTRACE" -q "$@" -c "$TRIGGERS/getpid 1" -n '
syscall::getpid:entry /pid == $target/ { stack(); stack(50); exit(0); }' |
		awk 'NF { n++ } !NF && n { print n; n = 0 } END { if (n) print n }' | tr '\n' ' '
}
all=$(frames)
set -- $all
[ "$#" = 2 ] && [ "$1" -gt 2 ] || { echo "no frames without maxframes: '$all'"; exit 1; }
cut=$(frames -x maxframes=2)
[ "$cut" = "2 2 " ] || { echo "maxframes=2: '$cut' frames (all: '$all')"; exit 1; }
out=$("$DTRACE" -q -n 'BEGIN { @[stack()] = count(); printa("[%k]", @); @d = max(stackdepth); }
END { printa("%@d\n", @d); }' -n 'BEGIN { exit(0); }' 2>&1)
want='[]0'
[ "$(printf '%s' "$out" | tr -d ' \n')" = "$want" ] || { printf 'BEGIN/END: %s\n' "$out"; exit 1; }
