// RUN: tile-lower %s --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s

// Shape ops become loop nests over their result that read the source element
// each result element maps to; constants become scalars, filled buffers or
// read-only globals.

// A rank-0 constant is an SSA scalar.
// CHECK-LABEL: gpu.func @constant_scalar
// CHECK-NEXT: %[[C:.+]] = arith.constant 4.200000e+01 : f32
// CHECK-NEXT: %[[P:.+]] = arith.constant -7 : i32
// CHECK-NEXT: %[[T:.+]] = arith.constant true
// CHECK-NEXT: gpu.return
cuda_tile.module @m {
  entry @constant_scalar() {
    %c = constant <f32: 42.0> : tile<f32>
    %i = constant <i32: -7> : tile<i32>
    %b = constant <i1: true> : tile<i1>
    return
  }
}

// -----

// A splat constant fills a fresh buffer with one scalar.
// CHECK-LABEL: gpu.func @constant_splat
// CHECK: %[[V:.+]] = arith.constant 1.500000e+00 : bf16
// CHECK: %[[B:.+]] = memref.alloca() : memref<2x8xbf16>
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK: scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK: memref.store %[[V]], %[[B]][%[[I]], %[[J]]] : memref<2x8xbf16>
cuda_tile.module @m {
  entry @constant_splat() {
    %c = constant <bf16: 1.5> : tile<2x8xbf16>
    return
  }
}

// -----

// Any other literal is a read-only global of the kernel's gpu.module, read in
// place: one global per constant, defined before the kernel, in order.
// CHECK: memref.global "private" constant @[[F32:__tile_constant]] : memref<2x2xf32> = dense<{{\[}}[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00]]>
// CHECK-NEXT: memref.global "private" constant @[[I1:__tile_constant_0]] : memref<4xi1> = dense<[true, false, false, true]>
// CHECK-NEXT: memref.global "private" constant @[[F8:__tile_constant_1]] : memref<4xf8E4M3FN> = dense<[1.000000e+00, 2.000000e+00, -5.000000e-01, 4.480000e+02]>
// CHECK-NEXT: memref.global "private" constant @[[F16:__tile_constant_2]] : memref<2xf16> = dense<[2.500000e-01, 6.550400e+04]>
// CHECK-NEXT: memref.global "private" constant @[[I64:__tile_constant_3]] : memref<2xi64> = dense<[-1, 9007199254740993]>
// CHECK-LABEL: gpu.func @constant_dense
// CHECK-NEXT: memref.get_global @[[F32]] : memref<2x2xf32>
// CHECK-NEXT: memref.get_global @[[I1]] : memref<4xi1>
// CHECK-NEXT: memref.get_global @[[F8]] : memref<4xf8E4M3FN>
// CHECK-NEXT: memref.get_global @[[F16]] : memref<2xf16>
// CHECK-NEXT: memref.get_global @[[I64]] : memref<2xi64>
// CHECK-NEXT: gpu.return
cuda_tile.module @m {
  entry @constant_dense() {
    %a = constant <f32: [[1.0, 2.0], [3.0, 4.0]]> : tile<2x2xf32>
    %b = constant <i1: [true, false, false, true]> : tile<4xi1>
    %c = constant <f8E4M3FN: [1.0, 2.0, -0.5, 448.0]> : tile<4xf8E4M3FN>
    %d = constant <f16: [0.25, 65504.0]> : tile<2xf16>
    %e = constant <i64: [-1, 9007199254740993]> : tile<2xi64>
    return
  }
}

// -----

// iota: element i holds i.
// CHECK-LABEL: gpu.func @iota
// CHECK: %[[B:.+]] = memref.alloca() : memref<16xi8>
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT: %[[V:.+]] = arith.index_castui %[[I]] : index to i8
// CHECK-NEXT: memref.store %[[V]], %[[B]][%[[I]]] : memref<16xi8>
cuda_tile.module @m {
  entry @iota() {
    %i = iota : tile<16xi8>
    return
  }
}

