// A tcgen05 product appears to the threads only once its commit's mbarrier
// phase completes (HostTensorMma.cpp): the tensor cores' view of tensor
// memory is copied over what tcgen05.ld reads at the commit's landing,
// which TILECHAIN_HOST_SEED puts at the commit (1), as late as the block
// allows (0, HostAsyncLandings.cpp), or either per commit (others). Thread 0
// multiplies a 128x16 A by a 16x16 B, both f16 ones, into 16 columns of
// tensor memory and commits; each warp reads its 16x256b fragment back
// (each word 16.0, 0x41800000) after a barrier. With every thread waiting
// for the commit's phase before it, the values are right under every seed.
// Without the wait they are right only where the commit lands at once
// (seed 1), which the barrier then orders before the reads: under seed 0
// the reads see the poison of the allocation (0x7FF0DEAD, 2146492077).
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: env TILECHAIN_HOST_SEED=0 %hpython %S/Inputs/run_host_block.py %t.so read_after_wait --grid 1 \
// RUN:   --buffer out:int32:512 --expect 'out=np.full(512, 0x41800000, np.int32)' | FileCheck %s --check-prefix=WAITED
// RUN: env TILECHAIN_HOST_SEED=1 %hpython %S/Inputs/run_host_block.py %t.so read_after_wait --grid 1 \
// RUN:   --buffer out:int32:512 --expect 'out=np.full(512, 0x41800000, np.int32)' | FileCheck %s --check-prefix=WAITED
// RUN: env TILECHAIN_HOST_SEED=7 %hpython %S/Inputs/run_host_block.py %t.so read_after_wait --grid 1 \
// RUN:   --buffer out:int32:512 --expect 'out=np.full(512, 0x41800000, np.int32)' | FileCheck %s --check-prefix=WAITED
// RUN: env TILECHAIN_HOST_SEED=1 %hpython %S/Inputs/run_host_block.py %t.so read_without_wait --grid 1 \
// RUN:   --buffer out:int32:512 --expect 'out=np.full(512, 0x41800000, np.int32)' | FileCheck %s --check-prefix=AT-COMMIT
// RUN: env TILECHAIN_HOST_SEED=0 not %hpython %S/Inputs/run_host_block.py %t.so read_without_wait --grid 1 \
// RUN:   --buffer out:int32:512 --expect 'out=np.full(512, 0x41800000, np.int32)' 2>&1 | FileCheck %s --check-prefix=LATE

