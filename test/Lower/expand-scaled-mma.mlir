// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_103 tile-form=parallel" --tilechain-assign-warps --tilechain-expand-scaled-mma | FileCheck %s
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_120 tile-form=parallel" --tilechain-assign-warps --tilechain-expand-scaled-mma | FileCheck %s --check-prefix=SM120
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_100 tile-form=parallel" --tilechain-assign-warps --tilechain-expand-scaled-mma | FileCheck %s --check-prefix=SM100
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-assign-warps --tilechain-expand-scaled-mma | FileCheck %s --check-prefix=SM90

// From sm_100 on, mmaf_scaled becomes an mmaf of bf16 operands: each
// operand viewed with k split into (blocks, block size) (lhs: dims 1-2 of
// [m, blocks, 32]; rhs: dims 0-1 of [blocks, 32, n]), in f32, times its
// scale opened to a unit dim after the blocks and broadcast over it,
// rounded to bf16 and viewed back. Before sm_100 the op stays (its lowering
// refuses the target), and so it does where the tensor cores scale the
// blocks themselves: on sm_100, tcgen05.mma's block scaling (a 128-row
// result); on sm_120 and sm_121, block-scaled mma.sync (sm_120a, sm_121a),
// both kernels. sm_103 (no tcgen05 lowering here) expands both.

