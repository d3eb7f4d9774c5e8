//===- MmaStaging.cpp - mma operands through shared memory ----------------===//
#include "MmaStaging.h"
#include "TensorMapCopy.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Layout/MmaLayouts.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;

SmallVector<int64_t> mma::registerPart(const LinearLayout &layout,
                                       int64_t reg) {
  return layout.unflatten(layout.applyOne(LinearLayout::Register, reg));
}

int64_t mma::chunkSlot(ChunkOrder order, int64_t batch, int64_t k, int64_t x,
                       int64_t kc, int64_t width) {
  if (order == ChunkOrder::KContiguous)
    return (batch * width + x) * kc + k;
  return (batch * kc + k) * width + x;
}

Value mma::chunkSlot(OpBuilder &b, Location loc, ChunkOrder order, Value batch,
                     Value k, Value x, int64_t kc, int64_t width) {
  auto constant = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  // (outer * inner extent + middle) * innermost extent + innermost.
  bool kInside = order == ChunkOrder::KContiguous;
  Value row = kInside ? x : k;
  if (batch)
    row = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, batch, constant(kInside ? width : kc)),
        row);
  return arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, row, constant(kInside ? kc : width)),
      kInside ? k : x);
}

int64_t mma::arraySlot(const StagedOperand &operand, int64_t batch, int64_t k,
                       int64_t x) {
  bool contiguous = operand.form.order == ChunkOrder::KContiguous;
  int64_t width = contiguous ? operand.rows : operand.rowLength;
  int64_t kc = contiguous ? operand.rowLength : operand.rows;
  int64_t swizzle = operand.form.swizzle;
  if (!swizzle)
    return chunkSlot(operand.form.order, batch, k, x, kc, width);
  int64_t e = sharedElementBytes(operand.sharedType);
  int64_t perRow = swizzle / e;
  int64_t byte = contiguous ? x * swizzle + k * e
                            : x / perRow * kc * swizzle + k * swizzle +
                                  x % perRow * e;
  byte ^= ((byte >> 7) & (swizzle / 16 - 1)) << 4;
  return batch * kc * width + byte / e;
}

Value mma::arraySlot(OpBuilder &b, Location loc, const StagedOperand &operand,
                     Value batch, Value k, Value x) {
  bool contiguous = operand.form.order == ChunkOrder::KContiguous;
  int64_t width = contiguous ? operand.rows : operand.rowLength;
  int64_t kc = contiguous ? operand.rowLength : operand.rows;
  int64_t swizzle = operand.form.swizzle;
  if (!swizzle)
    return chunkSlot(b, loc, operand.form.order, batch, k, x, kc, width);
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  auto shl = [&](Value v, int64_t bits) -> Value {
    return bits ? arith::ShLIOp::create(b, loc, v, constant(bits)) : v;
  };
  int64_t e = sharedElementBytes(operand.sharedType);
  int64_t perRow = swizzle / e;
  unsigned logE = log2Exact(e), logSwizzle = log2Exact(swizzle);
  // The byte before the swizzle; its parts have disjoint bits.
  Value byte;
  if (contiguous) {
    byte = arith::OrIOp::create(b, loc, shl(x, logSwizzle), shl(k, logE));
  } else {
    Value atom = arith::ShRUIOp::create(b, loc, x, constant(log2Exact(perRow)));
    Value inRow = arith::AndIOp::create(b, loc, x, constant(perRow - 1));
    byte = arith::OrIOp::create(
        b, loc,
        arith::OrIOp::create(b, loc, shl(atom, log2Exact(kc * swizzle)),
                             shl(k, logSwizzle)),
        shl(inRow, logE));
  }
  Value rowBits = arith::AndIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, byte, constant(7)),
      constant(swizzle / 16 - 1));
  byte = arith::XOrIOp::create(b, loc, byte, shl(rowBits, 4));
  Value slot = arith::ShRUIOp::create(b, loc, byte, constant(logE));
  if (batch)
    slot = arith::OrIOp::create(b, loc, slot,
                                shl(batch, log2Exact(kc * width)));
  return slot;
}

