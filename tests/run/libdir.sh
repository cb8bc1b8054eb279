# SPDX-License-Identifier: GPL-2.0-only
# -L DIR: the D libraries of DIR are read before the program, before (and overriding by
# name) the default ones; their inlines, types and translators are the program's.
mkdir -p "$TMPDIR/lib"
cat >"$TMPDIR/lib/answer.d" <<'D'
typedef struct answer { int value; } answer_t;
translator answer_t < int x > { value = x * 2; };
inline int answer = xlate<answer_t>(21).value;
D
out=$("$DTRACE" -L "$TMPDIR/lib" -qn 'BEGIN { printf("%d %d\n", answer, sizeof (answer_t));
	printf("%d\n", curpsinfo->pr_pid == pid); exit(0); }') || exit 1
[ "$out" = "42 4
1" ] || { echo "got: $out"; exit 1; }
# a library of the same name as a default one replaces it
cat >"$TMPDIR/lib/procfs.d" <<'D'
inline int curpsinfo = 7;
D
out=$("$DTRACE" -L "$TMPDIR/lib" -qn 'BEGIN { printf("%d\n", curpsinfo); exit(0); }') || exit 1
[ "$out" = "7" ] || { echo "got: $out"; exit 1; }