// -----

// broadcast reads index 0 along every unit source dimension.
// CHECK-LABEL: gpu.func @broadcast
// CHECK: %[[S:.+]] = memref.alloca() : memref<1x4xi32>
// CHECK: %[[R:.+]] = memref.alloca() : memref<2x4xi32>
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK: scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT: %[[Z:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[V:.+]] = memref.load %[[S]][%[[Z]], %[[J]]] : memref<1x4xi32>
// CHECK-NEXT: memref.store %[[V]], %[[R]][%[[I]], %[[J]]] : memref<2x4xi32>
cuda_tile.module @m {
  entry @broadcast() {
    %s = constant <i32: 7> : tile<1x4xi32>
    %b = broadcast %s : tile<1x4xi32> -> tile<2x4xi32>
    return
  }
}

// -----

// A broadcast, reshape or extract that changes nothing reuses its source.
// CHECK-LABEL: gpu.func @identity_shapes
// CHECK: %[[S:.+]] = memref.alloca() : memref<2x4xf32>
// CHECK-NOT: memref.alloca
// CHECK: gpu.return
cuda_tile.module @m {
  entry @identity_shapes(%i: !cuda_tile.tile<i32>) {
    %s = constant <f32: 0.0> : tile<2x4xf32>
    %b = broadcast %s : tile<2x4xf32> -> tile<2x4xf32>
    %r = reshape %b : tile<2x4xf32> -> tile<2x4xf32>
    %e = extract %r[%i, %i] : tile<2x4xf32> -> tile<2x4xf32>
    return
  }
}

// -----

// reshape keeps row-major element order: result index -> linear position ->
// source index.
// CHECK-LABEL: gpu.func @reshape
// CHECK: %[[S:.+]] = memref.get_global @{{.+}} : memref<2x4xi16>
// CHECK: %[[R:.+]] = memref.alloca() : memref<4x2xi16>
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK: scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT: %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[M:.+]] = arith.muli %[[I]], %[[C2]] : index
// CHECK-NEXT: %[[L:.+]] = arith.addi %[[M]], %[[J]] : index
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[COL:.+]] = arith.remui %[[L]], %[[C4]] : index
// CHECK-NEXT: %[[Q:.+]] = arith.divui %[[L]], %[[C4]] : index
// CHECK-NEXT: %[[C2B:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[ROW:.+]] = arith.remui %[[Q]], %[[C2B]] : index
// CHECK-NEXT: arith.divui
// CHECK-NEXT: %[[V:.+]] = memref.load %[[S]][%[[ROW]], %[[COL]]] : memref<2x4xi16>
// CHECK-NEXT: memref.store %[[V]], %[[R]][%[[I]], %[[J]]] : memref<4x2xi16>
cuda_tile.module @m {
  entry @reshape() {
    %s = constant <i16: [[0, 1, 2, 3], [4, 5, 6, 7]]> : tile<2x4xi16>
    %r = reshape %s : tile<2x4xi16> -> tile<4x2xi16>
    return
  }
}

// -----

// Reshapes to and from rank 0 read or write the single element.
// CHECK-LABEL: gpu.func @reshape_rank0
// CHECK: %[[S:.+]] = memref.alloca() : memref<1x1xf32>
// CHECK: %[[E:.+]] = memref.load %[[S]][%{{.+}}, %{{.+}}] : memref<1x1xf32>
// CHECK: %[[R:.+]] = memref.alloca() : memref<1xf32>
// CHECK: scf.for %[[I:.+]] =
// CHECK: memref.store %[[E]], %[[R]][%[[I]]] : memref<1xf32>
cuda_tile.module @m {
  entry @reshape_rank0() {
    %s = constant <f32: 3.0> : tile<1x1xf32>
    %e = reshape %s : tile<1x1xf32> -> tile<f32>
    %t = reshape %e : tile<f32> -> tile<1xf32>
    return
  }
}

