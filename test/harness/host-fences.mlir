// Fences the host checks, though it runs each asynchronous op at once.
// A wgmma reads its registers after its issue: a warpgroup_mma with no
// wgmma.fence since the thread's start or its last warpgroup_wait stops the
// block (HostWgmma.cpp); with the fence it passes. An mbarrier_init is a
// generic write the async proxy sees only after a fence.mbarrier_init or
// fence.proxy.async of its thread: a TMA copy or tcgen05 commit on an
// mbarrier set up with neither stops the block (HostMbarrier.cpp); with
// either it passes. The checks hold under every seed (0 and 1 here).
// REQUIRES: numpy, host-cc
// RUN: tile-llc --emit=host-obj %s -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_host_block.py %t.so wgmma_fenced \
// RUN:   --grid 1 --buffer out:float32:1 --expect 'out=[1.0]' \
// RUN:   | FileCheck %s --check-prefix=WGMMA-FENCED
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so wgmma_unfenced \
// RUN:   --grid 1 --buffer out:float32:1 2>&1 | FileCheck %s --check-prefix=WGMMA
// RUN: env TILECHAIN_HOST_SEED=1 not --crash %hpython %S/Inputs/run_host_block.py %t.so wgmma_unfenced \
// RUN:   --grid 1 --buffer out:float32:1 2>&1 | FileCheck %s --check-prefix=WGMMA
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so wgmma_after_wait \
// RUN:   --grid 1 --buffer out:float32:1 2>&1 | FileCheck %s --check-prefix=AFTER-WAIT
// RUN: %hpython %S/Inputs/run_host_block.py %t.so init_fenced --grid 1 \
// RUN:   --buffer src:float32:64:iota --buffer out:float32:64 \
// RUN:   --expect 'out=src' | FileCheck %s --check-prefix=INIT-FENCED
// RUN: %hpython %S/Inputs/run_host_block.py %t.so init_proxy_fenced --grid 1 \
// RUN:   --buffer src:float32:64:iota --buffer out:float32:64 \
// RUN:   --expect 'out=src' | FileCheck %s --check-prefix=PROXY-FENCED
// RUN: not --crash %hpython %S/Inputs/run_host_block.py %t.so init_unfenced --grid 1 \
// RUN:   --buffer src:float32:64:iota --buffer out:float32:64 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INIT
// RUN: env TILECHAIN_HOST_SEED=1 not --crash %hpython %S/Inputs/run_host_block.py %t.so init_unfenced --grid 1 \
// RUN:   --buffer src:float32:64:iota --buffer out:float32:64 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INIT

// WGMMA-FENCED: wgmma_fenced: out matches (1 values)
// WGMMA: tilechain host: kernel 'wgmma_unfenced': {{.*}}host-fences.mlir:[[#@LINE+35]]:12: tile_dist.warpgroup_mma issues a wgmma with no wgmma.fence since the thread's start or its last warpgroup_wait (other instructions may still access the registers it reads)
// AFTER-WAIT: tilechain host: kernel 'wgmma_after_wait': {{.*}}host-fences.mlir:[[#@LINE+54]]:12: tile_dist.warpgroup_mma issues a wgmma with no wgmma.fence
// INIT-FENCED: init_fenced: out matches (64 values)
// PROXY-FENCED: init_proxy_fenced: out matches (64 values)
// INIT: tilechain host: kernel 'init_unfenced': {{.*}}host-fences.mlir:[[#@LINE+138]]:9: tile_dist.tensor_copy has the async proxy use an mbarrier that a thread set up with no fence.mbarrier_init or fence.proxy.async after it (the async proxy may not see the setup)

module attributes {tilechain.stage = "tile-sched"} {
  gpu.module @m [#nvvm.target<O = 3, chip = "sm_90a">] {
    // A 64x16 times 16x32 product of a warpgroup, fenced; thread 0 writes 1.
    gpu.func @wgmma_fenced(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<4096xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2048 = arith.constant 2048 : index
      %zero = arith.constant dense<0.0> : vector<16xf32>
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      nvvm.wgmma.fence.aligned
      %d = tile_dist.warpgroup_mma shared %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %smem[%c2048] : memref<4096xi8, #gpu.address_space<workgroup>>, %zero : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
      nvvm.wgmma.commit.group.sync.aligned
      %x = vector.extract %d[0] : f32 from vector<16xf32>
      %r = tile_dist.warpgroup_wait 0, %x : f32
      scf.if %first {
        %one = arith.constant 1.0 : f32
        llvm.store %one, %out : f32, !llvm.ptr<1>
      }
      gpu.return
    }
    // The same without the fence.
    gpu.func @wgmma_unfenced(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<4096xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2048 = arith.constant 2048 : index
      %zero = arith.constant dense<0.0> : vector<16xf32>
      %d = tile_dist.warpgroup_mma shared %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %smem[%c2048] : memref<4096xi8, #gpu.address_space<workgroup>>, %zero : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
      nvvm.wgmma.commit.group.sync.aligned
      %x = vector.extract %d[0] : f32 from vector<16xf32>
      %r = tile_dist.warpgroup_wait 0, %x : f32
      gpu.return
    }
    // Fenced once: the second product takes the first's waited-for result,
    // which other instructions then hold, with no fence between.
    gpu.func @wgmma_after_wait(%out: !llvm.ptr<1>)
        workgroup(%smem : memref<4096xi8, #gpu.address_space<workgroup>>)
        kernel attributes {nvvm.reqntid = array<i32: 128, 1, 1>} {
      %c0 = arith.constant 0 : index
      %c2048 = arith.constant 2048 : index
      %zero = arith.constant dense<0.0> : vector<16xf32>
      nvvm.wgmma.fence.aligned
      %d = tile_dist.warpgroup_mma shared %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %smem[%c2048] : memref<4096xi8, #gpu.address_space<workgroup>>, %zero : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
      nvvm.wgmma.commit.group.sync.aligned
      %x = vector.extract %d[0] : f32 from vector<16xf32>
      %r = tile_dist.warpgroup_wait 0, %x : f32
      %c = vector.broadcast %r : f32 to vector<16xf32>
      %e = tile_dist.warpgroup_mma shared %smem[%c0] : memref<4096xi8, #gpu.address_space<workgroup>>, %smem[%c2048] : memref<4096xi8, #gpu.address_space<workgroup>>, %c : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = f16}
      nvvm.wgmma.commit.group.sync.aligned
      %y = vector.extract %e[0] : f32 from vector<16xf32>
      %s = tile_dist.warpgroup_wait 0, %y : f32
      gpu.return
    }
    // out = src through one TMA box and one mbarrier, thread 0 setting it
    // up and fencing with fence.mbarrier_init.
    gpu.func @init_fenced(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
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
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
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
    // The same, fenced with fence.proxy.async instead.
    gpu.func @init_proxy_fenced(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
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
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
        nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
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
    // The same with no fence after the setup.
    gpu.func @init_unfenced(%src: !llvm.ptr<1>, %out: !llvm.ptr<1>)
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
      %t = gpu.thread_id x
      %first = arith.cmpi eq, %t, %c0 : index
      scf.if %first {
        tile_dist.mbarrier_init %bars[%c0], %one : memref<1xi64, #gpu.address_space<workgroup>>
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
