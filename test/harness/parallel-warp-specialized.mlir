// Warp specialization on sm_90 and sm_100 (tilechain-specialize-warps): where cuTile's
// num_worker_warps_per_cta hint names the consumer warps of a kernel whose
// one ring TMA fills through a loop, a producer warpgroup more fills it.
// The tile program shows the schedule: what the producer reads moved to the
// kernel's start, the ring (with its producer) after it, no fills before
// the loop, and each chunk waiting, multiplying and handing back the stage
// of the chunk whose wgmma group retired. The per-thread code has the
// warpgroup more, the producer's loop of empty-mbarrier waits and TMA
// fills, its exit, the consumers' hand-overs and their barriers named for
// them alone, and with two consumer warpgroups, setmaxnreg. On the host,
// against numpy, over two blocks (the tile origin from the block id).
// On sm_100 the same kernels multiply on tcgen05: the consumers hand a
// stage back once the commit of its chunk's products has completed, and
// meet at a barrier of theirs before each chunk's products (one thread
// multiplies into tensor memory that every warp has written, and the
// commits' two mbarriers are waited on by parity). Host seed 1 (copies
// and commits land at their issue, so the issuing thread runs ahead)
// deadlocked without that barrier and got wrong sums with it after the
// products.
// REQUIRES: numpy, host-cc
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched --stop-after=tilechain-specialize-warps | FileCheck %s --check-prefix=TILE
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched | FileCheck %s --check-prefix=LOWER
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched --remarks-filter=Kernel 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.o
// RUN: %cc -shared -o %t.so %t.o -lm
// RUN: %hpython %S/Inputs/run_warp_specialized.py %t.so | FileCheck %s
// RUN: env TILECHAIN_HOST_SEED=7 %hpython %S/Inputs/run_warp_specialized.py %t.so | FileCheck %s
// RUN: env TILECHAIN_HOST_SEED=1 %hpython %S/Inputs/run_warp_specialized.py %t.so | FileCheck %s
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched | tile-llc | FileCheck %s --check-prefix=PTX
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s | tile-sched --stop-after=tilechain-specialize-warps | FileCheck %s --check-prefix=TILE100
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s | tile-sched | FileCheck %s --check-prefix=LOWER100
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s | tile-sched --remarks-filter=Kernel 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK100
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s | tile-sched | tile-llc --emit=host-obj -o %t.100.o
// RUN: %cc -shared -o %t.100.so %t.100.o -lm
// RUN: %hpython %S/Inputs/run_warp_specialized.py %t.100.so | FileCheck %s
// RUN: env TILECHAIN_HOST_SEED=1 %hpython %S/Inputs/run_warp_specialized.py %t.100.so | FileCheck %s
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s | tile-sched | tile-llc | FileCheck %s --check-prefix=PTX100
// Mutants: without the consumers' hand-overs the producer waits forever;
// without the producer's first wait for a free stage (the first kernel's),
// it announces a stage's next chunk in the phase its last one completes.
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched | sed '/tile_dist.mbarrier_arrive/d' | tile-llc --emit=host-obj -o %t.noarrive.o
// RUN: %cc -shared -o %t.noarrive.so %t.noarrive.o -lm
// RUN: not --crash %hpython %S/Inputs/run_warp_specialized.py %t.noarrive.so 2>&1 | FileCheck %s --check-prefix=NO-HAND-OVER
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched | sed '0,/tile_dist.mbarrier_wait/{/tile_dist.mbarrier_wait/d}' | tile-llc --emit=host-obj -o %t.nowait.o
// RUN: %cc -shared -o %t.nowait.so %t.nowait.o -lm
// RUN: not --crash %hpython %S/Inputs/run_warp_specialized.py %t.nowait.so 2>&1 | FileCheck %s --check-prefix=NO-FREE-WAIT
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s | tile-sched | sed '/tile_dist.mbarrier_arrive/d' | tile-llc --emit=host-obj -o %t.100.noarrive.o
// RUN: %cc -shared -o %t.100.noarrive.so %t.100.noarrive.o -lm
// RUN: not --crash %hpython %S/Inputs/run_warp_specialized.py %t.100.noarrive.so 2>&1 | FileCheck %s --check-prefix=NO-HAND-OVER
// On sm_100 the consumers' barriers are named ones; the host's tcgen05 fence
// check counts them: without the fence after the one that publishes tensor
// memory's allocation, the first write into it stops the block.
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s | tile-sched | sed '0,/nvvm.tcgen05.fence <after>/{/nvvm.tcgen05.fence <after>/d}' | tile-llc --emit=host-obj -o %t.100.nofence.o
// RUN: %cc -shared -o %t.100.nofence.so %t.100.nofence.o -lm
// RUN: not --crash %hpython %S/Inputs/run_warp_specialized.py %t.100.nofence.so 2>&1 | FileCheck %s --check-prefix=NO-AFTER-FENCE
// The host orders an mbarrier's setup before other threads' uses, and
// their last uses before its inval, by the race check's clocks, not by the
// order it runs the threads in (thread 0 first): without the CTA barrier
// after the ring's setup, the producer's first wait races with thread 0's
// init; without the consumers' barrier before the ring's teardown, thread
// 0's inval races with the other consumers' last waits.
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched | sed '0,/gpu.barrier$/{/gpu.barrier$/d}' | tile-llc --emit=host-obj -o %t.nosetup.o
// RUN: %cc -shared -o %t.nosetup.so %t.nosetup.o -lm
// RUN: not --crash %hpython %S/Inputs/run_warp_specialized.py %t.nosetup.so 2>&1 | FileCheck %s --check-prefix=NO-SETUP-BARRIER
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s | tile-sched | sed '0,/gpu.barrier$/{/gpu.barrier$/d}' | tile-llc --emit=host-obj -o %t.100.nosetup.o
// RUN: %cc -shared -o %t.100.nosetup.so %t.100.nosetup.o -lm
// RUN: not --crash %hpython %S/Inputs/run_warp_specialized.py %t.100.nosetup.so 2>&1 | FileCheck %s --check-prefix=NO-SETUP-BARRIER
// RUN: tile-lower --gpu-name sm_90 --tile-form=parallel %s | tile-sched | sed '0,/nvvm.barrier id/{/nvvm.barrier id/d}' | tile-llc --emit=host-obj -o %t.noteardown.o
// RUN: %cc -shared -o %t.noteardown.so %t.noteardown.o -lm
// RUN: not --crash %hpython %S/Inputs/run_warp_specialized.py %t.noteardown.so 2>&1 | FileCheck %s --check-prefix=NO-TEARDOWN-BARRIER
// On sm_100 thread 0 reaches tensor memory's setup, whose
// fence.mbarrier_init would cover the ring's mbarriers too, before the
// producer's first TMA copy in the host's order; but that fence comes after
// the barrier that publishes the ring's setup, so on a GPU the copy may
// come first: without the ring's own fence, the copy stops the block.
// RUN: tile-lower --gpu-name sm_100 --tile-form=parallel %s | tile-sched | sed '0,/nvvm.fence.mbarrier.init/{/nvvm.fence.mbarrier.init/d}' | tile-llc --emit=host-obj -o %t.100.noinitfence.o
// RUN: %cc -shared -o %t.100.noinitfence.so %t.100.noinitfence.o -lm
// RUN: not --crash %hpython %S/Inputs/run_warp_specialized.py %t.100.noinitfence.so 2>&1 | FileCheck %s --check-prefix=NO-INIT-FENCE

