// tile-llc lowers tile_dist.async_copy to cp.async.cg.shared.global (16
// bytes, and the bytes read where the run is in bounds: all 16 here, which
// LLVM folds), next to the group ops tile-lower put around it; the staged
// mma reads the lhs array with ldmatrix .x4 and the k-major rhs array with
// ldmatrix .x2.trans. Each of the two chunks (unrolled) waits for its
// group and then meets the one barrier that tile-sched kept (the
// write-after-read one before the first copies orders nothing here).
// RUN: tile-lower %s --gpu-name=sm_80 --tile-form=parallel | tile-sched | tile-llc | FileCheck %s
// CHECK-COUNT-2: cp.async.cg.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], 16, 16;
// CHECK-NOT: bar.sync
// CHECK: cp.async.commit_group;
// CHECK-NOT: bar.sync
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: bar.sync 0;
// CHECK: cp.async.commit_group;
// CHECK: ldmatrix.sync.aligned.m8n8.x4.shared.b16
// CHECK: ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: bar.sync
cuda_tile.module @kernels {
  entry @mma_sync_async(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf16, strides=[16,1]>
    %vc = make_tensor_view %c, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x64), tensor_view<16x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(16x64), tensor_view<16x64xf16, strides=[64,1]>>, tile<i32> -> tile<16x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x16), tensor_view<64x16xf16, strides=[16,1]>>, tile<i32> -> tile<64x16xf16>, token
    %acc = constant <f32: 1.0> : tile<16x16xf32>
    %r = mmaf %x, %y, %acc : tile<16x64xf16>, tile<64x16xf16>, tile<16x16xf32>
    %done = store_view_tko weak %r, %qc[%zero, %zero] token = %t0 : tile<16x16xf32>, partition_view<tile=(16x16), tensor_view<16x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
