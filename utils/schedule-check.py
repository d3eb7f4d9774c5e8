#!/usr/bin/env python3
"""The schedules of the fastest corpus kernels, tilechain's and NVIDIA's side
by side, from their cubins (issue 42's static measure).

    schedule-check.py --nvidia PATH/TO/tileiras [--targets sm_80,...]
                      [-j N] [-o OUT.tsv]

Compiles each kernel of KERNELS (the corpus's 13.4 anyarch bytecode) for
each target, and the sample f16 matmul again with each hint of HINTS in
place of its own (written under cuTile 1.7's `default` key, bytecode 13.5,
by tilechain's tile-read), with NVIDIA's tileiras and with tilechain's
(scripts/tileiras), both `-O3`, and prints a TSV row per kernel, hint,
target and compiler: threads per CTA and cluster size (.nv.info
EIATTR_REQNTID, EIATTR_CTA_PER_CLUSTER), registers, stack and static shared
memory (cuobjdump --dump-resource-usage), and opcode counts in the SASS:
tensor-core instructions (HMMA, IMMA, HGMMA, QGMMA, UTC*MMA, their 2-CTA
forms apart), USETMAXREG (warp specialization's register moves), TMA loads,
those multicast to a cluster, TMA stores, cp.async (LDGSTS) and local
accesses (LDL/STL). NVIDIA's tileiras is an oracle here, never a
dependency (PyPI nvidia-cuda-tileiras).

With --drop-hint NAME, each kernel is compiled without its own NAME hint
(under every key) and the HINTS rows are left out: what following that
hint changes, beside a run without the option.
"""
import argparse
import collections
import concurrent.futures
import datetime
import importlib.util
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.environ.get("TILECHAIN_BIN_DIR", os.path.join(ROOT, "build", "bin"))
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus", "cutile")
SAMPLE_MATMUL = "sample__matmul_kernel__float16__1024x1024x1024_t128x256x64"
KERNELS = [
    SAMPLE_MATMUL,
    "sample__persistent_matmul_kernel__float16__1024x1024x1024_t128x256x64",
    "tk__matmul_kernel__float16__4096x4096x4096_t256x256x64",
    "tk__persistent_matmul_kernel__float16__4096x4096x4096_t256x256x64_ctas2",
    "sample__fmha_kernel__float16__b8h16s1024d64_t128x128_causal",
    "tk__fmha_kernel__float16__prefill_gqa_b1_qh32_kh8_q1024_k1024_d128"
    "_t128x128_occ2",
    "tk__fmha_kernel__float16__decode_b8_qh32_kh32_q1_k1024_d128_t64x256_occ4",
    "tk__fused_moe_kernel__float16__w1_t110_h1024_e16_i512_k4_t128x128x64",
    "sample__batch_matmul_kernel__float8_e4m3fn__b4_512x1024x256"
    "_t128x256x128_outfloat32",
]
HINTS = ["num_cta_in_cga = 2", "num_worker_warps_per_cta = 8"]
COLUMNS = ["kernel", "hint", "target", "compiler", "exit", "threads",
           "cluster", "REG", "STACK", "SHARED", "tensor_cores",
           "USETMAXREG", "TMA_loads", "TMA_multicast", "TMA_stores",
           "LDGSTS", "LDL_STL"]
TENSOR_CORE = re.compile(r"^(HMMA|IMMA|HGMMA|IGMMA|QGMMA|QMMA|OMMA|UTC\w*MMA)")


