// RUN: tile-sched %s | FileCheck %s
// RUN: tile-sched %s --emit-bytecode | tile-llc | FileCheck %s --check-prefix=NEXT

// tile-sched takes tile-lower's output, a tile program with the target it is
// for, materializes it for that target and marks its own.

// CHECK: module attributes {tilechain.stage = "tile-sched"}
// CHECK-NEXT: gpu.module @probe [#nvvm.target<O = 3, chip = "sm_100a">] {
// CHECK-NEXT: }

// NEXT: .target sm_100a

module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<O = 3, chip = "sm_100a">, tilechain.tile_form = "serial"} {
  cuda_tile.module @probe {
  }
}
