// A vector add whose tile blocks are clusters of two
// (tilechain-split-tiles-over-cluster): each CTA adds 8 of the tile's 16
// elements. On the host, K__host runs both CTAs of the cluster at its block
// id, each reading its rank, and the sums match numpy for the host's
// adversarial seed too; with the cluster cut to one CTA, half of every tile
// is never written, and the run says so. The same on sm_100.
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched > %t.sched.mlir
// RUN: FileCheck %s --check-prefix=SCHED < %t.sched.mlir
// RUN: tile-llc --emit=host-obj %t.sched.mlir -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_vector_add.py %t.so 4096 16 | FileCheck %s
// RUN: env TILECHAIN_HOST_SEED=1 %hpython %S/Inputs/run_vector_add.py %t.so 4096 16 | FileCheck %s
// RUN: sed 's/nvvm.cluster_dim = array<i32: 2>/nvvm.cluster_dim = array<i32: 1>/' %t.sched.mlir | tile-llc --emit=host-obj -o %t.one.o
// RUN: %cc -shared -o %t.one.so %t.one.o -lm
// RUN: not %hpython %S/Inputs/run_vector_add.py %t.one.so 4096 16 2>&1 | FileCheck %s --check-prefix=ONE-CTA
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.100.o
// RUN: %cc -shared -o %t.100.so %t.100.o -lm
// RUN: env TILECHAIN_HOST_SEED=1 %hpython %S/Inputs/run_vector_add.py %t.100.so 4096 16 | FileCheck %s

// SCHED: gpu.func @vector_add(
// SCHED-SAME: nvvm.blocksareclusters
// SCHED-SAME: nvvm.cluster_dim = array<i32: 2>
// SCHED: gpu.cluster_block_id x
// CHECK: vector_add: 4096 elements match numpy
// ONE-CTA: vector_add: 2048 elements differ, first at 8

cuda_tile.module @kernels {
  entry @vector_add(%a: tile<ptr<f32>>, %a_n: tile<i32>, %a_s: tile<i32>,
                    %b: tile<ptr<f32>>, %b_n: tile<i32>, %b_s: tile<i32>,
                    %c: tile<ptr<f32>>, %c_n: tile<i32>, %c_s: tile<i32>) optimization_hints=<default = {num_cta_in_cga = 2}> {
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
