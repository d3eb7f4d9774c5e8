// tile-llc --emit=host-llvm: parameters come from params[i], block ids and
// grid sizes from grid[0..5], global pointers and globals lose address
// space 1, and math without an LLVM intrinsic calls libm.
// RUN: tile-llc --emit=host-llvm %s | FileCheck %s

// CHECK: @table = {{.*}}global [2 x i32]
// CHECK-LABEL: define void @k__host(ptr {{.*}}%0, ptr {{.*}}%1)
// CHECK-DAG: getelementptr i8, ptr %0, i64 8
// CHECK-DAG: getelementptr i8, ptr %1, i64 4
// CHECK-DAG: getelementptr i8, ptr %1, i64 20
// CHECK-DAG: load i32, ptr @table
// CHECK-DAG: call float @erff(
// CHECK-NOT: addrspace(1)

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">] {
    llvm.mlir.global external @table(dense<[1, 2]> : tensor<2xi32>) {addr_space = 1 : i32} : !llvm.array<2 x i32>
    gpu.func @k(%p: i64, %x: f32) kernel {
      %by = gpu.block_id y
      %gz = gpu.grid_dim z
      %sum = arith.addi %by, %gz : index
      %i = arith.index_cast %sum : index to i32
      %tbl = llvm.mlir.addressof @table : !llvm.ptr<1>
      %first = llvm.load %tbl : !llvm.ptr<1> -> i32
      %j = arith.addi %i, %first : i32
      %f = arith.sitofp %j : i32 to f32
      %g = arith.addf %f, %x : f32
      %t = math.erf %g : f32
      %ptr = llvm.inttoptr %p : i64 to !llvm.ptr<1>
      llvm.store %t, %ptr : f32, !llvm.ptr<1>
      gpu.return
    }
  }
}
