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

// -----

gpu.module @kernels {
  gpu.func @copy_elements(%arg0: !llvm.ptr<1>, %arg1: memref<16xi24, #gpu.address_space<workgroup>>, %arg2: index, %arg3: i32) {
    // expected-error @+1 {{copies 16 bytes into whole elements, not into 'i24'}}
    tile_dist.async_copy %arg0, %arg1[%arg2], %arg3 : !llvm.ptr<1>, memref<16xi24, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @copy_source(%arg0: !llvm.ptr, %arg1: memref<64xf16, #gpu.address_space<workgroup>>, %arg2: index, %arg3: i32) {
    // expected-error @+1 {{operand #0 must be LLVM pointer in address space 1}}
    tile_dist.async_copy %arg0, %arg1[%arg2], %arg3 : !llvm.ptr, memref<64xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}
