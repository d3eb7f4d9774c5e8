// RUN: not tile-sched %s --split-input-file --tilechain-lower="gpu-name=sm_80" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: not tile-sched %s --split-input-file --tilechain-lower="gpu-name=sm_90" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not tile-sched %s --split-input-file --tilechain-lower="gpu-name=sm_100a tile-form=serial" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads 2>&1 | FileCheck %s --check-prefix=SM100

// The multimem view ops are refused at their location, naming the op and the
// target: their PTX instructions (multimem.ld_reduce, .red, .st) exist from
// sm_90 on, and tile-lower does not lower them for any target yet, since
// they need a multicast object that only a multi-GPU program sets up.

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32, <multicast>>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [256], strides = [1] : tile<ptr<f32, <multicast>>> -> tensor_view<256xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>
    %pv = make_partition_view %tv : partition_view<tile=(32), tensor_view<256xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>
    // SM80: multimem-invalid.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'cuda_tile.multimem_load_reduce_view_tko' needs multimem.ld_reduce of sm_90 or newer; target is sm_80
    // SM90: multimem-invalid.mlir:[[@LINE+2]]:{{[0-9]+}}: error: tilechain cannot lower 'cuda_tile.multimem_load_reduce_view_tko' for sm_90 yet: multimem.ld_reduce on multicast memory is not implemented
    // SM100: multimem-invalid.mlir:[[@LINE+1]]:{{[0-9]+}}: error: tilechain cannot lower 'cuda_tile.multimem_load_reduce_view_tko' for sm_100a yet: multimem.ld_reduce on multicast memory is not implemented
    %v, %t = multimem_load_reduce_view_tko relaxed device %pv[%i] : partition_view<tile=(32), tensor_view<256xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<32xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<i32, <multicast>>>, %i: tile<i32>, %j: tile<i32>) {
    %tv = make_tensor_view %p, shape = [32, 64], strides = [64, 1] : tile<ptr<i32, <multicast>>> -> tensor_view<32x64xi32, strides=[64,1], #cuda_tile.ptr_attr<multicast>>
    %pv = make_partition_view %tv : partition_view<tile=(8x16), tensor_view<32x64xi32, strides=[64,1], #cuda_tile.ptr_attr<multicast>>>
    %x = constant <i32: 1> : tile<8x16xi32>
    // SM80: multimem-invalid.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'cuda_tile.multimem_reduce_view_tko' needs multimem.red of sm_90 or newer; target is sm_80
    // SM90: multimem-invalid.mlir:[[@LINE+2]]:{{[0-9]+}}: error: tilechain cannot lower 'cuda_tile.multimem_reduce_view_tko' for sm_90 yet: multimem.red on multicast memory is not implemented
    // SM100: multimem-invalid.mlir:[[@LINE+1]]:{{[0-9]+}}: error: tilechain cannot lower 'cuda_tile.multimem_reduce_view_tko' for sm_100a yet: multimem.red on multicast memory is not implemented
    %t = multimem_reduce_view_tko relaxed device %pv, %x[%i, %j] attributes {reduction = #cuda_tile.multimem_reduction_kind<xor>} : partition_view<tile=(8x16), tensor_view<32x64xi32, strides=[64,1], #cuda_tile.ptr_attr<multicast>>>, tile<8x16xi32>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  entry @k(%p: tile<ptr<f16, <multicast>>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [256], strides = [1] : tile<ptr<f16, <multicast>>> -> tensor_view<256xf16, strides=[1], #cuda_tile.ptr_attr<multicast>>
    %pv = make_partition_view %tv : partition_view<tile=(32), tensor_view<256xf16, strides=[1], #cuda_tile.ptr_attr<multicast>>>
    %x = constant <f16: 1.0> : tile<32xf16>
    // SM80: multimem-invalid.mlir:[[@LINE+3]]:{{[0-9]+}}: error: 'cuda_tile.multimem_store_view_tko' needs multimem.st of sm_90 or newer; target is sm_80
    // SM90: multimem-invalid.mlir:[[@LINE+2]]:{{[0-9]+}}: error: tilechain cannot lower 'cuda_tile.multimem_store_view_tko' for sm_90 yet: multimem.st on multicast memory is not implemented
    // SM100: multimem-invalid.mlir:[[@LINE+1]]:{{[0-9]+}}: error: tilechain cannot lower 'cuda_tile.multimem_store_view_tko' for sm_100a yet: multimem.st on multicast memory is not implemented
    %t = multimem_store_view_tko weak %pv, %x[%i] : partition_view<tile=(32), tensor_view<256xf16, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<32xf16>, tile<i32> -> token
    return
  }
}
