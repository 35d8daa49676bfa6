#!/usr/bin/env python3
"""arena-lobby over real sockets on 127.0.0.1 (ctest cli.lobby.CASE, tests/cli/CMakeLists.txt).

    lobby_test.py CASE BIN_DIR [WEB_DIR]

Each case starts its own lobby on a port the system picks, talks HTTP to it raw over sockets
(python3's standard library only), checks what it answers and what it logs, and stops it. Every
wait is bounded; the ctest TIMEOUT bounds the whole."""
import json
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

CASE, BIN = sys.argv[1], sys.argv[2]
WEB = sys.argv[3] if len(sys.argv) > 3 else None
failures = []
# Every folder a case makes lives in this one, removed when the case passes (kept, and named,
# when it fails: the lobby's log is in it).
SCRATCH = tempfile.mkdtemp(prefix="arena-lobby-")


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAILED:", what, flush=True)


class Lobby:
    def __init__(self, *args):
        self.dir = tempfile.mkdtemp(prefix="lobby-", dir=SCRATCH)
        self.log = open(os.path.join(self.dir, "lobby.txt"), "w+")
        self.proc = subprocess.Popen([os.path.join(BIN, "arena-lobby"), "--listen", "127.0.0.1:0",
                                      *args], stdout=self.log, stderr=subprocess.STDOUT)
        self.port = None
        for _ in range(100):
            m = re.search(r"^listening http://127\.0\.0\.1:(\d+)$", self.text(), re.M)
            if m:
                self.port = int(m.group(1))
                break
            time.sleep(0.05)
        if not self.port:
            raise SystemExit("the lobby never listened: " + self.text())

    def text(self):
        self.log.flush()
        with open(self.log.name) as f:
            return f.read()

    def wait_log(self, pattern, seconds):
        end = time.time() + seconds
        while time.time() < end:
            m = re.search(pattern, self.text(), re.M)
            if m:
                return m
            time.sleep(0.1)
        return None

    def raw(self, data, timeout=10, half_close=False):
        """Sends bytes, reads the answer to its end; returns (status or None, whole answer)."""
        s = socket.create_connection(("127.0.0.1", self.port), timeout=timeout)
        try:
            s.sendall(data)
            if half_close:
                s.shutdown(socket.SHUT_WR)
            out = b""
            while True:
                try:
                    b = s.recv(65536)
                except (ConnectionResetError, socket.timeout):
                    break
                if not b:
                    break
                out += b
        finally:
            s.close()
        m = re.match(rb"HTTP/1\.1 (\d{3}) ", out)
        return (int(m.group(1)) if m else None), out

    def request(self, method, path, body=b"", headers=""):
        req = ("%s %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nContent-Length: %d\r\n%s\r\n"
               % (method, path, self.port, len(body), headers)).encode() + body
        status, out = self.raw(req)
        return status, out.split(b"\r\n\r\n", 1)[1] if b"\r\n\r\n" in out else b""

    def quick_play(self):
        status, body = self.request("POST", "/quick-play")
        return status, json.loads(body)

    def status(self):
        status, body = self.request("GET", "/status")
        check(status == 200, "/status answers 200")
        return json.loads(body)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(40)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


def headless(url, name, token=None):
    args = [os.path.join(BIN, "arena"), "--connect", url, "--headless", "--pilot", "bot",
            "--name", name]
    if token:
        args += ["--token", token]
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def finish(p, seconds=90):
    try:
        out, _ = p.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        p.kill()
        out, _ = p.communicate()
    return p.returncode, out


