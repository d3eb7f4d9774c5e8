// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-assign-warps --tilechain-assign-layouts --split-input-file --verify-diagnostics

cuda_tile.module @kernels {
  entry @rank0() {
    // expected-error @+1 {{a layout of rank 0: a scalar has no layout}}
    %0 = iota {tile_dist.layout = #tile_dist.linear<[], register = [], lane = [0, 0, 0, 0, 0], warp = []>} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @not_power_of_two() {
    // expected-error @+1 {{layout dims must be powers of two, got 24}}
    %0 = iota {tile_dist.layout = #tile_dist.linear<[24], register = [], lane = [0, 0, 0, 0, 0], warp = []>} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @lanes() {
    // expected-error @+1 {{a layout has 5 lane bits (32 lanes), got 4}}
    %0 = iota {tile_dist.layout = #tile_dist.linear<[32], register = [], lane = [1, 2, 4, 8], warp = []>} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @past_the_tile() {
    // expected-error @+1 {{basis 32 is past the tile's 32 elements}}
    %0 = iota {tile_dist.layout = #tile_dist.linear<[32], register = [32], lane = [1, 2, 4, 8, 16], warp = []>} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @syntax() {
    // expected-error @+1 {{expected 'lane'}}
    %0 = iota {tile_dist.layout = #tile_dist.linear<[32], register = [], warp = []>} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @unknown_mma_instruction() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error @+2 {{to be one of: fma, mma_sync, wgmma, tcgen05}}
    // expected-error @+1 {{failed to parse TileDist_MmaInstructionAttr parameter 'value'}}
    %r = mmaf %a, %a, %acc {tile_dist.mma = #tile_dist.mma<dgemm>} : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @mma_record_on_another_op() {
    // expected-error @+1 {{'cuda_tile.iota' op 'tile_dist.mma' must be a #tile_dist.mma instruction on a cuda_tile mmaf, mmai or mmaf_scaled}}
    %a = iota {tile_dist.mma = #tile_dist.mma<wgmma>} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  // expected-error @+1 {{'cuda_tile.entry' op 'tile_dist.num_warps' must be a power of two of warps, at most 32, on a cuda_tile.entry}}
  entry @three_warps() {
    return
  } {tile_dist.num_warps = 3 : i32}
}

// -----

cuda_tile.module @kernels {
  // expected-error @+1 {{'cuda_tile.entry' op 'tile_dist.cluster_ctas' must be a power of two of CTAs, 2 to 16, on a cuda_tile.entry}}
  entry @three_ctas() {
    return
  } {tile_dist.cluster_ctas = 3 : i32}
}

// -----

cuda_tile.module @kernels {
  entry @cluster_on_another_op() {
    // expected-error @+1 {{'cuda_tile.iota' op 'tile_dist.cluster_ctas' must be a power of two of CTAs, 2 to 16, on a cuda_tile.entry}}
    %0 = iota {tile_dist.cluster_ctas = 2 : i32} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @layout_not_linear() {
    // expected-error @+1 {{'cuda_tile.iota' op 'tile_dist.layout' must be a #tile_dist.linear layout}}
    %0 = iota {tile_dist.layout = 4 : i32} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @carried_layouts_not_on_a_loop() {
    // expected-error @+1 {{'cuda_tile.iota' op 'tile_dist.carried_layouts' must be an array of #tile_dist.linear or unit on a cuda_tile for or loop}}
    %0 = iota {tile_dist.carried_layouts = [unit]} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @carried_layouts_not_layouts(%n: tile<i32>) {
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    // expected-error @+1 {{'cuda_tile.for' op 'tile_dist.carried_layouts' must be an array of #tile_dist.linear or unit on a cuda_tile for or loop}}
    %r = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%c = %zero) -> (tile<i32>) {
      continue %c : tile<i32>
    } {tile_dist.carried_layouts = [4 : i32]}
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @unknown_attribute() {
    // expected-error @+1 {{'cuda_tile.iota' op unknown tile_dist attribute 'tile_dist.colour'}}
    %0 = iota {tile_dist.colour = 4 : i32} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @operand_swizzle() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error @+1 {{a swizzle of 0 (none), 32, 64 or 128 bytes, got 16}}
    %r = mmaf %a, %a, %acc {tile_dist.operands = [#tile_dist.operand<registers, k_contiguous, swizzle = 16>, #tile_dist.operand<registers, k_contiguous, swizzle = 0>]} : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @operand_copy() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error @+2 {{to be one of: registers, cp_async, tma}}
    // expected-error @+1 {{failed to parse TileDist_MmaOperandAttr parameter 'copy'}}
    %r = mmaf %a, %a, %acc {tile_dist.operands = [#tile_dist.operand<bulk, k_contiguous, swizzle = 0>, #tile_dist.operand<registers, k_contiguous, swizzle = 0>]} : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @operands_one_entry() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error @+1 {{'cuda_tile.mmaf' op 'tile_dist.operands' must be the lhs's and rhs's #tile_dist.operand on a cuda_tile mmaf, mmai or mmaf_scaled}}
    %r = mmaf %a, %a, %acc {tile_dist.operands = [#tile_dist.operand<registers, k_contiguous, swizzle = 0>]} : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @pipeline_no_stage() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error @+1 {{a pipeline has at least one stage, got 0}}
    %r = mmaf %a, %a, %acc {tile_dist.pipeline = #tile_dist.pipeline<stages = 0, groups_in_flight = 0, across = chunks>} : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @pipeline_groups() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error @+1 {{the groups left in flight read stages beside the one multiplied: 0 to 1 of 2 stages, got 2}}
    %r = mmaf %a, %a, %acc {tile_dist.pipeline = #tile_dist.pipeline<stages = 2, groups_in_flight = 2, across = chunks>} : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @pipeline_across() {
    %a = constant <f16: 1.0> : tile<16x16xf16>
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error @+2 {{to be one of: chunks, iterations}}
    // expected-error @+1 {{failed to parse TileDist_MmaPipelineAttr parameter 'across'}}
    %r = mmaf %a, %a, %acc {tile_dist.pipeline = #tile_dist.pipeline<stages = 2, groups_in_flight = 0, across = loops>} : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @pipeline_on_iota() {
    // expected-error @+1 {{'cuda_tile.iota' op 'tile_dist.pipeline' must be a #tile_dist.pipeline on a cuda_tile mmaf, mmai or mmaf_scaled}}
    %0 = iota {tile_dist.pipeline = #tile_dist.pipeline<stages = 2, groups_in_flight = 0, across = chunks>} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @store_on_iota() {
    // expected-error @+1 {{'cuda_tile.iota' op 'tile_dist.store' must be a #tile_dist.store on a cuda_tile.store_view_tko}}
    %0 = iota {tile_dist.store = #tile_dist.store<threads>} : tile<32xi32>
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @store_not_a_copy(%d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %vd = make_tensor_view %d, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %qd = make_partition_view %vd : partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x = constant <f32: 1.0> : tile<64xf32>
    // expected-error @+1 {{'cuda_tile.store_view_tko' op 'tile_dist.store' must be a #tile_dist.store on a cuda_tile.store_view_tko}}
    %t1 = store_view_tko weak %x, %qd[%zero] token = %t0 attributes {tile_dist.store = #tile_dist.mma<wgmma>} : tile<64xf32>, partition_view<tile=(64), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
