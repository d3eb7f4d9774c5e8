// View loads and stores reach ptxas as global loads and stores, each behind
// its bounds check; orderings and scopes become the PTX memory qualifiers.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir %t
// RUN: tile-read %s | tile-lower --gpu-name=sm_90 | tile-sched | tile-llc --emit=ptx -o %t/views.ptx
// RUN: tile-link %t/views.ptx -o %t/views.cubin
// RUN: FileCheck %s < %t/views.ptx

// copy: tile %i of 4 floats starts at element 4 * %i; each element is loaded
// only when its coordinate is below the dynamic size (unsigned, so negative
// tiles are out of bounds too), and stored under the same check.
// CHECK-LABEL: .entry copy(
// CHECK: ld.param.s32 [[N:%rd[0-9]+]], [copy_param_1];
// CHECK: ld.param.b32 [[I:%r[0-9]+]], [copy_param_3];
// CHECK: mul.wide.s32 [[ORIGIN:%rd[0-9]+]], [[I]], 4;
// CHECK: setp.ge.u64 [[OUT0:%p[0-9]+]], [[ORIGIN]], [[N]];
// CHECK: mul.wide.s32 [[BYTES:%rd[0-9]+]], [[I]], 16;
// CHECK: mov.b32 {{%r[0-9]+}}, 0f00000000;
// CHECK: @[[OUT0]] bra
// CHECK: ld.global.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}];
// CHECK: setp.ge.u64 [[OUT1:%p[0-9]+]], {{%rd[0-9]+}}, [[N]];
// CHECK: @[[OUT1]] bra
// CHECK: ld.global.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}+4];
// CHECK: ld.global.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}+8];
// CHECK: ld.global.b32 {{%r[0-9]+}}, [{{%rd[0-9]+}}+12];
// CHECK: add.s64 [[C:%rd[0-9]+]], [[BYTES]], {{%rd[0-9]+}};
// CHECK: @[[OUT0]] bra
// CHECK: st.global.b32 [[[C]]], {{%r[0-9]+}};
// CHECK: @[[OUT1]] bra
// CHECK: st.global.b32 [[[C]]+4], {{%r[0-9]+}};
// CHECK: st.global.b32 [[[C]]+8], {{%r[0-9]+}};
// CHECK: st.global.b32 [[[C]]+12], {{%r[0-9]+}};

// ordered: the static size 64 folds into the check; memory orderings and
// scopes map onto PTX (tl_blk = cta, device = gpu).
// CHECK-LABEL: .entry ordered(
// CHECK: setp.gt.u64 {{%p[0-9]+}}, {{%rd[0-9]+}}, 63;
// CHECK: ld.acquire.gpu.global.b32
// CHECK: ld.acquire.gpu.global.b32
// CHECK: ld.relaxed.sys.global.b32
// CHECK: ld.relaxed.sys.global.b32
// CHECK: st.release.cta.global.b32
// CHECK: st.release.cta.global.b32
// CHECK: atom.global.add.u32
// CHECK: atom.global.add.u32

cuda_tile.module @kernels {
  entry @copy(%a: tile<ptr<f32>>, %n: tile<i32>, %c: tile<ptr<f32>>, %i: tile<i32>) {
    %ta = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %tc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %pc = make_partition_view %tc : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>
    %t, %tok = load_view_tko weak %pa[%i] : partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<4xf32>, token
    %tok2 = store_view_tko weak %t, %pc[%i] : tile<4xf32>, partition_view<tile=(4), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
  entry @ordered(%a: tile<ptr<i32>>, %i: tile<i32>) {
    %ta = make_tensor_view %a, shape = [64], strides = [1] : tensor_view<64xi32, strides=[1]>
    %pa = make_partition_view %ta : partition_view<tile=(2), tensor_view<64xi32, strides=[1]>>
    %x, %t0 = load_view_tko acquire device %pa[%i] : partition_view<tile=(2), tensor_view<64xi32, strides=[1]>>, tile<i32> -> tile<2xi32>, token
    %y, %t1 = load_view_tko relaxed sys %pa[%i] : partition_view<tile=(2), tensor_view<64xi32, strides=[1]>>, tile<i32> -> tile<2xi32>, token
    %t2 = store_view_tko release tl_blk %x, %pa[%i] : tile<2xi32>, partition_view<tile=(2), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    %t3 = atomic_red_view_tko relaxed device %pa[%i], add, %y : tile<2xi32>, partition_view<tile=(2), tensor_view<64xi32, strides=[1]>>, tile<i32> -> token
    return
  }
}
