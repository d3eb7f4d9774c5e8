// mma.sync on fp8 operands in the parallel form (sm_89 and newer): the LLVM
// intrinsic of PTX's mma.sync ... .e4m3/.e5m2 (Fp8MmaSync.h; MLIR 22's
// nvvm.mma.sync does not take fp8), run on the host (a warp's mma.sync
// emulated among its lanes, the fp8 bytes decoded to f32) against numpy,
// whose fp8 decoding is written independently in the runner: e4m3 x e4m3
// into f32 (m16n8k32), and e5m2 x e5m2 into an f16 accumulator with k = 16
// (m16n8k16, summed in f32 and rounded once).
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_89 --tile-form=parallel %s --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=LOWER
// RUN: tile-lower --gpu-name sm_89 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_mma_sync_fp8.py %t.so | FileCheck %s
// LLVM selects the fp8 mma.sync from PTX 8.7 on, so sm_89's module asks for
// it (its tile-kernel PTX is then raised further, for `.language`), and
// ptxas assembles the result.
// RUN: tile-lower --gpu-name sm_89 --tile-form=parallel %s | tile-sched | tile-llc --emit=ptx | FileCheck %s --check-prefix=PTX
// RUN: tile-lower --gpu-name sm_89 --tile-form=parallel %s | tile-sched | tile-llc --emit=ptx -o %t.ptx
// RUN: tile-link %t.ptx -o %t.cubin

// LOWER: #nvvm.target<O = 3, chip = "sm_89", features = "+ptx87">
// LOWER-LABEL: gpu.func @e4m3
// LOWER: llvm.call_intrinsic "llvm.nvvm.mma.m16n8k32.row.col.f32.e4m3.e4m3.f32"({{.+}}) : (i32, i32, i32, i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// LOWER-NOT: nvvm.mma.sync
// LOWER-LABEL: gpu.func @e5m2_k16
// LOWER: llvm.call_intrinsic "llvm.nvvm.mma.m16n8k16.row.col.f32.e5m2.e5m2.f32"({{.+}}) : (i32, i32, i32, f32, f32, f32, f32) -> !llvm.struct<(f32, f32, f32, f32)>

// PTX: .target sm_89
// PTX: mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.e5m2.e5m2.f32

// CHECK: e4m3: 512 elements match numpy
// CHECK: e5m2 k16: 256 elements match numpy

cuda_tile.module @kernels {
  entry @e4m3(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [32, 64], strides = [64, 1] : tensor_view<32x64xf8E4M3FN, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 16], strides = [16, 1] : tensor_view<64x16xf8E4M3FN, strides=[16,1]>
    %vd = make_tensor_view %d, shape = [32, 16], strides = [16, 1] : tensor_view<32x16xf32, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(32x64), tensor_view<32x64xf8E4M3FN, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x16), tensor_view<64x16xf8E4M3FN, strides=[16,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(32x64), tensor_view<32x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<32x64xf8E4M3FN>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x16), tensor_view<64x16xf8E4M3FN, strides=[16,1]>>, tile<i32> -> tile<64x16xf8E4M3FN>, token
    %acc = constant <f32: 0.5> : tile<32x16xf32>
    %r = mmaf %x, %y, %acc : tile<32x64xf8E4M3FN>, tile<64x16xf8E4M3FN>, tile<32x16xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<32x16xf32>, partition_view<tile=(32x16), tensor_view<32x16xf32, strides=[16,1]>>, tile<i32> -> token
    return
  }
  entry @e5m2_k16(%a: tile<ptr<f8E5M2>>, %b: tile<ptr<f8E5M2>>, %d: tile<ptr<f16>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf8E5M2, strides=[16,1]>
    %vb = make_tensor_view %b, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf8E5M2, strides=[16,1]>
    %vd = make_tensor_view %d, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xf16, strides=[16,1]>
    %qa = make_partition_view %va : partition_view<tile=(16x16), tensor_view<16x16xf8E5M2, strides=[16,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(16x16), tensor_view<16x16xf8E5M2, strides=[16,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(16x16), tensor_view<16x16xf8E5M2, strides=[16,1]>>, tile<i32> -> tile<16x16xf8E5M2>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(16x16), tensor_view<16x16xf8E5M2, strides=[16,1]>>, tile<i32> -> tile<16x16xf8E5M2>, token
    %acc = constant <f16: -1.5> : tile<16x16xf16>
    %r = mmaf %x, %y, %acc : tile<16x16xf8E5M2>, tile<16x16xf8E5M2>, tile<16x16xf16>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<16x16xf16>, partition_view<tile=(16x16), tensor_view<16x16xf16, strides=[16,1]>>, tile<i32> -> token
    return
  }
}
