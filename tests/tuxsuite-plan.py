#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""What `tuxsuite plan submit PLAN` checks before it sends anything,
re-implemented from tuxsuite 1.44.4's source for kp's tests (the client
itself is not packaged in Debian).

- tuxsuite/schema.py, plan(): version 1; name and description strings
  when given; jobs a list, each job one of eight shapes made of name,
  build or builds, test or tests and sanity_test, no other key (the
  job schemas are nested voluptuous Schemas: extra keys are refused;
  only the top level takes extra keys).
- tuxsuite/__init__.py, BuildPlan.apply(): each build of a job is paired
  with all of the job's tests; `sharding: N` copies a test N times.
  BuildPlan.create_builds(): each build is build.Build(**args, **build),
  the plan's --git-repo/--git-sha arguments overridden by the build.
- tuxsuite/build.py, Build: git_repo an http, https or git URL; exactly
  one of git_ref and git_sha, a git_sha of 40 hex digits; target_arch,
  kconfig and toolchain required; make_variables only from the allowed
  names; Build(**data) takes no other keyword (docs/tuxbuild).
- Test: device is required.
- cli/plan.py, submit: prints the plan's name and description, read as
  plan["description"]: a plan without one fails with KeyError.

Usage: tuxsuite-plan.py PLAN.yaml...; prints the builds and tests the
client would create, one per line, or the first error and exits 1.
"""
import re
import sys

import yaml

MAKE_VARIABLES = {"C", "W", "LLVM", "LLVM_IAS", "LD", "AR", "NM", "STRIP",
                  "OBJCOPY", "OBJDUMP", "READELF", "HOSTAR", "HOSTLD"}
BUILD_KEYS = {"git_repo", "git_ref", "git_sha", "target_arch", "toolchain",
              "kconfig", "targets", "make_variables", "environment",
              "kernel_image", "build_name", "patch_series", "image_sha",
              "no_cache", "callback", "callback_headers", "is_public",
              "notify_emails"}
JOB_SHAPES = [  # (required, optional) keys, as schema.plan() lists them
    ({"build"}, {"name", "sanity_test"}),
    ({"build", "test"}, {"name", "sanity_test"}),
    ({"build", "tests"}, {"name", "sanity_test"}),
    ({"builds"}, {"name", "sanity_test"}),
    ({"builds", "test"}, {"name", "sanity_test"}),
    ({"builds", "tests"}, {"name", "sanity_test"}),
    ({"tests"}, {"name", "sanity_test"}),
    ({"test"}, {"name", "sanity_test"}),
]
TYPES = {"name": str, "build": dict, "builds": list, "test": dict,
         "tests": list, "sanity_test": dict}


class Invalid(Exception):
    pass


def job_ok(job):
    if not isinstance(job, dict):
        return False
    for req, opt in JOB_SHAPES:
        keys = set(job)
        if req <= keys and keys <= req | opt and \
                all(isinstance(job[k], TYPES[k]) for k in keys):
            return True
    return False


def check_schema(plan):
    if not isinstance(plan, dict):
        raise Invalid("expected a dictionary")
    if plan.get("version") != 1:
        raise Invalid("not a valid value for dictionary value @ data['version']")
    for k in ("name", "description"):
        if k in plan and not isinstance(plan[k], str):
            raise Invalid("expected str for dictionary value @ data['%s']" % k)
    jobs = plan.get("jobs")
    if not isinstance(jobs, list):
        raise Invalid("required key not provided @ data['jobs']")
    for i, job in enumerate(jobs):
        if not job_ok(job):
            raise Invalid("not a valid value @ data['jobs'][%d]" % i)


def apply(plan):
    """BuildPlan.apply: (build or None, tests) per build of each job"""
    out = []
    for job in plan["jobs"]:
        builds = [job["build"]] if "build" in job else job.get("builds", [])
        tests = [job["test"]] if "test" in job else job.get("tests", [])
        expanded = []
        for t in tests:
            t = dict(t)
            n = t.pop("sharding", None)
            if n is None:
                expanded.append(t)
                continue
            for i in range(1, n + 1):
                c = dict(t, parameters=dict(t.get("parameters", {}),
                                            SHARD_NUMBER=n, SHARD_INDEX=i))
                expanded.append(c)
        for b in builds or [None]:
            out.append((b, expanded))
    return out


def build(data):
    """build.Build(**data)'s checks"""
    extra = set(data) - BUILD_KEYS
    if extra:
        raise Invalid("Build() got an unexpected keyword argument '%s'" % sorted(extra)[0])
    for k in ("git_repo", "target_arch", "kconfig", "toolchain"):
        if not data.get(k):
            raise Invalid("%s is mandatory" % k)
    if not isinstance(data["git_repo"], str) or \
            not re.match(r"(https?|git)://", data["git_repo"]):
        raise Invalid("git_repo must be an http, https or git URL")
    if ("git_ref" in data) == ("git_sha" in data):
        raise Invalid("exactly one of git_ref and git_sha is required")
    if "git_sha" in data and not re.fullmatch(r"[0-9a-f]{40}", str(data["git_sha"])):
        raise Invalid("git_sha must be a full 40-character SHA")
    kc = data["kconfig"]
    if not (isinstance(kc, str) or (isinstance(kc, list) and
                                    all(isinstance(x, str) for x in kc))):
        raise Invalid("kconfig must be a string or a list of strings")
    for k in data.get("make_variables", {}) or {}:
        if k not in MAKE_VARIABLES:
            raise Invalid("make variable %s not allowed" % k)
    return "build %s %s %s %s %s" % (data["git_sha"] if "git_sha" in data else data["git_ref"],
                                     data["target_arch"], data["toolchain"],
                                     "+".join([kc] if isinstance(kc, str) else kc),
                                     data["git_repo"])


def test(t):
    if not isinstance(t, dict) or "device" not in t:
        raise Invalid("a test needs a device")
    p = t.get("parameters", {})
    return "test %s %s %s" % (t["device"], t.get("test_name", "-"),
                              p.get("dut", "-") if isinstance(p, dict) else "-")


def submit(path):
    plan = yaml.safe_load(open(path))
    check_schema(plan)
    # cli/plan.py: plan_info(plan["name"], plan["description"])
    for k in ("name", "description"):
        if k not in plan:
            raise Invalid("KeyError: '%s'" % k)
    lines = []
    for b, tests in apply(plan):
        if b is None:
            for t in tests:
                if "kernel" not in t:
                    raise Invalid("a test without a build needs a kernel")
        else:
            lines.append(build(dict(b)))
        for t in tests:
            lines.append("  " + test(t))
    return lines


def main():
    rc = 0
    for path in sys.argv[1:]:
        try:
            print("\n".join(submit(path)))
        except Invalid as e:
            print("%s: %s" % (path, e), file=sys.stderr)
            rc = 1
    return rc


if __name__ == "__main__":
    sys.exit(main())
