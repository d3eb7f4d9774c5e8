// RUN: tile-sched %s --split-input-file --remarks-filter-failed=Memory --verify-diagnostics --tilechain-lower="gpu-name=sm_90 tile-form=parallel" --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-plan-view-stores --tilechain-alloc-mma-rings --tilechain-expand-mma-pipelines --tilechain-materialize-threads | FileCheck %s

// On sm_90 a wgmma operand copied from a view comes by TMA where the
// view's tensor is made from kernel parameters and constants: the kernel
// gains a hidden tensor-map parameter describing it. Here B's is; A's base
// is a pointer the kernel computes, which a tensor map built at launch
// cannot know, so A comes by cp.async, and a remark says why. (Stores are
// TMA stores: their tensor is not known to be 16-byte aligned, and a
// remark says so too.)
// CHECK-LABEL: gpu.func @computed_base(
// CHECK-SAME: %arg4: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, tile_dist.tensor_map = {base = "arg1", box = array<i64: 64, 64>, sizes = [128, 64], strides = [128], swizzle = 128 : i64, type = f16}})
// CHECK-NOT: %arg5: !llvm.ptr
// CHECK: tile_dist.async_copy
// CHECK: tile_dist.tensor_copy %arg4
cuda_tile.module @kernels {
  entry @computed_base(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>, %skip: tile<i64>) {
    %t0 = make_token : token
    %a_skipped = offset %a, %skip : tile<ptr<f16>>, tile<i64> -> tile<ptr<f16>>
    %a16 = assume div_by<16>, %a_skipped : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 64], strides = [1, 128] : tensor_view<128x64xf16, strides=[1,128]>
    %vd = make_tensor_view %d, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    // expected-remark @below {{[Failure] RemarkMemoryTmaLoadFailed | Category:Memory | Function=computed_base | Reason="its tensor's base is not a kernel parameter", Remark="Failed to select TMA load instruction"}}
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>, tile<i32> -> tile<128x64xf16>, token
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %x, %y, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
    // expected-remark @below {{[Failure] RemarkMemoryTmaStoreFailed | Category:Memory | Function=computed_base | Reason="its tensor's base or strides are not known to be multiples of 16 bytes"}}
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// An extent the kernel computes: both operands by cp.async, no tensor map.
// CHECK-LABEL: gpu.func @computed_extent(
// CHECK-NOT: tile_dist.tensor_map
// CHECK-NOT: tile_dist.tensor_copy
// CHECK: tile_dist.async_copy
cuda_tile.module @kernels {
  entry @computed_extent(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>, %half: tile<i32>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %two = constant <i32: 2> : tile<i32>
    %n = muli %half, %two : tile<i32>
    %va = make_tensor_view %a16, shape = [%n, 128], strides = [128, 1] : tile<i32> -> tensor_view<?x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, %n], strides = [1, 128] : tile<i32> -> tensor_view<128x?xf16, strides=[1,128]>
    %vd = make_tensor_view %d, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x128), tensor_view<?x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x64), tensor_view<128x?xf16, strides=[1,128]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    // expected-remark @below {{Function=computed_extent | Reason="its tensor's extents or strides are not kernel parameters or constants"}}
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<?x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    // expected-remark @below {{Function=computed_extent | Reason="its tensor's extents or strides are not kernel parameters or constants"}}
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x?xf16, strides=[1,128]>>, tile<i32> -> tile<128x64xf16>, token
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %x, %y, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
    // expected-remark @below {{Function=computed_extent | Reason="its tensor's base or strides are not known to be multiples of 16 bytes"}}
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A store of an mma's accumulator, whose fragments hold runs of two f32 of
// a row (8 bytes: a thread's own stores would be narrow), to a 16-byte
// aligned tensor goes by TMA: each thread writes its registers into a
// staging buffer of 128-byte rows, 32 f32 each, swizzled as a 128-byte TMA
// box reads them, in two boxes of 32 columns by 64 rows (8192 bytes each);
// fences them to the async proxy; after a barrier thread 0 stores both
// boxes in one bulk group, commits it and waits for it, and a barrier keeps
// the buffer until then. A register's slot is one of four per-thread bases
// (its 16-byte chunk of a swizzled row, xored in: 8 f32 apart) plus a
// constant the thread part never sets, which folds into the store; a
// thread's two f32 of a row go in one 8-byte store.
// CHECK-LABEL: gpu.func @aligned_store(
// CHECK-SAME: tile_dist.tensor_map = {base = "arg2", box = array<i64: 32, 64>, sizes = [64, 64], strides = [64], swizzle = 128 : i64, type = f32}
// CHECK: tile_dist.warpgroup_mma
// CHECK: %[[BASE:.+]] = arith.divui
// CHECK: arith.xori %[[BASE]], %c8{{.*}} : index
// CHECK: arith.xori %[[BASE]], %c16{{.*}} : index
// CHECK: arith.xori %[[BASE]], %c24{{.*}} : index
// CHECK-NEXT: gpu.barrier
// CHECK: vector.store %{{.+}}, %[[STAGING:.+]][%[[BASE]]] {alignment = 8 : i64} : memref<4096xf32, #gpu.address_space<workgroup>>, vector<2xf32>
// CHECK: %[[NEXT:.+]] = arith.addi %[[BASE]], %c256{{.*}} : index
// CHECK: vector.store %{{.+}}, %[[STAGING]][%[[NEXT]]] {alignment = 8 : i64}
// CHECK-NOT: arith.xori %[[BASE]]
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// CHECK: scf.if
// CHECK: tile_dist.tensor_store %{{.+}}, %{{.+}}, [%{{.+}}, %{{.+}}], [%{{.+}}] at [%{{.+}}, %{{.+}}] from %[[STAGING]][%c0{{.*}}] {box = array<i64: 32, 64>, swizzle = 128 : i64}
// CHECK-NEXT: arith.constant 32 : index
// CHECK-NEXT: arith.addi
// CHECK: tile_dist.tensor_store %{{.+}} from %[[STAGING]][%c2048{{.*}}] {box = array<i64: 32, 64>, swizzle = 128 : i64}
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: gpu.barrier
// CHECK-NOT: llvm.store
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @aligned_store(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %va = make_tensor_view %a16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 64], strides = [1, 128] : tensor_view<128x64xf16, strides=[1,128]>
    %vd = make_tensor_view %d16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>, tile<i32> -> tile<128x64xf16>, token
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %x, %y, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// An f16 result in wgmma fragments (each thread's pairs of a row's columns,
// a warp's lanes 8 rows of 4 pairs) is written into the staging by
// stmatrix: a warp's four 8x8 matrices per instruction (rows r and r + 8,
// columns c and c + 8), each lane's word two f16 of its fragment, each
// lane naming the swizzled slot where one of the 32 rows starts. The
// thread's second group of matrices is 16 columns on, a 32-byte unit
// xored into its slot; no thread stores its registers one by one.
// CHECK-LABEL: gpu.func @matrix_store(
// CHECK: tile_dist.warpgroup_mma
// CHECK: gpu.barrier
// CHECK-NOT: vector.store
// CHECK: %[[PAIR:.+]] = vector.from_elements %{{.+}}, %{{.+}} : vector<2xf16>
// CHECK-NEXT: %[[WORD:.+]] = llvm.bitcast %[[PAIR]] : vector<2xf16> to i32
// CHECK: tile_dist.store_matrix %[[STAGING:.+]][%[[ROW:.+]]], %[[WORD]], %{{.+}}, %{{.+}}, %{{.+}} : memref<4096xf16, #gpu.address_space<workgroup>>
// CHECK: %[[NEXT:.+]] = arith.xori %[[ROW]], %c16{{.*}} : index
// CHECK: tile_dist.store_matrix %[[STAGING]][%[[NEXT]]], %{{.+}}, %{{.+}}, %{{.+}}, %{{.+}} : memref<4096xf16, #gpu.address_space<workgroup>>
// CHECK-NOT: tile_dist.store_matrix
// CHECK-NOT: vector.store
// CHECK: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// CHECK-NEXT: gpu.barrier
// CHECK: tile_dist.tensor_store {{.+}} from %[[STAGING]][%c0{{.*}}] {box = array<i64: 64, 64>, swizzle = 128 : i64}
cuda_tile.module @kernels {
  entry @matrix_store(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 64], strides = [1, 128] : tensor_view<128x64xf16, strides=[1,128]>
    %vd = make_tensor_view %d16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>, tile<i32> -> tile<128x64xf16>, token
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %x, %y, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
    %h = ftof %r : tile<64x64xf32> -> tile<64x64xf16>
    %done = store_view_tko weak %h, %qd[%zero, %zero] token = %t0 : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A TMA store whose token orders a later store waits for its bulk group to
// complete, not only to have read the staging buffer; the last store, which
// nothing follows, waits only for the reads.
// CHECK-LABEL: gpu.func @ordered_stores(
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0{{$}}
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @ordered_stores(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %va = make_tensor_view %a16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 64], strides = [1, 128] : tensor_view<128x64xf16, strides=[1,128]>
    %vd = make_tensor_view %d16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>, tile<i32> -> tile<128x64xf16>, token
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %x, %y, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
    %first = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    %r2 = mmaf %x, %y, %r : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
    %second = store_view_tko weak %r2, %qd[%zero, %zero] token = %first : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A row of 512 f16 (each thread's run 8 bytes) goes by TMA too: the rows are
// cut into boxes of 128 bytes, so only the other dims are bounded by a box's
// 256 elements.
// CHECK-LABEL: gpu.func @wide_row_store(
// CHECK-COUNT-8: tile_dist.tensor_store {{.*}} {box = array<i64: 64, 1>, swizzle = 0 : i64}
// CHECK-NOT: tile_dist.tensor_store
// CHECK: gpu.return
cuda_tile.module @kernels {
  entry @wide_row_store(%a: tile<ptr<f16>>, %c: tile<ptr<f16>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %c16 = assume div_by<16>, %c : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [8, 512], strides = [512, 1] : tensor_view<8x512xf16, strides=[512,1]>
    %vc = make_tensor_view %c16, shape = [8, 512], strides = [512, 1] : tensor_view<8x512xf16, strides=[512,1]>
    %qa = make_partition_view %va : partition_view<tile=(1x512), tensor_view<8x512xf16, strides=[512,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(1x512), tensor_view<8x512xf16, strides=[512,1]>>
    %bid, %by, %bz = get_tile_block_id : tile<i32>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%bid, %zero] token = %t0 : partition_view<tile=(1x512), tensor_view<8x512xf16, strides=[512,1]>>, tile<i32> -> tile<1x512xf16>, token
    %y = addf %x, %x : tile<1x512xf16>
    %done = store_view_tko weak %y, %qc[%bid, %zero] token = %t0 : tile<1x512xf16>, partition_view<tile=(1x512), tensor_view<8x512xf16, strides=[512,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A store in a loop ordered only after itself in the previous iteration (a
// persistent kernel's tiles): its bulk group is waited for only until it
// has read the buffer, and the next iteration's issuing thread waits for
// its writes before its own.
// CHECK-LABEL: gpu.func @store_each_iteration(
// CHECK: scf.for {{.+}} : i32 {
// CHECK: scf.if
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0{{$}}
// CHECK: tile_dist.tensor_store
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
cuda_tile.module @kernels {
  entry @store_each_iteration(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %va = make_tensor_view %a16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 64], strides = [1, 128] : tensor_view<128x64xf16, strides=[1,128]>
    %vd = make_tensor_view %d16, shape = [512, 64], strides = [64, 1] : tensor_view<512x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<512x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>, tile<i32> -> tile<128x64xf16>, token
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %x, %y, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
    %last = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%order = %t0) -> (token) {
      %done = store_view_tko weak %r, %qd[%i, %zero] token = %order : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<512x64xf32, strides=[64,1]>>, tile<i32> -> token
      continue %done : token
    }
    return
  }
}

// -----

// The same through a loop over column slices inside it, whose stores keep
// the outer loop's token and join theirs (SplitWideAccumulators.cpp): each
// slice's bulk group too is waited for only until it has read the buffer,
// the next slice's issuing thread waiting for the writes before its own.
// Where a load is ordered after the loop, the writes are waited for.
// CHECK-LABEL: gpu.func @store_each_slice(
// CHECK: scf.for {{.+}} : i32 {
// CHECK: scf.for {{.+}} : i32 {
// CHECK: scf.if
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0{{$}}
// CHECK: tile_dist.tensor_store
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-LABEL: gpu.func @slices_then_load(
// CHECK: tile_dist.tensor_store
// CHECK: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0{{$}}
cuda_tile.module @kernels {
  entry @store_each_slice(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %va = make_tensor_view %a16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 64], strides = [1, 128] : tensor_view<128x64xf16, strides=[1,128]>
    %vd = make_tensor_view %d16, shape = [512, 128], strides = [128, 1] : tensor_view<512x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<512x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>, tile<i32> -> tile<128x64xf16>, token
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %x, %y, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
    %last = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%order = %t0) -> (token) {
      %t1 = make_token : token
      %slices = for %s in (%zero to %two, step %one) : tile<i32> iter_values(%joined = %t1) -> (token) {
        %done = store_view_tko weak %r, %qd[%i, %s] token = %order : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<512x128xf32, strides=[128,1]>>, tile<i32> -> token
        %both = join_tokens %joined, %done : token
        continue %both : token
      }
      continue %slices : token
    }
    return
  }
  entry @slices_then_load(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %va = make_tensor_view %a16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 64], strides = [1, 128] : tensor_view<128x64xf16, strides=[1,128]>
    %vd = make_tensor_view %d16, shape = [512, 128], strides = [128, 1] : tensor_view<512x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<512x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>, tile<i32> -> tile<128x64xf16>, token
    %acc = constant <f32: 0.0> : tile<64x64xf32>
    %r = mmaf %x, %y, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
    %last = for %i in (%zero to %n, step %one) : tile<i32> iter_values(%order = %t0) -> (token) {
      %t1 = make_token : token
      %slices = for %s in (%zero to %two, step %one) : tile<i32> iter_values(%joined = %t1) -> (token) {
        %done = store_view_tko weak %r, %qd[%i, %s] token = %order : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<512x128xf32, strides=[128,1]>>, tile<i32> -> token
        %both = join_tokens %joined, %done : token
        continue %both : token
      }
      continue %slices : token
    }
    %back, %tb = load_view_tko weak %qd[%zero, %zero] token = %last : partition_view<tile=(64x64), tensor_view<512x128xf32, strides=[128,1]>>, tile<i32> -> tile<64x64xf32>, token
    %done2 = store_view_tko weak %back, %qd[%one, %zero] token = %tb : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<512x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// A 256x256 f16 result (128 KiB, more than half of sm_90's shared memory)
// on mma.sync, whose warps split its columns, goes by TMA in two slabs of
// two 64-column boxes through one 64 KiB buffer. An element's slab is the
// high bits of its slot, its thread part's xor its register's; here only
// the thread part (the warp) sets them, so the warps of the first half of
// the columns write the first slab and the others the second, which waits
// for the first slab's stores to have read the buffer.
// CHECK-LABEL: gpu.func @wide_tile_store(
// CHECK: %[[MINE:.+]] = arith.shrui %{{.+}}, %c15{{.*}} : index
// CHECK: arith.cmpi eq, %[[MINE]], %c0{{.*}} : index
// CHECK: vector.store %{{.+}}, %[[SLAB:.+]][%{{.+}}] {alignment = 4 : i64} : memref<32768xf16, #gpu.address_space<workgroup>>, vector<2xf16>
// CHECK-NOT: arith.cmpi eq, %[[MINE]]
// CHECK: nvvm.fence.proxy
// CHECK-COUNT-2: tile_dist.tensor_store {{.+}} from %[[SLAB]][%{{.+}}] {box = array<i64: 64, 256>, swizzle = 128 : i64}
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK: gpu.barrier
// CHECK: arith.cmpi eq, %[[MINE]], %c1{{.*}} : index
// CHECK-NOT: arith.cmpi eq, %[[MINE]]
// CHECK: nvvm.fence.proxy
// CHECK-COUNT-2: tile_dist.tensor_store {{.+}} from %[[SLAB]][%{{.+}}] {box = array<i64: 64, 256>, swizzle = 128 : i64}
// CHECK-NEXT: nvvm.cp.async.bulk.commit.group
// CHECK-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// CHECK-NOT: tile_dist.tensor_store
cuda_tile.module @kernels {
  entry @wide_tile_store(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [256, 64], strides = [64, 1] : tensor_view<256x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 256], strides = [256, 1] : tensor_view<64x256xf16, strides=[256,1]>
    %vd = make_tensor_view %d16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %qa = make_partition_view %va : partition_view<tile=(256x64), tensor_view<256x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x256), tensor_view<64x256xf16, strides=[256,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(256x256), tensor_view<256x256xf16, strides=[256,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(256x64), tensor_view<256x64xf16, strides=[64,1]>>, tile<i32> -> tile<256x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x256), tensor_view<64x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x256xf16>, token
    %acc = constant <f32: 0.0> : tile<256x256xf32>
    %r = mmaf %x, %y, %acc : tile<256x64xf16>, tile<64x256xf16>, tile<256x256xf32>
    %h = ftof %r : tile<256x256xf32> -> tile<256x256xf16>
    %done = store_view_tko weak %h, %qd[%zero, %zero] token = %t0 : tile<256x256xf16>, partition_view<tile=(256x256), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> token
    return
  }
}
