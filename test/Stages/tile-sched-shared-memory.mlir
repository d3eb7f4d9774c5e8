// tile-sched places each kernel's shared-memory buffers (one workgroup
// attribution per exchange, from tile-lower) in one array, and removes the
// barriers marked write-after-read where no access since the previous
// barrier touches the bytes their exchange writes (or nothing follows them
// before the kernel ends), and the proxy fences before TMA copies where no
// generic access of the copies' bytes can come before them.
// RUN: tile-sched %s --split-input-file --tilechain-plan-shared-memory | FileCheck %s

// Three exchanges in a row. The second avoids the first's bytes, which its
// writes would otherwise overwrite while threads still read them; the third
// comes after the second's barrier, so it reuses the first's bytes but not
// the second's. No write-after-read barrier is needed.
// CHECK-LABEL: gpu.func @three_in_a_row
// CHECK-SAME: workgroup(%[[ARRAY:.+]] : memref<128xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK: memref.view %[[ARRAY]][%c0][] : memref<128xi8, #gpu.address_space<workgroup>> to memref<64xi8, #gpu.address_space<workgroup>>
// CHECK: memref.view %[[ARRAY]][%c64][] : memref<128xi8, #gpu.address_space<workgroup>> to memref<64xi8, #gpu.address_space<workgroup>>
// CHECK: memref.view %[[ARRAY]][%c0_{{[0-9]+}}][] : memref<128xi8, #gpu.address_space<workgroup>> to memref<64xi8, #gpu.address_space<workgroup>>
// CHECK-NOT: gpu.barrier
// CHECK: memref.store %{{.+}}, %{{.+}}[%{{.+}}] : memref<16xf32
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.view
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.view
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: memref.load
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @three_in_a_row(%x: f32) workgroup(%a: memref<64xi8, #gpu.address_space<workgroup>>, %b: memref<64xi8, #gpu.address_space<workgroup>>, %c: memref<64xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %va = memref.view %a[%c0][] : memref<64xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
    gpu.barrier {tilechain.write_after_read}
    memref.store %x, %va[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %ya = memref.load %va[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    %vb = memref.view %b[%c0][] : memref<64xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
    gpu.barrier {tilechain.write_after_read}
    memref.store %ya, %vb[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %yb = memref.load %vb[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    %vc = memref.view %c[%c0][] : memref<64xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
    gpu.barrier {tilechain.write_after_read}
    memref.store %yb, %vc[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %yc = memref.load %vc[%c0] : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// One exchange in a loop: the next iteration's writes would overtake this
// iteration's reads, so its barrier stays (without the mark). Two exchanges
// in a loop: each one's reads are closed by the other's barrier, and they
// use distinct bytes, so neither needs one.
// CHECK-LABEL: gpu.func @one_in_a_loop
// CHECK: scf.for
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: memref.load
// CHECK-NEXT: }
// CHECK-LABEL: gpu.func @two_in_a_loop
// CHECK-SAME: memref<32xi8
// CHECK: scf.for
// CHECK-NEXT: memref.view
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: memref.load
// CHECK-NEXT: memref.view
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: memref.load
// CHECK-NEXT: }
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @one_in_a_loop(%x: f32) workgroup(%a: memref<16xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %va = memref.view %a[%c0][] : memref<16xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
    scf.for %i = %c0 to %c4 step %c1 {
      gpu.barrier {tilechain.write_after_read}
      memref.store %x, %va[%i] : memref<4xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %y = memref.load %va[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
  gpu.func @two_in_a_loop(%x: f32) workgroup(%a: memref<16xi8, #gpu.address_space<workgroup>>, %b: memref<16xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %va = memref.view %a[%c0][] : memref<16xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
      gpu.barrier {tilechain.write_after_read}
      memref.store %x, %va[%i] : memref<4xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %y = memref.load %va[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
      %vb = memref.view %b[%c0][] : memref<16xi8, #gpu.address_space<workgroup>> to memref<4xf32, #gpu.address_space<workgroup>>
      gpu.barrier {tilechain.write_after_read}
      memref.store %y, %vb[%i] : memref<4xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %z = memref.load %vb[%c0] : memref<4xf32, #gpu.address_space<workgroup>>
    }
    gpu.return
  }
}

// -----

// Two exchanges of 16 KiB: keeping them apart would double the kernel's
// shared memory, so the second reuses the first's bytes, and its barrier
// stays because the first's reads (in one branch of an scf.if) may not be
// done.
// CHECK-LABEL: gpu.func @large_after_branch
// CHECK-SAME: workgroup(%[[ARRAY:.+]] : memref<16384xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK: scf.if
// CHECK-NEXT: memref.view
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: memref.load
// CHECK: }
// CHECK-NEXT: memref.view
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: memref.store
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: memref.load
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @large_after_branch(%x: f32, %p: i1) workgroup(%a: memref<16384xi8, #gpu.address_space<workgroup>>, %b: memref<16384xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    scf.if %p {
      %va = memref.view %a[%c0][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<4096xf32, #gpu.address_space<workgroup>>
      gpu.barrier {tilechain.write_after_read}
      memref.store %x, %va[%c0] : memref<4096xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %y = memref.load %va[%c0] : memref<4096xf32, #gpu.address_space<workgroup>>
    }
    %vb = memref.view %b[%c0][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<4096xf32, #gpu.address_space<workgroup>>
    gpu.barrier {tilechain.write_after_read}
    memref.store %x, %vb[%c0] : memref<4096xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %z = memref.load %vb[%c0] : memref<4096xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// A tcgen05 mma's control buffer (two mbarriers and the address of its
// tensor-memory columns) after an exchange of 16 KiB: it reuses the
// exchange's bytes, so the barrier before warp 0's tcgen05.alloc and thread
// 0's mbarrier.init stays, or they would overwrite values other threads
// have yet to read.
// CHECK-LABEL: gpu.func @control_after_exchange
// CHECK-SAME: workgroup(%[[ARRAY:.+]] : memref<16384xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK: memref.load
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: scf.if
// CHECK: tile_dist.tmem_alloc
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_100a">] {
  gpu.func @control_after_exchange(%x: f32, %warp0: i1, %first: i1) workgroup(%a: memref<16384xi8, #gpu.address_space<workgroup>>, %control: memref<24xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %one = arith.constant 1 : i32
    %va = memref.view %a[%c0][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<4096xf32, #gpu.address_space<workgroup>>
    gpu.barrier {tilechain.write_after_read}
    memref.store %x, %va[%c0] : memref<4096xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %y = memref.load %va[%c1] : memref<4096xf32, #gpu.address_space<workgroup>>
    gpu.barrier {tilechain.write_after_read}
    scf.if %warp0 {
      %slot = memref.view %control[%c16][] : memref<24xi8, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
      tile_dist.tmem_alloc %slot[%c0] {columns = 128 : i64} : memref<1xi32, #gpu.address_space<workgroup>>
    }
    scf.if %first {
      %barriers = memref.view %control[%c0][] : memref<24xi8, #gpu.address_space<workgroup>> to memref<2xi64, #gpu.address_space<workgroup>>
      tile_dist.mbarrier_init %barriers[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    %address = memref.view %control[%c16][] : memref<24xi8, #gpu.address_space<workgroup>> to memref<1xi32, #gpu.address_space<workgroup>>
    %z = memref.load %address[%c0] : memref<1xi32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// An occupancy hint of 2 CTAs per SM (nvvm.minctasm, which caps a thread's
// registers) where the kernel's 120 KiB of shared memory let an sm_100 SM
// (228 KiB) hold one: the kernel asks for 1, and keeps its registers. With
// 100 KiB two fit, and it keeps asking for 2.
// CHECK-LABEL: gpu.func @one_fits
// CHECK-SAME: nvvm.minctasm = 1 : i32
// CHECK-LABEL: gpu.func @two_fit
// CHECK-SAME: nvvm.minctasm = 2 : i32
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_100a">] {
  gpu.func @one_fits(%x: f32) workgroup(%a: memref<122880xi8, #gpu.address_space<workgroup>>) kernel attributes {nvvm.minctasm = 2 : i32} {
    %c0 = arith.constant 0 : index
    %va = memref.view %a[%c0][] : memref<122880xi8, #gpu.address_space<workgroup>> to memref<30720xf32, #gpu.address_space<workgroup>>
    memref.store %x, %va[%c0] : memref<30720xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
  gpu.func @two_fit(%x: f32) workgroup(%a: memref<102400xi8, #gpu.address_space<workgroup>>) kernel attributes {nvvm.minctasm = 2 : i32} {
    %c0 = arith.constant 0 : index
    %va = memref.view %a[%c0][] : memref<102400xi8, #gpu.address_space<workgroup>> to memref<25600xf32, #gpu.address_space<workgroup>>
    memref.store %x, %va[%c0] : memref<25600xf32, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The same control buffer written without a barrier before it (as tcgen05's
// was until 2026-11-27): sharing the exchange's bytes would let thread 0
// overwrite values other threads have yet to read, so tile-sched keeps the
// two apart (16 KiB, then 24 bytes padded to 32) instead.
// CHECK-LABEL: gpu.func @control_without_barrier
// CHECK-SAME: workgroup(%[[ARRAY:.+]] : memref<16416xi8, #gpu.address_space<workgroup>> {llvm.align = 16 : i64})
// CHECK-DAG: memref.view %[[ARRAY]][%c0{{(_[0-9]+)?}}][] : memref<16416xi8, #gpu.address_space<workgroup>> to memref<16384xi8
// CHECK-DAG: memref.view %[[ARRAY]][%c16384][] : memref<16416xi8, #gpu.address_space<workgroup>> to memref<24xi8
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_100a">] {
  gpu.func @control_without_barrier(%x: f32, %first: i1) workgroup(%a: memref<16384xi8, #gpu.address_space<workgroup>>, %control: memref<24xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i32
    %va = memref.view %a[%c0][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<4096xf32, #gpu.address_space<workgroup>>
    gpu.barrier {tilechain.write_after_read}
    memref.store %x, %va[%c0] : memref<4096xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %y = memref.load %va[%c1] : memref<4096xf32, #gpu.address_space<workgroup>>
    scf.if %first {
      %barriers = memref.view %control[%c0][] : memref<24xi8, #gpu.address_space<workgroup>> to memref<2xi64, #gpu.address_space<workgroup>>
      tile_dist.mbarrier_init %barriers[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    }
    gpu.barrier
    gpu.return
  }
}

// -----

// A TMA ring set up first: its fence before the setup orders no generic
// access of the ring's bytes (the mbarrier setup comes after it), so it
// goes; the mbarrier-init fence stays.
// CHECK-LABEL: gpu.func @ring_first
// CHECK-NOT: nvvm.fence.proxy
// CHECK: tile_dist.mbarrier_init
// CHECK-NEXT: nvvm.fence.mbarrier.init
// CHECK: tile_dist.tensor_copy
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @ring_first(%map: !llvm.ptr, %base: !llvm.ptr<1>, %i: index, %x: i32) workgroup(%ring: memref<16400xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c16384 = arith.constant 16384 : index
    %one = arith.constant 1 : i32
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>, tilechain.before_async_writes}
    %bars = memref.view %ring[%c16384][] : memref<16400xi8, #gpu.address_space<workgroup>> to memref<2xi64, #gpu.address_space<workgroup>>
    tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    nvvm.fence.mbarrier.init
    gpu.barrier
    %stage = memref.view %ring[%c0][] : memref<16400xi8, #gpu.address_space<workgroup>> to memref<8192xf16, #gpu.address_space<workgroup>>
    tile_dist.tensor_copy %map, %base, [%i, %i], [%i] at [%x, %x] into %stage[%c0], %bars[%c0] {box = array<i64: 64, 128>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
    tile_dist.mbarrier_wait %bars[%c0], %x : memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The same ring after an exchange whose bytes it reuses (the exchange's
// reads are closed by a barrier before the ring begins): the threads'
// generic write of those bytes must come before the copies' async writes,
// so the fence stays (without its mark).
// CHECK-LABEL: gpu.func @ring_after_exchange
// CHECK-SAME: workgroup(%{{.+}} : memref<16400xi8
// CHECK: memref.load
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: memref.view
// CHECK-NEXT: tile_dist.mbarrier_init
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @ring_after_exchange(%map: !llvm.ptr, %base: !llvm.ptr<1>, %i: index, %x: i32, %y: f32) workgroup(%a: memref<16384xi8, #gpu.address_space<workgroup>>, %ring: memref<16400xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16384 = arith.constant 16384 : index
    %one = arith.constant 1 : i32
    %va = memref.view %a[%c0][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<4096xf32, #gpu.address_space<workgroup>>
    memref.store %y, %va[%c0] : memref<4096xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %z = memref.load %va[%c1] : memref<4096xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>, tilechain.before_async_writes}
    %bars = memref.view %ring[%c16384][] : memref<16400xi8, #gpu.address_space<workgroup>> to memref<2xi64, #gpu.address_space<workgroup>>
    tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    nvvm.fence.mbarrier.init
    gpu.barrier
    %stage = memref.view %ring[%c0][] : memref<16400xi8, #gpu.address_space<workgroup>> to memref<8192xf16, #gpu.address_space<workgroup>>
    tile_dist.tensor_copy %map, %base, [%i, %i], [%i] at [%x, %x] into %stage[%c0], %bars[%c0] {box = array<i64: 64, 128>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
    tile_dist.mbarrier_wait %bars[%c0], %x : memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The same bytes only read before the ring (a stage another ring filled,
// say): the barrier that lets the copy be issued orders the reads, and the
// fence goes.
// CHECK-LABEL: gpu.func @ring_after_reads
// CHECK-SAME: workgroup(%{{.+}} : memref<16400xi8
// CHECK: memref.load
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: memref.view
// CHECK-NEXT: tile_dist.mbarrier_init
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @ring_after_reads(%map: !llvm.ptr, %base: !llvm.ptr<1>, %i: index, %x: i32, %y: f32) workgroup(%a: memref<16384xi8, #gpu.address_space<workgroup>>, %ring: memref<16400xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16384 = arith.constant 16384 : index
    %one = arith.constant 1 : i32
    %va = memref.view %a[%c0][] : memref<16384xi8, #gpu.address_space<workgroup>> to memref<4096xf32, #gpu.address_space<workgroup>>
    %z = memref.load %va[%c1] : memref<4096xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>, tilechain.before_async_writes}
    %bars = memref.view %ring[%c16384][] : memref<16400xi8, #gpu.address_space<workgroup>> to memref<2xi64, #gpu.address_space<workgroup>>
    tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
    nvvm.fence.mbarrier.init
    gpu.barrier
    %stage = memref.view %ring[%c0][] : memref<16400xi8, #gpu.address_space<workgroup>> to memref<8192xf16, #gpu.address_space<workgroup>>
    tile_dist.tensor_copy %map, %base, [%i, %i], [%i] at [%x, %x] into %stage[%c0], %bars[%c0] {box = array<i64: 64, 128>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
    tile_dist.mbarrier_wait %bars[%c0], %x : memref<2xi64, #gpu.address_space<workgroup>>
    gpu.return
  }
}

// -----

// The ring set up again in each iteration of a loop. The last iteration's
// mbarrier ops, generic writes of the ring's buffer, can come before the
// fence, but not of the bytes the copies write: the fence goes. Where the
// threads also write the stage in the loop, the next iteration's copies
// overwrite it, and the fence stays.
// CHECK-LABEL: gpu.func @ring_in_a_loop
// CHECK: scf.for
// CHECK-NEXT: memref.view
// CHECK-NEXT: tile_dist.mbarrier_init
// CHECK-LABEL: gpu.func @ring_in_a_loop_written
// CHECK: scf.for
// CHECK-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @ring_in_a_loop(%map: !llvm.ptr, %base: !llvm.ptr<1>, %i: index, %x: i32) workgroup(%ring: memref<16400xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16384 = arith.constant 16384 : index
    %one = arith.constant 1 : i32
    scf.for %k = %c0 to %c4 step %c1 {
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>, tilechain.before_async_writes}
      %bars = memref.view %ring[%c16384][] : memref<16400xi8, #gpu.address_space<workgroup>> to memref<2xi64, #gpu.address_space<workgroup>>
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
      gpu.barrier
      %stage = memref.view %ring[%c0][] : memref<16400xi8, #gpu.address_space<workgroup>> to memref<8192xf16, #gpu.address_space<workgroup>>
      tile_dist.tensor_copy %map, %base, [%i, %i], [%i] at [%x, %x] into %stage[%c0], %bars[%c0] {box = array<i64: 64, 128>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
      tile_dist.mbarrier_wait %bars[%c0], %x : memref<2xi64, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    gpu.return
  }
  gpu.func @ring_in_a_loop_written(%map: !llvm.ptr, %base: !llvm.ptr<1>, %i: index, %x: i32, %h: f16) workgroup(%ring: memref<16400xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16384 = arith.constant 16384 : index
    %one = arith.constant 1 : i32
    scf.for %k = %c0 to %c4 step %c1 {
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>, tilechain.before_async_writes}
      %bars = memref.view %ring[%c16384][] : memref<16400xi8, #gpu.address_space<workgroup>> to memref<2xi64, #gpu.address_space<workgroup>>
      tile_dist.mbarrier_init %bars[%c0], %one : memref<2xi64, #gpu.address_space<workgroup>>
      nvvm.fence.mbarrier.init
      gpu.barrier
      %stage = memref.view %ring[%c0][] : memref<16400xi8, #gpu.address_space<workgroup>> to memref<8192xf16, #gpu.address_space<workgroup>>
      tile_dist.tensor_copy %map, %base, [%i, %i], [%i] at [%x, %x] into %stage[%c0], %bars[%c0] {box = array<i64: 64, 128>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf16, #gpu.address_space<workgroup>>, memref<2xi64, #gpu.address_space<workgroup>>
      tile_dist.mbarrier_wait %bars[%c0], %x : memref<2xi64, #gpu.address_space<workgroup>>
      gpu.barrier
      memref.store %h, %stage[%c0] : memref<8192xf16, #gpu.address_space<workgroup>>
      gpu.barrier
    }
    gpu.return
  }
}


// -----

// A TMA store's staging: written, fenced, a barrier, stored by thread 0,
// then the barrier that keeps later writes from the staging until the
// store has read it. In the kernel's body with nothing after it, that
// barrier orders nothing and goes; with the staging written again after
// it (a second slab), it stays; at the end of a loop's body (the next
// iteration may write the staging) it stays too.
// CHECK-LABEL: gpu.func @store_then_return
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: {{^ *}}}{{$}}
// CHECK-NEXT: gpu.return
// CHECK-LABEL: gpu.func @store_then_store
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: {{^ *}}}{{$}}
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: memref.store
// CHECK-LABEL: gpu.func @store_in_a_loop
// CHECK: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NEXT: {{^ *}}}{{$}}
// CHECK-NEXT: gpu.barrier{{$}}
// CHECK-NEXT: {{^ *}}}{{$}}
gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90">] {
  gpu.func @store_then_return(%map: !llvm.ptr, %base: !llvm.ptr<1>, %i: index, %x: i32, %y: f32, %first: i1) workgroup(%staging: memref<32768xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.view %staging[%c0][] : memref<32768xi8, #gpu.address_space<workgroup>> to memref<8192xf32, #gpu.address_space<workgroup>>
    gpu.barrier {tilechain.write_after_read}
    memref.store %y, %v[%c0] : memref<8192xf32, #gpu.address_space<workgroup>>
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %first {
      tile_dist.tensor_store %map, %base, [%i, %i], [%i] at [%x, %x] from %v[%c0] {box = array<i64: 32, 64>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf32, #gpu.address_space<workgroup>>
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    gpu.barrier {tilechain.write_after_read}
    gpu.return
  }
  gpu.func @store_then_store(%map: !llvm.ptr, %base: !llvm.ptr<1>, %i: index, %x: i32, %y: f32, %first: i1) workgroup(%staging: memref<32768xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %v = memref.view %staging[%c0][] : memref<32768xi8, #gpu.address_space<workgroup>> to memref<8192xf32, #gpu.address_space<workgroup>>
    gpu.barrier {tilechain.write_after_read}
    memref.store %y, %v[%c0] : memref<8192xf32, #gpu.address_space<workgroup>>
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %first {
      tile_dist.tensor_store %map, %base, [%i, %i], [%i] at [%x, %x] from %v[%c0] {box = array<i64: 32, 64>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf32, #gpu.address_space<workgroup>>
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    gpu.barrier {tilechain.write_after_read}
    memref.store %y, %v[%c0] : memref<8192xf32, #gpu.address_space<workgroup>>
    nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
    gpu.barrier
    scf.if %first {
      tile_dist.tensor_store %map, %base, [%i, %i], [%i] at [%x, %x] from %v[%c0] {box = array<i64: 32, 64>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf32, #gpu.address_space<workgroup>>
      nvvm.cp.async.bulk.commit.group
      nvvm.cp.async.bulk.wait_group 0 {read}
    }
    gpu.barrier {tilechain.write_after_read}
    gpu.return
  }
  gpu.func @store_in_a_loop(%map: !llvm.ptr, %base: !llvm.ptr<1>, %i: index, %x: i32, %y: f32, %first: i1) workgroup(%staging: memref<32768xi8, #gpu.address_space<workgroup>>) kernel {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %v = memref.view %staging[%c0][] : memref<32768xi8, #gpu.address_space<workgroup>> to memref<8192xf32, #gpu.address_space<workgroup>>
    scf.for %k = %c0 to %c4 step %c1 {
      memref.store %y, %v[%c0] : memref<8192xf32, #gpu.address_space<workgroup>>
      nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
      gpu.barrier
      scf.if %first {
        tile_dist.tensor_store %map, %base, [%i, %i], [%i] at [%x, %x] from %v[%c0] {box = array<i64: 32, 64>, swizzle = 128 : i64} : !llvm.ptr, !llvm.ptr<1>, memref<8192xf32, #gpu.address_space<workgroup>>
        nvvm.cp.async.bulk.commit.group
        nvvm.cp.async.bulk.wait_group 0 {read}
      }
      gpu.barrier {tilechain.write_after_read}
    }
    gpu.return
  }
}
