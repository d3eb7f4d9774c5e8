// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads --remarks-filter-failed=Tensor-core 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// Each mma that stays on CUDA cores says why.
// REMARK: remark: [Failure] RemarkTensorCoreMMA | Category:Tensor-core | Function=mmaf_f16 | Instruction=FMA, Reason="m = 4 is not a multiple of 16", Remark="MMA operation failed to optimize to use Tensor Cores, it is using FMA instructions instead", Shape="[1, 1, 1]"
// REMARK: remark: [Failure] RemarkTensorCoreMMA | {{.*}} Reason="m = 4 is not a multiple of 16"

// mmaf on CUDA cores in the parallel form (m = 4 is not a whole mma.sync
// fragment, and a remark says so): a 4x32 f32 result over 128 threads, one
// element per thread in the default layout. The operands go through shared
// memory 32 values of k at a time, k-major: two chunks for k = 64, in the
// two halves of a double buffer (one barrier per chunk, between its writes
// and reads; the write-after-read barrier once, before the loop), where
// every thread writes the 2 lhs and 16 rhs elements it holds if their k falls
// in the chunk. Then each k step reads
// one lhs and one rhs element, widened, for one fused multiply-add from
// zero; the accumulator is added last, as in the serial form.
// CHECK-LABEL: gpu.func @mmaf_f16(
// CHECK-SAME: workgroup(%[[SMEM:.+]] : memref<4608xi8, #gpu.address_space<workgroup>>)
// CHECK: %[[LHS:.+]] = memref.view %[[SMEM]][%{{.+}}][] : memref<4608xi8, #gpu.address_space<workgroup>> to memref<1280xf16, #gpu.address_space<workgroup>>
// CHECK: %[[RHS:.+]] = memref.view %[[SMEM]][%c256][] : memref<4608xi8, #gpu.address_space<workgroup>> to memref<2176xf16, #gpu.address_space<workgroup>>
// CHECK: %[[ZERO:.+]] = arith.constant 0.000000e+00 : f32
// CHECK: gpu.barrier {tilechain.write_after_read}
// CHECK: %[[CHUNKS:.+]] = scf.for %[[CHUNK:.+]] = %{{.+}} to %c2{{.*}} step %{{.+}} iter_args(%[[S:.+]] = %[[ZERO]]) -> (f32) {
// CHECK-NOT: gpu.barrier
// CHECK: arith.andi %[[CHUNK]]
// CHECK-NEXT: arith.constant 1152 : index
// CHECK-NOT: gpu.barrier
// CHECK: arith.cmpi eq, %{{.+}}, %[[CHUNK]] : index
// CHECK-NEXT: arith.constant
// CHECK-NEXT: arith.addi
// CHECK-NEXT: scf.if
// CHECK-NEXT: memref.store %{{.+}}, %[[LHS]][%{{.+}}] : memref<1280xf16, #gpu.address_space<workgroup>>
// CHECK-COUNT-1: memref.store %{{.+}}, %[[LHS]]
// CHECK-COUNT-16: memref.store %{{.+}}, %[[RHS]]
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK: %[[STEPS:.+]] = scf.for %{{.+}} = %{{.+}} to %c32{{.*}} step %{{.+}} iter_args(%[[P:.+]] = %[[S]]) -> (f32) {
// CHECK-NOT: gpu.barrier
// CHECK: %[[A:.+]] = memref.load %[[LHS]]
// CHECK-NEXT: %[[WA:.+]] = arith.extf %[[A]] : f16 to f32
// CHECK: %[[B:.+]] = memref.load %[[RHS]]
// CHECK-NEXT: %[[WB:.+]] = arith.extf %[[B]] : f16 to f32
// CHECK-NEXT: %[[N:.+]] = math.fma %[[WA]], %[[WB]], %[[P]] : f32
// CHECK-NEXT: scf.yield %[[N]] : f32
// CHECK: scf.yield %[[STEPS]] : f32
// CHECK: arith.addf %{{.+}}, %[[CHUNKS]] : f32
// CHECK-NEXT: vector.from_elements
cuda_tile.module @kernels {
  entry @mmaf_f16(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [4, 64], strides = [64, 1] : tensor_view<4x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf16, strides=[32,1]>
    %vc = make_tensor_view %c, shape = [4, 32], strides = [32, 1] : tensor_view<4x32xf32, strides=[32,1]>
    %qa = make_partition_view %va : partition_view<tile=(4x64), tensor_view<4x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x32), tensor_view<64x32xf16, strides=[32,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(4x32), tensor_view<4x32xf32, strides=[32,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(4x64), tensor_view<4x64xf16, strides=[64,1]>>, tile<i32> -> tile<4x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x32), tensor_view<64x32xf16, strides=[32,1]>>, tile<i32> -> tile<64x32xf16>, token
    %acc = constant <f32: 1.0> : tile<4x32xf32>
    %r = mmaf %x, %y, %acc : tile<4x64xf16>, tile<64x32xf16>, tile<4x32xf32>
    %done = store_view_tko weak %r, %qc[%zero, %zero] token = %t0 : tile<4x32xf32>, partition_view<tile=(4x32), tensor_view<4x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
}

// -----

// mmai in the parallel form: each operand widened by its own signedness, the
// i32 sum starting from the accumulator element (7), nothing added after.
// A 4x4 result over 128 threads: one element per thread, lanes 16-31 and
// warps 1-3 replicating it; only the owners write the operands (an i1 per
// element combined with its chunk test).
// CHECK-LABEL: gpu.func @mmai_signed_unsigned(
// CHECK: %[[LHS:.+]] = memref.view %{{.+}} to memref<32xi8, #gpu.address_space<workgroup>>
// CHECK: %[[RHS:.+]] = memref.view %{{.+}} to memref<32xi8, #gpu.address_space<workgroup>>
// CHECK: %[[SUM:.+]] = scf.for %{{.+}} iter_args(%[[S:.+]] = %{{.+}}) -> (i32) {
// CHECK-NEXT: gpu.barrier
// CHECK: arith.cmpi eq
// CHECK: arith.andi
// CHECK: scf.if
// CHECK-NEXT: memref.store %{{.+}}, %[[LHS]]
// CHECK: gpu.barrier
// CHECK: scf.for %{{.+}} iter_args(%[[P:.+]] = %[[S]]) -> (i32) {
// CHECK: %[[A:.+]] = memref.load %[[LHS]]
// CHECK-NEXT: %[[WA:.+]] = arith.extsi %[[A]] : i8 to i32
// CHECK: %[[B:.+]] = memref.load %[[RHS]]
// CHECK-NEXT: %[[WB:.+]] = arith.extui %[[B]] : i8 to i32
// CHECK-NEXT: %[[PROD:.+]] = arith.muli %[[WA]], %[[WB]] : i32
// CHECK-NEXT: %[[NEXT:.+]] = arith.addi %[[P]], %[[PROD]] : i32
// CHECK-NEXT: scf.yield %[[NEXT]] : i32
// CHECK: vector.from_elements %[[SUM]] : vector<1xi32>
cuda_tile.module @m {
  entry @mmai_signed_unsigned() {
    %a = constant <i8: 3> : tile<4x8xi8>
    %b = constant <i8: -3> : tile<8x4xi8>
    %c = constant <i32: 7> : tile<4x4xi32>
    %r = mmai %a, %b, %c signed unsigned : tile<4x8xi8>, tile<8x4xi8>, tile<4x4xi32>
    return
  }
}
