// RUN: tile-sched %s --split-input-file --verify-diagnostics --tilechain-lower --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads

// Pointers to 4-bit elements have no byte address per element.
cuda_tile.module @m {
  entry @offset_f4(%p: !cuda_tile.tile<!cuda_tile.ptr<f4E2M1FN>>, %n: !cuda_tile.tile<i32>) {
    // expected-error@+1 {{tilechain cannot offset pointers to 'f4E2M1FN': its elements are not whole bytes}}
    %q = offset %p, %n : tile<ptr<f4E2M1FN>>, tile<i32> -> tile<ptr<f4E2M1FN>>
    return
  }
}
