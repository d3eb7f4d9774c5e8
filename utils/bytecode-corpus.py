#!/usr/bin/env python3
"""Checks tile-read against the Tile IR corpus (shared/corpus).

Modes (each prints one line per failing file with -v, then a summary line
"<mode>: <passed>/<total> (<percent>%)"):

  decode     every cuda-tile-tests and cutile *.tileirbc that has a .ref.mlir
             decodes to it (whitespace and SSA/block names normalised)
  encode     every cuda-tile-tests .mlir input whose bytecode the reference
             wrote re-encodes, at the manifest's version, to identical bytes
  roundtrip  decode -> encode (same version) -> decode is the identity on every
             .tileirbc of the corpus, debug info included
  errors     every shipped invalid fixture fails with exit 3 and the reference
             reader's error lines (our supported range substituted)

--min PERCENT makes the exit status non-zero when a mode falls below it.
"""
import argparse
import concurrent.futures
import csv
import os
import re
import subprocess
import sys
import tempfile

SSA = re.compile(r"([%^])[A-Za-z0-9_$.-]+")


def normalise(text):
    """Collapses whitespace and renames SSA values and blocks by first use."""
    names = {}

    def rename(match):
        key = match.group(0)
        if key not in names:
            names[key] = "%s%d" % (match.group(1), len(names))
        return names[key]

    lines = []
    for line in text.splitlines():
        line = " ".join(line.split())
        if line:
            lines.append(SSA.sub(rename, line))
    return "\n".join(lines)


def run(tool, args, stdin=None):
    proc = subprocess.run([tool] + args, capture_output=True, input=stdin, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr.decode(errors="replace")


def version_of(path):
    with open(path, "rb") as f:
        header = f.read(12)
    if len(header) < 12 or not header.startswith(b"\x7fTileIR\x00"):
        return None
    return "%d.%d" % (header[8], header[9])


def corpus_files(corpus, suffix):
    tests = os.path.join(corpus, "cuda-tile-tests")
    for sub in ("", "v13.2", "v13.3"):
        folder = os.path.join(tests, sub)
        for name in sorted(os.listdir(folder)):
            if name.endswith(suffix):
                yield os.path.join(folder, name)
    for sub in ("cutile", os.path.join("cutile", "extra_versions")):
        folder = os.path.join(corpus, sub)
        if os.path.isdir(folder):
            for name in sorted(os.listdir(folder)):
                if name.endswith(suffix):
                    yield os.path.join(folder, name)


def check_decode(tool, path):
    ref = path[: -len(".tileirbc")] + ".ref.mlir"
    code, out, err = run(tool, [path])
    if code != 0:
        return "exit %d: %s" % (code, err.strip().splitlines()[:1])
    with open(ref) as f:
        expected = f.read()
    if normalise(out.decode()) != normalise(expected):
        return "differs from %s" % os.path.basename(ref)
    return None


def check_encode(tool, case):
    path, version = case
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "out.tileirbc")
        code, _, err = run(tool, [path[: -len(".tileirbc")] + ".mlir", "--emit=bytecode",
                                  "--bytecode-version=" + version, "-o", out])
        if code != 0:
            return "exit %d: %s" % (code, err.strip().splitlines()[:1])
        with open(out, "rb") as a, open(path, "rb") as b:
            if a.read() != b.read():
                return "bytes differ"
    return None


def check_roundtrip(tool, path):
    version = version_of(path)
    if version is None:
        return "not Tile IR bytecode"
    code, first, err = run(tool, [path, "--mlir-print-debuginfo"])
    if code != 0:
        return "decode exit %d: %s" % (code, err.strip().splitlines()[:1])
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "again.tileirbc")
        code, _, err = run(tool, [path, "--emit=bytecode", "--bytecode-version=" + version,
                                  "-o", out])
        if code != 0:
            return "encode exit %d: %s" % (code, err.strip().splitlines()[:1])
        code, second, err = run(tool, [out, "--mlir-print-debuginfo"])
        if code != 0:
            return "re-decode exit %d: %s" % (code, err.strip().splitlines()[:1])
    if first != second:
        return "second decode differs"
    return None


