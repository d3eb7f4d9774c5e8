// The serial mma and reduce lowerings reach ptxas: each k step is one pair of
// widened inputs and one fma chained on the previous step, the accumulator is
// added to the chain's sum, and the row reduction is a chain of f32 adds.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir %t
// RUN: tile-lower %s --gpu-name=sm_90 | tile-sched | tile-llc --emit=ptx -o %t/mma.ptx
// RUN: tile-link %t/mma.ptx -o %t/mma.cubin
// RUN: FileCheck %s < %t/mma.ptx

// CHECK-LABEL: .entry matmul_rowsum(
// CHECK: ld.global.b16
// CHECK: cvt.f32.f16 [[X:%r[0-9]+]],
// CHECK: fma.rn.f32 [[S:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK: fma.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, [[S]];
// CHECK: add.rn.f32 [[D:%r[0-9]+]], {{%r[0-9]+}}, {{%r[0-9]+}};
// CHECK-NEXT: st.local.b32 [{{%rd[0-9]+}}], [[D]];
// CHECK: add.rn.f32 [[R:%r[0-9]+]],
// CHECK-NEXT: add.rn.f32 {{%r[0-9]+}}, [[R]],
// CHECK: st.global.b32

// f8 inputs travel as bytes and are decoded with integer and f32 arithmetic
// (no f8 conversion instructions), then accumulated with fma.
// CHECK-LABEL: .entry matmul_f8(
// CHECK: ld.global.b8
// CHECK-NOT: e4m3
// CHECK: fma.rn.f32
// CHECK: st.global.b32
cuda_tile.module @m {
  entry @matmul_rowsum(%pa: tile<ptr<f16>>, %pb: tile<ptr<f16>>, %pc: tile<ptr<f32>>) {
    %t = make_token : token
    %zero = constant <i32: 0> : tile<i32>
    %va = make_tensor_view %pa, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf16, strides=[16,1]>
    %vb = make_tensor_view %pb, shape = [16, 8], strides = [8, 1] : tensor_view<16x8xf16, strides=[8,1]>
    %vc = make_tensor_view %pc, shape = [16], strides = [1] : tensor_view<16xf32, strides=[1]>
    %qa = make_partition_view %va : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(16x8), tensor_view<16x8xf16, strides=[8,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>
    %a, %t1 = load_view_tko weak %qa[%zero, %zero] token = %t : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>, tile<i32> -> tile<16x16xf16>, token
    %b, %t2 = load_view_tko weak %qb[%zero, %zero] token = %t : partition_view<tile=(16x8), tensor_view<16x8xf16, strides=[8,1]>>, tile<i32> -> tile<16x8xf16>, token
    %acc = constant <f32: 0.0> : tile<16x8xf32>
    %p = mmaf %a, %b, %acc : tile<16x16xf16>, tile<16x8xf16>, tile<16x8xf32>
    %s = reduce %p dim=1 identities=[0.0 : f32] : tile<16x8xf32> -> tile<16xf32>
        (%x: tile<f32>, %y: tile<f32>) {
      %z = addf %x, %y : tile<f32>
      yield %z : tile<f32>
    }
    %t3 = store_view_tko weak %s, %qc[%zero] token = %t : tile<16xf32>, partition_view<tile=(16), tensor_view<16xf32, strides=[1]>>, tile<i32> -> token
    return
  }

  entry @matmul_f8(%pa: tile<ptr<f8E4M3FN>>, %pc: tile<ptr<f32>>) {
    %t = make_token : token
    %zero = constant <i32: 0> : tile<i32>
    %va = make_tensor_view %pa, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf8E4M3FN, strides=[16,1]>
    %vc = make_tensor_view %pc, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x16), tensor_view<16x16xf8E4M3FN, strides=[16,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %a, %t1 = load_view_tko weak %qa[%zero, %zero] token = %t : partition_view<tile=(16x16), tensor_view<16x16xf8E4M3FN, strides=[16,1]>>, tile<i32> -> tile<16x16xf8E4M3FN>, token
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    %p = mmaf %a, %a, %acc : tile<16x16xf8E4M3FN>, tile<16x16xf8E4M3FN>, tile<16x16xf32>
    %t2 = store_view_tko weak %p, %qc[%zero, %zero] token = %t : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
