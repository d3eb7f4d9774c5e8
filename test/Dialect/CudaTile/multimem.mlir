// RUN: tile-read %s | FileCheck %s
// RUN: tile-read %s | tile-read | FileCheck %s

// Round trip of pointer classifications (`ptr<f32, <multicast>>`, a
// tensor_view's `#cuda_tile.ptr_attr<...>`) and of the 13.5 multimem view ops,
// in the syntax NVIDIA's tileirdisasm 13.5 prints: make_tensor_view writes a
// classified base type, `inbounds = [...]` follows the token, a reduction
// other than `add` sits among the attributes, and a token operand's type
// follows the index types.

cuda_tile.module @multimem {

// CHECK-LABEL: @classified_pointers
// CHECK-SAME: tile<ptr<f32, <none>>>
// CHECK-SAME: tile<ptr<f32, <unicast>>>
// CHECK-SAME: tile<ptr<i32, <multicast>>>
testing$func @classified_pointers(%none: !cuda_tile.tile<ptr<f32, <none>>>, %uni: !cuda_tile.tile<ptr<f32, <unicast>>>, %multi: !cuda_tile.tile<ptr<i32, <multicast>>>, %n: !cuda_tile.tile<i32>) {
  // CHECK: make_tensor_view %{{.+}}, shape = [64], strides = [1] : tile<ptr<f32, <none>>> -> tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<none>>
  %a = make_tensor_view %none, shape = [64], strides = [1] : tile<ptr<f32, <none>>> -> tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<none>>
  // CHECK: make_tensor_view %{{.+}}, shape = [%{{.+}}], strides = [1] : tile<ptr<f32, <unicast>>>, tile<i32> -> tensor_view<?xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>
  %b = make_tensor_view %uni, shape = [%n], strides = [1] : tile<ptr<f32, <unicast>>>, tile<i32> -> tensor_view<?xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>
  // CHECK: make_tensor_view %{{.+}}, shape = [], strides = [] : tile<ptr<i32, <multicast>>> -> tensor_view<i32, #cuda_tile.ptr_attr<multicast>>
  %c = make_tensor_view %multi, shape = [], strides = [] : tile<ptr<i32, <multicast>>> -> tensor_view<i32, #cuda_tile.ptr_attr<multicast>>
  // A unicast view takes the ordinary accesses.
  // CHECK: load_view_tko weak %{{.+}}[%{{.+}}] : partition_view<tile=(16), tensor_view<?xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>>, tile<i32> -> tile<16xf32>, token
  %pv = make_partition_view %b : partition_view<tile=(16), tensor_view<?xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>>
  %t, %tok = load_view_tko weak %pv[%n] : partition_view<tile=(16), tensor_view<?xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>>, tile<i32> -> tile<16xf32>, token
  return
}

// CHECK-LABEL: @multimem_f32
testing$func @multimem_f32(%p: !cuda_tile.tile<ptr<f32, <multicast>>>, %i: !cuda_tile.tile<i32>) {
  %tv = make_tensor_view %p, shape = [64], strides = [1] : tile<ptr<f32, <multicast>>> -> tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>
  %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>
  // CHECK: %reduced_values, %result_token = multimem_load_reduce_view_tko relaxed device %pview[%{{.+}}] : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xf32>, token
  %v, %t0 = multimem_load_reduce_view_tko relaxed device %pv[%i] : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xf32>, token
  // CHECK: multimem_reduce_view_tko relaxed device %pview, %reduced_values[%{{.+}}] token = %result_token : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xf32>, tile<i32>, token -> token
  %t1 = multimem_reduce_view_tko relaxed device %pv, %v[%i] token = %t0 : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xf32>, tile<i32>, token -> token
  // CHECK: multimem_store_view_tko relaxed device %pview, %reduced_values[%{{.+}}] token = %{{.+}} : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xf32>, tile<i32>, token -> token
  %t2 = multimem_store_view_tko relaxed device %pv, %v[%i] token = %t1 : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xf32>, tile<i32>, token -> token
  return
}

// CHECK-LABEL: @multimem_i32
testing$func @multimem_i32(%p: !cuda_tile.tile<ptr<i32, <multicast>>>, %i: !cuda_tile.tile<i32>) {
  %tv = make_tensor_view %p, shape = [64], strides = [1] : tile<ptr<i32, <multicast>>> -> tensor_view<64xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>
  %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<64xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>
  // CHECK: multimem_load_reduce_view_tko weak %pview[%{{.+}}] inbounds = [true] attributes {reduction = #cuda_tile.multimem_reduction_kind<max>} : partition_view<tile=(16), tensor_view<64xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xi32>, token
  %v, %t0 = multimem_load_reduce_view_tko weak %pv[%i] inbounds = [true] attributes {reduction = #cuda_tile.multimem_reduction_kind<max>} : partition_view<tile=(16), tensor_view<64xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xi32>, token
  // CHECK: multimem_reduce_view_tko release sys %pview, %reduced_values[%{{.+}}] token = %result_token inbounds = [true] attributes {reduction = #cuda_tile.multimem_reduction_kind<xor>} : partition_view<tile=(16), tensor_view<64xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xi32>, tile<i32>, token -> token
  %t1 = multimem_reduce_view_tko release sys %pv, %v[%i] token = %t0 inbounds = [true] attributes {reduction = #cuda_tile.multimem_reduction_kind<xor>} : partition_view<tile=(16), tensor_view<64xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xi32>, tile<i32>, token -> token
  // An explicit `add` is the default and is not printed.
  // CHECK: multimem_reduce_view_tko relaxed tl_blk %pview, %reduced_values[%{{.+}}] : partition_view
  %t2 = multimem_reduce_view_tko relaxed tl_blk %pv, %v[%i] attributes {reduction = #cuda_tile.multimem_reduction_kind<add>} : partition_view<tile=(16), tensor_view<64xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xi32>, tile<i32> -> token
  // CHECK: multimem_store_view_tko weak %pview, %reduced_values[%{{.+}}] token = %{{.+}} inbounds = [true] : partition_view<tile=(16), tensor_view<64xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xi32>, tile<i32>, token -> token
  %t3 = multimem_store_view_tko weak %pv, %v[%i] token = %t1 inbounds = [true] : partition_view<tile=(16), tensor_view<64xi32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xi32>, tile<i32>, token -> token
  return
}

// Two indices share one type; f16 takes min and max on load.
// CHECK-LABEL: @multimem_f16_2d
testing$func @multimem_f16_2d(%p: !cuda_tile.tile<ptr<f16, <multicast>>>, %i: !cuda_tile.tile<i32>, %j: !cuda_tile.tile<i32>) {
  %tok = make_token : token
  %tv = make_tensor_view %p, shape = [32, 64], strides = [64, 1] : tile<ptr<f16, <multicast>>> -> tensor_view<32x64xf16, strides=[64,1], #cuda_tile.ptr_attr<multicast>>
  %pv = make_partition_view %tv : partition_view<tile=(8x16), tensor_view<32x64xf16, strides=[64,1], #cuda_tile.ptr_attr<multicast>>>
  // CHECK: multimem_load_reduce_view_tko acquire tl_blk %pview[%{{.+}}, %{{.+}}] token = %{{.+}} attributes {reduction = #cuda_tile.multimem_reduction_kind<min>} : partition_view<tile=(8x16), tensor_view<32x64xf16, strides=[64,1], #cuda_tile.ptr_attr<multicast>>>, tile<i32>, token -> tile<8x16xf16>, token
  %v, %t0 = multimem_load_reduce_view_tko acquire tl_blk %pv[%i, %j] token = %tok attributes {reduction = #cuda_tile.multimem_reduction_kind<min>} : partition_view<tile=(8x16), tensor_view<32x64xf16, strides=[64,1], #cuda_tile.ptr_attr<multicast>>>, tile<i32>, token -> tile<8x16xf16>, token
  // CHECK: multimem_store_view_tko release device %pview, %reduced_values[%{{.+}}, %{{.+}}] token = %result_token inbounds = [true, false] : partition_view<tile=(8x16), tensor_view<32x64xf16, strides=[64,1], #cuda_tile.ptr_attr<multicast>>>, tile<8x16xf16>, tile<i32>, token -> token
  %t1 = multimem_store_view_tko release device %pv, %v[%i, %j] token = %t0 inbounds = [true, false] : partition_view<tile=(8x16), tensor_view<32x64xf16, strides=[64,1], #cuda_tile.ptr_attr<multicast>>>, tile<8x16xf16>, tile<i32>, token -> token
  return
}

}
