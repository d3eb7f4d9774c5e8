#!/usr/bin/env python3
"""Prints what a test needs to know of a cubin, without cuobjdump.

  cubin-info.py CUBIN [--dump SECTION=FILE]

One line per section: `section NAME type=0x... size=N`; then, for each
kernel's .nv.info.<kernel>, one line per EIATTR record:
`nv.info KERNEL 0xID NAME VALUES` (VALUES: the u32 words of a sized record,
or the 16-bit value of a short one). --dump writes a section's bytes to FILE.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "..", "..", "harness"))
from tilechain_harness.cubin import (EIATTR_NAMES, CubinError,  # noqa: E402
                                     nv_info_records, read_sections)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cubin")
    parser.add_argument("--dump", action="append", default=[])
    args = parser.parse_args()
    with open(args.cubin, "rb") as f:
        try:
            sections = read_sections(f.read())
        except CubinError as error:
            sys.exit(str(error))
    for name, kind, body in sections:
        if name:
            print("section %s type=%#x size=%d" % (name, kind, len(body)))
    for name, _kind, body in sections:
        if name.startswith(".nv.info."):
            kernel = name[len(".nv.info."):]
            for attr, values in nv_info_records(body):
                print("nv.info %s %#04x %s %s" % (
                    kernel, attr, EIATTR_NAMES.get(attr, "?"),
                    " ".join(str(v) for v in values)))
    for request in args.dump:
        wanted, path = request.split("=", 1)
        bodies = [body for name, _kind, body in sections if name == wanted]
        if not bodies:
            sys.exit("no section %s" % wanted)
        with open(path, "wb") as f:
            f.write(bodies[0])


if __name__ == "__main__":
    main()
