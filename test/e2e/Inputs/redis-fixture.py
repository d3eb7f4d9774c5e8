#!/usr/bin/env python3
"""A real redis-server for the compile cache's tests, on a free loopback port.

  redis-fixture.py start DIR    start one (state in DIR); prints its URL
  redis-fixture.py stop DIR     stop it and wait until it has exited
  redis-fixture.py pause DIR    SIGSTOP it: connections are accepted by the
                                kernel, requests are never answered
  redis-fixture.py resume DIR   SIGCONT it
  redis-fixture.py keys DIR     the number of tilechain entries it holds
  redis-fixture.py tamper DIR   flip the last byte of every entry's payload
  redis-fixture.py forge DIR    change every payload's last byte and write
                                the digest the header names anew, as a
                                writer without the shared secret would
  redis-fixture.py hold DIR MS  delete every entry and take its compile
                                lease for MS milliseconds, as a machine
                                that died while compiling it would leave it

The server runs under `timeout`, so a test that dies before `stop` leaves no
server behind for long.
"""
import hashlib
import os
import signal
import socket
import subprocess
import sys
import time

LIFETIME_S = "600"


def command(port, *words):
    """One RESP request; the reply decoded (bytes, int, list or None)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        out = b"*%d\r\n" % len(words)
        for w in words:
            w = w if isinstance(w, bytes) else str(w).encode()
            out += b"$%d\r\n%s\r\n" % (len(w), w)
        s.sendall(out)
        f = s.makefile("rb")
        return read_reply(f)


def read_reply(f):
    line = f.readline()
    kind, rest = line[:1], line[1:-2]
    if kind == b"+":
        return rest
    if kind == b"-":
        raise RuntimeError(rest.decode())
    if kind == b":":
        return int(rest)
    if kind == b"$":
        n = int(rest)
        if n < 0:
            return None
        data = f.read(n + 2)
        return data[:-2]
    if kind == b"*":
        return [read_reply(f) for _ in range(int(rest))]
    raise RuntimeError("bad reply %r" % line)


def state(directory, name):
    with open(os.path.join(directory, name)) as f:
        return int(f.read())


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(directory):
    os.makedirs(directory, exist_ok=True)
    port = free_port()
    log = open(os.path.join(directory, "redis.log"), "wb")
    process = subprocess.Popen(
        ["timeout", LIFETIME_S, "redis-server", "--port", str(port),
         "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
         "--dir", directory],
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.time() + 20
    while True:
        try:
            if command(port, "PING") == b"PONG":
                break
        except OSError:
            pass
        if process.poll() is not None or time.time() > deadline:
            sys.exit("redis-server did not start (see %s/redis.log)" % directory)
        time.sleep(0.05)
    info = command(port, "INFO", "server").decode()
    pid = next(int(l.split(":")[1]) for l in info.splitlines()
               if l.startswith("process_id:"))
    for name, value in (("port", port), ("pid", pid)):
        with open(os.path.join(directory, name), "w") as f:
            f.write(str(value))
    print("redis://127.0.0.1:%d" % port)


def stop(directory):
    pid = state(directory, "pid")
    for sig in (signal.SIGCONT, signal.SIGTERM):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            return
    deadline = time.time() + 20
    while time.time() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)


def entries(port):
    return [k for k in command(port, "KEYS", "tilechain:*")
            if not k.startswith(b"tilechain:1:lease:")]


def hold(directory, milliseconds):
    port = state(directory, "port")
    for key in entries(port):
        command(port, "DEL", key)
        lease = b"tilechain:1:lease:" + key[len(b"tilechain:1:"):]
        command(port, "SET", lease, "dead-machine", "PX", milliseconds)


def rewrite(directory, forge):
    port = state(directory, "port")
    for key in entries(port):
        value = command(port, "GET", key)
        header, payload = value.split(b"\n", 1)
        payload = payload[:-1] + bytes([payload[-1] ^ 1])
        if forge:
            fields = header.split(b" ")
            fields[4] = hashlib.sha256(payload).hexdigest().encode()
            header = b" ".join(fields)
        command(port, "SET", key, header + b"\n" + payload)


def main():
    action, directory = sys.argv[1], os.path.abspath(sys.argv[2])
    if action == "start":
        start(directory)
    elif action == "stop":
        stop(directory)
    elif action in ("pause", "resume"):
        os.kill(state(directory, "pid"),
                signal.SIGSTOP if action == "pause" else signal.SIGCONT)
    elif action == "keys":
        print(len(entries(state(directory, "port"))))
    elif action == "hold":
        hold(directory, int(sys.argv[3]))
    elif action in ("tamper", "forge"):
        rewrite(directory, forge=action == "forge")
    else:
        sys.exit("unknown action " + action)


if __name__ == "__main__":
    main()
