#!/usr/bin/env python3
"""Prints the CUDA driver's own tensor-map encoding (cuTensorMapEncodeTiled)
for a sweep of inputs: data types, ranks, swizzles, L2 promotion, out-of-bounds
fill, the 128 KiB span, element strides. tilechain's host callback writes maps
by the layout in docs/tensor-map-encoding.md, read from NVIDIA tileiras'
callback, which does not call the driver; docs/tensor-map-encoding.md
compares that layout with these lines.

  driver_tensor_maps.py > driver-maps.tsv        on a machine with a GPU

One line per case: name, the inputs as JSON, then the 128 bytes as 16
little-endian u64 words in hex, or the driver's error.
"""
import ctypes
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tilechain_harness import cuda  # noqa: E402

# CUtensorMapDataType, as cuda.h numbers them, with element sizes.
DATA_TYPES = [("uint8", 1), ("uint16", 2), ("uint32", 4), ("int32", 4),
              ("uint64", 8), ("int64", 8), ("float16", 2), ("float32", 4),
              ("float64", 8), ("bfloat16", 2), ("float32_ftz", 4),
              ("tfloat32", 4), ("tfloat32_ftz", 4)]
ADDRESS = 0x7F0000001000


def case(name, dtype, dims, box, swizzle=0, l2=0, oob=0, element=None,
         address=ADDRESS, strides=None):
    """dims and box innermost first; strides in bytes, row-major by default."""
    size = DATA_TYPES[dtype][1]
    if strides is None:
        strides, stride = [], dims[0] * size
        for dim in dims[1:]:
            strides.append(stride)
            stride *= dim
    return {"name": name, "dtype": dtype, "dims": dims, "box": box,
            "strides": strides, "swizzle": swizzle, "l2": l2, "oob": oob,
            "element": element or [1] * len(dims), "address": address}


def cases():
    # The f16 matmul's A operand at 4096^2, box 64x128, 128 B swizzle, under
    # every L2 promotion and out-of-bounds fill.
    for l2 in range(4):
        for oob in range(2):
            yield case("matmul-a-l2-%d-oob-%d" % (l2, oob), 6, [4096, 4096],
                       [64, 128], swizzle=3, l2=l2, oob=oob)
    for dtype, (name, size) in enumerate(DATA_TYPES):
        yield case("dtype-" + name, dtype, [256, 64], [64 // size, 8])
    # The inner box spans the swizzle's width (32, 64, 128 B; 128 B for the
    # sm_100 modes 4-7 and no swizzle).
    for swizzle in range(8):
        inner = {1: 16, 2: 32}.get(swizzle, 64)
        yield case("swizzle-%d" % swizzle, 6, [256, 64], [inner, 8],
                   swizzle=swizzle)
    shapes = [[256], [128, 16], [64, 8, 4], [64, 8, 4, 2], [64, 8, 4, 2, 2]]
    for rank, dims in enumerate(shapes, 1):
        yield case("rank-%d" % rank, 6, dims, dims[:1] + [min(d, 8)
                                                          for d in dims[1:]])
    # The 128 KiB bit: span = dim0 * size + (dim1 - 1) * stride1.
    yield case("span-below", 6, [64, 1023], [64, 8])
    yield case("span-at", 6, [64, 1024], [64, 8])
    yield case("span-1d-below", 6, [65535], [64])
    yield case("span-1d-at", 6, [65536], [64])
    yield case("element-strides", 6, [256, 64], [64, 8], element=[1, 2])
    yield case("padded-stride", 6, [100, 64], [64, 8], strides=[256])
    yield case("address-high", 6, [256, 64], [64, 8],
               address=0x1FFFFFFFFFFF00)


def encode(driver, spec):
    rank = len(spec["dims"])
    u64s, u32s = ctypes.c_uint64 * 5, ctypes.c_uint32 * 5
    tensor_map = (ctypes.c_uint64 * 16)()
    code = driver.lib.cuTensorMapEncodeTiled(
        ctypes.byref(tensor_map), spec["dtype"], rank,
        ctypes.c_void_p(spec["address"]), u64s(*spec["dims"]),
        u64s(*spec["strides"]), u32s(*spec["box"]),
        u32s(*spec["element"]), 0, spec["swizzle"], spec["l2"], spec["oob"])
    if code != 0:
        text = ctypes.c_char_p()
        driver.lib.cuGetErrorName(code, ctypes.byref(text))
        return "error %d %s" % (code, (text.value or b"?").decode())
    return " ".join("%016x" % word for word in tensor_map)


def main():
    driver = cuda.Driver()
    print("driver\t%d\t%s" % (driver.driver_version(), driver.name()))
    for spec in cases():
        print("%s\t%s\t%s" % (spec["name"], json.dumps(spec, sort_keys=True),
                              encode(driver, spec)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
