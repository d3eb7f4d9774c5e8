// A change of layout of a tile larger than a CTA's shared memory goes in
// rounds (LayoutConversion.cpp): the bits of the flat index that only
// registers set in the new layout split the tile into shares, one share
// crossing the CTA per round through a buffer of a share's size; a thread
// whose lanes or warps set such a bit in the old layout writes only in the
// rounds of its elements. Before, the kernel went serial (one thread), and
// a kernel with an mma was tried again with the mma on CUDA cores first.
// Run on the host (its race check sees each round's writes and reads)
// against numpy.
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_89 --tile-form=parallel %s | tile-sched --stop-after=tilechain-materialize-layout-conversions | FileCheck %s --check-prefix=SM89
// RUN: tile-lower --gpu-name sm_89 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_exchange_rounds.py %t.so | FileCheck %s
// RUN: tile-lower --gpu-name sm_80 --tile-form=parallel %s | tile-sched --stop-after=tilechain-materialize-layout-conversions | FileCheck %s --check-prefix=SM80
// RUN: tile-lower --gpu-name sm_80 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t80.o
// RUN: %cc -shared -o %t80.so %t80.o -lm
// RUN: %hpython %S/Inputs/run_exchange_rounds.py %t80.so | FileCheck %s

// CHECK: transpose: 32768 elements match numpy
// CHECK: mma permute: 65536 elements match numpy
// CHECK: transpose f16: 131072 elements match numpy
// CHECK: permute3: 131072 elements match numpy
// CHECK: transpose i8: 131072 elements match numpy

// The 128x256 f32 transpose takes 131072 bytes: past sm_89's 101376, in two
// rounds of 65536. The round bit is row 128 of the result, which warp bit 0
// sets in the loaded layout: half the warps write in each round.
// SM89-LABEL: gpu.func @transpose(
// SM89-SAME: workgroup(%{{.+}} : memref<65536xi8, #gpu.address_space<workgroup>>)
// SM89-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// SM89: %[[SHARE:.+]] = arith.andi %{{.+}}, %c16384{{.*}} : index
// SM89: gpu.barrier {tilechain.write_after_read}
// SM89: %[[FIRST:.+]] = arith.cmpi eq, %[[SHARE]], %c0{{.*}} : index
// SM89-NEXT: scf.if %[[FIRST]] {
// SM89-COUNT-128: memref.store
// SM89: gpu.barrier
// SM89-COUNT-64: memref.load
// SM89: gpu.barrier {tilechain.write_after_read}
// SM89: %[[SECOND:.+]] = arith.cmpi eq, %[[SHARE]], %c16384{{.*}} : index
// SM89-NEXT: scf.if %[[SECOND]] {
// SM89-COUNT-128: memref.store
// SM89: gpu.barrier
// SM89-COUNT-64: memref.load
// SM89-NOT: gpu.barrier
// SM89: gpu.return

// A 256x256 mma result on mma.sync, permuted: its fragments cross the CTA
// in 262144 bytes, four rounds on sm_89 and two on sm_80 (163840 bytes).
// The mma stays on the tensor cores.
// SM89-LABEL: gpu.func @mma_permute(
// SM89-SAME: memref<65536xi8, #gpu.address_space<workgroup>>)
// SM89-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// SM89: nvvm.mma.sync
// SM89-COUNT-4: gpu.barrier {tilechain.write_after_read}
// SM89-NOT: gpu.barrier {tilechain.write_after_read}
// SM89: gpu.return

// Other element types and ranks: a 256x512 f16 transpose (256 KiB) in four
// rounds on sm_89, half the warps writing in each (the round bits are set
// by a warp bit in the loaded layout); a 64x64x32 f32 permute and a 512x256
// i8 transpose (128 KiB) in two.
// SM89-LABEL: gpu.func @transpose_f16(
// SM89-SAME: memref<65536xi8, #gpu.address_space<workgroup>>)
// SM89-COUNT-4: scf.if %{{[0-9]+}} {
// SM89-LABEL: gpu.func @permute3(
// SM89-SAME: memref<65536xi8, #gpu.address_space<workgroup>>)
// SM89-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// SM89: memref.view {{.+}} to memref<16384xf32, #gpu.address_space<workgroup>>
// SM89-LABEL: gpu.func @transpose_i8(
// SM89-SAME: memref<65536xi8, #gpu.address_space<workgroup>>)
// SM89-COUNT-2: gpu.barrier {tilechain.write_after_read}
// SM89-NOT: gpu.barrier {tilechain.write_after_read}

