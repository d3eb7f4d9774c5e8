// A wgmma or tcgen05.mma reads its shared-memory operands until the wait
// that retires it; on the host it runs at once, so the issuing thread keeps
// a ledger of what each product read (HostAsyncReads.cpp) and the wait
// aborts where those bytes changed in between: the refill of a stage that a
// product still reads, which on the GPU gives wrong numbers and on the host
// would not show. Written after the wait, the same bytes pass.
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_host_block.py %t.so wgmma_refilled_after \
// RUN:   --grid 1 --buffer out:float32:1 --expect 'out=[1.0]' \
// RUN:   | FileCheck %s --check-prefix=AFTER
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so \
// RUN:   wgmma_refilled_early --grid 1 --buffer out:float32:1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WGMMA
// RUN: for seed in 0 1; do \
// RUN:   TILECHAIN_HOST_SEED=$seed not --crash %hpython %S/Inputs/run_host_block.py \
// RUN:     %t.so wgmma_refilled_by_other_warp --grid 1 --buffer out:float32:1 2>&1; \
// RUN: done | FileCheck %s --check-prefix=OTHER
// RUN: for seed in 0 1 7; do \
// RUN:   TILECHAIN_HOST_SEED=$seed %hpython %S/Inputs/run_host_block.py %t.so \
// RUN:     wgmma_refilled_after_barrier --grid 1 --buffer out:float32:1 \
// RUN:     --expect 'out=[1.0]'; \
// RUN: done | FileCheck %s --check-prefix=AFTER
// RUN: %hpython %S/Inputs/run_host_block.py %t.so tcgen05_refilled_after \
// RUN:   --grid 1 --buffer out:float32:1 --expect 'out=[1.0]' \
// RUN:   | FileCheck %s --check-prefix=AFTER
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so \
// RUN:   tcgen05_refilled_early --grid 1 --buffer out:float32:1 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TCGEN05

