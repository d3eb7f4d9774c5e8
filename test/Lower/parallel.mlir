// RUN: tile-sched %s --split-input-file --remarks-filter-missed=Kernel --verify-diagnostics --tilechain-lower="gpu-name=sm_90 tile-form=parallel" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads | FileCheck %s

// The parallel form: a kernel of small tiles runs on 4 warps in the
// tile-kernel form. A 16-element f32 tile is spread one element per lane
// over lanes 0-15 (lane bits 0-3 walk the tile; lane bit 4 and both warp bits
// replicate it), each thread loads its element under the bounds check, and
// the store is done by the element's owner only (lane bit 4 and warp 0).
// CHECK-LABEL: gpu.func @vector_add(
// CHECK-SAME: kernel
// CHECK-SAME: nvvm.minctasm = 1 : i32
// CHECK-SAME: nvvm.reqntid = array<i32: 128, 1, 1>
// CHECK-SAME: tilechain.tile_kernel
// CHECK: %[[TID:.+]] = gpu.thread_id x
// CHECK: %[[LANE:.+]] = arith.andi %[[TID]], %c31
// CHECK: %[[WARP:.+]] = arith.shrui %[[TID]], %c5
// CHECK: %[[A:.+]] = scf.if %{{.+}} -> (f32) {
// CHECK: llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK: %[[VA:.+]] = vector.from_elements %[[A]] : vector<1xf32>
// CHECK: %[[VB:.+]] = vector.from_elements %{{.+}} : vector<1xf32>
// CHECK: %[[X:.+]] = vector.extract %[[VA]][0] : f32 from vector<1xf32>
// CHECK: %[[Y:.+]] = vector.extract %[[VB]][0] : f32 from vector<1xf32>
// CHECK: %[[SUM:.+]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK: %[[SPARE:.+]] = arith.andi %[[LANE]], %c16
// CHECK: arith.cmpi eq, %[[SPARE]], %c0
// CHECK: %[[WARPS:.+]] = arith.andi %[[WARP]], %c3
// CHECK: arith.cmpi eq, %[[WARPS]], %c0
// CHECK: scf.if
// CHECK: llvm.store %{{.+}} {alignment = 4 : i64} : f32, !llvm.ptr<1>
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @vector_add(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %vb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %vc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %qa = make_partition_view %va : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %qb = make_partition_view %vb : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %qc = make_partition_view %vc : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%bx] token = %t0 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %y, %ty = load_view_tko weak %qb[%bx] token = %t0 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %sum = addf %x, %y : tile<16xf32>
    %done = store_view_tko weak %sum, %qc[%bx] token = %t0 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// A transpose: the load walks rows, the permuted tile walks columns, and the
