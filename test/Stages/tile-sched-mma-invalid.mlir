// RUN: tile-sched %s --split-input-file --verify-diagnostics

// The materialization builds the instruction tile-lower recorded on each mma
// (tile_dist.mma, test/Lower/choose-mma-instructions.mlir), and refuses a
// record that is missing or names an instruction that cannot run the mma.

module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<chip = "sm_80">, tilechain.tile_form = "parallel"} {
  cuda_tile.module @m {
    entry @wgmma_on_sm80() {
      %a = constant <f16: 1.0> : tile<64x16xf16>
      %b = constant <f16: 1.0> : tile<16x64xf16>
      %acc = constant <f32: 0.0> : tile<64x64xf32>
      // expected-error@+1 {{'tile_dist.mma' records wgmma, which cannot run this mma: wgmma is sm_90's}}
      %r = mmaf %a, %b, %acc {tile_dist.mma = #tile_dist.mma<wgmma>} : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
      return
    } {tile_dist.num_warps = 4 : i32}
  }
}

// -----

module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<chip = "sm_90">, tilechain.tile_form = "parallel"} {
  cuda_tile.module @m {
    entry @unrecorded() {
      %a = constant <f16: 1.0> : tile<64x16xf16>
      %b = constant <f16: 1.0> : tile<16x64xf16>
      %acc = constant <f32: 0.0> : tile<64x64xf32>
      // expected-error@+1 {{expected the instruction tile-lower chooses ('tile_dist.mma', tilechain-choose-mma-instructions)}}
      %r = mmaf %a, %b, %acc : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
      return
    } {tile_dist.num_warps = 4 : i32}
  }
}

// -----

module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<chip = "sm_100">, tilechain.tile_form = "parallel"} {
  cuda_tile.module @m {
    entry @tcgen05_too_few_rows() {
      %a = constant <f16: 1.0> : tile<16x16xf16>
      %b = constant <f16: 1.0> : tile<16x64xf16>
      %acc = constant <f32: 0.0> : tile<16x64xf32>
      // expected-error@+1 {{'tile_dist.mma' records tcgen05, which cannot run this mma: its 16x64 result is neither 64 rows of a multiple of 8 columns nor 128-row blocks of a multiple of 16}}
      %r = mmaf %a, %b, %acc {tile_dist.mma = #tile_dist.mma<tcgen05>} : tile<16x16xf16>, tile<16x64xf16>, tile<16x64xf32>
      return
    } {tile_dist.num_warps = 4 : i32}
  }
}

// -----

module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<chip = "sm_80">, tilechain.tile_form = "parallel"} {
  cuda_tile.module @m {
    entry @mma_sync_f32() {
      %a = constant <f32: 1.0> : tile<64x16xf32>
      %b = constant <f32: 1.0> : tile<16x64xf32>
      %acc = constant <f32: 0.0> : tile<64x64xf32>
      // expected-error@+1 {{'tile_dist.mma' records mma_sync, which cannot run this mma: no mma.sync multiplies f32 operands exactly (tf32 ones take it)}}
      %r = mmaf %a, %b, %acc {tile_dist.mma = #tile_dist.mma<mma_sync>} : tile<64x16xf32>, tile<16x64xf32>, tile<64x64xf32>
      return
    } {tile_dist.num_warps = 4 : i32}
  }
}

// -----

// How the operands reach shared memory is tile-sched's record
// (tile_dist.operands, test/Stages/tile-sched-mma-operands.mlir); one the
// mma cannot take is refused, naming what it takes.
module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<chip = "sm_90">, tilechain.tile_form = "parallel"} {
  cuda_tile.module @m {
    entry @tma_of_a_constant() {
      %a = constant <f16: 1.0> : tile<64x16xf16>
      %b = constant <f16: 1.0> : tile<16x64xf16>
      %acc = constant <f32: 0.0> : tile<64x64xf32>
      // expected-error@+1 {{'tile_dist.operands' records #tile_dist.operand<tma, k_contiguous, swizzle = 32> for the lhs, which it cannot take on wgmma: it takes #tile_dist.operand<registers, k_contiguous, swizzle = 32>}}
      %r = mmaf %a, %b, %acc {tile_dist.mma = #tile_dist.mma<wgmma>, tile_dist.operands = [#tile_dist.operand<tma, k_contiguous, swizzle = 32>, #tile_dist.operand<registers, k_contiguous, swizzle = 32>]} : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
      return
    } {tile_dist.num_warps = 4 : i32}
  }
}

// -----

module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<chip = "sm_80">, tilechain.tile_form = "parallel"} {
  cuda_tile.module @m {
    entry @swizzled_mma_sync_registers() {
      %a = constant <f16: 1.0> : tile<64x16xf16>
      %b = constant <f16: 1.0> : tile<16x64xf16>
      %acc = constant <f32: 0.0> : tile<64x64xf32>
      // expected-error@+1 {{'tile_dist.operands' records #tile_dist.operand<registers, k_contiguous, swizzle = 128> for the rhs, which it cannot take on mma_sync: it takes #tile_dist.operand<registers, k_contiguous, swizzle = 0>}}
      %r = mmaf %a, %b, %acc {tile_dist.mma = #tile_dist.mma<mma_sync>, tile_dist.operands = [#tile_dist.operand<registers, k_contiguous, swizzle = 0>, #tile_dist.operand<registers, k_contiguous, swizzle = 128>]} : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
      return
    } {tile_dist.num_warps = 4 : i32}
  }
}

// -----

module attributes {tilechain.stage = "tile-lower", tilechain.target = #nvvm.target<chip = "sm_90">, tilechain.tile_form = "parallel"} {
  cuda_tile.module @m {
    entry @splat_as_fragments() {
      %a = constant <f16: 1.0> : tile<64x16xf16>
      %b = constant <f16: 1.0> : tile<16x64xf16>
      %acc = constant <f32: 0.0> : tile<64x64xf32>
      // expected-error@+1 {{'tile_dist.operands' records #tile_dist.operand<fragments, k_contiguous, swizzle = 32> for the lhs, which it cannot take on wgmma: its lhs cannot be read as wgmma's A fragments: it is a splat}}
      %r = mmaf %a, %b, %acc {tile_dist.mma = #tile_dist.mma<wgmma>, tile_dist.operands = [#tile_dist.operand<fragments, k_contiguous, swizzle = 32>, #tile_dist.operand<registers, k_contiguous, swizzle = 32>]} : tile<64x16xf16>, tile<16x64xf16>, tile<64x64xf32>
      return
    } {tile_dist.num_warps = 4 : i32}
  }
}