std::array<OperandForm, 2>
mma::recordedOperandForms(TileLowering &l, Operation *op,
                          tile_dist::MmaInstruction instruction) {
  std::array<tile_dist::MmaOperandAttr, 2> recorded = *recordedMmaOperands(op);
  const TargetInfo &target = l.getTarget();
  std::optional<std::array<MmaOperandPlan, 2>> planned;
  std::array<OperandForm, 2> forms;
  for (unsigned index : {0u, 1u}) {
    tile_dist::MmaOperandAttr record = recorded[index];
    OperandForm &form = forms[index];
    static_cast<ChunkArrayForm &>(form) = chunkArrayForm(record, instruction);
    if (record.getCopy() == tile_dist::OperandCopy::Registers ||
        form.inRegisters)
      continue;
    form.copiedFrom =
        operandLoad(op->getOperand(index), &form.leadingUnitDims);
    form.byTensorMap = record.getCopy() == tile_dist::OperandCopy::Tma;
    if (form.byTensorMap || target.smVersion < kTensorMapMinSM)
      continue;
    if (!planned)
      planned = planMmaOperands(op, instruction, target, l.getNumWarps());
    const MmaOperandPlan &plan = (*planned)[index];
    form.whyNotTensorMap =
        plan.form.getCopy() == tile_dist::OperandCopy::Tma
            ? std::string("tile-sched chose it")
            : plan.whyNotTensorMap;
  }
  return forms;
}

/// Records how the copied `operand`'s load reaches shared memory, in
/// tileiras's words: TMA with its box, else cp.async (LDGSTS), and on chips
/// with TMA why not.
static void remarkCopy(TileLowering &l, const StagedOperand &operand,
                       int64_t kc) {
  cuda_tile::LoadViewTkoOp load = operand.form.copiedFrom;
  Location loc = load.getLoc();
  auto selected = [&](StringRef instruction) -> TileRemark & {
    return l
        .remark(TileRemarkKind::Passed, kMemoryRemarks,
                "RemarkMemoryLoadInstructionSelected", loc,
                "Load instruction selected")
        .note("Instruction", instruction);
  };
  if (operand.form.byTensorMap) {
    selected("TMA Load instruction")
        .note("Shape", remarkShape(tensorMapBox(l, operand, kc)));
    return;
  }
  selected("Ldgsts instruction");
  if (!operand.form.whyNotTensorMap.empty())
    l.remark(TileRemarkKind::Failure, kMemoryRemarks,
             "RemarkMemoryTmaLoadFailed", loc,
             "Failed to select TMA load instruction")
        .reason(operand.form.whyNotTensorMap);
}

TileRemark &mma::remarkTensorCores(TileLowering &l, Operation *op,
                                   StringRef instruction,
                                   ArrayRef<int64_t> shape) {
  return l
      .remark(TileRemarkKind::Passed, kTensorCoreRemarks, "RemarkTensorCoreMMA",
              op->getLoc(),
              "MMA operation successfully optimized to use Tensor Cores")
      .note("Instruction", instruction)
      .note("Shape", remarkShape(shape));
}

/// The ring `op` stages its operands in (tile_dist.in_ring), which must be
/// `wanted`, the one its records describe.
static FailureOr<Value> recordedRing(TileLowering &l, Operation *op,
                                     tile_dist::RingType wanted) {
  Value ring = l.ringOf(op);
  if (!ring) {
    op->emitError() << "expected the ring its operands are staged in "
                       "('tile_dist.in_ring', tilechain-alloc-mma-rings)";
    return failure();
  }
  // Who fills the stages (the threads, or a producer warp) is the
  // schedule's choice, not the records'.
  auto type = cast<tile_dist::RingType>(ring.getType());
  if (type != tile_dist::RingType::get(
                  type.getContext(), wanted.getStages(),
                  wanted.getStageBytes(), wanted.getAlignment(),
                  wanted.getMbarriers(), type.getProducer())) {
    op->emitError() << "stages its operands in " << ring.getType()
                    << ", but its records take " << wanted;
    return failure();
  }
  return ring;
}

