#!/usr/bin/env python3
"""Every element-type pair of cuda_tile's conversions, against exact references.

  conversions.py host-mlir            the kernels the host runs (cuda_tile MLIR)
  conversions.py run LIB.so           runs them, compares, prints a summary
  conversions.py f8-mlir              the pairs with an f8 side, for PTX checks
  conversions.py refused-mlir         pairs tile-lower refuses, with the
                                      expected diagnostics (--verify-diagnostics)

Each host kernel loads a tile of source values chosen at the rounding
boundaries of the destination type (ties, a source ulp either side of a tie,
subnormals, overflow and underflow thresholds, infinities, NaN, signed zeros,
integer extremes; an f8 source every one of its 256 bit patterns, and an f8
destination every f8 value and every tie between two neighbours), converts
it with one op and stores the result. The
reference is computed here exactly: the source bits decoded to a Fraction and
rounded to nearest even in the destination format (integers: truncated toward
zero and saturated). Results must match bit for bit; a NaN result must be a NaN.

The pairs are those the dialect's verifier accepts (ops/ConversionOps.td):
exti/trunci over i1, i4, i8, i16, i32, i64; itof from each integer to each
float, ftoi from each float to each integer, ftof between different floats
(signed and unsigned forms where the op has them). tf32 lives in memory as
the f32 it is; i1 as a byte; i4 values pass through i8 (trunci to i4, exti
back), so the i4 pairs are checked as those chains.

ftoi to i1 is "not zero", as NVIDIA's tileiras computes it
(docs/semantics-from-nvidia.md): f16, bf16, f32 and f64 compare with 0 unordered
(NaN is true, -0.0 false); tf32 and f8 test their raw bits (-0.0 is true).

Conversions to f8E4M3FN and f8E5M2 saturate, as PTX's cvt.rn.satfinite does
(NVIDIA's tileiras uses it, docs/semantics-from-nvidia.md): a finite value
past the largest finite one, and an infinity, become the largest finite
value of its sign; NaN stays NaN. The host backend runs them through its
integer emulation of those cvt instructions (lib/Host/HostIntrinsics.cpp),
so the reference here must be, and is, computed independently of it.
"""
import ctypes
import fractions
import math
import struct
import sys

F = fractions.Fraction
TILE = 128  # values per kernel (a power of two); shorter lists repeat

INTS = ["i1", "i4", "i8", "i16", "i32", "i64"]
MEMORY_INTS = ["i1", "i8", "i16", "i32", "i64"]
WIDE_FLOATS = ["f16", "bf16", "f32", "tf32", "f64"]
F8 = ["f8E4M3FN", "f8E5M2"]
HOST_FLOATS = WIDE_FLOATS + F8
UNLOWERED_FLOATS = ["f8E8M0FNU", "f4E2M1FN"]


# --- float formats -----------------------------------------------------------

