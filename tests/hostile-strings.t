#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Hostile text in every string field of every record type, through every
# format kp-render writes.  The fields come from libkp's tables
# (lib/rectab.c, printed by bench/ndjson fields), so a field added there
# is filled here without a change to this test.  Each value becomes
# PRE + value + POST: markup, quotes, ampersands, Markdown punctuation,
# CSV separators, "]]>", terminal controls, U+FFFE (no XML character)
# and a newline, around the
# value, so that the records still name each other (a run, a kernel, an
# experiment is the same hostile string wherever it is named) and every
# page, section and figure is drawn.  Each format must keep the text in
# its place: html and svg escaped and well formed, md escaped, csv one
# cell per field and no formula, junit well-formed XML, json lossless,
# text, table and the gate's with no control character reaching the
# terminal.
. "$(dirname "$0")/lib.sh"
NDJSON=$KP_BIN/../bench/ndjson
if [ ! -x "$NDJSON" ]; then
	skip hostile-strings "bench/ndjson is not built (run make)"
	done_testing
	exit
fi
if ! command -v xmllint >/dev/null; then
	skip hostile-strings "xmllint (libxml2-utils) is not installed"
	done_testing
	exit
fi
cd "$top" || exit 2
L=$FIX/work/log
B=tests/data/bpftrace

# the records of every stage, from the bundled runs: four runs of three
# kernels, their history and triage, and latency histograms
kp-parse-mmtests --meta baseline:kernel=v6.17 --meta baseline-rerun:kernel=v6.17 \
    --meta target-cpuhog:kernel=v6.18-rc1 --meta target-2hogs:kernel=v6.18 \
    "$L/baseline" "$L/baseline-rerun" "$L/target-cpuhog" "$L/target-2hogs" |
    kp-identify >"$T/parsed" 2>"$T/err"
grep '^{"type":"sample"' "$T/parsed" >"$T/samples"
kp-stats "$T/parsed" | kp-compare | kp-classify | kp-systematic |
    kp-evidence >"$T/all" 2>>"$T/err"
ok $? "the pipeline runs"
{
	for s in base1 base2 base3; do
		kp-parse-bpftrace --meta kernel=v1 --meta run=$s $B/runs/$s.txt
	done
	for s in target1 target2; do
		kp-parse-bpftrace --meta kernel=v2 --meta run=$s $B/runs/$s.txt
	done
} | kp-hist -b v1 -t v2 | kp-classify >>"$T/all" 2>>"$T/err"
kp-trend "$T/all" | grep '^{"type":"trend"' >"$T/trend"
printf 'findings:\n  - pattern: "*"\n    status: acknowledged\n    link: https://example.org/1\n    note: all\n' >"$T/triage.yaml"
{
	grep -vE '^\{"type":"(cmp|sys)"' "$T/all"
	grep -E '^\{"type":"(cmp|sys)"' "$T/all" | kp-triage -t "$T/triage.yaml" - "$T/trend"
	kp-fetch -s "$T/store" "$L/baseline" | head -2
} >"$T/clean" 2>>"$T/err"
ok $? "kp-trend, kp-triage and kp-fetch run"
sed 's/^/# /' "$T/err" | head -5

"$NDJSON" fields >"$T/fields"
ok $? "bench/ndjson fields prints libkp's tables"

cat >"$T/gen.py" <<'PY'
# gen.py FIELDS IN OUT [script]: every text field of every record of IN,
# as the tables of libkp list them, wrapped in hostile text; with
# "script", in a script alone, which stays well-formed XML if a figure
# lets it through raw, so that a browser would run it
import hashlib, json, sys

PRE = ('=KPX<script>kpx(1)</script><img src=x kpxattr="1" onerror=kpx(2)>'
       '" kpxq="1 \' kpxq2=\'1 &amp;&lt;|`*_[l](javascript:kpx)~#!\\ ,;\t')
POST = '\x1b[31m\u009b2J]]><!--kpx-->\ufffe\r\nKPZ'
if sys.argv[4:] == ['script']:
    PRE = '<script>document.documentElement.setAttribute("kpxran", "1")</script>'
    POST = '.'

def wrap(v):
    return PRE + v + POST

tables = {}     # (type, scope or None) -> [(path, kind)]
for line in open(sys.argv[1]):
    t, scopes, path, kind = line.split()
    for s in scopes.split(',') if scopes != '-' else [None]:
        tables.setdefault((t, s), []).append((path, kind))

