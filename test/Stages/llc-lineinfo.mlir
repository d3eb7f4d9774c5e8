// tile-llc --lineinfo gives every kernel a line table from its source
// positions (kept in bytecode between stages); without it the PTX has none.
// Every kernel is a single-thread program and says so with .reqntid.
// RUN: tile-lower --gpu-name=sm_90 --emit-bytecode %s | tile-sched --emit-bytecode \
// RUN:   | tile-llc --emit=ptx --lineinfo | FileCheck %s --check-prefix=LINES
// RUN: tile-lower --gpu-name=sm_90 --emit-bytecode %s | tile-sched --emit-bytecode \
// RUN:   | tile-llc --emit=ptx | FileCheck %s --check-prefix=NOLINES
// ptxas takes the line table in optimized code (DWARF sections it would not).
// REQUIRES: ptxas
// RUN: tile-lower --gpu-name=sm_90 --emit-bytecode %s | tile-sched --emit-bytecode \
// RUN:   | tile-llc --emit=ptx --lineinfo -o %t.ptx
// RUN: tile-link %t.ptx --opt-level=3 --lineinfo -o %t.cubin

// LINES: .entry k(
// LINES: .reqntid 1, 1, 1
// LINES: .loc 1 23 5
// LINES: .file 1 "{{.*}}llc-lineinfo.mlir"
// NOLINES: .reqntid 1, 1, 1
// NOLINES-NOT: .maxntid
// NOLINES-NOT: .loc
cuda_tile.module @kernels {
  entry @k() {
    return
  }
}
