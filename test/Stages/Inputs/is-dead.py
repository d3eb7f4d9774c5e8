#!/usr/bin/env python3
# Exits 0 when the process whose pid is in argv[1] is gone (or a zombie).
import sys
pid = open(sys.argv[1]).read().strip()
try:
    with open("/proc/%s/stat" % pid) as f:
        state = f.read().rsplit(")", 1)[1].split()[0]
except FileNotFoundError:
    sys.exit(0)
sys.exit(0 if state in ("Z", "X") else 1)
