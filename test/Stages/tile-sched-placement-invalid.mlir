// RUN: tile-sched %s --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(gpu.module(tilechain-plan-shared-memory,tilechain-assign-tile-buffers))"

// What the placement of materialized code refuses: tile-sched's passes after
// tilechain-materialize-threads, on per-thread code.

// Tiles that cannot share bytes and together exceed a thread's 512 KiB of
// local memory are refused (the cubin would not launch); the note points at
// the largest.
module {
  gpu.module @m [#nvvm.target<chip = "sm_90">] {
    // expected-error@+1 {{the tiles of kernel 'k' need 589824 bytes of local memory per thread at their peak; a thread has at most 524288}}
    gpu.func @k(%x: f32) kernel {
      %c0 = arith.constant 0 : index
      // expected-note@+1 {{the largest is this 'memref<256x256xf32>' (262144 bytes)}}
      %a = memref.alloca() : memref<256x256xf32>
      %b = memref.alloca() : memref<256x256xf32>
      %c = memref.alloca() : memref<128x128xf32>
      memref.store %x, %a[%c0, %c0] : memref<256x256xf32>
      memref.store %x, %b[%c0, %c0] : memref<256x256xf32>
      memref.store %x, %c[%c0, %c0] : memref<128x128xf32>
      %va = memref.load %a[%c0, %c0] : memref<256x256xf32>
      %vb = memref.load %b[%c0, %c0] : memref<256x256xf32>
      %vc = memref.load %c[%c0, %c0] : memref<128x128xf32>
      %s = arith.addf %va, %vb : f32
      %t = arith.addf %s, %vc : f32
      memref.store %t, %a[%c0, %c0] : memref<256x256xf32>
      gpu.return
    }
  }
}

// -----

// Two exchanges in use at once need more shared memory than an sm_89 SM has.
module {
  gpu.module @m [#nvvm.target<chip = "sm_89">] {
    // expected-error@+1 {{the exchanges of kernel 'k' need 131072 bytes of shared memory at their peak; its target has at most 101376}}
    gpu.func @k(%x: f32) workgroup(%a: memref<65536xi8, #gpu.address_space<workgroup>>, %b: memref<65536xi8, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %va = memref.view %a[%c0][] : memref<65536xi8, #gpu.address_space<workgroup>> to memref<16384xf32, #gpu.address_space<workgroup>>
      %vb = memref.view %b[%c0][] : memref<65536xi8, #gpu.address_space<workgroup>> to memref<16384xf32, #gpu.address_space<workgroup>>
      memref.store %x, %va[%c0] : memref<16384xf32, #gpu.address_space<workgroup>>
      memref.store %x, %vb[%c0] : memref<16384xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %y = memref.load %va[%c0] : memref<16384xf32, #gpu.address_space<workgroup>>
      %z = memref.load %vb[%c0] : memref<16384xf32, #gpu.address_space<workgroup>>
      gpu.return
    }
  }
}
