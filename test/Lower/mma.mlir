// RUN: tile-lower %s --gpu-name=sm_100 --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s

// Each mma is a loop nest over the result with an inner k loop that sums
// the products from zero, one fused multiply-add per k in f32 (f64 for f64)
// with the inputs widened exactly, and adds the accumulator last: NVIDIA's
// tileiras 13.5 computes a 4x4x4 mmaf (no tensor core) as
//   fma.rn.f32 %s1, %a0, %b0, 0f00000000; ... fma.rn.f32 %s4, %a3, %b3, %s3;
//   add.f32 %d, %c, %s4
// for f32, f16, bf16, tf32 and f8 operands, f16 accumulators included (the
// accumulator widened, the sum rounded to f16 once: cvt.rn.f16x2.f32), and
// fma.rn.f64/add.f64 for f64 (docs/semantics-from-nvidia.md).

// f16 x f16 into f32: exact products, one rounding per step. The
// accumulator dies here: each result element is written over its own
// accumulator element, read first.
// CHECK-LABEL: gpu.func @mmaf_f16_f32(
// CHECK: %[[A:[a-z0-9_]+]] = memref.alloca() : memref<4x8xf16>
// CHECK: %[[B:[a-z0-9_]+]] = memref.alloca() : memref<8x2xf16>
// CHECK: %[[C:[a-z0-9_]+]] = memref.alloca() : memref<4x2xf32>
// CHECK-NOT: memref.alloca
// CHECK: memref.store %{{.+}}, %[[C]]
// CHECK: scf.for %[[M:[a-z0-9_]+]] =
// CHECK: scf.for %[[N:[a-z0-9_]+]] =
// CHECK-NEXT: %[[C0:[a-z0-9_]+]] = memref.load %[[C]][%[[M]], %[[N]]] : memref<4x2xf32>
// CHECK-NEXT: %[[FZERO:[a-z0-9_]+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[ZERO:[a-z0-9_]+]] = arith.constant 0 : index
// CHECK-NEXT: %[[EIGHT:[a-z0-9_]+]] = arith.constant 8 : index
// CHECK: %[[DOT:[a-z0-9_]+]] = scf.for %[[K:[a-z0-9_]+]] = %[[ZERO]] to %[[EIGHT]] step %{{.+}} iter_args(%[[ACC:[a-z0-9_]+]] = %[[FZERO]]) -> (f32) {
// CHECK-NEXT: %[[X:[a-z0-9_]+]] = memref.load %[[A]][%[[M]], %[[K]]] : memref<4x8xf16>
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = memref.load %[[B]][%[[K]], %[[N]]] : memref<8x2xf16>
// CHECK-NEXT: %[[WX:[a-z0-9_]+]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT: %[[WY:[a-z0-9_]+]] = arith.extf %[[Y]] : f16 to f32
// CHECK-NEXT: %[[NEW:[a-z0-9_]+]] = math.fma %[[WX]], %[[WY]], %[[ACC]] : f32
// CHECK-NEXT: scf.yield %[[NEW]] : f32
// CHECK: %[[SUM:[a-z0-9_]+]] = arith.addf %[[C0]], %[[DOT]] : f32
// CHECK-NEXT: memref.store %[[SUM]], %[[C]][%[[M]], %[[N]]] : memref<4x2xf32>
cuda_tile.module @m {
  entry @mmaf_f16_f32() {
    %a = constant <f16: 1.5> : tile<4x8xf16>
    %b = constant <f16: 2.0> : tile<8x2xf16>
    %c = constant <f32: 0.0> : tile<4x2xf32>
    %r = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
    return
  }
}

// -----

