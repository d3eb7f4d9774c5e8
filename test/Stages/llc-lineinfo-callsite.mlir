// A call-site location whose callee is unknown (a front end may write one;
// the pipeline fuzz target found one in a damaged fused MoE file) has no
// file position for the debug scope of --lineinfo: it takes its caller's
// (tilechain-call-site-locations), where MLIR 22's scope pass crashed.
// RUN: tile-lower --gpu-name=sm_90 --emit-bytecode %s | tile-sched --emit-bytecode \
// RUN:   | tile-llc --emit=ptx --lineinfo | FileCheck %s

// CHECK: .entry k(
// CHECK: .loc 1 3 7
// CHECK: .loc 1 4 7
// CHECK: .file 1 "k.py"
cuda_tile.module @kernels {
  entry @k(%p: tile<ptr<f32>>, %v: tile<f32>) {
    %c = addf %v, %v : tile<f32> loc(callsite(unknown at "k.py":3:7))
    %t = store_ptr_tko weak %p, %c : tile<ptr<f32>>, tile<f32> -> token loc("k.py":4:7)
    return loc("k.py":5:7)
  } loc("k.py":1:0)
} loc("k.py":1:0)
