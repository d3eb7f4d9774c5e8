// RUN: tile-lower %s --gpu-name=sm_100 --tile-form=parallel --split-input-file --verify-diagnostics | FileCheck %s

// On sm_100 an mma whose result splits into 128-row blocks runs on
// tcgen05.mma; one of 64 rows does not (M = 64 would take half of each
// warp's lanes of tensor memory), so it keeps mma.sync and a remark says
// why.
// CHECK-LABEL: gpu.func @rows_64(
// CHECK-NOT: tile_dist.tensor_mma
// CHECK: nvvm.mma.sync
cuda_tile.module @kernels {
  entry @rows_64(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf16, strides=[32,1]>
    %vb = make_tensor_view %b, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf16, strides=[64,1]>
    %vd = make_tensor_view %d, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x32), tensor_view<64x32xf16, strides=[32,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32x64), tensor_view<32x64xf16, strides=[64,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x32), tensor_view<64x32xf16, strides=[32,1]>>, tile<i32> -> tile<64x32xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(32x64), tensor_view<32x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    // expected-remark @below {{'cuda_tile.mmaf' runs on mma.sync, not tcgen05.mma: its 64x64 result does not split into 128-row blocks of a multiple of 16 columns}}
    %r = mmaf %x, %y, %acc : tile<64x32xf16>, tile<32x64xf16>, tile<64x64xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A 256x256 accumulator over 8 warps would take 256 registers per thread
// once read back, and outside a loop that keeps it in tensor memory it is
// in registers throughout: mma.sync, with the reason.
// CHECK-LABEL: gpu.func @registers(
// CHECK-NOT: tile_dist.tensor_mma
cuda_tile.module @kernels {
  entry @registers(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [256, 16], strides = [16, 1] : tensor_view<256x16xf16, strides=[16,1]>
    %vb = make_tensor_view %b, shape = [16, 256], strides = [256, 1] : tensor_view<16x256xf16, strides=[256,1]>
    %vd = make_tensor_view %d, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x16), tensor_view<256x16xf16, strides=[16,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(16x256), tensor_view<16x256xf16, strides=[256,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<256x256xf32, strides=[256,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(256x16), tensor_view<256x16xf16, strides=[16,1]>>, tile<i32> -> tile<256x16xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(16x256), tensor_view<16x256xf16, strides=[256,1]>>, tile<i32> -> tile<16x256xf16>, token
    %acc = constant <f32: 0.0> : tile<256x256xf32>
    // expected-remark @below {{'cuda_tile.mmaf' runs on mma.sync, not tcgen05.mma: its accumulator takes 256 registers per thread, more than 128}}
    %r = mmaf %x, %y, %acc : tile<256x16xf16>, tile<16x256xf16>, tile<256x256xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}
