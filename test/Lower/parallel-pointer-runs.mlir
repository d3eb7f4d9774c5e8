// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s

// Pointer tiles in the parallel form take vector accesses where AxisInfo
// proves runs of consecutive, aligned pointers with one mask value per run
// (test/Analysis/axis-info.mlir). A 1024-float gather over 128 threads:
// each thread holds two runs of 4 pointers, and loads and stores each with
// one 16-byte access under the run's mask; a masked-off run takes the
// padding without touching memory.
// CHECK-LABEL: gpu.func @gather(
// CHECK: scf.if %{{.+}} -> (f32, f32, f32, f32) {
// CHECK: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: } else {
// CHECK: scf.yield %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : f32, f32, f32, f32
// CHECK: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
// CHECK: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
// CHECK-NOT: llvm.store
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @gather(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>, %n: tile<i32>) {
    %asrc = assume div_by<16>, %src : tile<ptr<f32>>
    %adst = assume div_by<16>, %dst : tile<ptr<f32>>
    %an = assume div_by<16>, %n : tile<i32>
    %c1024 = constant <i32: 1024> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %start = muli %bx, %c1024 : tile<i32>
    %iota = iota : tile<1024xi32>
    %r = reshape %start : tile<i32> -> tile<1xi32>
    %b = broadcast %r : tile<1xi32> -> tile<1024xi32>
    %idx = addi %b, %iota : tile<1024xi32>
    %idx64 = exti %idx signed : tile<1024xi32> -> tile<1024xi64>
    %rn = reshape %an : tile<i32> -> tile<1xi32>
    %bn = broadcast %rn : tile<1xi32> -> tile<1024xi32>
    %mask = cmpi less_than %idx, %bn, signed : tile<1024xi32> -> tile<1024xi1>
    %rs = reshape %asrc : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bs = broadcast %rs : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %ps = offset %bs, %idx64 : tile<1024xptr<f32>>, tile<1024xi64> -> tile<1024xptr<f32>>
    %rd = reshape %adst : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bd = broadcast %rd : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %pd = offset %bd, %idx64 : tile<1024xptr<f32>>, tile<1024xi64> -> tile<1024xptr<f32>>
    %v, %t = load_ptr_tko weak %ps, %mask : tile<1024xptr<f32>>, tile<1024xi1> -> tile<1024xf32>, token
    %t2 = store_ptr_tko weak %pd, %v, %mask : tile<1024xptr<f32>>, tile<1024xf32>, tile<1024xi1> -> token
    return
  }
}

// -----

// Without `div_by` on the extent the mask may change inside a run, and
// without it on the base the runs are not aligned: both stay per element.
// CHECK-LABEL: gpu.func @unaligned(
// CHECK-NOT: vector<4xf32>
// CHECK: llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NOT: vector<4xf32>
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @unaligned(%src: tile<ptr<f32>>, %dst: tile<ptr<f32>>, %n: tile<i32>) {
    %asrc = assume div_by<16>, %src : tile<ptr<f32>>
    %iota = iota : tile<1024xi32>
    %idx64 = exti %iota signed : tile<1024xi32> -> tile<1024xi64>
    %rn = reshape %n : tile<i32> -> tile<1xi32>
    %bn = broadcast %rn : tile<1xi32> -> tile<1024xi32>
    %mask = cmpi less_than %iota, %bn, signed : tile<1024xi32> -> tile<1024xi1>
    %rs = reshape %asrc : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bs = broadcast %rs : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %ps = offset %bs, %idx64 : tile<1024xptr<f32>>, tile<1024xi64> -> tile<1024xptr<f32>>
    %rd = reshape %dst : tile<ptr<f32>> -> tile<1xptr<f32>>
    %bd = broadcast %rd : tile<1xptr<f32>> -> tile<1024xptr<f32>>
    %pd = offset %bd, %idx64 : tile<1024xptr<f32>>, tile<1024xi64> -> tile<1024xptr<f32>>
    %v, %t = load_ptr_tko weak %ps, %mask : tile<1024xptr<f32>>, tile<1024xi1> -> tile<1024xf32>, token
    %t2 = store_ptr_tko weak %pd, %v : tile<1024xptr<f32>>, tile<1024xf32> -> token
    return
  }
}

// -----

// The same gather of f16 elements: the layout assignment gives the pointers
// (and the i32/i64 index tiles they are computed from) runs of 8, so each
// thread loads and stores its 8 halves with one 16-byte access
// (test/Lower/assign-layouts.mlir).
// CHECK-LABEL: gpu.func @gather_f16(
// CHECK-NOT: gpu.barrier
// CHECK: llvm.load %{{.+}} {alignment = 16 : i64} : !llvm.ptr<1> -> vector<8xf16>
// CHECK-NOT: gpu.barrier
// CHECK: llvm.store %{{.+}}, %{{.+}} {alignment = 16 : i64} : vector<8xf16>, !llvm.ptr<1>
// CHECK-NOT: llvm.load
// CHECK-NOT: llvm.store
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @gather_f16(%src: tile<ptr<f16>>, %dst: tile<ptr<f16>>, %n: tile<i32>) {
    %asrc = assume div_by<16>, %src : tile<ptr<f16>>
    %adst = assume div_by<16>, %dst : tile<ptr<f16>>
    %an = assume div_by<16>, %n : tile<i32>
    %c1024 = constant <i32: 1024> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %start = muli %bx, %c1024 : tile<i32>
    %iota = iota : tile<1024xi32>
    %r = reshape %start : tile<i32> -> tile<1xi32>
    %b = broadcast %r : tile<1xi32> -> tile<1024xi32>
    %idx = addi %b, %iota : tile<1024xi32>
    %idx64 = exti %idx signed : tile<1024xi32> -> tile<1024xi64>
    %rn = reshape %an : tile<i32> -> tile<1xi32>
    %bn = broadcast %rn : tile<1xi32> -> tile<1024xi32>
    %mask = cmpi less_than %idx, %bn, signed : tile<1024xi32> -> tile<1024xi1>
    %rs = reshape %asrc : tile<ptr<f16>> -> tile<1xptr<f16>>
    %bs = broadcast %rs : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %ps = offset %bs, %idx64 : tile<1024xptr<f16>>, tile<1024xi64> -> tile<1024xptr<f16>>
    %rd = reshape %adst : tile<ptr<f16>> -> tile<1xptr<f16>>
    %bd = broadcast %rd : tile<1xptr<f16>> -> tile<1024xptr<f16>>
    %pd = offset %bd, %idx64 : tile<1024xptr<f16>>, tile<1024xi64> -> tile<1024xptr<f16>>
    %v, %t = load_ptr_tko weak %ps, %mask : tile<1024xptr<f16>>, tile<1024xi1> -> tile<1024xf16>, token
    %t2 = store_ptr_tko weak %pd, %v, %mask : tile<1024xptr<f16>>, tile<1024xf16>, tile<1024xi1> -> token
    return
  }
}