def check_error(tool, path):
    with open(path + ".err") as f:
        expected = [l.strip() for l in f if l.strip()]
    code, _, err = run(tool, ["--input=bytecode", path])
    if code != 3:
        return "exit %d, expected 3" % code
    for line in expected:
        line = line.replace("supports versions [13.1, 13.1]", "supports versions [13.1, 13.5]")
        if line not in err:
            return "missing: %s" % line
    return None


def encode_cases(corpus):
    tests = os.path.join(corpus, "cuda-tile-tests")
    for sub in ("", "v13.2", "v13.3"):
        folder = os.path.join(tests, sub)
        with open(os.path.join(folder, "MANIFEST.tsv")) as f:
            for row in csv.DictReader(f, delimiter="\t"):
                bc = os.path.join(folder, row["case"] + ".tileirbc")
                if (row["decode_status"] == "ok" and os.path.exists(bc)
                        and os.path.exists(bc[: -len(".tileirbc")] + ".mlir")):
                    version = ".".join(row["bytecode_version"].split(".")[:2])
                    yield bc, version


def rejected_by_reference(corpus):
    """cuda-tile-tests bytecode that the reference reader itself cannot decode."""
    tests = os.path.join(corpus, "cuda-tile-tests")
    rejected = set()
    for sub in ("", "v13.2", "v13.3"):
        folder = os.path.join(tests, sub)
        with open(os.path.join(folder, "MANIFEST.tsv")) as f:
            for row in csv.DictReader(f, delimiter="\t"):
                if row["decode_status"] != "ok":
                    rejected.add(os.path.join(folder, row["case"] + ".tileirbc"))
    return rejected


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["decode", "encode", "roundtrip", "errors"])
    parser.add_argument("--corpus", default=os.environ.get("TILECHAIN_CORPUS", ""))
    parser.add_argument("--tool", default="tile-read")
    parser.add_argument("--min", type=float, default=0.0, help="minimum pass percentage")
    parser.add_argument("--limit", type=int, default=0, help="check at most N files")
    parser.add_argument("--stride", type=int, default=1,
                        help="check every Nth cutile file (cuda-tile-tests always all)")
    parser.add_argument("-j", "--jobs", type=int, default=2)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    if not os.path.isdir(args.corpus):
        sys.exit("corpus not found: %r (set TILECHAIN_CORPUS)" % args.corpus)

    if args.mode == "decode":
        items = [p for p in corpus_files(args.corpus, ".tileirbc")
                 if os.path.exists(p[: -len(".tileirbc")] + ".ref.mlir")]
        check = check_decode
    elif args.mode == "encode":
        items = list(encode_cases(args.corpus))
        check = check_encode
    elif args.mode == "roundtrip":
        rejected = rejected_by_reference(args.corpus)
        items = [p for p in corpus_files(args.corpus, ".tileirbc") if p not in rejected]
        check = check_roundtrip
    else:
        shipped = os.path.join(args.corpus, "cuda-tile-tests", "shipped")
        items = sorted(os.path.join(shipped, n[: -len(".err")])
                       for n in os.listdir(shipped) if n.endswith(".err"))
        check = check_error
    if args.stride > 1:
        items = [item for i, item in enumerate(items)
                 if os.sep + "cutile" + os.sep not in str(item) or i % args.stride == 0]
    if args.limit:
        items = items[: args.limit]

    failures = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for item, problem in zip(items, pool.map(lambda i: check(args.tool, i), items)):
            name = item[0] if isinstance(item, tuple) else item
            if problem:
                failures += 1
                if args.verbose:
                    print("FAIL %s: %s" % (os.path.relpath(name, args.corpus), problem))
    total = len(items)
    percent = 100.0 * (total - failures) / total if total else 0.0
    print("%s: %d/%d (%.1f%%)" % (args.mode, total - failures, total, percent))
    sys.exit(0 if total and percent >= args.min else 1)


if __name__ == "__main__":
    main()
