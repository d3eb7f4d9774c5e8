// sm_90's wgmma in the parallel form, run on the host (each thread's
// accumulator elements computed from the swizzled shared-memory operands
// its warpgroup_mma names, HostWgmma.cpp) against numpy. Operands copied
// from 16-byte aligned views of kernel parameters (TMA boxes, each copied
// at once by the issuing thread on the host, HostTensorCopy.cpp) into k
// contiguous arrays (rows of 128 bytes of k, 16-byte units swizzled within
// 8 rows) where the view runs along k, and into mn-major atoms (64 values
// of m or n by the chunk's rows of k) where a 16-bit view runs along m or n
// and an instruction's rows or columns are whole atoms; computed operands
// and views whose columns are not whole atoms are written from registers.
// Each chunk's group of wgmma is left running while the next chunk is
// waited for (the host runs it at once and hands the waits' values on).
// Two chunks of k, a k loop whose copies run an iteration ahead, a k loop
// of register-written operands, partly out-of-bounds tiles, bf16, tf32
// (rows of 32 values), i8 signed times unsigned into i32, and an f16
// accumulator.
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=LOWER
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_wgmma.py %t.so | FileCheck %s

// LOWER: gpu.module @kernels [#nvvm.target<O = 3, chip = "sm_90a", features = "+ptx86">]
// LOWER-LABEL: gpu.func @f16_k_contiguous(
// LOWER-SAME: %arg3: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, tile_dist.tensor_map = {base = "arg0", box = array<i64: 64, 64>, sizes = [128, 64], strides = [128], swizzle = 128 : i64, type = f16}}
// LOWER-NOT: llvm.load
// LOWER: tile_dist.mbarrier_init
// LOWER: tile_dist.mbarrier_expect_tx {{.+}}, %c16384_i32
// LOWER-COUNT-2: tile_dist.tensor_copy {{.+}} {box = array<i64: 64, 64>, swizzle = 128 : i64}
// LOWER: tile_dist.mbarrier_wait
// LOWER-NOT: nvvm.fence.proxy
// LOWER: gpu.barrier
// LOWER: nvvm.wgmma.fence.aligned
// LOWER-COUNT-4: tile_dist.warpgroup_mma {{.+}} : vector<16xf32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 128, lbo = 16, sbo = 1024>, rhsType = f16}
// LOWER: nvvm.wgmma.commit.group.sync.aligned
// LOWER: tile_dist.warpgroup_wait 1,
// LOWER: tile_dist.warpgroup_wait 0,
// LOWER-LABEL: gpu.func @f16_row_major_b
// LOWER-NOT: llvm.load
// LOWER-COUNT-2: tile_dist.warpgroup_mma {{.+}} : vector<64xf32> {{.+}} rhsMatrix = #tile_dist.shared_matrix<mn_major, swizzle = 128, lbo = 4096, sbo = 1024>, rhsType = f16}
// LOWER-LABEL: gpu.func @f16_loop_copied
// LOWER: scf.if
// LOWER: tile_dist.tensor_copy
// LOWER: scf.for
// LOWER: tile_dist.mbarrier_wait
// LOWER: tile_dist.mbarrier_inval
// LOWER-LABEL: gpu.func @f16_nested_loops
// LOWER: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}}  : i32 {
// LOWER: tile_dist.mbarrier_init
// LOWER: tile_dist.tensor_copy
// LOWER: scf.for %{{.+}} = %{{.+}} to %{{.+}} step %{{.+}}  : i32 {
// LOWER: tile_dist.mbarrier_wait
// LOWER-LABEL: gpu.func @f16_loop_written
// LOWER: memref.store
// LOWER: tile_dist.warpgroup_mma
// LOWER-LABEL: gpu.func @bf16_columns
// LOWER: tile_dist.warpgroup_mma {{.+}} {lhsMatrix = #tile_dist.shared_matrix<mn_major, swizzle = 128, lbo = 4096, sbo = 1024>, lhsType = bf16, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 64, lbo = 16, sbo = 512>, rhsType = bf16}
// Stages that TMA alone fills need no proxy fence before the wgmma reads
// them (above); stages the threads write do (tf32, whose rows are written
// from registers).
// LOWER-LABEL: gpu.func @tf32
// LOWER: vector.store {{.+}} vector<4xf32>
// LOWER: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// LOWER-NEXT: gpu.barrier
// LOWER: tile_dist.warpgroup_mma {{.+}} lhsType = tf32
// LOWER-LABEL: gpu.func @int8
// LOWER: tile_dist.warpgroup_mma {{.+}} : vector<16xi32> {lhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, lhsType = si8, rhsMatrix = #tile_dist.shared_matrix<k_major, swizzle = 32, lbo = 16, sbo = 256>, rhsType = ui8}
// LOWER-LABEL: gpu.func @f16_negated_f16_acc
// LOWER: vector.store {{.+}} vector<8xf16>
// LOWER: tile_dist.warpgroup_mma
// LOWER-LABEL: gpu.func @attention_like
// LOWER-COUNT-2: tile_dist.warpgroup_mma shared %{{.+}}[%{{.+}}] : memref<{{.+}}>, %{{.+}}[%{{.+}}] : memref<{{.+}}>, %{{.+}} : vector<32xf32>
// LOWER-COUNT-2: tile_dist.warpgroup_mma registers %{{.+}} : vector<4xi32>, %{{.+}}[%{{.+}}] : memref<{{.+}}>, %{{.+}} : vector<32xf32> {lhsType = f16, rhsMatrix = #tile_dist.shared_matrix<mn_major, swizzle = 128, lbo = 4096, sbo = 1024>, rhsType = f16}
// A 128x256 f32 result (128 KiB, more than half of sm_90's shared memory)
// stored by TMA in two slabs of four 32-column boxes, through one 64 KiB
// buffer: the second slab's writes wait for the first slab's stores to
// have read it.
// LOWER-LABEL: gpu.func @f32_wide_store
// LOWER-COUNT-4: tile_dist.tensor_store {{.+}} from %[[SLAB:.+]][%{{.+}}] {box = array<i64: 32, 128>, swizzle = 128 : i64}
// LOWER-NEXT: nvvm.cp.async.bulk.commit.group
// LOWER-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// LOWER: gpu.barrier
// LOWER: vector.store %{{.+}}, %[[SLAB]]
// LOWER: gpu.barrier
// LOWER-COUNT-4: tile_dist.tensor_store {{.+}} from %[[SLAB]][%{{.+}}] {box = array<i64: 32, 128>, swizzle = 128 : i64}
// LOWER-NEXT: nvvm.cp.async.bulk.commit.group
// LOWER-NEXT: nvvm.cp.async.bulk.wait_group 0 {read}
// LOWER-NOT: tile_dist.tensor_store

