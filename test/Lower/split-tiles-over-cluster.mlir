// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-split-tiles-over-cluster --split-input-file | FileCheck %s
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_90 tile-form=parallel" --tilechain-split-tiles-over-cluster --split-input-file --remarks-filter=Hints 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_80 tile-form=parallel" --tilechain-split-tiles-over-cluster --split-input-file --remarks-filter=Hints 2>&1 >/dev/null | FileCheck %s --check-prefix=SM80
// RUN: tile-lower %s --tilechain-record-target="gpu-name=sm_80 tile-form=parallel" --tilechain-split-tiles-over-cluster --split-input-file | FileCheck %s --check-prefix=WHOLE

// A vector add in a cluster of two: each CTA adds 8 of the tile's 16
// elements, loaded and stored through views of 8-element tiles at index
// 2i + rank, computed once where i is. On sm_80, which has no clusters, the
// kernel stays as it is.
// CHECK-LABEL: entry @vector_add(
// CHECK: %[[RANK:.+]] = tile_dist.cluster_cta_rank : !cuda_tile.tile<i32>
// CHECK: %[[I:.+]], %{{.+}}, %{{.+}} = get_tile_block_id
// CHECK-NEXT: %[[TWO:.+]] = constant <i32: 2> : tile<i32>
// CHECK-NEXT: %[[I2:.+]] = muli %[[I]], %[[TWO]] : tile<i32>
// CHECK-NEXT: %[[IR:.+]] = addi %[[I2]], %[[RANK]] : tile<i32>
// CHECK: %[[Q:.+]] = make_partition_view %{{.+}} : partition_view<tile=(16)
// CHECK-NEXT: %[[Q8:.+]] = make_partition_view %{{.+}} : partition_view<tile=(8)
// CHECK: load_view_tko weak %[[Q8]][%[[IR]]] {{.*}} -> tile<8xf32>, token
// CHECK: addf %{{.+}}, %{{.+}} : tile<8xf32>
// CHECK: store_view_tko weak %{{.+}}, %{{.+}}[%{{.+}}] {{.*}} : tile<8xf32>, partition_view<tile=(8)
// CHECK-NOT: tile<16xf32>
// CHECK: return
// CHECK-NEXT: } {tile_dist.cluster_ctas = 2 : i32}
// REMARK: split-tiles-over-cluster.mlir:[[# @LINE + 6]]:3: remark: [Passed] RemarkHint | Category:Hints | Function=vector_add | CTAShape=[8], Remark="OptimizationHint used num_cta_in_cga", Shape=[16], num_cta_in_cga=2
// SM80: split-tiles-over-cluster.mlir:[[# @LINE + 5]]:3: remark: [Missed] RemarkHintNotFollowed | Category:Hints | Function=vector_add | Reason="sm_80 has no thread block clusters (sm_90 and newer do); each CTA runs alone", Remark="OptimizationHint num_cta_in_cga not followed", num_cta_in_cga=2
// WHOLE-LABEL: entry @vector_add(
// WHOLE-NOT: tile_dist
// WHOLE: return
cuda_tile.module @kernels {
  entry @vector_add(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i32>) optimization_hints=<default = {num_cta_in_cga = 2}> {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %vb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %vc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xf32, strides=[1]>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %qa = make_partition_view %va : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %qb = make_partition_view %vb : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %qc = make_partition_view %vc : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%bx] token = %t0 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %y, %ty = load_view_tko weak %qb[%bx] token = %t0 : partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> tile<16xf32>, token
    %sum = addf %x, %y : tile<16xf32>
    %done = store_view_tko weak %sum, %qc[%bx] token = %t0 : tile<16xf32>, partition_view<tile=(16), tensor_view<?xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// A matmul's output tile is cut along its rows: each CTA loads its 64 rows
// of the lhs and the whole rhs, and carries a 64x256 accumulator, which
// starts from a splat cut by its type and is stored as 64 of the 128 rows.
// The row index of its slice is computed before the loop, whose body keeps
// its ops.
// CHECK-LABEL: entry @matmul(
// CHECK: %[[RANK:.+]] = tile_dist.cluster_cta_rank : !cuda_tile.tile<i32>
// CHECK-NEXT: %[[TWO:.+]] = constant <i32: 2> : tile<i32>
// CHECK-NEXT: %[[I2:.+]] = muli %arg3, %[[TWO]] : tile<i32>
// CHECK-NEXT: %[[IR:.+]] = addi %[[I2]], %[[RANK]] : tile<i32>
// CHECK: %[[QA64:.+]] = make_partition_view %{{.+}} : partition_view<tile=(64x64)
// CHECK: %[[INIT:.+]] = constant <f32: 0.000000e+00> : tile<64x256xf32>
// CHECK: for %{{.+}} iter_values(%[[ACC:.+]] = %[[INIT]]) -> (tile<64x256xf32>)
// CHECK-NEXT: load_view_tko weak %[[QA64]][%[[IR]], %{{.+}}] {{.*}} -> tile<64x64xf16>, token
// CHECK: load_view_tko weak {{.*}} -> tile<64x256xf16>, token
// CHECK-NEXT: mmaf %{{.+}}, %{{.+}}, %[[ACC]] : tile<64x64xf16>, tile<64x256xf16>, tile<64x256xf32>
// CHECK: ftof %{{.+}} : tile<64x256xf32> -> tile<64x256xf16>
// CHECK: store_view_tko weak {{.*}} : tile<64x256xf16>, partition_view<tile=(64x256)
// CHECK: } {tile_dist.cluster_ctas = 2 : i32}
// REMARK: remark: [Passed] RemarkHint | Category:Hints | Function=matmul | CTAShape="[64, 256]", Remark="OptimizationHint used num_cta_in_cga", Shape="[128, 256]", num_cta_in_cga=2
cuda_tile.module @kernels {
  entry @matmul(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>, %i: tile<i32>, %j: tile<i32>, %n: tile<i32>) optimization_hints=<sm_90 = {num_cta_in_cga = 2}> {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %vb = make_tensor_view %b, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %vd = make_tensor_view %d, shape = [1024, 1024], strides = [1024, 1] : tensor_view<1024x1024xf16, strides=[1024,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x256xf32>
    %r = for %k in (%zero to %n, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x256xf32>) {
      %x, %tx = load_view_tko weak %qa[%i, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %j] token = %t0 : partition_view<tile=(64x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %h = ftof %r : tile<128x256xf32> -> tile<128x256xf16>
    %qd = make_partition_view %vd : partition_view<tile=(128x256), tensor_view<1024x1024xf16, strides=[1024,1]>>
    %done = store_view_tko weak %h, %qd[%i, %j] token = %t0 : tile<128x256xf16>, partition_view<tile=(128x256), tensor_view<1024x1024xf16, strides=[1024,1]>>, tile<i32> -> token
    return
  }
}

// -----

// Pointer tiles: the iota the offsets come from is cut too, CTA r's slice
// of 0..127 being r * 64 + (0..63); the broadcast base pointer is whole in
// each slice.
// CHECK-LABEL: entry @scatter(
// CHECK: %[[RANK:.+]] = tile_dist.cluster_cta_rank : !cuda_tile.tile<i32>
// CHECK: %[[IOTA:.+]] = iota : tile<64xi32>
// CHECK: %[[START:.+]] = muli %[[RANK]], %{{.+}} : tile<i32>
// CHECK-NEXT: %[[UNIT:.+]] = reshape %[[START]] : tile<i32> -> tile<1xi32>
// CHECK-NEXT: %[[STARTS:.+]] = broadcast %[[UNIT]] : tile<1xi32> -> tile<64xi32>
// CHECK-NEXT: %[[SLICE:.+]] = addi %[[IOTA]], %[[STARTS]] : tile<64xi32>
// CHECK: broadcast %{{.+}} : tile<1xptr<i32>> -> tile<64xptr<i32>>
// CHECK: offset %{{.+}}, %[[SLICE]] : tile<64xptr<i32>>, tile<64xi32> -> tile<64xptr<i32>>
// CHECK: store_ptr_tko weak {{.*}} : tile<64xptr<i32>>, tile<64xi32> -> token
// CHECK: } {tile_dist.cluster_ctas = 2 : i32}
cuda_tile.module @kernels {
  entry @scatter(%p: tile<ptr<i32>>) optimization_hints=<default = {num_cta_in_cga = 2}> {
    %t0 = make_token : token
    %i = iota : tile<128xi32>
    %r = reshape %p : tile<ptr<i32>> -> tile<1xptr<i32>>
    %b = broadcast %r : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %ptrs = offset %b, %i : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>
    %twice = addi %i, %i : tile<128xi32>
    %t1 = store_ptr_tko weak %ptrs, %twice token = %t0 : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
}

// -----

// A reduction along the rows of a 64x32 tile keeps the rows cut: each CTA
// reduces 32 of them.
// CHECK-LABEL: entry @row_sums(
// CHECK: reduce %{{.+}} dim=1 {{.*}} : tile<32x32xf32> -> tile<32xf32>
// CHECK: store_view_tko weak {{.*}} : tile<32xf32>, partition_view<tile=(32)
// CHECK: } {tile_dist.cluster_ctas = 2 : i32}
cuda_tile.module @kernels {
  entry @row_sums(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>, %i: tile<i32>) optimization_hints=<default = {num_cta_in_cga = 2}> {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [1024, 32], strides = [32, 1] : tensor_view<1024x32xf32, strides=[32,1]>
    %vc = make_tensor_view %c, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %qa = make_partition_view %va : partition_view<tile=(64x32), tensor_view<1024x32xf32, strides=[32,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(64), tensor_view<1024xf32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%i, %i] token = %t0 : partition_view<tile=(64x32), tensor_view<1024x32xf32, strides=[32,1]>>, tile<i32> -> tile<64x32xf32>, token
    %s = reduce %x dim=1 identities=[0.0 : f32] : tile<64x32xf32> -> tile<64xf32>
        (%acc: tile<f32>, %next: tile<f32>) {
      %sum = addf %acc, %next : tile<f32>
      yield %sum : tile<f32>
    }
    %done = store_view_tko weak %s, %qc[%i] token = %t0 : tile<64xf32>, partition_view<tile=(64), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// A sum over a whole tile would need the other CTA's part: the kernel
// stays whole, and the remark says why.
// CHECK-LABEL: entry @total(
// CHECK-NOT: tile_dist
// CHECK: reduce %{{.+}} dim=0 {{.*}} : tile<64xf32> -> tile<f32>
// REMARK: remark: [Missed] RemarkHintNotFollowed | Category:Hints | Function=total | Reason="each CTA runs alone: 'cuda_tile.reduce' runs along the dim its tile would be cut along (tilechain cuts a cluster's tiles only where no CTA needs another's part)", Remark="OptimizationHint num_cta_in_cga not followed", num_cta_in_cga=2
cuda_tile.module @kernels {
  entry @total(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>, %i: tile<i32>) optimization_hints=<default = {num_cta_in_cga = 2}> {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %qa = make_partition_view %va : partition_view<tile=(64), tensor_view<1024xf32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%i] token = %t0 : partition_view<tile=(64), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> tile<64xf32>, token
    %s = reduce %x dim=0 identities=[0.0 : f32] : tile<64xf32> -> tile<f32>
        (%acc: tile<f32>, %next: tile<f32>) {
      %sum = addf %acc, %next : tile<f32>
      yield %sum : tile<f32>
    }
    %r = reshape %s : tile<f32> -> tile<1xf32>
    %b = broadcast %r : tile<1xf32> -> tile<64xf32>
    %y = subf %x, %b : tile<64xf32>
    %vc = make_tensor_view %c, shape = [1024], strides = [1] : tensor_view<1024xf32, strides=[1]>
    %qc = make_partition_view %vc : partition_view<tile=(64), tensor_view<1024xf32, strides=[1]>>
    %done = store_view_tko weak %y, %qc[%i] token = %t0 : tile<64xf32>, partition_view<tile=(64), tensor_view<1024xf32, strides=[1]>>, tile<i32> -> token
    return
  }
}

// -----

// A load ordered after a store (through the store's token) that reads the
// tile transposed would read what the other CTA of the cluster stored,
// with nothing ordering the two: the kernel stays whole.
// CHECK-LABEL: entry @store_then_load(
// CHECK-NOT: tile_dist
// CHECK: return
// REMARK: remark: [Missed] RemarkHintNotFollowed | Category:Hints | Function=store_then_load | Reason="each CTA runs alone: 'cuda_tile.load_view_tko' is ordered (through a token) after 'cuda_tile.store_view_tko', and one of them writes what another CTA of the cluster may access (tilechain cuts a cluster's tiles only where no CTA needs another's part)", Remark="OptimizationHint num_cta_in_cga not followed", num_cta_in_cga=2
cuda_tile.module @kernels {
  entry @store_then_load(%a: tile<ptr<f32>>, %i: tile<i32>) optimization_hints=<default = {num_cta_in_cga = 2}> {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %x, %tx = load_view_tko weak %qa[%i, %i] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %done = store_view_tko weak %x, %qa[%i, %i] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    %y, %ty = load_view_tko weak %qa[%i, %i] token = %done : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %t = permute %y [1, 0] : tile<64x64xf32> -> tile<64x64xf32>
    %done2 = store_view_tko weak %t, %qa[%i, %i] token = %ty : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A tile loaded and stored in place, the store ordered after the load: the
// CTAs' parts of the two accesses meet only within one CTA (the same tile
// of one partition view, cut alike), so the kernel is cut.
// CHECK-LABEL: entry @in_place(
// CHECK: load_view_tko {{.*}} -> tile<32x64xf32>, token
// CHECK: store_view_tko {{.*}} : tile<32x64xf32>
// CHECK: } {tile_dist.cluster_ctas = 2 : i32}
cuda_tile.module @kernels {
  entry @in_place(%a: tile<ptr<f32>>, %i: tile<i32>) optimization_hints=<default = {num_cta_in_cga = 2}> {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>
    %x, %tx = load_view_tko weak %qa[%i, %i] token = %t0 : partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token
    %y = addf %x, %x : tile<64x64xf32>
    %done = store_view_tko weak %y, %qa[%i, %i] token = %tx : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<1024x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A reduction whose operand is cut along its rows (the operand is stored
// too) and whose result another op would cut along its other dim (stored
// transposed): the rows of the sums are what the operand's cut gives, so
// the two cuts conflict and the kernel stays whole.
// CHECK-LABEL: entry @reduce_cut_twice(
// CHECK-NOT: tile_dist
// CHECK: return
// REMARK: remark: [Missed] RemarkHintNotFollowed | Category:Hints | Function=reduce_cut_twice | Reason="each CTA runs alone: {{.*}} along another dim
cuda_tile.module @kernels {
  entry @reduce_cut_twice(%a: tile<ptr<f32>>, %c: tile<ptr<f32>>, %i: tile<i32>) optimization_hints=<default = {num_cta_in_cga = 2}> {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [64, 64, 16], strides = [1024, 16, 1] : tensor_view<64x64x16xf32, strides=[1024,16,1]>
    %vc = make_tensor_view %c, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(8x8x16), tensor_view<64x64x16xf32, strides=[1024,16,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>
    %x, %tx = load_view_tko weak %qa[%i, %i, %i] token = %t0 : partition_view<tile=(8x8x16), tensor_view<64x64x16xf32, strides=[1024,16,1]>>, tile<i32> -> tile<8x8x16xf32>, token
    %s = reduce %x dim=2 identities=[0.0 : f32] : tile<8x8x16xf32> -> tile<8x8xf32>
        (%acc: tile<f32>, %next: tile<f32>) {
      %sum = addf %acc, %next : tile<f32>
      yield %sum : tile<f32>
    }
    %t = permute %s [1, 0] : tile<8x8xf32> -> tile<8x8xf32>
    %d2 = store_view_tko weak %x, %qa[%i, %i, %i] token = %t0 : tile<8x8x16xf32>, partition_view<tile=(8x8x16), tensor_view<64x64x16xf32, strides=[1024,16,1]>>, tile<i32> -> token
    %d1 = store_view_tko weak %t, %qc[%i, %i] token = %t0 : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