/// `lhs` and `rhs` of an mma as the chunk arrays `stage` of their `forms`
/// (mmaStageArrays): their dims, rows, row lengths, offsets in a stage and
/// shared element types (those of their tiles; a staged operand's
/// registers may change it).
static std::array<StagedOperand, 2>
chunkArrays(Value lhs, Value rhs, const std::array<OperandForm, 2> &forms,
            const MmaStageArrays &stage) {
  unsigned rank = tileShape(lhs.getType()).size();
  std::array<StagedOperand, 2> operands = {
      StagedOperand{lhs, rank - 1, rank - 2, forms[0]},
      StagedOperand{rhs, rank - 2, rank - 1, forms[1]}};
  for (auto [index, operand] : llvm::enumerate(operands)) {
    operand.rows = stage.rows[index];
    operand.rowLength = stage.rowLength[index];
    operand.offset = stage.offset[index];
    operand.sharedType =
        sharedElementType(tileElementType(operand.tile.getType()));
  }
  return operands;
}

/// Places `operand` in the stages of `ring`, whose shared buffer is
/// `arrays` (with one mbarrier a stage after them and `phases`, the word of
/// the phases waited for, where TMA fills it): its `buffer` is a view of
/// its array in every stage, made at the insertion point.
static void placeInStages(TileLowering &l, StagedOperand &operand,
                          Value arrays, Value phases,
                          tile_dist::RingType ring) {
  int64_t stages = ring.getStages();
  ArrayRef<int64_t> shape = tileShape(operand.tile.getType());
  int64_t batch = shape.size() == 3 ? shape[0] : 1;
  operand.arrays = arrays;
  operand.phases = phases;
  operand.stages = stages;
  operand.stageBytes = stages > 1 ? ring.getStageBytes() : 0;
  operand.barriersOffset = ring.getMbarriers() ? ringBarriersOffset(ring) : 0;
  // Every stage: each starts stageBytes (a multiple of 16) after the one
  // before.
  operand.buffer = l.sharedView(
      arrays, operand.sharedType,
      (stages - 1) * operand.stageBytes /
              sharedElementBytes(operand.sharedType) +
          batch * operand.rows * operand.rowLength,
      operand.offset);
}

/// Takes `operand`, which its mma writes into the stages from registers
/// (or reads as wgmma's A fragments), into the layout it is written from:
/// its own, or for fragments the layout of a wgmma result of its shape.
static LogicalResult takeRegisters(TileLowering &l, Operation *op,
                                   StagedOperand &operand) {
  operand.layout = operand.form.inRegisters
                       ? wgmmaResultLayout(tileShape(operand.tile.getType()),
                                           l.getNumWarps())
                       : l.layoutOf(operand.tile);
  if (!operand.layout.hasDisjointParts())
    return l.declineParallel(
        op, "an operand's layout " + operand.layout.str() +
                " does not split into thread and register parts");
  FailureOr<SmallVector<Value>> registers =
      l.registersIn(operand.tile, operand.layout);
  if (failed(registers))
    return failure();
  operand.registers = std::move(*registers);
  operand.registerType = operand.registers.front().getType();
  operand.sharedType = sharedElementType(operand.registerType);
  return success();
}

/// The running thread's part of the chunks and slots of the elements of
/// `operand` it writes from its registers, in chunks of `kc`, computed at
/// `loc` (the mma's).
static void locateRegisters(TileLowering &l, Location loc,
                            StagedOperand &operand, int64_t kc) {
  OpBuilder &b = l.b();
  unsigned rank = tileShape(operand.tile.getType()).size();
  SmallVector<Value> coords = l.elementCoords(b, loc, operand.layout, 0);
  Value k = coords[operand.kDim];
  operand.threadChunk = arith::ShRUIOp::create(
      b, loc, k, arith::ConstantIndexOp::create(b, loc, log2Exact(kc)));
  operand.threadSlot = arraySlot(
      b, loc, operand, rank == 3 ? coords[0] : Value(),
      arith::AndIOp::create(b, loc, k,
                            arith::ConstantIndexOp::create(b, loc, kc - 1)),
      coords[operand.xDim]);
}

