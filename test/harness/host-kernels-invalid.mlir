// The host backend refuses GPU-only operations with a located diagnostic.
// RUN: not tile-llc --emit=host-obj %s -o /dev/null 2>&1 | FileCheck %s

// CHECK: host-kernels-invalid.mlir:[[@LINE+5]]:{{[0-9]+}}: error: the host backend cannot run 'nvvm.read.ptx.sreg.tid.x' (a GPU-only operation)

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">] {
    gpu.func @k(%p: i64) kernel {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %ptr = llvm.inttoptr %p : i64 to !llvm.ptr<1>
      llvm.store %tid, %ptr : i32, !llvm.ptr<1>
      gpu.return
    }
  }
}
