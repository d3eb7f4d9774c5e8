// tile-lower asks for a tile_dist.convert_layout wherever an op needs a tile
// in a layout it does not have. tile-sched first removes the ones not
// needed, then carries out the rest: a selection of the thread's registers
// where that is all it takes, else a round trip through shared memory.
// RUN: tile-sched %s --split-input-file --tilechain-remove-layout-conversions | FileCheck %s --check-prefix=REMOVE
// RUN: tile-sched %s --split-input-file --tilechain-materialize-layout-conversions | FileCheck %s --check-prefix=CARRY

// A change to the layout the tile has is no change.
// REMOVE-LABEL: gpu.func @same_layout(
// REMOVE-NOT: tile_dist.convert_layout
// REMOVE: gpu.return %arg0
gpu.module @kernels {
  gpu.func @same_layout(%a: vector<1xf32>) -> vector<1xf32> {
    %0 = tile_dist.convert_layout %a from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> : vector<1xf32> -> vector<1xf32>
    gpu.return %0 : vector<1xf32>
  }
}

// -----

// A change of a change is one change from the first layout; the first change
// is then read by nobody and goes. A change back to the first layout is none.
// REMOVE-LABEL: gpu.func @chain(
// REMOVE-NEXT: %[[ONE:.+]] = tile_dist.convert_layout %arg0 from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [2, 4, 8, 16, 32], warp = [64, 1]>
// REMOVE-NEXT: gpu.return %[[ONE]], %arg0 :
gpu.module @kernels {
  gpu.func @chain(%a: vector<1xf32>) -> (vector<1xf32>, vector<1xf32>) {
    %0 = tile_dist.convert_layout %a from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> : vector<1xf32> -> vector<1xf32>
    %1 = tile_dist.convert_layout %0 from <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> to <[128], register = [], lane = [2, 4, 8, 16, 32], warp = [64, 1]> : vector<1xf32> -> vector<1xf32>
    %2 = tile_dist.convert_layout %0 from <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> to <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> : vector<1xf32> -> vector<1xf32>
    gpu.return %1, %2 : vector<1xf32>, vector<1xf32>
  }
}

// -----

// A change whose registers nobody reads goes, with the reads left unused.
// REMOVE-LABEL: gpu.func @unread(
// REMOVE-NEXT: gpu.return
gpu.module @kernels {
  gpu.func @unread(%a: vector<1xf32>) {
    %0 = tile_dist.convert_layout %a from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> : vector<1xf32> -> vector<1xf32>
    %1 = vector.extract %0[0] : f32 from vector<1xf32>
    gpu.return
  }
}

// -----

// In a loop, a change of a tile from before the loop runs once, before it
// (here out of both loops); a change of the carried tile stays, and so does
// one under an scf.if (it runs only when the branch does).
// REMOVE-LABEL: gpu.func @loops(
// REMOVE: arith.constant 1
// REMOVE-NEXT: tile_dist.convert_layout %arg0
// REMOVE-NEXT: scf.for
// REMOVE-NEXT: scf.for
// REMOVE-NEXT: tile_dist.convert_layout %{{.+}} from
// REMOVE-NEXT: arith.addf
// REMOVE-NEXT: scf.if
// REMOVE-NEXT: tile_dist.convert_layout %arg1
// REMOVE: gpu.return
gpu.module @kernels {
  gpu.func @loops(%a: vector<1xf32>, %b: vector<1xf32>, %n: index, %c: i1) -> vector<1xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %b) -> vector<1xf32> {
      %s = scf.for %j = %c0 to %n step %c1 iter_args(%inner = %acc) -> vector<1xf32> {
        %0 = tile_dist.convert_layout %a from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> : vector<1xf32> -> vector<1xf32>
        %1 = tile_dist.convert_layout %inner from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> : vector<1xf32> -> vector<1xf32>
        %2 = arith.addf %0, %1 : vector<1xf32>
        %3 = scf.if %c -> vector<1xf32> {
          %4 = tile_dist.convert_layout %b from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [2, 4, 8, 16, 32], warp = [64, 1]> : vector<1xf32> -> vector<1xf32>
          scf.yield %4 : vector<1xf32>
        } else {
          scf.yield %2 : vector<1xf32>
        }
        scf.yield %3 : vector<1xf32>
      }
      scf.yield %s : vector<1xf32>
    }
    gpu.return %r : vector<1xf32>
  }
}

// -----