// An f16 accumulator: the sum is taken in f32, the accumulator widened and
// added to it, and the result rounded to f16 once.
// CHECK-LABEL: gpu.func @mmaf_f16_f16(
// CHECK: %[[C0:[a-z0-9_]+]] = memref.load %{{.+}} : memref<2x8xf16>
// CHECK-NEXT: %[[WC:[a-z0-9_]+]] = arith.extf %[[C0]] : f16 to f32
// CHECK: %[[DOT:[a-z0-9_]+]] = scf.for %{{.+}} iter_args(%[[ACC:[a-z0-9_]+]] = %{{.+}}) -> (f32) {
// CHECK: %[[WX:[a-z0-9_]+]] = arith.extf %{{.+}} : f16 to f32
// CHECK-NEXT: %[[WY:[a-z0-9_]+]] = arith.extf %{{.+}} : f16 to f32
// CHECK-NEXT: %[[F:[a-z0-9_]+]] = math.fma %[[WX]], %[[WY]], %[[ACC]] : f32
// CHECK-NEXT: scf.yield %[[F]] : f32
// CHECK: %[[SUM:[a-z0-9_]+]] = arith.addf %[[WC]], %[[DOT]] : f32
// CHECK-NEXT: %[[R:[a-z0-9_]+]] = arith.truncf %[[SUM]] : f32 to f16
// CHECK-NEXT: memref.store %[[R]], %{{.+}} : memref<2x8xf16>
cuda_tile.module @m {
  entry @mmaf_f16_f16() {
    %a = constant <f16: 1.5> : tile<2x16xf16>
    %b = constant <f16: 2.0> : tile<16x8xf16>
    %c = constant <f16: 0.0> : tile<2x8xf16>
    %r = mmaf %a, %b, %c : tile<2x16xf16>, tile<16x8xf16>, tile<2x8xf16>
    return
  }
}

// -----

// bf16 into f32 and f64 into f64 follow the same shape.
// CHECK-LABEL: gpu.func @mmaf_bf16_f64(
// CHECK: arith.extf %{{.+}} : bf16 to f32
// CHECK-NEXT: arith.extf %{{.+}} : bf16 to f32
// CHECK-NEXT: math.fma %{{.+}}, %{{.+}}, %{{.+}} : f32
// CHECK: scf.for %{{.+}} -> (f64) {
// CHECK-NEXT: memref.load %{{.+}} : memref<2x16xf64>
// CHECK-NEXT: memref.load %{{.+}} : memref<16x8xf64>
// CHECK-NEXT: math.fma %{{.+}}, %{{.+}}, %{{.+}} : f64
cuda_tile.module @m {
  entry @mmaf_bf16_f64() {
    %a = constant <bf16: 1.5> : tile<2x16xbf16>
    %b = constant <bf16: 2.0> : tile<16x8xbf16>
    %c = constant <f32: 0.0> : tile<2x8xf32>
    %r = mmaf %a, %b, %c : tile<2x16xbf16>, tile<16x8xbf16>, tile<2x8xf32>
    %a64 = constant <f64: 1.5> : tile<2x16xf64>
    %b64 = constant <f64: 2.0> : tile<16x8xf64>
    %c64 = constant <f64: 0.0> : tile<2x8xf64>
    %r64 = mmaf %a64, %b64, %c64 : tile<2x16xf64>, tile<16x8xf64>, tile<2x8xf64>
    return
  }
}

// -----

// tf32 tiles live as f32; the multiplier sees only the top 19 bits.
// CHECK-LABEL: gpu.func @mmaf_tf32(
// CHECK: scf.for %{{.+}} -> (f32) {
// CHECK-NEXT: %[[X:[a-z0-9_]+]] = memref.load %{{.+}} : memref<4x8xf32>
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = memref.load %{{.+}} : memref<8x2xf32>
// CHECK-NEXT: %[[XB:[a-z0-9_]+]] = arith.bitcast %[[X]] : f32 to i32
// CHECK-NEXT: %[[MASK:[a-z0-9_-]+]] = arith.constant -8192 : i32
// CHECK-NEXT: %[[XK:[a-z0-9_]+]] = arith.andi %[[XB]], %[[MASK]] : i32
// CHECK-NEXT: %[[XT:[a-z0-9_]+]] = arith.bitcast %[[XK]] : i32 to f32
// CHECK: %[[YT:[a-z0-9_]+]] = arith.bitcast %{{.+}} : i32 to f32
// CHECK-NEXT: math.fma %[[XT]], %[[YT]], %{{.+}} : f32
cuda_tile.module @m {
  entry @mmaf_tf32() {
    %a = constant <f32: 1.5> : tile<4x8xf32>
    %ta = ftof %a : tile<4x8xf32> -> tile<4x8xtf32>
    %b = constant <f32: 1.5> : tile<8x2xf32>
    %tb = ftof %b : tile<8x2xf32> -> tile<8x2xtf32>
    %c = constant <f32: 0.0> : tile<4x2xf32>
    %r = mmaf %ta, %tb, %c : tile<4x8xtf32>, tile<8x2xtf32>, tile<4x2xf32>
    return
  }
}

