# SPDX-License-Identifier: GPL-2.0-only
# -x oformat=json: every record kind as one JSON object per line, parsed back by python3's
# json module. A file name of hostile bytes (a quote, a backslash, a tab, control bytes, bytes
# that are not UTF-8, a 2-byte UTF-8 letter) comes from the kernel through copyinstr() and
# must come back exactly: the text with U+FFFD for the invalid bytes, and "bytes" in hex.
# Probe records (trace of int, string, stack, ustack, sym; printf; printa; exit), aggregations
# of every function with keys of every kind, a fault and aggregation drops (a 1k aggsize
# cannot hold 2000 timestamps) are each checked. doc/OUTPUT.md is the schema.
# shellcheck disable=SC2016
fail() { echo "$1"; exit 1; }
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
name=$(printf 'j"q\\t\tc\001\033\377\376\303\251<&>;x')
# -c splits its command at blanks: a script passes the name whole (exec keeps $target's pid)
printf '%s' "$TMPDIR/$name" >"$TMPDIR/name"
printf '#!/bin/sh\nexec "%s/openat" 2 "$(cat "%s/name")"\n' "$TRIGGERS" "$TMPDIR" >"$TMPDIR/run"
chmod +x "$TMPDIR/run"
"$DTRACE" -x oformat=json -q -c "$TMPDIR/run" -n '
syscall::openat:entry /pid == $target && strstr(copyinstr(arg1), "j\"q") != NULL / {
	trace(copyinstr(arg1)); trace(-7); trace((uint16_t)65535); trace(func(caller));
	printf("%s|%d", copyinstr(arg1), 42);
	@c[copyinstr(arg1), pid] = count(); @s["k"] = sum(-3); @a = avg(10); @mn = min(-5);
	@mx = max(9); @sd = stddev(4); @q = quantize(5); @l = lquantize(3, 0, 10, 2);
	@ll = llquantize(50, 10, 0, 2, 10); @lln = llquantize(-50, 10, 1, 2, 10);
	@st[stack()] = count(); @us[ustack()] = count();
	@big = sum(0x7fffffffffffffff); self->hit = 1;
}
syscall::openat:return /self->hit/ { printa(@s); self->hit = 0; }
BEGIN { trace(*(int *)0); }' >"$TMPDIR/out" 2>"$TMPDIR/err" ||
	{ cat "$TMPDIR/err"; fail "dtrace failed"; }
"$DTRACE" -x oformat=json -x aggsize=1k -q -c "$TRIGGERS/getpid 2000" -n '
syscall::getpid:entry /pid == $target/ { @[timestamp] = count(); }
END { exit(3); }' >"$TMPDIR/drops" 2>"$TMPDIR/err2"
[ $? -eq 3 ] || { cat "$TMPDIR/err2"; fail "exit status"; }
python3 - "$TMPDIR/out" "$TMPDIR/drops" "$name" <<'PY' || exit 1
import json, sys
def load(f):
    out = []
    for n, line in enumerate(open(f, 'rb').read().split(b'\n')[:-1]):
        try:
            out.append(json.loads(line.decode('utf-8')))
        except Exception as e:
            sys.exit('%s line %d: %s: %r' % (f, n + 1, e, line))
    return out
recs, drops, name = load(sys.argv[1]), load(sys.argv[2]), sys.argv[3]
raw = (sys.argv[1][:0] + name).encode('utf-8', 'surrogateescape')
def check(c, what):
    if not c:
        sys.exit('FAILED: ' + what + '\n' + json.dumps(recs, indent=1)[:6000])
kinds = {r['type'] for r in recs}
check(kinds == {'probe', 'aggregation', 'error'}, 'kinds %s' % kinds)
probes = [r for r in recs if r['type'] == 'probe']
entry = [r for r in probes if r['name'] == 'entry']
check(len(entry) == 2, 'two entry records')
r = entry[0]
check(r['provider'] == 'syscall' and r['function'] == 'openat' and isinstance(r['cpu'], int)
      and r['id'] > 0, 'probe fields')
