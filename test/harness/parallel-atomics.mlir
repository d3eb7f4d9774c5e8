// Atomics in the parallel form on the host backend, all 128 threads of each
// block: every element of a 16-element tile adds 1 to one counter (the CTA
// holds the tile 8 times over; only each element's owner may add), and the
// old values, which every holder takes from the owner, are distinct tickets
// 0..63 over 4 blocks: seen[old] = 1 marks each exactly once. A scalar
// atomic (thread 0) hands each block a ticket, which every thread then uses
// to fill the block's row. The checks do not depend on the order in which
// the threads and blocks reach the atomics. The serial form computes the same.
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.parallel.o
// RUN: %cc -shared -o %t.parallel.so %t.parallel.o -lm
// RUN: %hpython %S/Inputs/run_host_block.py %t.parallel.so tickets --grid 4 \
// RUN:   --buffer counter:int32:1 --buffer seen:int32:64 --buffer blocks:int32:1 --buffer rows:int32:64 \
// RUN:   --expect 'counter=[64]' --expect 'seen=np.ones(64)' --expect 'blocks=[4]' \
// RUN:   --expect 'rows=np.repeat(np.arange(4) + 1, 16)' | FileCheck %s
// RUN: tile-lower --gpu-name sm_90 --tile-form=serial %s | tile-sched | tile-llc --emit=host-obj -o %t.serial.o
// RUN: %cc -shared -o %t.serial.so %t.serial.o -lm
// RUN: %hpython %S/Inputs/run_host_block.py %t.serial.so tickets --grid 4 \
// RUN:   --buffer counter:int32:1 --buffer seen:int32:64 --buffer blocks:int32:1 --buffer rows:int32:64 \
// RUN:   --expect 'counter=[64]' --expect 'seen=np.ones(64)' --expect 'blocks=[4]' \
// RUN:   --expect 'rows=np.repeat(np.arange(4) + 1, 16)' | FileCheck %s
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=FORM

// CHECK: tickets: counter matches (1 values)
// CHECK: tickets: seen matches (64 values)
// CHECK: tickets: blocks matches (1 values)
// CHECK: tickets: rows matches (64 values)
// FORM: nvvm.reqntid = array<i32: 128, 1, 1>

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
}
