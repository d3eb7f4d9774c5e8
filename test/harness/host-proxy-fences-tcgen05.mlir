// tcgen05.mma reads its shared-memory operands through the async proxy,
// which sees thread 0's generic writes of them only after its
// fence.proxy.async (HostProxyFences.cpp; host-proxy-fences.mlir has the
// wgmma and TMA cases). Thread 0 writes f16 ones into A (128x16) and B
// (16x16), sets up the commit's mbarrier with fence.mbarrier_init, fences
// to the async proxy (or not), and after a barrier multiplies them (each
// product 16.0, 0x41800000). fence.mbarrier_init orders the setup alone.
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: for seed in 0 1 7; do \
// RUN:   TILECHAIN_HOST_SEED=$seed %hpython %S/Inputs/run_host_block.py %t.so tcgen05_fenced \
// RUN:     --grid 1 --buffer out:int32:1 --expect 'out=[0x41800000]' \
// RUN:   && TILECHAIN_HOST_SEED=$seed not --crash %hpython %S/Inputs/run_host_block.py %t.so tcgen05_unfenced \
// RUN:     --grid 1 --buffer out:int32:1 2>&1; \
// RUN: done | FileCheck %s

// CHECK: tcgen05_fenced: out matches (1 values)
// CHECK: tilechain host: kernel 'tcgen05_unfenced': {{.*}}host-proxy-fences-tcgen05.mlir:{{[0-9]+}}:{{[0-9]+}}: tile_dist.tensor_mma reads shared memory that a thread wrote with no fence.proxy.async after the write (the async proxy may not see it)
// CHECK: tcgen05_fenced: out matches (1 values)
// CHECK: tilechain host: kernel 'tcgen05_unfenced': {{.*}}host-proxy-fences-tcgen05.mlir:{{[0-9]+}}:{{[0-9]+}}: tile_dist.tensor_mma reads shared memory that a thread wrote with no fence.proxy.async after the write (the async proxy may not see it)
// CHECK: tcgen05_fenced: out matches (1 values)
// CHECK: tilechain host: kernel 'tcgen05_unfenced': {{.*}}host-proxy-fences-tcgen05.mlir:{{[0-9]+}}:{{[0-9]+}}: tile_dist.tensor_mma reads shared memory that a thread wrote with no fence.proxy.async after the write (the async proxy may not see it)

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_100a">] {
    // tcgen05.mma's operands written by thread 0, fenced.
    gpu.func @tcgen05_fenced(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<8192xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %c4096 = arith.constant 4096 : index
      %c4608 = arith.constant 4608 : index
      %c8000 = arith.constant 8000 : index
      %c8016 = arith.constant 8016 : index
      %one = arith.constant 1 : i32
      %p0 = arith.constant 0 : i32
      %false = arith.constant false
      %low = arith.constant 0 : i8
      %high = arith.constant 60 : i8
      %bars = memref.view %smem[%c8000][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<1xi64, #gpu.address_space<workgroup>>
      %slots = memref.view %smem[%c8016][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %warp = arith.divui %t, %c32 : index
      %first = arith.cmpi eq, %t, %c0 : index
      %warp0 = arith.cmpi eq, %warp, %c0 : index
      scf.if %first {
        scf.for %i = %c0 to %c4608 step %c2 {
          %i1 = arith.addi %i, %c1 : index
          memref.store %low, %smem[%i] : memref<8192xi8, #gpu.address_space<workgroup>>
          memref.store %high, %smem[%i1] : memref<8192xi8, #gpu.address_space<workgroup>>
        }
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      }
      scf.if %warp0 {
        tile_dist.tmem_alloc %slots[%c0] {columns = 32 : i64} : memref<1xi32, #gpu.address_space<workgroup>>
      }
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      %base = memref.load %slots[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      scf.if %first {
        tile_dist.tensor_mma %base, %smem[%c0] : memref<8192xi8, #gpu.address_space<workgroup>>, %smem[%c4096] : memref<8192xi8, #gpu.address_space<workgroup>>, %false {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, m = 128 : i64, n = 16 : i64, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
        tile_dist.tensor_mma_commit %bars[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
      }
      tile_dist.mbarrier_wait %bars[%c0], %p0 : memref<1xi64, #gpu.address_space<workgroup>>
      nvvm.tcgen05.fence <after>
      %read = tile_dist.tmem_load %base : vector<4xi32>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      scf.if %warp0 {
        nvvm.tcgen05.fence <after>
        tile_dist.tmem_dealloc %base {columns = 32 : i64}
      }
      scf.if %first {
        %w = vector.extract %read[0] : i32 from vector<4xi32>
        llvm.store %w, %out : i32, !llvm.ptr<1>
      }
      gpu.return
    }
    // The same with fence.mbarrier_init alone, which orders the setup only.
    gpu.func @tcgen05_unfenced(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<8192xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c32 = arith.constant 32 : index
      %c4096 = arith.constant 4096 : index
      %c4608 = arith.constant 4608 : index
      %c8000 = arith.constant 8000 : index
      %c8016 = arith.constant 8016 : index
      %one = arith.constant 1 : i32
      %p0 = arith.constant 0 : i32
      %false = arith.constant false
      %low = arith.constant 0 : i8
      %high = arith.constant 60 : i8
      %bars = memref.view %smem[%c8000][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<1xi64, #gpu.address_space<workgroup>>
      %slots = memref.view %smem[%c8016][] : memref<8192xi8, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
      %t = gpu.thread_id x
      %warp = arith.divui %t, %c32 : index
      %first = arith.cmpi eq, %t, %c0 : index
      %warp0 = arith.cmpi eq, %warp, %c0 : index
      scf.if %first {
        scf.for %i = %c0 to %c4608 step %c2 {
          %i1 = arith.addi %i, %c1 : index
          memref.store %low, %smem[%i] : memref<8192xi8, #gpu.address_space<workgroup>>
          memref.store %high, %smem[%i1] : memref<8192xi8, #gpu.address_space<workgroup>>
        }
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
      }
      scf.if %warp0 {
        tile_dist.tmem_alloc %slots[%c0] {columns = 32 : i64} : memref<1xi32, #gpu.address_space<workgroup>>
      }
      nvvm.tcgen05.fence <before>
      gpu.barrier
      nvvm.tcgen05.fence <after>
      %base = memref.load %slots[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
      scf.if %first {
        tile_dist.tensor_mma %base, %smem[%c0] : memref<8192xi8, #gpu.address_space<workgroup>>, %smem[%c4096] : memref<8192xi8, #gpu.address_space<workgroup>>, %false {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, m = 128 : i64, n = 16 : i64, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
        tile_dist.tensor_mma_commit %bars[%c0] : memref<1xi64, #gpu.address_space<workgroup>>
      }
      tile_dist.mbarrier_wait %bars[%c0], %p0 : memref<1xi64, #gpu.address_space<workgroup>>
      nvvm.tcgen05.fence <after>
      %read = tile_dist.tmem_load %base : vector<4xi32>
      nvvm.tcgen05.fence <before>
      gpu.barrier
      scf.if %warp0 {
        nvvm.tcgen05.fence <after>
        tile_dist.tmem_dealloc %base {columns = 32 : i64}
      }
      scf.if %first {
        %w = vector.extract %read[0] : i32 from vector<4xi32>
        llvm.store %w, %out : i32, !llvm.ptr<1>
      }
      gpu.return
    }
  }
}
