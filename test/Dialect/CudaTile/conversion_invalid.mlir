// RUN: tile-read --allow-unregistered-dialect %s --split-input-file --verify-diagnostics

%i = "test.src"() : () -> !cuda_tile.tile<4xi32>
// expected-error @below{{'cuda_tile.exti' op extending to smaller or identical integer}}
%0 = cuda_tile.exti %i signed : tile<4xi32> -> tile<4xi32>

// -----

%i = "test.src"() : () -> !cuda_tile.tile<4xi8>
// expected-error @below{{'cuda_tile.trunci' op truncating to larger or identical integer}}
%0 = cuda_tile.trunci %i : tile<4xi8> -> tile<4xi16>

// -----

%i = "test.src"() : () -> !cuda_tile.tile<4xi32>
// expected-error @below{{'cuda_tile.trunci' op failed to verify that all of {from, to} have same shape}}
%0 = cuda_tile.trunci %i : tile<4xi32> -> tile<2xi16>

// -----

%i = "test.src"() : () -> !cuda_tile.tile<4xi32>
// expected-error @below{{'cuda_tile.itof' op invalid rounding mode specified. Only 'nearest_even' is supported}}
%0 = cuda_tile.itof %i signed rounding<zero> : tile<4xi32> -> tile<4xf32>

// -----

%i = "test.src"() : () -> !cuda_tile.tile<4xi8>
// expected-error @below{{'cuda_tile.itof' op integer to f8E8M0FNU conversion is not supported, please first convert to another float type}}
%0 = cuda_tile.itof %i signed : tile<4xi8> -> tile<4xf8E8M0FNU>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.ftoi' op result #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf16>'}}
%0 = cuda_tile.ftoi %f signed : tile<4xf32> -> tile<4xf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{expected rounding mode to be one of: 'nearest_int_to_zero', got: 'nearest_even'}}
%0 = cuda_tile.ftoi %f signed rounding<nearest_even> : tile<4xf32> -> tile<4xi32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.ftoi' op invalid rounding mode specified. Only 'nearest_int_to_zero' is supported}}
%0 = "cuda_tile.ftoi"(%f) <{rounding_mode = #cuda_tile.rounding<zero>, signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xi32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.ftof' op converting tiles must not be a no-op}}
%0 = cuda_tile.ftof %f : tile<4xf32> -> tile<4xf32>

// -----

// The rounding modes of ftof are NVIDIA tileiras 13.5's, with its messages
// (docs/ftof-rounding.tsv).
%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.ftof' op invalid rounding mode specified. Only 'nearest_even' and 'zero' are supported for narrowing conversions to standard types}}
%0 = cuda_tile.ftof %f rounding<positive_inf> : tile<4xf32> -> tile<4xf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf16>
// expected-error @below{{'cuda_tile.ftof' op invalid rounding mode specified. Only 'nearest_even' and 'zero' are supported for narrowing conversions to standard types}}
%0 = cuda_tile.ftof %f rounding<nearest_away> : tile<4xf16> -> tile<4xbf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf64>
// expected-error @below{{'cuda_tile.ftof' op invalid rounding mode specified for conversion from f64 to f32. Only 'nearest_even', 'zero', 'negative_inf', and 'positive_inf' are supported}}
%0 = cuda_tile.ftof %f rounding<nearest_away> : tile<4xf64> -> tile<4xf32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.ftof' op invalid rounding mode specified for conversion from f32 to tf32. Only 'nearest_even', 'zero', and 'nearest_away' are supported}}
%0 = cuda_tile.ftof %f rounding<negative_inf> : tile<4xf32> -> tile<4xtf32>

// -----

// A widening is exact: NVIDIA's 13.3 verifier takes nearest_even alone
// there, and so does ours (its 13.5 takes any mode).
%f = "test.src"() : () -> !cuda_tile.tile<4xf16>
// expected-error @below{{'cuda_tile.ftof' op invalid rounding mode specified. Only 'nearest_even' is supported}}
%0 = cuda_tile.ftof %f rounding<zero> : tile<4xf16> -> tile<4xf32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xbf16>
// expected-error @below{{'cuda_tile.ftof' op invalid rounding mode specified for conversion to low-precision type. Only 'nearest_even' is supported}}
%0 = cuda_tile.ftof %f rounding<zero> : tile<4xbf16> -> tile<4xf8E5M2>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.ftof' op invalid rounding mode specified for conversion to f8E8M0FNU. Only 'zero' and 'positive_inf' are supported}}
%0 = cuda_tile.ftof %f : tile<4xf32> -> tile<4xf8E8M0FNU>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.bitcast' op types must be equal width, cannot convert '!cuda_tile.tile<4xf32>' of width 32 to type '!cuda_tile.tile<4xi16>' of width 16}}
%0 = cuda_tile.bitcast %f : tile<4xf32> -> tile<4xi16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.bitcast' op failed to verify that all of {source, result} have same shape}}
%0 = cuda_tile.bitcast %f : tile<4xf32> -> tile<2xi32>

// -----

%i = "test.src"() : () -> !cuda_tile.tile<4xi32>
// expected-error @below{{'cuda_tile.int_to_ptr' op operand #0 must be tile of i64 values, but got '!cuda_tile.tile<4xi32>'}}
%0 = cuda_tile.int_to_ptr %i : tile<4xi32> -> tile<4xptr<f32>>

// -----

%p = "test.src"() : () -> !cuda_tile.tile<4xptr<f32>>
// expected-error @below{{'cuda_tile.ptr_to_int' op result #0 must be tile of i64 values, but got '!cuda_tile.tile<4xi32>'}}
%0 = cuda_tile.ptr_to_int %p : tile<4xptr<f32>> -> tile<4xi32>

// -----

%p = "test.src"() : () -> !cuda_tile.tile<4xptr<f32>>
// expected-error @below{{'cuda_tile.ptr_to_ptr' op failed to verify that all of {source, result} have same shape}}
%0 = cuda_tile.ptr_to_ptr %p : tile<4xptr<f32>> -> tile<2xptr<f16>>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<32xf16>
// expected-error @below{{'cuda_tile.pack' op failed to verify that all of {source, result} have same rank}}
%0 = cuda_tile.pack %f : tile<32xf16> -> tile<32x2xi8>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4x8xf16>
// expected-error @below{{'cuda_tile.pack' op expects source and result to be rank-1 tiles}}
%0 = cuda_tile.pack %f : tile<4x8xf16> -> tile<4x16xi8>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<32xf16>
// expected-error @below{{'cuda_tile.pack' op expects source and result to have the same size in bytes, but got source tile size 64 bytes and result tile size 32 bytes}}
%0 = cuda_tile.pack %f : tile<32xf16> -> tile<32xi8>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<32xf8E5M2>
// expected-error @below{{'cuda_tile.pack' op expects source and result to have different element type widths}}
%0 = cuda_tile.pack %f : tile<32xf8E5M2> -> tile<32xi8>

// -----

%b = "test.src"() : () -> !cuda_tile.tile<32xi8>
// expected-error @below{{'cuda_tile.unpack' op expects source and result to have the same size in bytes, but got source tile size 32 bytes and result tile size 64 bytes}}
%0 = cuda_tile.unpack %b : tile<32xi8> -> tile<32xf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<32xf16>
// expected-error @below{{'cuda_tile.unpack' op operand #0 must be tile of i8 values, but got '!cuda_tile.tile<32xf16>'}}
%0 = cuda_tile.unpack %f : tile<32xf16> -> tile<64xi8>
