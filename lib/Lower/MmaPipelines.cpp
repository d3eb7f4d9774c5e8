//===- MmaPipelines.cpp - how an mma's operand copies are pipelined -------===//
#include "tilechain/Lower/MmaPipelines.h"
#include "tilechain/Lower/LoopAnalysis.h"
#include "tilechain/Lower/MmaInstructions.h"

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

/// The integer `v` is, through assume ops, where a constant gives it.
std::optional<APInt> constantInt(Value v) {
  while (auto assume = v.getDefiningOp<ct::AssumeOp>())
    v = assume.getValue();
  auto constant = v.getDefiningOp<ct::ConstantOp>();
  if (!constant || !constant.getValue().isSplat() ||
      !isa<IntegerType>(constant.getValue().getElementType()))
    return std::nullopt;
  return constant.getValue().getSplatValue<APInt>();
}

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

/// The loop around `op` that its ring may run through, the copies of an
/// iteration's first chunks starting during the one before (so that no
/// iteration but the first waits for them), or null, with `whyNot` where
/// there is a loop: both operands are copied (or held in registers), by
/// loads whose indices are the loop's counter or values from outside it;
/// the loop counts up by a positive constant (or compares unsigned); its
/// body writes no memory and leaves no iteration early, so that copying a
/// load iterations ahead reads what the load would read and every
/// iteration's mma takes the chunks the ones before it copied; and `op` is
/// in the loop's body proper. Where operands come by cp.async, a loop
/// inside another loop is left alone: every thread computes its copies'
/// addresses, and beside the outer loop's state the persistent matmul
/// t128x256x64 then spilled (72 bytes of stack on sm_90, with its operands
/// by cp.async); TMA copies, a few instructions of one thread, do not (220
/// registers and no stack there with four stages).
ct::ForOp pipelinedLoop(Operation *op, ArrayRef<PipelinedOperand> operands,
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
  std::optional<APInt> step = constantInt(loop.getStep());
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

} // namespace

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
  plan.ringLoop = pipelinedLoop(op, operands, plan.whyNotAcrossIterations);
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
