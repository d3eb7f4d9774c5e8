// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s

// extract, insert, cat, pack/unpack, reshape to rank 0 and scan in the
// parallel form (4 warps).

// An extract that is a register reselection: a 1024-element tile is held as
// 4 contiguous elements per thread (register bits 0-1), lanes and warps
// above, and register bit 2 walks its halves; slice 1 of 512 is registers
// 4-7 of every thread, with no barrier and no shared memory.
// CHECK-LABEL: gpu.func @extract_registers(
// CHECK-NOT: workgroup(
// CHECK: %[[T:.+]] = vector.from_elements %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : vector<8xi32>
// CHECK: %[[R4:.+]] = vector.extract %[[T]][4]
// CHECK-NEXT: %[[R5:.+]] = vector.extract %[[T]][5]
// CHECK-NEXT: %[[R6:.+]] = vector.extract %[[T]][6]
// CHECK-NEXT: %[[R7:.+]] = vector.extract %[[T]][7]
// CHECK-NEXT: vector.from_elements %[[R4]], %[[R5]], %[[R6]], %[[R7]] : vector<4xi32>
// CHECK-NOT: gpu.barrier
// CHECK-NOT: memref
// CHECK: gpu.return
cuda_tile.module @m {
  entry @extract_registers() {
    %s = iota : tile<1024xi32>
    %c1 = constant <i32: 1> : tile<i32>
    %e = extract %s[%c1] : tile<1024xi32> -> tile<512xi32>
    return
  }
}

// -----

// A slice at an index known only at run time: the tile goes through shared
// memory, and each thread reads its element of the slice from element
// 32 * i + its position.
// CHECK-LABEL: gpu.func @extract_shared(
// CHECK-SAME: %[[I:.+]]: i32) workgroup(%[[SMEM:.+]] : memref<512xi8, #gpu.address_space<workgroup>>
// CHECK: %[[II:.+]] = arith.index_cast %[[I]] : i32 to index
// CHECK: %[[OFFSET:.+]] = arith.muli %[[II]], %c32
// CHECK: %[[BUF:.+]] = memref.view %[[SMEM]]
// CHECK: gpu.barrier
// CHECK: memref.store %{{.+}}, %[[BUF]]
// CHECK: gpu.barrier
// CHECK: %[[AT:.+]] = arith.addi %{{.+}}, %[[OFFSET]] : index
// CHECK: memref.load %[[BUF]]
cuda_tile.module @m {
  entry @extract_shared(%i: tile<i32>) {
    %s = iota : tile<128xi32>
    %e = extract %s[%i] : tile<128xi32> -> tile<32xi32>
    return
  }
}

// -----

// insert at a constant index into the same layout: the destination's
// registers 4-7 are replaced by the slice's, in place.
// CHECK-LABEL: gpu.func @insert_registers(
// CHECK-NOT: workgroup(
// CHECK: %[[D:.+]] = vector.from_elements {{.+}} : vector<8xi32>
// CHECK: %[[S:.+]] = vector.from_elements {{.+}} : vector<4xi32>
// CHECK: %[[D0:.+]] = vector.extract %[[D]][0]
// CHECK-NEXT: %[[D1:.+]] = vector.extract %[[D]][1]
// CHECK-NEXT: %[[D2:.+]] = vector.extract %[[D]][2]
// CHECK-NEXT: %[[D3:.+]] = vector.extract %[[D]][3]
// CHECK: %[[S0:.+]] = vector.extract %[[S]][0]
// CHECK-NEXT: %[[S1:.+]] = vector.extract %[[S]][1]
// CHECK-NEXT: %[[S2:.+]] = vector.extract %[[S]][2]
// CHECK-NEXT: %[[S3:.+]] = vector.extract %[[S]][3]
// CHECK-NEXT: vector.from_elements %[[D0]], %[[D1]], %[[D2]], %[[D3]], %[[S0]], %[[S1]], %[[S2]], %[[S3]] : vector<8xi32>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
cuda_tile.module @m {
  entry @insert_registers() {
    %d = iota : tile<1024xi32>
    %s = iota : tile<512xi32>
    %c1 = constant <i32: 1> : tile<i32>
    %r = insert %s, %d[%c1] : tile<512xi32> -> tile<1024xi32>
    return
  }
}

// -----

// cat of two tiles in one layout: the result holds both operands' registers,
// one more register bit walking from the left operand to the right one.
// CHECK-LABEL: gpu.func @cat_registers(
// CHECK-NOT: workgroup(
// CHECK: vector.from_elements %{{.+}}, %{{.+}} : vector<2xi32>
// CHECK: %[[X:.+]] = vector.from_elements %{{.+}}, %{{.+}} : vector<2xi32>
// CHECK-NEXT: %[[A0:.+]] = vector.extract %[[X]][0]
// CHECK-NEXT: %[[A1:.+]] = vector.extract %[[X]][1]
// CHECK-NEXT: %[[B0:.+]] = vector.extract %[[X]][0]
// CHECK-NEXT: %[[B1:.+]] = vector.extract %[[X]][1]
// CHECK-NEXT: vector.from_elements %[[A0]], %[[A1]], %[[B0]], %[[B1]] : vector<4xi32>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
cuda_tile.module @m {
  entry @cat_registers() {
    %i = iota : tile<256xi32>
    %x = reshape %i : tile<256xi32> -> tile<16x16xi32>
    %c = cat %x, %x dim = 1 : tile<16x16xi32>, tile<16x16xi32> -> tile<16x32xi32>
    return
  }
}