// SM80-LABEL: gpu.func @transpose(
// SM80-SAME: workgroup(%{{.+}} : memref<131072xi8, #gpu.address_space<workgroup>>)
// SM80-COUNT-1: gpu.barrier {tilechain.write_after_read}
// SM80-NOT: gpu.barrier {tilechain.write_after_read}
// SM80: gpu.return
// SM80-LABEL: gpu.func @mma_permute(
// SM80-SAME: memref<131072xi8, #gpu.address_space<workgroup>>)
// SM80: nvvm.mma.sync
// SM80-COUNT-2: gpu.barrier {tilechain.write_after_read}
// SM80-NOT: gpu.barrier {tilechain.write_after_read}
// SM80: gpu.return

cuda_tile.module @kernels {
  entry @transpose(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf32, strides=[256,1]>
    %vb = make_tensor_view %b, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(256x128), tensor_view<256x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> tile<128x256xf32>, token
    %p = permute %x [1, 0] : tile<128x256xf32> -> tile<256x128xf32>
    %done = store_view_tko weak %p, %qb[%zero, %zero] token = %t0 : tile<256x128xf32>, partition_view<tile=(256x128), tensor_view<256x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  entry @mma_permute(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
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
    %acc = constant <f32: 0.5> : tile<256x256xf32>
    %r = mmaf %x, %y, %acc : tile<256x16xf16>, tile<16x256xf16>, tile<256x256xf32>
    %p = permute %r [1, 0] : tile<256x256xf32> -> tile<256x256xf32>
    %done = store_view_tko weak %p, %qd[%zero, %zero] token = %t0 : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  entry @transpose_f16(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [256, 512], strides = [512, 1] : tensor_view<256x512xf16, strides=[512,1]>
    %vb = make_tensor_view %b, shape = [512, 256], strides = [256, 1] : tensor_view<512x256xf16, strides=[256,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x512), tensor_view<256x512xf16, strides=[512,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(512x256), tensor_view<512x256xf16, strides=[256,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(256x512), tensor_view<256x512xf16, strides=[512,1]>>, tile<i32> -> tile<256x512xf16>, token
    %p = permute %x [1, 0] : tile<256x512xf16> -> tile<512x256xf16>
    %done = store_view_tko weak %p, %qb[%zero, %zero] token = %t0 : tile<512x256xf16>, partition_view<tile=(512x256), tensor_view<512x256xf16, strides=[256,1]>>, tile<i32> -> token
    return
  }
  entry @permute3(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [64, 64, 32], strides = [2048, 32, 1] : tensor_view<64x64x32xf32, strides=[2048,32,1]>
    %vb = make_tensor_view %b, shape = [32, 64, 64], strides = [4096, 64, 1] : tensor_view<32x64x64xf32, strides=[4096,64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x64x32), tensor_view<64x64x32xf32, strides=[2048,32,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32x64x64), tensor_view<32x64x64xf32, strides=[4096,64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero, %zero] token = %t0 : partition_view<tile=(64x64x32), tensor_view<64x64x32xf32, strides=[2048,32,1]>>, tile<i32> -> tile<64x64x32xf32>, token
    %p = permute %x [2, 0, 1] : tile<64x64x32xf32> -> tile<32x64x64xf32>
    %done = store_view_tko weak %p, %qb[%zero, %zero, %zero] token = %t0 : tile<32x64x64xf32>, partition_view<tile=(32x64x64), tensor_view<32x64x64xf32, strides=[4096,64,1]>>, tile<i32> -> token
    return
  }
  entry @transpose_i8(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [512, 256], strides = [256, 1] : tensor_view<512x256xi8, strides=[256,1]>
    %vb = make_tensor_view %b, shape = [256, 512], strides = [512, 1] : tensor_view<256x512xi8, strides=[512,1]>
    %qa = make_partition_view %va : partition_view<tile=(512x256), tensor_view<512x256xi8, strides=[256,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(256x512), tensor_view<256x512xi8, strides=[512,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(512x256), tensor_view<512x256xi8, strides=[256,1]>>, tile<i32> -> tile<512x256xi8>, token
    %p = permute %x [1, 0] : tile<512x256xi8> -> tile<256x512xi8>
    %done = store_view_tko weak %p, %qb[%zero, %zero] token = %t0 : tile<256x512xi8>, partition_view<tile=(256x512), tensor_view<256x512xi8, strides=[512,1]>>, tile<i32> -> token
    return
  }
}
