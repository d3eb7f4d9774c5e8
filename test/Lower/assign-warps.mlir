// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-assign-warps --split-input-file | FileCheck %s
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=THREADS
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file --remarks-filter=Hints 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file | sed '0,/tile_dist.num_warps = 4/s//tile_dist.num_warps = 2/' | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=EDITED

// The warps of a kernel's CTA are a decision of tile-lower, recorded on the
// entry: 4, or 8 where a tile has 4096 elements or more, or what cuTile's
// num_worker_warps_per_cta hint asks for, as NVIDIA's tileiras 13.5 gives it
// (docs/hint-values.tsv). The materialization follows the record, also one
// edited between the stages (the first kernel's, here).

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

// -----

// A hint in range is followed: 2 warps, or 16 for a tile that would get 8.
// CHECK-LABEL: entry @hinted
// CHECK: } {tile_dist.num_warps = 2 : i32}
// THREADS-LABEL: gpu.func @hinted
// THREADS-SAME: nvvm.reqntid = array<i32: 64, 1, 1>
// REMARK: remark: [Passed] RemarkHint | Category:Hints | Function=hinted | Remark="OptimizationHint used num_worker_warps_per_cta", num_worker_warps_per_cta=2
// REMARK: remark: [Passed] RemarkHint | Category:Hints | Function=hinted_large | Remark="OptimizationHint used num_worker_warps_per_cta", num_worker_warps_per_cta=16
// CHECK-LABEL: entry @hinted_large
// CHECK: } {tile_dist.num_warps = 16 : i32}
// THREADS-LABEL: gpu.func @hinted_large
// THREADS-SAME: nvvm.reqntid = array<i32: 512, 1, 1>
cuda_tile.module @m {
  entry @hinted(%p: tile<ptr<f32>>) optimization_hints=<default = {num_worker_warps_per_cta = 2}> {
    %v = constant <f32: 1.0> : tile<1024xf32>
    %t = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pv = make_partition_view %t : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %tok = store_view_tko weak %v, %pv[%c0] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @hinted_large(%p: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 16}> {
    %v = constant <f32: 1.0> : tile<64x64xf32>
    %t = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pv = make_partition_view %t : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %tok = store_view_tko weak %v, %pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A hint out of range is not followed; one of fewer than 4 warps for a
// kernel whose mma may run on a warpgroup (sm_90's wgmma) gets 4, as
// NVIDIA's tileiras gives it 128 threads.
// CHECK-LABEL: entry @hinted_out_of_range
// CHECK: } {tile_dist.num_warps = 4 : i32}
// REMARK: remark: [Missed] RemarkHintNotFollowed | Category:Hints | Function=hinted_out_of_range | Reason="a CTA has a power of two of worker warps, at most 32; the kernel gets the 4 its tiles ask for", Remark="OptimizationHint num_worker_warps_per_cta not followed", num_worker_warps_per_cta=1000
// CHECK-LABEL: entry @hinted_below_a_warpgroup
// CHECK: } {tile_dist.num_warps = 4 : i32}
// REMARK: remark: [Missed] RemarkHintNotFollowed | Category:Hints | Function=hinted_below_a_warpgroup | Reason="the kernel's mma may run on a warpgroup (4 warps), which it gets, as from NVIDIA's tileiras", Remark="OptimizationHint num_worker_warps_per_cta not followed", num_worker_warps_per_cta=1
cuda_tile.module @m {
  entry @hinted_out_of_range(%p: tile<ptr<f32>>) optimization_hints=<default = {num_worker_warps_per_cta = 1000}> {
    %v = constant <f32: 1.0> : tile<1024xf32>
    %t = make_tensor_view %p, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %pv = make_partition_view %t : partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %tok = store_view_tko weak %v, %pv[%c0] : tile<1024xf32>, partition_view<tile=(1024), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @hinted_below_a_warpgroup(%p: tile<ptr<f32>>) optimization_hints=<default = {num_worker_warps_per_cta = 1}> {
    %a = constant <f16: 1.0> : tile<64x16xf16>
    %b = constant <f16: 1.0> : tile<16x64xf16>
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %a, %b, %acc : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
    %t = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pv = make_partition_view %t : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %c0 = constant <i32: 0> : tile<i32>
    %tok = store_view_tko weak %r, %pv[%c0, %c0] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
