// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s

// Views are values, not IR: make_tensor_view turns its dynamic extents into
// index values (any int width), and the view load walks the tile. A 1-d
// partition view of tile 16 loads element i of tile %i from element
// 16*%i + i, guarded by an unsigned bounds check against the dynamic size
// (negative coordinates wrap and fail it too); out-of-bounds elements read
// zero when the view names no padding.

// CHECK-LABEL: gpu.func @load_1d(
// CHECK-SAME: %[[P:.+]]: i64, %[[N:.+]]: i16, %[[I:.+]]: i64)
// CHECK: %[[SIZE:.+]] = arith.index_cast %[[N]] : i16 to index
// CHECK: %[[IDX:.+]] = arith.index_cast %[[I]] : i64 to index
// CHECK: %[[ORIGIN:.+]] = arith.muli %[[IDX]], %c16
// CHECK: %[[BUF:.+]] = memref.alloca() : memref<16xf32>
// CHECK: scf.for %[[IV:.+]] = %{{.+}} to %{{.+}} step
// CHECK: %[[COORD:.+]] = arith.addi %[[ORIGIN]], %[[IV]] : index
// CHECK: %[[IN:.+]] = arith.cmpi ult, %[[COORD]], %[[SIZE]] : index
// CHECK: %[[ADDR:.+]] = arith.addi %[[P]], %{{.+}} : i64
// CHECK: %[[PTR:.+]] = llvm.inttoptr %[[ADDR]] : i64 to !llvm.ptr<1>
// CHECK: %[[V:.+]] = scf.if %[[IN]] -> (f32) {
// CHECK-NEXT: %[[L:.+]] = llvm.load %[[PTR]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NEXT: scf.yield %[[L]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: scf.yield %[[Z]] : f32
// CHECK: memref.store %[[V]], %[[BUF]][%[[IV]]] : memref<16xf32>
cuda_tile.module @m {
  entry @load_1d(%p: tile<ptr<f32>>, %n: tile<i16>, %i: tile<i64>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i16> -> tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %t, %tok = load_view_tko weak %pv[%i] : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i64> -> tile<16xf32>, token
    return
  }
}

// -----

// dim_map[d] is the tensor dim that tile dim d walks: with dim_map=[1, 0]
// tile dim 0 (4 elements) runs along tensor dim 1 (size 64, stride 1) and
// tile dim 1 (8 elements) along tensor dim 0 (size %n, stride %s); index
// operand d picks the tile along tile dim d. Padding neg_inf fills the
// outside, and an acquire/device load is an atomic LLVM load.

// CHECK-LABEL: gpu.func @load_dim_map(
// CHECK-SAME: %[[P:.+]]: i64, %[[N:.+]]: i64, %[[S:.+]]: i64, %[[I:.+]]: i32, %[[J:.+]]: i32)
// CHECK-DAG: %[[SIZE0:.+]] = arith.index_cast %[[N]] : i64 to index
// CHECK-DAG: %[[STRIDE0:.+]] = arith.index_cast %[[S]] : i64 to index
// CHECK-DAG: %[[II:.+]] = arith.index_cast %[[I]] : i32 to index
// CHECK-DAG: %[[ORIGIN0:.+]] = arith.muli %[[II]], %c4 : index
// CHECK-DAG: %[[JJ:.+]] = arith.index_cast %[[J]] : i32 to index
// CHECK-DAG: %[[ORIGIN1:.+]] = arith.muli %[[JJ]], %c8 : index
// CHECK: scf.for %[[IV0:.+]] = %{{.+}} to %c4
// CHECK: scf.for %[[IV1:.+]] = %{{.+}} to %c8
// CHECK: %[[COL:.+]] = arith.addi %[[ORIGIN0]], %[[IV0]] : index
// CHECK: arith.cmpi ult, %[[COL]], %c64 : index
// CHECK: %[[ROW:.+]] = arith.addi %[[ORIGIN1]], %[[IV1]] : index
// CHECK: arith.cmpi ult, %[[ROW]], %[[SIZE0]] : index
// CHECK: arith.muli %[[ROW]], %[[STRIDE0]] : index
// CHECK: arith.muli %[[COL]], %c1 : index
// CHECK: llvm.load %{{.+}} atomic syncscope("device") acquire {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: arith.constant 0xFF800000 : f32
cuda_tile.module @m {
  entry @load_dim_map(%p: tile<ptr<f32>>, %n: tile<i64>, %s: tile<i64>, %i: tile<i32>, %j: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, 64], strides = [%s, 1] : tile<i64> -> tensor_view<?x64xf32, strides=[?,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x8), padding_value = neg_inf, tensor_view<?x64xf32, strides=[?,1]>, dim_map=[1, 0]>
    %t, %tok = load_view_tko acquire device %pv[%i, %j] : partition_view<tile=(4x8), padding_value = neg_inf, tensor_view<?x64xf32, strides=[?,1]>, dim_map=[1, 0]>, tile<i32> -> tile<4x8xf32>, token
    return
  }
}

