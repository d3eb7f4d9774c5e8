"""MANIFEST.tsv rows of the cutile corpus as KernelSpec values."""
import ast
import csv
import os
import re
from dataclasses import dataclass, field
from typing import List, Optional, Tuple


@dataclass
class Argument:
    name: str
    kind: str                  # array, scalar, constant, list
    dtype: str = ""            # manifest spelling: float32, bfloat16, bool_
    shape: Tuple[int, ...] = ()
    strides: Tuple[int, ...] = ()  # in elements
    base_div: int = 1          # bytes
    shape_div: Tuple[int, ...] = ()
    stride_div: Tuple[int, ...] = ()
    shape_const: Tuple[Optional[int], ...] = ()  # extents cuTile specialized on
    value: object = None       # scalars and constants


@dataclass
class KernelSpec:
    file: str
    symbol: str
    sm_arch: List[str]
    arguments: List[Argument]
    params: List[Tuple[str, str]]  # (flat name, type) in launch order
    grid_text: str
    reference: str
    computes: str = ""
    bytecode_version: str = ""

    def argument(self, name):
        return next(a for a in self.arguments if a.name == name)

    def grid(self, num_sms=132):
        """The launch grid (x, y, z); 'min(NUM_SMS,N)' uses num_sms."""
        raw = ast.literal_eval(self.grid_text)
        dims = []
        for d in raw:
            if isinstance(d, str):
                d = eval(d, {"__builtins__": {}}, {"min": min, "NUM_SMS": num_sms})
            dims.append(int(d))
        while len(dims) < 3:
            dims.append(1)
        return tuple(dims)


def _ints(text):
    """'16,16' or '?,1' -> (16, 16) / (None, 1)."""
    return tuple(None if t.strip() == "?" else int(t) for t in text.split(",") if t.strip())


def _scalar_value(dtype, text):
    if dtype.startswith("bool"):
        return text == "True"
    if dtype.startswith(("int", "uint")):
        return int(text)
    return float(text)


def parse_argument(text):
    m = re.match(r"\s*(\w+):(\w+)\[(.*)\]\s*$", text)
    if not m:
        raise ValueError("cannot parse argument %r" % text)
    name, kind, body = m.groups()
    arg = Argument(name=name, kind=kind)
    if kind == "array":
        arg.dtype = body.split(";", 1)[0].strip()
        shape = re.search(r"shape=\(([^)]*)\)", body).group(1)
        arg.shape = tuple(int(s) for s in shape.split("x") if s)
        strides = re.search(r"strides_elems=\(([^)]*)\)", body).group(1)
        arg.strides = tuple(int(s) for s in strides.split(",") if s)
        for key in ("shape_div", "stride_div", "shape_const"):
            found = re.search(key + r"=([\d?,]+)", body)
            if found:
                setattr(arg, key, _ints(found.group(1)))
        found = re.search(r"base_div=(\d+)B", body)
        if found:
            arg.base_div = int(found.group(1))
    elif kind == "scalar":
        m = re.match(r"(\w+)=([^;]*);", body)
        arg.dtype = m.group(1)
        arg.value = _scalar_value(arg.dtype, m.group(2).strip())
    elif kind == "constant":
        arg.value = body.split(";", 1)[0].strip()
    elif kind == "list":
        arg.dtype = re.search(r"arrays of (\w+)", body).group(1)
    return arg


def parse_params(text):
    params = []
    for item in text.split(", "):
        name, _, ptype = item.rpartition(":")
        params.append((name.strip(), ptype.strip()))
    return params


def parse_row(row):
    return KernelSpec(
        file=row["file"],
        symbol=row["symbol"],
        sm_arch=row["sm_arch"].split(","),
        arguments=[parse_argument(a) for a in row["arguments"].split(" | ") if a.strip()],
        params=parse_params(row["kernel_params_flat"]) if row["kernel_params_flat"].strip() else [],
        grid_text=row["grid"],
        reference=row["numpy_reference"],
        computes=row.get("computes", ""),
        bytecode_version=row.get("bytecode_version", ""),
    )


def load_manifest(path):
    with open(path, newline="") as f:
        return [parse_row(r) for r in csv.DictReader(f, delimiter="\t")]


def find(specs, file_name) -> Optional[KernelSpec]:
    return next((s for s in specs if s.file == file_name), None)


def corpus_dir(root):
    """The cuTile corpus's folder: $TILECHAIN_CORPUS/cutile, by default the
    shared corpus beside the checkout `root`."""
    default = os.path.join(root, "..", "shared", "corpus")
    return os.path.join(os.environ.get("TILECHAIN_CORPUS", default), "cutile")
