// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-alloc-mma-rings | FileCheck %s --check-prefix=SM90
// RUN: tile-lower %s --split-input-file --gpu-name=sm_80 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-alloc-mma-rings | FileCheck %s --check-prefix=SM80
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-expand-mma-pipelines | FileCheck %s --check-prefix=FILLS90
// RUN: tile-lower %s --split-input-file --gpu-name=sm_80 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-expand-mma-pipelines | FileCheck %s --check-prefix=FILLS80
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=BUILT
// RUN: tile-lower %s --split-input-file --gpu-name=sm_100 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=BUILT100

// A ring fed back is kept, and one that is not its mma's is refused.
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-alloc-mma-rings \
// RUN:   | tile-sched --split-input-file --stop-after=tilechain-alloc-mma-rings | FileCheck %s --check-prefix=SM90
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-alloc-mma-rings \
// RUN:   | sed 's/stages = 6, stage_bytes = 16384/stages = 5, stage_bytes = 16384/g' \
// RUN:   | not tile-sched --split-input-file 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel \
// RUN:   | not tile-sched --split-input-file --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-materialize-threads 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-RING
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel \
// RUN:   | not tile-sched --split-input-file --tilechain-plan-mma-operands --tilechain-plan-mma-pipelines --tilechain-alloc-mma-rings --tilechain-materialize-threads 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-FILLS
// RUN: tile-lower %s --split-input-file --gpu-name=sm_80 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=BUILT80
// A fill that names no iteration stands right before its mma, in the
// run it fills; one before a loop (its `at %iv if %runs` edited out) is
// refused.
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-expand-mma-pipelines \
// RUN:   | sed -E 's/ at %%[^ ]+ if %%[^ ]+ (: .*), !cuda_tile\.tile<i32>, !cuda_tile\.tile<i1>$/ \1/' \
// RUN:   | not tile-sched --split-input-file 2>&1 | FileCheck %s --check-prefix=MISPLACED
// A fill that names an iteration (`at %iv if %runs` edited in) of a ring
// whose mma is in no loop after its ring_alloc is refused too.
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-expand-mma-pipelines \
// RUN:   | sed -E 's/^( *)tile_dist\.ring_fill ([^ ]+) chunk ([^ ]+) (: .*)$/\1%%on = constant <i1: true> : tile<i1>\n\1tile_dist.ring_fill \2 chunk \3 at \3 if %%on \4, !cuda_tile.tile<i32>, !cuda_tile.tile<i1>/' \
// RUN:   | not tile-sched --split-input-file 2>&1 | FileCheck %s --check-prefix=AT-NO-LOOP
// Without the schedule of its chunks, the materialization refuses the mma.
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-expand-mma-pipelines \
// RUN:   | sed '/tile_dist.chunk_schedule/,/^ *}$/d' \
// RUN:   | not tile-sched --split-input-file --tilechain-materialize-threads 2>&1 | FileCheck %s --check-prefix=NO-SCHEDULE
// A ring's fills and schedule fed back are kept, not written twice.
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-expand-mma-pipelines \
// RUN:   | tile-sched --split-input-file --stop-after=tilechain-expand-mma-pipelines | FileCheck %s --check-prefix=FILLS90

// Each pipelined mma's ring is a value of the tile program
// (tilechain-alloc-mma-rings): a 128x128x64 f16 matmul in a k loop, whose
// ring runs on through the loop's iterations, allocates it before the loop
// and deallocates it after; both operands pass through it to the mma. On
// sm_90, 6 stages of 16 KiB (a 128x32 and a 32x128 chunk), aligned to the
// 128-byte swizzle's 1024 bytes, with an mbarrier each for the TMA copies;
// on sm_80, cp.async fills 4 stages and there are no mbarriers.
// SM90-LABEL: entry @in_loop
// SM90: %[[RING:.*]] = tile_dist.ring_alloc : !tile_dist.ring<stages = 6, stage_bytes = 16384, align = 1024, mbarriers = true>
// SM90-NEXT: for
// SM90: %[[A:.*]], %{{.*}} = load_view_tko
// SM90: %[[B:.*]], %{{.*}} = load_view_tko
// SM90: %[[SA:.*]] = tile_dist.in_ring %[[RING]], %[[A]]
// SM90: %[[SB:.*]] = tile_dist.in_ring %[[RING]], %[[B]]
// SM90: mmaf %[[SA]], %[[SB]],
// SM90: continue
// SM90-NEXT: }
// SM90-NEXT: tile_dist.ring_dealloc %[[RING]] : !tile_dist.ring<stages = 6, stage_bytes = 16384, align = 1024, mbarriers = true>
// SM80-LABEL: entry @in_loop
// SM80: tile_dist.ring_alloc : !tile_dist.ring<stages = 4, stage_bytes = {{[0-9]+}}, align = {{[0-9]+}}, mbarriers = false>
// SM80-NEXT: for

