// The parallel form's vector accesses through LLVM's NVPTX back end: a view
// whose base, extent and tile step are multiples of 16 bytes is loaded and
// stored 16 bytes per access (ld/st.global.v4), with no local memory.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir %t
// RUN: tile-read %s | tile-lower --gpu-name=sm_90 --tile-form=parallel | tile-sched | tile-llc --emit=ptx -o %t/vector.ptx
// RUN: tile-link %t/vector.ptx -o %t/vector.cubin
// RUN: FileCheck %s < %t/vector.ptx

// 1024 floats over 128 threads: two runs of 4 per thread.
// CHECK-NOT: .local
// CHECK-LABEL: .entry aligned(
// CHECK-COUNT-2: ld.global.v4.b32
// CHECK-NOT: ld.global
// CHECK-COUNT-2: st.global.v4.b32
// CHECK-NOT: st.global
// CHECK-NOT: .local
cuda_tile.module @kernels {
  entry @aligned(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %pa = assume div_by<16>, %a : tile<ptr<f32>>
    %pc = assume div_by<16>, %c : tile<ptr<f32>>
    %n16 = assume div_by<16>, %n : tile<i32>
    %va = make_tensor_view %pa, shape = [%n16], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %vc = make_tensor_view %pc, shape = [%n16], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %qa = make_partition_view %va : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %qc = make_partition_view %vc : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%bx] token = %t0 : partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<1024xf32>, token
    %y = addf %x, %x : tile<1024xf32>
    %done = store_view_tko weak %y, %qc[%bx] token = %t0 : tile<1024xf32>, partition_view<tile=(1024), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
