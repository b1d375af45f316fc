#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-render's formats at their edges: a table of hostile names
# (tests/edges/names.py: a pipe, backquotes, HTML, Markdown links and
# images, bare URLs, e-mail addresses, spreadsheet formulas, tab, CR, LF,
# BS, ESC, CSI, DEL, quotes, "]]>", U+FFFE, bidi controls, zero widths,
# U+2028, a tag character) as the test, kernel, unit, metric and reason
# of classified comparisons, each format checked by the rule of
# kp-render(1) (tests/edges/check.py): md keeps each name in its cell and
# forms no markup, no link and no HTML, also as GitHub's renderer
# (cmark-gfm) draws it; csv is RFC 4180 with no formula and numbers as
# numbers; junit is XML a parser reads, each name in it; json keeps each
# name whole; text, table and gate show every control; html links
# nothing of the data; every format a person reads shows U+202E and the
# other unseen characters as <U+202E>.  A name with a NUL (\u0000) is
# refused by every tool that reads records.
. "$(dirname "$0")/lib.sh"
E=$top/tests/edges
"$PY" "$E/gen.py" >"$T/h.ndjson"
ok $? "the hostile comparisons"
for f in text table md csv junit json; do
	kp-render -f $f "$T/h.ndjson" >"$T/out.$f" 2>"$T/err"
	is "$?:$(cat "$T/err")" "0:" "kp-render -f $f reads them"
done
kp-render -f gate --fail-on red --report-only "$T/h.ndjson" >"$T/out.gate" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "kp-render -f gate reads them"
kp-render -f html -o "$T/site" "$T/h.ndjson" 2>"$T/err"
is "$?:$(cat "$T/err")" "0:" "kp-render -f html writes its site"

check() {	# check FORMAT NAME FILE...
	f=$1 name=$2
	shift 2
	"$PY" "$E/check.py" "$f" "$@"
	ok $? "$name"
}
check text "-f text: every control shown, none reaches the terminal" "$T/out.text"
check table "-f table: the same" "$T/out.table"
check gate "-f gate: the same, and no threshold of null% when the records have none" "$T/out.gate"
check md "-f md: each row as wide as its table, no bare URL to link" "$T/out.md"
if command -v cmark-gfm >/dev/null; then
	cmark-gfm -e table -e autolink -e strikethrough -e tagfilter --unsafe \
	    "$T/out.md" >"$T/md.html"
	check md "-f md as GitHub draws it (cmark-gfm): kp's elements only, no link (not even mailto:), each name as it is" \
	    "$T/out.md" "$T/md.html"
else
	skip "-f md as GitHub draws it" "cmark-gfm is not installed"
fi
check csv "-f csv: one cell per field, formulas quoted with ', -10.5 a number, each name exact" "$T/out.csv"
check junit "-f junit: well-formed XML, each name in its testcase" "$T/out.junit"
if command -v xmllint >/dev/null; then
	xmllint --noout "$T/out.junit"
	ok $? "... as xmllint reads it"
else
	skip "xmllint" "libxml2-utils is not installed"
fi
check json "-f json: JSON, each name whole" "$T/out.json"
find "$T/site" -name '*.html' >"$T/pages"
while IFS= read -r p; do
	"$PY" "$E/check.py" html "$p" || echo "$p" >>"$T/badhtml"
done <"$T/pages"
is "$(grep -c . "$T/pages" | sed 's/^[0-9]\{2,\}$/many/'):$(cat "$T/badhtml" 2>/dev/null)" "many:" "-f html: no attribute, no link with a scheme and no unseen character from the data, on any page"

# a name that is not UTF-8 is no name any format can hold: refused with
# where it is
head -n 1 "$T/h.ndjson" | sed 's/"test":"[^"]*"/"test":"bad\xff\xfe"/' >"$T/bad.ndjson"
for f in json md csv; do
	kp-render -f $f "$T/bad.ndjson" >"$T/out" 2>"$T/err"
	is "$?:$(wc -c <"$T/out"):$(sed 's/:[0-9]*: invalid/:COL: invalid/' "$T/err")" \
	    "2:0:kp-render: $T/bad.ndjson:1:COL: invalid UTF-8 (byte 0xff) in a string, expected well-formed UTF-8" \
	    "-f $f: invalid UTF-8 in a name: exit 2, nothing written, FILE:LINE:COL said"
done

# a message names a file as it is but shows what would drive the
# terminal or reorder the line: ESC, CR, BS and U+202E
bad=$(printf 'x\033[2J\r\b\342\200\256y')
kp-render -f text "$T/$bad" >"$T/out" 2>"$T/err"
is "$?:$(cat "$T/err")" "2:kp-render: $T/x^[[2J^M^H<U+202E>y: cannot open: No such file or directory" \
    "a message with ESC, CR, BS and U+202E in a file name: each shown"

# a name with a NUL (JSON \u0000) is no C string: cut at it, two names
# that differ after it were one; every reader of records refuses it with
# its place, before a byte is written
head -n 1 "$T/h.ndjson" | sed 's/"test":"[^"]*"/"test":"nul\\u0000byte"/' >"$T/nul.ndjson"
for f in text json md csv; do
	kp-render -f $f "$T/nul.ndjson" >"$T/out" 2>"$T/err"
	is "$?:$(wc -c <"$T/out"):$(sed 's/:[0-9]*: /:COL: /' "$T/err")" \
	    "2:0:kp-render: $T/nul.ndjson:1:COL: \\u0000 (NUL) in a string, expected text without NUL" \
	    "-f $f: a NUL in a name: exit 2, nothing written, FILE:LINE:COL said"
done
for t in kp-classify kp-systematic kp-evidence kp-triage; do
	$t "$T/nul.ndjson" >"$T/out" 2>"$T/err"
	is "$?:$(wc -c <"$T/out")" "2:0" "$t: a NUL in a name: exit 2, nothing written ($(head -c 120 "$T/err"))"
done
done_testing
