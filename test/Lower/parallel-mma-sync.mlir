// RUN: tile-lower %s --gpu-name=sm_80 --tile-form=parallel --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s

// mmaf on tensor cores in the parallel form: a 16x16 f32 result is two
// mma.sync.m16n8k16 fragments, one per warp of warps 0-1 (warp bit 0 walks
// n by 8; warps 2-3 replicate), four registers per thread. The operands go
// through shared memory with k contiguous, 32 values of k per chunk (two
// chunks for k = 64): f16 arrays for the owners' writes, and i16 views of
// the same bytes, from which one ldmatrix .x4 per k step reads a0..a3 and
// one .x2 reads b0, b1 (each lane names a matrix row; the host harness runs
// it, test/harness/parallel-mma-sync.mlir). The views are not known to be
// 16-byte aligned, so the operands are loaded into registers and written
// (an aligned view's tile is copied instead: @copied below). The arrays form
// two stages (chunk c in stage c mod 2, 2560 bytes apart), so the chunk
// loop has one barrier, between the writes and the reads, and the
// write-after-read barrier comes once, before the loop. Each k step of 16
// moves 8 words (16 halfwords) on. The accumulator (1.0) is the first C
// operand, D the next one's.
// CHECK-LABEL: gpu.func @mma_sync_f16(
// CHECK-SAME: workgroup(%[[SMEM:.+]] : memref<5120xi8, #gpu.address_space<workgroup>>)
// CHECK: %[[LHS:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<5120xi8, #gpu.address_space<workgroup>> to memref<1920xf16, #gpu.address_space<workgroup>>
// CHECK: %[[RHS:.+]] = memref.view %[[SMEM]][%c1280][] : memref<5120xi8, #gpu.address_space<workgroup>> to memref<1920xf16, #gpu.address_space<workgroup>>
// CHECK: %[[ONE:.+]] = vector.extract %{{.+}}[0] : f32 from vector<1xf32>
// CHECK: %[[LHSH:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<5120xi8, #gpu.address_space<workgroup>> to memref<1920xi16, #gpu.address_space<workgroup>>
// CHECK: %[[RHSH:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<5120xi8, #gpu.address_space<workgroup>> to memref<1920xi16, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier {tilechain.write_after_read}
// CHECK: %[[CHUNKS:.+]]:4 = scf.for %[[CHUNK:.+]] = %{{.+}} to %c2{{.*}} step %{{.+}} iter_args(%[[C0:.+]] = %[[ONE]], %[[C1:.+]] = %[[ONE]], %[[C2:.+]] = %[[ONE]], %[[C3:.+]] = %[[ONE]]) -> (f32, f32, f32, f32) {
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: %[[STAGE:.+]] = arith.andi %[[CHUNK]], %{{.+}} : index
// CHECK-NEXT: arith.constant 1280 : index
// CHECK-NEXT: arith.muli %[[STAGE]]
// CHECK-NOT: gpu.barrier
// CHECK-COUNT-8: memref.store %{{.+}}, %[[LHS]]
// CHECK-COUNT-8: memref.store %{{.+}}, %[[RHS]]
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: arith.constant 640 : index
// CHECK-NEXT: %[[LHSHALF:.+]] = arith.muli %[[STAGE]]
// CHECK-NEXT: %[[LHSWORD:.+]] = arith.addi %{{.+}}, %[[LHSHALF]] : index
// CHECK-NEXT: arith.constant 640 : index
// CHECK-NEXT: %[[RHSHALF:.+]] = arith.muli %[[STAGE]]
// CHECK-NEXT: %[[RHSWORD:.+]] = arith.addi %{{.+}}, %[[RHSHALF]] : index
// CHECK: %[[STEPS:.+]]:4 = scf.for %[[STEP:.+]] = %{{.+}} to %c2{{.*}} step %{{.+}} iter_args(%[[P0:.+]] = %[[C0]], %[[P1:.+]] = %[[C1]], %[[P2:.+]] = %[[C2]], %[[P3:.+]] = %[[C3]]) -> (f32, f32, f32, f32) {
// CHECK: %[[STEPWORD:.+]] = arith.muli %[[STEP]], %c8{{.*}} : index
// CHECK-NEXT: %[[AT:.+]] = arith.addi %[[LHSWORD]], %[[STEPWORD]] : index
// CHECK-NEXT: arith.constant 2 : index
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: arith.addi %[[AT]]
// CHECK-NEXT: %[[AH:.+]] = arith.muli
// CHECK-NEXT: %[[AM:.+]] = nvgpu.ldmatrix %[[LHSH]][%[[AH]]] {numTiles = 4 : i32, transpose = false} : memref<1920xi16, #gpu.address_space<workgroup>> -> vector<4x2xi16>
// CHECK-NEXT: vector.extract %[[AM]][0] : vector<2xi16> from vector<4x2xi16>
// CHECK-NEXT: vector.bitcast
// CHECK-NEXT: vector.extract
// CHECK-NEXT: %[[A0:.+]] = llvm.bitcast %{{.+}} : i32 to vector<2xf16>
// CHECK-NEXT: vector.extract %[[AM]][1] : vector<2xi16> from vector<4x2xi16>
// CHECK-NEXT: vector.bitcast
// CHECK-NEXT: vector.extract
// CHECK-NEXT: %[[A1:.+]] = llvm.bitcast %{{.+}} : i32 to vector<2xf16>
// CHECK-NEXT: vector.extract %[[AM]][2] : vector<2xi16> from vector<4x2xi16>
// CHECK-NEXT: vector.bitcast
// CHECK-NEXT: vector.extract
// CHECK-NEXT: %[[A2:.+]] = llvm.bitcast %{{.+}} : i32 to vector<2xf16>
// CHECK-NEXT: vector.extract %[[AM]][3] : vector<2xi16> from vector<4x2xi16>
// CHECK-NEXT: vector.bitcast
// CHECK-NEXT: vector.extract
// CHECK-NEXT: %[[A3:.+]] = llvm.bitcast %{{.+}} : i32 to vector<2xf16>
// CHECK-NEXT: arith.constant 8 : index
// CHECK-NEXT: %[[BSTEP:.+]] = arith.muli %[[STEP]]
// CHECK-NEXT: %[[BT:.+]] = arith.addi %[[RHSWORD]], %[[BSTEP]] : index
// CHECK-NEXT: arith.constant 2 : index
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: arith.addi %[[BT]]
// CHECK-NEXT: %[[BH:.+]] = arith.muli
// CHECK-NEXT: %[[BM:.+]] = nvgpu.ldmatrix %[[RHSH]][%[[BH]]] {numTiles = 2 : i32, transpose = false} : memref<1920xi16, #gpu.address_space<workgroup>> -> vector<2x2xi16>
// CHECK-NEXT: vector.extract %[[BM]][0] : vector<2xi16> from vector<2x2xi16>
// CHECK-NEXT: vector.bitcast
// CHECK-NEXT: vector.extract
// CHECK-NEXT: %[[B0:.+]] = llvm.bitcast %{{.+}} : i32 to vector<2xf16>
// CHECK-NEXT: vector.extract %[[BM]][1] : vector<2xi16> from vector<2x2xi16>
// CHECK-NEXT: vector.bitcast
// CHECK-NEXT: vector.extract
// CHECK-NEXT: %[[B1:.+]] = llvm.bitcast %{{.+}} : i32 to vector<2xf16>
// CHECK-NEXT: %[[D:.+]] = nvvm.mma.sync A[%[[A0]], %[[A1]], %[[A2]], %[[A3]]]  B[%[[B0]], %[[B1]]]  C[%[[P0]], %[[P1]], %[[P2]], %[[P3]]]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NEXT: %[[D0:.+]] = llvm.extractvalue %[[D]][0]
// CHECK-NEXT: %[[D1:.+]] = llvm.extractvalue %[[D]][1]
// CHECK-NEXT: %[[D2:.+]] = llvm.extractvalue %[[D]][2]
// CHECK-NEXT: %[[D3:.+]] = llvm.extractvalue %[[D]][3]
// CHECK-NEXT: scf.yield %[[D0]], %[[D1]], %[[D2]], %[[D3]] : f32, f32, f32, f32
// CHECK: scf.yield %[[STEPS]]#0, %[[STEPS]]#1, %[[STEPS]]#2, %[[STEPS]]#3 : f32, f32, f32, f32
// CHECK: vector.from_elements %[[CHUNKS]]#0, %[[CHUNKS]]#1, %[[CHUNKS]]#2, %[[CHUNKS]]#3 : vector<4xf32>
cuda_tile.module @kernels {
  entry @mma_sync_f16(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf16, strides=[16,1]>
    %vc = make_tensor_view %c, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x64), tensor_view<16x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(16x64), tensor_view<16x64xf16, strides=[64,1]>>, tile<i32> -> tile<16x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>, tile<i32> -> tile<64x16xf16>, token
    %acc = constant <f32: 1.0> : tile<16x16xf32>
    %r = mmaf %x, %y, %acc : tile<16x64xf16>, tile<64x16xf16>, tile<16x16xf32>
    %done = store_view_tko weak %r, %qc[%zero, %zero] token = %t0 : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}

