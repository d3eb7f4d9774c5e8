// Atomics, a gather and assert in the parallel form, through LLVM's NVPTX
// back end and ptxas: each element's atomic is one atom instruction done by
// its owner, old values reach the other holders through shared memory
// between bar.syncs, a scalar atomic's old value is broadcast from thread 0
// the same way, and a failed assert calls __assertfail once, from thread 0.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir %t
// RUN: tile-read %s | tile-lower --gpu-name=sm_90 --tile-form=parallel | tile-sched | tile-llc --emit=ptx -o %t/atomics.ptx
// RUN: tile-link %t/atomics.ptx -o %t/atomics.cubin
// RUN: FileCheck %s < %t/atomics.ptx

// CHECK-LABEL: .entry tickets(
// CHECK: .reqntid 128, 1, 1
// CHECK-NOT: .local
// The first use of shared memory needs no barrier before its writes; the
// second reuses the same bytes after the store's token barrier.
// CHECK: atom.global.add.u32 [[OLD:%r[0-9]+]], [{{%rd[0-9]+}}], 1;
// CHECK-NOT: bar.sync
// CHECK: st.shared.b32 [{{%rd[0-9]+}}], [[OLD]];
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32
// CHECK: bar.sync 0;
// CHECK: st.global.b32
// CHECK-NOT: bar.sync
// CHECK: atom.global.add.u32 [[TICKET:%r[0-9]+]], [{{%rd[0-9]+}}], 1;
// CHECK-NEXT: st.shared.b32 [__wg_tickets_0], [[TICKET]];
// CHECK: bar.sync 0;
// CHECK-NEXT: ld.shared.b32 {{%r[0-9]+}}, [__wg_tickets_0];
// CHECK-NOT: atom
// Thread 0 alone does the store and the CAS that its token orders after it:
// program order is enough, and tile-sched drops the barrier between them.
// CHECK-LABEL: .entry scalar_cas(
// CHECK: st.global.b32
// CHECK-NOT: bar.sync
// CHECK: atom.acquire.gpu.global.cas.b32 [[SWAPPED:%r[0-9]+]], [{{%rd[0-9]+}}], 0, 1;
// CHECK-NEXT: st.shared.b32 [{{.+}}], [[SWAPPED]];
// CHECK: bar.sync 0;
// CHECK-NOT: atom
// CHECK-LABEL: .entry gather_rows(
// CHECK-NOT: .local
// CHECK: ld.global.b32
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.b32
// CHECK: ld.global.b32
// CHECK: st.global.b32
// CHECK-LABEL: .entry assert_rows(
// CHECK: call.uni (retval0), vprintf,
// CHECK-COUNT-5: shfl.sync.bfly.b32
// CHECK-NOT: bar.sync
// CHECK: st.shared.b32
// CHECK: bar.sync 0;
// CHECK: ld.shared.v4.b32
// CHECK: call.uni __assertfail,
// CHECK-NOT: __assertfail
cuda_tile.module @kernels {
  entry @tickets(%counter: tile<ptr<i32>>, %seen: tile<ptr<i32>>, %blocks: tile<ptr<i32>>, %rows: tile<ptr<i32>>) {
    %t0 = make_token : token
    %zero = constant <i64: 0> : tile<16xi64>
    %one = constant <i32: 1> : tile<16xi32>
    %rc = reshape %counter : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bc = broadcast %rc : tile<1xptr<i32>> -> tile<16xptr<i32>>
    %pc = offset %bc, %zero : tile<16xptr<i32>>, tile<16xi64> -> tile<16xptr<i32>>
    %old, %t1 = atomic_rmw_tko relaxed device %pc, add, %one token=%t0 : tile<16xptr<i32>>, tile<16xi32> -> tile<16xi32>, token
    %limit = constant <i32: 64> : tile<16xi32>
    %fits = cmpi less_than %old, %limit, signed : tile<16xi32> -> tile<16xi1>
    %old64 = exti %old signed : tile<16xi32> -> tile<16xi64>
    %rs = reshape %seen : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bs = broadcast %rs : tile<1xptr<i32>> -> tile<16xptr<i32>>
    %ps = offset %bs, %old64 : tile<16xptr<i32>>, tile<16xi64> -> tile<16xptr<i32>>
    %t2 = store_ptr_tko weak %ps, %one, %fits token=%t1 : tile<16xptr<i32>>, tile<16xi32>, tile<16xi1> -> token
    %c1 = constant <i32: 1> : tile<i32>
    %ticket, %t3 = atomic_rmw_tko relaxed device %blocks, add, %c1 token=%t0 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %ticket64 = exti %ticket signed : tile<i32> -> tile<i64>
    %c16 = constant <i64: 16> : tile<i64>
    %first = muli %ticket64, %c16 : tile<i64>
    %rf = reshape %first : tile<i64> -> tile<1xi64>
    %bf = broadcast %rf : tile<1xi64> -> tile<16xi64>
    %i = iota : tile<16xi64>
    %at = addi %bf, %i : tile<16xi64>
    %rr = reshape %rows : tile<ptr<i32>> -> tile<1xptr<i32>>
    %br = broadcast %rr : tile<1xptr<i32>> -> tile<16xptr<i32>>
    %pr = offset %br, %at : tile<16xptr<i32>>, tile<16xi64> -> tile<16xptr<i32>>
    %next = addi %ticket, %c1 : tile<i32>
    %rn = reshape %next : tile<i32> -> tile<1xi32>
    %bn = broadcast %rn : tile<1xi32> -> tile<16xi32>
    %c4 = constant <i32: 4> : tile<i32>
    %inside = cmpi less_than %ticket, %c4, signed : tile<i32> -> tile<i1>
    %ri = reshape %inside : tile<i1> -> tile<1xi1>
    %bi = broadcast %ri : tile<1xi1> -> tile<16xi1>
    %t4 = store_ptr_tko weak %pr, %bn, %bi token=%t3 : tile<16xptr<i32>>, tile<16xi32>, tile<16xi1> -> token
    return
  }
  entry @scalar_cas(%lock: tile<ptr<i32>>, %out: tile<ptr<i32>>) {
    %t0 = make_token : token
    %c0 = constant <i32: 0> : tile<i32>
    %c1 = constant <i32: 1> : tile<i32>
    %t1 = store_ptr_tko weak %out, %c1 token=%t0 : tile<ptr<i32>>, tile<i32> -> token
    %old, %t2 = atomic_cas_tko acquire device %lock, %c0, %c1 token=%t1 : tile<ptr<i32>>, tile<i32> -> tile<i32>, token
    %r = reshape %old : tile<i32> -> tile<1xi32>
    %b = broadcast %r : tile<1xi32> -> tile<128xi32>
    %i = iota : tile<128xi64>
    %ro = reshape %out : tile<ptr<i32>> -> tile<1xptr<i32>>
    %bo = broadcast %ro : tile<1xptr<i32>> -> tile<128xptr<i32>>
    %po = offset %bo, %i : tile<128xptr<i32>>, tile<128xi64> -> tile<128xptr<i32>>
    %t3 = store_ptr_tko weak %po, %b token=%t2 : tile<128xptr<i32>>, tile<128xi32> -> token
    return
  }
  entry @gather_rows(%src: tile<ptr<f32>>, %idx: tile<ptr<i32>>, %dst: tile<ptr<f32>>, %n: tile<i32>) {
    %t0 = make_token : token
    %c0 = constant <i32: 0> : tile<i32>
    %c32 = constant <i32: 32> : tile<i32>
    %vs = make_tensor_view %src, shape = [%n, %c32], strides = [%c32, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %vi = make_tensor_view %idx, shape = [%n], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %vd = make_tensor_view %dst, shape = [%n, %c32], strides = [%c32, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>
    %qi = make_partition_view %vi : partition_view<tile=(4), tensor_view<?xi32, strides=[1]>>
    %rows, %t1 = load_view_tko weak %qi[%c0] token = %t0 : partition_view<tile=(4), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<4xi32>, token
    %gs = make_gather_scatter_view %vs : gather_scatter_view<tile=(4x32), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>, sparse_dim=0>
    %x, %t2 = load_view_tko weak %gs[%rows, %c0] token = %t0 : gather_scatter_view<tile=(4x32), padding_value = neg_inf, tensor_view<?x?xf32, strides=[?,1]>, sparse_dim=0>, tile<4xi32>, tile<i32> -> tile<4x32xf32>, token
    %qd = make_partition_view %vd : partition_view<tile=(4x32), tensor_view<?x?xf32, strides=[?,1]>>
    %t3 = store_view_tko weak %x, %qd[%c0, %c0] token = %t0 : tile<4x32xf32>, partition_view<tile=(4x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token
    return
  }
  entry @assert_rows(%a: tile<ptr<i32>>) {
    %t0 = make_token : token
    %c0 = constant <i32: 0> : tile<i32>
    %c8 = constant <i32: 8> : tile<i32>
    %zero = constant <i32: 0> : tile<8xi32>
    %va = make_tensor_view %a, shape = [%c8], strides = [1] : tile<i32> -> tensor_view<?xi32, strides=[1]>
    %qa = make_partition_view %va : partition_view<tile=(8), tensor_view<?xi32, strides=[1]>>
    %x, %tx = load_view_tko weak %qa[%c0] token = %t0 : partition_view<tile=(8), tensor_view<?xi32, strides=[1]>>, tile<i32> -> tile<8xi32>, token
    %ok = cmpi greater_than_or_equal %x, %zero, signed : tile<8xi32> -> tile<8xi1>
    %row = reshape %ok : tile<8xi1> -> tile<1x8xi1>
    %all = broadcast %row : tile<1x8xi1> -> tile<4x8xi1>
    assert %all, "negative 100%" : tile<4x8xi1>
    return
  }
}
