// Unknown optimization-hint keys are kept silently by default, reported as
// warnings under -Wunsupported-hints, and fail verification with -Werr-hints.
// RUN: tile-read %s | FileCheck %s
// RUN: tile-read %s -Wunsupported-hints --verify-diagnostics
// RUN: not tile-read %s -Wunsupported-hints -Werr-hints 2>&1 | FileCheck %s --check-prefix=ERR

// CHECK: optimization_hints=<sm_7000 = {num_cta_in_cga = 2}>
// ERR: warning: unknown hint key sm_7000
// ERR: error: Optimization hints verification failed
cuda_tile.module @kernels {
  // expected-warning @below{{unknown hint key sm_7000}}
  entry @k() optimization_hints=<sm_7000={num_cta_in_cga=2}> {
    return
  }
}
