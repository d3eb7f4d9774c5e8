// RUN: tile-lower %s --gpu-name=sm_80 --tile-form=parallel --split-input-file | FileCheck %s --check-prefixes=CHECK,SM80
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: tile-lower %s --gpu-name=sm_100 --tile-form=parallel --split-input-file | FileCheck %s --check-prefixes=CHECK,SM100
// RUN: tile-lower %s --gpu-name=sm_120 --tile-form=parallel --split-input-file | FileCheck %s --check-prefixes=CHECK,SM120
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file | sed 's/#tile_dist.mma<wgmma>/#tile_dist.mma<mma_sync>/' | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=EDITED
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file | sed 's/#tile_dist.mma<wgmma>/#tile_dist.mma<mma_sync>/' | tile-sched --split-input-file --stop-after=tilechain-materialize-threads --remarks-filter=Tensor-core 2>&1 >/dev/null | FileCheck %s --check-prefix=EDITED-REMARK

// The instruction an mma runs on is a decision of tile-lower, recorded on
// the mma as tile_dist.mma: the target's own tensor-core instruction where it
// takes the mma (wgmma on sm_90, tcgen05 on sm_100), else mma.sync, else the
// CUDA cores. The materialization builds the instruction recorded, also one
// edited between the stages, and says in a remark that it was not the
// target's own.

// CHECK-LABEL: entry @f16_128x128x64
// SM80: mmaf {{.*}}tile_dist.mma = #tile_dist.mma<mma_sync>}
// SM90: mmaf {{.*}}tile_dist.mma = #tile_dist.mma<wgmma>}
// SM100: mmaf {{.*}}tile_dist.mma = #tile_dist.mma<tcgen05>}
// SM120: mmaf {{.*}}tile_dist.mma = #tile_dist.mma<mma_sync>}
// EDITED-LABEL: gpu.func @f16_128x128x64
// EDITED-NOT: tile_dist.warpgroup_mma
// EDITED: nvvm.mma.sync
// EDITED-NOT: tile_dist.warpgroup_mma
// EDITED: gpu.return
// EDITED-REMARK: remark: [Missed] RemarkTensorCoreMmaSync | Category:Tensor-core | Function=f16_128x128x64 | Reason="tile-lower chose it", Remark="MMA operation uses mma.sync, not wgmma"
// EDITED-REMARK: remark: [Passed] RemarkTensorCoreMMA | Category:Tensor-core | Function=f16_128x128x64 | Instruction="Tensor-core SM80"
cuda_tile.module @kernels {
  entry @f16_128x128x64(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vc = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %acc = constant <f32: 0.0> : tile<128x128xf32>
    %r = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    %done = store_view_tko weak %r, %qc[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// No tensor core multiplies f32 operands exactly (tf32 ones take them).
// CHECK-LABEL: entry @f32_operands
// CHECK: mmaf {{.*}}tile_dist.mma = #tile_dist.mma<fma>}
// EDITED-LABEL: gpu.func @f32_operands
// EDITED-NOT: nvvm.mma.sync
// EDITED: math.fma
// EDITED-REMARK: remark: [Failure] RemarkTensorCoreMMA | Category:Tensor-core | Function=f32_operands | Instruction=FMA, Reason="no mma.sync multiplies f32 operands exactly (tf32 ones take it)"
cuda_tile.module @kernels {
  entry @f32_operands(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf32, strides=[16,1]>
    %vb = make_tensor_view %b, shape = [16, 64], strides = [64, 1] : tensor_view<16x64xf32, strides=[64,1]>
    %vc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x16), tensor_view<64x16xf32, strides=[16,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(16x64), tensor_view<16x64xf32, strides=[64,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x16), tensor_view<64x16xf32, strides=[16,1]>>, tile<i32> -> tile<64x16xf32>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(16x64), tensor_view<16x64xf32, strides=[64,1]>>, tile<i32> -> tile<16x64xf32>, token
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %x, %y, %acc : tile<64x16xf32>, tile<16x64xf32>, tile<64x64xf32>
    %done = store_view_tko weak %r, %qc[%zero, %zero] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
