#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# The EXAMPLES of the section 1 pages run, as jq runs its manual: each
# block (.Bd -literal or .Dl) of each page is run in a directory of the
# page's own, where the file names the example uses are the bundled data
# (tests/data); where the page shows the output ("$ " before a command,
# its output after), the output must be the one shown ("..." in it
# stands for anything).  An example must exit 0 or 1 (1: findings, as
# every kp tool).  Examples that need the network, a lab or a machine
# are listed below with the reason and skipped; a block the table does
# not name fails, so a new example is run or said why not.
. "$(dirname "$0")/lib.sh"
command -v jq >/dev/null || { skip "man EXAMPLES" "no jq"; done_testing; exit; }

D=$top/tests/data
L=$FIX/work/log
# the bundled runs labelled as kernels: the baseline and its rerun v6.17,
# target-2hogs v6.18
stats() {
	kp-parse-mmtests --meta baseline:kernel=v6.17 --meta baseline-rerun:kernel=v6.17 \
	    --meta target-2hogs:kernel=v6.18 "$L/baseline" "$L/baseline-rerun" \
	    "$L/target-2hogs" | kp-identify | kp-stats
}
mkdir "$T/data"
stats >"$T/data/stats.ndjson" 2>/dev/null
kp-compare "$T/data/stats.ndjson" >"$T/data/cmp.ndjson" 2>/dev/null
kp-classify "$T/data/cmp.ndjson" >"$T/data/classified.ndjson"
kp-systematic -e 1,2,3,4 "$T/data/classified.ndjson" >"$T/data/findings.ndjson"
kp-parse-mmtests "$L" >"$T/data/runs.ndjson" 2>/dev/null

# page block what: run, check (run, and the output shown must be what it
# writes), file NAME (the block is that file, for the blocks after it),
# or skip REASON; after run or check, a command to run first.  The setup of each page's directory is setup_PAGE below.
cat >"$T/table" <<'EOF'
kp-ab	1	run
kp-ab	2	run
kp-ab	3	skip	a CI job's results document and its checked-in baseline (kp-gate's example; tests/gate-*.t)
kp-ab	4	run
kp-ab	5	skip	MMTests trees of two machines of different CPU models
kp-ab	6	skip	results documents from native, VM and emulator runs
kp-bisect	1	skip	a lab's history and a kernel git tree (tests/kp-bisect.t runs it on a planted regression)
kp-bisect-record	1	skip	a trend of a lab's history and its git tree (tests/kp-bisect.t runs the tool)
kp-classify	1	run
kp-classify	2	run
kp-classify	3	run
kp-compare	1	run
kp-compare	2	run
kp-compare	3	run
kp-compare	4	run
kp-evidence	1	run
kp-fetch	1	check
kp-fetch	2	skip	network: a web server's listing
kp-fetch	3	skip	network: a URL in the list
kp-fetch	4	skip	network: a SQUAD server and its token
kp-gate	1	skip	a CI job's results document and its checked-in baseline
kp-gate	2	run
kp-gate	3	skip	a CI job's results document, and a git commit
kp-hist	1	run
kp-hist	2	run
kp-identify	1	run
kp-identify	2	run
kp-identify	3	run
kp-parse-bpftrace	1	skip	runs bpftrace on a live kernel, as root
kp-parse-bpftrace	2	run
kp-parse-lkft	1	skip	BENCHMARK and CONFIG stand for a job's names (tests/lkft-collector.t parses the collector's files)
kp-parse-lkft	2	skip	a job's archive from a lab
kp-parse-mmtests	1	run
kp-parse-mmtests	2	run
kp-parse-mmtests	3	run
kp-parse-mmtests	4	run
kp-parse-results	1	run
kp-parse-results	2	run
kp-parse-squad	1	skip	network: a SQUAD server
kp-parse-squad	2	skip	network: SQUAD's submit API
kp-plan	1	file	payload.yaml
kp-plan	2	check
kp-plan	3	check	sed -i 's/git_sha: .*/git_sha: 0123456/' payload.yaml
kp-plan	4	skip	a lab's store of SQUAD results
kp-plan	5	skip	a month of a lab's samples
kp-render	1	run
kp-render	2	run
kp-render	3	run
kp-render	4	run
kp-stats	1	run
kp-stats	2	run
kp-stats	3	run
kp-systematic	1	run
kp-systematic	2	run
kp-trend	1	skip	a lab's history, one statistics file per kernel (tests/kp-trend-sim.t)
kp-trend	2	skip	the trend of a lab's history
kp-trend	3	skip	the trend of a lab's history
kp-triage	1	skip	a lab's history, one statistics file per kernel
EOF

# the setup of a page's directory (the current directory), by the names
# its examples use
setup_kp_ab() { mkdir -p work/log && ln -s "$L/baseline" work/log/base &&
    ln -s "$L/target-cpuhog" work/log/patched; }
setup_kp_classify() { cp "$T/data/stats.ndjson" "$T/data/cmp.ndjson" .; }
setup_kp_compare() { mkdir work && ln -s "$L" work/log && cp "$T/data/stats.ndjson" .; }
setup_kp_evidence() { cp "$T/data/classified.ndjson" "$T/data/findings.ndjson" .; }
setup_kp_fetch() { mkdir work && ln -s "$L" work/log; }
setup_kp_gate() { mkdir ci && cp "$D/gate/lat.txt" . && cp "$D/gate/lat-base.json" ci/; }
setup_kp_hist() { cp "$D/gate/lat.txt" "$D/gate/lat-base.json" .; }
setup_kp_identify() { mkdir work && ln -s "$L" work/log && cp "$T/data/runs.ndjson" . &&
    cp runs.ndjson new.ndjson; }
