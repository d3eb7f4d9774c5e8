// RUN: tile-sched %s --split-input-file --allow-unregistered-dialect --verify-diagnostics --tilechain-lower --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads
// RUN: not tile-sched %s --split-input-file --allow-unregistered-dialect --tilechain-lower="gpu-name=sm_75" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not tile-sched %s --split-input-file --allow-unregistered-dialect --tilechain-lower="opt-level=4" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads 2>&1 | FileCheck %s --check-prefix=LEVEL

// CHIP: error: unsupported --gpu-name 'sm_75'
// LEVEL: error: unsupported --opt-level 4 (expected 0-3)

// tile-lower names every op it cannot lower rather than dropping it.
cuda_tile.module @kernels {
  // expected-error@+1 {{tilechain cannot lower 'test.kernel' yet}}
  "test.kernel"() : () -> ()
  // expected-error@+1 {{tilechain cannot lower 'test.global' yet}}
  "test.global"() : () -> ()
}

// -----

cuda_tile.module @kernel {
  entry @k() {
    // expected-error@+1 {{tilechain cannot lower 'test.op' yet}}
    "test.op"() : () -> ()
    return
  }
}

// -----

// Running tile-lower on a later stage's output is refused.
// expected-error@+1 {{expected the output of tile-read, but the input is the output of tile-sched}}
module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
  }
}

// -----

module {
  cuda_tile.module @ok {
  }
  // expected-error@+1 {{expected only cuda_tile.module at the top level of tile-read's output, found 'test.other'}}
  "test.other"() : () -> ()
}

// -----

// expected-error@+1 {{expected a cuda_tile.module in tile-read's output}}
module {
}

// -----

// Kernel and global names reach the PTX as written, since front ends launch
// kernels by name: a name PTX cannot hold is refused, not renamed (LLVM's
// NVPTX printer would abort on it).
cuda_tile.module @kernels {
  // expected-error@+1 {{kernel name "vector-add" is not a PTX identifier: byte 0x2d ('-') at offset 6 is not allowed there (PTX identifiers are [A-Za-z][A-Za-z0-9_$]* or [_$][A-Za-z0-9_$]+; names are kept as written, since front ends look kernels up by name)}}
  entry @"vector-add"() {
    return
  }
  // expected-error@+1 {{kernel name "k\FF" is not a PTX identifier: byte 0xff at offset 1}}
  entry @"k\FF"() {
    return
  }
  // expected-error@+1 {{kernel name "7up" is not a PTX identifier: byte 0x37 ('7') at offset 0}}
  entry @"7up"() {
    return
  }
  // expected-error@+1 {{kernel name "_" is not a PTX identifier: '_' or '$' alone is not an identifier}}
  entry @_() {
    return
  }
  // expected-error@+1 {{global name "counts.0" is not a PTX identifier: byte 0x2e ('.') at offset 6}}
  global @"counts.0" <i32: [1, 2]> : tile<2xi32>
  entry @"$ok_Name9"() {
    return
  }
}
