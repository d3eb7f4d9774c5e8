// The host's adversarial asynchrony (HostAsyncCopy.cpp, HostBlockLaunch.cpp),
// picked by TILECHAIN_HOST_SEED. Each of 64 threads (two warps) copies 16
// bytes of `src` into shared memory by cp.async; every thread then reads four
// floats that a thread of the second warp copied, after two warp shuffles.
//   @complete        waits for its group and meets the others at a barrier:
//                    right under every seed;
//   @without_wait    has no cp.async.wait.group: seed 0 lands every copy at
//                    its wait, so the reads see fresh shared memory (0xFF,
//                    NaN) and the run fails; seed 1 lands copies at issue,
//                    the model before seeds, under which it passes;
//   @without_barrier waits but never meets the other warp: the host's
//                    race check (HostRaces.cpp) stops the block under
//                    every seed, at the first read of another warp's copy,
//                    or (seed 2, the first warp ahead) at the copy over
//                    bytes the first warp has read;
//   @global_without_barrier
//                    the same exchange through global memory, which the
//                    race check does not follow: in the sweeps' lockstep
//                    (seeds 0 and 1) the second warp has stored before the
//                    first reads, and the run passes; a seed whose first
//                    burst runs the first warp ahead alone catches it
//                    (seed 2 here; seed 3 runs the second warp first, and
//                    passes).
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: for seed in 0 1 2 3 7; do \
// RUN:   TILECHAIN_HOST_SEED=$seed %hpython %S/Inputs/run_host_block.py %t.so complete \
// RUN:     --grid 1 --buffer src:float32:256:iota --buffer out:float32:256 \
// RUN:     --expect 'out=src[128 + np.arange(256) % 128]' || exit 1; \
// RUN: done | FileCheck %s --check-prefix=COMPLETE
// COMPLETE-COUNT-5: complete: out matches (256 values)

// RUN: TILECHAIN_HOST_SEED=1 %hpython %S/Inputs/run_host_block.py %t.so without_wait \
// RUN:   --grid 1 --buffer src:float32:256:iota --buffer out:float32:256 \
// RUN:   --expect 'out=src[128 + np.arange(256) % 128]' | FileCheck %s --check-prefix=EARLY
// EARLY: without_wait: out matches (256 values)
// RUN: env TILECHAIN_HOST_SEED=0 not %hpython %S/Inputs/run_host_block.py %t.so without_wait \
// RUN:   --grid 1 --buffer src:float32:256:iota --buffer out:float32:256 \
// RUN:   --expect 'out=src[128 + np.arange(256) % 128]' 2>&1 | FileCheck %s --check-prefix=LATE
// RUN: env -u TILECHAIN_HOST_SEED not %hpython %S/Inputs/run_host_block.py %t.so without_wait \
// RUN:   --grid 1 --buffer src:float32:256:iota --buffer out:float32:256 \
// RUN:   --expect 'out=src[128 + np.arange(256) % 128]' 2>&1 | FileCheck %s --check-prefix=LATE
// LATE: without_wait: out: 252 of 256 values differ, first at 0: {{.*}}nan{{.*}} != {{.*}}128.0

// RUN: for seed in 0 1 3; do \
// RUN:   TILECHAIN_HOST_SEED=$seed not --crash %hpython %S/Inputs/run_host_block.py \
// RUN:     %t.so without_barrier --grid 1 --buffer src:float32:256:iota \
// RUN:     --buffer out:float32:256 2>&1; \
// RUN: done | FileCheck %s --check-prefix=RACE
// RUN: env TILECHAIN_HOST_SEED=2 not --crash %hpython %S/Inputs/run_host_block.py \
// RUN:   %t.so without_barrier --grid 1 --buffer src:float32:256:iota \
// RUN:   --buffer out:float32:256 2>&1 | FileCheck %s --check-prefix=RACE-AHEAD
// RACE-COUNT-3: tilechain host: kernel 'without_barrier': {{.*}}host-async-copy.mlir:[[#@LINE+109]]:14: memref.load reads shared memory that another thread wrote with no barrier between (a race: a barrier is missing)
// RACE-AHEAD: tilechain host: kernel 'without_barrier': {{.*}}host-async-copy.mlir:[[#@LINE+93]]:7: tile_dist.async_copy writes shared memory that another thread read or wrote with no barrier between (a race: a barrier is missing)