// A change moves out of a loop only where the loop then keeps about as few
// registers live: not when its source is also used after the loop (both
// layouts would live through it), nor when the new layout has more than 4
// registers and more than the old (here a broadcast widened to 8, which
// would hold them through the loop); a widening to 4 moves.
// REMOVE-LABEL: gpu.func @pressure(
// REMOVE: tile_dist.convert_layout %arg2
// REMOVE-NEXT: scf.for
// REMOVE-NEXT: tile_dist.convert_layout %arg0
// REMOVE-NEXT: tile_dist.convert_layout %arg1
// REMOVE: gpu.return
gpu.module @kernels {
  gpu.func @pressure(%a: vector<1xf32>, %b: vector<1xf32>, %c: vector<1xf32>, %n: index) -> (vector<1xf32>, vector<8xf32>, vector<4xf32>, vector<1xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0.0> : vector<1xf32>
    %zeros8 = arith.constant dense<0.0> : vector<8xf32>
    %zeros4 = arith.constant dense<0.0> : vector<4xf32>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %zero, %y = %zeros8, %z = %zeros4) -> (vector<1xf32>, vector<8xf32>, vector<4xf32>) {
      %0 = tile_dist.convert_layout %a from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> : vector<1xf32> -> vector<1xf32>
      %1 = tile_dist.convert_layout %b from <[1, 32], register = [], lane = [1, 2, 4, 8, 16], warp = [0, 0]> to <[8, 32], register = [1, 2, 128], lane = [4, 8, 16, 32, 64], warp = [0, 0]> : vector<1xf32> -> vector<8xf32>
      %2 = tile_dist.convert_layout %c from <[1, 32], register = [], lane = [1, 2, 4, 8, 16], warp = [0, 0]> to <[4, 32], register = [1, 2], lane = [4, 8, 16, 32, 64], warp = [0, 0]> : vector<1xf32> -> vector<4xf32>
      %3 = arith.addf %x, %0 : vector<1xf32>
      %4 = arith.addf %y, %1 : vector<8xf32>
      %5 = arith.addf %z, %2 : vector<4xf32>
      scf.yield %3, %4, %5 : vector<1xf32>, vector<8xf32>, vector<4xf32>
    }
    gpu.return %r#0, %r#1, %r#2, %a : vector<1xf32>, vector<8xf32>, vector<4xf32>, vector<1xf32>
  }
}

// -----

// Two changes of one tile into one layout: the later goes where the earlier
// dominates it (after hoisting: here both come from the same loop body), and
// stays where it does not (the two branches of an scf.if).
// REMOVE-LABEL: gpu.func @repeated(
// REMOVE: %[[ONCE:.+]] = tile_dist.convert_layout
// REMOVE-NOT: tile_dist.convert_layout
// REMOVE: scf.if
// REMOVE: tile_dist.convert_layout
// REMOVE: else
// REMOVE: tile_dist.convert_layout
// REMOVE-NOT: tile_dist.convert_layout
// REMOVE: gpu.return %[[ONCE]], %[[ONCE]], %{{.+}} :
gpu.module @kernels {
  gpu.func @repeated(%a: vector<1xf32>, %c: i1) -> (vector<1xf32>, vector<1xf32>, vector<1xf32>) {
    %0 = tile_dist.convert_layout %a from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> : vector<1xf32> -> vector<1xf32>
    %1 = tile_dist.convert_layout %a from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> : vector<1xf32> -> vector<1xf32>
    %2 = scf.if %c -> vector<1xf32> {
      %3 = tile_dist.convert_layout %a from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [2, 4, 8, 16, 32], warp = [64, 1]> : vector<1xf32> -> vector<1xf32>
      scf.yield %3 : vector<1xf32>
    } else {
      %4 = tile_dist.convert_layout %a from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [2, 4, 8, 16, 32], warp = [64, 1]> : vector<1xf32> -> vector<1xf32>
      scf.yield %4 : vector<1xf32>
    }
    gpu.return %0, %1, %2 : vector<1xf32>, vector<1xf32>, vector<1xf32>
  }
}

// -----

