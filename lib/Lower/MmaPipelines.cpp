//===- MmaPipelines.cpp - how an mma's operand copies are pipelined -------===//
#include "tilechain/Lower/MmaPipelines.h"
#include "tilechain/Lower/LoopAnalysis.h"
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/MmaOperands.h"
#include "tilechain/Lower/ScalarTiles.h"
#include "tilechain/Lower/TileLayouts.h"
#include "tilechain/Layout/MmaLayouts.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace tilechain;
namespace ct = mlir::cuda_tile;

namespace {

/// The latency hint assumed for a load cuTile gives none.
constexpr int64_t kDefaultLatency = 4;
/// The bytes of copies kept in flight per unit of latency hint: with
/// kDefaultLatency, 64 KiB, what an SM's share of H100's DRAM bandwidth
/// (3.35 TB/s over 132 SMs, about 25 KB a microsecond) moves in 2.5
/// microseconds, over twice a load's latency from DRAM.
constexpr int64_t kInFlightBytesPerLatency = 16 * 1024;

/// Whether `op` is lowered straight into the body of the loop it is in: no
/// `if` before it there leaves the iteration (the materialization puts what
/// follows such an `if` in a branch of its own).
bool inLoopBodyProper(Operation *op) {
  for (Operation *before = &op->getBlock()->front(); before != op;
       before = before->getNextNode())
    if (auto ifOp = dyn_cast<ct::IfOp>(before); ifOp && leavesLoop(ifOp))
      return false;
  return true;
}

} // namespace

/// Where operands come by cp.async, a loop inside another loop is left
/// alone: every thread computes its copies' addresses, and beside the outer
/// loop's state the persistent matmul t128x256x64 then spilled (72 bytes of
/// stack on sm_90, with its operands by cp.async); TMA copies, a few
/// instructions of one thread, do not (220 registers and no stack there
/// with four stages). Copying a load iterations ahead reads what the load
/// would read, and every iteration's mma takes the chunks the ones before
/// it copied, because the body writes no memory and leaves no iteration
/// early.
ct::ForOp tilechain::pipelineLoop(Operation *op,
                                  ArrayRef<PipelinedOperand> operands,
                                  std::string &whyNot) {
  auto loop = dyn_cast<ct::ForOp>(op->getParentOp());
  if (!loop || !inLoopBodyProper(op))
    return {};
  auto decline = [&](StringRef why) {
    whyNot = why.str();
    return ct::ForOp();
  };
  bool byTensorMaps = llvm::all_of(operands, [](const PipelinedOperand &o) {
    return o.byTensorMap || o.inRegisters;
  });
  if (!byTensorMaps && (loop->getParentOfType<ct::ForOp>() ||
                        loop->getParentOfType<ct::LoopOp>()))
    return decline("its loop is inside another loop");
  if (!llvm::all_of(operands, [](const PipelinedOperand &o) {
        return o.copiedFrom || o.inRegisters;
      }))
    return decline("an operand is written from registers, not copied");
  std::optional<APInt> step = splatInt(loop.getStep());
  if (!loop.getUnsignedCmp() && !(step && step->isStrictlyPositive()))
    return decline("its loop's step is not a positive constant");
  for (const PipelinedOperand &operand : operands)
    if (operand.copiedFrom && !loadFollowsCounter(loop, operand.copiedFrom))
      return decline("a load's view or index is computed in the loop, not "
                     "from its counter");
  if (!loopBodyOnlyReads(loop))
    return decline("its loop's body writes memory or leaves an iteration "
                   "early");
  return loop;
}

