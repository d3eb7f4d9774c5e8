// Directed rounding has no host counterpart (the host emulates only the
// round-to-nearest and approximate NVVM forms): refused with the location.
// RUN: not tile-llc --emit=host-obj %s -o %t.o 2>&1 | FileCheck %s
// RUN: not test -e %t.o

// CHECK: host-rounding-invalid.mlir:[[@LINE+5]]:{{[0-9]+}}: error: the host backend cannot run 'llvm.call_intrinsic' (a GPU-only operation)

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">] {
    gpu.func @k(%p: i64, %x: f32) kernel {
      %r = llvm.call_intrinsic "llvm.nvvm.add.rz.f"(%x, %x) : (f32, f32) -> f32
      %ptr = llvm.inttoptr %p : i64 to !llvm.ptr<1>
      llvm.store %r, %ptr : f32, !llvm.ptr<1>
      gpu.return
    }
  }
}