// store wants rows again, so the tile changes layout: one explicit
// tile_dist.convert_layout of the thread's 8 registers, from the permuted
// layout (rows along registers) to the store's (columns along registers).
// tile-sched carries it out through shared memory
// (test/Stages/tile-sched-layout-conversions.mlir); tile-lower uses none.
// CHECK-LABEL: gpu.func @transpose(
// CHECK-NOT: workgroup
// CHECK-NOT: gpu.barrier
// CHECK: tile_dist.convert_layout %{{.+}} from <[32, 32], register = [32, 64, 128], lane = [256, 512, 1, 2, 4], warp = [8, 16]> to <[32, 32], register = [1, 2, 4], lane = [8, 16, 32, 64, 128], warp = [256, 512]> : vector<8xf16> -> vector<8xf16>
// CHECK-NOT: gpu.barrier
// CHECK-NOT: tile_dist.convert_layout
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @transpose(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %n: tile<i32>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %vb = make_tensor_view %b, shape = [%n, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %qa = make_partition_view %va : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>
    %x, %tx = load_view_tko weak %qa[%bx, %by] token = %t0 : partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<32x32xf16>, token
    %p = permute %x [1, 0] : tile<32x32xf16> -> tile<32x32xf16>
    %done = store_view_tko weak %p, %qb[%by, %bx] token = %t0 : tile<32x32xf16>, partition_view<tile=(32x32), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A column of row values broadcast along the rows and added to a transposed
// tile, whose threads hold other rows than the column's: only the 4 rows a
// thread needs cross the CTA (a change of the [32, 1] tile into the slice of
// the sum's layout), and its 8 registers are copies of those 4, made in
// registers. The transposed tile itself changes layout for the store.
// CHECK-LABEL: gpu.func @widen_rows(
// CHECK: tile_dist.convert_layout %{{.+}} from <[32, 1], register = [], lane = [1, 2, 4, 8, 16], warp = [0, 0]> to <[32, 1], register = [1, 2], lane = [4, 8, 16, 0, 0], warp = [0, 0]> : vector<1xf32> -> vector<4xf32>
// CHECK-COUNT-8: arith.addf
// CHECK: tile_dist.convert_layout %{{.+}} from <[32, 32], {{.+}}> to <[32, 32], {{.+}}> : vector<8xf32> -> vector<8xf32>
// CHECK-NOT: tile_dist.convert_layout
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @widen_rows(%b: tile<ptr<f32>>) {
    %t0 = make_token : token
    %c32 = constant <i32: 32> : tile<i32>
    %vb = make_tensor_view %b, shape = [%c32, %c32], strides = [%c32, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %qb = make_partition_view %vb : partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %i = iota : tile<1024xi32>
    %f = itof %i signed : tile<1024xi32> -> tile<1024xf32>
    %y = reshape %f : tile<1024xf32> -> tile<32x32xf32>
    %x = permute %y [1, 0] : tile<32x32xf32> -> tile<32x32xf32>
    %r = iota : tile<32xi32>
    %rf = itof %r signed : tile<32xi32> -> tile<32xf32>
    %rows = reshape %rf : tile<32xf32> -> tile<32x1xf32>
    %rb = broadcast %rows : tile<32x1xf32> -> tile<32x32xf32>
    %s = addf %x, %rb : tile<32x32xf32>
    %done = store_view_tko weak %s, %qb[%bx, %by] token = %t0 : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Row sums of a 4x64 tile: lanes walk a row, so each thread first adds its
// two registers of the row, then five butterfly shuffles add across the
// lanes (the lower lane's value first in every pair); the warps hold other
// rows, so no shared memory is needed, and the store takes the sums in the
// layout they are in (each warp's lane 0 stores its row's sum).
// CHECK-LABEL: gpu.func @row_sums(
// CHECK-NOT: workgroup
// CHECK: arith.addf
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK-NOT: gpu.barrier
// CHECK: llvm.store
// CHECK-NOT: llvm.store
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @row_sums(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>) {
    %t0 = make_token : token
    %c4 = constant <i32: 4> : tile<i32>
    %c64 = constant <i32: 64> : tile<i32>
    %va = make_tensor_view %a, shape = [%c4, %c64], strides = [%c64, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %vb = make_tensor_view %b, shape = [%c4], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %qa = make_partition_view %va : partition_view<tile=(4x64), tensor_view<?x?xf32, strides=[?,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(4x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<4x64xf32>, token
    %s = reduce %x dim=1 identities=[0.0 : f32] : tile<4x64xf32> -> tile<4xf32>
        (%acc: tile<f32>, %e: tile<f32>) {
      %r = addf %acc, %e : tile<f32>
      yield %r : tile<f32>
    }
    %done = store_view_tko weak %s, %qb[%zero] token = %t0 : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// A tile is printed once, not once per thread: it is gathered into shared
// memory and thread 0 (lane 0 of warp 0) prints it with the serial form's
// loops, reading the shared bytes viewed with the tile's shape.
// CHECK-LABEL: gpu.func @prints(
// CHECK-SAME: workgroup(%[[SMEM:.+]] : memref<16xi8, #gpu.address_space<workgroup>>)
// CHECK: gpu.barrier
// CHECK: memref.store %{{.+}} : memref<4xf32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: %[[TILE:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<16xi8, #gpu.address_space<workgroup>> to memref<2x2xf32, #gpu.address_space<workgroup>>
// CHECK: %[[FIRST:.+]] = arith.andi
// CHECK: scf.if %[[FIRST]] {
// CHECK: scf.for
// CHECK: memref.load %[[TILE]][%{{.+}}, %{{.+}}]
// CHECK: gpu.printf
cuda_tile.module @kernels {
  entry @prints() {
    %t0 = make_token : token
    %x = iota : tile<4xi32>
    %f = itof %x signed : tile<4xi32> -> tile<4xf32>
    %g = reshape %f : tile<4xf32> -> tile<2x2xf32>
    %t1 = print_tko "%f\n", %g token = %t0 : tile<2x2xf32> -> token
    return
  }
}

// -----

// A loop carries its tiles in per-thread register arrays (allocas in the
// entry block) in the tile's default layout.
// CHECK-LABEL: gpu.func @running_sum(
// CHECK-SAME: tilechain.tile_kernel
// CHECK: %[[CARRIED:.+]] = memref.alloca() : memref<1xf32>
// CHECK: memref.store %{{.+}}, %[[CARRIED]][%{{.+}}] : memref<1xf32>
// CHECK: scf.for
// CHECK: memref.load %[[CARRIED]]
// CHECK: arith.addf
// CHECK: memref.store %{{.+}}, %[[CARRIED]]
// CHECK-NEXT: arith.constant true
// CHECK-NEXT: }
cuda_tile.module @kernels {
  entry @running_sum(%a: tile<ptr<f32>>) {
    %t0 = make_token : token
    %zero = constant <f32: 0.0> : tile<128xf32>
    %one = constant <f32: 1.0> : tile<128xf32>
    %lo = constant <i32: 0> : tile<i32>
    %hi = constant <i32: 8> : tile<i32>
    %step = constant <i32: 1> : tile<i32>
    %sum = for %i in (%lo to %hi, step %step) : tile<i32> iter_values(%acc = %zero) -> (tile<128xf32>) {
      %next = addf %acc, %one : tile<128xf32>
      continue %next : tile<128xf32>
    }
    %va = make_tensor_view %a, shape = [128], strides = [1] : tensor_view<128xf32, strides=[1]>
    %qa = make_partition_view %va : partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>
    %done = store_view_tko weak %sum, %qa[%lo] token = %t0 : tile<128xf32>, partition_view<tile=(128), tensor_view<128xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// A scalar is computed by every thread, but stored by thread 0 only, after a
// barrier: the store is ordered after the load by its token, and were every
// thread to store, one thread's x + 10 could land before another loads x.
// CHECK-LABEL: gpu.func @scalar_update(
// CHECK: %[[X:.+]] = llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK: %[[NEW:.+]] = arith.addi %[[X]], %{{.+}} : i32
// CHECK-NEXT: gpu.barrier
// CHECK: %[[FIRST:.+]] = arith.andi
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK: llvm.store %[[NEW]], %{{.+}} {alignment = 4 : i64} : i32, !llvm.ptr<1>
cuda_tile.module @kernels {
  entry @scalar_update(%p: tile<ptr<i32>>) {
    %t0 = make_token : token
    %x, %t1 = load_ptr_tko weak %p token=%t0 : tile<ptr<i32>> -> tile<i32>, token
    %c10 = constant <i32: 10> : tile<i32>
    %y = addi %x, %c10 : tile<i32>
    %t2 = store_ptr_tko weak %p, %y token=%t1 : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}

// -----

// A kernel whose tiles do not fit the parallel form keeps the serial form,
// and a remark names the op and why: a print of a 256x256 i32 tile gathers
// it for thread 0 in 256 KiB of shared memory, more than sm_90's 227 KiB
// per CTA (test/Lower/parallel-shared-limit.mlir has the limits per
// target). A transpose of the same tile stays parallel: it crosses the CTA
// in two rounds of 128 KiB (harness/parallel-exchange-rounds.mlir).
// CHECK-LABEL: gpu.func @transposes(
// CHECK-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// CHECK-LABEL: gpu.func @prints(
// CHECK-SAME: nvvm.reqntid = array<i32: 1, 1, 1>
// CHECK-NOT: tilechain.tile_kernel
cuda_tile.module @kernels {
  entry @transposes(%p: tile<ptr<i32>>) {
    %i = iota : tile<65536xi32>
    %x = reshape %i : tile<65536xi32> -> tile<256x256xi32>
    %y = permute %x [1, 0] : tile<256x256xi32> -> tile<256x256xi32>
    %z = addi %x, %y : tile<256x256xi32>
    %f = reshape %z : tile<256x256xi32> -> tile<65536xi32>
    %r = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %b = broadcast %r : tile<1xptr<i32>> -> tile<65536xptr<i32>>
    %q = offset %b, %i : tile<65536xptr<i32>>, tile<65536xi32> -> tile<65536xptr<i32>>
    %t = store_ptr_tko weak %q, %f : tile<65536xptr<i32>>, tile<65536xi32> -> token
    return
  }
  // expected-remark @below {{[Missed] RemarkKernelSerialForm | Category:Kernel | Function=prints | Reason="'cuda_tile.print_tko' at}}
  entry @prints() {
    %i = iota : tile<65536xi32>
    %x = reshape %i : tile<65536xi32> -> tile<256x256xi32>
    %t = print_tko "%d\n", %x : tile<256x256xi32> -> token
    return
  }
}

// -----

// A tile too large to unroll into each thread's registers (1048576 elements
// over 256 threads is 4096 per thread, past the limit of 1024) keeps the
// serial form, whose loops stay small, instead of unrolling for minutes.
// CHECK-LABEL: gpu.func @huge(
// CHECK-SAME: nvvm.reqntid = array<i32: 1, 1, 1>
// CHECK: scf.for
cuda_tile.module @kernels {
  // expected-remark @below {{Function=huge | Reason="its largest tile has 1048576 elements, more than 1024 per thread over 256 threads", Remark="Kernel runs in the serial form: one thread computes every tile"}}
  entry @huge(%p: tile<ptr<i32>>) {
    %i = iota : tile<1048576xi32>
    %r = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %b = broadcast %r : tile<1xptr<i32>> -> tile<1048576xptr<i32>>
    %q = offset %b, %i : tile<1048576xptr<i32>>, tile<1048576xi32> -> tile<1048576xptr<i32>>
    %t = store_ptr_tko weak %q, %i : tile<1048576xptr<i32>>, tile<1048576xi32> -> token
    return
  }
}

// -----

// A reshape of a rank-0 tile to rank 0 is the same scalar (a fuzzed kernel
// with one crashed the parallel lowering, which took the scalar for a
// vector of registers).
// CHECK-LABEL: gpu.func @scalar_reshape(
// CHECK-SAME: %[[X:[^:]+]]: i32
// CHECK-SAME: tilechain.tile_kernel
// CHECK: arith.muli %[[X]], %[[X]] : i32
cuda_tile.module @kernels {
  entry @scalar_reshape(%x: tile<i32>) {
    %r = reshape %x : tile<i32> -> tile<i32>
    %y = muli %r, %x : tile<i32>
    return
  }
}
