// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-hoist-loop-invariants --split-input-file | FileCheck %s
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --split-input-file | tile-sched --split-input-file --stop-after=tilechain-materialize-threads --remarks-filter=Memory 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// cuTile 13.1's k loop: the lhs's partition view and its row index made in
// the body from values before the loop. Both are computed once before the
// loop, with the constant they need; the splat tile the body adds stays in
// it. The loop's copies are then pipelined across iterations, not within
// each.
// CHECK-LABEL: entry @matmul(
// CHECK: %[[QA:.+]] = make_partition_view %{{.+}} : partition_view<tile=(128x64)
// CHECK: %[[TWO:.+]] = constant <i32: 2> : tile<i32>
// CHECK: %[[ROW:.+]] = muli %{{.+}}, %[[TWO]] : tile<i32>
// CHECK: for %[[K:.+]] in
// CHECK-NEXT: %[[ZEROS:.+]] = constant <f32: 0.000000e+00> : tile<128x256xf32>
// CHECK-NEXT: load_view_tko weak %[[QA]][%[[ROW]], %[[K]]]
// CHECK: load_view_tko weak %{{.+}}[%[[K]], %{{.+}}]
// CHECK: %[[PRODUCT:.+]] = mmaf
// CHECK-NEXT: addf %[[PRODUCT]], %[[ZEROS]]
// REMARK: remark: [Passed] RemarkMemoryPipelineStages | {{.*}} | Across="loop iterations"
// REMARK-NOT: RemarkMemoryPipelineWithinIteration
cuda_tile.module @kernels {
  entry @matmul(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>, %i: tile<i32>, %j: tile<i32>, %n: tile<i32>) {
    %t0 = make_token : token
    %pa = assume div_by<16>, %a : tile<ptr<f16>>
    %pb = assume div_by<16>, %b : tile<ptr<f16>>
    %pd = assume div_by<16>, %d : tile<ptr<f16>>
    %va = make_tensor_view %pa, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %vb = make_tensor_view %pb, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %vd = make_tensor_view %pd, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %qb = make_partition_view %vb : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x256xf32>
    %r = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x256xf32>) {
      %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
      %two = constant <i32: 2> : tile<i32>
      %row = muli %i, %two : tile<i32>
      %zeros = constant <f32: 0.0> : tile<128x256xf32>
      %x, %tx = load_view_tko weak %qa[%row, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %j] token = %t0 : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x256xf16>, token
      %product = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      %next = addf %product, %zeros : tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %h = ftof %r : tile<128x256xf32> -> tile<128x256xf16>
    %qd = make_partition_view %vd : partition_view<tile=(128x256), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %done = store_view_tko weak %h, %qd[%i, %j] token = %t0 : tile<128x256xf16>, partition_view<tile=(128x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A loop without an mma keeps its body.
// CHECK-LABEL: entry @no_mma(
// CHECK: for
// CHECK-NEXT: make_partition_view
cuda_tile.module @kernels {
  entry @no_mma(%a: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    for %k in (%zero to %n, step %one) : tile<i32> {
      %qa = make_partition_view %va : partition_view<tile=(64), tensor_view<1024xf32, strides=[1]>>
      %x, %tx = load_view_tko weak %qa[%k] token = %t0 : partition_view<tile=(64), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
      %y = addf %x, %x : tile<64xf32>
      %done = store_view_tko weak %y, %qa[%k] token = %t0 : tile<64xf32>, partition_view<tile=(64), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    }
    return
  }
}