// -----

// permute: result dimension i walks source dimension permutation[i], so
// result[i, j, k] = source[j, k, i] for [2, 0, 1].
// CHECK-LABEL: gpu.func @permute
// CHECK: %[[S:.+]] = memref.alloca() : memref<2x4x8xf32>
// CHECK: %[[R:.+]] = memref.alloca() : memref<8x2x4xf32>
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK: scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK: scf.for %[[K:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT: %[[V:.+]] = memref.load %[[S]][%[[J]], %[[K]], %[[I]]] : memref<2x4x8xf32>
// CHECK-NEXT: memref.store %[[V]], %[[R]][%[[I]], %[[J]], %[[K]]] : memref<8x2x4xf32>
cuda_tile.module @m {
  entry @permute() {
    %s = constant <f32: 1.0> : tile<2x4x8xf32>
    %p = permute %s [2, 0, 1] : tile<2x4x8xf32> -> tile<8x2x4xf32>
    return
  }
}

// -----

// cat copies lhs, then rhs shifted by lhs's extent along the dimension.
// CHECK-LABEL: gpu.func @cat
// CHECK: %[[L:.+]] = memref.alloca() : memref<2x4xi32>
// CHECK: %[[RH:.+]] = memref.alloca() : memref<2x4xi32>
// CHECK: %[[R:.+]] = memref.alloca() : memref<4x4xi32>
// CHECK: %[[Z:.+]] = arith.constant 0 : index
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK: scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT: %[[I2:.+]] = arith.addi %[[I]], %[[Z]] : index
// CHECK-NEXT: %[[J2:.+]] = arith.addi %[[J]], %[[Z]] : index
// CHECK-NEXT: %[[V:.+]] = memref.load %[[L]][%[[I]], %[[J]]] : memref<2x4xi32>
// CHECK-NEXT: memref.store %[[V]], %[[R]][%[[I2]], %[[J2]]] : memref<4x4xi32>
// CHECK: %[[TWO:.+]] = arith.constant 2 : index
// CHECK: scf.for %[[I:.+]] = %{{.+}} to %{{.+}} step
// CHECK: scf.for %[[J:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT: %[[I3:.+]] = arith.addi %[[I]], %[[TWO]] : index
// CHECK-NEXT: %[[J3:.+]] = arith.addi %[[J]], %[[Z]] : index
// CHECK-NEXT: %[[W:.+]] = memref.load %[[RH]][%[[I]], %[[J]]] : memref<2x4xi32>
// CHECK-NEXT: memref.store %[[W]], %[[R]][%[[I3]], %[[J3]]] : memref<4x4xi32>
cuda_tile.module @m {
  entry @cat() {
    %a = constant <i32: 1> : tile<2x4xi32>
    %b = constant <i32: 2> : tile<2x4xi32>
    %c = cat %a, %b dim = 0 : tile<2x4xi32>, tile<2x4xi32> -> tile<4x4xi32>
    return
  }
}

// -----

// extract: the indices count slices, so slice (i, j) of a 2x4 result starts
// at element (2i, 4j).
// CHECK-LABEL: gpu.func @extract
// CHECK-SAME: (%[[I:.+]]: i32, %[[J:.+]]: i32)
// CHECK: %[[S:.+]] = memref.alloca() : memref<8x8xf16>
// CHECK: %[[II:.+]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT: %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[OI:.+]] = arith.muli %[[II]], %[[C2]] : index
// CHECK-NEXT: %[[JJ:.+]] = arith.index_cast %[[J]] : i32 to index
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[OJ:.+]] = arith.muli %[[JJ]], %[[C4]] : index
// CHECK: %[[R:.+]] = memref.alloca() : memref<2x4xf16>
// CHECK: scf.for %[[X:.+]] = %{{.+}} to %{{.+}} step
// CHECK: scf.for %[[Y:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT: %[[SX:.+]] = arith.addi %[[X]], %[[OI]] : index
// CHECK-NEXT: %[[SY:.+]] = arith.addi %[[Y]], %[[OJ]] : index
// CHECK-NEXT: %[[V:.+]] = memref.load %[[S]][%[[SX]], %[[SY]]] : memref<8x8xf16>
// CHECK-NEXT: memref.store %[[V]], %[[R]][%[[X]], %[[Y]]] : memref<2x4xf16>
cuda_tile.module @m {
  entry @extract(%i: !cuda_tile.tile<i32>, %j: !cuda_tile.tile<i32>) {
    %s = constant <f16: 0.5> : tile<8x8xf16>
    %e = extract %s[%i, %j] : tile<8x8xf16> -> tile<2x4xf16>
    return
  }
}

// -----

// insert copies the destination into a fresh buffer, then writes the source
// over slice (i) of it; the destination itself is left unchanged.
// CHECK-LABEL: gpu.func @insert
// CHECK-SAME: (%[[I:.+]]: i32)
// CHECK: %[[SRC:.+]] = memref.alloca() : memref<4xi64>
// CHECK: %[[DST:.+]] = memref.alloca() : memref<16xi64>
// CHECK: %[[II:.+]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[O:.+]] = arith.muli %[[II]], %[[C4]] : index
// CHECK-NEXT: %[[R:.+]] = memref.alloca() : memref<16xi64>
// CHECK-NEXT: memref.copy %[[DST]], %[[R]] : memref<16xi64> to memref<16xi64>
// CHECK: scf.for %[[X:.+]] = %{{.+}} to %{{.+}} step
// CHECK-NEXT: %[[AT:.+]] = arith.addi %[[X]], %[[O]] : index
// CHECK-NEXT: %[[V:.+]] = memref.load %[[SRC]][%[[X]]] : memref<4xi64>
// CHECK-NEXT: memref.store %[[V]], %[[R]][%[[AT]]] : memref<16xi64>
cuda_tile.module @m {
  entry @insert(%i: !cuda_tile.tile<i32>) {
    %s = constant <i64: 1> : tile<4xi64>
    %d = constant <i64: 0> : tile<16xi64>
    %r = insert %s, %d[%i] : tile<4xi64> -> tile<16xi64>
    return
  }
}

// -----

// offset moves each address by the signed count times the pointee size.
// CHECK-LABEL: gpu.func @offset
// CHECK-SAME: (%[[P:.+]]: i64, %[[N:.+]]: i32)
// CHECK-NEXT: %[[W:.+]] = arith.extsi %[[N]] : i32 to i64
// CHECK-NEXT: %[[SZ:.+]] = arith.constant 2 : i64
// CHECK-NEXT: %[[D:.+]] = arith.muli %[[W]], %[[SZ]] : i64
// CHECK-NEXT: arith.addi %[[P]], %[[D]] : i64
cuda_tile.module @m {
  entry @offset(%p: !cuda_tile.tile<!cuda_tile.ptr<bf16>>, %n: !cuda_tile.tile<i32>) {
    %q = offset %p, %n : tile<ptr<bf16>>, tile<i32> -> tile<ptr<bf16>>
    return
  }
}

// -----

// A tile of pointers: element-wise, i64 counts used as they are; the
// pointers die here, so the result is written over them.
// CHECK-LABEL: gpu.func @offset_tile
// CHECK: %[[P:.+]] = memref.alloca() : memref<8xi64>
// CHECK: %[[N:.+]] = memref.alloca() : memref<8xi64>
// CHECK-NOT: memref.alloca
// CHECK: memref.store %{{.+}}, %[[N]]
// CHECK: scf.for %[[I:.+]] =
// CHECK-NEXT: %[[A:.+]] = memref.load %[[P]][%[[I]]] : memref<8xi64>
// CHECK-NEXT: %[[B:.+]] = memref.load %[[N]][%[[I]]] : memref<8xi64>
// CHECK-NEXT: %[[SZ:.+]] = arith.constant 8 : i64
// CHECK-NEXT: %[[D:.+]] = arith.muli %[[B]], %[[SZ]] : i64
// CHECK-NEXT: %[[S:.+]] = arith.addi %[[A]], %[[D]] : i64
// CHECK-NEXT: memref.store %[[S]], %[[P]][%[[I]]] : memref<8xi64>
cuda_tile.module @m {
  entry @offset_tile(%p: !cuda_tile.tile<!cuda_tile.ptr<f64>>) {
    %r = reshape %p : tile<ptr<f64>> -> tile<1xptr<f64>>
    %b = broadcast %r : tile<1xptr<f64>> -> tile<8xptr<f64>>
    %n = iota : tile<8xi64>
    %q = offset %b, %n : tile<8xptr<f64>>, tile<8xi64> -> tile<8xptr<f64>>
    return
  }
}

// -----

// pack to bytes, little-endian: byte j of an f32 tile is bits 8*(j%4).. of
// element j/4.
// CHECK-LABEL: gpu.func @pack_f32
// CHECK: %[[S:.+]] = memref.alloca() : memref<2xf32>
// CHECK: %[[R:.+]] = memref.alloca() : memref<8xi8>
// CHECK: scf.for %[[J:.+]] =
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[E:.+]] = arith.divui %[[J]], %[[C4]] : index
// CHECK-NEXT: %[[C4B:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[K:.+]] = arith.remui %[[J]], %[[C4B]] : index
// CHECK-NEXT: %[[F:.+]] = memref.load %[[S]][%[[E]]] : memref<2xf32>
// CHECK-NEXT: %[[X:.+]] = arith.bitcast %[[F]] : f32 to i32
// CHECK-NEXT: %[[K32:.+]] = arith.index_castui %[[K]] : index to i32
// CHECK-NEXT: %[[C8:.+]] = arith.constant 8 : i32
// CHECK-NEXT: %[[SH:.+]] = arith.muli %[[K32]], %[[C8]] : i32
// CHECK-NEXT: %[[Y:.+]] = arith.shrui %[[X]], %[[SH]] : i32
// CHECK-NEXT: %[[B:.+]] = arith.trunci %[[Y]] : i32 to i8
// CHECK-NEXT: memref.store %[[B]], %[[R]][%[[J]]] : memref<8xi8>
cuda_tile.module @m {
  entry @pack_f32() {
    %s = constant <f32: 1.0> : tile<2xf32>
    %p = pack %s : tile<2xf32> -> tile<8xi8>
    return
  }
}

