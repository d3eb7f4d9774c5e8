// RUN: tile-lower %s --gpu-name=sm_90 --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s

// reduce and scan fold the elements along `dim` in index order (reverse
// index order for reverse scans): the first element starts the fold and the
// body, inlined once inside the k loop, combines (accumulated, next).

// CHECK-LABEL: gpu.func @reduce_inner_dim(
// CHECK: %[[SRC:[a-z0-9_]+]] = memref.alloca() : memref<2x4xf32>
// CHECK: %[[DST:[a-z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK: scf.for %[[I:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step
// CHECK: %[[C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[FIRST:[a-z0-9_]+]] = memref.load %[[SRC]][%[[I]], %[[C0]]] : memref<2x4xf32>
// CHECK-DAG: %[[ONE:[a-z0-9_]+]] = arith.constant 1 : index
// CHECK-DAG: %[[FOUR:[a-z0-9_]+]] = arith.constant 4 : index
// CHECK: %[[SUM:[a-z0-9_]+]] = scf.for %[[K:[a-z0-9_]+]] = %[[ONE]] to %[[FOUR]] step %{{.+}} iter_args(%[[ACC:[a-z0-9_]+]] = %[[FIRST]]) -> (f32) {
// CHECK-NEXT: %[[X:[a-z0-9_]+]] = memref.load %[[SRC]][%[[I]], %[[K]]] : memref<2x4xf32>
// CHECK-NEXT: %[[NEW:[a-z0-9_]+]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK-NEXT: scf.yield %[[NEW]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: memref.store %[[SUM]], %[[DST]][%[[I]]] : memref<2xf32>
cuda_tile.module @m {
  entry @reduce_inner_dim() {
    %t = constant <f32: 1.0> : tile<2x4xf32>
    %r = reduce %t dim=1 identities=[0.0 : f32] : tile<2x4xf32> -> tile<2xf32>
        (%acc: tile<f32>, %x: tile<f32>) {
      %s = addf %acc, %x : tile<f32>
      yield %s : tile<f32>
    }
    return
  }
}

// -----

// The outer dim: the result loop runs over dim 1, the fold over dim 0.
// CHECK-LABEL: gpu.func @reduce_outer_dim(
// CHECK: %[[SRC:[a-z0-9_]+]] = memref.alloca() : memref<8x2xi32>
// CHECK: %[[DST:[a-z0-9_]+]] = memref.alloca() : memref<2xi32>
// CHECK: scf.for %[[J:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step
// CHECK: %[[C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[FIRST:[a-z0-9_]+]] = memref.load %[[SRC]][%[[C0]], %[[J]]] : memref<8x2xi32>
// CHECK: %[[M:[a-z0-9_]+]] = scf.for %[[K:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step %{{.+}} iter_args(%[[ACC:[a-z0-9_]+]] = %[[FIRST]]) -> (i32) {
// CHECK-NEXT: %[[X:[a-z0-9_]+]] = memref.load %[[SRC]][%[[K]], %[[J]]] : memref<8x2xi32>
// CHECK-NEXT: %[[NEW:[a-z0-9_]+]] = arith.maxsi %[[ACC]], %[[X]] : i32
// CHECK-NEXT: scf.yield %[[NEW]] : i32
// CHECK: memref.store %[[M]], %[[DST]][%[[J]]] : memref<2xi32>
cuda_tile.module @m {
  entry @reduce_outer_dim() {
    %t = constant <i32: 3> : tile<8x2xi32>
    %r = reduce %t dim=0 identities=[-2147483648 : i32] : tile<8x2xi32> -> tile<2xi32>
        (%acc: tile<i32>, %x: tile<i32>) {
      %s = maxi %acc, %x signed : tile<i32>
      yield %s : tile<i32>
    }
    return
  }
}

// -----

// A rank-1 tile reduces to a scalar: no result buffer, no outer loop.
// CHECK-LABEL: gpu.func @reduce_to_scalar(
// CHECK: %[[SRC:[a-z0-9_]+]] = memref.alloca() : memref<4xf32>
// CHECK: %[[FIRST:[a-z0-9_]+]] = memref.load %[[SRC]][%{{.+}}] : memref<4xf32>
// CHECK: %[[P:[a-z0-9_]+]] = scf.for %[[K:[a-z0-9_]+]] = {{.+}} iter_args(%[[ACC:[a-z0-9_]+]] = %[[FIRST]]) -> (f32) {
// CHECK-NEXT: %[[X:[a-z0-9_]+]] = memref.load %[[SRC]][%[[K]]] : memref<4xf32>
// CHECK-NEXT: %[[NEW:[a-z0-9_]+]] = arith.mulf %[[ACC]], %[[X]] : f32
// CHECK-NEXT: scf.yield %[[NEW]] : f32
// CHECK: arith.addf %[[P]], %[[P]] : f32
// CHECK-NOT: memref.alloca
// CHECK: gpu.return
cuda_tile.module @m {
  entry @reduce_to_scalar() {
    %t = constant <f32: 2.0> : tile<4xf32>
    %r = reduce %t dim=0 identities=[1.0 : f32] : tile<4xf32> -> tile<f32>
        (%acc: tile<f32>, %x: tile<f32>) {
      %s = mulf %acc, %x : tile<f32>
      yield %s : tile<f32>
    }
    %twice = addf %r, %r : tile<f32>
    return
  }
}

