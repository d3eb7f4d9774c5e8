// RUN: tile-sched %s --split-input-file --verify-diagnostics --tilechain-lower="gpu-name=sm_90" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads

// A padding value the element type cannot hold is refused, not replaced by
// some other value: f8E4M3FN has no infinities.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f8E4M3FN>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [100], strides = [1] : tensor_view<100xf8E4M3FN, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), padding_value = pos_inf, tensor_view<100xf8E4M3FN, strides=[1]>>
    // expected-error@+1 {{'cuda_tile.load_view_tko' op padding value pos_inf has no representation in 'f8E4M3FN'}}
    %t, %tok = load_view_tko weak %pv[%i] : partition_view<tile=(16), padding_value = pos_inf, tensor_view<100xf8E4M3FN, strides=[1]>>, tile<i32> -> tile<16xf8E4M3FN>, token
    return
  }
}

// -----

// f8E8M0FNU (a power-of-two scale) has neither zero nor a sign.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f8E8M0FNU>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [100], strides = [1] : tensor_view<100xf8E8M0FNU, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), padding_value = neg_inf, tensor_view<100xf8E8M0FNU, strides=[1]>>
    // expected-error@+1 {{'cuda_tile.load_view_tko' op padding value neg_inf has no representation in 'f8E8M0FNU'}}
    %t, %tok = load_view_tko weak %pv[%i] : partition_view<tile=(16), padding_value = neg_inf, tensor_view<100xf8E8M0FNU, strides=[1]>>, tile<i32> -> tile<16xf8E8M0FNU>, token
    return
  }
}

// -----

// A load that reaches tile-lower unverified is refused by the verifier with
// its location, never lowered: view loads are weak, relaxed or acquire.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f32>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [100], strides = [1] : tensor_view<100xf32, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<100xf32, strides=[1]>>
    // expected-error@+1 {{expect one of: weak, relaxed, or acquire, but got: release}}
    %t, %tok = load_view_tko release device %pv[%i] : partition_view<tile=(16), tensor_view<100xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    return
  }
}

// -----

// f4E2M1FN packs two elements per byte; its view accesses are refused.
cuda_tile.module @m {
  entry @k(%p: tile<ptr<f4E2M1FN>>, %i: tile<i32>) {
    %tv = make_tensor_view %p, shape = [128], strides = [1] : tensor_view<128xf4E2M1FN, strides=[1]>
    %pv = make_partition_view %tv : partition_view<tile=(16), tensor_view<128xf4E2M1FN, strides=[1]>>
    // expected-error@+1 {{'cuda_tile.load_view_tko' op tilechain cannot access 'f4E2M1FN' elements of a view yet}}
    %t, %tok = load_view_tko weak %pv[%i] : partition_view<tile=(16), tensor_view<128xf4E2M1FN, strides=[1]>>, tile<i32> -> tile<16xf4E2M1FN>, token
    return
  }
}

