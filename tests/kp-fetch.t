#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# kp-fetch: local sources (directories, archives), the store and --verify
. "$(dirname "$0")/lib.sh"

S=$T/store
LOG=$FIX/work/log
nfiles=$(find "$LOG" -type f | wc -l)
nuniq=$(find "$LOG" -type f -exec sha256sum {} + | cut -c1-64 | sort -u | wc -l)
nobj() { find "$1/objects" -type f | wc -l; }

# usage
run_status kp-fetch
is "$rc" 2 "no source is a usage error"
ok "$(grep -c '^usage: kp-fetch \[-v\]' "$T/err" | grep -qx 1; echo $?)" "usage names the synopsis"
run_status kp-fetch -m 12Q "$LOG"
is "$rc" 2 "a bad size is a usage error"

# a directory: every file, one object per distinct content
run_status kp-fetch -s "$S" "$LOG"
is "$rc" 0 "directory fetch exits 0"
is "$(wc -l <"$T/out")" "$nfiles" "one record per file"
is "$(jq -c 'select(.status == "new")' "$T/out" | grep -c .)" "$nuniq" "new once per distinct content, present after"
is "$(nobj "$S")" "$nuniq" "one object per distinct content (sha256sum agrees)"
find "$LOG" -type f -exec sha256sum {} + | sed "s|  $LOG/| |" | sort >"$T/want"
jq -r '.sha256 + " " + .path' "$T/out" | sort >"$T/got"
ok "$(cmp -s "$T/want" "$T/got"; echo $?)" "sha256 and path of every record match sha256sum"
is "$(jq -r 'select(.path == "baseline/iter-0/wis-futex/logs/mmtests.log.gz") | .run' "$T/out")" \
	baseline "run is the directory above iter-N"
is "$(jq -r 'select(.path == "baseline/mmtests-activity") | .run' "$T/out")" \
	baseline "run is the directory holding mmtests-activity"
o=$(jq -r 'select(.path == "baseline/mmtests-activity") | .object' "$T/out")
ok "$(cmp -s "$S/$o" "$LOG/baseline/mmtests-activity"; echo $?)" "an object holds the file's bytes"
is "$(wc -l <"$S/index.ndjson")" "$nfiles" "the index holds every record"
is "$(ls "$S/tmp" | wc -l)" 0 "no temporary files left"

# the store reads back as the tree it came from
if [ -x "$KP_BIN/kp-parse-mmtests" ]; then
	kp-parse-mmtests "$S" 2>/dev/null | jq -c 'select(.type == "sample") | [.run, .bench, .conc, .rep, .value]' | sort >"$T/a"
	kp-parse-mmtests "$LOG" 2>/dev/null | jq -c 'select(.type == "sample") | [.run, .bench, .conc, .rep, .value]' | sort >"$T/b"
	ok "$(test -s "$T/a" && cmp -s "$T/a" "$T/b"; echo $?)" "kp-parse-mmtests reads the same samples from the store"
else
	skip "kp-parse-mmtests reads the store" "not built"
fi

# a re-run reads nothing and adds nothing
run_status kp-fetch -s "$S" "$LOG"
is "$rc" 0 "re-fetch exits 0"
is "$(jq -r .status "$T/out" | sort | uniq -c | tr -s ' ')" " $nfiles present" "re-fetch: every record present"
is "$(nobj "$S")" "$nuniq" "re-fetch: no new object"
is "$(wc -l <"$S/index.ndjson")" "$nfiles" "re-fetch: nothing appended to the index"
# a stored object cut short (a full disk, a crash) is not present: the
# next fetch stores it again, whole (on a copy of the store)
cp -R "$S" "$T/cut"
obj=$(find "$T/cut/objects" -type f -size +1k | head -n 1)
full=$(wc -c <"$obj")
truncate -s $((full / 2)) "$obj"
run_status kp-fetch -s "$T/cut" "$LOG"
is "$rc:$(wc -c <"$obj" | tr -d ' ')" "0:$full" "a truncated object is fetched again, whole ($full bytes)"
is "$(jq -r 'select(.status == "new") | .sha256' "$T/out" | sort -u)" "$(basename "$(dirname "$obj")")$(basename "$obj")" \
    "... and only it is new"