MmaPipelinePlan tilechain::planMmaPipeline(
    Operation *op, ArrayRef<PipelinedOperand> operands, int64_t stageBytes,
    int64_t chunks, int64_t maxStages, int64_t maxMmaGroupsInFlight,
    const TargetInfo &target) {
  MmaPipelinePlan plan;
  plan.copies = llvm::any_of(operands, [](const PipelinedOperand &o) {
    return bool(o.copiedFrom);
  });
  if (!plan.copies) {
    plan.stages = chunks > 1 ? 2 : 1;
    plan.mmaGroupsInFlight = 0;
    return plan;
  }
  plan.ringLoop = pipelineLoop(op, operands, plan.whyNotAcrossIterations);
  if (chunks == 1 && !plan.ringLoop) {
    plan.stages = 1;
    plan.mmaGroupsInFlight = 0;
    return plan;
  }
  std::string arch = "sm_" + std::to_string(target.smVersion);
  for (const PipelinedOperand &operand : operands)
    if (ct::LoadViewTkoOp load = operand.copiedFrom) {
      plan.firstCopied = plan.firstCopied ? plan.firstCopied : load;
      ct::OptimizationHintsAttr hints = load.getOptimizationHintsAttr();
      std::optional<int64_t> given =
          hints ? hints.getLatency(arch) : std::nullopt;
      if (!given)
        continue;
      if (!ct::OptimizationHintsAttr::isValidIntHint("latency", *given)) {
        plan.invalidLatencies.push_back({load, *given});
        continue;
      }
      if (*given > plan.latency.value_or(0)) {
        plan.latency = *given;
        plan.hinted = load;
      }
    }
  int64_t inFlight =
      plan.latency.value_or(kDefaultLatency) * kInFlightBytesPerLatency;
  // The stages read at once: the chunk being multiplied and those of the
  // groups left running, which only copies wait for (a register write into
  // a stage comes before the barrier that would tell it is free).
  int64_t groups = llvm::all_of(operands,
                                [](const PipelinedOperand &o) {
                                  return o.copiedFrom || o.inRegisters;
                                })
                       ? maxMmaGroupsInFlight
                       : 0;
  int64_t stages = 1 + groups + llvm::divideCeil(inFlight, stageBytes);
  // The mmas whose rings may be in use at once: those of op's block (a
  // loop's body, or the kernel's), nested ones included. Rings of
  // different loops one after the other share bytes (tile-sched).
  int64_t mmas = 0;
  for (Operation &sibling : *op->getBlock())
    sibling.walk([&](Operation *inner) { mmas += isMma(inner); });
  int64_t share = target.sharedBytesPerBlock / (2 * mmas);
  // The share bounds the stages being copied into; those the groups left
  // running read come on top.
  stages = std::min({stages, share / stageBytes + groups, maxStages});
  if (!plan.ringLoop)
    stages = std::min(stages, chunks);
  stages = std::max<int64_t>(stages, 2);
  // Where a stage is filled again, each group left running keeps one
  // beside those being copied into; a run of no more chunks than stages
  // gives each its own.
  if ((plan.ringLoop || chunks > stages) && stages < 2 + groups)
    groups = 0;
  plan.stages = stages;
  plan.mmaGroupsInFlight = groups;
  return plan;
}

MmaChunks tilechain::mmaChunks(Operation *op,
                               tile_dist::MmaInstruction instruction,
                               const TargetInfo &target, unsigned numWarps) {
  std::string why;
  switch (instruction) {
  case tile_dist::MmaInstruction::Wgmma: {
    FailureOr<WgmmaPlan> plan = planWgmma(op, target, numWarps, why);
    assert(succeeded(plan) && "wgmma for an mma it cannot take");
    return {plan->staging.kc, plan->staging.chunks, kMaxStages, 1};
  }
  case tile_dist::MmaInstruction::Tcgen05: {
    FailureOr<Tcgen05Plan> plan = planTcgen05(op, target, numWarps, why);
    assert(succeeded(plan) && "tcgen05 for an mma it cannot take");
    return {plan->staging.kc, plan->staging.chunks, kMaxStages, 1};
  }
  case tile_dist::MmaInstruction::MmaSync:
  case tile_dist::MmaInstruction::Fma:
    break;
  }
  Type lhs = op->getOperand(0).getType(), rhs = op->getOperand(1).getType();
  int64_t kc = stagingChunk(lhs, rhs);
  int64_t k = tileShape(lhs).back();
  int64_t maxStages = kMaxStages;
  if (instruction == tile_dist::MmaInstruction::MmaSync &&
      mmaSyncResultLayout(tileShape(op->getResult(0).getType()), numWarps)
              .getSize(LinearLayout::Register) >= kRegisterBoundAccumulators)
    maxStages = 2;
  return {kc, k / kc, maxStages, 0};
}

int64_t tilechain::contiguousRowLength(int64_t kc, int64_t elementBytes) {
  int64_t bytes = kc * elementBytes;
  if (bytes % 16 != 0 || (bytes / 16) % 2 != 0)
    return kc;
  return kc + 16 / elementBytes;
}

ChunkArrayForm
tilechain::chunkArrayForm(tile_dist::MmaOperandAttr record,
                          tile_dist::MmaInstruction instruction) {
  ChunkArrayForm form;
  form.order = record.getOrder();
  form.swizzle = record.getSwizzle();
  form.paddedRows =
      instruction == tile_dist::MmaInstruction::MmaSync && form.swizzle == 0;
  form.inRegisters = record.getCopy() == tile_dist::OperandCopy::Fragments;
  return form;
}

