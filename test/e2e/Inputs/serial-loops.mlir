// A tile of 512 elements loaded, incremented and stored back: one element
// loop per op in the serial form (serial-loops-nounroll.test).
cuda_tile.module @kernels {
  entry @add_ones(%a: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %va = make_tensor_view %pa, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %qa = make_partition_view %va : partition_view<tile=(512), tensor_view<?xf32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%bx] token = %t0 : partition_view<tile=(512), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<512xf32>, token
    %one = constant <f32: 1.0> : tile<512xf32>
    %y = addf %x, %one : tile<512xf32>
    %done = store_view_tko weak %y, %qa[%bx] token = %tx : tile<512xf32>, partition_view<tile=(512), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