// TILE-LABEL: entry @four_consumer_warps
// TILE: get_tile_block_id
// TILE: %[[RING:.*]] = tile_dist.ring_alloc : !tile_dist.ring<stages = {{[0-9]+}}, stage_bytes = {{[0-9]+}}, align = 1024, mbarriers = true, producer = true>
// TILE-NEXT: tile_dist.ring_producer %[[RING]]
// TILE-NOT: tile_dist.ring_fill
// TILE: tile_dist.chunk_schedule %[[RING]]
// TILE-NEXT: tile_dist.ring_wait %[[RING]] newer 0
// TILE-NEXT: tile_dist.mma_chunk %[[RING]]
// TILE-NEXT: tile_dist.ring_free %[[RING]] behind 1
// TILE-NEXT: }
// TILE-LABEL: entry @eight_consumer_warps
// TILE: tile_dist.ring_producer
// TILE-LABEL: entry @written_operand
// TILE-NOT: tile_dist.ring_producer
// TILE: tile_dist.ring_fill_ahead

// LOWER-LABEL: gpu.func @four_consumer_warps(
// LOWER-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// LOWER-NOT: nvvm.setmaxregister
// LOWER: tile_dist.mbarrier_init {{.+}}, %c128_i32
// LOWER: scf.if
// LOWER: tile_dist.mbarrier_wait
// LOWER: tile_dist.mbarrier_expect_tx
// LOWER-COUNT-2: tile_dist.tensor_copy
// LOWER: nvvm.exit
// LOWER: tile_dist.warpgroup_mma
// LOWER: tile_dist.mbarrier_arrive
// LOWER-NOT: gpu.barrier
// LOWER: nvvm.barrier id = {{%.+}} number_of_threads = {{%.+}}
// LOWER-LABEL: gpu.func @eight_consumer_warps(
// LOWER-SAME: nvvm.reqntid = array<i32: 384, 1, 1>
// LOWER: tile_dist.mbarrier_init {{.+}}, %c256_i32
// LOWER: nvvm.setmaxregister decrease 40
// LOWER: nvvm.exit
// LOWER: nvvm.setmaxregister increase 232
// LOWER-LABEL: gpu.func @written_operand(
// LOWER-SAME: nvvm.reqntid = array<i32: 128, 1, 1>

