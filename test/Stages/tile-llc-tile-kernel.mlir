// A kernel marked tilechain.tile_kernel is written in NVIDIA's tile-kernel
// form: .reqntid N and .minnctapersm 1 from its nvvm attributes, .language 7
// last in its header, .version raised to 9.2 for .language, the tile block id
// from %clusterid on sm_90 and newer (%ctaid before), and the launch metadata
// NVIDIA's modules define. A serial kernel beside it keeps today's form.
// RUN: split-file %s %t
// RUN: tile-llc %t/sm_90.mlir -o %t/sm_90.ptx
// RUN: FileCheck %s --check-prefix=SM90 --input-file=%t/sm_90.ptx
// RUN: FileCheck %s --check-prefix=SERIAL --input-file=%t/sm_90.ptx
// RUN: tile-llc %t/sm_80.mlir | FileCheck %s --check-prefix=SM80
// RUN: tile-llc %t/sm_120a.mlir | FileCheck %s --check-prefix=SM120A
// RUN: tile-llc %t/sm_110.mlir | FileCheck %s --check-prefix=SM110
// RUN: tile-llc %t/sm_90.mlir --emit=llvm | FileCheck %s --check-prefix=LLVM

// SM90: // tilechain.stage = tile-llc
// SM90: .version 9.2
// SM90-NEXT: .target sm_90{{$}}
// SM90: .visible .global .align 8 .b8 ___NV_TILE_LAUNCH_META_DATA___[64];
// SM90: .visible .entry tile(
// SM90: )
// SM90-NEXT: .reqntid 128, 1, 1
// SM90-NEXT: .minnctapersm 1
// SM90-NEXT: .language 7
// SM90-NEXT: {
// SM90-NOT: .entry
// SM90-DAG: mov.u32 {{.*}}%clusterid.x;
// SM90-DAG: mov.u32 {{.*}}%clusterid.y;
// SM90-DAG: mov.u32 {{.*}}%clusterid.z;
// SM90-DAG: mov.u32 {{.*}}%nctaid.x;
// SM90-DAG: mov.u32 {{.*}}%tid.x;
// SM90: ret;
// SM90: .visible .entry serial(

// SERIAL: .visible .entry serial(
// SERIAL: )
// SERIAL-NEXT: .reqntid 1, 1, 1
// SERIAL-NEXT: {
// SERIAL-NOT: clusterid
// SERIAL: mov.u32 {{.*}}%ctaid.x;
// SERIAL: ret;

// The block id is %ctaid before sm_90; .version is 9.2 whatever the chip's
// minimum (7.0 here).
// SM80: .version 9.2
// SM80-NEXT: .target sm_80{{$}}
// SM80: .reqntid 256, 1, 1
// SM80-NEXT: .minnctapersm 1
// SM80-NEXT: .language 7
// SM80-NEXT: {
// SM80-NOT: clusterid
// SM80-DAG: mov.u32 {{.*}}%ctaid.x;
// SM80-DAG: mov.u32 {{.*}}%ctaid.y;
// SM80-DAG: mov.u32 {{.*}}%ctaid.z;

// SM120A: .version 9.2
// SM120A-NEXT: .target sm_120a{{$}}
// SM120A: .language 7
// SM120A: mov.u32 {{.*}}%clusterid.x;

// SM110: .version 9.2
// SM110-NEXT: .target sm_110{{$}}
// SM110: .language 7
// SM110: mov.u32 {{.*}}%clusterid.x;

// The LLVM IR has no .language (only PTX text can say it).
// LLVM: @___NV_TILE_LAUNCH_META_DATA___ = {{.*}}addrspace(1) global [64 x i8] zeroinitializer, align 8
// LLVM: define ptx_kernel void @tile({{.*}} #[[TILE:[0-9]+]] {
// LLVM: call i32 @llvm.nvvm.read.ptx.sreg.clusterid.x()
// LLVM: define ptx_kernel void @serial({{.*}} #[[PLAIN:[0-9]+]] {
// LLVM: call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ctaid.x()
// LLVM: attributes #[[TILE]] = {{.*}}"nvvm.minctasm"="1" "nvvm.reqntid"="128,1,1"
// LLVM: attributes #[[PLAIN]] = {{.*}}"nvvm.reqntid"="1,1,1" }

//--- sm_90.mlir
module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90">] {
    gpu.func @tile(%p: !llvm.ptr<1>) kernel attributes {
        nvvm.reqntid = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32,
        tilechain.tile_kernel} {
      %tid = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bz = gpu.block_id z
      %gx = gpu.grid_dim x
      %b0 = arith.addi %bx, %by : index
      %b1 = arith.addi %b0, %bz : index
      %b2 = arith.muli %b1, %gx : index
      %i = arith.addi %b2, %tid : index
      %v = arith.index_cast %i : index to i32
      %q = llvm.getelementptr %p[%v] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
      llvm.store %v, %q : i32, !llvm.ptr<1>
      gpu.return
    }
    gpu.func @serial(%p: !llvm.ptr<1>) kernel attributes {
        nvvm.reqntid = array<i32: 1, 1, 1>} {
      %bx = gpu.block_id x
      %v = arith.index_cast %bx : index to i32
      llvm.store %v, %p : i32, !llvm.ptr<1>
      gpu.return
    }
  }
}
//--- sm_80.mlir
module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_80">] {
    gpu.func @tile(%p: !llvm.ptr<1>) kernel attributes {
        nvvm.reqntid = array<i32: 256, 1, 1>, nvvm.minctasm = 1 : i32,
        tilechain.tile_kernel} {
      %tid = gpu.thread_id x
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %bz = gpu.block_id z
      %b0 = arith.addi %bx, %by : index
      %b1 = arith.addi %b0, %bz : index
      %i = arith.addi %b1, %tid : index
      %v = arith.index_cast %i : index to i32
      %q = llvm.getelementptr %p[%v] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, i32
      llvm.store %v, %q : i32, !llvm.ptr<1>
      gpu.return
    }
  }
}
//--- sm_120a.mlir
module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_120a">] {
    gpu.func @tile(%p: !llvm.ptr<1>) kernel attributes {
        nvvm.reqntid = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32,
        tilechain.tile_kernel} {
      %bx = gpu.block_id x
      %v = arith.index_cast %bx : index to i32
      llvm.store %v, %p : i32, !llvm.ptr<1>
      gpu.return
    }
  }
}
//--- sm_110.mlir
module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_110">] {
    gpu.func @tile(%p: !llvm.ptr<1>) kernel attributes {
        nvvm.reqntid = array<i32: 128, 1, 1>, nvvm.minctasm = 1 : i32,
        tilechain.tile_kernel} {
      %bx = gpu.block_id x
      %v = arith.index_cast %bx : index to i32
      llvm.store %v, %p : i32, !llvm.ptr<1>
      gpu.return
    }
  }
}
