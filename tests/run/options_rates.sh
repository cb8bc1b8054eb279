# SPDX-License-Identifier: GPL-2.0-only
# -x aggrate, switchrate, statusrate and cleanrate take times as DTrace writes them (a number
# with ns, us, ms, s, m, h, d or hz in any case; a bare number is nanoseconds), and tracing
# with them gives the same output. A value that is not a time is refused in DTrace's words.
fail() { echo "$1"; exit 1; }
for opts in "-x aggrate=1ms -x switchrate=10HZ" "-x statusrate=15ms -x cleanrate=101hz" \
	"-x switchrate=500 -x aggrate=2sec" "-x switchrate -x aggrate=0x"; do
	case $opts in *0x) bad=1 ;; *) bad=0 ;; esac
	# shellcheck disable=SC2086
	"$DTRACE" -q $opts -c "$TRIGGERS/getpid 5" \
		-n 'syscall::getpid:entry /pid == $target/ { @ = count(); }' \
		>"$TMPDIR/out" 2>"$TMPDIR/err"
	st=$?
	if [ $bad -eq 1 ]; then
		[ $st -eq 1 ] || fail "$opts: exit $st"
		[ "$(cat "$TMPDIR/err")" = \
			"dtrace: failed to set -x aggrate: Invalid value for specified option" ] ||
			{ cat "$TMPDIR/err"; fail "$opts: message"; }
		continue
	fi
	[ $st -eq 0 ] || { cat "$TMPDIR/err"; fail "$opts: exit $st"; }
	printf '\n                5\n' | cmp -s - "$TMPDIR/out" ||
		{ cat -A "$TMPDIR/out"; fail "$opts: output"; }
done
exit 0
