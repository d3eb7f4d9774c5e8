// RUN: tile-lower %s --tilechain-prefetch-block-scales --split-input-file | FileCheck %s
// RUN: tile-lower %s --tilechain-prefetch-block-scales --split-input-file --remarks-filter=Memory 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK

// The block scales of an mmaf_scaled in a k loop are loaded an iteration
// ahead: the first iteration's before the loop, the next one's in the body
// (at the counter plus the step while that is below the upper bound, else
// at the counter), carried by the loop; the operands' loads stay (they go
// through the ring of pipeline stages).
// CHECK-LABEL: entry @k_loop(
// CHECK: %[[SA0:.+]], %{{.+}} = load_view_tko weak %[[QSA:.+]][%[[ZERO:.+]], %[[ZERO]]] token
// CHECK: %[[SB0:.+]], %{{.+}} = load_view_tko weak %[[QSB:.+]][%[[ZERO]], %[[ZERO]]] token
// CHECK: %[[FOR:.+]]:3 = for %[[K:.+]] in (%[[ZERO]] to %[[N:.+]], step %[[ONE:[^)]+]]) : tile<i32> iter_values(%[[ACC:.+]] = %{{.+}}, %[[SA:.+]] = %[[SA0]], %[[SB:.+]] = %[[SB0]])
// CHECK-NEXT: %[[NEXT:.+]] = addi %[[K]], %[[ONE]] : tile<i32>
// CHECK-NEXT: %[[MORE:.+]] = cmpi less_than %[[NEXT]], %[[N]], signed
// CHECK-NEXT: %[[AHEAD:.+]] = select %[[MORE]], %[[NEXT]], %[[K]]
// CHECK-NEXT: %[[X:.+]], %{{.+}} = load_view_tko weak %{{.+}}[%[[ZERO]], %[[K]]]
// CHECK-NEXT: %[[Y:.+]], %{{.+}} = load_view_tko weak %{{.+}}[%[[K]], %[[ZERO]]]
// CHECK-NEXT: %[[SAN:.+]], %{{.+}} = load_view_tko weak %[[QSA]][%[[ZERO]], %[[AHEAD]]]
// CHECK-NEXT: %[[SBN:.+]], %{{.+}} = load_view_tko weak %[[QSB]][%[[AHEAD]], %[[ZERO]]]
// CHECK-NEXT: %[[R:.+]] = mmaf_scaled %[[X]], %[[Y]], %[[ACC]], %[[SA]], %[[SB]]
// CHECK-NEXT: continue %[[R]], %[[SAN]], %[[SBN]]
// CHECK: store_view_tko weak %[[FOR]]#0
// REMARK: prefetch-block-scales.mlir:[[# @LINE + 18]]:10: remark: [Passed] RemarkMemoryBlockScalesAhead | Category:Memory | Function=k_loop | Loads=2, Remark="Block scales loaded an iteration ahead"
// REMARK-NOT: RemarkMemoryBlockScalesAhead
cuda_tile.module @kernels {
  entry @k_loop(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %d: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [128, 512], strides = [512, 1] : tensor_view<128x512xf8E4M3FN, strides=[512,1]>
    %vb = make_tensor_view %b, shape = [512, 128], strides = [1, 512] : tensor_view<512x128xf8E4M3FN, strides=[1,512]>
    %vsa = make_tensor_view %sa, shape = [128, 16], strides = [16, 1] : tensor_view<128x16xf8E8M0FNU, strides=[16,1]>
    %vsb = make_tensor_view %sb, shape = [16, 128], strides = [1, 16] : tensor_view<16x128xf8E8M0FNU, strides=[1,16]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x128), tensor_view<128x512xf8E4M3FN, strides=[512,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x128), tensor_view<512x128xf8E4M3FN, strides=[1,512]>>
    %qsa = make_partition_view %vsa : partition_view<tile=(128x4), tensor_view<128x16xf8E8M0FNU, strides=[16,1]>>
    %qsb = make_partition_view %vsb : partition_view<tile=(4x128), tensor_view<16x128xf8E8M0FNU, strides=[1,16]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %r = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x128), tensor_view<128x512xf8E4M3FN, strides=[512,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(128x128), tensor_view<512x128xf8E4M3FN, strides=[1,512]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %xs, %txs = load_view_tko weak %qsa[%zero, %k] token = %t0 : partition_view<tile=(128x4), tensor_view<128x16xf8E8M0FNU, strides=[16,1]>>, tile<i32> -> tile<128x4xf8E8M0FNU>, token
      %ys, %tys = load_view_tko weak %qsb[%k, %zero] token = %t0 : partition_view<tile=(4x128), tensor_view<16x128xf8E8M0FNU, strides=[1,16]>>, tile<i32> -> tile<4x128xf8E8M0FNU>, token
      %next = mmaf_scaled %x, %y, %acc, %xs, %ys : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Left alone: a loop whose body stores (an iteration ahead, a load could
// read what the iteration before it has not written yet), and a scale load
// whose index the body computes (its next value is not the counter's).
// CHECK-LABEL: entry @not_moved(
// CHECK: for %[[K:.+]] in ({{.+}}) : tile<i32> iter_values(%{{.+}} = %{{.+}}) -> (tile<128x128xf32>)
// CHECK: load_view_tko weak %{{.+}}[%{{.+}}, %[[K]]]
// CHECK: store_view_tko
// CHECK: for %[[J:.+]] in ({{.+}}) : tile<i32> iter_values(%{{.+}} = %{{.+}}) -> (tile<128x128xf32>)
// CHECK: %[[TWICE:.+]] = addi %[[J]], %[[J]]
// CHECK: load_view_tko weak %{{.+}}[%{{.+}}, %[[TWICE]]]
cuda_tile.module @kernels {
  entry @not_moved(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %d: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [128, 512], strides = [512, 1] : tensor_view<128x512xf8E4M3FN, strides=[512,1]>
    %vb = make_tensor_view %b, shape = [512, 128], strides = [1, 512] : tensor_view<512x128xf8E4M3FN, strides=[1,512]>
    %vsa = make_tensor_view %sa, shape = [128, 16], strides = [16, 1] : tensor_view<128x16xf8E8M0FNU, strides=[16,1]>
    %vsb = make_tensor_view %sb, shape = [16, 128], strides = [1, 16] : tensor_view<16x128xf8E8M0FNU, strides=[1,16]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x128), tensor_view<128x512xf8E4M3FN, strides=[512,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x128), tensor_view<512x128xf8E4M3FN, strides=[1,512]>>
    %qsa = make_partition_view %vsa : partition_view<tile=(128x4), tensor_view<128x16xf8E8M0FNU, strides=[16,1]>>
    %qsb = make_partition_view %vsb : partition_view<tile=(4x128), tensor_view<16x128xf8E8M0FNU, strides=[1,16]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %r = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x128), tensor_view<128x512xf8E4M3FN, strides=[512,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(128x128), tensor_view<512x128xf8E4M3FN, strides=[1,512]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %xs, %txs = load_view_tko weak %qsa[%zero, %k] token = %t0 : partition_view<tile=(128x4), tensor_view<128x16xf8E8M0FNU, strides=[16,1]>>, tile<i32> -> tile<128x4xf8E8M0FNU>, token
      %ys, %tys = load_view_tko weak %qsb[%k, %zero] token = %t0 : partition_view<tile=(4x128), tensor_view<16x128xf8E8M0FNU, strides=[1,16]>>, tile<i32> -> tile<4x128xf8E8M0FNU>, token
      %next = mmaf_scaled %x, %y, %acc, %xs, %ys : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
      %stored = store_view_tko weak %next, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
      continue %next : tile<128x128xf32>
    }
    %s = for %j in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %r) -> (tile<128x128xf32>) {
      %twice = addi %j, %j : tile<i32>
      %x, %tx = load_view_tko weak %qa[%zero, %j] token = %t0 : partition_view<tile=(128x128), tensor_view<128x512xf8E4M3FN, strides=[512,1]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %y, %ty = load_view_tko weak %qb[%j, %zero] token = %t0 : partition_view<tile=(128x128), tensor_view<512x128xf8E4M3FN, strides=[1,512]>>, tile<i32> -> tile<128x128xf8E4M3FN>, token
      %xs, %txs = load_view_tko weak %qsa[%zero, %twice] token = %t0 : partition_view<tile=(128x4), tensor_view<128x16xf8E8M0FNU, strides=[16,1]>>, tile<i32> -> tile<128x4xf8E8M0FNU>, token
      %ys, %tys = load_view_tko weak %qsb[%twice, %zero] token = %t0 : partition_view<tile=(4x128), tensor_view<16x128xf8E8M0FNU, strides=[1,16]>>, tile<i32> -> tile<4x128xf8E8M0FNU>, token
      %next = mmaf_scaled %x, %y, %acc, %xs, %ys : tile<128x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<128x128xf32>, tile<128x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %s, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
