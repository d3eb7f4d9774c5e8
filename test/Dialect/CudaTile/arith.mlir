// RUN: tile-read --allow-unregistered-dialect %s | FileCheck %s
// RUN: tile-read --allow-unregistered-dialect %s | tile-read --allow-unregistered-dialect | FileCheck %s
// RUN: tile-read --allow-unregistered-dialect --mlir-print-op-generic %s | FileCheck %s --check-prefix=GENERIC
// RUN: tile-read --allow-unregistered-dialect --mlir-print-op-generic %s | tile-read --allow-unregistered-dialect | FileCheck %s

// Elementwise arithmetic, comparison and select: custom syntax round trips,
// defaults are not printed, and the generic form carries the attribute
// names the bytecode uses.

%i = "test.src"() : () -> !cuda_tile.tile<4xi32>
%f = "test.src"() : () -> !cuda_tile.tile<2x2xf32>
%h = "test.src"() : () -> !cuda_tile.tile<f16>
%c = "test.src"() : () -> !cuda_tile.tile<2x2xi1>

// CHECK: cuda_tile.absi %{{.*}} : tile<4xi32>
%absi = cuda_tile.absi %i : tile<4xi32>
// CHECK: cuda_tile.addi %[[I:.*]], %[[I]] : tile<4xi32>
%addi = cuda_tile.addi %i, %i : tile<4xi32>
// CHECK: cuda_tile.addi %{{.*}}, %{{.*}} overflow<no_signed_wrap> : tile<4xi32>
// GENERIC: "cuda_tile.addi"(%{{.*}}, %{{.*}}) <{overflow = #cuda_tile.overflow<no_signed_wrap>}>
%addi_nsw = cuda_tile.addi %i, %i overflow<no_signed_wrap> : tile<4xi32>
// `overflow<none>` is the default and disappears.
// CHECK: cuda_tile.subi %{{.*}}, %{{.*}} : tile<4xi32>
%subi = cuda_tile.subi %i, %i overflow<none> : tile<4xi32>
// CHECK: cuda_tile.muli %{{.*}}, %{{.*}} overflow<no_wrap> : tile<4xi32>
%muli = cuda_tile.muli %i, %i overflow<no_wrap> : tile<4xi32>
// CHECK: cuda_tile.shli %{{.*}}, %{{.*}} overflow<no_unsigned_wrap> : tile<4xi32>
%shli = cuda_tile.shli %i, %i overflow<no_unsigned_wrap> : tile<4xi32>
// CHECK: cuda_tile.mulhii %{{.*}}, %{{.*}} : tile<4xi32>
// GENERIC: "cuda_tile.mulhii"(%{{.*}}, %{{.*}}) : (!cuda_tile.tile<4xi32>, !cuda_tile.tile<4xi32>) -> !cuda_tile.tile<4xi32>
%mulhii = cuda_tile.mulhii %i, %i : tile<4xi32>
// CHECK: cuda_tile.shri %{{.*}}, %{{.*}} unsigned : tile<4xi32>
// GENERIC: "cuda_tile.shri"(%{{.*}}, %{{.*}}) <{signedness = #cuda_tile.signedness<unsigned>}>
%shri = cuda_tile.shri %i, %i unsigned : tile<4xi32>
// CHECK: cuda_tile.maxi %{{.*}}, %{{.*}} signed : tile<4xi32>
%maxi = cuda_tile.maxi %i, %i signed : tile<4xi32>
// CHECK: cuda_tile.mini %{{.*}}, %{{.*}} unsigned : tile<4xi32>
%mini = cuda_tile.mini %i, %i unsigned : tile<4xi32>
// CHECK: cuda_tile.remi %{{.*}}, %{{.*}} signed : tile<4xi32>
%remi = cuda_tile.remi %i, %i signed : tile<4xi32>
// CHECK: cuda_tile.divi %{{.*}}, %{{.*}} unsigned : tile<4xi32>
%divi = cuda_tile.divi %i, %i unsigned : tile<4xi32>
// `rounding<zero>` is the default of divi.
// CHECK: cuda_tile.divi %{{.*}}, %{{.*}} signed : tile<4xi32>
%divi_zero = cuda_tile.divi %i, %i signed rounding<zero> : tile<4xi32>
// CHECK: cuda_tile.divi %{{.*}}, %{{.*}} signed rounding<negative_inf> : tile<4xi32>
// GENERIC: "cuda_tile.divi"(%{{.*}}, %{{.*}}) <{rounding = #cuda_tile.rounding<negative_inf>, signedness = #cuda_tile.signedness<signed>}>
%divi_floor = cuda_tile.divi %i, %i signed rounding<negative_inf> : tile<4xi32>
// CHECK: cuda_tile.divi %{{.*}}, %{{.*}} unsigned rounding<positive_inf> : tile<4xi32>
%divi_ceil = cuda_tile.divi %i, %i unsigned rounding<positive_inf> : tile<4xi32>
// CHECK: cuda_tile.negi %{{.*}} : tile<4xi32>
%negi = cuda_tile.negi %i : tile<4xi32>
// CHECK: cuda_tile.negi %{{.*}} overflow<no_signed_wrap> : tile<4xi32>
%negi_nsw = cuda_tile.negi %i overflow<no_signed_wrap> : tile<4xi32>
// CHECK: cuda_tile.andi %{{.*}}, %{{.*}} : tile<4xi32>
%andi = cuda_tile.andi %i, %i : tile<4xi32>
// CHECK: cuda_tile.ori %{{.*}}, %{{.*}} : tile<4xi32>
%ori = cuda_tile.ori %i, %i : tile<4xi32>
// CHECK: cuda_tile.xori %{{.*}}, %{{.*}} : tile<4xi32>
%xori = cuda_tile.xori %i, %i : tile<4xi32>

