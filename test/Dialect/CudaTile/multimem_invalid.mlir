// RUN: tile-read %s --split-input-file --verify-diagnostics

// Pointer classifications and the 13.5 multimem view ops refused, with the
// diagnostics of NVIDIA's tileirdisasm 13.5 (its verifier, observed on
// bytecode written with cuTile 1.7's writer).

// expected-error @+2 {{expected ::mlir::cuda_tile::PointerClass to be one of: none, unicast, multicast}}
// expected-error @+1 {{failed to parse CudaTile_PointerClassAttr parameter 'value'}}
cuda_tile.module @m attributes {t = !cuda_tile.ptr<f32, <shared>>} {
}

// -----

// expected-error @+1 {{expected a #cuda_tile.ptr_attr, got #cuda_tile.padding_value<zero>}}
cuda_tile.module @m attributes {t = !cuda_tile.tensor_view<4xf32, strides=[1], #cuda_tile.padding_value<zero>>} {
}

// -----

// expected-error @+1 {{expected a #cuda_tile.ptr_attr}}
cuda_tile.module @m attributes {t = !cuda_tile.tensor_view<4xf32, strides=[1],>} {
}

// -----

cuda_tile.module @m {
  testing$func @index_type_without_dynamic(%p: !cuda_tile.tile<ptr<f32, <unicast>>>, %n: !cuda_tile.tile<i32>) {
    // expected-error @below {{expected only a base type before '->': no size or stride is dynamic}}
    %0 = make_tensor_view %p, shape = [64], strides = [1] : tile<ptr<f32, <unicast>>>, tile<i32> -> tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @view_drops_class(%p: !cuda_tile.tile<ptr<f32, <multicast>>>) {
    // expected-error @below {{tensor_view must preserve ptr_attr from base pointer (#cuda_tile.ptr_attr<multicast>)}}
    %0 = make_tensor_view %p, shape = [64], strides = [1] : tile<ptr<f32, <multicast>>> -> tensor_view<64xf32, strides=[1]>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @view_adds_class(%p: !cuda_tile.tile<ptr<f32>>) {
    // expected-error @below {{pointer base without ptr_attr cannot produce tensor_view with ptr_attr}}
    %0 = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @view_other_class(%p: !cuda_tile.tile<ptr<f32, <multicast>>>) {
    // expected-error @below {{ptr_attr mismatch between base pointer (#cuda_tile.ptr_attr<multicast>) and result tensor_view (#cuda_tile.ptr_attr<none>)}}
    %0 = make_tensor_view %p, shape = [64], strides = [1] : tile<ptr<f32, <multicast>>> -> tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<none>>
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @load_view_multicast(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{multicast ptr_attr is not allowed}}
    %0, %t = load_view_tko weak %v[%i] : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @store_view_multicast(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %x: !cuda_tile.tile<16xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{multicast ptr_attr is not allowed}}
    %t = store_view_tko weak %x, %v[%i] : tile<16xf32>, partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @atomic_red_view_multicast(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %x: !cuda_tile.tile<16xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{multicast ptr_attr is not allowed}}
    %t = atomic_red_view_tko relaxed device %v[%i], addf, %x : tile<16xf32>, partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @load_ptr_multicast(%p: !cuda_tile.tile<4xptr<f32, <multicast>>>) {
    // expected-error @below {{multicast pointer is not allowed}}
    %0, %t = load_ptr_tko weak %p : tile<4xptr<f32, <multicast>>> -> tile<4xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @store_ptr_multicast(%p: !cuda_tile.tile<4xptr<f32, <multicast>>>, %x: !cuda_tile.tile<4xf32>) {
    // expected-error @below {{multicast pointer is not allowed}}
    %t = store_ptr_tko weak %p, %x : tile<4xptr<f32, <multicast>>>, tile<4xf32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @atomic_rmw_multicast(%p: !cuda_tile.tile<4xptr<i32, <multicast>>>, %x: !cuda_tile.tile<4xi32>) {
    // expected-error @below {{multicast pointer is not supported for atomic_rmw}}
    %0, %t = atomic_rmw_tko relaxed device %p, add, %x : tile<4xptr<i32, <multicast>>>, tile<4xi32> -> tile<4xi32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @atomic_cas_multicast(%p: !cuda_tile.tile<4xptr<i32, <multicast>>>, %x: !cuda_tile.tile<4xi32>) {
    // expected-error @below {{multicast pointer is not supported for atomic_cas}}
    %0, %t = atomic_cas_tko relaxed device %p, %x, %x : tile<4xptr<i32, <multicast>>>, tile<4xi32> -> tile<4xi32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @multimem_unicast(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{expected a multicast pointer, but got unicast}}
    %0, %t = multimem_load_reduce_view_tko relaxed device %v[%i] : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>>, tile<i32> -> tile<16xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @multimem_unclassified(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, %x: !cuda_tile.tile<16xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{expected a multicast pointer, but got none}}
    %t = multimem_store_view_tko weak %v, %x[%i] : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<16xf32>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @multimem_strided(%v: !cuda_tile.strided_view<tile=(16), traversal_strides=[16], tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %x: !cuda_tile.tile<16xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{multimem view operations support only partition_view; got '!cuda_tile.strided_view<tile=(16), traversal_strides=[16], tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>'}}
    %t = multimem_reduce_view_tko relaxed device %v, %x[%i] : strided_view<tile=(16), traversal_strides=[16], tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xf32>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @multimem_i16(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xi16, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{multimem requires 32- or 64-bit integer/index element types; got 16 bits}}
    %0, %t = multimem_load_reduce_view_tko relaxed device %v[%i] : partition_view<tile=(16), tensor_view<64xi16, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xi16>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @multimem_f8(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf8E4M3FN, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %x: !cuda_tile.tile<16xf8E4M3FN>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{multimem supports only f16, bf16, f32, and f64 floating-point element types}}
    %t = multimem_store_view_tko weak %v, %x[%i] : partition_view<tile=(16), tensor_view<64xf8E4M3FN, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xf8E4M3FN>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @multimem_tile(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %x: !cuda_tile.tile<8xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{expected tile type to be '!cuda_tile.tile<16xf32>' (based on view type), got '!cuda_tile.tile<8xf32>'}}
    %t = multimem_store_view_tko weak %v, %x[%i] : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<8xf32>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @multimem_index_count(%v: !cuda_tile.partition_view<tile=(8x16), tensor_view<32x64xf32, strides=[64,1], #cuda_tile.ptr_attr<multicast>>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{expected 2 index operands (based on view type), got 1}}
    %0, %t = multimem_load_reduce_view_tko weak %v[%i] : partition_view<tile=(8x16), tensor_view<32x64xf32, strides=[64,1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<8x16xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @load_reduce_min_f32(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{min/max supports f16 and bf16 float types only; got 'f32'}}
    %0, %t = multimem_load_reduce_view_tko weak %v[%i] attributes {reduction = #cuda_tile.multimem_reduction_kind<min>} : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @load_reduce_and_f32(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{and/or/xor/umin/umax reductions require integer element types}}
    %0, %t = multimem_load_reduce_view_tko weak %v[%i] attributes {reduction = #cuda_tile.multimem_reduction_kind<and>} : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @reduce_max_f32(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %x: !cuda_tile.tile<16xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{supports only add for floating-point element types}}
    %t = multimem_reduce_view_tko relaxed device %v, %x[%i] attributes {reduction = #cuda_tile.multimem_reduction_kind<max>} : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xf32>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @multimem_inbounds(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{inbounds size (2) must match the number of index dimensions (1)}}
    %0, %t = multimem_load_reduce_view_tko weak %v[%i] inbounds = [true, true] : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @load_reduce_release(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{expect one of: weak, relaxed, or acquire, but got: release}}
    %0, %t = multimem_load_reduce_view_tko release device %v[%i] : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @load_reduce_no_scope(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{memory scope is required for relaxed load}}
    %0, %t = multimem_load_reduce_view_tko relaxed %v[%i] : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<i32> -> tile<16xf32>, token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @store_acquire(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %x: !cuda_tile.tile<16xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{expect one of: weak, relaxed, or release, but got: acquire}}
    %t = multimem_store_view_tko acquire device %v, %x[%i] : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xf32>, tile<i32> -> token
    return
  }
}

// -----

cuda_tile.module @m {
  testing$func @reduce_weak(%v: !cuda_tile.partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, %x: !cuda_tile.tile<16xf32>, %i: !cuda_tile.tile<i32>) {
    // expected-error @below {{memory ordering semantics must be one of: relaxed, release}}
    %t = multimem_reduce_view_tko weak device %v, %x[%i] : partition_view<tile=(16), tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>>, tile<16xf32>, tile<i32> -> token
    return
  }
}
