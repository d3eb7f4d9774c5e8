// A vector add written in cuda_tile MLIR runs on the host through
// tile-llc --emit=host-obj and matches numpy; no ptxas involved.
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_90 %s | tile-sched | tile-llc --emit=host-obj -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_vector_add.py %t.so 4096 16 | FileCheck %s
// RUN: tile-lower --gpu-name sm_90 %s | tile-sched | tile-llc --emit=host-llvm | FileCheck %s --check-prefix=IR

// CHECK: vector_add: 4096 elements match numpy

// IR: define void @vector_add__host(ptr {{.*}}%0, ptr {{.*}}%1)
// IR-NOT: addrspace(1)
// IR: load float
// IR-NOT: @vector_add(

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
