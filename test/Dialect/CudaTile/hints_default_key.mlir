// cuTile Python 1.7 writes the hints that hold on every target under
// `default` (test/Bytecode/Inputs/cutile-13.5): the checker knows that key
// and every target NVIDIA's tileiras 13.5 names, and checks their values.
// Under -Werr-hints an error names the entry or op whose hints failed, at
// its location, with no dump of the op (--verify-diagnostics fails on an
// unexpected note).
// RUN: tile-read %s -Wunsupported-hints -Werr-hints --verify-diagnostics --split-input-file

cuda_tile.module @kernels {
  entry @every_key() optimization_hints=<default={num_cta_in_cga=2, num_worker_warps_per_cta=8, occupancy=2}, sm_80={occupancy=1}, sm_86={occupancy=1}, sm_87={occupancy=1}, sm_88={occupancy=1}, sm_89={occupancy=1}, sm_90={num_cta_in_cga=2}, sm_100={num_cta_in_cga=2}, sm_103={occupancy=1}, sm_107={occupancy=1}, sm_110={occupancy=1}, sm_120={occupancy=1}, sm_121={occupancy=1}> {
    return
  }
}

// -----

cuda_tile.module @kernels {
  // expected-warning @below{{integer value in the range [1, 32] is expected for default.occupancy}}
  // expected-error @below{{Optimization hints verification failed for entry @zero_occupancy}}
  entry @zero_occupancy() optimization_hints=<default={occupancy=0}> {
    return
  }
}

// -----

cuda_tile.module @kernels {
  // expected-warning @below{{expected power-of-two ≤ 16 for default.num_cta_in_cga}}
  // expected-warning @below{{expected power-of-two ≤ 32 for sm_100.num_worker_warps_per_cta}}
  // expected-error @below{{Optimization hints verification failed for entry @two_bad}}
  entry @two_bad() optimization_hints=<default={num_cta_in_cga=5}, sm_100={num_worker_warps_per_cta=1000}> {
    return
  }
}

// -----

cuda_tile.module @kernels {
  entry @latency(%p: tile<ptr<f32>>) {
    %t = make_token : token
    %v = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>
    %q = make_partition_view %v : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>
    %i = constant <i32: 0> : tile<i32>
    // expected-warning @below{{integer value in the range [1, 10] is expected for default.latency}}
    // expected-error @below{{Optimization hints verification failed for load_view_tko}}
    %x, %tx = load_view_tko weak %q[%i] token = %t optimization_hints = <default = {latency = 11}> : partition_view<tile=(16), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    return
  }
}
