// Two threads' accesses of a shared-memory byte with no barrier between
// them, one a write, race: the GPU may run them in either order, the host
// runs one. The host checks each byte's last writer and readers since the
// running thread's last barrier (HostRaces.cpp) and stops the block at the
// access that races, whatever the order it runs the threads in. With the
// barrier the same exchanges give their values; so do threads that store
// the same value to the same bytes.
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: for seed in 0 1 7; do \
// RUN:   TILECHAIN_HOST_SEED=$seed %hpython %S/Inputs/run_host_block.py %t.so \
// RUN:     exchange --grid 1 --buffer out:int32:64 \
// RUN:     --expect 'out=(np.arange(64) + 1) % 64'; \
// RUN: done | FileCheck %s --check-prefix=EXCHANGE
// RUN: for seed in 0 1 7; do \
// RUN:   TILECHAIN_HOST_SEED=$seed not --crash %hpython %S/Inputs/run_host_block.py \
// RUN:     %t.so read_unordered --grid 1 --buffer out:int32:64 2>&1; \
// RUN: done | FileCheck %s --check-prefix=READ
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so \
// RUN:   overwrite_unordered --grid 1 --buffer out:int32:64 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OVERWRITE
// RUN: %hpython %S/Inputs/run_host_block.py %t.so same_value --grid 1 \
// RUN:   --buffer out:int32:64 --expect 'out=np.arange(64) % 32' \
// RUN:   | FileCheck %s --check-prefix=SAME
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so \
// RUN:   inval_then_store --grid 1 --buffer out:int32:64 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INVAL
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so \
// RUN:   copy_over_reads --grid 1 --buffer src:float32:128:iota \
// RUN:   --buffer out:float32:64 2>&1 | FileCheck %s --check-prefix=COPY

