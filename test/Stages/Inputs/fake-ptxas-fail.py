#!/usr/bin/env python3
# Stands in for a ptxas that rejects its input: echoes its command line and
# a ptxas-style diagnostic to stderr, writes nothing, exits 255.
import sys
sys.stderr.write("fake-ptxas args: %s\n" % " ".join(sys.argv[1:]))
sys.stderr.write("ptxas fatal   : Unresolved extern function 'missing'\n")
sys.exit(255)
