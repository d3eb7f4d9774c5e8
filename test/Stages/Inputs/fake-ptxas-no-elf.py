#!/usr/bin/env python3
# Stands in for a ptxas that exits 0 but writes something other than ELF.
import sys
with open(sys.argv[sys.argv.index("-o") + 1], "w") as f:
    f.write("not a cubin\n")
