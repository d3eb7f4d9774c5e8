// RUN: tile-read %s --split-input-file --verify-diagnostics

cuda_tile.module @m {
  testing$func @join_one(%t: !cuda_tile.token) {
    // expected-error @below {{expect two or more tokens}}
    %0 = join_tokens %t : token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @load_bad_pointee(%p: !cuda_tile.tile<4xptr<i32>>) {
    // expected-error @below {{`source` type is expected a pointer type of `result` type}}
    %0, %t = load_ptr_tko weak %p : tile<4xptr<i32>> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @load_release(%p: !cuda_tile.tile<4xptr<f32>>) {
    // expected-error @below {{expect one of: weak, relaxed, or acquire, but got: release}}
    %0, %t = load_ptr_tko release device %p : tile<4xptr<f32>> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @load_acquire_no_scope(%p: !cuda_tile.tile<4xptr<f32>>) {
    // expected-error @below {{memory scope is required for acquire load}}
    %0, %t = load_ptr_tko acquire %p : tile<4xptr<f32>> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @store_weak_scope(%p: !cuda_tile.tile<4xptr<f32>>, %v: !cuda_tile.tile<4xf32>) {
    // expected-error @below {{weak store must not have memory scope}}
    %t = store_ptr_tko weak sys %p, %v : tile<4xptr<f32>>, tile<4xf32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @store_mask_shape(%p: !cuda_tile.tile<4xptr<f32>>, %v: !cuda_tile.tile<4xf32>, %m: !cuda_tile.tile<8xi1>) {
    // expected-error @below {{shape of 'destination' must match the shape of 'mask'}}
    %t = store_ptr_tko weak %p, %v, %m : tile<4xptr<f32>>, tile<4xf32>, tile<8xi1> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @view_scope_after_weak(%v: !cuda_tile.partition_view<tile=(4), !cuda_tile.tensor_view<16xf32, strides=[1]>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{operation specifies weak memory ordering semantics, but then provides "sys" scope, expected no memory scope.}}
    %x, %t = load_view_tko weak sys %v[%i] : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @view_wrong_tile(%v: !cuda_tile.partition_view<tile=(4), !cuda_tile.tensor_view<16xf32, strides=[1]>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{expected tile type to be '!cuda_tile.tile<4xf32>' (based on view type), got '!cuda_tile.tile<8xf32>'}}
    %x, %t = load_view_tko weak %v[%i] : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @view_inbounds_count(%v: !cuda_tile.partition_view<tile=(4), !cuda_tile.tensor_view<16xf32, strides=[1]>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{inbounds size (2) must match the number of index dimensions (1)}}
    %x, %t = load_view_tko weak %v[%i] attributes {inbounds = array<i1: true, true>} : partition_view<tile=(4), tensor_view<16xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @gather_rows_length(%view: !cuda_tile.gather_scatter_view<tile=(8x8), !cuda_tile.tensor_view<?x?xi32, strides=[?,1]>, sparse_dim=0>, %rows: !cuda_tile.tile<4xi32>, %col: !cuda_tile.tile<i32>) {
    // expected-error @below {{expected index 0 of the sparse dimension to be a 1-d tile of 8 offsets, got '!cuda_tile.tile<4xi32>'}}
    %x, %t = load_view_tko weak %view[%rows, %col] : gather_scatter_view<tile=(8x8), tensor_view<?x?xi32, strides=[?,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> tile<8x8xi32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @rmw_weak(%p: !cuda_tile.tile<4xptr<i32>>, %v: !cuda_tile.tile<4xi32>) {
    // expected-error @below {{memory ordering semantics must be one of: relaxed, acquire, release, acq_rel}}
    %0, %t = atomic_rmw_tko weak device %p, add, %v : tile<4xptr<i32>>, tile<4xi32> -> tile<4xi32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @rmw_add_float(%p: !cuda_tile.tile<4xptr<f32>>, %v: !cuda_tile.tile<4xf32>) {
    // expected-error @below {{'add' works only with integers i32 and i64}}
    %0, %t = atomic_rmw_tko relaxed device %p, add, %v : tile<4xptr<f32>>, tile<4xf32> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @cas_mask_shape(%p: !cuda_tile.tile<4xptr<i32>>, %v: !cuda_tile.tile<4xi32>, %m: !cuda_tile.tile<2xi1>) {
    // expected-error @below {{failed to verify that all of {pointers, val, cmp and mask} have same shape}}
    %0, %t = atomic_cas_tko relaxed device %p, %v, %v, %m : tile<4xptr<i32>>, tile<4xi32>, tile<2xi1> -> tile<4xi32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @red_padded(%view: !cuda_tile.partition_view<tile=(2), padding_value = zero, !cuda_tile.tensor_view<8xi32, strides=[1]>>, %v: !cuda_tile.tile<2xi32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{views with padding_value are not supported for atomic reductions}}
    %t = atomic_red_view_tko relaxed device %view[%i], add, %v : tile<2xi32>, partition_view<tile=(2), padding_value = zero, tensor_view<8xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @alloca_negative() {
    // expected-error @below {{attribute 'num_elem' failed to satisfy constraint: 64-bit signless integer attribute whose minimum value is 0}}
    %0 = alloca num_elem = -1, alignment = 4 : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @alloca_under_aligned() {
    // expected-error @below {{'alignment' (4) must be at least the natural size (8 bytes) for element type 'f64'}}
    %0 = alloca num_elem = 4, alignment = 4 : tile<ptr<f64>>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @alloca_zero_alignment() {
    // expected-error @below {{'alignment' must be power of two}}
    %0 = alloca num_elem = 4, alignment = 0 : tile<ptr<i8>>
    return
  }
}
