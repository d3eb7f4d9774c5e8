// RUN: tile-read %s --split-input-file --verify-diagnostics

// Each type is checked by its parser or verifier; texts match the reference.

// expected-error @+1 {{all dimensions must be positive constants, got 1, 0, 2}}
cuda_tile.module @m attributes {t = !cuda_tile.tile<1x0x2xf32>} {
}

// -----

// expected-error @+1 {{all dimensions must be powers of two, got 5, 5}}
cuda_tile.module @m attributes {t = !cuda_tile.tile<5x5xf32>} {
}

// -----

// expected-error @+1 {{F4E2M1FN tiles must have an even number of elements}}
cuda_tile.module @m attributes {t = !cuda_tile.tile<3x3x3xf4E2M1FN>} {
}

// -----

// expected-error @+1 {{F4E2M1FN tiles must have an even number of elements}}
cuda_tile.module @m attributes {t = !cuda_tile.tile<f4E2M1FN>} {
}

// -----

// expected-error @+1 {{tile would exceed the maximum of 16777216 elements}}
cuda_tile.module @m attributes {t = !cuda_tile.tile<1024x1024x1024xf32>} {
}

// -----

// expected-error @+1 {{expected static shape}}
cuda_tile.module @m attributes {t = !cuda_tile.tile<5x?xf32>} {
}

// -----

// expected-error @+1 {{failed to verify 'elementType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64 or Pointer type}}
cuda_tile.module @m attributes {t = !cuda_tile.tile<8x4xi28>} {
}

// -----

// expected-error @+1 {{failed to verify 'pointeeType': f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64}}
cuda_tile.module @m attributes {t = !cuda_tile.tile<ptr<tile<2x2xf32>>>} {
}

// -----

// expected-error @+1 {{expected valid keyword}}
cuda_tile.module @m attributes {t = !cuda_tile.tile<1x-1x4xf32>} {
}

// -----

// expected-error @+1 {{strides must not be provided for 0-d tiles}}
cuda_tile.module @m attributes {t = !cuda_tile.tensor_view<f32, strides=[]>} {
}

// -----

// expected-error @+1 {{expected strictly positive integer, got -5}}
cuda_tile.module @m attributes {t = !cuda_tile.tensor_view<?xf32, strides=[-5]>} {
}

// -----

// expected-error @+1 {{expected strictly positive integer, got 0}}
cuda_tile.module @m attributes {t = !cuda_tile.tensor_view<?xf32, strides=[0]>} {
}

// -----

// expected-error @+1 {{expected strictly positive integer, got -9223372036854775808}}
cuda_tile.module @m attributes {t = !cuda_tile.tensor_view<?xf32, strides=[-9223372036854775808]>} {
}

// -----

// expected-error @+1 {{expected shape and stride to be of same rank but got shape of rank 1 and stride of rank 2}}
cuda_tile.module @m attributes {t = !cuda_tile.tensor_view<?xf32, strides=[4, 1]>} {
}

// -----

// expected-error @+1 {{expected either 64-bit integer or question mark}}
cuda_tile.module @m attributes {t = !cuda_tile.tensor_view<?x32xf32, strides=[, 32]>} {
}

// -----

// expected-error @+1 {{expected 'strides'}}
cuda_tile.module @m attributes {t = !cuda_tile.tensor_view<2xf32>} {
}

// -----

// expected-error @+1 {{expected token after element type in 0-d tensor_view}}
cuda_tile.module @m attributes {t = !cuda_tile.tensor_view<f16,>} {
}

// -----

// expected-error @+1 {{dimensions must have strictly positive constant sizes but got [0]}}
cuda_tile.module @m attributes {t = !cuda_tile.tensor_view<0xf32, strides=[1]>} {
}

// -----

// expected-error @+1 {{expected dim_map to map exactly all 2 dimensions of the tile, got 1 mappings}}
cuda_tile.module @m attributes {t = !cuda_tile.partition_view<tile=(1024x1024), !cuda_tile.tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[0]>} {
}

// -----