# one file more, then two identical files
cp -R "$LOG" "$T/log"
run_status kp-fetch -s "$S" "$T/log"
echo "a new line" >"$T/log/baseline/extra.txt"
run_status kp-fetch -s "$S" "$T/log"
is "$(jq -r 'select(.status == "new") | .path' "$T/out")" baseline/extra.txt "an added file is the one new record"
is "$(nobj "$S")" $((nuniq + 1)) "and the one new object"
printf 'same bytes\n' >"$T/log/dup1"
printf 'same bytes\n' >"$T/log/dup2"
run_status kp-fetch -v -s "$S" "$T/log"
is "$(jq -r 'select(.path == "dup1" or .path == "dup2") | .sha256' "$T/out" | sort -u | wc -l)" 1 \
	"two identical files share a sha256"
is "$(nobj "$S")" $((nuniq + 2)) "and one object"
is "$(jq -r 'select(.path == "dup2") | .status' "$T/out")" present "the second copy is present"
ok "$(grep -q '^kp-fetch: new .* dup1 11$' "$T/err"; echo $?)" "-v prints a line per file"

# a changed file with the same size and an older mtime is read again
printf 'SAME bytes\n' >"$T/log/dup1"
touch -d '2020-01-01 00:00:00' "$T/log/dup1"
run_status kp-fetch -s "$S" "$T/log"
run_status kp-fetch -s "$S" "$T/log"
printf 'Same bytes\n' >"$T/log/dup1"
touch -d '2020-01-02 00:00:00' "$T/log/dup1"
run_status kp-fetch -s "$S" "$T/log"
is "$(jq -r 'select(.path == "dup1") | .status' "$T/out")" new "a changed file is fetched again"
is "$(jq -r 'select(.path == "dup1") | .sha256' "$T/out")" \
	"$(sha256sum <"$T/log/dup1" | cut -c1-64)" "with its new content"

# the later index line for a (source, path) is the one that counts
is "$(jq -r --arg s "$T/log" 'select(.source == $s and .path == "dup1") | .sha256' \
	"$S/index.ndjson" | tail -1)" "$(sha256sum <"$T/log/dup1" | cut -c1-64)" \
	"the last index line holds the current content"

# symlinks: inside the tree followed, outside refused, the rest fetched
mkdir "$T/sl"
echo inside >"$T/sl/real.txt"
ln -s real.txt "$T/sl/in.txt"
ln -s /etc/hostname "$T/sl/out.txt"
ln -s /etc "$T/sl/etc"
run_status kp-fetch -s "$S" "$T/sl"
is "$rc" 2 "a symlink out of the tree: exit 2"
ok "$(grep -q 'out.txt: symlink to /etc/hostname, outside the tree; refused' "$T/err"; echo $?)" \
	"the refused symlink is named"
ok "$(grep -q 'etc: symlink to /etc, outside the tree; refused' "$T/err"; echo $?)" \
	"a symlink to a directory outside is refused"
is "$(jq -r .path "$T/out" | sort | tr '\n' ' ')" "in.txt real.txt " "the rest is fetched"

# size limit
mkdir "$T/big"
head -c 5000 /dev/zero >"$T/big/large"
echo small >"$T/big/small"
run_status kp-fetch -m 4K -s "$S" "$T/big"
is "$rc" 2 "a file over -m: exit 2"
ok "$(grep -q 'large: 5000 bytes, larger than 4096 (-m), not fetched' "$T/err"; echo $?)" \
	"the large file is named"
is "$(jq -r .path "$T/out")" small "the small one is fetched"

# a store inside the source is not fetched into itself
mkdir "$T/self" && echo x >"$T/self/f"
(cd "$T/self" && kp-fetch -s store . >"$T/out" 2>"$T/err")
is "$(jq -r .path "$T/out")" f "the store below the source is skipped"

