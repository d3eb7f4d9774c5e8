// mmaf_scaled in the parallel form: on sm_100, 128-row results run on
// tcgen05.mma's block scaling (.kind::mxf8f6f4), the fp8 operands copied
// as they are and the e8m0 scales written into tensor memory beside the
// accumulator (row i's in lane i % 32 of column i / 32, one byte per block
// of k; two copies where the accumulator stays in tensor memory through a
// k loop, one per run's parity); on sm_120, sm_120a's block-scaled
// mma.sync.m16n8k32 (.scale_vec::1X) takes each instruction's scales from
// the lanes (lane 4 g row g of A, lane 4 g + 1 row g + 8, lane 4 g column
// g of B, byte 0), read from the scale tiles in shared memory; elsewhere
// (ExpandScaledMma.cpp: 16-row tiles on sm_100) each operand element times
// its block's scale, exactly in bf16, then a bf16 mmaf on mma.sync. Run on
// the host (HostTensorMma.cpp reads each scale in the quarter of the lanes
// of the row it feeds; HostMma.cpp each from the lane and byte the
// selectors name) against numpy over e4m3 and e5m2 operands and e8m0
// scales from 2^-8 to 2^8. A 256x256 result with the corpus's swizzled
// scales (128-row groups of 32x16 bytes, reshaped and permuted into 256x4)
// runs as two 256x128 column slices (SplitWideAccumulators.cpp), each
// scale chain sliced with its operand: on sm_100 because 544 columns of
// tensor memory do not fit, on sm_120 because 256 accumulator registers a
// thread do not.
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=SM100
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_mma_scaled.py %t.so | FileCheck %s
// RUN: tile-lower --gpu-name sm_120 --tile-form=parallel %s --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=SM120
// RUN: tile-lower --gpu-name sm_120 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t120.o
// RUN: %cc -shared -o %t120.so %t120.o -lm
// RUN: %hpython %S/Inputs/run_mma_scaled.py %t120.so | FileCheck %s

// SM100-LABEL: gpu.func @e4m3_128x128(
// SM100: tile_dist.tmem_alloc {{.+}} {columns = 256 : i64}
// Eight warps: warps 0-3 write the scales, one quarter of the lanes each.
// SM100: %[[LOW:.+]] = arith.cmpi ult, %[[WARP:.+]], %c4{{.*}} : index
// SM100-NEXT: scf.if %[[LOW]] {
// SM100: arith.remui %[[WARP]], %c4{{.*}} : index
// SM100: tile_dist.tmem_store_lanes {{.+}} : vector<4xi32>
// SM100: scf.if
// SM100: tile_dist.tmem_store_lanes {{.+}} : vector<4xi32>
// SM100: nvvm.tcgen05.fence <before>
// SM100: scf.for
// SM100-COUNT-2: tile_dist.tensor_mma {{.+}} scales(%{{.+}}, %{{.+}}) {{{.+}}lhsType = f8E4M3FN, m = 128 : i64, n = 128 : i64
// SM100-LABEL: gpu.func @e5m2_loop(
// SM100: tile_dist.tmem_alloc {{.+}} {columns = 128 : i64}
// SM100: scf.for
// SM100-NOT: tile_dist.tmem_load
// SM100: %[[NTH:.+]] = arith.divui %{{.+}}, %c2_i32 : i32
// SM100: arith.remui %[[NTH]], %c2_i32{{.*}} : i32
// SM100: tile_dist.tmem_store_lanes {{.+}} : vector<4xi32>
// SM100: tile_dist.tmem_store_lanes {{.+}} : vector<2xi32>
// SM100: tile_dist.tensor_mma {{.+}} scales(%{{.+}}, %{{.+}}) {{{.+}}lhsType = f8E5M2, m = 128 : i64, n = 64 : i64
// SM100: tile_dist.tmem_load
// SM100-LABEL: gpu.func @e4m3_16x16(
// SM100: nvvm.mma.sync {{.+}}multiplicandAPtxType = #nvvm.mma_type<bf16>
// SM120: gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_120a"
// SM120-LABEL: gpu.func @e4m3_128x128(
// SM120-NOT: nvvm.mma.sync
// SM120: nvvm.mma.block_scale {{.+}} scaleA[%{{.+}}, %c0_i16, %c0_i16] scaleB[%{{.+}}, %c0_i16, %c0_i16] {{{.+}}multiplicandAPtxType = #nvvm.mma_type<e4m3>{{.+}}scaleVecSize = #nvvm.scale_vec_size<x1>, shape = #nvvm.shape<m = 16, n = 8, k = 32>}
// SM120-LABEL: gpu.func @e5m2_loop(
// SM120: nvvm.mma.block_scale {{.+}}multiplicandAPtxType = #nvvm.mma_type<e5m2>
// SM120-LABEL: gpu.func @e4m3_16x16(
// SM120: nvvm.mma.block_scale
// SM120-LABEL: gpu.func @e4m3_batch(
// SM120: nvvm.mma.block_scale
// SM100-LABEL: gpu.func @e4m3_256x256_swizzled_scales(
// SM100: scf.for
// SM100: tile_dist.tmem_alloc {{.+}} {columns = 512 : i64}
// SM100-NOT: tile_dist.tmem_alloc

