// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-assign-warps --tilechain-split-wide-accumulators --split-input-file | FileCheck %s
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-assign-warps --tilechain-split-wide-accumulators --split-input-file --remarks-filter=Tensor-core 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_80 tile-form=parallel" --tilechain-assign-warps --tilechain-split-wide-accumulators --split-input-file | FileCheck %s --check-prefix=UNROLLED
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_100 tile-form=parallel" --tilechain-assign-warps --tilechain-split-wide-accumulators --split-input-file | FileCheck %s --check-prefix=TMEM
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_100 tile-form=parallel" --tilechain-assign-warps --tilechain-split-wide-accumulators --split-input-file --remarks-filter=Tensor-core 2>&1 >/dev/null | FileCheck %s --check-prefix=TMEM-REMARK

// A 256x256 f32 accumulator (256 registers per thread over 256 threads)
// runs as two 256x128 column slices: a loop over the slices, each running
// the k loop and its store. The rhs is loaded from a view of 64x128 tiles
// at column 2j + s, the result stored through one of 256x128 tiles made
// before the loops. Each slice's store takes the original's token; the
// load ordered after the original store is ordered after all of them,
// through their tokens joined in the loop. sm_100 keeps it whole (tensor
// memory).
// CHECK-LABEL: entry @matmul(
// CHECK: %[[TOK0:.+]] = make_token : token
// CHECK: %[[QB2:.+]] = make_partition_view %{{.+}} : partition_view<tile=(64x128)
// CHECK: %[[QD2:.+]] = make_partition_view %{{.+}} : partition_view<tile=(256x128)
// CHECK: %[[INIT:.+]] = constant <f32: 0.000000e+00> : tile<256x128xf32>
// CHECK-NEXT: %[[NONE:.+]] = make_token : token
// CHECK-DAG: %[[ONE:.+]] = constant <i32: 1> : tile<i32>
// CHECK-DAG: %[[TWO:.+]] = constant <i32: 2> : tile<i32>
// CHECK-DAG: %[[ZERO:.+]] = constant <i32: 0> : tile<i32>
// CHECK: %[[SLICES:.+]] = for %[[S:.+]] in (%[[ZERO]] to %[[TWO]], step %[[ONE]]) : tile<i32> iter_values(%[[BEFORE:.+]] = %[[NONE]]) -> (token) {
// CHECK: %[[J2:.+]] = muli %[[J:.+]], %{{.+}} : tile<i32>
// CHECK-NEXT: %[[JS:.+]] = addi %[[J2]], %[[S]] : tile<i32>
// CHECK-NEXT: %[[R:.+]] = for %{{.+}} iter_values(%[[ACC:.+]] = %[[INIT]]) -> (tile<256x128xf32>)
// CHECK: load_view_tko weak %[[QB2]][%{{.+}}, %[[JS]]]
// CHECK-NEXT: mmaf %{{.+}}, %{{.+}}, %[[ACC]] : tile<256x64xf16>, tile<64x128xf16>, tile<256x128xf32>
// CHECK: %[[H:.+]] = ftof %[[R]] : tile<256x128xf32> -> tile<256x128xf16>
// CHECK-NEXT: %[[T:.+]] = store_view_tko weak %[[H]], %[[QD2]][%{{.+}}, %[[JS]]] token = %[[TOK0]] :
// CHECK-NEXT: %[[JOINED:.+]] = join_tokens %[[BEFORE]], %[[T]] : token
// CHECK-NEXT: continue %[[JOINED]] : token
// CHECK-NEXT: }
// CHECK-NEXT: load_view_tko weak %{{.+}} token = %[[SLICES]] :
// Without TMA (sm_80) the slices come one after the other, the second at
// column 2j + 1, each store with the original's token, both joined.
// UNROLLED-LABEL: entry @matmul(
// UNROLLED: %[[TOK:.+]] = make_token : token
// UNROLLED-NOT: -> (token)
// UNROLLED: %[[R0:.+]] = for %{{.+}} -> (tile<256x128xf32>)
// UNROLLED: %[[H0:.+]] = ftof %[[R0]]
// UNROLLED: %[[T0:.+]] = store_view_tko weak %[[H0]], %{{.+}}[%{{.+}}, %{{.+}}] token = %[[TOK]] :
// UNROLLED: %[[ONE:.+]] = constant <i32: 1> : tile<i32>
// UNROLLED: %[[J1:.+]] = addi %{{.+}}, %[[ONE]] : tile<i32>
// UNROLLED: %[[R1:.+]] = for %{{.+}} -> (tile<256x128xf32>)
// UNROLLED: load_view_tko weak %{{.+}}[%{{.+}}, %[[J1]]]
// UNROLLED: %[[H1:.+]] = ftof %[[R1]]
// UNROLLED: %[[T1:.+]] = store_view_tko weak %[[H1]], %{{.+}}[%{{.+}}, %[[J1]]] token = %[[TOK]] :
// UNROLLED-NEXT: %[[JOINED:.+]] = join_tokens %[[T0]], %[[T1]] : token
// UNROLLED-NEXT: load_view_tko weak %{{.+}} token = %[[JOINED]] :
// UNROLLED-NOT: store_view_tko
// UNROLLED: return
// CHECK-NOT: 256x256
// CHECK: return
// REMARK: split-wide-accumulators.mlir:[[# @LINE + 18]]:15: remark: [Passed] RemarkTensorCoreColumnSlices | Category:Tensor-core | Function=matmul | Reason="its 256x256 accumulator takes 256 registers per thread, more than the 128 an mma keeps in registers", Remark="MMA loop and store run once per column slice of the accumulator", Slices="2 x 256x128"
// TMEM-LABEL: entry @matmul(
// TMEM: mmaf {{.+}} tile<256x256xf32>
// TMEM: store_view_tko weak {{.+}} : tile<256x256xf16>
cuda_tile.module @kernels {
  entry @matmul(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>, %i: tile<i32>, %j: tile<i32>, %n: tile<i32>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %vb = make_tensor_view %b, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %vd = make_tensor_view %d, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<256x256xf32>
    %r = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xf32>) {
      %x, %tx = load_view_tko weak %qa[%i, %k] token = %t0 : partition_view<tile=(256x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<256x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %j] token = %t0 : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %x, %y, %acc : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
      continue %next : tile<256x256xf32>
    }
    %h = ftof %r : tile<256x256xf32> -> tile<256x256xf16>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %done = store_view_tko weak %h, %qd[%i, %j] token = %t0 : tile<256x256xf16>, partition_view<tile=(256x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> token
    %again, %ta = load_view_tko weak %qa[%i, %zero] token = %done : partition_view<tile=(256x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<256x64xf16>, token
    return
  }
}


// -----

// cuTile 13.1 makes the partition views in the k loop's body. The rhs's
// view moves before the loop, where its 64x128 twin is made for the slices'
// loops; the lhs's stays in each slice's loop. (The pass crashed here,
// leaving the slices' loads on a view made in the erased loop.)
// CHECK-LABEL: entry @views_in_loop(
// CHECK-NOT: partition_view<tile=(64x256)
// CHECK: %[[QB2:.+]] = make_partition_view %{{.+}} : partition_view<tile=(64x128)
// CHECK: for %{{.+}} in (%{{.+}} to %{{.+}}, step %{{.+}}) : tile<i32> {
// CHECK: %[[J2:.+]] = muli
// CHECK-NEXT: %[[JS:.+]] = addi %[[J2]]
// CHECK-NEXT: for %{{.+}} -> (tile<256x128xf32>)
// CHECK-NEXT: make_partition_view %{{.+}} : partition_view<tile=(256x64)
// CHECK-NEXT: load_view_tko weak
// CHECK-NEXT: load_view_tko weak %[[QB2]][%{{.+}}, %[[JS]]]
// CHECK-NOT: 256x256
// CHECK: return
// REMARK: remark: [Passed] RemarkTensorCoreColumnSlices | Category:Tensor-core | Function=views_in_loop
// UNROLLED-LABEL: entry @views_in_loop(
// UNROLLED-COUNT-2: tile<64x128xf16>, tile<256x128xf32>
// UNROLLED: return
cuda_tile.module @kernels {
  entry @views_in_loop(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>, %i: tile<i32>, %j: tile<i32>, %n: tile<i32>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %vb = make_tensor_view %b, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %vd = make_tensor_view %d, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<256x256xf32>
    %r = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xf32>) {
      %qa = make_partition_view %va : partition_view<tile=(256x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
      %x, %tx = load_view_tko weak %qa[%i, %k] token = %t0 : partition_view<tile=(256x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<256x64xf16>, token
      %qb = make_partition_view %vb : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>
      %y, %ty = load_view_tko weak %qb[%k, %j] token = %t0 : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %x, %y, %acc : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
      continue %next : tile<256x256xf32>
    }
    %h = ftof %r : tile<256x256xf32> -> tile<256x256xf16>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %done = store_view_tko weak %h, %qd[%i, %j] token = %t0 : tile<256x256xf16>, partition_view<tile=(256x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Left whole: an accumulator that fits (128x256: 128 registers), a loop
// whose body stores, a result used twice, and a result stored after
// another store (which the slices' stores would move across).
// CHECK-LABEL: entry @left_whole(
// CHECK-COUNT-4: iter_values(%{{.+}}) -> (tile<{{128x256|256x256}}xf32>)
// CHECK-NOT: tile<256x128xf32>
// REMARK-NOT: RemarkTensorCoreColumnSlices
cuda_tile.module @kernels {
  entry @left_whole(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %vb = make_tensor_view %b, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %vd = make_tensor_view %d, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf32, strides=[1024,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %qa1 = make_partition_view %va : partition_view<tile=(128x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %qd1 = make_partition_view %vd : partition_view<tile=(128x256), tensor_view<1024x1024xf32, strides=[1024,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init1 = constant <f32: 0.0> : tile<128x256xf32>
    %init = constant <f32: 0.0> : tile<256x256xf32>
    %r1 = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init1) -> (tile<128x256xf32>) {
      %x, %tx = load_view_tko weak %qa1[%zero, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %d1 = store_view_tko weak %r1, %qd1[%zero, %zero] token = %t0 : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    %r2 = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(256x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<256x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x256xf16>, token
      %s = store_view_tko weak %init, %qd[%k, %one] token = %t0 : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
      %next = mmaf %x, %y, %acc : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
      continue %next : tile<256x256xf32>
    }
    %d2 = store_view_tko weak %r2, %qd[%zero, %zero] token = %t0 : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    %r3 = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(256x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<256x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %x, %y, %acc : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
      continue %next : tile<256x256xf32>
    }
    %d3 = store_view_tko weak %r3, %qd[%zero, %zero] token = %t0 : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    %d4 = store_view_tko weak %r3, %qd[%one, %zero] token = %t0 : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    %r4 = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(256x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<256x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %x, %y, %acc : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
      continue %next : tile<256x256xf32>
    }
    %mid = store_view_tko weak %init1, %qd1[%one, %one] token = %t0 : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    %d5 = store_view_tko weak %r4, %qd[%one, %one] token = %d2 : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<1024x1024xf32, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A block-scaled mma: the rhs scales are sliced with the rhs, through the
// reshapes and permutes of the corpus's swizzled layout (the 256 columns
// are 2 groups of 128, the group the load's first dim: each slice loads
// one group). On sm_100 too: its accumulator and scales take 544 columns
// of tensor memory, each slice's 272.
// CHECK-LABEL: entry @scaled(
// CHECK: %[[QSB2:.+]] = make_partition_view %{{.+}} : partition_view<tile=(1x1x32x16)
// CHECK: for %[[S:.+]] in
// CHECK: %[[JS:.+]] = addi %{{.+}}, %[[S]] : tile<i32>
// CHECK: for
// CHECK: %[[YS4:.+]], %{{.+}} = load_view_tko weak %[[QSB2]][%[[JS]], %{{.+}}, %{{.+}}, %{{.+}}] {{.+}} -> tile<1x1x32x16xf8E8M0FNU>, token
// CHECK-NEXT: %[[YS5:.+]] = reshape %[[YS4]] : tile<1x1x32x16xf8E8M0FNU> -> tile<1x1x32x4x4xf8E8M0FNU>
// CHECK-NEXT: %[[YSP:.+]] = permute %[[YS5]] [0, 3, 2, 1, 4] : tile<1x1x32x4x4xf8E8M0FNU> -> tile<1x4x32x1x4xf8E8M0FNU>
// CHECK-NEXT: %[[YSN:.+]] = reshape %[[YSP]] : tile<1x4x32x1x4xf8E8M0FNU> -> tile<128x4xf8E8M0FNU>
// CHECK-NEXT: %[[YS:.+]] = permute %[[YSN]] [1, 0] : tile<128x4xf8E8M0FNU> -> tile<4x128xf8E8M0FNU>
// CHECK-NEXT: mmaf_scaled {{.+}}, %[[YS]] : tile<256x128xf8E4M3FN>, tile<128x128xf8E4M3FN>, tile<256x128xf32>, tile<256x4xf8E8M0FNU>, tile<4x128xf8E8M0FNU>
// CHECK: store_view_tko
// CHECK-NOT: 256x256
// REMARK: split-wide-accumulators.mlir:[[# @LINE + 34]]:15: remark: [Passed] RemarkTensorCoreColumnSlices | Category:Tensor-core | Function=scaled | Reason="its 256x256 accumulator takes 256 registers per thread
// TMEM-REMARK-NOT: Function=matmul
// TMEM-REMARK: remark: [Passed] RemarkTensorCoreColumnSlices | Category:Tensor-core | Function=scaled | Reason="its accumulator and scales take 544 columns of tensor memory, more than 512", Remark="MMA loop and store run once per column slice of the accumulator", Slices="2 x 256x128"
// TMEM-LABEL: entry @scaled(
// TMEM: mmaf_scaled {{.+}} tile<256x128xf32>
cuda_tile.module @kernels {
  entry @scaled(%a: tile<ptr<f8E4M3FN>>, %b: tile<ptr<f8E4M3FN>>, %sa: tile<ptr<f8E8M0FNU>>, %sb: tile<ptr<f8E8M0FNU>>, %d: tile<ptr<f32>>, %j: tile<i32>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf8E4M3FN, strides=[256,1]>
    %vb = make_tensor_view %b, shape = [256, 512], strides = [1, 256] : tensor_view<256x512xf8E4M3FN, strides=[1,256]>
    %vsa = make_tensor_view %sa, shape = [2, 2, 32, 16], strides = [1024, 512, 16, 1] : tensor_view<2x2x32x16xf8E8M0FNU, strides=[1024,512,16,1]>
    %vsb = make_tensor_view %sb, shape = [4, 2, 32, 16], strides = [1024, 512, 16, 1] : tensor_view<4x2x32x16xf8E8M0FNU, strides=[1024,512,16,1]>
    %vd = make_tensor_view %d, shape = [256, 512], strides = [512, 1] : tensor_view<256x512xf32, strides=[512,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x128), tensor_view<256x256xf8E4M3FN, strides=[256,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x256), tensor_view<256x512xf8E4M3FN, strides=[1,256]>>
    %qsa = make_partition_view %vsa : partition_view<tile=(2x1x32x16), tensor_view<2x2x32x16xf8E8M0FNU, strides=[1024,512,16,1]>>
    %qsb = make_partition_view %vsb : partition_view<tile=(2x1x32x16), tensor_view<4x2x32x16xf8E8M0FNU, strides=[1024,512,16,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<256x512xf32, strides=[512,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %init = constant <f32: 0.0> : tile<256x256xf32>
    %r = for %k in (%zero to %two, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<256x256xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(256x128), tensor_view<256x256xf8E4M3FN, strides=[256,1]>>, tile<i32> -> tile<256x128xf8E4M3FN>, token
      %xs4, %txs = load_view_tko weak %qsa[%zero, %k, %zero, %zero] token = %t0 : partition_view<tile=(2x1x32x16), tensor_view<2x2x32x16xf8E8M0FNU, strides=[1024,512,16,1]>>, tile<i32> -> tile<2x1x32x16xf8E8M0FNU>, token
      %xs5 = reshape %xs4 : tile<2x1x32x16xf8E8M0FNU> -> tile<2x1x32x4x4xf8E8M0FNU>
      %xsp = permute %xs5 [0, 3, 2, 1, 4] : tile<2x1x32x4x4xf8E8M0FNU> -> tile<2x4x32x1x4xf8E8M0FNU>
      %xs = reshape %xsp : tile<2x4x32x1x4xf8E8M0FNU> -> tile<256x4xf8E8M0FNU>
      %y, %ty = load_view_tko weak %qb[%k, %j] token = %t0 : partition_view<tile=(128x256), tensor_view<256x512xf8E4M3FN, strides=[1,256]>>, tile<i32> -> tile<128x256xf8E4M3FN>, token
      %ys4, %tys = load_view_tko weak %qsb[%j, %k, %zero, %zero] token = %t0 : partition_view<tile=(2x1x32x16), tensor_view<4x2x32x16xf8E8M0FNU, strides=[1024,512,16,1]>>, tile<i32> -> tile<2x1x32x16xf8E8M0FNU>, token
      %ys5 = reshape %ys4 : tile<2x1x32x16xf8E8M0FNU> -> tile<2x1x32x4x4xf8E8M0FNU>
      %ysp = permute %ys5 [0, 3, 2, 1, 4] : tile<2x1x32x4x4xf8E8M0FNU> -> tile<2x4x32x1x4xf8E8M0FNU>
      %ysn = reshape %ysp : tile<2x4x32x1x4xf8E8M0FNU> -> tile<256x4xf8E8M0FNU>
      %ys = permute %ysn [1, 0] : tile<256x4xf8E8M0FNU> -> tile<4x256xf8E8M0FNU>
      %next = mmaf_scaled %x, %y, %acc, %xs, %ys : tile<256x128xf8E4M3FN>, tile<128x256xf8E4M3FN>, tile<256x256xf32>, tile<256x4xf8E8M0FNU>, tile<4x256xf8E8M0FNU>
      continue %next : tile<256x256xf32>
    }
    %done = store_view_tko weak %r, %qd[%zero, %j] token = %t0 : tile<256x256xf32>, partition_view<tile=(256x256), tensor_view<256x512xf32, strides=[512,1]>>, tile<i32> -> token
    return
  }
}
