// tile-llc lowers what tile-sched will hand it: gpu, arith and math ops in a
// gpu.module become an NVVM kernel; math.sqrt goes through libdevice.
// REQUIRES: libdevice
// RUN: tile-llc %s | FileCheck %s
// RUN: tile-llc %s --prec-sqrt=false | FileCheck %s --check-prefix=APPROX

// CHECK: .target sm_90{{$}}
// CHECK: .visible .entry k(
// CHECK: mov.u32 {{.*}}%tid.x;
// CHECK: sqrt.rn.f32
// CHECK: st.global.b32
// APPROX: sqrt.approx{{.*}}.f32

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">] {
    gpu.func @k(%p: !llvm.ptr<1>) kernel {
      %tid = gpu.thread_id x
      %i = arith.index_cast %tid : index to i32
      %f = arith.sitofp %i : i32 to f32
      %s = math.sqrt %f : f32
      llvm.store %s, %p : f32, !llvm.ptr<1>
      gpu.return
    }
  }
}
