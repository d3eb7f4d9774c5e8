// tile-llc --emit=host-llvm replaces the NVVM intrinsics and PTX the tile
// lowering emits by the host's IEEE operations (round-to-nearest forms
// exactly, approximations by the exact function, ftz dropped), and defines
// __truncsfbf2 weakly so that a bf16 store links against any libgcc.
// RUN: tile-llc --emit=host-llvm %s | FileCheck %s

// CHECK-LABEL: define void @k__host(
// CHECK-NOT: llvm.nvvm
// CHECK-NOT: asm
// CHECK-DAG: fdiv float
// CHECK-DAG: fadd float
// CHECK-DAG: fmul float
// CHECK-DAG: call float @llvm.exp2.f32(
// CHECK-DAG: call float @llvm.sqrt.f32(
// CHECK-DAG: call float @llvm.tanh.f32(
// CHECK-DAG: call float @llvm.maximum.f32(
// CHECK-DAG: call float @llvm.minnum.f32(
// CHECK-DAG: call half @llvm.fma.f16(
// CHECK: define weak bfloat @__truncsfbf2(float

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">] {
    gpu.func @k(%p: i64, %x: f32, %y: f32, %h: f16) kernel {
      %d = llvm.call_intrinsic "llvm.nvvm.div.approx.ftz.f"(%x, %y) : (f32, f32) -> f32
      %a = llvm.call_intrinsic "llvm.nvvm.add.rn.ftz.f"(%d, %y) : (f32, f32) -> f32
      %m = llvm.call_intrinsic "llvm.nvvm.mul.rn.ftz.f"(%a, %x) : (f32, f32) -> f32
      %e = llvm.call_intrinsic "llvm.nvvm.ex2.approx.ftz.f32"(%m) : (f32) -> f32
      %s = llvm.call_intrinsic "llvm.nvvm.sqrt.approx.f"(%e) : (f32) -> f32
      %t = llvm.inline_asm "tanh.approx.f32 $0, $1;", "=f,f" %s : (f32) -> f32
      %mx = llvm.call_intrinsic "llvm.nvvm.fmax.ftz.nan.f"(%t, %x) : (f32, f32) -> f32
      %mn = llvm.call_intrinsic "llvm.nvvm.fmin.ftz.f"(%mx, %y) : (f32, f32) -> f32
      %hf = llvm.call_intrinsic "llvm.nvvm.fma.rn.f16"(%h, %h, %h) : (f16, f16, f16) -> f16
      %b = arith.truncf %mn : f32 to bf16
      %ptr = llvm.inttoptr %p : i64 to !llvm.ptr<1>
      llvm.store %b, %ptr : bf16, !llvm.ptr<1>
      %hptr = llvm.getelementptr %ptr[1] : (!llvm.ptr<1>) -> !llvm.ptr<1>, f16
      llvm.store %hf, %hptr : f16, !llvm.ptr<1>
      gpu.return
    }
  }
}
