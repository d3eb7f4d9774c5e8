#!/usr/bin/env python3
"""Finds, in sm_90 SASS, instructions that touch registers an unfinished
wgmma may still write: a read or write of an HGMMA/IGMMA/QGMMA accumulator
register between the instruction and the WARPGROUP.DEPBAR that waits for
its group. ptxas is meant to keep such reads after the wait; 13.5 did not
in one case (scalar cvt.rn.f16.f32 reads hoisted above the wait into an
if-converted block, bench/results/2026-11-28-h200-diagnose.md), and the
GPU then returns values missing the last k chunk.

  check-wgmma-sass.py [--cuobjdump PATH] FILE...   cubins, or SASS text
                                                   (cuobjdump -sass output)

Prints one line per finding (file, function, address, instruction) and
exits 1 if there is any, 0 otherwise. Instructions are scanned in address
order, so an instruction after a loop sees what the loop's last iteration
left running: a group is the wgmma instructions up to one marked gsb0, and
`WARPGROUP.DEPBAR.LE gsb0, N` completes all groups but the newest N.
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys

FUNCTION = re.compile(r"^\s*Function\s*:\s*(\S+)")
INSTRUCTION = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")
# HGMMA.64x256x16.F32 R24, gdesc[UR36].tnspB, R24, gsb0
WGMMA = re.compile(r"^(?:@!?U?P\w+\s+)?([HIQ]GMMA)\.64x(\d+)x\d+\.(\w+)\S*\s+R(\d+)")
DEPBAR = re.compile(r"WARPGROUP\.DEPBAR\.LE\s+gsb0,\s*0x([0-9a-f]+)")
REGISTER = re.compile(r"\bR(\d+)\b")


def accumulator_registers(n, accumulator_type):
    """A thread's registers of an m64nN accumulator: 64 * N elements over
    128 threads, two 16-bit ones per register."""
    elements = 64 * n // 128
    return elements // 2 if accumulator_type in ("F16", "BF16") else elements


def check(lines):
    """(function, address, instruction) of each touch of a register an
    unfinished wgmma group writes."""
    findings, function = [], "?"
    groups, open_group = [], set()  # closed groups (oldest first), the open one
    for line in lines:
        match = FUNCTION.match(line)
        if match:
            function, groups, open_group = match.group(1), [], set()
            continue
        match = INSTRUCTION.match(line)
        if not match:
            continue
        address, text = match.groups()
        wgmma = WGMMA.match(text)
        if wgmma:
            first = int(wgmma.group(4))
            count = accumulator_registers(int(wgmma.group(2)), wgmma.group(3))
            open_group |= set(range(first, first + count))
            if "gsb0" in text:
                groups.append(open_group)
                open_group = set()
            continue
        depbar = DEPBAR.search(text)
        if depbar:
            keep = int(depbar.group(1), 16)
            groups = groups[len(groups) - keep:] if keep else []
            continue
        pending = open_group.union(*groups) if groups else open_group
        if pending and any(int(r) in pending for r in REGISTER.findall(text)):
            findings.append((function, address, text))
    return findings


def sass_of(path, cuobjdump):
    with open(path, "rb") as f:
        head = f.read(4)
    if head != b"\x7fELF":
        with open(path, errors="replace") as f:
            return f.read().splitlines()
    result = subprocess.run([cuobjdump, "-sass", path], capture_output=True,
                            text=True, timeout=120)
    if result.returncode:
        raise SystemExit("%s: cuobjdump failed: %s" % (path, result.stderr.strip()))
    return result.stdout.splitlines()


def find_cuobjdump(given):
    """--cuobjdump, else the one on PATH, else the checkout's .venv's
    (scripts/setup installs nvidia-cuda-nvcc there)."""
    here = os.path.dirname(os.path.abspath(__file__))
    candidates = [given, shutil.which("cuobjdump")] + sorted(glob.glob(os.path.join(
        here, "..", ".venv", "lib", "python3*", "site-packages", "nvidia", "cu13",
        "bin", "cuobjdump")))
    for candidate in candidates:
        if candidate and os.path.exists(candidate):
            return candidate
    raise SystemExit("no cuobjdump: give --cuobjdump")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cuobjdump")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args()
    cuobjdump = None
    bad = 0
    for path in args.files:
        if cuobjdump is None and not path.endswith((".sass", ".txt")):
            cuobjdump = find_cuobjdump(args.cuobjdump)
        for function, address, text in check(sass_of(path, cuobjdump)):
            print("%s: %s: /*%s*/ %s" % (path, function, address, text))
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
