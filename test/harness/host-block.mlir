// K__host runs a whole block: nvvm.reqntid threads with their thread ids,
// barriers, warp shuffles and workgroup (shared) memory, every block from a
// fresh workgroup buffer; the results are exact and the same every run.
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_host_block.py %t.so thread_ids --grid 2 \
// RUN:   --buffer out:int32:256 \
// RUN:   --expect 'out=np.arange(256) % 128 + 1000 * (np.arange(256) // 128)' \
// RUN:   | FileCheck %s --check-prefix=IDS
// RUN: %hpython %S/Inputs/run_host_block.py %t.so block_sum --grid 4 \
// RUN:   --buffer src:int32:1024:iota --buffer out:int32:4 --buffer twice:int32:1024 \
// RUN:   --expect 'out=src.reshape(4, 256).sum(1)' --expect 'twice=2 * src' \
// RUN:   | FileCheck %s --check-prefix=SUM
// RUN: %hpython %S/Inputs/run_host_block.py %t.so warp_sum --grid 1 \
// RUN:   --buffer out:float32:64 \
// RUN:   --expect 'out=np.repeat([np.arange(32).sum(), np.arange(32, 64).sum()], 32)' \
// RUN:   | FileCheck %s --check-prefix=WARP
// RUN: %hpython %S/Inputs/run_host_block.py %t.so broadcast --grid 1 \
// RUN:   --buffer out:int32:64 --buffer valid:int32:64 \
// RUN:   --expect 'out=3 * (np.arange(64) // 32 * 32 + 5)' --expect 'valid=np.ones(64)' \
// RUN:   | FileCheck %s --check-prefix=IDX
// RUN: %hpython %S/Inputs/run_host_block.py %t.so shifts --grid 1 \
// RUN:   --buffer down:int32:32 --buffer down_ok:int32:32 \
// RUN:   --buffer up:int32:32 --buffer up_ok:int32:32 \
// RUN:   --expect 'down=10 * np.where(np.arange(32) < 29, np.arange(32) + 3, np.arange(32))' \
// RUN:   --expect 'down_ok=np.arange(32) < 29' \
// RUN:   --expect 'up=10 * np.where(np.arange(32) >= 3, np.arange(32) - 3, np.arange(32))' \
// RUN:   --expect 'up_ok=np.arange(32) >= 3' \
// RUN:   | FileCheck %s --check-prefix=SHIFT
// RUN: %hpython %S/Inputs/run_host_block.py %t.so block_sum_warps --grid 4 \
// RUN:   --buffer src:float32:1024:iota --buffer out:float32:4 \
// RUN:   --expect 'out=src.reshape(4, 256).sum(1)' \
// RUN:   | FileCheck %s --check-prefix=WARPS
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so stuck --grid 1 \
// RUN:   --buffer out:int32:64 2>&1 | FileCheck %s --check-prefix=STUCK
// RUN: tile-llc --emit=host-llvm %s | FileCheck %s --check-prefix=IR

// IDS: thread_ids: out matches (256 values)
// SUM: block_sum: out matches (4 values)
// SUM: block_sum: twice matches (1024 values)
// SUM: block_sum: 2 runs identical
// WARP: warp_sum: out matches (64 values)
// IDX: broadcast: out matches (64 values)
// IDX: broadcast: valid matches (64 values)
// SHIFT: shifts: down matches (32 values)
// SHIFT: shifts: down_ok matches (32 values)
// SHIFT: shifts: up matches (32 values)
// SHIFT: shifts: up_ok matches (32 values)
// WARPS: block_sum_warps: out matches (4 values)
// Threads that never wait run one after another; the others are coroutines,
// split by LLVM into resume and destroy functions.
// IR-LABEL: define void @thread_ids__host(
// IR-NOT: @thread_ids__thread
// IR-LABEL: define void @block_sum__host(
// IR: define internal fastcc void @block_sum__thread.resume(
// IR: define internal fastcc void @block_sum__thread.destroy(

