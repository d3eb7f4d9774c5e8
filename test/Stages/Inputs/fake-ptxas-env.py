#!/usr/bin/env python3
# Stands in for ptxas to show the environment it runs in: prints its
# GLIBC_TUNABLES to stderr, writes nothing, exits 255.
import os
import sys
sys.stderr.write("fake-ptxas GLIBC_TUNABLES=%s\n"
                 % os.environ.get("GLIBC_TUNABLES", "(unset)"))
sys.exit(255)
