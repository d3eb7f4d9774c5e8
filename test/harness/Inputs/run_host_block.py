"""Launches KERNEL__host from a host library over a 1-D grid, with numpy
buffers as its pointer parameters, and checks the buffers afterwards.

    run_host_block.py LIB KERNEL --grid G --buffer NAME:DTYPE:COUNT[:iota] ...
                      --expect NAME=EXPR ... [--runs R]

Every run starts from fresh buffers (zeros, or 0, 1, 2, ... with iota); all
runs must leave the same bytes. EXPR is numpy over the initial buffers
(by name) and `np`. Prints one line per expectation and the time per block.
"""
import argparse
import os
import sys
import time

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "..", "harness"))
from tilechain_harness import host, params  # noqa: E402


def fresh_buffers(specs):
    buffers = {}
    for spec in specs:
        name, dtype, count, *init = spec.split(":")
        values = np.zeros(int(count), dtype=dtype)
        if init == ["iota"]:
            values[:] = np.arange(int(count))
        buffers[name] = values
    return buffers


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("library")
    parser.add_argument("kernel")
    parser.add_argument("--grid", type=int, required=True)
    parser.add_argument("--buffer", action="append", default=[])
    parser.add_argument("--expect", action="append", default=[])
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()

    results = []
    start = time.perf_counter()
    for _ in range(args.runs):
        buffers = fresh_buffers(args.buffer)
        initial = {name: values.copy() for name, values in buffers.items()}
        packed = b"".join(values.ctypes.data.to_bytes(params.SLOT, "little")
                          for values in buffers.values())
        host.launch(args.library, args.kernel, packed, (args.grid, 1, 1))
        results.append(buffers)
    per_block = (time.perf_counter() - start) / (args.runs * args.grid)
    for later in results[1:]:
        for name, values in later.items():
            if values.tobytes() != results[0][name].tobytes():
                sys.exit("%s: %s differs between runs" % (args.kernel, name))

    for expectation in args.expect:
        name, expression = expectation.split("=", 1)
        expected = eval(expression, {"np": np}, dict(initial))
        got = results[0][name]
        if not np.array_equal(got, np.asarray(expected, dtype=got.dtype)):
            bad = np.flatnonzero(got != expected)
            sys.exit("%s: %s: %d of %d values differ, first at %d: %r != %r"
                     % (args.kernel, name, bad.size, got.size, bad[0],
                        got[bad[0]], np.asarray(expected).flat[bad[0]]))
        print("%s: %s matches (%d values)" % (args.kernel, name, got.size))
    print("%s: %d runs identical, %.3f ms per block"
          % (args.kernel, args.runs, per_block * 1e3))


if __name__ == "__main__":
    main()
