#!/usr/bin/env python3
# interrupt.py PIDFILE COMMAND...: runs COMMAND, sends it SIGTERM once PIDFILE
# is written (the stand-in ptxas is running), and prints how it ended.
import os
import signal
import subprocess
import sys
import time

pidfile, command = sys.argv[1], sys.argv[2:]
proc = subprocess.Popen(command)
deadline = time.monotonic() + 30
while not (os.path.exists(pidfile) and os.path.getsize(pidfile)):
    if proc.poll() is not None or time.monotonic() > deadline:
        sys.exit("interrupt.py: the command never started ptxas")
    time.sleep(0.05)
proc.send_signal(signal.SIGTERM)
print("ended with %d" % proc.wait(timeout=30))
