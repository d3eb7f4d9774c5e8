// RUN: tile-lower %s --split-input-file --gpu-name=sm_80 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-pipelines | FileCheck %s --check-prefix=SM80
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-pipelines | FileCheck %s --check-prefix=SM90
// RUN: tile-lower %s --split-input-file --gpu-name=sm_100 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-pipelines | FileCheck %s --check-prefix=SM100
// RUN: tile-lower %s --split-input-file --gpu-name=sm_120 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-pipelines | FileCheck %s --check-prefix=SM120

// An edited ring is built as recorded.
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-pipelines \
// RUN:   | sed '0,/stages = 6, groups_in_flight = 1, across = iterations/s//stages = 3, groups_in_flight = 0, across = chunks/' \
// RUN:   | tile-sched --split-input-file --stop-after=tilechain-materialize-threads --remarks-filter=Memory 2>&1 | FileCheck %s --check-prefix=CHUNKS
// RUN: tile-lower %s --split-input-file --gpu-name=sm_80 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-pipelines \
// RUN:   | sed '0,/stages = 4, groups_in_flight = 0, across = iterations/s//stages = 2, groups_in_flight = 0, across = iterations/' \
// RUN:   | tile-sched --split-input-file --stop-after=tilechain-materialize-threads --remarks-filter=Memory 2>&1 | FileCheck %s --check-prefix=TWO

// A ring the materialization cannot build is refused, with why.
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-pipelines \
// RUN:   | sed '0,/stages = 6, groups_in_flight = 1, across = iterations/s//stages = 1, groups_in_flight = 0, across = chunks/' \
// RUN:   | not tile-sched --split-input-file 2>&1 | FileCheck %s --check-prefix=ONE-STAGE
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-pipelines \
// RUN:   | sed '0,/stages = 6, groups_in_flight = 1, across = iterations/s//stages = 2, groups_in_flight = 1, across = iterations/' \
// RUN:   | not tile-sched --split-input-file 2>&1 | FileCheck %s --check-prefix=RUNNING-GROUP
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-pipelines \
// RUN:   | sed '0,/stages = 6, groups_in_flight = 1/s//stages = 9, groups_in_flight = 1/' \
// RUN:   | not tile-sched --split-input-file 2>&1 | FileCheck %s --check-prefix=NINE
// RUN: tile-lower %s --split-input-file --gpu-name=sm_80 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-pipelines \
// RUN:   | sed '0,/groups_in_flight = 0/s//groups_in_flight = 1/' \
// RUN:   | not tile-sched --split-input-file 2>&1 | FileCheck %s --check-prefix=MMA-SYNC-GROUP
// RUN: tile-lower %s --split-input-file --gpu-name=sm_120 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-pipelines \
// RUN:   | sed '0,/stages = 3/s//stages = 8/' \
// RUN:   | not tile-sched --split-input-file 2>&1 | FileCheck %s --check-prefix=TOO-BIG
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-pipelines \
// RUN:   | sed 's/stages = 2, groups_in_flight = 1, across = chunks/stages = 2, groups_in_flight = 1, across = iterations/' \
// RUN:   | not tile-sched --split-input-file 2>&1 | FileCheck %s --check-prefix=WRITES
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel \
// RUN:   | not tile-sched --split-input-file --tilechain-plan-mma-operands --tilechain-materialize-threads 2>&1 | FileCheck %s --check-prefix=UNRECORDED

// Each mma's software pipeline is tile-sched's second decision on the tile
// program (tilechain-plan-mma-pipelines), recorded on the mma as
// tile_dist.pipeline. A 128x128x64 f16 matmul in a k loop of 8 iterations
// whose loads are TMA copies on sm_90 and sm_100: two chunks of 32 values of
// k per iteration, 16 KiB a stage. With no latency hint the copies keep 64
// KiB in flight (4 stages), beside the stage multiplied and the one the
// group of wgmma or tcgen05 left running still reads: 6 stages, running on
// through the loop's iterations. mma.sync on sm_80 (cp.async) leaves no
// group running: 4 stages; sm_120's 99 KiB of shared memory give its ring a
// share of 49.5 KiB, 3 stages.
// SM80-LABEL: entry @in_loop
// SM80: mmaf {{.*}}tile_dist.pipeline = #tile_dist.pipeline<stages = 4, groups_in_flight = 0, across = iterations>
// SM90-LABEL: entry @in_loop
// SM90: mmaf {{.*}}tile_dist.pipeline = #tile_dist.pipeline<stages = 6, groups_in_flight = 1, across = iterations>
// SM100-LABEL: entry @in_loop
// SM100: mmaf {{.*}}tile_dist.pipeline = #tile_dist.pipeline<stages = 6, groups_in_flight = 1, across = iterations>
// SM120-LABEL: entry @in_loop
// SM120: mmaf {{.*}}tile_dist.pipeline = #tile_dist.pipeline<stages = 3, groups_in_flight = 0, across = iterations>

