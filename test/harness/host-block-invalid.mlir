// The host backend refuses, with the kernel's location, what it cannot run
// as a block: blocks that are not (N, 1, 1), shuffles in a block of partial
// warps or of other types than i32 and f32, attributions it cannot allocate.
// RUN: split-file %s %t
// RUN: not tile-llc --emit=host-obj %t/square.mlir -o %t/square.o 2>&1 | FileCheck %s --check-prefix=SQUARE
// RUN: not test -e %t/square.o
// RUN: not tile-llc --emit=host-obj %t/partial.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=PARTIAL
// RUN: not tile-llc --emit=host-obj %t/half.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=HALF
// RUN: not tile-llc --emit=host-obj %t/index.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=INDEX

// SQUARE: square.mlir:3:5: error: the host backend runs blocks of (N, 1, 1) threads, 1 <= N <= 1024, not nvvm.reqntid = array<i32: 16, 16, 1>
// PARTIAL: partial.mlir:3:5: error: the host backend runs shuffles and mma.sync within whole warps; nvvm.reqntid x = 48 is not a multiple of 32
// HALF: half.mlir:6:17: error: the host backend shuffles i32 and f32 values, not 'f16'
// INDEX: index.mlir:3:5: error: the host backend allocates attributions of static shape and integer or float elements, not 'memref<4xindex, #gpu.address_space<workgroup>>'

//--- square.mlir
module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">] {
    gpu.func @square(%p: !llvm.ptr<1>) kernel attributes {nvvm.reqntid = array<i32: 16, 16, 1>} {
      gpu.return
    }
  }
}
//--- partial.mlir
module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">] {
    gpu.func @partial_warp(%p: !llvm.ptr<1>) kernel attributes {nvvm.reqntid = array<i32: 48, 1, 1>} {
      %c1 = arith.constant 1 : i32
      %w = arith.constant 32 : i32
      %r, %ok = gpu.shuffle xor %c1, %c1, %w : i32
      llvm.store %r, %p : i32, !llvm.ptr<1>
      gpu.return
    }
  }
}
//--- half.mlir
module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">] {
    gpu.func @half(%p: !llvm.ptr<1>, %x: f16) kernel attributes {nvvm.reqntid = array<i32: 32, 1, 1>} {
      %c1 = arith.constant 1 : i32
      %w = arith.constant 32 : i32
      %r, %ok = gpu.shuffle xor %x, %c1, %w : f16
      llvm.store %r, %p : f16, !llvm.ptr<1>
      gpu.return
    }
  }
}
//--- index.mlir
module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">] {
    gpu.func @indices(%p: !llvm.ptr<1>) workgroup(%w : memref<4xindex, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 32, 1, 1>} {
      gpu.return
    }
  }
}
