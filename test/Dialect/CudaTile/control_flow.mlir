// RUN: tile-read %s | FileCheck %s
// RUN: tile-read %s | tile-read | FileCheck %s
// RUN: tile-read --mlir-print-op-generic %s | tile-read | FileCheck %s

cuda_tile.module @kernels {
  // CHECK-LABEL: testing$func @branches
  testing$func @branches(%cond: tile<i1>, %a: tile<f32>, %b: tile<i32>) -> tile<f32> {
    // An if without results drops its implicit yield.
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: }
    if %cond {
    }
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: } else {
    // CHECK-NEXT: }
    if %cond {
      yield
    } else {
    }
    // CHECK: %{{.*}}:2 = if %{{.*}} -> (tile<f32>, tile<i32>) {
    // CHECK-NEXT: yield %{{.*}}, %{{.*}} : tile<f32>, tile<i32>
    // CHECK-NEXT: } else {
    // CHECK-NEXT: yield %{{.*}}, %{{.*}} : tile<f32>, tile<i32>
    %x, %y = if %cond -> (tile<f32>, tile<i32>) {
      yield %a, %b : tile<f32>, tile<i32>
    } else {
      yield %a, %b : tile<f32>, tile<i32>
    }
    // An early return from inside an if.
    // CHECK: if %{{.*}} {
    // CHECK-NEXT: return %{{.*}} : tile<f32>
    if %cond {
      return %x : tile<f32>
    }
    return %a : tile<f32>
  }

  // CHECK-LABEL: testing$func @counted
  testing$func @counted(%lb: tile<i32>, %ub: tile<i32>, %step: tile<i32>, %init: tile<f32>, %c: tile<i1>) {
    // CHECK: for %[[IV:.*]] in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> {
    // CHECK-NEXT: }
    for %iv in (%lb to %ub, step %step) : tile<i32> {
      continue
    }
    // CHECK: for unsigned %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> {
    for unsigned %iv in (%lb to %ub, step %step) : tile<i32> {
    }
    // CHECK: %{{.*}} = for %{{.*}} in (%{{.*}} to %{{.*}}, step %{{.*}}) : tile<i32> iter_values(%[[ACC:.*]] = %{{.*}}) -> (tile<f32>) {
    // CHECK-NEXT: continue %[[ACC]] : tile<f32>
    %r = for %iv in (%lb to %ub, step %step) : tile<i32> iter_values(%acc = %init) -> (tile<f32>) {
      continue %acc : tile<f32>
    }
    // continue may sit inside an if within the loop.
    // CHECK: for unsigned %{{.*}} iter_values
    %s = for unsigned %iv in (%lb to %ub, step %step) : tile<i32> iter_values(%acc = %init) -> (tile<f32>) {
      if %c {
        continue %init : tile<f32>
      }
      continue %acc : tile<f32>
    }
    return
  }

  // CHECK-LABEL: testing$func @unbounded
  testing$func @unbounded(%cond: tile<i1>, %i: tile<i32>, %h: tile<i16>, %f: tile<f32>) {
    // CHECK: loop {
    // CHECK-NEXT: }
    loop {
      continue
    }
    // CHECK: loop iter_values(%[[V:.*]] = %{{.*}}) : tile<i32> {
    // CHECK: break
    // CHECK: continue %[[V]] : tile<i32>
    loop iter_values(%v = %i) : tile<i32> {
      if %cond {
        break
      }
      continue %v : tile<i32>
    }
    // CHECK: %{{.*}} = loop : tile<f32> {
    // CHECK-NEXT: break %{{.*}} : tile<f32>
    %l = loop : tile<f32> {
      break %f : tile<f32>
    }
    // CHECK: %{{.*}}:2 = loop iter_values(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : tile<i32>, tile<i16> -> tile<f32>, tile<i1> {
    %m:2 = loop iter_values(%a = %i, %b = %h) : tile<i32>, tile<i16> -> tile<f32>, tile<i1> {
      if %cond {
        continue %a, %b : tile<i32>, tile<i16>
      }
      break %f, %cond : tile<f32>, tile<i1>
    }
    return
  }

  // CHECK-LABEL: testing$func @aggregates
  testing$func @aggregates(%t: tile<8x4xf32>, %u: tile<8x4xi32>) {
    // CHECK: %{{.*}}:2 = reduce %{{.*}}, %{{.*}} dim=1 identities=[0.000000e+00 : f32, 0 : i32] : tile<8x4xf32>, tile<8x4xi32> -> tile<8xf32>, tile<8xi32>
    // CHECK-NEXT: (%[[A:.*]]: tile<f32>, %{{.*}}: tile<f32>, %[[C:.*]]: tile<i32>, %{{.*}}: tile<i32>) {
    // CHECK-NEXT: yield %[[A]], %[[C]] : tile<f32>, tile<i32>
    %r:2 = reduce %t, %u dim=1 identities=[0.000000e+0 : f32, 0 : i32]
        : tile<8x4xf32>, tile<8x4xi32> -> tile<8xf32>, tile<8xi32>
        (%a: tile<f32>, %b: tile<f32>, %c: tile<i32>, %d: tile<i32>) {
      yield %a, %c : tile<f32>, tile<i32>
    }
    // CHECK: %{{.*}} = scan %{{.*}} dim=0 reverse=true identities=[1.000000e+00 : f32] : tile<8x4xf32> -> tile<8x4xf32>
    // CHECK-NEXT: (%{{.*}}: tile<f32>, %[[P:.*]]: tile<f32>) {
    // CHECK-NEXT: yield %[[P]] : tile<f32>
    %s = scan %t dim=0 reverse=true identities=[1.0 : f32] : tile<8x4xf32> -> tile<8x4xf32>
        (%a: tile<f32>, %b: tile<f32>) {
      yield %b : tile<f32>
    }
    // An i1 identity prints as `true`, which reads back as the same i1
    // attribute (the three RUN lines re-read the printed form).
    // CHECK: reduce %{{.*}} dim=0 identities=[true] : tile<8xi1> -> tile<i1>
    %v = constant <i1: true> : tile<8xi1>
    %all = reduce %v dim=0 identities=[1 : i1] : tile<8xi1> -> tile<i1>
        (%a: tile<i1>, %b: tile<i1>) {
      %c = andi %a, %b : tile<i1>
      yield %c : tile<i1>
    }
    return
  }
}
