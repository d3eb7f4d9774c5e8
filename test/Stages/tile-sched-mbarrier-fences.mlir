// tile-sched removes a fence.mbarrier_init that the same thread's next one
// covers: the async proxy first acts on an mbarrier at a TMA copy or a
// tcgen05 commit, and a fence makes all of the thread's earlier inits
// visible to it (tilechain-drop-covered-mbarrier-fences).
// RUN: tile-sched %s --split-input-file --tilechain-drop-covered-mbarrier-fences | FileCheck %s

// A commit's mbarriers, then a ring's, set up by thread 0 before the first
// copy and commit: the first fence goes, the second stays.
// CHECK-LABEL: gpu.func @two_setups
// CHECK: tile_dist.mbarrier_init %{{.+}}[%c1]
// CHECK-NEXT: }
// CHECK: tile_dist.mbarrier_init %{{.+}}[%c2]
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK: tile_dist.tensor_copy
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_100a">] {
  gpu.func @two_setups(%map: !llvm.ptr, %base: !llvm.ptr<1>, %i: index, %x: i32) workgroup(%bars: memref<4xi64, #gpu.address_space<workgroup>>, %stage: memref<8192xf16, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<4xi64, #gpu.address_space<workgroup>>
      tile_dist.mbarrier_init %bars[%c1], %one : memref<4xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c2], %one : memref<4xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    gpu.barrier
    scf.if %first {
      tile_dist.tensor_copy %map, %base, [%i, %i], [%i] at [%x, %x] into %stage[%c0], %bars[%c2] {box = array<i64: 64, 128>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf16, #gpu.address_space<workgroup>>, memref<4xi64, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// Kept: a copy comes between the two setups; the second setup is on
// another condition (another thread, for all this pass knows); no second
// setup follows.
// CHECK-LABEL: gpu.func @copy_between
// CHECK-COUNT-2: nvvm.fence.mbarrier.init
// CHECK-LABEL: gpu.func @other_condition
// CHECK-COUNT-2: nvvm.fence.mbarrier.init
// CHECK-LABEL: gpu.func @alone
// CHECK: nvvm.fence.mbarrier.init
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_100a">] {
  gpu.func @copy_between(%map: !llvm.ptr, %base: !llvm.ptr<1>, %i: index, %x: i32) workgroup(%bars: memref<4xi64, #gpu.address_space<workgroup>>, %stage: memref<8192xf16, #gpu.address_space<workgroup>>) kernel {
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
      tile_dist.tensor_copy %map, %base, [%i, %i], [%i] at [%x, %x] into %stage[%c0], %bars[%c0] {box = array<i64: 64, 128>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf16, #gpu.address_space<workgroup>>, memref<4xi64, #gpu.address_space<workgroup>>
    }
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c2], %one : memref<4xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    gpu.return
  }
  gpu.func @other_condition(%other: i1) workgroup(%bars: memref<4xi64, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<4xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    scf.if %other {
      tile_dist.mbarrier_init %bars[%c2], %one : memref<4xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    gpu.return
  }
  gpu.func @alone() workgroup(%bars: memref<4xi64, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i32
    %t = gpu.thread_id x
    %first = arith.cmpi eq, %t, %c0 : index
    scf.if %first {
      tile_dist.mbarrier_init %bars[%c0], %one : memref<4xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
    }
    gpu.return
  }
}
