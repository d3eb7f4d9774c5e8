#!/usr/bin/env python3
# Stands in for a ptxas that never finishes and has a child of its own:
# writes the child's pid to $FAKE_PTXAS_PIDFILE, then sleeps.
import os
import subprocess
import time
child = subprocess.Popen(["sleep", "300"])
with open(os.environ["FAKE_PTXAS_PIDFILE"], "w") as f:
    f.write(str(child.pid))
time.sleep(300)
