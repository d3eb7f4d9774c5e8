#!/usr/bin/env python3
"""Random, type-correct cuda_tile programs for differential testing.

    tile-gen.py --seed S [--count N] [-o DIR]

Each seed gives one module (the same text for the same seed): an entry
kernel over pointer and view arguments, as cuTile writes them (one pointer,
shape and strides per array, i32 each; assumes; make_tensor_view,
make_partition_view, load_view_tko/store_view_tko with make_token), whose
body draws from elementwise arith/math, cmp/select, conversions, broadcast,
reshape, permute, extract, cat, reduce, scan, mma, pointer-tile loads and
stores, and for/if/loop with carried tiles. Tiles have 1 to 1024 elements,
dims powers of two, rank 0 to 3. The entry and view accesses carry
optimization hints, in and out of their ranges, drawn from a stream of
their own (a seed's program is otherwise the one it was without them).

The first line is `// tile-gen: {json}`: the kernel, the grid, the flat
parameters, every array (element type, shape, input or output) and, per
output, why its floats may differ between two correct compilations (a
floating-point reduce, scan or mma whose order is free). utils/tile-gen-check.py
compiles and runs the programs. Without -o, the modules go to stdout,
separated by `// -----` (tile-read --split-input-file reads them).

What a program does is defined for every input: integer division by a
divisor forced into [1, 15], shifts by an amount masked to the width, no
overflow flags, views padded with zero where an array ends inside a tile,
pointer loads and stores masked where they would leave the array, and no
float that may differ in its last bits feeds a comparison, a float->int
conversion, floor/ceil, a division or a root.
"""
import argparse
import json
import os
import random
import re

FLOATS = ("f32", "f16", "bf16", "f64")
INTS = ("i32", "i16", "i8")
ELEMS = FLOATS + INTS + ("i1",)
ELEM_WEIGHTS = (4, 2, 2, 1, 3, 1, 1, 1)
WIDTH = {"f32": 32, "f16": 16, "bf16": 16, "f64": 64, "i32": 32, "i16": 16,
         "i8": 8, "i1": 1}
# Harness element names (harness/tilechain_harness/dtypes.py).
HARNESS_DTYPE = {"f32": "float32", "f16": "float16", "bf16": "bfloat16",
                 "f64": "float64", "i32": "int32", "i16": "int16",
                 "i8": "int8", "i1": "bool_"}
MAX_ELEMENTS = 1024
INF_BITS = {"f32": ("0x7F800000", "0xFF800000"), "f16": ("0x7C00", "0xFC00"),
            "bf16": ("0x7F80", "0xFF80"),
            "f64": ("0x7FF0000000000000", "0xFFF0000000000000")}
PREDICATES = ("equal", "not_equal", "less_than", "less_than_or_equal",
              "greater_than", "greater_than_or_equal")
# Unary float ops a float that may differ in its last bits may feed: they
# are continuous, so the difference stays within a tolerance.
SMOOTH_UNARY = ("negf", "absf", "exp", "exp2", "sin", "cos", "tanh")
ROUGH_UNARY = ("ceil", "floor", "sqrt", "rsqrt", "log", "log2")
SMOOTH_BINARY = ("addf", "subf", "mulf", "maxf", "minf")
ROUGH_BINARY = ("divf", "pow")
INT_BINARY = ("addi", "subi", "muli", "andi", "ori", "xori", "maxi", "mini",
              "mulhii", "shli", "shri", "divi", "remi")
# Optimization hints (Generator.hints): the keys cuTile writes, and values
# in and out of the ranges -Werr-hints checks (occupancy 1-32, latency
# 1-10, clusters and worker warps powers of two up to 16 and 32).
HINT_KEYS = ("default", "sm_80", "sm_90", "sm_100", "sm_120")
ENTRY_HINTS = {"occupancy": (-1, 0, 1, 2, 4, 99),
               "num_cta_in_cga": (0, 1, 2, 5, 64),
               "num_worker_warps_per_cta": (0, 4, 8, 1000)}
LOAD_HINTS = {"latency": (0, 1, 3, 10, 11), "allow_tma": ("true", "false")}
STORE_HINTS = {"allow_tma": ("true", "false")}
# Op families a program may leave out (Generator.families).
FAMILIES = ("reduce", "scan", "mma", "shape", "extract", "cat", "convert",
            "control")
# mma element types: (operands, accumulator).
MMA_TYPES = (("f16", "f32"), ("f16", "f16"), ("bf16", "f32"), ("f32", "f32"),
             ("f64", "f64"), ("i8", "i32"))


def is_float(elem):
    return elem in FLOATS


def tile_type(shape, elem):
    return "tile<%s>" % "x".join([str(d) for d in shape] + [elem])


def free_order(kind, terms, elem):
    """The text that marks a value as depending on a floating-point `kind`
    (reduce, scan, mma) of `terms` terms computed in `elem`."""
    return "floating-point %s of %d %s terms" % (kind, terms, elem)


FREE_ORDER = re.compile(r"floating-point \w+ of (\d+) (\w+) terms$")


def free_order_terms(text):
    """(terms, elem) of a free_order text."""
    m = FREE_ORDER.match(text)
    return int(m.group(1)), m.group(2)


# Relative step of each float type: a sum of n terms in the type may differ
# between orders by about n steps of the largest term.
FLOAT_STEP = {"f64": 2.0 ** -52, "f32": 2.0 ** -23, "f16": 2.0 ** -10,
              "bf16": 2.0 ** -7}


