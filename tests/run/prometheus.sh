# SPDX-License-Identifier: GPL-2.0-only
# -x prometheus=127.0.0.1:0 serves the live aggregations; a real Prometheus server (Debian's
# prometheus, on loopback) scrapes dtrace every second and its HTTP API must give back the
# traced values: counts as counters, max as a gauge, quantize/lquantize as histograms with
# cumulative buckets, a label of hostile bytes escaped and read back exactly. The traced
# work (1000 getpid calls of a child of the -c shell) ends before the queries, and the shell
# waits on a FIFO until the test is done, so dtrace is still serving what it counted.
# Then without Prometheus: the text checked line by line against the format's rules, the
# series bound (-x promseries) with its message, a stalled client not stopping the records
# from printing, a busy port refused.
# shellcheck disable=SC2016
fail() { echo "$1"; [ -f "$TMPDIR/prom.log" ] && tail -20 "$TMPDIR/prom.log"; exit 1; }
command -v python3 >/dev/null || { echo "no python3"; exit 77; }
# On the way out: our Prometheus stopped; a dtrace still running released (its shell reads
# the FIFO) and waited for.
cleanup() {
	[ -n "$ppid" ] && kill "$ppid" 2>/dev/null && wait "$ppid" 2>/dev/null
	if [ -n "$dpid" ] && kill -0 "$dpid" 2>/dev/null; then
		echo >"$TMPDIR/go" &
		wait "$dpid" 2>/dev/null
	fi
}
trap cleanup EXIT
# wait_for FILE PATTERN: until FILE has a line matching PATTERN (at most 60 s)
wait_for() {
	i=0
	until grep -q "$2" "$1" 2>/dev/null; do
		i=$((i + 1))
		[ $i -gt 600 ] && fail "timed out waiting for $2 in $1"
		sleep 0.1
	done
}
mkfifo "$TMPDIR/go"
cat >"$TMPDIR/work.sh" <<EOS
"$TRIGGERS/getpid" 1000 >/dev/null
echo done >"$TMPDIR/done"
read x <"$TMPDIR/go"
EOS
"$DTRACE" -q -x prometheus=127.0.0.1:0 -c "sh $TMPDIR/work.sh" -n '
syscall::getpid:entry /progenyof($target) && execname == "getpid"/ {
	@calls[execname] = count(); @hostile["q\"b\\s\nl"] = count(); @mx = max(42);
	@q = quantize(5); @l = lquantize(3, 0, 10, 2); @sum = sum(-2);
}' >"$TMPDIR/out" 2>"$TMPDIR/err" &
dpid=$!
wait_for "$TMPDIR/err" 'serving aggregations for Prometheus'
port=$(sed -n 's|^dtrace: serving aggregations for Prometheus at http://127.0.0.1:\([0-9]*\)/metrics$|\1|p' "$TMPDIR/err")
[ -n "$port" ] || { cat "$TMPDIR/err"; fail "no port"; }
wait_for "$TMPDIR/done" done

# our own scraper: the format's rules, line by line, and the values
python3 - "$port" 5 <<'PY' || fail "format"
import re, sys, urllib.request
body = urllib.request.urlopen('http://127.0.0.1:%s/metrics' % sys.argv[1]).read().decode('utf-8')
name = r'[a-zA-Z_:][a-zA-Z0-9_:]*'
label = r'[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\n]|\\[\\"n])*"'
sample = re.compile(r'^(%s)(\{%s(?:,%s)*\})? (-?[0-9]+|\+Inf|-Inf|NaN)$' % (name, label, label))
types, samples = {}, {}
for line in body.split('\n')[:-1]:
    if line.startswith('# TYPE '):
        _, _, n, t = line.split(' ')
        assert re.fullmatch(name, n) and t in ('counter', 'gauge', 'histogram'), line
        assert n not in types, 'family twice: ' + line
        types[n] = t
        continue
    if line.startswith('# HELP '):
        continue
    m = sample.match(line)
    assert m, 'not a sample line: %r' % line
    fam = re.sub('_(bucket|count|sum)$', '', m.group(1)) if m.group(1) not in types else m.group(1)
    assert fam in types, 'sample before its TYPE: ' + line
    samples[m.group(1) + (m.group(2) or '')] = m.group(3)
assert body.endswith('\n')
want = {
    'dtrace_calls_total{key0="getpid"}': '1000',
    'dtrace_hostile_total{key0="q\\"b\\\\s\\nl"}': '1000',
    'dtrace_mx': '42', 'dtrace_sum_total': '-2000',
    'dtrace_q_bucket{le="3"}': '0', 'dtrace_q_bucket{le="7"}': '1000',
    'dtrace_q_bucket{le="+Inf"}': '1000', 'dtrace_q_count': '1000',
    'dtrace_l_bucket{le="-1"}': '0', 'dtrace_l_bucket{le="1"}': '0',
    'dtrace_l_bucket{le="3"}': '1000', 'dtrace_l_bucket{le="9"}': '1000',
    'dtrace_l_count': '1000', 'dtrace_scrape_omitted_series': '0',
}
for k, v in want.items():
    assert samples.get(k) == v, '%s: %r, want %r\n%s' % (k, samples.get(k), v, body)
assert types['dtrace_calls_total'] == 'counter' and types['dtrace_mx'] == 'gauge'
assert types['dtrace_q'] == 'histogram'
print('format ok')
PY

# a real Prometheus server
if ! command -v prometheus >/dev/null; then
	echo "prometheus is not installed (apt-get install prometheus): the format alone was checked"
else
	pport=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
	cat >"$TMPDIR/prom.yml" <<EOY
global:
  scrape_interval: 1s
  scrape_timeout: 1s
