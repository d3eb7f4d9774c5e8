// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel | tile-sched --stop-before=tilechain-materialize-threads | FileCheck %s --check-prefix=TILES
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=THREADS
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --stop-before=tilechain-record-target | FileCheck %s --check-prefix=UNRECORDED
// RUN: not tile-sched %s --stop-after=tilechain-no-such-pass 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not tile-sched %s --stop-after=cse --stop-before=cse 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: not tile-sched %s --stop-after=cse --tilechain-plan-shared-memory 2>&1 | FileCheck %s --check-prefix=EXPLICIT

// tile-sched's named stop points, as llc's: before the materialization, the
// tile program as tile-lower wrote it, with its target; after it, per-thread
// code, not yet marked as tile-sched's output (tile-llc refuses it).

// TILES: module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<O = 3, chip = "sm_90">, tilechain.tile_form = "parallel"}
// TILES: cuda_tile.module @m
// TILES-NOT: thread_id
// TILES: } {tile_dist.num_warps = 4 : i32}

// THREADS: module attributes {tilechain.stage = "tile-lower"}
// THREADS-NEXT: gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">]
// THREADS: gpu.thread_id x

// UNRECORDED: module {
// UNRECORDED-NOT: tilechain.target

// UNKNOWN: tile-sched: --stop-after=tilechain-no-such-pass names no pass of tile-sched's pipeline; its passes are tilechain-expect-stage, tilechain-plan-mma-operands, tilechain-plan-mma-pipelines, tilechain-plan-view-stores, tilechain-alloc-mma-rings, tilechain-expand-mma-pipelines, tilechain-specialize-warps, tilechain-materialize-threads, tilechain-remove-layout-conversions, tilechain-materialize-layout-conversions, tilechain-plan-shared-memory, canonicalize, tilechain-assign-tile-buffers, cse, loop-invariant-code-motion, tilechain-drop-covered-mbarrier-fences, tilechain-drop-redundant-barriers, tilechain-name-consumer-barriers, tilechain-mark-stage
// BOTH: tile-sched: give --stop-before or --stop-after, not both
// EXPLICIT: tile-sched: --stop-before and --stop-after end the default pipeline, not passes named on the command line

cuda_tile.module @m {
  entry @k(%p: !cuda_tile.tile<!cuda_tile.ptr<f32>>) {
    %v = constant <f32: 1.0> : tile<128xf32>
    %t = make_tensor_view %p, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %pv = make_partition_view %t : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %tok = store_view_tko weak %v, %pv[%c0] : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
