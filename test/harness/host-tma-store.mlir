// TMA stores on the host (HostTensorStore.cpp): a tile_dist.tensor_store
// reads its shared memory at issue (TILECHAIN_HOST_SEED 1) or at the
// issuing thread's cp.async.bulk.wait_group that covers its bulk group
// (seed 0; other seeds pick per store), and a thread that returns with a
// store it never waited for stops the block, as does a store of shared
// memory a thread wrote with no fence.proxy.async after the write.
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: for seed in 0 1 2 7; do \
// RUN:   TILECHAIN_HOST_SEED=$seed %hpython %S/Inputs/run_host_block.py %t.so complete \
// RUN:     --grid 1 --buffer src:float32:64:iota --buffer out:float32:64 \
// RUN:     --expect 'out=src' || exit 1; \
// RUN: done | FileCheck %s --check-prefix=COMPLETE
// RUN: env TILECHAIN_HOST_SEED=1 %hpython %S/Inputs/run_host_block.py %t.so wait_late \
// RUN:   --grid 1 --buffer src:float32:64:iota --buffer out:float32:64 \
// RUN:   --expect 'out=src' | FileCheck %s --check-prefix=EARLY
// RUN: env TILECHAIN_HOST_SEED=0 not %hpython %S/Inputs/run_host_block.py %t.so wait_late \
// RUN:   --grid 1 --buffer src:float32:64:iota --buffer out:float32:64 \
// RUN:   --expect 'out=src' 2>&1 | FileCheck %s --check-prefix=LATE
// RUN: env TILECHAIN_HOST_SEED=1 %hpython %S/Inputs/run_host_block.py %t.so unwaited \
// RUN:   --grid 1 --buffer src:float32:64:iota --buffer out:float32:64 \
// RUN:   --expect 'out=src' | FileCheck %s --check-prefix=UNWAITED-EARLY
// RUN: env TILECHAIN_HOST_SEED=0 not --crash %hpython %S/Inputs/run_host_block.py %t.so unwaited \
// RUN:   --grid 1 --buffer src:float32:64:iota --buffer out:float32:64 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNWAITED
// RUN: for seed in 0 1; do \
// RUN:   TILECHAIN_HOST_SEED=$seed not --crash %hpython %S/Inputs/run_host_block.py %t.so unfenced \
// RUN:     --grid 1 --buffer src:float32:64:iota --buffer out:float32:64 2>&1; \
// RUN: done | FileCheck %s --check-prefix=UNFENCED

// With the wait before the barrier that lets the threads write the staging
// again, every seed stores what the threads wrote first.
// COMPLETE-COUNT-4: complete: out matches (64 values)

// The wait after the overwrite: a store that reads at issue has read the
// values, one that reads at its wait reads the zeros (seed 0).
// EARLY: wait_late: out matches (64 values)
// LATE: wait_late: out: 63 of 64 values differ, first at 1: {{.*}}0.0{{.*}} != {{.*}}1.0

// No wait at all: fine only for a store that read at issue.
// UNWAITED-EARLY: unwaited: out matches (64 values)
// UNWAITED: tilechain host: kernel 'unwaited': {{.*}}gpu.return leaves a TMA store its thread never waited for (cp.async.bulk.wait_group): the block's shared memory may end before the store reads it

// The writes to the staging not fenced to the async proxy: stopped at the
// store under every seed (the host has one proxy and checks the rule).
// UNFENCED-COUNT-2: tilechain host: kernel 'unfenced': {{.*}}host-tma-store.mlir:{{[0-9]+}}:{{[0-9]+}}: tile_dist.tensor_store reads shared memory that a thread wrote with no fence.proxy.async after the write (the async proxy may not see it)

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90a">] {
    gpu.func @complete(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%buf : memref<64xf32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %at0 = arith.constant 0 : i32
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      %i = arith.index_cast %t : index to i64
      %from = llvm.getelementptr %src[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %v = llvm.load %from : !llvm.ptr<1> -> f32
      memref.store %v, %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      gpu.barrier
      scf.if %first {
        tile_dist.tensor_store %map, %out, [%c64], [] at [%at0] from %buf[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>
        nvvm.cp.async.bulk.commit.group
        nvvm.cp.async.bulk.wait_group 0 {read}
      }
      gpu.barrier
      memref.store %zero, %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }

    gpu.func @wait_late(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%buf : memref<64xf32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %at0 = arith.constant 0 : i32
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      %i = arith.index_cast %t : index to i64
      %from = llvm.getelementptr %src[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %v = llvm.load %from : !llvm.ptr<1> -> f32
      memref.store %v, %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      gpu.barrier
      scf.if %first {
        tile_dist.tensor_store %map, %out, [%c64], [] at [%at0] from %buf[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>
        nvvm.cp.async.bulk.commit.group
      }
      gpu.barrier
      memref.store %zero, %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.if %first {
        nvvm.cp.async.bulk.wait_group 0 {read}
      }
      gpu.return
    }

    gpu.func @unwaited(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%buf : memref<64xf32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %at0 = arith.constant 0 : i32
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      %i = arith.index_cast %t : index to i64
      %from = llvm.getelementptr %src[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %v = llvm.load %from : !llvm.ptr<1> -> f32
      memref.store %v, %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      gpu.barrier
      scf.if %first {
        tile_dist.tensor_store %map, %out, [%c64], [] at [%at0] from %buf[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>
        nvvm.cp.async.bulk.commit.group
      }
      gpu.return
    }

    gpu.func @unfenced(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%buf : memref<64xf32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %at0 = arith.constant 0 : i32
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      %i = arith.index_cast %t : index to i64
      %from = llvm.getelementptr %src[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %v = llvm.load %from : !llvm.ptr<1> -> f32
      memref.store %v, %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.if %first {
        tile_dist.tensor_store %map, %out, [%c64], [] at [%at0] from %buf[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>
        nvvm.cp.async.bulk.commit.group
        nvvm.cp.async.bulk.wait_group 0 {read}
      }
      gpu.barrier
      memref.store %zero, %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