// CHECK: e4m3 128x128: 16384 elements match numpy
// CHECK: e5m2 loop: 8192 elements match numpy
// CHECK: e4m3 16x16: 256 elements match numpy
// CHECK: e4m3 batch: 512 elements match numpy
// CHECK: e4m3 256x256 swizzled scales: 65536 elements match numpy

cuda_tile.module @kernels {
  // 128x128 = 128x128 x 128x128 e4m3, four 32-wide blocks of k, e8m0
  // scales; A row-major, B and its scales column-major (as the
  // corpus's block-scaled matmul).
  entry @e4m3_128x128(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f8E4M3FN>>
    %b16 = assume div_by<16>, %b : tile<ptr<f8E4M3FN>>
    %va = make_tensor_view %a16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf8E4M3FN, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 128], strides = [1, 128] : tensor_view<128x128xf8E4M3FN, strides=[1,128]>
    %vsa = make_tensor_view %sa, shape = [128, 4], strides = [4, 1] : tensor_view<128x4xf8E8M0FNU, strides=[4,1]>
    %vsb = make_tensor_view %sb, shape = [4, 128], strides = [1, 4] : tensor_view<4x128xf8E8M0FNU, strides=[1,4]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x128), tensor_view<128x128xf8E4M3FN, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x128), tensor_view<128x128xf8E4M3FN, strides=[1,128]>>
    %qsa = make_partition_view %vsa : partition_view<tile=(128x4), tensor_view<128x4xf8E8M0FNU, strides=[4,1]>>
    %qsb = make_partition_view %vsb : partition_view<tile=(4x128), tensor_view<4x128xf8E8M0FNU, strides=[1,4]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %init = constant <f32: 0.5> : tile<128x128xf32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x128), tensor_view<128x128xf8E4M3FN, strides=[128,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x128), tensor_view<128x128xf8E4M3FN, strides=[1,128]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
    %xs, %txs = load_view_tko weak %qsa[%zero, %zero] token = %t0 : partition_view<tile=(128x4), tensor_view<128x4xf8E8M0FNU, strides=[4,1]>>, tile<i32> -> tile<128x4xf8E8M0FNU>, token
    %ys, %tys = load_view_tko weak %qsb[%zero, %zero] token = %t0 : partition_view<tile=(4x128), tensor_view<4x128xf8E8M0FNU, strides=[1,4]>>, tile<i32> -> tile<4x128xf8E8M0FNU>, token
    %r = mmaf_scaled %x, %y, %init, %xs, %ys : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  // e5m2 through a k loop of 3 iterations of k = 64 (two blocks each):
  // on sm_100 the accumulator stays in tensor memory through it.
  entry @e5m2_loop(%a: tile<ptr<f8E5M2>>, %b: tile<ptr<f8E5M2>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f8E5M2>>
    %b16 = assume div_by<16>, %b : tile<ptr<f8E5M2>>
    %va = make_tensor_view %a16, shape = [128, 192], strides = [192, 1] : tensor_view<128x192xf8E5M2, strides=[192,1]>
    %vb = make_tensor_view %b16, shape = [192, 64], strides = [1, 192] : tensor_view<192x64xf8E5M2, strides=[1,192]>
    %vsa = make_tensor_view %sa, shape = [128, 6], strides = [6, 1] : tensor_view<128x6xf8E8M0FNU, strides=[6,1]>
    %vsb = make_tensor_view %sb, shape = [6, 64], strides = [1, 6] : tensor_view<6x64xf8E8M0FNU, strides=[1,6]>
    %vd = make_tensor_view %d, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x192xf8E5M2, strides=[192,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x64), tensor_view<192x64xf8E5M2, strides=[1,192]>>
    %qsa = make_partition_view %vsa : partition_view<tile=(128x2), tensor_view<128x6xf8E8M0FNU, strides=[6,1]>>
    %qsb = make_partition_view %vsb : partition_view<tile=(2x64), tensor_view<6x64xf8E8M0FNU, strides=[1,6]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x64xf32>
    %one = constant <i32: 1> : tile<i32>
    %iters = constant <i32: 3> : tile<i32>
    %r = for %k in (%zero to %iters, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x64xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<128x192xf8E5M2, strides=[192,1]>>, tile<i32> -> tile<128x64xf8E5M2>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<192x64xf8E5M2, strides=[1,192]>>, tile<i32> -> tile<64x64xf8E5M2>, token
      %xs, %txs = load_view_tko weak %qsa[%zero, %k] token = %t0 : partition_view<tile=(128x2), tensor_view<128x6xf8E8M0FNU, strides=[6,1]>>, tile<i32> -> tile<128x2xf8E8M0FNU>, token
      %ys, %tys = load_view_tko weak %qsb[%k, %zero] token = %t0 : partition_view<tile=(2x64), tensor_view<6x64xf8E8M0FNU, strides=[1,6]>>, tile<i32> -> tile<2x64xf8E8M0FNU>, token
      %next = mmaf_scaled %x, %y, %acc, %xs, %ys : tile<128x64xf8E5M2>, tile<64x64xf8E5M2>, tile<128x64xf32>, tile<128x2xf8E8M0FNU>, tile<2x64xf8E8M0FNU>
      continue %next : tile<128x64xf32>
    }
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  // 16x16 = 16x64 x 64x16, as the corpus's test kernel: mma.sync.
  entry @e4m3_16x16(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f8E4M3FN>>
    %b16 = assume div_by<16>, %b : tile<ptr<f8E4M3FN>>
    %va = make_tensor_view %a16, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf8E4M3FN, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 16], strides = [1, 64] : tensor_view<64x16xf8E4M3FN, strides=[1,64]>
    %vsa = make_tensor_view %sa, shape = [16, 2], strides = [2, 1] : tensor_view<16x2xf8E8M0FNU, strides=[2,1]>
    %vsb = make_tensor_view %sb, shape = [2, 16], strides = [1, 2] : tensor_view<2x16xf8E8M0FNU, strides=[1,2]>
    %vd = make_tensor_view %d, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x64), tensor_view<16x64xf8E4M3FN, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x16), tensor_view<64x16xf8E4M3FN, strides=[1,64]>>
    %qsa = make_partition_view %vsa : partition_view<tile=(16x2), tensor_view<16x2xf8E8M0FNU, strides=[2,1]>>
    %qsb = make_partition_view %vsb : partition_view<tile=(2x16), tensor_view<2x16xf8E8M0FNU, strides=[1,2]>>
    %qd = make_partition_view %vd : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %init = constant <f32: -1.0> : tile<16x16xf32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(16x64), tensor_view<16x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<16x64xf8E4M3FN>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x16), tensor_view<64x16xf8E4M3FN, strides=[1,64]>>, tile<i32> -> tile<64x16xf8E4M3FN>, token
    %xs, %txs = load_view_tko weak %qsa[%zero, %zero] token = %t0 : partition_view<tile=(16x2), tensor_view<16x2xf8E8M0FNU, strides=[2,1]>>, tile<i32> -> tile<16x2xf8E8M0FNU>, token
    %ys, %tys = load_view_tko weak %qsb[%zero, %zero] token = %t0 : partition_view<tile=(2x16), tensor_view<2x16xf8E8M0FNU, strides=[1,2]>>, tile<i32> -> tile<2x16xf8E8M0FNU>, token
    %r = mmaf_scaled %x, %y, %init, %xs, %ys : tile<16x64xf8E4M3FN>, tile<64x16xf8E4M3FN>, tile<16x16xf32>, tile<16x2xf8E8M0FNU>, tile<2x16xf8E8M0FNU>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  // A batch of 2: 2x16x16 = 2x16x64 x 2x64x16 e4m3, scales 2x16x2 and
  // 2x2x16 (B's column-major in each batch).
  entry @e4m3_batch(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f8E4M3FN>>
    %b16 = assume div_by<16>, %b : tile<ptr<f8E4M3FN>>
    %va = make_tensor_view %a16, shape = [2, 16, 64], strides = [1024, 64, 1] : tensor_view<2x16x64xf8E4M3FN, strides=[1024,64,1]>
    %vb = make_tensor_view %b16, shape = [2, 64, 16], strides = [1024, 1, 64] : tensor_view<2x64x16xf8E4M3FN, strides=[1024,1,64]>
    %vsa = make_tensor_view %sa, shape = [2, 16, 2], strides = [32, 2, 1] : tensor_view<2x16x2xf8E8M0FNU, strides=[32,2,1]>
    %vsb = make_tensor_view %sb, shape = [2, 2, 16], strides = [32, 1, 2] : tensor_view<2x2x16xf8E8M0FNU, strides=[32,1,2]>
    %vd = make_tensor_view %d, shape = [2, 16, 16], strides = [256, 16, 1] : tensor_view<2x16x16xf32, strides=[256,16,1]>
    %qa = make_partition_view %va : partition_view<tile=(2x16x64), tensor_view<2x16x64xf8E4M3FN, strides=[1024,64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(2x64x16), tensor_view<2x64x16xf8E4M3FN, strides=[1024,1,64]>>
    %qsa = make_partition_view %vsa : partition_view<tile=(2x16x2), tensor_view<2x16x2xf8E8M0FNU, strides=[32,2,1]>>
    %qsb = make_partition_view %vsb : partition_view<tile=(2x2x16), tensor_view<2x2x16xf8E8M0FNU, strides=[32,1,2]>>
    %qd = make_partition_view %vd : partition_view<tile=(2x16x16), tensor_view<2x16x16xf32, strides=[256,16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %init = constant <f32: 0.25> : tile<2x16x16xf32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero, %zero] token = %t0 : partition_view<tile=(2x16x64), tensor_view<2x16x64xf8E4M3FN, strides=[1024,64,1]>>, tile<i32> -> tile<2x16x64xf8E4M3FN>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero, %zero] token = %t0 : partition_view<tile=(2x64x16), tensor_view<2x64x16xf8E4M3FN, strides=[1024,1,64]>>, tile<i32> -> tile<2x64x16xf8E4M3FN>, token
    %xs, %txs = load_view_tko weak %qsa[%zero, %zero, %zero] token = %t0 : partition_view<tile=(2x16x2), tensor_view<2x16x2xf8E8M0FNU, strides=[32,2,1]>>, tile<i32> -> tile<2x16x2xf8E8M0FNU>, token
    %ys, %tys = load_view_tko weak %qsb[%zero, %zero, %zero] token = %t0 : partition_view<tile=(2x2x16), tensor_view<2x2x16xf8E8M0FNU, strides=[32,1,2]>>, tile<i32> -> tile<2x2x16xf8E8M0FNU>, token
    %r = mmaf_scaled %x, %y, %init, %xs, %ys : tile<2x16x64xf8E4M3FN>, tile<2x64x16xf8E4M3FN>, tile<2x16x16xf32>, tile<2x16x2xf8E8M0FNU>, tile<2x2x16xf8E8M0FNU>
    %done = store_view_tko weak %r, %qd[%zero, %zero, %zero] token = %t0 : tile<2x16x16xf32>, partition_view<tile=(2x16x16), tensor_view<2x16x16xf32, strides=[256,16,1]>>, tile<i32> -> token
    return
  }
  // 256x256 = 256x256 x 256x256 in two k steps of 128, scales swizzled as
  // the corpus's block-scaled matmul has them.
  entry @e4m3_256x256_swizzled_scales(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f8E4M3FN>>
    %b16 = assume div_by<16>, %b : tile<ptr<f8E4M3FN>>
    %sa16 = assume div_by<16>, %sa : tile<ptr<f8E8M0FNU>>
    %sb16 = assume div_by<16>, %sb : tile<ptr<f8E8M0FNU>>
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %va = make_tensor_view %a16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf8E4M3FN, strides=[256,1]>
    %vb = make_tensor_view %b16, shape = [256, 256], strides = [1, 256] : tensor_view<256x256xf8E4M3FN, strides=[1,256]>
    %vsa = make_tensor_view %sa16, shape = [2, 2, 32, 16], strides = [1024, 512, 16, 1] : tensor_view<2x2x32x16xf8E8M0FNU, strides=[1024,512,16,1]>
    %vsb = make_tensor_view %sb16, shape = [2, 2, 32, 16], strides = [1024, 512, 16, 1] : tensor_view<2x2x32x16xf8E8M0FNU, strides=[1024,512,16,1]>
    %vd = make_tensor_view %d16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x128), tensor_view<256x256xf8E4M3FN, strides=[256,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x256), tensor_view<256x256xf8E4M3FN, strides=[1,256]>>
    %qsa = make_partition_view %vsa : partition_view<tile=(2x1x32x16), tensor_view<2x2x32x16xf8E8M0FNU, strides=[1024,512,16,1]>>
    %qsb = make_partition_view %vsb : partition_view<tile=(2x1x32x16), tensor_view<2x2x32x16xf8E8M0FNU, strides=[1024,512,16,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<256x256xf32, strides=[256,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %init = constant <f32: 0.125> : tile<256x256xf32>
    %r = for %k in (%zero to %two, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(256x128), tensor_view<256x256xf8E4M3FN, strides=[256,1]>>, tile<i32> -> tile<256x128xf8E4M3FN>, token
      %xs4, %txs = load_view_tko weak %qsa[%zero, %k, %zero, %zero] token = %t0 : partition_view<tile=(2x1x32x16), tensor_view<2x2x32x16xf8E8M0FNU, strides=[1024,512,16,1]>>, tile<i32> -> tile<2x1x32x16xf8E8M0FNU>, token
      %xs5 = reshape %xs4 : tile<2x1x32x16xf8E8M0FNU> -> tile<2x1x32x4x4xf8E8M0FNU>
      %xsp = permute %xs5 [0, 3, 2, 1, 4] : tile<2x1x32x4x4xf8E8M0FNU> -> tile<2x4x32x1x4xf8E8M0FNU>
      %xs = reshape %xsp : tile<2x4x32x1x4xf8E8M0FNU> -> tile<256x4xf8E8M0FNU>
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(128x256), tensor_view<256x256xf8E4M3FN, strides=[1,256]>>, tile<i32> -> tile<128x256xf8E4M3FN>, token
      %ys4, %tys = load_view_tko weak %qsb[%zero, %k, %zero, %zero] token = %t0 : partition_view<tile=(2x1x32x16), tensor_view<2x2x32x16xf8E8M0FNU, strides=[1024,512,16,1]>>, tile<i32> -> tile<2x1x32x16xf8E8M0FNU>, token
      %ys5 = reshape %ys4 : tile<2x1x32x16xf8E8M0FNU> -> tile<2x1x32x4x4xf8E8M0FNU>
      %ysp = permute %ys5 [0, 3, 2, 1, 4] : tile<2x1x32x4x4xf8E8M0FNU> -> tile<2x4x32x1x4xf8E8M0FNU>
      %ysn = reshape %ysp : tile<2x4x32x1x4xf8E8M0FNU> -> tile<256x4xf8E8M0FNU>
      %ys = permute %ysn [1, 0] : tile<256x4xf8E8M0FNU> -> tile<4x256xf8E8M0FNU>
      %next = mmaf_scaled %x, %y, %acc, %xs, %ys : tile<256x128xf8E4M3FN>, tile<128x256xf8E4M3FN>, tile<256x256xf32>, tile<256x4xf8E8M0FNU>, tile<4x256xf8E8M0FNU>
      continue %next : tile<256x256xf32>
    }
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}
