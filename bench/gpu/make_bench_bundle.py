#!/usr/bin/env python3
"""Compiles the kernels of the best-against-best benchmark
(bench/gpu/best_vs_best.py) into a folder the GPU machine runs without
compilers: each kernel by tilechain and by NVIDIA's tileiras, from the same
bytecode.

  bench/gpu/make_bench_bundle.py --nvidia .../nvidia/cu13/bin/tileiras

The matmul tuning space is cuTile's bench_matmul space (tm, tn in {128, 256},
tk in {32, 64, 128}) times the entry hints num_cta_in_cga = 2,
num_worker_warps_per_cta = 8 and occupancy = 2 (or none), for f16 and bf16,
plain and persistent. Those variants are the corpus's cuTile matmul kernels
with their tile sizes, element type and hints rewritten in the cuda_tile
text (tile-read both ways), so each one is what cuTile would write for that
configuration. The other workloads are corpus kernels as cuTile wrote them,
run at bigger sizes; their configurations are the corpus's alone.
"""
import argparse
import concurrent.futures
import datetime
import json
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "harness"))
from tilechain_harness import cubin as cubin_mod, manifest  # noqa: E402

CORPUS = manifest.corpus_dir(ROOT)
MATMUL = {
    "matmul": "sample__matmul_kernel__float16__1024x1024x1024_t128x256x64"
              "__v13_4_anyarch.tileirbc",
    "persistent matmul": "sample__persistent_matmul_kernel__float16"
                         "__1024x1024x1024_t128x256x64__v13_4_anyarch.tileirbc",
}
TILES = [(tm, tn, tk) for tm in (128, 256) for tn in (128, 256)
         for tk in (32, 64, 128)]
HINTS = {"none": "", "num_ctas=2": "num_cta_in_cga = 2",
         "num_worker_warps=8": "num_worker_warps_per_cta = 8",
         "occupancy=2": "occupancy = 2"}
# Corpus kernels timed as cuTile wrote them: (workload, kind, file).
AS_WRITTEN = [
    ("fmha causal d64", "fmha",
     "sample__fmha_kernel__float16__b8h16s1024d64_t128x128_causal"
     "__v13_4_anyarch.tileirbc"),
    ("fmha noncausal d64", "fmha",
     "sample__fmha_kernel__float16__b2h8s128d64_t128x128_noncausal"
     "__v13_4_anyarch.tileirbc"),
    ("fmha noncausal d128", "fmha",
     "tk__fmha_kernel__float16__prefill_b1_qh32_kh32_q1024_k1024_d128"
     "_t64x256_occ4__v13_4_anyarch.tileirbc"),
    ("fmha gqa causal d128", "fmha",
     "tk__fmha_kernel__float16__prefill_gqa_b1_qh32_kh8_q1024_k1024_d128"
     "_t128x128_occ2__v13_4_anyarch.tileirbc"),
    ("fmha gqa decode d128", "fmha",
     "tk__fmha_kernel__float16__decode_b8_qh32_kh32_q1_k1024_d128_t64x256"
     "_occ4__v13_4_anyarch.tileirbc"),
    ("fp8 batch matmul", "batch_matmul",
     "tk__batch_matmul_kernel__float8_e4m3fn__b2_1024x1024x1024_t256x256x128"
     "_outf32__v13_4_anyarch.tileirbc"),
    ("batch matmul", "batch_matmul",
     "tk__batch_matmul_kernel__float16__b4_512x1024x256_t128x128x64"
     "__v13_4_anyarch.tileirbc"),
    ("layer norm", "layer_norm",
     "tk__layer_norm_fwd__bfloat16__2048x8192_t1024__v13_4_anyarch.tileirbc"),
    ("transpose", "transpose",
     "tk__transpose_kernel__float32__2048x8000_t64x64__v13_4_anyarch.tileirbc"),
    ("row sum", "row_sum",
     "test__reduce_sum_axis1_2d__float32__512x128_t16_keepdims0"
     "__v13_4_anyarch.tileirbc"),
    ("vector add", "vector_add",
     "tk__vec_add_kernel_1d__float32__n33554432_t1024__v13_4_anyarch.tileirbc"),
]


def run(command, **kwargs):
    return subprocess.run(command, capture_output=True, check=True, **kwargs)


def matmul_text(text, tm, tn, tk, elem, hint):
    """The corpus t128x256x64 f16 matmul's cuda_tile text for another tile,
    element type and entry hint."""
    for old, new in (("128x256", "@MN@"), ("128x64", "@MK@"), ("64x256", "@KN@"),
                     ("<i32: 128>", "<i32: @TM@>"), ("<i32: 256>", "<i32: @TN@>"),
                     ("_I128_I256_I64(", "_I@TM@_I@TN@_I@TK@(")):
        if old not in text:
            raise ValueError("the matmul template has no %r" % old)
        text = text.replace(old, new)
    for old, new in (("@MN@", "%dx%d" % (tm, tn)), ("@MK@", "%dx%d" % (tm, tk)),
                     ("@KN@", "%dx%d" % (tk, tn)), ("@TM@", str(tm)),
                     ("@TN@", str(tn)), ("@TK@", str(tk))):
        text = text.replace(old, new)
    if elem == "bf16":
        text = re.sub(r"(?<!b)f16", "bf16", text)
    hints = "optimization_hints=<sm_90 = {%s}>" % HINTS[hint] if HINTS[hint] else ""
    text, count = re.subn(r"optimization_hints=<[^>]*>", hints, text)
    if count != 1:
        raise ValueError("the matmul template has %d hint attributes" % count)
    return text


