// A 16x16 f32 = 16x64 f16 x 64x16 f16 + 1.0 matmul: two mma.sync fragments.
cuda_tile.module @kernels {
  entry @mma_sync_f16(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf16, strides=[16,1]>
    %vc = make_tensor_view %c, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x64), tensor_view<16x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(16x64), tensor_view<16x64xf16, strides=[64,1]>>, tile<i32> -> tile<16x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>, tile<i32> -> tile<64x16xf16>, token
    %acc = constant <f32: 1.0> : tile<16x16xf32>
    %r = mmaf %x, %y, %acc : tile<16x64xf16>, tile<64x16xf16>, tile<16x16xf32>
    %done = store_view_tko weak %r, %qc[%zero, %zero] token = %t0 : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
