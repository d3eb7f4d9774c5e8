// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads --remarks-filter-passed=Hints --remarks-filter-missed=Hints -o /dev/null 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: tile-lower %s --gpu-name=sm_80 --tile-form=parallel --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads --remarks-filter-passed=Hints --remarks-filter-missed=Hints -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80-REMARK

// cuTile's occupancy hint (ct.kernel(occupancy=N)): N CTAs fit an SM. A
// 16x16 tile spreads over 4 warps; two CTAs of 128 threads leave a thread
// all the 255 registers it may have. The hint is followed: the kernel asks
// for 2 CTAs per SM (nvvm.minctasm, PTX .minnctapersm), and the lowering
// plans with a CTA's share of the SM's shared memory (on sm_90, (227 KiB
// + 1 KiB) / 2 less the 1 KiB the system keeps per CTA).
// CHECK-LABEL: gpu.func @small(
// CHECK-SAME: nvvm.minctasm = 2 : i32, nvvm.reqntid = array<i32: 128, 1, 1>
// REMARK: remark: [Passed] RemarkHint | Category:Hints | Function=small | Occupancy=2, Registers=255, Remark="OptimizationHint used occupancy", SharedBytes=115712
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

// A 64x64 tile spreads over 8 warps: occupancy 2 caps a thread at 128
// registers, and is followed, as NVIDIA's tileiras follows it; occupancy 4
// would cap it at 64 (ptxas refuses wgmma there) and is not, with a remark
// that says why.
// CHECK-LABEL: gpu.func @two(
// CHECK-SAME: nvvm.minctasm = 2 : i32, nvvm.reqntid = array<i32: 256, 1, 1>
// CHECK-LABEL: gpu.func @four(
// CHECK-SAME: nvvm.minctasm = 1 : i32, nvvm.reqntid = array<i32: 256, 1, 1>
// REMARK: remark: [Passed] RemarkHint | Category:Hints | Function=two | Occupancy=2, Registers=128, Remark="OptimizationHint used occupancy", SharedBytes=115712
// REMARK: remark: [Missed] RemarkHintNotFollowed | Category:Hints | Function=four | Occupancy=4, Reason="4 CTAs of 256 threads per SM would cap a thread at 64 registers; every warp of the kernel computes (no warp specialization), and its tiles would spill", Remark="OptimizationHint occupancy not followed"
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
// occupancy 2 of 128 threads (SharedBytes (163 KiB + 1 KiB) / 2 - 1 KiB),
// on sm_90 the default occupancy 4 (128 registers, (227 KiB + 1 KiB) / 4
// - 1 KiB).
// CHECK-LABEL: gpu.func @per_target(
// CHECK-SAME: nvvm.minctasm = 4 : i32
// REMARK: remark: [Passed] RemarkHint | Category:Hints | Function=per_target | Occupancy=4, Registers=128, Remark="OptimizationHint used occupancy", SharedBytes=57344
// SM80-REMARK: remark: [Passed] RemarkHint | Category:Hints | Function=per_target | Occupancy=2, Registers=255, Remark="OptimizationHint used occupancy", SharedBytes=82944
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
