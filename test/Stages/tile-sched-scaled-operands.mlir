// RUN: tile-lower %s --gpu-name=sm_100 --tile-form=parallel | tile-sched --stop-after=tilechain-plan-mma-operands | FileCheck %s
// RUN: tile-lower %s --gpu-name=sm_120 --tile-form=parallel | tile-sched --stop-after=tilechain-plan-mma-operands | FileCheck %s

// A block-scaled mma's lhs and rhs are copied into its stages like any
// mma's, by TMA where the views allow (both are k-contiguous here); its
// scales are loaded into registers. (tile-sched's operand plan had left
// them to the threads' registers since it moved into tile-sched, so the
// corpus's block-scaled matmuls lost their TMA loads: 80 -> 230 registers
// on sm_100 for the t128x128x128 one, 600 bytes of stack on sm_120 for the
// t256x256x128 one.)
// CHECK-LABEL: entry @k_loop(
// CHECK: mmaf_scaled {{.+}}tile_dist.operands = [#tile_dist.operand<tma, k_contiguous, swizzle = {{[0-9]+}}>, #tile_dist.operand<tma, k_contiguous, swizzle = {{[0-9]+}}>]
cuda_tile.module @kernels {
  entry @k_loop(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %d: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f8E4M3FN>>
    %b16 = assume div_by<16>, %b : tile<ptr<f8E4M3FN>>
    %va = make_tensor_view %a16, shape = [128, 512], strides = [512, 1] : tensor_view<128x512xf8E4M3FN, strides=[512,1]>
    %vb = make_tensor_view %b16, shape = [512, 128], strides = [1, 512] : tensor_view<512x128xf8E4M3FN, strides=[1,512]>
    %vsa = make_tensor_view %sa, shape = [128, 16], strides = [16, 1] : tensor_view<128x16xf8E8M0FNU, strides=[16,1]>
    %vsb = make_tensor_view %sb, shape = [16, 128], strides = [1, 16] : tensor_view<16x128xf8E8M0FNU, strides=[1,16]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x128), tensor_view<128x512xf8E4M3FN, strides=[512,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x128), tensor_view<512x128xf8E4M3FN, strides=[1,512]>>
    %qsa = make_partition_view %vsa : partition_view<tile=(128x4), tensor_view<128x16xf8E8M0FNU, strides=[16,1]>>
    %qsb = make_partition_view %vsb : partition_view<tile=(4x128), tensor_view<16x128xf8E8M0FNU, strides=[1,16]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %r = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x128), tensor_view<128x512xf8E4M3FN, strides=[512,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(128x128), tensor_view<512x128xf8E4M3FN, strides=[1,512]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %xs, %txs = load_view_tko weak %qsa[%zero, %k] token = %t0 : partition_view<tile=(128x4), tensor_view<128x16xf8E8M0FNU, strides=[16,1]>>, tile<i32> -> tile<128x4xf8E8M0FNU>, token
      %ys, %tys = load_view_tko weak %qsb[%k, %zero] token = %t0 : partition_view<tile=(4x128), tensor_view<16x128xf8E8M0FNU, strides=[1,16]>>, tile<i32> -> tile<4x128xf8E8M0FNU>, token
      %next = mmaf_scaled %x, %y, %acc, %xs, %ys : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