// -----

// Several operands fold together (argmax: value and index): one loop
// carries both, the body sees the pairs (acc0, x0, acc1, x1), and each
// result gets its own buffer.
// CHECK-LABEL: gpu.func @reduce_argmax(
// CHECK: %[[V:[a-z0-9_]+]] = memref.alloca() : memref<2x4xf32>
// CHECK: %[[I:[a-z0-9_]+]] = memref.alloca() : memref<2x4xi32>
// CHECK: %[[RV:[a-z0-9_]+]] = memref.alloca() : memref<2xf32>
// CHECK: %[[RI:[a-z0-9_]+]] = memref.alloca() : memref<2xi32>
// CHECK: scf.for %[[R:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step
// CHECK: %[[V0:[a-z0-9_]+]] = memref.load %[[V]][%[[R]], %[[C0:[a-z0-9_]+]]] : memref<2x4xf32>
// CHECK-NEXT: %[[I0:[a-z0-9_]+]] = memref.load %[[I]][%[[R]], %[[C0]]] : memref<2x4xi32>
// CHECK: %[[OUT:[a-z0-9_]+]]:2 = scf.for %[[K:[a-z0-9_]+]] = {{.+}} iter_args(%[[AV:[a-z0-9_]+]] = %[[V0]], %[[AI:[a-z0-9_]+]] = %[[I0]]) -> (f32, i32) {
// CHECK-NEXT: %[[XV:[a-z0-9_]+]] = memref.load %[[V]][%[[R]], %[[K]]] : memref<2x4xf32>
// CHECK-NEXT: %[[XI:[a-z0-9_]+]] = memref.load %[[I]][%[[R]], %[[K]]] : memref<2x4xi32>
// CHECK-NEXT: %[[GT:[a-z0-9_]+]] = arith.cmpf ogt, %[[XV]], %[[AV]] : f32
// CHECK-NEXT: %[[SV:[a-z0-9_]+]] = arith.select %[[GT]], %[[XV]], %[[AV]] : f32
// CHECK-NEXT: %[[SI:[a-z0-9_]+]] = arith.select %[[GT]], %[[XI]], %[[AI]] : i32
// CHECK-NEXT: scf.yield %[[SV]], %[[SI]] : f32, i32
// CHECK: memref.store %[[OUT]]#0, %[[RV]][%[[R]]] : memref<2xf32>
// CHECK-NEXT: memref.store %[[OUT]]#1, %[[RI]][%[[R]]] : memref<2xi32>
cuda_tile.module @m {
  entry @reduce_argmax() {
    %v = constant <f32: 1.0> : tile<2x4xf32>
    %i = constant <i32: 0> : tile<2x4xi32>
    %rv, %ri = reduce %v, %i dim=1 identities=[0xFF800000 : f32, 0 : i32]
        : tile<2x4xf32>, tile<2x4xi32> -> tile<2xf32>, tile<2xi32>
        (%av: tile<f32>, %xv: tile<f32>, %ai: tile<i32>, %xi: tile<i32>) {
      %gt = cmpf greater_than ordered %xv, %av : tile<f32> -> tile<i1>
      %sv = select %gt, %xv, %av : tile<i1>, tile<f32>
      %si = select %gt, %xi, %ai : tile<i1>, tile<i32>
      yield %sv, %si : tile<f32>, tile<i32>
    }
    return
  }
}

// -----

