// The async proxy (TMA, wgmma's and tcgen05.mma's shared operands) sees a
// thread's generic write of shared memory only after that thread's
// fence.proxy.async. The host checks it per byte (HostProxyFences.cpp): an
// async op that reads or overwrites a byte whose last generic writer has not
// fenced since stops the block, under every seed; fenced, it passes.
// wgmma: thread 0 writes f16 ones into A (64x16) and B (16x32), fences (or
// not), and after a barrier the warpgroup multiplies them (each product
// 16.0). TMA copy: every thread writes its word of the box's bytes, fences
// (or not), and after a barrier thread 0 copies src over them.
// host-proxy-fences-tcgen05.mlir checks tcgen05.mma's operands.
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: for seed in 0 1 7; do \
// RUN:   TILECHAIN_HOST_SEED=$seed %hpython %S/Inputs/run_host_block.py %t.so wgmma_fenced \
// RUN:     --grid 1 --buffer out:float32:1 --expect 'out=[16.0]' \
// RUN:   && TILECHAIN_HOST_SEED=$seed not --crash %hpython %S/Inputs/run_host_block.py %t.so wgmma_unfenced \
// RUN:     --grid 1 --buffer out:float32:1 2>&1 \
// RUN:   && TILECHAIN_HOST_SEED=$seed %hpython %S/Inputs/run_host_block.py %t.so copy_fenced --grid 1 \
// RUN:     --buffer src:float32:64:iota --buffer out:float32:64 --expect 'out=src' \
// RUN:   && TILECHAIN_HOST_SEED=$seed not --crash %hpython %S/Inputs/run_host_block.py %t.so copy_unfenced --grid 1 \
// RUN:     --buffer src:float32:64:iota --buffer out:float32:64 2>&1; \
// RUN: done | FileCheck %s

