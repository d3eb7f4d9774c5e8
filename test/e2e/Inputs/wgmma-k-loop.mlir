// A k-loop matmul on sm_90's wgmma whose trip count is a parameter (so
// LLVM keeps the loop) and whose f32 sums are rounded to f16 after it, for
// wgmma-pipeline.test.
cuda_tile.module @kernels {
  entry @matmul(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>, %steps: tile<i32>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [128, 4096], strides = [4096, 1] : tensor_view<128x4096xf16, strides=[4096,1]>
    %vb = make_tensor_view %b16, shape = [4096, 128], strides = [128, 1] : tensor_view<4096x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x4096xf16, strides=[4096,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<4096x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %sum = for %k in (%zero to %steps, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<128x4096xf16, strides=[4096,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<4096x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %s = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %s : tile<128x128xf32>
    }
    %h = ftof %sum : tile<128x128xf32> -> tile<128x128xf16>
    %done = store_view_tko weak %h, %qd[%zero, %zero] token = %t0 : tile<128x128xf16>, partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
