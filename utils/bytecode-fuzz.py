#!/usr/bin/env python3
"""Bounded mutation smoke test of tile-read's bytecode reader.

Each seed file is mutated (truncated, bytes flipped, varints and offsets
enlarged, sections cut) with a fixed random seed; every mutant must make
tile-read exit 0 or 3 (never crash or hang), print a diagnostic when it
fails, and leave no output file behind on failure.

With --pipeline TILEIRAS, every mutant tile-read accepts is also compiled by
that driver (scripts/tileiras) for --gpu-name: it must give a cubin or
refuse with a diagnostic (exit 5), never an internal compiler error, a
signal, a hang, or an output file on failure.

  bytecode-fuzz.py SEED_FILE... [--mutants N] [--seed S] [--tool tile-read]
                   [--pipeline TILEIRAS [--gpu-name sm_XY]]
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile


def mutate(data, rng):
    data = bytearray(data)
    kind = rng.randrange(6)
    if kind == 0 and len(data) > 1:                  # truncate
        del data[rng.randrange(1, len(data)):]
    elif kind == 1:                                  # flip bytes
        for _ in range(rng.randrange(1, 4)):
            i = rng.randrange(len(data))
            data[i] ^= 1 << rng.randrange(8)
    elif kind == 2:                                  # huge varint / length
        i = rng.randrange(12, len(data)) if len(data) > 12 else 0
        data[i:i + 1] = b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01"
    elif kind == 3:                                  # corrupt an index or offset
        i = rng.randrange(len(data))
        data[i] = rng.choice([0x00, 0x7f, 0x80, 0xff, rng.randrange(256)])
    elif kind == 4 and len(data) > 16:               # drop a slice
        i = rng.randrange(12, len(data) - 1)
        del data[i:i + rng.randrange(1, 16)]
    else:                                            # duplicate a slice
        i = rng.randrange(len(data))
        data[i:i] = data[i:i + rng.randrange(1, 32)]
    return bytes(data)


def compile_mutant(args, mutant_path, tmp):
    """None when the driver wrote a cubin, "refused" when it refused the
    mutant with a diagnostic, else what went wrong."""
    cubin = os.path.join(tmp, "mutant.cubin")
    if os.path.exists(cubin):
        os.remove(cubin)
    try:
        proc = subprocess.run([args.pipeline, mutant_path,
                               "-o", cubin, "--gpu-name", args.gpu_name],
                              capture_output=True, timeout=600)
    except subprocess.TimeoutExpired:
        return "HANG in the pipeline"
    stderr = proc.stderr.decode(errors="replace")
    if proc.returncode == 0:
        return None if os.path.exists(cubin) else "success without a cubin"
    if "internal compiler error" in stderr or "LLVM ERROR" in stderr:
        return "internal compiler error: %s" % stderr[-400:]
    if proc.returncode != 5 or not stderr.strip() or os.path.exists(cubin):
        return "pipeline exit %d: %s" % (proc.returncode, stderr[-300:])
    return "refused"


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("seeds", nargs="+")
    parser.add_argument("--mutants", type=int, default=20, help="mutants per seed file")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tool", default="tile-read")
    parser.add_argument("--pipeline", metavar="TILEIRAS",
                        help="also compile accepted mutants with this driver")
    parser.add_argument("--gpu-name", default="sm_90")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    problems = 0
    runs = 0
    compiled = refused = 0
    with tempfile.TemporaryDirectory() as tmp:
        mutant_path = os.path.join(tmp, "mutant.tileirbc")
        out_path = os.path.join(tmp, "out.mlir")
        for seed in args.seeds:
            with open(seed, "rb") as f:
                original = f.read()
            for _ in range(args.mutants):
                with open(mutant_path, "wb") as f:
                    f.write(mutate(original, rng))
                if os.path.exists(out_path):
                    os.remove(out_path)
                runs += 1
                try:
                    proc = subprocess.run([args.tool, "--input=bytecode", mutant_path,
                                           "-o", out_path],
                                          capture_output=True, timeout=20)
                except subprocess.TimeoutExpired:
                    problems += 1
                    print("HANG on a mutant of %s" % seed)
                    continue
                if proc.returncode not in (0, 3, 5):
                    problems += 1
                    print("exit %d on a mutant of %s: %s" % (
                        proc.returncode, seed, proc.stderr.decode(errors="replace")[-300:]))
                elif proc.returncode != 0 and (not proc.stderr.strip()
                                               or os.path.exists(out_path)):
                    problems += 1
                    print("failure without diagnostic or with output on a mutant of %s" % seed)
                elif proc.returncode == 0 and args.pipeline:
                    verdict = compile_mutant(args, mutant_path, tmp)
                    if verdict is None:
                        compiled += 1
                    elif verdict == "refused":
                        refused += 1
                    else:
                        problems += 1
                        print("%s on a mutant of %s" % (verdict, seed))
    print("fuzz: %d mutants, %d problems" % (runs, problems))
    if args.pipeline:
        print("pipeline: %d accepted mutants, %d compiled, %d refused"
              % (compiled + refused, compiled, refused))
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
