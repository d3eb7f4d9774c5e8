// RUN: tile-lower %s --gpu-name=sm_90a --opt-level=1 --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s
// RUN: tile-lower %s --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=DEFAULT
// RUN: tile-lower %s --gpu-name=sm_120 --emit-bytecode | tile-sched | FileCheck %s --check-prefix=BYTECODE

// Each cuda_tile.module becomes a gpu.module of the same name, targeting the
// --gpu-name chip; the module records that tile-lower produced it.

// CHECK: module attributes {tilechain.stage = "tile-lower"}
// CHECK-NEXT: gpu.module @first [#nvvm.target<O = 1, chip = "sm_90a">] {
// CHECK-NEXT: }
// CHECK-NEXT: gpu.module @second [#nvvm.target<O = 1, chip = "sm_90a">] {
// CHECK-NEXT: }
// CHECK-NOT: cuda_tile

// DEFAULT: gpu.module @first [#nvvm.target<O = 3, chip = "sm_100">]

// BYTECODE: module attributes {tilechain.stage = "tile-sched"}
// BYTECODE: gpu.module @first [#nvvm.target<O = 3, chip = "sm_120">]

cuda_tile.module @first {
}
cuda_tile.module @second {
}
