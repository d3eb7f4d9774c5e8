// A 256x256 accumulator, 256 registers per thread over 256 threads, runs
// as two 256x128 column slices (SplitWideAccumulators.cpp), each on the
// target's tensor cores, run on the host against numpy: wgmma with TMA
// copies on sm_90, mma.sync with cp.async on sm_80 and with TMA on sm_120.
// An f16 result of the second column block of a partly out-of-bounds
// matrix (a k loop of two chunks), an i8 batch of one through unit-dim
// reshapes, and a persistent loop over two column blocks whose store
// takes and gives the token the loop carries.
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=WGMMA
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.90.o
// RUN: %cc -shared -o %t.90.so %t.90.o -lm
// RUN: %hpython %S/Inputs/run_split_accumulators.py %t.90.so | FileCheck %s
// RUN: tile-lower --gpu-name sm_80 --tile-form=parallel %s --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=MMASYNC
// RUN: tile-lower --gpu-name sm_80 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.80.o
// RUN: %cc -shared -o %t.80.so %t.80.o -lm
// RUN: %hpython %S/Inputs/run_split_accumulators.py %t.80.so | FileCheck %s
// RUN: tile-lower --gpu-name sm_120 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.120.o
// RUN: %cc -shared -o %t.120.so %t.120.o -lm
// RUN: %hpython %S/Inputs/run_split_accumulators.py %t.120.so | FileCheck %s

