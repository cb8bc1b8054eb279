# SPDX-License-Identifier: GPL-2.0-only
# Every toolkit tool has what toolkit/README.md's conventions ask: an executable POSIX sh
# script whose -h prints "USAGE: NAME" on stdout and exits 0, a man page toolkit/man/NAME.8
# that groff renders without a warning and that has each section the conventions name, and a
# row in toolkit/README.md's table; and no page or row is left without its tool.
command -v groff >/dev/null || { echo "no groff"; exit 77; }
tk=$(cd "$TESTDIR/../../toolkit" && pwd) || exit 1
bad=0
n=0
for t in "$tk"/*; do
	if [ ! -f "$t" ] || [ "${t##*/}" = README.md ]; then continue; fi
	name=${t##*/}
	n=$((n + 1))
	[ -x "$t" ] || { echo "$name: not executable"; bad=1; }
	[ "$(head -1 "$t")" = '#!/bin/sh' ] || { echo "$name: not a #!/bin/sh script"; bad=1; }
	u=$(DTRACE=false "$t" -h 2>/dev/null) || { echo "$name -h: exit status not 0"; bad=1; }
	case $u in "USAGE: $name"*) ;; *) echo "$name -h: no USAGE line on stdout"; bad=1 ;; esac
	page=$tk/man/$name.8
	if [ ! -f "$page" ]; then
		echo "$name: no man page $page"
		bad=1
	else
		w=$(groff -man -ww -z "$page" 2>&1)
		[ -z "$w" ] || { echo "$page: $w"; bad=1; }
		for s in NAME SYNOPSIS DESCRIPTION OPTIONS 'OUTPUT FIELDS' EXAMPLES 'SEE ALSO'; do
			grep -q "^\.SH \"*$s\"*\$" "$page" || { echo "$page: no $s section"; bad=1; }
		done
	fi
	grep -q "^| $name |" "$tk/README.md" || { echo "$name: no row in toolkit/README.md"; bad=1; }
done
for p in "$tk"/man/*.8; do
	[ -f "$tk/$(basename "$p" .8)" ] || { echo "$p: no tool"; bad=1; }
done
rows=$(sed -n 's/^| \([a-z][a-z0-9_]*\) |.*/\1/p' "$tk/README.md" | while read -r r; do
	[ "$r" = tool ] || [ -f "$tk/$r" ] || echo "$r"
done)
[ -z "$rows" ] || { echo "toolkit/README.md rows without a tool: $rows"; bad=1; }
[ "$n" -ge 13 ] || { echo "only $n tools"; bad=1; }
exit $bad
