#!/usr/bin/env python3
# Stands in for a ptxas that succeeds: writes a 1 MiB "cubin" (ELF magic, then
# zeros; larger than a pipe's buffer) and its own pid to $FAKE_PTXAS_PIDFILE.
import os
import sys
with open(sys.argv[sys.argv.index("-o") + 1], "wb") as f:
    f.write(b"\x7fELF" + bytes(1 << 20))
with open(os.environ["FAKE_PTXAS_PIDFILE"], "w") as f:
    f.write(str(os.getpid()))
