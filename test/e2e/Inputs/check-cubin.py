#!/usr/bin/env python3
# Prints, for each file given, whether it is a CUDA ELF (e_machine 190).
import struct
import sys

for path in sys.argv[1:]:
    with open(path, "rb") as f:
        header = f.read(64)
    if header[:4] != b"\x7fELF":
        print("%s: not ELF" % path)
        continue
    little = header[5] == 1
    (machine,) = struct.unpack("<H" if little else ">H", header[18:20])
    print("%s: ELF%d e_machine=%d" % (path.rsplit("/", 1)[-1],
                                     64 if header[4] == 2 else 32, machine))
