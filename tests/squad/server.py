#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A loopback SQUAD: the REST API shapes kp-fetch reads and the submit
API a lab writes with (POST /api/submit/GROUP/PROJECT/BUILD/ENV,
multipart: tests, metrics, metadata, attachment), as Linaro/squad has
them (squad/api/rest.py, squad/api/utils.py, squad/settings.py,
squad/core/models.py, squad/core/tasks, squad/api/views.py):
- listings page by limit/offset with "count" (settings.py's default
  LimitOffsetPagination), build/ID/testruns/ included; a testrun's
  metrics/ by cursor (CursorPaginationWithPageSize), without "count";
- build/ID/metadata/ is the union of its testruns' metadata, a key whose
  values differ giving the sorted list of them (Build.metadata);
- a testrun's "metrics" and "tests" links are null when it has none
  (HyperlinkedMetricsIdentityField); its metadata_file is served as
  the text None when it was submitted without metadata (HttpResponse of
  a null field);
- a metric submitted without a unit has "unit": null;
- a submit needs an existing project (404 otherwise: projects are made
  by an administrator, here the lines GROUP/PROJECT of DIR/projects),
  makes up a job_id when the metadata has none, and answers 400 to a
  job_id the build already has (DuplicatedTestJob).
For tests and the README walkthrough only.

