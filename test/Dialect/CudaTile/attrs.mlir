// RUN: tile-read %s | FileCheck %s
// RUN: tile-read %s | tile-read | FileCheck %s

// CHECK-LABEL: cuda_tile.module @enums
// CHECK-SAME: cmp = #cuda_tile.comparison_predicate<greater_than_or_equal>
// CHECK-SAME: order = #cuda_tile.comparison_ordering<unordered>
// CHECK-SAME: overflow = #cuda_tile.overflow<no_signed_wrap>
// CHECK-SAME: padding = #cuda_tile.padding_value<neg_inf>
// CHECK-SAME: rounding = #cuda_tile.rounding<nearest_int_to_zero>
// CHECK-SAME: sign = #cuda_tile.signedness<unsigned>
// CHECK-SAME: visibility = #cuda_tile.symbol_visibility<private>
cuda_tile.module @enums attributes {
  cmp = #cuda_tile.comparison_predicate<greater_than_or_equal>,
  order = #cuda_tile.comparison_ordering<unordered>,
  overflow = #cuda_tile.overflow<no_signed_wrap>,
  padding = #cuda_tile.padding_value<neg_inf>,
  rounding = #cuda_tile.rounding<nearest_int_to_zero>,
  sign = #cuda_tile.signedness<unsigned>,
  visibility = #cuda_tile.symbol_visibility<private>
} {
}

// CHECK-LABEL: cuda_tile.module @predicates
// CHECK-SAME: b0 = #cuda_tile.bounded<0, ?>
// CHECK-SAME: b1 = #cuda_tile.bounded<?, 42>
// CHECK-SAME: b2 = #cuda_tile.bounded<?, ?>
// CHECK-SAME: b3 = #cuda_tile.bounded<-16, 4>
// CHECK-SAME: d0 = #cuda_tile.div_by<16>
// CHECK-SAME: d1 = #cuda_tile.div_by<8, every 2 along 0>
// CHECK-SAME: s0 = #cuda_tile.same_elements<[2, 4]>
// CHECK-SAME: s1 = #cuda_tile.same_elements<[]>
cuda_tile.module @predicates attributes {
  b0 = #cuda_tile.bounded<0, ?>,
  b1 = #cuda_tile.bounded<?, 42>,
  b2 = #cuda_tile.bounded<?, ?>,
  b3 = #cuda_tile.bounded<-16, 4>,
  d0 = #cuda_tile.div_by<16>,
  d1 = #cuda_tile.div_by<8, every 2 along 0>,
  s0 = #cuda_tile.same_elements<[2, 4]>,
  s1 = #cuda_tile.same_elements<[]>
} {
}

// Hint values print without their integer type.
// CHECK-LABEL: cuda_tile.module @hints
// CHECK-SAME: empty = #cuda_tile.optimization_hints<>
// CHECK-SAME: per_arch = #cuda_tile.optimization_hints<sm_100 = {num_cta_in_cga = 2}, sm_120 = {num_cta_in_cga = 2, occupancy = 2}>
// CHECK-SAME: view = #cuda_tile.optimization_hints<sm_90 = {allow_tma = false, latency = 3}>
cuda_tile.module @hints attributes {
  empty = #cuda_tile.optimization_hints<>,
  per_arch = #cuda_tile.optimization_hints<sm_100 = {num_cta_in_cga = 2}, sm_120 = {num_cta_in_cga = 2, occupancy = 2}>,
  view = #cuda_tile.optimization_hints<sm_90 = {allow_tma = false, latency = 3}>
} {
}
