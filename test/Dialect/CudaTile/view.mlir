// RUN: tile-read %s | FileCheck %s
// RUN: tile-read %s | tile-read | FileCheck %s

// Round trip of the view constructors and shape queries.

cuda_tile.module @views {

// CHECK-LABEL: @static_tensor_view
testing$func @static_tensor_view(%base: !cuda_tile.tile<ptr<f32>>) {
  // CHECK: %tview = make_tensor_view %{{.+}}, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
  %tv = make_tensor_view %base, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
  // CHECK: %tview_0 = make_tensor_view %{{.+}}, shape = [], strides = [] : tensor_view<f32>
  %scalar = make_tensor_view %base, shape = [], strides = [] : tensor_view<f32>
  // CHECK: %pview = make_partition_view %tview : partition_view<tile=(8x16), tensor_view<32x32xf32, strides=[32,1]>>
  %pv = make_partition_view %tv : partition_view<tile=(8x16), tensor_view<32x32xf32, strides=[32,1]>>
  // CHECK: make_strided_view %tview : strided_view<tile=(8x8), traversal_strides=[16,{{ ?}}8], tensor_view<32x32xf32, strides=[32,1]>>
  %sv = make_strided_view %tv : strided_view<tile=(8x8), traversal_strides=[16, 8], tensor_view<32x32xf32, strides=[32,1]>>
  // CHECK: %[[R:.+]]:2 = get_index_space_shape %pview : partition_view<tile=(8x16), tensor_view<32x32xf32, strides=[32,1]>> -> tile<i32>
  %r:2 = get_index_space_shape %pv : partition_view<tile=(8x16), tensor_view<32x32xf32, strides=[32,1]>> -> tile<i32>
  return
}

// Dynamic sizes and strides are SSA values of one index type.
// CHECK-LABEL: @dynamic_tensor_view
testing$func @dynamic_tensor_view(%base: !cuda_tile.tile<ptr<i32>>, %n: !cuda_tile.tile<i64>, %s: !cuda_tile.tile<i64>) {
  // CHECK: %tview = make_tensor_view %{{.+}}, shape = [%{{.+}}, 16], strides = [%{{.+}}, 1] : tile<i64> -> tensor_view<?x16xi32, strides=[?,1]>
  %tv = make_tensor_view %base, shape = [%n, 16], strides = [%s, 1] : tile<i64> -> tensor_view<?x16xi32, strides=[?,1]>
  // CHECK: %{{.+}}:2 = get_tensor_shape %tview : tensor_view<?x16xi32, strides=[?,1]> -> tile<i64>
  %d:2 = get_tensor_shape %tv : tensor_view<?x16xi32, strides=[?,1]> -> tile<i64>
  // CHECK: %gsview = make_gather_scatter_view %tview : gather_scatter_view<tile=(8x16), tensor_view<?x16xi32, strides=[?,1]>, sparse_dim=0>
  %gv = make_gather_scatter_view %tv : gather_scatter_view<tile=(8x16), tensor_view<?x16xi32, strides=[?,1]>, sparse_dim=0>
  return
}

}