// -----

// f8 inputs are decoded exactly to f32 from their bits (e4m3: 3 mantissa
// bits, exponent bias 7, so scale field = exponent + 127 - 7 - 3; e5m2:
// exponent + 127 - 15 - 2).
// CHECK-LABEL: gpu.func @mmaf_f8(
// CHECK: scf.for %{{.+}} -> (f32) {
// CHECK: %[[BYTE:[a-z0-9_]+]] = arith.bitcast %{{.+}} : f8E4M3FN to i8
// CHECK-NEXT: %[[BITS:[a-z0-9_]+]] = arith.extui %[[BYTE]] : i8 to i32
// CHECK: arith.constant 117 : i32
// CHECK: arith.uitofp %{{.+}} : i32 to f32
// CHECK: arith.bitcast %{{.+}} : f8E4M3FN to i8
// CHECK: math.fma %{{.+}}, %{{.+}}, %{{.+}} : f32
// CHECK: scf.for %{{.+}} -> (f32) {
// CHECK: arith.bitcast %{{.+}} : f8E5M2 to i8
// CHECK: arith.constant 110 : i32
cuda_tile.module @m {
  entry @mmaf_f8() {
    %a = constant <f8E4M3FN: 1.5> : tile<2x16xf8E4M3FN>
    %b = constant <f8E4M3FN: 2.0> : tile<16x8xf8E4M3FN>
    %c = constant <f32: 0.0> : tile<2x8xf32>
    %r = mmaf %a, %b, %c : tile<2x16xf8E4M3FN>, tile<16x8xf8E4M3FN>, tile<2x8xf32>
    %a5 = constant <f8E5M2: 1.5> : tile<2x16xf8E5M2>
    %b5 = constant <f8E5M2: 2.0> : tile<16x8xf8E5M2>
    %r5 = mmaf %a5, %b5, %c : tile<2x16xf8E5M2>, tile<16x8xf8E5M2>, tile<2x8xf32>
    return
  }
}

// -----

// A leading batch dim indexes all three operands.
// CHECK-LABEL: gpu.func @mmaf_batched(
// CHECK: %[[A:[a-z0-9_]+]] = memref.alloca() : memref<2x4x16xf32>
// CHECK: %[[B:[a-z0-9_]+]] = memref.alloca() : memref<2x16x8xf32>
// CHECK: scf.for %[[I:[a-z0-9_]+]] =
// CHECK: scf.for %[[M:[a-z0-9_]+]] =
// CHECK: scf.for %[[N:[a-z0-9_]+]] =
// CHECK: scf.for %[[K:[a-z0-9_]+]] = {{.+}} -> (f32) {
// CHECK-NEXT: memref.load %[[A]][%[[I]], %[[M]], %[[K]]] : memref<2x4x16xf32>
// CHECK-NEXT: memref.load %[[B]][%[[I]], %[[K]], %[[N]]] : memref<2x16x8xf32>
// CHECK-NEXT: math.fma
cuda_tile.module @m {
  entry @mmaf_batched() {
    %a = constant <f32: 1.5> : tile<2x4x16xf32>
    %b = constant <f32: 2.0> : tile<2x16x8xf32>
    %c = constant <f32: 0.0> : tile<2x4x8xf32>
    %r = mmaf %a, %b, %c : tile<2x4x16xf32>, tile<2x16x8xf32>, tile<2x4x8xf32>
    return
  }
}

