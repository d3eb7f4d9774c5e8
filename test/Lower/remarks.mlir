// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads --remarks-filter-passed=.* --remarks-filter-missed=.* --remarks-filter-failed=.* -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: tile-lower %s --gpu-name=sm_80 --tile-form=parallel --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads --remarks-filter-passed=.* --remarks-filter-missed=.* --remarks-filter-failed=.* -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: tile-lower %s --gpu-name=sm_100 --tile-form=parallel --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads --remarks-filter-passed=.* --remarks-filter-missed=.* --remarks-filter-failed=.* -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM100
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads --remarks-filter-passed=Tensor-core -o /dev/null 2>&1 | FileCheck %s --check-prefix=CORES
// RUN: tile-lower %s --gpu-name=sm_90 --tile-form=parallel --mlir-print-debuginfo | tile-sched --stop-after=tilechain-materialize-threads -o /dev/null 2>&1 | count 0

// What tile-lower says it chose for a k-loop matmul (TileRemarks.h), in
// tileiras's remark names where it has them: the tensor-core instruction
// and its shape, how each operand's load reaches shared memory (TMA with
// its box on sm_90 and sm_100, cp.async on sm_80), the latency hint read
// (B's, given for sm_90 only: 3 x 16 KiB in flight, 5 stages with the two
// wgmma reads, one group of it left running; elsewhere the default: 5
// stages on sm_80, 6 on sm_100 with one tcgen05 commit left running), and
// the store: by TMA on
// sm_90 and sm_100, in boxes of 32 f32 (128-byte rows) by 128 rows, each
// thread's own stores on sm_80. Only the categories a filter selects are
// reported, and nothing without one.

// SM90: remarks.mlir:[[MMA:[0-9]+]]:{{[0-9]+}}: remark: [Passed] RemarkTensorCoreMMA | Category:Tensor-core | Function=matmul | Instruction="Tensor-core SM90", Remark="MMA operation successfully optimized to use Tensor Cores", Shape="[64, 128, 16]"
// SM90: remarks.mlir:[[B:[0-9]+]]:{{[0-9]+}}: remark: [Passed] RemarkHint | Category:Hints | Function=matmul | Latency=3, Remark="OptimizationHint used latency"
// SM90: remarks.mlir:[[MMA]]:{{[0-9]+}}: remark: [Passed] RemarkMemoryPipelineStages | Category:Memory | Function=matmul | Across="loop iterations", MmaGroupsInFlight=1, Remark="Copies pipelined in 5 stages", StageBytes=16384, Stages=5
// SM90: remarks.mlir:[[A:[0-9]+]]:{{[0-9]+}}: remark: [Passed] RemarkMemoryLoadInstructionSelected | Category:Memory | Function=matmul | Instruction="TMA Load instruction", Remark="Load instruction selected", Shape="[32, 128]"
// SM90: remarks.mlir:[[B]]:{{[0-9]+}}: remark: [Passed] RemarkMemoryLoadInstructionSelected | Category:Memory | Function=matmul | Instruction="TMA Load instruction", Remark="Load instruction selected", Shape="[64, 32]"
// SM90: remark: [Passed] RemarkMemoryStoreInstructionSelected | Category:Memory | Function=matmul | Instruction="TMA Store instruction", Remark="Store instruction selected", Shape="[32, 128]"
// SM90-NOT: remark:

// SM80: remark: [Passed] RemarkTensorCoreMMA | Category:Tensor-core | Function=matmul | Instruction="Tensor-core SM80", Remark="MMA operation successfully optimized to use Tensor Cores", Shape="[16, 8, 16]"
// SM80: remarks.mlir:[[A:[0-9]+]]:{{[0-9]+}}: remark: [Passed] RemarkHintDefault | Category:Hints | Function=matmul | Remark="OptimizationHint used default latency"
// SM80: remark: [Passed] RemarkMemoryPipelineStages | Category:Memory | Function=matmul | Across="loop iterations", Remark="Copies pipelined in 4 stages", StageBytes=18944, Stages=4
// SM80: remarks.mlir:[[A]]:{{[0-9]+}}: remark: [Passed] RemarkMemoryLoadInstructionSelected | Category:Memory | Function=matmul | Instruction="Ldgsts instruction", Remark="Load instruction selected"
// SM80: remark: [Passed] RemarkMemoryLoadInstructionSelected | Category:Memory | Function=matmul | Instruction="Ldgsts instruction", Remark="Load instruction selected"
// SM80: remark: [Passed] RemarkMemoryStoreInstructionSelected | Category:Memory | Function=matmul | Instruction="Global-memory store instruction", Remark="Store instruction selected", VectorWidth=2
// SM80-NOT: remark:

