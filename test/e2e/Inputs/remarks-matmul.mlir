// A k-loop matmul whose ops carry source positions, for tileiras-remarks.test.
#file = #cuda_tile.di_file<"matmul.py" in "/src/">
#cu = #cuda_tile.di_compile_unit<file = #file>
#sp = #cuda_tile.di_subprogram<file = #file, line = 3, name = "matmul", linkageName = "matmul", compileUnit = #cu, scopeLine = 4>
cuda_tile.module @kernels {
  entry @matmul(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [128, 512], strides = [512, 1] : tensor_view<128x512xf16, strides=[512,1]>
    %vb = make_tensor_view %b16, shape = [512, 128], strides = [128, 1] : tensor_view<512x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %steps = constant <i32: 8> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %sum = for %k in (%zero to %steps, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
      %x0, %tx0 = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x64xf16>, token loc(#cuda_tile.di_loc<loc("/src/matmul.py":10:13) in #sp>)
      %y0, %ty0 = load_view_tko weak %qb[%k, %zero] token = %t0 optimization_hints = <sm_90 = {latency = 3}> : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token loc(#cuda_tile.di_loc<loc("/src/matmul.py":11:13) in #sp>)
      %s0 = mmaf %x0, %y0, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32> loc(#cuda_tile.di_loc<loc("/src/matmul.py":12:14) in #sp>)
      continue %s0 : tile<128x128xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token loc(#cuda_tile.di_loc<loc("/src/matmul.py":14:4) in #sp>)
    return
  } loc(#cuda_tile.di_loc<loc("/src/matmul.py":3:0) in #sp>)
}
