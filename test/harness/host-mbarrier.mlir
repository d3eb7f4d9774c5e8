// mbarriers on the host (HostMbarrier.cpp): a TMA copy completes its box's
// bytes on its mbarrier, a wait suspends the thread until the phase of its
// parity has completed, and the protocol errors the GPU would hang in or
// race on stop the block with a message instead.
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_host_block.py %t.so two_phases --grid 1 \
// RUN:   --buffer src:float32:128:iota --buffer out:float32:128 \
// RUN:   --expect 'out=src' | FileCheck %s --check-prefix=PHASES
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so short_bytes \
// RUN:   --grid 1 --buffer src:float32:128:iota --buffer out:float32:128 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SHORT
// RUN: env TILECHAIN_HOST_SEED=1 not --crash %hpython %S/Inputs/run_host_block.py %t.so stale_parity \
// RUN:   --grid 1 --buffer src:float32:128:iota --buffer out:float32:128 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SHORT
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so inval_in_flight \
// RUN:   --grid 1 --buffer src:float32:128:iota --buffer out:float32:128 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INVAL
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so not_set_up \
// RUN:   --grid 1 --buffer src:float32:128:iota --buffer out:float32:128 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNSET
// RUN: env TILECHAIN_HOST_SEED=0 not --crash %hpython %S/Inputs/run_host_block.py %t.so copy_not_set_up \
// RUN:   --grid 1 --buffer src:float32:128:iota --buffer out:float32:128 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LATE-UNSET
// RUN: env TILECHAIN_HOST_SEED=1 not --crash %hpython %S/Inputs/run_host_block.py %t.so copy_not_set_up \
// RUN:   --grid 1 --buffer src:float32:128:iota --buffer out:float32:128 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EARLY-UNSET

