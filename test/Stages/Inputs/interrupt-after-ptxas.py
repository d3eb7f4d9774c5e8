#!/usr/bin/env python3
# interrupt-after-ptxas.py PIDFILE COMMAND...: runs COMMAND with its stdout on
# a pipe nobody reads yet, waits until the stand-in ptxas (which writes its
# pid to PIDFILE) has exited and the command is blocked writing its output,
# sends SIGTERM, then drains the pipe and prints how the command ended.
import os
import signal
import subprocess
import sys
import time

pidfile, command = sys.argv[1], sys.argv[2:]
proc = subprocess.Popen(command, stdout=subprocess.PIPE)
deadline = time.monotonic() + 30
while not (os.path.exists(pidfile) and os.path.getsize(pidfile)):
    if proc.poll() is not None or time.monotonic() > deadline:
        sys.exit("interrupt-after-ptxas.py: the command never ran ptxas")
    time.sleep(0.05)
ptxas = int(open(pidfile).read())
while os.path.exists("/proc/%d" % ptxas):
    time.sleep(0.05)
# The 1 MiB cubin does not fit the pipe: the command is (or soon will be)
# blocked in its write.
time.sleep(1)
proc.send_signal(signal.SIGTERM)
written = len(proc.stdout.read())
code = proc.wait(timeout=30)
if code < 0:
    print("killed by %s" % signal.Signals(-code).name)
else:
    print("ended with %d after writing %d bytes" % (code, written))
