#!/bin/bash
# cuTile Python 1.7.0 on a GPU machine with one tileiras, tilechain's or
# NVIDIA's 13.5, over cuTile Python's own tests and TileGym's cuTile kernel
# tests; run from the repository root with the folders pack_cutile.sh
# makes carried (.gpu-carry/cutile and .gpu-carry/SYSTEM):
#
#   bench/gpu/cutile_tests.sh tilechain|nvidia
#
# Writes $OUT/cutile-tests-SYSTEM.xml (junit, one testsuite per suite) for
# cutile_tests_merge.py, from each suite's junit and pytest log (xz), which
# are in $OUT as they are written, in case the call is cut short. Each suite runs
# under pytest-timeout's --session-timeout ($CUTILE_BUDGET, $TILEGYM_BUDGET
# seconds; tests running then finish), with a per-test limit and a hard
# `timeout` behind both, so that the whole takes about 3 minutes at most.
# $CUTILE_NODES, a file of pytest node ids relative to cuTile's test/
# (test_cast.py::test_x[p]), runs only those (bench/gpu/node_select.py);
# TILEGYM_BUDGET=0 skips TileGym.
set -u
system=${1:-}
case $system in tilechain | nvidia) ;; *) echo "usage: $0 tilechain|nvidia" >&2; exit 2 ;; esac
root=$(pwd)
carry=$root/.gpu-carry
out=${OUT:-/tmp/cutile-tests-out}
cutile_budget=${CUTILE_BUDGET:-90}
tilegym_budget=${TILEGYM_BUDGET:-50}
# Fresh each time: a warm machine keeps /tmp between calls.
work=/tmp/cutile-$system
rm -rf "$work"
mkdir -p "$work/bin" "$out"
start=$SECONDS
set -e
xz -T0 -dc "$carry/cutile/ptxas.xz" >"$work/ptxas"
xz -T0 -dc "$carry/cutile/libdevice.10.bc.xz" >"$work/libdevice.10.bc"
chmod +x "$work/ptxas"
tar -xJf "$carry/cutile/tests.tar.xz" -C "$work"
python3 -m pip install -q --no-index --no-deps --target "$work/site" \
  "$carry"/cutile/cuda_tile-1.7.0-*.whl
if [ "$system" = tilechain ]; then
  bin=$work/bin
  for tool in tileiras tile-compile; do
    xz -T0 -dc "$carry/tilechain/$tool.xz" >"$bin/$tool"
  done
  # The driver's in-process mode runs tile-compile alone (since 878500d
  # the driver needs nothing else beside it).
  export TILECHAIN_PTXAS=$work/ptxas TILECHAIN_LIBDEVICE=$work/libdevice.10.bc
else
  # The pip package's layout: tileiras runs the ptxas beside it and loads
  # ../lib/libnvvm.so.4.
  bin=$work/nvidia/cu13/bin
  mkdir -p "$bin" "$work/nvidia/cu13/lib"
  xz -T0 -dc "$carry/nvidia/tileiras.xz" >"$bin/tileiras"
  xz -T0 -dc "$carry/nvidia/libnvvm.so.4.xz" >"$work/nvidia/cu13/lib/libnvvm.so.4"
  cp "$work/ptxas" "$bin/ptxas"
  # NVIDIA's tileiras loads $CUDA_HOME/nvvm/lib64/libnvvm.so before the
  # libnvvm beside it: on a machine whose CUDA_HOME is an older toolkit
  # (13.0 on the GPU machines) it then fails most kernels with exit 5 and
  # "failed to compile Tile IR program" (seen 2026-11-28, H200).
  echo "CUDA_HOME=${CUDA_HOME:-} CUDA_PATH=${CUDA_PATH:-}: unset for NVIDIA's tileiras"
  unset CUDA_HOME CUDA_PATH
fi
chmod +x "$bin"/*
set +e
echo "unpacked in $((SECONDS - start)) s"

# cuTile takes NVIDIA's pip tileiras where nvidia-cuda-tileiras, -nvcc and
# nvidia-nvvm are installed, else the first tileiras on PATH (_compile.py,
# _find_compiler_bin): check that it is ours before spending the call.
export PATH=$bin:$PATH
export PYTHONPATH=$work/site:$work/tilegym/src:$root/bench/gpu${PYTHONPATH:+:$PYTHONPATH}
export CUDA_TILE_CACHE_DIR=$work/cache XDG_CACHE_HOME=$work/xdg
# cuTile's pytest.ini sets 60 s; TileGym's CI turns autotuning off.
export CUDA_TILE_COMPILER_TIMEOUT_SEC=30 DISABLE_AUTOTUNE=1
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader
"$bin/tileiras" --version | head -n 4
found=$(timeout 60 python3 -c \
  'from cuda.tile._compile import _find_compiler_bin as f; print(f().path)')
if [ "$found" != "$bin/tileiras" ]; then
  echo "cuTile finds tileiras at '$found', not $bin/tileiras: stopping" >&2
  exit 3
fi

# --session-timeout came with pytest-timeout 2.3; without it the hard
# limit alone stops a suite, and pytest still writes its junit on SIGINT.
if (cd / && timeout 60 python3 -m pytest -p no:cacheprovider --help) |
  grep -q -- --session-timeout; then
  graceful=1
else
  graceful=0
  echo "pytest-timeout without --session-timeout: suites end by SIGINT"
fi

run_suite() { # NAME DIRECTORY BUDGET PYTEST-ARGUMENTS...
  local name=$1 dir=$2 budget=$3 session=()
  shift 3
  [ "$graceful" = 1 ] && session=(--session-timeout "$budget")
  local log=$out/cutile-tests-$system-$name.log
  (cd "$dir" && timeout -k 5 -s INT $((budget + 25)) python3 -m pytest \
    -n 16 -p no:cacheprovider -q -rfE --tb=short --timeout 40 \
    --timeout-method thread "${session[@]}" --junitxml "${log%.log}.xml" "$@") \
    >"$log" 2>&1
  echo "$name: pytest exit $? after $((SECONDS - start)) s; last lines:"
  tail -n 3 "$log"
}
if [ -n "${CUTILE_NODES:-}" ]; then
  # Their files, filtered by node_select.py (an id gone from the tree is
  # skipped, where pytest would stop at it on the command line).
  mapfile -t files < <(sed 's/::.*//' "$CUTILE_NODES" | sort -u)
  NODE_SELECT=$CUTILE_NODES run_suite cutile-python "$work/cutile-python/test" \
    "$cutile_budget" -p node_select "${files[@]}"
else
  run_suite cutile-python "$work/cutile-python/test" "$cutile_budget" .
fi
suites=(cutile-python="$out/cutile-tests-$system-cutile-python.xml")
if [ "$tilegym_budget" -gt 0 ]; then
  run_suite tilegym "$work/tilegym" "$tilegym_budget" -p tilegym_select tests/ops
  suites+=(tilegym="$out/cutile-tests-$system-tilegym.xml")
fi

python3 "$root/bench/gpu/cutile_tests_merge.py" --combine \
  "$out/cutile-tests-$system.xml" "${suites[@]}"
xz -T0 -f "$out"/cutile-tests-"$system"-*.log
echo "done in $((SECONDS - start)) s"