// AFTER: refilled_after{{(_barrier)?}}: out matches (1 values)
// OTHER-COUNT-2: tilechain host: kernel 'wgmma_refilled_by_other_warp': {{.*}}host-async-reads.mlir:[[#@LINE+67]]:12: tile_dist.warpgroup_wait retires an asynchronous mma whose shared-memory operand was written after the mma was issued
// WGMMA: tilechain host: kernel 'wgmma_refilled_early': {{.*}}host-async-reads.mlir:[[#@LINE+23]]:12: tile_dist.warpgroup_wait retires an asynchronous mma whose shared-memory operand was written after the mma was issued
// TCGEN05: tilechain host: kernel 'tcgen05_refilled_early': {{.*}}host-async-reads.mlir:[[#@LINE+122]]:7: tile_dist.mbarrier_wait retires an asynchronous mma whose shared-memory operand was written after the mma was issued

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90a">] {
    // A 64x16 times 16x32 product of a warpgroup; thread 0 then writes a
    // byte of A before the group is waited for.
    gpu.func @wgmma_refilled_early(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<4096xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2048 = arith.constant 2048 : index
      %seven = arith.constant 7 : i8
      %zero = arith.constant dense<0.0> : vector<16xf32>
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      nvvm.wgmma.fence.aligned
      %d = tile_dist.warpgroup_mma shared %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %smem[%c2048] : memref<4096xi8, #gpu.address_space<workgroup>>, %zero : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
      nvvm.wgmma.commit.group.sync.aligned
      scf.if %first {
        memref.store %seven, %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>
      }
      %e = vector.extract %d[0] : f32 from vector<16xf32>
      %r = tile_dist.warpgroup_wait 0, %e : f32
      gpu.return
    }
    // The same, the byte written after the wait.
    gpu.func @wgmma_refilled_after(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<4096xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2048 = arith.constant 2048 : index
      %seven = arith.constant 7 : i8
      %zero = arith.constant dense<0.0> : vector<16xf32>
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      nvvm.wgmma.fence.aligned
      %d = tile_dist.warpgroup_mma shared %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %smem[%c2048] : memref<4096xi8, #gpu.address_space<workgroup>>, %zero : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
      nvvm.wgmma.commit.group.sync.aligned
      %e = vector.extract %d[0] : f32 from vector<16xf32>
      %r = tile_dist.warpgroup_wait 0, %e : f32
      scf.if %first {
        memref.store %seven, %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>
        %one = arith.constant 1.0 : f32
        llvm.store %one, %out : f32, !llvm.ptr<1>
      }
      gpu.return
    }
    // The warpgroup's product; thread 32 (warp 1) writes a byte of A after
    // its own wait, with no barrier after thread 0's. Thread 0, which keeps
    // the ledger, lets the other threads run before its wait (under seeds 0
    // and 1 always), as a GPU may.
    gpu.func @wgmma_refilled_by_other_warp(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<4096xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c2048 = arith.constant 2048 : index
      %seven = arith.constant 7 : i8
      %zero = arith.constant dense<0.0> : vector<16xf32>
      %t = gpu.thread_id x
      %writer = arith.cmpi eq, %t, %c32 : index
      nvvm.wgmma.fence.aligned
      %d = tile_dist.warpgroup_mma shared %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %smem[%c2048] : memref<4096xi8, #gpu.address_space<workgroup>>, %zero : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
      nvvm.wgmma.commit.group.sync.aligned
      %e = vector.extract %d[0] : f32 from vector<16xf32>
      %r = tile_dist.warpgroup_wait 0, %e : f32
      scf.if %writer {
        memref.store %seven, %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>
      }
      gpu.return
    }
    // The same, a barrier between the waits and the write.
    gpu.func @wgmma_refilled_after_barrier(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<4096xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c2048 = arith.constant 2048 : index
      %seven = arith.constant 7 : i8
      %zero = arith.constant dense<0.0> : vector<16xf32>
      %t = gpu.thread_id x
      %writer = arith.cmpi eq, %t, %c32 : index
      nvvm.wgmma.fence.aligned
      %d = tile_dist.warpgroup_mma shared %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %smem[%c2048] : memref<4096xi8, #gpu.address_space<workgroup>>, %zero : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
      nvvm.wgmma.commit.group.sync.aligned
      %e = vector.extract %d[0] : f32 from vector<16xf32>
      %r = tile_dist.warpgroup_wait 0, %e : f32
      gpu.barrier
      scf.if %writer {
        memref.store %seven, %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>
        %one = arith.constant 1.0 : f32
        llvm.store %one, %out : f32, !llvm.ptr<1>
      }
      gpu.return
    }
    // A 128x16 times 16x16 tcgen05.mma that thread 0 issues and commits to
    // an mbarrier, then writes a byte of B before any thread has waited for
    // the commit.
    gpu.func @tcgen05_refilled_early(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<8192xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4096 = arith.constant 4096 : index
      %c8000 = arith.constant 8000 : index
      %at = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %p0 = arith.constant 0 : i32
      %true = arith.constant true
      %seven = arith.constant 7 : i8
      %bars = memref.view %smem[%c8000][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<1xi64, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
      }
      gpu.barrier
      scf.if %first {
        tile_dist.tensor_mma %at, %smem[%c0] : memref<8192xi8, #gpu.address_space<workgroup>>, %smem[%c4096] : memref<8192xi8, #gpu.address_space<workgroup>>, %true {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, m = 128 : i64, n = 16 : i64, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
        tile_dist.tensor_mma_commit %bars[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
        memref.store %seven, %smem[%c4096] : memref<8192xi8, #gpu.address_space<workgroup>>
      }
      tile_dist.mbarrier_wait %bars[%c0], %p0 : memref<1xi64, #gpu.address_space<workgroup>>
      gpu.return
    }
    // The same, the byte written after thread 0's wait.
    gpu.func @tcgen05_refilled_after(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<8192xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4096 = arith.constant 4096 : index
      %c8000 = arith.constant 8000 : index
      %at = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %p0 = arith.constant 0 : i32
      %true = arith.constant true
      %seven = arith.constant 7 : i8
      %bars = memref.view %smem[%c8000][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<1xi64, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
      }
      gpu.barrier
      scf.if %first {
        tile_dist.tensor_mma %at, %smem[%c0] : memref<8192xi8, #gpu.address_space<workgroup>>, %smem[%c4096] : memref<8192xi8, #gpu.address_space<workgroup>>, %true {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, m = 128 : i64, n = 16 : i64, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
        tile_dist.tensor_mma_commit %bars[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
      }
      tile_dist.mbarrier_wait %bars[%c0], %p0 : memref<1xi64, #gpu.address_space<workgroup>>
      scf.if %first {
        memref.store %seven, %smem[%c4096] : memref<8192xi8, #gpu.address_space<workgroup>>
        %fone = arith.constant 1.0 : f32
        llvm.store %fone, %out : f32, !llvm.ptr<1>
      }
      gpu.return
    }
  }
}
