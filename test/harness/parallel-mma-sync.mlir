// mma.sync's other input types in the parallel form, run on the host (a
// warp's mma.sync emulated among its lanes) against numpy: tf32 operands
// (m16n8k8: one element per fragment register) and i8 operands, signed times
// unsigned, into an i32 accumulator (m16n8k32: four per register), and
// unsigned times signed with k = 16 (m16n8k16: half the registers).
// Operands loaded from 16-byte aligned views take no registers: the mma
// copies them into its staging arrays itself (cp.async, done at once on the
// host), k-contiguous where the view runs along k, k-major (read with
// transposing ldmatrix) where it runs along m or n, and zero past the
// tensor's end: f16 operands both ways round and partly out of bounds, one
// loaded as the second of a batch and reshaped to drop the batch dim, a k
// loop whose copies run an iteration ahead, and i8 ones (m16n8k16, read a
// word per register). On sm_120 (and sm_90 on), the copied f16 operands
// come by TMA (HostTensorCopy.cpp on the host), swizzled as the box lands
// instead of padded: k-contiguous rows of kc values of k (64 bytes: 16-byte
// units XORed with the row's bits 1-2), and k-major atoms of 32 values of m
// or n by the chunk's rows of k; ldmatrix reads them at the swizzled
// addresses. The i8 k16 rows (16 bytes) stay on cp.async. An 8-row result
// takes whole fragments too, its rows g + 8 copies of rows g: the lhs
// fragment reads its 8 rows twice (ldmatrix naming rows 0-7 for matrices
// 1 and 3, k-contiguous or transposed; a word per register for i8), and
// a reduction over its rows counts each element once. The same kernels run
// over one warp too, as a num_worker_warps_per_cta hint of 1 gives them on
// sm_80 (test/Lower/assign-warps.mlir); the layouts tile-lower recorded
// for four warps go with the edit (tile-sched refuses them over one).
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_80 --tile-form=parallel %s --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=LOWER
// RUN: tile-lower --gpu-name sm_80 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_mma_sync.py %t.so | FileCheck %s
// RUN: tile-lower --gpu-name sm_120 --tile-form=parallel %s --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=TMA
// RUN: tile-lower --gpu-name sm_120 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.tma.o
// RUN: %cc -shared -o %t.tma.so %t.tma.o -lm
// RUN: %hpython %S/Inputs/run_mma_sync.py %t.tma.so | FileCheck %s
// RUN: tile-lower --gpu-name sm_80 --tile-form=parallel %s | sed -E -e 's/tile_dist.num_warps = [0-9]+/tile_dist.num_warps = 1/' -e 's/tile_dist.layout = #tile_dist.linear<[^>]*>(, )?//g' -e 's/tile_dist.carried_layouts = \[(#tile_dist.linear<[^>]*>|unit|, )*\](, )?//g' > %t.one.mlir
// RUN: grep -c 'tile_dist.num_warps = 1 ' %t.one.mlir | FileCheck %s --check-prefix=ONE-WARP
// RUN: tile-sched %t.one.mlir | tile-llc --emit=host-obj -o %t.one.o
// RUN: %cc -shared -o %t.one.so %t.one.o -lm
// RUN: %hpython %S/Inputs/run_mma_sync.py %t.one.so | FileCheck %s

// TMA-LABEL: gpu.func @f16_rows(
// TMA-SAME: tile_dist.tensor_map = {base = "arg0", box = array<i64: 32, 32>, sizes = [64, 24], strides = [64], swizzle = 64 : i64, type = f16}
// TMA-SAME: tile_dist.tensor_map = {base = "arg1", box = array<i64: 32, 32>, sizes = [20, 64], strides = [24], swizzle = 64 : i64, type = f16}
// TMA-NOT: tile_dist.async_copy
// TMA-COUNT-2: tile_dist.tensor_copy {{.+}} {box = array<i64: 32, 32>, swizzle = 64 : i64}
// TMA: tile_dist.mbarrier_wait
// TMA: arith.xori
// TMA: nvgpu.ldmatrix {{.+}} {numTiles = 4 : i32, transpose = false}
// TMA: arith.xori
// TMA: nvgpu.ldmatrix {{.+}} {numTiles = 2 : i32, transpose = true}
// TMA-LABEL: gpu.func @int8_k16_copied(
// TMA-NOT: tile_dist.tensor_copy
// TMA: tile_dist.async_copy

