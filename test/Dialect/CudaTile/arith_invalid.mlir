// RUN: tile-read --allow-unregistered-dialect %s --split-input-file --verify-diagnostics

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.addi' op operand #0 must be tile of i1 or i8 or i16 or i32 or i64 values, but got '!cuda_tile.tile<4xf32>'}}
%0 = cuda_tile.addi %f, %f : tile<4xf32>

// -----

%i = "test.src"() : () -> !cuda_tile.tile<4xi32>
// expected-error @below{{'cuda_tile.addf' op operand #0 must be tile of f16 or bf16 or f32 or f64 values, but got '!cuda_tile.tile<4xi32>'}}
%0 = cuda_tile.addf %i, %i : tile<4xi32>

// -----

%a = "test.src"() : () -> !cuda_tile.tile<4xi32>
%b = "test.src"() : () -> !cuda_tile.tile<4xi16>
// expected-error @below{{'cuda_tile.subi' op failed to verify that all of {lhs, rhs, result} have same type}}
%0 = "cuda_tile.subi"(%a, %b) : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi16>) -> !cuda_tile.tile<4xi32>

// -----

%a = "test.src"() : () -> !cuda_tile.tile<4xi32>
%b = "test.src"() : () -> !cuda_tile.tile<2xi32>
// expected-error @below{{'cuda_tile.remi' op failed to verify that all of {result, lhs, rhs} have same type}}
%0 = "cuda_tile.remi"(%a, %b) <{signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<2xi32>) -> !cuda_tile.tile<4xi32>

// -----

%i = "test.src"() : () -> !cuda_tile.tile<4xi32>
// expected-error @below{{expected signedness to be one of: {'signed', 'unsigned'}}}
%0 = cuda_tile.maxi %i, %i signedish : tile<4xi32>

// -----

%i = "test.src"() : () -> !cuda_tile.tile<4xi32>
// expected-error @below{{'cuda_tile.divi' op rounding mode 'negative_inf' is not allowed with 'unsigned' flag}}
%0 = cuda_tile.divi %i, %i unsigned rounding<negative_inf> : tile<4xi32>

// -----

%i = "test.src"() : () -> !cuda_tile.tile<4xi32>
// expected-error @below{{'cuda_tile.divi' op invalid rounding mode specified, expect one of [zero, negative_inf, positive_inf]}}
%0 = cuda_tile.divi %i, %i signed rounding<nearest_even> : tile<4xi32>

// -----

%i = "test.src"() : () -> !cuda_tile.tile<i16>
// expected-error @below{{'cuda_tile.negi' op 'no_unsigned_wrap' overflow flag is not supported}}
%0 = cuda_tile.negi %i overflow<no_unsigned_wrap> : tile<i16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf16>
// expected-error @below{{'cuda_tile.addf' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
%0 = cuda_tile.addf %f, %f flush_to_zero : tile<4xf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{expected rounding mode to be one of: 'nearest_even', 'zero', 'negative_inf', 'positive_inf', got: 'approx'}}
%0 = cuda_tile.mulf %f, %f rounding<approx> : tile<4xf32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.subf' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf]}}
%0 = "cuda_tile.subf"(%f, %f) <{rounding_mode = #cuda_tile.rounding<full>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.fma' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf]}}
%0 = "cuda_tile.fma"(%f, %f, %f) <{rounding_mode = #cuda_tile.rounding<approx>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf64>
// expected-error @below{{'cuda_tile.fma' op flush_to_zero modifier only supported for f32 data type, but got: 'f64'}}
%0 = cuda_tile.fma %f, %f, %f flush_to_zero : tile<4xf64>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf64>
// expected-error @below{{'cuda_tile.divf' op approx modifier only supported for f32 data type, but got: 'f64'}}
%0 = cuda_tile.divf %f, %f rounding<approx> : tile<4xf64>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xbf16>
// expected-error @below{{'cuda_tile.divf' op full modifier only supported for f32 data type, but got: 'bf16'}}
%0 = cuda_tile.divf %f, %f rounding<full> : tile<4xbf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.divf' op invalid rounding mode specified, expect one of [nearest_even, zero, negative_inf, positive_inf, approx, full]}}
%0 = "cuda_tile.divf"(%f, %f) <{rounding_mode = #cuda_tile.rounding<nearest_int_to_zero>}> : (!cuda_tile.tile<4xf32>, !cuda_tile.tile<4xf32>) -> !cuda_tile.tile<4xf32>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf16>
// expected-error @below{{'cuda_tile.minf' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
%0 = cuda_tile.minf %f, %f flush_to_zero : tile<4xf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf16>
// expected-error @below{{'cuda_tile.maxf' op flush_to_zero modifier only supported for f32 data type, but got: 'f16'}}
%0 = cuda_tile.maxf %f, %f propagate_nan flush_to_zero : tile<4xf16>

// -----

%f = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.cmpf' op failed to verify that Result type has i1 element type and same shape as operands}}
%0 = cuda_tile.cmpf equal ordered %f, %f : tile<4xf32> -> tile<2xi1>

// -----

%i = "test.src"() : () -> !cuda_tile.tile<4xi32>
// expected-error @below{{'cuda_tile.cmpi' op result #0 must be tile of i1 values, but got '!cuda_tile.tile<4xi32>'}}
%0 = cuda_tile.cmpi equal %i, %i, signed : tile<4xi32> -> tile<4xi32>

// -----

%i = "test.src"() : () -> !cuda_tile.tile<4xi32>
// expected-error @below{{expected 'comparison_predicate' to be one of: {'equal', 'not_equal', 'less_than', 'less_than_or_equal', 'greater_than', 'greater_than_or_equal'}}}
%0 = cuda_tile.cmpi bigger %i, %i, signed : tile<4xi32> -> tile<4xi1>

// -----

%c = "test.src"() : () -> !cuda_tile.tile<4xi1>
%v = "test.src"() : () -> !cuda_tile.tile<2xf32>
// expected-error @below{{'cuda_tile.select' op failed to verify that all of {cond, val_if_true, val_if_false, result} have same shape}}
%0 = cuda_tile.select %c, %v, %v : tile<4xi1>, tile<2xf32>

// -----

%c = "test.src"() : () -> !cuda_tile.tile<4xi8>
%v = "test.src"() : () -> !cuda_tile.tile<4xf32>
// expected-error @below{{'cuda_tile.select' op operand #0 must be tile of i1 values, but got '!cuda_tile.tile<4xi8>'}}
%0 = cuda_tile.select %c, %v, %v : tile<4xi8>, tile<4xf32>

// -----

%c = "test.src"() : () -> !cuda_tile.tile<4xi1>
%v = "test.src"() : () -> !cuda_tile.tile<4xf4E2M1FN>
// expected-error @below{{'cuda_tile.select' op cannot operate on sub-byte type F4E2M1FN}}
%0 = cuda_tile.select %c, %v, %v : tile<4xi1>, tile<4xf4E2M1FN>
