// RUN: tile-lower %s --tilechain-assign-warps --tilechain-assign-layouts | FileCheck %s
// RUN: tile-lower %s --tilechain-assign-warps --tilechain-assign-layouts | tile-lower --tilechain-assign-warps --tilechain-assign-layouts | FileCheck %s

// #tile_dist.linear prints as it parses and survives a round trip: the
// shape, then the bases of the register, lane and warp bits (flat indices,
// 0 for a repeat). The pass leaves a kernel without pointer accesses alone.
// CHECK-LABEL: entry @blocked
// CHECK: iota {tile_dist.layout = #tile_dist.linear<[1024], register = [1, 2, 4], lane = [8, 16, 32, 64, 128], warp = [256, 512]>} : tile<1024xi32>
// CHECK: iota {tile_dist.layout = #tile_dist.linear<[32], register = [], lane = [0, 0, 1, 2, 4], warp = [8, 16]>} : tile<32xi32>
cuda_tile.module @kernels {
  entry @blocked() {
    %0 = iota {tile_dist.layout = #tile_dist.linear<[1024], register = [1, 2, 4], lane = [8, 16, 32, 64, 128], warp = [256, 512]>} : tile<1024xi32>
    %1 = iota {tile_dist.layout = #tile_dist.linear<[32], register = [], lane = [0, 0, 1, 2, 4], warp = [8, 16]>} : tile<32xi32>
    return
  }
}
