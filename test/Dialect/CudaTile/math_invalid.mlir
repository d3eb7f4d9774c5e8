// RUN: tile-read --allow-unregistered-dialect %s --split-input-file --verify-diagnostics

%i = "test.src"() : () -> !cuda_tile.tile<4xi32>
// expected-error @below{{'cuda_tile.cos' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xi32>'}}
%0 = cuda_tile.cos %i : tile<4xi32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xtf32>
// expected-error @below{{'cuda_tile.atan2' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xtf32>'}}
%0 = cuda_tile.atan2 %f, %f : tile<4xtf32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.tanh' op invalid rounding mode specified, expect one of [approx, full]}}
%0 = cuda_tile.tanh %f rounding<nearest_even> : tile<4xf32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf16>
// expected-error @below{{'cuda_tile.tanh' op approx modifier only supported for f32 data type, but got: 'f16'}}
%0 = cuda_tile.tanh %f rounding<approx> : tile<4xf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf64>
// expected-error @below{{'cuda_tile.exp' op approx modifier only supported for f32 data type, but got: 'f64'}}
%0 = cuda_tile.exp %f rounding<approx> : tile<4xf64>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.exp' op invalid rounding mode specified, expect one of [approx, full]}}
%0 = cuda_tile.exp %f rounding<zero> : tile<4xf32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', 'full', 'nearest_int_to_zero', got: 'fast'}}
%0 = cuda_tile.exp %f rounding<fast> : tile<4xf32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf16>
// expected-error @below{{'cuda_tile.exp2' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
%0 = cuda_tile.exp2 %f flush_to_zero : tile<4xf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xbf16>
// expected-error @below{{'cuda_tile.rsqrt' op flush_to_zero modifier only supported for f32 data type, but got: 'bf16'}}
%0 = cuda_tile.rsqrt %f flush_to_zero : tile<4xbf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf16>
// expected-error @below{{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', 'approx', got: 'full'}}
%0 = cuda_tile.sqrt %f rounding<full> : tile<4xf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf16>
// expected-error @below{{'cuda_tile.sqrt' op approx modifier only supported for f32 data type, but got: 'f16'}}
%0 = cuda_tile.sqrt %f rounding<approx> : tile<4xf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.sqrt' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx]}}
%0 = "cuda_tile.sqrt"(%f) <{rounding_mode = #cuda_tile.rounding<full>}> : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>

// -----

%a = "test.src"() : () -> !cuda_tile.tile<4xf32>
%b = "test.src"() : () -> !cuda_tile.tile<2x2xf32>
// expected-error @below{{'cuda_tile.pow' op failed to verify that all of {result, source, exponent} have same type}}
%0 = "cuda_tile.pow"(%a, %b) : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<2x2xf32>) -> !cuda_tile.tile<4xf32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
%e = "test.src"() : () -> !cuda_tile.tile<4xi64>
// expected-error @below{{'cuda_tile.fpowi' op operand #1 must be tile of i8 or i16 or i32 values, but got '!cuda_tile.tile<4xi64>'}}
%0 = cuda_tile.fpowi %f, %e : tile<4xf32>, tile<4xi64>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
%e = "test.src"() : () -> !cuda_tile.tile<2xi32>
// expected-error @below{{'cuda_tile.fpowi' op failed to verify that all of {source, exponent} have same shape}}
%0 = cuda_tile.fpowi %f, %e : tile<4xf32>, tile<2xi32>
