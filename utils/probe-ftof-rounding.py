#!/usr/bin/env python3
"""Which rounding modes ftof takes, by NVIDIA's tileiras and by tilechain's
verifier: one kernel per (from, to, rounding) over f64, f32, f16, bf16,
tf32, f8E4M3FN and f8E5M2, written to bytecode by tile-read and compiled by
NVIDIA's tileiras for sm_90 and sm_80.

  utils/probe-ftof-rounding.py --nvidia .../nvidia/cu13/bin/tileiras > docs/ftof-rounding.tsv

Exit 3 from NVIDIA's tool is its verifier's refusal (its first line is
kept); tilechain's column is whether tile-read verifies the same kernel.
The two differ only where a widening (exact in any mode) names a mode other
than nearest_even: 13.5 takes it, and tilechain refuses it as 13.3 did.
"""
import argparse
import datetime
import itertools
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TYPES = ["f64", "f32", "f16", "bf16", "tf32", "f8E4M3FN", "f8E5M2"]
MODES = ["nearest_even", "zero", "negative_inf", "positive_inf", "nearest_away"]


def kernel(source, target, mode):
    """Loads a `source` (f32 rounded to tf32 for tf32), converts, stores
    (tf32 back as f32)."""
    load = "f32" if source == "tf32" else source
    store = "f32" if target == "tf32" else target
    rounding = "" if mode == "nearest_even" else " rounding<%s>" % mode
    lines = ["cuda_tile.module @m {",
             "  entry @k(%%p: tile<ptr<%s>>, %%q: tile<ptr<%s>>) {" % (load, store),
             "    %%x0, %%t = load_ptr_tko weak %%p : tile<ptr<%s>> -> tile<%s>, token"
             % (load, load)]
    value = "%x0"
    if source == "tf32":
        lines.append("    %x = ftof %x0 : tile<f32> -> tile<tf32>")
        value = "%x"
    lines.append("    %%y = ftof %s%s : tile<%s> -> tile<%s>" % (value, rounding, source, target))
    result = "%y"
    if target == "tf32":
        lines.append("    %z = ftof %y : tile<tf32> -> tile<f32>")
        result = "%z"
    lines += ["    %%t2 = store_ptr_tko weak %%q, %s token = %%t : tile<ptr<%s>>, tile<%s> -> token"
              % (result, store, store),
              "    return", "  }", "}", ""]
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--nvidia", required=True)
    parser.add_argument("--bin-dir", default=os.path.join(ROOT, "build", "bin"))
    args = parser.parse_args()
    tile_read = os.path.join(args.bin_dir, "tile-read")
    environment = {k: v for k, v in os.environ.items() if k not in ("CUDA_HOME", "CUDA_PATH")}
    print("# ftof rounding modes: NVIDIA tileiras (exit code for --gpu-name sm_90 and "
          "sm_80; 3 = refused by its verifier, 132 = it crashed, 5 = compile failure) "
          "against tilechain's verifier (tile-read), %s, utils/probe-ftof-rounding.py. "
          "They agree except on a widening with a mode other than nearest_even, which "
          "tilechain refuses as NVIDIA's 13.3 does (its invalid.mlir)" % datetime.date.today())
    print("from\tto\trounding\tnvidia_sm_90\tnvidia_sm_80\ttilechain_verifier\tnvidia_first_line")
    with tempfile.TemporaryDirectory() as work:
        for source, target in itertools.permutations(TYPES, 2):
            for mode in MODES:
                text = kernel(source, target, mode)
                verified = subprocess.run([tile_read, "-", "-o", "/dev/null"], input=text,
                                          capture_output=True, text=True).returncode == 0
                bytecode = os.path.join(work, "k.tileirbc")
                # Written with the verifier off: NVIDIA's tool judges the kernel.
                subprocess.run([tile_read, "-", "--emit=bytecode", "--bytecode-version=13.4",
                                "--no-verify", "-o", bytecode], input=text,
                               capture_output=True, text=True, check=True)
                codes, first = [], ""
                for chip in ("sm_90", "sm_80"):
                    done = subprocess.run([args.nvidia, bytecode, "-o",
                                           os.path.join(work, "k.cubin"), "--gpu-name", chip,
                                           "-O3"], capture_output=True, text=True,
                                          env=environment)
                    codes.append(str(done.returncode if done.returncode >= 0
                                     else 128 - done.returncode))
                    if chip == "sm_90":
                        lines = done.stderr.strip().splitlines()
                        first = lines[0][:160] if lines else ""
                print("\t".join([source, target, mode] + codes +
                                ["accept" if verified else "reject", first]), flush=True)


if __name__ == "__main__":
    main()