# archives: the same bytes as the directory
(cd "$LOG/.." && tar czf "$T/log.tgz" log)
(cd "$LOG/.." && tar cf "$T/log.tar" log)
run_status kp-fetch -s "$S" "$T/log.tgz"
is "$rc" 0 "tar.gz fetch exits 0"
jq -r '.sha256 + " " + .path' "$T/out" | sed 's| log/| |' | sort >"$T/got"
ok "$(cmp -s "$T/want" "$T/got"; echo $?)" "tar.gz entries match the directory's files"
is "$(jq -r 'select(.path == "log/baseline/mmtests-activity") | .run' "$T/out")" baseline \
	"run inside an archive"
is "$(jq -r .status "$T/out" | sort -u)" present "nothing new in the archive"
run_status kp-fetch -s "$S" "$T/log.tar"
is "$(wc -l <"$T/out")" "$nfiles" "plain tar: one record per entry"

# the same runs fetched as a directory and as archives are read once,
# by content; a run whose content differs is not merged
if [ -x "$KP_BIN/kp-parse-mmtests" ]; then
	kp-fetch -s "$T/dup" "$LOG" "$T/log.tgz" "$T/log.tar" >/dev/null 2>&1
	kp-parse-mmtests "$T/dup" >"$T/dup.ndjson" 2>"$T/dup.err"
	is "$?.$(jq -r 'select(.type == "run") | .run_name' "$T/dup.ndjson" | sort | tr '\n' ' ')" \
		"0.baseline baseline-rerun target-2hogs target-cpuhog " \
		"a run fetched as a directory and as two archives is one run"
	ok "$(kp-identify "$T/dup.ndjson" >/dev/null; echo $?)" "kp-identify takes it"
	jq -c 'select(.type == "sample") | [.run, .bench, .conc, .rep, .sub, .value]' "$T/dup.ndjson" | sort >"$T/a"
	kp-parse-mmtests "$LOG" 2>/dev/null | jq -c 'select(.type == "sample") | [.run, .bench, .conc, .rep, .sub, .value]' | sort >"$T/b"
	ok "$(cmp -s "$T/a" "$T/b"; echo $?)" "with the samples of the directory, once"
	ok "$(grep -q 'log.tgz: log/baseline: the same files as .*: baseline; read once' "$T/dup.err"; echo $?)" \
		"the copy read once is named"
	kp-fetch -s "$T/dup" "$T/log" >/dev/null 2>&1
	is "$(kp-parse-mmtests "$T/dup" 2>/dev/null | jq -r 'select(.type == "run") | .run_name' | sort | tr '\n' ' ')" \
		"baseline baseline baseline-rerun target-2hogs target-cpuhog " \
		"a run with one more file is not the same run"
else
	skip "a run fetched twice is one run" "kp-parse-mmtests not built"
fi

# a hostile archive: refused by name, nothing written outside the store
mkdir "$T/evil" && cd "$T/evil" || exit 2
$PY - <<'EOF'
import io, tarfile
def add(t, name, data=None, link=None, kind=tarfile.REGTYPE):
    i = tarfile.TarInfo(name)
    i.type = kind
    if link is not None:
        i.linkname = link
    if data is not None:
        i.size = len(data)
    t.addfile(i, io.BytesIO(data) if data is not None else None)
with tarfile.open("evil.tar.gz", "w:gz") as t:
    add(t, "good/a.txt", b"good\n")
    add(t, "../escape.txt", b"escaped\n")
    add(t, "/kp-fetch-abs-test/evil.txt", b"absolute\n")
    add(t, "good/../../up.txt", b"up\n")
    add(t, "etc", link="/etc", kind=tarfile.SYMTYPE)
    add(t, "etc/kp-fetch-test", b"through the link\n")
    add(t, "dotdot", link="../..", kind=tarfile.SYMTYPE)
    add(t, "inside", link="good/a.txt", kind=tarfile.SYMTYPE)
    add(t, "hard", link="good/a.txt", kind=tarfile.LNKTYPE)
    add(t, "good/up", link="../good/./a.txt", kind=tarfile.SYMTYPE)
    add(t, "good/esc", link="../../x", kind=tarfile.SYMTYPE)
    add(t, "good/b.txt", b"also good\n")
    add(t, "good/./dot.txt", b"dot\n")
    add(t, "good//empty.txt", b"empty\n")
