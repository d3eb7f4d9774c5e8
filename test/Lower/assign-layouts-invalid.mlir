// RUN: tile-sched %s --split-input-file --verify-diagnostics --tilechain-lower="gpu-name=sm_90 tile-form=parallel" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-materialize-threads

// The lowering builds a result in the layout tile_dist.layout names only
// where that layout fits: the result's shape, the kernel's warps (4 here,
// for tiles under 4096 elements).
cuda_tile.module @kernels {
  entry @shape() {
    // expected-error @+1 {{'tile_dist.layout' must be the layout of the op's one tile result}}
    %0 = iota {tile_dist.layout = #tile_dist.linear<[64], register = [1], lane = [2, 4, 8, 16, 32], warp = [0, 0]>} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @warps() {
    // expected-error @+1 {{'tile_dist.layout' spreads the tile over 8 warps; the kernel has 4}}
    %0 = iota {tile_dist.layout = #tile_dist.linear<[32], register = [], lane = [1, 2, 4, 8, 16], warp = [0, 0, 0]>} : tile<32xi32>
    return
  }
}