def symbol_of(text):
    return re.search(r"entry @(\w+)\(", text).group(1)


def compile_one(job):
    """(job, error or None)."""
    tool, source, target, threads = job["tool"], job["source"], job["target"], None
    try:
        run([tool, source, "-o", target, "--gpu-name", "sm_90", "-O3"],
            timeout=600)
        with open(target, "rb") as f:
            threads = cubin_mod.required_threads(f.read(), job["symbol"])
    except subprocess.CalledProcessError as error:
        lines = (error.stderr or b"").decode(errors="replace").strip().splitlines()
        return job, "exit %d: %s" % (error.returncode, (lines or ["?"])[0][:200])
    except subprocess.TimeoutExpired:
        return job, "compile took over 600 s"
    job["reqntid"] = list(threads) if threads else None
    return job, None


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", default=os.path.join(ROOT, "bench-bundle"))
    parser.add_argument("--nvidia", required=True, help="NVIDIA's tileiras")
    parser.add_argument("--bin-dir", default=os.path.join(ROOT, "build", "bin"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    tools = {"tilechain": os.path.join(args.bin_dir, "tileiras"),
             "nvidia-tileiras": args.nvidia}
    tile_read = os.path.join(args.bin_dir, "tile-read")

    if os.path.exists(args.out):
        shutil.rmtree(args.out)
    sources = os.path.join(args.out, "bytecode")
    os.makedirs(sources)
    for system in tools:
        os.makedirs(os.path.join(args.out, system))

    kernels = []  # one per bytecode: what best_vs_best.py needs to launch it
    for workload, file in MATMUL.items():
        template = run([tile_read, os.path.join(CORPUS, file)],
                       text=True).stdout
        for elem in ("f16", "bf16"):
            for tm, tn, tk in TILES:
                for hint in HINTS:
                    text = matmul_text(template, tm, tn, tk, elem, hint)
                    name = "%s_%s_t%dx%dx%d_%s" % (
                        workload.replace(" ", "_"), elem, tm, tn, tk,
                        re.sub(r"\W", "", hint))
                    path = os.path.join(sources, name + ".tileirbc")
                    run([tile_read, "--input=mlir", "--emit=bytecode",
                         "--bytecode-version=13.4", "-", "-o", path],
                        input=text.encode())
                    kernels.append({
                        "id": name, "workload": workload, "kind": workload.replace(" ", "_"),
                        "dtype": elem, "tile": [tm, tn, tk], "hint": hint,
                        "config": "t%dx%dx%d %s" % (tm, tn, tk, hint),
                        "symbol": symbol_of(text), "bytecode": path})
    specs = manifest.load_manifest(os.path.join(CORPUS, "MANIFEST.tsv"))
    for workload, kind, file in AS_WRITTEN:
        spec = manifest.find(specs, file)
        name = file.replace("__v13_4_anyarch.tileirbc", "")
        path = os.path.join(sources, name + ".tileirbc")
        shutil.copy(os.path.join(CORPUS, file), path)
        constants = {a.name: a.value for a in spec.arguments if a.kind == "constant"}
        # cuTile specializes a dimension of extent 1 (`shape_const=1` on the
        # first array's first dimension): such a kernel runs at batch 1 only.
        batch_const = spec.arguments[0].shape_const[:1]
        kernels.append({
            "id": name, "workload": workload, "kind": kind,
            "fixed_batch": batch_const == (1,),
            "dtype": spec.arguments[0].dtype, "constants": constants,
            "config": "corpus " + name.split("__")[-1], "symbol": spec.symbol,
            "bytecode": path})

    jobs = []
    for kernel in kernels:
        for system, tool in tools.items():
            jobs.append({"tool": tool, "source": kernel["bytecode"], "system": system,
                         "symbol": kernel["symbol"], "kernel": kernel,
                         "target": os.path.join(args.out, system, kernel["id"] + ".cubin")})
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max(args.jobs, 1)) as pool:
        for job, error in pool.map(compile_one, jobs):
            kernel = job["kernel"]
            entry = kernel.setdefault("systems", {})
            if error:
                failures += 1
                entry[job["system"]] = {"error": error}
                print("%s\t%s\t%s" % (kernel["id"], job["system"], error), flush=True)
            else:
                entry[job["system"]] = {
                    "cubin": os.path.relpath(job["target"], args.out),
                    "reqntid": job["reqntid"]}
    for kernel in kernels:
        kernel["bytecode"] = os.path.relpath(kernel["bytecode"], args.out)
    commit = subprocess.run(["git", "-C", ROOT, "describe", "--always", "--dirty"],
                            capture_output=True, text=True).stdout.strip()
    versions = {}
    for system, tool in tools.items():
        lines = run([tool, "--version"], text=True).stdout.strip().splitlines()
        versions[system] = " ".join(l for l in lines if "release" in l or "Build" in l)
    with open(os.path.join(args.out, "bench.json"), "w") as f:
        json.dump({"commit": commit, "tools": versions,
                   "created": datetime.datetime.now(datetime.timezone.utc)
                   .strftime("%Y-%m-%d %H:%M UTC"),
                   "kernels": kernels}, f, indent=1, sort_keys=True)
    print("bench bundle: %d kernels, %d compiles failed, in %s"
          % (len(kernels), failures, args.out))


if __name__ == "__main__":
    main()