// A loop over the slices, each running its k loop of 256x128 wgmma (4 per
// 64 of k, 64 accumulators each per thread), then its stores.
// WGMMA-LABEL: gpu.func @f16_columns_of_block_1(
// WGMMA: scf.for
// WGMMA: scf.for
// WGMMA-COUNT-4: tile_dist.warpgroup_mma {{.+}} : vector<64xf32>
// WGMMA-NOT: tile_dist.warpgroup_mma
// WGMMA: tile_dist.warpgroup_wait 0,
// WGMMA: llvm.store
// WGMMA-LABEL: gpu.func @i8_batch_of_one(
// WGMMA: scf.for
// WGMMA-COUNT-2: tile_dist.warpgroup_mma {{.+}} : vector<64xi32>
// WGMMA-NOT: tile_dist.warpgroup_mma
// WGMMA: tile_dist.tensor_store
// MMASYNC-LABEL: gpu.func @f16_columns_of_block_1(
// MMASYNC-COUNT-2: nvvm.mma.sync {{.+}} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK: f16 columns of block 1: 125000 elements match numpy
// CHECK: i8 batch of one: 65536 elements match numpy
// CHECK: persistent over two blocks: 131072 elements match numpy
cuda_tile.module @kernels {
  entry @f16_columns_of_block_1(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [250, 128], strides = [128, 1] : tensor_view<250x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 500], strides = [500, 1] : tensor_view<128x500xf16, strides=[500,1]>
    %vd = make_tensor_view %d16, shape = [250, 500], strides = [500, 1] : tensor_view<250x500xf16, strides=[500,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x64), padding_value = zero, tensor_view<250x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x256), padding_value = zero, tensor_view<128x500xf16, strides=[500,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %init = constant <f32: 0.5> : tile<256x256xf32>
    %r = for %k in (%zero to %two, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(256x64), padding_value = zero, tensor_view<250x128xf16, strides=[128,1]>>, tile<i32> -> tile<256x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %one] token = %t0 : partition_view<tile=(64x256), padding_value = zero, tensor_view<128x500xf16, strides=[500,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %x, %y, %acc : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
      continue %next : tile<256x256xf32>
    }
    %h = ftof %r : tile<256x256xf32> -> tile<256x256xf16>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<250x500xf16, strides=[500,1]>>
    %done = store_view_tko weak %h, %qd[%zero, %one] token = %t0 : tile<256x256xf16>, partition_view<tile=(256x256), tensor_view<250x500xf16, strides=[500,1]>>, tile<i32> -> token
    return
  }
  entry @i8_batch_of_one(%x: tile<ptr<i8>>, %y: tile<ptr<i8>>, %z: tile<ptr<i32>>) {
    %t0 = make_token : token
    %x16 = assume div_by<16>, %x : tile<ptr<i8>>
    %y16 = assume div_by<16>, %y : tile<ptr<i8>>
    %z16 = assume div_by<16>, %z : tile<ptr<i32>>
    %vx = make_tensor_view %x16, shape = [1, 256, 64], strides = [16384, 64, 1] : tensor_view<1x256x64xi8, strides=[16384,64,1]>
    %vy = make_tensor_view %y16, shape = [1, 64, 256], strides = [16384, 256, 1] : tensor_view<1x64x256xi8, strides=[16384,256,1]>
    %vz = make_tensor_view %z16, shape = [1, 256, 256], strides = [65536, 256, 1] : tensor_view<1x256x256xi32, strides=[65536,256,1]>
    %qx = make_partition_view %vx : partition_view<tile=(1x256x64), tensor_view<1x256x64xi8, strides=[16384,64,1]>>
    %qy = make_partition_view %vy : partition_view<tile=(1x64x256), tensor_view<1x64x256xi8, strides=[16384,256,1]>>
    %qz = make_partition_view %vz : partition_view<tile=(1x256x256), tensor_view<1x256x256xi32, strides=[65536,256,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <i32: 3> : tile<256x256xi32>
    %r = for %k in (%zero to %one, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xi32>) {
      %x3, %tx = load_view_tko weak %qx[%zero, %zero, %k] token = %t0 : partition_view<tile=(1x256x64), tensor_view<1x256x64xi8, strides=[16384,64,1]>>, tile<i32> -> tile<1x256x64xi8>, token
      %y3, %ty = load_view_tko weak %qy[%zero, %k, %zero] token = %t0 : partition_view<tile=(1x64x256), tensor_view<1x64x256xi8, strides=[16384,256,1]>>, tile<i32> -> tile<1x64x256xi8>, token
      %x2 = reshape %x3 : tile<1x256x64xi8> -> tile<256x64xi8>
      %y2 = reshape %y3 : tile<1x64x256xi8> -> tile<64x256xi8>
      %next = mmai %x2, %y2, %acc signed signed : tile<256x64xi8>, tile<64x256xi8>, tile<256x256xi32>
      continue %next : tile<256x256xi32>
    }
    %r3 = reshape %r : tile<256x256xi32> -> tile<1x256x256xi32>
    %done = store_view_tko weak %r3, %qz[%zero, %zero, %zero] token = %t0 : tile<1x256x256xi32>, partition_view<tile=(1x256x256), tensor_view<1x256x256xi32, strides=[65536,256,1]>>, tile<i32> -> token
    return
  }
  entry @persistent_over_two_blocks(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<bf16>>
    %b16 = assume div_by<16>, %b : tile<ptr<bf16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %va = make_tensor_view %a16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xbf16, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 512], strides = [512, 1] : tensor_view<64x512xbf16, strides=[512,1]>
    %vd = make_tensor_view %d16, shape = [256, 512], strides = [512, 1] : tensor_view<256x512xf32, strides=[512,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x64), tensor_view<256x64xbf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x256), tensor_view<64x512xbf16, strides=[512,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<256x512xf32, strides=[512,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %init = constant <f32: -1.0> : tile<256x256xf32>
    %last = for %j in (%zero to %two, step %one) : tile<i32> iter_values(%t = %t0) -> (token) {
      %r = for %k in (%zero to %one, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xf32>) {
        %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(256x64), tensor_view<256x64xbf16, strides=[64,1]>>, tile<i32> -> tile<256x64xbf16>, token
        %y, %ty = load_view_tko weak %qb[%k, %j] token = %t0 : partition_view<tile=(64x256), tensor_view<64x512xbf16, strides=[512,1]>>, tile<i32> -> tile<64x256xbf16>, token
        %next = mmaf %x, %y, %acc : tile<256x64xbf16>, tile<64x256xbf16>, tile<256x256xf32>
        continue %next : tile<256x256xf32>
      }
      %done = store_view_tko weak %r, %qd[%zero, %j] token = %t : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<256x512xf32, strides=[512,1]>>, tile<i32> -> token
      continue %done : token
    }
    return
  }
}
