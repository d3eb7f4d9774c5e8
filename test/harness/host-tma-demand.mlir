// A stalled sweep lands the queued TMA copy that a waiting thread needs,
// not simply the oldest (HostAsyncLandings.cpp): a TMA unit may complete
// its copies in any order. Thread 63 copies a box into `first` (mbarrier
// 0), then one into `second` (mbarrier 1). Where every thread waits on
// both mbarriers, the values are right under every seed. Where they wait
// on the second alone, the first box is still in flight when they read it:
// under seed 0 it lands only as the block ends, and the reads see shared
// memory as it started (0xFF bytes, NaN); under seed 1 both land at issue.
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: env TILECHAIN_HOST_SEED=0 %hpython %S/Inputs/run_host_block.py %t.so waits_both --grid 1 \
// RUN:   --buffer src:float32:128:iota --buffer out:float32:128 --expect 'out=src' | FileCheck %s --check-prefix=BOTH
// RUN: env TILECHAIN_HOST_SEED=1 %hpython %S/Inputs/run_host_block.py %t.so waits_both --grid 1 \
// RUN:   --buffer src:float32:128:iota --buffer out:float32:128 --expect 'out=src' | FileCheck %s --check-prefix=BOTH
// RUN: env TILECHAIN_HOST_SEED=7 %hpython %S/Inputs/run_host_block.py %t.so waits_both --grid 1 \
// RUN:   --buffer src:float32:128:iota --buffer out:float32:128 --expect 'out=src' | FileCheck %s --check-prefix=BOTH
// RUN: env TILECHAIN_HOST_SEED=1 %hpython %S/Inputs/run_host_block.py %t.so waits_second --grid 1 \
// RUN:   --buffer src:float32:128:iota --buffer out:float32:128 --expect 'out=src' | FileCheck %s --check-prefix=EARLY
// RUN: env TILECHAIN_HOST_SEED=0 not %hpython %S/Inputs/run_host_block.py %t.so waits_second --grid 1 \
// RUN:   --buffer src:float32:128:iota --buffer out:float32:128 --expect 'out=src' 2>&1 | FileCheck %s --check-prefix=LATE

// BOTH: waits_both: out matches (128 values)
// EARLY: waits_second: out matches (128 values)
// LATE: waits_second: out: 64 of 128 values differ, first at 0: np.float32(nan) != np.float32(0.0)

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90a">] {
    gpu.func @waits_both(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%first : memref<64xf32, #gpu.address_space<workgroup>>,
                  %second : memref<64xf32, #gpu.address_space<workgroup>>,
                  %bars : memref<2xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c63 = arith.constant 63 : index
      %c128 = arith.constant 128 : index
      %at0 = arith.constant 0 : i32
      %at64 = arith.constant 64 : i32
      %one = arith.constant 1 : i32
      %parity = arith.constant 0 : i32
      %bytes = arith.constant 256 : i32
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      %is63 = arith.cmpi eq, %t, %c63 : index
      scf.if %is0 {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_init %bars[%c1], %one : memref<2xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
      }
      gpu.barrier
      scf.if %is63 {
        tile_dist.mbarrier_expect_tx %bars[%c0], %bytes : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.tensor_copy %map, %src, [%c128], [] at [%at0] into %first[%c0], %bars[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_expect_tx %bars[%c1], %bytes : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.tensor_copy %map, %src, [%c128], [] at [%at64] into %second[%c0], %bars[%c1] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
      }
      tile_dist.mbarrier_wait %bars[%c1], %parity : memref<2xi64, #gpu.address_space<workgroup>>
      tile_dist.mbarrier_wait %bars[%c0], %parity : memref<2xi64, #gpu.address_space<workgroup>>
      %v0 = memref.load %first[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      %v1 = memref.load %second[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      %i0 = arith.index_cast %t : index to i64
      %a0 = llvm.getelementptr %out[%i0] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %v0, %a0 : f32, !llvm.ptr<1>
      %t64 = arith.addi %t, %c64 : index
      %i1 = arith.index_cast %t64 : index to i64
      %a1 = llvm.getelementptr %out[%i1] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %v1, %a1 : f32, !llvm.ptr<1>
      gpu.barrier
      scf.if %is0 {
        tile_dist.mbarrier_inval %bars[%c0] : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_inval %bars[%c1] : memref<2xi64, #gpu.address_space<workgroup>>
      }
      gpu.return
    }

    // The same without the wait on mbarrier 0 (and without the invals, which
    // would stop the block on the copy still in flight).
    gpu.func @waits_second(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%first : memref<64xf32, #gpu.address_space<workgroup>>,
                  %second : memref<64xf32, #gpu.address_space<workgroup>>,
                  %bars : memref<2xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %c63 = arith.constant 63 : index
      %c128 = arith.constant 128 : index
      %at0 = arith.constant 0 : i32
      %at64 = arith.constant 64 : i32
      %one = arith.constant 1 : i32
      %parity = arith.constant 0 : i32
      %bytes = arith.constant 256 : i32
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      %is63 = arith.cmpi eq, %t, %c63 : index
      scf.if %is0 {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_init %bars[%c1], %one : memref<2xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
      }
      gpu.barrier
      scf.if %is63 {
        tile_dist.mbarrier_expect_tx %bars[%c0], %bytes : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.tensor_copy %map, %src, [%c128], [] at [%at0] into %first[%c0], %bars[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_expect_tx %bars[%c1], %bytes : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.tensor_copy %map, %src, [%c128], [] at [%at64] into %second[%c0], %bars[%c1] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
      }
      tile_dist.mbarrier_wait %bars[%c1], %parity : memref<2xi64, #gpu.address_space<workgroup>>
      %v0 = memref.load %first[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      %v1 = memref.load %second[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      %i0 = arith.index_cast %t : index to i64
      %a0 = llvm.getelementptr %out[%i0] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %v0, %a0 : f32, !llvm.ptr<1>
      %t64 = arith.addi %t, %c64 : index
      %i1 = arith.index_cast %t64 : index to i64
      %a1 = llvm.getelementptr %out[%i1] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %v1, %a1 : f32, !llvm.ptr<1>
      gpu.return
    }
  }
}
