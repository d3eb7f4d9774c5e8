"""Compares the `// -----` chunks of a --verify-diagnostics run with a list.

NVIDIA's *_invalid.mlir files mix ops of every family. Some chunks test ops
(or diagnostics) that tilechain does not match yet; they are listed in KNOWN
with the reason next to the test. This script reads the diagnostics of one
`tile-read --split-input-file --verify-diagnostics` run over FILE and fails if
a chunk outside KNOWN failed, or if a chunk in KNOWN now passes (so that the
list is trimmed as the gaps close).

usage: failing_chunks.py FILE DIAGNOSTICS KNOWN
  KNOWN: comma-separated 0-based chunk indices, or "none"
"""
import re
import sys


def main():
    path, diagnostics, known = sys.argv[1], sys.argv[2], sys.argv[3]
    expected = set() if known == "none" else {int(i) for i in known.split(",")}

    with open(path) as f:
        markers = [n for n, line in enumerate(f, 1) if line.startswith("// -----")]

    def chunk_of(line):
        return sum(1 for marker in markers if marker < line)

    name = re.escape(path.rsplit("/", 1)[-1])
    failing = set()
    with open(diagnostics) as f:
        for line in f:
            m = re.match(r"^\S*" + name + r":(\d+):\d+: error:", line)
            if m:
                failing.add(chunk_of(int(m.group(1))))

    unexpected = sorted(failing - expected)
    fixed = sorted(expected - failing)
    for index in unexpected:
        print(f"chunk {index} fails but is not in the known list")
    for index in fixed:
        print(f"chunk {index} passes now: remove it from the known list")
    print(f"{len(markers) + 1} chunks, {len(failing)} failing "
          f"({len(expected)} known)")
    sys.exit(1 if unexpected or fixed else 0)


if __name__ == "__main__":
    main()