// -----

// A one-element tile is held by every register of every thread: reshaping
// it to rank 0 takes register 0.
// CHECK-LABEL: gpu.func @to_rank0(
// CHECK: %[[T:.+]] = vector.from_elements %{{.+}} : vector<1xi32>
// CHECK-NEXT: vector.extract %[[T]][0] : i32 from vector<1xi32>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
cuda_tile.module @m {
  entry @to_rank0() {
    %i = iota : tile<1xi32>
    %s = reshape %i : tile<1xi32> -> tile<i32>
    return
  }
}

// -----

// pack splits each i32 a thread holds into its 4 bytes, lowest first, which
// the thread then holds; unpack joins them back in the same thread.
// CHECK-LABEL: gpu.func @pack_unpack(
// CHECK-NOT: workgroup(
// CHECK: %[[W:.+]] = vector.extract %{{.+}}[0] : i32 from vector<1xi32>
// CHECK: %[[SH1:.+]] = arith.shrui %[[W]], %c8_i32
// CHECK-NEXT: arith.trunci %[[SH1]] : i32 to i8
// CHECK: %[[BYTES:.+]] = vector.from_elements %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : vector<4xi8>
// CHECK: %[[B1:.+]] = vector.extract %[[BYTES]][1] : i8 from vector<4xi8>
// CHECK: %[[E1:.+]] = arith.extui %[[B1]] : i8 to i32
// CHECK-NEXT: arith.constant 8 : i32
// CHECK-NEXT: arith.shli %[[E1]]
// CHECK: vector.from_elements %{{.+}} : vector<1xi32>
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
cuda_tile.module @m {
  entry @pack_unpack() {
    %i = iota : tile<128xi32>
    %p = pack %i : tile<128xi32> -> tile<512xi8>
    %u = unpack %p : tile<512xi8> -> tile<128xi32>
    return
  }
}

// -----

// A forward scan of 1024 elements: each thread folds its run of 8, the
// lanes scan the runs' totals over 5 shuffles up (1, 2, 4, 8, 16) and take
// the total of the lane before (1), and the 4 warps' totals meet in shared
// memory between two barriers.
// CHECK-LABEL: gpu.func @scan_forward(
// CHECK-SAME: workgroup(
// CHECK-COUNT-7: arith.addf
// CHECK: gpu.shuffle  up %{{.+}}, %c1_i32
// CHECK: gpu.shuffle  up %{{.+}}, %c2_i32
// CHECK: gpu.shuffle  up %{{.+}}, %c4_i32
// CHECK: gpu.shuffle  up %{{.+}}, %c8_i32
// CHECK: gpu.shuffle  up %{{.+}}, %c16_i32
// CHECK: gpu.shuffle  up %{{.+}}, %c1_i32
// CHECK: gpu.barrier
// CHECK: memref.store
// CHECK: gpu.barrier
// CHECK-COUNT-3: memref.load
// CHECK-NOT: gpu.shuffle
// CHECK: gpu.return
cuda_tile.module @m {
  entry @scan_forward() {
    %i = iota : tile<1024xi32>
    %t = itof %i signed : tile<1024xi32> -> tile<1024xf32>
    %s = scan %t dim=0 reverse=false identities=[0.0 : f32] : tile<1024xf32> -> tile<1024xf32>
        (%acc: tile<f32>, %x: tile<f32>) {
      %y = addf %acc, %x : tile<f32>
      yield %y : tile<f32>
    }
    return
  }
}

// -----

// A reverse scan along 32 elements walks the lanes down: shuffles down, and
// no warp takes part, so no shared memory.
// CHECK-LABEL: gpu.func @scan_reverse(
// CHECK-NOT: workgroup(
// CHECK: gpu.shuffle  down %{{.+}}, %c1_i32
// CHECK: gpu.shuffle  down %{{.+}}, %c16_i32
// CHECK: gpu.shuffle  down %{{.+}}, %c1_i32
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
cuda_tile.module @m {
  entry @scan_reverse() {
    %i = iota : tile<32xi32>
    %s = scan %i dim=0 reverse=true identities=[0 : i32] : tile<32xi32> -> tile<32xi32>
        (%acc: tile<i32>, %x: tile<i32>) {
      %y = addi %acc, %x : tile<i32>
      yield %y : tile<i32>
    }
    return
  }
}
