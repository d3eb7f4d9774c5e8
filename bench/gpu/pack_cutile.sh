#!/bin/sh
# Packs, on a built checkout, what bench/gpu/cutile_tests.sh needs to run
# cuTile Python's tests and TileGym's cuTile kernel tests on a GPU machine
# that has Python, torch and pytest but neither tileiras nor a 13.5 ptxas.
# A device call carries at most 64 MiB, so the binaries travel stripped and
# xz-compressed, in three folders under .gpu-carry/ (git-ignored through
# .git/info/exclude):
#   cutile/     both calls: the cuda-tile 1.7.0 wheel, ptxas and libdevice
#               13.5, tests.tar.xz (cuTile Python's test/, TileGym's
#               src/tilegym and tests/ with its CI test durations)
#   tilechain/  our tileiras driver and tile-compile, the only stage program
#               the driver runs in its default (in-process) mode
#   nvidia/     NVIDIA's tileiras 13.5.37 and the libnvvm.so.4 it loads
# Inputs: the two wheels in $WHEELS (downloaded when absent), the
# repositories' git directories as the session tool `fetch` leaves them
# ($CUTILE_GIT, $TILEGYM_GIT), ptxas, libdevice and libnvvm from the
# checkout's .venv (scripts/setup installs nvidia-cuda-nvcc and nvidia-nvvm
# 13.5.37). Compressed files are remade only when their source is newer.
set -eu
root=${TILECHAIN_ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}
wheels=${WHEELS:-/tmp/whl}
cutile_git=${CUTILE_GIT:-/work/.mirror/NVIDIA+cutile-python/repo}
tilegym_git=${TILEGYM_GIT:-/work/.mirror/NVIDIA+TileGym/repo}
# cuTile Python has no v1.7.0 tag in the stored snapshot (its newest tag is
# v1.5.0, its main ends at "Add release notes for v1.6", 2026-08-20, while
# the 1.7.0 wheel was built 2026-10-16): that main is the nearest test tree.
cutile_rev=9c3ee3ccc504f18bbabf55b0d3e6d398bb21ecc4
# TileGym's main of 2026-08-18, the newest stored.
tilegym_rev=75a14307776188ff0baf451cd9b9fc9fa3a87233
cu13=$root/.venv/lib/python3.11/site-packages/nvidia/cu13
carry=$root/.gpu-carry
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$carry/cutile" "$carry/tilechain" "$carry/nvidia" "$wheels"

# x86 BCJ filter and preset 9e: 4-10% smaller than plain -9 on these
# binaries, which is what keeps NVIDIA's call (with cutile/) under 60 MiB.
pack() { # SOURCE DEST.xz
  [ "$2" -nt "$1" ] && return 0
  xz --x86 --lzma2=preset=9e -T1 -c "$1" >"$2.part" && mv "$2.part" "$2"
}

cutile_whl=cuda_tile-1.7.0-cp312-cp312-manylinux2014_x86_64.whl
nvidia_whl=nvidia_cuda_tileiras-13.5.37-py3-none-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
if [ ! -f "$wheels/$cutile_whl" ] || [ ! -f "$wheels/$nvidia_whl" ]; then
  python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.12 \
    --platform manylinux2014_x86_64 -d "$wheels" cuda-tile==1.7.0 \
    nvidia-cuda-tileiras==13.5.37
fi
cp "$wheels/$cutile_whl" "$carry/cutile/"

# NVIDIA's tileiras out of its wheel (its tileirdisasm is left: no test of
# this test tree disassembles). It runs the ptxas beside it and loads
# ../lib/libnvvm.so.4; cutile_tests.sh lays them out so on the device.
python3 -m zipfile -e "$wheels/$nvidia_whl" "$tmp/nvidia"
strip -o "$tmp/tile-compile" "$root/build/bin/tile-compile"
strip -o "$tmp/tileiras" "$root/build/bin/tileiras"
touch -r "$root/build/bin/tile-compile" "$tmp/tile-compile"
touch -r "$root/build/bin/tileiras" "$tmp/tileiras"
touch -r "$wheels/$nvidia_whl" "$tmp/nvidia/nvidia/cu13/bin/tileiras"
# Two cores: NVIDIA's tileiras (the longest, about 3 minutes) beside the rest.
pack "$tmp/nvidia/nvidia/cu13/bin/tileiras" "$carry/nvidia/tileiras.xz" &
nvidia_pack=$!
pack "$cu13/lib/libnvvm.so.4" "$carry/nvidia/libnvvm.so.4.xz"
pack "$cu13/bin/ptxas" "$carry/cutile/ptxas.xz"
pack "$cu13/nvvm/libdevice/libdevice.10.bc" "$carry/cutile/libdevice.10.bc.xz"
pack "$tmp/tile-compile" "$carry/tilechain/tile-compile.xz"
pack "$tmp/tileiras" "$carry/tilechain/tileiras.xz"
wait "$nvidia_pack"

# The tests: cuTile Python's test/ (its pytest.ini is left out: its addopts
# need pytest-benchmark); TileGym's package, its tests and the per-test
# durations of its CI, by which tilegym_select.py orders them.
mkdir -p "$tmp/tests/cutile-python" "$tmp/tests/tilegym"
git --git-dir="$cutile_git" archive "$cutile_rev" test | tar -x -C "$tmp/tests/cutile-python"
git --git-dir="$tilegym_git" archive "$tilegym_rev" pytest.ini src/tilegym tests \
  .github/.test_durations | tar -x -C "$tmp/tests/tilegym"
rm -rf "$tmp/tests/tilegym/tests/benchmark"
tar -C "$tmp/tests" -cf - . | xz -9 -T2 >"$carry/cutile/tests.tar.xz"

du -sh "$carry/cutile" "$carry/tilechain" "$carry/nvidia"
