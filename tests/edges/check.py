#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""check.py FORMAT FILE [RENDERED]: what kp-render wrote of the
comparisons of gen.py holds each hostile name (names.py) in its place,
by the rule of FORMAT in kp-render(1).  RENDERED: for md, the HTML
cmark-gfm made of FILE.  Prints each fault as a TAP comment; exit 1 if
any."""
import csv
import html.parser
import io
import json
import os
import re
import sys
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from names import NAMES, UNSEEN, WHOLE, shown, visible_md  # noqa: E402

fmt, path = sys.argv[1], sys.argv[2]
raw = open(path, 'rb').read()
text = raw.decode('utf-8')
bad = []


def fail(msg):
    bad.append(msg)


def cells(line):
    """the cells of a Markdown table row: split at each '|' that no
    backslash escapes"""
    out, cur, i = [], '', 0
    while i < len(line):
        if line[i] == '\\' and i + 1 < len(line):
            cur += line[i:i + 2]
            i += 2
            continue
        if line[i] == '|':
            out.append(cur)
            cur = ''
        else:
            cur += line[i]
        i += 1
    return out + [cur]


def unseen():
    """no character no one sees in what a reader is shown"""
    m = UNSEEN.search(text)
    if m:
        fail('U+%04X reaches the reader: %r' % (ord(m.group()), text[max(0, m.start() - 20):m.end() + 10]))


def metric(i):
    return NAMES[i] if i < WHOLE else 'm'


if fmt == 'md':
    width = None
    for n, line in enumerate(text.split('\n'), 1):
        if not line.startswith('|'):
            width = None
            continue
        if width is None:
            width = len(cells(line))
        elif len(cells(line)) != width:
            fail('line %d: %d cells, its table %d: %r' % (n, len(cells(line)), width, line[:70]))
    for m in re.finditer(r'(?<!\\)://|www\.', text, re.I):
        fail('a bare URL a renderer links: %r' % text[max(0, m.start() - 20):m.end() + 10])
    unseen()
    if len(sys.argv) > 3:
        # what GitHub's renderer makes of it: kp's own elements only,
        # each name shown as it is
        ALLOWED = {'h2', 'p', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'br',
                   'details', 'summary', 'strong'}
        tds = []

        class P(html.parser.HTMLParser):
            td = None

            def handle_starttag(self, tag, attrs):
                if tag == 'span' and not attrs:
                    return  # kp's empty span, which splits an e-mail address
                if tag not in ALLOWED:
                    fail('<%s %s> from the data' % (tag, attrs))
                if tag == 'td':
                    self.td = ''

            def handle_endtag(self, tag):
                if tag == 'td':
                    tds.append(self.td)
                    self.td = None

            def handle_data(self, d):
                if self.td is not None:
                    self.td += d

            def handle_comment(self, d):
                fail('a comment from the data: %r' % d)
        p = P(convert_charrefs=True)
        p.feed(open(sys.argv[3], encoding='utf-8').read())
        for i, n in enumerate(NAMES):
            want = 'wis/futex1/%s[futex1 %s]' % (visible_md(n), visible_md(metric(i)))
            if want not in tds:
                fail('name %d not shown as it is: %r' % (i, want))

elif fmt == 'csv':
    rows = list(csv.reader(io.StringIO(text, newline='')))
    head = rows[0]
    for n, row in enumerate(rows[1:], 2):
        if len(row) != len(head):
            fail('row %d: %d cells, the header %d' % (n, len(row), len(head)))
            continue
        r = dict(zip(head, row))
        i = int(r['key'][1:])
        want = NAMES[i]
        if want[:1] and want[0] in '=+-@\t\r':
            want = "'" + want
        if r['test'] != want:
            fail('row %d: test %r, expected %r' % (n, r['test'], want))
        if r['change_pct'] != '-10.5':
            fail('row %d: change_pct %r, expected the number -10.5' % (n, r['change_pct']))
        for c in row:
            if c[:1] and c[0] in '=+-@\t\r':
                try:
                    float(c)
                except ValueError:
                    fail('row %d: a formula %r' % (n, c[:40]))

elif fmt == 'junit':
    try:
        root = ET.fromstring(raw)
    except ET.ParseError as e:
        fail('not well-formed XML: %s' % e)
        root = None

    def x(s):  # what XML can hold of s (kp-render(1))
        return shown(re.sub('[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]', '\ufffd', s))
    if root is not None:
        got = {(e.get('classname'), e.get('name')) for e in root.iter('testcase')}
        for i, n in enumerate(NAMES):
            h = n if i < WHOLE else ''
            want = ('%s..%s/wis/futex1/%s' % (x('v1' + h), x('v2' + h), x(n)),
                    'futex1 %s[1]' % x(metric(i)))
            if want not in got:
                fail('testcase %d not named as it is: %r' % (i, want))

elif fmt == 'json':
    try:
        doc = json.loads(text)
    except ValueError as e:
        fail('not JSON: %s' % e)
        doc = {}
    tests = set()

    def walk(o):
        if isinstance(o, dict):
            if 'test' in o:
                tests.add(o['test'])
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)
    walk(doc)
    for i, n in enumerate(NAMES):
        if n not in tests:
            fail('name %d not kept whole: %r' % (i, n))

elif fmt in ('text', 'table', 'gate'):
    m = re.search(b'[\x00-\x09\x0b-\x1f\x7f]|\xc2[\x80-\x9f]', raw)
    if m:
        fail('a control character reaches the terminal: %r' % raw[max(0, m.start() - 20):m.end() + 10])
    if fmt != 'gate' and '^[[2Jclear' not in text:
        fail('ESC not shown as ^[')
    if fmt != 'gate' and 'x<U+202E>gnp.exe' not in text:
        fail('U+202E not shown as <U+202E>')
    unseen()
    if 'null%' in text:
        fail('a threshold of null%')

elif fmt == 'html':
    class P(html.parser.HTMLParser):
        def handle_starttag(self, tag, attrs):
            for a, v in attrs:
                if a.startswith('on') or (a == 'src' and v == 'x'):
                    fail('%s: attribute %s=%r from the data in <%s>' % (path, a, v, tag))
                if a in ('href', 'src') and v and re.match(r'[a-z][a-z0-9+.-]*:', v, re.I):
                    fail('%s: a link with a scheme: %s=%r' % (path, a, v))
    P().feed(text)
    unseen()

for b in bad[:10]:
    print('# ' + b.replace('\n', '\\n'))
sys.exit(1 if bad else 0)
