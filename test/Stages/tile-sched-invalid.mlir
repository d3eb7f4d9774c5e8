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

// expected-error@+1 {{expected tile-lower's #nvvm.target in 'tilechain.target'}}
module attributes {tilechain.stage = "tile-lower", tilechain.tile_form = "serial"} {
  cuda_tile.module @m {
  }
}

// -----

// expected-error@+1 {{expected tile-lower's tile form in 'tilechain.tile_form'}}
module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<chip = "sm_90">} {
  cuda_tile.module @m {
  }
}

// -----

// The materialization checks the target too, for input written by hand.
// expected-error@+1 {{unsupported target #nvvm.target<chip = "sm_75">}}
module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<chip = "sm_75">, tilechain.tile_form = "serial"} {
  cuda_tile.module @m {
  }
}

// -----

module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<chip = "sm_90">, tilechain.tile_form = "serial"} {
  // expected-error@+1 {{expected only cuda_tile.module at the top level of tile-lower's output, found 'gpu.module'}}
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
  }
}

// -----

// The parallel form takes the warps tile-lower recorded on each entry.
module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<chip = "sm_90">, tilechain.tile_form = "parallel"} {
  cuda_tile.module @m {
    // expected-error@+1 {{expected the warps tile-lower assigns ('tile_dist.num_warps', tilechain-assign-warps)}}
    entry @unassigned(%p: tile<ptr<f32>>) {
      return
    }
  }
}