def either_order(*orders):
    """Of the free orders of a value's operands, the one whose order may move
    the value most (None when no operand has one)."""
    def bound(text):
        terms, elem = free_order_terms(text)
        return terms * FLOAT_STEP[elem]
    known = [o for o in orders if o]
    return max(known, key=bound) if known else None


def count(shape):
    n = 1
    for d in shape:
        n *= d
    return n


class Value:
    """An SSA tile. `free_order` names the floating-point reduce, scan or
    mma (if any) it depends on, whose order of operations the language
    leaves free; such a value may differ in its last bits between correct
    compilations."""

    def __init__(self, name, shape, elem, free_order=None):
        self.name, self.shape, self.elem = name, tuple(shape), elem
        self.free_order = free_order

    @property
    def type(self):
        return tile_type(self.shape, self.elem)


class Array:
    def __init__(self, name, elem, shape, role):
        self.name, self.elem, self.shape, self.role = name, elem, shape, role
        self.free_order = None

    def params(self):
        rank = len(self.shape)
        return ([("%s.ptr" % self.name, "ptr<%s>" % HARNESS_DTYPE[self.elem])]
                + [("%s.shape[%d]" % (self.name, d), "int32") for d in range(rank)]
                + [("%s.stride[%d]" % (self.name, d), "int32") for d in range(rank)])


