// RUN: tile-lower %s --split-input-file --gpu-name=sm_80 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-operands | FileCheck %s --check-prefix=SM80
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-operands | FileCheck %s --check-prefix=SM90
// RUN: tile-lower %s --split-input-file --gpu-name=sm_100 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-operands | FileCheck %s --check-prefix=SM100
// RUN: tile-lower %s --split-input-file --gpu-name=sm_120 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-operands | FileCheck %s --check-prefix=SM120
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-operands \
// RUN:   | sed '0,/operand<tma, k_contiguous, swizzle = 64>/s//operand<cp_async, k_contiguous, swizzle = 64>/' \
// RUN:   | tile-sched --split-input-file --stop-after=tilechain-materialize-threads --remarks-filter=Memory 2>&1 | FileCheck %s --check-prefix=CP-ASYNC
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-operands \
// RUN:   | sed '0,/operand<tma, mn_contiguous, swizzle = 128>/s//operand<registers, k_contiguous, swizzle = 64>/' \
// RUN:   | tile-sched --split-input-file --stop-after=tilechain-materialize-threads --remarks-filter=Memory 2>&1 | FileCheck %s --check-prefix=REGISTERS
// RUN: tile-lower %s --split-input-file --gpu-name=sm_80 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-operands \
// RUN:   | sed '0,/operand<cp_async, mn_contiguous, swizzle = 0>/s//operand<registers, k_contiguous, swizzle = 0>/' \
// RUN:   | tile-sched --split-input-file --stop-after=tilechain-materialize-threads --remarks-filter=Memory 2>&1 | FileCheck %s --check-prefix=SM80-REGISTERS

// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=FRAGMENTS
// RUN: tile-lower %s --split-input-file --gpu-name=sm_90 --tile-form=parallel | tile-sched --split-input-file --stop-after=tilechain-plan-mma-operands \
// RUN:   | sed 's/operand<fragments/operand<registers/' \
// RUN:   | tile-sched --split-input-file --stop-after=tilechain-materialize-threads | FileCheck %s --check-prefix=STAGED-P
// How an mma's operands reach shared memory is tile-sched's first decision
// on the tile program (tilechain-plan-mma-operands), recorded on the mma as
// tile_dist.operands: here both operands are view loads of tensors made from
// kernel parameters, 16-byte aligned, A contiguous along k and B along n.
// On sm_90 and sm_100 both come by TMA, in rows of 64 (A: the staging's rows
// of k) and 128 bytes (B: atoms of n as wide as the instructions allow); on
// sm_80, by cp.async into padded rows; sm_120's mma.sync takes them by TMA
// too. A plan edited at the stop point and fed back to tile-sched is built
// as recorded: A by cp.async (a remark says tile-sched chose it), or B
// written from registers (its load then goes through registers). (The
// edits change the first record that matches, this kernel's.)

// SM80: mmaf {{.*}}tile_dist.operands = [#tile_dist.operand<cp_async, k_contiguous, swizzle = 0>, #tile_dist.operand<cp_async, mn_contiguous, swizzle = 0>]
// SM90: mmaf {{.*}}tile_dist.operands = [#tile_dist.operand<tma, k_contiguous, swizzle = 64>, #tile_dist.operand<tma, mn_contiguous, swizzle = 128>]
// SM100: mmaf {{.*}}tile_dist.operands = [#tile_dist.operand<tma, k_contiguous, swizzle = 64>, #tile_dist.operand<tma, mn_contiguous, swizzle = 128>]
// SM120: mmaf {{.*}}tile_dist.operands = [#tile_dist.operand<tma, k_contiguous, swizzle = 64>, #tile_dist.operand<tma, mn_contiguous, swizzle = 128>]

// CP-ASYNC-DAG: remark: [Passed] RemarkMemoryLoadInstructionSelected | Category:Memory | Function=f16_128x128x64 | Instruction="Ldgsts instruction", Remark="Load instruction selected"
// CP-ASYNC-DAG: remark: [Failure] RemarkMemoryTmaLoadFailed | Category:Memory | Function=f16_128x128x64 | Reason="tile-sched chose it", Remark="Failed to select TMA load instruction"
// CP-ASYNC-DAG: remark: [Passed] RemarkMemoryLoadInstructionSelected | Category:Memory | Function=f16_128x128x64 | Instruction="TMA Load instruction", Remark="Load instruction selected", Shape="[64, 32]"
// CP-ASYNC: gpu.func @f16_128x128x64
// CP-ASYNC: tile_dist.async_copy
// CP-ASYNC: tile_dist.tensor_copy
// CP-ASYNC: gpu.return

// REGISTERS-DAG: remark: [Passed] RemarkMemoryLoadInstructionSelected | Category:Memory | Function=f16_128x128x64 | Instruction="TMA Load instruction", Remark="Load instruction selected", Shape="[32, 128]"
// REGISTERS-DAG: remark: [Passed] RemarkMemoryLoadInstructionSelected | Category:Memory | Function=f16_128x128x64 | Instruction="Global-memory load instruction", Remark="Load instruction selected", VectorWidth=8
// REGISTERS: gpu.func @f16_128x128x64
// REGISTERS-NOT: tile_dist.async_copy
// REGISTERS: tile_dist.tensor_copy
// REGISTERS-NOT: tile_dist.async_copy
// REGISTERS: gpu.return

