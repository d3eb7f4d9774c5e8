#!/bin/sh
# Packs the bundles that bench/gpu/device_run.sh runs into .gpu-carry/bench/
# (git-ignored through .git/info/exclude), xz-compressed to fit the device
# call's 64 MiB: bench-bundle/ (bench/gpu/make_bench_bundle.py) and
# ampere-bundle/ (harness/make_bundle.py --ptx-from sm_80 --ptx-from sm_120).
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
mkdir -p .gpu-carry/bench
for bundle in bench-bundle ampere-bundle; do
  [ -f "$bundle/bench.json" ] || [ -f "$bundle/bundle.json" ] || {
    echo "pack_carry.sh: $bundle is missing or incomplete" >&2; exit 1; }
  tar -cf - "$bundle" | xz -T0 -6 > ".gpu-carry/bench/$bundle.tar.xz"
done
du -sh .gpu-carry/*