// TILE100-LABEL: entry @four_consumer_warps
// TILE100: %[[RING:.*]] = tile_dist.ring_alloc : !tile_dist.ring<stages = {{[0-9]+}}, stage_bytes = {{[0-9]+}}, align = 1024, mbarriers = true, producer = true>
// TILE100-NEXT: tile_dist.ring_producer %[[RING]]
// TILE100-NOT: tile_dist.ring_fill
// TILE100: tile_dist.chunk_schedule %[[RING]]
// TILE100-NEXT: tile_dist.ring_wait %[[RING]] newer 0
// TILE100-NEXT: tile_dist.ring_release %[[RING]]
// TILE100-NEXT: tile_dist.mma_chunk %[[RING]]
// TILE100-NEXT: tile_dist.ring_free %[[RING]] behind 1
// TILE100-NEXT: }
// TILE100-LABEL: entry @eight_consumer_warps
// TILE100: tile_dist.ring_producer
// TILE100-LABEL: entry @written_operand
// TILE100-NOT: tile_dist.ring_producer

// LOWER100-LABEL: gpu.func @four_consumer_warps(
// LOWER100-SAME: nvvm.reqntid = array<i32: 256, 1, 1>
// LOWER100-NOT: nvvm.setmaxregister
// LOWER100: tile_dist.mbarrier_init {{.+}}, %c128_i32
// LOWER100: tile_dist.mbarrier_wait
// LOWER100: tile_dist.mbarrier_expect_tx
// LOWER100-COUNT-2: tile_dist.tensor_copy
// LOWER100: nvvm.exit
// LOWER100: tile_dist.tmem_alloc
// LOWER100: nvvm.barrier id = {{%.+}} number_of_threads = {{%.+}}
// LOWER100: tile_dist.tensor_mma
// LOWER100: tile_dist.tensor_mma_commit
// LOWER100: tile_dist.mbarrier_arrive
// LOWER100-LABEL: gpu.func @eight_consumer_warps(
// LOWER100-SAME: nvvm.reqntid = array<i32: 384, 1, 1>
// LOWER100: tile_dist.mbarrier_init {{.+}}, %c256_i32
// LOWER100: nvvm.setmaxregister decrease 40
// LOWER100: nvvm.exit
// LOWER100: nvvm.setmaxregister increase 232
// LOWER100: tile_dist.tmem_alloc {{.+}} {columns = 256 : i64}
// LOWER100-LABEL: gpu.func @written_operand(
// LOWER100-SAME: nvvm.reqntid = array<i32: 128, 1, 1>