def group(*f):  # kp-records(5): the group id
    return hashlib.sha256("".join(str(x) + "\0" for x in ("group",) + f).encode()).hexdigest()[:16]

def fill(obj, name, kind):
    v = obj.get(name)
    if kind == 'str':
        obj[name] = wrap(v if isinstance(v, str) else name)
    elif kind == 'strs':
        obj[name] = [wrap(x) for x in v] if v else [wrap(name)]
    elif kind == 'pairs':
        obj[name] = {wrap(k): wrap(x) for k, x in (v or {name: name}).items()}
    elif kind == 'counts':
        obj[name] = {wrap(k): x for k, x in (v or {name: 1}).items()}
    elif kind == 'insts':
        for x in v or []:
            x['instance'] = wrap(x['instance'])

def trend_events(r):
    # a drift, a change and a transient on every series, so that the
    # figure draws each with the kernels' names
    k = [p['kernel'] for p in r['series']]
    if len(k) < 2:
        return
    r['drifts'] = r['drifts'] or [dict(first=k[0], last=k[-1], size_pct=-3.0,
        ci_low_pct=-4.0, ci_high_pct=-2.0, slope_pct=-1.0)]
    r['changes'] = r['changes'] or [dict(first=k[-1], before=k[-2], size_pct=-5.0,
        ci_low_pct=-6.0, ci_high_pct=-4.0, z=4.0, p=0.001, worse=True,
        family=None, provisional=None, persists=True, reverted_in=None)]
    r['transients'] = r['transients'] or [dict(kernel=k[-1], size_pct=4.0, z=3.0)]

recs = [json.loads(l) for l in open(sys.argv[2])]
newgroup = {}
out = []
for r in recs:
    t, s = r['type'], r.get('scope')
    if t == 'trend':
        trend_events(r)
    if t == 'coverage':
        # not in the tables (lib/coverage.c): its text is every string
        # but the words of its vocabulary
        for k, v in list(r.items()):
            if k in ('type', 'scope', 'kind', 'level'):
                continue
            if isinstance(v, str):
                r[k] = wrap(v)
            elif isinstance(v, list):
                r[k] = [wrap(x) if isinstance(x, str) else x for x in v]
            elif isinstance(v, dict):
                r[k] = {wrap(a): [wrap(x) if isinstance(x, str) else x for x in b]
                        for a, b in v.items()}
        out.append(r)
        continue
    fields = tables.get((t, s), tables.get((t, None)))
    old = r.get('group') if t == 'stat' and s == 'group' else None
    for path, kind in fields or []:
        if '.' in path:
            a, b = path.split('.')
            for o in r.get(a) or []:
                fill(o, b, kind)
        else:
            fill(r, path, kind)
    # a group id is the hash of its fields: computed again from the
    # hostile ones, so that samples and comparisons still find it
    if 'conc' in r and t in ('stat', 'noise', 'sample') and s in ('group', None):
        r['group'] = group(r['exp'], r['suite'], r['bench'], r['test'], r['op'],
                           r['metric'], r['conc'])
        if old:
            newgroup[old] = r['group']
    out.append(r)
for r in out:
    if r['type'] == 'cmp':
        for k in ('base_groups', 'target_groups'):
            r[k] = [newgroup.get(g[len(PRE):len(g) - len(POST)], g) for g in r[k]]
# a pair-wide shift, which the pipeline wrote none of here
c = next((r for r in out if r['type'] == 'cmp'), None)
if c:
    out.append(dict(type='shift', base=c['base_kernel'], target=c['target_kernel'],
    n_base=2, n_target=2, n_families=3, n_cells=6, shift_pct=-1.5, ci_low_pct=-2.5,
    ci_high_pct=-0.5, p=0.01, df=4))
with open(sys.argv[3], 'w') as f:
    for r in out:
        f.write(json.dumps(r, ensure_ascii=False, separators=(',', ':')) + '\n')
PY

"$PY" "$T/gen.py" "$T/fields" "$T/clean" "$T/hostile" &&
    "$PY" "$T/gen.py" "$T/fields" "$T/samples" "$T/hsamples"