class Generator:
    def __init__(self, seed):
        self.rng = random.Random(seed)
        self.seed = seed
        self.kernel = "gen_%d" % seed
        self.grid = self.rng.choice((1, 1, 2, 3))
        self.prologue, self.body = [], []
        self.indent = 2
        self.next_id = 0
        self.scopes = [[]]
        self.arrays = []
        self.depth = 0
        self.constants = {}
        self.loop_bound = self.rng.randrange(0, 4)
        # Swarm testing: each program leaves out a random subset of the op
        # families, so that no family's presence hides what the others do
        # (one op without a parallel lowering keeps a kernel serial).
        self.families = {f for f in FAMILIES if self.rng.random() < 0.6}
        # Hints come from a stream of their own, so that a seed's program
        # is the one it was before hints were drawn.
        self.hint_rng = random.Random("hints-%d" % seed)

    # --- hints ------------------------------------------------------------
    def hints(self, choices):
        """`optimization_hints=<...>` text of a few hints drawn from
        `choices` (name -> values), under `default` or a target's key; the
        values include ones outside the ranges -Werr-hints checks, which a
        compile must survive as NVIDIA's does. Empty for half the calls."""
        rng = self.hint_rng
        if rng.random() < 0.5:
            return ""
        entries = []
        for key in rng.sample(HINT_KEYS, rng.randint(1, 2)):
            names = rng.sample(sorted(choices), rng.randint(1, len(choices)))
            entries.append("%s = {%s}" % (key, ", ".join(
                "%s = %s" % (n, rng.choice(choices[n])) for n in sorted(names))))
        return "optimization_hints=<%s>" % ", ".join(entries)

    def entry_hints(self):
        text = self.hints(ENTRY_HINTS)
        return " " + text if text else ""

    def access_hints(self, store=False):
        text = self.hints(STORE_HINTS if store else LOAD_HINTS)
        return " " + text.replace("=<", " = <", 1) if text else ""

    # --- emission ---------------------------------------------------------
    def fresh(self, prefix="v"):
        self.next_id += 1
        return "%%%s%d" % (prefix, self.next_id)

    def emit(self, text):
        self.body.append("  " * self.indent + text)

    def emit_prologue(self, text):
        self.prologue.append("    " + text)

    def define(self, text, shape, elem, free_order=None):
        name = self.fresh()
        self.emit("%s = %s" % (name, text))
        return self.add(Value(name, shape, elem, free_order))

    def add(self, value):
        self.scopes[-1].append(value)
        return value

    def scalar_const(self, value, elem="i32"):
        """A rank-0 constant in the prologue, shared by every use."""
        key = (value, elem)
        if key not in self.constants:
            name = self.fresh("c")
            self.emit_prologue("%s = constant <%s: %s> : tile<%s>"
                               % (name, elem, value, elem))
            self.constants[key] = name
        return self.constants[key]

    # --- random choices ---------------------------------------------------
    def elem(self, choices=ELEMS):
        weights = [ELEM_WEIGHTS[ELEMS.index(e)] for e in choices]
        return self.rng.choices(choices, weights)[0]

    def shape(self, max_elements=MAX_ELEMENTS, rank=None):
        rank = self.rng.choice((1, 1, 2, 2, 2, 3)) if rank is None else rank
        log_total = min(self.rng.choice((2, 3, 4, 5, 6, 6, 7, 8, 9, 10)),
                        max_elements.bit_length() - 1)
        logs = [0] * rank
        for _ in range(log_total):
            logs[self.rng.randrange(rank)] += 1
        return tuple(1 << n for n in logs)

    def visible(self):
        """Tiles of numbers in scope (pointer tiles are kept out of the pool)."""
        return [v for scope in self.scopes for v in scope
                if not v.elem.startswith("ptr")]

    def pick(self, accept, exact=False):
        """A visible value that `accept` takes, recent ones more likely."""
        found = [v for v in self.visible() if accept(v)]
        if not found:
            return None
        weights = [i + 1 for i in range(len(found))]
        return self.rng.choices(found, weights)[0]

    def constant_text(self, elem):
        if elem == "i1":
            return self.rng.choice(("true", "false"))
        if is_float(elem):
            return self.rng.choice(("0.5", "1.0", "-1.0", "2.0", "0.25",
                                    "-0.75", "3.0", "0.0"))
        return str(self.rng.choice((0, 1, -1, 3, 7, -8, 100)))

    # --- getting a value of a given shape and type ------------------------
    def get(self, shape, elem, exact=False):
        """A value of this shape and element type: an existing one, or one
        made for it. With `exact`, only values that are the same in every
        correct compilation."""
        shape = tuple(shape)
        accept = lambda v: (v.shape == shape and v.elem == elem
                            and not (exact and v.free_order))
        existing = self.pick(accept)
        if existing is not None and self.rng.random() < 0.75:
            return existing
        choice = self.rng.random()
        if choice < 0.3 and shape:
            return self.load(shape, elem)
        if choice < 0.55:
            other = self.pick(lambda v: v.shape == shape and v.elem != elem
                              and not (exact and v.free_order)
                              and not (v.free_order and not is_float(elem)))
            if other is not None:
                return self.convert(other, elem)
        if choice < 0.7:
            scalar = self.pick(lambda v: v.shape == () and v.elem == elem
                               and not (exact and v.free_order))
            if scalar is not None and shape:
                return self.splat(scalar, shape)
        if choice < 0.8 and len(shape) == 1 and elem in ("i32", "i16") and \
                shape[0] <= (1 << (WIDTH[elem] - 1)):
            return self.define("iota : %s" % tile_type(shape, elem), shape, elem)
        return self.define("constant <%s: %s> : %s" % (
            elem, self.constant_text(elem), tile_type(shape, elem)), shape, elem)

    def splat(self, scalar, shape):
        ones = (1,) * len(shape)
        r = self.define("reshape %s : %s -> %s" % (
            scalar.name, scalar.type, tile_type(ones, scalar.elem)), ones,
            scalar.elem, scalar.free_order)
        return self.define("broadcast %s : %s -> %s" % (
            r.name, r.type, tile_type(shape, scalar.elem)), shape, scalar.elem,
            scalar.free_order)

    # --- memory -----------------------------------------------------------
    def new_array(self, elem, shape, role):
        name = "a%d" % len(self.arrays)
        array = Array(name, elem, list(shape), role)
        self.arrays.append(array)
        return array

    def array_params(self, array):
        """Prologue: the assumed pointer, shape and stride values."""
        p = "%" + array.name
        ptr = self.fresh("p")
        self.emit_prologue("%s = assume div_by<16>, %s : tile<ptr<%s>>"
                           % (ptr, p, array.elem))
        dims = []
        for d, n in enumerate(array.shape):
            v = self.fresh("n")
            self.emit_prologue("%s = assume bounded<0, ?>, %s_d%d : tile<i32>"
                               % (v, p, d))
            if n % 16 == 0 and self.rng.random() < 0.5:
                w = self.fresh("n")
                self.emit_prologue("%s = assume div_by<16>, %s : tile<i32>" % (w, v))
                v = w
            dims.append(v)
        return ptr, dims

    def view(self, array, tile_shape, padded):
        ptr, dims = self.array_params(array)
        rank = len(array.shape)
        strides = ["%%%s_s%d" % (array.name, d) for d in range(rank - 1)] + ["1"]
        static = ["?"] * (rank - 1) + ["1"]
        tv = "tensor_view<%s, strides=[%s]>" % (
            "x".join(["?"] * rank + [array.elem]), ",".join(static))
        t = self.fresh("tv")
        self.emit_prologue("%s = make_tensor_view %s, shape = [%s], strides = [%s]"
                           " : tile<i32> -> %s" % (t, ptr, ", ".join(dims),
                                                   ", ".join(strides), tv))
        pv = "partition_view<tile=(%s), %s%s>" % (
            "x".join(map(str, tile_shape)),
            "padding_value = zero, " if padded else "", tv)
        v = self.fresh("pv")
        self.emit_prologue("%s = make_partition_view %s : %s" % (v, t, pv))
        return v, pv

    def view_index(self, tiles_per_dim):
        """Tile indices: the block id in dim 0, a constant below the count of
        tiles elsewhere."""
        index = ["%bx"]
        for n in tiles_per_dim[1:]:
            index.append(self.scalar_const(self.rng.randrange(n)))
        return index

    def load(self, shape, elem):
        if self.rng.random() < 0.6 and elem != "i1":
            return self.load_view(shape, elem)
        return self.load_pointers(shape, elem)

    def load_view(self, shape, elem):
        tiles = [self.grid] + [self.rng.choice((1, 1, 2)) for _ in shape[1:]]
        global_shape = [t * n for t, n in zip(tiles, shape)]
        padded = self.rng.random() < 0.3 and shape[0] > 1
        if padded:
            global_shape[0] -= self.rng.randrange(1, shape[0])
        array = self.new_array(elem, global_shape, "in")
        pv, pv_type = self.view(array, shape, padded)
        index = self.view_index(tiles)
        name = self.fresh()
        tok = self.fresh("t")
        self.emit("%s, %s = load_view_tko weak %s[%s] token = %%tok%s : %s, tile<i32>"
                  " -> %s, token" % (name, tok, pv, ", ".join(index),
                                     self.access_hints(), pv_type,
                                     tile_type(shape, elem)))
        return self.add(Value(name, shape, elem))

    def element_offsets(self, shape):
        """i32 offsets of a tile's elements in a flat array holding one tile
        per block, row-major or with its dims in another order (the tile then
        reads a permuted layout); the block's tile starts at bid * count."""
        order = list(range(len(shape)))
        self.rng.shuffle(order)
        total = None
        stride = 1
        for d in reversed(order):
            ones = [1] * len(shape)
            ones[d] = shape[d]
            iota = self.define("iota : %s" % tile_type((shape[d],), "i32"),
                               (shape[d],), "i32")
            part = iota
            if len(shape) > 1:
                r = self.define("reshape %s : %s -> %s" % (
                    iota.name, iota.type, tile_type(ones, "i32")), ones, "i32")
                part = self.define("broadcast %s : %s -> %s" % (
                    r.name, r.type, tile_type(shape, "i32")), shape, "i32")
            if stride != 1:
                s = self.define("constant <i32: %d> : %s" % (
                    stride, tile_type(shape, "i32")), shape, "i32")
                part = self.define("muli %s, %s : %s" % (
                    part.name, s.name, part.type), shape, "i32")
            total = part if total is None else self.define("addi %s, %s : %s" % (
                total.name, part.name, part.type), shape, "i32")
            stride *= shape[d]
        base = self.define("muli %%bx, %s : tile<i32>" % self.scalar_const(
            count(shape)), (), "i32")
        return self.define("addi %s, %s : %s" % (
            total.name, self.splat(base, shape).name, total.type), shape, "i32")

    def pointers(self, array, shape):
        """(pointer tile, mask or None) over `array`'s elements for this
        block; the mask keeps the tile inside an array shorter than the
        grid's tiles."""
        ptr, dims = self.array_params(array)
        offsets = self.element_offsets(shape)
        ptr_value = Value(ptr, (), "ptr<%s>" % array.elem)
        ptrs = self.splat(ptr_value, shape)
        p = self.define("offset %s, %s : %s, %s -> %s" % (
            ptrs.name, offsets.name, ptrs.type, offsets.type, ptrs.type),
            shape, ptrs.elem)
        mask = None
        if array.shape[0] < self.grid * count(shape):
            limit = self.splat(Value(dims[0], (), "i32"), shape)
            mask = self.define("cmpi less_than %s, %s, signed : %s -> %s" % (
                offsets.name, limit.name, offsets.type, tile_type(shape, "i1")),
                shape, "i1")
        return p, mask

    def load_pointers(self, shape, elem):
        length = self.grid * count(shape)
        if self.rng.random() < 0.3 and length > 1:
            length -= self.rng.randrange(1, count(shape) + 1)
        array = self.new_array(elem, [length], "in")
        ptrs, mask = self.pointers(array, shape)
        name, tok = self.fresh(), self.fresh("t")
        if mask is None:
            self.emit("%s, %s = load_ptr_tko weak %s token=%%tok : %s -> %s, token"
                      % (name, tok, ptrs.name, ptrs.type, tile_type(shape, elem)))
        else:
            pad = self.define("constant <%s: %s> : %s" % (
                elem, self.constant_text(elem), tile_type(shape, elem)), shape, elem)
            self.emit("%s, %s = load_ptr_tko weak %s, %s, %s token=%%tok : %s, %s, %s"
                      " -> %s, token" % (name, tok, ptrs.name, mask.name, pad.name,
                                         ptrs.type, mask.type, pad.type, pad.type))
        return self.add(Value(name, shape, elem))

    def store(self, value):
        shape = value.shape
        if not shape:
            value = self.define("reshape %s : %s -> %s" % (
                value.name, value.type, tile_type((1,), value.elem)), (1,),
                value.elem, value.free_order)
            shape = (1,)
        if self.rng.random() < 0.5 and value.elem != "i1":
            tiles = [self.grid] + [self.rng.choice((1, 2)) for _ in shape[1:]]
            global_shape = [t * n for t, n in zip(tiles, shape)]
            padded = self.rng.random() < 0.3 and shape[0] > 1
            if padded:
                global_shape[0] -= self.rng.randrange(1, shape[0])
            array = self.new_array(value.elem, global_shape, "out")
            pv, pv_type = self.view(array, shape, padded)
            index = self.view_index(tiles)
            self.emit("%s = store_view_tko weak %s, %s[%s] token = %s%s : %s, %s,"
                      " tile<i32> -> token" % (
                          self.fresh("t"), value.name, pv, ", ".join(index),
                          self.store_token(), self.access_hints(store=True),
                          value.type, pv_type))
        else:
            length = self.grid * count(shape)
            if self.rng.random() < 0.3 and length > 1:
                length -= self.rng.randrange(1, count(shape) + 1)
            array = self.new_array(value.elem, [length], "out")
            ptrs, mask = self.pointers(array, shape)
            if mask is None:
                self.emit("%s = store_ptr_tko weak %s, %s token=%s : %s, %s -> token"
                          % (self.fresh("t"), ptrs.name, value.name,
                             self.store_token(), ptrs.type, value.type))
            else:
                self.emit("%s = store_ptr_tko weak %s, %s, %s token=%s : %s, %s, %s"
                          " -> token" % (self.fresh("t"), ptrs.name, value.name,
                                         mask.name, self.store_token(), ptrs.type,
                                         value.type, mask.type))
        array.free_order = value.free_order

    def store_token(self):
        if self.rng.random() < 0.3:
            t = self.fresh("t")
            self.emit("%s = join_tokens %%tok, %%tok : token" % t)
            return t
        return "%tok"

    # --- computation ------------------------------------------------------
    def convert(self, value, elem):
        src, dst = value.elem, elem
        text_type = "%s -> %s" % (value.type, tile_type(value.shape, dst))
        signed = self.rng.choice(("signed", "unsigned"))
        if is_float(src) and is_float(dst):
            op = "ftof %s" % value.name
        elif is_float(src):
            op = "ftoi %s %s" % (value.name, signed)
        elif is_float(dst):
            op = "itof %s %s" % (value.name, signed)
        elif WIDTH[src] < WIDTH[dst]:
            op = "exti %s %s" % (value.name, "unsigned" if src == "i1" else signed)
        else:
            op = "trunci %s" % value.name
        return self.define("%s : %s" % (op, text_type), value.shape, elem,
                           value.free_order)

    def bitcast(self, value):
        partner = {"f32": "i32", "i32": "f32", "f16": "i16", "i16": "f16"}
        if value.elem not in partner or value.free_order:
            return None
        dst = partner[value.elem]
        if value.elem == "i16" and self.rng.random() < 0.5:
            dst = "bf16"
        return self.define("bitcast %s : %s -> %s" % (
            value.name, value.type, tile_type(value.shape, dst)), value.shape, dst)

    def unary(self, value):
        e = value.elem
        if is_float(e):
            ops = SMOOTH_UNARY + (() if value.free_order else ROUGH_UNARY)
            op = self.rng.choice(ops)
        elif e == "i1":
            return None
        else:
            op = self.rng.choice(("absi", "negi"))
        return self.define("%s %s : %s" % (op, value.name, value.type),
                           value.shape, e, value.free_order)

    def binary(self, a):
        e, shape = a.elem, a.shape
        if is_float(e):
            rough = not a.free_order and self.rng.random() < 0.25
            op = self.rng.choice(ROUGH_BINARY if rough else SMOOTH_BINARY)
            b = self.get(shape, e, exact=rough)
            if self.rng.random() < 0.15:
                c = self.get(shape, e, exact=rough)
                return self.define("fma %s, %s, %s : %s" % (
                    a.name, b.name, c.name, a.type), shape, e,
                    either_order(a.free_order, b.free_order, c.free_order))
            return self.define("%s %s, %s : %s" % (op, a.name, b.name, a.type),
                               shape, e, either_order(a.free_order, b.free_order))
        if e == "i1":
            b = self.get(shape, e, exact=True)
            op = self.rng.choice(("andi", "ori", "xori"))
            return self.define("%s %s, %s : %s" % (op, a.name, b.name, a.type),
                               shape, e)
        op = self.rng.choice(INT_BINARY)
        b = self.get(shape, e, exact=True)
        suffix = ""
        if op in ("shli", "shri"):
            mask = self.define("constant <%s: %d> : %s" % (e, WIDTH[e] - 1, a.type),
                               shape, e)
            b = self.define("andi %s, %s : %s" % (b.name, mask.name, a.type), shape, e)
        if op in ("divi", "remi"):
            # A divisor in [1, 15]: no division by zero, no MIN / -1.
            m15 = self.define("constant <%s: 15> : %s" % (e, a.type), shape, e)
            one = self.define("constant <%s: 1> : %s" % (e, a.type), shape, e)
            b = self.define("andi %s, %s : %s" % (b.name, m15.name, a.type), shape, e)
            b = self.define("ori %s, %s : %s" % (b.name, one.name, a.type), shape, e)
        if op in ("maxi", "mini", "shri", "divi", "remi"):
            suffix = " " + self.rng.choice(("signed", "unsigned"))
        if op == "divi" and suffix == " signed" and self.rng.random() < 0.3:
            suffix += self.rng.choice((" rounding<negative_inf>",
                                       " rounding<positive_inf>"))
        return self.define("%s %s, %s%s : %s" % (op, a.name, b.name, suffix, a.type),
                           shape, e)

    def compare_select(self, a):
        if a.free_order or a.elem == "i1":
            return None
        b = self.get(a.shape, a.elem, exact=True)
        pred = self.rng.choice(PREDICATES)
        i1 = tile_type(a.shape, "i1")
        if is_float(a.elem):
            cond = self.define("cmpf %s %s %s, %s : %s -> %s" % (
                pred, self.rng.choice(("ordered", "unordered")), a.name, b.name,
                a.type, i1), a.shape, "i1")
        else:
            cond = self.define("cmpi %s %s, %s, %s : %s -> %s" % (
                pred, a.name, b.name, self.rng.choice(("signed", "unsigned")),
                a.type, i1), a.shape, "i1")
        if self.rng.random() < 0.3:
            return cond
        e = self.elem()
        x = self.get(a.shape, e)
        y = self.get(a.shape, e)
        return self.define("select %s, %s, %s : %s, %s" % (
            cond.name, x.name, y.name, cond.type, x.type), a.shape, e,
            either_order(x.free_order, y.free_order))

    def reshape(self, a):
        shape = self.shape(max_elements=count(a.shape), rank=self.rng.randint(1, 3))
        while count(shape) != count(a.shape):
            shape = self.shape(max_elements=count(a.shape), rank=len(shape))
            if count(a.shape) == 1:
                shape = (1,) * len(shape)
        return self.define("reshape %s : %s -> %s" % (
            a.name, a.type, tile_type(shape, a.elem)), shape, a.elem, a.free_order)

    def permute(self, a):
        if len(a.shape) < 2:
            return None
        perm = list(range(len(a.shape)))
        while perm == sorted(perm):
            self.rng.shuffle(perm)
        shape = tuple(a.shape[p] for p in perm)
        return self.define("permute %s [%s] : %s -> %s" % (
            a.name, ", ".join(map(str, perm)), a.type, tile_type(shape, a.elem)),
            shape, a.elem, a.free_order)

    def extract(self, a):
        if not a.shape or count(a.shape) == 1:
            return None
        shape = tuple(max(1, d >> self.rng.choice((0, 1, 2))) for d in a.shape)
        index = [self.scalar_const(self.rng.randrange(d // s))
                 for d, s in zip(a.shape, shape)]
        return self.define("extract %s[%s] : %s -> %s" % (
            a.name, ", ".join(index), a.type, tile_type(shape, a.elem)),
            shape, a.elem, a.free_order)

    def cat(self, a):
        if not a.shape or count(a.shape) * 2 > MAX_ELEMENTS:
            return None
        dim = self.rng.randrange(len(a.shape))
        b = self.get(a.shape, a.elem)
        shape = list(a.shape)
        shape[dim] *= 2
        return self.define("cat %s, %s dim = %d : %s, %s -> %s" % (
            a.name, b.name, dim, a.type, b.type, tile_type(shape, a.elem)),
            shape, a.elem, either_order(a.free_order, b.free_order))

    def combiner(self, elem, scan):
        """(op text, identity, order is free) of a reduce or scan body."""
        if is_float(elem):
            op = self.rng.choice(("addf", "addf", "maxf", "minf"))
            if op == "addf":
                return op, "0.000000e+00 : %s" % elem, True
            inf, neg_inf = INF_BITS[elem]
            return op, "%s : %s" % (neg_inf if op == "maxf" else inf, elem), False
        if elem == "i1":
            op = self.rng.choice(("andi", "ori", "xori"))
            return op, ("1 : i1" if op == "andi" else "0 : i1"), False
        bits = WIDTH[elem]
        choices = ["addi", "muli", "maxi", "mini", "andi", "ori", "xori"]
        op = self.rng.choice(choices)
        identity = {"addi": 0, "muli": 1, "maxi": -(1 << (bits - 1)),
                    "mini": (1 << (bits - 1)) - 1, "andi": -1, "ori": 0,
                    "xori": 0}[op]
        return op, "%d : %s" % (identity, elem), False

    def reduce_or_scan(self, a, scan):
        if not a.shape:
            return None
        dim = self.rng.randrange(len(a.shape))
        op, identity, free = self.combiner(a.elem, scan)
        if scan:
            shape = a.shape
            head = "scan %s dim=%d reverse=%s identities=[%s] : %s -> %s" % (
                a.name, dim, self.rng.choice(("false", "true")), identity, a.type,
                tile_type(shape, a.elem))
        else:
            shape = a.shape[:dim] + a.shape[dim + 1:]
            head = "reduce %s dim=%d identities=[%s] : %s -> %s" % (
                a.name, dim, identity, a.type, tile_type(shape, a.elem))
        scalar = tile_type((), a.elem)
        lhs, rhs, y = self.fresh("x"), self.fresh("x"), self.fresh("x")
        order = a.free_order
        if free:
            order = either_order(order, free_order(
                "scan" if scan else "reduce", a.shape[dim], a.elem))
        result = self.define(head, shape, a.elem, order)
        self.emit("(%s: %s, %s: %s) {" % (lhs, scalar, rhs, scalar))
        signedness = " signed" if op in ("maxi", "mini") else ""
        self.emit("  %s = %s %s, %s%s : %s" % (y, op, lhs, rhs, signedness, scalar))
        self.emit("  yield %s : %s" % (y, scalar))
        self.emit("}")
        return result

    def reduce_broadcast(self, a):
        """x op broadcast(reduce(x)) over one dim, as softmax and norms do."""
        if len(a.shape) < 1 or count(a.shape) == 1:
            return None
        r = self.reduce_or_scan(a, scan=False)
        dim = next(d for d in range(len(a.shape))
                   if a.shape[:d] + a.shape[d + 1:] == r.shape)
        kept = a.shape[:dim] + (1,) + a.shape[dim + 1:]
        k = self.define("reshape %s : %s -> %s" % (
            r.name, r.type, tile_type(kept, a.elem)), kept, a.elem, r.free_order)
        b = self.define("broadcast %s : %s -> %s" % (
            k.name, k.type, a.type), a.shape, a.elem, r.free_order)
        if a.elem == "i1":
            op = "xori"
        elif is_float(a.elem):
            op = "subf"
        else:
            op = "subi"
        return self.define("%s %s, %s : %s" % (op, a.name, b.name, a.type),
                           a.shape, a.elem, either_order(a.free_order, b.free_order))

    def mma(self):
        operand, acc = self.rng.choice(MMA_TYPES)
        batch = self.rng.choice(((), (), (2,)))
        while True:
            if operand in ("f16", "bf16") and self.rng.random() < 0.3:
                # 64 rows: the shapes sm_90's wgmma takes within
                # MAX_ELEMENTS (m64nNk16, one warpgroup).
                m, n, k = 64, self.rng.choice((8, 16)), 16
            else:
                m, n, k = (1 << self.rng.randrange(0, 7) for _ in range(3))
            b = count(batch)
            if b * max(m * k, k * n, m * n) <= MAX_ELEMENTS:
                break
        lhs = self.get(batch + (m, k), operand, exact=True)
        rhs = self.get(batch + (k, n), operand, exact=True)
        c = self.get(batch + (m, n), acc, exact=True)
        if operand == "i8":
            text = "mmai %s, %s, %s %s %s" % (
                lhs.name, rhs.name, c.name, self.rng.choice(("signed", "unsigned")),
                self.rng.choice(("signed", "unsigned")))
            order = None
        else:
            text = "mmaf %s, %s, %s" % (lhs.name, rhs.name, c.name)
            order = free_order("mma", k, acc)
        return self.define("%s : %s, %s, %s" % (text, lhs.type, rhs.type, c.type),
                           c.shape, acc, order)

    # --- control flow -----------------------------------------------------
    def scalar_condition(self):
        """A tile<i1> every compilation computes the same way."""
        lhs = self.pick(lambda v: v.shape == () and v.elem == "i32"
                        and not v.free_order)
        lhs_name = lhs.name if lhs is not None and self.rng.random() < 0.5 else \
            self.rng.choice(("%bx", "%si"))
        name = self.fresh()
        self.emit("%s = cmpi %s %s, %s, signed : tile<i32> -> tile<i1>" % (
            name, self.rng.choice(PREDICATES), lhs_name,
            self.scalar_const(self.rng.randrange(3))))
        return name

    def carried(self, limit):
        values = []
        for _ in range(self.rng.randint(1, limit)):
            v = self.pick(lambda v: v.shape != () or self.rng.random() < 0.3)
            if v is None:
                v = self.get(self.shape(), self.elem())
            values.append(v)
        return values

    def yielded(self, like):
        """For each carried value, a value of its type from the current
        scope, no less reproducible than it."""
        out = []
        for v in like:
            c = self.pick(lambda u: u.shape == v.shape and u.elem == v.elem
                          and (v.free_order or not u.free_order))
            out.append(c or v)
        return out

    def results(self, values, free_orders):
        name = self.fresh()
        if len(values) == 1:
            names = [name]
            lhs = name
        else:
            names = ["%s#%d" % (name, i) for i in range(len(values))]
            lhs = "%s:%d" % (name, len(values))
        return lhs, [Value(n, v.shape, v.elem, f)
                     for n, v, f in zip(names, values, free_orders)]

    def types(self, values):
        return ", ".join(v.type for v in values)

    def nested(self, steps):
        """`steps` ops inside a region (the caller indents)."""
        self.depth += 1
        for _ in range(steps):
            self.step()
        self.depth -= 1

    def for_loop(self):
        init = self.carried(2)
        free_orders = [v.free_order for v in init]
        lhs, results = self.results(init, free_orders)
        lb = self.scalar_const(self.rng.choice((0, 0, 1)))
        ub = self.rng.choice((self.scalar_const(self.rng.randrange(4)), "%si"))
        step = self.scalar_const(self.rng.choice((1, 1, 2)))
        iv = self.fresh("iv")
        args = [Value(self.fresh("acc"), v.shape, v.elem, v.free_order)
                for v in init]
        self.emit("%s = for %s in (%s to %s, step %s) : tile<i32> iter_values(%s)"
                  " -> (%s) {" % (lhs, iv, lb, ub, step, ", ".join(
                      "%s = %s" % (a.name, v.name) for a, v in zip(args, init)),
                      self.types(init)))
        self.indent += 1
        self.scopes.append([Value(iv, (), "i32")] + args)
        self.nested(self.rng.randint(1, 5))
        out = self.yielded(args)
        self.emit("continue %s : %s" % (", ".join(v.name for v in out),
                                        self.types(out)))
        self.indent -= 1
        self.emit("}")
        self.scopes.pop()
        for r in results:
            self.add(r)
        return results[-1]

    def if_else(self):
        cond = self.scalar_condition()
        like = self.carried(2)
        branches = []
        self.emit("PLACEHOLDER")
        header = len(self.body) - 1
        for branch in range(2):
            if branch:
                self.emit("} else {")
            self.indent += 1
            self.scopes.append([])
            self.nested(self.rng.randint(0, 4))
            out = self.yielded(like)
            self.emit("yield %s : %s" % (", ".join(v.name for v in out),
                                         self.types(out)))
            self.indent -= 1
            self.scopes.pop()
            branches.append(out)
        self.emit("}")
        free_orders = [either_order(a.free_order, b.free_order)
                       for a, b in zip(*branches)]
        lhs, results = self.results(like, free_orders)
        self.body[header] = "  " * self.indent + "%s = if %s -> (%s) {" % (
            lhs, cond, self.types(like))
        for r in results:
            self.add(r)
        return results[-1]

    def loop(self):
        """A counted `loop`: breaks out with the carried tiles once the
        counter reaches the scalar argument or a constant."""
        init = self.carried(2)
        lhs, results = self.results(init, [v.free_order for v in init])
        counter = self.fresh("i")
        args = [Value(self.fresh("acc"), v.shape, v.elem, v.free_order)
                for v in init]
        self.emit("%s = loop iter_values(%s = %s, %s) : tile<i32>, %s -> %s {" % (
            lhs, counter, self.scalar_const(0), ", ".join(
                "%s = %s" % (a.name, v.name) for a, v in zip(args, init)),
            self.types(init), self.types(init)))
        self.indent += 1
        limit = self.rng.choice(("%si", self.scalar_const(self.rng.randrange(4))))
        done = self.fresh()
        self.emit("%s = cmpi greater_than_or_equal %s, %s, signed : tile<i32> ->"
                  " tile<i1>" % (done, counter, limit))
        self.emit("if %s {" % done)
        self.emit("  break %s : %s" % (", ".join(a.name for a in args),
                                       self.types(args)))
        self.emit("}")
        self.scopes.append([Value(counter, (), "i32")] + args)
        self.nested(self.rng.randint(1, 4))
        out = self.yielded(args)
        nxt = self.fresh()
        self.emit("%s = addi %s, %s : tile<i32>" % (nxt, counter,
                                                   self.scalar_const(1)))
        self.emit("continue %s, %s : tile<i32>, %s" % (
            nxt, ", ".join(v.name for v in out), self.types(out)))
        self.indent -= 1
        self.emit("}")
        self.scopes.pop()
        for r in results:
            self.add(r)
        return results[-1]

    # --- the program ------------------------------------------------------
    def step(self):
        actions = [
            (8, None, lambda: self.unary(self.operand())),
            (12, None, lambda: self.binary(self.operand())),
            (4, None, lambda: self.compare_select(self.operand())),
            (3, "convert", lambda: self.convert_to_any(self.operand())),
            (1, "convert", lambda: self.bitcast(self.operand())),
            (3, "shape", lambda: self.reshape(self.operand())),
            (2, "shape", lambda: self.permute(self.operand())),
            (1, "extract", lambda: self.extract(self.operand())),
            (1, "cat", lambda: self.cat(self.operand())),
            (3, "reduce", lambda: self.reduce_or_scan(self.operand(), scan=False)),
            (2, "scan", lambda: self.reduce_or_scan(self.operand(), scan=True)),
            (2, "reduce", lambda: self.reduce_broadcast(self.operand())),
            (1, "mma", self.mma),
            (3, None, lambda: self.load(self.shape(), self.elem())),
        ]
        if self.depth < 2:
            actions += [(2, "control", self.for_loop), (2, "control", self.if_else),
                        (1, "control", self.loop)]
        weights, choices = zip(*[(w, action) for w, family, action in actions
                                 if family is None or family in self.families])
        for _ in range(4):
            operand = self.rng.choices(choices, weights)[0]
            if operand() is not None:
                return

    def operand(self):
        v = self.pick(lambda v: True)
        if v is None or self.rng.random() < 0.1:
            v = self.load(self.shape(), self.elem())
        return v

    def convert_to_any(self, value):
        """A conversion to another element type; a float that may differ in
        its last bits only to another float."""
        elem = self.elem(FLOATS if value.free_order else ELEMS)
        return None if elem == value.elem else self.convert(value, elem)

    def generate(self):
        self.emit_prologue("%tok = make_token : token")
        self.emit_prologue("%bx, %by, %bz = get_tile_block_id : tile<i32>")
        self.emit_prologue("%si = assume bounded<0, 3>, %si_arg : tile<i32>")
        self.scopes[0].append(Value("%sf", (), "f32"))
        self.scopes[0].append(Value("%si", (), "i32"))
        self.load(self.shape(), self.elem())
        for _ in range(self.rng.randint(3, 12)):
            self.step()
        stored = set()
        values = [v for v in self.visible() if v.name not in ("%sf", "%si")]
        for v in reversed(values[-self.rng.randint(1, 3):]):
            if v.name not in stored:
                stored.add(v.name)
                self.store(v)
        return self.text()

    def text(self):
        params, meta_params = [], []
        for a in self.arrays:
            params.append("%%%s: tile<ptr<%s>>" % (a.name, a.elem))
            params += ["%%%s_d%d: tile<i32>" % (a.name, d) for d in range(len(a.shape))]
            params += ["%%%s_s%d: tile<i32>" % (a.name, d) for d in range(len(a.shape))]
            meta_params += a.params()
        params += ["%sf: tile<f32>", "%si_arg: tile<i32>"]
        meta_params += [("sf", "float32"), ("si", "int32")]
        meta = {
            "kernel": self.kernel, "grid": [self.grid, 1, 1],
            "params": meta_params,
            "arrays": [{"name": a.name, "elem": a.elem, "dtype": HARNESS_DTYPE[a.elem],
                        "shape": a.shape, "role": a.role,
                        "free_order": a.free_order} for a in self.arrays],
            "scalars": {"sf": self.rng.choice((0.5, -1.25, 2.0, 0.0)),
                        "si": self.loop_bound},
        }
        lines = ["// tile-gen: " + json.dumps(meta, sort_keys=True),
                 "cuda_tile.module @kernels {",
                 "  entry @%s(%s)%s {" % (self.kernel, ", ".join(params),
                                          self.entry_hints())]
        lines += self.prologue + self.body
        lines += ["    return", "  }", "}"]
        return "\n".join(lines) + "\n"


def generate(seed):
    """The module text of one seed."""
    return Generator(seed).generate()


def metadata(text):
    """The `// tile-gen:` header of a generated module."""
    first = text.split("\n", 1)[0]
    if not first.startswith("// tile-gen: "):
        raise ValueError("not a tile-gen module (no '// tile-gen:' first line)")
    return json.loads(first[len("// tile-gen: "):])


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--count", type=int, default=1, help="programs, seeds S, S+1, ...")
    parser.add_argument("-o", "--output-dir", help="write gen-SEED.mlir files here")
    args = parser.parse_args()
    texts = []
    for seed in range(args.seed, args.seed + args.count):
        text = generate(seed)
        if args.output_dir:
            os.makedirs(args.output_dir, exist_ok=True)
            with open(os.path.join(args.output_dir, "gen-%d.mlir" % seed), "w") as f:
                f.write(text)
        else:
            texts.append(text)
    if texts:
        print("// -----\n".join(texts), end="")


if __name__ == "__main__":
    main()
