#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""A loopback HTTP server that logs what reaches it, for the tests of
what kp-fetch sends where (tests/edges-fetch.t).

usage: server.py DIR ADDRESS [PORT [CERT]]
Listens on ADDRESS (127.0.0.1, 127.0.0.2: both loopback, two hosts to
libcurl) and PORT (0: any), written to DIR/port; with CERT (a PEM file of
a key and its certificate) it speaks HTTPS.  Every request is logged
to DIR/log as "HOST<TAB>PATH<TAB>AUTHORIZATION" ("-" for none).  DIR/to,
read on each request, is the base URL a /redirect/ path answers 302 to
(the rest of the path kept).  /missing/ answers 404; /bykey/ answers
its query as the body, modified at one fixed time, and 304 to a request
with If-Modified-Since (as a server whose content depends on an API key
in the query, and whose files of every key are of one time); anything
else 200 with the body DIR/body, or "{}" without one.  A CONNECT, as a proxy
gets for an https URL, is logged as "CONNECT<TAB>HOST:PORT<TAB>
AUTHORIZATION" and refused (502): what matters is what it carried."""
import os
import ssl
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

DIR, ADDR = sys.argv[1], sys.argv[2]
PORT = int(sys.argv[3]) if len(sys.argv) > 3 else 0
CERT = sys.argv[4] if len(sys.argv) > 4 else None


class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def do_CONNECT(self):
        with open(os.path.join(DIR, "log"), "a") as f:
            f.write("CONNECT\t%s\t%s\n" % (self.path,
                                            self.headers.get("Authorization") or "-"))
        self.send_response(502)
        self.send_header("Content-Length", "0")
        self.send_header("Connection", "close")
        self.end_headers()
        self.close_connection = True

    def do_GET(self):
        with open(os.path.join(DIR, "log"), "a") as f:
            f.write("%s\t%s\t%s\n" % (self.headers.get("Host"), self.path,
                                      self.headers.get("Authorization") or "-"))
        code, extra, body = 200, [], b"{}\n"
        if os.path.exists(os.path.join(DIR, "body")):
            with open(os.path.join(DIR, "body"), "rb") as f:
                body = f.read()
        if self.path.startswith("/redirect/"):
            with open(os.path.join(DIR, "to")) as f:
                to = f.read().strip()
            code, body = 302, b""
            extra = [("Location", to + "/" + self.path[len("/redirect/"):])]
        elif self.path.startswith("/missing/"):
            code, body = 404, b"no\n"
        elif self.path.startswith("/bykey/"):
            extra = [("Last-Modified", "Mon, 01 Jan 2024 00:00:00 GMT")]
            body = (self.path.partition("?")[2] + "\n").encode()
            if self.headers.get("If-Modified-Since"):
                code, body = 304, b""
        self.send_response(code)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        for k, v in extra:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)


srv = ThreadingHTTPServer((ADDR, PORT), H)
srv.daemon_threads = True
if CERT:
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(CERT)
    srv.socket = ctx.wrap_socket(srv.socket, server_side=True)
with open(os.path.join(DIR, "port.tmp"), "w") as f:
    f.write(str(srv.server_address[1]))
os.replace(os.path.join(DIR, "port.tmp"), os.path.join(DIR, "port"))
srv.serve_forever()