// Threads 0-62 reach each wait before thread 63 has announced the bytes and
// copied the box, so they suspend until its copy completes the phase.
// PHASES: two_phases: out matches (128 values)
// SHORT: tilechain host: kernel '{{short_bytes|stale_parity}}': every unfinished thread waits at a barrier or shuffle that not all threads of its block or warp reach, or for an mbarrier phase that nothing completes
// INVAL: tilechain host: kernel 'inval_in_flight': {{.*}}host-mbarrier.mlir:[[#@LINE+124]]:9: tile_dist.mbarrier_inval invalidates an mbarrier that is not set up or whose phase has arrivals or transaction bytes outstanding
// UNSET: tilechain host: kernel 'not_set_up': {{.*}}host-mbarrier.mlir:[[#@LINE+134]]:7: tile_dist.mbarrier_wait waits on an mbarrier that is not set up
// LATE-UNSET: tilechain host: kernel 'copy_not_set_up': a TMA copy completes its bytes, or a tcgen05 commit arrives, on an mbarrier that is not set up (before its mbarrier_init or after its mbarrier_inval)
// EARLY-UNSET: tilechain host: kernel 'copy_not_set_up': {{.*}}host-mbarrier.mlir:[[#@LINE+150]]:9: nvvm.mbarrier.complete_tx arrives on or completes bytes of an mbarrier that is not set up

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90a">] {
    // out[0:64] from a box at 0, out[64:128] from a box at 64, through one
    // buffer and one mbarrier: phases 0 and 1.
    gpu.func @two_phases(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%buf : memref<64xf32, #gpu.address_space<workgroup>>,
                  %bars : memref<1xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %c64 = arith.constant 64 : index
      %c63 = arith.constant 63 : index
      %at0 = arith.constant 0 : i32
      %at64 = arith.constant 64 : i32
      %one = arith.constant 1 : i32
      %bytes = arith.constant 256 : i32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      %last = arith.cmpi eq, %t, %c63 : index
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
      }
      gpu.barrier
      scf.if %last {
        tile_dist.mbarrier_expect_tx %bars[%c0], %bytes : memref<1xi64, #gpu.address_space<workgroup>>
        tile_dist.tensor_copy %map, %src, [%c128], [] at [%at0] into %buf[%c0], %bars[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>, memref<1xi64, #gpu.address_space<workgroup>>
      }
      %p0 = arith.constant 0 : i32
      tile_dist.mbarrier_wait %bars[%c0], %p0 : memref<1xi64, #gpu.address_space<workgroup>>
      %v0 = memref.load %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      %i0 = arith.index_cast %t : index to i64
      %a0 = llvm.getelementptr %out[%i0] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %v0, %a0 : f32, !llvm.ptr<1>
      gpu.barrier
      scf.if %last {
        tile_dist.mbarrier_expect_tx %bars[%c0], %bytes : memref<1xi64, #gpu.address_space<workgroup>>
        tile_dist.tensor_copy %map, %src, [%c128], [] at [%at64] into %buf[%c0], %bars[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>, memref<1xi64, #gpu.address_space<workgroup>>
      }
      tile_dist.mbarrier_wait %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
      %v1 = memref.load %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      %t64 = arith.addi %t, %c64 : index
      %i1 = arith.index_cast %t64 : index to i64
      %a1 = llvm.getelementptr %out[%i1] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %v1, %a1 : f32, !llvm.ptr<1>
      gpu.barrier
      scf.if %first {
        tile_dist.mbarrier_inval %bars[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
      }
      gpu.return
    }

    // 512 bytes announced, a box of 256 copied: the phase never completes.
    gpu.func @short_bytes(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%buf : memref<64xf32, #gpu.address_space<workgroup>>,
                  %bars : memref<1xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 32, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %at0 = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %p0 = arith.constant 0 : i32
      %bytes = arith.constant 512 : i32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
        tile_dist.mbarrier_expect_tx %bars[%c0], %bytes : memref<1xi64, #gpu.address_space<workgroup>>
        tile_dist.tensor_copy %map, %src, [%c128], [] at [%at0] into %buf[%c0], %bars[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>, memref<1xi64, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      tile_dist.mbarrier_wait %bars[%c0], %p0 : memref<1xi64, #gpu.address_space<workgroup>>
      gpu.return
    }

    // The copy completes phase 0; waiting for parity 1 then waits for a
    // phase nothing starts. That is where the copy lands at issue
    // (TILECHAIN_HOST_SEED=1): where it lands late, phase 0 is still open at
    // the wait, and parity 1 names the phase before it, which the PTX ISA
    // counts as complete, so the wait returns at once, as it may on a GPU.
    gpu.func @stale_parity(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%buf : memref<64xf32, #gpu.address_space<workgroup>>,
                  %bars : memref<1xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 32, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %at0 = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %bytes = arith.constant 256 : i32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
        tile_dist.mbarrier_expect_tx %bars[%c0], %bytes : memref<1xi64, #gpu.address_space<workgroup>>
        tile_dist.tensor_copy %map, %src, [%c128], [] at [%at0] into %buf[%c0], %bars[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>, memref<1xi64, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      tile_dist.mbarrier_wait %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
      gpu.return
    }

    // Bytes announced and none copied when the mbarrier is given back.
    gpu.func @inval_in_flight(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%bars : memref<1xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %bytes = arith.constant 256 : i32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
        tile_dist.mbarrier_expect_tx %bars[%c0], %bytes : memref<1xi64, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_inval %bars[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
      }
      gpu.return
    }

    // Nothing set the mbarrier up.
    gpu.func @not_set_up(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%bars : memref<1xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %p0 = arith.constant 0 : i32
      tile_dist.mbarrier_wait %bars[%c0], %p0 : memref<1xi64, #gpu.address_space<workgroup>>
      gpu.return
    }

    // A copy onto an mbarrier nobody set up: refused at issue where the
    // copy lands there (seed 1), and where it is queued (seed 0), when
    // K__host lands it as the block ends.
    gpu.func @copy_not_set_up(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%buf : memref<64xf32, #gpu.address_space<workgroup>>,
                  %bars : memref<1xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 32, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %at0 = arith.constant 0 : i32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        tile_dist.tensor_copy %map, %src, [%c128], [] at [%at0] into %buf[%c0], %bars[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>, memref<1xi64, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      gpu.return
    }
  }
}
