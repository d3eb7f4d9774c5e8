// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file \
// RUN:   | tile-sched --split-input-file --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads --tilechain-remove-layout-conversions --tilechain-materialize-layout-conversions \
// RUN:   | FileCheck %s

// A loop carries a running row maximum, as a softmax or an attention kernel
// does. The body computes it as a reduce over a tile's rows, reshaped to a
// column and combined with the carried value; the loop carries it in the
// layout that computation gives (the reduce's operand's, the row dim
// dropped), so it crosses no shared memory: the loop body has no barrier,
// and the reduce needs none either (lanes hold the reduced dim).
// CHECK-LABEL: gpu.func @running_row_max(
// CHECK-NOT: workgroup
// CHECK: scf.for
// CHECK-NOT: gpu.barrier
// CHECK: gpu.shuffle {{ *}}xor
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @running_row_max(%b: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %lo = constant <i32: 0> : tile<i32>
    %step = constant <i32: 1> : tile<i32>
    %lowest = constant <f32: -1.0e+30> : tile<64x1xf32>
    %i = iota : tile<2048xi32>
    %f = itof %i signed : tile<2048xi32> -> tile<2048xf32>
    %x = reshape %f : tile<2048xf32> -> tile<64x32xf32>
    %max = for %k in (%lo to %n, step %step) : tile<i32> iter_values(%m = %lowest) -> (tile<64x1xf32>) {
      %r = reduce %x dim=1 identities=[0xFF800000 : f32] : tile<64x32xf32> -> tile<64xf32>
          (%lhs: tile<f32>, %rhs: tile<f32>) {
        %c = maxf %lhs, %rhs : tile<f32>
        yield %c : tile<f32>
      }
      %col = reshape %r : tile<64xf32> -> tile<64x1xf32>
      %next = maxf %m, %col : tile<64x1xf32>
      continue %next : tile<64x1xf32>
    }
    %flat = reshape %max : tile<64x1xf32> -> tile<64xf32>
    %vb = make_tensor_view %b, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %qb = make_partition_view %vb : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %done = store_view_tko weak %flat, %qb[%lo] token = %t0 : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// A causal mask compares row indices with column indices: broadcasts of two
// different sources, so neither the comparison nor the select on it has a
// whole operand to take a layout from. They are built in the layout of the
// whole tile the masked scores are added to (here a transposed tile, whose
// layout walks columns fastest), not in their type's default layout: that
// addition then needs no exchange. (The row and column indices cross shared
// memory to be broadcast, 128 bytes each, and the sum to be stored.)
// CHECK-LABEL: gpu.func @causal_mask(
// CHECK-SAME: workgroup(%{{[^:]+}} : memref<128xi8, #gpu.address_space<workgroup>>, %{{[^:]+}} : memref<128xi8, #gpu.address_space<workgroup>>, %{{[^:]+}} : memref<4096xi8, #gpu.address_space<workgroup>>) kernel
// CHECK: arith.cmpi sge
// CHECK-NOT: gpu.barrier
// CHECK: arith.select
// CHECK-NOT: gpu.barrier
// CHECK: arith.addf
// CHECK: gpu.barrier {tilechain.write_after_read}
// CHECK-NOT: gpu.barrier {tilechain.write_after_read}
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @causal_mask(%b: tile<ptr<f32>>) {
    %t0 = make_token : token
    %lo = constant <i32: 0> : tile<i32>
    %i = iota : tile<1024xi32>
    %f = itof %i signed : tile<1024xi32> -> tile<1024xf32>
    %y = reshape %f : tile<1024xf32> -> tile<32x32xf32>
    %x = permute %y [1, 0] : tile<32x32xf32> -> tile<32x32xf32>
    %r = iota : tile<32xi32>
    %rows = reshape %r : tile<32xi32> -> tile<32x1xi32>
    %cols = reshape %r : tile<32xi32> -> tile<1x32xi32>
    %rb = broadcast %rows : tile<32x1xi32> -> tile<32x32xi32>
    %cb = broadcast %cols : tile<1x32xi32> -> tile<32x32xi32>
    %keep = cmpi greater_than_or_equal %rb, %cb, signed : tile<32x32xi32> -> tile<32x32xi1>
    %zero = constant <f32: 0.0> : tile<32x32xf32>
    %lowest = constant <f32: -1.0e+30> : tile<32x32xf32>
    %bias = select %keep, %zero, %lowest : tile<32x32xi1>, tile<32x32xf32>
    %z = addf %x, %bias : tile<32x32xf32>
    %vb = make_tensor_view %b, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %qb = make_partition_view %vb : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %done = store_view_tko weak %z, %qb[%lo, %lo] token = %t0 : tile<32x32xf32>, partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