// CHECK-LABEL: entry @two_d(
// CHECK: %[[SA:.+]] = ftof %cst_1_f8E8M0FNU : tile<128x4xf8E8M0FNU> -> tile<128x4xf32>
// CHECK: %[[SA1:.+]] = reshape %[[SA]] : tile<128x4xf32> -> tile<128x4x1xf32>
// CHECK: %[[SAB:.+]] = broadcast %[[SA1]] : tile<128x4x1xf32> -> tile<128x4x32xf32>
// CHECK: %[[AW:.+]] = ftof %cst_1_f8E4M3FN : tile<128x128xf8E4M3FN> -> tile<128x128xf32>
// CHECK: %[[AS:.+]] = reshape %[[AW]] : tile<128x128xf32> -> tile<128x4x32xf32>
// CHECK: %[[A:.+]] = mulf %[[AS]], %[[SAB]] : tile<128x4x32xf32>
// CHECK: %[[AB:.+]] = ftof %[[A]] : tile<128x4x32xf32> -> tile<128x4x32xbf16>
// CHECK: %[[ABF:.+]] = reshape %[[AB]] : tile<128x4x32xbf16> -> tile<128x128xbf16>
// CHECK: %[[SB:.+]] = ftof %cst_2_f8E8M0FNU : tile<4x64xf8E8M0FNU> -> tile<4x64xf32>
// CHECK: %[[SB1:.+]] = reshape %[[SB]] : tile<4x64xf32> -> tile<4x1x64xf32>
// CHECK: %[[SBB:.+]] = broadcast %[[SB1]] : tile<4x1x64xf32> -> tile<4x32x64xf32>
// CHECK: %[[BW:.+]] = ftof %cst_2_f8E4M3FN : tile<128x64xf8E4M3FN> -> tile<128x64xf32>
// CHECK: %[[BS:.+]] = reshape %[[BW]] : tile<128x64xf32> -> tile<4x32x64xf32>
// CHECK: %[[B:.+]] = mulf %[[BS]], %[[SBB]] : tile<4x32x64xf32>
// CHECK: %[[BB:.+]] = ftof %[[B]] : tile<4x32x64xf32> -> tile<4x32x64xbf16>
// CHECK: %[[BBF:.+]] = reshape %[[BB]] : tile<4x32x64xbf16> -> tile<128x64xbf16>
// CHECK: %[[R:.+]] = mmaf %[[ABF]], %[[BBF]], %cst_0_f32 : tile<128x128xbf16>, tile<128x64xbf16>, tile<128x64xf32>
// CHECK: print_tko "%f", %[[R]]
// CHECK-NOT: mmaf_scaled
// A batch: k is dim 2 of lhs, dim 1 of rhs.
// CHECK-LABEL: entry @batch(
// CHECK: broadcast %{{.+}} : tile<2x16x4x1xf32> -> tile<2x16x4x32xf32>
// CHECK: reshape %{{.+}} : tile<2x16x128xf32> -> tile<2x16x4x32xf32>
// CHECK: reshape %{{.+}} : tile<2x16x4x32xbf16> -> tile<2x16x128xbf16>
// CHECK: broadcast %{{.+}} : tile<2x4x1x16xf32> -> tile<2x4x32x16xf32>
// CHECK: reshape %{{.+}} : tile<2x128x16xf32> -> tile<2x4x32x16xf32>
// CHECK: reshape %{{.+}} : tile<2x4x32x16xbf16> -> tile<2x128x16xbf16>
// CHECK: mmaf %{{.+}}, %{{.+}}, %{{.+}} : tile<2x16x128xbf16>, tile<2x128x16xbf16>, tile<2x16x16xf32>
// SM100-LABEL: entry @two_d(
// SM100: mmaf_scaled %cst_1_f8E4M3FN, %cst_2_f8E4M3FN, %cst_0_f32, %cst_1_f8E8M0FNU, %cst_2_f8E8M0FNU
// SM100-LABEL: entry @batch(
// SM100-NOT: mmaf_scaled
// SM100: mmaf %{{.+}}, %{{.+}}, %{{.+}} : tile<2x16x128xbf16>, tile<2x128x16xbf16>, tile<2x16x16xf32>
// SM120-LABEL: entry @two_d(
// SM120: mmaf_scaled %cst_1_f8E4M3FN, %cst_2_f8E4M3FN, %cst_0_f32, %cst_1_f8E8M0FNU, %cst_2_f8E8M0FNU
// SM120-LABEL: entry @batch(
// SM120: mmaf_scaled
// SM90-LABEL: entry @two_d(
// SM90: mmaf_scaled %cst_1_f8E4M3FN, %cst_2_f8E4M3FN, %cst_0_f32, %cst_1_f8E8M0FNU, %cst_2_f8E8M0FNU
cuda_tile.module @m {
  entry @two_d() {
    %a = constant <f8E4M3FN: 1.0> : tile<128x128xf8E4M3FN>
    %b = constant <f8E4M3FN: 2.0> : tile<128x64xf8E4M3FN>
    %acc = constant <f32: 0.0> : tile<128x64xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<128x4xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 2.0> : tile<4x64xf8E8M0FNU>
    %r = mmaf_scaled %a, %b, %acc, %sa, %sb : tile<128x128xf8E4M3FN>, tile<128x64xf8E4M3FN>, tile<128x64xf32>, tile<128x4xf8E8M0FNU>, tile<4x64xf8E8M0FNU>
    print_tko "%f", %r : tile<128x64xf32> -> token
    return
  }
  entry @batch() {
    %a = constant <f8E5M2: 1.0> : tile<2x16x128xf8E5M2>
    %b = constant <f8E5M2: 2.0> : tile<2x128x16xf8E5M2>
    %acc = constant <f32: 0.0> : tile<2x16x16xf32>
    %sa = constant <f8E8M0FNU: 1.0> : tile<2x16x4xf8E8M0FNU>
    %sb = constant <f8E8M0FNU: 2.0> : tile<2x4x16xf8E8M0FNU>
    %r = mmaf_scaled %a, %b, %acc, %sa, %sb : tile<2x16x128xf8E5M2>, tile<2x128x16xf8E5M2>, tile<2x16x16xf32>, tile<2x16x4xf8E8M0FNU>, tile<2x4x16xf8E8M0FNU>
    print_tko "%f", %r : tile<2x16x16xf32> -> token
    return
  }
}