// A scan stores every partial fold: the first element as is, then each step.
// CHECK-LABEL: gpu.func @scan_forward(
// CHECK: %[[SRC:[a-z0-9_]+]] = memref.alloca() : memref<4x2xf32>
// CHECK: %[[DST:[a-z0-9_]+]] = memref.alloca() : memref<4x2xf32>
// CHECK: scf.for %[[J:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step
// CHECK: %[[C0:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[FIRST:[a-z0-9_]+]] = memref.load %[[SRC]][%[[C0]], %[[J]]] : memref<4x2xf32>
// CHECK-NEXT: memref.store %[[FIRST]], %[[DST]][%[[C0]], %[[J]]] : memref<4x2xf32>
// CHECK: scf.for %[[K:[a-z0-9_]+]] = {{.+}} iter_args(%[[ACC:[a-z0-9_]+]] = %[[FIRST]]) -> (f32) {
// CHECK-NEXT: %[[X:[a-z0-9_]+]] = memref.load %[[SRC]][%[[K]], %[[J]]] : memref<4x2xf32>
// CHECK-NEXT: %[[NEW:[a-z0-9_]+]] = arith.addf %[[ACC]], %[[X]] : f32
// CHECK-NEXT: memref.store %[[NEW]], %[[DST]][%[[K]], %[[J]]] : memref<4x2xf32>
// CHECK-NEXT: scf.yield %[[NEW]] : f32
cuda_tile.module @m {
  entry @scan_forward() {
    %t = constant <f32: 1.0> : tile<4x2xf32>
    %s = scan %t dim=0 reverse=false identities=[0.0 : f32] : tile<4x2xf32> -> tile<4x2xf32>
        (%acc: tile<f32>, %x: tile<f32>) {
      %y = addf %acc, %x : tile<f32>
      yield %y : tile<f32>
    }
    return
  }
}

// -----

// A reverse scan starts at the last element and walks down: step k reads and
// writes position 7 - k.
// CHECK-LABEL: gpu.func @scan_reverse(
// CHECK: %[[SRC:[a-z0-9_]+]] = memref.alloca() : memref<8xi32>
// CHECK: %[[DST:[a-z0-9_]+]] = memref.alloca() : memref<8xi32>
// CHECK: %[[LASTPOS:[a-z0-9_]+]] = arith.subi %[[SEVEN:[a-z0-9_]+]], %{{.+}} : index
// CHECK-NEXT: %[[FIRST:[a-z0-9_]+]] = memref.load %[[SRC]][%[[LASTPOS]]] : memref<8xi32>
// CHECK: memref.store %[[FIRST]], %[[DST]]
// CHECK: scf.for %[[K:[a-z0-9_]+]] = {{.+}} iter_args(%[[ACC:[a-z0-9_]+]] = %[[FIRST]]) -> (i32) {
// CHECK-NEXT: %[[C7:[a-z0-9_]+]] = arith.constant 7 : index
// CHECK-NEXT: %[[POS:[a-z0-9_]+]] = arith.subi %[[C7]], %[[K]] : index
// CHECK-NEXT: %[[X:[a-z0-9_]+]] = memref.load %[[SRC]][%[[POS]]] : memref<8xi32>
// CHECK-NEXT: %[[NEW:[a-z0-9_]+]] = arith.addi %[[ACC]], %[[X]] : i32
// CHECK-NEXT: %[[C7B:[a-z0-9_]+]] = arith.constant 7 : index
// CHECK-NEXT: %[[POSB:[a-z0-9_]+]] = arith.subi %[[C7B]], %[[K]] : index
// CHECK-NEXT: memref.store %[[NEW]], %[[DST]][%[[POSB]]] : memref<8xi32>
cuda_tile.module @m {
  entry @scan_reverse() {
    %t = constant <i32: 1> : tile<8xi32>
    %s = scan %t dim=0 reverse=true identities=[0 : i32] : tile<8xi32> -> tile<8xi32>
        (%acc: tile<i32>, %x: tile<i32>) {
      %y = addi %acc, %x : tile<i32>
      yield %y : tile<i32>
    }
    return
  }
}

// -----

// A middle dim of a rank-3 tile: the position is (i, k, j).
// CHECK-LABEL: gpu.func @reduce_middle_dim(
// CHECK: %[[SRC:[a-z0-9_]+]] = memref.alloca() : memref<2x4x8xf16>
// CHECK: %[[DST:[a-z0-9_]+]] = memref.alloca() : memref<2x8xf16>
// CHECK: scf.for %[[I:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step
// CHECK: scf.for %[[J:[a-z0-9_]+]] = %{{.+}} to %{{.+}} step
// CHECK: memref.load %[[SRC]][%[[I]], %{{.+}}, %[[J]]] : memref<2x4x8xf16>
// CHECK: scf.for %[[K:[a-z0-9_]+]] = {{.+}} -> (f16) {
// CHECK-NEXT: memref.load %[[SRC]][%[[I]], %[[K]], %[[J]]] : memref<2x4x8xf16>
// CHECK: memref.store %{{.+}}, %[[DST]][%[[I]], %[[J]]] : memref<2x8xf16>
cuda_tile.module @m {
  entry @reduce_middle_dim() {
    %t = constant <f16: 1.0> : tile<2x4x8xf16>
    %r = reduce %t dim=1 identities=[0.0 : f16] : tile<2x4x8xf16> -> tile<2x8xf16>
        (%acc: tile<f16>, %x: tile<f16>) {
      %s = addf %acc, %x : tile<f16>
      yield %s : tile<f16>
    }
    return
  }
}