class Float:
    """A binary floating-point format: `mbits` stored mantissa bits, `ebits`
    exponent bits; `storage` bytes in memory (tf32 is an f32 whose low 13
    mantissa bits are zero)."""

    def __init__(self, name, ebits, mbits, storage, finite_only=False,
                 saturating=False):
        self.name, self.ebits, self.mbits = name, ebits, mbits
        self.storage = storage
        self.finite_only = finite_only  # e4m3fn: no infinity, S.1111.111 is NaN
        self.saturating = saturating  # conversions to it are .satfinite
        self.bias = (1 << (ebits - 1)) - 1
        self.emin = 1 - self.bias
        top = (1 << ebits) - 1
        if finite_only:
            self.max = F(2) ** (top - self.bias) * (2 - F(2, 1 << mbits))
        else:
            self.max = F(2) ** (top - 1 - self.bias) * (2 - F(1, 1 << mbits))
        self.min_subnormal = F(2) ** (self.emin - mbits)
        self.min_normal = F(2) ** self.emin

    def ulp(self, magnitude):
        """The spacing of the format at `magnitude` (> 0)."""
        e = max(floor_log2(magnitude), self.emin)
        return F(2) ** (e - self.mbits)

    def round(self, value):
        """Nearest-even rounding of a non-negative Fraction; inf on overflow."""
        if value == 0:
            return F(0)
        q = self.ulp(value)
        n, r = divmod(value, q)
        if r * 2 > q or (r * 2 == q and n % 2 == 1):
            n += 1
        result = n * q
        if result > self.max:
            return math.inf
        return result

    def representable(self, value):
        return value == 0 or (value <= self.max and self.round(value) == value)

    def encode(self, sign, value):
        """Bits of +-value (a representable Fraction, math.inf or math.nan)."""
        s = (1 << (self.ebits + self.mbits)) if sign else 0
        top = (1 << self.ebits) - 1
        if value is math.nan or (isinstance(value, float) and math.isnan(value)):
            return s | (top << self.mbits) | ((1 << self.mbits) - 1)
        if value == math.inf:
            assert not self.finite_only
            return s | (top << self.mbits)
        if value == 0:
            return s
        if value < self.min_normal:
            return s | int(value / self.min_subnormal)
        e = floor_log2(value)
        mantissa = int((value / F(2) ** e - 1) * (1 << self.mbits))
        return s | ((e + self.bias) << self.mbits) | mantissa

    def decode(self, bits):
        """(sign, Fraction | math.inf | math.nan)."""
        sign = bits >> (self.ebits + self.mbits) & 1
        e = bits >> self.mbits & ((1 << self.ebits) - 1)
        m = bits & ((1 << self.mbits) - 1)
        top = (1 << self.ebits) - 1
        if self.finite_only and e == top and m == (1 << self.mbits) - 1:
            return sign, math.nan
        if not self.finite_only and e == top:
            return sign, (math.nan if m else math.inf)
        if e == 0:
            return sign, m * self.min_subnormal
        return sign, (F(1) + F(m, 1 << self.mbits)) * F(2) ** (e - self.bias)

    def to_memory(self, bits):
        """Storage bits: tf32 is stored as the f32 with its 13 low bits zero."""
        return bits << 13 if self.name == "tf32" else bits

    def from_memory(self, word):
        return word >> 13 if self.name == "tf32" else word


def floor_log2(value):
    """floor(log2(value)) of a positive Fraction, exactly."""
    e = value.numerator.bit_length() - value.denominator.bit_length()
    if F(2) ** e > value:
        e -= 1
    elif F(2) ** (e + 1) <= value:
        e += 1
    return e


FLOATS = {
    "f16": Float("f16", 5, 10, 2),
    "bf16": Float("bf16", 8, 7, 2),
    "f32": Float("f32", 8, 23, 4),
    "tf32": Float("tf32", 8, 10, 4),
    "f64": Float("f64", 11, 52, 8),
    "f8E4M3FN": Float("f8E4M3FN", 4, 3, 1, finite_only=True, saturating=True),
    "f8E5M2": Float("f8E5M2", 5, 2, 1, saturating=True),
}


def width(t):
    return int(t[1:])