// LOWER-LABEL: gpu.func @tf32
// LOWER: nvvm.mma.sync {{.+}} multiplicandAPtxType = #nvvm.mma_type<tf32>, multiplicandBPtxType = #nvvm.mma_type<tf32>, shape = #nvvm.shape<m = 16, n = 8, k = 8>} : (i32, i32, f32)
// LOWER-LABEL: gpu.func @int8
// LOWER: nvvm.mma.sync {{.+}} {intOverflowBehavior = #nvvm.mma_int_overflow<wrapped>, {{.+}}, multiplicandAPtxType = #nvvm.mma_type<s8>, multiplicandBPtxType = #nvvm.mma_type<u8>, shape = #nvvm.shape<m = 16, n = 8, k = 32>} : (i32, i32, i32)
// LOWER-LABEL: gpu.func @int8_k16
// LOWER: nvvm.mma.sync A[%{{[0-9]+}}, %{{[0-9]+}}]  B[%{{[0-9]+}}]  C[{{.+}}] {{.+}} multiplicandAPtxType = #nvvm.mma_type<u8>, multiplicandBPtxType = #nvvm.mma_type<s8>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, i32)
// LOWER-LABEL: gpu.func @f16_rows
// LOWER-NOT: llvm.load
// LOWER: tile_dist.async_copy
// LOWER: nvgpu.ldmatrix {{.+}} {numTiles = 4 : i32, transpose = false}
// LOWER: nvgpu.ldmatrix {{.+}} {numTiles = 2 : i32, transpose = true}
// LOWER-LABEL: gpu.func @f16_columns
// LOWER-NOT: llvm.load
// LOWER: tile_dist.async_copy
// LOWER: nvgpu.ldmatrix {{.+}} {numTiles = 4 : i32, transpose = true}
// LOWER: nvgpu.ldmatrix {{.+}} {numTiles = 2 : i32, transpose = false}
// LOWER-LABEL: gpu.func @f16_batch
// LOWER-NOT: llvm.load
// LOWER: tile_dist.async_copy
// LOWER-LABEL: gpu.func @int8_k16_copied
// LOWER-NOT: llvm.load
// LOWER: tile_dist.async_copy
// LOWER-NOT: nvgpu.ldmatrix
// LOWER: nvvm.mma.sync
// LOWER-LABEL: gpu.func @f16_eight_rows
// LOWER: nvgpu.ldmatrix {{.+}} {numTiles = 4 : i32, transpose = false}
// LOWER: nvvm.mma.sync {{.+}} shape = #nvvm.shape<m = 16, n = 8, k = 16>}
// LOWER-LABEL: gpu.func @f16_eight_columns
// LOWER: nvgpu.ldmatrix {{.+}} {numTiles = 4 : i32, transpose = true}
// LOWER: nvvm.mma.sync
// LOWER-LABEL: gpu.func @int8_eight_rows
// LOWER: nvvm.mma.sync {{.+}} shape = #nvvm.shape<m = 16, n = 8, k = 32>}

// ONE-WARP: {{^11$}}
// CHECK: tf32: 512 elements match numpy
// CHECK: int8: 512 elements match numpy
// CHECK: int8 k16: 256 elements match numpy
// CHECK: f16 rows: 1024 elements match numpy
// CHECK: f16 columns: 512 elements match numpy
// CHECK: f16 batch: 256 elements match numpy
// CHECK: f16 loop: 256 elements match numpy
// CHECK: int8 k16 copied: 256 elements match numpy
// CHECK: f16 eight rows: 256 elements match numpy
// CHECK: f16 eight row sums: 8 elements match numpy
// CHECK: f16 eight columns: 128 elements match numpy
// CHECK: int8 eight rows: 64 elements match numpy

