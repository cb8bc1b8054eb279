# SPDX-License-Identifier: GPL-2.0-only
# A script with "#!/path/to/dtrace -qs" runs directly, with its macro arguments.
cat >"$TMPDIR/hello.d" <<EOD
#!$DTRACE -qs
BEGIN
{
	printf("hello %d %s\n", \$1, \$\$2);
	exit(0);
}
EOD
chmod +x "$TMPDIR/hello.d"
out=$("$TMPDIR/hello.d" 42 world 2>"$TMPDIR/err") || { cat "$TMPDIR/err"; echo "exit $?"; exit 1; }
[ "$out" = "hello 42 world" ] || { echo "$out"; echo "unexpected output"; exit 1; }
