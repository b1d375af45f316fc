#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-render -f html in a real browser: headless Chromium (make deps
# installs it; this test installs nothing) renders the bundled MMTests
# runs' site.  At 1024 pixels nothing overflows the page sideways (wide
# tables scroll in their own box) and every plot renders; screenshots at
# 1024 and 1440 pixels are kept under the build directory to be looked at.
. "$(dirname "$0")/lib.sh"

chrome=$(command -v chromium || command -v chromium-browser)
if [ -z "$chrome" ]; then
	skip "headless browser" "chromium is not installed (make deps installs it)"
	done_testing
	exit
fi
need="kp-parse-mmtests kp-identify kp-stats kp-compare kp-classify kp-systematic"
for t in $need; do
	if [ ! -x "$KP_BIN/$t" ]; then
		skip "headless browser" "not built: $t"
		done_testing
		exit
	fi
done

cd "$T" || exit 2
shots=${KP_SHOTS:-$KP_BIN/../screenshots}
mkdir -p "$shots" && shots=$(cd "$shots" && pwd)

# the nightly pipeline's stages over the fixture, as kp-render-html.t runs
# them (on a copy: kp-parse-mmtests refuses links out of its tree); the
# rerun under a longer name, as a lab names its runs, so that the
# strip plots' legend has a run name of 43 characters to fit
mkdir -p mmtests/work && cp -R "$FIX/work/log" mmtests/work/ &&
	mv mmtests/work/log/baseline-rerun mmtests/work/log/baseline-rerun-after-reboot
printf 'baseline\tkernel=v6.17\nbaseline-rerun-after-reboot\tkernel=v6.17\n' >labels
printf 'target-cpuhog\tkernel=v6.18-rc1\ntarget-2hogs\tkernel=v6.18\n' >>labels
kp-parse-mmtests -l labels mmtests/work/log | kp-identify >ident.ndjson
kp-stats ident.ndjson >stats.ndjson
kp-compare stats.ndjson | kp-classify | kp-systematic >findings.ndjson
run_status kp-render -f html -o site -s stats.ndjson findings.ndjson
is "$rc" 0 "renders the fixture's findings"

# the pages an engineer reads: the kernel page, a suite, a test with a
# scaling plot, the comparisons of the bimodal stress-ng baseline and the
# full table
test=$(cd site && ls test-futex1-threads-*-scaling.svg | sed 's/-scaling\.svg$/.html/')
# the comparisons are sections of their test's page: stress-ng context's
# has the bimodal baseline at 2 workers
cmp=$(cd site && ls test-context-*.html | head -1)
suite=$(cd site && ls suite-wis-*.html)
# a kernel's own page, where the site has them
kernel=$(cd site && ls kernel-*.html 2>/dev/null | head -1)
# the runs side by side, whose hashes and paths do not break at a space
runs=$(cd site && ls runs-*.html | head -1)
pages="index.html $kernel $suite $test $cmp $runs full.html"
ok $([ -n "$test" ] && [ -n "$cmp" ] && [ -n "$suite" ]; echo $?) \
    "the pages to look at exist ($pages)"

flags="--headless --no-sandbox --disable-gpu --disable-background-networking
    --disable-component-update --disable-sync --no-first-run
    --user-data-dir=$T/chrome"

