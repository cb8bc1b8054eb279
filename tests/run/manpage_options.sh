# SPDX-License-Identifier: GPL-2.0-only
# dtrace(1) and the code list the same options, so neither drifts: the OPTIONS entries of
# man/dtrace.1 are the usage's (dtrace --help prints the command's option table, from which
# the getopt string is also made), and the "COMPILER AND TRACING OPTIONS" entries, each with
# its value and default, are the -x table's (--help prints every row of
# src/runtime/dt_options.c as "name=value (default D)"). An option added to the code and not
# to the page, or a default changed in one only, fails here. The page renders without warnings.
fail() { echo "$1"; shift; for f in "$@"; do echo "--- $f"; cat "$f"; done; exit 1; }
MAN=$TESTDIR/../../man/dtrace.1
cd "$TMPDIR" || exit 1
[ -f "$MAN" ] || fail "no $MAN"
"$DTRACE" --help >help || fail "--help: exit status $?"

# The usage's options ("<tab>-b  set trace buffer size", "<tab>--help ...") and the page's
# (".B \-q", ".BI \-b " bufsz"" right after .TP in OPTIONS).
sed -n 's/^	\(--*[A-Za-z0-9][A-Za-z0-9]*\) .*/\1/p' help | sort >usage.opts
awk '/^\.SH/ { sec = $0 } sec == ".SH OPTIONS" && prev == ".TP" {
	l = $0; gsub(/\\-/, "-", l)
	if (match(l, /^\.BI? --?[A-Za-z0-9]+/)) { s = substr(l, RSTART, RLENGTH); sub(/^\.BI? /, "", s); print s }
} { prev = $0 }' "$MAN" | sort >man.opts
[ "$(wc -l <usage.opts)" -ge 30 ] || fail "too few options in the usage" help
diff -u usage.opts man.opts >opts.diff || fail "usage (-) and dtrace(1) OPTIONS (+) differ" opts.diff
[ -z "$(uniq -d usage.opts)" ] || fail "an option twice in the usage" usage.opts

# The -x options: --help's lines after its "Options of -x" header, and the page's entries
# ("\fBbufsize\fR=\fIsize\fR (default \fB4m\fR)") with the font escapes taken out.
sed -n '/^Options of -x/,$s/^	//p' help | sort >help.x
awk '/^\.SH/ { sec = $0 } sec ~ /^\.SH "?COMPILER AND TRACING OPTIONS"?$/ &&
	/^\\fB[a-z]+\\fR.*\((default .*|accepted, no effect|refused)\)$/ {
	l = $0; gsub(/\\f[BIRP]/, "", l); gsub(/\\-/, "-", l); print l }' "$MAN" | sort >man.x
[ "$(wc -l <help.x)" -ge 40 ] || fail "too few -x options in --help" help
diff -u help.x man.x >x.diff || fail "-x options of the code (-) and dtrace(1) (+) differ" x.diff
[ -z "$(sed 's/[ =].*//' help.x | uniq -d)" ] || fail "a -x option twice in the table" help.x

# The page's release is the VERSION file's.
v=$(cat "$TESTDIR/../../VERSION")
grep -q "^\.TH DTRACE 1 \".*\" \"dtrace-bpf $v\"" "$MAN" || fail "the .TH line is not of release $v"

# Rendered without a warning, when groff is there.
if command -v groff >/dev/null; then
	groff -man -Tutf8 -ww "$MAN" >/dev/null 2>groff.err || fail "groff failed" groff.err
	[ ! -s groff.err ] || fail "groff warns" groff.err
fi
exit 0
