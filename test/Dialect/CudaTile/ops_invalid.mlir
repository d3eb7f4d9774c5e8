// RUN: tile-read %s --split-input-file --verify-diagnostics

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{op result #0 must be 0D tile of i32 values, but got '!cuda_tile.tile<1xi32>'}}
    get_tile_block_id : tile<1xi32>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{op result #0 must be 0D tile of i32 values, but got '!cuda_tile.tile<i64>'}}
    get_num_tile_blocks : tile<i64>
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{expected attribute value}}
    print_tko : tile<2xf16> -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k() {
    // expected-error @below{{incorrect number of operands: expected 1, found 0}}
    print_tko "one value: %i" -> token
  }
}

// -----

cuda_tile.module @m {
  entry @k(%v: tile<f32>) {
    // expected-error @below{{found unterminated format expression}}
    print_tko "trailing %", %v : tile<f32> -> token
  }
}

// -----

cuda_tile.module @m {
  // expected-note @below{{prior use here}}
  entry @k(%v: tile<i32>) {
    // expected-error @below{{expects different type}}
    print_tko "%i", %v token = %v : tile<i32> -> token
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<f32>) {
    // expected-error @below{{assume predicate}}
    assume 32 : i32, %v : tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%v: tile<2xi32>) {
    // expected-error @below{{op operand #0 must be tile of i1 values}}
    assert %v, "nope" : tile<2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<4x16xf32>, %b: tile<8x16xf32>, %c: tile<4x16xf32>) {
    // expected-error @below{{dim 1 of lhs (16) and dim 0 of rhs (8) must match, but got lhs shape (4, 16) and rhs shape (8, 16)}}
    %0 = mmaf %a, %b, %c : tile<4x16xf32>, tile<8x16xf32>, tile<4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x4x8xf32>, %b: tile<2x8x16xf32>, %c: tile<4x4x16xf32>) {
    // expected-error @below{{dim 0 of lhs (2) and dim 0 of acc (4) must match, but got lhs shape (2, 4, 8) and acc shape (4, 4, 16)}}
    %0 = mmaf %a, %b, %c : tile<2x4x8xf32>, tile<2x8x16xf32>, tile<4x4x16xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x2x2xf32>, %b: tile<2x2xf32>, %c: tile<2x2xf32>) {
    // expected-error @below{{op failed to verify that all of {lhs, rhs, acc} have same rank}}
    %0 = mmaf %a, %b, %c : tile<2x2x2xf32>, tile<2x2xf32>, tile<2x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x2xf16>, %b: tile<2x2xf32>, %c: tile<2x2xf32>) {
    // expected-error @below{{op failed to verify that all of {lhs, rhs} have the same element type}}
    %0 = mmaf %a, %b, %c : tile<2x2xf16>, tile<2x2xf32>, tile<2x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x2xbf16>, %c: tile<2x2xf16>) {
    // expected-error @below{{op unsupported combination of element types. Input type 'bf16' expects accumulator/result type to be one of {'f32'}, but got 'f16'}}
    %0 = mmaf %a, %a, %c : tile<2x2xbf16>, tile<2x2xbf16>, tile<2x2xf16>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x2xi8>, %c: tile<2x2xf32>) {
    // expected-error @below{{op operand #0 must be mmaf operand tile type of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 values, but got '!cuda_tile.tile<2x2xi8>'}}
    %0 = mmaf %a, %a, %c : tile<2x2xi8>, tile<2x2xi8>, tile<2x2xf32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<2x2xi16>, %c: tile<2x2xi32>) {
    // expected-error @below{{op operand #0 must be mmai operand tile type of i8 values, but got '!cuda_tile.tile<2x2xi16>'}}
    %0 = mmai %a, %a, %c signed signed : tile<2x2xi16>, tile<2x2xi16>, tile<2x2xi32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf8E5M2>, %c: tile<128x128xf32>, %s: tile<128x4xf8E4M3FN>, %t: tile<4x128xf8E4M3FN>) {
    // expected-error @below{{op unsupported combination of element types. Scale type 'f8E4M3FN' expects lhs and rhs element types to be 'f4E2M1FN', but got 'f8E5M2'}}
    %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<128x128xf8E5M2>, tile<128x128xf8E5M2>, tile<128x128xf32>, tile<128x4xf8E4M3FN>, tile<4x128xf8E4M3FN>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %s: tile<128x8xf8E8M0FNU>, %t: tile<4x128xf8E8M0FNU>) {
    // expected-error @below{{shape error: dim 1 of lhs_scale (8) and dim 0 of rhs_scale (4) must match, but got lhs_scale shape (128, 8) and rhs_scale shape (4, 128)}}
    %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf8E4M3FN>, %c: tile<128x128xf32>, %s: tile<128x8xf8E8M0FNU>, %t: tile<8x128xf8E8M0FNU>) {
    // expected-error @below{{shape error: f8 element type requires block scale factor of lhs_scale and rhs_scale to be 32, but got 16}}
    %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%a: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>, %s: tile<128x16xf8E4M3FN>, %t: tile<16x128xf8E4M3FN>) {
    // expected-error @below{{shape error: f4E2M1FN element type with f8E4M3FN scales requires block scale factor of lhs_scale and rhs_scale to be 16, but got 8}}
    %0 = mmaf_scaled %a, %a, %c, %s, %t : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x16xf8E4M3FN>, tile<16x128xf8E4M3FN>
  }
}