# One browser measures every page: each in a 1024-pixel frame, after its
# load (images and objects loaded); the frames are of the same origin by
# --allow-file-access-from-files.  A page overflows when its scroll width
# exceeds the frame; the culprits named are elements past the right edge
# that no scroll box holds.  A plot renders when its image decoded to a
# nonzero size, or its object's SVG has a nonzero bounding box.
# What a reader would have to scroll to or cannot see at all: a table
# whose content is wider than its box (its cells scrolled off to the
# right), a cell whose content is wider than the cell (clipped), the
# tallest row of the kernel page's table of pairs; numbers in C's
# exponent form ("2.40606e+06") among the text, where reports write
# 2.406M; and in the strip plots (SVG files, loaded as pages), text past
# the plot's right edge or cut short with an ellipsis, as a legend of long
# run names was.
strips=$(cd site && ls test-*-l[0-9]*.svg)
js=
for p in $pages $strips; do js="$js\"$p\","; done
cat >harness.html <<EOF
<!DOCTYPE html><html><body><pre id="out"></pre><script>
var pages = [${js%,}], out = [], left = pages.length;
function boxed(e) {
	for (; e && e.nodeType == 1; e = e.parentElement) {
		var o = getComputedStyle(e).overflowX;
		if (o == "auto" || o == "scroll" || o == "hidden")
			return true;
	}
	return false;
}
function measure(p, f) {
	var d = f.contentDocument, w = f.contentWindow, bad = [], n = 0, ok = 0;
	d.querySelectorAll("body *").forEach(function (e) {
		if (bad.length < 3 && e.getBoundingClientRect().right > w.innerWidth + 1 &&
		    !boxed(e.parentElement))
			bad.push(e.tagName.toLowerCase() + "." + e.className);
	});
	d.querySelectorAll("img, object").forEach(function (e) {
		var r = e.getBoundingClientRect(), s;
		n++;
		if (e.tagName == "IMG")
			ok += e.complete && e.naturalWidth > 0 && r.width > 0 && r.height > 0;
		else if (e.contentDocument && (s = e.contentDocument.querySelector("svg")))
			ok += s.getBBox().width > 0 && s.getBBox().height > 0;
	});
	var wide = [], clip = [], rowh = 0, expo, svg = d.querySelector("svg");
	d.querySelectorAll("table").forEach(function (t) {
		if (t.scrollWidth > t.clientWidth + 1)
			wide.push(t.querySelector("th").textContent);
	});
	d.querySelectorAll("td, th").forEach(function (e) {
		if (e.scrollWidth > e.clientWidth + 1)
			clip.push(e.textContent.slice(0, 20));
	});
	d.querySelectorAll("table").forEach(function (t) {
		if (t.querySelector("th").textContent == "baseline")
			t.querySelectorAll("tbody tr").forEach(function (r) {
				rowh = Math.max(rowh, r.getBoundingClientRect().height);
			});
	});
	if (svg && !d.body) {	/* an SVG file: its text inside its width */
		var sw = svg.width.baseVal.value;
		svg.querySelectorAll("text").forEach(function (e) {
			var b = e.getBBox();
			/* past the edge, or shortened with an ellipsis */
			if (b.x + b.width > sw + 1 || /\u2026$/.test(e.textContent))
				clip.push(e.textContent.slice(0, 20));
		});
		expo = svg.textContent.match(/[0-9]e[+-]?[0-9]/g);
	} else
		expo = d.body.innerText.match(/[0-9]e[+][0-9]+/g);
	out.push(p + " scroll=" + (d.scrollingElement ? d.scrollingElement.scrollWidth : 0) + " inner=" +
	    w.innerWidth + " plots=" + n + " rendered=" + ok + " past=" +
	    (bad.join(",") || "-") + " wide=" + wide.length + " clipped=" +
	    clip.length + " rowh=" + Math.round(rowh) + " expo=" +
	    (expo ? expo.length : 0) + " # " + wide.concat(clip).join("|"));
}
pages.forEach(function (p) {
	var f = document.createElement("iframe");
	f.style.width = "1024px";
	f.style.height = "768px";
	f.onload = function () {
		measure(p, f);
		if (--left == 0)
			document.getElementById("out").textContent = out.join("\n");
	};
	f.src = "site/" + p;
	document.body.appendChild(f);
});
</script></body></html>
EOF
# shellcheck disable=SC2086
timeout 120 "$chrome" $flags --allow-file-access-from-files \
    --virtual-time-budget=5000 --dump-dom "file://$T/harness.html" \
    2>/dev/null | sed -n '/<pre id="out">/,/<\/pre>/p' |
    sed 's/<[^>]*>//g; /^$/d' >measured
