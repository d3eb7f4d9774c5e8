// RUN: tile-sched %s --split-input-file --remarks-filter-missed=Tensor-core --verify-diagnostics --tilechain-lower="gpu-name=sm_100 tile-form=parallel" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads | FileCheck %s

// On sm_100 an mma whose result splits into 128-row blocks, or has 64 rows,
// runs on tcgen05.mma; one of 32 rows does not (M = 64 is the least
// tcgen05.mma takes; NVIDIA's tileiras keeps such tiles on mma.sync too),
// so it keeps mma.sync and a remark says why.
// CHECK-LABEL: gpu.func @rows_32(
// CHECK-NOT: tile_dist.tensor_mma
// CHECK: nvvm.mma.sync
cuda_tile.module @kernels {
  entry @rows_32(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf16, strides=[32,1]>
    %vb = make_tensor_view %b, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf16, strides=[64,1]>
    %vd = make_tensor_view %d, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(32x32), tensor_view<32x32xf16, strides=[32,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32x64), tensor_view<32x64xf16, strides=[64,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(32x32), tensor_view<32x32xf16, strides=[32,1]>>, tile<i32> -> tile<32x32xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(32x64), tensor_view<32x64xf16, strides=[64,1]>>, tile<i32> -> tile<32x64xf16>, token
    %acc = constant <f32: 0.0> : tile<32x64xf32>
    // expected-remark @below {{[Missed] RemarkTensorCoreMmaSync | Category:Tensor-core | Function=rows_32 | Reason="its 32x64 result is neither 64 rows of a multiple of 8 columns nor 128-row blocks of a multiple of 16", Remark="MMA operation uses mma.sync, not tcgen05.mma"}}
    %r = mmaf %x, %y, %acc : tile<32x32xf16>, tile<32x64xf16>, tile<32x64xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<32x64xf32>, partition_view<tile=(32x64), tensor_view<32x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A 256x256 accumulator over 8 warps would take 256 registers per thread
// once read back, and outside a loop that keeps it in tensor memory it is
// in registers throughout: mma.sync, with the reason.
// CHECK-LABEL: gpu.func @registers(
// CHECK-NOT: tile_dist.tensor_mma
cuda_tile.module @kernels {
  entry @registers(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [256, 16], strides = [16, 1] : tensor_view<256x16xf16, strides=[16,1]>
    %vb = make_tensor_view %b, shape = [16, 256], strides = [256, 1] : tensor_view<16x256xf16, strides=[256,1]>
    %vd = make_tensor_view %d, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x16), tensor_view<256x16xf16, strides=[16,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(16x256), tensor_view<16x256xf16, strides=[256,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<256x256xf32, strides=[256,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(256x16), tensor_view<256x16xf16, strides=[16,1]>>, tile<i32> -> tile<256x16xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(16x256), tensor_view<16x256xf16, strides=[256,1]>>, tile<i32> -> tile<16x256xf16>, token
    %acc = constant <f32: 0.0> : tile<256x256xf32>
    // expected-remark @below {{Function=registers | Reason="its accumulator takes 256 registers per thread, more than 128"}}
    %r = mmaf %x, %y, %acc : tile<256x16xf16>, tile<16x256xf16>, tile<256x256xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Two mmas in one k loop: neither accumulator stays in tensor memory
// through it (their columns, and any other mma's, would have to fit the 512
// there are, or tcgen05.alloc waits forever): each run allocates, writes,
// reads back and gives back its own. Each writes its control buffer (the
// mbarriers and the columns' address) after a barrier marked
// write-after-read, which tile-sched keeps where those bytes were another
// exchange's.
// CHECK-LABEL: gpu.func @two_in_a_loop(
// CHECK-NOT: tile_dist.tmem_alloc
// CHECK: scf.for
// CHECK: gpu.barrier {tilechain.write_after_read}
// CHECK-NEXT: arith.constant
// CHECK-NEXT: arith.cmpi
// CHECK-NEXT: scf.if
// CHECK-NOT: gpu.barrier
// CHECK: tile_dist.tmem_alloc
// CHECK: tile_dist.tmem_store
// CHECK: tile_dist.tmem_load
// CHECK: tile_dist.tmem_dealloc
// CHECK: gpu.barrier {tilechain.write_after_read}
// CHECK-NEXT: arith.constant
// CHECK-NEXT: arith.cmpi
// CHECK-NEXT: scf.if
// CHECK-NOT: gpu.barrier
// CHECK: tile_dist.tmem_alloc
// CHECK: tile_dist.tmem_store
// CHECK: tile_dist.tmem_load
// CHECK: tile_dist.tmem_dealloc
cuda_tile.module @kernels {
  entry @two_in_a_loop(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x32), tensor_view<128x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %s, %t = for %k in (%zero to %two, step %one) : tile<i32> iter_values(%acc = %init, %acc2 = %init) -> (tile<128x128xf32>, tile<128x128xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x32), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x32xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(32x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<32x128xf16>, token
      %next = mmaf %x, %y, %acc : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      %next2 = mmaf %x, %y, %acc2 : tile<128x32xf16>, tile<32x128xf16>, tile<128x128xf32>
      continue %next, %next2 : tile<128x128xf32>, tile<128x128xf32>
    }
    %r = addf %s, %t rounding<nearest_even> : tile<128x128xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
