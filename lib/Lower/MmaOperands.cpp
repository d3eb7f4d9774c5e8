//===- MmaOperands.cpp - how an mma's operands reach shared memory --------===//
#include "tilechain/Lower/MmaOperands.h"
#include "tilechain/Lower/LoopAnalysis.h"
#include "tilechain/Lower/MmaInstructions.h"
#include "tilechain/Lower/TileLayouts.h"
#include "tilechain/Lower/ViewFacts.h"
#include "tilechain/Layout/MmaLayouts.h"
#include "tilechain/Target/Chips.h"

#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace tilechain;
namespace ct = mlir::cuda_tile;
using tile_dist::ChunkOrder;
using tile_dist::MmaInstruction;
using tile_dist::MmaOperandAttr;
using tile_dist::OperandCopy;

ct::LoadViewTkoOp tilechain::operandLoad(Value operand,
                                         unsigned *leadingUnitDims) {
  unsigned leading = 0;
  Value tile = operand;
  if (auto reshape = operand.getDefiningOp<ct::ReshapeOp>()) {
    ArrayRef<int64_t> from = tileShape(reshape.getSource().getType());
    ArrayRef<int64_t> to = tileShape(operand.getType());
    if (from.size() < to.size() || from.take_back(to.size()) != to ||
        llvm::any_of(from.drop_back(to.size()),
                     [](int64_t extent) { return extent != 1; }) ||
        !reshape.getSource().hasOneUse())
      return {};
    leading = from.size() - to.size();
    tile = reshape.getSource();
  }
  auto load = tile.getDefiningOp<ct::LoadViewTkoOp>();
  if (load && leadingUnitDims)
    *leadingUnitDims = leading;
  return load;
}

/// Whether the ops of a block from `from` up to (not including) `to` leave
/// memory as it was: loads, ops that write none, and loops whose bodies
/// only read.
static bool onlyReadsBetween(Operation *from, Operation *to) {
  for (Operation *between = from; between != to;
       between = between->getNextNode()) {
    auto loop = dyn_cast<ct::ForOp>(between);
    if (!isa<ct::LoadViewTkoOp>(between) && !writesNoMemory(between) &&
        !(loop && loopBodyOnlyReads(loop)))
      return false;
  }
  return true;
}

std::optional<unsigned> tilechain::copyableOperandDim(Operation *op,
                                                      unsigned index) {
  Value operand = op->getOperand(index);
  unsigned leading = 0;
  ct::LoadViewTkoOp load = operandLoad(operand, &leading);
  if (!load)
    return std::nullopt;
  // The load itself, or the loop (whose body only reads) that `op` is
  // directly in, where the load is in the loop's block: a loop-invariant
  // operand, such as an attention's Q, copied again every iteration.
  Operation *reader = op;
  if (load->getBlock() != op->getBlock()) {
    auto loop = dyn_cast<ct::ForOp>(op->getParentOp());
    if (!loop || loop->getBlock() != load->getBlock() ||
        !loopBodyOnlyReads(loop))
      return std::nullopt;
    reader = loop;
  }
  // Every reader of the operand is an mma's lhs or rhs (a block-scaled
  // one's too; its scales are loaded into registers): each copies it, or
  // the load fills registers for those that do not.
  if (!llvm::all_of(operand.getUses(), [](OpOperand &use) {
        return use.getOperandNumber() < 2 && isMma(use.getOwner());
      }))
    return std::nullopt;
  if (!onlyReadsBetween(load->getNextNode(), reader))
    return std::nullopt;
  std::optional<unsigned> along = asyncCopyDim(load);
  if (!along || *along < leading)
    return std::nullopt;
  return *along - leading;
}

