// A warp-specialized block on the host: a producer warpgroup whose one
// thread fills a ring of two stages by TMA, announcing each stage on its
// full mbarrier after waiting on its empty one; a consumer warpgroup that
// waits on the full mbarriers, synchronizes among itself with named
// barriers (bar.sync 1, 128) and hands each stage back with an arrival of
// every consumer thread on its empty mbarrier; setmaxnreg in each role;
// the producer's other threads exit at once (they count in no named
// barrier). The consumers sum 8 chunks of 128 floats, each with its
// neighbour's element exchanged through shared memory.
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_host_block.py %t.so ring --grid 2 \
// RUN:   --buffer src:float32:1024:iota --buffer out:float32:128 \
// RUN:   --expect 'out=(s := src.reshape(8, 128)).sum(0) + np.roll(s, -1, axis=1).sum(0)' \
// RUN:   | FileCheck %s --check-prefix=RING
// RUN: env TILECHAIN_HOST_SEED=5 %hpython %S/Inputs/run_host_block.py %t.so ring --grid 1 \
// RUN:   --buffer src:float32:1024:iota --buffer out:float32:128 \
// RUN:   --expect 'out=(s := src.reshape(8, 128)).sum(0) + np.roll(s, -1, axis=1).sum(0)' \
// RUN:   | FileCheck %s --check-prefix=RING
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so no_empty_wait --grid 1 \
// RUN:   --buffer src:float32:1024:iota --buffer out:float32:128 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-EMPTY
// RUN: %hpython %S/Inputs/run_host_block.py %t.so hand_over --grid 1 \
// RUN:   --buffer out:int32:64 --expect 'out=np.arange(64)[::-1] % 32 * 3' \
// RUN:   | FileCheck %s --check-prefix=HAND
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so no_hand_over --grid 1 \
// RUN:   --buffer out:int32:64 2>&1 | FileCheck %s --check-prefix=NO-HAND
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so missing_named --grid 1 \
// RUN:   --buffer out:int32:64 2>&1 | FileCheck %s --check-prefix=NO-NAMED
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so count_too_high --grid 1 \
// RUN:   --buffer out:int32:64 2>&1 | FileCheck %s --check-prefix=HIGH
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so count_not_warps --grid 1 \
// RUN:   --buffer out:int32:64 2>&1 | FileCheck %s --check-prefix=ODD

