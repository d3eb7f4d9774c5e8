// RUN: tile-read %s --split-input-file --verify-diagnostics

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>) {
    // expected-error @below{{expect same number of operands and results}}
    %0:2 = reduce %t dim=0 identities=[0.0 : f32, 0.0 : f32] : tile<8xf32> -> tile<f32>, tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %a, %b : tile<f32>, tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>) {
    // expected-error @below{{'cuda_tile.reduce' op region #0 ('body') failed to verify constraint: region with 1 blocks}}
    %0 = reduce %t dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    () {}
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>) {
    // expected-error @below{{expect identities to match the number of operands but got: 1 operands and 2 identities}}
    %0 = reduce %t dim=0 identities=[0.0 : f32, 0.0 : f32] : tile<8xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %a : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>) {
    // expected-error @below{{expect 0-rank tile type at index: 0 but got: '!cuda_tile.tile<1xf32>'}}
    %0 = reduce %t dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%a: tile<1xf32>, %b: tile<f32>) {
      yield %b : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>) {
    // expected-error @below{{expect same element type for block argument at index: 0 and 1 but got: 'f32' and 'i32'}}
    %0 = reduce %t dim=0 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<i32>) {
      yield %a : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xi32>) {
    // expected-error @below{{expect same type for operand at index: 0 and block argument at index: 0 but got: 'i32' and 'f32'}}
    %0 = reduce %t dim=0 identities=[0 : i32] : tile<8xi32> -> tile<i32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %a : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>, %u: tile<8xi32>) {
    // expected-error @below{{expect number of terminators operands (0) to match number of operands (2)}}
    %0:2 = reduce %t, %u dim=0 identities=[0.0 : f32, 0 : i32] : tile<8xf32>, tile<8xi32> -> tile<f32>, tile<i32>
    (%a: tile<f32>, %b: tile<f32>, %c: tile<i32>, %d: tile<i32>) {
      yield
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>, %u: tile<8xi32>) {
    // expected-error @below{{'cuda_tile.reduce' op inferred type(s) '!cuda_tile.tile<f32>', '!cuda_tile.tile<i32>' are incompatible with return type(s) of operation '!cuda_tile.tile<1xf32>', '!cuda_tile.tile<i32>'}}
    // expected-error @below{{failed to infer returned types}}
    %0:2 = reduce %t, %u dim=0 identities=[0.0 : f32, 0 : i32] : tile<8xf32>, tile<8xi32> -> tile<1xf32>, tile<i32>
    (%a: tile<f32>, %b: tile<f32>, %c: tile<i32>, %d: tile<i32>) {
      yield %a, %c : tile<f32>, tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>, %u: tile<8xi32>) {
    // expected-error @below{{expect same type for operand at index: 1 and identity at index: 1 but got: 'i32' and 'f32'}}
    %0:2 = reduce %t, %u dim=0 identities=[0.0 : f32, 0.0 : f32] : tile<8xf32>, tile<8xi32> -> tile<f32>, tile<i32>
    (%a: tile<f32>, %b: tile<f32>, %c: tile<i32>, %d: tile<i32>) {
      yield %a, %c : tile<f32>, tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>) {
    // expected-error @below{{attribute 'dim' failed to satisfy constraint: 32-bit signless integer attribute whose value is non-negative}}
    %0 = reduce %t dim=-1 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %a : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>) {
    // expected-error @below{{'cuda_tile.reduce' op dimension (3) is out of bound [0, 1)}}
    %0 = reduce %t dim=3 identities=[0.0 : f32] : tile<8xf32> -> tile<f32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %a : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>) {
    // expected-error @below{{expect same type for operand at index: 0 and result at index: 0}}
    %0 = scan %t dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<16xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      yield %a : tile<f32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>) {
    // expected-error @below{{expect 2 block arguments but got: 0}}
    %0 = scan %t dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    () {
      yield %t : tile<8xf32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%t: tile<8xf32>) {
    %0 = scan %t dim=0 reverse=false identities=[0.0 : f32] : tile<8xf32> -> tile<8xf32>
    (%a: tile<f32>, %b: tile<f32>) {
      // expected-error @below{{'cuda_tile.print_tko' op only pure operations are allowed inside 'cuda_tile.scan'}}
      %tok = print_tko "step" -> token
      yield %a : tile<f32>
    }
  }
}