// CHECK: cuda_tile.absf %{{.*}} : tile<2x2xf32>
%absf = cuda_tile.absf %f : tile<2x2xf32>
// CHECK: cuda_tile.negf %{{.*}} : tile<f16>
%negf = cuda_tile.negf %h : tile<f16>
// `rounding<nearest_even>` is the default of the IEEE ops.
// CHECK: cuda_tile.addf %{{.*}}, %{{.*}} : tile<2x2xf32>
// GENERIC: "cuda_tile.addf"(%{{.*}}, %{{.*}}) <{rounding_mode = #cuda_tile.rounding<nearest_even>}>
%addf = cuda_tile.addf %f, %f rounding<nearest_even> : tile<2x2xf32>
// CHECK: cuda_tile.addf %{{.*}}, %{{.*}} rounding<zero> flush_to_zero : tile<2x2xf32>
// GENERIC: "cuda_tile.addf"(%{{.*}}, %{{.*}}) <{flush_to_zero, rounding_mode = #cuda_tile.rounding<zero>}>
%addf_rz = cuda_tile.addf %f, %f rounding<zero> flush_to_zero : tile<2x2xf32>
// CHECK: cuda_tile.subf %{{.*}}, %{{.*}} rounding<negative_inf> : tile<f16>
%subf = cuda_tile.subf %h, %h rounding<negative_inf> : tile<f16>
// CHECK: cuda_tile.mulf %{{.*}}, %{{.*}} rounding<positive_inf> : tile<2x2xf32>
%mulf = cuda_tile.mulf %f, %f rounding<positive_inf> : tile<2x2xf32>
// CHECK: cuda_tile.divf %{{.*}}, %{{.*}} : tile<f16>
%divf = cuda_tile.divf %h, %h : tile<f16>
// CHECK: cuda_tile.divf %{{.*}}, %{{.*}} rounding<approx> flush_to_zero : tile<2x2xf32>
%divf_approx = cuda_tile.divf %f, %f rounding<approx> flush_to_zero : tile<2x2xf32>
// CHECK: cuda_tile.divf %{{.*}}, %{{.*}} rounding<full> : tile<2x2xf32>
%divf_full = cuda_tile.divf %f, %f rounding<full> : tile<2x2xf32>
// CHECK: cuda_tile.remf %{{.*}}, %{{.*}} : tile<f16>
%remf = cuda_tile.remf %h, %h : tile<f16>
// CHECK: cuda_tile.maxf %{{.*}}, %{{.*}} : tile<f16>
%maxf = cuda_tile.maxf %h, %h : tile<f16>
// CHECK: cuda_tile.maxf %{{.*}}, %{{.*}} flush_to_zero propagate_nan : tile<2x2xf32>
// GENERIC: "cuda_tile.maxf"(%{{.*}}, %{{.*}}) <{flush_to_zero, propagate_nan}>
%maxf_both = cuda_tile.maxf %f, %f propagate_nan flush_to_zero : tile<2x2xf32>
// CHECK: cuda_tile.minf %{{.*}}, %{{.*}} propagate_nan : tile<f16>
%minf = cuda_tile.minf %h, %h propagate_nan : tile<f16>
// CHECK: cuda_tile.fma %{{.*}}, %{{.*}}, %{{.*}} rounding<zero> : tile<2x2xf32>
%fma = cuda_tile.fma %f, %f, %f rounding<zero> : tile<2x2xf32>
// CHECK: cuda_tile.fma %{{.*}}, %{{.*}}, %{{.*}} flush_to_zero : tile<2x2xf32>
%fma_ftz = cuda_tile.fma %f, %f, %f flush_to_zero : tile<2x2xf32>

// CHECK: cuda_tile.cmpi less_than %{{.*}}, %{{.*}}, signed : tile<4xi32> -> tile<4xi1>
// GENERIC: "cuda_tile.cmpi"(%{{.*}}, %{{.*}}) <{comparison_predicate = #cuda_tile.comparison_predicate<less_than>, signedness = #cuda_tile.signedness<signed>}>
%cmpi = cuda_tile.cmpi less_than %i, %i, signed : tile<4xi32> -> tile<4xi1>
// CHECK: cuda_tile.cmpi greater_than_or_equal %{{.*}}, %{{.*}}, unsigned : tile<4xi32> -> tile<4xi1>
%cmpi_uge = cuda_tile.cmpi greater_than_or_equal %i, %i, unsigned : tile<4xi32> -> tile<4xi1>
// CHECK: cuda_tile.cmpf not_equal unordered %{{.*}}, %{{.*}} : tile<2x2xf32> -> tile<2x2xi1>
// GENERIC: "cuda_tile.cmpf"(%{{.*}}, %{{.*}}) <{comparison_ordering = #cuda_tile.comparison_ordering<unordered>, comparison_predicate = #cuda_tile.comparison_predicate<not_equal>}>
%cmpf = cuda_tile.cmpf not_equal unordered %f, %f : tile<2x2xf32> -> tile<2x2xi1>
// CHECK: cuda_tile.select %{{.*}}, %{{.*}}, %{{.*}} : tile<2x2xi1>, tile<2x2xf32>
%sel = cuda_tile.select %c, %f, %f : tile<2x2xi1>, tile<2x2xf32>