// The ring's first chunks are filled before its loop
// (tilechain-expand-mma-pipelines): the copies run as many chunks ahead as
// the stages but the one multiplied and, on sm_90, the one a wgmma group
// left running still reads: 4 of 6 there, 3 of 4 on sm_80. The mma takes 2
// chunks of k an iteration, so fill g copies chunk g mod 2 of iteration
// g div 2 into stage g, where that iteration runs (its counter compared in
// 64 bits). Each fill closes its cp.async group whether or not it runs.
// FILLS90-LABEL: entry @in_loop
// FILLS90: %[[RING:.*]] = tile_dist.ring_alloc : !tile_dist.ring<stages = 6,
// FILLS90: %[[AHEAD:.*]] = constant <i32: 4> : tile<i32>
// FILLS90: for %[[G:.*]] in (%{{.*}} to %[[AHEAD]], step %{{.*}}) : tile<i32> {
// FILLS90-NEXT: %[[TWO:.*]] = constant <i32: 2> : tile<i32>
// FILLS90-NEXT: %[[CHUNK:.*]] = remi %[[G]], %[[TWO]] unsigned : tile<i32>
// FILLS90-NEXT: %[[D:.*]] = divi %[[G]], %[[TWO]] unsigned : tile<i32>
// FILLS90-NEXT: %[[DSTEP:.*]] = muli %[[D]], %[[STEP:.*]] : tile<i32>
// FILLS90-NEXT: %[[IV:.*]] = addi %[[LOWER:.*]], %[[DSTEP]] : tile<i32>
// FILLS90: %[[RUNS:.*]] = cmpi less_than %{{.*}}, %{{.*}}, signed : tile<i64> -> tile<i1>
// FILLS90-NEXT: tile_dist.ring_fill %[[RING]][%[[G]]] chunk %[[CHUNK]] at %[[IV]] if %[[RUNS]]
// FILLS90-NOT: ring_fill
// FILLS90: for %{{.*}} in (%[[LOWER]] to %{{.*}}, step %[[STEP]])
// In the loop, right before the mma, what each chunk does with the ring
// (tile_dist.chunk_schedule): it waits for its stage's copies, all but the
// 3 fills after its own; a barrier publishes the stage, each thread first
// fencing its writes for wgmma's async proxy; the chunk 4 further on is
// filled (of this iteration or the next); the chunk is multiplied.
// FILLS90: tile_dist.chunk_schedule %[[RING]] : !tile_dist.ring<stages = 6, {{.*}}> {
// FILLS90-NEXT: tile_dist.ring_wait %[[RING]] newer 3 :
// FILLS90-NEXT: tile_dist.ring_publish %[[RING]] async_proxy :
// FILLS90-NEXT: tile_dist.ring_fill_ahead %[[RING]] by 4 :
// FILLS90-NEXT: tile_dist.mma_chunk %[[RING]] :
// FILLS90-NEXT: }
// FILLS90-NEXT: mmaf
// FILLS80-LABEL: entry @in_loop
// FILLS80: %[[AHEAD:.*]] = constant <i32: 3> : tile<i32>
// FILLS80: for %[[G:.*]] in (%{{.*}} to %[[AHEAD]], step %{{.*}}) : tile<i32> {
// FILLS80: tile_dist.ring_fill %{{.*}}[%[[G]]]
// mma.sync reads through the generic proxy: no fence.
// FILLS80: tile_dist.chunk_schedule
// FILLS80-NEXT: tile_dist.ring_wait %{{.*}} newer 2 :
// FILLS80-NEXT: tile_dist.ring_publish %{{.*}} : !tile_dist.ring
// FILLS80-NEXT: tile_dist.ring_fill_ahead %{{.*}} by 3 :
// FILLS80-NEXT: tile_dist.mma_chunk
// A ring within each run of its mma has its first chunks filled right
// before the mma, chunk g into stage g, with no iteration to name: on
// sm_90 the mma takes 2 chunks of k in 2 stages, so the copies run one
// chunk ahead. The fill copies the rhs's chunk by TMA and writes the
// lhs's from the registers the ring took where it starts.
// FILLS90-LABEL: entry @no_loop
// FILLS90: %[[RING:.*]] = tile_dist.ring_alloc : !tile_dist.ring<stages = 2,
// FILLS90-NEXT: %[[SA:.*]] = tile_dist.in_ring %[[RING]]
// FILLS90-NEXT: %[[SB:.*]] = tile_dist.in_ring %[[RING]]
// FILLS90-NEXT: %[[ZERO:.*]] = constant <i32: 0> : tile<i32>
// FILLS90-NEXT: tile_dist.ring_fill %[[RING]][%[[ZERO]]] chunk %[[ZERO]] : !tile_dist.ring<{{.*}}>, !cuda_tile.tile<i32>, !cuda_tile.tile<i32>{{$}}
// Then each of the 2 chunks waits for its copies (none newer), is
// published, fills the next chunk where the run has one, and is multiplied.
// FILLS90-NEXT: tile_dist.chunk_schedule %[[RING]]
// FILLS90-NEXT: tile_dist.ring_wait %[[RING]] newer 0 :
// FILLS90-NEXT: tile_dist.ring_publish %[[RING]] async_proxy :
// FILLS90-NEXT: tile_dist.ring_fill_ahead %[[RING]] by 1 :
// FILLS90-NEXT: tile_dist.mma_chunk %[[RING]] :
// FILLS90-NEXT: }
// FILLS90-NEXT: mmaf %[[SA]], %[[SB]],