// SM80-REGISTERS-DAG: remark: [Passed] RemarkMemoryLoadInstructionSelected | Category:Memory | Function=f16_128x128x64 | Instruction="Ldgsts instruction", Remark="Load instruction selected"
// SM80-REGISTERS-DAG: remark: [Passed] RemarkMemoryLoadInstructionSelected | Category:Memory | Function=f16_128x128x64 | Instruction="Global-memory load instruction", Remark="Load instruction selected", VectorWidth=8
cuda_tile.module @kernels {
  entry @f16_128x128x64(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %c: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %va = make_tensor_view %a16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vb = make_tensor_view %b16, shape = [64, 128], strides = [128, 1] : tensor_view<64x128xf16, strides=[128,1]>
    %vc = make_tensor_view %c, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>
    %qc = make_partition_view %vc : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %x, %tx = load_view_tko weak %qa[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %y, %ty = load_view_tko weak %qb[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
    %acc = constant <f32: 0.0> : tile<128x128xf32>
    %r = mmaf %x, %y, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    %done = store_view_tko weak %r, %qc[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}

// -----

// An attention's P x V: P is computed element by element from S = Q x K^T,
// a wgmma result of its shape, so the threads hold it as wgmma's A
// fragments and the instructions read it from their registers (`registers`
// in tile_dist.warpgroup_mma) instead of staging it. Edited to `registers`,
// P is written into shared memory and read from there (`shared`).
// SM90-LABEL: entry @attention_block
// SM90: mmaf {{.*}}tile_dist.operands = [#tile_dist.operand<tma, k_contiguous, swizzle = 64>, #tile_dist.operand<tma, k_contiguous, swizzle = 64>]
// SM90: mmaf {{.*}}tile_dist.operands = [#tile_dist.operand<fragments, k_contiguous, swizzle = 128>, #tile_dist.operand<tma, mn_contiguous, swizzle = 128>]
// SM100-LABEL: entry @attention_block
// SM100: mmaf {{.*}}tile_dist.operands = [#tile_dist.operand<tma, k_contiguous, swizzle = 64>, #tile_dist.operand<tma, k_contiguous, swizzle = 64>]
// SM100: mmaf {{.*}}tile_dist.operands = [#tile_dist.operand<registers, k_contiguous, swizzle = 128>, #tile_dist.operand<tma, mn_contiguous, swizzle = 128>]
// FRAGMENTS-LABEL: gpu.func @attention_block
// FRAGMENTS: tile_dist.warpgroup_mma shared
// FRAGMENTS: tile_dist.warpgroup_mma registers
// FRAGMENTS-NOT: tile_dist.warpgroup_mma shared
// FRAGMENTS: gpu.return
// STAGED-P-LABEL: gpu.func @attention_block
// STAGED-P-NOT: tile_dist.warpgroup_mma registers
// STAGED-P: gpu.return
cuda_tile.module @kernels {
  entry @attention_block(%q: tile<ptr<f16>>, %k: tile<ptr<f16>>, %v: tile<ptr<f16>>, %o: tile<ptr<f32>>) {
    %t0 = make_token : token
    %q16 = assume div_by<16>, %q : tile<ptr<f16>>
    %k16 = assume div_by<16>, %k : tile<ptr<f16>>
    %v16 = assume div_by<16>, %v : tile<ptr<f16>>
    %vq = make_tensor_view %q16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vk = make_tensor_view %k16, shape = [64, 128], strides = [1, 64] : tensor_view<64x128xf16, strides=[1,64]>
    %vv = make_tensor_view %v16, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf16, strides=[64,1]>
    %vo = make_tensor_view %o, shape = [128, 64], strides = [64, 1] : tensor_view<128x64xf32, strides=[64,1]>
    %pq = make_partition_view %vq : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %pk = make_partition_view %vk : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[1,64]>>
    %pv = make_partition_view %vv : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>
    %po = make_partition_view %vo : partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %tq, %tq1 = load_view_tko weak %pq[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %tk, %tk1 = load_view_tko weak %pk[%zero, %zero] token = %t0 : partition_view<tile=(64x128), tensor_view<64x128xf16, strides=[1,64]>>, tile<i32> -> tile<64x128xf16>, token
    %tv, %tv1 = load_view_tko weak %pv[%zero, %zero] token = %t0 : partition_view<tile=(128x64), tensor_view<128x64xf16, strides=[64,1]>>, tile<i32> -> tile<128x64xf16>, token
    %zs = constant <f32: 0.0> : tile<128x128xf32>
    %s = mmaf %tq, %tk, %zs : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
    %e = exp2 %s : tile<128x128xf32>
    %p = ftof %e : tile<128x128xf32> -> tile<128x128xf16>
    %zo = constant <f32: 0.0> : tile<128x64xf32>
    %r = mmaf %p, %tv, %zo : tile<128x128xf16>, tile<128x64xf16>, tile<128x64xf32>
    %done = store_view_tko weak %r, %po[%zero, %zero] token = %t0 : tile<128x64xf32>, partition_view<tile=(128x64), tensor_view<128x64xf32, strides=[64,1]>>, tile<i32> -> token
    return
  }
}
