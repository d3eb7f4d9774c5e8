"""Manifest dtype names -> numpy storage and the values references see."""
import numpy as np

# Storage dtype of each element type in device memory. bfloat16 and the 8-bit
# floats have no numpy type: they are stored as their raw bits and seen by
# references as float32.
STORAGE = {
    "float64": np.float64, "float32": np.float32, "float16": np.float16,
    "bfloat16": np.uint16, "float8_e4m3fn": np.uint8, "float8_e5m2": np.uint8,
    "float8_e8m0fnu": np.uint8,
    "int8": np.int8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
    "uint8": np.uint8, "uint16": np.uint16, "uint32": np.uint32, "uint64": np.uint64,
    "bool_": np.bool_, "i64": np.int64,
}


def storage_dtype(name):
    if name not in STORAGE:
        raise KeyError("unsupported element type %s" % name)
    return np.dtype(STORAGE[name])


def bf16_to_f32(bits):
    return (np.asarray(bits, dtype=np.uint16).astype(np.uint32) << 16).view(np.float32)


def f32_to_bf16(values):
    """Round to nearest even, as the hardware converts."""
    bits = np.asarray(values, dtype=np.float32).view(np.uint32).astype(np.uint64)
    rounded = bits + 0x7FFF + ((bits >> 16) & 1)
    out = (rounded >> 16).astype(np.uint16)
    nan = np.isnan(np.asarray(values, dtype=np.float32))
    out[nan] = 0x7FC0
    return out


# The types stored as raw bits of another numpy type, compared as values.
BITS_STORED = ("bfloat16", "float8_e4m3fn", "float8_e5m2", "float8_e8m0fnu")

# (mantissa bits, exponent bias) of the signed 8-bit floats.
FLOAT8 = {"float8_e4m3fn": (3, 7), "float8_e5m2": (2, 15)}


def float8_to_f32(name, codes):
    """Every code's value, exactly (NaN and infinities as such)."""
    codes = np.asarray(codes, dtype=np.uint8).astype(np.int64)
    if name == "float8_e8m0fnu":  # 2^(code - 127); 0xFF is NaN
        values = np.ldexp(1.0, codes - 127)
        return np.where(codes == 0xFF, np.nan, values).astype(np.float32)
    mantissa_bits, bias = FLOAT8[name]
    exponent_bits = 7 - mantissa_bits
    exponent = (codes >> mantissa_bits) & ((1 << exponent_bits) - 1)
    mantissa = codes & ((1 << mantissa_bits) - 1)
    normal = np.ldexp(1 + mantissa / 2.0 ** mantissa_bits, exponent - bias)
    subnormal = np.ldexp(mantissa / 2.0 ** mantissa_bits, 1 - bias)
    values = np.where(exponent == 0, subnormal, normal)
    top = exponent == (1 << exponent_bits) - 1
    if name == "float8_e5m2":
        values = np.where(top, np.where(mantissa == 0, np.inf, np.nan), values)
    else:  # e4m3fn: only all ones is NaN
        values = np.where(top & (mantissa == (1 << mantissa_bits) - 1),
                          np.nan, values)
    return np.where(codes & 0x80, -values, values).astype(np.float32)


def f32_to_float8(name, values):
    """The code of the nearest finite value (inputs only: which of two
    nearest a tie picks does not matter, the kernel and the reference both
    see the stored code's value)."""
    codes = np.arange(256, dtype=np.uint8)
    table = float8_to_f32(name, codes).astype(np.float64)
    finite = np.isfinite(table)
    order = np.argsort(table[finite], kind="stable")
    sorted_values = table[finite][order]
    sorted_codes = codes[finite][order]
    v = np.asarray(values, dtype=np.float64).ravel()
    right = np.clip(np.searchsorted(sorted_values, v), 1, len(sorted_values) - 1)
    left = right - 1
    pick = np.where(np.abs(sorted_values[right] - v) < np.abs(v - sorted_values[left]),
                    right, left)
    return sorted_codes[pick].reshape(np.shape(values))


def to_values(name, stored):
    """The array a reference computes with: 16-bit floats as float32, since
    the kernels widen them and round only what they store (a float16
    reference would round every intermediate, a float32 result included)."""
    if name == "bfloat16":
        return bf16_to_f32(stored)
    if name in FLOAT8 or name == "float8_e8m0fnu":
        return float8_to_f32(name, stored)
    if name == "float16":
        return np.asarray(stored).astype(np.float32)
    return stored


def from_values(name, values):
    """Values -> storage, for expected results and inputs."""
    if name == "bfloat16":
        return f32_to_bf16(values)
    if name in FLOAT8 or name == "float8_e8m0fnu":
        return f32_to_float8(name, values)
    return np.asarray(values).astype(storage_dtype(name))


def tolerance(name):
    """(rtol, atol) for comparing results of this element type. float32's
    atol allows for summation order: a dot product of 8192 inputs in [-1, 1]
    summed in another order than numpy's differs by over 1e-5 near zero."""
    return {
        "float64": (1e-9, 1e-12), "float32": (1e-4, 1e-4),
        "float16": (1e-2, 1e-2), "bfloat16": (2e-2, 2e-2),
        # One unit in the last place (3 and 2 mantissa bits), near zero the
        # least subnormal: a sum rounded once to float32 and then to 8 bits
        # may land on the other side of a rounding boundary than numpy's.
        "float8_e4m3fn": (0.125, 2.0 ** -9), "float8_e5m2": (0.25, 2.0 ** -16),
    }.get(name, (0, 0))
