"""What the mma.sync host tests share: launching one block of a kernel whose
parameters are all pointers, and comparing its result with numpy's."""
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "harness"))
from tilechain_harness import host, params  # noqa: E402


def run(library, symbol, *arrays):
    """One block of `symbol`(arrays...), all pointers."""
    packed = b"".join(params.pack_slot("ptr<int32>", array.ctypes.data)
                      for array in arrays)
    host.launch(library, symbol, packed, (1, 1, 1))


def check(name, got, want, atol):
    """Exits naming the first element further than `atol` from numpy's."""
    bad = np.flatnonzero(~np.isclose(got, want, rtol=0, atol=atol))
    if bad.size:
        sys.exit("%s: %d elements differ, first at %d: %r != %r"
                 % (name, bad.size, bad[0], got.flat[bad[0]], want.flat[bad[0]]))
    print("%s: %d elements match numpy" % (name, got.size))


def exact(x):
    """`x` in float64, where numpy's reference products and sums of f16,
    bf16, tf32 and 8-bit inputs are exact or nearly so."""
    return x.astype(np.float64)


def column_major(x):
    """The elements of `x` in column-major order (a k-contiguous B)."""
    return np.asfortranarray(x).ravel(order="K")


def bf16_values(rng, shape):
    """Random f32 values in [-1, 1] that bf16 holds exactly (their low 16
    bits zero): numpy has no bf16."""
    bits = rng.uniform(-1, 1, shape).astype(np.float32).view(np.uint32)
    return (bits & np.uint32(0xFFFF0000)).view(np.float32)


def as_bf16(x):
    """The bf16 bits of f32 values bf16 holds exactly."""
    return (np.asarray(x).view(np.uint32) >> 16).astype(np.uint16)


def tf32_values(rng, shape):
    """Random f32 values in [-1, 1] that tf32 holds exactly (their low 13
    bits zero): their products are exact in f32."""
    bits = rng.uniform(-1, 1, shape).astype(np.float32).view(np.uint32)
    return (bits & np.uint32(0xFFFFE000)).view(np.float32)


def decode_fp8(codes, mantissa_bits, bias):
    """fp8 bytes (finite ones) as float64: sign, exponent, mantissa."""
    codes = codes.astype(np.int64)
    sign = np.where(codes & 0x80, -1.0, 1.0)
    exponent = (codes >> mantissa_bits) & ((1 << (7 - mantissa_bits)) - 1)
    mantissa = codes & ((1 << mantissa_bits) - 1)
    normal = (1 + mantissa / 2.0 ** mantissa_bits) * 2.0 ** (exponent - bias)
    subnormal = mantissa / 2.0 ** mantissa_bits * 2.0 ** (1 - bias)
    return sign * np.where(exponent == 0, subnormal, normal)


def finite_codes(rng, shape, is_finite):
    """Random fp8 bytes, every finite code (subnormals and -0 included)."""
    codes = np.array([c for c in range(256) if is_finite(c)], np.uint8)
    return rng.choice(codes, shape)
