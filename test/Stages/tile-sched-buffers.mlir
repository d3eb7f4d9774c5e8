// tile-sched packs the tile buffers of a kernel into one arena in the entry
// block; buffers whose lifetimes do not overlap share bytes.
// RUN: tile-sched %s --split-input-file --tilechain-assign-tile-buffers | FileCheck %s --check-prefixes=CHECK,FIRST

// %a lives through the loop (it is read in every iteration), so the loop's
// buffers go above it; %c is born while %b is still read, so they do not
// share; %d is born after everything else died and reuses offset 0.
// CHECK-LABEL: gpu.func @k
// CHECK: %[[ARENA:.*]] = memref.alloca() {alignment = 16 : i64} : memref<128xi8>
// CHECK: %[[O0:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[ARENA]][%[[O0]]][] : memref<128xi8> to memref<16xf32>
// CHECK: %[[O64:.*]] = arith.constant 64 : index
// CHECK: memref.view %[[ARENA]][%[[O64]]][] : memref<128xi8> to memref<8xf32>
// CHECK: %[[O96:.*]] = arith.constant 96 : index
// CHECK: memref.view %[[ARENA]][%[[O96]]][] : memref<128xi8> to memref<8xf32>
// CHECK: %[[D:.*]] = arith.constant 0 : index
// CHECK: memref.view %[[ARENA]][%[[D]]][] : memref<128xi8> to memref<4xf32>
// CHECK-NOT: memref.alloca
// CHECK: gpu.return
module attributes {tilechain.stage = "tile-lower"} {
  gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
    gpu.func @k(%arg0: i64) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %f = arith.constant 1.0 : f32
      %a = memref.alloca() : memref<16xf32>
      memref.store %f, %a[%c0] : memref<16xf32>
      scf.for %i = %c0 to %c4 step %c1 {
        %b = memref.alloca() : memref<8xf32>
        %x = memref.load %a[%c0] : memref<16xf32>
        memref.store %x, %b[%c0] : memref<8xf32>
        %c = memref.alloca() : memref<8xf32>
        %y = memref.load %b[%c0] : memref<8xf32>
        memref.store %y, %c[%c0] : memref<8xf32>
      }
      %d = memref.alloca() : memref<4xf32>
      memref.store %f, %d[%c0] : memref<4xf32>
      gpu.return
    }
  }
}

// -----

// The first op of the entry block may itself be a buffer.
// FIRST-LABEL: gpu.func @first
// FIRST: %[[ARENA:.*]] = memref.alloca() {alignment = 16 : i64} : memref<32xi8>
// FIRST: memref.view %[[ARENA]][%{{.*}}][] : memref<32xi8> to memref<4xi32>
// FIRST: memref.view %[[ARENA]][%{{.*}}][] : memref<32xi8> to memref<4xi32>
// FIRST-NOT: memref.alloca
// FIRST: gpu.return
module attributes {tilechain.stage = "tile-lower"} {
  gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
    gpu.func @first() kernel {
      %a = memref.alloca() : memref<4xi32>
      %b = memref.alloca() : memref<4xi32>
      %c0 = arith.constant 0 : index
      %x = memref.load %a[%c0] : memref<4xi32>
      memref.store %x, %b[%c0] : memref<4xi32>
      gpu.return
    }
  }
}
