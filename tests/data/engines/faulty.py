#!/usr/bin/env python3
"""A fault-injecting XBoard engine for the referee's tests: it relays to a real engine (`TATSU xboard`) and, at its
own Nth move of a process, breaks the way foreign engines do.

    faulty.py MODE N TATSU

MODE is one of
  crash    exit instead of sending the Nth move
  hang     never send the Nth move, and ignore `quit` from then on
  garbage  send control bytes, a line meant to forge a PGN and an illegal move in place of the Nth move
  huge     send a line of 2 MB (and a long line without end) before the Nth move, which it then sends
  fork     start a child that sleeps for 5 minutes (it stays in the engine's process group), then play normally
  slow     wait 20 ms before each of its moves from the Nth on
  nofeature  send no `variants` feature (an engine that plays normal chess only)

With FAULTY_PIDFILE set, it appends its process group's id to that file as it starts (the orphan test reads it).
"""
import os
import subprocess
import sys
import threading
import time

mode, nth, tatsu = sys.argv[1], int(sys.argv[2]), sys.argv[3]
out = sys.stdout.buffer
lock = threading.Lock()
hung = False


def say(data):
    with lock:
        out.write(data)
        out.flush()


if os.environ.get("FAULTY_PIDFILE"):
    with open(os.environ["FAULTY_PIDFILE"], "a") as f:
        f.write(f"{os.getpgid(0)}\n")

if mode == "fork":
    subprocess.Popen(["sleep", "300"], stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)

engine = subprocess.Popen([tatsu, "xboard"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def relay():
    global hung
    moves = 0
    for line in engine.stdout:
        if mode == "nofeature" and line.startswith(b"feature") and b"variants=" in line:
            line = b"feature myname=\"no variants\" usermove=1 ping=1 setboard=1 done=1\n"
        if line.startswith(b"move "):
            moves += 1
            if mode == "slow" and moves >= nth:
                time.sleep(0.02)
            if moves == nth:
                if mode == "crash":
                    os._exit(3)
                if mode == "hang":
                    hung = True
                    continue
                if mode == "garbage":
                    say(b"\x00\x07\x1b[31m garbage \xff\xfe\n}{\\\"\n")
                    say(b"move a1a1}1-0{ \"\x07\n")
                    continue
                if mode == "huge":
                    say(b"x" * (2 << 20) + b"\n")
                    say(b"# " + b"y" * (40 << 10) + b"\n")
        if hung:
            continue
        say(line)


threading.Thread(target=relay, daemon=True).start()
for line in sys.stdin.buffer:
    if hung and line.strip() == b"quit":
        continue
    try:
        engine.stdin.write(line)
        engine.stdin.flush()
    except BrokenPipeError:
        break
    if line.strip() == b"quit":
        break
engine.wait()
if hung:
    threading.Event().wait()
