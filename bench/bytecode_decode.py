#!/usr/bin/env python3
"""Decode throughput of tile-read over the corpus bytecode (not a test).

Runs `tile-read FILE --emit=mlirbc -o /dev/null` (the tileiras path) on every
.tileirbc, one process per file, and prints files/s and MB/s of bytecode, with
and without the ~20 ms process start (measured on the empty example).

  bench/bytecode_decode.py [--corpus DIR] [--tool build/bin/tile-read] [--limit N]
"""
import argparse
import os
import subprocess
import time


def decode(tool, path):
    start = time.perf_counter()
    proc = subprocess.run([tool, path, "--emit=mlirbc", "-o", "/dev/null"],
                          capture_output=True)
    return time.perf_counter() - start, proc.returncode == 0


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--corpus", default=os.environ.get(
        "TILECHAIN_CORPUS", os.path.join(root, "..", "shared", "corpus")))
    parser.add_argument("--tool", default=os.path.join(root, "build", "bin", "tile-read"))
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()

    files = []
    for folder, _, names in os.walk(args.corpus):
        files += [os.path.join(folder, n) for n in sorted(names) if n.endswith(".tileirbc")]
    files.sort()
    if args.limit:
        files = files[: args.limit]
    baseline = min(decode(args.tool, os.path.join(root, "examples", "empty.tileirbc"))[0]
                   for _ in range(5))
    total_time = 0.0
    total_bytes = 0
    decoded = 0
    for path in files:
        seconds, ok = decode(args.tool, path)
        if ok:
            decoded += 1
            total_time += seconds
            total_bytes += os.path.getsize(path)
    work = max(total_time - decoded * baseline, 1e-9)
    print("files decoded:       %d of %d (%.1f MB)" % (decoded, len(files), total_bytes / 1e6))
    print("process start:       %.1f ms" % (baseline * 1e3))
    print("with process start:  %.1f files/s, %.2f MB/s" % (
        decoded / total_time, total_bytes / 1e6 / total_time))
    print("decode work only:    %.1f files/s, %.2f MB/s" % (
        decoded / work, total_bytes / 1e6 / work))


if __name__ == "__main__":
    main()
