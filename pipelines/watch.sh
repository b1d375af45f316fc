#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# watch.sh: the release-tag trigger.  For each new tag of a watched
# repository, write the plan of the kernel it names (kp-plan -c) and run
# the user's submit command on it.  See kp-pipelines(7).
#
#   watch.sh [-i] [-l look] [-o plans] [-s state] -x command watchlist
#
# watchlist: lines "REPOSITORY PATTERN PAYLOAD" (# comments): the tags
# of REPOSITORY (git ls-remote) matching the shell PATTERN build with
# PAYLOAD.  A tag is recorded in the state file, for its line's payload,
# only once its plan was accepted, and the file is replaced whole (write,
# then mv), so a run that fails or is killed tries that tag again next
# time.  Before it submits, the look command asks the lab whether it has
# a plan of that name (name, tag and payload hash: kp-plan -r): a submit
# that was accepted but reported failure is then recorded, not queued a
# second time.  One run at a time: a second, from cron, exits quietly
# while the first holds the lock.
prog=watch.sh
. "$(dirname "$(readlink -f "$0")")/vis.sh"
usage() {
	echo "usage: $prog [-i] [-l look] [-o plans] [-s state] -x command watchlist" >&2
	exit 2
}
init=0 plans=plans state=watch.state cmd= look=
while getopts il:o:s:x: c; do
	case $c in
	i) init=1 ;;
	l) look=$OPTARG ;;
	o) plans=$OPTARG ;;
	s) state=$OPTARG ;;
	x) cmd=$OPTARG ;;
	*) usage ;;
	esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
[ -n "$cmd" ] || [ $init -eq 1 ] || usage
list=$1
[ -r "$list" ] || { kp_say "$prog: $list: cannot read"; exit 2; }
touch "$state" || exit 2
exec 9>>"$state.lock" || exit 2
flock -n 9 || { kp_say "$prog: another $prog holds $state.lock; nothing done"; exit 0; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/watch.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM HUP
status=0

# record REPO TAG SHA PAYLOAD: the state, one more line, replaced whole
record() {
	{ cat "$state"; printf '%s %s %s %s\n' "$1" "$2" "$3" "$4"; } >"$state.tmp" &&
	    mv "$state.tmp" "$state" || { kp_say "$prog: $state: cannot write"; exit 2; }
}

# done REPO TAG SHA PAYLOAD: whether the state has the tag for the
# payload; a line without a payload (written before the state named it)
# stands for every payload, so that no tag is queued again
done_() {
	grep -qxF "$1 $2 $3 $4" "$state" || grep -qxF "$1 $2 $3" "$state"
}

n=0
# "|| [ -n "$repo" ]": a last line without its newline is a line too
while read -r repo pattern payload rest || [ -n "$repo" ]; do
	n=$((n + 1))
	case $repo in ''|'#'*) continue ;; esac
	if [ -z "$payload" ] || [ -n "$rest" ]; then
		kp_say "$prog: $list:$n: expected REPOSITORY PATTERN PAYLOAD"
		status=2
		continue
	fi
	# an argument that starts with '-' is an option to git (git ls-remote
	# --upload-pack=CMD runs CMD): a repository is never one
	case $repo in
	-*)
		kp_say "$prog: $list:$n: $repo: expected a repository, not an option; write ./$repo for a directory"
		status=2
		continue ;;
	esac
	if ! git ls-remote --tags -- "$repo" >"$tmp/refs" 2>"$tmp/err"; then
		kp_say "$prog: $repo: git ls-remote failed: $(head -n 1 "$tmp/err")"
		status=2
		continue
	fi
	# an annotated tag's commit is its peeled line (TAG^{})
	sed -n 's|^\([0-9a-f]\{40\}\)	refs/tags/\(.*\)$|\2 \1|p' "$tmp/refs" |
	    sed 's|^\(.*\)^{} |\1 peeled |' | sort -k1,1 -k2,2r >"$tmp/tags"
	prev=
	while read -r tag a b; do
		[ "$tag" = "$prev" ] && continue	# the unpeeled line of an annotated tag
		prev=$tag
		sha=${b:-$a}
		case $tag in $pattern) ;; *) continue ;; esac
		done_ "$repo" "$tag" "$sha" "$payload" && continue
		if [ $init -eq 1 ]; then
			record "$repo" "$tag" "$sha" "$payload"
			continue
		fi
		# the plan's name carries the tag (a ref kp-plan takes: other
		# characters become '_') and the payload's hash
		ref=$(printf '%s' "$tag" | tr -c 'A-Za-z0-9._-' _)
		if ! kp-plan -c "$sha" -r "$ref" -o "$plans" -- "$payload" >"$tmp/files"; then
			kp_say "$prog: $repo $tag: no plan from $payload"
			status=2
			continue
		fi
		plan=$(head -n 1 "$tmp/files")
		name=$(basename "$plan" .yaml)
		# look: 0 the lab has it, 1 it has not, else it could not say
		seen=1
		if [ -n "$look" ]; then
			KP_PLAN=$plan KP_REPO=$repo KP_TAG=$tag KP_SHA=$sha \
			    sh -c "$look" "$prog" "$name" </dev/null
			seen=$?
		fi
		if [ $seen -gt 1 ]; then
			kp_say "$prog: $repo $tag: could not look for $name at the lab (exit $seen); tried again next run"
			status=2
		elif [ $seen -eq 0 ]; then
			kp_say "$prog: $repo $tag: the lab has $name already; recorded, not submitted again"
			kp_vis "$repo $tag $sha $plan"
			record "$repo" "$tag" "$sha" "$payload"
		elif KP_PLAN=$plan KP_REPO=$repo KP_TAG=$tag KP_SHA=$sha \
		    sh -c "$cmd" "$prog" "$plan" </dev/null; then
			kp_vis "$repo $tag $sha $plan"
			record "$repo" "$tag" "$sha" "$payload"
		else
			kp_say "$prog: $repo $tag: the submit command failed; tried again next run"
			status=2
		fi
	done <"$tmp/tags"
done <"$list"
exit $status