// -----

// pack of sub-byte elements: element 2j is the low nibble of byte j.
// CHECK-LABEL: gpu.func @pack_i4
// CHECK: %[[S:.+]] = memref.alloca() : memref<8xi4>
// CHECK: scf.for
// CHECK: %[[R:.+]] = memref.alloca() : memref<4xi8>
// CHECK: scf.for %[[J:.+]] =
// CHECK-NEXT: %[[C2:.+]] = arith.constant 2 : index
// CHECK-NEXT: %[[FIRST:.+]] = arith.muli %[[J]], %[[C2]] : index
// CHECK-NEXT: %[[ZERO:.+]] = arith.constant 0 : i8
// CHECK-NEXT: %[[K0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[A0:.+]] = arith.addi %[[FIRST]], %[[K0]] : index
// CHECK-NEXT: %[[E0:.+]] = memref.load %[[S]][%[[A0]]] : memref<8xi4>
// CHECK-NEXT: %[[W0:.+]] = arith.extui %[[E0]] : i4 to i8
// CHECK-NEXT: %[[S0:.+]] = arith.constant 0 : i8
// CHECK-NEXT: %[[L0:.+]] = arith.shli %[[W0]], %[[S0]] : i8
// CHECK-NEXT: %[[B0:.+]] = arith.ori %[[ZERO]], %[[L0]] : i8
// CHECK-NEXT: %[[K1:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[A1:.+]] = arith.addi %[[FIRST]], %[[K1]] : index
// CHECK-NEXT: %[[E1:.+]] = memref.load %[[S]][%[[A1]]] : memref<8xi4>
// CHECK-NEXT: %[[W1:.+]] = arith.extui %[[E1]] : i4 to i8
// CHECK-NEXT: %[[S1:.+]] = arith.constant 4 : i8
// CHECK-NEXT: %[[L1:.+]] = arith.shli %[[W1]], %[[S1]] : i8
// CHECK-NEXT: %[[B1:.+]] = arith.ori %[[B0]], %[[L1]] : i8
// CHECK-NEXT: memref.store %[[B1]], %[[R]][%[[J]]] : memref<4xi8>
cuda_tile.module @m {
  entry @pack_i4() {
    %s = iota : tile<4xi8>
    %t = unpack %s : tile<4xi8> -> tile<8xi4>
    %p = pack %t : tile<8xi4> -> tile<4xi8>
    return
  }
}

