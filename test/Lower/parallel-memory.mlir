// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file \
// RUN:   | tile-sched --split-input-file --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads --tilechain-remove-layout-conversions --tilechain-materialize-layout-conversions \
// RUN:   | FileCheck %s

// Atomics, gathers and scatters in the parallel form.

// Every element of a 16-element tile adds 1 to one counter. The 128 threads
// hold the tile 8 times over (lane bit 4 and both warp bits repeat it), so
// only the owner of each element (lane bit 4 and warp 0) issues its atomic;
// the other holders take the old value from it through shared memory, as
// the store of the old values needs it in every holder.
// CHECK-LABEL: gpu.func @counter(
// CHECK-SAME: workgroup(%[[SMEM:.+]] : memref<64xi8, #gpu.address_space<workgroup>>
// CHECK: %[[SPARE:.+]] = arith.andi %{{.+}}, %c16
// CHECK: arith.cmpi eq, %[[SPARE]], %c0
// CHECK: %[[WARPS:.+]] = arith.andi %{{.+}}, %c3
// CHECK: arith.cmpi eq, %[[WARPS]], %c0
// CHECK: %[[OWNER:.+]] = arith.andi
// CHECK: %[[OLD:.+]] = scf.if %[[OWNER]] -> (i32) {
// CHECK: llvm.atomicrmw add %{{.+}}, %{{.+}} syncscope("device") monotonic {alignment = 4 : i64} : !llvm.ptr<1>, i32
// CHECK: } else {
// CHECK: scf.yield %c0_i32 : i32
// CHECK-NOT: llvm.atomicrmw
// CHECK: %[[BUF:.+]] = memref.view %[[SMEM]]{{.+}} to memref<16xi32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK-NEXT: memref.store %[[OLD]], %[[BUF]][%[[AT:.+]]] : memref<16xi32
// CHECK: gpu.barrier
// CHECK: memref.load %[[BUF]][%[[AT]]]
// CHECK-NOT: llvm.atomicrmw
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @counter(%p: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %t0 = make_token : token
    %zero = constant <i64: 0> : tile<16xi64>
    %one = constant <i32: 1> : tile<16xi32>
    %r = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %b = broadcast %r : tile<1xptr<i32>> -> tile<16xptr<i32>>
    %ptrs = offset %b, %zero : tile<16xptr<i32>>, tile<16xi64> -> tile<16xptr<i32>>
    %old, %t1 = atomic_rmw_tko relaxed device %ptrs, add, %one token=%t0 : tile<16xptr<i32>>, tile<16xi32> -> tile<16xi32>, token
    %i = iota : tile<16xi64>
    %ro = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bo = broadcast %ro : tile<1xptr<i32>> -> tile<16xptr<i32>>
    %po = offset %bo, %i : tile<16xptr<i32>>, tile<16xi64> -> tile<16xptr<i32>>
    %t2 = store_ptr_tko weak %po, %old token=%t1 : tile<16xptr<i32>>, tile<16xi32> -> token
    return
  }
}

// -----

// A rank-0 compare-and-swap ordered after a store by its token: all threads
// wait at the token's barrier (which also frees shared memory), thread 0
// swaps, and the old value reaches every thread through shared memory.
// CHECK-LABEL: gpu.func @scalar_cas(
// CHECK-SAME: workgroup(%[[SMEM:.+]] : memref<4xi8, #gpu.address_space<workgroup>>
// CHECK: llvm.store
// CHECK: %[[SLOT:.+]] = memref.view %[[SMEM]]{{.+}} to memref<1xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: %[[FIRST:.+]] = arith.andi
// CHECK: scf.if %[[FIRST]] {
// CHECK: %[[PAIR:.+]] = llvm.cmpxchg %{{.+}}, %c0_i32, %c1_i32 syncscope("device") acquire acquire {alignment = 4 : i64}
// CHECK: %[[OLD:.+]] = llvm.extractvalue %[[PAIR]][0]
// CHECK: memref.store %[[OLD]], %[[SLOT]][%{{.+}}] : memref<1xi32
// CHECK: }
// CHECK-NEXT: gpu.barrier
// CHECK: memref.load %[[SLOT]]
// CHECK-NOT: llvm.cmpxchg
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @scalar_cas(%lock: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %t0 = make_token : token
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %t1 = store_ptr_tko weak %out, %c1 token=%t0 : tile<ptr<i32>>, tile<i32> -> token
    %old, %t2 = atomic_cas_tko acquire device %lock, %c0, %c1 token=%t1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %r = reshape %old : tile<i32> -> tile<1xi32>
    %b = broadcast %r : tile<1xi32> -> tile<128xi32>
    %i = iota : tile<128xi64>
    %ro = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bo = broadcast %ro : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %po = offset %bo, %i : tile<128xptr<i32>>, tile<128xi64> -> tile<128xptr<i32>>
    %t3 = store_ptr_tko weak %po, %b token=%t2 : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}

// -----

