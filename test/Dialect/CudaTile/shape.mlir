// RUN: tile-read %s | FileCheck %s
// RUN: tile-read %s | tile-read | FileCheck %s

// Round trip of the shape ops; constants are named after their value like
// NVIDIA's printer does.

cuda_tile.module @shapes {

// CHECK-LABEL: @constants
testing$func @constants() {
  // CHECK: %cst_1_i32 = constant <i32: 1> : tile<i32>
  %a = constant <i32: 1> : tile<i32>
  // CHECK: %cst_-7_i16 = constant <i16: -7> : tile<4xi16>
  %b = constant <i16: -7> : tile<4xi16>
  // CHECK: %cst_2_f32 = constant <f32: 2.000000e+00> : tile<2x2xf32>
  %c = constant <f32: 2.0> : tile<2x2xf32>
  // CHECK: %cst_f32 = constant <f32: 5.000000e-01> : tile<f32>
  %d = constant <f32: 0.5> : tile<f32>
  // CHECK: %true = constant <i1: true> : tile<i1>
  %e = constant <i1: true> : tile<i1>
  // CHECK: %cst_i32 = constant <i32: [0, 1]> : tile<2xi32>
  %f = constant <i32: [0, 1]> : tile<2xi32>
  return
}

// CHECK-LABEL: @reshaping
testing$func @reshaping(%t: !cuda_tile.tile<2x4xf16>, %u: !cuda_tile.tile<2x4xf16>, %s: !cuda_tile.tile<f16>) {
  // CHECK: %reshape = reshape %{{.+}} : tile<f16> -> tile<1x1xf16>
  %0 = reshape %s : tile<f16> -> tile<1x1xf16>
  // CHECK: %bcast = broadcast %reshape : tile<1x1xf16> -> tile<2x4xf16>
  %1 = broadcast %0 : tile<1x1xf16> -> tile<2x4xf16>
  // CHECK: permute %{{.+}} [1, 0] : tile<2x4xf16> -> tile<4x2xf16>
  %2 = permute %t [1, 0] : tile<2x4xf16> -> tile<4x2xf16>
  // CHECK: cat %{{.+}}, %{{.+}} dim = 1 : tile<2x4xf16>, tile<2x4xf16> -> tile<2x8xf16>
  %3 = cat %t, %u dim = 1 : tile<2x4xf16>, tile<2x4xf16> -> tile<2x8xf16>
  return
}

// CHECK-LABEL: @slices
testing$func @slices(%t: !cuda_tile.tile<8x8xi32>, %part: !cuda_tile.tile<4x2xi32>, %i: !cuda_tile.tile<i32>) {
  // CHECK: %[[E:.+]] = extract %{{.+}}[%{{.+}}, %{{.+}}] : tile<8x8xi32> -> tile<4x2xi32>
  %e = extract %t[%i, %i] : tile<8x8xi32> -> tile<4x2xi32>
  // CHECK: insert %[[E]], %{{.+}}[%{{.+}}, %{{.+}}] : tile<4x2xi32> -> tile<8x8xi32>
  %n = insert %e, %t[%i, %i] : tile<4x2xi32> -> tile<8x8xi32>
  return
}

// CHECK-LABEL: @pointers
testing$func @pointers(%p: !cuda_tile.tile<ptr<f32>>) {
  // CHECK: %[[O:.+]] = iota : tile<16xi32>
  %o = iota : tile<16xi32>
  %r = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
  %b = broadcast %r : tile<1xptr<f32>> -> tile<16xptr<f32>>
  // CHECK: offset %bcast, %[[O]] : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
  %q = offset %b, %o : tile<16xptr<f32>>, tile<16xi32> -> tile<16xptr<f32>>
  return
}

}