// The materialization allocates the ring as its type says: 6 x 16384 bytes
// and 6 mbarriers, 98352 bytes aligned to 1024; they are set up at the
// allocation, before the loop, and given back at the deallocation, after
// the loop and the wait for the group of wgmma its last iteration left
// running.
// BUILT-LABEL: gpu.func @in_loop(
// BUILT-SAME: workgroup(%{{.+}} : memref<98352xi8, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
// BUILT-COUNT-6: tile_dist.mbarrier_init
// BUILT: scf.for
// BUILT: tile_dist.warpgroup_wait 0,
// BUILT-COUNT-6: tile_dist.mbarrier_inval
// BUILT-NOT: tile_dist.mbarrier_inval
// BUILT: gpu.return
// The fill of a ring within a run (@no_loop, below), lowered where it
// stands: after the ring's set-up, the threads write the
// lhs's first chunk and thread 0 starts the rhs's copies, before the
// mma's chunk loop, whose first wait is for them.
// BUILT-LABEL: gpu.func @no_loop(
// BUILT-COUNT-2: tile_dist.mbarrier_init
// BUILT: gpu.barrier
// BUILT-NOT: scf.for
// BUILT: vector.store
// BUILT-NOT: scf.for
// BUILT: tile_dist.mbarrier_expect_tx
// BUILT-NOT: scf.for
// BUILT: tile_dist.tensor_copy
// BUILT: scf.for
// BUILT-NOT: tile_dist.tensor_copy
// BUILT: tile_dist.mbarrier_wait

