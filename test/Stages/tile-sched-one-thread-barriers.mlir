// tile-sched removes a barrier where, from the barrier before it to the one
// after it, only thread 0 does anything another thread could observe
// (tilechain-drop-one-thread-barriers): thread 0's own ops are in program
// order, and the others' come before or after those barriers.
// RUN: tile-sched %s --split-input-file --tilechain-drop-one-thread-barriers | FileCheck %s

// Two TMA rings set up in a row, each by thread 0 (tid == 0) and closed by a
// barrier: the first ring's barrier goes, the second's stays (the threads
// wait on the rings' mbarriers after it).
// CHECK-LABEL: gpu.func @two_ring_setups
// CHECK: tile_dist.mbarrier_init
// CHECK-NOT: gpu.barrier
// CHECK: tile_dist.mbarrier_init
// CHECK: gpu.barrier
// CHECK-NEXT: tile_dist.mbarrier_wait
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @two_ring_setups(%x: i32) workgroup(%bars: memref<4xi64, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<4xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c2], %one : memref<4xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    tile_dist.mbarrier_wait %bars[%c0], %x : memref<4xi64, #gpu.address_space<workgroup>>
    tile_dist.mbarrier_wait %bars[%c2], %x : memref<4xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// Thread 0 as lane 0 of warp 0 (tid & 31 == 0 and tid >> 5 == 0, as the
// lowerings write it), the stretch after the barrier running into a loop
// body up to its first barrier and past the loop: the barrier goes. The
// loop's own barrier stays: the threads' stores come after it.
// CHECK-LABEL: gpu.func @lane_and_warp_zero
// CHECK: nvvm.fence.mbarrier.init
// CHECK-NEXT: }
// CHECK-NEXT: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.store
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @lane_and_warp_zero(%y: f32, %n: index) workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>, %s: memref<64xf32, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %c31 = arith.constant 31 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %lane = arith.andi %t, %c31 : index
    %warp = arith.shrui %t, %c5 : index
    %lane0 = arith.cmpi eq, %lane, %c0 : index
    %warp0 = arith.cmpi eq, %warp, %c0 : index
    %first = arith.andi %lane0, %warp0 : i1
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    scf.for %i = %c0 to %n step %c1 {
      gpu.barrier
      memref.store %y, %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// Kept where another thread does something observable on either side: a
// store to shared memory by every thread after it; a proxy fence by every
// thread before it (it orders their earlier writes before thread 0's TMA
// copy); thread 0's work guarded by a warp's condition (tid >> 5 == 0,
// 32 threads); a barrier whose stretch reaches the end of a loop body (the
// loop's; the one after the loop, with thread 0's work of the body's last
// iteration before it and nothing after it, goes). Thread-private stores
// (an alloca) do not count. In a block of (32, 4, 1) threads, tid.x == 0
// is four threads, and the barrier between their work stays.
// CHECK-LABEL: gpu.func @observed_after
// CHECK-COUNT-2: gpu.barrier
// CHECK-LABEL: gpu.func @fenced_before
// CHECK-COUNT-2: gpu.barrier
// CHECK-LABEL: gpu.func @warp_not_thread
// CHECK-COUNT-2: gpu.barrier
// CHECK-LABEL: gpu.func @end_of_loop_body
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
// CHECK-LABEL: gpu.func @private_stores
// CHECK-COUNT-1: gpu.barrier
// CHECK-NOT: gpu.barrier
// CHECK-LABEL: gpu.func @two_dimensional_block
// CHECK: gpu.barrier
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @observed_after(%y: f32) workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>, %s: memref<64xf32, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    memref.store %y, %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    gpu.return
  }
  gpu.func @fenced_before(%y: f32) workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    gpu.barrier
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
  gpu.func @warp_not_thread(%y: f32) workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c5 = arith.constant 5 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %warp = arith.shrui %t, %c5 : index
    %warp0 = arith.cmpi eq, %warp, %c0 : index
    gpu.barrier
    scf.if %warp0 {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    gpu.return
  }
  gpu.func @end_of_loop_body(%n: index) workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.for %i = %c0 to %n step %c1 {
      gpu.barrier
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
      }
    }
    gpu.barrier
    gpu.return
  }
  gpu.func @private_stores(%y: f32) workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>, %s: memref<64xf32, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    %own = memref.alloca() : memref<1xf32>
    gpu.barrier
    memref.store %y, %own[%c0] : memref<1xf32>
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    memref.store %y, %s[%t] : memref<64xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @two_dimensional_block() workgroup(%bars: memref<2xi64, #gpu.address_space<workgroup>>) kernel attributes {nvvm.reqntid = array<i32: 32, 4, 1>} {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}