// An atomic whose result is not used needs no shared memory: a 128-element
// tile has one holder per element, so every thread exchanges its own
// element, under its mask, with the release fence of the ordering.
// CHECK-LABEL: gpu.func @release_all(
// CHECK-NOT: workgroup
// CHECK-NOT: gpu.barrier
// CHECK: %[[OLD:.+]] = scf.if %{{.+}} -> (f32) {
// CHECK-NEXT: llvm.inttoptr
// CHECK-NEXT: llvm.fence syncscope("block") release
// CHECK-NEXT: llvm.atomicrmw xchg %{{.+}} syncscope("block") monotonic {alignment = 4 : i64} : !llvm.ptr<1>, f32
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @release_all(%p: tile<ptr<f32>>) {
    %t0 = make_token : token
    %i = iota : tile<128xi64>
    %r = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %b = broadcast %r : tile<1xptr<f32>> -> tile<128xptr<f32>>
    %ptrs = offset %b, %i : tile<128xptr<f32>>, tile<128xi64> -> tile<128xptr<f32>>
    %v = constant <f32: 2.0> : tile<128xf32>
    %c100 = constant <i64: 100> : tile<128xi64>
    %m = cmpi less_than %i, %c100, signed : tile<128xi64> -> tile<128xi1>
    %old, %t1 = atomic_rmw_tko release tl_blk %ptrs, xchg, %v, %m token=%t0 : tile<128xptr<f32>>, tile<128xf32>, tile<128xi1> -> tile<128xf32>, token
    return
  }
}

// -----

// A gather: each thread loads the element of the 4x32 tile it holds (one
// per thread), from the row the index tile names. The index tile was
// loaded over lanes 0-3; the gather wants each row's index in the warp that
// holds the row, so it crosses the CTA through shared memory. Rows outside
// the tensor read the padding value.
// CHECK-LABEL: gpu.func @gather_rows(
// CHECK-SAME: workgroup(%[[SMEM:.+]] : memref<16xi8
// CHECK: %[[INDEX:.+]] = scf.if %{{.+}} -> (i32) {
// CHECK: %[[BUF:.+]] = memref.view %[[SMEM]]{{.+}} to memref<4xi32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: memref.store %{{.+}}, %[[BUF]]
// CHECK: gpu.barrier
// CHECK: %[[ROW:.+]] = memref.load %[[BUF]]
// CHECK-NEXT: %[[ROWS:.+]] = vector.from_elements %[[ROW]] : vector<1xi32>
// CHECK-NEXT: %[[INDEX_ROW:.+]] = vector.extract %[[ROWS]][0]
// CHECK: %[[COORD:.+]] = arith.index_cast %[[INDEX_ROW]] : i32 to index
// CHECK: %[[INSIDE:.+]] = arith.cmpi ult, %[[COORD]], %{{.+}} : index
// CHECK: arith.muli %[[COORD]], %{{.+}} : index
// CHECK: %[[X:.+]] = scf.if %{{.+}} -> (f32) {
// CHECK-NEXT: llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: } else {
// CHECK: scf.yield %cst : f32
// CHECK: llvm.store %{{.+}} : f32, !llvm.ptr<1>
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @gather_rows(%src: tile<ptr<f32>>, %idx: tile<ptr<i32>>, %dst: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %c0 = constant <i32: 0> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %vs = make_tensor_view %src, shape = [%n, %c32], strides = [%c32, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %vi = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %vd = make_tensor_view %dst, shape = [%n, %c32], strides = [%c32, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %qi = make_partition_view %vi : partition_view<tile=(4), tensor_view<?xi32, strides=[1]>>
    %rows, %t1 = load_view_tko weak %qi[%c0] token = %t0 : partition_view<tile=(4), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<4xi32>, token
    %gs = make_gather_scatter_view %vs : gather_scatter_view<tile=(4x32), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>, sparse_dim=0>
    %x, %t2 = load_view_tko weak %gs[%rows, %c0] token = %t0 : gather_scatter_view<tile=(4x32), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> tile<4x32xf32>, token
    %qd = make_partition_view %vd : partition_view<tile=(4x32), tensor_view<?x?xf32, strides=[?,1]>>
    %t3 = store_view_tko weak %x, %qd[%c0, %c0] token = %t0 : tile<4x32xf32>, partition_view<tile=(4x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A scatter along dim 1: the column offsets (an 8-element index tile over
// lanes 0-7) are already where the 2x8 tile's threads need them, so no
// exchange; each element is stored once, by its owner (lanes 0-15 of warp
// 0), inside the tensor only.
// CHECK-LABEL: gpu.func @scatter_columns(
// CHECK-NOT: workgroup
// CHECK-NOT: gpu.barrier
// CHECK: %[[COLS:.+]] = arith.muli %{{.+}}, %{{.+}} : i32
// CHECK: %[[REGS:.+]] = vector.from_elements %[[COLS]] : vector<1xi32>
// CHECK: %[[OFFSET:.+]] = vector.extract %[[REGS]][0]
// CHECK: %[[COL:.+]] = arith.index_cast %[[OFFSET]] : i32 to index
// CHECK-NEXT: arith.cmpi ult, %[[COL]], %{{.+}} : index
// CHECK: scf.if %{{.+}} {
// CHECK-NEXT: llvm.store %{{.+}} {alignment = 2 : i64} : i16, !llvm.ptr<1>
// CHECK-NOT: llvm.store
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @scatter_columns(%dst: tile<ptr<i16>>, %n: tile<i32>) {
    %t0 = make_token : token
    %c0 = constant <i32: 0> : tile<i32>
    %c3 = constant <i32: 3> : tile<8xi32>
    %i = iota : tile<8xi32>
    %cols = muli %i, %c3 : tile<8xi32>
    %v = constant <i16: 7> : tile<2x8xi16>
    %vd = make_tensor_view %dst, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xi16, strides=[?,1]>
    %gs = make_gather_scatter_view %vd : gather_scatter_view<tile=(2x8), tensor_view<?x?xi16, strides=[?,1]>, sparse_dim=1>
    %t1 = store_view_tko weak %v, %gs[%c0, %cols] token = %t0 : tile<2x8xi16>, gather_scatter_view<tile=(2x8), tensor_view<?x?xi16, strides=[?,1]>, sparse_dim=1>, tile<i32>, tile<8xi32> -> token
    return
  }
}
