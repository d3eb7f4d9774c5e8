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

// -----

gpu.module @kernels {
  gpu.func @wgmma_type(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: vector<4xf32>) {
    // expected-error @+1 {{multiplies f16, bf16, tf32, f8E4M3FN, f8E5M2, si8 or ui8 elements, not 'f32'}}
    %0 = tile_dist.warpgroup_mma shared %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg2 : vector<4xf32> {lhsType = f32, rhsType = f32, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @wgmma_mixed(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: vector<4xf32>) {
    // expected-error @+1 {{multiplies 'f16' by 'bf16': both f16, both bf16, both tf32, both 8-bit floats or both 8-bit integers}}
    %0 = tile_dist.warpgroup_mma shared %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg2 : vector<4xf32> {lhsType = f16, rhsType = bf16, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @wgmma_accumulator(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: vector<4xf32>) {
    // expected-error @+1 {{accumulates 'si8' products in i32, not 'f32'}}
    %0 = tile_dist.warpgroup_mma shared %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg2 : vector<4xf32> {lhsType = si8, rhsType = si8, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @wgmma_n(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: vector<20xi32>) {
    // expected-error @+1 {{has no wgmma of N = 40 for 'ui8'}}
    %0 = tile_dist.warpgroup_mma shared %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg2 : vector<20xi32> {lhsType = ui8, rhsType = ui8, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @wgmma_mn_major(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: vector<4xf32>) {
    // expected-error @+1 {{takes mn_major matrices only of 16-bit elements, not of 'tf32'}}
    %0 = tile_dist.warpgroup_mma shared %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg2 : vector<4xf32> {lhsType = tf32, rhsType = tf32, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<mn_major, swizzle = 128, lbo = 4096, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @wgmma_swizzle(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: vector<4xf32>) {
    // expected-error @+1 {{a swizzle of 32, 64 or 128 bytes, got 16}}
    %0 = tile_dist.warpgroup_mma shared %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg2 : vector<4xf32> {lhsType = f16, rhsType = f16, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 16, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @wgmma_offset(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: vector<4xf32>) {
    // expected-error @+1 {{byte offsets are positive multiples of 16 below 2^18, got 1000}}
    %0 = tile_dist.warpgroup_mma shared %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg2 : vector<4xf32> {lhsType = f16, rhsType = f16, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1000>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @wgmma_major(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: vector<4xf32>) {
    // expected-error @+1 {{expected k_major or mn_major}}
    %0 = tile_dist.warpgroup_mma shared %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg2 : vector<4xf32> {lhsType = f16, rhsType = f16, lhsMatrix = #tile_dist.shared_matrix<row_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @wgmma_both_lhs(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: vector<4xf32>, %arg3: vector<4xi32>) {
    // expected-error @+1 {{takes the lhs either from shared memory (a memref, a byte offset and lhsMatrix) or from registers (lhsFragment)}}
    %0 = tile_dist.warpgroup_mma registers %arg3 : vector<4xi32>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg2 : vector<4xf32> {lhsType = f16, rhsType = f16, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @wgmma_fragment_type(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: vector<4xf32>, %arg3: vector<4xi32>) {
    // expected-error @+1 {{takes lhs registers only of 16-bit elements, not of 'tf32'}}
    %0 = tile_dist.warpgroup_mma registers %arg3 : vector<4xi32>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg2 : vector<4xf32> {lhsType = tf32, rhsType = tf32, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tensor_copy_box_rank(%m: !llvm.ptr, %p: !llvm.ptr<1>, %a: index, %c: i32, %s: memref<16384xf16, #gpu.address_space<workgroup>>, %b: memref<2xi64, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{needs 3 sizes and coordinates and 2 strides for its 3-dim box}}
    tile_dist.tensor_copy %m, %p, [%a, %a], [%a] at [%c, %c] into %s[%a], %b[%a] {box = array<i64: 64, 128, 2>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<16384xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tensor_copy_box_extent(%m: !llvm.ptr, %p: !llvm.ptr<1>, %a: index, %c: i32, %s: memref<16384xf16, #gpu.address_space<workgroup>>, %b: memref<2xi64, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{box extents are 1 to 256, not 512}}
    tile_dist.tensor_copy %m, %p, [%a, %a], [%a] at [%c, %c] into %s[%a], %b[%a] {box = array<i64: 64, 512>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<16384xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tensor_copy_box_row(%m: !llvm.ptr, %p: !llvm.ptr<1>, %a: index, %c: i32, %s: memref<16384xf16, #gpu.address_space<workgroup>>, %b: memref<2xi64, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{box rows are a multiple of 16 bytes, not 8}}
    tile_dist.tensor_copy %m, %p, [%a, %a], [%a] at [%c, %c] into %s[%a], %b[%a] {box = array<i64: 4, 128>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<16384xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tensor_copy_swizzle_mode(%m: !llvm.ptr, %p: !llvm.ptr<1>, %a: index, %c: i32, %s: memref<16384xf16, #gpu.address_space<workgroup>>, %b: memref<2xi64, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{swizzles 32, 64 or 128 bytes (or 0), not 96}}
    tile_dist.tensor_copy %m, %p, [%a, %a], [%a] at [%c, %c] into %s[%a], %b[%a] {box = array<i64: 64, 128>, swizzle = 96 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<16384xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tensor_copy_swizzle_row(%m: !llvm.ptr, %p: !llvm.ptr<1>, %a: index, %c: i32, %s: memref<16384xf16, #gpu.address_space<workgroup>>, %b: memref<2xi64, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{box rows of 128 bytes do not fit the 64-byte swizzle}}
    tile_dist.tensor_copy %m, %p, [%a, %a], [%a] at [%c, %c] into %s[%a], %b[%a] {box = array<i64: 64, 128>, swizzle = 64 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<16384xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tcgen05_n(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: i32, %arg3: i1) {
    // expected-error @+1 {{has no tcgen05.mma of M = 128, N = 24 (M = 128 with N a multiple of 16, M = 64 with N a multiple of 8, N at most 256)}}
    tile_dist.tensor_mma %arg2, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg3 {lhsType = f16, rhsType = f16, m = 128 : i64, n = 24 : i64, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tcgen05_m32(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: i32, %arg3: i1) {
    // expected-error @+1 {{has no tcgen05.mma of M = 32, N = 24 (M = 128 with N a multiple of 16, M = 64 with N a multiple of 8, N at most 256)}}
    tile_dist.tensor_mma %arg2, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg3 {lhsType = f16, rhsType = f16, m = 32 : i64, n = 24 : i64, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tcgen05_m64_n(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: i32, %arg3: i1) {
    // expected-error @+1 {{has no tcgen05.mma of M = 64, N = 12 (M = 128 with N a multiple of 16, M = 64 with N a multiple of 8, N at most 256)}}
    tile_dist.tensor_mma %arg2, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg3 {lhsType = f16, rhsType = f16, m = 64 : i64, n = 12 : i64, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tcgen05_types(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: i32, %arg3: i1) {
    // expected-error @+1 {{multiplies 'f16' by 'bf16': both f16, both bf16, both tf32, both 8-bit floats or both 8-bit integers}}
    tile_dist.tensor_mma %arg2, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg3 {lhsType = f16, rhsType = bf16, m = 128 : i64, n = 64 : i64, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tmem_columns(%arg0: memref<4xi32, #gpu.address_space<workgroup>>, %arg1: index) {
    // expected-error @+1 {{allocates a power of two from 32 to 512 columns, not 48}}
    tile_dist.tmem_alloc %arg0[%arg1] {columns = 48 : i64} : memref<4xi32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tmem_load_words(%arg0: i32) {
    // expected-error @+1 {{reads a power of two from 4 to 128 words per lane}}
    %0 = tile_dist.tmem_load %arg0 : vector<2xi32>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tensor_store_box_row(%m: !llvm.ptr, %p: !llvm.ptr<1>, %a: index, %c: i32, %s: memref<8192xf32, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{box rows are a multiple of 16 bytes, not 8}}
    tile_dist.tensor_store %m, %p, [%a, %a], [%a] at [%c, %c] from %s[%a] {box = array<i64: 2, 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tensor_store_swizzle(%m: !llvm.ptr, %p: !llvm.ptr<1>, %a: index, %c: i32, %s: memref<8192xf32, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{box rows of 256 bytes do not fit the 128-byte swizzle}}
    tile_dist.tensor_store %m, %p, [%a, %a], [%a] at [%c, %c] from %s[%a] {box = array<i64: 64, 64>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @warpgroup_wait_pending(%a: f32) {
    // expected-error @+1 {{waits for all but -1 groups; expected a count of 0 or more}}
    %0 = tile_dist.warpgroup_wait -1, %a : f32
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @warpgroup_wait_type(%a: f16) {
    // expected-error @+1 {{operand #0 must be variadic of 32-bit float or 32-bit signless integer}}
    %0 = tile_dist.warpgroup_wait 0, %a : f16
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tcgen05_one_scale(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: i32, %arg3: i1) {
    // expected-error @+1 {{takes scales for both operands or for neither}}
    "tile_dist.tensor_mma"(%arg2, %arg0, %arg1, %arg0, %arg1, %arg3, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1, 0>, lhsType = f8E4M3FN, rhsType = f8E4M3FN, m = 128 : i64, n = 64 : i64, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}> : (i32, memref<4096xi8, #gpu.address_space<workgroup>>, index, memref<4096xi8, #gpu.address_space<workgroup>>, index, i1, i32) -> ()
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tcgen05_scaled_f16(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: i32, %arg3: i1) {
    // expected-error @+1 {{scales f8E4M3FN and f8E5M2 operands only, not 'f16' by 'f16'}}
    tile_dist.tensor_mma %arg2, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg3 scales(%arg2, %arg2) {lhsType = f16, rhsType = f16, m = 128 : i64, n = 64 : i64, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tcgen05_scaled_m64(%arg0: memref<4096xi8, #gpu.address_space<workgroup>>, %arg1: index, %arg2: i32, %arg3: i1) {
    // expected-error @+1 {{has no block-scaled tcgen05.mma of M = 64, N = 48 (M = 128, N a multiple of 32)}}
    tile_dist.tensor_mma %arg2, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg0[%arg1] : memref<4096xi8, #gpu.address_space<workgroup>>, %arg3 scales(%arg2, %arg2) {lhsType = f8E4M3FN, rhsType = f8E4M3FN, m = 64 : i64, n = 48 : i64, lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>}
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @tmem_store_lanes(%arg0: i32, %arg1: vector<3xi32>) {
    // expected-error @+1 {{writes a power of two up to 128 words per lane, not 3}}
    tile_dist.tmem_store_lanes %arg0, %arg1 : vector<3xi32>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @store_matrix_three(%w: i32, %i: index, %s: memref<4096xf16, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{stores 1, 2 or 4 matrices, not 3}}
    tile_dist.store_matrix %s[%i], %w, %w, %w : memref<4096xf16, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @store_matrix_f32(%w: i32, %i: index, %s: memref<4096xf32, #gpu.address_space<workgroup>>) {
    // expected-error @+1 {{stores 16-bit elements, not 'f32'}}
    tile_dist.store_matrix %s[%i], %w : memref<4096xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @ring_no_stages() {
    // expected-error @+1 {{a ring has at least one stage, got 0}}
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 0, stage_bytes = 1024, align = 128, mbarriers = false>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @ring_stage_bytes() {
    // expected-error @+1 {{a stage takes a positive multiple of 16 bytes, got 1000}}
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1000, align = 128, mbarriers = false>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @ring_alignment() {
    // expected-error @+1 {{a ring is aligned to a power of two of at least 16 bytes, got 96}}
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 96, mbarriers = false>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @in_ring_reader(%t: vector<4xf16>) {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    // expected-error @+1 {{is read only as a cuda_tile mma's lhs or rhs, not as operand 1 of 'arith.addf'}}
    %s = tile_dist.in_ring %r, %t : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>, vector<4xf16>
    %u = arith.addf %t, %s : vector<4xf16>
    gpu.return
  }
}

// -----

cuda_tile.module @kernels {
  entry @two_rings() {
    %a = constant <f16: 0.0> : tile<16x16xf16>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    %r0 = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    %r1 = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    // expected-error @+1 {{passes an mma's operand through another ring than its other operand}}
    %x = tile_dist.in_ring %r0, %a : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>, !cuda_tile.tile<16x16xf16>
    %y = tile_dist.in_ring %r1, %a : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>, !cuda_tile.tile<16x16xf16>
    %c = mmaf %x, %y, %acc : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

// -----

gpu.module @kernels {
  gpu.func @ring_ends_twice() {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true>
    // expected-error @+1 {{ends a ring that another ring_dealloc ends}}
    tile_dist.ring_dealloc %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true>
    tile_dist.ring_dealloc %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true>
    gpu.return
  }
}

// -----

cuda_tile.module @kernels {
  entry @ring_ends_early() {
    %a = constant <f16: 0.0> : tile<16x16xf16>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    // expected-error @+1 {{ends the ring before its use by 'tile_dist.in_ring'}}
    tile_dist.ring_dealloc %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    %x = tile_dist.in_ring %r, %a : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>, !cuda_tile.tile<16x16xf16>
    %c = mmaf %x, %a, %acc : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

// -----

gpu.module @kernels {
  gpu.func @ring_fill_stage(%c: i32, %iv: i32, %runs: i1) {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    %two = arith.constant 2 : i32
    // expected-error @+1 {{fills stage 2 of a ring of 2 stages}}
    tile_dist.ring_fill %r[%two] chunk %c at %iv if %runs : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>, i32, i32, i32, i1
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @ring_fill_chunk(%s: i32, %c: i64, %iv: i32, %runs: i1) {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    // expected-error @+1 {{takes its stage and chunk as i32 scalars}}
    tile_dist.ring_fill %r[%s] chunk %c at %iv if %runs : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>, i32, i64, i32, i1
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @ring_fill_iv(%s: i32, %iv: vector<2xi32>, %runs: i1) {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    // expected-error @+1 {{takes the loop's counter as an integer scalar}}
    tile_dist.ring_fill %r[%s] chunk %s at %iv if %runs : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>, i32, i32, vector<2xi32>, i1
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @ring_fill_iv_alone(%s: i32, %iv: i32) {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    // expected-error @+1 {{takes a loop's counter and a predicate together}}
    "tile_dist.ring_fill"(%r, %s, %s, %iv) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (!tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>, i32, i32, i32) -> ()
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @ring_fill_runs(%s: i32, %iv: i32) {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    // expected-error @+1 {{takes its predicate as an i1 scalar}}
    tile_dist.ring_fill %r[%s] chunk %s at %iv if %iv : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>, i32, i32, i32, i32
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @chunk_outside() {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    // expected-error @+1 {{expects parent op 'tile_dist.chunk_schedule'}}
    tile_dist.mma_chunk %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @schedule_two_multiplies() {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    // expected-error @+1 {{multiplies each chunk once (one 'tile_dist.mma_chunk'), got 2}}
    tile_dist.chunk_schedule %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false> {
      tile_dist.mma_chunk %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
      tile_dist.mma_chunk %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @schedule_no_multiply() {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    // expected-error @+1 {{multiplies each chunk once (one 'tile_dist.mma_chunk'), got 0}}
    tile_dist.chunk_schedule %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false> {
      tile_dist.ring_publish %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @schedule_other_ring() {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    %other = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    tile_dist.chunk_schedule %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false> {
      // expected-error @+1 {{names another ring than its schedule's}}
      tile_dist.ring_publish %other : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
      tile_dist.mma_chunk %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @fill_ahead_too_far() {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    tile_dist.chunk_schedule %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false> {
      // expected-error @+1 {{fills the chunk 2 ahead in a ring of 2 stages, whose stage is still read}}
      tile_dist.ring_fill_ahead %r by 2 : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
      tile_dist.mma_chunk %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @wait_too_many() {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    tile_dist.chunk_schedule %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false> {
      // expected-error @+1 {{leaves 2 newer fills running in a ring of 2 stages}}
      tile_dist.ring_wait %r newer 2 : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
      tile_dist.mma_chunk %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @schedule_foreign_op() {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    tile_dist.chunk_schedule %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false> {
      // expected-error @+1 {{is not an op of a chunk's schedule (a ring's wait, release, publish, fill ahead, free or the chunk's mma)}}
      %c = arith.constant 0 : i32
      tile_dist.mma_chunk %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false>
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @producer_without_mbarriers() {
    // expected-error @+1 {{a producer warp fills a ring by TMA, whose stages have mbarriers}}
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = false, producer = true>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @producer_of_plain_ring() {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true>
    // expected-error @+1 {{fills a ring whose type has no 'producer'}}
    tile_dist.ring_producer %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @producer_apart_from_alloc() {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true, producer = true>
    %c = arith.constant 0 : i32
    // expected-error @+1 {{stands right after its ring's 'tile_dist.ring_alloc'}}
    tile_dist.ring_producer %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true, producer = true>
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @free_without_producer() {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true>
    tile_dist.chunk_schedule %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true> {
      tile_dist.mma_chunk %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true>
      // expected-error @+1 {{hands a stage back to a producer, but no producer fills the ring}}
      tile_dist.ring_free %r behind 1 : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true>
    }
    gpu.return
  }
}

// -----

gpu.module @kernels {
  gpu.func @free_too_far_behind() {
    %r = tile_dist.ring_alloc : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true, producer = true>
    tile_dist.ring_producer %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true, producer = true>
    tile_dist.chunk_schedule %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true, producer = true> {
      tile_dist.mma_chunk %r : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true, producer = true>
      // expected-error @+1 {{frees the stage of the chunk 2 behind in a ring of 2 stages}}
      tile_dist.ring_free %r behind 2 : !tile_dist.ring<stages = 2, stage_bytes = 1024, align = 128, mbarriers = true, producer = true>
    }
    gpu.return
  }
}

// -----

cuda_tile.module @kernels {
  entry @rank_without_cluster() {
    // expected-error @+1 {{'tile_dist.cluster_cta_rank' op is read only in a cuda_tile.entry whose tile blocks are clusters ('tile_dist.cluster_ctas')}}
    %rank = tile_dist.cluster_cta_rank : !cuda_tile.tile<i32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @rank_of_another_type() {
    // expected-error @+1 {{'tile_dist.cluster_cta_rank' op result #0 must be a rank-0 tile of i32, but got '!cuda_tile.tile<i64>'}}
    %rank = tile_dist.cluster_cta_rank : !cuda_tile.tile<i64>
    return
  } {tile_dist.cluster_ctas = 2 : i32}
}
