// RUN: tile-read %s | FileCheck %s
// RUN: tile-read %s | tile-read | FileCheck %s

// Round trip of the memory ops: tokens, pointer and view loads/stores,
// atomics, alloca and fences, in the short syntax NVIDIA's printer uses.

cuda_tile.module @memory {

// CHECK-LABEL: @tokens
testing$func @tokens() -> !cuda_tile.token {
  // CHECK: %[[A:.+]] = make_token : token
  // CHECK: %[[B:.+]] = make_token : token
  // CHECK: %[[J:.+]] = join_tokens %[[A]], %[[B]] : token
  // CHECK: %[[F:.+]] = memory_fence_alias_tko %[[J]] : token
  // CHECK: return %[[F]] : token
  %a = make_token : token
  %b = make_token : token
  %j = join_tokens %a, %b : token
  %f = memory_fence_alias_tko %j : token
  return %f : token
}

// CHECK-LABEL: @pointer_loads
testing$func @pointer_loads(%p: !cuda_tile.tile<16x32xptr<f32>>, %m: !cuda_tile.tile<16x32xi1>, %pad: !cuda_tile.tile<16x32xf32>) {
  %t = make_token : token
  // CHECK: %result, %result_token = load_ptr_tko weak %{{.+}} : tile<16x32xptr<f32>> -> tile<16x32xf32>, token
  %0, %t0 = load_ptr_tko weak %p : tile<16x32xptr<f32>> -> tile<16x32xf32>, token
  // CHECK: load_ptr_tko acquire device %{{.+}} token=%{{.+}} : tile<16x32xptr<f32>> -> tile<16x32xf32>, token
  %1, %t1 = load_ptr_tko acquire device %p token = %t : tile<16x32xptr<f32>> -> tile<16x32xf32>, token
  // CHECK: load_ptr_tko relaxed sys %{{.+}}, %{{.+}}, %{{.+}} token=%{{.+}} : tile<16x32xptr<f32>>, tile<16x32xi1>, tile<16x32xf32> -> tile<16x32xf32>, token
  %2, %t2 = load_ptr_tko relaxed sys %p, %m, %pad token=%t
      : tile<16x32xptr<f32>>, tile<16x32xi1>, tile<16x32xf32> -> tile<16x32xf32>, token
  // CHECK: load_ptr_tko weak %{{.+}}, %{{.+}} optimization_hints = <sm_90 = {latency = 3}> : tile<16x32xptr<f32>>, tile<16x32xi1> -> tile<16x32xf32>, token
  %3, %t3 = load_ptr_tko weak %p, %m optimization_hints = <sm_90 = {latency = 3}>
      : tile<16x32xptr<f32>>, tile<16x32xi1> -> tile<16x32xf32>, token
  // A padding value without a mask is written as a lone second operand; its
  // type (the result type, not i1) tells it apart from a mask.
  // CHECK: load_ptr_tko weak %arg0, %arg2 token=%{{.+}} : tile<16x32xptr<f32>>, tile<16x32xf32> -> tile<16x32xf32>, token
  %4, %t4 = "cuda_tile.load_ptr_tko"(%p, %pad, %t) <{memory_ordering_semantics = 0 : i32, operandSegmentSizes = array<i32: 1, 0, 1, 1>}>
      : (!cuda_tile.tile<16x32xptr<f32>>, !cuda_tile.tile<16x32xf32>, !cuda_tile.token) -> (!cuda_tile.tile<16x32xf32>, !cuda_tile.token)
  return
}

// CHECK-LABEL: @pointer_stores
testing$func @pointer_stores(%p: !cuda_tile.tile<8xptr<i16>>, %v: !cuda_tile.tile<8xi16>, %m: !cuda_tile.tile<8xi1>) {
  %t = make_token : token
  // CHECK: store_ptr_tko weak %{{.+}}, %{{.+}} : tile<8xptr<i16>>, tile<8xi16> -> token
  %0 = store_ptr_tko weak %p, %v : tile<8xptr<i16>>, tile<8xi16> -> token
  // CHECK: store_ptr_tko release tl_blk %{{.+}}, %{{.+}}, %{{.+}} token=%{{.+}} : tile<8xptr<i16>>, tile<8xi16>, tile<8xi1> -> token
  %1 = store_ptr_tko release tl_blk %p, %v, %m token=%t : tile<8xptr<i16>>, tile<8xi16>, tile<8xi1> -> token
  return
}

// CHECK-LABEL: @view_access
testing$func @view_access(%view: !cuda_tile.partition_view<tile=(64x64), !cuda_tile.tensor_view<128x128xf16, strides=[128,1]>>, %tok: !cuda_tile.token) {
  %c0 = constant <i32: 0> : tile<i32>
  // CHECK: %tile, %result_token = load_view_tko weak %{{.+}}[%{{.+}}, %{{.+}}] : partition_view<tile=(64x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x64xf16>, token
  %x, %tx = load_view_tko weak %view[%c0, %c0]
      : partition_view<tile=(64x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x64xf16>, token
  // CHECK: load_view_tko acquire device %{{.+}}[%{{.+}}, %{{.+}}] token = %{{.+}} : partition_view
  %y, %ty = load_view_tko acquire device %view[%c0, %c0] token = %tok
      : partition_view<tile=(64x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x64xf16>, token
  // CHECK: store_view_tko relaxed device %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}] token = %{{.+}} : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> token
  %s = store_view_tko relaxed device %x, %view[%c0, %c0] token = %ty
      : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> token
  // The 13.4 per-index bounds promise.
  // CHECK: store_view_tko weak %{{.+}}, %{{.+}}[%{{.+}}, %{{.+}}] attributes {inbounds = array<i1: true, false>} : tile<64x64xf16>
  %s2 = store_view_tko weak %x, %view[%c0, %c0] attributes {inbounds = array<i1: true, false>}
      : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> token
  return
}

// A gather_scatter_view takes a 1-d tile of row offsets in its sparse dimension.
// CHECK-LABEL: @gather
testing$func @gather(%view: !cuda_tile.gather_scatter_view<tile=(8x8), !cuda_tile.tensor_view<?x?xi32, strides=[?,1]>, sparse_dim=0>, %col: !cuda_tile.tile<i32>) {
  %rows = iota : tile<8xi32>
  // CHECK: load_view_tko weak %{{.+}}[%{{.+}}, %{{.+}}] : gather_scatter_view<tile=(8x8), tensor_view<?x?xi32, strides=[?,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x8xi32>, token
  %x, %t = load_view_tko weak %view[%rows, %col]
      : gather_scatter_view<tile=(8x8), tensor_view<?x?xi32, strides=[?,1]>, sparse_dim=0>, tile<8xi32>, tile<i32> -> tile<8x8xi32>, token
  return
}

// CHECK-LABEL: @atomics
testing$func @atomics(%p: !cuda_tile.tile<8xptr<f32>>, %v: !cuda_tile.tile<8xf32>, %m: !cuda_tile.tile<8xi1>,
                      %ip: !cuda_tile.tile<8xptr<i64>>, %iv: !cuda_tile.tile<8xi64>) {
  %t = make_token : token
  // CHECK: %result, %result_token = atomic_rmw_tko relaxed device %{{.+}}, addf, %{{.+}} : tile<8xptr<f32>>, tile<8xf32> -> tile<8xf32>, token
  %0, %t0 = atomic_rmw_tko relaxed device %p, addf, %v : tile<8xptr<f32>>, tile<8xf32> -> tile<8xf32>, token
  // CHECK: atomic_rmw_tko acq_rel sys %{{.+}}, umax, %{{.+}}, %{{.+}} token=%{{.+}} : tile<8xptr<i64>>, tile<8xi64>, tile<8xi1> -> tile<8xi64>, token
  %1, %t1 = atomic_rmw_tko acq_rel sys %ip, umax, %iv, %m token = %t : tile<8xptr<i64>>, tile<8xi64>, tile<8xi1> -> tile<8xi64>, token
  // CHECK: atomic_rmw_tko release device %{{.+}}, xchg, %{{.+}} : tile<8xptr<f32>>, tile<8xf32> -> tile<8xf32>, token
  %2, %t2 = atomic_rmw_tko release device %p, xchg, %v : tile<8xptr<f32>>, tile<8xf32> -> tile<8xf32>, token
  // CHECK: atomic_cas_tko acquire tl_blk %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} token=%{{.+}} : tile<8xptr<i64>>, tile<8xi64>, tile<8xi1> -> tile<8xi64>, token
  %3, %t3 = atomic_cas_tko acquire tl_blk %ip, %iv, %iv, %m token=%t : tile<8xptr<i64>>, tile<8xi64>, tile<8xi1> -> tile<8xi64>, token
  return
}

// CHECK-LABEL: @reduction_into_view
testing$func @reduction_into_view(%view: !cuda_tile.partition_view<tile=(2x2), !cuda_tile.tensor_view<4x4xf32, strides=[4,1]>>, %v: !cuda_tile.tile<2x2xf32>, %tok: !cuda_tile.token) {
  %c1 = constant <i32: 1> : tile<i32>
  // CHECK: atomic_red_view_tko relaxed device %{{.+}}[%{{.+}}, %{{.+}}], addf, %{{.+}} token = %{{.+}} : tile<2x2xf32>, partition_view<tile=(2x2), tensor_view<4x4xf32, strides=[4,1]>>, tile<i32> -> token
  %t = atomic_red_view_tko relaxed device %view[%c1, %c1], addf, %v token = %tok
      : tile<2x2xf32>, partition_view<tile=(2x2), tensor_view<4x4xf32, strides=[4,1]>>, tile<i32> -> token
  return
}

// CHECK-LABEL: @alloca
testing$func @alloca() {
  // CHECK: alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
  %0 = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
  // CHECK: alloca num_elem = 8, alignment = 8 global : tile<ptr<i64>>
  %1 = alloca num_elem = 8, alignment = 8 global : tile<ptr<i64>>
  return
}

}