def load_util(name):
    spec = importlib.util.spec_from_file_location(
        name.replace("-", "_"), os.path.join(ROOT, "utils", name + ".py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MMA_CHECK = load_util("mma-check")
HINT_PROBE = load_util("probe-hint-values")


def hinted_bytecode(scratch, kernel, hint, drop=None):
    """`kernel`'s bytecode with `hint` as its only hint, under `default`;
    without a hint, its own hints, less `drop` where given."""
    source = os.path.join(CORPUS, kernel + "__v13_4_anyarch.tileirbc")
    if not hint and not drop:
        return source
    text = subprocess.run([os.path.join(BIN, "tile-read"), source],
                          capture_output=True, text=True, check=True).stdout
    if hint:
        text, count = re.subn(r"optimization_hints=<[^>]*>",
                              "optimization_hints=<default = {%s}>" % hint,
                              text)
        assert count == 1, kernel
    else:
        text = re.sub(r"\b%s = -?\d+(, )?" % re.escape(drop), "", text)
        text = text.replace(", }", "}")
        hint = "without " + drop
    name = re.sub(r"\W+", "_", hint)
    mlir = os.path.join(scratch, f"{kernel}.{name}.mlir")
    with open(mlir, "w") as f:
        f.write(text)
    out = mlir[:-len(".mlir")] + ".tileirbc"
    subprocess.run([os.path.join(BIN, "tile-read"), mlir, "--emit=bytecode",
                    "--bytecode-version=13.5", "-o", out], check=True)
    return out


def sass_counts(dump, cubin):
    counts = collections.Counter()
    cores = collections.Counter()
    sass = subprocess.run([dump, "-sass", cubin], capture_output=True,
                          text=True, check=True).stdout
    for line in sass.splitlines():
        match = re.match(r"\s*/\*[0-9a-f]+\*/\s+(?:@!?U?P\w+\s+)?([A-Z0-9_.]+)",
                         line)
        if not match:
            continue
        opcode = match.group(1)
        head = opcode.split(".")[0]
        if TENSOR_CORE.match(opcode):
            cores[head + (".2CTA" if ".2CTA" in opcode else "")] += 1
        if head == "UTMALDG":
            counts["TMA_loads"] += 1
            counts["TMA_multicast"] += ".MULTICAST" in opcode
        elif head == "UTMASTG":
            counts["TMA_stores"] += 1
        elif head in ("USETMAXREG", "LDGSTS"):
            counts[head] += 1
        elif head in ("LDL", "STL"):
            counts["LDL_STL"] += 1
    counts["tensor_cores"] = ", ".join(
        f"{op} x{n}" for op, n in sorted(cores.items())) or "-"
    return counts


def check(job, nvidia, dump, scratch, drop=None):
    kernel, hint, target, compiler = job
    row = {"kernel": kernel,
           "hint": hint or ("- without " + drop if drop else "-"),
           "target": target, "compiler": compiler}
    source = hinted_bytecode(scratch, kernel, hint, drop)
    cubin = os.path.join(scratch, "%s.%s.%s.%s.cubin" % (
        kernel, re.sub(r"\W+", "_", row["hint"]), target, compiler))
    command = ([nvidia] if compiler == "nvidia" else
               [os.path.join(ROOT, "scripts", "tileiras")])
    try:
        compiled = subprocess.run(
            command + [source, "-o", cubin, "--gpu-name", target, "-O3"],
            capture_output=True, text=True, timeout=600)
        row["exit"] = compiled.returncode
    except subprocess.TimeoutExpired:
        row["exit"] = "timeout"
        return row
    if compiled.returncode != 0:
        return row
    cluster = "1"
    for attr in HINT_PROBE.info_attributes(dump, cubin):
        name, value = attr.split("=", 1)
        if name == "EIATTR_REQNTID":
            row["threads"] = int(value.split()[0], 16)
        elif name == "EIATTR_CTA_PER_CLUSTER":
            cluster = "x".join(str(int(v, 16)) for v in value.split())
    row["cluster"] = cluster
    usage = subprocess.run([dump, "--dump-resource-usage", cubin],
                           capture_output=True, text=True, check=True).stdout
    for resource in ("REG", "STACK", "SHARED"):
        match = re.search(rf"\b{resource}:(\d+)", usage)
        row[resource] = int(match.group(1)) if match else 0
    row.update(sass_counts(dump, cubin))
    return row


def main():
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nvidia", required=True, help="NVIDIA's tileiras")
    parser.add_argument("--targets", default="sm_80,sm_90,sm_100,sm_120")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("-o", "--output")
    parser.add_argument("--drop-hint", metavar="NAME",
                        help="compile each kernel without its own NAME hint "
                             "and leave out the HINTS rows")
    args = parser.parse_args()
    if not os.path.isdir(CORPUS):
        sys.exit(f"no corpus at {CORPUS}")
    dump = MMA_CHECK.find_cuobjdump()
    targets = args.targets.split(",")
    jobs = [(k, None, t, c) for k in KERNELS for t in targets
            for c in ("nvidia", "tilechain")]
    if not args.drop_hint:
        jobs += [(SAMPLE_MATMUL, h, t, c) for h in HINTS for t in targets
                 if t in ("sm_90", "sm_100") for c in ("nvidia", "tilechain")]
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short",
                             "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    started = datetime.datetime.now(datetime.timezone.utc)
    with tempfile.TemporaryDirectory() as scratch:
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            rows = list(pool.map(
                lambda job: check(job, args.nvidia, dump, scratch,
                                  args.drop_hint), jobs))
    out = open(args.output, "w") if args.output else sys.stdout
    print(f"# utils/schedule-check.py at {commit} (NVIDIA: {args.nvidia}), "
          f"{started:%Y-%m-%d %H:%M} UTC: per kernel, hint, target and "
          "compiler, from the cubin", file=out)
    print("\t".join(COLUMNS), file=out)
    for row in rows:
        print("\t".join(str(row.get(c, "-")) for c in COLUMNS), file=out)


if __name__ == "__main__":
    main()