// The ring's mbarriers are set up where it starts, and its first chunks
// filled where its ring_fill ops stand: on sm_100, both before the loop's
// own set-up (the 2 mbarriers tcgen05 commits the accumulator it keeps in
// tensor memory to); its mbarriers are given back after the
// accumulator's.
// BUILT100-LABEL: gpu.func @in_loop(
// BUILT100-COUNT-6: tile_dist.mbarrier_init %{{.*}} : memref<6xi64
// BUILT100: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} : i32 {
// BUILT100: mbarrier_expect_tx
// BUILT100-COUNT-2: tile_dist.mbarrier_init %{{.*}} : memref<2xi64
// BUILT100: scf.for %{{.*}} : i32 {
// BUILT100-COUNT-2: tile_dist.mbarrier_inval %{{.*}} : memref<2xi64
// BUILT100-COUNT-6: tile_dist.mbarrier_inval %{{.*}} : memref<6xi64

// MISPLACED: error: fills a ring within a run of its mma, but no mma after it in the block of its ring_alloc stages its operands in it
// AT-NO-LOOP: error: fills a ring at an iteration of its loop, but no mma in a loop after its ring_alloc stages its operands in it
// NO-RING: error: expected the ring its operands are staged in ('tile_dist.in_ring', tilechain-alloc-mma-rings)
// NO-SCHEDULE: error: expected one schedule of its chunks before it ('tile_dist.chunk_schedule', tilechain-expand-mma-pipelines)
// NO-FILLS: error: expected the fills of the first chunks of its ring before it, or before the loop the ring runs through ('tile_dist.ring_fill', tilechain-expand-mma-pipelines)
// OTHER: error: stages its operands in '!tile_dist.ring<stages = 5, stage_bytes = 16384, align = 1024, mbarriers = true>', but its records take '!tile_dist.ring<stages = 6, stage_bytes = 16384, align = 1024, mbarriers = true>'
cuda_tile.module @kernels {
  entry @in_loop(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [128, 512], strides = [512, 1] : tensor_view<128x512xf16, strides=[512,1]>
    %vb = make_tensor_view %b16, shape = [512, 128], strides = [128, 1] : tensor_view<512x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %steps = constant <i32: 8> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %sum = for %k in (%zero to %steps, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
      %x0, %tx0 = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y0, %ty0 = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %s0 = mmaf %x0, %y0, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %s0 : tile<128x128xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// An mma in no loop, its ring within the one run: allocated right before
// the mma and deallocated right after it. The lhs is written from
// registers (the sum of two loads), the rhs copied.
// SM90-LABEL: entry @no_loop
// SM90: %[[X:.*]] = addf
// SM90: %[[RING:.*]] = tile_dist.ring_alloc : !tile_dist.ring<stages = {{[0-9]+}}, stage_bytes = {{[0-9]+}}, align = {{[0-9]+}}, mbarriers = true>
// SM90-NEXT: %[[SA:.*]] = tile_dist.in_ring %[[RING]], %[[X]]
// SM90-NEXT: %[[SB:.*]] = tile_dist.in_ring %[[RING]], %{{.*}}
// SM90-NEXT: %[[C:.*]] = mmaf %[[SA]], %[[SB]],
// SM90-NEXT: tile_dist.ring_dealloc %[[RING]]
// SM90-NEXT: store_view_tko weak %[[C]]
cuda_tile.module @kernels {
  entry @no_loop(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<128x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %x0, %tx0 = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<128x64xf16>, token
    %x1, %tx1 = load_view_tko weak %qa[%zero, %one] token = %t0 : partition_view<tile=(128x64), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<128x64xf16>, token
    %x = addf %x0, %x1 rounding<nearest_even> : tile<128x64xf16>
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %s = mmaf %x, %y, %init : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    %done = store_view_tko weak %s, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// An attention-like loop: Q is loaded before the loop and copied by
// cp.async every iteration for Q K^T (its loop only reads), and P V's
// ring, within each run (P is written from registers), has its first 3
// chunks filled right before it, in a loop over g. That loop of fills
// writes only the ring, so Q's plan stands when the materialization checks
// it again, and the kernel is built.
// FILLS80-LABEL: entry @fills_in_loop
// FILLS80: for
// FILLS80: mmaf {{.*}}tile_dist.operands = [#tile_dist.operand<cp_async,
// FILLS80: %[[RING:.*]] = tile_dist.ring_alloc
// FILLS80: %[[AHEAD:.*]] = constant <i32: 3> : tile<i32>
// FILLS80: for %[[G:.*]] in (%{{.*}} to %[[AHEAD]], step %{{.*}}) : tile<i32> {
// FILLS80-NEXT: tile_dist.ring_fill %[[RING]][%[[G]]] chunk %[[G]] :
// FILLS80-NEXT: }
// FILLS80-NEXT: tile_dist.chunk_schedule %[[RING]]
// FILLS80: mmaf
// On sm_90 the records stage both of P V's operands from registers
// (`registers` in tile_dist.operands): each chunk writes its own stage,
// then publishes it for wgmma, with no copies to wait for or fill ahead.
// FILLS90-LABEL: entry @fills_in_loop
// FILLS90: tile_dist.chunk_schedule %[[RING:.*]] : !tile_dist.ring<stages = 2, {{.*}}, mbarriers = false> {
// FILLS90-NEXT: tile_dist.ring_fill_ahead %[[RING]] by 0 :
// FILLS90-NEXT: tile_dist.ring_publish %[[RING]] async_proxy :
// FILLS90-NEXT: tile_dist.mma_chunk %[[RING]] :
// FILLS90-NEXT: }
// FILLS90-NEXT: mmaf {{.*}}tile_dist.operands = [#tile_dist.operand<registers, {{.*}}>, #tile_dist.operand<registers,
// BUILT80-LABEL: gpu.func @fills_in_loop(
// BUILT80: tile_dist.async_copy
// BUILT80: nvvm.mma.sync
cuda_tile.module @kernels {
  entry @fills_in_loop(%q: tile<ptr<f16>>, %k: tile<ptr<f16>>, %v: tile<ptr<f16>>, %o: tile<ptr<f32>>) {
    %t0 = make_token : token
    %q16 = assume div_by<16>, %q : tile<ptr<f16>>
    %k16 = assume div_by<16>, %k : tile<ptr<f16>>
    %v16 = assume div_by<16>, %v : tile<ptr<f16>>
    %vq = make_tensor_view %q16, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf16, strides=[64,1]>
    %vk = make_tensor_view %k16, shape = [64, 1024], strides = [1024, 1] : tensor_view<64x1024xf16, strides=[1024,1]>
    %vv = make_tensor_view %v16, shape = [1024, 64], strides = [64, 1] : tensor_view<1024x64xf16, strides=[64,1]>
    %vo = make_tensor_view %o, shape = [64, 64], strides = [64, 1] : tensor_view<64x64xf32, strides=[64,1]>
    %pq = make_partition_view %vq : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>
    %pk = make_partition_view %vk : partition_view<tile=(64x128), tensor_view<64x1024xf16, strides=[1024,1]>>
    %pv = make_partition_view %vv : partition_view<tile=(128x64), tensor_view<1024x64xf16, strides=[64,1]>>
    %po = make_partition_view %vo : partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %steps = constant <i32: 8> : tile<i32>
    %init = constant <f32: 0.0> : tile<64x64xf32>
    %sinit = constant <f32: 0.0> : tile<64x128xf32>
    %x, %tx = load_view_tko weak %pq[%zero, %zero] token = %t0 : partition_view<tile=(64x64), tensor_view<64x64xf16, strides=[64,1]>>, tile<i32> -> tile<64x64xf16>, token
    %sum = for %j in (%zero to %steps, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<64x64xf32>) {
      %kt, %tk = load_view_tko weak %pk[%zero, %j] token = %t0 : partition_view<tile=(64x128), tensor_view<64x1024xf16, strides=[1024,1]>>, tile<i32> -> tile<64x128xf16>, token
      %s = mmaf %x, %kt, %sinit : tile<64x64xf16>, tile<64x128xf16>, tile<64x128xf32>
      %p = ftof %s : tile<64x128xf32> -> tile<64x128xf16>
      %vt, %tv = load_view_tko weak %pv[%j, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<1024x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
      %c = mmaf %p, %vt, %acc : tile<64x128xf16>, tile<128x64xf16>, tile<64x64xf32>
      continue %c : tile<64x64xf32>
    }
    %done = store_view_tko weak %sum, %po[%zero, %zero] token = %t0 : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<64x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