// REMARK100-DAG: remark: [Passed] RemarkWarpsSpecialized | Category:Kernel | Function=four_consumer_warps |
// REMARK100-DAG: remark: [Passed] RemarkWarpsSpecialized | Category:Kernel | Function=eight_consumer_warps |
// REMARK100-DAG: remark: [Missed] RemarkWarpsNotSpecialized | Category:Kernel | Function=written_operand | Reason="TMA does not copy both of its mma's operands", Remark="Warps not specialized"

// REMARK-DAG: remark: [Passed] RemarkWarpsSpecialized | Category:Kernel | Function=four_consumer_warps | Remark="Warps specialized: a producer warpgroup fills the mma's TMA ring", Stages=
// REMARK-DAG: remark: [Passed] RemarkWarpsSpecialized | Category:Kernel | Function=eight_consumer_warps |
// REMARK-DAG: remark: [Missed] RemarkWarpsNotSpecialized | Category:Kernel | Function=written_operand | Reason="TMA does not copy both of its mma's operands", Remark="Warps not specialized"

// CHECK: four consumer warps: 32768 elements match numpy
// CHECK: eight consumer warps: 65536 elements match numpy
// CHECK: written operand: 8192 elements match numpy

// NO-HAND-OVER: tilechain host: kernel 'four_consumer_warps': every unfinished thread waits
// NO-AFTER-FENCE: tilechain host: kernel 'four_consumer_warps': {{.*}} tile_dist.tmem_store follows a barrier after other warps' tcgen05 ops with no tcgen05.fence::after_thread_sync since the barrier
// NO-SETUP-BARRIER: tilechain host: kernel 'four_consumer_warps': {{.*}} tile_dist.mbarrier_wait reads shared memory that another thread wrote with no barrier between (a race: a barrier is missing)
// NO-TEARDOWN-BARRIER: tilechain host: kernel 'four_consumer_warps': {{.*}} tile_dist.mbarrier_inval writes shared memory that another thread read or wrote with no barrier between (a race: a barrier is missing)
// NO-INIT-FENCE: tilechain host: kernel 'four_consumer_warps': {{.*}} tile_dist.tensor_copy has the async proxy use an mbarrier that another thread set up with no fence.mbarrier_init or fence.proxy.async before a barrier that orders the setup before this use
// NO-FREE-WAIT: tilechain host: kernel 'four_consumer_warps': {{.*}} tile_dist.mbarrier_expect_tx arrives {{.*}} or arrives more often in one phase than its count

// PTX-LABEL: .entry four_consumer_warps(
// PTX: .reqntid 256, 1, 1
// PTX: mbarrier.arrive.shared.b64
// PTX: bar.sync 1, 128;
// PTX-LABEL: .entry eight_consumer_warps(
// PTX: .reqntid 384, 1, 1
// PTX-DAG: setmaxnreg.inc.sync.aligned.u32 232;
// PTX-DAG: setmaxnreg.dec.sync.aligned.u32 40;
// PTX-DAG: bar.sync 1, 256;
// PTX: exit;

