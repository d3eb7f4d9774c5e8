"""Expected results of a kernel, from its numpy_reference.

Many references are numpy statements over the argument names (`c = a + b`);
they run in a namespace of the arguments' values after a few spelling
rewrites (`(cast to T)` notes dropped, `and(x, y)` renamed, `A.f32`). Some
families are described in prose; those have hand-written references here.
Everything else is reported as having no executable reference.
"""
import re

import numpy as np


class NoReference(Exception):
    """The manifest's reference cannot be evaluated; the message says why."""


def softmax(s, axis=-1):
    e = np.exp(s - np.max(s, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def tf32_round(x):
    """Round float32 to tf32's 10 mantissa bits, nearest even."""
    bits = np.asarray(x, dtype=np.float32).view(np.uint32).astype(np.uint64)
    bits = (bits + 0xFFF + ((bits >> 13) & 1)) & 0xFFFFE000
    return bits.astype(np.uint32).view(np.float32)


# What references may call besides numpy.
HELPERS = {
    "np": np, "softmax": softmax, "tf32_round": tf32_round, "tf32": tf32_round,
    "f32": np.float32, "f16": np.float16, "bf16": np.float32, "acc": np.float64,
    "i32": np.int32, "inf": np.inf, "repeat": np.repeat,
    # `.astype(dt)`: the result's element type, as references see it (16-bit
    # floats as float32; the comparison rounds to the stored type).
    "dt": np.float32,
    # Rounding into an 8-bit float result: the comparison rounds to the
    # argument's type (compare.py).
    "fp8": lambda x: x,
    # atomic read-modify-write references: x_ref = op(x0, y)
    "add": np.add, "xchg": lambda old, new: new, "max": np.maximum,
    "min": np.minimum, "_and": np.bitwise_and, "_or": np.bitwise_or,
    "_xor": np.bitwise_xor,
}

_NOTES = re.compile(
    r"\s*\((?:cast to|floor|python semantics|round toward zero|arith for signed|"
    r"approx|traps|inputs rounded|tf32 rounding)[^)]*\)")


def rewrite(text):
    """The reference text as Python statements."""
    code = _NOTES.sub("", text).strip()
    with_value = re.search(r"\s+with (\w+)=(\S+)$", code)
    if with_value:
        code = "%s = %s; %s" % (with_value.group(1), with_value.group(2),
                                code[:with_value.start()])
    code = re.sub(r"\b(and|or|xor)\(", r"_\1(", code)
    code = re.sub(r"\.f32\b", ".astype(np.float32)", code)
    return code.replace(" ; ", "; ")


def _fmha(values, scalars, constants):
    q = values["Q"].astype(np.float64)
    k = values["K"].astype(np.float64)
    v = values["V"].astype(np.float64)
    group = q.shape[1] // k.shape[1]
    k = np.repeat(k, group, axis=1)
    v = np.repeat(v, group, axis=1)
    s = q @ k.transpose(0, 1, 3, 2) * scalars["qk_scale"]
    if constants.get("CAUSAL") == "True":
        i = np.arange(q.shape[2])[:, None] + scalars.get("input_pos", 0)
        j = np.arange(k.shape[2])[None, :]
        s = np.where(i >= j, s, -np.inf)
    return {"Out": softmax(s) @ v}


def _layer_norm_bwd_partial(values, scalars, constants):
    """DX, and DW/DB summed over the rows of each group (row % groups)."""
    x, dy, w = (values[n].astype(np.float64) for n in ("X", "DY", "W"))
    mean, rstd = values["Mean"][:, None], values["Rstd"][:, None]
    xhat = (x - mean) * rstd
    wdy = w * dy
    c1 = (xhat * wdy).mean(1)[:, None]
    c2 = wdy.mean(1)[:, None]
    group = np.arange(x.shape[0]) % values["DW"].shape[0]
    dw = np.zeros(values["DW"].shape)
    db = np.zeros(values["DB"].shape)
    np.add.at(dw, group, dy * xhat)
    np.add.at(db, group, dy)
    return {"DX": (wdy - (xhat * c1 + c2)) * rstd, "DW": dw, "DB": db}


def _split_k_float16(values, scalars, constants):
    """Split-K into a float16 C, computed as the kernel computes it (NVIDIA's
    code too, docs/semantics-from-nvidia.md): split s sums the k tiles
    s, s + SPLIT_K, ... in float32, each tile's dot product a chain of fused
    multiply-adds from zero added to the running sum; the first split to take
    the lock stores its sum rounded to float16, the others add theirs, rounded
    to float16, in float16. The splits arrive in index order, as blocks run
    on the host; on a GPU another order may move the last float16 place."""
    a = values["A"].astype(np.float64)
    b = values["B"].astype(np.float64)
    tile_k, splits = int(constants["tk"]), int(constants["SPLIT_K"])
    tiles = a.shape[1] // tile_k
    c = None
    for split in range(splits):
        total = np.zeros((a.shape[0], b.shape[1]), np.float32)
        for tile in range(split, tiles, splits):
            dot = np.zeros_like(total)
            for k in range(tile * tile_k, (tile + 1) * tile_k):
                # An f16 x f16 product and its f32 sum are exact in float64,
                # so one rounding to float32 is the fused multiply-add.
                product = a[:, k:k + 1] * b[k:k + 1, :]
                dot = (dot.astype(np.float64) + product).astype(np.float32)
            total = total + dot
        part = total.astype(np.float16)
        c = part if c is None else (c.astype(np.float32) + part).astype(np.float16)
    return {"C": c.astype(np.float32)}


def _hand_written(names, dtypes):
    if {"Q", "K", "V", "Out", "qk_scale"} <= names:
        return _fmha
    if {"DX", "DY", "DW", "DB", "X", "W", "Mean", "Rstd"} <= names:
        return _layer_norm_bwd_partial
    if {"A", "B", "C", "LOCKS", "COUNTS"} <= names and dtypes.get("C") == "float16":
        return _split_k_float16
    return None


def _aliases(code, arrays):
    """Names the reference uses for arguments it does not name: x, y, z
    (or a, b, c) stand for the array arguments in order; a lower-case name
    stands for the float32 values of its upper-case argument; N_s or Ns for
    the block scales N_scale."""
    used = set(re.findall(r"\b[A-Za-z_]\w*\b", code))
    unknown = sorted(n for n in used if n not in arrays and n not in HELPERS
                     and len(n) == 1 and n.islower())
    aliases = {}
    for name in list(unknown):
        if name.upper() in arrays:
            aliases[name] = name.upper()
            unknown.remove(name)
    unnamed = [n for n in arrays if n not in used]
    if unknown and len(unknown) == len(unnamed):
        aliases.update(zip(unknown, unnamed))
    # Block scales: A_s or Xs for the argument A_scale or X_scale.
    for name in used - set(arrays) - set(HELPERS):
        short = re.fullmatch(r"(\w+?)_?s", name)
        if short and short.group(1) + "_scale" in arrays:
            aliases[name] = short.group(1) + "_scale"
    return aliases


TF32_NOTE = re.compile(r"inputs rounded to tf32|tf32 rounding")
# A reference that rounds its operands itself (`C0 + tf32(A) @ tf32(B)`):
# the accumulator C stays float32, as in NVIDIA's code for the kernel.
TF32_CALL = re.compile(r"\btf32(_round)?\(")


def evaluate(spec, values, tf32_inputs=False):
    """Expected results {array name: values} from the inputs `values`
    {array name: values as references see them}. With `tf32_inputs` (the
    kernel rounds its float32 operands to tf32, as a note in the reference or
    the kernel's own conversions say) the reference computes with float32
    inputs so rounded, unless it calls tf32() on the operands itself.
    Raises NoReference."""
    scalars = {a.name: a.value for a in spec.arguments if a.kind == "scalar"}
    constants = {a.name: a.value for a in spec.arguments if a.kind == "constant"}
    hand = _hand_written(set(values) | set(scalars),
                         {a.name: a.dtype for a in spec.arguments})
    if hand:
        return hand(values, scalars, constants)
    code = rewrite(spec.reference)
    tf32_inputs = tf32_inputs and not TF32_CALL.search(code)
    aliases = _aliases(code, values)
    namespace = dict(HELPERS)
    namespace.update(scalars)
    originals, seen = {}, {}
    for name, value in values.items():
        originals[name] = value.copy()
        if tf32_inputs and value.dtype == np.float32:
            value = tf32_round(value)
        seen[name] = value
        namespace[name] = value.copy()
        namespace[name + "0"] = value.copy()
    for alias, name in aliases.items():
        namespace[alias] = namespace[name]
        namespace[alias + "0"] = namespace[name + "0"]
    try:
        exec(compile(code, "<numpy_reference>", "exec"), namespace)
    except Exception as error:  # prose, or names the arguments do not have
        raise NoReference("no executable reference (%s: %s): %s"
                          % (type(error).__name__, error, spec.reference))
    by_alias = {v: k for k, v in aliases.items()}
    expected = {}
    changed = False
    for name, original in originals.items():
        spelled = by_alias.get(name, name)
        for candidate in (spelled + "_ref", spelled):
            if candidate in namespace:
                result = np.asarray(namespace[candidate])
                break
        if np.iscomplexobj(result):
            # FFT rows: the arrays hold interleaved (re, im) pairs and the
            # kernels take precomputed twiddle tables as inputs; neither is
            # described well enough to build from the text.
            raise NoReference("complex reference result for %s: %s"
                              % (name, spec.reference))
        if result.shape != original.shape:
            try:
                result = np.broadcast_to(result.reshape(-1) if result.size == original.size
                                         else result, original.shape)
            except ValueError:
                raise NoReference("reference result for %s has shape %s, the "
                                  "argument %s" % (name, result.shape, original.shape))
        # Arguments the reference leaves alone must come back unchanged.
        if np.array_equal(result, seen[name], equal_nan=True):
            result = original
        expected[name] = result
        changed |= not np.array_equal(result, original, equal_nan=True)
    if not changed:
        raise NoReference("the reference changes no argument: %s" % spec.reference)
    return expected