// Edited to 3 stages within each iteration, with no group left running:
// three mbarriers, the remark gives tile-sched's choice as the reason the
// ring does not cross iterations, and each chunk waits for all its wgmma.
// CHUNKS-DAG: remark: [Missed] RemarkMemoryPipelineWithinIteration | Category:Memory | Function=in_loop | Reason="tile-sched chose it", Remark="Copies pipelined within each loop iteration, not across iterations"
// CHUNKS-DAG: remark: [Passed] RemarkMemoryPipelineStages | Category:Memory | Function=in_loop | Across="chunks of k", MmaGroupsInFlight=0, Remark="Copies pipelined in 3 stages", StageBytes=16384, Stages=3
// CHUNKS-LABEL: gpu.func @in_loop(
// CHUNKS-SAME: workgroup(%{{.+}} : memref<49176xi8, #gpu.address_space<workgroup>> {llvm.align = 1024 : i64})
// CHUNKS-COUNT-3: tile_dist.mbarrier_init
// CHUNKS-NOT: tile_dist.mbarrier_init
// CHUNKS-NOT: tile_dist.warpgroup_wait 1,
// CHUNKS: tile_dist.warpgroup_wait 0,
// CHUNKS-NOT: tile_dist.warpgroup_wait 1,
// CHUNKS: gpu.return

// sm_80's ring edited to 2 stages, still across iterations.
// TWO: remark: [Passed] RemarkMemoryPipelineStages | Category:Memory | Function=in_loop | Across="loop iterations", Remark="Copies pipelined in 2 stages", StageBytes={{[0-9]+}}, Stages=2

// ONE-STAGE: error: 'tile_dist.pipeline' records #tile_dist.pipeline<stages = 1, groups_in_flight = 0, across = chunks>, which cannot be built: chunk g + 1 would be copied into the stage chunk g is multiplied from
// RUNNING-GROUP: error: 'tile_dist.pipeline' records #tile_dist.pipeline<stages = 2, groups_in_flight = 1, across = iterations>, which cannot be built: chunk g + 1 would be copied into the stage that chunk g - 1's running group reads
// NINE: error: 'tile_dist.pipeline' records #tile_dist.pipeline<stages = 9, groups_in_flight = 1, across = iterations>, which cannot be built: a ring has at most 8 stages (a thread counts the TMA phases it waited for in a bit per stage)
// MMA-SYNC-GROUP: error: 'tile_dist.pipeline' records #tile_dist.pipeline<stages = 4, groups_in_flight = 1, across = iterations>, which cannot be built: mma_sync leaves no group of instructions running
// UNRECORDED: error: expected the ring tile-sched pipelines the operands through ('tile_dist.pipeline', tilechain-plan-mma-pipelines)
// TOO-BIG: error: 'tile_dist.pipeline' records #tile_dist.pipeline<stages = 8, groups_in_flight = 0, across = iterations>, which cannot be built: 8 stages of 16384 bytes and their mbarriers take 131136 bytes of shared memory; a CTA has 101376
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

// The same matmul asking for two CTAs per SM (occupancy 2, followed with 256
// threads): the stages being copied into take at most half of a CTA's share
// of the SM's shared memory (113 KiB on sm_90), 3, and the one the running
// group reads comes on top.
// SM90-LABEL: entry @two_per_sm
// SM90: mmaf {{.*}}tile_dist.pipeline = #tile_dist.pipeline<stages = 4, groups_in_flight = 1, across = iterations>
cuda_tile.module @kernels {
  entry @two_per_sm(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) optimization_hints=<default = {occupancy = 2}> {
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

// An mma in a loop whose body stores: a copy run ahead into the next
// iteration could read what this one's store has not written yet, so the
// ring starts again with each iteration; its two chunks fill two stages
// once each, the group left running reading the first while the second is
// multiplied. Recorded across iterations, it is refused.
// SM90-LABEL: entry @store_in_loop
// SM90: mmaf {{.*}}tile_dist.pipeline = #tile_dist.pipeline<stages = 2, groups_in_flight = 1, across = chunks>
// WRITES: error: 'tile_dist.pipeline' records #tile_dist.pipeline<stages = 2, groups_in_flight = 1, across = iterations>, which cannot be built: the copies may not run ahead through the loop: its loop's body writes memory or leaves an iteration early
cuda_tile.module @kernels {
  entry @store_in_loop(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %va = make_tensor_view %a16, shape = [128, 512], strides = [512, 1] : tensor_view<128x512xf16, strides=[512,1]>
    %vb = make_tensor_view %b16, shape = [512, 128], strides = [128, 1] : tensor_view<512x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d16, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<1024x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %steps = constant <i32: 8> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    for %k in (%zero to %steps, step %one) : tile<i32> {
      %x0, %tx0 = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y0, %ty0 = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %s0 = mmaf %x0, %y0, %init : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      %done = store_view_tko weak %s0, %qd[%k, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<1024x128xf32, strides=[128,1]>>, tile<i32> -> token
      continue
    }
    return
  }
}
