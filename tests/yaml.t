#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# the one YAML reader (lib/yamlcheck.c) under each tool that reads YAML:
# a node of the wrong kind is said at its line and column with what was
# found; anchors and aliases read as the text they stand for; an alias
# to no anchor and an anchor given twice are refused at their place.
. "$(dirname "$0")/lib.sh"

: >"$T/empty.ndjson"
# reader: the command that reads $T/in.yaml
settings() { kp-classify -c "$T/in.yaml" "$T/empty.ndjson"; }
triage() { kp-triage -t "$T/in.yaml" "$T/empty.ndjson"; }
subsys() { kp-classify -S "$T/in.yaml" "$T/empty.ndjson"; }
payload() { (cd "$T" && kp-plan -o "$T/plans" in.yaml); }
plan() { kp-plan -C "$T/in.yaml" "$T/empty.ndjson"; }

# reader|YAML (printf format)|status|the error after the file's name
n=0
while IFS='|' read -r reader text want msg; do
	[ -n "$reader" ] || continue
	case $reader in '#'*) continue ;; esac
	n=$((n + 1))
	printf -- "$text" >"$T/in.yaml"
	run_status $reader
	if [ -z "$msg" ]; then
		is "$rc:$(cat "$T/err")" "$want:" "$reader, row $n"
	else
		is "$rc:$(sed 's/^[^:]*: [^:]*in\.yaml/in.yaml/' "$T/err")" \
		    "$want:in.yaml$msg" "$reader, row $n"
	fi
done <<'TABLE'
settings|- alpha\n|2|:1:1: expected a mapping of settings, found a list
settings|metrics: {a: b}\n|2|:1:10: expected a list of {pattern, ...} for "metrics", found a mapping
settings|metrics:\n  - [x]\n|2|:2:5: expected a mapping in "metrics", found a list
settings|metrics:\n  - pattern: [x]\n|2|:2:14: expected a string for "pattern", found a list
settings|? [a]\n: 1\n|2|:1:3: expected a setting name, found a list
settings|a: &x 1\nalpha: *y\n|2|:2:8: bad YAML: found undefined alias
settings|alpha: &x 0.05\npower: &x 0.9\n|2|:2:8: anchor "&x" given twice; expected each anchor once
settings|d: &x 0.05\nalpha: *x\n|2|:1:1: unknown setting "d" (kp-classify -D lists them)
settings|red: &x 50\nyellow: *x\n|0|
settings|red: &x 30\nyellow: *x\nred: 1\n|2|:3:1: "red" given twice; expected each key once
triage|- x\n|2|:1:1: expected a mapping with a list "findings", found a list
triage|findings: {a: b}\n|2|:1:11: expected a list of known findings, found a mapping
triage|findings:\n  - [x]\n|2|:2:5: expected a known finding: a mapping with pattern and status, found a list
triage|findings:\n  - pattern: [x]\n|2|:2:14: expected a single value for "pattern", found a list
triage|findings:\n  - &f {pattern: "s/*", status: invalid}\n  - *f\n|0|
subsys|{a: b}\n|2|:1:1: expected a list of entries {pattern, subsystem, why}, found a mapping
subsys|- [x]\n|2|:1:3: expected an entry {pattern, subsystem, why}, found a list
subsys|- {pattern: "a*", subsystem: {a: b}, why: x}\n|2|:1:30: expected a MAINTAINERS section title or a list of them for "subsystem", found a mapping
payload|- x\n|2|:1:1: expected a payload: a mapping with name, kernel, targets and suites, found a list
payload|name: a\nkernel: [x]\n|2|:2:9: expected a mapping for "kernel": git_repo, git_sha, toolchain, kconfig and make_variables, found a list
payload|name: a\ntargets: []\n|2|:2:10: expected a list of targets, found an empty list
payload|name: a\nsuites: {a: b}\n|2|:2:9: expected a list of suites, found a mapping
payload|name: a\ntargets:\n  - [x]\n|2|:3:5: expected a target: a mapping with name, target_arch and instance_type, found a list
payload|name: [a]\n|2|:1:7: expected a single value for "name", found a list
payload|name: a\nparameters: [a]\n|2|:2:13: expected a mapping of names to values for "parameters", found a list
plan|jobs: []\n|2|:1:1: expected "name" (the plan's name): is this a plan kp-plan wrote?
plan|name: p\njobs: {}\n|2|: expected a list "jobs"
TABLE
done_testing