def case_match():
    """Quick play's url is connectable: two people ask the lobby (arena --connect http://...),
    play the match it starts to its end, and end on the server's hash; the replay verifies."""
    rec = tempfile.mkdtemp(prefix="rec-", dir=SCRATCH)
    lobby = Lobby("--match-size", "2", "--bots", "6", "--ticks", "900", "--record", rec)
    url = "http://127.0.0.1:%d" % lobby.port
    a, b = headless(url, "Ann"), headless(url, "Ben")
    (ra, oa), (rb, ob) = finish(a), finish(b)
    print(oa, ob)
    check(ra == 0 and rb == 0, "both clients end their match (exit 0)")
    m = lobby.wait_log(r"^match 1: hash: ([0-9a-f]{16})$", 30)
    check(m is not None, "the match server ends with its hash")
    if m:
        for o in (oa, ob):
            check(("hash: %s" % m.group(1)) in o, "a client ends on the server's hash")
    text = lobby.text()
    check(re.search(r"^match 1: arena-server: event=join slot=\d+ agent=\d+ name=\"Ann\" addr=127\.0\.0\.1", text, re.M) is not None,
          "Ann took a player slot with her token")
    check(re.search(r"^match 1: arena-server: event=join slot=\d+ agent=\d+ name=\"Ben\" addr=127\.0\.0\.1", text, re.M) is not None,
          "Ben took a player slot with his token")
    check(lobby.wait_log(r"^match 1: ended after", 30) is not None, "the lobby reaps the match")
    st = lobby.status()
    check(st["totals"]["ended"] == 1 and st["totals"]["running"] == 0, "/status: 1 ended, none run")
    replay = re.search(r"^match 1: replay: (.*)$", lobby.text(), re.M)
    check(replay is not None, "the server wrote its replay")
    if replay:
        out = subprocess.run([os.path.join(BIN, "arena"), "--replay", replay.group(1),
                              "--headless"], capture_output=True, text=True, timeout=60).stdout
        check("replay ok" in out, "the match's replay verifies")
    check(lobby.stop() == 0, "the lobby stops with exit 0")
    print(lobby.text())


def case_fill():
    """Two quick plays get the same match until it is full; the match-size+1-th gets a new one;
    --max-matches caps (503 with a JSON error); /status counts them; a client without the
    lobby's token spectates, one with it plays; the token reconnects to the same slot."""
    lobby = Lobby("--match-size", "2", "--max-matches", "2", "--bots", "4")
    answers = [lobby.quick_play() for _ in range(4)]
    for status, body in answers:
        check(status == 200, "a seat while matches have room")
        check(re.fullmatch(r"ws://127\.0\.0\.1:\d+", body.get("url", "")) is not None, "a ws:// url")
        check(re.fullmatch(r"[0-9a-f]{32}", body.get("token", "")) is not None, "a 32-hex token")
    urls = [b["url"] for _, b in answers]
    check(urls[0] == urls[1], "the first two share a match")
    check(urls[2] != urls[0] and urls[2] == urls[3], "the third starts a new match")
    check(len({b["token"] for _, b in answers}) == 4, "every seat its own token")
    status, body = lobby.quick_play()
    check(status == 503 and "error" in body, "--max-matches 2: the fifth gets 503 and an error")
    st = lobby.status()
    ms = st["matches"]
    check(len(ms) == 2 and all(m["players"] == 2 for m in ms), "/status: 2 matches of 2 players")
    check(all(m["state"] == "playing" for m in ms), "/status: both full (playing)")
    check(st["totals"]["seats"] == 4 and st["totals"]["started"] == 2, "/status totals")
    check(st["totals"]["players"] == 4 and st["totals"]["running"] == 2, "/status players, running")
    check("lobby_s" in st["cpu"] and "servers_s" in st["cpu"], "/status has the CPU figures")
    # No token: a spectator. The lobby's token: a player; the same token again: the same slot.
    url, token = answers[0][1]["url"], answers[0][1]["token"]
    plain = headless(url, "Nobody")
    seated = headless(url, "Ann", token)
    time.sleep(3)
    check(lobby.wait_log(r"^match 1: arena-server: event=spectate name=\"Nobody\" addr=127\.0\.0\.1$", 10) is not None,
          "no token: spectates")
    m = lobby.wait_log(r"^match 1: arena-server: event=join slot=(\d+) agent=\d+ name=\"Ann\" addr=127\.0\.0\.1", 10)
    check(m is not None, "the lobby's token: a player slot")
    seated.kill()
    seated.wait()
    again = headless(url, "Ann", token)
    back = lobby.wait_log(r"^match 1: arena-server: event=rejoin slot=(\d+) agent=\d+ name=\"Ann\" addr=127\.0\.0\.1$", 15)
    check(back is not None and m is not None and back.group(1) == m.group(1),
          "the same token reconnects to the same slot")
    for p in (plain, again):
        p.kill()
        p.wait()
    check(lobby.stop() == 0, "the lobby stops with exit 0")
    print(lobby.text())


