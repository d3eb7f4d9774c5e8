// RUN: tile-lower %s --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s

// Pointer-tile accesses become one LLVM access per element through
// inttoptr to a global pointer; masks become scf.if, orderings and scopes
// LLVM atomic orderings and NVPTX syncscopes.

// A weak load of one pointer is a plain global load of the element size.
// CHECK-LABEL: gpu.func @load_scalar
// CHECK-SAME: (%[[P:.+]]: i64)
// CHECK-NEXT: %[[A:.+]] = llvm.inttoptr %[[P]] : i64 to !llvm.ptr<1>
// CHECK-NEXT: llvm.load %[[A]] {alignment = 4 : i64} : !llvm.ptr<1> -> f32
// CHECK-NEXT: gpu.return
cuda_tile.module @m {
  entry @load_scalar(%p: tile<ptr<f32>>) {
    %v, %t = load_ptr_tko weak %p : tile<ptr<f32>> -> tile<f32>, token
    return
  }
}

// -----

// Masked-off elements take the padding element and never touch memory.
// CHECK-LABEL: gpu.func @load_masked_padding
// CHECK: scf.for %[[I:.+]] =
// CHECK: %[[A:.+]] = memref.load %{{.+}}[%[[I]]] : memref<4xi64>
// CHECK: %[[M:.+]] = memref.load %{{.+}}[%[[I]]] : memref<4xi1>
// CHECK: %[[V:.+]] = scf.if %[[M]] -> (f64) {
// CHECK-NEXT: %[[G:.+]] = llvm.inttoptr %[[A]] : i64 to !llvm.ptr<1>
// CHECK-NEXT: %[[L:.+]] = llvm.load %[[G]] {alignment = 8 : i64} : !llvm.ptr<1> -> f64
// CHECK-NEXT: scf.yield %[[L]] : f64
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[PAD:.+]] = memref.load %{{.+}}[%[[I]]] : memref<4xf64>
// CHECK-NEXT: scf.yield %[[PAD]] : f64
// CHECK: memref.store %[[V]], %{{.+}}[%[[I]]] : memref<4xf64>
cuda_tile.module @m {
  entry @load_masked_padding(%p: tile<ptr<f64>>, %m: tile<i1>, %x: tile<f64>) {
    %p1 = reshape %p : tile<ptr<f64>> -> tile<1xptr<f64>>
    %ps = broadcast %p1 : tile<1xptr<f64>> -> tile<4xptr<f64>>
    %m1 = reshape %m : tile<i1> -> tile<1xi1>
    %ms = broadcast %m1 : tile<1xi1> -> tile<4xi1>
    %x1 = reshape %x : tile<f64> -> tile<1xf64>
    %xs = broadcast %x1 : tile<1xf64> -> tile<4xf64>
    %v, %t = load_ptr_tko weak %ps, %ms, %xs : tile<4xptr<f64>>, tile<4xi1>, tile<4xf64> -> tile<4xf64>, token
    return
  }
}

// -----

// Without a padding value, masked-off elements are zero.
// CHECK-LABEL: gpu.func @load_masked_zero
// CHECK-SAME: (%[[P:.+]]: i64, %[[M:.+]]: i1)
// CHECK: scf.if %[[M]] -> (i32) {
// CHECK: llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<1> -> i32
// CHECK: } else {
// CHECK-NEXT: %[[Z:.+]] = arith.constant 0 : i32
// CHECK-NEXT: scf.yield %[[Z]] : i32
cuda_tile.module @m {
  entry @load_masked_zero(%p: tile<ptr<i32>>, %m: tile<i1>) {
    %v, %t = load_ptr_tko weak %p, %m : tile<ptr<i32>>, tile<i1> -> tile<i32>, token
    return
  }
}

// -----

