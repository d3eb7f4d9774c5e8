// RUN: tile-lower %s --gpu-name=sm_90 --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s
// RUN: tile-lower %s --gpu-name=sm_80 --split-input-file --mlir-print-debuginfo | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=SM80

// Structured control flow becomes scf (tiles cross regions through buffers)
// and the debugging ops become printf, __assertfail and griddepcontrol.

// A rank-0 loop-carried value is an scf.for iter_arg; the induction
// variable keeps the bounds' integer type.
// CHECK-LABEL: gpu.func @for_scalar(
// CHECK: [[R:%.+]] = scf.for [[I:%.+]] = %{{.+}} to %arg0 step %{{.+}} iter_args([[ACC:%.+]] = %{{.+}}) -> (i32)  : i32 {
// CHECK-NEXT: [[S:%.+]] = arith.addi [[ACC]], [[I]] : i32
// CHECK: scf.yield [[S]] : i32
// CHECK: gpu.printf "%d\0A", [[R]] : i32
cuda_tile.module @m {
  entry @for_scalar(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %s = addi %acc, %i : tile<i32>
      continue %s : tile<i32>
    }
    %p = print_tko "%d\n", %r : tile<i32> -> token
    return
  }
}

// -----

// A signed loop whose step is not a positive constant may count down, which
// scf.for cannot: it runs k over the trip count, computed in i64 from the
// step's sign, and iv = lower + k * step.
// CHECK-LABEL: gpu.func @for_runtime_step(
// CHECK-DAG: [[LO:%.+]] = arith.extsi %arg0 : i32 to i64
// CHECK-DAG: [[HI:%.+]] = arith.extsi %arg1 : i32 to i64
// CHECK-DAG: [[ST:%.+]] = arith.extsi %arg2 : i32 to i64
// CHECK: [[UP:%.+]] = arith.cmpi sgt, [[ST]], %{{.+}} : i64
// CHECK: [[TRIPS:%.+]] = arith.ceildivsi
// CHECK: scf.for [[K:%.+]] = %{{.+}} to [[TRIPS]] step %{{.+}} iter_args(%{{.+}} = %{{.+}}) -> (i32)  : i64 {
// CHECK-NEXT: [[OFF:%.+]] = arith.muli [[K]], [[ST]] : i64
// CHECK-NEXT: [[IV:%.+]] = arith.addi [[LO]], [[OFF]] : i64
// CHECK-NEXT: arith.trunci [[IV]] : i64 to i32
cuda_tile.module @m {
  entry @for_runtime_step(%lo: tile<i32>, %hi: tile<i32>, %step: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %r = for %i in (%lo to %hi, step %step) : tile<i32> iter_values(%acc = %c0) -> (tile<i32>) {
      %s = addi %acc, %i : tile<i32>
      continue %s : tile<i32>
    }
    %p = print_tko "%d\n", %r : tile<i32> -> token
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @for_unsigned(
// CHECK: scf.for unsigned [[I:%.+]] = %{{.+}} to %arg0 step %{{.+}}  : i64 {
// CHECK-NEXT: gpu.printf "%lld\0A", [[I]] : i64
cuda_tile.module @m {
  entry @for_unsigned(%n: tile<i64>) {
    %c0 = constant <i64: 0> : tile<i64>
    %c1 = constant <i64: 1> : tile<i64>
    for unsigned %i in (%c0 to %n, step %c1) : tile<i64> {
      %p = print_tko "%d\n", %i : tile<i64> -> token
    }
    return
  }
}

// -----

// A carried tile has one buffer, read by the body and after the loop. The
// initial tile dies entering the loop, so the loop carries it in its own
// buffer; the carried value dies at the add, which writes over it, so
// `continue` has nothing to copy.
// CHECK-LABEL: gpu.func @for_tile(
// CHECK: [[ACC:%.+]] = memref.alloca() : memref<4xf32>
// CHECK: [[ONE:%.+]] = memref.alloca() : memref<4xf32>
// CHECK-NOT: memref.alloca
// CHECK-NOT: memref.copy
// CHECK: scf.for %{{.+}} = %{{.+}} to %arg0 step %{{.+}}  : i32 {
// CHECK: memref.load [[ACC]]
// CHECK: memref.load [[ONE]]
// CHECK: memref.store %{{.+}}, [[ACC]]
// CHECK-NOT: memref.copy
// CHECK: arith.constant true
// CHECK-NEXT: }
// CHECK-NEXT: gpu.printf "["
// CHECK: memref.load [[ACC]]
cuda_tile.module @m {
  entry @for_tile(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<4xf32>
    %one = constant <f32: 1.0> : tile<4xf32>
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %init) -> (tile<4xf32>) {
      %s = addf %acc, %one : tile<4xf32>
      continue %s : tile<4xf32>
    }
    %p = print_tko "%f\n", %r : tile<4xf32> -> token
    return
  }
}

// -----

// Nothing is overwritten that is read again: the initial tile is printed
// after the loop (the loop copies it into a buffer of its own), and the
// carried tile is read twice in the body (the sum gets a new buffer, copied
// back at `continue`).
// CHECK-LABEL: gpu.func @for_tile_kept(
// CHECK: [[INIT:%.+]] = memref.alloca() : memref<4xi32>
// CHECK: [[ACC:%.+]] = memref.alloca() : memref<4xi32>
// CHECK-NEXT: memref.copy [[INIT]], [[ACC]]
// CHECK: scf.for
// CHECK: [[SUM:%.+]] = memref.alloca() : memref<4xi32>
// CHECK: memref.store %{{.+}}, [[SUM]]
// CHECK: memref.copy [[SUM]], [[ACC]]
// CHECK: gpu.printf "["
// CHECK: memref.load [[INIT]]
cuda_tile.module @m {
  entry @for_tile_kept(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %init = iota : tile<4xi32>
    %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %init) -> (tile<4xi32>) {
      %s = addi %acc, %acc : tile<4xi32>
      continue %s : tile<4xi32>
    }
    %p = print_tko "%d\n", %init : tile<4xi32> -> token
    return
  }
}

// -----

// Swapping two carried tiles goes through copies taken before either
// buffer is written.
// CHECK-LABEL: gpu.func @for_swap(
// CHECK: [[X:%.+]] = memref.alloca() : memref<4xf32>
// CHECK: [[Y:%.+]] = memref.alloca() : memref<4xf32>
// CHECK: memref.store %{{.+}}, [[Y]]
// CHECK: scf.for
// CHECK-NEXT: [[YCOPY:%.+]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT: memref.copy [[Y]], [[YCOPY]]
// CHECK-NEXT: [[XCOPY:%.+]] = memref.alloca() : memref<4xf32>
// CHECK-NEXT: memref.copy [[X]], [[XCOPY]]
// CHECK-NEXT: memref.copy [[YCOPY]], [[X]]
// CHECK-NEXT: memref.copy [[XCOPY]], [[Y]]
cuda_tile.module @m {
  entry @for_swap(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %a = constant <f32: 1.0> : tile<4xf32>
    %b = constant <f32: 2.0> : tile<4xf32>
    %r:2 = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%x = %a, %y = %b) -> (tile<4xf32>, tile<4xf32>) {
      continue %y, %x : tile<4xf32>, tile<4xf32>
    }
    %p = print_tko "%f %f\n", %r#0, %r#1 : tile<4xf32>, tile<4xf32> -> token
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @if_scalar(
// CHECK: [[R:%.+]] = scf.if %arg0 -> (i32) {
// CHECK-NEXT: scf.yield %arg1 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %arg2 : i32
// CHECK: gpu.printf "%d\0A", [[R]] : i32
cuda_tile.module @m {
  entry @if_scalar(%c: tile<i1>, %a: tile<i32>, %b: tile<i32>) {
    %r = if %c -> (tile<i32>) {
      yield %a : tile<i32>
    } else {
      yield %b : tile<i32>
    }
    %p = print_tko "%d\n", %r : tile<i32> -> token
    return
  }
}

// -----

// Each tile result gets a fresh buffer that both branches fill: with the
// value of a splat constant, or by copying the yielded tile.
// CHECK-LABEL: gpu.func @if_tile(
// CHECK: [[ONE:%.+]] = arith.constant 1 : i32
// CHECK: [[A:%.+]] = memref.alloca() : memref<8xi32>
// CHECK: [[B:%.+]] = memref.alloca() : memref<8xi32>
// CHECK: [[R:%.+]] = memref.alloca() : memref<8xi32>
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NOT: memref.copy
// CHECK: memref.store [[ONE]], [[R]]
// CHECK: } else {
// CHECK-NEXT: memref.copy [[B]], [[R]]
// CHECK: memref.load [[R]]
cuda_tile.module @m {
  entry @if_tile(%c: tile<i1>) {
    %a = constant <i32: 1> : tile<8xi32>
    %b = iota : tile<8xi32>
    %r = if %c -> (tile<8xi32>) {
      yield %a : tile<8xi32>
    } else {
      yield %b : tile<8xi32>
    }
    %p = print_tko "%d\n", %r : tile<8xi32> -> token
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @if_no_else(
// CHECK: scf.if %arg0 {
// CHECK-NEXT: gpu.printf "then\0A"
// CHECK-NEXT: } else {
// CHECK-NEXT: }
cuda_tile.module @m {
  entry @if_no_else(%c: tile<i1>) {
    if %c {
      %p = print_tko "then\n" -> token
    }
    return
  }
}

// -----

// `return` in a branch ends the kernel's single thread.
// CHECK-LABEL: gpu.func @early_return(
// CHECK: scf.if %arg0 {
// CHECK-NEXT: nvvm.exit
// CHECK: gpu.printf "after\0A"
// CHECK-NEXT: gpu.return
cuda_tile.module @m {
  entry @early_return(%c: tile<i1>) {
    if %c {
      return
    }
    %p = print_tko "after\n" -> token
    return
  }
}

// -----

// `loop` is an scf.while whose "before" region is the body. The exit state
// [left, by break, continue scalars, break scalars] comes out of the `if`;
// the rest of the body runs under "did not leave".
// CHECK-LABEL: gpu.func @loop_break(
// CHECK: [[W:%.+]]:2 = scf.while ([[I:%.+]] = %{{.+}}) : (i32) -> (i32, i32) {
// CHECK: [[DONE:%.+]] = arith.cmpi sge, [[I]], %arg0 : i32
// CHECK: [[S:%.+]]:4 = scf.if [[DONE]] -> (i1, i1, i32, i32) {
// CHECK: scf.yield %true{{.*}}, %true{{.*}}, %c0_i32{{.*}}, [[I]] : i1, i1, i32, i32
// CHECK: } else {
// CHECK: scf.yield %false{{.*}}, %false{{.*}}
// CHECK: [[T:%.+]]:4 = scf.if [[S]]#0 -> (i1, i1, i32, i32) {
// CHECK-NEXT: scf.yield [[S]]#0, [[S]]#1, [[S]]#2, [[S]]#3
// CHECK-NEXT: } else {
// CHECK-NEXT: [[NEXT:%.+]] = arith.addi [[I]], %{{.+}} : i32
// CHECK: scf.yield %true{{.*}}, %false{{.*}}, [[NEXT]], %{{.+}} : i1, i1, i32, i32
// CHECK: [[GO:%.+]] = arith.xori [[T]]#1, %true
// CHECK-NEXT: scf.condition([[GO]]) [[T]]#2, [[T]]#3 : i32, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0([[A:%.+]]: i32, %{{.+}}: i32):
// CHECK-NEXT: scf.yield [[A]] : i32
// CHECK: gpu.printf "%d\0A", [[W]]#1 : i32
cuda_tile.module @m {
  entry @loop_break(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %r = loop iter_values(%i = %c0) : tile<i32> -> tile<i32> {
      %done = cmpi greater_than_or_equal %i, %n, signed : tile<i32> -> tile<i1>
      if %done {
        break %i : tile<i32>
      }
      %next = addi %i, %c1 : tile<i32>
      continue %next : tile<i32>
    }
    %p = print_tko "%d\n", %r : tile<i32> -> token
    return
  }
}

// -----

// break and continue two `if`s deep; the tile result comes from the break
// operand through its own buffer, the tile iter value through another (the
// initial tile's, which dies entering the loop).
// CHECK-LABEL: gpu.func @loop_nested_exits(
// CHECK: [[ACC:%.+]] = memref.alloca() : memref<4xi32>
// CHECK: [[RES:%.+]] = memref.alloca() : memref<4xi32>
// CHECK-NOT: memref.copy
// CHECK: scf.while
// CHECK: [[OUTER:%.+]]:3 = scf.if %{{.+}} -> (i1, i1, i32) {
// CHECK: [[INNER:%.+]]:3 = scf.if %{{.+}} -> (i1, i1, i32) {
// CHECK-NEXT: memref.copy [[ACC]], [[RES]]
// CHECK: [[REST:%.+]]:3 = scf.if [[INNER]]#0 -> (i1, i1, i32) {
// CHECK: scf.yield [[REST]]#0, [[REST]]#1, [[REST]]#2
// CHECK: [[GUARD:%.+]]:3 = scf.if [[OUTER]]#0 -> (i1, i1, i32) {
// CHECK: } else {
// CHECK-NEXT: gpu.printf "even %d\0A"
// CHECK: arith.xori [[GUARD]]#1
// CHECK: memref.load [[RES]]
cuda_tile.module @m {
  entry @loop_nested_exits(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %c2 = constant <i32: 2> : tile<i32>
    %t = constant <i32: 7> : tile<4xi32>
    %r = loop iter_values(%i = %c0, %acc = %t) : tile<i32>, tile<4xi32> -> tile<4xi32> {
      %next = addi %i, %c1 : tile<i32>
      %odd = andi %i, %c1 : tile<i32>
      %isodd = cmpi equal %odd, %c1, signed : tile<i32> -> tile<i1>
      if %isodd {
        %done = cmpi greater_than_or_equal %i, %n, signed : tile<i32> -> tile<i1>
        if %done {
          break %acc : tile<4xi32>
        }
        continue %next, %acc : tile<i32>, tile<4xi32>
      }
      %p = print_tko "even %d\n", %i : tile<i32> -> token
      continue %next, %acc : tile<i32>, tile<4xi32>
    }
    %p2 = print_tko "%d\n", %r : tile<4xi32> -> token
    return
  }
}

// -----

// Scalars go into the surrounding printf; a tile prints as nested lists,
// one printf per element, its conversion spelled for the element type
// (integers widened to int or long long, floats to double).
// CHECK-LABEL: gpu.func @print_tile(
// CHECK: [[A:%.+]] = arith.extsi %arg0 : i8 to i32
// CHECK-NEXT: gpu.printf "a=%d t=[", [[A]] : i32
// CHECK: scf.for [[ROW:%.+]] =
// CHECK: scf.if
// CHECK-NEXT: gpu.printf "["
// CHECK-NEXT: } else {
// CHECK-NEXT: gpu.printf ", ["
// CHECK: scf.for
// CHECK: [[E:%.+]] = arith.extf %{{.+}} : f16 to f64
// CHECK: gpu.printf "%8.3f", [[E]] : f64
// CHECK: gpu.printf ", %8.3f", [[E]] : f64
// CHECK: gpu.printf "]"
// CHECK: gpu.printf "] u=["
// CHECK: gpu.printf "%llx", %{{.+}} : i64
// CHECK: gpu.printf ", %llx", %{{.+}} : i64
// CHECK: gpu.printf "] 100%%\0A"
cuda_tile.module @m {
  entry @print_tile(%a: tile<i8>) {
    %t = constant <f16: 1.5> : tile<2x4xf16>
    %u = constant <i64: 3> : tile<2xi64>
    %p = print_tko "a=%hhd t=%8.3f u=%x 100%%\n", %a, %t, %u : tile<i8>, tile<2x4xf16>, tile<2xi64> -> token
    return
  }
}

// -----

// Every false element is reported with its index, then __assertfail.
// CHECK-LABEL: gpu.module @m
// CHECK-DAG: llvm.mlir.global internal constant @assert_function("assert_tile\00")
// CHECK-DAG: llvm.mlir.global internal constant @assert_file("{{.*}}control.mlir\00")
// CHECK-DAG: llvm.mlir.global internal constant @assert_message("50% off\00")
// CHECK-DAG: llvm.func @__assertfail(!llvm.ptr, !llvm.ptr, i32, !llvm.ptr, i64)
// CHECK-LABEL: gpu.func @assert_tile(
// CHECK: [[ANY:%.+]] = scf.for %{{.+}} iter_args([[ACC:%.+]] = %false) -> (i1) {
// CHECK: [[BAD:%.+]] = arith.xori %{{.+}}, %true : i1
// CHECK-NEXT: scf.if [[BAD]] {
// CHECK: gpu.printf "50%% off (tile index %lld, %lld)\0A"
// CHECK: arith.ori
// CHECK: scf.if [[ANY]] {
// CHECK: llvm.call @__assertfail(
cuda_tile.module @m {
  entry @assert_tile(%c: tile<i1>) {
    %r = reshape %c : tile<i1> -> tile<1x1xi1>
    %t = broadcast %r : tile<1x1xi1> -> tile<2x4xi1>
    assert %t, "50% off" : tile<2x4xi1>
    return
  }
}

// -----

// CHECK-LABEL: gpu.func @gdc(
// CHECK-NEXT: nvvm.griddepcontrol wait
// CHECK-NEXT: nvvm.griddepcontrol launch_dependents
// CHECK-NEXT: gpu.return
// SM80-LABEL: gpu.func @gdc(
// SM80-NEXT: gpu.return
cuda_tile.module @m {
  entry @gdc() {
    %0 = gdc_wait_tko : token
    %1 = gdc_launch_dependents_tko token=%0 : token
    return
  }
}

// -----

// A splat initial tile defined outside an enclosing loop is needed by every
// outer iteration, so the inner loop cannot take its buffer; the carried
// buffer is filled with its value instead of copied from it.
// CHECK-LABEL: gpu.func @for_splat_init(
// CHECK: [[ZERO:%.+]] = arith.constant 0.000000e+00 : f32
// CHECK: scf.for %{{.+}} = %{{.+}} to %arg0
// CHECK-NEXT: [[ACC:%.+]] = memref.alloca() : memref<4xf32>
// CHECK-NOT: memref.copy
// CHECK: memref.store [[ZERO]], [[ACC]]
// CHECK: scf.for %{{.+}} = %{{.+}} to %arg0
cuda_tile.module @m {
  entry @for_splat_init(%n: tile<i32>) {
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zeros = constant <f32: 0.0> : tile<4xf32>
    %one = constant <f32: 1.0> : tile<4xf32>
    for %j in (%c0 to %n, step %c1) : tile<i32> {
      %r = for %i in (%c0 to %n, step %c1) : tile<i32> iter_values(%acc = %zeros) -> (tile<4xf32>) {
        %s = addf %acc, %one : tile<4xf32>
        continue %s : tile<4xf32>
      }
      %p = print_tko "%f\n", %r : tile<4xf32> -> token
      continue
    }
    return
  }
}