scrape_configs:
  - job_name: dtrace
    static_configs:
      - targets: ['127.0.0.1:$port']
EOY
	prometheus --config.file="$TMPDIR/prom.yml" --storage.tsdb.path="$TMPDIR/tsdb" \
		--web.listen-address="127.0.0.1:$pport" >"$TMPDIR/prom.log" 2>&1 &
	ppid=$!
	python3 - "$pport" <<'PY' || fail "Prometheus queries"
import json, sys, time, urllib.parse, urllib.request
base = 'http://127.0.0.1:%s/api/v1/query?query=' % sys.argv[1]
def query(q):
    try:
        r = json.load(urllib.request.urlopen(base + urllib.parse.quote(q), timeout=5))
    except OSError:
        return None
    return r['data']['result'] if r.get('status') == 'success' else None
def wait(q, check, what):
    last = None
    for _ in range(600):
        last = query(q)
        if last and check(last):
            print('%s -> %s' % (q, json.dumps(last)))
            return last
        time.sleep(0.1)
    sys.exit('%s: %s' % (what, last))
wait('up{job="dtrace"}', lambda r: r[0]['value'][1] == '1', 'scraped')
wait('dtrace_calls_total', lambda r: r[0]['metric']['key0'] == 'getpid'
     and r[0]['value'][1] == '1000', 'counter')
wait('dtrace_hostile_total', lambda r: r[0]['metric']['key0'] == 'q"b\\s\nl'
     and r[0]['value'][1] == '1000', 'hostile label')
wait('dtrace_mx', lambda r: r[0]['value'][1] == '42', 'gauge')
wait('dtrace_sum_total', lambda r: r[0]['value'][1] == '-2000', 'sum')
wait('dtrace_q_bucket{le="7"}', lambda r: r[0]['value'][1] == '1000', 'quantize bucket')
wait('dtrace_l_count', lambda r: r[0]['value'][1] == '1000', 'lquantize count')
wait('histogram_quantile(0.5, dtrace_l_bucket)', lambda r: 1 < float(r[0]['value'][1]) <= 3,
     'lquantize median')
wait('scrape_samples_scraped{job="dtrace"}', lambda r: int(r[0]['value'][1]) == 19, 'samples')
PY
	kill "$ppid" && wait "$ppid" 2>/dev/null
	ppid=
fi
echo >"$TMPDIR/go"
wait "$dpid" || fail "dtrace exited $?"
dpid=
grep -q '^ *getpid *1000$' "$TMPDIR/out" || { cat "$TMPDIR/out"; fail "text output at exit"; }

# the series bound; a stalled client does not stop the records
rm -f "$TMPDIR/done"
"$DTRACE" -q -x prometheus=127.0.0.1:0 -x promseries=5 -c "sh $TMPDIR/work.sh" -n '
syscall::getpid:entry /progenyof($target) && execname == "getpid"/ {
	@k[arg0 % 1 + self->n++ % 10] = count(); printf("rec\n"); }' >"$TMPDIR/out2" 2>"$TMPDIR/err2" &
dpid=$!
wait_for "$TMPDIR/err2" 'serving aggregations for Prometheus'
port=$(sed -n 's|^dtrace: serving aggregations for Prometheus at http://127.0.0.1:\([0-9]*\)/metrics$|\1|p' "$TMPDIR/err2")
python3 - "$port" "$TMPDIR/out2" "$TMPDIR/done" <<'PY' || fail "bound"
import os, socket, sys, time, urllib.request
port, out, done = sys.argv[1:]
# a client that connects and says nothing: the server waits on it, the consumer does not
stalled = socket.create_connection(('127.0.0.1', int(port)))
for _ in range(600):
    if os.path.exists(done) and open(out).read().count('rec\n') == 1000:
        break
    time.sleep(0.1)
else:
    sys.exit('records stopped while a client stalled: %d' % open(out).read().count('rec\n'))
stalled.close()
body = urllib.request.urlopen('http://127.0.0.1:%s/metrics' % port, timeout=30).read().decode()
lines = [l for l in body.split('\n') if l.startswith('dtrace_k_total')]
assert len(lines) == 5, body
assert 'dtrace_scrape_omitted_series 5\n' in body, body
print('bound ok')
PY
echo >"$TMPDIR/go"
wait "$dpid" || fail "dtrace exited $?"
dpid=
grep -q '^dtrace: -x prometheus: the aggregations have more than 5 series (-x promseries); a scrape serves the first 5 and leaves out the rest$' \
	"$TMPDIR/err2" || { cat "$TMPDIR/err2"; fail "bound message"; }

# a port in use: refused before tracing, exit status 1
python3 -c 'import socket, sys, subprocess
s = socket.socket(); s.bind(("127.0.0.1", 0)); s.listen(1)
r = subprocess.run([sys.argv[1], "-x", "prometheus=127.0.0.1:%d" % s.getsockname()[1], "-n",
                    "BEGIN { exit(0); }"], capture_output=True, text=True)
assert r.returncode == 1, r
assert r.stderr == "dtrace: failed to serve -x prometheus=127.0.0.1:%d: Address in use\n" % \
    s.getsockname()[1] or "Address already in use" in r.stderr, r.stderr
' "$DTRACE" || fail "busy port"
"$DTRACE" -x prometheus=nonsense -n 'BEGIN { exit(0); }' 2>"$TMPDIR/err3" && fail "nonsense accepted"
grep -q '^dtrace: failed to serve -x prometheus=nonsense: not ADDRESS:PORT$' "$TMPDIR/err3" ||
	{ cat "$TMPDIR/err3"; fail "nonsense message"; }
exit 0