// Acquire and relaxed loads are LLVM atomic loads with the scope's syncscope
// (tl_blk: block, device: device, sys: the default system scope).
// CHECK-LABEL: gpu.func @load_orderings
// CHECK: llvm.load %{{.+}} atomic syncscope("device") acquire {alignment = 8 : i64} : !llvm.ptr<1> -> i64
// CHECK: llvm.load %{{.+}} atomic syncscope("block") monotonic {alignment = 8 : i64} : !llvm.ptr<1> -> i64
// CHECK: llvm.load %{{.+}} atomic acquire {alignment = 8 : i64} : !llvm.ptr<1> -> i64
cuda_tile.module @m {
  entry @load_orderings(%p: tile<ptr<i64>>) {
    %a, %t1 = load_ptr_tko acquire device %p : tile<ptr<i64>> -> tile<i64>, token
    %b, %t2 = load_ptr_tko relaxed tl_blk %p : tile<ptr<i64>> -> tile<i64>, token
    %c, %t3 = load_ptr_tko acquire sys %p : tile<ptr<i64>> -> tile<i64>, token
    return
  }
}

// -----

// i1 lives in a byte, true when it is not zero; fp8 elements move as their
// bit patterns.
// CHECK-LABEL: gpu.func @load_narrow
// CHECK: %[[B:.+]] = llvm.load %{{.+}} {alignment = 1 : i64} : !llvm.ptr<1> -> i8
// CHECK-NEXT: %[[Z:.+]] = arith.constant 0 : i8
// CHECK-NEXT: arith.cmpi ne, %[[B]], %[[Z]] : i8
// CHECK: %[[F:.+]] = llvm.load %{{.+}} {alignment = 1 : i64} : !llvm.ptr<1> -> i8
// CHECK-NEXT: arith.bitcast %[[F]] : i8 to f8E4M3FN
cuda_tile.module @m {
  entry @load_narrow(%p: tile<ptr<i1>>, %q: tile<ptr<f8E4M3FN>>) {
    %a, %t1 = load_ptr_tko weak %p : tile<ptr<i1>> -> tile<i1>, token
    %b, %t2 = load_ptr_tko weak %q : tile<ptr<f8E4M3FN>> -> tile<f8E4M3FN>, token
    return
  }
}

// -----

// A masked store stores only where the mask holds.
// CHECK-LABEL: gpu.func @store_masked
// CHECK-SAME: (%[[P:.+]]: i64, %[[V:.+]]: f16, %[[M:.+]]: i1)
// CHECK-NEXT: scf.if %[[M]] {
// CHECK-NEXT: %[[A:.+]] = llvm.inttoptr %[[P]] : i64 to !llvm.ptr<1>
// CHECK-NEXT: llvm.store %[[V]], %[[A]] {alignment = 2 : i64} : f16, !llvm.ptr<1>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
cuda_tile.module @m {
  entry @store_masked(%p: tile<ptr<f16>>, %v: tile<f16>, %m: tile<i1>) {
    %t = store_ptr_tko weak %p, %v, %m : tile<ptr<f16>>, tile<f16>, tile<i1> -> token
    return
  }
}

// -----

// Release and relaxed stores are atomic stores; i1 is widened to a byte.
// CHECK-LABEL: gpu.func @store_orderings
// CHECK: llvm.store %{{.+}}, %{{.+}} atomic syncscope("block") release {alignment = 4 : i64} : i32, !llvm.ptr<1>
// CHECK: llvm.store %{{.+}}, %{{.+}} atomic monotonic {alignment = 4 : i64} : i32, !llvm.ptr<1>
// CHECK: %[[W:.+]] = arith.extui %{{.+}} : i1 to i8
// CHECK: llvm.store %[[W]], %{{.+}} {alignment = 1 : i64} : i8, !llvm.ptr<1>
cuda_tile.module @m {
  entry @store_orderings(%p: tile<ptr<i32>>, %v: tile<i32>, %q: tile<ptr<i1>>, %b: tile<i1>) {
    %t1 = store_ptr_tko release tl_blk %p, %v : tile<ptr<i32>>, tile<i32> -> token
    %t2 = store_ptr_tko relaxed sys %p, %v : tile<ptr<i32>>, tile<i32> -> token
    %t3 = store_ptr_tko weak %q, %b : tile<ptr<i1>>, tile<i1> -> token
    return
  }
}

