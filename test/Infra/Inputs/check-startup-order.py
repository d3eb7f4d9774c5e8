"""check-startup-order.py ORDER BINARY...: how each binary was linked.

Prints per binary whether it is static (no program interpreter), whether
the first function of ORDER (cmake/startup-order.txt) that it has is at the
first byte of its text, and whether all of ORDER's functions that it has lie
together: in a stretch of text at most a quarter longer than their sizes add
up to (the C library's archive puts several functions in one section, which
the linker moves whole). Exits 1 if a binary has none of ORDER's functions.
"""
import os
import subprocess
import sys


def text_start(binary):
    sections = subprocess.run(["readelf", "-SW", binary], check=True,
                              capture_output=True, text=True).stdout
    for line in sections.splitlines():
        words = line.replace("[ ", "[").split()
        if len(words) > 3 and words[1] == ".text":
            return int(words[3], 16)
    sys.exit("%s: no .text" % binary)


def functions(binary):
    """name -> (address, size) of the binary's defined text symbols."""
    listed = subprocess.run(["nm", "-S", "--defined-only", binary],
                            check=True, capture_output=True,
                            text=True).stdout
    found = {}
    for line in listed.splitlines():
        words = line.split()
        if len(words) == 4 and words[2] in "tTwW":
            found[words[3]] = (int(words[0], 16), int(words[1], 16))
    return found


def main():
    order = [name for name in open(sys.argv[1]).read().split("\n") if name]
    for binary in sys.argv[2:]:
        name = os.path.basename(binary)
        headers = subprocess.run(["readelf", "-lW", binary], check=True,
                                 capture_output=True, text=True).stdout
        static = "INTERP" not in headers
        symbols = functions(binary)
        placed = [symbols[name] for name in order if name in symbols]
        if not placed:
            sys.exit("%s: none of the order's functions" % name)
        start = text_start(binary)
        end = max(address + size for address, size in placed)
        size = sum(size for _, size in placed)
        print("%s: %s, first at the text's start: %s, together: %s"
              % (name, "static" if static else "dynamic",
                 "yes" if placed[0][0] == start else "no",
                 "yes" if end - start <= 1.25 * size else "no"))

if __name__ == "__main__":
    main()
