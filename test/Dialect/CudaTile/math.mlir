// RUN: tile-read --allow-unregistered-dialect %s | FileCheck %s
// RUN: tile-read --allow-unregistered-dialect %s | tile-read --allow-unregistered-dialect | FileCheck %s
// RUN: tile-read --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tile-read --allow-unregistered-dialect --mlir-print-op-generic %s | tile-read --allow-unregistered-dialect | FileCheck %s

// Math ops: custom syntax round trips, defaults (nearest_even for sqrt, full
// for exp and tanh) are not printed, generic names match the bytecode's.

%f = "test.src"() : () -> !cuda_tile.tile<8xf32>
%d = "test.src"() : () -> !cuda_tile.tile<2x2xf64>
%b = "test.src"() : () -> !cuda_tile.tile<bf16>
%e = "test.src"() : () -> !cuda_tile.tile<8xi16>

// CHECK: cuda_tile.ceil %{{.*}} : tile<8xf32>
%ceil = cuda_tile.ceil %f : tile<8xf32>
// CHECK: cuda_tile.floor %{{.*}} : tile<2x2xf64>
%floor = cuda_tile.floor %d : tile<2x2xf64>
// CHECK: cuda_tile.cos %{{.*}} : tile<bf16>
%cos = cuda_tile.cos %b : tile<bf16>
// CHECK: cuda_tile.cosh %{{.*}} : tile<8xf32>
%cosh = cuda_tile.cosh %f : tile<8xf32>
// CHECK: cuda_tile.sin %{{.*}} : tile<8xf32>
%sin = cuda_tile.sin %f : tile<8xf32>
// CHECK: cuda_tile.sinh %{{.*}} : tile<2x2xf64>
%sinh = cuda_tile.sinh %d : tile<2x2xf64>
// CHECK: cuda_tile.tan %{{.*}} : tile<bf16>
%tan = cuda_tile.tan %b : tile<bf16>
// CHECK: cuda_tile.log %{{.*}} : tile<8xf32>
%log = cuda_tile.log %f : tile<8xf32>
// CHECK: cuda_tile.log2 %{{.*}} : tile<2x2xf64>
%log2 = cuda_tile.log2 %d : tile<2x2xf64>

// An absent rounding reads as the default `full`.
// CHECK: cuda_tile.tanh %{{.*}} : tile<2x2xf64>
// GENERIC: "cuda_tile.tanh"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<full>}> : (!cuda_tile.tile<2x2xf64>) -> !cuda_tile.tile<2x2xf64>
%tanh = cuda_tile.tanh %d : tile<2x2xf64>
// CHECK: cuda_tile.tanh %{{.*}} : tile<8xf32>
%tanh_full = cuda_tile.tanh %f rounding<full> : tile<8xf32>
// CHECK: cuda_tile.tanh %{{.*}} rounding<approx> : tile<8xf32>
%tanh_approx = cuda_tile.tanh %f rounding<approx> : tile<8xf32>
// CHECK: cuda_tile.exp %{{.*}} : tile<bf16>
%exp = cuda_tile.exp %b : tile<bf16>
// CHECK: cuda_tile.exp %{{.*}} rounding<approx> : tile<8xf32>
// GENERIC: "cuda_tile.exp"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<approx>}>
%exp_approx = cuda_tile.exp %f rounding<approx> : tile<8xf32>

// CHECK: cuda_tile.exp2 %{{.*}} flush_to_zero : tile<8xf32>
// GENERIC: "cuda_tile.exp2"(%{{.*}}) <{flush_to_zero}>
%exp2 = cuda_tile.exp2 %f flush_to_zero : tile<8xf32>
// CHECK: cuda_tile.exp2 %{{.*}} : tile<bf16>
%exp2_b = cuda_tile.exp2 %b : tile<bf16>
// CHECK: cuda_tile.rsqrt %{{.*}} flush_to_zero : tile<8xf32>
%rsqrt = cuda_tile.rsqrt %f flush_to_zero : tile<8xf32>
// CHECK: cuda_tile.sqrt %{{.*}} : tile<2x2xf64>
// GENERIC: "cuda_tile.sqrt"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<nearest_even>}>
%sqrt = cuda_tile.sqrt %d rounding<nearest_even> : tile<2x2xf64>
// CHECK: cuda_tile.sqrt %{{.*}} rounding<approx> flush_to_zero : tile<8xf32>
%sqrt_approx = cuda_tile.sqrt %f rounding<approx> flush_to_zero : tile<8xf32>
// CHECK: cuda_tile.sqrt %{{.*}} rounding<positive_inf> : tile<bf16>
%sqrt_rp = cuda_tile.sqrt %b rounding<positive_inf> : tile<bf16>

// CHECK: cuda_tile.pow %{{.*}}, %{{.*}} : tile<8xf32>
%pow = cuda_tile.pow %f, %f : tile<8xf32>
// CHECK: cuda_tile.atan2 %{{.*}}, %{{.*}} : tile<2x2xf64>
// GENERIC: "cuda_tile.atan2"(%{{.*}}, %{{.*}}) : (!cuda_tile.tile<2x2xf64>, !cuda_tile.tile<2x2xf64>) -> !cuda_tile.tile<2x2xf64>
%atan2 = cuda_tile.atan2 %d, %d : tile<2x2xf64>
// CHECK: cuda_tile.fpowi %{{.*}}, %{{.*}} : tile<8xf32>, tile<8xi16>
%fpowi = cuda_tile.fpowi %f, %e : tile<8xf32>, tile<8xi16>