// -----

// A tile store loops over the elements.
// CHECK-LABEL: gpu.func @store_tile
// CHECK: scf.for %[[I:.+]] =
// CHECK: scf.for %[[J:.+]] =
// CHECK: %[[V:.+]] = memref.load %{{.+}}[%[[I]], %[[J]]] : memref<2x2xf32>
// CHECK: %[[A:.+]] = memref.load %{{.+}}[%[[I]], %[[J]]] : memref<2x2xi64>
// CHECK: %[[G:.+]] = llvm.inttoptr %[[A]] : i64 to !llvm.ptr<1>
// CHECK: llvm.store %[[V]], %[[G]] {alignment = 4 : i64} : f32, !llvm.ptr<1>
cuda_tile.module @m {
  entry @store_tile(%p: tile<ptr<f32>>, %v: tile<f32>) {
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1x1xptr<f32>>
    %ps = broadcast %p1 : tile<1x1xptr<f32>> -> tile<2x2xptr<f32>>
    %v1 = reshape %v : tile<f32> -> tile<1x1xf32>
    %vs = broadcast %v1 : tile<1x1xf32> -> tile<2x2xf32>
    %t = store_ptr_tko weak %ps, %vs : tile<2x2xptr<f32>>, tile<2x2xf32> -> token
    return
  }
}

// -----

// Every read-modify-write mode; relaxed needs no fence.
// CHECK-LABEL: gpu.func @rmw_modes
// CHECK-NOT: llvm.fence
// CHECK: llvm.atomicrmw _and %{{.+}}, %{{.+}} syncscope("device") monotonic {alignment = 4 : i64} : !llvm.ptr<1>, i32
// CHECK: llvm.atomicrmw _or %{{.+}} syncscope("device") monotonic
// CHECK: llvm.atomicrmw _xor %{{.+}} syncscope("device") monotonic
// CHECK: llvm.atomicrmw add %{{.+}} syncscope("device") monotonic
// CHECK: llvm.atomicrmw max %{{.+}} syncscope("device") monotonic
// CHECK: llvm.atomicrmw min %{{.+}} syncscope("device") monotonic
// CHECK: llvm.atomicrmw umax %{{.+}} syncscope("device") monotonic {alignment = 8 : i64} : !llvm.ptr<1>, i64
// CHECK: llvm.atomicrmw umin %{{.+}} syncscope("device") monotonic {alignment = 8 : i64} : !llvm.ptr<1>, i64
// CHECK: llvm.atomicrmw xchg %{{.+}} syncscope("device") monotonic {alignment = 4 : i64} : !llvm.ptr<1>, f32
// CHECK: llvm.atomicrmw fadd %{{.+}} syncscope("device") monotonic {alignment = 2 : i64} : !llvm.ptr<1>, bf16
// CHECK-NOT: llvm.fence
// CHECK: gpu.return
cuda_tile.module @m {
  entry @rmw_modes(%p: tile<ptr<i32>>, %v: tile<i32>, %q: tile<ptr<i64>>, %w: tile<i64>,
                   %f: tile<ptr<f32>>, %x: tile<f32>, %h: tile<ptr<bf16>>, %y: tile<bf16>) {
    %0, %t0 = atomic_rmw_tko relaxed device %p, and, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %1, %t1 = atomic_rmw_tko relaxed device %p, or, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %2, %t2 = atomic_rmw_tko relaxed device %p, xor, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %3, %t3 = atomic_rmw_tko relaxed device %p, add, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %4, %t4 = atomic_rmw_tko relaxed device %p, max, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %5, %t5 = atomic_rmw_tko relaxed device %p, min, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %6, %t6 = atomic_rmw_tko relaxed device %q, umax, %w : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    %7, %t7 = atomic_rmw_tko relaxed device %q, umin, %w : tile<ptr<i64>>, tile<i64> -> tile<i64>, token
    %8, %t8 = atomic_rmw_tko relaxed device %f, xchg, %x : tile<ptr<f32>>, tile<f32> -> tile<f32>, token
    %9, %t9 = atomic_rmw_tko relaxed device %h, addf, %y : tile<ptr<bf16>>, tile<bf16> -> tile<bf16>, token
    return
  }
}

