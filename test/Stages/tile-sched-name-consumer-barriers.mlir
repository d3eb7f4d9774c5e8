// tilechain-name-consumer-barriers: in a warp-specialized kernel
// (tilechain.consumer_warps, which the pass removes), each gpu.barrier
// after the producer's split (the body's scf.if whose region exits),
// nested ones included, becomes the consumers' named barrier
// `bar.sync 1, 32 W`; a barrier before the split stays the block's.
// RUN: tile-sched %s --split-input-file --verify-diagnostics --tilechain-name-consumer-barriers | FileCheck %s

// CHECK-LABEL: gpu.func @split
// CHECK-NOT: tilechain.consumer_warps
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK: nvvm.exit
// CHECK-DAG: %[[ID:.*]] = arith.constant 1 : i32
// CHECK-DAG: %[[COUNT:.*]] = arith.constant 256 : i32
// CHECK: nvvm.barrier id = %[[ID]] number_of_threads = %[[COUNT]]
// CHECK: scf.for
// CHECK: nvvm.barrier id = {{%.+}} number_of_threads = {{%.+}}
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @split(%n: index) kernel attributes {nvvm.reqntid = array<i32: 384, 1, 1>, tilechain.consumer_warps = 8 : i32} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c256 = arith.constant 256 : index
    %t = gpu.thread_id x
    gpu.barrier
    %producer = arith.cmpi uge, %t, %c256 : index
    scf.if %producer {
      nvvm.exit
    }
    gpu.barrier
    scf.for %i = %c0 to %n step %c1 {
      gpu.barrier
    }
    gpu.return
  }
}

// -----

// Without a split the count has nothing to apply to.
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  // expected-error @+1 {{is warp-specialized (tilechain.consumer_warps) but has no producer split (an scf.if of its body whose region exits)}}
  gpu.func @no_split() kernel attributes {nvvm.reqntid = array<i32: 384, 1, 1>, tilechain.consumer_warps = 8 : i32} {
    gpu.barrier
    gpu.return
  }
}
