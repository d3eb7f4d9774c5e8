// tile-sched places each kernel's shared-memory buffers (one workgroup
// attribution per exchange, from tile-lower) in one array, and removes the
// barriers marked write-after-read where no access since the previous
// barrier touches the bytes their exchange writes.
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