setup_kp_parse_bpftrace() { cp "$D/gate/lat-base.json" .; }
setup_kp_parse_mmtests() { mkdir -p work/log && cp -R "$L/baseline" work/log/baseline &&
    cp -R "$L/target-cpuhog" work/log/target && kp-fetch -s store work/log >/dev/null &&
    tar -chzf results.tar.gz -C work/log baseline; }
setup_kp_parse_results() { cp "$D/gate/baseline.json" "$D/gate/lmbench.txt" .; }
setup_kp_plan() { :; }
setup_kp_render() { cp "$T/data/findings.ndjson" . && mkdir -p home/linux &&
    cp "$D/maintainers/MAINTAINERS" home/linux/; }
setup_kp_stats() { mkdir work && ln -s "$L" work/log; }
setup_kp_systematic() { cp "$T/data/stats.ndjson" .; }

cat >"$T/ex.py" <<'EOF'
# ex.py PAGE.1 TABLE DIR: the EXAMPLES blocks of a page, run as the
# table says; prints one line a block, "ok|not ok|skip INDEX TEXT"
import re, subprocess, sys

def unesc(s):
	return s.replace('\\(dq', '"').replace('\\&', '').replace('\\e', '\\')

def blocks(path):
	out, sec, cur = [], False, None
	for line in open(path):
		line = line.rstrip('\n')
		if line.startswith('.Sh '):
			sec = line == '.Sh EXAMPLES'
		elif not sec:
			pass
		elif cur is not None:
			if line == '.Ed':
				out.append(cur)
				cur = None
			else:
				cur.append(unesc(line))
		elif line.startswith('.Bd -literal'):
			cur = []
		elif line.startswith('.Dl '):
			out.append([unesc(line[4:])])
	return out

def prompts(b):
	"""a block shown as a session: [(command, [output lines])]"""
	steps = []
	for line in b:
		if line.startswith('$ '):
			steps.append([line[2:], []])
		elif steps and not steps[-1][1] and re.search(r'[|\\]$', steps[-1][0]):
			steps[-1][0] += '\n' + line	# the command goes on
		elif steps:
			steps[-1][1].append(line)
	return steps

def run(cmd, d):
	p = subprocess.run(['bash', '-o', 'pipefail', '-c', cmd], cwd=d,
	    capture_output=True, text=True, env=env)
	return p.returncode, p.stdout, p.stderr

def same(got, want):
	got = [l.strip() for l in got.splitlines()]
	want = [l.strip() for l in want]
	if len(got) != len(want):
		# a line the page wrapped to fit: the words must be the same
		return ' '.join(got).split() == ' '.join(want).split()
	for g, w in zip(got, want):
		pat = '.*'.join(re.escape(x) for x in w.split('...'))
		if not re.fullmatch(pat, g):
			return False
	return True

import os
page, table, d = sys.argv[1:4]
name = os.path.basename(page)[:-2]
env = dict(os.environ, HOME=d + '/home')
rows = {}
for line in open(table):
	f = line.rstrip('\n').split('\t')
	if f[0] == name:
		rows[int(f[1])] = f[2:]
bs = blocks(page)
for i, b in enumerate(bs, 1):
	what = rows.pop(i, None)
	head = b[0][:60].replace('\\', '')	# echo(1) of sh reads escapes
	if what is None:
		print('not ok %d %s: not in the table of tests/man-examples.t' % (i, head))
	elif what[0] == 'skip':
		print('skip %d %s: %s' % (i, head, what[1]))
	elif what[0] == 'file':
		open(os.path.join(d, what[1]), 'w').write('\n'.join(b) + '\n')
		print('ok %d the file %s' % (i, what[1]))
	elif len(what) > 1 and run(what[1], d)[0] != 0:
		print('not ok %d %s: its setup failed: %s' % (i, head, what[1]))
	elif what[0] == 'check':
		bad = ''
		for cmd, want in prompts(b):
			rc, out, err = run(cmd, d)
			if rc > 1 and not want:
				bad = 'exit %d: %s' % (rc, err.strip()[-300:])
			elif not same(out + err if rc else out, want):
				bad = 'shown:\n%s\ngot:\n%s%s' % ('\n'.join(want), out, err)
			if bad:
				break
		print(('not ok %d %s\n%s' % (i, head, bad)) if bad else 'ok %d %s' % (i, head))
	else:
		rc, out, err = run('\n'.join(b), d)
		if rc > 1:
			print('not ok %d %s\nexit %d: %s' % (i, head, rc, err.strip()[-300:]))
		else:
			print('ok %d %s' % (i, head))
for i in rows:
	print('not ok %d: the table names a block the page does not have' % i)
EOF

for page in "$top"/man/man1/*.1; do
	name=$(basename "$page" .1)
	grep -q '^\.Sh EXAMPLES' "$page" || continue
	mkdir "$T/$name" "$T/$name/home"
	fn=setup_$(echo "$name" | tr - _)
	if command -v "$fn" >/dev/null; then
		(cd "$T/$name" && "$fn") || { ok 1 "$name: its setup"; continue; }
	fi
	$PY "$T/ex.py" "$page" "$T/table" "$T/$name" >"$T/res"
	while IFS= read -r line; do
		case $line in
		"ok "*) r=${line#ok }; ok 0 "$name EXAMPLES block ${r%% *}: ${r#* }" ;;
		"skip "*) r=${line#skip }; skip "$name EXAMPLES block ${r%% *}" "${r#* }" ;;
		"not ok "*) r=${line#not ok }; ok 1 "$name EXAMPLES block ${r%% *}: ${r#* }" ;;
		*) echo "# $line" ;;
		esac
	done <"$T/res"
done
done_testing
