#!/bin/sh
# Packs the bundles that the device scripts run into .gpu-carry/bench/
# (git-ignored through .git/info/exclude), xz-compressed to fit the device
# call's 64 MiB: bench-bundle/ (bench/gpu/make_bench_bundle.py) and
# ampere-bundle/ (harness/make_bundle.py --ptx-from sm_80 --ptx-from sm_120),
# and gpu-bundle/ (harness/make_bundle.py --nvidia) where it was made.
# Before packing, tilechain's sm_90 cubins go through
# utils/check-wgmma-sass.py: a cubin that reads a wgmma accumulator before
# its wait computes wrong values on the GPU (bench/results/
# 2026-11-28-h200-diagnose.md), and is not worth a device call.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
mkdir -p .gpu-carry/bench
for bundle in bench-bundle ampere-bundle gpu-bundle; do
  if [ "$bundle" = gpu-bundle ] && [ ! -d gpu-bundle ]; then continue; fi
  [ -f "$bundle/bench.json" ] || [ -f "$bundle/bundle.json" ] || {
    echo "pack_carry.sh: $bundle is missing or incomplete" >&2; exit 1; }
  for cubins in "$bundle/tilechain" "$bundle/tilechain-parallel"; do
    [ -d "$cubins" ] || continue
    python3 utils/check-wgmma-sass.py "$cubins"/*.cubin || {
      echo "pack_carry.sh: $cubins: wgmma accumulators read before their wait (above)" >&2
      exit 1; }
  done
  tar -cf - "$bundle" | xz -T0 -6 > ".gpu-carry/bench/$bundle.tar.xz"
done
du -sh .gpu-carry/*
