// mmaf on CUDA cores in the parallel form (m = 4: no whole mma.sync
// fragment) through LLVM's NVPTX back end and ptxas: the accumulator stays
// in registers (no local memory), each chunk of the operands is written to
// its half of a double buffer in shared memory with constant offsets from
// one thread address, then one bar.sync (none before the first: nothing used
// shared memory yet), and each k step reads one lhs and one rhs half,
// widened, for one fma.rn.f32 chained on the previous one.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir %t
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel | tile-sched | tile-llc --emit=ptx -o %t/mma.ptx
// RUN: tile-link %t/mma.ptx -o %t/mma.cubin
// RUN: FileCheck %s < %t/mma.ptx

// CHECK-NOT: .local
// CHECK-LABEL: .entry mmaf_f16(
// CHECK: .reqntid 128, 1, 1
// CHECK: .shared .align 16 .b8 {{.+}}[4608];
// CHECK-NOT: bar.sync
// CHECK: st.shared.b16 [[[SLOT:%rd[0-9]+]]], {{%rs[0-9]+}};
// CHECK-NEXT: st.shared.b16 [[[SLOT]]+8], {{%rs[0-9]+}};
// CHECK: bar.sync 0;
// CHECK: ld.shared.b16 [[A:%rs[0-9]+]], [{{%rd[0-9]+}}{{.*}}];
// CHECK-NEXT: cvt.f32.f16 [[WA:%r[0-9]+]], [[A]];
// CHECK: ld.shared.b16 [[B:%rs[0-9]+]], [{{%rd[0-9]+}}{{.*}}];
// CHECK-NEXT: cvt.f32.f16 [[WB:%r[0-9]+]], [[B]];
// CHECK-NEXT: fma.rn.f32 [[S:%r[0-9]+]], [[WA]], [[WB]], {{%r[0-9]+}};
// CHECK: fma.rn.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}}, [[S]];
// CHECK: st.global
// CHECK-NOT: .local
cuda_tile.module @kernels {
  entry @mmaf_f16(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf16, strides=[32,1]>
    %vc = make_tensor_view %c, shape = [4, 32], strides = [32, 1] : tensor_view<4x32xf32, strides=[32,1]>
    %qa = make_partition_view %va : partition_view<tile=(4x64), tensor_view<4x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x32), tensor_view<64x32xf16, strides=[32,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(4x32), tensor_view<4x32xf32, strides=[32,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(4x64), tensor_view<4x64xf16, strides=[64,1]>>, tile<i32> -> tile<4x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x32), tensor_view<64x32xf16, strides=[32,1]>>, tile<i32> -> tile<64x32xf16>, token
    %acc = constant <f32: 1.0> : tile<4x32xf32>
    %r = mmaf %x, %y, %acc : tile<4x64xf16>, tile<64x32xf16>, tile<4x32xf32>
    %done = store_view_tko weak %r, %qc[%zero, %zero] token = %t0 : tile<4x32xf32>, partition_view<tile=(4x32), tensor_view<4x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}
