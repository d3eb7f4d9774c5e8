"""Manifest dtype names -> numpy storage and the values references see."""
import numpy as np

# Storage dtype of each element type in device memory. bfloat16 has no numpy
# type: it is stored as its 16 raw bits and seen by references as float32.
STORAGE = {
    "float64": np.float64, "float32": np.float32, "float16": np.float16,
    "bfloat16": np.uint16,
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


def to_values(name, stored):
    """The array a reference computes with: 16-bit floats as float32, since
    the kernels widen them and round only what they store (a float16
    reference would round every intermediate, a float32 result included)."""
    if name == "bfloat16":
        return bf16_to_f32(stored)
    if name == "float16":
        return np.asarray(stored).astype(np.float32)
    return stored


def from_values(name, values):
    """Values -> storage, for expected results and inputs."""
    if name == "bfloat16":
        return f32_to_bf16(values)
    return np.asarray(values).astype(storage_dtype(name))


def tolerance(name):
    """(rtol, atol) for comparing results of this element type. float32's
    atol allows for summation order: a dot product of 8192 inputs in [-1, 1]
    summed in another order than numpy's differs by over 1e-5 near zero."""
    return {
        "float64": (1e-9, 1e-12), "float32": (1e-4, 1e-4),
        "float16": (1e-2, 1e-2), "bfloat16": (2e-2, 2e-2),
    }.get(name, (0, 0))