// PTX100-LABEL: .entry four_consumer_warps(
// PTX100: .reqntid 256, 1, 1
// PTX100: bar.sync 1, 128;
// PTX100: tcgen05.mma.cta_group::1.kind::f16
// PTX100: tcgen05.commit.cta_group::1
// PTX100: mbarrier.arrive.shared.b64
// PTX100: mbarrier.arrive.expect_tx.shared.b64
// PTX100: exit;
// PTX100-LABEL: .entry eight_consumer_warps(
// PTX100: .reqntid 384, 1, 1
// PTX100-DAG: setmaxnreg.inc.sync.aligned.u32 232;
// PTX100-DAG: setmaxnreg.dec.sync.aligned.u32 40;
// PTX100-DAG: bar.sync 1, 256;
// PTX100-DAG: tcgen05.mma.cta_group::1.kind::f16

cuda_tile.module @kernels {
  // Block b: rows 128 b of D = 0.5 + A B, k in 8 iterations of
  // 64 (16 chunks through 6 stages: the producer waits for hand-overs).
  entry @four_consumer_warps(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 4}, sm_100 = {num_worker_warps_per_cta = 4}> {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [256, 512], strides = [512, 1] : tensor_view<256x512xf16, strides=[512,1]>
    %vb = make_tensor_view %b16, shape = [512, 128], strides = [128, 1] : tensor_view<512x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d, shape = [256, 128], strides = [128, 1] : tensor_view<256x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<256x512xf16, strides=[512,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<256x128xf32, strides=[128,1]>>
    %init = constant <f32: 0.5> : tile<128x128xf32>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %eight = constant <i32: 8> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %sum = for %k in (%zero to %eight, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
      %x, %tx = load_view_tko weak %qa[%bx, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<256x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %next = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %next : tile<128x128xf32>
    }
    %done = store_view_tko weak %sum, %qd[%bx, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<256x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
  // Two consumer warpgroups, a 128x256 block each of two blocks, k in 4
  // chunks.
  entry @eight_consumer_warps(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 8}, sm_100 = {num_worker_warps_per_cta = 8}> {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %vb = make_tensor_view %b16, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf16, strides=[256,1]>
    %vd = make_tensor_view %d, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<256x256xf16, strides=[256,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x256), tensor_view<256x256xf16, strides=[256,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x256), tensor_view<256x256xf32, strides=[256,1]>>
    %init = constant <f32: 0.0> : tile<128x256xf32>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %four = constant <i32: 4> : tile<i32>
    %bx, %by, %bz = get_tile_block_id : tile<i32>
    %sum = for %k in (%zero to %four, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x256xf32>) {
      %x, %tx = load_view_tko weak %qa[%bx, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x256), tensor_view<256x256xf16, strides=[256,1]>>, tile<i32> -> tile<64x256xf16>, token
      %next = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x256xf16>, tile<128x256xf32>
      continue %next : tile<128x256xf32>
    }
    %done = store_view_tko weak %sum, %qd[%bx, %zero] token = %t0 : tile<128x256xf32>, partition_view<tile=(128x256), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token
    return
  }
  // The hint, but the lhs is computed: the threads write it into the ring,
  // so no producer warp can fill it. D = -A B, 64x128, k in 2 chunks.
  entry @written_operand(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) optimization_hints=<sm_90 = {num_worker_warps_per_cta = 4}, sm_100 = {num_worker_warps_per_cta = 4}> {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vb = make_tensor_view %b16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(64x64), tensor_view<64x128xf16, strides=[128,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<128x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(64x128), tensor_view<64x128xf32, strides=[128,1]>>
    %init = constant <f32: 0.0> : tile<64x128xf32>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %two = constant <i32: 2> : tile<i32>
    %sum = for %k in (%zero to %two, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<64x128xf32>) {
      %x, %tx = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(64x64), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x64xf16>, token
      %nx = negf %x : tile<64x64xf16>
      %y, %ty = load_view_tko weak %qb[%k, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<128x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %next = mmaf %nx, %y, %acc : tile<64x64xf16>, tile<64x128xf16>, tile<64x128xf32>
      continue %next : tile<64x128xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<64x128xf32>, partition_view<tile=(64x128), tensor_view<64x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