def storage_bytes(t):
    if t in FLOATS:
        return FLOATS[t].storage
    return max(1, width(t) // 8)


# --- source values -------------------------------------------------------------

def neighbours(fmt, value):
    """The values of `fmt` just below, at and just above a positive
    Fraction (at: only where representable), within the format's range."""
    out = []
    if value > fmt.max:
        return [fmt.max]
    if value < fmt.min_subnormal:
        return [F(0), fmt.min_subnormal]
    q = fmt.ulp(value)
    below = (value // q) * q
    if below == value:
        out.append(value)
        # The next value down has the finer spacing at a power of two.
        below = value - fmt.ulp(value - fmt.ulp(value) / 2) if value > fmt.min_subnormal else F(0)
    out.append(below)
    above = (value // q + 1) * q
    if above <= fmt.max:
        out.append(above)
    return out


def every_value(fmt):
    """The positive finite values of an 8-bit format."""
    values = set()
    for bits in range(1 << (fmt.ebits + fmt.mbits)):
        _, value = fmt.decode(bits)
        if isinstance(value, F) and value > 0:
            values.add(value)
    return sorted(values)


def boundaries(dest):
    """Positive values at the rounding boundaries of float format `dest`:
    for f8, every value and every midpoint between two neighbours (a tie,
    whose nearest-even choice alternates), for wider formats those around
    1, the smallest values, the largest and some that are not ties."""
    if dest.name in F8:
        values = every_value(dest)
        midpoints = [(a + b) / 2 for a, b in zip(values, values[1:])]
        return values + midpoints + [values[-1] + dest.ulp(values[-1]) / 2,
                                     values[-1] * 4, values[0] / 2,
                                     values[0] / 4, F(1, 3), F(10, 7)]
    points = [F(1), dest.min_subnormal, dest.min_normal, dest.max]
    out = []
    for p in points:
        u = dest.ulp(p)
        out += [p, p + u / 2, p + 3 * u / 2, p - u / 2 if p > dest.min_subnormal else p / 2]
    out += [dest.min_subnormal / 2, dest.min_subnormal * 3 / 2,
            dest.max + dest.ulp(dest.max), dest.max * 4,
            dest.min_subnormal / 4, F(3), F(1, 3), F(10, 7)]
    return [v for v in out if v > 0]


EXTRA_SOURCES = {
    # The counterexamples of issue 15: a double rounding through f32 gives
    # 1.0 where the correct result is 1.125 (e4m3) and 1 + 2^-10 (tf32).
    "f64": [F(1) + F(1, 16) + F(1, 1 << 30), F(1) + F(1, 2048) + F(1, 1 << 40)],
}


def all_bits(fmt):
    """Every bit pattern of an 8-bit format: each of its values, both zeros,
    infinities and every NaN encoding."""
    return list(range(1 << (1 + fmt.ebits + fmt.mbits)))


def float_sources(src, dest_points):
    """Bits of `src` values: every one for f8; otherwise each boundary's
    neighbours in `src`, `src`'s own extremes, infinities, NaN and zeros,
    each with both signs."""
    fmt = FLOATS[src]
    if src in F8:
        return all_bits(fmt)
    magnitudes = set()
    for p in dest_points + EXTRA_SOURCES.get(src, []):
        magnitudes.update(neighbours(fmt, p))
    magnitudes.update([fmt.max, fmt.min_subnormal, fmt.min_normal, F(0)])
    values = []
    for m in sorted(magnitudes):
        if fmt.representable(m):
            values += [fmt.encode(0, m), fmt.encode(1, m)]
    if not fmt.finite_only:
        values += [fmt.encode(0, math.inf), fmt.encode(1, math.inf)]
    values += [fmt.encode(0, math.nan)]
    return values


def int_range(t, signed):
    n = width(t)
    return (-(1 << (n - 1)), (1 << (n - 1)) - 1) if signed else (0, (1 << n) - 1)


def int_sources_for_float(src, signed, dest):
    """Integers of `src` around `dest`'s ties (where its ulp exceeds 1)."""
    lo, hi = int_range(src, signed)
    values = {0, 1, lo, hi, lo + 1, hi - 1}
    for e in range(1, width(src) + 1):
        base = 1 << e
        u = dest.ulp(F(base))
        for v in (base, base + u / 2, base + 3 * u / 2, base - u / 4 if u > 2 else base - 1):
            if v.denominator == 1:
                v = int(v)
                values.update([v - 1, v, v + 1, -v - 1, -v, -v + 1])
    if dest.max.denominator == 1:
        top = int(dest.max + dest.ulp(dest.max) / 2)
        values.update([top - 1, top, top + 1, -top])
    if dest.name == "tf32":
        values.add((1 << 25) + (1 << 14) + 1)  # issue 15: 2^25 + 2^15, not 2^25
    return sorted(v for v in values if lo <= v <= hi)


def float_sources_for_int(src, dest, signed):
    """Float values around truncation and saturation points of `dest`:
    every one for an f8 source."""
    fmt = FLOATS[src]
    if src in F8:
        return all_bits(fmt)
    lo, hi = int_range(dest, signed)
    points = [F(1, 2), F(1), F(3, 2), F(5, 2), F(hi), F(hi + 1), F(abs(lo)), F(abs(lo) + 1),
              F(1, 1 << 20), fmt.max]
    magnitudes = set()
    for p in points:
        magnitudes.update(neighbours(fmt, p))
    values = []
    for m in sorted(magnitudes):
        if fmt.representable(m):
            values += [fmt.encode(0, m), fmt.encode(1, m)]
    if not fmt.finite_only:
        values += [fmt.encode(0, math.inf), fmt.encode(1, math.inf)]
    values.append(fmt.encode(0, math.nan))
    return values


# --- references ------------------------------------------------------------------

def to_signed(word, n):
    word &= (1 << n) - 1
    return word - (1 << n) if word >> (n - 1) else word


def rounded(d, value):
    """`value` (a non-negative Fraction or math.inf) converted to format `d`:
    nearest even, then saturated where `d` saturates."""
    r = value if value == math.inf else d.round(value)
    return d.max if r == math.inf and d.saturating else r


def float_to_float(src, dest, bits):
    sign, value = FLOATS[src].decode(bits)
    d = FLOATS[dest]
    if isinstance(value, float) and math.isnan(value):
        return None  # any NaN
    return d.encode(sign, rounded(d, value))


def rounded_by_mode(d, sign, value, mode):
    """`value` (a non-negative Fraction or math.inf) with sign `sign`
    converted to the wide format `d` by ftof's rounding `mode`: the grid
    point below or above the magnitude, chosen by the mode's direction (or,
    for nearest_away, by the remainder, ties up); past the largest finite
    value, infinity unless the rounding is toward zero."""
    if value == math.inf or value == 0:
        return value
    if mode == "nearest_even":
        return rounded(d, value)
    q = d.ulp(value)
    n, r = divmod(value, q)
    toward_zero = (mode == "zero" or (mode == "positive_inf" and sign)
                   or (mode == "negative_inf" and not sign))
    if mode == "nearest_away":
        up = r * 2 >= q
    else:
        up = r != 0 and not toward_zero
    result = (n + 1 if up else n) * q
    if result > d.max:
        return d.max if toward_zero else math.inf
    return result


def float_to_float_by_mode(src, dest, bits, mode):
    sign, value = FLOATS[src].decode(bits)
    if isinstance(value, float) and math.isnan(value):
        return None
    d = FLOATS[dest]
    return d.encode(sign, rounded_by_mode(d, sign, value, mode))


# ftof's rounding modes other than nearest_even that the verifier admits
# into the wide formats (docs/ftof-rounding.tsv).
ROUNDING_PAIRS = [("f64", "f32", m) for m in ("zero", "negative_inf", "positive_inf")] + [
    ("f32", "tf32", "zero"), ("f32", "tf32", "nearest_away"),
    ("f64", "f16", "zero"), ("f64", "bf16", "zero"), ("f64", "tf32", "zero"),
    ("f32", "f16", "zero"), ("f32", "bf16", "zero"), ("f16", "bf16", "zero"),
    ("bf16", "f16", "zero"), ("tf32", "f16", "zero"), ("tf32", "bf16", "zero")]


def int_to_float(dest, value):
    d = FLOATS[dest]
    return d.encode(value < 0, rounded(d, F(abs(value))))


def float_to_int(src, dest, signed, bits):
    sign, value = FLOATS[src].decode(bits)
    lo, hi = int_range(dest, signed)
    if isinstance(value, float) and math.isnan(value):
        result = 0
    elif isinstance(value, float):
        result = lo if sign else hi
    else:
        result = min(max(-int(value) if sign else int(value), lo), hi)
    return result & ((1 << width(dest)) - 1)


# --- the pairs ---------------------------------------------------------------------

def float_to_bool(src, bits):
    """ftoi to i1: "not zero" on the value for IEEE formats (NaN true, -0.0
    false), on the raw bits for tf32 and f8."""
    if src == "tf32" or src in F8:
        return int(bits != 0)
    sign = 1 << (FLOATS[src].ebits + FLOATS[src].mbits)
    return int(bits & ~sign != 0)


class Case:
    """One kernel: `body` converts %x (tile<TILE x src>) to %y (tile<TILE x dst>)."""

    def __init__(self, label, src, dst, body, inputs, expected):
        self.label, self.src, self.dst, self.body = label, src, dst, body
        self.inputs, self.expected = inputs, expected  # memory words; None = NaN


def mem_word(t, bits):
    if t in FLOATS:
        return FLOATS[t].to_memory(bits)
    return bits & ((1 << (8 * storage_bytes(t))) - 1)


def host_cases():
    cases = []
    shape = lambda t: "tile<%dx%s>" % (TILE, t)
    # exti / trunci between the integers that live in memory.
    patterns = lambda n: sorted({0, 1, (1 << n) - 1, 1 << (n - 1), (1 << (n - 1)) - 1,
                                 0x5555555555555555 & ((1 << n) - 1),
                                 0xAAAAAAAAAAAAAAAA & ((1 << n) - 1),
                                 0x0123456789ABCDEF & ((1 << n) - 1)})
    for a in MEMORY_INTS:
        for b in MEMORY_INTS:
            na, nb = width(a), width(b)
            if na < nb:
                for signed in (True, False):
                    kind = "signed" if signed else "unsigned"
                    ins = patterns(na)
                    out = [(to_signed(v, na) if signed else v) & ((1 << nb) - 1) for v in ins]
                    cases.append(Case("exti %s %s -> %s" % (kind, a, b), a, b,
                                      "%%y = exti %%x %s : %s -> %s" % (kind, shape(a), shape(b)),
                                      ins, out))
            elif na > nb:
                ins = patterns(na)
                cases.append(Case("trunci %s -> %s" % (a, b), a, b,
                                  "%%y = trunci %%x : %s -> %s" % (shape(a), shape(b)),
                                  ins, [v & ((1 << nb) - 1) for v in ins]))
    # i4 through i8: trunci to i4, then exti back (signed and unsigned).
    for signed in (True, False):
        kind = "signed" if signed else "unsigned"
        ins = list(range(256))
        out = [(to_signed(v, 4) if signed else v & 15) & 0xFF for v in ins]
        cases.append(Case("trunci i8 -> i4, exti %s i4 -> i8" % kind, "i8", "i8",
                          "%%n = trunci %%x : %s -> %s\n    %%y = exti %%n %s : %s -> %s"
                          % (shape("i8"), shape("i4"), kind, shape("i4"), shape("i8")),
                          ins, out))
    # itof: every integer to every float the host converts.
    for a in MEMORY_INTS:
        for b in HOST_FLOATS:
            for signed in (True, False):
                kind = "signed" if signed else "unsigned"
                values = int_sources_for_float(a, signed, FLOATS[b])
                cases.append(Case("itof %s %s -> %s" % (kind, a, b), a, b,
                                  "%%y = itof %%x %s : %s -> %s" % (kind, shape(a), shape(b)),
                                  [v & ((1 << width(a)) - 1) for v in values],
                                  [mem_word(b, int_to_float(b, v)) for v in values]))
    # ftoi: every float to every integer.
    for a in HOST_FLOATS:
        for b in MEMORY_INTS:
            for signed in (True, False):
                kind = "signed" if signed else "unsigned"
                values = float_sources_for_int(a, b, signed)
                if b == "i1":
                    zeros = [FLOATS[a].encode(0, 0), FLOATS[a].encode(1, 0)]
                    expected = [float_to_bool(a, v) for v in values + zeros]
                    values = values + zeros
                else:
                    expected = [float_to_int(a, b, signed, v) for v in values]
                cases.append(Case("ftoi %s %s -> %s" % (kind, a, b), a, b,
                                  "%%y = ftoi %%x %s saturating : %s -> %s"
                                  % (kind, shape(a), shape(b)),
                                  [mem_word(a, v) for v in values], expected))
    # ftof between different floats.
    for a in HOST_FLOATS:
        for b in HOST_FLOATS:
            if a == b:
                continue
            values = float_sources(a, boundaries(FLOATS[b]))
            expected = []
            for v in values:
                r = float_to_float(a, b, v)
                expected.append(None if r is None else mem_word(b, r))
            cases.append(Case("ftof %s -> %s" % (a, b), a, b,
                              "%%y = ftof %%x : %s -> %s" % (shape(a), shape(b)),
                              [mem_word(a, v) for v in values], expected))
    # ftof with the other rounding modes (the sources have both signs).
    for a, b, mode in ROUNDING_PAIRS:
        values = float_sources(a, boundaries(FLOATS[b]))
        expected = []
        for v in values:
            r = float_to_float_by_mode(a, b, v, mode)
            expected.append(None if r is None else mem_word(b, r))
        cases.append(Case("ftof-rounding %s %s -> %s" % (mode, a, b), a, b,
                          "%%y = ftof %%x rounding<%s> : %s -> %s"
                          % (mode, shape(a), shape(b)),
                          [mem_word(a, v) for v in values], expected))
    return cases


def chunks(case):
    """The case's values in tiles of TILE (the last one padded by repeating)."""
    n = len(case.inputs)
    for start in range(0, n, TILE):
        ins = case.inputs[start:start + TILE]
        exp = case.expected[start:start + TILE]
        pad = TILE - len(ins)
        yield ins + ins[:1] * pad, exp + exp[:1] * pad


def kernel_mlir(name, case):
    view = lambda t: "tensor_view<%dx%s, strides=[1]>" % (TILE, t)
    part = lambda t: "partition_view<tile=(%d), %s>" % (TILE, view(t))
    return """  entry @{name}(%in: tile<ptr<{s}>>, %out: tile<ptr<{d}>>) {{
    %i = constant <i32: 0> : tile<i32>
    %tv = make_tensor_view %in, shape = [{n}], strides = [1] : {vs}
    %pv = make_partition_view %tv : {ps}
    %x, %t = load_view_tko weak %pv[%i] : {ps}, tile<i32> -> tile<{n}x{s}>, token
    {body}
    %ov = make_tensor_view %out, shape = [{n}], strides = [1] : {vd}
    %opv = make_partition_view %ov : {pd}
    %done = store_view_tko weak %y, %opv[%i] : tile<{n}x{d}>, {pd}, tile<i32> -> token
    return
  }}
""".format(name=name, s=case.src, d=case.dst, n=TILE, body=case.body,
           vs=view(case.src), ps=part(case.src), vd=view(case.dst), pd=part(case.dst))


def host_mlir():
    out = ["// Generated by test/Conversion/Inputs/conversions.py host-mlir.",
           "cuda_tile.module @conversions {"]
    for index, case in enumerate(host_cases()):
        out.append(kernel_mlir("k%d" % index, case))
    out.append("}")
    return "\n".join(out)


def pack(t, words):
    n = storage_bytes(t)
    return b"".join(w.to_bytes(n, "little") for w in words)


def unpack(t, data):
    n = storage_bytes(t)
    return [int.from_bytes(data[i:i + n], "little") for i in range(0, len(data), n)]


def is_nan_word(t, word):
    if t not in FLOATS:
        return False
    fmt = FLOATS[t]
    value = fmt.decode(fmt.from_memory(word))[1]
    return isinstance(value, float) and math.isnan(value)


def run(library):
    lib = ctypes.CDLL(library)
    families = {}
    mismatches = 0
    for index, case in enumerate(host_cases()):
        kernel = getattr(lib, "k%d__host" % index)
        kernel.argtypes = [ctypes.c_void_p, ctypes.POINTER(ctypes.c_uint32)]
        kernel.restype = None
        family = case.label.split()[0]
        pairs, values, bad = families.get(family, (0, 0, 0))
        case_bad = 0
        for ins, exp in chunks(case):
            src = ctypes.create_string_buffer(pack(case.src, ins))
            dst = ctypes.create_string_buffer(b"\xab" * (storage_bytes(case.dst) * TILE))
            slots = (ctypes.c_uint64 * 2)(ctypes.addressof(src), ctypes.addressof(dst))
            params = (ctypes.c_void_p * 2)(ctypes.addressof(slots),
                                           ctypes.addressof(slots) + 8)
            grid = (ctypes.c_uint32 * 6)(0, 0, 0, 1, 1, 1)
            kernel(params, grid)
            got = unpack(case.dst, dst.raw[:storage_bytes(case.dst) * TILE])
            for x, want, have in zip(ins, exp, got):
                ok = is_nan_word(case.dst, have) if want is None else want == have
                if not ok:
                    case_bad += 1
                    if case_bad <= 3:
                        print("MISMATCH %s: input 0x%x gives 0x%x, expected %s"
                              % (case.label, x, have,
                                 "NaN" if want is None else "0x%x" % want))
        families[family] = (pairs + 1, values + len(case.inputs), bad + case_bad)
        mismatches += case_bad
    for family in ("exti", "trunci", "itof", "ftoi", "ftof", "ftof-rounding"):
        pairs, values, bad = families[family]
        print("%s: %d pairs, %d values, %d mismatches" % (family, pairs, values, bad))
    return 1 if mismatches else 0


# --- pairs the host cannot run, and pairs tile-lower refuses ---------------------

def f8_cases():
    """The pairs with an f8 side, as kernels like the host's, for the check
    that they compile to PTX's f8 cvt instructions and assemble (their
    values are checked by `run`, with the host cases)."""
    cases = []
    shape = lambda t: "tile<%dx%s>" % (TILE, t)
    for f8 in F8:
        for t in WIDE_FLOATS + [g for g in F8 if g != f8]:
            for a, b in ((f8, t), (t, f8)):
                values = float_sources(a, boundaries(FLOATS[b]))
                cases.append(Case("ftof %s -> %s" % (a, b), a, b,
                                  "%%y = ftof %%x : %s -> %s" % (shape(a), shape(b)),
                                  [mem_word(a, v) for v in values], [None] * len(values)))
        for t in MEMORY_INTS:
            for kind in ("signed", "unsigned"):
                cases.append(Case("itof %s %s -> %s" % (kind, t, f8), t, f8,
                                  "%%y = itof %%x %s : %s -> %s" % (kind, shape(t), shape(f8)),
                                  [0], [None]))
                cases.append(Case("ftoi %s %s -> %s" % (kind, f8, t), f8, t,
                                  "%%y = ftoi %%x %s saturating : %s -> %s"
                                  % (kind, shape(f8), shape(t)), [0], [None]))
    return cases


def f8_mlir():
    out = ["// Generated by test/Conversion/Inputs/conversions.py f8-mlir.",
           "cuda_tile.module @f8_conversions {"]
    for index, case in enumerate(f8_cases()):
        out.append(kernel_mlir("f8_%d" % index, case))
    out.append("}")
    return "\n".join(out)


def refused_mlir():
    """One split per pair whose f8E8M0FNU or f4E2M1FN side tile-lower does
    not lower yet (all but ftof from e8m0 to the wide floats), each
    expecting the diagnostic that names the type."""
    shape = lambda t: "tile<2x%s>" % t
    splits = []
    every_float = HOST_FLOATS + UNLOWERED_FLOATS
    pairs = []
    for f in UNLOWERED_FLOATS:
        for t in every_float:
            if t == f:
                continue
            # Only directed rounding converts to e8m0 (the verifier's rule).
            to_rounding = " rounding<positive_inf>" if f == "f8E8M0FNU" else ""
            from_rounding = (" rounding<positive_inf>"
                             if t == "f8E8M0FNU" else "")
            pairs.append((t, "ftof %%x%s : %s -> %s" % (to_rounding, shape(t), shape(f)), f))
            # ftof decodes e8m0 into the wide floats (mmaf_scaled's scales).
            decoded = f == "f8E8M0FNU" and t in WIDE_FLOATS
            if t not in UNLOWERED_FLOATS and not decoded:
                pairs.append((f, "ftof %%x%s : %s -> %s" % (from_rounding, shape(f), shape(t)), f))
        for t in MEMORY_INTS:
            if f != "f8E8M0FNU":  # the verifier refuses itof to e8m0
                pairs.append((t, "itof %%x signed : %s -> %s" % (shape(t), shape(f)), f))
            pairs.append((f, "ftoi %%x signed : %s -> %s" % (shape(f), shape(t)), f))
    for source, op, unlowered in pairs:
        # The diagnostic names the first type it cannot lower, source first.
        if source in UNLOWERED_FLOATS:
            unlowered = source
        literal = "1" if source in INTS else "1.0"
        splits.append("""cuda_tile.module @m {
  entry @k() {
    %%x = constant <%s: %s> : %s
    // expected-error @below {{tilechain cannot lower 'cuda_tile.%s' with element type '%s' yet}}
    %%y = %s
    return
  }
}""" % (source, literal, shape(source), op.split()[0], unlowered, op))
    return "\n\n// -----\n\n".join(splits)


def main(argv):
    command = argv[0] if argv else ""
    if command == "host-mlir":
        print(host_mlir())
        return 0
    if command == "run" and len(argv) == 2:
        return run(argv[1])
    if command == "f8-mlir":
        print(f8_mlir())
        return 0
    if command == "refused-mlir":
        print(refused_mlir())
        return 0
    sys.stderr.write(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
