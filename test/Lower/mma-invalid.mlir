// RUN: tile-sched %s --split-input-file --verify-diagnostics --tilechain-lower="gpu-name=sm_80" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads
// RUN: not tile-sched %s --split-input-file --tilechain-lower="gpu-name=sm_89" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads 2>&1 | FileCheck %s --check-prefix=SM89
// RUN: not tile-sched %s --split-input-file --tilechain-lower="gpu-name=sm_90a" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads 2>&1 | FileCheck %s --check-prefix=SM90

// Type combinations the target has no matrix instruction for are refused,
// naming the op, the types and the target.

// SM89-NOT: mmaf with 'f8E4M3FN'
// SM89-NOT: mmaf with 'f8E5M2'
// SM89: error: mmaf_scaled with 'f8E4M3FN' operands and 'f8E8M0FNU' scales needs sm_100 or newer; target is sm_89
// SM90: error: mmaf_scaled with 'f8E4M3FN' operands and 'f8E8M0FNU' scales needs sm_100 or newer; target is sm_90a
// SM90: error: mmaf_scaled with 'f4E2M1FN' operands and 'f8E4M3FN' scales needs sm_100 or newer; target is sm_90a

cuda_tile.module @m {
  entry @f8e4m3() {
    %a = constant <f8E4M3FN: 1.0> : tile<16x16xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error@+1 {{mmaf with 'f8E4M3FN' operands needs sm_89 or newer; target is sm_80}}
    %r = mmaf %a, %a, %c : tile<16x16xf8E4M3FN>, tile<16x16xf8E4M3FN>, tile<16x16xf32>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @f8e5m2() {
    %a = constant <f8E5M2: 1.0> : tile<16x16xf8E5M2>
    %c = constant <f16: 0.0> : tile<16x16xf16>
    // expected-error@+1 {{mmaf with 'f8E5M2' operands needs sm_89 or newer; target is sm_80}}
    %r = mmaf %a, %a, %c : tile<16x16xf8E5M2>, tile<16x16xf8E5M2>, tile<16x16xf16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @scaled_f8() {
    %a = constant <f8E4M3FN: 1.0> : tile<16x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<64x16xf8E4M3FN>
    %sa = constant <f8E8M0FNU: 1.0> : tile<16x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x16xf8E8M0FNU>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error@+1 {{mmaf_scaled with 'f8E4M3FN' operands and 'f8E8M0FNU' scales needs sm_100 or newer; target is sm_80}}
    %r = mmaf_scaled %a, %b, %c, %sa, %sb : tile<16x64xf8E4M3FN>, tile<64x16xf8E4M3FN>, tile<16x16xf32>, tile<16x2xf8E8M0FNU>, tile<2x16xf8E8M0FNU>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @scaled_f4() {
    %a = constant <f4E2M1FN: 1.0> : tile<16x64xf4E2M1FN>
    %b = constant <f4E2M1FN: 1.0> : tile<64x16xf4E2M1FN>
    %sa = constant <f8E4M3FN: 1.0> : tile<16x4xf8E4M3FN>
    %sb = constant <f8E4M3FN: 1.0> : tile<4x16xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<16x16xf32>
    // expected-error@+1 {{mmaf_scaled with 'f4E2M1FN' operands and 'f8E4M3FN' scales needs sm_100 or newer; target is sm_80}}
    %r = mmaf_scaled %a, %b, %c, %sa, %sb : tile<16x64xf4E2M1FN>, tile<64x16xf4E2M1FN>, tile<16x16xf32>, tile<16x4xf8E4M3FN>, tile<4x16xf8E4M3FN>
    return
  }
}
