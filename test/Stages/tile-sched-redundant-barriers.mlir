// tile-sched removes a barrier across which no access of one thread before
// it conflicts with an access of another thread after it: the same bytes
// of workgroup memory (or any global memory) with a write among them
// (tilechain-drop-redundant-barriers). Two accesses by thread 0 alone are
// in program order.
// RUN: tile-sched %s --split-input-file --tilechain-drop-redundant-barriers | FileCheck %s

// Two TMA rings set up in a row, each by thread 0 (tid == 0) and closed by a
// barrier: the first ring's barrier goes, the second's stays (the threads
// wait on the rings' mbarriers after it).
// CHECK-LABEL: gpu.func @two_ring_setups
// CHECK: tile_dist.mbarrier_init
// CHECK-NOT: gpu.barrier
// CHECK: tile_dist.mbarrier_init
// CHECK: gpu.barrier
// CHECK-NEXT: tile_dist.mbarrier_wait
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @two_ring_setups(%x: i32) workgroup(%bars: memref<4xi64, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<4xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c2], %one : memref<4xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    tile_dist.mbarrier_wait %bars[%c0], %x : memref<4xi64, #gpu.address_space<workgroup>>
    tile_dist.mbarrier_wait %bars[%c2], %x : memref<4xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Thread 0 as lane 0 of warp 0 (tid & 31 == 0 and tid >> 5 == 0, as the
// lowerings write it), the stretch after the barrier running into a loop
// body up to its first barrier and past the loop: the barrier goes. The
// loop's own barrier stays: every thread's store of one iteration and
// those of the next touch the same buffer.
// CHECK-LABEL: gpu.func @lane_and_warp_zero
// CHECK: nvvm.fence.mbarrier.init
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @lane_and_warp_zero(%y: f32, %n: index) workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>, %s: memref<64xf32, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c31 = arith.constant 31 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %lane = arith.andi %t, %c31 : index
    %warp = arith.shrui %t, %c5 : index
    %lane0 = arith.cmpi eq, %lane, %c0 : index
    %warp0 = arith.cmpi eq, %warp, %c0 : index
    %first = arith.andi %lane0, %warp0 : i1
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    scf.for %i = %c0 to %n step %c1 {
      gpu.barrier
      memref.store %y, %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// Bytes: every thread stores into bytes [0, 256) of one buffer, then loads
// either the same bytes (the barrier stays) or bytes [256, 512), a view at
// another constant shift (it goes). A view at a shift that is not a
// constant spans the whole buffer (it stays).
// CHECK-LABEL: gpu.func @same_bytes
// CHECK: memref.store
// CHECK-NEXT: gpu.barrier
// CHECK-LABEL: gpu.func @other_bytes
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @unknown_shift
// CHECK: memref.store
// CHECK-NEXT: gpu.barrier
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @same_bytes(%y: f32) workgroup(%smem: memref<512xi8, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %t = gpu.thread_id x
    %a = memref.view %smem[%c0][] : memref<512xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %y, %a[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %v = memref.load %a[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %v, %a[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @other_bytes(%y: f32) workgroup(%smem: memref<512xi8, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %t = gpu.thread_id x
    %a = memref.view %smem[%c0][] : memref<512xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
    %b = memref.view %smem[%c256][] : memref<512xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %y, %a[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %v = memref.load %b[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @unknown_shift(%y: f32, %at: index) workgroup(%smem: memref<512xi8, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
    %c0 = arith.constant 0 : index
    %t = gpu.thread_id x
    %a = memref.view %smem[%c0][] : memref<512xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
    %b = memref.view %smem[%at][] : memref<512xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
    memref.store %y, %a[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %v = memref.load %b[%c0] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A wgmma reads its operands until the warpgroup's wait, which retires the
// loop's products: a barrier after the wait and before a store into an
// operand's bytes stays, even where another barrier (kept for an exchange
// through other bytes) separates the products' issue from the wait; one
// before a store elsewhere goes, though a proxy fence follows the store
// (it orders what comes before it, not the products).
// CHECK-LABEL: gpu.func @store_over_operand
// CHECK: memref.store
// CHECK-NEXT: gpu.barrier
// CHECK: tile_dist.warpgroup_wait 0
// CHECK-NEXT: gpu.barrier
// CHECK-LABEL: gpu.func @store_elsewhere
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90a">] {
  gpu.func @store_over_operand(%y: i8, %n: index) workgroup(%smem: memref<8192xi8, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4096 = arith.constant 4096 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %t = gpu.thread_id x
    %ops = memref.view %smem[%c0][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<4096xi8, #gpu.address_space<workgroup>>
    %d = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      nvvm.wgmma.fence.aligned
      %p = tile_dist.warpgroup_mma shared %ops[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %ops[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %acc : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
      nvvm.wgmma.commit.group.sync.aligned
      scf.yield %p : vector<16xf32>
    }
    %other = memref.view %smem[%c4096][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<4096xi8, #gpu.address_space<workgroup>>
    memref.store %y, %other[%t] : memref<4096xi8, #gpu.address_space<workgroup>>
    gpu.barrier
    %z = memref.load %other[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>
    %e = vector.extract %d[0] : f32 from vector<16xf32>
    %r = tile_dist.warpgroup_wait 0, %e : f32
    gpu.barrier
    memref.store %z, %ops[%t] : memref<4096xi8, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @store_elsewhere(%y: i8, %n: index) workgroup(%smem: memref<8192xi8, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4096 = arith.constant 4096 : index
    %zero = arith.constant dense<0.0> : vector<16xf32>
    %t = gpu.thread_id x
    %ops = memref.view %smem[%c0][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<4096xi8, #gpu.address_space<workgroup>>
    %staging = memref.view %smem[%c4096][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<4096xi8, #gpu.address_space<workgroup>>
    %d = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (vector<16xf32>) {
      nvvm.wgmma.fence.aligned
      %p = tile_dist.warpgroup_mma shared %ops[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %ops[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %acc : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
      nvvm.wgmma.commit.group.sync.aligned
      scf.yield %p : vector<16xf32>
    }
    %e = vector.extract %d[0] : f32 from vector<16xf32>
    %r = tile_dist.warpgroup_wait 0, %e : f32
    gpu.barrier
    memref.store %y, %staging[%t] : memref<4096xi8, #gpu.address_space<workgroup>>
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.return
  }
}

// -----

// A proxy fence by every thread before a barrier orders their earlier
// writes before an async-proxy access after it: the barrier stays before
// thread 0's TMA copy, and goes before thread 0's mbarrier_init (a generic
// write). Global memory is not analysed: a store before and a load after
// keep theirs. A barrier whose stretches reach the end of a loop body with
// only thread 0's work on it goes, as does the one after the loop. In a
// block of (32, 4, 1) threads, tid.x == 0 is four threads, and the barrier
// between their work stays.
// CHECK-LABEL: gpu.func @fenced_before_copy
// CHECK: nvvm.fence.proxy
// CHECK-NEXT: gpu.barrier
// CHECK-LABEL: gpu.func @fenced_before_init
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @global_memory
// CHECK: llvm.store
// CHECK-NEXT: gpu.barrier
// CHECK-LABEL: gpu.func @end_of_loop_body
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @two_dimensional_block
// CHECK: gpu.barrier
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @fenced_before_copy(%map: !llvm.ptr, %src: !llvm.ptr<1>, %x: i32, %i: index) workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>, %tile: memref<8192xf16, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %first {
      tile_dist.tensor_copy %map, %src, [%i, %i], [%i] at [%x, %x] into %tile[%c0], %bars[%c0] {box = array<i64: 64, 128>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
  gpu.func @fenced_before_init(%y: f32) workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
  gpu.func @global_memory(%p: !llvm.ptr<1>, %q: !llvm.ptr<1>, %y: f32) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    llvm.store %y, %p : f32, !llvm.ptr<1>
    gpu.barrier
    %v = llvm.load %q : !llvm.ptr<1> -> f32
    gpu.return
  }
  gpu.func @end_of_loop_body(%n: index) workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.for %i = %c0 to %n step %c1 {
      gpu.barrier
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
      }
    }
    gpu.barrier
    gpu.return
  }
  gpu.func @two_dimensional_block() workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 32, 4, 1>} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// Tensor memory, as the sm_100 lowerings use it for each product. Between
// one product's deallocation and the next one's allocation, both by warp 0
// (tid >> 5 == 0), which runs them together in program order, the barrier
// goes; thread 0's mbarrier inval and init are in its program order too.
// The barrier between the allocation and every thread's read of the
// address it wrote stays. So do the barrier between every warp's load and
// warp 0's deallocation, and the one between thread 0's product, whose
// tensor memory write the mbarrier wait before it completes, and the loads
// after it (a barrier over global memory between the product and the
// wait): without the product's write among the wait's completions that
// barrier would go.
// CHECK-LABEL: gpu.func @reallocation
// CHECK: tile_dist.tmem_dealloc
// CHECK-NOT: gpu.barrier
// CHECK: tile_dist.tmem_alloc
// CHECK-NOT: gpu.barrier
// CHECK: nvvm.tcgen05.fence <before>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK-NEXT: memref.load
// CHECK-LABEL: gpu.func @load_before_deallocation
// CHECK: tile_dist.tmem_load
// CHECK-NEXT: nvvm.tcgen05.fence <before>
// CHECK-NEXT: gpu.barrier
// CHECK-LABEL: gpu.func @product_before_load
// CHECK: tile_dist.mbarrier_wait
// CHECK-NEXT: gpu.barrier
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_100a">] {
  gpu.func @reallocation(%old: i32) workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>, %slot: memref<1xi32, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %warp = arith.shrui %t, %c5 : index
    %warp0 = arith.cmpi eq, %warp, %c0 : index
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %warp0 {
      nvvm.tcgen05.fence <after>
      tile_dist.tmem_dealloc %old {columns = 128 : i64}
    }
    scf.if %first {
      tile_dist.mbarrier_inval %bars[%c0] : memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    scf.if %warp0 {
      tile_dist.tmem_alloc %slot[%c0] {columns = 128 : i64} : memref<1xi32, #gpu.address_space<workgroup>>
    }
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    }
    nvvm.tcgen05.fence <before>
    gpu.barrier
    nvvm.tcgen05.fence <after>
    %address = memref.load %slot[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @load_before_deallocation(%address: i32) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %t = gpu.thread_id x
    %warp = arith.shrui %t, %c5 : index
    %warp0 = arith.cmpi eq, %warp, %c0 : index
    %d = tile_dist.tmem_load %address : vector<64xi32>
    nvvm.tcgen05.fence <before>
    gpu.barrier
    scf.if %warp0 {
      nvvm.tcgen05.fence <after>
      tile_dist.tmem_dealloc %address {columns = 128 : i64}
    }
    gpu.return
  }
  gpu.func @product_before_load(%address: i32, %phase: i32, %accumulate: i1, %p: !llvm.ptr<1>, %y: f32) workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>, %operands: memref<32768xi8, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c16384 = arith.constant 16384 : index
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      nvvm.tcgen05.fence <after>
      tile_dist.tensor_mma %address, %operands[%c0] : memref<32768xi8, #gpu.address_space<workgroup>>, %operands[%c16384] : memref<32768xi8, #gpu.address_space<workgroup>>, %accumulate {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 64, lbo = 16, sbo = 512>, lhsType = f16, m = 128 : i64, n = 128 : i64, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 64, lbo = 16, sbo = 512>, rhsType = f16}
      tile_dist.tensor_mma_commit %bars[%c0] : memref<2xi64, #gpu.address_space<workgroup>>
    }
    llvm.store %y, %p : f32, !llvm.ptr<1>
    gpu.barrier
    %v = llvm.load %p : !llvm.ptr<1> -> f32
    tile_dist.mbarrier_wait %bars[%c0], %phase : memref<2xi64, #gpu.address_space<workgroup>>
    gpu.barrier
    nvvm.tcgen05.fence <after>
    %d = tile_dist.tmem_load %address : vector<64xi32>
    gpu.return
  }
}

// -----

// A cp.async ring read by ldmatrix into mma.sync, as the sm_80 lowerings
// write it. A copy writes its bytes at issue, and a wait before a barrier
// stands for every copy, issued before an earlier barrier too: the barrier
// after the wait stays before the ring's reads, and the one between the
// copy's issue and the wait goes. After the ring's reads, the barrier
// before a store into other bytes goes (neither the commit, nor ldmatrix,
// nor mma.sync touches them); the one before a store into the ring stays.
// CHECK-LABEL: gpu.func @cp_async_ring
// CHECK: tile_dist.async_copy
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK-NEXT: nvvm.cp.async.wait.group 0
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: nvgpu.ldmatrix
// CHECK-NEXT: nvvm.mma.sync
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.return
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_80">] {
  gpu.func @cp_async_ring(%src: !llvm.ptr<1>, %y: f32, %h: f16, %a: vector<2xf16>, %c: f32) workgroup(%smem: memref<8192xi8, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c4096 = arith.constant 4096 : index
    %sixteen = arith.constant 16 : i32
    %t = gpu.thread_id x
    %ring = memref.view %smem[%c0][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<2048xf16, #gpu.address_space<workgroup>>
    %rows = memref.view %smem[%c0][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<2048xi16, #gpu.address_space<workgroup>>
    %other = memref.view %smem[%c4096][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<1024xf32, #gpu.address_space<workgroup>>
    tile_dist.async_copy %src, %ring[%t], %sixteen : <1>, memref<2048xf16, #gpu.address_space<workgroup>>
    nvvm.cp.async.commit.group
    gpu.barrier
    nvvm.cp.async.wait.group 0
    gpu.barrier
    %m = nvgpu.ldmatrix %rows[%t] {numTiles = 4 : i32, transpose = false} : memref<2048xi16, #gpu.address_space<workgroup>> -> vector<4x2xi16>
    %p = nvvm.mma.sync A[%a, %a, %a, %a]  B[%a, %a]  C[%c, %c, %c, %c]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
    gpu.barrier
    memref.store %y, %other[%t] : memref<1024xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    memref.store %h, %ring[%t] : memref<2048xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A barrier that a tcgen05.fence::after_thread_sync follows stays, though
// nothing conflicts across it: the fence pairs with it. The next barrier,
// after the fence, orders nothing and goes (without the rule the first
// went and the fence preceded the second).
// CHECK-LABEL: gpu.func @after_fence_pairs
// CHECK: gpu.barrier
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_100a">] {
  gpu.func @after_fence_pairs() kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    gpu.barrier
    nvvm.tcgen05.fence <after>
    gpu.barrier
    gpu.return
  }
}
