// A 64x64 f16 wgmma/tcgen05/mma.sync result stored by TMA (test/e2e/tma-store.test).
cuda_tile.module @kernels {
  entry @matrix_store(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 64], strides = [1, 128] : tensor_view<128x64xf16, strides=[1,128]>
    %vd = make_tensor_view %d16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>, tile<i32> -> tile<128x64xf16>, token
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %x, %y, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
    %h = ftof %r : tile<64x64xf32> -> tile<64x64xf16>
    %done = store_view_tko weak %h, %qd[%zero, %zero] token = %t0 : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
