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

# the nightly pipeline's stages over the fixture, as kp-render-html.t runs them
printf 'baseline\tkernel=v6.17\nbaseline-rerun\tkernel=v6.17\n' >labels
printf 'target-cpuhog\tkernel=v6.18-rc1\ntarget-2hogs\tkernel=v6.18\n' >>labels
(cd "$(dirname "$FIX")" && kp-parse-mmtests -l "$T/labels" \
    "$(basename "$FIX")/work/log") | kp-identify >ident.ndjson
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
pages="index.html $kernel $suite $test $cmp full.html"
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
js=
for p in $pages; do js="$js\"$p\","; done
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
	out.push(p + " scroll=" + d.scrollingElement.scrollWidth + " inner=" +
	    w.innerWidth + " plots=" + n + " rendered=" + ok + " past=" +
	    (bad.join(",") || "-"));
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
ok $(grep -q '^full.html .*past=-$' measured; echo $?) \
    "... the full table scrolls in its box"

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
