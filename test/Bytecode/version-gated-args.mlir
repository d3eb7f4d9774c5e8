// What an older bytecode version has no field for is refused, not dropped:
// ops, results in use, attributes and element types newer than the target.
// RUN: tile-read %s --split-input-file --verify-diagnostics --emit=bytecode --bytecode-version=13.1 -o %t.tileirbc
// RUN: not ls %t.tileirbc

cuda_tile.module @kernels {
  // expected-error @below{{constant global `g` cannot be encoded in bytecode version 13.1 (the `constant` attribute requires bytecode 13.3+)}}
  global constant @g <f32: 1.0> : tile<1xf32>
}

// -----

cuda_tile.module @kernels {
  // expected-error @below{{global `p` uses non-public symbol visibility, which cannot be encoded in bytecode version 13.1 (requires bytecode 13.3+)}}
  global private @p <f32: 1.0> : tile<1xf32>
}

// -----

cuda_tile.module @kernels {
  entry @k(%x: tile<f32>, %y: tile<f32>) {
    // expected-error @below{{operation 'cuda_tile.atan2' is not available in bytecode version 13.1}}
    %0 = atan2 %x, %y : tile<f32>
    return
  }
}

// -----

// expected-error @unknown{{type 'Float8E8M0FNU' requires bytecode version 13.2+, targeting 13.1}}
cuda_tile.module @kernels {
  entry @k(%x: tile<f8E8M0FNU>) {
    return
  }
}
