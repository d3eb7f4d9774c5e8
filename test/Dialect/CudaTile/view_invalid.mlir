// RUN: tile-read %s --split-input-file --verify-diagnostics

cuda_tile.module @m {
  testing$func @not_a_tensor_view(%base: !cuda_tile.tile<ptr<f32>>) {
    // expected-error @below {{expected 'tensor_view' type, but got '!cuda_tile.tile<ptr<f32>>'}}
    %0 = make_tensor_view %base, shape = [], strides = [] : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @mixed_index_types(%base: !cuda_tile.tile<ptr<f32>>, %a: !cuda_tile.tile<i32>, %b: !cuda_tile.tile<i64>) {
    // expected-error @below {{expected dynamic stride index 0 to be of the same type as the other dynamic values ('!cuda_tile.tile<i32>'), got '!cuda_tile.tile<i64>'}}
    %0 = "cuda_tile.make_tensor_view"(%base, %a, %b) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i32>, !cuda_tile.tile<i64>) -> !cuda_tile.tensor_view<?xf32, strides=[?]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @not_a_partition_view(%tv: !cuda_tile.tensor_view<16xf32, strides=[1]>) {
    // expected-error @below {{expected 'partition_view' type, but got '!cuda_tile.tensor_view<16xf32, strides=[1]>'}}
    %0 = make_partition_view %tv : tensor_view<16xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @partition_of_other_tensor(%tv: !cuda_tile.tensor_view<16xf32, strides=[1]>) {
    // expected-error @below {{expected the type of the provided tensor_view value ('!cuda_tile.tensor_view<16xf32, strides=[1]>') to be the same as the view's tensor_view type ('!cuda_tile.tensor_view<32xf32, strides=[1]>')}}
    %0 = "cuda_tile.make_partition_view"(%tv) : (!cuda_tile.tensor_view<16xf32, strides=[1]>) -> !cuda_tile.partition_view<tile=(4), tensor_view<32xf32, strides=[1]>>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @gather_not_tensor_view(%v: !cuda_tile.tile<4xf32>) {
    // expected-error @below {{expected 'gather_scatter_view' type, but got '!cuda_tile.tile<4xf32>'}}
    %0 = make_gather_scatter_view %v : tile<4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @index_space_of_tensor_view(%tv: !cuda_tile.tensor_view<16xf32, strides=[1]>) {
    // expected-error @below {{'cuda_tile.get_index_space_shape' expected tile view, got '!cuda_tile.tensor_view<16xf32, strides=[1]>'}}
    %0 = get_index_space_shape %tv : tensor_view<16xf32, strides=[1]> -> tile<i32>
    return
  }
}