ok $? "hostile records generated"
# every field of the tables got its hostile text in some record
n=$(grep -c . "$T/fields")
miss=$("$PY" - "$T/fields" "$T/hostile" "$T/hsamples" <<'PY'
import json, sys
seen = set()
def walk(t, s, o, pre):
    for k, v in o.items():
        p = pre + k
        if isinstance(v, str) and 'KPX' in v:
            seen.add((t, s, p))
        elif isinstance(v, list):
            for x in v:
                if isinstance(x, str) and 'KPX' in x:
                    seen.add((t, s, p))
                elif isinstance(x, dict):
                    walk(t, s, x, p + '.')
                    if 'instance' in x and 'KPX' in x['instance']:
                        seen.add((t, s, p))
        elif isinstance(v, dict) and any('KPX' in a for a in v):
            seen.add((t, s, p))
for f in sys.argv[2:]:
    for l in open(f):
        r = json.loads(l)
        walk(r['type'], r.get('scope'), r, '')
miss = []
for l in open(sys.argv[1]):
    t, scopes, path, kind = l.split()
    if path in ('group', 'series_id'):  # ids computed from hostile fields
        continue
    for s in scopes.split(',') if scopes != '-' else [None]:
        if (t, s, path) not in seen:
            miss.append('%s%s.%s' % (t, '/' + s if s else '', path))
print(' '.join(miss))
PY
) || miss="(the check did not run)"
is "$miss" "" "each of the $n text fields of the tables holds hostile text"

cat >"$T/check.py" <<'PY'
# check.py FORMAT FILE...: the rule of the format
import csv, html.parser, io, json, re, subprocess, sys
import xml.etree.ElementTree as ET

fmt, files = sys.argv[1], sys.argv[2:]
bad = []
MDSPECIAL = set('\\`*_[]<>|~&#!')
seen = 0

def strings(o):
    if isinstance(o, str):
        yield o
    elif isinstance(o, list):
        for x in o:
            yield from strings(x)
    elif isinstance(o, dict):
        for k, v in o.items():
            yield k
            yield from strings(v)

def fail(f, msg):
    bad.append('%s: %s' % (f, msg))

def segments(text):
    # each hostile value: from KPX to its KPZ, or to where a format cut
    # it (a line's end, md's "<br>" or " | ", which an escaped value
    # cannot hold)
    for m in re.finditer('KPX', text):
        ends = [e for e in (text.find(x, m.start()) for x in
                ('KPZ', '\n', '<br>', ' | ')) if e >= 0]
        yield text[m.start():min(ends) if ends else len(text)]

def broken(f, text):
    # a line break inside a value: a KPZ whose KPX is on a line before
    for m in re.finditer('KPZ', text):
        x = text.rfind('KPX', 0, m.start())
        if x >= 0 and '\n' in text[x:m.start()]:
            fail(f, 'a line break inside a value: %r' % text[x:x + 60])
            break

def markup(f, text):
    # html and svg: no element, attribute or script of the hostile text
    class P(html.parser.HTMLParser):
        script = False
        def handle_starttag(self, tag, attrs):
            if tag == 'script':
                self.script = True
            if tag.startswith('kpx') or (tag == 'img' and ('src', 'x') in attrs):
                fail(f, 'element <%s> from the data' % tag)
            for a, v in attrs:
                if a.startswith('kpx') or a.startswith('on'):
                    fail(f, 'attribute %s= from the data in <%s>' % (a, tag))
        def handle_endtag(self, tag):
            self.script = False
        def handle_data(self, d):
            if self.script and 'kpx' in d:
                fail(f, 'script from the data')
        def handle_comment(self, d):
            if 'kpx' in d:
                fail(f, 'comment from the data')
    P().feed(text)
    if '&amp;&lt;|' in text:
        fail(f, 'an ampersand of the data not escaped')
    if re.search('[\x00-\x08\x0b-\x1f]', text):
        fail(f, 'a control character')

