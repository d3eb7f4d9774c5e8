// RUN: tile-read %s | FileCheck %s
// RUN: tile-read %s | tile-read | FileCheck %s
// RUN: tile-read --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC

// CHECK-LABEL: cuda_tile.module @kernels attributes {producer = "tilechain test"} {
cuda_tile.module @kernels attributes {producer = "tilechain test"} {
  // CHECK: global @plain <f32: [1.000000e+00, 2.000000e+00]> : tile<2xf32>
  // GENERIC: "cuda_tile.global"() <{alignment = 0 : i64, sym_name = "plain", symbol_visibility = #cuda_tile.symbol_visibility<public>, value = dense<[1.000000e+00, 2.000000e+00]> : !cuda_tile.tile<2xf32>}>
  global @plain <f32: [1.0, 2.0]> : !cuda_tile.tile<2xf32>
  // CHECK: global private constant @hidden alignment = 128 <i32: [1, 2, 3, 4]> : tile<4xi32>
  // GENERIC: "cuda_tile.global"() <{alignment = 128 : i64, constant, sym_name = "hidden", symbol_visibility = #cuda_tile.symbol_visibility<private>
  global private constant @hidden alignment = 128 <i32: [1, 2, 3, 4]> : tile<4xi32>
  // `public` is the default and is not printed.
  // CHECK: global @shown <i64: 7> : tile<1xi64>
  global public @shown <i64: [7]> : tile<1xi64>

  // CHECK: entry @kernel(%arg0: tile<ptr<f32>>, %arg1: tile<i32>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}> {
  // GENERIC: "cuda_tile.entry"() <{arg_attrs = [{}, {}], function_type = (!cuda_tile.tile<ptr<f32>>, !cuda_tile.tile<i32>) -> (), optimization_hints = #cuda_tile.optimization_hints<sm_100 = {num_cta_in_cga = 2}>, sym_name = "kernel"}>
  entry @kernel(%arg0: !cuda_tile.tile<ptr<f32>>, %arg1: tile<i32>) optimization_hints=<sm_100 = {num_cta_in_cga = 2}> {
    // CHECK-NEXT: get_global @plain : tile<ptr<f32>>
    %0 = get_global @plain : tile<ptr<f32>>
    // CHECK-NEXT: get_global @hidden : tile<ptr<i32>>
    %1 = cuda_tile.get_global @hidden : !cuda_tile.tile<!cuda_tile.ptr<i32>>
    // CHECK-NEXT: return
  }

  // An empty hint list is not printed; the body gets its implicit return.
  // CHECK: entry @empty() {
  // CHECK-NEXT: return
  // CHECK-NEXT: }
  entry @empty() optimization_hints=<> {}

  // CHECK: testing$func @helper(%arg0: tile<4xf32>) -> tile<4xf32> {
  // CHECK-NEXT: return %arg0 : tile<4xf32>
  testing$func @helper(%arg0: tile<4xf32>) -> tile<4xf32> {
    return %arg0 : tile<4xf32>
  }

  // CHECK: testing$func @pair(%arg0: tile<f32>, %arg1: tile<i8>) -> (tile<f32>, tile<i8>) {
  testing$func @pair(%arg0: tile<f32>, %arg1: tile<i8>) -> (tile<f32>, tile<i8>) {
    return %arg0, %arg1 : tile<f32>, tile<i8>
  }
}