// CHECK: wgmma_fenced: out matches (1 values)
// CHECK: tilechain host: kernel 'wgmma_unfenced': {{.*}}host-proxy-fences.mlir:{{[0-9]+}}:{{[0-9]+}}: tile_dist.warpgroup_mma reads shared memory that a thread wrote with no fence.proxy.async after the write (the async proxy may not see it)
// CHECK: copy_fenced: out matches (64 values)
// CHECK: tilechain host: kernel 'copy_unfenced': {{.*}}host-proxy-fences.mlir:{{[0-9]+}}:{{[0-9]+}}: tile_dist.tensor_copy writes shared memory that a thread wrote with no fence.proxy.async after the write (the generic write may land over the copy)
// CHECK: wgmma_fenced: out matches (1 values)
// CHECK: tilechain host: kernel 'wgmma_unfenced': {{.*}}host-proxy-fences.mlir:{{[0-9]+}}:{{[0-9]+}}: tile_dist.warpgroup_mma reads shared memory that a thread wrote with no fence.proxy.async after the write (the async proxy may not see it)
// CHECK: copy_fenced: out matches (64 values)
// CHECK: tilechain host: kernel 'copy_unfenced': {{.*}}host-proxy-fences.mlir:{{[0-9]+}}:{{[0-9]+}}: tile_dist.tensor_copy writes shared memory that a thread wrote with no fence.proxy.async after the write (the generic write may land over the copy)
// CHECK: wgmma_fenced: out matches (1 values)
// CHECK: tilechain host: kernel 'wgmma_unfenced': {{.*}}host-proxy-fences.mlir:{{[0-9]+}}:{{[0-9]+}}: tile_dist.warpgroup_mma reads shared memory that a thread wrote with no fence.proxy.async after the write (the async proxy may not see it)
// CHECK: copy_fenced: out matches (64 values)
// CHECK: tilechain host: kernel 'copy_unfenced': {{.*}}host-proxy-fences.mlir:{{[0-9]+}}:{{[0-9]+}}: tile_dist.tensor_copy writes shared memory that a thread wrote with no fence.proxy.async after the write (the generic write may land over the copy)

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90a">] {
    // The operands written by thread 0, fenced, then a barrier.
    gpu.func @wgmma_fenced(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<4096xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c2048 = arith.constant 2048 : index
      %c4096 = arith.constant 4096 : index
      %low = arith.constant 0 : i8
      %high = arith.constant 60 : i8
      %zero = arith.constant dense<0.0> : vector<16xf32>
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        scf.for %i = %c0 to %c4096 step %c2 {
          %i1 = arith.addi %i, %c1 : index
          memref.store %low, %smem[%i] : memref<4096xi8, #gpu.address_space<workgroup>>
          memref.store %high, %smem[%i1] : memref<4096xi8, #gpu.address_space<workgroup>>
        }
        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      }
      gpu.barrier
      nvvm.wgmma.fence.aligned
      %d = tile_dist.warpgroup_mma shared %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %smem[%c2048] : memref<4096xi8, #gpu.address_space<workgroup>>, %zero : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
      nvvm.wgmma.commit.group.sync.aligned
      %x = vector.extract %d[0] : f32 from vector<16xf32>
      %r = tile_dist.warpgroup_wait 0, %x : f32
      scf.if %first {
        llvm.store %r, %out : f32, !llvm.ptr<1>
      }
      gpu.return
    }
    // The same with no fence: the wgmma may read what was there before.
    gpu.func @wgmma_unfenced(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<4096xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c2048 = arith.constant 2048 : index
      %c4096 = arith.constant 4096 : index
      %low = arith.constant 0 : i8
      %high = arith.constant 60 : i8
      %zero = arith.constant dense<0.0> : vector<16xf32>
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        scf.for %i = %c0 to %c4096 step %c2 {
          %i1 = arith.addi %i, %c1 : index
          memref.store %low, %smem[%i] : memref<4096xi8, #gpu.address_space<workgroup>>
          memref.store %high, %smem[%i1] : memref<4096xi8, #gpu.address_space<workgroup>>
        }
      }
      gpu.barrier
      nvvm.wgmma.fence.aligned
      %d = tile_dist.warpgroup_mma shared %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %smem[%c2048] : memref<4096xi8, #gpu.address_space<workgroup>>, %zero : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
      nvvm.wgmma.commit.group.sync.aligned
      %x = vector.extract %d[0] : f32 from vector<16xf32>
      %r = tile_dist.warpgroup_wait 0, %x : f32
      scf.if %first {
        llvm.store %r, %out : f32, !llvm.ptr<1>
      }
      gpu.return
    }
    // Each thread zeroes its word of the box, fences, then the copy.
    gpu.func @copy_fenced(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%buf : memref<64xf32, #gpu.address_space<workgroup>>,
                  %bars : memref<1xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %at0 = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %bytes = arith.constant 256 : i32
      %p0 = arith.constant 0 : i32
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      memref.store %zero, %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
      }
      gpu.barrier
      scf.if %first {
        tile_dist.mbarrier_expect_tx %bars[%c0], %bytes : memref<1xi64, #gpu.address_space<workgroup>>
        tile_dist.tensor_copy %map, %src, [%c64], [] at [%at0] into %buf[%c0], %bars[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>, memref<1xi64, #gpu.address_space<workgroup>>
      }
      tile_dist.mbarrier_wait %bars[%c0], %p0 : memref<1xi64, #gpu.address_space<workgroup>>
      %v = memref.load %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      %i = arith.index_cast %t : index to i64
      %a = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %v, %a : f32, !llvm.ptr<1>
      gpu.return
    }
    // The same with no fence: a zero may land over the copied value.
    gpu.func @copy_unfenced(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
        workgroup(%buf : memref<64xf32, #gpu.address_space<workgroup>>,
                  %bars : memref<1xi64, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 64, 1, 1>} {
      %map = llvm.mlir.zero : !llvm.ptr
      %c0 = arith.constant 0 : index
      %c64 = arith.constant 64 : index
      %at0 = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %bytes = arith.constant 256 : i32
      %p0 = arith.constant 0 : i32
      %zero = arith.constant 0.0 : f32
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      memref.store %zero, %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.mbarrier.init
      }
      gpu.barrier
      scf.if %first {
        tile_dist.mbarrier_expect_tx %bars[%c0], %bytes : memref<1xi64, #gpu.address_space<workgroup>>
        tile_dist.tensor_copy %map, %src, [%c64], [] at [%at0] into %buf[%c0], %bars[%c0] {box = array<i64: 64>, swizzle = 0 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<64xf32, #gpu.address_space<workgroup>>, memref<1xi64, #gpu.address_space<workgroup>>
      }
      tile_dist.mbarrier_wait %bars[%c0], %p0 : memref<1xi64, #gpu.address_space<workgroup>>
      %v = memref.load %buf[%t] : memref<64xf32, #gpu.address_space<workgroup>>
      %i = arith.index_cast %t : index to i64
      %a = llvm.getelementptr %out[%i] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      llvm.store %v, %a : f32, !llvm.ptr<1>
      gpu.return
    }
  }
}
