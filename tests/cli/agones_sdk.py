#!/usr/bin/env python3
# agones_sdk.py PORT_FILE CALLS_FILE RECORD_DIR: a stand-in for Agones' SDK gateway on 127.0.0.1
# (a port the system picks, written to PORT_FILE). Each POST is written to CALLS_FILE as
# `PATH BODY replay=yes|no` (whether RECORD_DIR holds a replay by then). The first /ready is
# answered 503, as a sidecar that is not up yet would, the rest 200 `{}`. Exits after /shutdown,
# or after 60 s.
import http.server, os, sys, threading

port_file, calls_file, record_dir = sys.argv[1:4]
calls = open(calls_file, "w", buffering=1)
readies = 0


class Gateway(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        global readies
        body = self.rfile.read(int(self.headers.get("Content-Length", "0"))).decode()
        replay = any(f.endswith(".arp") for f in os.listdir(record_dir))
        calls.write(f"{self.path} {body} type={self.headers.get('Content-Type')} "
                    f"replay={'yes' if replay else 'no'}\n")
        readies += self.path == "/ready"
        status = 503 if self.path == "/ready" and readies == 1 else 200
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")
        if self.path == "/shutdown":
            threading.Thread(target=self.server.shutdown).start()

    def log_message(self, *args):
        pass


server = http.server.HTTPServer(("127.0.0.1", 0), Gateway)
with open(port_file + ".tmp", "w") as f:
    f.write(str(server.server_address[1]))
os.rename(port_file + ".tmp", port_file)
threading.Timer(60, server.shutdown).start()
server.serve_forever()
os._exit(0)