usage: server.py DIR [TOKEN]
DIR/projects lists the projects (GROUP/PROJECT, one a line);
DIR/port gets the port; DIR/state.json keeps what was submitted;
DIR/tuxsuite/UID/ holds TuxSuite builds: status.json (its download_url
"@DL@" stands for this server's /tux/UID/) and the artifacts metadata.json
and config, served at /v1/groups/G/projects/P/builds/UID and /tux/UID/F;
with TOKEN, they want "Authorization: TOKEN" as TuxSuite does.
DIR/faults, read on every request, holds words that break the server:
  401      every request without the token is refused
  500      the builds listing answers 500
  slow     the metrics listing waits 30 s before answering
  truncate attachments stop short of their Content-Length
  loop     the testruns listing comes back to its first page
  nometa   a testrun's metadata_file is 404
  sameurl  every testrun's "url" is the first's
"""
import email.parser
import json
import os
import sys
import time
import urllib.parse
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DIR = sys.argv[1]
TOKEN = sys.argv[2] if len(sys.argv) > 2 else None
STATE = os.path.join(DIR, "state.json")
PAGE = 2  # small pages (offset listings: 1), so that every listing pages


def load():
    try:
        with open(STATE) as f:
            return json.load(f)
    except FileNotFoundError:
        return {"projects": [], "builds": [], "testruns": [], "envs": []}


def projects(st):
    """the projects of DIR/projects, numbered in their order"""
    try:
        with open(os.path.join(DIR, "projects")) as f:
            names = [x.strip() for x in f if x.strip()]
    except FileNotFoundError:
        names = []
    st["projects"] = [{"id": i, "group": n.split("/", 1)[0], "slug": n.split("/", 1)[1]}
                      for i, n in enumerate(names, 1)]
    return st


def save(st):
    tmp = STATE + ".tmp"
    with open(tmp, "w") as f:
        json.dump(st, f)
    os.replace(tmp, STATE)


def faults():
    try:
        with open(os.path.join(DIR, "faults")) as f:
            return f.read().split()
    except FileNotFoundError:
        return []


class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def base(self):
        return "http://%s/api/" % self.headers["Host"]

    def send(self, code, body, ctype="application/json", short=0):
        if not isinstance(body, bytes):
            body = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body[:len(body) - short])
        if short:
            self.wfile.flush()
            self.close_connection = True

    def authorised(self):
        if "401" in faults() or TOKEN:
            if self.headers.get("Authorization") != "Token %s" % (TOKEN or "-"):
                self.send(401, {"detail": "Authentication credentials were not provided."})
                return False
        return True

    def offset_page(self, items, q, path, loop=False):
        off = int(q.get("offset", ["0"])[0])
        lim = int(q.get("limit", ["1"])[0])
        nxt = None
        q2 = dict((k, v[0]) for k, v in q.items())
        if off + lim < len(items):
            q2.update(offset=off + lim, limit=lim)
            nxt = self.base() + path + "?" + urllib.parse.urlencode(q2)
        elif loop:
            q2.update(offset=0, limit=lim)
            nxt = self.base() + path + "?" + urllib.parse.urlencode(q2)
        return {"count": len(items), "next": nxt, "previous": None,
                "results": items[off:off + lim]}

    def cursor_page(self, items, q, path, loop=False):
        cur = q.get("cursor", ["o0"])[0]
        off = int(cur[1:])
        nxt = None
        if off + PAGE < len(items):
            nxt = self.base() + path + "?cursor=o%d" % (off + PAGE)
        elif loop:
            nxt = self.base() + path + "?cursor=o0"
        return {"next": nxt, "previous": None, "results": items[off:off + PAGE]}

    def build_obj(self, st, b):
        u = self.base() + "builds/%d/" % b["id"]
        return {"url": u, "id": b["id"], "version": b["version"],
                "project": self.base() + "projects/%d/" % b["project"],
                "datetime": b["datetime"], "finished": True,
                "testruns": u + "testruns/", "metadata": u + "metadata/",
                "status": u + "status/", "testjobs": u + "testjobs/"}

    def testrun_obj(self, st, t):
        u = self.base() + "testruns/%d/" % t["id"]
        return {"url": self.base() + "testruns/1/" if "sameurl" in faults() else u,
                "id": t["id"], "build": self.base() + "builds/%d/" % t["build"],
                "environment": self.base() + "environments/%d/" % t["env"],
                "job_id": t["job_id"], "job_url": (t["metadata"] or {}).get("job_url"),
                "completed": True, "datetime": t["datetime"],
                "metadata_file": u + "metadata_file/",
                "metrics": u + "metrics/" if t["metrics"] else None,
                "tests": u + "tests/" if t.get("tests") else None, "log_file": u + "log_file/",
                "attachments": [{"download_url": u + "attachments/?filename=" +
                                 urllib.parse.quote(n, safe=""), "filename": n,
                                 "mimetype": "application/octet-stream", "length": len(c.encode("latin-1"))}
                                for n, c in sorted(t["attachments"].items())]}

    def tuxsuite(self):
        parts = urllib.parse.urlsplit(self.path).path.strip("/").split("/")
        if TOKEN and self.headers.get("Authorization") != TOKEN:
            return self.send(401, {"error": "unauthorized"})
        if parts[0] == "tux" and len(parts) == 3:
            f = os.path.join(DIR, "tuxsuite", parts[1], parts[2])
            if parts[2] in ("metadata.json", "config") and os.path.exists(f):
                return self.send(200, open(f, "rb").read(), "application/octet-stream")
            return self.send(404, {"error": "not found"})
        f = os.path.join(DIR, "tuxsuite", parts[-1], "status.json")
        if len(parts) == 7 and parts[5] == "builds" and os.path.exists(f):
            body = open(f).read().replace("@DL@", "http://%s/tux/%s/" % (self.headers["Host"], parts[-1]))
            return self.send(200, body.encode())
        return self.send(404, {"error": "not found"})

    def do_GET(self):
        if self.path.startswith("/v1/") or self.path.startswith("/tux/"):
            return self.tuxsuite()
        if not self.authorised():
            return
        st = projects(load())
        u = urllib.parse.urlsplit(self.path)
        q = urllib.parse.parse_qs(u.query)
        p = u.path[len("/api/"):] if u.path.startswith("/api/") else None
        parts = p.strip("/").split("/") if p is not None else []
        F = faults()
        if p == "projects/":
            items = [{"url": self.base() + "projects/%d/" % x["id"], "id": x["id"],
                      "slug": x["slug"], "name": x["slug"], "full_name": x["group"] + "/" + x["slug"]}
                     for x in st["projects"] if x["slug"] == q.get("slug", [x["slug"]])[0]]
            return self.send(200, self.offset_page(items, q, p))
        if p == "builds/":
            if "500" in F:
                return self.send(500, b"<h1>Server Error (500)</h1>", "text/html")
            items = [self.build_obj(st, b) for b in st["builds"]
                     if str(b["project"]) == q.get("project", [""])[0]
                     and b["version"] == q.get("version", [b["version"]])[0]]
            return self.send(200, self.offset_page(items, q, p))
        if len(parts) >= 2 and parts[0] == "builds":
            b = [x for x in st["builds"] if str(x["id"]) == parts[1]]
            if not b:
                return self.send(404, {"detail": "Not found."})
            b = b[0]
            if len(parts) == 2:
                return self.send(200, self.build_obj(st, b))
            if parts[2] == "metadata":
                md = {}
                for t in st["testruns"]:
                    if t["build"] == b["id"]:
                        for k, v in (t["metadata"] or {}).items():
                            md.setdefault(k, [])
                            if v not in md[k]:
                                md[k].append(v)
                md = {k: v[0] if len(v) == 1 else sorted(v, key=str) for k, v in md.items()}
                return self.send(200, md)
            if parts[2] == "testruns":
                items = [self.testrun_obj(st, t) for t in reversed(st["testruns"]) if t["build"] == b["id"]]
                return self.send(200, self.offset_page(items, q, p, "loop" in F))
        if len(parts) >= 2 and parts[0] == "environments":
            e = [x for x in st["envs"] if str(x["id"]) == parts[1]]
            if not e:
                return self.send(404, {"detail": "Not found."})
            return self.send(200, {"url": self.base() + "environments/%d/" % e[0]["id"],
                                   "id": e[0]["id"], "slug": e[0]["slug"], "name": e[0]["slug"]})
        if len(parts) >= 2 and parts[0] == "testruns":
            t = [x for x in st["testruns"] if str(x["id"]) == parts[1]]
            if not t:
                return self.send(404, {"detail": "Not found."})
            t = t[0]
            if len(parts) == 2:
                return self.send(200, self.testrun_obj(st, t))
            if parts[2] == "metadata_file":
                if "nometa" in F:
                    return self.send(404, {"detail": "Not found."})
                if t["metadata"] is None:
                    return self.send(200, b"None")
                return self.send(200, json.dumps(t["metadata"]).encode())
            if parts[2] == "metrics":
                if "slow" in F:
                    time.sleep(30)
                items = [{"name": n, "short_name": n.rsplit("/", 1)[-1],
                          "result": sum(v) / len(v), "unit": t["units"].get(n),
                          "measurement_list": v, "is_outlier": False,
                          "build": self.base() + "builds/%d/" % t["build"],
                          "environment": self.base() + "environments/%d/" % t["env"]}
                         for n, v in t["metrics"]]
                return self.send(200, self.cursor_page(items, q, p))
            if parts[2] == "attachments":
                n = q.get("filename", [""])[0]
                if n not in t["attachments"]:
                    return self.send(404, {"detail": "Not found."})
                return self.send(200, t["attachments"][n].encode("latin-1"),
                                 "application/octet-stream", 100 if "truncate" in F else 0)
        return self.send(404, {"detail": "Not found."})

    def do_POST(self):
        if not self.authorised():
            return
        u = urllib.parse.urlsplit(self.path).path.strip("/").split("/")
        if len(u) != 6 or u[:2] != ["api", "submit"]:
            return self.send(404, {"detail": "Not found."})
        g, pr, ver, env = [urllib.parse.unquote(x) for x in u[2:]]
        body = self.rfile.read(int(self.headers["Content-Length"]))
        msg = email.parser.BytesParser().parsebytes(
            b"Content-Type: " + self.headers["Content-Type"].encode() + b"\r\n\r\n" + body)
        fields, files = {}, {}
        for part in msg.get_payload():
            name = part.get_param("name", header="content-disposition")
            data = part.get_payload(decode=True)
            if part.get_filename() and name == "attachment":
                files[part.get_filename()] = data.decode("latin-1")
            else:
                fields[name] = data.decode()
        metadata = json.loads(fields["metadata"]) if "metadata" in fields else None
        metrics = json.loads(fields.get("metrics", "{}"))
        tests = json.loads(fields.get("tests", "{}"))
        st = projects(load())
        pj = [x for x in st["projects"] if (x["group"], x["slug"]) == (g, pr)]
        if not pj:
            return self.send(404, b"<h1>Not Found</h1>", "text/html")
        b = [x for x in st["builds"] if x["project"] == pj[0]["id"] and x["version"] == ver]
        job_id = (metadata or {}).get("job_id")
        if job_id is None:
            job_id = str(uuid.uuid4())
        elif b and any(t["build"] == b[0]["id"] and t["job_id"] == str(job_id) for t in st["testruns"]):
            return self.send(400, ("There is already a test run with job_id %s" % job_id).encode(),
                             "text/html")
        stamp = (metadata or {}).get("datetime", "2026-12-01T00:00:00Z")
        if not b:
            st["builds"].append({"id": len(st["builds"]) + 1, "project": pj[0]["id"],
                                 "version": ver, "datetime": stamp})
            b = st["builds"][-1:]
        e = [x for x in st["envs"] if x["slug"] == env]
        if not e:
            st["envs"].append({"id": len(st["envs"]) + 1, "slug": env})
            e = st["envs"][-1:]
        units = {}
        ms = []
        for n, v in metrics.items():
            if isinstance(v, dict):
                if v.get("unit") is not None:
                    units[n] = v["unit"]
                v = v["value"]
            ms.append([n, v if isinstance(v, list) else [v]])
        st["testruns"].append({"id": len(st["testruns"]) + 1, "build": b[0]["id"], "env": e[0]["id"],
                               "datetime": stamp, "job_id": str(job_id),
                               "metadata": metadata, "metrics": ms, "units": units,
                               "tests": tests, "attachments": files})
        save(st)
        return self.send(201, {"detail": "created"})


srv = ThreadingHTTPServer(("127.0.0.1", 0), H)
with open(os.path.join(DIR, "port.tmp"), "w") as f:
    f.write(str(srv.server_address[1]))
os.replace(os.path.join(DIR, "port.tmp"), os.path.join(DIR, "port"))
srv.serve_forever()