d = r['data']
path = d[0]['value']
check(d[0]['action'] == 'trace' and d[0]['type'] == 'string', 'string trace')
check(bytes.fromhex(d[0]['bytes']).endswith(b'/' + raw), 'raw bytes %r' % d[0]['bytes'])
want = b'/' + raw
check(path.endswith(want.decode('utf-8', 'replace')), 'text %r' % path)
check('\ufffd\ufffd\u00e9' in path and '\x01\x1b' in path and '"q\\t\t' in path, 'escapes')
check(d[1] == {'action': 'trace', 'type': 'int', 'value': -7}, 'negative int %s' % d[1])
check(d[2]['value'] == 65535 and d[2]['type'] == 'uint16_t', 'uint16 %s' % d[2])
check(d[3]['type'] == 'sym' and '`' in d[3]['value'], 'sym %s' % d[3])
check(d[4]['action'] == 'printf' and d[4]['value'] == path + '|42', 'printf %s' % d[4])
ret = [r for r in probes if r['name'] == 'return']
check(len(ret) == 2 and ret[0]['data'][0]['action'] == 'printa', 'printa records')
pa = ret[0]['data'][0]['aggregations'][0]
# printa() reads the map when the consumer reads its record: the second entry may be in
check(pa['name'] == 's' and pa['entries'][0]['keys'] == ['k'] and
      pa['entries'][0]['value'] in (-3, -6), 'printa %s' % pa)
aggs = {r['name']: r for r in recs if r['type'] == 'aggregation'}
check('s' not in aggs, 'printa()ed aggregation printed again at exit')
c = aggs['c']['entries']
check(len(c) == 1 and c[0]['keys'][0] == path and c[0]['value'] == 2
      and isinstance(c[0]['keys'][1], int), 'count keys %s' % c)
check(aggs['a']['entries'][0]['value'] == 10 and aggs['a']['entries'][0]['count'] == 2, 'avg')
check(aggs['mn']['entries'][0]['value'] == -5 and aggs['mx']['entries'][0]['value'] == 9, 'min max')
check(aggs['sd']['entries'][0]['value'] == 0 and aggs['sd']['function'] == 'stddev', 'stddev')
check(aggs['big']['entries'][0]['value'] == 2 * 0x7fffffffffffffff - 2**64, '64-bit exact')
check(aggs['q']['entries'][0]['buckets'] == [{'min': 4, 'max': 7, 'count': 2}], 'quantize')
check(aggs['l']['entries'][0]['buckets'] == [{'min': 2, 'max': 3, 'count': 2}], 'lquantize')
check(aggs['ll']['entries'][0]['buckets'] == [{'min': 50, 'max': 59, 'count': 2}], 'llquantize')
check(aggs['lln']['entries'][0]['buckets'] == [{'min': -59, 'max': -50, 'count': 2}], 'negative')
st = aggs['st']['entries'][0]['keys'][0]['frames']
check(len(st) >= 2 and all('`' in f for f in st), 'stack frames %s' % st)
us = aggs['us']['entries'][0]['keys'][0]
check(us['frames'] and all('`' in f for f in us['frames']) and us['pid'] > 0,
      'ustack frames %s' % us)
err = [r for r in recs if r['type'] == 'error']
check(len(err) == 1 and err[0]['name'] == 'BEGIN' and err[0]['fault'] == 'invalid address'
      and err[0]['addr'] == 0 and err[0]['line'] == 12 and
      err[0]['message'].startswith('dtrace: error on enabled probe ID'), 'error %s' % err)
dr = [r for r in drops if r['type'] == 'drop']
check(dr and all(r['kind'] == 'aggregation' and r['count'] > 0 for r in dr), 'drops %s' % dr)
end = [r for r in drops if r['type'] == 'probe']
check(end[-1]['name'] == 'END' and end[-1]['data'] == [{'action': 'exit', 'value': 3}], 'exit')
PY
# The default output is DTrace's text: no JSON unless asked.
"$DTRACE" -qn 'BEGIN { trace(1); exit(0); }' | grep -q '{' && fail "JSON without the option"
"$DTRACE" -x oformat=xml -n 'BEGIN { exit(0); }' 2>"$TMPDIR/bad"
grep -q 'failed to set -x oformat: Invalid value for specified option' "$TMPDIR/bad" ||
	{ cat "$TMPDIR/bad"; fail "oformat=xml"; }
exit 0
