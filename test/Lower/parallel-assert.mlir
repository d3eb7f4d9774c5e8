// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s

// assert on a broadcast tile in the parallel form: the 4x8 condition
// repeats an 8-element row; lanes 0-31 of each warp hold one element of it
// and the warps repeat it, so warp 0 checks each element once and reports
// each false one with its tile index. The warps OR their threads' verdicts
// with five shuffles, meet in shared memory, and thread 0 alone fails the
// kernel: once per tile, not once per thread.
// CHECK-LABEL: gpu.func @assert_rows(
// CHECK-SAME: workgroup(%[[SMEM:.+]] : memref<16xi8, #gpu.address_space<workgroup>>
// CHECK: %[[OK:.+]] = arith.cmpi sge
// CHECK: %[[ROW:.+]] = vector.from_elements %[[OK]] : vector<1xi1>
// CHECK: vector.extract %[[ROW]][0]
// CHECK: %[[BAD:.+]] = arith.xori %{{.+}}, %true
// CHECK: %[[WARPS:.+]] = arith.andi %{{.+}}, %c3
// CHECK: %[[OWNER:.+]] = arith.cmpi eq, %[[WARPS]], %c0
// CHECK: %[[REPORT:.+]] = arith.andi %[[BAD]], %[[OWNER]]
// CHECK: scf.if %[[REPORT]] {
// CHECK: gpu.printf "negative 100%% (tile index %lld, %lld)\0A"
// CHECK: %[[ANY:.+]] = arith.ori %false, %[[REPORT]]
// CHECK: %[[FLAG:.+]] = arith.extui %[[ANY]] : i1 to i32
// CHECK-COUNT-5: gpu.shuffle  xor
// CHECK: %[[VERDICTS:.+]] = memref.view %[[SMEM]]{{.+}} to memref<4xi32, #gpu.address_space<workgroup>>
// CHECK: gpu.barrier
// CHECK: scf.if
// CHECK-NEXT: memref.store %{{.+}}, %[[VERDICTS]]
// CHECK: gpu.barrier
// CHECK: scf.if %{{.+}} {
// CHECK-COUNT-4: memref.load %[[VERDICTS]]
// CHECK: scf.if %{{.+}} {
// CHECK: llvm.call @__assertfail
// CHECK-NOT: llvm.call @__assertfail
// CHECK-NOT: gpu.printf
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @assert_rows(%a: tile<ptr<i32>>) {
    %t0 = make_token : token
    %c0 = constant <i32: 0> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %zero = constant <i32: 0> : tile<8xi32>
    %va = make_tensor_view %a, shape = [%c8], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %qa = make_partition_view %va : partition_view<tile=(8), tensor_view<?xi32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%c0] token = %t0 : partition_view<tile=(8), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    %ok = cmpi greater_than_or_equal %x, %zero, signed : tile<8xi32> -> tile<8xi1>
    %row = reshape %ok : tile<8xi1> -> tile<1x8xi1>
    %all = broadcast %row : tile<1x8xi1> -> tile<4x8xi1>
    assert %all, "negative 100%" : tile<4x8xi1>
    return
  }
}