namespace {

/// The k dim and the m (lhs) or n (rhs) dim of operand `index` of `op`.
std::pair<unsigned, unsigned> operandDims(Operation *op, unsigned index) {
  unsigned rank = tileShape(op->getOperand(index).getType()).size();
  return index == 0 ? std::pair(rank - 1, rank - 2)
                    : std::pair(rank - 2, rank - 1);
}

/// The form of an operand copied by `load` on `target`: by TMA where
/// `choices` and the view allow (`whyNot` says why not where it is not),
/// else by cp.async.
MmaOperandPlan copiedForm(MLIRContext *context, ct::LoadViewTkoOp load,
                          ChunkOrder order, int64_t swizzle,
                          const TargetInfo &target,
                          const OperandChoices &choices) {
  std::optional<std::string> whyNot = whyNotTensorMapCopy(target, load);
  OperandCopy copy = !whyNot && choices.tensorMaps ? OperandCopy::Tma
                                                   : OperandCopy::CpAsync;
  return {MmaOperandAttr::get(context, copy, order, swizzle),
          whyNot.value_or("")};
}

/// The most registers per thread an lhs held as A fragments and the
/// accumulator may take together: the fragments stay live through the
/// whole mma beside the accumulator, where staged they would be free once
/// written. Measured on the corpus fmha (sm_90): P x V with a 128x64
/// accumulator (32 registers, P 32 words) takes 213 registers instead of
/// 240, without spills either way; with a 128x128 one (64 + 32) the
/// prefill GQA fmha spills 208 bytes instead of 144.
constexpr int64_t kFragmentRegisterBudget = 64;

/// Why the lhs of `op`, on wgmma under plan `p` over `numWarps` warps,
/// cannot be read from registers as the instructions' A fragments, or
/// nullopt where it can: 16-bit elements, not a splat (which is written
/// once), a tile whose wgmma tiling takes the rows the result's does and
/// every value of k, and fragments that fit kFragmentRegisterBudget beside
/// the accumulator. The D fragment of a wgmma result of the lhs's shape is
/// then the A fragment an instruction reads (per 16 values of k, registers
/// (k + 1, m + 8, k + 8) in pairs of k).
std::optional<std::string> whyNotFragments(Operation *op, const WgmmaPlan &p,
                                           unsigned numWarps) {
  Value lhs = op->getOperand(0);
  if (p.kind.elementBytes != 2)
    return std::string("its elements are not 16-bit");
  DenseElementsAttr value;
  if (matchPattern(lhs, m_Constant(&value)) && value.isSplat())
    return std::string("it is a splat");
  ArrayRef<int64_t> shape = tileShape(lhs.getType());
  ArrayRef<int64_t> result = tileShape(op->getResult(0).getType());
  int64_t threads = 32 * int64_t(numWarps);
  int64_t words = shape[shape.size() - 2] * shape.back() / 2 / threads;
  int64_t accumulators = result[result.size() - 2] * result.back() / threads;
  if (words + accumulators > kFragmentRegisterBudget)
    return "its fragments and the accumulator would take " +
           std::to_string(words + accumulators) + " registers, more than " +
           std::to_string(kFragmentRegisterBudget);
  std::optional<WgmmaTiling> tiling = wgmmaTiling(shape, numWarps);
  if (!tiling || tiling->blockM != p.tiling.blockM ||
      tiling->blockN != shape.back())
    return std::string("its wgmma tiling does not take the result's rows "
                       "and every value of k");
  return std::nullopt;
}

/// Whether the lhs of `op` (on wgmma, plan `p`) is read from the registers
/// that hold it: it may be (whyNotFragments) and they are the A fragments
/// already (recordedLayout).
bool lhsInFragments(Operation *op, const WgmmaPlan &p, unsigned numWarps) {
  Value lhs = op->getOperand(0);
  tile_dist::LinearLayoutAttr recorded = recordedLayout(lhs);
  return !whyNotFragments(op, p, numWarps) && recorded &&
         recorded.getLayout() ==
             wgmmaResultLayout(tileShape(lhs.getType()), numWarps);
}

/// wgmma and tcgen05.mma: arrays of rows of S = `swizzle` bytes, swizzled.
/// An operand copyable along k is copied k contiguous; one copyable along m
/// or n, of 16-bit elements, whose instructions' rows (lhs) or columns
/// (rhs), `instructionX`, are whole atoms of S bytes, mn contiguous.
std::array<MmaOperandPlan, 2>
planSwizzledOperands(Operation *op, int64_t swizzle, int64_t e,
                     int64_t instructionM, int64_t instructionN,
                     const TargetInfo &target, const OperandChoices &choices) {
  MLIRContext *context = op->getContext();
  std::array<MmaOperandPlan, 2> plans;
  for (unsigned index : {0u, 1u}) {
    int64_t instructionX = index == 0 ? instructionM : instructionN;
    auto [kDim, xDim] = operandDims(op, index);
    std::optional<unsigned> dim =
        choices.copies ? copyableOperandDim(op, index) : std::nullopt;
    std::optional<ChunkOrder> order;
    if (dim == kDim)
      order = ChunkOrder::KContiguous;
    else if (dim == xDim && e == 2 && instructionX % (swizzle / e) == 0)
      order = ChunkOrder::MNContiguous;
    if (!order) {
      plans[index].form = MmaOperandAttr::get(
          context, OperandCopy::Registers, ChunkOrder::KContiguous, swizzle);
      continue;
    }
    // mn-contiguous atoms are as wide as the instructions allow, whatever
    // the chunk's k: 128-byte atoms of m or n take half the TMA boxes of
    // 64-byte ones.
    int64_t rowBytes = swizzle;
    if (*order == ChunkOrder::MNContiguous &&
        instructionX % (kMaxSwizzle / e) == 0)
      rowBytes = kMaxSwizzle;
    plans[index] = copiedForm(context, operandLoad(op->getOperand(index)),
                              *order, rowBytes, target, choices);
  }
  return plans;
}

/// mma.sync: the order a copied operand's arrays take, or nullopt where it
/// is written from registers: k contiguous where it is copyable along k and
/// a chunk's rows are whole 16-byte runs, mn contiguous where a 16-bit
/// operand (read with the transposing ldmatrix) is copyable along m or n.
std::optional<ChunkOrder> mmaSyncCopiedOrder(Operation *op, unsigned index,
                                             const MmaSyncKind &kind,
                                             int64_t kc) {
  std::optional<unsigned> dim = copyableOperandDim(op, index);
  if (!dim)
    return std::nullopt;
  auto [kDim, xDim] = operandDims(op, index);
  if (*dim == kDim && kc * kind.elementBits % 128 == 0)
    return ChunkOrder::KContiguous;
  if (*dim == xDim && mmaSyncKHalves(kind) == 2 && kind.elementBits == 16)
    return ChunkOrder::MNContiguous;
  return std::nullopt;
}

/// mma.sync: padded rows, written from registers or copied by cp.async;
/// on sm_90 on, a copied operand whose chunk's rows are 32, 64 or 128
/// bytes comes by TMA where the view allows, in rows swizzled as the box
/// lands (ldmatrix reads 8 rows of one 16-byte unit each, which the
/// swizzle spreads over the banks as the padding did). k contiguous: rows
/// of kc values of k; mn contiguous: atoms of as many bytes of m or n (the
/// most of 128, 64 and 32 that divide the operand's width) by the chunk's
/// rows of k.
std::array<MmaOperandPlan, 2> planMmaSyncOperands(Operation *op,
                                                  const TargetInfo &target,
                                                  const OperandChoices &choices) {
  MLIRContext *context = op->getContext();
  std::string why;
  MmaSyncKind kind = *classifyMmaSync(op, why);
  int64_t kc =
      stagingChunk(op->getOperand(0).getType(), op->getOperand(1).getType());
  int64_t e = kind.elementBits / 8;
  std::array<MmaOperandPlan, 2> plans;
  for (unsigned index : {0u, 1u}) {
    std::optional<ChunkOrder> order =
        choices.copies ? mmaSyncCopiedOrder(op, index, kind, kc)
                       : std::nullopt;
    if (!order) {
      plans[index].form = MmaOperandAttr::get(
          context, OperandCopy::Registers, ChunkOrder::KContiguous, 0);
      continue;
    }
    auto padded = MmaOperandAttr::get(context, OperandCopy::CpAsync, *order, 0);
    plans[index].form = padded;
    if (target.smVersion < kTensorMapMinSM)
      continue;
    auto [kDim, xDim] = operandDims(op, index);
    int64_t width = tileShape(op->getOperand(index).getType())[xDim];
    int64_t rowBytes = kc * e;
    if (*order == ChunkOrder::MNContiguous)
      for (rowBytes = 128; rowBytes >= 32; rowBytes /= 2)
        if ((width * e) % rowBytes == 0)
          break;
    if (rowBytes != 32 && rowBytes != 64 && rowBytes != 128) {
      plans[index].whyNotTensorMap = "its chunk's rows are " +
                                     std::to_string(rowBytes) +
                                     " bytes, not 32, 64 or 128";
      continue;
    }
    MmaOperandPlan swizzled =
        copiedForm(context, operandLoad(op->getOperand(index)), *order,
                   rowBytes, target, choices);
    if (swizzled.form.getCopy() == OperandCopy::Tma)
      plans[index] = swizzled;
    else
      plans[index].whyNotTensorMap = swizzled.whyNotTensorMap;
  }
  return plans;
}

} // namespace