MmaStageArrays tilechain::mmaStageArrays(Value lhs, Value rhs,
                                         std::array<ChunkArrayForm, 2> forms,
                                         int64_t kc) {
  MmaStageArrays arrays;
  unsigned rank = tileShape(lhs.getType()).size();
  int64_t batch = rank == 3 ? tileShape(lhs.getType())[0] : 1;
  // The lhs's rows run along m, the rhs's along n.
  std::array<unsigned, 2> xDims = {rank - 2, rank - 1};
  std::array<int64_t, 2> bytes;
  for (auto [i, operand] : llvm::enumerate(std::array{lhs, rhs})) {
    const ChunkArrayForm &form = forms[i];
    int64_t width = tileShape(operand.getType())[xDims[i]];
    // i1 and sub-byte elements take a byte.
    bytes[i] = std::max<int64_t>(
        1, tileElementBytes(tileElementType(operand.getType())));
    bool contiguous = form.order == tile_dist::ChunkOrder::KContiguous;
    arrays.rows[i] = form.inRegisters ? 0 : contiguous ? width : kc;
    arrays.rowLength[i] =
        form.swizzle ? (contiguous ? kc : width)
        : contiguous ? contiguousRowLength(kc, bytes[i])
                     : (form.paddedRows ? contiguousRowLength(width, bytes[i])
                                        : width);
  }
  auto arrayBytes = [&](unsigned i) {
    return batch * arrays.rows[i] * arrays.rowLength[i] * bytes[i];
  };
  // A swizzled array starts where its swizzle pattern does (8 rows).
  arrays.alignment = std::max<int64_t>(
      16, 8 * std::max(forms[0].swizzle, forms[1].swizzle));
  arrays.offset[0] = 0;
  arrays.offset[1] = llvm::alignTo(arrayBytes(0), arrays.alignment);
  arrays.stageBytes =
      llvm::alignTo(arrays.offset[1] + arrayBytes(1), arrays.alignment);
  return arrays;
}

std::array<PipelinedOperand, 2>
tilechain::pipelinedOperands(Operation *op,
                             std::array<tile_dist::MmaOperandAttr, 2> records) {
  std::array<PipelinedOperand, 2> operands;
  for (auto [index, record] : llvm::enumerate(records)) {
    tile_dist::OperandCopy copy = record.getCopy();
    PipelinedOperand &operand = operands[index];
    operand.inRegisters = copy == tile_dist::OperandCopy::Fragments;
    operand.byTensorMap = copy == tile_dist::OperandCopy::Tma;
    if (operand.byTensorMap || copy == tile_dist::OperandCopy::CpAsync)
      operand.copiedFrom = operandLoad(op->getOperand(index));
  }
  return operands;
}

namespace {

/// What planning `op`'s pipeline takes from its records.
struct PipelineInputs {
  MmaChunks chunks;
  std::array<PipelinedOperand, 2> operands;
  MmaStageArrays arrays;
};

PipelineInputs
pipelineInputs(Operation *op, tile_dist::MmaInstruction instruction,
               std::array<tile_dist::MmaOperandAttr, 2> records,
               const TargetInfo &target, unsigned numWarps) {
  PipelineInputs inputs{mmaChunks(op, instruction, target, numWarps),
                        pipelinedOperands(op, records),
                        {}};
  inputs.arrays = mmaStageArrays(
      op->getOperand(0), op->getOperand(1),
      {chunkArrayForm(records[0], instruction),
       chunkArrayForm(records[1], instruction)},
      inputs.chunks.kc);
  return inputs;
}

} // namespace

MmaPipelinePlan tilechain::planMmaPipeline(
    Operation *op, tile_dist::MmaInstruction instruction,
    std::array<tile_dist::MmaOperandAttr, 2> operands, const TargetInfo &target,
    unsigned numWarps) {
  PipelineInputs in =
      pipelineInputs(op, instruction, operands, target, numWarps);
  return planMmaPipeline(op, in.operands, in.arrays.stageBytes,
                         in.chunks.chunks, in.chunks.maxStages,
                         in.chunks.maxMmaGroupsInFlight, target);
}

tile_dist::MmaPipelineAttr tilechain::recordedMmaPipeline(Operation *op) {
  return op->getAttrOfType<tile_dist::MmaPipelineAttr>(
      tile_dist::TileDistDialect::kMmaPipelineAttrName);
}

