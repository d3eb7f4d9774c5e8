// RUN: tile-read %s | FileCheck %s
// RUN: tile-read %s | tile-read | FileCheck %s

// Types round-trip through attributes of a module; nested cuda_tile types
// print without their `!cuda_tile.` prefix.

// CHECK-LABEL: cuda_tile.module @types
// CHECK-SAME: ptr_i1 = !cuda_tile.ptr<i1>
// CHECK-SAME: ptr_tf32 = !cuda_tile.ptr<tf32>
// CHECK-SAME: tile_0d = !cuda_tile.tile<f32>
// CHECK-SAME: tile_1d = !cuda_tile.tile<2xf32>
// CHECK-SAME: tile_f4 = !cuda_tile.tile<2xf4E2M1FN>
// CHECK-SAME: tile_f8 = !cuda_tile.tile<4x8xf8E8M0FNU>
// CHECK-SAME: tile_i4 = !cuda_tile.tile<8xi4>
// CHECK-SAME: tile_max = !cuda_tile.tile<4096x4096xi8>
// CHECK-SAME: tile_prefixed_ptr = !cuda_tile.tile<4xptr<f16>>
// CHECK-SAME: tile_ptr = !cuda_tile.tile<4x2xptr<i64>>
// CHECK-SAME: token = !cuda_tile.token
cuda_tile.module @types attributes {
  ptr_i1 = !cuda_tile.ptr<i1>,
  ptr_tf32 = !cuda_tile.ptr<tf32>,
  tile_0d = !cuda_tile.tile<f32>,
  tile_1d = !cuda_tile.tile<2xf32>,
  tile_f4 = !cuda_tile.tile<2xf4E2M1FN>,
  tile_f8 = !cuda_tile.tile<4x8xf8E8M0FNU>,
  tile_i4 = !cuda_tile.tile<8xi4>,
  tile_max = !cuda_tile.tile<4096x4096xi8>,
  tile_prefixed_ptr = !cuda_tile.tile<4x!cuda_tile.ptr<f16>>,
  tile_ptr = !cuda_tile.tile<4x2xptr<i64>>,
  token = !cuda_tile.token
} {
}

// CHECK-LABEL: cuda_tile.module @tensor_views
// CHECK-SAME: dyn_all = !cuda_tile.tensor_view<?x?xf32, strides=[?,?]>
// CHECK-SAME: dyn_inner = !cuda_tile.tensor_view<?x2xf32, strides=[1,?]>
// CHECK-SAME: scalar = !cuda_tile.tensor_view<f32>
// CHECK-SAME: static = !cuda_tile.tensor_view<2xf32, strides=[1]>
// CHECK-SAME: unaligned = !cuda_tile.tensor_view<4x?xf32, strides=[5,?]>
cuda_tile.module @tensor_views attributes {
  dyn_all = !cuda_tile.tensor_view<?x?xf32, strides=[?,?]>,
  dyn_inner = !cuda_tile.tensor_view<?x2xf32, strides=[1, ?]>,
  scalar = !cuda_tile.tensor_view<f32>,
  static = !cuda_tile.tensor_view<2xf32, strides=[1]>,
  unaligned = !cuda_tile.tensor_view<4x?xf32, strides=[5,?]>
} {
}

// The identity dim_map is not printed; the tensor_view may carry its prefix.
// CHECK-LABEL: cuda_tile.module @partition_views
// CHECK-SAME: identity = !cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>>
// CHECK-SAME: nan = !cuda_tile.partition_view<tile=(2), padding_value = nan, tensor_view<16xf32, strides=[1]>>
// CHECK-SAME: prefixed = !cuda_tile.partition_view<tile=(2), tensor_view<16xf32, strides=[1]>>
// CHECK-SAME: transposed = !cuda_tile.partition_view<tile=(2x4), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 0]>
cuda_tile.module @partition_views attributes {
  identity = !cuda_tile.partition_view<tile=(2x2), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[0, 1]>,
  nan = !cuda_tile.partition_view<tile=(2), padding_value = nan, tensor_view<16xf32, strides=[1]>>,
  prefixed = !cuda_tile.partition_view<tile=(2), !cuda_tile.tensor_view<16xf32, strides=[1]>>,
  transposed = !cuda_tile.partition_view<tile=(2x4), tensor_view<16x16xf32, strides=[16,1]>, dim_map=[1, 0]>
} {
}

// CHECK-LABEL: cuda_tile.module @other_views
// CHECK-SAME: gather = !cuda_tile.gather_scatter_view<tile=(16x16), tensor_view<1024x16xi32, strides=[16,1]>, sparse_dim=0>
// CHECK-SAME: strided = !cuda_tile.strided_view<tile=(2x2), traversal_strides=[2, 2], padding_value = zero, tensor_view<2x2xi32, strides=[2,1]>>
cuda_tile.module @other_views attributes {
  gather = !cuda_tile.gather_scatter_view<tile=(16x16), !cuda_tile.tensor_view<1024x16xi32, strides=[16, 1]>, sparse_dim=0>,
  strided = !cuda_tile.strided_view<tile=(2x2), traversal_strides=[2, 2], padding_value = zero, !cuda_tile.tensor_view<2x2xi32, strides=[2, 1]>>
} {
}
