#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""fakelab.py PLAN URL VERSION [SLOWDOWN [asis]]: a lab running a kp-plan plan and
submitting what it measured to SQUAD (URL, the loopback server), as a
TuxSuite job with a submit step would: one testrun per test entry of the
plan (one instance), its metadata from the build and the test parameters,
the .config and TuxMake's metadata.json attached, and each benchmark's
samples as a metric whose measurement_list holds the MMTests iterations
one after another, two samples each (MMTESTS_ITERATIONS in the metadata,
as LKFT's collector names it, says how many).  The numbers are simulated: a per-instance offset (sd 1.5%),
per-iteration noise (sd 0.5%) and the kernel's SLOWDOWN (a fraction).
With "asis", the lab is shaped as real ones are: the lab's submits carry
no unit, no compiler version and no attachment, and SQUAD's TuxSuite
backend adds, for each build, a build testrun (TuxMake's metadata.json
merged into its metadata, so the compiler is nested; build warnings and
duration as metrics without a unit; squad/ci/backend/tuxsuite.py), a
boot testrun with tests and no metrics, and a testrun submitted with no
metadata at all; the build's config is in TuxSuite's storage, here the
server's DIR/tuxsuite/UID/config when SQUAD_DIR names the server's DIR.
For the README walkthrough and the tests only."""
import json
import os
import random
import sys
import urllib.request
import uuid

import yaml

plan_file, url, version = sys.argv[1:4]
slowdown = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
asis = len(sys.argv) > 5 and sys.argv[5] == "asis"
plan = yaml.safe_load(open(plan_file))
# what each MMTests benchmark measures here: (metric name, unit, base)
BENCH = {
    "wis-futex": [("wis-futex/wis/futex1/futex1-threads/futex1/ops@%d" % c, "ops/s", 1e6 * c)
                  for c in (1, 2)],
    "stressng": [("stressng/stressng/context/context/context/bogo-ops@%d" % c, "bogo-ops/s", 2e4 * c)
                 for c in (1, 2)],
}


def post(path, fields, files={}):
    b = uuid.uuid4().hex
    body = b""
    for k, v in fields.items():
        body += ("--%s\r\nContent-Disposition: form-data; name=\"%s\"\r\n\r\n%s\r\n" % (b, k, v)).encode()
    for name, data in files.items():
        body += ("--%s\r\nContent-Disposition: form-data; name=\"attachment\"; filename=\"%s\"\r\n"
                 "Content-Type: application/octet-stream\r\n\r\n" % (b, name)).encode() + data + b"\r\n"
    body += ("--%s--\r\n" % b).encode()
    req = urllib.request.Request(url + path, body, {"Content-Type": "multipart/form-data; boundary=" + b})
    urllib.request.urlopen(req).read()


n = 0
for job in plan["jobs"]:
    build = job["build"]
    gcc = build["toolchain"].split("-")[-1]
    tuxmake = {"build": {"target_arch": build["target_arch"], "toolchain": build["toolchain"],
                         "kconfig": build["kconfig"]},
               "compiler": {"name": "gcc", "version": gcc,
                            "version_full": "gcc (Debian %s.2.0-25) %s.2.0" % (gcc, gcc)},
               "git": {"git_describe": version, "git_commit": build["git_sha"]}}
    config = "".join("# %s\n" % k for k in build["kconfig"]).encode()
    for test in job["tests"]:
        p = test["parameters"]
        inst = test["test_name"]
        rnd = random.Random("%s/%s" % (version, inst))
        irnd = random.Random(inst)  # the machine's own offset, the same for every kernel
        offset = irnd.gauss(0, 0.015)
        metrics = {}
        for suite in p["MMTESTS"].split():
            for name, unit, base in BENCH.get(suite, []):
                metrics[name] = {"unit": unit, "value": [
                    round(base * (1 - slowdown) * (1 + offset + rnd.gauss(0, 0.005)), 1)
                    for _ in range(2 * int(p["MMTEST_ITERATIONS"]))]}
        n += 1
        metadata = {"job_id": "%s.%s" % (p["KP_PLAN"], inst), "instance": inst,
                    "dut": p["dut"], "git_sha": build["git_sha"], "target_arch": build["target_arch"],
                    "toolchain": build["toolchain"], "framework": "mmtests", "kp_plan": p["KP_PLAN"],
                    # the name LKFT's collector records it under
                    "MMTESTS_ITERATIONS": p["MMTEST_ITERATIONS"],
                    "datetime": "2026-12-01T%02d:%02d:00Z" % (n // 60, n % 60)}
        if asis:
            # what a lab that follows kp-parse-squad(1)'s example sends
            metrics = {k: v["value"] for k, v in metrics.items()}
            post("/api/submit/lab/graviton/%s/%s" % (version, p["KP_TARGET"]),
                 {"metrics": json.dumps(metrics), "metadata": json.dumps(metadata)})
        else:
            post("/api/submit/lab/graviton/%s/%s" % (version, p["KP_TARGET"]),
                 {"metrics": json.dumps(metrics), "metadata": json.dumps(metadata)},
                 {"config": config, "metadata.json": json.dumps(tuxmake).encode()})
    if asis:
        # SQUAD's TuxSuite backend: the build and a boot, then a testrun
        # someone submitted without metadata
        name = "%s-%s" % (build["toolchain"], "-".join(build["kconfig"]))
        uid = "%s%s" % (version.replace(".", ""), build["target_arch"])
        storage = "https://storage.example/%s/config" % uid
        if os.environ.get("SQUAD_DIR"):
            os.makedirs(os.path.join(os.environ["SQUAD_DIR"], "tuxsuite", uid), exist_ok=True)
            with open(os.path.join(os.environ["SQUAD_DIR"], "tuxsuite", uid, "config"), "wb") as f:
                f.write(config)
            storage = "%s/tux/%s/config" % (url, uid)
        md = {"job_id": "BUILD:lab@graviton#%s" % uid, "job_url": "https://tuxapi.example/v1/%s" % uid,
              "git_sha": build["git_sha"], "git_describe": version, "toolchain": build["toolchain"],
              "kconfig": build["kconfig"], "target_arch": build["target_arch"],
              "build_status": "pass", "config": storage,
              "build_name": name, "datetime": "2026-12-01T00:00:00Z"}
        md.update(tuxmake)
        post("/api/submit/lab/graviton/%s/%s" % (version, build["target_arch"]),
             {"metrics": json.dumps({"build/%s-warnings" % name: 3, "build/%s-duration" % name: 812.5}),
              "tests": json.dumps({"build/%s" % name: "pass"}), "metadata": json.dumps(md)})
        post("/api/submit/lab/graviton/%s/%s" % (version, build["target_arch"]),
             {"tests": json.dumps({"boot/%s" % name: "pass"}),
              "metadata": json.dumps({"job_id": "TEST:lab@graviton#%sboot" % uid,
                                      "build_name": name})})
        post("/api/submit/lab/graviton/%s/%s" % (version, build["target_arch"]),
             {"tests": json.dumps({"smoke/uname": "pass"})})
