// The parallel form through LLVM's NVPTX back end and ptxas: tiles live in
// registers (no local memory), threads exchange through one shared array
// with bar.sync, and warps reduce with shfl.sync.bfly.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir %t
// RUN: tile-read %s | tile-lower --gpu-name=sm_90 --tile-form=parallel | tile-sched | tile-llc --emit=ptx -o %t/parallel.ptx
// RUN: tile-link %t/parallel.ptx -o %t/parallel.cubin
// RUN: FileCheck %s < %t/parallel.ptx

// The tile is 16x32 floats over 128 threads, 4 contiguous floats each; after
// the permute the reduced dim is walked by lane bits 3-4 (two butterflies)
// and by the warps (4 x 32 partial sums through shared memory).
// CHECK-NOT: .local
// CHECK-LABEL: .entry transpose_row_sums(
// CHECK: .reqntid 128, 1, 1
// CHECK: .minnctapersm 1
// CHECK: .shared .align 16 .b8 {{.+}}[512];
// CHECK: %tid.x;
// CHECK-COUNT-4: ld.global.b32
// CHECK-COUNT-4: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 8, 31, -1;
// CHECK-COUNT-4: shfl.sync.bfly.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, 16, 31, -1;
// Nothing used shared memory before: no barrier ahead of the writes.
// CHECK-NOT: bar.sync
// CHECK: st.shared.v4.b32
// CHECK: bar.sync 0;
// CHECK-COUNT-4: ld.shared.v4.b32
// CHECK-COUNT-4: st.global.b32
// CHECK-NOT: .local
cuda_tile.module @kernels {
  entry @transpose_row_sums(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>) {
    %t0 = make_token : token
    %c0 = constant <i32: 0> : tile<i32>
    %c16 = constant <i32: 16> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %va = make_tensor_view %a, shape = [%c16, %c32], strides = [%c32, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %vb = make_tensor_view %b, shape = [%c32], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %qa = make_partition_view %va : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%c0, %c0] token = %t0 : partition_view<tile=(16x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<16x32xf32>, token
    %p = permute %x [1, 0] : tile<16x32xf32> -> tile<32x16xf32>
    // Column sums of the original: row sums of the transposed tile.
    %s = reduce %p dim=1 identities=[0.0 : f32] : tile<32x16xf32> -> tile<32xf32>
        (%acc: tile<f32>, %e: tile<f32>) {
      %r = addf %acc, %e : tile<f32>
      yield %r : tile<f32>
    }
    %done = store_view_tko weak %s, %qb[%c0] token = %t0 : tile<32xf32>, partition_view<tile=(32), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}