// -----

// Orderings become fences of the op's scope around a relaxed atomicrmw.
// CHECK-LABEL: gpu.func @rmw_orderings
// CHECK: llvm.fence syncscope("device") release
// CHECK-NEXT: llvm.atomicrmw add %{{.+}} syncscope("device") monotonic
// CHECK-NEXT: llvm.fence syncscope("device") acquire
// CHECK-NEXT: llvm.inttoptr
// CHECK-NEXT: llvm.fence syncscope("block") release
// CHECK-NEXT: llvm.atomicrmw xchg %{{.+}} syncscope("block") monotonic
// CHECK-NEXT: llvm.inttoptr
// CHECK-NEXT: llvm.atomicrmw max %{{.+}} monotonic
// CHECK-NEXT: llvm.fence acquire
// CHECK-NEXT: gpu.return
cuda_tile.module @m {
  entry @rmw_orderings(%p: tile<ptr<i32>>, %v: tile<i32>) {
    %0, %t0 = atomic_rmw_tko acq_rel device %p, add, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %1, %t1 = atomic_rmw_tko release tl_blk %p, xchg, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %2, %t2 = atomic_rmw_tko acquire sys %p, max, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    return
  }
}

// -----

// A masked read-modify-write returns the old value, or zero where masked off.
// CHECK-LABEL: gpu.func @rmw_masked
// CHECK: scf.for %[[I:.+]] =
// CHECK: %[[M:.+]] = memref.load %{{.+}}[%[[I]]] : memref<2xi1>
// CHECK-NOT: memref.alloca
// CHECK: %[[OLD:.+]] = scf.if %[[M]] -> (f32) {
// CHECK: %[[X:.+]] = llvm.atomicrmw fadd %{{.+}} syncscope("device") monotonic {alignment = 4 : i64} : !llvm.ptr<1>, f32
// CHECK: scf.yield %[[X]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[Z:.+]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: scf.yield %[[Z]] : f32
// CHECK: memref.store %[[OLD]], %{{.+}}[%[[I]]] : memref<2xf32>
cuda_tile.module @m {
  entry @rmw_masked(%p: tile<ptr<f32>>, %v: tile<f32>, %m: tile<i1>) {
    %p1 = reshape %p : tile<ptr<f32>> -> tile<1xptr<f32>>
    %ps = broadcast %p1 : tile<1xptr<f32>> -> tile<2xptr<f32>>
    %v1 = reshape %v : tile<f32> -> tile<1xf32>
    %vs = broadcast %v1 : tile<1xf32> -> tile<2xf32>
    %m1 = reshape %m : tile<i1> -> tile<1xi1>
    %ms = broadcast %m1 : tile<1xi1> -> tile<2xi1>
    %r, %t = atomic_rmw_tko relaxed device %ps, addf, %vs, %ms : tile<2xptr<f32>>, tile<2xf32>, tile<2xi1> -> tile<2xf32>, token
    return
  }
}

// -----

