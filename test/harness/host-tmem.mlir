// Tensor memory on the host (HostTensorMma.cpp) holds a poison word
// (0x7FF0DEAD) from its tmem_alloc until it is written, and again from its
// tmem_dealloc, as the hardware's is undefined there: a read of columns
// never written, or of columns given back while other warps still read them,
// shows in the result. Each warp stores and reads back its own 16x256b
// fragment (4 words per thread) of a 32-column allocation. A barrier
// between two warps' tcgen05 ops (one of them wide: here warp 0's
// allocation) needs the first's tcgen05.fence::before_thread_sync before it
// and the second's fence::after_thread_sync after it
// (HostTcgen05Fences.cpp): without either, the first store after the
// barrier stops the block, under every seed.
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_host_block.py %t.so written_then_read --grid 1 \
// RUN:   --buffer src:int32:512:iota --buffer out:int32:512 \
// RUN:   --expect 'out=src' | FileCheck %s --check-prefix=WRITTEN
// RUN: %hpython %S/Inputs/run_host_block.py %t.so read_unwritten --grid 1 \
// RUN:   --buffer src:int32:512:iota --buffer out:int32:512 \
// RUN:   --expect 'out=np.full(512, 0x7FF0DEAD, np.int32)' | FileCheck %s --check-prefix=UNWRITTEN
// RUN: not %hpython %S/Inputs/run_host_block.py %t.so dealloc_before_reads --grid 1 \
// RUN:   --buffer src:int32:512:iota --buffer out:int32:512 \
// RUN:   --expect 'out=src' 2>&1 | FileCheck %s --check-prefix=EARLY
// RUN: env TILECHAIN_HOST_SEED=7 not %hpython %S/Inputs/run_host_block.py %t.so dealloc_before_reads --grid 1 \
// RUN:   --buffer src:int32:512:iota --buffer out:int32:512 \
// RUN:   --expect 'out=src' 2>&1 | FileCheck %s --check-prefix=EARLY
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so alloc_unfenced_before --grid 1 \
// RUN:   --buffer src:int32:512:iota --buffer out:int32:512 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: env TILECHAIN_HOST_SEED=1 not --crash %hpython %S/Inputs/run_host_block.py %t.so alloc_unfenced_before --grid 1 \
// RUN:   --buffer src:int32:512:iota --buffer out:int32:512 2>&1 | FileCheck %s --check-prefix=BEFORE
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so store_unfenced_after --grid 1 \
// RUN:   --buffer src:int32:512:iota --buffer out:int32:512 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: env TILECHAIN_HOST_SEED=1 not --crash %hpython %S/Inputs/run_host_block.py %t.so store_unfenced_after --grid 1 \
// RUN:   --buffer src:int32:512:iota --buffer out:int32:512 2>&1 | FileCheck %s --check-prefix=AFTER