// expected-error @+1 {{target dimension is outside of tensor view dimensions, expected strictly less than 2, got 2}}
cuda_tile.module @m attributes {t = !cuda_tile.partition_view<tile=(1024x1024), !cuda_tile.tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[2, 1]>} {
}

// -----

// expected-error @+1 {{target dimension 0 mapped at least twice (for tile dimensions 0 and 1)}}
cuda_tile.module @m attributes {t = !cuda_tile.partition_view<tile=(1024x1024), !cuda_tile.tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[0, 0]>} {
}

// -----

// expected-error @+1 {{tile shape dimensions must have power of two length but got [5, 1024]}}
cuda_tile.module @m attributes {t = !cuda_tile.partition_view<tile=(5x1024), !cuda_tile.tensor_view<4096x4096xf32, strides=[4096,1]>>} {
}

// -----

// The view's tile type is checked as a tile type: a fuzzed bytecode file with
// this view reached TileType::get's assertion in the load that used it.
// expected-error @+1 {{tile would exceed the maximum of 16777216 elements}}
cuda_tile.module @m attributes {t = !cuda_tile.partition_view<tile=(524288x64), !cuda_tile.tensor_view<8x64xf16, strides=[64,1]>>} {
}

// -----

// expected-error @+1 {{tile dimension 0 exceeds i32 limitations (got 1099511627776, expected strictly positive and less than or equal to 2147483647)}}
cuda_tile.module @m attributes {t = !cuda_tile.partition_view<tile=(1099511627776x1024), !cuda_tile.tensor_view<4096x4096xf32, strides=[4096,1]>>} {
}

// -----

// expected-error @+1 {{expected tensor_view rank and tile rank to match, got tensor_view of rank 3 and tiles of rank 2}}
cuda_tile.module @m attributes {t = !cuda_tile.partition_view<tile=(1x1), !cuda_tile.tensor_view<8192x8192x64xf32, strides=[524288,64,1]>>} {
}

// -----

// expected-error @+1 {{0-dimension tile shape is not supported}}
cuda_tile.module @m attributes {t = !cuda_tile.partition_view<tile=(), !cuda_tile.tensor_view<f32>>} {
}

// -----

// expected-error @+1 {{target dimension must not be negative, got -1}}
cuda_tile.module @m attributes {t = !cuda_tile.partition_view<tile=(1024x1024), !cuda_tile.tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[-1, 1]>} {
}

// -----

// expected-error @+1 {{padding value 'nan' requires a floating-point element type}}
cuda_tile.module @m attributes {t = !cuda_tile.partition_view<tile=(2), padding_value = nan, tensor_view<16xi32, strides=[1]>>} {
}

// -----

// expected-error @+1 {{expected 'tensor_view' type, but got '!cuda_tile.tile<4xf32>'}}
cuda_tile.module @m attributes {t = !cuda_tile.partition_view<tile=(4), tile<4xf32>>} {
}

// -----

// expected-error @+1 {{expected 2 traversal strides, got 1}}
cuda_tile.module @m attributes {t = !cuda_tile.strided_view<tile=(1024x1024), traversal_strides=[1], !cuda_tile.tensor_view<4096x4096xf32, strides=[4096,1]>>} {
}

// -----

// expected-error @+1 {{traversal strides must be strictly positive but got [1, 0]}}
cuda_tile.module @m attributes {t = !cuda_tile.strided_view<tile=(1024x1024), traversal_strides=[1,0], !cuda_tile.tensor_view<4096x4096xf32, strides=[4096,1]>>} {
}

// -----

// expected-error @+1 {{target dimension 0 mapped at least twice (for tile dimensions 0 and 1)}}
cuda_tile.module @m attributes {t = !cuda_tile.strided_view<tile=(1024x1024), traversal_strides=[1024,1], !cuda_tile.tensor_view<4096x4096xf32, strides=[4096,1]>, dim_map=[0, 0]>} {
}

// -----

// expected-error @+1 {{sparse_dim must be within [0, 2), got 2}}
cuda_tile.module @m attributes {t = !cuda_tile.gather_scatter_view<tile=(16x16), tensor_view<1024x16xi32, strides=[16,1]>, sparse_dim=2>} {
}