/// `operand` written from the registers taken where its ring started.
static void useRingRegisters(StagedOperand &operand,
                             const TileLowering::RingRegisters &taken) {
  operand.layout = taken.layout;
  operand.registers = taken.registers;
  operand.registerType = operand.registers.front().getType();
  operand.sharedType = sharedElementType(operand.registerType);
  operand.threadChunk = taken.threadChunk;
  operand.threadSlot = taken.threadSlot;
}

/// The chunk arrays of the operands of `op` on tensor cores as its records
/// lay them out, in chunks of `kc`.
static std::array<StagedOperand, 2> recordedChunkArrays(TileLowering &l,
                                                        Operation *op,
                                                        int64_t &kc) {
  tile_dist::MmaInstruction instruction = *recordedMmaInstruction(op);
  std::array<OperandForm, 2> forms =
      recordedOperandForms(l, op, instruction);
  kc = mmaChunks(op, instruction, l.getTarget(), l.getNumWarps()).kc;
  Value lhs = op->getOperand(0), rhs = op->getOperand(1);
  return chunkArrays(lhs, rhs, forms,
                     mmaStageArrays(lhs, rhs, {forms[0], forms[1]}, kc));
}

LogicalResult mma::takeRingRegisters(TileLowering &l, Operation *op,
                                     Value ring) {
  int64_t kc;
  std::array<StagedOperand, 2> operands = recordedChunkArrays(l, op, kc);
  for (auto [index, operand] : llvm::enumerate(operands)) {
    if (operand.form.copiedFrom || operand.form.inRegisters)
      continue;
    if (failed(takeRegisters(l, op, operand)))
      return failure();
    locateRegisters(l, op->getLoc(), operand, kc);
    l.setRingRegisters(ring, index,
                       {operand.layout, operand.registers,
                        operand.threadChunk, operand.threadSlot});
  }
  return success();
}

FailureOr<std::array<StagedOperand, 2>>
mma::stageOperands(TileLowering &l, Operation *op, Value lhs, Value rhs,
                   const MmaChunks &chunks, std::array<OperandForm, 2> forms,
                   tile_dist::MmaPipelineAttr recorded) {
  Location loc = op->getLoc();
  int64_t kc = chunks.kc;
  MmaStageArrays stage = mmaStageArrays(
      lhs, rhs, {forms[0], forms[1]}, kc);
  std::array<StagedOperand, 2> operands = chunkArrays(lhs, rhs, forms, stage);
  // On tensor cores, the operands written into the ring from registers were
  // taken where the ring starts (takeRingRegisters).
  Value ringOfOp = recorded ? l.ringOf(op) : Value();
  for (auto [index, operand] : llvm::enumerate(operands)) {
    const OperandForm &form = operand.form;
    if (form.copiedFrom)
      continue;
    if (ringOfOp && !form.inRegisters) {
      const TileLowering::RingRegisters *taken =
          l.ringRegistersOf(ringOfOp, index);
      if (!taken) {
        op->emitError() << "expected the registers of an operand it writes "
                           "into its ring taken where the ring starts (its "
                           "'tile_dist.ring_alloc' in the mma's block)";
        return failure();
      }
      useRingRegisters(operand, *taken);
      continue;
    }
    if (failed(takeRegisters(l, op, operand)))
      return failure();
  }
  int64_t alignment = stage.alignment;
  int64_t stageBytes = stage.stageBytes;
  MmaPipelinePlan pipeline =
      planPipeline(l, op, forms, stageBytes, chunks, recorded);
  int64_t stages = pipeline.stages;
  bool byTensorMap = forms[0].byTensorMap || forms[1].byTensorMap;
  // On tensor cores (a pipeline recorded), the stages are the mma's ring;
  // on CUDA cores, a buffer of the mma's own.
  auto ring = tile_dist::RingType::get(op->getContext(), stages, stageBytes,
                                       alignment, byTensorMap,
                                       /*producer=*/false);
  Value arrays, phases;
  if (recorded) {
    FailureOr<Value> ringValue = recordedRing(l, op, ring);
    if (failed(ringValue))
      return failure();
    // The fills of the first chunks of a ring that copies stand before
    // the mma, or before the loop it runs through
    // (tilechain-expand-mma-pipelines), unless a producer warp makes every
    // fill (tile_dist.ring_producer); without them the first waits would
    // wait for copies never started.
    if (pipeline.copies &&
        llvm::none_of((*ringValue).getUsers(), [](Operation *user) {
          return isa<tile_dist::RingFillOp, tile_dist::RingProducerOp>(user);
        })) {
      op->emitError() << "expected the fills of the first chunks of its ring "
                         "before it, or before the loop the ring runs "
                         "through ('tile_dist.ring_fill', "
                         "tilechain-expand-mma-pipelines)";
      return failure();
    }
    // What each chunk does with the ring: its mma's loop over chunks runs
    // it (multiplyChunks).
    if (llvm::count_if((*ringValue).getUsers(), [](Operation *user) {
          return isa<tile_dist::ChunkScheduleOp>(user);
        }) != 1) {
      op->emitError() << "expected one schedule of its chunks before it "
                         "('tile_dist.chunk_schedule', "
                         "tilechain-expand-mma-pipelines)";
      return failure();
    }
    arrays = l.lookup(*ringValue);
    phases = l.phasesOf(*ringValue);
  } else {
    FailureOr<Value> own = l.allocShared(op, ring.getBytes(), alignment);
    if (failed(own))
      return failure();
    arrays = *own;
  }
  for (StagedOperand &operand : operands) {
    placeInStages(l, operand, arrays, phases, ring);
    operand.ringLoop = pipeline.ringLoop;
    operand.mmaGroupsInFlight = pipeline.mmaGroupsInFlight;
    if (operand.form.copiedFrom)
      remarkCopy(l, operand, kc);
    if (operand.form.copiedFrom || operand.form.inRegisters ||
        operand.threadChunk)
      continue;
    locateRegisters(l, loc, operand, kc);
  }
  return operands;
}