std::array<MmaOperandPlan, 2>
tilechain::planMmaOperands(Operation *op, MmaInstruction instruction,
                           const TargetInfo &target, unsigned numWarps,
                           OperandChoices choices) {
  std::string why;
  switch (instruction) {
  case MmaInstruction::Wgmma: {
    WgmmaPlan p = *planWgmma(op, target, numWarps, why);
    std::array<MmaOperandPlan, 2> plans = planSwizzledOperands(
        op, p.staging.swizzle, p.kind.elementBytes, kWgmmaM,
        p.tiling.instructionN, target, choices);
    // An lhs the threads hold is read from the registers where they are
    // wgmma's A fragments already.
    MmaOperandAttr &lhs = plans[0].form;
    if (choices.fragments && lhs.getCopy() == OperandCopy::Registers &&
        lhsInFragments(op, p, numWarps))
      lhs = MmaOperandAttr::get(op->getContext(), OperandCopy::Fragments,
                                lhs.getOrder(), lhs.getSwizzle());
    return plans;
  }
  case MmaInstruction::Tcgen05: {
    Tcgen05Plan p = *planTcgen05(op, target, numWarps, why);
    return planSwizzledOperands(op, p.staging.swizzle, p.kind.elementBytes,
                                p.tiling.instructionM, p.tiling.instructionN,
                                target, choices);
  }
  case MmaInstruction::MmaSync:
    return planMmaSyncOperands(op, target, choices);
  case MmaInstruction::Fma:
    break;
  }
  llvm_unreachable("the CUDA cores stage their operands their own way");
}