for f in files:
    raw = open(f, 'rb').read()
    try:
        raw.decode('utf-8')
    except UnicodeDecodeError as e:
        fail(f, 'not UTF-8: %s' % e)
    text = raw.decode('utf-8', 'replace')
    seen += text.count('KPX')
    if fmt in ('html', 'svg'):
        markup(f, text)
    if fmt in ('svg', 'junit'):
        p = subprocess.run(['xmllint', '--noout', f], capture_output=True, text=True)
        if p.returncode:
            fail(f, 'not well-formed XML: ' + p.stderr.strip().split('\n')[0])
        else:
            for e in ET.parse(f).iter():
                tag = e.tag.split('}')[-1]
                if tag in ('script', 'img') or tag.startswith('kpx'):
                    fail(f, 'element <%s> from the data' % tag)
                for a in e.attrib:
                    if a.split('}')[-1].startswith(('kpx', 'on')):
                        fail(f, 'attribute %s from the data' % a)
    if fmt == 'md':
        if re.search('[\x00-\x09\x0b-\x1f\x7f\u0080-\u009f]', text):
            fail(f, 'a control character')
        broken(f, text)
        for seg in segments(text):
            i = 0
            while i < len(seg):
                # also the ':' of "://" and the '.' of "www." (autolinks)
                if seg[i] == '\\' and i + 1 < len(seg) and seg[i + 1] in MDSPECIAL | {':', '.'}:
                    i += 2
                    continue
                if seg[i] in MDSPECIAL:
                    fail(f, 'unescaped %r in %r' % (seg[i], seg[:60]))
                    break
                i += 1
    if fmt == 'csv':
        rows = list(csv.reader(io.StringIO(raw.decode('utf-8'), newline='')))
        for n, row in enumerate(rows):
            if len(row) != len(rows[0]):
                fail(f, 'row %d has %d cells, the header %d' % (n, len(row), len(rows[0])))
            for cell in row:
                if cell[:1] and cell[0] in '=+-@\t\r':
                    try:
                        float(cell)
                    except ValueError:
                        fail(f, 'a formula: %r' % cell[:40])
                vals = [cell]
                if cell[:1] in ('[', '{'):
                    try:
                        vals = list(strings(json.loads(cell)))
                    except ValueError:
                        pass
                for v in vals:
                    if 'KPX' in v and ('\x1b[31m\u009b2J' not in v or '\r\nKPZ' not in v):
                        fail(f, 'a value not kept whole: %r' % v[:60])
    if fmt == 'json':
        try:
            doc = json.loads(text)
            whole = [s for s in strings(doc) if 'KPX' in s]
            if not whole or any('\x1b[31m\u009b2J' not in s for s in whole
                                if 'KPZ' in s):
                fail(f, 'hostile values not kept whole')
        except ValueError as e:
            fail(f, 'not JSON: %s' % e)
    if fmt == 'text':
        if re.search(b'[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]', raw):
            fail(f, 'a terminal control character')
        broken(f, text)
        if seen and '^[[31m' not in text:
            fail(f, 'the escape character not shown as ^[')
if not seen:
    bad.append('no hostile value in the output at all')
for b in bad[:8]:
    print('# ' + b)
sys.exit(1 if bad else 0)
PY

H=$T/hostile
check() {	# check FORMAT NAME FILE...
	f=$1 name=$2
	shift 2
	"$PY" "$T/check.py" "$f" "$@"
	ok $? "$name"
}
for f in text md csv junit json table; do
	kp-render -f $f "$H" >"$T/out.$f" 2>"$T/err.$f"
	ok $? "kp-render -f $f reads the hostile records"
	sed 's/^/# /' "$T/err.$f" | head -3
done
check text "-f text: controls shown, none reaches the terminal" "$T/out.text"
check text "-f table: the same" "$T/out.table"
# the gate's verdict names go to a CI log or a terminal as text does
for f in gate; do
	kp-render -f $f --fail-on red --report-only "$H" >"$T/out.$f" 2>"$T/err.$f"
	ok $? "kp-render -f $f reads the hostile records"
	sed 's/^/# /' "$T/err.$f" | head -3
	check text "-f $f: the same" "$T/out.$f"
done
check md "-f md: every value escaped, on its line" "$T/out.md"
check csv "-f csv: a cell per field, no formula, nothing lost" "$T/out.csv"
check junit "-f junit: well-formed XML, no markup of the data" "$T/out.junit"
check json "-f json: valid, values whole" "$T/out.json"
for f in text md csv; do
	kp-render --full -f $f "$H" >"$T/full.$f" 2>"$T/err.$f"
	ok $? "kp-render --full -f $f"
	sed 's/^/# /' "$T/err.$f" | head -3
done
check text "--full -f text" "$T/full.text"
check md "--full -f md" "$T/full.md"
check csv "--full -f csv" "$T/full.csv"

# the people of a MAINTAINERS file (-M) are a user's text too: a section
# of hostile names (one line each) for the findings' subsystem
"$PY" - "$H" "$T/msub" "$T/MAINTAINERS" <<'PY'
import json, sys
h = ('=KPX<script>kpx(1)</script><img src=x kpxattr="1" onerror=kpx(2)> &amp;&lt;'
     '|`*_[l]~#!\\ \x1b[31m\u009b2J]]>\ufffe KPZ')
with open(sys.argv[2], 'w') as out:
    for l in open(sys.argv[1]):
        r = json.loads(l)
        if r['type'] == 'cmp':
            r['subsystem'] = ['KP TEST']
        out.write(json.dumps(r, ensure_ascii=False) + '\n')