EOF
cd - >/dev/null || exit 2
run_status kp-fetch -s "$S" "$T/evil/evil.tar.gz"
is "$rc" 2 "hostile archive: exit 2"
for n in '../escape.txt: a "\.\." component; refused' \
	'/kp-fetch-abs-test/evil.txt: an absolute path; refused' \
	'good/\.\./\.\./up.txt: a "\.\." component; refused' \
	'etc: symlink to /etc, outside the archive; refused' \
	'etc/kp-fetch-test: goes through the symlink etc; refused' \
	'dotdot: symlink to \.\./\.\., outside the archive; refused' \
	'good/esc: symlink to \.\./\.\./x, outside the archive; refused' \
	'good/\./dot.txt: a "\." component; refused' \
	'good//empty.txt: an empty component; refused'; do
	ok "$(grep -q "$n" "$T/err"; echo $?)" "named: $n"
done
is "$(jq -r .path "$T/out" | tr '\n' ' ')" "good/a.txt inside hard good/up good/b.txt " \
	"good entries and links inside the archive fetched"
is "$(jq -r .sha256 "$T/out" | sort -u | wc -l)" 2 "links share their target's object"
ok "$(test ! -e "$T/escape.txt" && test ! -e /kp-fetch-abs-test/evil.txt &&
	test ! -e /etc/kp-fetch-test && test ! -e "$T/up.txt"; echo $?)" "nothing written outside the store"
# sparse members (GNU and POSIX formats): holes read as zeros, at the
# start, at the end, in the middle and all through
mkdir -p "$T/sparse/d"
truncate -s 102400 "$T/sparse/d/allhole"
truncate -s 100000 "$T/sparse/d/lead" && printf 'tail data\n' >>"$T/sparse/d/lead"
printf 'head data\n' >"$T/sparse/d/trail" && truncate -s 100000 "$T/sparse/d/trail"
printf x >"$T/sparse/d/mid" && truncate -s 50000 "$T/sparse/d/mid" &&
	printf y >>"$T/sparse/d/mid" && truncate -s 100000 "$T/sparse/d/mid"
(cd "$T/sparse/d" && sha256sum allhole lead mid trail | sed 's/  / /' | sort) >"$T/sparse/want"
for fmt in gnu posix; do
	(cd "$T/sparse" && tar --sparse --format=$fmt -cf "$fmt.tar" d)
	if [ "$(stat -c %s "$T/sparse/$fmt.tar")" -ge 102400 ]; then
		skip "sparse $fmt members" "this file system keeps no holes"
		continue
	fi
	run_status kp-fetch -s "$T/sparse/store" "$T/sparse/$fmt.tar"
	is "$rc" 0 "sparse $fmt archive: exit 0"
	jq -r '.sha256 + " " + (.path | sub("^d/"; ""))' "$T/out" | sort >"$T/sparse/got"
	ok "$(cmp -s "$T/sparse/want" "$T/sparse/got"; echo $?)" \
		"sparse $fmt members: all-hole, leading, middle and trailing holes read as zeros"
	is "$(jq -r 'select(.path == "d/allhole") | .size' "$T/out")" 102400 \
		"sparse $fmt: the all-hole member has its size"
done

echo 'not an archive' >"$T/plain.txt"
run_status kp-fetch -s "$S" "$T/plain.txt"
is "$rc" 2 "a plain file is not a source"

# two fetches at once on one store
S2=$T/store2
kp-fetch -s "$S2" "$LOG" >"$T/c1" 2>"$T/e1" & p1=$!
kp-fetch -s "$S2" "$T/log.tgz" >"$T/c2" 2>"$T/e2" & p2=$!
kp-fetch -s "$S2" "$T/log" >"$T/c3" 2>"$T/e3" & p3=$!
wait $p1; r1=$?; wait $p2; r2=$?; wait $p3; r3=$?
is "$r1$r2$r3" 000 "three concurrent fetches exit 0"
run_status kp-fetch --verify -s "$S2"
is "$rc" 0 "verify after concurrent fetches: clean"
is "$(jq -r .source "$S2/index.ndjson" | sort | uniq -c | awk '{print $1}' | sort -n | tr '\n' ' ')" \
	"$nfiles $nfiles $((nfiles + 3)) " "the index holds all three sources, whole"
