"""Arrays that satisfy a kernel's assumptions (alignment, shapes, strides)."""
import re

import numpy as np

from . import dtypes

# Every base is aligned to this many bytes, more than any base_div (16B) the
# corpus asks for.
BASE_ALIGNMENT = 256


class DeviceArray:
    """An array at an aligned address, possibly strided, with its buffer.

    `buffer` is the raw allocation (uint8) that holds every element the view
    can reach; `view` is the numpy view with the manifest's shape and strides.
    """

    def __init__(self, arg):
        self.arg = arg
        dtype = dtypes.storage_dtype(arg.dtype)
        self.dtype = dtype
        span = 1 + sum((n - 1) * s for n, s in zip(arg.shape, arg.strides)) if arg.shape else 1
        if any(n == 0 for n in arg.shape):
            span = 1
        nbytes = max(span, 1) * dtype.itemsize
        self.raw = np.zeros(nbytes + BASE_ALIGNMENT, dtype=np.uint8)
        offset = (-self.raw.ctypes.data) % BASE_ALIGNMENT
        self.buffer = self.raw[offset:offset + nbytes]
        flat = self.buffer.view(dtype)
        self.view = np.lib.stride_tricks.as_strided(
            flat, shape=arg.shape,
            strides=tuple(s * dtype.itemsize for s in arg.strides))

    @property
    def address(self):
        return self.buffer.ctypes.data

    def values(self):
        """A copy of the view as the values a reference sees."""
        return dtypes.to_values(self.arg.dtype, np.array(self.view))


def _value_range(reference):
    """(low, high) of random floats that keep the reference's math defined."""
    if re.search(r"sqrt|log|\*\*|pow", reference):
        return 0.5, 2.0
    return -1.0, 1.0


def flat_index_bounds(spec):
    """{integer array: element count} for arrays the reference uses as flat
    indices (`y.flat[offsets] = x.flat[offsets]`): the kernel offsets
    pointers by them unchecked, so they must stay inside every array they
    index."""
    sizes = {a.name: int(np.prod(a.shape)) for a in spec.arguments
             if a.kind == "array"}
    bounds = {}
    for m in re.finditer(r"(\w+)\.flat\[\s*(\w+)\s*\]", spec.reference):
        indexed, index = m.groups()
        if indexed in sizes and index in sizes:
            bounds[index] = min(bounds.get(index, sizes[indexed]), sizes[indexed])
    return bounds


def fill(array, rng, reference, index_bound=None):
    """Random values in a sensible range for the element type; indices in
    [0, index_bound) when given."""
    name = array.arg.dtype
    shape = array.view.shape
    divides = re.search(r"/|%|>>|<<", reference) is not None
    if name == "bool_":
        values = rng.integers(0, 2, size=shape).astype(bool)
    elif index_bound is not None:
        values = rng.integers(0, index_bound, size=shape)
    elif name == "float8_e8m0fnu":
        # Block scales: powers of two from 1/4 to 4, so that scaled products
        # stay within 16 times the operands and float32 sums in another order
        # than numpy's stay within float32's tolerance.
        values = np.ldexp(1.0, rng.integers(-2, 3, size=shape))
    elif name.startswith(("int", "uint")) or name == "i64":
        low = 1 if divides or name.startswith("uint") else -8
        values = rng.integers(low, 8, size=shape)
    else:
        low, high = _value_range(reference)
        values = rng.uniform(low, high, size=shape).astype(np.float32)
    array.view[...] = dtypes.from_values(name, values)


def zero_initialized(spec):
    """Names the reference asks to start at zero ('DW/DB ... zero-init'), and
    partial results the kernel adds into ('partial DW/DB accumulated per
    group')."""
    names = set()
    for m in re.finditer(r"([\w/]+)(?:\s*\([^)]*\))?\s+zero-init", spec.reference):
        names.update(m.group(1).split("/"))
    for m in re.finditer(r"([\w/]+) accumulated per", spec.computes):
        names.update(m.group(1).split("/"))
    return names


def scratch(spec):
    """Arrays the kernel uses to synchronise its blocks (spin locks, arrival
    counters), named in `computes` as zero-initialised: '(LOCKS, COUNTS
    zero-init)', '(atomic_cas/xchg on Locks, zero-initialised)'. They start
    at zero and what the kernel leaves in them is not a result."""
    arrays = {a.name for a in spec.arguments if a.kind == "array"}
    names = set()
    for m in re.finditer(r"\(([^()]*?)\bzero-init", spec.computes):
        names.update(w for w in re.findall(r"\w+", m.group(1)) if w in arrays)
    return names


def asserted(spec):
    """Boolean arrays a kernel asserts ('y = x (traps if any cond false)'):
    they hold True, so that the kernel runs past its assert and computes,
    as the reference does."""
    return set(re.findall(r"traps if any (\w+) false", spec.reference))


def allocate(spec, seed=0):
    """One DeviceArray per array argument, by name, filled and ready."""
    rng = np.random.default_rng(seed)
    zeros = zero_initialized(spec) | scratch(spec)
    truths = asserted(spec)
    bounds = flat_index_bounds(spec)
    arrays = {}
    for arg in spec.arguments:
        if arg.kind != "array":
            continue
        array = DeviceArray(arg)
        if arg.name in truths:
            array.view[...] = True
        elif arg.name not in zeros:
            fill(array, rng, spec.reference, bounds.get(arg.name))
        arrays[arg.name] = array
    return arrays
