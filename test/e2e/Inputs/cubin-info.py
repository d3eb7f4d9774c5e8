#!/usr/bin/env python3
"""Prints what a test needs to know of a cubin, without cuobjdump.

  cubin-info.py CUBIN [--dump SECTION=FILE]

One line per section: `section NAME type=0x... size=N`; then, for each
kernel's .nv.info.<kernel>, one line per EIATTR record:
`nv.info KERNEL 0xID NAME VALUES` (VALUES: the u32 words of a sized record,
or the 16-bit value of a short one). --dump writes a section's bytes to FILE.
"""
import argparse
import struct
import sys

# The EIATTR ids tests look at (NVIDIA's names, as cuobjdump -elf prints them).
EIATTR_NAMES = {
    0x10: "REQNTID",
    0x37: "CUDA_API_VERSION",
    0x66: "LANGUAGE",
}
EIFMT_NVAL, EIFMT_BVAL, EIFMT_HVAL, EIFMT_SVAL = 1, 2, 3, 4


def read_sections(data):
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        sys.exit("not a little-endian ELF64 file")
    (shoff,) = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize)
               for i in range(shnum)]
    names_offset = headers[shstrndx][4]
    sections = []
    for name, kind, _flags, _addr, offset, size, *_ in headers:
        start = names_offset + name
        section_name = data[start:data.index(b"\0", start)].decode()
        sections.append((section_name, kind, data[offset:offset + size]))
    return sections


def nv_info_records(body):
    at = 0
    while at + 4 <= len(body):
        fmt, attr = body[at], body[at + 1]
        if fmt == EIFMT_SVAL:
            (size,) = struct.unpack_from("<H", body, at + 2)
            payload = body[at + 4:at + 4 + size]
            words = struct.unpack_from("<%dI" % (size // 4), payload)
            yield attr, list(words)
            at += 4 + size
        elif fmt in (EIFMT_NVAL, EIFMT_BVAL, EIFMT_HVAL):
            (value,) = struct.unpack_from("<H", body, at + 2)
            yield attr, [value]
            at += 4
        else:
            sys.exit("unknown .nv.info record format %d" % fmt)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("cubin")
    parser.add_argument("--dump", action="append", default=[])
    args = parser.parse_args()
    with open(args.cubin, "rb") as f:
        sections = read_sections(f.read())
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
