#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A loopback SQUAD (and TuxSuite) that is not to be trusted: for the
tests of kp-fetch's credentials and bounds only.

usage: hostile.py DIR [TOKEN]
DIR/port gets the port.  Every request is logged to DIR/log as
"PATH<TAB>AUTHORIZATION" ("-" for none).  DIR/other, read on every
request, holds another origin's base URL (another of these servers);
DIR/faults holds words:
  next      the builds listing's next page is on the other origin
  testruns  a build's testruns listing is there
  meta      a build's metadata is there
  env       a testrun's environment is there
  metafile  a testrun's metadata_file is there
  metrics   a testrun's metrics listing is there
  att       an attachment's download_url is there
  redirect  an attachment here answers 302 to the other origin
  case      links spell this origin's host in capitals
  endless   the builds listing's cursor never repeats (1 KB a page)
  drip      the builds listing sends a byte every 0.25 s
  localurl  a testrun's "url" is a local path
  signed    an attachment's download_url has a presigned query (S3's)
  nodl      a TuxSuite build's download_url is empty
With TOKEN, /api/ wants "Token TOKEN" and /v1/ wants "TOKEN"; /tux/
(TuxSuite's storage) wants nothing.  A TuxSuite build /v1/.../builds/U
has its download_url on the other origin when there is one.
"""
import json
import os
import sys
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DIR = sys.argv[1]
TOKEN = sys.argv[2] if len(sys.argv) > 2 else None


def read(name, default=""):
    try:
        with open(os.path.join(DIR, name)) as f:
            return f.read().strip()
    except FileNotFoundError:
        return default


class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def send(self, code, body, ctype="application/json", extra=()):
        if not isinstance(body, bytes):
            body = json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        for k, v in extra:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        auth = self.headers.get("Authorization")
        with open(os.path.join(DIR, "log"), "a") as f:
            f.write("%s\t%s\n" % (self.path, auth or "-"))
        F = read("faults").split()
        host = self.headers["Host"]
        here = "http://%s" % (host.upper() if "case" in F else host)
        other = read("other") or here

        def at(word):
            return (other if word in F else here) + "/api/"
        u = urllib.parse.urlsplit(self.path)
        q = urllib.parse.parse_qs(u.query)
        p = u.path
        if p.startswith("/tux/"):
            name = p.rsplit("/", 1)[-1]
            return self.send(200, b"CONFIG_HZ=100\n" if name == "config" else b"{}\n",
                             "application/octet-stream")
        if p.startswith("/v1/"):
            if TOKEN and auth != TOKEN:
                return self.send(401, {"error": "unauthorized"})
            return self.send(200, {"git_sha": "0" * 40, "download_url": "" if "nodl" in F else
                                   (read("other") or here) + "/tux/" + p.rsplit("/", 1)[-1] + "/"})
        if TOKEN and auth != "Token " + TOKEN:
            return self.send(401, {"detail": "Authentication credentials were not provided."})
        api = here + "/api/"
        if p == "/api/projects/":
            return self.send(200, {"next": None, "results": [
                {"id": 1, "slug": "p", "full_name": "g/p"}]})
        if p == "/api/builds/":
            if "drip" in F:
                return self.drip()
            if "endless" in F:
                n = int(q.get("cursor", ["0"])[0]) + 1
                return self.send(200, {"next": api + "builds/?project=1&cursor=%d" % n,
                                       "results": [{"pad": "x" * 1000}]})
            nxt = at("next") + "builds/?project=1&page=2" if "next" in F and "page" not in q else None
            b = api + "builds/1/"
            return self.send(200, {"next": nxt, "results": [] if "page" in q else [
                {"id": 1, "version": "v1", "url": b,
                 "testruns": at("testruns") + "builds/1/testruns/",
                 "metadata": at("meta") + "builds/1/metadata/"}]})
        if p == "/api/builds/1/testruns/":
            t = "/tmp/../etc/./passwd" if "localurl" in F else api + "testruns/1/"
            att = (at("att") + "testruns/1/attachments/a.txt" if "redirect" not in F
                   else here + "/redirect/a.txt")
            if "signed" in F:
                att += "?X-Amz-Credential=AKIAKP&X-Amz-Signature=5ec7e7"
            return self.send(200, {"next": None, "results": [
                {"id": 1, "url": t, "environment": at("env") + "environments/1/",
                 "metadata_file": at("metafile") + "testruns/1/metadata_file/",
                 "metrics": at("metrics") + "testruns/1/metrics/",
                 "attachments": [{"filename": "a.txt", "download_url": att, "length": 6}]}]})
        if p == "/api/testruns/1/metrics/":
            return self.send(200, {"next": None, "results": [
                {"name": "j/s/b/t/o/ops", "unit": "ops/s", "measurement_list": [1]}]})
        if p == "/api/testruns/1/attachments/a.txt":
            return self.send(200, b"hello\n", "application/octet-stream")
        if p.startswith("/api/"):
            return self.send(200, {"next": None, "results": []})
        return self.send(404, {"detail": "Not found."})

    def drip(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "400")
        self.end_headers()
        try:
            for _ in range(400):	# at most 100 s
                self.wfile.write(b" ")
                self.wfile.flush()
                time.sleep(0.25)
        except OSError:
            pass
        self.close_connection = True


class R(H):
    def do_GET(self):
        if self.path.startswith("/redirect/"):
            with open(os.path.join(DIR, "log"), "a") as f:
                f.write("%s\t%s\n" % (self.path, self.headers.get("Authorization") or "-"))
            return self.send(302, b"", "text/plain",
                             [("Location", read("other") + "/api/testruns/1/attachments/a.txt")])
        return H.do_GET(self)


srv = ThreadingHTTPServer(("127.0.0.1", 0), R)
srv.daemon_threads = True
with open(os.path.join(DIR, "port.tmp"), "w") as f:
    f.write(str(srv.server_address[1]))
os.replace(os.path.join(DIR, "port.tmp"), os.path.join(DIR, "port"))
srv.serve_forever()
