// A 16x16x16 mma (mma.sync on sm_90: 16 rows are no wgmma block) whose
// operands are not known to be aligned (so no TMA loads) and whose f32
// result goes to a 16-byte aligned tensor, for tma-store.test.
cuda_tile.module @kernels {
  entry @small(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %va = make_tensor_view %a, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf16, strides=[16,1]>
    %vb = make_tensor_view %b, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf16, strides=[16,1]>
    %vd = make_tensor_view %d16, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>, tile<i32> -> tile<16x16xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>, tile<i32> -> tile<16x16xf16>, token
    %acc = constant <f32: 0.0> : tile<16x16xf32>
    %r = mmaf %x, %y, %acc : tile<16x16xf16>, tile<16x16xf16>, tile<16x16xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