FailureOr<RingCopies> mma::ringCopies(TileLowering &l, Operation *op,
                                      Value ring) {
  RingCopies copies;
  copies.operands = recordedChunkArrays(l, op, copies.kc);
  for (auto [index, operand] : llvm::enumerate(copies.operands)) {
    if (!operand.form.copiedFrom && !operand.form.inRegisters) {
      const TileLowering::RingRegisters *taken =
          l.ringRegistersOf(ring, index);
      if (!taken) {
        op->emitError() << "its ring is filled before the mma, but an "
                           "operand it writes into the ring from registers "
                           "was not taken where the ring starts (a ring "
                           "that runs through a loop copies its operands)";
        return failure();
      }
      useRingRegisters(operand, *taken);
    }
    placeInStages(l, operand, l.lookup(ring), l.phasesOf(ring),
                  cast<tile_dist::RingType>(ring.getType()));
  }
  return copies;
}

Value mma::stageOffset(OpBuilder &b, Location loc, const StagedOperand &operand,
                       Value stage, int64_t elementBytes) {
  if (operand.stageBytes == 0)
    return arith::ConstantIndexOp::create(b, loc, 0);
  return arith::MulIOp::create(
      b, loc, stage,
      arith::ConstantIndexOp::create(b, loc,
                                     operand.stageBytes / elementBytes));
}

Value mma::chunkStage(OpBuilder &b, Location loc, const StagedOperand &operand,
                      Value chunk) {
  if (operand.stages == 1)
    return arith::ConstantIndexOp::create(b, loc, 0);
  if (llvm::isPowerOf2_64(operand.stages))
    return arith::AndIOp::create(
        b, loc, chunk,
        arith::ConstantIndexOp::create(b, loc, operand.stages - 1));
  return arith::RemUIOp::create(
      b, loc, chunk, arith::ConstantIndexOp::create(b, loc, operand.stages));
}

