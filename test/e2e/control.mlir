// Control flow and the debugging ops go through every stage to ptxas.
// REQUIRES: ptxas, libdevice
// RUN: rm -rf %t && mkdir %t
// RUN: tile-lower %s --gpu-name=sm_90 | tile-sched | tile-llc --emit=ptx -o %t/k.ptx
// RUN: FileCheck %s < %t/k.ptx
// RUN: tile-link %t/k.ptx -o %t/k.cubin
// RUN: %python %S/Inputs/check-cubin.py %t/k.cubin | FileCheck %s --check-prefix=CUBIN

// CUBIN: k.cubin: ELF64 e_machine=190

// Block order is up to LLVM; each lowering leaves its instruction.
// CHECK: .extern .func __assertfail
// CHECK-LABEL: .entry control(
// CHECK-DAG: griddepcontrol.wait;
// CHECK-DAG: call.uni (retval0), vprintf,
// CHECK-DAG: exit;
// CHECK-DAG: call.uni __assertfail,
// CHECK-DAG: griddepcontrol.launch_dependents;
cuda_tile.module @m {
  entry @control(%n: tile<i32>, %stop: tile<i1>, %ok: tile<i1>) {
    %t0 = gdc_wait_tko : token
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %zero = constant <f32: 0.0> : tile<4xf32>
    %one = constant <f32: 1.0> : tile<4xf32>
    // Sum n tiles of ones; swap two tiles each step.
    %sum, %x, %y = for %i in (%c0 to %n, step %c1) : tile<i32>
        iter_values(%acc = %zero, %a = %zero, %b = %one) -> (tile<4xf32>, tile<4xf32>, tile<4xf32>) {
      %s = addf %acc, %one : tile<4xf32>
      continue %s, %b, %a : tile<4xf32>, tile<4xf32>, tile<4xf32>
    }
    %p0 = print_tko "sum=%.1f x=%.1f y=%.1f\n", %sum, %x, %y : tile<4xf32>, tile<4xf32>, tile<4xf32> -> token
    // Count up to n, skipping odd values, leaving by break.
    %last = loop iter_values(%j = %c0) : tile<i32> -> tile<i32> {
      %done = cmpi greater_than_or_equal %j, %n, signed : tile<i32> -> tile<i1>
      if %done {
        break %j : tile<i32>
      }
      %next = addi %j, %c1 : tile<i32>
      %odd = andi %j, %c1 : tile<i32>
      %isodd = cmpi equal %odd, %c1, signed : tile<i32> -> tile<i1>
      if %isodd {
        continue %next : tile<i32>
      }
      %p1 = print_tko "even %d\n", %j : tile<i32> -> token
      continue %next : tile<i32>
    }
    %p2 = print_tko "last=%d\n", %last : tile<i32> -> token
    if %stop {
      return
    }
    assert %ok, "not ok" : tile<i1>
    %t1 = gdc_launch_dependents_tko : token
    return
  }
}
