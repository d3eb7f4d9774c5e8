// RUN: tile-lower %s --tilechain-assign-warps --split-input-file | FileCheck %s
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=THREADS
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file | sed 's/tile_dist.num_warps = 4/tile_dist.num_warps = 2/' | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=EDITED

// The warps of a kernel's CTA are a decision of tile-lower, recorded on the
// entry: 4, or 8 where a tile has 4096 elements or more. The materialization
// follows the record, also one edited between the stages.

// CHECK-LABEL: entry @small
// CHECK: } {tile_dist.num_warps = 4 : i32}
// THREADS-LABEL: gpu.func @small
// THREADS-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
// EDITED-LABEL: gpu.func @small
// EDITED-SAME: nvvm.reqntid = array<i32: 64, 1, 1>
cuda_tile.module @m {
  entry @small(%p: tile<ptr<f32>>) {
    %v = constant <f32: 1.0> : tile<1024xf32>
    %t = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pv = make_partition_view %t : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %tok = store_view_tko weak %v, %pv[%c0] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// CHECK-LABEL: entry @large
// CHECK: } {tile_dist.num_warps = 8 : i32}
// THREADS-LABEL: gpu.func @large
// THREADS-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
cuda_tile.module @m {
  entry @large(%p: tile<ptr<f32>>) {
    %v = constant <f32: 1.0> : tile<64x64xf32>
    %t = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pv = make_partition_view %t : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %tok = store_view_tko weak %v, %pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
