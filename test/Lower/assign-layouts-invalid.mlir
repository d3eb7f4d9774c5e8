// RUN: tile-sched %s --split-input-file --verify-diagnostics --tilechain-lower="gpu-name=sm_90 tile-form=parallel" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads

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

// -----

// A loop's carried layouts (tile_dist.carried_layouts) fit what it carries:
// one entry per carried value, each the layout of that value's tile.
cuda_tile.module @kernels {
  entry @carried_count(%n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <i32: 0> : tile<32xi32>
    // expected-error @+1 {{'tile_dist.carried_layouts' must give one layout (or unit) per carried value: 1 here, not 2}}
    %r = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%c = %init) -> (tile<32xi32>) {
      continue %c : tile<32xi32>
    } {tile_dist.carried_layouts = [unit, unit]}
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @carried_shape(%n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <i32: 0> : tile<32xi32>
    // expected-error @+1 {{'tile_dist.carried_layouts' entry 0 must be the layout of carried value 0's tile}}
    %r = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%c = %init) -> (tile<32xi32>) {
      continue %c : tile<32xi32>
    } {tile_dist.carried_layouts = [#tile_dist.linear<[64], register = [1], lane = [2, 4, 8, 16, 32], warp = [0, 0]>]}
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @carried_warps(%n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <i32: 0> : tile<32xi32>
    // expected-error @+1 {{'tile_dist.carried_layouts' spreads the tile over 8 warps; the kernel has 4}}
    %r = loop iter_values(%c = %init) : tile<32xi32> -> tile<32xi32> {
      break %c : tile<32xi32>
    } {tile_dist.carried_layouts = [#tile_dist.linear<[32], register = [], lane = [1, 2, 4, 8, 16], warp = [0, 0, 0]>]}
    return
  }
}
