// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file \
// RUN:   | tile-sched --split-input-file --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads --tilechain-remove-layout-conversions --tilechain-materialize-layout-conversions \
// RUN:   | FileCheck %s

// Vector accesses of views in the parallel form. A 1024-float tile over 128
// threads: each thread holds two runs of 4 contiguous floats (lane bits walk
// the runs, so a warp's accesses are coalesced). The base is 16-byte aligned
// and the extent a multiple of 16 (assume div_by), so each run is one 16-byte
// load or store, wholly inside the tensor or wholly outside (padding zeros).
// The addf and the store use the load's layout: no exchange.
// CHECK-LABEL: gpu.func @aligned(
// CHECK-NOT: workgroup
// CHECK: %[[IN:.+]] = arith.cmpi ult, %{{.+}}, %{{.+}} : index
// CHECK: scf.if %[[IN]] -> (f32, f32, f32, f32) {
// CHECK-NEXT: %[[VEC:.+]] = llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-NEXT: vector.extract %[[VEC]][0] : f32 from vector<4xf32>
// CHECK: } else {
// CHECK-NEXT: arith.constant 0.000000e+00 : f32
// CHECK: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK-NOT: llvm.load
// CHECK-COUNT-8: arith.addf
// CHECK-NOT: gpu.barrier
// CHECK: %[[OUT:.+]] = vector.from_elements %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : vector<4xf32>
// CHECK-NEXT: llvm.store %[[OUT]], %{{.+}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.store
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @aligned(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %bounded = assume bounded<0, ?>, %n : tile<i32>
    %n16 = assume div_by<16>, %bounded : tile<i32>
    %va = make_tensor_view %pa, shape = [%n16], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %vc = make_tensor_view %pc, shape = [%n16], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %qa = make_partition_view %va : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %qc = make_partition_view %vc : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%bx] token = %t0 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %y = addf %x, %x : tile<1024xf32>
    %done = store_view_tko weak %y, %qc[%bx] token = %t0 : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// The same kernel when the base is only known 4-byte aligned: the same
// layout, and one 4-byte access per element.
// CHECK-LABEL: gpu.func @unaligned(
// CHECK-NOT: vector<4xf32>
// CHECK-COUNT-8: llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NOT: vector<4xf32>
// CHECK-COUNT-8: llvm.store %{{.+}}, %{{.+}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK-NOT: llvm.store
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @unaligned(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %pa = assume div_by<4>, %a : tile<ptr<f32>>
    %pc = assume div_by<4>, %c : tile<ptr<f32>>
    %n16 = assume div_by<16>, %n : tile<i32>
    %va = make_tensor_view %pa, shape = [%n16], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %vc = make_tensor_view %pc, shape = [%n16], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %qa = make_partition_view %va : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %qc = make_partition_view %vc : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%bx] token = %t0 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %y = addf %x, %x : tile<1024xf32>
    %done = store_view_tko weak %y, %qc[%bx] token = %t0 : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// An aligned base but an extent with no divisibility fact: a run is checked
// by its last element (first + 3 < n); one that straddles the edge is loaded
// and stored per element, each under its own check.
// CHECK-LABEL: gpu.func @edge(
// CHECK: %[[LAST:.+]] = arith.addi %{{.+}}, %c3{{(_[0-9]+)?}} : index
// CHECK: %[[IN:.+]] = arith.cmpi ult, %[[LAST]], %{{.+}} : index
// CHECK: scf.if %[[IN]] -> (f32, f32, f32, f32) {
// CHECK-NEXT: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// CHECK-COUNT-4: llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: } else {
// CHECK-COUNT-4: llvm.store %{{.+}}, %{{.+}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @edge(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %va = make_tensor_view %pa, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %vc = make_tensor_view %pc, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %qa = make_partition_view %va : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %qc = make_partition_view %vc : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%bx] token = %t0 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %y = addf %x, %x : tile<1024xf32>
    %done = store_view_tko weak %y, %qc[%bx] token = %t0 : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// A 32x32 transpose: the rows of a 2-D view (stride a multiple of 4, assume
// div_by) are read 16 bytes at a time, and the tile crosses the CTA through
// 4096 bytes of shared memory, element (row, col) at column col ^ (row mod
// 32) of its row, so that lanes writing one column and lanes reading one row
// hit 32 different banks (the reads compute the same slot; the harness runs
// such a transpose against numpy).
// CHECK-LABEL: gpu.func @transpose(
// CHECK-SAME: workgroup(%[[SMEM:.+]] : memref<4096xi8, #gpu.address_space<workgroup>>)
// CHECK: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: %[[BUF:.+]] = memref.view %[[SMEM]]
// CHECK: gpu.barrier
// CHECK: %[[ROW:.+]] = arith.shrui %[[FLAT:.+]], %c5{{(_[0-9]+)?}} : index
// CHECK: %[[PHASE:.+]] = arith.andi %[[ROW]], %c31{{(_[0-9]+)?}} : index
// CHECK: %[[SLOT:.+]] = arith.xori %[[FLAT]], %[[PHASE]] : index
// CHECK-NEXT: memref.store %{{.+}}, %[[BUF]][%[[SLOT]]] : memref<1024xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: memref.load %[[BUF]][%{{.+}}] : memref<1024xf32, #gpu.address_space<workgroup>>
// CHECK: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @transpose(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pb = assume div_by<16>, %b : tile<ptr<f32>>
    %n16 = assume div_by<16>, %n : tile<i32>
    %va = make_tensor_view %pa, shape = [%n16, %n16], strides = [%n16, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %vb = make_tensor_view %pb, shape = [%n16, %n16], strides = [%n16, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %qa = make_partition_view %va : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>
    %x, %tx = load_view_tko weak %qa[%bx, %by] token = %t0 : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x32xf32>, token
    %p = permute %x [1, 0] : tile<32x32xf32> -> tile<32x32xf32>
    %done = store_view_tko weak %p, %qb[%by, %bx] token = %t0 : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}
