// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=serial --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s
// RUN: tile-lower %s --gpu-name=sm_90 --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s

// A unicast or `none` pointer classification changes nothing below the
// verifier: the pointer is a global address like any other. (NVIDIA's
// tileiras 13.5 refuses every classified pointer before sm_100, e.g.
// "unicast pointers require sm_100 or sm_103 or sm_107".)

// CHECK-LABEL: gpu.func @copy(
// CHECK: llvm.load %{{.+}} : !llvm.ptr<1> -> f32
// CHECK: llvm.store %{{.+}}, %{{.+}} : f32, !llvm.ptr<1>
cuda_tile.module @m {
  entry @copy(%src: tile<ptr<f32, <unicast>>>, %dst: tile<ptr<f32, <none>>>, %i: tile<i32>) {
    %sv = make_tensor_view %src, shape = [256], strides = [1] : tile<ptr<f32, <unicast>>> -> tensor_view<256xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>
    %sp = make_partition_view %sv : partition_view<tile=(32), tensor_view<256xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>>
    %dv = make_tensor_view %dst, shape = [256], strides = [1] : tile<ptr<f32, <none>>> -> tensor_view<256xf32, strides=[1], #cuda_tile.ptr_attr<none>>
    %dp = make_partition_view %dv : partition_view<tile=(32), tensor_view<256xf32, strides=[1], #cuda_tile.ptr_attr<none>>>
    %t, %tok = load_view_tko weak %sp[%i] : partition_view<tile=(32), tensor_view<256xf32, strides=[1], #cuda_tile.ptr_attr<unicast>>>, tile<i32> -> tile<32xf32>, token
    %done = store_view_tko weak %t, %dp[%i] token = %tok : tile<32xf32>, partition_view<tile=(32), tensor_view<256xf32, strides=[1], #cuda_tile.ptr_attr<none>>>, tile<i32> -> token
    return
  }
}
