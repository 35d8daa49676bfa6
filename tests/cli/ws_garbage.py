#!/usr/bin/env python3
# ws_garbage.py URL: one WebSocket connection (RFC 6455, by hand: python3 has no client) that
# sends a binary message no arena message starts with, then prints the close code the server
# answers with (`close 1008`), or `no close` when none came within 10 s.
import base64, os, socket, struct, sys

host, port = sys.argv[1].removeprefix("ws://").rsplit(":", 1)
s = socket.create_connection((host, int(port)), timeout=10)
key = base64.b64encode(os.urandom(16)).decode()
s.sendall((f"GET / HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
           "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: arena\r\n\r\n").encode())
answer = b""
while b"\r\n\r\n" not in answer:
    more = s.recv(4096)
    if not more:
        sys.exit("no upgrade answer")
    answer += more
if b" 101 " not in answer.split(b"\r\n")[0]:
    sys.exit("not upgraded: " + answer.split(b"\r\n")[0].decode())
rest = answer.split(b"\r\n\r\n", 1)[1]
payload, mask = b"\xee\x00\x01", os.urandom(4)
s.sendall(bytes([0x82, 0x80 | len(payload)]) + mask +
          bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
try:
    while True:
        while len(rest) < 2 or len(rest) < 2 + (rest[1] & 0x7f):
            more = s.recv(4096)
            if not more:
                print("no close")
                sys.exit(0)
            rest += more
        opcode, n = rest[0] & 0x0f, rest[1] & 0x7f  # control frames are short, unmasked
        if opcode == 8:
            print("close", struct.unpack(">H", rest[2:4])[0] if n >= 2 else 1005)
            sys.exit(0)
        if n >= 126:
            sys.exit("the server sent a long frame before closing")
        rest = rest[2 + n:]
except socket.timeout:
    print("no close")