// Where every thread already holds the elements it needs, a change of layout
// picks registers: here elements 1 and 2 trade places.
// CARRY-LABEL: gpu.func @selection(
// CARRY-NOT: workgroup
// CARRY: %[[R0:.+]] = vector.extract %arg0[0]
// CARRY: %[[R1:.+]] = vector.extract %arg0[1]
// CARRY: %[[R2:.+]] = vector.extract %arg0[2]
// CARRY: %[[R3:.+]] = vector.extract %arg0[3]
// CARRY-NOT: gpu.barrier
// CARRY: vector.from_elements %[[R0]], %[[R2]], %[[R1]], %[[R3]] : vector<4xf32>
gpu.module @kernels {
  gpu.func @selection(%a: vector<4xf32>) -> vector<4xf32> {
    %0 = tile_dist.convert_layout %a from <[4], register = [1, 2], lane = [0, 0, 0, 0, 0], warp = [0, 0]> to <[4], register = [2, 1], lane = [0, 0, 0, 0, 0], warp = [0, 0]> : vector<4xf32> -> vector<4xf32>
    gpu.return %0 : vector<4xf32>
  }
}

// -----

// A transpose's change of layout crosses the CTA through a shared-memory
// buffer of its own (a workgroup attribution of the tile's size, which
// tilechain-plan-shared-memory places) between two barriers. The first only
// keeps the writes from overtaking earlier reads of the same bytes, and says
// so for the plan. The columns are XORed with the row (bank conflicts).
// CARRY-LABEL: gpu.func @transpose(
// CARRY-SAME: workgroup(%[[SMEM:.+]] : memref<2048xi8, #gpu.address_space<workgroup>>)
// CARRY: %[[LANE:.+]] = arith.andi %{{.+}}, %c31
// CARRY: %[[BUF:.+]] = memref.view %[[SMEM]][%c0{{.*}}][] : memref<2048xi8, #gpu.address_space<workgroup>> to memref<1024xf16, #gpu.address_space<workgroup>>
// CARRY: gpu.barrier {tilechain.write_after_read}
// CARRY: arith.xori
// CARRY-COUNT-8: memref.store %{{.+}}, %[[BUF]][%{{.+}}] : memref<1024xf16, #gpu.address_space<workgroup>>
// CARRY: gpu.barrier{{$}}
// CARRY-COUNT-8: memref.load %[[BUF]][%{{.+}}] : memref<1024xf16, #gpu.address_space<workgroup>>
// CARRY-NOT: gpu.barrier
// CARRY: gpu.return
gpu.module @kernels {
  gpu.func @transpose(%a: vector<8xf16>) -> vector<8xf16> {
    %0 = tile_dist.convert_layout %a from <[32, 32], register = [32, 64, 128], lane = [256, 512, 1, 2, 4], warp = [8, 16]> to <[32, 32], register = [1, 2, 4], lane = [8, 16, 32, 64, 128], warp = [256, 512]> : vector<8xf16> -> vector<8xf16>
    gpu.return %0 : vector<8xf16>
  }
}

// -----

// A broadcast (a source dim of size 1) that every thread holds the row of
// picks registers; one whose target spreads a row over the lanes differently
// goes through shared memory, written unexpanded: 32 i1 values as bytes,
// one per thread, from which every thread reads its 4 registers.
// CARRY-LABEL: gpu.func @broadcast_selection(
// CARRY-NOT: workgroup
// CARRY: %[[R:.+]] = vector.extract %arg0[0]
// CARRY-NOT: gpu.barrier
// CARRY: vector.from_elements %[[R]], %[[R]], %[[R]], %[[R]] : vector<4xi1>
// CARRY-LABEL: gpu.func @broadcast(
// CARRY-SAME: workgroup(%[[SMEM:.+]] : memref<32xi8, #gpu.address_space<workgroup>>)
// CARRY: gpu.barrier {tilechain.write_after_read}
// CARRY-COUNT-1: memref.store
// CARRY: gpu.barrier{{$}}
// CARRY-COUNT-4: memref.load
// CARRY-NOT: memref.load
// CARRY: gpu.return
gpu.module @kernels {
  gpu.func @broadcast_selection(%a: vector<1xi1>) -> vector<4xi1> {
    %0 = tile_dist.convert_layout %a from <[1, 32], register = [], lane = [1, 2, 4, 8, 16], warp = [0, 0]> to <[4, 32], register = [32, 64], lane = [1, 2, 4, 8, 16], warp = [0, 0]> : vector<1xi1> -> vector<4xi1>
    gpu.return %0 : vector<4xi1>
  }
  gpu.func @broadcast(%a: vector<1xi1>) -> vector<4xi1> {
    %0 = tile_dist.convert_layout %a from <[1, 32], register = [], lane = [1, 2, 4, 8, 16], warp = [0, 0]> to <[4, 32], register = [1, 2], lane = [4, 8, 16, 32, 64], warp = [0, 0]> : vector<1xi1> -> vector<4xi1>
    gpu.return %0 : vector<4xi1>
  }
}