// -----

// The other padding values of a float view.

// CHECK-LABEL: gpu.func @paddings(
// CHECK: arith.constant -0.000000e+00 : f16
// CHECK: arith.constant 0x7E00 : f16
// CHECK: arith.constant 0x7C00 : f16
cuda_tile.module @m {
  entry @paddings(%p: tile<ptr<f16>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [100], strides = [1] : tensor_view<100xf16, strides=[1]>
    %a = make_partition_view %tv : partition_view<tile=(16), padding_value = neg_zero, tensor_view<100xf16, strides=[1]>>
    %b = make_partition_view %tv : partition_view<tile=(16), padding_value = nan, tensor_view<100xf16, strides=[1]>>
    %c = make_partition_view %tv : partition_view<tile=(16), padding_value = pos_inf, tensor_view<100xf16, strides=[1]>>
    %ta, %t0 = load_view_tko weak %a[%i] : partition_view<tile=(16), padding_value = neg_zero, tensor_view<100xf16, strides=[1]>>, tile<i32> -> tile<16xf16>, token
    %tb, %t1 = load_view_tko weak %b[%i] : partition_view<tile=(16), padding_value = nan, tensor_view<100xf16, strides=[1]>>, tile<i32> -> tile<16xf16>, token
    %tc, %t2 = load_view_tko weak %c[%i] : partition_view<tile=(16), padding_value = pos_inf, tensor_view<100xf16, strides=[1]>>, tile<i32> -> tile<16xf16>, token
    return
  }
}

// -----

// A store writes only the in-bounds elements. `inbounds` drops the check of
// the index dims it marks: here the store checks only tile dim 1 (tensor
// dim 0).

// CHECK-LABEL: gpu.func @store_inbounds(
// CHECK-SAME: %[[N:[^:]+]]: i32
// CHECK: %[[SIZE0:.+]] = arith.index_cast %[[N]] : i32 to index
// A load with every index in bounds needs no check at all.
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: arith.cmpi
// CHECK-NOT: scf.if
// CHECK: llvm.load
// CHECK: memref.store
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NOT: arith.cmpi
// CHECK: %[[IN:.+]] = arith.cmpi ult, %{{.+}}, %[[SIZE0]] : index
// CHECK-NOT: arith.cmpi
// CHECK: scf.if %[[IN]] {
// CHECK-NEXT: %[[E:.+]] = memref.load
// CHECK-NEXT: llvm.store %[[E]], %{{.+}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
cuda_tile.module @m {
  entry @store_inbounds(%p: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n, 64], strides = [64, 1] : tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>
    %pv = make_partition_view %tv : partition_view<tile=(4x8), tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>
    %t, %t0 = load_view_tko weak %pv[%i, %i] attributes {inbounds = array<i1: true, true>} : partition_view<tile=(4x8), tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> tile<4x8xf32>, token
    %tok = store_view_tko weak %t, %pv[%i, %i] attributes {inbounds = array<i1: true, false>} : tile<4x8xf32>, partition_view<tile=(4x8), tensor_view<?x64xf32, strides=[64,1]>, dim_map=[1, 0]>, tile<i32> -> token
    return
  }
}

// -----