// WAITED: read_after_wait: out matches (512 values)
// AT-COMMIT: read_without_wait: out matches (512 values)
// LATE: read_without_wait: out: 512 of 512 values differ, first at 0: np.int32(2146492077) != np.int32(1098907648)

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_100a">] {
    // Every thread waits for the commit's phase, then a barrier, then each
    // warp's tcgen05.ld.
    gpu.func @read_after_wait(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<8192xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c4096 = arith.constant 4096 : index
      %c4608 = arith.constant 4608 : index
      %c8000 = arith.constant 8000 : index
      %c8016 = arith.constant 8016 : index
      %one = arith.constant 1 : i32
      %p0 = arith.constant 0 : i32
      %false = arith.constant false
      %low = arith.constant 0 : i8
      %high = arith.constant 60 : i8
      %bars = memref.view %smem[%c8000][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<1xi64, #gpu.address_space<workgroup>>
      %slots = memref.view %smem[%c8016][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %warp = arith.divui %t, %c32 : index
      %first = arith.cmpi eq, %t, %c0 : index
      %warp0 = arith.cmpi eq, %warp, %c0 : index
      // A (128x16) and B (16x16): f16 1.0 (bytes 0x00, 0x3C) everywhere.
      scf.if %first {
        scf.for %i = %c0 to %c4608 step %c2 {
          %i1 = arith.addi %i, %c1 : index
          memref.store %low, %smem[%i] : memref<8192xi8, #gpu.address_space<workgroup>>
          memref.store %high, %smem[%i1] : memref<8192xi8, #gpu.address_space<workgroup>>
        }
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      }
      scf.if %warp0 {
        tile_dist.tmem_alloc %slots[%c0] {columns = 32 : i64} : memref<1xi32, #gpu.address_space<workgroup>>
      }
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      %base = memref.load %slots[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      scf.if %first {
        tile_dist.tensor_mma %base, %smem[%c0] : memref<8192xi8, #gpu.address_space<workgroup>>, %smem[%c4096] : memref<8192xi8, #gpu.address_space<workgroup>>, %false {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, m = 128 : i64, n = 16 : i64, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
        tile_dist.tensor_mma_commit %bars[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
      }
      tile_dist.mbarrier_wait %bars[%c0], %p0 : memref<1xi64, #gpu.address_space<workgroup>>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      // Warp w's 16 lanes from 32 w on, 8 columns: 4 words per thread.
      %warp32 = arith.index_cast %warp : index to i32
      %shift = arith.constant 21 : i32
      %lanes = arith.shli %warp32, %shift : i32
      %address = arith.addi %base, %lanes : i32
      %read = tile_dist.tmem_load %address : vector<4xi32>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      scf.if %warp0 {
        nvvm.tcgen05.fence <after>
        tile_dist.tmem_dealloc %base {columns = 32 : i64}
      }
      %word = arith.muli %t, %c4 : index
      %word64 = arith.index_cast %word : index to i64
      %at = llvm.getelementptr %out[%word64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %read, %at : vector<4xi32>, !llvm.ptr<1>
      gpu.return
    }

    // The same without the wait: the barrier alone does not show the
    // products.
    gpu.func @read_without_wait(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<8192xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %c4096 = arith.constant 4096 : index
      %c4608 = arith.constant 4608 : index
      %c8000 = arith.constant 8000 : index
      %c8016 = arith.constant 8016 : index
      %one = arith.constant 1 : i32
      %p0 = arith.constant 0 : i32
      %false = arith.constant false
      %low = arith.constant 0 : i8
      %high = arith.constant 60 : i8
      %bars = memref.view %smem[%c8000][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<1xi64, #gpu.address_space<workgroup>>
      %slots = memref.view %smem[%c8016][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %warp = arith.divui %t, %c32 : index
      %first = arith.cmpi eq, %t, %c0 : index
      %warp0 = arith.cmpi eq, %warp, %c0 : index
      // A (128x16) and B (16x16): f16 1.0 (bytes 0x00, 0x3C) everywhere.
      scf.if %first {
        scf.for %i = %c0 to %c4608 step %c2 {
          %i1 = arith.addi %i, %c1 : index
          memref.store %low, %smem[%i] : memref<8192xi8, #gpu.address_space<workgroup>>
          memref.store %high, %smem[%i1] : memref<8192xi8, #gpu.address_space<workgroup>>
        }
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      }
      scf.if %warp0 {
        tile_dist.tmem_alloc %slots[%c0] {columns = 32 : i64} : memref<1xi32, #gpu.address_space<workgroup>>
      }
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      %base = memref.load %slots[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      scf.if %first {
        tile_dist.tensor_mma %base, %smem[%c0] : memref<8192xi8, #gpu.address_space<workgroup>>, %smem[%c4096] : memref<8192xi8, #gpu.address_space<workgroup>>, %false {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, m = 128 : i64, n = 16 : i64, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
        tile_dist.tensor_mma_commit %bars[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
      }
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      // Warp w's 16 lanes from 32 w on, 8 columns: 4 words per thread.
      %warp32 = arith.index_cast %warp : index to i32
      %shift = arith.constant 21 : i32
      %lanes = arith.shli %warp32, %shift : i32
      %address = arith.addi %base, %lanes : i32
      %read = tile_dist.tmem_load %address : vector<4xi32>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      scf.if %warp0 {
        nvvm.tcgen05.fence <after>
        tile_dist.tmem_dealloc %base {columns = 32 : i64}
      }
      %word = arith.muli %t, %c4 : index
      %word64 = arith.index_cast %word : index to i64
      %at = llvm.getelementptr %out[%word64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %read, %at : vector<4xi32>, !llvm.ptr<1>
      gpu.return
    }
  }
}