def case_killed():
    """A match server killed mid-match is logged with its signal, reaped, not restarted; the
    next quick play gets a new match."""
    lobby = Lobby("--match-size", "4", "--bots", "4")
    status, first = lobby.quick_play()
    check(status == 200, "a seat")
    pid = lobby.status()["matches"][0]["pid"]
    os.kill(pid, signal.SIGKILL)
    m = lobby.wait_log(r"^match 1: crashed mid-match \(killed by signal 9 \([^)]*\)\) after .*; "
                       r"not restarted$", 10)
    check(m is not None, "the crash is logged with its signal")
    time.sleep(1.5)
    st = lobby.status()
    check(st["matches"] == [] and st["totals"]["crashed"] == 1 and st["totals"]["started"] == 1,
          "reaped, counted, and not restarted")
    check(re.search(r"^match 2: started", lobby.text(), re.M) is None, "no match started for it")
    status, again = lobby.quick_play()
    check(status == 200 and again["url"] != first["url"], "the next quick play gets a new match")
    check(lobby.status()["totals"]["started"] == 2, "that is match 2")
    check(lobby.stop() == 0, "the lobby stops with exit 0")
    print(lobby.text())


HOSTILE = [
    (b"GET // HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /../../etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /%zz HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /%00 HTTP/1.1\r\nHost: x\r\n\r\n", 400),
    (b"GET /\r\n\r\n", 400),                                   # HTTP/0.9
    (b"GET / HTTP/9.9\r\nHost: x\r\n\r\n", 400),
    (b"BREW /health HTTP/1.1\r\nHost: x\r\n\r\n", 405),       # an unknown method
    (b"DELETE /quick-play HTTP/1.1\r\nHost: x\r\n\r\n", 405),
    (b"GET /quick-play HTTP/1.1\r\nHost: x\r\n\r\n", 405),
    (b"POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n", 405),
    (b"GET /health HTTP/1.1\r\n\r\n", 400),                   # no Host
    (b"GET /health HTTP/1.1\r\nHost: x\r\n" + b"X-Big: " + b"a" * 20000 + b"\r\n\r\n", 431),
    (b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    (b"GET /health HTTP/1.1\r\nHost: x\r\n" + b"A: b\r\n" * 100 + b"\r\n", 431),
    (b"POST /quick-play HTTP/1.1\r\nHost: x\r\nContent-Length: 100000000\r\n\r\n" + b"z" * 65536, 413),
    (b"POST /quick-play HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
    (b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03" + os.urandom(64), 400),  # TLS to plain HTTP
    (os.urandom(3000) + b"\r\n\r\n", None),  # noise: any 4xx
    (b"GET /nope.html HTTP/1.1\r\nHost: x\r\n\r\n", 404),
]


def case_hostile():
    """Every request the lobby cannot serve gets a 4xx, and the lobby goes on answering."""
    web = tempfile.mkdtemp(prefix="web-", dir=SCRATCH)
    with open(os.path.join(web, "index.html"), "w") as f:
        f.write("<p>arena</p>")
    lobby = Lobby("--web", web)
    for data, want in HOSTILE:
        status, out = lobby.raw(data)
        ok = status == want if want else status is not None and 400 <= status < 500
        check(ok, "%r... answered %s (wanted %s)" % (data[:40], status, want or "4xx"))
        check(b"root:" not in out, "nothing outside the folder is sent")
        status, body = lobby.request("GET", "/health")
        check(status == 200 and body == b"ok\n", "the lobby goes on (/health) after %r" % data[:30])
    st = lobby.status()
    check(st["http"]["refused"] >= len(HOSTILE), "/status counts the refusals")
    check(lobby.stop() == 0, "the lobby stops with exit 0")


def case_web():
    """--web serves the build's files with their MIME types (application/wasm), HEAD without a
    body, / as index.html, and nothing hidden or outside."""
    web = WEB
    names = {"index.html": "text/html; charset=utf-8", "page.js": "text/javascript; charset=utf-8",
             "arena.js": "text/javascript; charset=utf-8", "arena.wasm": "application/wasm",
             "arena.data": "application/octet-stream"}
    if not web:
        web = tempfile.mkdtemp(prefix="web-", dir=SCRATCH)
        for n in names:
            with open(os.path.join(web, n), "wb") as f:
                f.write(os.urandom(200000) if n != "index.html" else b"<p>arena</p>")
        with open(os.path.join(web, ".secret"), "w") as f:
            f.write("hidden")
        os.mkdir(os.path.join(web, "sub"))
    lobby = Lobby("--web", web)
    for n, mime in names.items():
        status, out = lobby.raw(("GET /%s HTTP/1.1\r\nHost: x\r\n\r\n" % n).encode())
        head, _, body = out.partition(b"\r\n\r\n")
        with open(os.path.join(web, n), "rb") as f:
            want = f.read()
        check(status == 200 and body == want, "%s is sent whole" % n)
        check(("Content-Type: %s\r\n" % mime).encode() in head, "%s as %s" % (n, mime))
        status, out = lobby.raw(("HEAD /%s HTTP/1.1\r\nHost: x\r\n\r\n" % n).encode())
        check(status == 200 and out.endswith(b"\r\n\r\n") and
              ("Content-Length: %d\r\n" % len(want)).encode() in out, "HEAD %s: no body" % n)
    status, out = lobby.raw(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    with open(os.path.join(web, "index.html"), "rb") as f:
        check(status == 200 and out.endswith(f.read()), "/ is index.html")
    for path in ("/.secret", "/sub", "/sub/", "/missing.js"):
        status, _ = lobby.raw(("GET %s HTTP/1.1\r\nHost: x\r\n\r\n" % path).encode())
        check(status in (400, 404), "%s is not served (%s)" % (path, status))
    check(lobby.stop() == 0, "the lobby stops with exit 0")


def raise_files():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def half_open(port, count):
    """count TCP connections that never send a byte (non-blocking connects)."""
    socks = []
    for _ in range(count):
        s = socket.socket()
        s.setblocking(False)
        try:
            s.connect_ex(("127.0.0.1", port))
        except OSError:
            s.close()
            break
        socks.append(s)
    return socks


def case_slowloris():
    """A connection that sends its head slowly is closed at --request-timeout; the lobby answers
    others meanwhile."""
    lobby = Lobby("--request-timeout", "2")
    s = socket.create_connection(("127.0.0.1", lobby.port), timeout=10)
    start = time.time()
    closed = False
    s.sendall(b"GET /health HTTP/1.1\r\n")
    for _ in range(120):  # a quarter second each: the lobby must close it long before the end
        try:
            s.sendall(b"X-a: b\r\n")
            status, body = lobby.request("GET", "/health")
            check(status == 200, "the lobby answers others during a slow head")
            s.settimeout(0.25)
            if s.recv(100) == b"":
                closed = True
                break
        except socket.timeout:
            continue
        except (BrokenPipeError, ConnectionResetError):
            closed = True
            break
    print("closed after %.1f s" % (time.time() - start))
    check(closed, "the slow connection is closed")
    check(lobby.status()["http"]["timed_out"] >= 1, "/status counts it timed out")
    check(lobby.stop() == 0, "the lobby stops with exit 0")


def case_flood():
    """The lobby and a match server survive a flood on loopback (up to 10,000 half-open
    connections to each in turn, garbage and slow heads on the HTTP port) while a client plays
    its match to its end."""
    hard = raise_files()
    count = max(0, min(10000, hard - 300))
    print("flooding with %d half-open connections each (hard limit %d)" % (count, hard))
    lobby = Lobby("--match-size", "2", "--bots", "6", "--ticks", "1500", "--request-timeout", "3")
    status, seat = lobby.quick_play()
    check(status == 200, "a seat")
    port = int(seat["url"].rsplit(":", 1)[1])
    player = headless(seat["url"], "Ann", seat["token"])
    time.sleep(2)  # joined and playing
    flood = half_open(lobby.port, count)
    noise = []
    for i in range(100):  # garbage, and heads that never end
        s = socket.create_connection(("127.0.0.1", lobby.port), timeout=5)
        s.sendall(os.urandom(512) if i % 2 else b"GET / HTTP/1.1\r\nX: ")
        noise.append(s)
    status, body = lobby.request("GET", "/health")
    check(status == 200, "the lobby answers during its flood")
    for _ in range(200):  # connects past the accept queue retry their SYN: up to 20 s for most
        if lobby.status()["http"]["connections"] >= count // 2:
            break
        time.sleep(0.1)
    check(lobby.status()["http"]["connections"] >= count // 2, "the flood reached the lobby")
    status, second = lobby.quick_play()
    check(status == 200, "quick play works during the flood")
    for s in flood + noise:
        s.close()
    flood = half_open(port, count)
    time.sleep(3)
    status, body = lobby.request("GET", "/health")
    check(status == 200, "the lobby answers during the server's flood")
    code, out = finish(player, 120)
    for s in flood:
        s.close()
    print(out)
    check(code == 0, "the playing client ends its match (exit 0)")
    m = lobby.wait_log(r"^match 1: hash: ([0-9a-f]{16})$", 30)
    check(m is not None and ("hash: %s" % m.group(1)) in out, "on the server's hash")
    check(re.search(r"^match 1: arena-server: event=join slot=\d+ agent=\d+ name=\"Ann\"",
                    lobby.text(), re.M) is not None,
          "Ann played")
    st = lobby.status()
    print(json.dumps(st["http"]))
    check(st["totals"]["crashed"] == 0, "no server crashed")
    check(lobby.stop() == 0, "the lobby stops with exit 0")
    print(re.findall(r"^match 1: server: .*$", lobby.text(), re.M))


def case_windowed():
    """The windowed game (SDL's dummy video driver) joins through the lobby, with
    --connect http://... and with --connect ws://... --token HEX, and takes a player slot each
    time."""
    home = tempfile.mkdtemp(prefix="home-", dir=SCRATCH)
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", XDG_DATA_HOME=home)
    lobby = Lobby("--match-size", "2", "--bots", "4")
    url = "http://127.0.0.1:%d" % lobby.port
    status, seat = lobby.quick_play()
    check(status == 200, "a seat")
    games = [subprocess.Popen([os.path.join(BIN, "arena"), "--connect", url, "--name", "Win"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
             subprocess.Popen([os.path.join(BIN, "arena"), "--connect", seat["url"], "--token",
                               seat["token"], "--name", "Tok"], env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    check(lobby.wait_log(r"^match 1: arena-server: event=join slot=\d+ agent=\d+ name=\"Win\" addr=127\.0\.0\.1", 30) is not None,
          "the window asked the lobby and took a slot")
    check(lobby.wait_log(r"^match 1: arena-server: event=join slot=\d+ agent=\d+ name=\"Tok\" addr=127\.0\.0\.1", 30) is not None,
          "the window's --token took a slot")
    for g in games:
        g.kill()
        g.wait()
    check(lobby.stop() == 0, "the lobby stops with exit 0")
    print(lobby.text())


def case_stop():
    """SIGTERM: the lobby ends its running matches as their end would (their hash lines) and
    exits 0."""
    lobby = Lobby("--match-size", "2", "--bots", "4")
    status, _ = lobby.quick_play()
    check(status == 200, "a seat")
    check(lobby.stop() == 0, "exit 0")
    text = lobby.text()
    check(re.search(r"^match 1: hash: [0-9a-f]{16}$", text, re.M) is not None, "the match ended")
    check(re.search(r"^match 1: ended after", text, re.M) is not None, "and was reaped")
    check(text.rstrip().endswith("stopped"), "then the lobby stopped")


CASES = {n[5:]: f for n, f in globals().items() if n.startswith("case_")}
if CASE not in CASES:
    raise SystemExit("no case " + CASE)
CASES[CASE]()
if failures:
    print("%d check(s) failed; the case's files are in %s" % (len(failures), SCRATCH))
    sys.exit(1)
shutil.rmtree(SCRATCH, ignore_errors=True)
print("ok")
