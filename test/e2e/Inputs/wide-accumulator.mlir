// A matmul whose 256x256 f32 accumulator tile-lower splits into column
// slices on sm_90 (a remark of tile-lower, not of tile-sched).
cuda_tile.module @kernels {
  entry @matmul(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>, %i: tile<i32>, %j: tile<i32>, %n: tile<i32>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %vb = make_tensor_view %b, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %vd = make_tensor_view %d, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<256x256xf32>
    %r = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xf32>) {
      %x, %tx = load_view_tko weak %qa[%i, %k] token = %t0 : partition_view<tile=(256x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<256x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %j] token = %t0 : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %x, %y, %acc : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
      continue %next : tile<256x256xf32>
    }
    %h = ftof %r : tile<256x256xf32> -> tile<256x256xf16>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %done = store_view_tko weak %h, %qd[%i, %j] token = %t0 : tile<256x256xf16>, partition_view<tile=(256x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}