std::optional<std::array<MmaOperandAttr, 2>>
tilechain::recordedMmaOperands(Operation *op) {
  auto recorded = op->getAttrOfType<ArrayAttr>(
      tile_dist::TileDistDialect::kMmaOperandsAttrName);
  if (!recorded || recorded.size() != 2)
    return std::nullopt;
  auto lhs = dyn_cast<MmaOperandAttr>(recorded[0]);
  auto rhs = dyn_cast<MmaOperandAttr>(recorded[1]);
  if (!lhs || !rhs)
    return std::nullopt;
  return std::array{lhs, rhs};
}

std::optional<std::pair<unsigned, std::string>>
tilechain::whyNotMmaOperands(Operation *op,
                             std::array<MmaOperandAttr, 2> recorded,
                             MmaInstruction instruction,
                             const TargetInfo &target, unsigned numWarps) {
  SmallVector<std::array<MmaOperandPlan, 2>, 4> plans;
  for (OperandChoices choices :
       {OperandChoices{}, OperandChoices{true, false, true},
        OperandChoices{false, false, true},
        OperandChoices{false, false, false}})
    plans.push_back(
        planMmaOperands(op, instruction, target, numWarps, choices));
  for (unsigned index : {0u, 1u}) {
    MmaOperandAttr form = recorded[index];
    // A wgmma's lhs may be read from its registers wherever whyNotFragments
    // allows, whatever layout holds them, in the arrays' form it would be
    // written in (the plan without copies or fragments).
    if (form.getCopy() == OperandCopy::Fragments) {
      if (instruction != MmaInstruction::Wgmma || index != 0)
        return std::pair(index,
                         std::string("only a wgmma's lhs is read from "
                                     "registers as fragments"));
      std::string why;
      if (std::optional<std::string> whyNot = whyNotFragments(
              op, *planWgmma(op, target, numWarps, why), numWarps))
        return std::pair(index, "its lhs cannot be read as wgmma's A "
                                "fragments: " +
                                    *whyNot);
      MmaOperandAttr written = plans.back()[0].form;
      if (form == MmaOperandAttr::get(op->getContext(),
                                      OperandCopy::Fragments,
                                      written.getOrder(),
                                      written.getSwizzle()))
        continue;
    }
    SmallVector<MmaOperandAttr> takes;
    for (const std::array<MmaOperandPlan, 2> &plan : plans)
      if (!llvm::is_contained(takes, plan[index].form))
        takes.push_back(plan[index].form);
    if (llvm::is_contained(takes, form))
      continue;
    std::string why;
    llvm::raw_string_ostream os(why);
    os << "it takes ";
    llvm::interleave(takes, os, " or ");
    return std::pair(index, why);
  }
  return std::nullopt;
}
