# SPDX-License-Identifier: GPL-2.0-only
# A type in a kernel module's scope comes from the module's own BTF, read from its file
# when the module is not loaded (DTrace knows the types of installed modules): a module file
# under -x modpath (named by its modules.dep) holds, as split BTF on vmlinux's, a struct
# whose int member sits where task_struct's tgid does; reading the consumer's own task
# through it gives its pid, so the type was read from that file and laid out as it says.
# The file may spell the name with - for _. A compressed module file and a module that is
# nowhere are said in the errors.
[ -r /sys/kernel/btf/vmlinux ] || { echo "no /sys/kernel/btf/vmlinux"; exit 77; }
MODBTF=$TRIGGERS/../modbtf
MODS=$TMPDIR/mods
fail() { echo "$1"; shift; for f in "$@"; do echo "--- $f"; cat "$f"; done; exit 1; }

off=$("$DTRACE" -qn 'BEGIN { printf("%d", offsetof(struct task_struct, tgid)); exit(0); }') ||
	fail "offsetof: exit status $?"
mkdir -p "$MODS/kernel/drivers/test" || exit 1
"$MODBTF" "$MODS/kernel/drivers/test/dt-modtest.ko" dt_modtest_task tgid "$off" ||
	fail "modbtf: exit status $?"
"$MODBTF" "$MODS/kernel/drivers/test/dt_modtwo.ko" dt_modtwo_s x 0 || fail "modbtf: exit status $?"
printf '%s\n' 'kernel/drivers/test/dt-modtest.ko:' 'kernel/drivers/test/dt_modtwo.ko:' \
	'kernel/drivers/test/dt_modz.ko.xz: kernel/drivers/test/dt-modtest.ko' >"$MODS/modules.dep"

"$DTRACE" -x modpath="$MODS" -qn 'BEGIN {
	this->t = (struct dt_modtest`dt_modtest_task *)curthread;
	printf("%d %d\n", this->t->tgid == pid, sizeof (struct dt_modtest`dt_modtest_task));
	exit(0);
}' >out 2>err || fail "module file: exit status $?" out err
[ "$(cat out)" = "1 $((off + 4))" ] || fail "module file: wrong output" out err

"$DTRACE" -x modpath="$MODS" -qn 'BEGIN { trace(sizeof (struct dt_modtest`dt_modtest_task) +
	sizeof (struct dt_modtwo`dt_modtwo_s)); exit(0); }' >out 2>err && fail "two: compiled" out err
grep -q "failed to resolve type struct dt_modtwo\`dt_modtwo_s: the types of module dt_modtwo after \
module dt_modtest's (one module's own types per program)" err || fail "two: wrong message" err

"$DTRACE" -x modpath="$MODS" -qn 'BEGIN { trace(sizeof (struct dt_modz`dt_no_such));
	exit(0); }' >out 2>err && fail "compressed: compiled" out err
grep -q "unknown size (module dt_modz is not loaded, and its file \
$MODS/kernel/drivers/test/dt_modz.ko.xz is compressed: its own types are not read)" err ||
	fail "compressed: wrong message" err

"$DTRACE" -x modpath="$MODS" -qn 'BEGIN { trace(sizeof (struct dt_nomod`dt_no_such));
	exit(0); }' >out 2>err && fail "nowhere: compiled" out err
grep -q "unknown size (module dt_nomod is neither loaded nor installed)" err ||
	fail "nowhere: wrong message" err
exit 0
