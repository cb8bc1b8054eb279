# SPDX-License-Identifier: GPL-2.0-only
# -x aggformat=folded prints stack aggregations as folded stacks (root first, other keys as
# the first frames); -x flamegraph=FILE.svg draws them. One run does both, so the SVG and the
# folded lines come from the same aggregations: the SVG must be well-formed XML, and its
# frames exactly the folded stacks' tree: every frame's samples (in its <title>) the sum of
# the counts of the stacks through it, its width samples * (1180 / all samples), siblings in
# name order side by side, each above its parent. Two aggregations: two files, FILE.NAME.svg.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
"$DTRACE" -q -x aggformat=folded -x flamegraph="$TMPDIR/fg.svg" -c "$TRIGGERS/ustack 40" -n '
syscall::getpid:entry /pid == $target/ { @u[execname, ustack()] = count(); @k[stack()] = count(); }
' >"$TMPDIR/folded" 2>"$TMPDIR/err" || { cat "$TMPDIR/err"; fail "dtrace failed"; }
cat "$TMPDIR/folded"
# the trigger's own frames, root first, after the execname key; 80 calls in all
grep -Eq '^ustack;.*ustack`main;ustack`ustack_outer;libc\.so\.6`(__)?getpid [0-9]+$' \
	"$TMPDIR/folded" || fail "ustack folded line"
[ "$(grep '^ustack;' "$TMPDIR/folded" | awk '{ s += $NF } END { print s }')" -eq 80 ] ||
	fail "ustack counts"
grep -Eq '^vmlinux`[^ ]*;vmlinux`[^ ]* 80$' "$TMPDIR/folded" || fail "kernel stack line"
[ -s "$TMPDIR/fg.u.svg" ] && [ -s "$TMPDIR/fg.k.svg" ] || fail "two SVG files"
python3 - "$TMPDIR/folded" "$TMPDIR/fg.u.svg" "$TMPDIR/fg.k.svg" <<'PY' || exit 1
import sys, xml.etree.ElementTree as ET
NS = '{http://www.w3.org/2000/svg}'
folded = [l.rsplit(' ', 1) for l in open(sys.argv[1], encoding='utf-8').read().splitlines()]
for svg, first in ((sys.argv[2], 'ustack;'), (sys.argv[3], 'vmlinux`')):
    stacks = [(s.split(';'), int(n)) for s, n in folded if s.startswith(first)]
    total = sum(n for _, n in stacks)
    # the expected frames: (depth, start, name, samples), siblings in name order
    def tree(prefix_stacks, depth, start, out):
        names = sorted({s[depth] for s, _ in prefix_stacks if len(s) > depth})
        for name in names:
            sub = [(s, n) for s, n in prefix_stacks if len(s) > depth and s[depth] == name]
            samples = sum(n for _, n in sub)
            out.append((depth + 1, start, name, samples))
            tree(sub, depth + 1, start, out)
            start += samples
    want = [(0, 0, 'all', total)]
    tree(stacks, 0, 0, want)
    root = ET.parse(svg).getroot()
    assert root.tag == NS + 'svg', root.tag
    assert int(root.get('data-samples')) == total
    height, scale = int(root.get('height')), 1180.0 / total
    got = []
    for g in root.iter(NS + 'g'):
        title = g.find(NS + 'title').text
        name, rest = title.rsplit(' (', 1)
        samples = int(rest.split(' ')[0])
        r = g.find(NS + 'rect')
        x, y, w = float(r.get('x')), int(r.get('y')), float(r.get('width'))
        assert abs(w - samples * scale) < 0.001, (title, w, samples * scale)
        depth = (height - 30 - y) // 16 - 1
        got.append((depth, round((x - 10) / scale), name, samples))
    if sorted(got) != sorted(want):
        sys.exit('%s: frames\n got %s\nwant %s' % (svg, sorted(got), sorted(want)))
    # the widths at each depth: at most the whole, and the root's the whole
    for d in range(max(g[0] for g in got) + 1):
        assert sum(s for dd, _, _, s in got if dd == d) <= total
print('svg ok')
PY
# a file that cannot be written, and a program with no stack aggregation: exit status 1
"$DTRACE" -q -x flamegraph=/nonexistent/dir/x.svg -n 'BEGIN { @[stack()] = count(); exit(0); }' \
	>/dev/null 2>"$TMPDIR/err1" && fail "unwritable file: exit 0"
grep -q '^dtrace: failed to write flame graph /nonexistent/dir/x.svg: No such file or directory$' \
	"$TMPDIR/err1" || { cat "$TMPDIR/err1"; fail "unwritable file message"; }
"$DTRACE" -q -x flamegraph="$TMPDIR/none.svg" -n 'BEGIN { @ = count(); exit(0); }' \
	>/dev/null 2>"$TMPDIR/err2" && fail "no stacks: exit 0"
grep -q '^dtrace: no flame graph drawn: no aggregation is keyed by stack() or ustack()$' \
	"$TMPDIR/err2" || { cat "$TMPDIR/err2"; fail "no stacks message"; }
exit 0
