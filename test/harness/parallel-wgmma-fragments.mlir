// A wgmma's lhs recorded as `fragments` where the threads hold it in another
// layout (tile_dist.operands edited at tile-sched's stop point: here a view
// load that is not 16-byte aligned, planned as `registers`) is taken into
// the fragments' layout first (one tile_dist.convert_layout) and read from
// the registers; the result matches numpy on the host.
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched --stop-after=tilechain-plan-mma-operands > %t.planned.mlir
// RUN: FileCheck %s --check-prefix=PLANNED < %t.planned.mlir
// RUN: sed 's/operand<registers, k_contiguous, swizzle = 128>, #tile_dist.operand<registers/operand<fragments, k_contiguous, swizzle = 128>, #tile_dist.operand<registers/' %t.planned.mlir > %t.edited.mlir
// RUN: tile-sched %t.edited.mlir --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=LOWER
// RUN: tile-sched %t.edited.mlir | tile-llc --emit=host-obj -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_wgmma_fragments.py %t.so | FileCheck %s

// PLANNED: tile_dist.operands = [#tile_dist.operand<registers, k_contiguous, swizzle = 128>, #tile_dist.operand<registers, k_contiguous, swizzle = 128>]
// LOWER-LABEL: gpu.func @loaded_lhs
// LOWER: tile_dist.convert_layout
// LOWER: tile_dist.warpgroup_mma registers
// LOWER-NOT: tile_dist.warpgroup_mma shared
// LOWER: gpu.return
// CHECK: fragments from a load: 8192 elements match numpy
cuda_tile.module @kernels {
  entry @loaded_lhs(%p: tile<ptr<f16>>, %v: tile<ptr<f16>>, %o: tile<ptr<f32>>) {
    %t0 = make_token : token
    %vp = make_tensor_view %p, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %vv = make_tensor_view %v, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vo = make_tensor_view %o, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pp = make_partition_view %vp : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>
    %pv = make_partition_view %vv : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %po = make_partition_view %vo : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %tp, %tp1 = load_view_tko weak %pp[%zero, %zero] token = %t0 : partition_view<tile=(128x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<128x128xf16>, token
    %tv, %tv1 = load_view_tko weak %pv[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %zo = constant <f32: 0.0> : tile<128x64xf32>
    %r = mmaf %tp, %tv, %zo : tile<128x128xf16>, tile<128x64xf16>, tile<128x64xf32>
    %done = store_view_tko weak %r, %po[%zero, %zero] token = %t0 : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