// -----

// mmai widens each operand by its own signedness; the i32 sum wraps.
// CHECK-LABEL: gpu.func @mmai_signed_unsigned(
// CHECK: scf.for %{{.+}} iter_args(%[[ACC:[a-z0-9_]+]] = %{{.+}}) -> (i32) {
// CHECK-NEXT: %[[X:[a-z0-9_]+]] = memref.load %{{.+}} : memref<4x8xi8>
// CHECK-NEXT: %[[Y:[a-z0-9_]+]] = memref.load %{{.+}} : memref<8x4xi8>
// CHECK-NEXT: %[[WX:[a-z0-9_]+]] = arith.extsi %[[X]] : i8 to i32
// CHECK-NEXT: %[[WY:[a-z0-9_]+]] = arith.extui %[[Y]] : i8 to i32
// CHECK-NEXT: %[[P:[a-z0-9_]+]] = arith.muli %[[WX]], %[[WY]] : i32
// CHECK-NEXT: %[[NEW:[a-z0-9_]+]] = arith.addi %[[ACC]], %[[P]] : i32
// CHECK-NEXT: scf.yield %[[NEW]] : i32
cuda_tile.module @m {
  entry @mmai_signed_unsigned() {
    %a = constant <i8: 3> : tile<4x8xi8>
    %b = constant <i8: -3> : tile<8x4xi8>
    %c = constant <i32: 0> : tile<4x4xi32>
    %r = mmai %a, %b, %c signed unsigned : tile<4x8xi8>, tile<8x4xi8>, tile<4x4xi32>
    return
  }
}

// -----

// mmaf_scaled: k's block is k / 32; the product of the two decoded inputs is
// scaled by the product of the two block scales and added in f32.
// CHECK-LABEL: gpu.func @mmaf_scaled_e8m0(
// CHECK: %[[SA:[a-z0-9_]+]] = memref.alloca() : memref<4x2xf8E8M0FNU>
// CHECK: %[[SB:[a-z0-9_]+]] = memref.alloca() : memref<2x2xf8E8M0FNU>
// CHECK: scf.for %[[M:[a-z0-9_]+]] =
// CHECK: scf.for %[[N:[a-z0-9_]+]] =
// CHECK: scf.for %[[K:[a-z0-9_]+]] = {{.+}} iter_args(%[[ACC:[a-z0-9_]+]] = %{{.+}}) -> (f32) {
// CHECK: %[[C32:[a-z0-9_]+]] = arith.constant 32 : index
// CHECK-NEXT: %[[BLK:[a-z0-9_]+]] = arith.divui %[[K]], %[[C32]] : index
// CHECK-NEXT: memref.load %[[SA]][%[[M]], %[[BLK]]] : memref<4x2xf8E8M0FNU>
// CHECK: memref.load %[[SB]][%[[BLK]], %[[N]]] : memref<2x2xf8E8M0FNU>
// CHECK: %[[S:[a-z0-9_]+]] = arith.mulf %{{.+}}, %{{.+}} : f32
// CHECK: %[[NEW:[a-z0-9_]+]] = math.fma %{{.+}}, %[[S]], %[[ACC]] : f32
// CHECK-NEXT: scf.yield %[[NEW]] : f32
cuda_tile.module @m {
  entry @mmaf_scaled_e8m0() {
    %a = constant <f8E4M3FN: 1.0> : tile<4x64xf8E4M3FN>
    %b = constant <f8E4M3FN: 1.0> : tile<64x2xf8E4M3FN>
    %sa = constant <f8E8M0FNU: 1.0> : tile<4x2xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 1.0> : tile<2x2xf8E8M0FNU>
    %c = constant <f32: 0.0> : tile<4x2xf32>
    %r = mmaf_scaled %a, %b, %c, %sa, %sb : tile<4x64xf8E4M3FN>, tile<64x2xf8E4M3FN>, tile<4x2xf32>, tile<4x2xf8E8M0FNU>, tile<2x2xf8E8M0FNU>
    return
  }
}