// -----

// unpack to wider elements joins bytes, then bitcasts to the element type.
// CHECK-LABEL: gpu.func @unpack_f16
// CHECK: %[[R:.+]] = memref.alloca() : memref<2xf16>
// CHECK: scf.for %[[J:.+]] =
// CHECK: %[[B0:.+]] = arith.ori %{{.+}}, %{{.+}} : i16
// CHECK: %[[S1:.+]] = arith.constant 8 : i16
// CHECK-NEXT: %[[L1:.+]] = arith.shli %{{.+}}, %[[S1]] : i16
// CHECK-NEXT: %[[B1:.+]] = arith.ori %[[B0]], %[[L1]] : i16
// CHECK-NEXT: %[[H:.+]] = arith.bitcast %[[B1]] : i16 to f16
// CHECK-NEXT: memref.store %[[H]], %[[R]][%[[J]]] : memref<2xf16>
cuda_tile.module @m {
  entry @unpack_f16() {
    %s = iota : tile<4xi8>
    %u = unpack %s : tile<4xi8> -> tile<2xf16>
    return
  }
}

// -----

// unpack to narrower elements splits bytes: element j is bits (j%8).. of
// byte j/8 for i1.
// CHECK-LABEL: gpu.func @unpack_i1
// CHECK: %[[S:.+]] = memref.alloca() : memref<2xi8>
// CHECK: %[[R:.+]] = memref.alloca() : memref<16xi1>
// CHECK: scf.for %[[J:.+]] =
// CHECK-NEXT: %[[C8:.+]] = arith.constant 8 : index
// CHECK-NEXT: %[[E:.+]] = arith.divui %[[J]], %[[C8]] : index
// CHECK: %[[X:.+]] = memref.load %[[S]][%[[E]]] : memref<2xi8>
// CHECK: %[[Y:.+]] = arith.shrui %[[X]], %{{.+}} : i8
// CHECK-NEXT: %[[B:.+]] = arith.trunci %[[Y]] : i8 to i1
// CHECK-NEXT: memref.store %[[B]], %[[R]][%[[J]]] : memref<16xi1>
cuda_tile.module @m {
  entry @unpack_i1() {
    %s = iota : tile<2xi8>
    %u = unpack %s : tile<2xi8> -> tile<16xi1>
    return
  }
}

// -----

// tf32 literals live as the f32 values they are (TileLowering.h).
// CHECK: memref.global "private" constant @[[G:.+]] : memref<2xf32> = dense<[1.000000e+00, 5.000000e-01]>
// CHECK-LABEL: gpu.func @constant_tf32
// CHECK-NEXT: memref.get_global @[[G]] : memref<2xf32>
// CHECK-NEXT: arith.constant 3.000000e+00 : f32
cuda_tile.module @m {
  entry @constant_tf32() {
    %a = constant <tf32: [1.0, 0.5]> : tile<2xtf32>
    %b = constant <tf32: 3.0> : tile<tf32>
    return
  }
}
