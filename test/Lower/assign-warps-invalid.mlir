// RUN: tile-lower %s --tilechain-assign-layouts --split-input-file --verify-diagnostics
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-split-wide-accumulators --split-input-file --verify-diagnostics
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-choose-mma-instructions --split-input-file --verify-diagnostics

// The passes after tilechain-assign-warps read the warps it recorded (and
// the materialization, test/Stages/tile-sched-invalid.mlir); a kernel
// without them is refused, not given a count of their own.

cuda_tile.module @m {
  // expected-error@+1 {{expected the warps tile-lower assigns ('tile_dist.num_warps', tilechain-assign-warps)}}
  entry @unassigned(%p: tile<ptr<f32>>) {
    return
  }
}