// -----

// The same kernel with 16-byte aligned views: the loads emit nothing, and
// the mma copies their tiles into its arrays itself, 16 bytes per copy
// (tile_dist.async_copy, cp.async), a group per chunk. A runs along k: its
// array is k-contiguous as above (rows of 32 + 8 halfwords); B runs along
// n: its array is k-major (32 rows of k, of 16 + 8 halfwords), which the
// rhs ldmatrix reads transposed. Out-of-bounds bytes would be zeros: the
// copy reads 16 bytes where the run is inside the tensor, else none.
// Two chunks, two stages: chunk 0's copies are started before the loop
// (its tile_dist.ring_fill, after the write-after-read barrier at the
// ring's start);
// iteration c waits for its own, meets the barrier, and starts chunk c +
// 1's (where there is one) before its mma, closing a cp.async group either
// way, so that waiting for all groups but the newest waits for chunk c's.
// CHECK-LABEL: gpu.func @copied(
// CHECK-SAME: workgroup(%[[SMEM:.+]] : memref<5632xi8, #gpu.address_space<workgroup>>)
// CHECK-NOT: llvm.load
// CHECK: gpu.barrier {tilechain.write_after_read}
// CHECK: %[[LHS:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<5632xi8, #gpu.address_space<workgroup>> to memref<2048xf16, #gpu.address_space<workgroup>>
// CHECK: %[[RHS:.+]] = memref.view %[[SMEM]][%c1280][] : memref<5632xi8, #gpu.address_space<workgroup>> to memref<2176xf16, #gpu.address_space<workgroup>>
// CHECK: %[[BYTES:.+]] = arith.select %{{.+}}, %c16_i32, %{{.+}} : i32
// CHECK-NEXT: tile_dist.async_copy %{{.+}}, %[[LHS]][%{{.+}}], %[[BYTES]] : <1>, memref<2048xf16, #gpu.address_space<workgroup>>
// CHECK: tile_dist.async_copy %{{.+}}, %[[RHS]][%{{.+}}], %{{.+}} : <1>, memref<2176xf16, #gpu.address_space<workgroup>>
// CHECK: nvvm.cp.async.commit.group
// CHECK-NOT: gpu.barrier
// CHECK: %[[LHS2:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<5632xi8, #gpu.address_space<workgroup>> to memref<2048xf16, #gpu.address_space<workgroup>>
// CHECK: %[[RHS2:.+]] = memref.view %[[SMEM]][%c1280{{.*}}][] : memref<5632xi8, #gpu.address_space<workgroup>> to memref<2176xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: gpu.barrier
// CHECK: scf.for
// CHECK: nvvm.cp.async.wait.group 0
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK: scf.if
// CHECK: tile_dist.async_copy %{{.+}}, %[[LHS2]]
// CHECK: tile_dist.async_copy %{{.+}}, %[[RHS2]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK-NOT: gpu.barrier
// CHECK: nvgpu.ldmatrix %{{.+}} {numTiles = 4 : i32, transpose = false}
// CHECK: nvgpu.ldmatrix %{{.+}} {numTiles = 2 : i32, transpose = true}
// CHECK: nvvm.mma.sync
cuda_tile.module @kernels {
  entry @copied(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf16, strides=[16,1]>
    %vc = make_tensor_view %c, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x64), tensor_view<16x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(16x64), tensor_view<16x64xf16, strides=[64,1]>>, tile<i32> -> tile<16x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>, tile<i32> -> tile<64x16xf16>, token
    %acc = constant <f32: 1.0> : tile<16x16xf32>
    %r = mmaf %x, %y, %acc : tile<16x64xf16>, tile<64x16xf16>, tile<16x16xf32>
    %done = store_view_tko weak %r, %qc[%zero, %zero] token = %t0 : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}

