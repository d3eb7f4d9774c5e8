// RUN: tile-read %s --split-input-file --verify-diagnostics

cuda_tile.module @m {
  // expected-error @below{{entry op must not return values}}
  entry @k(%arg0: tile<f32>) -> tile<f32> {
    return %arg0 : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  // expected-error @below{{entry op must have scalar types (rank 0 !cuda_tile.tile)}}
  entry @k(%arg0: tile<2x2xf32>) {}
}

// -----

cuda_tile.module @m {
  // expected-error @below{{expected SSA identifier}}
  entry @k(%arg0: tile<f32>, tile<f32>) {}
}

// -----

cuda_tile.module @m {
  // expected-error @below{{expected valid '@'-identifier for symbol name}}
  entry kernel @k() {}
}

// -----

cuda_tile.module @m {
  testing$func @f(%arg0: tile<2xf32>) -> tile<2xi16> {
    // expected-error @below{{type of return operand 0 ('!cuda_tile.tile<2xf32>') doesn't match function result type ('!cuda_tile.tile<2xi16>') in function @f}}
    return %arg0 : tile<2xf32>
  }
}

// -----

cuda_tile.module @m {
  // expected-error @below{{op has 0 operands, but enclosing function (@f) returns 1}}
  testing$func @f(%arg0: tile<2xi16>) -> tile<2xi16> {}
}

// -----

cuda_tile.module @m {
  // expected-error @below{{type must have rank 1}}
  global @g <f16: [[1.0, 2.0]]> : tile<1x2xf16>
}

// -----

cuda_tile.module @m {
  // expected-error @below{{expected valid '@'-identifier for symbol name}}
  global Private @g <i32: [42]> : tile<1xi32>
}

// -----

cuda_tile.module @m {
  global @g <f16: [1.0, 2.0]> : tile<2xf16>
  entry @k() {
    // expected-error @below{{pointee type of result type '!cuda_tile.ptr<f32>' does not match type 'f16' of the global @g}}
    %0 = get_global @g : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{'missing' does not reference a valid global}}
    %0 = get_global @missing : tile<ptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{op result #0 must be 0D tile of Pointer type values, but got '!cuda_tile.tile<4xptr<f32>>'}}
    %0 = get_global @g : tile<4xptr<f32>>
  }
}

// -----

cuda_tile.module @m {
  // expected-error @below{{expected dictionary attribute for optimization_hints entry `sm_100` got value=2 : i64}}
  entry @k() optimization_hints=<sm_100=2> {}
}