// EXCHANGE-COUNT-3: exchange: out matches (64 values)
// READ-COUNT-3: tilechain host: kernel 'read_unordered': {{.*}}host-races.mlir:[[#@LINE+40]]:12: memref.load reads shared memory that another thread wrote with no barrier between (a race: a barrier is missing)
// OVERWRITE: tilechain host: kernel 'overwrite_unordered': {{.*}}host-races.mlir:[[#@LINE+62]]:7: memref.store writes shared memory that another thread read or wrote with no barrier between (a race: a barrier is missing)
// SAME: same_value: out matches (64 values)
// COPY: tilechain host: kernel 'copy_over_reads': {{.*}}host-races.mlir:[[#@LINE+141]]:9: tile_dist.tensor_copy writes shared memory that another thread read or wrote with no barrier between (a race: a barrier is missing)
// INVAL: tilechain host: kernel 'inval_then_store': {{.*}}host-races.mlir:[[#@LINE+102]]:7: memref.store writes shared memory that another thread read or wrote with no barrier between (a race: a barrier is missing)

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90a">] {
    // out[t] = slot (t + 1) % 64, each thread's slot written before a
    // barrier.
    gpu.func @exchange(%out: !llvm.ptr<1>)
        workgroup(%slots : memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c63 = arith.constant 63 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %slots[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %next = arith.addi %t, %c1 : index
      %n = arith.andi %next, %c63 : index
      %v = memref.load %slots[%n] : memref<64xi32, #gpu.address_space<workgroup>>
      %t64 = arith.index_cast %t : index to i64
      %p = llvm.getelementptr %out[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %v, %p : i32, !llvm.ptr<1>
      gpu.return
    }
    // Each thread reads the slot of the thread before it, with no barrier
    // after the stores: thread 1 reads the slot that thread 0 wrote in the
    // same stretch (in thread order it has; in another order thread 1 reads
    // it first and gets -1 on the host, any value on the GPU).
    gpu.func @read_unordered(%out: !llvm.ptr<1>)
        workgroup(%slots : memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %c63 = arith.constant 63 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %slots[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      %next = arith.addi %t, %c63 : index
      %n = arith.andi %next, %c63 : index
      %v = memref.load %slots[%n] : memref<64xi32, #gpu.address_space<workgroup>>
      %t64 = arith.index_cast %t : index to i64
      %p = llvm.getelementptr %out[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %v, %p : i32, !llvm.ptr<1>
      gpu.barrier
      gpu.return
    }
    // Each thread reads its neighbour's slot, then overwrites its own with
    // no barrier between: thread 1 overwrites what thread 0 read.
    gpu.func @overwrite_unordered(%out: !llvm.ptr<1>)
        workgroup(%slots : memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %c1 = arith.constant 1 : index
      %c63 = arith.constant 63 : index
      %c100 = arith.constant 100 : i32
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %slots[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %next = arith.addi %t, %c1 : index
      %n = arith.andi %next, %c63 : index
      %v = memref.load %slots[%n] : memref<64xi32, #gpu.address_space<workgroup>>
      %w = arith.addi %ti, %c100 : i32
      memref.store %w, %slots[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      %t64 = arith.index_cast %t : index to i64
      %p = llvm.getelementptr %out[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %v, %p : i32, !llvm.ptr<1>
      gpu.return
    }
    // Threads t and t + 32 store t % 32 to slot t % 32 in one stretch: the
    // bytes are the same in either order.
    gpu.func @same_value(%out: !llvm.ptr<1>)
        workgroup(%slots : memref<32xi32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %c31 = arith.constant 31 : index
      %t = gpu.thread_id x
      %lane = arith.andi %t, %c31 : index
      %li = arith.index_cast %lane : index to i32
      memref.store %li, %slots[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %slots[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
      %t64 = arith.index_cast %t : index to i64
      %p = llvm.getelementptr %out[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %v, %p : i32, !llvm.ptr<1>
      gpu.return
    }
    // Thread 0 gives back an mbarrier whose bytes the other threads then
    // use for data with no barrier between (the shared-memory plan reuses
    // the bytes of buffers whose lives do not overlap).
    gpu.func @inval_then_store(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<512xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %one = arith.constant 1 : i32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      %bars = memref.view %smem[%c0][] : memref<512xi8, #gpu.address_space<workgroup>> to memref<1xi64, #gpu.address_space<workgroup>>
      %slots = memref.view %smem[%c0][] : memref<512xi8, #gpu.address_space<workgroup>> to memref<64xi32, #gpu.address_space<workgroup>>
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      scf.if %first {
        tile_dist.mbarrier_inval %bars[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
      }
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %slots[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %v = memref.load %slots[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      %t64 = arith.index_cast %t : index to i64
      %p = llvm.getelementptr %out[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %v, %p : i32, !llvm.ptr<1>
      gpu.return
    }
    // Every thread reads `tile`, then thread 0 refills it by TMA with no
    // barrier between: the copy overwrites bytes the others may not have
    // read yet (here thread 63, the last to reach the barrier, has read its
    // own when thread 0 copies). (A copy's bytes then belong to it: the threads that wait
    // on its mbarrier read them in the same stretch, as
    // host-tma-demand.mlir's kernels do.)
    gpu.func @copy_over_reads(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%tile : memref<64xf32, #gpu.address_space<workgroup>>,
                  %bars : memref<1xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c128 = arith.constant 128 : index
      %at0 = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %parity = arith.constant 0 : i32
      %bytes = arith.constant 256 : i32
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      memref.store %zero, %tile[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      scf.if %is0 {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
      }
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      gpu.barrier
      %v = memref.load %tile[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      scf.if %is0 {
        tile_dist.mbarrier_expect_tx %bars[%c0], %bytes : memref<1xi64, #gpu.address_space<workgroup>>
        tile_dist.tensor_copy %map, %src, [%c128], [] at [%at0] into %tile[%c0], %bars[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>, memref<1xi64, #gpu.address_space<workgroup>>
      }
      tile_dist.mbarrier_wait %bars[%c0], %parity : memref<1xi64, #gpu.address_space<workgroup>>
      %i = arith.index_cast %t : index to i64
      %a = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %v, %a : f32, !llvm.ptr<1>
      gpu.barrier
      scf.if %is0 {
        tile_dist.mbarrier_inval %bars[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
      }
      gpu.return
    }
  }
}
