// RUN: tile-read %s --split-input-file --verify-diagnostics

// expected-error @below{{expects parent op to be one of 'cuda_tile.for, cuda_tile.if, cuda_tile.loop'}}
cuda_tile.continue

// -----

// expected-error @below{{expects parent op to be one of 'cuda_tile.if, cuda_tile.loop'}}
cuda_tile.break

// -----

cuda_tile.module @m {
  // expected-note @below{{see unexpected ancestor operation}}
  testing$func @f(%cond: tile<i1>) {
    if %cond {
      // expected-error @below{{op can only be nested within a ancestor chain of 'cuda_tile.for', 'cuda_tile.loop', 'cuda_tile.if' operations}}
      continue
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%lb: tile<i32>, %cond: tile<i1>) {
    // expected-note @below{{see unexpected ancestor operation}}
    for %iv in (%lb to %lb, step %lb) : tile<i32> {
      if %cond {
        // expected-error @below{{op can only be nested within a ancestor chain of 'cuda_tile.loop', 'cuda_tile.if' operations}}
        break
      }
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%lb: tile<i32>) {
    for %iv in (%lb to %lb, step %lb) : tile<i32> {
      // expected-error @below{{`for` is missing a valid terminator. `continue` op should have operand types that match the parent loop return types: (), but found: ('!cuda_tile.tile<i32>')}}
      continue %lb : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<i32>) {
    // expected-error @below{{`loop` is missing a valid terminator. `continue` op should have operand types that match the parent loop iter_values: ('!cuda_tile.tile<i32>'), but found: ()}}
    loop iter_values(%v = %i) : tile<i32> {}
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<i32>) {
    loop {
      // expected-error @below{{operand types must correspond to the parent loop result types}}
      break %i : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<i32>, %x: tile<f32>) {
    // expected-error @below{{expected induction variable to be same type as bounds}}
    "cuda_tile.for"(%i, %i, %i) ({
    ^bb0(%iv: !cuda_tile.tile<f32>):
      continue
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<1xi32>) {
    // expected-error @below{{op operand #0 must be 0D tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<1xi32>'}}
    "cuda_tile.for"(%i, %i, %i) ({
    ^bb0(%iv: !cuda_tile.tile<1xi32>):
      continue
    }) : (!cuda_tile.tile<1xi32>, !cuda_tile.tile<1xi32>, !cuda_tile.tile<1xi32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<i32>, %init: tile<f32>) {
    // expected-error @below{{init value 0 and region iter_value 0 have different type: '!cuda_tile.tile<f32>' != '!cuda_tile.tile<f64>'}}
    %r = "cuda_tile.for"(%i, %i, %i, %init) ({
    ^bb0(%iv: !cuda_tile.tile<i32>, %acc: !cuda_tile.tile<f64>):
      continue %init : tile<f32>
    }) : (!cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>, !cuda_tile.tile<f32>) -> !cuda_tile.tile<f32>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<i32>, %init: tile<f32>) {
    // expected-error @below{{found different number of iter_values and types}}
    loop iter_values(%a = %init, %b = %init) : tile<f32> {}
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%i: tile<i32>) {
    // expected-error @below{{operand #0 must be 0D tile of i1 values, but got '!cuda_tile.tile<i32>'}}
    "cuda_tile.if"(%i) ({
      yield
    }, {
    }) : (!cuda_tile.tile<i32>) -> ()
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%cond: tile<i1>, %i: tile<i32>) {
    // expected-error @below{{op has non-empty return type, must define else branch}}
    %r = if %cond -> (tile<i32>) {
      yield %i : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%cond: tile<i1>, %i: tile<i32>) {
    // expected-error @below{{op has return type of '!cuda_tile.tile<i32>' but else branch does not yield anything}}
    %r = if %cond -> (tile<i32>) {
      yield %i : tile<i32>
    } else {
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%cond: tile<i1>, %i: tile<i32>) {
    // expected-error @below{{op does not return a value, but then branch yields '!cuda_tile.tile<i32>'}}
    if %cond {
      yield %i : tile<i32>
    }
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%cond: tile<i1>, %i: tile<i32>) {
    // expected-error @below{{op type does not match yield type, else branch yields '!cuda_tile.tile<i32>' but op result type is '!cuda_tile.tile<i64>'}}
    %r = "cuda_tile.if"(%cond) ({
      "cuda_tile.return"() : () -> ()
    }, {
      yield %i : tile<i32>
    }) : (!cuda_tile.tile<i1>) -> !cuda_tile.tile<i64>
  }
}

// -----

cuda_tile.module @m {
  testing$func @f(%cond: tile<i1>) {
    loop {
      if %cond {
        // expected-error @below{{must be used within a cuda_tile.testing$func, cuda_tile.entry, or cuda_tile.if operation}}
        return
      }
    }
  }
}
