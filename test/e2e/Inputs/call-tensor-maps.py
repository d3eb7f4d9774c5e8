#!/usr/bin/env python3
"""Calls a kernel's argument-change callback of a .nv.host object (linked
into a shared library) on a parameter buffer and prints the tensor maps it
writes.

  call-tensor-maps.py LIBRARY KERNEL SLOTS OFFSET:SIZE:VALUE...

The buffer is 4096 bytes of 0xaa with each OFFSET:SIZE:VALUE parameter
written in (little-endian, SIZE 4 or 8, numbers in any base Python reads);
SLOTS is a comma-separated list of slot offsets. Prints the callback's
answer, then per slot its 8 words as 16 hex digits each, and whether its
bytes 64-127 kept the fill.
"""
import ctypes
import struct
import sys

library = ctypes.CDLL(sys.argv[1])
kernel = int(sys.argv[2])
slots = [int(s, 0) for s in sys.argv[3].split(",")]
callbacks = (ctypes.c_uint64 * 9).in_dll(library, "__CUDA_TILEIR_CALLBACKS")
table = (ctypes.c_uint64 * 8).from_address(callbacks[5] + kernel * callbacks[4])
callback = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                            ctypes.c_void_p, ctypes.c_void_p)(table[5])
buffer = (ctypes.c_uint8 * 4096)(*([0xAA] * 4096))
for parameter in sys.argv[4:]:
    offset, size, value = (int(field, 0) for field in parameter.split(":"))
    struct.pack_into("<Q" if size == 8 else "<I", buffer, offset, value)
print("callback: %d" % callback(None, None, None, ctypes.addressof(buffer)))
for slot in slots:
    words = struct.unpack_from("<8Q", buffer, slot)
    untouched = all(b == 0xAA for b in bytes(buffer)[slot + 64:slot + 128])
    print("slot %#x: %s | bytes 64-127 %s" % (
        slot, " ".join("%016x" % w for w in words),
        "untouched" if untouched else "written"))