/// The registers a thread writes with one vector store into `operand`'s
/// swizzled k-contiguous array: 2^p where register bits 0..p-1 walk k by
/// 1, 2, ..., every lane and warp basis moves k by a multiple of 2^p, and
/// 2^p elements fit a 16-byte unit, which the swizzle keeps whole; so the
/// run's slots follow one another. 1 for other arrays.
static int64_t swizzledRun(const StagedOperand &operand) {
  const LinearLayout &layout = operand.layout;
  if (!operand.form.swizzle || operand.form.order != ChunkOrder::KContiguous)
    return 1;
  auto kPart = [&](uint64_t basis) {
    return layout.unflatten(basis)[operand.kDim];
  };
  int64_t maxRun = 16 / sharedElementBytes(operand.sharedType);
  ArrayRef<uint64_t> registers = layout.getBases(LinearLayout::Register);
  int64_t run = 1;
  for (uint64_t basis : registers) {
    if (run == maxRun || basis == 0 || kPart(basis) != run)
      break;
    SmallVector<int64_t> coords = layout.unflatten(basis);
    if (llvm::count_if(coords, [](int64_t c) { return c != 0; }) != 1)
      break;
    run *= 2;
  }
  for (LinearLayout::In in : {LinearLayout::Lane, LinearLayout::Warp})
    for (uint64_t basis : layout.getBases(in))
      while (kPart(basis) % run)
        run /= 2;
  return run;
}

void mma::writeChunk(TileLowering &l, OpBuilder &b, Location loc,
                     const StagedOperand &operand, Value chunk, Value stage,
                     int64_t kc) {
  const LinearLayout &layout = operand.layout;
  Value inStage = stageOffset(b, loc, operand, stage,
                              sharedElementBytes(operand.sharedType));
  // Plain arrays fold the stage into the thread's slot once.
  Value threadSlot =
      operand.form.swizzle
          ? operand.threadSlot
          : arith::AddIOp::create(b, loc, operand.threadSlot, inStage);
  ArrayRef<int64_t> shape = layout.getShape();
  uint64_t duplicates = layout.getBroadcastMask(LinearLayout::Register);
  int64_t run = swizzledRun(operand);
  int64_t registers = operand.registers.size();
  for (int64_t first = 0; first < registers; first += run) {
    // A run is stored whole where none of its registers repeats another
    // (the owner, if lanes or warps repeat elements, is the same thread for
    // all of it); otherwise element by element.
    bool whole = run > 1;
    for (int64_t reg = first; whole && reg < first + run; ++reg)
      whole = !(reg & duplicates);
    for (int64_t reg = first; reg < first + run; reg += whole ? run : 1) {
      if (reg & duplicates)
        continue;
      SmallVector<int64_t> part = registerPart(layout, reg);
      int64_t k = part[operand.kDim];
      Value inChunk = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::eq,
          arith::AddIOp::create(b, loc, operand.threadChunk,
                                arith::ConstantIndexOp::create(b, loc, k / kc)),
          chunk);
      if (Value owner = l.isOwner(b, loc, layout, reg))
        inChunk = arith::AndIOp::create(b, loc, inChunk, owner);
      int64_t slot = arraySlot(operand, shape.size() == 3 ? part[0] : 0,
                               k % kc, part[operand.xDim]);
      Value registerSlot = arith::ConstantIndexOp::create(b, loc, slot);
      Value address =
          operand.form.swizzle
              ? arith::AddIOp::create(
                    b, loc,
                    arith::XOrIOp::create(b, loc, threadSlot, registerSlot),
                    inStage)
              : arith::AddIOp::create(b, loc, threadSlot, registerSlot);
      scf::IfOp::create(b, loc, inChunk, [&](OpBuilder &then, Location) {
        if (!whole) {
          memref::StoreOp::create(
              then, loc,
              toShared(then, loc, operand.registers[reg], operand.sharedType),
              operand.buffer, address);
        } else {
          SmallVector<Value> values;
          for (int64_t i = 0; i < run; ++i)
            values.push_back(toShared(then, loc, operand.registers[reg + i],
                                      operand.sharedType));
          Value vector = vector::FromElementsOp::create(
              then, loc, VectorType::get({run}, operand.sharedType), values);
          vector::StoreOp::create(then, loc, vector, operand.buffer,
                                  ValueRange{address});
        }
        scf::YieldOp::create(then, loc);
      });
    }
  }
}

