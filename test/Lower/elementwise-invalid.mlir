// RUN: tile-sched %s --split-input-file --verify-diagnostics --tilechain-lower="gpu-name=sm_80" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads

// f8 conversions use the cvt instructions of sm_89; older targets are refused
// by name rather than given an inexact conversion.
cuda_tile.module @m {
  entry @to_f8(%a: tile<f32>) {
    // expected-error@+1 {{'cuda_tile.ftof' from 'f32' to 'f8E4M3FN' needs the f8 conversions of sm_89 or newer (target sm_80)}}
    %0 = ftof %a : tile<f32> -> tile<f8E4M3FN>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @from_f8(%a: tile<f8E5M2>) {
    // expected-error@+1 {{'cuda_tile.ftof' from 'f8E5M2' to 'f16' needs the f8 conversions of sm_89 or newer (target sm_80)}}
    %0 = ftof %a : tile<f8E5M2> -> tile<f16>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @e8m0(%a: tile<f32>) {
    // e8m0 scales convert to f32 (decoded), not from it.
    // expected-error@+1 {{tilechain cannot lower 'cuda_tile.ftof' with element type 'f8E8M0FNU' yet}}
    %0 = ftof %a rounding<positive_inf> : tile<f32> -> tile<f8E8M0FNU>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @itof_f8(%i: tile<i32>) {
    // expected-error@+1 {{'cuda_tile.itof' from 'i32' to 'f8E4M3FN' needs the f8 conversions of sm_89 or newer (target sm_80)}}
    %0 = itof %i signed : tile<i32> -> tile<f8E4M3FN>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @ftoi_f8(%a: tile<f8E4M3FN>) {
    // expected-error@+1 {{'cuda_tile.ftoi' from 'f8E4M3FN' to 'i32' needs the f8 conversions of sm_89 or newer (target sm_80)}}
    %0 = ftoi %a signed : tile<f8E4M3FN> -> tile<i32>
    return
  }
}
