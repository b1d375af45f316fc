#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# walkthrough.sh DIR: the README's walk from a payload to a report, all
# local: a payload, its plans for two kernels, a lab that runs them and
# submits to a loopback SQUAD, kp-fetch, and the nightly batch.
set -e
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
dir=$1
rm -rf "$dir" && mkdir -p "$dir/squad" && cd "$dir"

# 1. the payload (kp-plan(1), EXAMPLES), kept without a commit
sed -n '/^A payload for two/,/^\.Ed/p' "$top/man/man1/kp-plan.1" | sed '1,3d;$d' |
    sed '/git_sha:/d; s/^instances: 5/instances: 4/' >payload.yaml

# 2. a loopback SQUAD with the lab's project
echo lab/graviton >squad/projects
python3 "$here/server.py" "$dir/squad" 2>squad/log &
echo $! >squad/pid
trap 'kill $(cat "$dir/squad/pid")' EXIT
while [ ! -s squad/port ]; do sleep 0.1; done
url=http://127.0.0.1:$(cat squad/port)

# 3. the plans of two kernels, each "run" by the lab: its submit command
#    writes SQUAD-shaped results (v6.19 is 3% slower)
for k in v6.18:0123456789abcdef0123456789abcdef01234567:0 \
    v6.19:89abcdef0123456789abcdef0123456789abcdef:0.03; do
	tag=${k%%:*} rest=${k#*:} sha=${rest%%:*} slow=${rest#*:}
	plan=$(kp-plan -c "$sha" -t c7g payload.yaml | head -n 1)
	python3 "$here/fakelab.py" "$plan" "$url" "$tag" "$slow"
done

# 4. fetch everything SQUAD has for the project
kp-fetch -s store "squad+$url/lab/graviton/" >fetched.ndjson

# 5. the nightly batch on the store
make -s -f "$top/pipelines/nightly.mk" STORE=store OUT=out
