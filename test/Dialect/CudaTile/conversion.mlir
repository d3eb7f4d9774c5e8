// RUN: tile-read --allow-unregistered-dialect %s | FileCheck %s
// RUN: tile-read --allow-unregistered-dialect %s | tile-read --allow-unregistered-dialect | FileCheck %s
// RUN: tile-read --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tile-read --allow-unregistered-dialect --mlir-print-op-generic %s | tile-read --allow-unregistered-dialect | FileCheck %s

// Element type conversions round trip; default rounding modes are not
// printed.

%i8 = "test.src"() : () -> !cuda_tile.tile<4xi8>
%i64 = "test.src"() : () -> !cuda_tile.tile<4xi64>
%f32 = "test.src"() : () -> !cuda_tile.tile<4xf32>
%f16 = "test.src"() : () -> !cuda_tile.tile<4xf16>
%f64 = "test.src"() : () -> !cuda_tile.tile<4xf64>
%p = "test.src"() : () -> !cuda_tile.tile<4xptr<f32>>

// CHECK: cuda_tile.exti %{{.*}} signed : tile<4xi8> -> tile<4xi64>
// GENERIC: "cuda_tile.exti"(%{{.*}}) <{signedness = #cuda_tile.signedness<signed>}> : (!cuda_tile.tile<4xi8>) -> !cuda_tile.tile<4xi64>
%exti = cuda_tile.exti %i8 signed : tile<4xi8> -> tile<4xi64>
// CHECK: cuda_tile.trunci %{{.*}} : tile<4xi64> -> tile<4xi8>
%trunci = cuda_tile.trunci %i64 : tile<4xi64> -> tile<4xi8>
// i4 is an exti/trunci element since 13.3.
// CHECK: %[[I4:.*]] = cuda_tile.trunci %{{.*}} : tile<4xi8> -> tile<4xi4>
%trunci_i4 = cuda_tile.trunci %i8 : tile<4xi8> -> tile<4xi4>
// CHECK: cuda_tile.exti %[[I4]] signed : tile<4xi4> -> tile<4xi32>
%exti_i4 = cuda_tile.exti %trunci_i4 signed : tile<4xi4> -> tile<4xi32>
// CHECK: cuda_tile.trunci %{{.*}} overflow<no_unsigned_wrap> : tile<4xi64> -> tile<4xi8>
// GENERIC: "cuda_tile.trunci"(%{{.*}}) <{overflow = #cuda_tile.overflow<no_unsigned_wrap>}>
%trunci_nuw = cuda_tile.trunci %i64 overflow<no_unsigned_wrap> : tile<4xi64> -> tile<4xi8>
// CHECK: cuda_tile.itof %{{.*}} unsigned : tile<4xi8> -> tile<4xf32>
// GENERIC: "cuda_tile.itof"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<nearest_even>, signedness = #cuda_tile.signedness<unsigned>}>
%itof = cuda_tile.itof %i8 unsigned : tile<4xi8> -> tile<4xf32>
// CHECK: cuda_tile.ftoi %{{.*}} signed : tile<4xf32> -> tile<4xi64>
// GENERIC: "cuda_tile.ftoi"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<nearest_int_to_zero>, signedness = #cuda_tile.signedness<signed>}>
%ftoi = cuda_tile.ftoi %f32 signed rounding<nearest_int_to_zero> : tile<4xf32> -> tile<4xi64>
// CHECK: cuda_tile.ftoi %{{.*}} unsigned saturating : tile<4xf16> -> tile<4xi8>
// GENERIC: "cuda_tile.ftoi"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<nearest_int_to_zero>, saturating, signedness = #cuda_tile.signedness<unsigned>}>
%ftoi_sat = cuda_tile.ftoi %f16 unsigned saturating : tile<4xf16> -> tile<4xi8>
// CHECK: cuda_tile.ftof %{{.*}} : tile<4xf32> -> tile<4xf16>
%ftof = cuda_tile.ftof %f32 : tile<4xf32> -> tile<4xf16>
// Directed and ties-away rounding where NVIDIA's verifier admits them
// (docs/ftof-rounding.tsv).
// CHECK: cuda_tile.ftof %{{.*}} rounding<negative_inf> : tile<4xf64> -> tile<4xf32>
%ftof_rm = cuda_tile.ftof %f64 rounding<negative_inf> : tile<4xf64> -> tile<4xf32>
// CHECK: cuda_tile.ftof %{{.*}} rounding<nearest_away> : tile<4xf32> -> tile<4xtf32>
// GENERIC: "cuda_tile.ftof"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<nearest_away>}>
%ftof_rna = cuda_tile.ftof %f32 rounding<nearest_away> : tile<4xf32> -> tile<4xtf32>
// CHECK: cuda_tile.ftof %{{.*}} rounding<zero> : tile<4xf32> -> tile<4xbf16>
%ftof_rz = cuda_tile.ftof %f32 rounding<zero> : tile<4xf32> -> tile<4xbf16>
// CHECK: cuda_tile.ftof %{{.*}} rounding<positive_inf> : tile<4xf32> -> tile<4xf8E8M0FNU>
// GENERIC: "cuda_tile.ftof"(%{{.*}}) <{rounding_mode = #cuda_tile.rounding<positive_inf>}>
%ftof_e8 = cuda_tile.ftof %f32 rounding<positive_inf> : tile<4xf32> -> tile<4xf8E8M0FNU>
// CHECK: cuda_tile.bitcast %{{.*}} : tile<4xf32> -> tile<4xi32>
%bitcast = cuda_tile.bitcast %f32 : tile<4xf32> -> tile<4xi32>
// CHECK: cuda_tile.bitcast %{{.*}} : tile<4xi8> -> tile<4xf8E4M3FN>
%bitcast8 = cuda_tile.bitcast %i8 : tile<4xi8> -> tile<4xf8E4M3FN>
// CHECK: cuda_tile.ptr_to_int %{{.*}} : tile<4xptr<f32>> -> tile<4xi64>
%p2i = cuda_tile.ptr_to_int %p : tile<4xptr<f32>> -> tile<4xi64>
// CHECK: cuda_tile.int_to_ptr %{{.*}} : tile<4xi64> -> tile<4xptr<i8>>
%i2p = cuda_tile.int_to_ptr %i64 : tile<4xi64> -> tile<4xptr<i8>>
// CHECK: cuda_tile.ptr_to_ptr %{{.*}} : tile<4xptr<f32>> -> tile<4xptr<f64>>
// GENERIC: "cuda_tile.ptr_to_ptr"(%{{.*}}) : (!cuda_tile.tile<4xptr<f32>>) -> !cuda_tile.tile<4xptr<f64>>
%p2p = cuda_tile.ptr_to_ptr %p : tile<4xptr<f32>> -> tile<4xptr<f64>>

%i4 = "test.src"() : () -> !cuda_tile.tile<64xi4>
%bytes = "test.src"() : () -> !cuda_tile.tile<32xi8>
// CHECK: cuda_tile.pack %{{.*}} : tile<64xi4> -> tile<32xi8>
// GENERIC: "cuda_tile.pack"(%{{.*}}) : (!cuda_tile.tile<64xi4>) -> !cuda_tile.tile<32xi8>
%pack = cuda_tile.pack %i4 : tile<64xi4> -> tile<32xi8>
// CHECK: cuda_tile.pack %{{.*}} : tile<4xf32> -> tile<16xi8>
%pack_f32 = cuda_tile.pack %f32 : tile<4xf32> -> tile<16xi8>
// CHECK: cuda_tile.unpack %{{.*}} : tile<32xi8> -> tile<256xi1>
%unpack_i1 = cuda_tile.unpack %bytes : tile<32xi8> -> tile<256xi1>
// CHECK: cuda_tile.unpack %{{.*}} : tile<32xi8> -> tile<64xf4E2M1FN>
%unpack_f4 = cuda_tile.unpack %bytes : tile<32xi8> -> tile<64xf4E2M1FN>