with open(sys.argv[3], 'w') as m:
    m.write('KP TEST\nM:\t%s <a@example.org>\nR:\t%s\nL:\t%s\nS:\t%s\nF:\tkernel/\n'
            % (h, h, h, h))
PY
kp-render -f text -M "$T/MAINTAINERS" "$T/msub" >"$T/m.text" &&
    kp-render -f md -M "$T/MAINTAINERS" "$T/msub" >"$T/m.md" &&
    kp-render -f html -o "$T/msite" -M "$T/MAINTAINERS" "$T/msub"
ok $? "kp-render -M with hostile people, as text, md and html"
grep -q 'M: =KPX' "$T/m.text"
ok $? "... the people are shown"
check text "-M, text: the people's controls shown" "$T/m.text"
check md "-M, md: the people escaped" "$T/m.md"
check html "-M, html: the people escaped" "$T/msite/index.html"

kp-render -f html -o "$T/site" -s "$T/hsamples" "$H" 2>"$T/err.html"
ok $? "kp-render -f html writes the site"
sed 's/^/# /' "$T/err.html" | head -3
find "$T/site" -name '*.html' | sort >"$T/pages"
find "$T/site" -name '*.svg' | sort >"$T/svgs"
# in a browser: no page or figure runs a script of the data (a figure
# runs in the page that embeds it with <object>)
chrome=$(command -v chromium || command -v chromium-browser)
if [ -z "$chrome" ]; then
	skip "headless browser" "chromium is not installed (make deps installs it)"
else
	"$PY" "$T/gen.py" "$T/fields" "$T/clean" "$T/xss" script &&
	    "$PY" "$T/gen.py" "$T/fields" "$T/samples" "$T/xsamples" script &&
	    kp-render -f html -o "$T/xsite" -s "$T/xsamples" "$T/xss" 2>"$T/err.xss"
	ok $? "kp-render -f html with a script in every text field"
	(cd "$T/xsite" && ls *.html *.svg) >"$T/docs"
	{
		echo '<!DOCTYPE html><html><body><pre id="out"></pre><script>'
		echo 'var docs = ['
		sed 's/.*/"&",/' "$T/docs"
		echo '""];'
		cat <<'JS'
window.onload = function () {
	var ran = [], n = 0;
	document.querySelectorAll("iframe").forEach(function (f) {
		var d = f.contentDocument;
		n++;
		if (d && d.documentElement && d.documentElement.getAttribute("kpxran"))
			ran.push(f.getAttribute("src"));
	});
	document.getElementById("out").textContent = "checked " + n +
	    " ran " + ran.length + " " + ran.slice(0, 5).join(" ");
};
docs.forEach(function (d) {
	if (d) document.write('<iframe src="' + d + '"></iframe>');
});
JS
		echo '</script></body></html>'
	} >"$T/xsite/harness.html"
	timeout 300 "$chrome" --headless --no-sandbox --disable-gpu \
	    --disable-background-networking --disable-component-update \
	    --disable-sync --no-first-run --user-data-dir="$T/chrome" \
	    --allow-file-access-from-files --dump-dom \
	    "file://$T/xsite/harness.html" 2>/dev/null |
	    sed -n 's/.*<pre id="out">\([^<]*\)<.*/\1/p' >"$T/ran"
	n=$(grep -c . "$T/docs")
	is "$(cat "$T/ran")" "checked $n ran 0 " "in Chromium no script of the data runs in the $n pages and figures"
fi
# each kind of figure is there: heat maps, trends, strip plots by level,
# scaling by level
for kind in '/heat-' '-trend[0-9]*\.svg' '-l[0-9]*\.svg' '-scaling\.svg'; do
	n=$(grep -c -- "$kind" "$T/svgs")
	ok "$([ "$n" -gt 0 ]; echo $?)" "$n figures $kind"
done
grep -l 'drift' $(cat "$T/svgs") >/dev/null
ok $? "a trend figure draws a drift"
grep -l 'vmstat and schedstat' $(cat "$T/pages") >/dev/null
ok $? "a page shows an evidence record's counters"
# shellcheck disable=SC2046
check html "-f html: $(wc -l <"$T/pages") pages, no markup of the data" $(cat "$T/pages")
# shellcheck disable=SC2046
check svg "-f html: $(wc -l <"$T/svgs") figures, well-formed, no markup of the data" $(cat "$T/svgs")
done_testing