// WRITTEN: written_then_read: out matches (512 values)
// UNWRITTEN: read_unwritten: out matches (512 values)
// EARLY: dealloc_before_reads: out: {{[0-9]+}} of 512 values differ, first at {{[0-9]+}}: np.int32(2146492077) != 
// BEFORE: tilechain host: kernel 'alloc_unfenced_before': {{.*}}host-tmem.mlir:[[#@LINE+73]]:7: tile_dist.tmem_store follows a barrier that another warp reached with tcgen05 ops and no tcgen05.fence::before_thread_sync after them
// AFTER: tilechain host: kernel 'store_unfenced_after': {{.*}}host-tmem.mlir:[[#@LINE+114]]:7: tile_dist.tmem_store follows a barrier after other warps' tcgen05 ops with no tcgen05.fence::after_thread_sync since the barrier

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_100a">] {
    // Stored, fenced, read back, and given back after a barrier: the values.
    gpu.func @written_then_read(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%slots : memref<1xi32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %warp = arith.divui %t, %c32 : index
      %warp0 = arith.cmpi eq, %warp, %c0 : index
      scf.if %warp0 {
        tile_dist.tmem_alloc %slots[%c0] {columns = 32 : i64} : memref<1xi32, #gpu.address_space<workgroup>>
      }
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      // Warp w's 16 lanes from 32 w on, 8 columns: 4 words per thread.
      %base = memref.load %slots[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      %warp32 = arith.index_cast %warp : index to i32
      %shift = arith.constant 21 : i32
      %lanes = arith.shli %warp32, %shift : i32
      %address = arith.addi %base, %lanes : i32
      %first = arith.muli %t, %c4 : index
      %first64 = arith.index_cast %first : index to i64
      %in = llvm.getelementptr %src[%first64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %words = llvm.load %in : !llvm.ptr<1> -> vector<4xi32>
      tile_dist.tmem_store %address, %words : vector<4xi32>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      %read = tile_dist.tmem_load %address : vector<4xi32>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      scf.if %warp0 {
        nvvm.tcgen05.fence <after>
        tile_dist.tmem_dealloc %base {columns = 32 : i64}
      }
      %at = llvm.getelementptr %out[%first64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %read, %at : vector<4xi32>, !llvm.ptr<1>
      gpu.return
    }

    // No tcgen05.fence::before_thread_sync between warp 0's allocation and
    // the barrier before the other warps' stores.
    gpu.func @alloc_unfenced_before(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%slots : memref<1xi32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %warp = arith.divui %t, %c32 : index
      %warp0 = arith.cmpi eq, %warp, %c0 : index
      scf.if %warp0 {
        tile_dist.tmem_alloc %slots[%c0] {columns = 32 : i64} : memref<1xi32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      nvvm.tcgen05.fence <after>
      // Warp w's 16 lanes from 32 w on, 8 columns: 4 words per thread.
      %base = memref.load %slots[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      %warp32 = arith.index_cast %warp : index to i32
      %shift = arith.constant 21 : i32
      %lanes = arith.shli %warp32, %shift : i32
      %address = arith.addi %base, %lanes : i32
      %first = arith.muli %t, %c4 : index
      %first64 = arith.index_cast %first : index to i64
      %in = llvm.getelementptr %src[%first64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %words = llvm.load %in : !llvm.ptr<1> -> vector<4xi32>
      tile_dist.tmem_store %address, %words : vector<4xi32>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      %read = tile_dist.tmem_load %address : vector<4xi32>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      scf.if %warp0 {
        nvvm.tcgen05.fence <after>
        tile_dist.tmem_dealloc %base {columns = 32 : i64}
      }
      %at = llvm.getelementptr %out[%first64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %read, %at : vector<4xi32>, !llvm.ptr<1>
      gpu.return
    }

    // No tcgen05.fence::after_thread_sync between the barrier after warp 0's
    // allocation and the other warps' stores.
    gpu.func @store_unfenced_after(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%slots : memref<1xi32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %warp = arith.divui %t, %c32 : index
      %warp0 = arith.cmpi eq, %warp, %c0 : index
      scf.if %warp0 {
        tile_dist.tmem_alloc %slots[%c0] {columns = 32 : i64} : memref<1xi32, #gpu.address_space<workgroup>>
      }
      nvvm.tcgen05.fence <before>
      gpu.barrier
      // Warp w's 16 lanes from 32 w on, 8 columns: 4 words per thread.
      %base = memref.load %slots[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      %warp32 = arith.index_cast %warp : index to i32
      %shift = arith.constant 21 : i32
      %lanes = arith.shli %warp32, %shift : i32
      %address = arith.addi %base, %lanes : i32
      %first = arith.muli %t, %c4 : index
      %first64 = arith.index_cast %first : index to i64
      %in = llvm.getelementptr %src[%first64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %words = llvm.load %in : !llvm.ptr<1> -> vector<4xi32>
      tile_dist.tmem_store %address, %words : vector<4xi32>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      %read = tile_dist.tmem_load %address : vector<4xi32>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      scf.if %warp0 {
        nvvm.tcgen05.fence <after>
        tile_dist.tmem_dealloc %base {columns = 32 : i64}
      }
      %at = llvm.getelementptr %out[%first64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %read, %at : vector<4xi32>, !llvm.ptr<1>
      gpu.return
    }

    // Read with nothing stored since the allocation: the poison word.
    gpu.func @read_unwritten(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%slots : memref<1xi32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %warp = arith.divui %t, %c32 : index
      %warp0 = arith.cmpi eq, %warp, %c0 : index
      scf.if %warp0 {
        tile_dist.tmem_alloc %slots[%c0] {columns = 32 : i64} : memref<1xi32, #gpu.address_space<workgroup>>
      }
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      // Warp w's 16 lanes from 32 w on, 8 columns: 4 words per thread.
      %base = memref.load %slots[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      %warp32 = arith.index_cast %warp : index to i32
      %shift = arith.constant 21 : i32
      %lanes = arith.shli %warp32, %shift : i32
      %address = arith.addi %base, %lanes : i32
      %first = arith.muli %t, %c4 : index
      %first64 = arith.index_cast %first : index to i64
      %read = tile_dist.tmem_load %address : vector<4xi32>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      scf.if %warp0 {
        nvvm.tcgen05.fence <after>
        tile_dist.tmem_dealloc %base {columns = 32 : i64}
      }
      %at = llvm.getelementptr %out[%first64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %read, %at : vector<4xi32>, !llvm.ptr<1>
      gpu.return
    }

    // No barrier between the reads and the dealloc: warp 0 gives the columns
    // back while the other warps may still read them.
    gpu.func @dealloc_before_reads(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%slots : memref<1xi32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      %warp = arith.divui %t, %c32 : index
      %warp0 = arith.cmpi eq, %warp, %c0 : index
      scf.if %warp0 {
        tile_dist.tmem_alloc %slots[%c0] {columns = 32 : i64} : memref<1xi32, #gpu.address_space<workgroup>>
      }
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      // Warp w's 16 lanes from 32 w on, 8 columns: 4 words per thread.
      %base = memref.load %slots[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      %warp32 = arith.index_cast %warp : index to i32
      %shift = arith.constant 21 : i32
      %lanes = arith.shli %warp32, %shift : i32
      %address = arith.addi %base, %lanes : i32
      %first = arith.muli %t, %c4 : index
      %first64 = arith.index_cast %first : index to i64
      %in = llvm.getelementptr %src[%first64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %words = llvm.load %in : !llvm.ptr<1> -> vector<4xi32>
      tile_dist.tmem_store %address, %words : vector<4xi32>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      %read = tile_dist.tmem_load %address : vector<4xi32>
      nvvm.tcgen05.fence <before>
      scf.if %warp0 {
        nvvm.tcgen05.fence <after>
        tile_dist.tmem_dealloc %base {columns = 32 : i64}
      }
      %at = llvm.getelementptr %out[%first64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %read, %at : vector<4xi32>, !llvm.ptr<1>
      gpu.return
    }
  }
}