// SM100: remark: [Passed] RemarkTensorCoreMMA | Category:Tensor-core | Function=matmul | Instruction="Tensor-core SM100", NumCTAs=1, Remark="MMA operation successfully optimized to use Tensor Cores", Shape="[128, 128, 16]"
// SM100: remark: [Passed] RemarkHintDefault
// SM100: remark: [Passed] RemarkMemoryPipelineStages | Category:Memory | Function=matmul | Across="loop iterations", MmaGroupsInFlight=1, Remark="Copies pipelined in 6 stages", StageBytes=16384, Stages=6
// SM100: Instruction="TMA Load instruction", Remark="Load instruction selected", Shape="[32, 128]"
// SM100: Instruction="TMA Load instruction", Remark="Load instruction selected", Shape="[64, 32]"
// SM100: Instruction="TMA Store instruction", Remark="Store instruction selected", Shape="[32, 128]"
// SM100-NOT: remark:

// CORES: remark: [Passed] RemarkTensorCoreMMA
// CORES-NOT: remark:
cuda_tile.module @kernels {
  entry @matmul(%a: tile<ptr<f16>>, %b: tile<ptr<f16>>, %d: tile<ptr<f32>>) {
    %t0 = make_token : token
    %a16 = assume div_by<16>, %a : tile<ptr<f16>>
    %b16 = assume div_by<16>, %b : tile<ptr<f16>>
    %d16 = assume div_by<16>, %d : tile<ptr<f32>>
    %va = make_tensor_view %a16, shape = [128, 512], strides = [512, 1] : tensor_view<128x512xf16, strides=[512,1]>
    %vb = make_tensor_view %b16, shape = [512, 128], strides = [128, 1] : tensor_view<512x128xf16, strides=[128,1]>
    %vd = make_tensor_view %d16, shape = [128, 128], strides = [128, 1] : tensor_view<128x128xf32, strides=[128,1]>
    %qa = make_partition_view %va : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>
    %qb = make_partition_view %vb : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>
    %qd = make_partition_view %vd : partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>
    %zero = constant <i32: 0> : tile<i32>
    %one = constant <i32: 1> : tile<i32>
    %steps = constant <i32: 8> : tile<i32>
    %init = constant <f32: 0.0> : tile<128x128xf32>
    %sum = for %k in (%zero to %steps, step %one) : tile<i32> iter_values(%acc = %init) -> (tile<128x128xf32>) {
      %x0, %tx0 = load_view_tko weak %qa[%zero, %k] token = %t0 : partition_view<tile=(128x64), tensor_view<128x512xf16, strides=[512,1]>>, tile<i32> -> tile<128x64xf16>, token
      %y0, %ty0 = load_view_tko weak %qb[%k, %zero] token = %t0 optimization_hints = <sm_90 = {latency = 3}> : partition_view<tile=(64x128), tensor_view<512x128xf16, strides=[128,1]>>, tile<i32> -> tile<64x128xf16>, token
      %s0 = mmaf %x0, %y0, %acc : tile<128x64xf16>, tile<64x128xf16>, tile<128x128xf32>
      continue %s0 : tile<128x128xf32>
    }
    %done = store_view_tko weak %sum, %qd[%zero, %zero] token = %t0 : tile<128x128xf32>, partition_view<tile=(128x128), tensor_view<128x128xf32, strides=[128,1]>>, tile<i32> -> token
    return
  }
}
