// sm_100's tcgen05.mma in the parallel form, run on the host (each
// tensor_mma computed at once by the thread that issues it into an array
// standing for the CTA's tensor memory, HostTensorMma.cpp; tmem_load and
// tmem_store move the 16x256b fragments) against numpy. Operands copied by
// TMA into swizzled k-contiguous rows or mn-major atoms as for wgmma;
// computed ones written from registers. A nonzero accumulator is stored
// into tensor memory first, a zero one overwritten by the first products;
// 128x128 over 8 warps (each reads one 16-row half of its quarter of the
// lanes), 128x16 over 4 (both halves), two 128-row blocks, two chunks of
// k, k loops whose accumulator stays in tensor memory (256x256 and 128x512
// ones too, and a 256x256 one read back a TMA store slab at a time), each
// chunk's products left running while the next chunk's copies are waited
// for, i8 signed times unsigned, an attention's P x V with P written
// from registers; and results of 64 rows (M = 64, the lower half of each
// warp's quarter of the lanes): f16 over 8 warps, tf32 through a k loop,
// P x V.
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=LOWER
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_tcgen05.py %t.so | FileCheck %s

// LOWER: gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_100a">]
// The ring's first fill (its tile_dist.ring_fill, right before the mma)
// starts its copies before the mma's own set-up: the tensor memory, the
// commit mbarriers, the accumulator stored there.
// LOWER-LABEL: gpu.func @f16_k_contiguous(
// LOWER-COUNT-2: tile_dist.mbarrier_init {{.+}} : memref<2xi64, #gpu.address_space<workgroup>>
// LOWER: tile_dist.tensor_copy
// LOWER: tile_dist.tmem_alloc {{.+}} {columns = 128 : i64}
// LOWER-COUNT-2: tile_dist.mbarrier_init {{.+}} : memref<2xi64, #gpu.address_space<workgroup>>
// LOWER: nvvm.tcgen05.fence <before>
// LOWER: gpu.barrier
// LOWER: nvvm.tcgen05.fence <after>
// LOWER: tile_dist.tmem_store {{.+}} : vector<64xi32>
// LOWER: scf.for
// LOWER: tile_dist.mbarrier_wait
// LOWER: gpu.barrier
// LOWER: nvvm.tcgen05.fence <after>
// LOWER-COUNT-4: tile_dist.tensor_mma {{.+}} {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, lhsType = f16, m = 128 : i64, n = 128 : i64, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsType = f16}
// LOWER: tile_dist.tensor_mma_commit
// LOWER: %[[LATER:.+]] = arith.cmpi ne, %[[COMMIT:.+]], %c0{{.*}} : i32
// LOWER-NEXT: scf.if %[[LATER]] {
// LOWER: arith.subi %[[COMMIT]], %c1{{.*}} : i32
// LOWER: tile_dist.mbarrier_wait
// LOWER: tile_dist.mbarrier_wait {{.+}} : memref<2xi64, #gpu.address_space<workgroup>>
// LOWER: tile_dist.tmem_load {{.+}} : vector<64xi32>
// LOWER: tile_dist.tmem_dealloc {{.+}} {columns = 128 : i64}
// LOWER-COUNT-2: tile_dist.mbarrier_inval
// LOWER-LABEL: gpu.func @f16_two_row_blocks(
// LOWER: tile_dist.tmem_alloc {{.+}} {columns = 256 : i64}
// LOWER-NOT: tile_dist.tmem_store
// LOWER: %[[NOT_FIRST:.+]] = arith.cmpi ne, %{{.+}}, %c0{{.*}} : index
// LOWER: tile_dist.tensor_mma {{.+}}, %[[NOT_FIRST]] {{.+}}rhsMatrix = #tile_dist.shared_matrix<mn_major, swizzle = 128, lbo = 4096, sbo = 1024>
// LOWER-COUNT-2: tile_dist.tmem_load {{.+}} : vector<64xi32>
// LOWER-LABEL: gpu.func @bf16_four_warps(
// LOWER-COUNT-2: tile_dist.tmem_store {{.+}} : vector<8xi32>
// LOWER: tile_dist.tensor_mma {{.+}}lhsType = bf16, m = 128 : i64, n = 16 : i64
// LOWER-COUNT-2: tile_dist.tmem_load {{.+}} : vector<8xi32>
// LOWER-LABEL: gpu.func @int8(
// LOWER: tile_dist.tensor_mma {{.+}}lhsType = si8, m = 128 : i64, n = 64 : i64{{.+}}rhsType = ui8
// The accumulator stays in tensor memory through the k loop, which then
// carries nothing: written there before the loop, read back after it.
// Each chunk's commit is counted through the loop; the threads wait for
// the one before it, so a chunk's products run while they wait for the
// next chunk's copies, and the last chunk's are waited for after the loop.
// LOWER-LABEL: gpu.func @f16_loop_copied(
// LOWER: tile_dist.tmem_alloc {{.+}} {columns = 128 : i64}
// LOWER: tile_dist.tmem_store {{.+}} : vector<64xi32>
// LOWER: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} : i32 {
// LOWER-NOT: tile_dist.tmem_
// LOWER-COUNT-2: tile_dist.tensor_mma
// LOWER: tile_dist.tensor_mma_commit
// LOWER: scf.if
// LOWER: tile_dist.mbarrier_wait {{.+}} : memref<2xi64, #gpu.address_space<workgroup>>
// LOWER-NOT: tile_dist.tmem_store
// LOWER: %[[RAN:.+]] = arith.cmpi ne, %{{.+}}, %c0{{.*}} : i32
// LOWER-NEXT: scf.if %[[RAN]] {
// LOWER: tile_dist.mbarrier_wait {{.+}} : memref<2xi64, #gpu.address_space<workgroup>>
// LOWER: tile_dist.tmem_load {{.+}} : vector<64xi32>
// LOWER: tile_dist.tmem_dealloc
// LOWER-LABEL: gpu.func @f16_wide_loop(
// LOWER: tile_dist.tmem_alloc {{.+}} {columns = 512 : i64}
// LOWER-COUNT-4: tile_dist.tmem_load {{.+}} : vector<64xi32>
// LOWER-LABEL: gpu.func @f16_sixty_four_rows(
// LOWER: tile_dist.tmem_alloc {{.+}} {columns = 256 : i64}
// LOWER: tile_dist.tmem_store {{.+}} : vector<64xi32>
// LOWER: tile_dist.tensor_mma {{.+}}lhsType = f16, m = 64 : i64, n = 256 : i64
// LOWER: tile_dist.tmem_load {{.+}} : vector<64xi32>
// LOWER-LABEL: gpu.func @tf32_sixty_four_rows_loop(
// LOWER: tile_dist.tmem_alloc {{.+}} {columns = 64 : i64}
// LOWER: scf.for
// LOWER: tile_dist.tensor_mma {{.+}}lhsType = tf32, m = 64 : i64, n = 64 : i64
// LOWER: tile_dist.tmem_load {{.+}} : vector<16xi32>
// LOWER-LABEL: gpu.func @f16_wide_columns_loop(
// LOWER: tile_dist.tmem_alloc {{.+}} {columns = 512 : i64}
// LOWER-COUNT-2: tile_dist.tmem_store {{.+}} : vector<128xi32>
// LOWER: scf.for
// LOWER-COUNT-4: tile_dist.tmem_load {{.+}} : vector<64xi32>
// LOWER-LABEL: gpu.func @f16_store_by_slab(
// LOWER: scf.for
// LOWER: gpu.barrier {tilechain.write_after_read}
// LOWER-COUNT-2: tile_dist.tmem_load {{.+}} : vector<64xi32>
// LOWER-NOT: tile_dist.tmem_
// LOWER: nvvm.fence.proxy
// LOWER-COUNT-2: tile_dist.tensor_store
// LOWER: nvvm.cp.async.bulk.wait_group 0 {read}
// LOWER-NEXT: }
// LOWER-NEXT: gpu.barrier
// LOWER-COUNT-2: tile_dist.tmem_load {{.+}} : vector<64xi32>
// LOWER-NEXT: nvvm.tcgen05.fence <before>
// LOWER-NEXT: gpu.barrier
// LOWER: tile_dist.tmem_dealloc {{.+}} {columns = 512 : i64}
// LOWER-NOT: tile_dist.tmem_
// LOWER: nvvm.fence.proxy
// LOWER-COUNT-2: tile_dist.tensor_store
// LOWER-NOT: tile_dist.tmem_
// LOWER-LABEL: gpu.func @attention_like(
// LOWER-LABEL: gpu.func @attention_sixty_four_rows(
// LOWER-COUNT-2: tile_dist.tensor_mma {{.+}}m = 64 : i64, n = 64 : i64