for p in $pages; do
	m=$(grep "^$p " measured)
	echo "# 1024 px: ${m:-$p not measured}"
	sw=$(echo "$m" | sed -n 's/.* scroll=\([0-9]*\) inner=\([0-9]*\) .*/\1 \2/p')
	ok $(echo "$sw" | awk 'NF == 2 && $1 <= $2 { ok = 1 } END { exit !ok }'; echo $?) \
	    "$p fits 1024 pixels: nothing overflows outside a scroll box"
	ok $(echo "$m" | grep -q ' plots=\([0-9]*\) rendered=\1 '; echo $?) \
	    "$p: every plot renders"
done
for p in $suite $test $cmp; do
	ok $(grep "^$p " measured | grep -q ' plots=[1-9]'; echo $?) \
	    "... $p has plots"
done
ok $(grep -q '^full.html .*past=- ' measured; echo $?) \
    "... the full table scrolls in its box"
# at 1024 pixels every table but the full one (a column a kernel) fits
for p in $pages; do
	m=$(grep "^$p " measured)
	[ "$p" = full.html ] || ok $(echo "$m" | grep -q ' wide=0 '; echo $?) \
	    "$p: every table fits 1024 pixels, no content scrolled off to the right"
	ok $(echo "$m" | grep -q ' clipped=0 '; echo $?) "$p: no cell is clipped"
	ok $(echo "$m" | grep -q ' expo=0 '; echo $?) \
	    "$p: no number in exponent form (1.2e+06) among the text"
done
h=$(sed -n 's/^index.html .* rowh=\([0-9]*\) .*/\1/p' measured)
ok $([ -n "$h" ] && [ "$h" -gt 0 ] && [ "$h" -le 64 ]; echo $?) \
    "the kernel page's pairs are rows of one line or two (${h:-?} pixels), the reasons folded"
n=0 bad=
for p in $strips; do
	n=$((n + 1))
	m=$(grep "^$p " measured)
	echo "$m" | grep -q ' clipped=0 rowh=0 expo=0 ' || { bad="$bad $p"; echo "# ${m:-$p not measured}"; }
done
ok $([ "$n" -gt 0 ] && [ -z "$bad" ]; echo $?) \
    "the $n strip plots' legends and labels fit their width, numbers as 2.406M${bad:+:$bad}"

# The screenshots: one browser a width, the pages one under the other,
# each in a frame of that width and 1400 pixels (a window of that size);
# one PNG a width, of every page.  A page that rendered blank would
# compress to a few kB.
rm -f "$shots"/pages-*.png
for w in 1024 1440; do
	{
		echo '<!DOCTYPE html><html><body style="margin:0">'
		for p in $pages; do
			echo "<iframe src=\"site/$p\" style=\"display:block;border:0;border-bottom:4px solid #000;width:${w}px;height:1400px\"></iframe>"
		done
		echo '</body></html>'
	} >shots$w.html
	n=$(echo $pages | wc -w)
	# shellcheck disable=SC2086
	timeout 120 "$chrome" $flags --user-data-dir="$T/chrome$w" \
	    --allow-file-access-from-files --hide-scrollbars \
	    --screenshot="$shots/pages-$w.png" \
	    --window-size="$w,$((n * 1404))" "file://$T/shots$w.html" \
	    >/dev/null 2>&1
	size=$(wc -c <"$shots/pages-$w.png" 2>/dev/null || echo 0)
	dims=$($PY -c 'import struct, sys
d = open(sys.argv[1], "rb").read(24)
print("%dx%d" % struct.unpack(">II", d[16:24]))' "$shots/pages-$w.png" 2>/dev/null)
	ok $([ "$size" -gt 100000 ] && [ "$dims" = "${w}x$((n * 1404))" ]; echo $?) \
	    "screenshot of the $n pages at $w pixels ($dims, $size bytes)"
done
echo "# screenshots in $shots"

done_testing