void mma::copyChunk(TileLowering &l, OpBuilder &b, Location loc,
                    const StagedOperand &operand, const AsyncRunCopy &copy,
                    Value chunk, Value stage, int64_t kc) {
  ArrayRef<int64_t> shape = tileShape(operand.tile.getType());
  unsigned rank = shape.size();
  int64_t batch = rank == 3 ? shape[0] : 1;
  int64_t elementBytes = sharedElementBytes(operand.sharedType);
  int64_t run = 16 / elementBytes;
  bool contiguous = operand.form.order == ChunkOrder::KContiguous;
  // A row of the array holds kc (k-contiguous) or width (k-major) elements
  // of the tile, `runsPerRow` runs; run r of row `row` of batch `bt` is
  // copy number (bt * rows + row) * runsPerRow + r.
  int64_t runsPerRow = (contiguous ? kc : shape[operand.xDim]) / run;
  int64_t copies = batch * operand.rows * runsPerRow;
  int64_t threads = int64_t(l.getNumWarps()) * 32;
  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  Value thread = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, l.getWarpId(), constant(32)),
      l.getLaneId());
  Value inStage = stageOffset(b, loc, operand, stage, elementBytes);
  Value chunkK = arith::MulIOp::create(b, loc, chunk, constant(kc));
  for (int64_t first = 0; first < copies; first += threads) {
    Value index = arith::AddIOp::create(b, loc, thread, constant(first));
    auto emit = [&](OpBuilder &at) {
      auto c = [&](int64_t v) -> Value {
        return arith::ConstantIndexOp::create(at, loc, v);
      };
      Value runInRow = arith::RemUIOp::create(at, loc, index, c(runsPerRow));
      Value rowOfAll = arith::DivUIOp::create(at, loc, index, c(runsPerRow));
      Value row = arith::RemUIOp::create(at, loc, rowOfAll, c(operand.rows));
      Value along =
          arith::MulIOp::create(at, loc, runInRow, c(run)); // in the row
      SmallVector<Value> coords(rank);
      if (rank == 3)
        coords[0] = arith::DivUIOp::create(at, loc, rowOfAll, c(operand.rows));
      Value kInChunk = contiguous ? along : row;
      coords[operand.kDim] = arith::AddIOp::create(at, loc, chunkK, kInChunk);
      coords[operand.xDim] = contiguous ? row : along;
      // Row rowOfAll (batch included) of a plain array, element `along`.
      Value slot =
          operand.form.swizzle
              ? arraySlot(at, loc, operand, rank == 3 ? coords[0] : Value(),
                          kInChunk, coords[operand.xDim])
              : arith::AddIOp::create(
                    at, loc,
                    arith::MulIOp::create(at, loc, rowOfAll,
                                          c(operand.rowLength)),
                    along);
      slot = arith::AddIOp::create(at, loc, slot, inStage);
      copy(at, loc, coords, operand.buffer, slot);
    };
    if (first + threads <= copies) {
      emit(b);
      continue;
    }
    Value inRange = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          index, constant(copies));
    scf::IfOp::create(b, loc, inRange, [&](OpBuilder &then, Location) {
      emit(then);
      scf::YieldOp::create(then, loc);
    });
  }
}

FailureOr<SmallVector<Value>>
mma::accumulatorRegisters(TileLowering &l, Location loc, Value acc,
                          const LinearLayout &layout, Type sumType) {
  SmallVector<Value> sums;
  if (Value splat = l.lookupSplat(acc)) {
    sums.assign(layout.getSize(LinearLayout::Register), splat);
  } else {
    FailureOr<SmallVector<Value>> registers = l.registersIn(acc, layout);
    if (failed(registers))
      return failure();
    sums = std::move(*registers);
  }
  if (tileElementType(acc.getType()) != sumType)
    for (Value &sum : sums)
      sum = arith::ExtFOp::create(l.b(), loc, sumType, sum);
  return sums;
}

bool mma::sumsFp8FromZero(const TileLowering &l, Operation *op) {
  unsigned sm = l.getTarget().smVersion;
  auto mmaf = dyn_cast<cuda_tile::MmaFOp>(op);
  if (!mmaf || mmaf.getFastAcc() || (sm != 89 && sm != 90))
    return false;
  Type operand = tileElementType(mmaf.getLhs().getType());
  return isa<FloatType>(operand) && operand.getIntOrFloatBitWidth() == 8;
}