// CHECK: f16 k contiguous: 16384 elements match numpy
// CHECK: f16 two row blocks: 32768 elements match numpy
// CHECK: bf16 four warps: 2048 elements match numpy
// CHECK: int8: 8192 elements match numpy
// CHECK: f16 loop copied: 16384 elements match numpy
// CHECK: f16 wide loop: 65536 elements match numpy
// CHECK: f16 sixty-four rows: 16384 elements match numpy
// CHECK: tf32 sixty-four rows loop: 4096 elements match numpy
// CHECK: f16 wide columns loop: 65536 elements match numpy
// CHECK: f16 store by slab: 65536 elements match numpy
// CHECK: attention-like: 8192 elements match numpy
// CHECK: attention sixty-four rows: 4096 elements match numpy

cuda_tile.module @kernels {
  // 128x128 = 128x128 x 128x128, B column-major: both along k, two
  // chunks; the accumulator (0.5) goes into tensor memory first.
  entry @f16_k_contiguous(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>
    %vb = make_tensor_view %b16, shape = [128, 128], strides = [1, 128] : tensor_view<128x128xf16, strides=[1,128]>
    %qb = make_partition_view %vb : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[1,128]>>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<128x128xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[1,128]>>, tile<i32> -> tile<128x128xf16>, token
    %acc = constant <f32: 0.5> : tile<128x128xf32>
    %r = mmaf %x, %y, %acc : tile<128x128xf16>, tile<128x128xf16>, tile<128x128xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  // 256x128 = 256x64 x 64x128 with A 250x64 and B 64x100 in rows of 104,
  // padded with zeros: B in mn-major atoms, two 128-row blocks side by
  // side in tensor memory, a zero accumulator the first products overwrite.
  entry @f16_two_row_blocks(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [250, 64], strides = [64, 1] : tensor_view<250x64xf16, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x64), padding_value = zero, tensor_view<250x64xf16, strides=[64,1]>>
    %vb = make_tensor_view %b16, shape = [64, 100], strides = [104, 1] : tensor_view<64x100xf16, strides=[104,1]>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), padding_value = zero, tensor_view<64x100xf16, strides=[104,1]>>
    %vd = make_tensor_view %d, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %qd = make_partition_view %vd : partition_view<tile=(256x128), tensor_view<256x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(256x64), padding_value = zero, tensor_view<250x64xf16, strides=[64,1]>>, tile<i32> -> tile<256x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x128), padding_value = zero, tensor_view<64x100xf16, strides=[104,1]>>, tile<i32> -> tile<64x128xf16>, token
    %acc = constant <f32: 0.0> : tile<256x128xf32>
    %r = mmaf %x, %y, %acc : tile<256x64xf16>, tile<64x128xf16>, tile<256x128xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<256x128xf32>, partition_view<tile=(256x128), tensor_view<256x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  // 128x16 = 128x16 x 16x16 in bf16 over 4 warps, each reading both
  // 16-row halves of its quarter of the lanes; one chunk of 32-byte rows.
  entry @bf16_four_warps(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<bf16>>
    %b16 = assume div_by<16>, %b : tile<ptr<bf16>>
    %va = make_tensor_view %a16, shape = [128, 16], strides = [16, 1] : tensor_view<128x16xbf16, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x16), tensor_view<128x16xbf16, strides=[16,1]>>
    %vb = make_tensor_view %b16, shape = [16, 16], strides = [1, 16] : tensor_view<16x16xbf16, strides=[1,16]>
    %qb = make_partition_view %vb : partition_view<tile=(16x16), tensor_view<16x16xbf16, strides=[1,16]>>
    %vd = make_tensor_view %d, shape = [128, 16], strides = [16, 1] : tensor_view<128x16xf32, strides=[16,1]>
    %qd = make_partition_view %vd : partition_view<tile=(128x16), tensor_view<128x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x16), tensor_view<128x16xbf16, strides=[16,1]>>, tile<i32> -> tile<128x16xbf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(16x16), tensor_view<16x16xbf16, strides=[1,16]>>, tile<i32> -> tile<16x16xbf16>, token
    %acc = constant <f32: -1.0> : tile<128x16xf32>
    %r = mmaf %x, %y, %acc : tile<128x16xbf16>, tile<16x16xbf16>, tile<128x16xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<128x16xf32>, partition_view<tile=(128x16), tensor_view<128x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  // i8, signed times unsigned into i32, B column-major: rows of 64 bytes.
  entry @int8(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %d: tile<ptr<i32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<i8>>
    %b16 = assume div_by<16>, %b : tile<ptr<i8>>
    %va = make_tensor_view %a16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xi8, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x64xi8, strides=[64,1]>>
    %vb = make_tensor_view %b16, shape = [64, 64], strides = [1, 64] : tensor_view<64x64xi8, strides=[1,64]>
    %qb = make_partition_view %vb : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[1,64]>>
    %vd = make_tensor_view %d, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xi32, strides=[64,1]>
    %qd = make_partition_view %vd : partition_view<tile=(128x64), tensor_view<128x64xi32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xi8, strides=[64,1]>>, tile<i32> -> tile<128x64xi8>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[1,64]>>, tile<i32> -> tile<64x64xi8>, token
    %acc = constant <i32: 7> : tile<128x64xi32>
    %r = mmai %x, %y, %acc signed unsigned : tile<128x64xi8>, tile<64x64xi8>, tile<128x64xi32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<128x64xi32>, partition_view<tile=(128x64), tensor_view<128x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  // Three iterations of k = 64, both operands copied an iteration ahead.
  entry @f16_loop_copied(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [128, 192], strides = [192, 1] : tensor_view<128x192xf16, strides=[192,1]>
    %vb = make_tensor_view %b16, shape = [192, 128], strides = [128, 1] : tensor_view<192x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x192xf16, strides=[192,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<192x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %three = constant <i32: 3> : tile<i32>
    %init = constant <f32: 0.5> : tile<128x128xf32>
    %sum = for %k in (%zero to %three, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<128x192xf16, strides=[192,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<192x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %next = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  // 256x256 over 8 warps, two iterations of k = 32: 256 accumulators a
  // thread, which only a loop-resident accumulator allows (read back once,
  // after the loop).
  entry @f16_wide_loop(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 256], strides = [1, 64] : tensor_view<64x256xf16, strides=[1,64]>
    %vd = make_tensor_view %d, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x32), tensor_view<256x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32x256), tensor_view<64x256xf16, strides=[1,64]>>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<256x256xf32, strides=[256,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %init = constant <f32: 0.0> : tile<256x256xf32>
    %sum = for %k in (%zero to %two, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(256x32), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<256x32xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(32x256), tensor_view<64x256xf16, strides=[1,64]>>, tile<i32> -> tile<32x256xf16>, token
      %next = mmaf %x, %y, %acc : tile<256x32xf16>, tile<32x256xf16>, tile<256x256xf32>
      continue %next : tile<256x256xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  // 64x256 = 64x64 x 64x256 (M = 64: rows 16 q .. 16 q + 15 in the lower
  // half of lane quarter q), B k-contiguous, accumulator stored first; 8
  // warps, warp w reading quarter w % 4 in column block w / 4.
  entry @f16_sixty_four_rows(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %vb = make_tensor_view %b16, shape = [64, 256], strides = [1, 64] : tensor_view<64x256xf16, strides=[1,64]>
    %qb = make_partition_view %vb : partition_view<tile=(64x256), tensor_view<64x256xf16, strides=[1,64]>>
    %vd = make_tensor_view %d, shape = [64, 256], strides = [256, 1] : tensor_view<64x256xf32, strides=[256,1]>
    %qd = make_partition_view %vd : partition_view<tile=(64x256), tensor_view<64x256xf32, strides=[256,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x256), tensor_view<64x256xf16, strides=[1,64]>>, tile<i32> -> tile<64x256xf16>, token
    %acc = constant <f32: 0.25> : tile<64x256xf32>
    %r = mmaf %x, %y, %acc : tile<64x64xf16>, tile<64x256xf16>, tile<64x256xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<64x256xf32>, partition_view<tile=(64x256), tensor_view<64x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  // tf32 64x64 over 8 warps (two column blocks of 32) through a k loop of
  // 4 iterations of k = 32, the accumulator in tensor memory throughout (as
  // the corpus's t64x64x32 matmul: operands converted to tf32 in registers
  // and written into shared memory).
  entry @tf32_sixty_four_rows_loop(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f32>>
    %b16 = assume div_by<16>, %b : tile<ptr<f32>>
    %va = make_tensor_view %a16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf32, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %vd = make_tensor_view %d, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x32), tensor_view<64x128xf32, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32x64), tensor_view<128x64xf32, strides=[64,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %four = constant <i32: 4> : tile<i32>
    %init = constant <f32: 0.0> : tile<64x64xf32>
    %sum = for %k in (%zero to %four, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<64x64xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(64x32), tensor_view<64x128xf32, strides=[128,1]>>, tile<i32> -> tile<64x32xf32>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(32x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> tile<32x64xf32>, token
      %xt = ftof %x : tile<64x32xf32> -> tile<64x32xtf32>
      %yt = ftof %y : tile<32x64xf32> -> tile<32x64xtf32>
      %next = mmaf %xt, %yt, %acc : tile<64x32xtf32>, tile<32x64xtf32>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  // 128x512 over 8 warps through a k loop of 2 iterations of k = 32, kept
  // in tensor memory: 256 words a thread, which take two tcgen05.ld and .st
  // of 128 (the most one moves), 256 columns apart.
  entry @f16_wide_columns_loop(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 512], strides = [1, 64] : tensor_view<64x512xf16, strides=[1,64]>
    %vd = make_tensor_view %d, shape = [128, 512], strides = [512, 1] : tensor_view<128x512xf32, strides=[512,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x32), tensor_view<128x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32x512), tensor_view<64x512xf16, strides=[1,64]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x512), tensor_view<128x512xf32, strides=[512,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x512xf32>
    %sum = for %k in (%zero to %two, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x512xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x32xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(32x512), tensor_view<64x512xf16, strides=[1,64]>>, tile<i32> -> tile<32x512xf16>, token
      %next = mmaf %x, %y, %acc : tile<128x32xf16>, tile<32x512xf16>, tile<128x512xf32>
      continue %next : tile<128x512xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<128x512xf32>, partition_view<tile=(128x512), tensor_view<128x512xf32, strides=[512,1]>>, tile<i32> -> token
    return
  }
  // 256x256 = 256x128 x 128x256 through a k loop, rounded to f16 and
  // stored by TMA in two slabs of 128 columns (128 KiB, more than half the
  // shared memory): each slab's columns are read back from tensor memory
  // just before it is written, and the columns given back after the last.
  entry @f16_store_by_slab(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf16, strides=[256,1]>
    %vd = make_tensor_view %d16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x64), tensor_view<256x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x256), tensor_view<128x256xf16, strides=[256,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<256x256xf16, strides=[256,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %init = constant <f32: 0.0> : tile<256x256xf32>
    %sum = for %k in (%zero to %two, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(256x64), tensor_view<256x128xf16, strides=[128,1]>>, tile<i32> -> tile<256x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x256), tensor_view<128x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %x, %y, %acc : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
      continue %next : tile<256x256xf32>
    }
    %h = ftof %sum : tile<256x256xf32> -> tile<256x256xf16>
    %done = store_view_tko weak %h, %qd[%zero, %zero] token = %t0 : tile<256x256xf16>, partition_view<tile=(256x256), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> token
    return
  }
  // S = Q x K^T, P = S in f16, O = P x V + 1: P goes from the registers the
  // first product's tmem_load filled into shared memory for the second.
  entry @attention_like(%q: tile<ptr<f16>>, %k: tile<ptr<f16>>, %v: tile<ptr<f16>>, %o: tile<ptr<f32>>) {
    %t0 = make_token : token
    %q16 = assume div_by<16>, %q : tile<ptr<f16>>
    %k16 = assume div_by<16>, %k : tile<ptr<f16>>
    %v16 = assume div_by<16>, %v : tile<ptr<f16>>
    %vq = make_tensor_view %q16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vk = make_tensor_view %k16, shape = [64, 64], strides = [1, 64] : tensor_view<64x64xf16, strides=[1,64]>
    %vv = make_tensor_view %v16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %vo = make_tensor_view %o, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pq = make_partition_view %vq : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %pk = make_partition_view %vk : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[1,64]>>
    %pv = make_partition_view %vv : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %po = make_partition_view %vo : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %pq[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %kt, %tk = load_view_tko weak %pk[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[1,64]>>, tile<i32> -> tile<64x64xf16>, token
    %y, %ty = load_view_tko weak %pv[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %s0 = constant <f32: 0.0> : tile<128x64xf32>
    %s = mmaf %x, %kt, %s0 : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %p = ftof %s : tile<128x64xf32> -> tile<128x64xf16>
    %one = constant <f32: 1.0> : tile<128x64xf32>
    %r = mmaf %p, %y, %one : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %done = store_view_tko weak %r, %po[%zero, %zero] token = %t0 : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  // The same with 64 rows of Q: S's M = 64 fragments written into shared
  // memory as P for the second product: P goes from the registers the
  // first product's tmem_load filled into shared memory for the second.
  entry @attention_sixty_four_rows(%q: tile<ptr<f16>>, %k: tile<ptr<f16>>, %v: tile<ptr<f16>>, %o: tile<ptr<f32>>) {
    %t0 = make_token : token
    %q16 = assume div_by<16>, %q : tile<ptr<f16>>
    %k16 = assume div_by<16>, %k : tile<ptr<f16>>
    %v16 = assume div_by<16>, %v : tile<ptr<f16>>
    %vq = make_tensor_view %q16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %vk = make_tensor_view %k16, shape = [64, 64], strides = [1, 64] : tensor_view<64x64xf16, strides=[1,64]>
    %vv = make_tensor_view %v16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %vo = make_tensor_view %o, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pq = make_partition_view %vq : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %pk = make_partition_view %vk : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[1,64]>>
    %pv = make_partition_view %vv : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %po = make_partition_view %vo : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %pq[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %kt, %tk = load_view_tko weak %pk[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[1,64]>>, tile<i32> -> tile<64x64xf16>, token
    %y, %ty = load_view_tko weak %pv[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %s0 = constant <f32: 0.0> : tile<64x64xf32>
    %s = mmaf %x, %kt, %s0 : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %p = ftof %s : tile<64x64xf32> -> tile<64x64xf16>
    %one = constant <f32: 1.0> : tile<64x64xf32>
    %r = mmaf %p, %y, %one : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
    %done = store_view_tko weak %r, %po[%zero, %zero] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
