// Pointer loads, stores, atomics and globals through every stage to ptxas,
// on sm_80 and sm_90: orderings and scopes reach the PTX (atomicrmw as
// fences around a relaxed atom), and bf16 atomic add is native on sm_90 and
// a compare-and-swap loop before it.
// REQUIRES: ptxas, libdevice
// RUN: rm -rf %t && mkdir %t
// RUN: tile-lower %s --gpu-name=sm_80 | tile-sched | tile-llc -o %t/k80.ptx
// RUN: tile-link %t/k80.ptx -o %t/k80.cubin
// RUN: FileCheck %s --check-prefixes=CHECK,SM80 < %t/k80.ptx
// RUN: tile-lower %s --gpu-name=sm_90 | tile-sched | tile-llc -o %t/k90.ptx
// RUN: tile-link %t/k90.ptx -o %t/k90.cubin
// RUN: FileCheck %s --check-prefixes=CHECK,SM90 < %t/k90.ptx

// CHECK: .visible .global .align 4 .b8 lock[4];
// CHECK-LABEL: .entry memory(
// CHECK: ld.acquire.gpu.global.b32
// CHECK: ld.global.b32
// CHECK: fence.acq_rel.gpu;
// CHECK-NEXT: atom.global.add.u32
// CHECK-NEXT: fence.acq_rel.gpu;
// CHECK: atom.acquire.gpu.global.cas.b32 {{.*}}, [lock], 0, 1;
// CHECK: fence.acq_rel.cta;
// CHECK-NEXT: atom.global.exch.b32 {{.*}}, [lock], 0;
// SM80: atom.relaxed.gpu.global.cas.b32
// SM90: atom.global.add.noftz.bf16
// CHECK: atom.global.add.f32
// CHECK: st.release.cta.global.b32
// CHECK: st.global.b16
// CHECK: st.global.b32
cuda_tile.module @m {
  global @lock <i32: 0> : tile<1xi32>
  entry @memory(%p: tile<ptr<i32>>, %q: tile<ptr<i32>>, %h: tile<ptr<bf16>>, %x: tile<bf16>,
                %f: tile<ptr<f32>>, %y: tile<f32>, %m: tile<i1>) {
    %a, %t0 = load_ptr_tko acquire device %p : tile<ptr<i32>> -> tile<i32>, token
    %b, %t1 = load_ptr_tko weak %q, %m : tile<ptr<i32>>, tile<i1> -> tile<i32>, token
    %c, %t2 = atomic_rmw_tko acq_rel device %q, add, %b : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %g = get_global @lock : tile<ptr<i32>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %d, %t3 = atomic_cas_tko acquire device %g, %zero, %one : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %e, %t4 = atomic_rmw_tko release tl_blk %g, xchg, %zero : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %s, %t5 = atomic_rmw_tko relaxed device %h, addf, %x : tile<ptr<bf16>>, tile<bf16> -> tile<bf16>, token
    %r, %t6 = atomic_rmw_tko relaxed device %f, addf, %y, %m : tile<ptr<f32>>, tile<f32>, tile<i1> -> tile<f32>, token
    %t7 = store_ptr_tko release tl_blk %p, %c : tile<ptr<i32>>, tile<i32> -> token
    %t8 = store_ptr_tko weak %h, %s : tile<ptr<bf16>>, tile<bf16> -> token
    %t9 = store_ptr_tko weak %f, %r, %m : tile<ptr<f32>>, tile<f32>, tile<i1> -> token
    %t10 = store_ptr_tko weak %q, %a : tile<ptr<i32>>, tile<i32> -> token
    %t11 = store_ptr_tko weak %q, %d : tile<ptr<i32>>, tile<i32> -> token
    %t12 = store_ptr_tko weak %q, %e : tile<ptr<i32>>, tile<i32> -> token
    return
  }
}