// A gather/scatter view takes element offsets: its sparse dim reads one row
// per tile row from the index tile, its dense dims start at the given
// element (not tile). A relaxed store at tl_blk scope is an atomic store in
// the "block" syncscope; atomic_red_view_tko is one atomicrmw per in-bounds
// element.

// CHECK-LABEL: gpu.func @gather(
// CHECK: %[[ROWS:.+]] = memref.alloca() : memref<4xi32>
// CHECK: %[[J:.+]] = arith.index_cast %arg2 : i32 to index
// CHECK: %[[COL0:.+]] = arith.muli %[[J]], %c1{{.*}} : index
// CHECK: scf.for %[[R:.+]] = %{{.+}} to %c4
// CHECK: scf.for %[[C:.+]] = %{{.+}} to %c8
// CHECK: %[[ROW:.+]] = memref.load %[[ROWS]][%[[R]]] : memref<4xi32>
// CHECK: %[[ROWIDX:.+]] = arith.index_cast %[[ROW]] : i32 to index
// CHECK: arith.cmpi ult, %[[ROWIDX]], %c64 : index
// CHECK: %[[COL:.+]] = arith.addi %[[COL0]], %[[C]] : index
// CHECK: arith.cmpi ult, %[[COL]], %c32 : index
// CHECK: llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: llvm.store %{{.+}}, %{{.+}} atomic syncscope("block") monotonic {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK: llvm.atomicrmw fadd %{{.+}}, %{{.+}} syncscope("device") monotonic {alignment = 4 : i64} : !llvm.ptr<1>, f32
cuda_tile.module @m {
  entry @gather(%p: tile<ptr<f32>>, %q: tile<ptr<i32>>, %j: tile<i32>) {
    %iv = make_tensor_view %q, shape = [4], strides = [1] : tensor_view<4xi32, strides=[1]>
    %ip = make_partition_view %iv : partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>
    %rows, %t0 = load_view_tko weak %ip[%j] : partition_view<tile=(4), tensor_view<4xi32, strides=[1]>>, tile<i32> -> tile<4xi32>, token
    %tv = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(4x8), tensor_view<64x32xf32, strides=[32,1]>, sparse_dim=0>
    %t, %t1 = load_view_tko weak %gv[%rows, %j] : gather_scatter_view<tile=(4x8), tensor_view<64x32xf32, strides=[32,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> tile<4x8xf32>, token
    %tok = store_view_tko relaxed tl_blk %t, %gv[%rows, %j] : tile<4x8xf32>, gather_scatter_view<tile=(4x8), tensor_view<64x32xf32, strides=[32,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> token
    %pv = make_partition_view %tv : partition_view<tile=(4x8), tensor_view<64x32xf32, strides=[32,1]>>
    %tok2 = atomic_red_view_tko relaxed device %pv[%j, %j], addf, %t : tile<4x8xf32>, partition_view<tile=(4x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A strided view places tile %i at element 3 * %i; its index space counts
// the tile origins inside the tensor, ceil(1000 / 3). i1 elements live in
// bytes (true when not zero) and fp8 elements are loaded as their bit
// pattern.

// CHECK-LABEL: gpu.func @strided(
// CHECK: %[[I:.+]] = arith.index_cast %arg2 : i32 to index
// CHECK: %[[ORIGIN:.+]] = arith.muli %[[I]], %c3 : index
// CHECK: scf.for %[[IV:.+]] = %{{.+}} to %c128
// CHECK: arith.addi %[[ORIGIN]], %[[IV]] : index
// CHECK: %[[B:.+]] = llvm.load %{{.+}} {alignment = 1 : i64} : !llvm.ptr<1> -> i8
// CHECK-NEXT: %[[Z:.+]] = arith.constant 0 : i8
// CHECK-NEXT: arith.cmpi ne, %[[B]], %[[Z]] : i8
// CHECK: %[[F:.+]] = llvm.load %{{.+}} {alignment = 1 : i64} : !llvm.ptr<1> -> i8
// CHECK-NEXT: arith.bitcast %[[F]] : i8 to f8E4M3FN
// CHECK: %[[Z:.+]] = arith.constant 0.000000e+00 : f8E4M3FN
// CHECK: %[[COUNT:.+]] = arith.ceildivsi %c1000{{.*}}, %c3{{.*}} : index
// CHECK: arith.index_cast %[[COUNT]] : index to i16
cuda_tile.module @m {
  entry @strided(%p: tile<ptr<i1>>, %q: tile<ptr<f8E4M3FN>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [1000], strides = [1] : tensor_view<1000xi1, strides=[1]>
    %sv = make_strided_view %tv : strided_view<tile=(128), traversal_strides=[3], tensor_view<1000xi1, strides=[1]>>
    %t, %tok = load_view_tko weak %sv[%i] : strided_view<tile=(128), traversal_strides=[3], tensor_view<1000xi1, strides=[1]>>, tile<i32> -> tile<128xi1>, token
    %fv = make_tensor_view %q, shape = [1000], strides = [1] : tensor_view<1000xf8E4M3FN, strides=[1]>
    %fs = make_strided_view %fv : strided_view<tile=(128), traversal_strides=[3], tensor_view<1000xf8E4M3FN, strides=[1]>>
    %f, %tok2 = load_view_tko weak %fs[%i] : strided_view<tile=(128), traversal_strides=[3], tensor_view<1000xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<128xf8E4M3FN>, token
    %n = get_index_space_shape %sv : strided_view<tile=(128), traversal_strides=[3], tensor_view<1000xi1, strides=[1]>> -> tile<i16>
    return
  }
}

// -----

// get_tensor_shape reads the extents back in the result's int type;
// get_index_space_shape of a partition view counts tiles, ceil(size / tile),
// along the tensor dim each tile dim walks.

// CHECK-LABEL: gpu.func @shapes(
// CHECK-SAME: %{{[^:]+}}: i64, %[[N:[^:]+]]: i64
// CHECK: %[[SIZE:.+]] = arith.index_cast %[[N]] : i64 to index
// CHECK: %[[T0:.+]] = arith.ceildivsi %c48{{.*}}, %c16{{.*}} : index
// CHECK: %[[T1:.+]] = arith.ceildivsi %[[SIZE]], %c32{{.*}} : index
// CHECK: arith.index_cast %[[T0]] : index to i32
// CHECK: arith.index_cast %[[T1]] : index to i32
// CHECK: arith.index_cast %[[SIZE]] : index to i64
// CHECK: arith.index_cast %c48{{.*}} : index to i64
cuda_tile.module @m {
  entry @shapes(%p: tile<ptr<f32>>, %n: tile<i64>) {
    %tv = make_tensor_view %p, shape = [%n, 48], strides = [48, 1] : tile<i64> -> tensor_view<?x48xf32, strides=[48,1]>
    %pv = make_partition_view %tv : partition_view<tile=(16x32), tensor_view<?x48xf32, strides=[48,1]>, dim_map=[1, 0]>
    %a, %b = get_index_space_shape %pv : partition_view<tile=(16x32), tensor_view<?x48xf32, strides=[48,1]>, dim_map=[1, 0]> -> tile<i32>
    %c, %d = get_tensor_shape %tv : tensor_view<?x48xf32, strides=[48,1]> -> tile<i64>
    return
  }
}


// -----

// An assumption on a view passes the view through: the partition view made
// from the assumed tensor view loads from the same base and extent (this
// crashed tile-lower: the view was looked up in the tile map).

// CHECK-LABEL: gpu.func @assumed_tensor_view(
// CHECK-SAME: %[[P:.+]]: i64, %[[N:.+]]: i32, %[[I:.+]]: i32)
// CHECK: %[[SIZE:.+]] = arith.index_cast %[[N]] : i32 to index
// CHECK: scf.for
// CHECK: arith.cmpi ult, %{{.+}}, %[[SIZE]] : index
// CHECK: arith.addi %[[P]], %{{.+}} : i64
// CHECK: llvm.load
cuda_tile.module @m {
  entry @assumed_tensor_view(%p: tile<ptr<f32>>, %n: tile<i32>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tva = assume div_by<16>, %tv : tensor_view<?xf32, strides=[1]>
    %pv = make_partition_view %tva : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %t, %tok = load_view_tko weak %pv[%i] : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    return
  }
}