// RUN: for seed in 0 1 3; do \
// RUN:   TILECHAIN_HOST_SEED=$seed %hpython %S/Inputs/run_host_block.py %t.so global_without_barrier \
// RUN:     --grid 1 --buffer src:float32:256:iota --buffer out:float32:256 \
// RUN:     --buffer exchanged:float32:256 \
// RUN:     --expect 'out=src[128 + np.arange(256) % 128]' || exit 1; \
// RUN: done | FileCheck %s --check-prefix=LOCKSTEP
// LOCKSTEP-COUNT-3: global_without_barrier: out matches (256 values)
// RUN: env TILECHAIN_HOST_SEED=2 not %hpython %S/Inputs/run_host_block.py %t.so global_without_barrier \
// RUN:   --grid 1 --buffer src:float32:256:iota --buffer out:float32:256 \
// RUN:   --buffer exchanged:float32:256 \
// RUN:   --expect 'out=src[128 + np.arange(256) % 128]' 2>&1 | FileCheck %s --check-prefix=AHEAD
// AHEAD: global_without_barrier: out: 128 of 256 values differ, first at 0: {{.*}} != {{.*}}128.0

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_80">] {
    gpu.func @complete(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%smem : memref<256xf32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : i32
      %mine = arith.muli %t, %c4 : index
      %mine_i64 = arith.index_cast %mine : index to i64
      %from = llvm.getelementptr %src[%mine_i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      tile_dist.async_copy %from, %smem[%mine], %c16 : !llvm.ptr<1>, memref<256xf32, #gpu.address_space<workgroup>>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      gpu.barrier
      %zero = arith.constant 0.0 : f32
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %s1, %p1 = gpu.shuffle xor %zero, %c1, %c32 : f32
      %s2, %p2 = gpu.shuffle xor %s1, %c1, %c32 : f32
      %c128 = arith.constant 128 : index
      %mod = arith.remui %mine, %c128 : index
      %at = arith.addi %mod, %c128 : index
      %c1i = arith.constant 1 : index
      %c0i = arith.constant 0 : index
      scf.for %j = %c0i to %c4 step %c1i {
        %i = arith.addi %at, %j : index
        %v = memref.load %smem[%i] : memref<256xf32, #gpu.address_space<workgroup>>
        %w = arith.addf %v, %s2 : f32
        %o = arith.addi %mine, %j : index
        %o_i64 = arith.index_cast %o : index to i64
        %to = llvm.getelementptr %out[%o_i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
        llvm.store %w, %to : f32, !llvm.ptr<1>
      }
      gpu.return
    }
    gpu.func @without_wait(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%smem : memref<256xf32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : i32
      %mine = arith.muli %t, %c4 : index
      %mine_i64 = arith.index_cast %mine : index to i64
      %from = llvm.getelementptr %src[%mine_i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      tile_dist.async_copy %from, %smem[%mine], %c16 : !llvm.ptr<1>, memref<256xf32, #gpu.address_space<workgroup>>
      nvvm.cp.async.commit.group
      gpu.barrier
      %zero = arith.constant 0.0 : f32
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %s1, %p1 = gpu.shuffle xor %zero, %c1, %c32 : f32
      %s2, %p2 = gpu.shuffle xor %s1, %c1, %c32 : f32
      %c128 = arith.constant 128 : index
      %mod = arith.remui %mine, %c128 : index
      %at = arith.addi %mod, %c128 : index
      %c1i = arith.constant 1 : index
      %c0i = arith.constant 0 : index
      scf.for %j = %c0i to %c4 step %c1i {
        %i = arith.addi %at, %j : index
        %v = memref.load %smem[%i] : memref<256xf32, #gpu.address_space<workgroup>>
        %w = arith.addf %v, %s2 : f32
        %o = arith.addi %mine, %j : index
        %o_i64 = arith.index_cast %o : index to i64
        %to = llvm.getelementptr %out[%o_i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
        llvm.store %w, %to : f32, !llvm.ptr<1>
      }
      gpu.return
    }
    gpu.func @without_barrier(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%smem : memref<256xf32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %c16 = arith.constant 16 : i32
      %mine = arith.muli %t, %c4 : index
      %mine_i64 = arith.index_cast %mine : index to i64
      %from = llvm.getelementptr %src[%mine_i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      tile_dist.async_copy %from, %smem[%mine], %c16 : !llvm.ptr<1>, memref<256xf32, #gpu.address_space<workgroup>>
      nvvm.cp.async.commit.group
      nvvm.cp.async.wait.group 0
      %zero = arith.constant 0.0 : f32
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %s1, %p1 = gpu.shuffle xor %zero, %c1, %c32 : f32
      %s2, %p2 = gpu.shuffle xor %s1, %c1, %c32 : f32
      %c128 = arith.constant 128 : index
      %mod = arith.remui %mine, %c128 : index
      %at = arith.addi %mod, %c128 : index
      %c1i = arith.constant 1 : index
      %c0i = arith.constant 0 : index
      scf.for %j = %c0i to %c4 step %c1i {
        %i = arith.addi %at, %j : index
        %v = memref.load %smem[%i] : memref<256xf32, #gpu.address_space<workgroup>>
        %w = arith.addf %v, %s2 : f32
        %o = arith.addi %mine, %j : index
        %o_i64 = arith.index_cast %o : index to i64
        %to = llvm.getelementptr %out[%o_i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
        llvm.store %w, %to : f32, !llvm.ptr<1>
      }
      gpu.return
    }
    gpu.func @global_without_barrier(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>,
                                     %exchanged: !llvm.ptr<1>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %mine = arith.muli %t, %c4 : index
      %c1i = arith.constant 1 : index
      %c0i = arith.constant 0 : index
      scf.for %j = %c0i to %c4 step %c1i {
        %k = arith.addi %mine, %j : index
        %k_i64 = arith.index_cast %k : index to i64
        %from = llvm.getelementptr %src[%k_i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
        %x = llvm.load %from : !llvm.ptr<1> -> f32
        %into = llvm.getelementptr %exchanged[%k_i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
        llvm.store %x, %into : f32, !llvm.ptr<1>
      }
      %zero = arith.constant 0.0 : f32
      %c1 = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %s1, %p1 = gpu.shuffle xor %zero, %c1, %c32 : f32
      %s2, %p2 = gpu.shuffle xor %s1, %c1, %c32 : f32
      %c128 = arith.constant 128 : index
      %mod = arith.remui %mine, %c128 : index
      %at = arith.addi %mod, %c128 : index
      scf.for %j = %c0i to %c4 step %c1i {
        %i = arith.addi %at, %j : index
        %i_i64 = arith.index_cast %i : index to i64
        %in = llvm.getelementptr %exchanged[%i_i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
        %v = llvm.load %in : !llvm.ptr<1> -> f32
        %w = arith.addf %v, %s2 : f32
        %o = arith.addi %mine, %j : index
        %o_i64 = arith.index_cast %o : index to i64
        %to = llvm.getelementptr %out[%o_i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
        llvm.store %w, %to : f32, !llvm.ptr<1>
      }
      gpu.return
    }
  }
}
