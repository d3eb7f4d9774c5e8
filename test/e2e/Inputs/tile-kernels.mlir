// Two tile kernels around a serial one, as tile-sched hands them to tile-llc.
module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">] {
    gpu.func @first(%p: !llvm.ptr<1>) kernel attributes {
        nvvm.reqntid = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32,
        tilechain.tile_kernel} {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %n = gpu.block_dim x
      %b = arith.muli %bid, %n : index
      %i = arith.addi %b, %tid : index
      %v = arith.index_cast %i : index to i32
      %q = llvm.getelementptr %p[%v] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
      llvm.store %v, %q : i32, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @plain(%p: !llvm.ptr<1>) kernel attributes {
        nvvm.reqntid = array<i32: 1, 1, 1>} {
      %bid = gpu.block_id x
      %v = arith.index_cast %bid : index to i32
      llvm.store %v, %p : i32, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @second(%p: !llvm.ptr<1>, %x: f32) kernel attributes {
        nvvm.reqntid = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32,
        tilechain.tile_kernel} {
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      %q = llvm.getelementptr %p[%t] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      llvm.store %x, %q : f32, !llvm.ptr<1>
      gpu.return
    }
  }
}