// STUCK: tilechain host: kernel 'stuck': every unfinished thread waits at a barrier or shuffle that not all threads of its block or warp reach

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">] {
    // out[block * 128 + tid] = tid + 1000 * block (+ thread y and z, 0),
    // through a private attribution.
    gpu.func @thread_ids(%out: !llvm.ptr<1>)
        private(%scratch : memref<2xi32, #gpu.address_space<private>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32, tilechain.tile_kernel} {
      %t = gpu.thread_id x
      %ty = gpu.thread_id y
      %tz = gpu.thread_id z
      %n = gpu.block_dim x
      %b = gpu.block_id x
      %c1000 = arith.constant 1000 : index
      %base = arith.muli %b, %n : index
      %i = arith.addi %base, %t : index
      %v0 = arith.muli %b, %c1000 : index
      %v1 = arith.addi %v0, %t : index
      %v2 = arith.addi %v1, %ty : index
      %v3 = arith.addi %v2, %tz : index
      %v0i = arith.index_cast %v3 : index to i32
      %c1 = arith.constant 1 : index
      memref.store %v0i, %scratch[%c1] : memref<2xi32, #gpu.address_space<private>>
      %v = memref.load %scratch[%c1] : memref<2xi32, #gpu.address_space<private>>
      %i64 = arith.index_cast %i : index to i64
      %p = llvm.getelementptr %out[%i64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %v, %p : i32, !llvm.ptr<1>
      gpu.return
    }

    // A tree reduction through shared memory, a barrier after every level;
    // a per-thread array keeps each thread's input across the barriers.
    gpu.func @block_sum(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>, %twice: !llvm.ptr<1>)
        workgroup(%smem : memref<1024xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
        kernel attributes {nvvm.reqntid = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32, tilechain.tile_kernel} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c128 = arith.constant 128 : index
      %c256 = arith.constant 256 : index
      %buf = memref.view %smem[%c0][] : memref<1024xi8, #gpu.address_space<workgroup>> to memref<256xi32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %base = arith.muli %b, %c256 : index
      %g = arith.addi %base, %t : index
      %g64 = arith.index_cast %g : index to i64
      %pin = llvm.getelementptr %in[%g64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      %x = llvm.load %pin : !llvm.ptr<1> -> i32
      %mine = memref.alloca() : memref<4xi32>
      memref.store %x, %mine[%c1] : memref<4xi32>
      memref.store %x, %buf[%t] : memref<256xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %k = %c0 to %c8 step %c1 {
        %s = arith.shrui %c128, %k : index
        %active = arith.cmpi ult, %t, %s : index
        scf.if %active {
          %u = arith.addi %t, %s : index
          %a = memref.load %buf[%t] : memref<256xi32, #gpu.address_space<workgroup>>
          %c = memref.load %buf[%u] : memref<256xi32, #gpu.address_space<workgroup>>
          %sum = arith.addi %a, %c : i32
          memref.store %sum, %buf[%t] : memref<256xi32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        %total = memref.load %buf[%c0] : memref<256xi32, #gpu.address_space<workgroup>>
        %b64 = arith.index_cast %b : index to i64
        %pout = llvm.getelementptr %out[%b64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
        llvm.store %total, %pout : i32, !llvm.ptr<1>
      }
      %kept = memref.load %mine[%c1] : memref<4xi32>
      %two = arith.addi %kept, %kept : i32
      %ptw = llvm.getelementptr %twice[%g64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %two, %ptw : i32, !llvm.ptr<1>
      gpu.return
    }

    // Butterfly (xor) sum of the thread ids of each warp, in a loop.
    gpu.func @warp_sum(%out: !llvm.ptr<1>) kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>, nvvm.minctasm = 1 : i32, tilechain.tile_kernel} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %c16 = arith.constant 16 : i32
      %width = arith.constant 32 : i32
      %t = gpu.thread_id x
      %t32 = arith.index_cast %t : index to i32
      %v = arith.sitofp %t32 : i32 to f32
      %sum = scf.for %k = %c0 to %c5 step %c1 iter_args(%acc = %v) -> (f32) {
        %k32 = arith.index_cast %k : index to i32
        %offset = arith.shrui %c16, %k32 : i32
        %other, %ok = gpu.shuffle xor %acc, %offset, %width : f32
        %next = arith.addf %acc, %other : f32
        scf.yield %next : f32
      }
      %t64 = arith.index_cast %t : index to i64
      %p = llvm.getelementptr %out[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %sum, %p : f32, !llvm.ptr<1>
      gpu.return
    }

    // Lane 5's value to its whole warp.
    gpu.func @broadcast(%out: !llvm.ptr<1>, %valid: !llvm.ptr<1>) kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>, nvvm.minctasm = 1 : i32, tilechain.tile_kernel} {
      %c3 = arith.constant 3 : i32
      %c5 = arith.constant 5 : i32
      %width = arith.constant 32 : i32
      %t = gpu.thread_id x
      %t32 = arith.index_cast %t : index to i32
      %v = arith.muli %t32, %c3 : i32
      %r, %ok = gpu.shuffle idx %v, %c5, %width : i32
      %okw = arith.extui %ok : i1 to i32
      %t64 = arith.index_cast %t : index to i64
      %p = llvm.getelementptr %out[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %r, %p : i32, !llvm.ptr<1>
      %q = llvm.getelementptr %valid[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %okw, %q : i32, !llvm.ptr<1>
      gpu.return
    }

    // Shuffles down and up by 3: lanes without a source keep their own
    // value and report it invalid.
    gpu.func @shifts(%down: !llvm.ptr<1>, %down_ok: !llvm.ptr<1>, %up: !llvm.ptr<1>, %up_ok: !llvm.ptr<1>) kernel attributes {nvvm.reqntid = array<i32: 32, 1, 1>, nvvm.minctasm = 1 : i32, tilechain.tile_kernel} {
      %c3 = arith.constant 3 : i32
      %c10 = arith.constant 10 : i32
      %width = arith.constant 32 : i32
      %t = gpu.thread_id x
      %t32 = arith.index_cast %t : index to i32
      %v = arith.muli %t32, %c10 : i32
      %d, %dok = gpu.shuffle down %v, %c3, %width : i32
      %u, %uok = gpu.shuffle up %v, %c3, %width : i32
      %dokw = arith.extui %dok : i1 to i32
      %uokw = arith.extui %uok : i1 to i32
      %t64 = arith.index_cast %t : index to i64
      %p0 = llvm.getelementptr %down[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %d, %p0 : i32, !llvm.ptr<1>
      %p1 = llvm.getelementptr %down_ok[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %dokw, %p1 : i32, !llvm.ptr<1>
      %p2 = llvm.getelementptr %up[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %u, %p2 : i32, !llvm.ptr<1>
      %p3 = llvm.getelementptr %up_ok[%t64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, i32
      llvm.store %uokw, %p3 : i32, !llvm.ptr<1>
      gpu.return
    }

    // A block sum as reductions lower it: each warp shuffles, lane 0 puts
    // the warp's sum in shared memory, a barrier, then warp 0 alone
    // shuffles the 8 partial sums while the other warps have returned.
    gpu.func @block_sum_warps(%in: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%smem : memref<32xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
        kernel attributes {nvvm.reqntid = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32, tilechain.tile_kernel} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c5 = arith.constant 5 : index
      %c8 = arith.constant 8 : index
      %c31 = arith.constant 31 : index
      %c32 = arith.constant 32 : index
      %c256 = arith.constant 256 : index
      %c16 = arith.constant 16 : i32
      %width = arith.constant 32 : i32
      %zero = arith.constant 0.0 : f32
      %partials = memref.view %smem[%c0][] : memref<32xi8, #gpu.address_space<workgroup>> to memref<8xf32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %lane = arith.andi %t, %c31 : index
      %warp = arith.divui %t, %c32 : index
      %base = arith.muli %b, %c256 : index
      %g = arith.addi %base, %t : index
      %g64 = arith.index_cast %g : index to i64
      %pin = llvm.getelementptr %in[%g64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %x = llvm.load %pin : !llvm.ptr<1> -> f32
      %wsum = scf.for %k = %c0 to %c5 step %c1 iter_args(%acc = %x) -> (f32) {
        %k32 = arith.index_cast %k : index to i32
        %offset = arith.shrui %c16, %k32 : i32
        %other, %ok = gpu.shuffle xor %acc, %offset, %width : f32
        %next = arith.addf %acc, %other : f32
        scf.yield %next : f32
      }
      %lane0 = arith.cmpi eq, %lane, %c0 : index
      scf.if %lane0 {
        memref.store %wsum, %partials[%warp] : memref<8xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %warp0 = arith.cmpi eq, %warp, %c0 : index
      scf.if %warp0 {
        %has = arith.cmpi ult, %lane, %c8 : index
        %p = scf.if %has -> (f32) {
          %v = memref.load %partials[%lane] : memref<8xf32, #gpu.address_space<workgroup>>
          scf.yield %v : f32
        } else {
          scf.yield %zero : f32
        }
        %bsum = scf.for %k = %c0 to %c5 step %c1 iter_args(%acc = %p) -> (f32) {
          %k32 = arith.index_cast %k : index to i32
          %offset = arith.shrui %c16, %k32 : i32
          %other, %ok = gpu.shuffle xor %acc, %offset, %width : f32
          %next = arith.addf %acc, %other : f32
          scf.yield %next : f32
        }
        %first = arith.cmpi eq, %t, %c0 : index
        scf.if %first {
          %b64 = arith.index_cast %b : index to i64
          %pout = llvm.getelementptr %out[%b64] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
          llvm.store %bsum, %pout : f32, !llvm.ptr<1>
        }
      }
      gpu.return
    }

    // Not uniform: lanes 32..47 shuffle while every other thread waits at
    // the barrier, so neither the block nor warp 1 can complete.
    gpu.func @stuck(%out: !llvm.ptr<1>) kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>, nvvm.minctasm = 1 : i32, tilechain.tile_kernel} {
      %c32 = arith.constant 32 : index
      %c48 = arith.constant 48 : index
      %c1 = arith.constant 1 : i32
      %width = arith.constant 32 : i32
      %t = gpu.thread_id x
      %low = arith.cmpi ult, %t, %c32 : index
      %high = arith.cmpi uge, %t, %c48 : index
      %waits = arith.ori %low, %high : i1
      scf.if %waits {
        gpu.barrier
      } else {
        %t32 = arith.index_cast %t : index to i32
        %r, %ok = gpu.shuffle xor %t32, %c1, %width : i32
        llvm.store %r, %out : i32, !llvm.ptr<1>
      }
      gpu.return
    }
  }
}
