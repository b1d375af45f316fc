#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# submit.sh URL GROUP PROJECT BUILD ENV METRICS METADATA [FILE ...]: one
# testrun to SQUAD's submit API, as a lab's job would send it (metrics and
# metadata are JSON files; each FILE is an attachment).  The token, if
# any, comes from KP_SQUAD_TOKEN and goes to curl on its standard input,
# never on its command line.
set -e
url=$1 group=$2 project=$3 build=$4 env=$5 metrics=$6 metadata=$7
shift 7
set -- $(for f; do printf ' -F attachment=@%s' "$f"; done)
{ [ -z "$KP_SQUAD_TOKEN" ] || printf 'Authorization: Token %s\n' "$KP_SQUAD_TOKEN"; } |
curl -fsS -H @- \
    -F "metrics=<$metrics" -F "metadata=<$metadata" "$@" \
    "$url/api/submit/$group/$project/$build/$env" >/dev/null
