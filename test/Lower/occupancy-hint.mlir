// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file | FileCheck %s
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file -o /dev/null --remarks-filter-passed=Hints --remarks-filter-missed=Hints 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: tile-lower %s --gpu-name=sm_80 --tile-form=parallel --split-input-file -o /dev/null --remarks-filter-passed=Hints --remarks-filter-missed=Hints 2>&1 | FileCheck %s --check-prefix=SM80-REMARK

// cuTile's occupancy hint (ct.kernel(occupancy=N)): N CTAs fit an SM. A
// 16x16 tile spreads over 4 warps; two CTAs of 128 threads leave a thread
// all the 255 registers it may have, so the hint is followed: the lowering
// plans with a CTA's share of the SM's shared memory (on sm_90, (227 KiB
// + 1 KiB) / 2 less the 1 KiB the system keeps per CTA), and the kernel
// carries no register cap.
// CHECK-LABEL: gpu.func @small(
// CHECK-NOT: nvvm.maxnreg
// CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
// REMARK: remark: [Passed] RemarkHint | Category:Hints | Function=small | Occupancy=2, Remark="OptimizationHint used occupancy", SharedBytes=115712
cuda_tile.module @kernels {
  entry @small(%p: tile<ptr<f32>>) optimization_hints=<default = {occupancy = 2}> {
    %t0 = make_token : token
    %v = make_tensor_view %p, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %q = make_partition_view %v : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %q[%zero, %zero] token = %t0 : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> tile<16x16xf32>, token
    %y = addf %x, %x : tile<16x16xf32>
    %done = store_view_tko weak %y, %q[%zero, %zero] token = %tx : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A 64x64 tile spreads over 8 warps: occupancy 2 would cap a thread at 128
// registers, occupancy 4 at 64. Every warp of a tile kernel computes (no
// warp specialization), and capped so the corpus's fmha kernels spill, so
// neither hint is followed (no cap, the whole shared memory), and a remark
// says why.
// CHECK-LABEL: gpu.func @two(
// CHECK-NOT: nvvm.maxnreg
// CHECK-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// CHECK-LABEL: gpu.func @four(
// CHECK-NOT: nvvm.maxnreg
// CHECK-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// REMARK: remark: [Missed] RemarkHintNotFollowed | Category:Hints | Function=two | Occupancy=2, Reason="2 CTAs of 256 threads per SM would cap a thread at 128 registers; every warp of the kernel computes (no warp specialization), and its tiles would spill", Remark="OptimizationHint occupancy not followed"
// REMARK: remark: [Missed] RemarkHintNotFollowed | Category:Hints | Function=four | Occupancy=4, Reason="4 CTAs of 256 threads per SM would cap a thread at 64 registers;
cuda_tile.module @kernels {
  entry @two(%p: tile<ptr<f32>>) optimization_hints=<default = {occupancy = 2}> {
    %t0 = make_token : token
    %v = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %q = make_partition_view %v : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %q[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %y = addf %x, %x : tile<64x64xf32>
    %done = store_view_tko weak %y, %q[%zero, %zero] token = %tx : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @four(%p: tile<ptr<f32>>) optimization_hints=<default = {occupancy = 4}> {
    %t0 = make_token : token
    %v = make_tensor_view %p, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %q = make_partition_view %v : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %q[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %y = addf %x, %x : tile<64x64xf32>
    %done = store_view_tko weak %y, %q[%zero, %zero] token = %tx : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// The hint given for the target is read, else the default one: on sm_80
// occupancy 2 of 128 threads is followed (SharedBytes (163 KiB + 1 KiB) / 2
// - 1 KiB), on sm_90 the default occupancy 4 would cap a thread at 128.
// REMARK: remark: [Missed] RemarkHintNotFollowed | Category:Hints | Function=per_target | Occupancy=4,
// SM80-REMARK: remark: [Passed] RemarkHint | Category:Hints | Function=per_target | Occupancy=2, Remark="OptimizationHint used occupancy", SharedBytes=82944
cuda_tile.module @kernels {
  entry @per_target(%p: tile<ptr<f32>>) optimization_hints=<default = {occupancy = 4}, sm_80 = {occupancy = 2}> {
    %t0 = make_token : token
    %v = make_tensor_view %p, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %q = make_partition_view %v : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %q[%zero, %zero] token = %t0 : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> tile<16x16xf32>, token
    %y = addf %x, %x : tile<16x16xf32>
    %done = store_view_tko weak %y, %q[%zero, %zero] token = %tx : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
