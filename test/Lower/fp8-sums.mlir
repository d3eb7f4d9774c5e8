// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=ZERO
// RUN: tile-lower %s --gpu-name=sm_89 --tile-form=parallel --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=ZERO
// RUN: tile-lower %s --gpu-name=sm_100 --tile-form=parallel --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=DIRECT
// RUN: tile-lower %s --gpu-name=sm_120 --tile-form=parallel --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=DIRECT

// The tensor cores of sm_89 and sm_90 sum fp8 products in less than f32's
// precision. An fp8 mmaf without fast_acc sums its products from zero
// (wgmma on sm_90, mma.sync on sm_89) and adds the accumulator after the
// last wait, in f32, as NVIDIA's tileiras does (QGMMA/QMMA from zero, then
// FADD). With fast_acc, and on sm_100 and sm_120, the tensor cores sum into
// the accumulator: no addf.
// ZERO-LABEL: gpu.func @fp8(
// ZERO: %cst = arith.constant 0.000000e+00 : f32
// ZERO: scf.for {{.+}} iter_args(%{{[a-z0-9]+}} = %cst, %{{[a-z0-9]+}} = %cst,
// ZERO-COUNT-16: arith.addf
// ZERO-NOT: arith.addf
// ZERO-LABEL: gpu.func @fp8_fast_acc(
// ZERO-NOT: iter_args(%{{[a-z0-9]+}} = %cst,
// ZERO-NOT: arith.addf
// ZERO: gpu.return
// DIRECT-LABEL: gpu.func @fp8(
// DIRECT-NOT: iter_args(%{{[a-z0-9]+}} = %cst,
// DIRECT-NOT: arith.addf
// DIRECT-LABEL: gpu.func @fp8_fast_acc(
// DIRECT-NOT: arith.addf
// DIRECT: gpu.return
cuda_tile.module @kernels {
  entry @fp8(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf8E4M3FN, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf8E4M3FN, strides=[64,1]>
    %vc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pa = make_partition_view %va : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>
    %pb = make_partition_view %vb : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>
    %pc = make_partition_view %vc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %pa[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
    %y, %ty = load_view_tko weak %pb[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
    %acc, %tc = load_view_tko weak %pc[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %r = mmaf %x, %y, %acc : tile<64x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<64x64xf32>
    %done = store_view_tko weak %r, %pc[%zero, %zero] token = %tc : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  entry @fp8_fast_acc(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf8E4M3FN, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf8E4M3FN, strides=[64,1]>
    %vc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pa = make_partition_view %va : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>
    %pb = make_partition_view %vb : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>
    %pc = make_partition_view %vc : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %pa[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
    %y, %ty = load_view_tko weak %pb[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf8E4M3FN, strides=[64,1]>>, tile<i32> -> tile<64x64xf8E4M3FN>, token
    %acc, %tc = load_view_tko weak %pc[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %r = mmaf %x, %y, %acc fast_acc : tile<64x64xf8E4M3FN>, tile<64x64xf8E4M3FN>, tile<64x64xf32>
    %done = store_view_tko weak %r, %pc[%zero, %zero] token = %tc : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