// RING: ring: out matches (128 values)
// RING: ring: 2 runs identical
// NO-EMPTY: tilechain host: kernel 'no_empty_wait':
// HAND: hand_over: out matches (64 values)
// NO-HAND: tilechain host: kernel 'no_hand_over': {{.*}} shared memory that another thread {{.*}} with no barrier between
// NO-NAMED: tilechain host: kernel 'missing_named': {{.*}} shared memory that another thread {{.*}} with no barrier between
// HIGH: tilechain host: kernel 'count_too_high': every unfinished thread waits
// ODD: tilechain host: kernel 'count_not_warps': {{.*}}counts threads that are not a positive multiple of 32

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90a">] {
    gpu.func @ring(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%stages : memref<256xf32, #gpu.address_space<workgroup>>,
                  %scratch : memref<128xf32, #gpu.address_space<workgroup>>,
                  %full : memref<2xi64, #gpu.address_space<workgroup>>,
                  %empty : memref<2xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 256, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c127 = arith.constant 127 : index
      %c128 = arith.constant 128 : index
      %c1024 = arith.constant 1024 : index
      %one = arith.constant 1 : i32
      %i1 = arith.constant 1 : i32
      %consumers = arith.constant 128 : i32
      %bytes = arith.constant 512 : i32
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      scf.if %is0 {
        tile_dist.mbarrier_init %full[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_init %full[%c1], %one : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_init %empty[%c0], %consumers : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_init %empty[%c1], %consumers : memref<2xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
      }
      gpu.barrier
      %producer = arith.cmpi uge, %t, %c128 : index
      cf.cond_br %producer, ^produce, ^consume
    ^produce:
      nvvm.setmaxregister decrease 40
      %issuer = arith.cmpi eq, %t, %c128 : index
      scf.if %issuer {
        scf.for %c = %c0 to %c8 step %c1 {
          %s = arith.remui %c, %c2 : index
          %round = arith.divui %c, %c2 : index
          %r32 = arith.index_cast %round : index to i32
          // The round before this one's phase: for the first round, the
          // phase before the mbarrier's first, which has completed.
          %p0 = arith.andi %r32, %i1 : i32
          %free = arith.xori %p0, %i1 : i32
          tile_dist.mbarrier_wait %empty[%s], %free : memref<2xi64, #gpu.address_space<workgroup>>
          tile_dist.mbarrier_expect_tx %full[%s], %bytes : memref<2xi64, #gpu.address_space<workgroup>>
          %at = arith.muli %c, %c128 : index
          %at32 = arith.index_cast %at : index to i32
          %slot = arith.muli %s, %c128 : index
          tile_dist.tensor_copy %map, %src, [%c1024], [] at [%at32] into %stages[%slot], %full[%s] {box = array<i64: 128>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<256xf32, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
        }
      }
      gpu.return
    ^consume:
      nvvm.setmaxregister increase 232
      %zero = arith.constant 0.0 : f32
      %next = arith.addi %t, %c1 : index
      %neighbour = arith.andi %next, %c127 : index
      %sum = scf.for %c = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
        %s = arith.remui %c, %c2 : index
        %round = arith.divui %c, %c2 : index
        %r32 = arith.index_cast %round : index to i32
        %parity = arith.andi %r32, %i1 : i32
        tile_dist.mbarrier_wait %full[%s], %parity : memref<2xi64, #gpu.address_space<workgroup>>
        %slot = arith.muli %s, %c128 : index
        %at = arith.addi %slot, %t : index
        %v = memref.load %stages[%at] : memref<256xf32, #gpu.address_space<workgroup>>
        memref.store %v, %scratch[%t] : memref<128xf32, #gpu.address_space<workgroup>>
        nvvm.barrier id = %i1 number_of_threads = %consumers
        %w = memref.load %scratch[%neighbour] : memref<128xf32, #gpu.address_space<workgroup>>
        // Every consumer has read its neighbour's word before the next
        // chunk's store overwrites it.
        nvvm.barrier id = %i1 number_of_threads = %consumers
        tile_dist.mbarrier_arrive %empty[%s] : memref<2xi64, #gpu.address_space<workgroup>>
        %a = arith.addf %acc, %v : f32
        %b = arith.addf %a, %w : f32
        scf.yield %b : f32
      }
      %i = arith.index_cast %t : index to i64
      %o = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %sum, %o : f32, !llvm.ptr<1>
      gpu.return
    }

    // The same producer without its waits on the empty mbarriers: it
    // announces stage 0's second chunk while the first is still in the
    // phase that chunk completes.
    gpu.func @no_empty_wait(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%stages : memref<256xf32, #gpu.address_space<workgroup>>,
                  %full : memref<2xi64, #gpu.address_space<workgroup>>,
                  %empty : memref<2xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 256, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c1024 = arith.constant 1024 : index
      %one = arith.constant 1 : i32
      %i1 = arith.constant 1 : i32
      %consumers = arith.constant 128 : i32
      %bytes = arith.constant 512 : i32
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      scf.if %is0 {
        tile_dist.mbarrier_init %full[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_init %full[%c1], %one : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_init %empty[%c0], %consumers : memref<2xi64, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_init %empty[%c1], %consumers : memref<2xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
      }
      gpu.barrier
      %producer = arith.cmpi uge, %t, %c128 : index
      cf.cond_br %producer, ^produce, ^consume
    ^produce:
      %issuer = arith.cmpi eq, %t, %c128 : index
      scf.if %issuer {
        scf.for %c = %c0 to %c8 step %c1 {
          %s = arith.remui %c, %c2 : index
          tile_dist.mbarrier_expect_tx %full[%s], %bytes : memref<2xi64, #gpu.address_space<workgroup>>
          %at = arith.muli %c, %c128 : index
          %at32 = arith.index_cast %at : index to i32
          %slot = arith.muli %s, %c128 : index
          tile_dist.tensor_copy %map, %src, [%c1024], [] at [%at32] into %stages[%slot], %full[%s] {box = array<i64: 128>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<256xf32, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
        }
      }
      gpu.return
    ^consume:
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %c = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> (f32) {
        %s = arith.remui %c, %c2 : index
        %round = arith.divui %c, %c2 : index
        %r32 = arith.index_cast %round : index to i32
        %parity = arith.andi %r32, %i1 : i32
        tile_dist.mbarrier_wait %full[%s], %parity : memref<2xi64, #gpu.address_space<workgroup>>
        %slot = arith.muli %s, %c128 : index
        %at = arith.addi %slot, %t : index
        %v = memref.load %stages[%at] : memref<256xf32, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_arrive %empty[%s] : memref<2xi64, #gpu.address_space<workgroup>>
        %a = arith.addf %acc, %v : f32
        scf.yield %a : f32
      }
      %i = arith.index_cast %t : index to i64
      %o = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %sum, %o : f32, !llvm.ptr<1>
      gpu.return
    }

    // Warp 1 stores words that warp 0 reads after an mbarrier hand-over
    // (mbarrier_arrive by each of warp 1's threads, a wait by warp 0's):
    // the hand-over orders them, no barrier needed.
    gpu.func @hand_over(%out: !llvm.ptr<1>)
        workgroup(%words : memref<32xi32, #gpu.address_space<workgroup>>,
                  %ready : memref<1xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c31 = arith.constant 31 : index
      %writers = arith.constant 32 : i32
      %parity = arith.constant 0 : i32
      %three = arith.constant 3 : i32
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      scf.if %is0 {
        tile_dist.mbarrier_init %ready[%c0], %writers : memref<1xi64, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %writer = arith.cmpi uge, %t, %c32 : index
      %lane = arith.andi %t, %c31 : index
      scf.if %writer {
        %l32 = arith.index_cast %lane : index to i32
        %v = arith.muli %l32, %three : i32
        memref.store %v, %words[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_arrive %ready[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
      } else {
        tile_dist.mbarrier_wait %ready[%c0], %parity : memref<1xi64, #gpu.address_space<workgroup>>
      }
      // Thread t writes out[63 - t]: warp 0 the words, warp 1 its own.
      %w = memref.load %words[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
      %c63 = arith.constant 63 : index
      %place = arith.subi %c63, %t : index
      %i = arith.index_cast %place : index to i64
      %o = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %w, %o : i32, !llvm.ptr<1>
      gpu.return
    }

    // The same, warp 0 reading without waiting for the hand-over.
    gpu.func @no_hand_over(%out: !llvm.ptr<1>)
        workgroup(%words : memref<32xi32, #gpu.address_space<workgroup>>,
                  %ready : memref<1xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %c31 = arith.constant 31 : index
      %writers = arith.constant 32 : i32
      %three = arith.constant 3 : i32
      %t = gpu.thread_id x
      %is0 = arith.cmpi eq, %t, %c0 : index
      scf.if %is0 {
        tile_dist.mbarrier_init %ready[%c0], %writers : memref<1xi64, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %writer = arith.cmpi uge, %t, %c32 : index
      %lane = arith.andi %t, %c31 : index
      scf.if %writer {
        %l32 = arith.index_cast %lane : index to i32
        %v = arith.muli %l32, %three : i32
        memref.store %v, %words[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
        tile_dist.mbarrier_arrive %ready[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
      }
      %w = memref.load %words[%lane] : memref<32xi32, #gpu.address_space<workgroup>>
      %c63 = arith.constant 63 : index
      %place = arith.subi %c63, %t : index
      %i = arith.index_cast %place : index to i64
      %o = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %w, %o : i32, !llvm.ptr<1>
      gpu.return
    }

    // Warps 0 and 1 exchange words through a named barrier for 64 threads
    // but read before it.
    gpu.func @missing_named(%out: !llvm.ptr<1>)
        workgroup(%words : memref<64xi32, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 96, 1, 1>} {
      %c63 = arith.constant 63 : index
      %c64 = arith.constant 64 : index
      %id = arith.constant 2 : i32
      %n = arith.constant 64 : i32
      %t = gpu.thread_id x
      %inside = arith.cmpi ult, %t, %c64 : index
      scf.if %inside {
        %t32 = arith.index_cast %t : index to i32
        memref.store %t32, %words[%t] : memref<64xi32, #gpu.address_space<workgroup>>
        %mirror = arith.subi %c63, %t : index
        %w = memref.load %words[%mirror] : memref<64xi32, #gpu.address_space<workgroup>>
        nvvm.barrier id = %id number_of_threads = %n
        %i = arith.index_cast %t : index to i64
        %o = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
        llvm.store %w, %o : i32, !llvm.ptr<1>
      }
      gpu.return
    }

    // A named barrier that counts more threads than ever arrive.
    gpu.func @count_too_high(%out: !llvm.ptr<1>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %id = arith.constant 1 : i32
      %n = arith.constant 96 : i32
      nvvm.barrier id = %id number_of_threads = %n
      gpu.return
    }

    // A named barrier whose count is not whole warps.
    gpu.func @count_not_warps(%out: !llvm.ptr<1>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %id = arith.constant 1 : i32
      %n = arith.constant 48 : i32
      nvvm.barrier id = %id number_of_threads = %n
      gpu.return
    }
  }
}