std::optional<std::string> tilechain::whyNotMmaPipeline(
    Operation *op, tile_dist::MmaPipelineAttr pipeline,
    tile_dist::MmaInstruction instruction,
    std::array<tile_dist::MmaOperandAttr, 2> records, const TargetInfo &target,
    unsigned numWarps) {
  PipelineInputs in =
      pipelineInputs(op, instruction, records, target, numWarps);
  int64_t stages = pipeline.getStages();
  int64_t groups = pipeline.getGroupsInFlight();
  bool across =
      pipeline.getAcross() == tile_dist::PipelineSpan::Iterations;
  auto str = [](int64_t v) { return std::to_string(v); };
  if (stages > in.chunks.maxStages)
    return "a ring has at most " + str(in.chunks.maxStages) + " stages" +
           (in.chunks.maxStages < kMaxStages
                ? " where mma.sync's accumulators take " +
                      str(kRegisterBoundAccumulators) +
                      " registers a thread or more (more would spill)"
                : " (a thread counts the TMA phases it waited for in a bit "
                  "per stage)");
  if (groups > in.chunks.maxMmaGroupsInFlight)
    return tile_dist::stringifyMmaInstruction(instruction).str() +
           (in.chunks.maxMmaGroupsInFlight == 0
                ? std::string(" leaves no group of instructions running")
                : " leaves at most " + str(in.chunks.maxMmaGroupsInFlight) +
                      " group of instructions running");
  bool copies = llvm::any_of(in.operands, [](const PipelinedOperand &o) {
    return bool(o.copiedFrom);
  });
  if (groups && !llvm::all_of(in.operands, [](const PipelinedOperand &o) {
        return o.copiedFrom || o.inRegisters;
      }))
    return std::string("an operand is written from registers, and a write "
                       "into a stage would not wait for the groups left "
                       "running");
  if (across) {
    if (!copies)
      return std::string("no operand is copied, so nothing runs ahead "
                         "across iterations");
    std::string why;
    if (!pipelineLoop(op, in.operands, why))
      return why.empty() ? std::string("the mma is not in a loop's body")
                         : "the copies may not run ahead through the loop: " +
                               why;
  }
  if (copies) {
    // Chunk g + ahead is copied while chunk g is multiplied and groups
    // g - 1 .. g - groups still run: none of their stages may be its.
    int64_t ahead = std::max<int64_t>(stages - 1 - groups, 1);
    if (!across && ahead > in.chunks.chunks)
      return "the copies would run " + str(ahead) +
             " chunks ahead of a run of " + str(in.chunks.chunks) +
             " with no loop to run on through";
    for (int64_t behind = 0; behind <= groups; ++behind)
      if ((ahead + behind) % stages == 0 &&
          (across || in.chunks.chunks > ahead + behind))
        return "chunk g + " + str(ahead) + " would be copied into the stage " +
               (behind == 0 ? std::string("chunk g is multiplied from")
                            : "that chunk g - " + str(behind) +
                                  "'s running group reads");
  }
  bool byTensorMap = llvm::any_of(in.operands, [](const PipelinedOperand &o) {
    return o.byTensorMap;
  });
  int64_t bytes = stages * (in.arrays.stageBytes +
                            (byTensorMap ? int64_t(sizeof(uint64_t)) : 0));
  if (bytes > target.sharedBytesPerBlock)
    return str(stages) + " stages of " + str(in.arrays.stageBytes) +
           " bytes" + (byTensorMap ? " and their mbarriers" : "") +
           " take " + str(bytes) + " bytes of shared memory; a CTA has " +
           str(target.sharedBytesPerBlock);
  return std::nullopt;
}

tile_dist::RingType tilechain::mmaRingType(
    Operation *op, tile_dist::MmaInstruction instruction,
    std::array<tile_dist::MmaOperandAttr, 2> records,
    tile_dist::MmaPipelineAttr pipeline, const TargetInfo &target,
    unsigned numWarps) {
  PipelineInputs in =
      pipelineInputs(op, instruction, records, target, numWarps);
  bool mbarriers = llvm::any_of(records, [](tile_dist::MmaOperandAttr record) {
    return record.getCopy() == tile_dist::OperandCopy::Tma;
  });
  return tile_dist::RingType::get(op->getContext(), pipeline.getStages(),
                                  in.arrays.stageBytes, in.arrays.alignment,
                                  mbarriers, /*producer=*/false);
}
