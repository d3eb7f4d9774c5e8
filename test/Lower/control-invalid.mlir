// RUN: tile-sched %s --split-input-file --verify-diagnostics --tilechain-lower="gpu-name=sm_90" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads

// print_tko formats that a tile element cannot fill are refused by name.

cuda_tile.module @m {
  entry @string_conversion(%a: tile<i32>) {
    // expected-error@+1 {{tilechain cannot print a tile element with '%s'}}
    %p = print_tko "%s\n", %a : tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @count_conversion() {
    %a = constant <i32: 1> : tile<4xi32>
    // expected-error@+1 {{tilechain cannot print a tile element with '%n'}}
    %p = print_tko "x%n", %a : tile<4xi32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @star_width(%a: tile<i32>) {
    // expected-error@+1 {{tilechain cannot print the conversion '%*d'}}
    %p = print_tko "%*d", %a : tile<i32> -> token
    return
  }
}
