// RUN: tile-sched %s --split-input-file --verify-diagnostics --tilechain-lower --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads

// Pointers lower to global-memory accesses, which reach no stack buffer.
cuda_tile.module @m {
  entry @alloca_private() {
    // expected-error @below {{tilechain cannot lower 'cuda_tile.alloca' yet: pointers are accessed as global memory, which reaches neither a stack buffer nor per-block global scratch}}
    %0 = alloca num_elem = 64, alignment = 16 : tile<ptr<f32>>
    return
  }
}

// -----

cuda_tile.module @m {
  entry @alloca_global() {
    // expected-error @below {{tilechain cannot lower 'cuda_tile.alloca' yet}}
    %0 = alloca num_elem = 64, alignment = 16 global : tile<ptr<f32>>
    return
  }
}

// -----

// A global of i1 has no byte-exact LLVM initializer.
cuda_tile.module @m {
  // expected-error @below {{tilechain cannot lower a global of 'i1' elements yet}}
  global @flags <i1: [true, false]> : tile<2xi1>
  entry @k() {
    return
  }
}