cuda_tile.module @kernels {
  entry @tf32(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %vb = make_tensor_view %b, shape = [32, 16], strides = [16, 1] : tensor_view<32x16xf32, strides=[16,1]>
    %vd = make_tensor_view %d, shape = [32, 16], strides = [16, 1] : tensor_view<32x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> tile<32x32xf32>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>, tile<i32> -> tile<32x16xf32>, token
    %xt = ftof %x : tile<32x32xf32> -> tile<32x32xtf32>
    %yt = ftof %y : tile<32x16xf32> -> tile<32x16xtf32>
    %acc = constant <f32: 0.5> : tile<32x16xf32>
    %r = mmaf %xt, %yt, %acc : tile<32x32xtf32>, tile<32x16xtf32>, tile<32x16xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<32x16xf32>, partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  entry @int8(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %d: tile<ptr<i32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xi8, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xi8, strides=[16,1]>
    %vd = make_tensor_view %d, shape = [32, 16], strides = [16, 1] : tensor_view<32x16xi32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(32x64), tensor_view<32x64xi8, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x16), tensor_view<64x16xi8, strides=[16,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(32x16), tensor_view<32x16xi32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(32x64), tensor_view<32x64xi8, strides=[64,1]>>, tile<i32> -> tile<32x64xi8>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x16), tensor_view<64x16xi8, strides=[16,1]>>, tile<i32> -> tile<64x16xi8>, token
    %acc = constant <i32: 7> : tile<32x16xi32>
    %r = mmai %x, %y, %acc signed unsigned : tile<32x64xi8>, tile<64x16xi8>, tile<32x16xi32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<32x16xi32>, partition_view<tile=(32x16), tensor_view<32x16xi32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  entry @int8_k16(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %d: tile<ptr<i32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xi8, strides=[16,1]>
    %vb = make_tensor_view %b, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xi8, strides=[16,1]>
    %vd = make_tensor_view %d, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xi32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x16), tensor_view<16x16xi8, strides=[16,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(16x16), tensor_view<16x16xi8, strides=[16,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(16x16), tensor_view<16x16xi32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(16x16), tensor_view<16x16xi8, strides=[16,1]>>, tile<i32> -> tile<16x16xi8>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(16x16), tensor_view<16x16xi8, strides=[16,1]>>, tile<i32> -> tile<16x16xi8>, token
    %acc = constant <i32: -3> : tile<16x16xi32>
    %r = mmai %x, %y, %acc unsigned signed : tile<16x16xi8>, tile<16x16xi8>, tile<16x16xi32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<16x16xi32>, partition_view<tile=(16x16), tensor_view<16x16xi32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  // A 24x64 (rows 24-31 of the tile outside), B 64x20 in rows of 24
  // (columns 20-23 of the run 16-23 and the whole run 24-31 outside).
  entry @f16_rows(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [24, 64], strides = [64, 1] : tensor_view<24x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 20], strides = [24, 1] : tensor_view<64x20xf16, strides=[24,1]>
    %vd = make_tensor_view %d, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %qa = make_partition_view %va : partition_view<tile=(32x64), padding_value = zero, tensor_view<24x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x32), padding_value = zero, tensor_view<64x20xf16, strides=[24,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(32x64), padding_value = zero, tensor_view<24x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x32), padding_value = zero, tensor_view<64x20xf16, strides=[24,1]>>, tile<i32> -> tile<64x32xf16>, token
    %acc = constant <f32: 0.25> : tile<32x32xf32>
    %r = mmaf %x, %y, %acc : tile<32x64xf16>, tile<64x32xf16>, tile<32x32xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
  // A and B column-major: A runs along m, B along k.
  entry @f16_columns(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [32, 64], strides = [1, 32] : tensor_view<32x64xf16, strides=[1,32]>
    %vb = make_tensor_view %b16, shape = [64, 16], strides = [1, 64] : tensor_view<64x16xf16, strides=[1,64]>
    %vd = make_tensor_view %d, shape = [32, 16], strides = [16, 1] : tensor_view<32x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(32x64), tensor_view<32x64xf16, strides=[1,32]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[1,64]>>
    %qd = make_partition_view %vd : partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(32x64), tensor_view<32x64xf16, strides=[1,32]>>, tile<i32> -> tile<32x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[1,64]>>, tile<i32> -> tile<64x16xf16>, token
    %acc = constant <f32: -1.0> : tile<32x16xf32>
    %r = mmaf %x, %y, %acc : tile<32x64xf16>, tile<64x16xf16>, tile<32x16xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<32x16xf32>, partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  // A 2x16x64, its second matrix loaded as a 1x16x64 tile.
  entry @f16_batch(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [2, 16, 64], strides = [1024, 64, 1] : tensor_view<2x16x64xf16, strides=[1024,64,1]>
    %vb = make_tensor_view %b16, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf16, strides=[16,1]>
    %vd = make_tensor_view %d, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(1x16x64), tensor_view<2x16x64xf16, strides=[1024,64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %x3, %tx = load_view_tko weak %qa[%one, %zero, %zero] token = %t0 : partition_view<tile=(1x16x64), tensor_view<2x16x64xf16, strides=[1024,64,1]>>, tile<i32> -> tile<1x16x64xf16>, token
    %x = reshape %x3 : tile<1x16x64xf16> -> tile<16x64xf16>
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>, tile<i32> -> tile<64x16xf16>, token
    %acc = constant <f32: 2.0> : tile<16x16xf32>
    %r = mmaf %x, %y, %acc : tile<16x64xf16>, tile<64x16xf16>, tile<16x16xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  // Three iterations of k = 64.
  entry @f16_loop(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [16, 192], strides = [192, 1] : tensor_view<16x192xf16, strides=[192,1]>
    %vb = make_tensor_view %b16, shape = [192, 16], strides = [16, 1] : tensor_view<192x16xf16, strides=[16,1]>
    %vd = make_tensor_view %d, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x64), tensor_view<16x192xf16, strides=[192,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x16), tensor_view<192x16xf16, strides=[16,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %three = constant <i32: 3> : tile<i32>
    %init = constant <f32: 0.5> : tile<16x16xf32>
    %sum = for %k in (%zero to %three, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<16x16xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(16x64), tensor_view<16x192xf16, strides=[192,1]>>, tile<i32> -> tile<16x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x16), tensor_view<192x16xf16, strides=[16,1]>>, tile<i32> -> tile<64x16xf16>, token
      %next = mmaf %x, %y, %acc : tile<16x64xf16>, tile<64x16xf16>, tile<16x16xf32>
      continue %next : tile<16x16xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  // i8 m16n8k16 with both operands along k (B column-major).
  entry @int8_k16_copied(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %d: tile<ptr<i32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<i8>>
    %b16 = assume div_by<16>, %b : tile<ptr<i8>>
    %va = make_tensor_view %a16, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xi8, strides=[16,1]>
    %vb = make_tensor_view %b16, shape = [16, 16], strides = [1, 16] : tensor_view<16x16xi8, strides=[1,16]>
    %vd = make_tensor_view %d, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xi32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x16), tensor_view<16x16xi8, strides=[16,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(16x16), tensor_view<16x16xi8, strides=[1,16]>>
    %qd = make_partition_view %vd : partition_view<tile=(16x16), tensor_view<16x16xi32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(16x16), tensor_view<16x16xi8, strides=[16,1]>>, tile<i32> -> tile<16x16xi8>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(16x16), tensor_view<16x16xi8, strides=[1,16]>>, tile<i32> -> tile<16x16xi8>, token
    %acc = constant <i32: 5> : tile<16x16xi32>
    %r = mmai %x, %y, %acc signed signed : tile<16x16xi8>, tile<16x16xi8>, tile<16x16xi32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<16x16xi32>, partition_view<tile=(16x16), tensor_view<16x16xi32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  // 8-row results: A 8x64 by rows and by columns (f16), 8x32 (i8).
  entry @f16_eight_rows(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>, %e: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [8, 64], strides = [64, 1] : tensor_view<8x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf16, strides=[32,1]>
    %vd = make_tensor_view %d, shape = [8, 32], strides = [32, 1] : tensor_view<8x32xf32, strides=[32,1]>
    %qa = make_partition_view %va : partition_view<tile=(8x64), tensor_view<8x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x32), tensor_view<64x32xf16, strides=[32,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(8x32), tensor_view<8x32xf32, strides=[32,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(8x64), tensor_view<8x64xf16, strides=[64,1]>>, tile<i32> -> tile<8x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x32), tensor_view<64x32xf16, strides=[32,1]>>, tile<i32> -> tile<64x32xf16>, token
    %acc = constant <f32: 0.75> : tile<8x32xf32>
    %r = mmaf %x, %y, %acc : tile<8x64xf16>, tile<64x32xf16>, tile<8x32xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<8x32xf32>, partition_view<tile=(8x32), tensor_view<8x32xf32, strides=[32,1]>>, tile<i32> -> token
    %ve = make_tensor_view %e, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>
    %qe = make_partition_view %ve : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>
    %sums = reduce %r dim=1 identities=[0.0 : f32] : tile<8x32xf32> -> tile<8xf32>
        (%acc2: tile<f32>, %v: tile<f32>) {
      %sum = addf %acc2, %v : tile<f32>
      yield %sum : tile<f32>
    }
    %done2 = store_view_tko weak %sums, %qe[%zero] token = %t0 : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @f16_eight_columns(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [8, 64], strides = [1, 8] : tensor_view<8x64xf16, strides=[1,8]>
    %vb = make_tensor_view %b16, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf16, strides=[16,1]>
    %vd = make_tensor_view %d, shape = [8, 16], strides = [16, 1] : tensor_view<8x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(8x64), tensor_view<8x64xf16, strides=[1,8]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(8x64), tensor_view<8x64xf16, strides=[1,8]>>, tile<i32> -> tile<8x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>, tile<i32> -> tile<64x16xf16>, token
    %acc = constant <f32: -0.5> : tile<8x16xf32>
    %r = mmaf %x, %y, %acc : tile<8x64xf16>, tile<64x16xf16>, tile<8x16xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<8x16xf32>, partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  entry @int8_eight_rows(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %d: tile<ptr<i32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [8, 32], strides = [32, 1] : tensor_view<8x32xi8, strides=[32,1]>
    %vb = make_tensor_view %b, shape = [32, 8], strides = [8, 1] : tensor_view<32x8xi8, strides=[8,1]>
    %vd = make_tensor_view %d, shape = [8, 8], strides = [8, 1] : tensor_view<8x8xi32, strides=[8,1]>
    %qa = make_partition_view %va : partition_view<tile=(8x32), tensor_view<8x32xi8, strides=[32,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32x8), tensor_view<32x8xi8, strides=[8,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(8x8), tensor_view<8x8xi32, strides=[8,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(8x32), tensor_view<8x32xi8, strides=[32,1]>>, tile<i32> -> tile<8x32xi8>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(32x8), tensor_view<32x8xi8, strides=[8,1]>>, tile<i32> -> tile<32x8xi8>, token
    %acc = constant <i32: 11> : tile<8x8xi32>
    %r = mmai %x, %y, %acc signed signed : tile<8x32xi8>, tile<32x8xi8>, tile<8x8xi32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<8x8xi32>, partition_view<tile=(8x8), tensor_view<8x8xi32, strides=[8,1]>>, tile<i32> -> token
    return
  }
}