is "$(cat "$T/c1" "$T/c2" "$T/c3" | jq -r 'select(.status == "new") | .sha256' | sort | uniq -d | wc -l)" 0 \
	"no content reported new twice"

# --verify: clean, then a damaged object, a missing one, a torn index line
run_status kp-fetch --verify -s "$S"
is "$rc" 0 "verify: clean store"
ok "$(grep -q '0 problems' "$T/err"; echo $?)" "verify reports a summary"
o=$(jq -r 'select(.path == "baseline/mmtests-activity") | .object' "$S/index.ndjson" | head -1)
chmod u+w "$S/$o" && printf X >>"$S/$o"
run_status kp-fetch --verify -s "$S"
is "$rc" 1 "verify: a corrupt object exits 1"
ok "$(grep -q "$S/$o: corrupt object" "$T/err"; echo $?)" "and names the object"
ok "$(grep -q "index.ndjson:[0-9]*: .* baseline/mmtests-activity: object $o is corrupt" "$T/err"; echo $?)" \
	"and the index line that uses it"
rm -f "$S/$o"
run_status kp-fetch -s "$S" "$LOG"
is "$(jq -r 'select(.path == "baseline/mmtests-activity") | .status' "$T/out")" new \
	"a re-fetch restores a lost object"
run_status kp-fetch --verify -s "$S"
is "$rc" 0 "verify: clean again"
: >"$S/tmp/999999999.abcdef"
run_status kp-fetch --verify -s "$S"
is "$rc" 0 "a stray temporary file is no mismatch"
ok "$(grep -q 'tmp/999999999.abcdef: stray temporary file' "$T/err"; echo $?)" "but is reported"
run_status kp-fetch --verify --clean -s "$S"
ok "$(test ! -e "$S/tmp/999999999.abcdef"; echo $?)" "--clean removes it"
printf '{"type":"artifact","source":"x","pa' >>"$S/index.ndjson"
run_status kp-fetch --verify -s "$S"
is "$rc" 1 "verify: a torn index line exits 1"
run_status kp-fetch -s "$S" "$T/sl/real.txt" "$T/big"
ok "$(tail -1 "$S/index.ndjson" | jq -e .sha256 >/dev/null; echo $?)" \
	"a fetch after a torn line starts a new line"
sed -i '/"pa$/d' "$S/index.ndjson"
run_status kp-fetch --verify -s "$S"
is "$rc" 0 "verify: clean without the torn line"
tail -1 "$S/index.ndjson" | sed 's|"object":"objects/..|"object":"objects/zz|' >>"$S/index.ndjson"
run_status kp-fetch --verify -s "$S"
is "$rc" 1 "verify: an object field that does not match sha256 exits 1"
ok "$(grep -q 'index.ndjson:[0-9]*: .*object is objects/zz' "$T/err"; echo $?)" "and names the line"
run_status kp-fetch --verify -s "$T/nothing"
is "$rc" 2 "verify: not a store exits 2"

# a name with a newline would be a run's name across two lines of every
# text naming it: refused, shown in caret notation; the others fetched
mkdir -p "$T/nl/run1
evil/iter-0" "$T/nl/ok/iter-0" && echo 1 >"$T/nl/run1
evil/iter-0/f" && echo 2 >"$T/nl/ok/iter-0/f"
run_status kp-fetch -s "$T/nls" "$T/nl"
is "$rc:$(jq -r .run "$T/out"):$(cat "$T/err")" "2:ok:kp-fetch: $T/nl: run1^Jevil: a control character in the name; not fetched" \
    "a directory name with a newline: exit 2, named visibly, not fetched"
mkdir -p "$T/nl2/a
b" && echo 1 >"$T/nl2/a
b/f"
run_status kp-fetch -s "$T/nls" "$T/nl2/a
b"
is "$rc:$(cat "$T/out")" "2:" "a source directory whose name holds a newline: exit 2, nothing"

done_testing
