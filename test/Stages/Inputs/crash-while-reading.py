#!/usr/bin/env python3
# crash-while-reading.py COMMAND...: runs COMMAND with a stdin nobody writes,
# waits until it is blocked reading it (past its start-up), sends it SIGSEGV
# and prints its stderr and how it ended.
import signal
import subprocess
import sys
import time

proc = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE,
                        stderr=subprocess.PIPE)
deadline = time.monotonic() + 60
while True:
    # /proc/PID/syscall: the syscall number and arguments; read(0, ...) is
    # "0 0x0 ..." on x86-64.
    try:
        with open("/proc/%d/syscall" % proc.pid) as f:
            if f.read().startswith("0 0x0 "):
                break
    except OSError:
        pass
    if proc.poll() is not None or time.monotonic() > deadline:
        sys.exit("crash-while-reading.py: the command never read stdin")
    time.sleep(0.05)
proc.send_signal(signal.SIGSEGV)
_, stderr = proc.communicate(timeout=60)
sys.stdout.write(stderr.decode(errors="replace"))
code = proc.returncode
print("killed by %s" % signal.Signals(-code).name if code < 0 else
      "ended with %d" % code)
