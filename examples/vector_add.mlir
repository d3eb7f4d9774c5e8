// A 1-D vector add, c = a + b, in tiles of 16 elements: the bundled example of
// README.md. examples/vector_add.tileirbc is this file as Tile IR bytecode 13.4
// (tile-read vector_add.mlir --emit=bytecode -o vector_add.tileirbc).
cuda_tile.module @kernels {
  entry @vector_add(%a: tile<ptr<f32>>, %a_n: tile<i32>, %a_s: tile<i32>,
                    %b: tile<ptr<f32>>, %b_n: tile<i32>, %b_s: tile<i32>,
                    %c: tile<ptr<f32>>, %c_n: tile<i32>, %c_s: tile<i32>) {
    %t0 = make_token : token
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pb = assume div_by<16>, %b : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %va = make_tensor_view %pa, shape = [%a_n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %vb = make_tensor_view %pb, shape = [%b_n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %vc = make_tensor_view %pc, shape = [%c_n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %qa = make_partition_view %va : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %qb = make_partition_view %vb : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %qc = make_partition_view %vc : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%bx] token = %t0 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %y, %ty = load_view_tko weak %qb[%bx] token = %t0 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %sum = addf %x, %y : tile<16xf32>
    %done = store_view_tko weak %sum, %qc[%bx] token = %t0 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
