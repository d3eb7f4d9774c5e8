// A 128x64 block of D = A B with A (m x k, row-major, leading dimension
// lda) and B (k x n, row-major, ldb) given by kernel parameters: on sm_90
// both operands come by TMA, so the kernel takes a hidden tensor-map
// parameter for each. A's tiles are 128x128 (128-byte rows of k: box
// 64 x 128, 128-byte swizzle), B's 128x64 (mn-major atoms of 64 values of
// n: box 64 x 64).
cuda_tile.module @kernels {
  entry @tma_matmul(%a: tile<ptr<f16>>, %m: tile<i32>, %k: tile<i32>, %lda: tile<i32>, %b: tile<ptr<f16>>, %n: tile<i32>, %ldb: tile<i32>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %lda8 = assume div_by<8>, %lda : tile<i32>
    %ldb8 = assume div_by<8>, %ldb : tile<i32>
    %va = make_tensor_view %a16, shape = [%m, %k], strides = [%lda8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %vb = make_tensor_view %b16, shape = [%k, %n], strides = [%ldb8, 1] : tile<i32> -> tensor_view<?x?xf16, strides=[?,1]>
    %vd = make_tensor_view %d, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x64), tensor_view<?x?xf16, strides=[?,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x128), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x128xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<?x?xf16, strides=[?,1]>>, tile<i32> -> tile<128x64xf16>, token
    %acc = constant <f32: 0.0> : tile<128x64xf32>
    %r = mmaf %x, %y, %acc : tile<128x128xf16>, tile<128x64xf16>, tile<128x64xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
