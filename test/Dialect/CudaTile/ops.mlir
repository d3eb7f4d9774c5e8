// RUN: tile-read %s | FileCheck %s
// RUN: tile-read %s | tile-read | FileCheck %s
// RUN: tile-read --mlir-print-op-generic %s | tile-read | FileCheck %s

cuda_tile.module @kernels {
  // CHECK-LABEL: entry @grid
  entry @grid(%p: tile<ptr<f32>>, %n: tile<i64>) {
    // CHECK: %blockId_x, %blockId_y, %blockId_z = get_tile_block_id : tile<i32>
    %x, %y, %z = get_tile_block_id : tile<i32>
    // CHECK: %gridSize_x, %gridSize_y, %gridSize_z = get_num_tile_blocks : tile<i32>
    %gx, %gy, %gz = get_num_tile_blocks : tile<i32>
    // CHECK: %assume = assume div_by<16>, %arg0 : tile<ptr<f32>>
    %a = assume div_by<16>, %p : tile<ptr<f32>>
    // The `#cuda_tile.` spelling of a predicate is accepted too.
    // CHECK: %assume_0 = assume bounded<0, ?>, %arg1 : tile<i64>
    %b = cuda_tile.assume #cuda_tile.bounded<0, ?>, %n : !cuda_tile.tile<i64>
    // CHECK: %[[T:.*]] = print_tko "block %d of %d\0A", %blockId_x, %gridSize_x : tile<i32>, tile<i32> -> token
    %t = print_tko "block %d of %d\n", %x, %gx : tile<i32>, tile<i32> -> token
    // CHECK: print_tko "100%% done" token=%[[T]] -> token
    %u = print_tko "100%% done" token = %t -> !cuda_tile.token
    // CHECK: %[[W:.*]] = gdc_wait_tko : token
    %w = gdc_wait_tko : token
    // CHECK: gdc_launch_dependents_tko token=%[[W]] : token
    %l = cuda_tile.gdc_launch_dependents_tko token=%w : !cuda_tile.token
    return
  }

  // CHECK-LABEL: testing$func @check
  testing$func @check(%c: tile<4xi1>) {
    // CHECK: assert %arg0, "all lanes must hold" : tile<4xi1>
    assert %c, "all lanes must hold" : tile<4xi1>
  }

  // CHECK-LABEL: testing$func @mma
  testing$func @mma(%a: tile<4x8xf16>, %b: tile<8x2xf16>, %c: tile<4x2xf32>,
                    %e: tile<2x4x8xf8E4M3FN>, %f: tile<2x8x2xf8E4M3FN>, %g: tile<2x4x2xf16>,
                    %i: tile<4x8xi8>, %j: tile<8x2xi8>, %k: tile<4x2xi32>) {
    // CHECK: mmaf %arg0, %arg1, %arg2 : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
    %0 = mmaf %a, %b, %c : tile<4x8xf16>, tile<8x2xf16>, tile<4x2xf32>
    // CHECK: mmaf %arg3, %arg4, %arg5 fast_acc : tile<2x4x8xf8E4M3FN>, tile<2x8x2xf8E4M3FN>, tile<2x4x2xf16>
    %1 = mmaf %e, %f, %g fast_acc : tile<2x4x8xf8E4M3FN>, tile<2x8x2xf8E4M3FN>, tile<2x4x2xf16>
    // CHECK: mmai %arg6, %arg7, %arg8 signed unsigned : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
    %2 = mmai %i, %j, %k signed unsigned : tile<4x8xi8>, tile<8x2xi8>, tile<4x2xi32>
  }

  // CHECK-LABEL: testing$func @scaled
  testing$func @scaled(%a: tile<128x128xf4E2M1FN>, %b: tile<128x128xf4E2M1FN>, %c: tile<128x128xf32>,
                       %sa: tile<128x8xf8E8M0FNU>, %sb: tile<8x128xf8E8M0FNU>,
                       %fa: tile<2x16x64xf8E5M2>, %fb: tile<2x64x16xf8E5M2>, %fc: tile<2x16x16xf32>,
                       %fsa: tile<2x16x2xf8E8M0FNU>, %fsb: tile<2x2x16xf8E8M0FNU>) {
    // CHECK: mmaf_scaled %arg0, %arg1, %arg2, %arg3, %arg4 : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
    %0 = mmaf_scaled %a, %b, %c, %sa, %sb : tile<128x128xf4E2M1FN>, tile<128x128xf4E2M1FN>, tile<128x128xf32>, tile<128x8xf8E8M0FNU>, tile<8x128xf8E8M0FNU>
    // CHECK: mmaf_scaled %arg5, %arg6, %arg7, %arg8, %arg9 : tile<2x16x64xf8E5M2>
    %1 = mmaf_scaled %fa, %fb, %fc, %fsa, %fsb : tile<2x16x64xf8E5M2>, tile<2x64x16xf8E5M2>, tile<2x16x16xf32>, tile<2x16x2xf8E8M0FNU>, tile<2x2x16xf8E8M0FNU>
  }
}
