// RUN: tile-sched %s --split-input-file --verify-diagnostics

gpu.module @kernels {
  gpu.func @rank(%arg0: vector<1xf32>) {
    // expected-error @+1 {{converts between layouts of rank 1 and 2}}
    %0 = tile_dist.convert_layout %arg0 from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[4, 32], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> : vector<1xf32> -> vector<1xf32>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @shape(%arg0: vector<1xf32>) {
    // expected-error @+1 {{dim 0 of the source layout (2) is neither the target's (4) nor a broadcast (1)}}
    %0 = tile_dist.convert_layout %arg0 from <[2, 32], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 0]> to <[4, 32], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> : vector<1xf32> -> vector<1xf32>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @warps(%arg0: vector<1xf32>) {
    // expected-error @+1 {{the layouts are over 4 and 2 warps}}
    %0 = tile_dist.convert_layout %arg0 from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [64], lane = [1, 2, 4, 8, 16], warp = [32]> : vector<1xf32> -> vector<2xf32>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @source_registers(%arg0: vector<2xf32>) {
    // expected-error @+1 {{has 2 source registers where its layout has 1}}
    %0 = tile_dist.convert_layout %arg0 from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> : vector<2xf32> -> vector<1xf32>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @result_registers(%arg0: vector<1xf32>) {
    // expected-error @+1 {{has 2 result registers where its layout has 1}}
    %0 = tile_dist.convert_layout %arg0 from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> : vector<1xf32> -> vector<2xf32>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @element_type(%arg0: vector<1xf32>) {
    // expected-error @+1 {{changes the element type}}
    %0 = tile_dist.convert_layout %arg0 from <[128], register = [], lane = [1, 2, 4, 8, 16], warp = [32, 64]> to <[128], register = [], lane = [4, 8, 16, 32, 64], warp = [1, 2]> : vector<1xf32> -> vector<1xi32>
    gpu.return
  }
}