// -----

// In a k loop whose body only loads and multiplies, the ring of stages runs
// through the loop: with no latency hint, the copies keep up to 64 KiB in
// flight, here the most stages, 8 of 2816 bytes, so 7 chunks ahead. Chunks
// 0-6 (chunk g mod 2 of iteration g / 2, where that iteration runs:
// lower + (g / 2) * step < upper in 64 bits) are copied before the loop,
// by the ring's ring_fill ops in a loop over g, a cp.async group each;
// chunk c of iteration k is chunk 2k + c of the run,
// in stage (2k + c) mod 8, waits for all groups but the 6 newer ones, and
// starts chunk c + 7 counted on from there: chunk (c + 7) mod 2 of
// iteration k + (c + 7) / 2, with that iteration's tile origins. So no
// iteration but the first waits for its chunks, and the arrays are in use
// from before the loop on.
// CHECK-LABEL: gpu.func @pipelined(
// CHECK-SAME: workgroup(%{{.+}} : memref<22528xi8, #gpu.address_space<workgroup>>)
// CHECK: gpu.barrier {tilechain.write_after_read}
// CHECK: scf.for %[[G:.+]] = %{{.+}} to %c7{{.*}} step %{{.+}} : i32 {
// CHECK: %[[D:.+]] = arith.divui %[[G]], %{{.+}} : i32
// CHECK: %[[RUNS:.+]] = arith.cmpi slt, %{{.+}}, %{{.+}} : i64
// CHECK: scf.if %[[RUNS]] {
// CHECK: tile_dist.async_copy
// CHECK: tile_dist.async_copy
// CHECK: nvvm.cp.async.commit.group
// CHECK-NOT: tile_dist.async_copy
// CHECK: }
// CHECK: scf.for %[[K:.+]] = %[[LOWER:.+]] to %[[UPPER:.+]] step %[[STEP:.+]]  : i32 {
// CHECK-NOT: gpu.barrier
// CHECK: %[[ITERATION:.+]] = arith.divui
// CHECK: %[[FIRST:.+]] = arith.muli %{{.+}}, %c2{{.*}} : index
// CHECK: scf.for %[[C:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT: %[[NTH:.+]] = arith.addi %[[FIRST]], %[[C]] : index
// CHECK: arith.andi %[[NTH]], %c7{{.*}} : index
// CHECK-NEXT: nvvm.cp.async.wait.group 6
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK: %[[TARGET:.+]] = arith.addi %[[C]], %c7{{.*}} : index
// CHECK: %[[LATER:.+]] = arith.divui %[[TARGET]], %c2{{.*}} : index
// CHECK: %[[THIS:.+]] = arith.cmpi eq, %[[LATER]], %c0{{.*}} : index
// CHECK-NEXT: scf.if %[[THIS]] {
// CHECK: } else {
// CHECK: %[[MORE:.+]] = arith.cmpi slt, %{{.+}}, %{{.+}} : i64
// CHECK-NEXT: scf.if %[[MORE]] {
// CHECK: arith.addi %[[K]], %{{.+}} : i32
// CHECK: tile_dist.async_copy
// CHECK: tile_dist.async_copy
// CHECK: nvvm.cp.async.commit.group
// CHECK-NOT: gpu.barrier
// CHECK: nvvm.mma.sync
cuda_tile.module @kernels {
  entry @pipelined(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
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
}

// -----

// A loop that carries an mma's result carries it in the fragment layout:
// four f32 registers per thread (the default layout would hold two), read
// at the start of each iteration and written back at its end, with no
// exchange through shared memory. bf16 fragment registers are i32s.
// CHECK-LABEL: gpu.func @carried_bf16(
// CHECK: %[[CARRIED:.+]] = memref.alloca() : memref<4xf32>
// CHECK: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}} : i32 {
// CHECK-COUNT-4: memref.load %[[CARRIED]]
// CHECK: nvvm.mma.sync A[{{.+}}]  B[{{.+}}]  C[{{.+}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-NOT: gpu.barrier
// CHECK-COUNT-4: memref.store %{{.+}}, %[[CARRIED]]
// CHECK-NOT: gpu.barrier
// CHECK: }
cuda_tile.module @m {
  entry @carried_bf16(%a: tile<ptr<bf16>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xbf16, strides=[16,1]>
    %vc = make_tensor_view %c, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x16), tensor_view<16x16xbf16, strides=[16,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %four = constant <i32: 4> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(16x16), tensor_view<16x16xbf16, strides=[16,1]>>, tile<i32> -> tile<16x16xbf16>, token
    %init = constant <f32: 0.0> : tile<16x16xf32>
    %sum = for %i in (%zero to %four, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<16x16xf32>) {
      %next = mmaf %x, %x, %acc : tile<16x16xbf16>, tile<16x16xbf16>, tile<16x16xf32>
      continue %next : tile<16x16xf32>
    }
    %done = store_view_tko weak %sum, %qc[%zero, %zero] token = %t0 : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}

// -----

// An f16 accumulator is widened to f32 for the C operand and the result
// rounded to f16 once, after the last instruction. A 32x8 result over four
// warps: one fragment each for warps 0-1 (warp bit 0 walks m by 16).
// CHECK-LABEL: gpu.func @f16_accumulator(
// CHECK: %[[C:.+]] = arith.extf %{{.+}} : f16 to f32
// CHECK: %[[SUMS:.+]]:4 = scf.for {{.+}} iter_args(%{{.+}} = %[[C]],
// CHECK: nvvm.mma.sync
// CHECK-SAME: (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: arith.truncf %[[SUMS]]#0 : f32 to f16
// CHECK-NEXT: arith.truncf %[[SUMS]]#1 : f32 to f16
// CHECK-NEXT: arith.truncf %[[SUMS]]#2 : f32 to f16
// CHECK-NEXT: arith.truncf %[[SUMS]]#3 : f32 to f16
cuda_tile.module @m {
  entry @f16_accumulator() {
    %a = constant <f16: 1.0> : tile<32x16xf16>
    %b = constant <f16: 2.0> : tile<16x8xf16>
    %c = constant <f16: 3.0> : tile<32x8xf16>
    %r = mmaf %a, %b, %c : tile<32x16xf16>, tile<16x8xf16>, tile<32x8xf16>
    return
  }
}
