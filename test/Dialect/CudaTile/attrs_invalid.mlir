// RUN: tile-read %s --split-input-file --verify-diagnostics

// expected-error @+1 {{expected dictionary attribute for optimization_hints entry `sm_100` got value=2 : i64}}
cuda_tile.module @m attributes {h = #cuda_tile.optimization_hints<sm_100 = 2>} {
}

// -----

// expected-error @+1 {{expected valid keyword or string}}
cuda_tile.module @m attributes {h = #cuda_tile.optimization_hints<{num_cta_in_cga = 2}>} {
}

// -----

// expected-error @+1 {{'cuda_tile.div_by' divisor is too large}}
cuda_tile.module @m attributes {p = #cuda_tile.div_by<9223372036854775808>} {
}

// -----

// expected-error @+1 {{expected 'along'}}
cuda_tile.module @m attributes {p = #cuda_tile.div_by<4, every 2>} {
}

// -----

// expected-error @+1 {{expected '?'}}
cuda_tile.module @m attributes {p = #cuda_tile.bounded<a, 2>} {
}

// -----

// expected-error @+2 {{expected ::mlir::cuda_tile::Signedness to be one of: unsigned, signed}}
// expected-error @+1 {{failed to parse CudaTile_SignednessAttr parameter 'value'}}
cuda_tile.module @m attributes {s = #cuda_tile.signedness<maybe>} {
}

// -----

#file = #cuda_tile.di_file<"f.py" in "/">
// expected-error @+1 {{expected the scope of a di_lexical_block to be a di_subprogram or di_lexical_block, got #cuda_tile.di_file<"f.py" in "/">}}
cuda_tile.module @m attributes {b = #cuda_tile.di_lexical_block<scope = #file, file = #file, line = 1>} {
}

// -----

#file = #cuda_tile.di_file<"f.py" in "/">
// expected-error @+2 {{expected a parameter name in struct}}
// expected-error @+1 {{expected valid keyword}}
cuda_tile.module @m attributes {cu = #cuda_tile.di_compile_unit<#file>} {
}
