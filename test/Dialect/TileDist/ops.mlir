// RUN: tile-sched %s --tilechain-plan-shared-memory | FileCheck %s
// RUN: tile-sched %s --tilechain-plan-shared-memory | tile-sched --tilechain-plan-shared-memory | FileCheck %s
// RUN: tile-sched %s --tilechain-plan-shared-memory --emit-bytecode | tile-sched --tilechain-plan-shared-memory | FileCheck %s

// tile_dist.convert_layout prints as it parses, in text and in bytecode
// (the shared-memory plan, with no buffers to place, leaves the ops alone).
// A source dim of size 1 is a broadcast along it.
// CHECK-LABEL: gpu.func @convert(
// CHECK: tile_dist.convert_layout %arg0 from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> : vector<1xf32> -> vector<1xf32>
// CHECK: tile_dist.convert_layout %arg1 from <[1, 32], register = [], lane = [1, 2, 4, 8, 16], warp = [0, 0]> to <[4, 32], register = [32, 64], lane = [1, 2, 4, 8, 16], warp = [0, 0]> : vector<1xi8> -> vector<4xi8>
gpu.module @kernels {
  gpu.func @convert(%arg0: vector<1xf32>, %arg1: vector<1xi8>) {
    %0 = tile_dist.convert_layout %arg0 from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> : vector<1xf32> -> vector<1xf32>
    %1 = tile_dist.convert_layout %arg1 from <[1, 32], register = [], lane = [1, 2, 4, 8, 16], warp = [0, 0]> to <[4, 32], register = [32, 64], lane = [1, 2, 4, 8, 16], warp = [0, 0]> : vector<1xi8> -> vector<4xi8>
    gpu.return
  }
}

