// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-assign-warps --tilechain-assign-layouts | FileCheck %s
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-assign-warps --tilechain-assign-layouts | tile-lower --tilechain-assign-warps --tilechain-assign-layouts | FileCheck %s

// #tile_dist.linear prints as it parses and survives a round trip: the
// shape, then the bases of the register, lane and warp bits (flat indices,
// 0 for a repeat). The pass leaves a kernel without pointer accesses alone.
// CHECK-LABEL: entry @blocked
// CHECK: iota {tile_dist.layout = #tile_dist.linear<[1024], register = [1, 2, 4], lane = [8, 16, 32, 64, 128], warp = [256, 512]>} : tile<1024xi32>
// CHECK: iota {tile_dist.layout = #tile_dist.linear<[32], register = [], lane = [0, 0, 1, 2, 4], warp = [8, 16]>} : tile<32xi32>
cuda_tile.module @kernels {
  entry @blocked() {
    %0 = iota {tile_dist.layout = #tile_dist.linear<[1024], register = [1, 2, 4], lane = [8, 16, 32, 64, 128], warp = [256, 512]>} : tile<1024xi32>
    %1 = iota {tile_dist.layout = #tile_dist.linear<[32], register = [], lane = [0, 0, 1, 2, 4], warp = [8, 16]>} : tile<32xi32>
    return
  }
}

// #tile_dist.operand, the lhs's and rhs's entries of tile_dist.operands on
// an mma, prints as it parses.
// CHECK-LABEL: entry @operands
// CHECK: tile_dist.operands = [#tile_dist.operand<tma, k_contiguous, swizzle = 128>, #tile_dist.operand<cp_async, mn_contiguous, swizzle = 0>]
cuda_tile.module @operand_kernels {
  entry @operands() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    %r = mmaf %a, %a, %acc {tile_dist.operands = [#tile_dist.operand<tma, k_contiguous, swizzle = 128>, #tile_dist.operand<cp_async, mn_contiguous, swizzle = 0>]} : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

// #tile_dist.pipeline, the ring of stages an mma's operands are pipelined
// through, prints as it parses.
// CHECK-LABEL: entry @pipeline
// CHECK: tile_dist.pipeline = #tile_dist.pipeline<stages = 4, groups_in_flight = 1, across = iterations>
// CHECK: tile_dist.pipeline = #tile_dist.pipeline<stages = 1, groups_in_flight = 0, across = chunks>
cuda_tile.module @pipeline_kernels {
  entry @pipeline() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    %r = mmaf %a, %a, %acc {tile_dist.pipeline = #tile_dist.pipeline<stages = 4, groups_in_flight = 1, across = iterations>} : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    %s = mmaf %a, %a, %r {tile_dist.pipeline = #tile_dist.pipeline<stages = 1, groups_in_flight = 0, across = chunks>} : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

// #tile_dist.store, how a view store's tile reaches memory, prints as it
// parses.
// CHECK-LABEL: entry @stores
// CHECK: store_view_tko {{.*}}tile_dist.store = #tile_dist.store<tensor_map>
// CHECK: store_view_tko {{.*}}tile_dist.store = #tile_dist.store<threads>
cuda_tile.module @store_kernels {
  entry @stores(%d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %vd = make_tensor_view %d, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x = constant <f32: 1.0> : tile<64x64xf32>
    %t1 = store_view_tko weak %x, %qd[%zero, %zero] token = %t0 attributes {tile_dist.store = #tile_dist.store<tensor_map>} : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    %t2 = store_view_tko weak %x, %qd[%zero, %zero] token = %t1 attributes {tile_dist.store = #tile_dist.store<threads>} : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
