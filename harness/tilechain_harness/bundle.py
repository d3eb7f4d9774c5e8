"""A GPU bundle: cubins compiled here, run on a machine that has a GPU but
none of the compilers (harness/make_bundle.py, harness/run_bundle.py).

DIR/bundle.json    what was compiled, by which tool, for which target
DIR/MANIFEST.tsv   the corpus rows of the kernels, unchanged
DIR/<variant>/     one cubin (or host library) per kernel and variant
"""
import dataclasses
import json
import os

from . import manifest

BUNDLE_FILE = "bundle.json"
MANIFEST_FILE = "MANIFEST.tsv"
# The kernel that make_bundle.py --ptxas-probe assembles with other ptxas.
PROBE_KERNEL = ("sample__vector_add_quickstart__float32__n4096_t16"
                "__v13_4_anyarch.tileirbc")


@dataclasses.dataclass
class Benchmark:
    """A corpus kernel timed at a size of its own (arrays made contiguous at
    `shapes`, launched on `grid`), with the work it does."""
    name: str
    file: str
    flops: int
    shapes: dict = dataclasses.field(default_factory=dict)
    grid: str = ""

    def spec(self, specs):
        return resized(manifest.find(specs, self.file), self.shapes, self.grid)


def _matmul_flops(m, n, k):
    return 2 * m * n * k


def _attention_flops(batch, heads, queries, keys, depth, causal):
    # Q K^T and P V, 2 flops per multiply-add each; a causal mask halves it.
    full = 4 * batch * heads * queries * keys * depth
    return full // 2 if causal else full


_SQUARE_4096 = {name: (4096, 4096) for name in ("A", "B", "C")}

# Issue 10's figures: fp16 matmul 4096^3 and the corpus's attention.
BENCHMARKS = [
    Benchmark("matmul f16 4096^3 t128x256x64",
              "sample__matmul_kernel__float16__1024x1024x1024_t128x256x64"
              "__v13_4_anyarch.tileirbc",
              _matmul_flops(4096, 4096, 4096), _SQUARE_4096, "(512, 1, 1)"),
    Benchmark("persistent matmul f16 4096^3 t128x256x64",
              "sample__persistent_matmul_kernel__float16__1024x1024x1024"
              "_t128x256x64__v13_4_anyarch.tileirbc",
              _matmul_flops(4096, 4096, 4096), _SQUARE_4096,
              "('min(NUM_SMS,512)', 1, 1)"),
    Benchmark("matmul f16 4096^3 t256x256x64",
              "tk__matmul_kernel__float16__4096x4096x4096_t256x256x64"
              "__v13_4_anyarch.tileirbc",
              _matmul_flops(4096, 4096, 4096)),
    Benchmark("fmha f16 causal b8 h16 s1024 d64",
              "sample__fmha_kernel__float16__b8h16s1024d64_t128x128_causal"
              "__v13_4_anyarch.tileirbc",
              _attention_flops(8, 16, 1024, 1024, 64, True)),
    Benchmark("fmha f16 prefill gqa causal h32/8 s1024 d128",
              "tk__fmha_kernel__float16__prefill_gqa_b1_qh32_kh8_q1024_k1024"
              "_d128_t128x128_occ2__v13_4_anyarch.tileirbc",
              _attention_flops(1, 32, 1024, 1024, 128, True)),
]


def resized(spec, shapes, grid):
    """`spec` with the named arrays contiguous at new shapes and, when given,
    another grid."""
    arguments = []
    for arg in spec.arguments:
        if arg.name in shapes:
            shape = tuple(shapes[arg.name])
            strides = []
            step = 1
            for extent in reversed(shape):
                strides.insert(0, step)
                step *= extent
            arg = dataclasses.replace(arg, shape=shape, strides=tuple(strides))
        arguments.append(arg)
    return dataclasses.replace(spec, arguments=arguments,
                               grid_text=grid or spec.grid_text)


class Bundle:
    def __init__(self, directory):
        self.directory = directory
        with open(os.path.join(directory, BUNDLE_FILE)) as f:
            self.data = json.load(f)
        self.specs = manifest.load_manifest(
            os.path.join(directory, MANIFEST_FILE))
        self.benchmarks = [Benchmark(**b) for b in self.data["benchmarks"]]

    @property
    def variants(self):
        return self.data["variants"]

    def kernels(self):
        return self.data["kernels"]

    def spec(self, file):
        return manifest.find(self.specs, file)

    def kernel(self, file):
        return next(k for k in self.data["kernels"] if k["file"] == file)

    def path(self, relative):
        return os.path.join(self.directory, relative)


def write(directory, data):
    """bundle.json, written last: a bundle without it is incomplete."""
    path = os.path.join(directory, BUNDLE_FILE)
    with open(path + ".tmp", "w") as f:
        json.dump(data, f, indent=1, sort_keys=True)
    os.replace(path + ".tmp", path)
