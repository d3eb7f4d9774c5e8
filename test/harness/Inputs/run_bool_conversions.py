"""Runs bool_conversions__host once and checks each conversion to or from i1
against the results of NVIDIA's tileiras 13.5 for the same op (sm_90 PTX,
docs/semantics-from-nvidia.md):
  float -> i1   f16/bf16/f32/f64: setp.neu against 0 (NaN true, -0.0 false);
                f8 and tf32: setp.ne on the bits (NaN and -0.0 true)
  i1 in memory  a byte is true when it is not 0 (setp.ne.b16), stored as 0/1
  trunci -> i1  the low bit (and.b16 1)
  exti, itof    from i1: true is -1 / -1.0 signed, 1 / 1.0 unsigned
  pack, unpack  element i is bit i % 8 of byte i / 8
  signed i1     true is -1: cmpi less_than signed (x, !x) is x, maxi signed
                (x, !x) is 0 (NVIDIA folds it to a zero store)"""
import ctypes
import os
import struct
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "harness"))
from tilechain_harness import host  # noqa: E402

nan, inf = float("nan"), float("inf")
inputs = [
    ("f16", np.array([0, -0.0, 0.5, -0.25, nan, inf, 2.0**-24, -2], np.float16)),
    # bf16 bits: 0, -0, 0.5, -0.25, NaN, inf, the smallest subnormal, -2
    ("bf16", np.array([0x0000, 0x8000, 0x3F00, 0xBE80, 0x7FC0, 0x7F80, 0x0001, 0xC000],
                      np.uint16)),
    ("f32", np.array([0, -0.0, 0.5, -0.25, nan, inf, 2.0**-149, -2], np.float32)),
    ("f64", np.array([0, -0.0, 0.5, -0.25, nan, -inf, 2.0**-1074, -2], np.float64)),
    # e4m3 bits: 0, -0, 0.5, NaN, -NaN, the smallest subnormal, 2^-6, -1
    ("e4m3", np.array([0x00, 0x80, 0x30, 0x7F, 0xFF, 0x01, 0x08, 0xB8], np.uint8)),
    # e5m2 bits: 0, -0, 0.5, NaN, inf, the smallest subnormal, -2^-15, -2
    ("e5m2", np.array([0x00, 0x80, 0x38, 0x7E, 0x7C, 0x01, 0x84, 0xC0], np.uint8)),
    ("tf32", np.array([0, -0.0, 0.5, nan, -inf, 1e-30, 3, -2], np.float32)),
    ("bool bytes", np.array([0, 1, 2, 255, 0x80, 0x10, 0, 1], np.uint8)),
    ("i32", np.array([0, 1, 2, 3, -1, -2, 256, 257], np.int32)),
]
bools = np.zeros(104, np.uint8)
ints = np.zeros(16, np.int32)
floats = np.zeros(16, np.float32)
packed_byte = np.zeros(1, np.uint8)
arrays = [a for _, a in inputs] + [bools, ints, floats, packed_byte]
packed = b"".join(struct.pack("<Q", a.ctypes.data) for a in arrays)
host.launch(sys.argv[1], "bool_conversions", packed, (1, 1, 1))

nonzero = [0, 1, 1, 1, 1, 1, 0, 1]  # the bool bytes read as i1
expected = [
    ("ftoi f16 signed", bools[0:8], [0, 0, 1, 1, 1, 1, 1, 1]),
    ("ftoi bf16 unsigned", bools[8:16], [0, 0, 1, 1, 1, 1, 1, 1]),
    ("ftoi f32 signed", bools[16:24], [0, 0, 1, 1, 1, 1, 1, 1]),
    ("ftoi f64 unsigned", bools[24:32], [0, 0, 1, 1, 1, 1, 1, 1]),
    ("ftoi f8E4M3FN signed", bools[32:40], [0, 1, 1, 1, 1, 1, 1, 1]),
    ("ftoi f8E5M2 unsigned", bools[40:48], [0, 1, 1, 1, 1, 1, 1, 1]),
    ("ftof f32 -> tf32, ftoi signed", bools[48:56], [0, 1, 1, 1, 1, 1, 1, 1]),
    ("bool bytes loaded and stored", bools[56:64], nonzero),
    ("trunci i32", bools[64:72], [0, 1, 0, 1, 1, 0, 0, 1]),
    ("exti signed", ints[0:8], [-x for x in nonzero]),
    ("exti unsigned", ints[8:16], nonzero),
    ("itof signed", floats[0:8], [-x for x in nonzero]),
    ("itof unsigned", floats[8:16], nonzero),
    ("pack", packed_byte, [0b10111110]),
    ("unpack of the packed byte", bools[72:80], nonzero),
    ("unpack of 0x96", bools[80:88], [0, 1, 1, 0, 1, 0, 0, 1]),
    ("cmpi less_than signed x, !x", bools[88:96], nonzero),
    ("maxi signed x, !x", bools[96:104], [0] * 8),
]
wrong = [(name, list(got), want) for name, got, want in expected
         if not np.array_equal(got, np.array(want, got.dtype))]
for name, got, want in wrong:
    print("%s: got %s, NVIDIA gives %s" % (name, got, want))
if wrong:
    sys.exit(1)
print("bool_conversions: %d rows match NVIDIA's tileiras 13.5" % len(expected))
