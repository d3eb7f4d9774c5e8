// RUN: tile-read %s --split-input-file --verify-diagnostics

cuda_tile.module @m {
  testing$func @iota_2d() {
    // expected-error @below {{expects result type to be 1-d tile}}
    %0 = iota : tile<2x2xi32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @iota_overflow() {
    // expected-error @below {{the number of elements 512 exceeds the maximum value of element type 'i8'}}
    %0 = iota : tile<512xi8>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @broadcast_non_unit(%t: !cuda_tile.tile<2x4xf32>) {
    // expected-error @below {{expects the shape of source tile to be compatible with that of the result tile, but got: 2, 4 and 4, 4}}
    %0 = broadcast %t : tile<2x4xf32> -> tile<4x4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @reshape_count(%t: !cuda_tile.tile<2x4xf32>) {
    // expected-error @below {{expected source tile and result tile to have the same number of elements}}
    %0 = reshape %t : tile<2x4xf32> -> tile<16xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @cat_dim(%t: !cuda_tile.tile<2x4xf32>) {
    // expected-error @below {{expect dim to be [0, 2), but got: 2}}
    %0 = cat %t, %t dim = 2 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @cat_sum(%t: !cuda_tile.tile<2x4xf32>) {
    // expected-error @below {{invalid concat at position 1, expected: 8 but got: 4}}
    %0 = cat %t, %t dim = 1 : tile<2x4xf32>, tile<2x4xf32> -> tile<2x4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @extract_uneven(%t: !cuda_tile.tile<8xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{source dimension 0 size (8) must be evenly divisible by result dimension 0 size (16)}}
    %0 = extract %t[%i] : tile<8xf32> -> tile<16xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @extract_indices(%t: !cuda_tile.tile<8x8xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{expected 2 indices, but got 1}}
    %0 = extract %t[%i] : tile<8x8xf32> -> tile<4x4xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @insert_uneven(%t: !cuda_tile.tile<8xf32>, %s: !cuda_tile.tile<16xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{destination dimension 0 size (8) must be evenly divisible by source dimension 0 size (16)}}
    %0 = insert %s, %t[%i] : tile<16xf32> -> tile<8xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @offset_shapes(%p: !cuda_tile.tile<4xptr<f32>>, %o: !cuda_tile.tile<8xi32>) {
    // expected-error @below {{requires the same shape for all operands and results}}
    %0 = offset %p, %o : tile<4xptr<f32>>, tile<8xi32> -> tile<4xptr<f32>>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @cat_rhs(%a: !cuda_tile.tile<2x4xf32>, %b: !cuda_tile.tile<4x4xf32>) {
    // expected-error @below {{expect rhs and result shapes to match at non-concat position 0, expected: 4 but got: 2}}
    %0 = cat %a, %b dim = 1 : tile<2x4xf32>, tile<4x4xf32> -> tile<2x8xf32>
    return
  }
}
