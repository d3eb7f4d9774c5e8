// RUN: tile-sched %s --split-input-file --verify-diagnostics

// tile-read's output (no stage marker) must go through tile-lower first.
// expected-error@+1 {{expected the output of tile-lower, but the input is the output of tile-read}}
module {
  cuda_tile.module @m {
  }
}

// -----

// expected-error@+1 {{expected the output of tile-lower, but the input is the output of tile-sched}}
module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
  }
}

// -----

module attributes {tilechain.stage = "tile-lower"} {
  // expected-error@+1 {{expected exactly one #nvvm.target}}
  gpu.module @m {
  }
}

// -----

module attributes {tilechain.stage = "tile-lower"} {
  // expected-error@+1 {{expected only gpu.module at the top level of tile-lower's output, found 'cuda_tile.module'}}
  cuda_tile.module @m {
  }
}