// CHECK: f16 k contiguous: 4096 elements match numpy
// CHECK: f16 row-major b: 16384 elements match numpy
// CHECK: f16 loop copied: 16384 elements match numpy
// CHECK: f16 nested loops: 32768 elements match numpy
// CHECK: f16 loop written: 4096 elements match numpy
// CHECK: bf16 columns: 4096 elements match numpy
// CHECK: tf32: 2048 elements match numpy
// CHECK: int8: 4096 elements match numpy
// CHECK: f16 negated, f16 accumulator: 4096 elements match numpy
// CHECK: attention-like: 8192 elements match numpy
// CHECK: f32 wide store: 32768 elements match numpy

cuda_tile.module @kernels {
  // 64x64 = 64x128 x 128x64, B column-major: both along k, two chunks.
  entry @f16_k_contiguous(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 64], strides = [1, 128] : tensor_view<128x64xf16, strides=[1,128]>
    %vd = make_tensor_view %d, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[1,128]>>, tile<i32> -> tile<128x64xf16>, token
    %acc = constant <f32: 0.5> : tile<64x64xf32>
    %r = mmaf %x, %y, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  // 128x128 = 128x64 x 64x128 with A 120x64 and B 64x100 in rows of 104,
  // padded with zeros: B along n, in mn-major atoms.
  entry @f16_row_major_b(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [120, 64], strides = [64, 1] : tensor_view<120x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 100], strides = [104, 1] : tensor_view<64x100xf16, strides=[104,1]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), padding_value = zero, tensor_view<120x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), padding_value = zero, tensor_view<64x100xf16, strides=[104,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x64), padding_value = zero, tensor_view<120x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x128), padding_value = zero, tensor_view<64x100xf16, strides=[104,1]>>, tile<i32> -> tile<64x128xf16>, token
    %acc = constant <f32: 0.25> : tile<128x128xf32>
    %r = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  // Three iterations of k = 64, both operands copied an iteration ahead.
  entry @f16_loop_copied(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [128, 192], strides = [192, 1] : tensor_view<128x192xf16, strides=[192,1]>
    %vb = make_tensor_view %b16, shape = [192, 128], strides = [128, 1] : tensor_view<192x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x192xf16, strides=[192,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<192x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %three = constant <i32: 3> : tile<i32>
    %init = constant <f32: 0.5> : tile<128x128xf32>
    %sum = for %k in (%zero to %three, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<128x192xf16, strides=[192,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<192x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %next = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  // A k loop inside another loop (as in a persistent matmul), both
  // operands by TMA: the ring of stages runs through each run of the inner
  // loop, its first chunks copied before it, with the outer loop's column
  // block in B's tile origin.
  entry @f16_nested_loops(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [128, 192], strides = [192, 1] : tensor_view<128x192xf16, strides=[192,1]>
    %vb = make_tensor_view %b16, shape = [192, 256], strides = [256, 1] : tensor_view<192x256xf16, strides=[256,1]>
    %vd = make_tensor_view %d, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf32, strides=[256,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x192xf16, strides=[192,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<192x256xf16, strides=[256,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x256xf32, strides=[256,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %three = constant <i32: 3> : tile<i32>
    %init = constant <f32: 0.5> : tile<128x128xf32>
    for %j in (%zero to %two, step %one) : tile<i32> {
      %sum = for %k in (%zero to %three, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
        %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<128x192xf16, strides=[192,1]>>, tile<i32> -> tile<128x64xf16>, token
        %y, %ty = load_view_tko weak %qb[%k, %j] token = %t0 : partition_view<tile=(64x128), tensor_view<192x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x128xf16>, token
        %next = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
        continue %next : tile<128x128xf32>
      }
      %done = store_view_tko weak %sum, %qd[%zero, %j] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> token
      continue
    }
    return
  }
  // A 64x64 result over two warpgroups: 32 columns each, less than a
  // 64-column atom, so the row-major B goes through registers into k
  // contiguous rows, in a loop of three iterations.
  entry @f16_loop_written(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [64, 192], strides = [192, 1] : tensor_view<64x192xf16, strides=[192,1]>
    %vb = make_tensor_view %b16, shape = [192, 64], strides = [64, 1] : tensor_view<192x64xf16, strides=[64,1]>
    %vd = make_tensor_view %d, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x64), tensor_view<64x192xf16, strides=[192,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x64), tensor_view<192x64xf16, strides=[64,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %three = constant <i32: 3> : tile<i32>
    %init = constant <f32: -0.5> : tile<64x64xf32>
    %sum = for %k in (%zero to %three, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<64x64xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(64x64), tensor_view<64x192xf16, strides=[192,1]>>, tile<i32> -> tile<64x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<192x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
      %next = mmaf %x, %y, %acc : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf32>
      continue %next : tile<64x64xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  // A column-major (along m: mn-major atoms), B column-major (along k).
  entry @bf16_columns(%a: tile<ptr<bf16>>, %b: tile<ptr<bf16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<bf16>>
    %b16 = assume div_by<16>, %b : tile<ptr<bf16>>
    %va = make_tensor_view %a16, shape = [64, 64], strides = [1, 64] : tensor_view<64x64xbf16, strides=[1,64]>
    %vb = make_tensor_view %b16, shape = [64, 64], strides = [1, 64] : tensor_view<64x64xbf16, strides=[1,64]>
    %vd = make_tensor_view %d, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[1,64]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[1,64]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[1,64]>>, tile<i32> -> tile<64x64xbf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xbf16, strides=[1,64]>>, tile<i32> -> tile<64x64xbf16>, token
    %acc = constant <f32: -1.0> : tile<64x64xf32>
    %r = mmaf %x, %y, %acc : tile<64x64xbf16>, tile<64x64xbf16>, tile<64x64xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  // tf32 operands, converted in registers: rows of 32 values of k.
  entry @tf32(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %va = make_tensor_view %a, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %vb = make_tensor_view %b, shape = [32, 32], strides = [32, 1] : tensor_view<32x32xf32, strides=[32,1]>
    %vd = make_tensor_view %d, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<64x32xf32>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(32x32), tensor_view<32x32xf32, strides=[32,1]>>, tile<i32> -> tile<32x32xf32>, token
    %xt = ftof %x : tile<64x32xf32> -> tile<64x32xtf32>
    %yt = ftof %y : tile<32x32xf32> -> tile<32x32xtf32>
    %acc = constant <f32: 0.5> : tile<64x32xf32>
    %r = mmaf %xt, %yt, %acc : tile<64x32xtf32>, tile<32x32xtf32>, tile<64x32xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<64x32xf32>, partition_view<tile=(64x32), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token
    return
  }
  // i8, signed times unsigned into i32, B column-major: rows of 64 bytes.
  entry @int8(%a: tile<ptr<i8>>, %b: tile<ptr<i8>>, %d: tile<ptr<i32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<i8>>
    %b16 = assume div_by<16>, %b : tile<ptr<i8>>
    %va = make_tensor_view %a16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi8, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 64], strides = [1, 64] : tensor_view<64x64xi8, strides=[1,64]>
    %vd = make_tensor_view %d, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xi32, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[1,64]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[64,1]>>, tile<i32> -> tile<64x64xi8>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xi8, strides=[1,64]>>, tile<i32> -> tile<64x64xi8>, token
    %acc = constant <i32: 7> : tile<64x64xi32>
    %r = mmai %x, %y, %acc signed unsigned : tile<64x64xi8>, tile<64x64xi8>, tile<64x64xi32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<64x64xi32>, partition_view<tile=(64x64), tensor_view<64x64xi32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  // A computed (negated) goes through registers; the f16 accumulator is
  // summed in f32 and rounded once.
  entry @f16_negated_f16_acc(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f16>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 64], strides = [1, 64] : tensor_view<64x64xf16, strides=[1,64]>
    %vd = make_tensor_view %d, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[1,64]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[1,64]>>, tile<i32> -> tile<64x64xf16>, token
    %nx = negf %x : tile<64x64xf16>
    %acc = constant <f16: 2.0> : tile<64x64xf16>
    %r = mmaf %nx, %y, %acc : tile<64x64xf16>, tile<64x64xf16>, tile<64x64xf16>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<64x64xf16>, partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> token
    return
  }
  // S = Q x K^T, P = S in f16, O = P x V + 1: P stays in the registers the
  // first wgmma wrote, as the second's A fragments (two chunks of k).
  entry @attention_like(%q: tile<ptr<f16>>, %k: tile<ptr<f16>>, %v: tile<ptr<f16>>, %o: tile<ptr<f32>>) {
    %t0 = make_token : token
    %q16 = assume div_by<16>, %q : tile<ptr<f16>>
    %k16 = assume div_by<16>, %k : tile<ptr<f16>>
    %v16 = assume div_by<16>, %v : tile<ptr<f16>>
    %vq = make_tensor_view %q16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vk = make_tensor_view %k16, shape = [64, 64], strides = [1, 64] : tensor_view<64x64xf16, strides=[1,64]>
    %vv = make_tensor_view %v16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %vo = make_tensor_view %o, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pq = make_partition_view %vq : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %pk = make_partition_view %vk : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[1,64]>>
    %pv = make_partition_view %vv : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %po = make_partition_view %vo : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %pq[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %kt, %tk = load_view_tko weak %pk[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[1,64]>>, tile<i32> -> tile<64x64xf16>, token
    %y, %ty = load_view_tko weak %pv[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %s0 = constant <f32: 0.0> : tile<128x64xf32>
    %s = mmaf %x, %kt, %s0 : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %p = ftof %s : tile<128x64xf32> -> tile<128x64xf16>
    %one = constant <f32: 1.0> : tile<128x64xf32>
    %r = mmaf %p, %y, %one : tile<128x64xf16>, tile<64x64xf16>, tile<128x64xf32>
    %done = store_view_tko weak %r, %po[%zero, %zero] token = %t0 : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
  // 128x256 = 128x64 x 64x256, stored by TMA in slabs.
  entry @f32_wide_store(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %va = make_tensor_view %a16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 256], strides = [256, 1] : tensor_view<64x256xf16, strides=[256,1]>
    %vd = make_tensor_view %d16, shape = [128, 256], strides = [256, 1] : tensor_view<128x256xf32, strides=[256,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x256), tensor_view<64x256xf16, strides=[256,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x256), tensor_view<64x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x256xf16>, token
    %acc = constant <f32: 0.5> : tile<128x256xf32>
    %r = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
    %done = store_view_tko weak %r, %qd[%zero, %zero] token = %t0 : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<128x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
}
