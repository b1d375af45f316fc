/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kp-render -f html: the style sheet every page links to */
#include "kp.h"
#include "render.h"
#include "html.h"
#include "htmlpage.h"

void
h_style(struct hsite *s)
{
	FILE *fp = h_open(s, "style.css");

	fputs(
"body{font:13px/1.4 system-ui,-apple-system,\"Segoe UI\",sans-serif;"
"margin:0 auto;padding:8px 18px 40px;max-width:1400px;color:#1d1d1f;"
"background:#fbfbfc}\n"
"h1{font-size:19px;margin:6px 0 2px;overflow-wrap:anywhere}\n"
"h2{font-size:15px;margin:22px 0 6px;border-bottom:1px solid #ddd;"
"padding-bottom:2px;overflow-wrap:anywhere}\n"
"h3{font-size:13px;margin:14px 0 4px}\n"
"h3 span.sub{font-weight:400;color:#555}\n"
"p.sub{color:#555;margin:0 0 10px}\n"
"div.crumbs{font-size:12px;color:#666;padding:4px 0;"
"border-bottom:1px solid #e3e3e3;overflow-wrap:anywhere}\n"
"div.crumbs a{color:#0550ae;text-decoration:none}\n"
"a{color:#0550ae}\n"
"table{border-collapse:collapse;margin:4px 0 10px;background:#fff}\n"
/* a table wider than the window scrolls in its own box, not the page;
 * fit-content, not max-content, so that its cells wrap to fit the window
 * first: at max-content the reasons and links of a table at 1024 pixels
 * sat past the right edge, to be scrolled to */
"table{display:block;max-width:100%;overflow-x:auto;width:fit-content}\n"
"th,td{border:1px solid #e1e1e6;padding:2px 4px;text-align:left;"
"vertical-align:top;max-width:420px;overflow-wrap:break-word}\n"
/* headings wrap between words ("no change"): unwrapped, the fifteen of the
 * count tables alone were wider than 1024 pixels */
"th{background:#f0f1f4;font-weight:600}\n"
/* chips of reasons: squeezed below 10em they made every row a tower */
"td.why{min-width:9em}\n"
/* an interval wraps after its comma rather than widen the table */
"td.n.iv{white-space:normal}\n"
/* the reasons of a pair's uncertain comparisons, folded to one line */
"td.why.fold{min-width:0}td.why details{margin:0}"
"td.why summary{color:#333}\n"
"table.sort th{cursor:pointer}\n"
"table.sort th:hover{background:#e2e5ec}\n"
"td.n{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}\n"
"td.z{color:#bbb;text-align:right}\n"
"span.sev,span.cls{display:inline-block;padding:0 5px;border-radius:3px;"
"font-size:11px;font-weight:600}\n"
"span.red{background:#c62828;color:#fff}\n"
"span.yellow{background:#f9a825;color:#222}\n"
"span.green{background:#2e7d32;color:#fff}\n"
"span.none{background:#e0e0e0;color:#444}\n"
"span.regression{color:#b71c1c}span.improvement{color:#1b5e20}\n"
"span.uncertain{color:#6a1b9a}span.no-change{color:#666}\n"
"span.sys{background:#b71c1c;color:#fff;padding:0 4px;border-radius:3px;"
"font-size:11px}\n"
"span.sysi{background:#1565c0;color:#fff;padding:0 4px;border-radius:3px;"
"font-size:11px}\n"
"tr.diff td{background:#fff4d6}\n"
"tr.diff td:first-child{font-weight:600}\n"
"td.warn{color:#8a4b00}\n"
"ul.warn{margin:4px 0;padding-left:18px;color:#5d4000}\n"
/* a strip plot of many kernels is wider than the window: its own scroll */
"div.fig{margin:6px 0 12px;max-width:100%;overflow-x:auto}\n"
"div.note{background:#f4f6fa;border-left:3px solid #8da2c0;padding:4px 8px;"
"margin:6px 0}\n"
"div.note.sys{border-left-color:#b71c1c;background:#fdf2f2}\n"
"code,.mono{font:12px ui-monospace,Menlo,Consolas,monospace}\n"
/* a hash or path breaks anywhere rather than push a runs table past
 * 1024 pixels */
"td.mono{overflow-wrap:anywhere}\n"
"pre.src .ln{color:#999}pre.src .ln:target{background:#ffe082;color:#000}\n"
"div.foot{margin-top:30px;color:#888;font-size:11px}\n"
"td.cls{white-space:nowrap}\n"
"td.nc{color:#888}\n"
"span.chip{display:inline-block;padding:0 4px;margin:1px 3px 1px 0;"
"border-radius:3px;background:#eef0f4;color:#333;font-size:11px}\n"
"span.chip.intf{background:#ffe0b2;color:#6d3200;font-weight:600}\n"
"span.chip.unst{background:#efe3f5;color:#4a148c}\n"
"span.chip.modal{background:#fff3c4;color:#5d4400;border:1px dashed #d4a800}\n"
"div.modal{background:#fffbea;border-left:3px dashed #d4a800;"
"padding:4px 8px;margin:6px 0}\n"
"div.verdict{border:1px solid #ddd;border-left:5px solid #888;"
"background:#fff;padding:6px 10px;margin:8px 0;font-size:14px}\n"
"div.verdict.regression{border-left-color:#b2182b}\n"
"div.verdict.improvement{border-left-color:#2166ac}\n"
"div.verdict.uncertain{border-left-color:#6a1b9a}\n"
"div.intf{background:#fff3e0;border-left:3px solid #e65100;"
"padding:4px 8px;margin:6px 0}\n"
"details{margin:6px 0}\nsummary{cursor:pointer;color:#5d4000}\n"
"p.legend{color:#555;font-size:12px;margin:2px 0 8px}\n", fp);
	h_close(s, fp, "style.css");
}