// tile_dist.async_copy: a pointer into global memory, a shared memref and
// the element the 16 bytes start at, and the bytes read of them.
// CHECK-LABEL: gpu.func @copy(
// CHECK: tile_dist.async_copy %arg0, %arg1[%arg2], %arg3 : <1>, memref<64xf16, #gpu.address_space<workgroup>>
gpu.module @copies {
  gpu.func @copy(%arg0: !llvm.ptr<1>, %arg1: memref<64xf16, #gpu.address_space<workgroup>>, %arg2: index, %arg3: i32) {
    tile_dist.async_copy %arg0, %arg1[%arg2], %arg3 : !llvm.ptr<1>, memref<64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// tile_dist.tensor_copy and the mbarrier ops: the tensor map, the tensor
// (base, extents, strides), the box's coordinates, where it lands and the
// mbarrier it completes on; box and swizzle as attributes.
// CHECK-LABEL: gpu.func @tma(
// CHECK: tile_dist.mbarrier_init %arg6[%arg5], %arg7 : memref<2xi64, #gpu.address_space<workgroup>>
// CHECK: tile_dist.mbarrier_expect_tx %arg6[%arg5], %arg7 : memref<2xi64, #gpu.address_space<workgroup>>
// CHECK: tile_dist.tensor_copy %arg0, %arg1, [%arg2, %arg3], [%arg3] at [%arg4, %arg4] into %arg8[%arg5], %arg6[%arg5] {box = array<i64: 64, 128>, swizzle = 128 : i64} : !llvm.ptr, <1>, memref<16384xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
// CHECK: tile_dist.mbarrier_wait %arg6[%arg5], %arg7 : memref<2xi64, #gpu.address_space<workgroup>>
// CHECK: tile_dist.mbarrier_arrive %arg6[%arg5] : memref<2xi64, #gpu.address_space<workgroup>>
// CHECK: tile_dist.mbarrier_inval %arg6[%arg5] : memref<2xi64, #gpu.address_space<workgroup>>
gpu.module @tensor_copies {
  gpu.func @tma(%arg0: !llvm.ptr, %arg1: !llvm.ptr<1>, %arg2: index, %arg3: index, %arg4: i32, %arg5: index, %arg6: memref<2xi64, #gpu.address_space<workgroup>>, %arg7: i32, %arg8: memref<16384xf16, #gpu.address_space<workgroup>>) {
    tile_dist.mbarrier_init %arg6[%arg5], %arg7 : memref<2xi64, #gpu.address_space<workgroup>>
    tile_dist.mbarrier_expect_tx %arg6[%arg5], %arg7 : memref<2xi64, #gpu.address_space<workgroup>>
    tile_dist.tensor_copy %arg0, %arg1, [%arg2, %arg3], [%arg3] at [%arg4, %arg4] into %arg8[%arg5], %arg6[%arg5] {box = array<i64: 64, 128>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<16384xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
    tile_dist.mbarrier_wait %arg6[%arg5], %arg7 : memref<2xi64, #gpu.address_space<workgroup>>
    tile_dist.mbarrier_arrive %arg6[%arg5] : memref<2xi64, #gpu.address_space<workgroup>>
    tile_dist.mbarrier_inval %arg6[%arg5] : memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// tile_dist.tensor_store: the tensor map, the tensor, the box's
// coordinates and where it comes from; box and swizzle as attributes.
// CHECK-LABEL: gpu.func @tma_store(
// CHECK: tile_dist.tensor_store %arg0, %arg1, [%arg2, %arg3], [%arg3] at [%arg4, %arg4] from %arg6[%arg5] {box = array<i64: 32, 64>, swizzle = 128 : i64} : !llvm.ptr, <1>, memref<8192xf32, #gpu.address_space<workgroup>>
gpu.module @tensor_stores {
  gpu.func @tma_store(%arg0: !llvm.ptr, %arg1: !llvm.ptr<1>, %arg2: index, %arg3: index, %arg4: i32, %arg5: index, %arg6: memref<8192xf32, #gpu.address_space<workgroup>>) {
    tile_dist.tensor_store %arg0, %arg1, [%arg2, %arg3], [%arg3] at [%arg4, %arg4] from %arg6[%arg5] {box = array<i64: 32, 64>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// tile_dist.store_matrix: the lane's row start and its words, one per
// matrix.
// CHECK-LABEL: gpu.func @store_matrix(
// CHECK: tile_dist.store_matrix %arg2[%arg1], %arg0, %arg0, %arg0, %arg0 : memref<4096xf16, #gpu.address_space<workgroup>>
// CHECK: tile_dist.store_matrix %arg3[%arg1], %arg0 : memref<4096xbf16, #gpu.address_space<workgroup>>
gpu.module @matrix_stores {
  gpu.func @store_matrix(%arg0: i32, %arg1: index, %arg2: memref<4096xf16, #gpu.address_space<workgroup>>, %arg3: memref<4096xbf16, #gpu.address_space<workgroup>>) {
    tile_dist.store_matrix %arg2[%arg1], %arg0, %arg0, %arg0, %arg0 : memref<4096xf16, #gpu.address_space<workgroup>>
    tile_dist.store_matrix %arg3[%arg1], %arg0 : memref<4096xbf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// tile_dist.warpgroup_mma: both operands' shared memory and byte offsets,
// the accumulator, the element types and the shared_matrix layouts.
// CHECK-LABEL: gpu.func @wgmma(
// CHECK: tile_dist.warpgroup_mma shared %arg0[%arg1] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg0[%arg2] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg3 : vector<64xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<mn_major, swizzle = 128, lbo = 8192, sbo = 1024>, rhsType = f16}
// CHECK: tile_dist.warpgroup_mma shared %arg0[%arg1] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg0[%arg2] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg4 : vector<4xi32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = si8, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = ui8}
gpu.module @wgmmas {
  gpu.func @wgmma(%arg0: memref<32768xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: index, %arg3: vector<64xf32>, %arg4: vector<4xi32>) {
    %0 = tile_dist.warpgroup_mma shared %arg0[%arg1] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg0[%arg2] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg3 : vector<64xf32> {lhsType = f16, rhsType = f16, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<mn_major, swizzle = 128, lbo = 8192, sbo = 1024>}
    %1 = tile_dist.warpgroup_mma shared %arg0[%arg1] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg0[%arg2] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg4 : vector<4xi32> {lhsType = si8, rhsType = ui8, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>}
    gpu.return
  }
}

// An lhs in registers: the thread's four words of A.
// CHECK-LABEL: gpu.func @wgmma_fragment(
// CHECK: tile_dist.warpgroup_mma registers %arg1 : vector<4xi32>, %arg0[%arg2] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg3 : vector<32xf32> {lhsType = bf16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 64, lbo = 16, sbo = 512>, rhsType = bf16}
gpu.module @fragments {
  gpu.func @wgmma_fragment(%arg0: memref<32768xi8, #gpu.address_space<workgroup>>, %arg1: vector<4xi32>, %arg2: index, %arg3: vector<32xf32>) {
    %0 = tile_dist.warpgroup_mma registers %arg1 : vector<4xi32>, %arg0[%arg2] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg3 : vector<32xf32> {lhsType = bf16, rhsType = bf16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 64, lbo = 16, sbo = 512>}
    gpu.return
  }
}

// tile_dist.warpgroup_wait: all groups but `pending`, handing on the
// registers they write; with none, only the wait.
// CHECK-LABEL: gpu.func @wgmma_wait(
// CHECK: %[[F:.+]]:2 = tile_dist.warpgroup_wait 1, %arg0, %arg1 : f32, f32
// CHECK: tile_dist.warpgroup_wait 0, %[[F]]#1, %arg2 : f32, i32
// CHECK: tile_dist.warpgroup_wait 0{{$}}
gpu.module @waits {
  gpu.func @wgmma_wait(%arg0: f32, %arg1: f32, %arg2: i32) {
    %0:2 = tile_dist.warpgroup_wait 1, %arg0, %arg1 : f32, f32
    %1:2 = tile_dist.warpgroup_wait 0, %0#1, %arg2 : f32, i32
    tile_dist.warpgroup_wait 0
    gpu.return
  }
}

// The tcgen05 ops: tensor memory allocated into a slot and given back, a
// warp's 16x256b fragments read and written, one thread's product of two
// shared-memory matrices into tensor memory (M = 128 and M = 64), a warp's
// 32x32b store of block scales and a block-scaled product, and a commit to
// an mbarrier.
// CHECK-LABEL: gpu.func @tcgen05(
// CHECK: tile_dist.tmem_alloc %arg0[%arg1] {columns = 256 : i64} : memref<4xi32, #gpu.address_space<workgroup>>
// CHECK: tile_dist.tmem_store %arg2, %arg3 : vector<64xi32>
// CHECK: tile_dist.tensor_mma %arg2, %arg4[%arg1] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg4[%arg5] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg6 {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, lhsType = f16, m = 128 : i64, n = 256 : i64, rhsMatrix = #tile_dist.shared_matrix<mn_major, swizzle = 128, lbo = 8192, sbo = 1024>, rhsType = f16}
// CHECK: tile_dist.tensor_mma %arg2, {{.*}} m = 64 : i64, n = 24 : i64
// CHECK: tile_dist.tmem_store_lanes %arg2, %arg8 : vector<4xi32>
// CHECK: tile_dist.tensor_mma %arg2, {{.*}}, %arg6 scales(%arg9, %arg10) {{{.*}}lhsType = f8E4M3FN, m = 128 : i64, n = 128 : i64{{.*}}rhsType = f8E5M2}
// CHECK: tile_dist.tensor_mma_commit %arg7[%arg1] : memref<2xi64, #gpu.address_space<workgroup>>
// CHECK: %{{.+}} = tile_dist.tmem_load %arg2 : vector<64xi32>
// CHECK: tile_dist.tmem_dealloc %arg2 {columns = 256 : i64}
gpu.module @tcgen05s {
  gpu.func @tcgen05(%arg0: memref<4xi32, #gpu.address_space<workgroup>>, %arg1: index, %arg2: i32, %arg3: vector<64xi32>, %arg4: memref<32768xi8, #gpu.address_space<workgroup>>, %arg5: index, %arg6: i1, %arg7: memref<2xi64, #gpu.address_space<workgroup>>, %arg8: vector<4xi32>, %arg9: i32, %arg10: i32) {
    tile_dist.tmem_alloc %arg0[%arg1] {columns = 256 : i64} : memref<4xi32, #gpu.address_space<workgroup>>
    tile_dist.tmem_store %arg2, %arg3 : vector<64xi32>
    tile_dist.tensor_mma %arg2, %arg4[%arg1] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg4[%arg5] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg6 {lhsType = f16, rhsType = f16, m = 128 : i64, n = 256 : i64, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<mn_major, swizzle = 128, lbo = 8192, sbo = 1024>}
    tile_dist.tensor_mma %arg2, %arg4[%arg1] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg4[%arg5] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg6 {lhsType = f16, rhsType = f16, m = 64 : i64, n = 24 : i64, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    tile_dist.tmem_store_lanes %arg2, %arg8 : vector<4xi32>
    tile_dist.tensor_mma %arg2, %arg4[%arg1] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg4[%arg5] : memref<32768xi8, #gpu.address_space<workgroup>>, %arg6 scales(%arg9, %arg10) {lhsType = f8E4M3FN, rhsType = f8E5M2, m = 128 : i64, n = 128 : i64, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 64, lbo = 16, sbo = 512>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 64, lbo = 16, sbo = 512>}
    tile_dist.tensor_mma_commit %arg7[%arg1] : memref<2xi64, #gpu.address_space<workgroup>>
    %0 = tile_dist.tmem_load %arg2 : vector<64xi32>
    tile_dist.tmem_dealloc %arg2 {columns = 256 : i64}
    gpu.return
  }
}

// The ring of an mma's stages and an operand passed through it: the type's
// stages, bytes a stage, alignment and mbarriers print as they parse.
// CHECK-LABEL: gpu.func @ring(
// CHECK: %[[RING:.*]] = tile_dist.ring_alloc : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>
// A fill of one chunk into a stage, at an iteration of the ring's loop,
// where a predicate holds: scalars as plain integers or 0-d cuda_tile
// tiles.
// CHECK: tile_dist.ring_fill %[[RING]][%arg1] chunk %arg2 at %arg3 if %arg4 : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>, i32, i32, i64, i1
// A fill within the run of the ring's mma names no iteration.
// CHECK-NEXT: tile_dist.ring_fill %[[RING]][%arg1] chunk %arg1 : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>, i32, i32{{$}}
// CHECK: tile_dist.in_ring %[[RING]], %arg0 : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>, vector<4xf16>
// CHECK: tile_dist.ring_dealloc %[[RING]] : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>
// CHECK: tile_dist.ring_alloc : !tile_dist.ring<stages = 1, stage_bytes = 16, align = 16, mbarriers = false>
// CHECK-LABEL: cuda_tile.module @tile_rings
// CHECK: tile_dist.ring_fill %{{.*}}[%{{.*}}] chunk %{{.*}} at %{{.*}} if %{{.*}} : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i1>
gpu.module @rings {
  gpu.func @ring(%arg0: vector<4xf16>, %arg1: i32, %arg2: i32, %arg3: i64, %arg4: i1) {
    %ring = tile_dist.ring_alloc : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>
    tile_dist.ring_fill %ring[%arg1] chunk %arg2 at %arg3 if %arg4 : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>, i32, i32, i64, i1
    tile_dist.ring_fill %ring[%arg1] chunk %arg1 : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>, i32, i32
    %0 = tile_dist.in_ring %ring, %arg0 : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>, vector<4xf16>
    tile_dist.ring_dealloc %ring : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>
    %one = tile_dist.ring_alloc : !tile_dist.ring<stages = 1, stage_bytes = 16, align = 16, mbarriers = false>
    gpu.return
  }
}
cuda_tile.module @tile_rings {
  entry @fill() {
    %ring = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    %one = constant <i32: 1> : tile<i32>
    %yes = constant <i1: true> : tile<i1>
    tile_dist.ring_fill %ring[%one] chunk %one at %one if %yes : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i1>
    tile_dist.ring_dealloc %ring : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    return
  }
}

// The rank of the running CTA in its cluster, in an entry whose tile blocks
// are clusters.
// CHECK-LABEL: entry @cluster_rank(
// CHECK: tile_dist.cluster_cta_rank : !cuda_tile.tile<i32>
// CHECK: tile_dist.cluster_ctas = 4 : i32
cuda_tile.module @clusters {
  entry @cluster_rank() {
    %rank = tile_dist.cluster_cta_rank : !cuda_tile.tile<i32>
    return
  } {tile_dist.cluster_ctas = 4 : i32}
}

// The schedule of an mma's chunks: what each chunk does with the ring, in
// order.
// CHECK-LABEL: gpu.func @chunk_schedule(
// CHECK: tile_dist.chunk_schedule %[[RING:.*]] : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true> {
// CHECK-NEXT: tile_dist.ring_wait %[[RING]] newer 1 : !tile_dist.ring<
// CHECK-NEXT: tile_dist.ring_publish %[[RING]] async_proxy : !tile_dist.ring<
// CHECK-NEXT: tile_dist.ring_fill_ahead %[[RING]] by 2 : !tile_dist.ring<
// CHECK-NEXT: tile_dist.mma_chunk %[[RING]] : !tile_dist.ring<
// CHECK-NEXT: }
// A ring of one stage that the threads write: each chunk waits for the
// previous one's reads, writes its own stage and publishes it.
// CHECK: tile_dist.chunk_schedule %[[ONE:.*]] : !tile_dist.ring<stages = 1, stage_bytes = 16, align = 16, mbarriers = false> {
// CHECK-NEXT: tile_dist.ring_release %[[ONE]] :
// CHECK-NEXT: tile_dist.ring_fill_ahead %[[ONE]] by 0 :
// CHECK-NEXT: tile_dist.ring_publish %[[ONE]] : !tile_dist.ring<
// CHECK-NEXT: tile_dist.mma_chunk %[[ONE]] :
gpu.module @schedules {
  gpu.func @chunk_schedule() {
    %ring = tile_dist.ring_alloc : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>
    tile_dist.chunk_schedule %ring : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true> {
      tile_dist.ring_wait %ring newer 1 : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>
      tile_dist.ring_publish %ring async_proxy : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>
      tile_dist.ring_fill_ahead %ring by 2 : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>
      tile_dist.mma_chunk %ring : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true>
    }
    %one = tile_dist.ring_alloc : !tile_dist.ring<stages = 1, stage_bytes = 16, align = 16, mbarriers = false>
    tile_dist.chunk_schedule %one : !tile_dist.ring<stages = 1, stage_bytes = 16, align = 16, mbarriers = false> {
      tile_dist.ring_release %one : !tile_dist.ring<stages = 1, stage_bytes = 16, align = 16, mbarriers = false>
      tile_dist.ring_fill_ahead %one by 0 : !tile_dist.ring<stages = 1, stage_bytes = 16, align = 16, mbarriers = false>
      tile_dist.ring_publish %one : !tile_dist.ring<stages = 1, stage_bytes = 16, align = 16, mbarriers = false>
      tile_dist.mma_chunk %one : !tile_dist.ring<stages = 1, stage_bytes = 16, align = 16, mbarriers = false>
    }
    gpu.return
  }
}

// A ring a producer warpgroup fills: its type says so, the producer leaves
// right after the ring starts, and each chunk hands the stage of the chunk
// whose wgmma group has retired back to it.
// CHECK-LABEL: gpu.func @producer_ring(
// CHECK: %[[P:.*]] = tile_dist.ring_alloc : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true, producer = true>
// CHECK-NEXT: tile_dist.ring_producer %[[P]] : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true, producer = true>
// CHECK: tile_dist.chunk_schedule %[[P]] : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true, producer = true> {
// CHECK-NEXT: tile_dist.ring_wait %[[P]] newer 0 :
// CHECK-NEXT: tile_dist.mma_chunk %[[P]] :
// CHECK-NEXT: tile_dist.ring_free %[[P]] behind 1 : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true, producer = true>
// CHECK-NEXT: }
gpu.module @producers {
  gpu.func @producer_ring() {
    %ring = tile_dist.ring_alloc : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true, producer = true>
    tile_dist.ring_producer %ring : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true, producer = true>
    tile_dist.chunk_schedule %ring : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true, producer = true> {
      tile_dist.ring_wait %ring newer 0 : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true, producer = true>
      tile_dist.mma_chunk %ring : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true, producer = true>
      tile_dist.ring_free %ring behind 1 : !tile_dist.ring<stages = 4, stage_bytes = 32768, align = 1024, mbarriers = true, producer = true>
    }
    gpu.return
  }
}