// Compare-and-swap keeps its orderings (a failure only acquires); floats
// compare and swap their bit patterns.
// CHECK-LABEL: gpu.func @cas
// CHECK-SAME: (%[[P:.+]]: i64, %[[C:.+]]: i32, %[[V:.+]]: i32, %[[F:.+]]: i64, %[[X:.+]]: f64, %[[Y:.+]]: f64)
// CHECK: %[[S:.+]] = llvm.cmpxchg %{{.+}}, %[[C]], %[[V]] syncscope("device") acquire acquire {alignment = 4 : i64} : !llvm.ptr<1>, i32
// CHECK-NEXT: llvm.extractvalue %[[S]][0] : !llvm.struct<(i32, i1)>
// CHECK: llvm.cmpxchg %{{.+}} syncscope("block") acq_rel acquire {alignment = 4 : i64}
// CHECK: llvm.cmpxchg %{{.+}} release monotonic {alignment = 4 : i64}
// CHECK: %[[XB:.+]] = arith.bitcast %[[X]] : f64 to i64
// CHECK-NEXT: %[[YB:.+]] = arith.bitcast %[[Y]] : f64 to i64
// CHECK-NEXT: %[[D:.+]] = llvm.cmpxchg %{{.+}}, %[[XB]], %[[YB]] syncscope("device") monotonic monotonic {alignment = 8 : i64} : !llvm.ptr<1>, i64
// CHECK-NEXT: %[[OLD:.+]] = llvm.extractvalue %[[D]][0]
// CHECK-NEXT: arith.bitcast %[[OLD]] : i64 to f64
cuda_tile.module @m {
  entry @cas(%p: tile<ptr<i32>>, %c: tile<i32>, %v: tile<i32>, %f: tile<ptr<f64>>, %x: tile<f64>, %y: tile<f64>) {
    %0, %t0 = atomic_cas_tko acquire device %p, %c, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %1, %t1 = atomic_cas_tko acq_rel tl_blk %p, %c, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %2, %t2 = atomic_cas_tko release sys %p, %c, %v : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %3, %t3 = atomic_cas_tko relaxed device %f, %x, %y : tile<ptr<f64>>, tile<f64> -> tile<f64>, token
    return
  }
}

// -----

// A masked compare-and-swap skips masked-off elements, whose result is
// their cmp element (as NVIDIA's tileiras gives it).
// CHECK-LABEL: gpu.func @cas_masked
// CHECK-SAME: (%[[P:.+]]: i64, %[[C:.+]]: i64, %[[V:.+]]: i64, %[[M:.+]]: i1)
// CHECK: scf.if %[[M]] -> (i64) {
// CHECK: llvm.cmpxchg
// CHECK: } else {
// CHECK-NEXT: scf.yield %[[C]] : i64
cuda_tile.module @m {
  entry @cas_masked(%p: tile<ptr<i64>>, %c: tile<i64>, %v: tile<i64>, %m: tile<i1>) {
    %0, %t0 = atomic_cas_tko acq_rel device %p, %c, %v, %m : tile<ptr<i64>>, tile<i64>, tile<i1> -> tile<i64>, token
    return
  }
}

// -----

// Globals are arrays in global memory; get_global is their address.
// CHECK: llvm.mlir.global external @counter(dense<[1, 2, 3, 4]> : tensor<4xi32>) {addr_space = 1 : i32, alignment = 4 : i64} : !llvm.array<4 x i32>
// CHECK: llvm.mlir.global internal constant @table(dense<5.000000e-01> : tensor<8xf32>) {addr_space = 1 : i32, alignment = 16 : i64} : !llvm.array<8 x f32>
// CHECK-LABEL: gpu.func @get_global
// CHECK-NEXT: %[[A:.+]] = llvm.mlir.addressof @counter : !llvm.ptr<1>
// CHECK-NEXT: llvm.ptrtoint %[[A]] : !llvm.ptr<1> to i64
// CHECK-NEXT: %[[B:.+]] = llvm.mlir.addressof @table : !llvm.ptr<1>
// CHECK-NEXT: llvm.ptrtoint %[[B]] : !llvm.ptr<1> to i64
cuda_tile.module @m {
  global @counter <i32: [1, 2, 3, 4]> : tile<4xi32>
  global private constant @table alignment = 16 <f32: 0.5> : tile<8xf32>
  entry @get_global() {
    %a = get_global @counter : tile<ptr<i32>>
    %b = get_global @table : tile<ptr<f32>>
    return
  }
}

// -----

// Accesses through aliasing views already keep their order: the alias
// fence emits nothing.
// CHECK-LABEL: gpu.func @fence_alias
// CHECK-NEXT: gpu.return
cuda_tile.module @m {
  entry @fence_alias() {
    %t = make_token : token
    %f = memory_fence_alias_tko %t : token
    return
  }
}
