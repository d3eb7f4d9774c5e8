//===- MmaLowering.cpp - mmaf, mmai, mmaf_scaled -> dot products ----------===//
//
// result[b, m, n] = acc[b, m, n] + sum_k lhs[b, m, k] * rhs[b, k, n], as
// NVIDIA's tileiras 13.5 computes it where it uses no tensor core
// (docs/semantics-from-nvidia.md): the sum starts from zero and is taken in k
// order, one fused multiply-add per step, in f32 (f64 for f64 operands);
// the accumulator is added to the sum last, and an f16 accumulator is
// widened for that addition and the result rounded to f16 once. The product
// of two inputs is exact in f32 (f16, bf16, tf32 and f8 products fit in its
// significand), so each step rounds once.
//
// Only the combinations the hardware has are accepted. Both forms use CUDA
// cores: the serial form one thread's loop nest, the parallel form each
// thread's share of the result with the operands staged through shared
// memory. Tensor-core paths would sit beside them with the same legality
// check in front.
//
//===----------------------------------------------------------------------===//
#include "ElementwiseLowering.h"
#include "MmaStaging.h"
#include "MmaSync.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Lower/Occupancy.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

#include <limits>

using namespace mlir;
using namespace tilechain;

//===----------------------------------------------------------------------===//
// Target legality
//===----------------------------------------------------------------------===//

/// The first SM that has a matrix instruction for these input types.
static unsigned minimumSm(Type input, Type scale) {
  if (scale)
    return 100; // block-scaled mma (and the e8m0 scale type) is Blackwell's
  if (isa<Float8E4M3FNType, Float8E5M2Type>(input))
    return 89;
  return 80;
}

static LogicalResult checkTarget(TileLowering &l, Operation *op, Type input,
                                 Type scale = {}) {
  unsigned needed = minimumSm(input, scale);
  const TargetInfo &target = l.getTarget();
  if (target.smVersion >= needed)
    return success();
  InFlightDiagnostic diag = op->emitError()
                            << op->getName().stripDialect() << " with "
                            << input << " operands";
  if (scale)
    diag << " and " << scale << " scales";
  return diag << " needs sm_" << needed << " or newer; target is "
              << target.gpuName;
}

//===----------------------------------------------------------------------===//
// Element conversions
//===----------------------------------------------------------------------===//

/// An input element as the multiplier sees it, in `computeType`.
static Value widenInput(OpBuilder &b, Location loc, Value x, Type inputType,
                        Type computeType) {
  if (isa<FloatTF32Type>(inputType)) {
    // A tf32 element travels as f32; the tensor core reads only its top 19
    // bits (sign, exponent, 10 mantissa bits).
    Value bits = arith::BitcastOp::create(b, loc, b.getI32Type(), x);
    Value kept = arith::AndIOp::create(
        b, loc, bits,
        arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(~0x1fff)));
    return arith::BitcastOp::create(b, loc, computeType, kept);
  }
  if (x.getType().getIntOrFloatBitWidth() <= 8)
    x = decodeSmallFloat(b, loc, x);
  if (x.getType() == computeType)
    return x;
  return arith::ExtFOp::create(b, loc, computeType, x);
}

//===----------------------------------------------------------------------===//
// The serial loop nest
//===----------------------------------------------------------------------===//

/// One k step: the new accumulated value from the old one and the two input
/// elements (at position `k`).
using MmaStep = function_ref<Value(OpBuilder &, Location, Value acc, Value a,
                                   Value b, ValueRange ivs, Value k)>;

/// The accumulator (widened to the carried type) added to the k sum.
using MmaAddAccumulator =
    function_ref<Value(OpBuilder &, Location, Value acc, Value sum)>;

/// Emits result = acc + lhs x rhs as a loop nest over the result with an
/// inner k loop carrying its sum in `carriedType`. With `addAccumulator` the
/// k loop starts from zero and the accumulator is added to its sum;
/// without, the k loop starts from the accumulator.
static LogicalResult lowerSerial(TileLowering &l, Operation *op, Value lhs,
                                 Value rhs, Value acc, Type carriedType,
                                 MmaStep step,
                                 MmaAddAccumulator addAccumulator = nullptr) {
  Location loc = op->getLoc();
  Type resultType = op->getResult(0).getType();
  ArrayRef<int64_t> shape = tileShape(resultType);
  ArrayRef<int64_t> lhsShape = tileShape(lhs.getType());
  int64_t k = lhsShape.back();
  Value lhsBuffer = l.lookup(lhs), rhsBuffer = l.lookup(rhs),
        accBuffer = l.lookup(acc);
  // Each result element reads its accumulator element first: the result can
  // take the accumulator's buffer when nothing else reads it (a loop's
  // carried accumulator, typically), which saves a tile and a copy.
  Value result = l.reusableBuffer(acc, op);
  if (!result)
    result = l.allocTileFor(loc, resultType);
  Type accType = tileElementType(resultType);

  l.forEachElement(loc, shape, [&](OpBuilder &b, Location, ValueRange ivs) {
    // ivs = [batch,] m, n
    SmallVector<Value> batch(ivs.drop_back(2));
    Value m = ivs[ivs.size() - 2], n = ivs.back();
    Value initial = l.readElement(b, loc, accBuffer, ivs);
    if (carriedType != accType)
      initial = arith::ExtFOp::create(b, loc, carriedType, initial);
    Value start = initial;
    if (addAccumulator)
      start = arith::ConstantOp::create(b, loc, b.getZeroAttr(carriedType));
    Value zero = l.indexConstant(loc, 0);
    Value end = l.indexConstant(loc, k);
    Value one = l.indexConstant(loc, 1);
    auto loop = scf::ForOp::create(
        b, loc, zero, end, one, ValueRange{start},
        [&](OpBuilder &nested, Location, Value kv, ValueRange carried) {
          SmallVector<Value> lhsIvs(batch), rhsIvs(batch);
          lhsIvs.append({m, kv});
          rhsIvs.append({kv, n});
          Value a = l.readElement(nested, loc, lhsBuffer, lhsIvs);
          Value bv = l.readElement(nested, loc, rhsBuffer, rhsIvs);
          Value next = step(nested, loc, carried[0], a, bv, ivs, kv);
          scf::YieldOp::create(nested, loc, next);
        });
    l.keepSerialLoop(loop, k);
    Value sum = loop.getResult(0);
    if (addAccumulator)
      sum = addAccumulator(b, loc, initial, sum);
    if (carriedType != accType)
      sum = arith::TruncFOp::create(b, loc, accType, sum);
    l.writeElement(b, loc, sum, result, ivs);
  });
  l.map(op->getResult(0), result);
  return success();
}

/// The float step: fma of the inputs widened to the computation type.
static Value floatStep(OpBuilder &b, Location loc, Value sum, Value a,
                       Value bv, Type inputType) {
  Type computeType = sum.getType();
  Value wideA = widenInput(b, loc, a, inputType, computeType);
  Value wideB = widenInput(b, loc, bv, inputType, computeType);
  return math::FmaOp::create(b, loc, wideA, wideB, sum);
}

/// Whether a lowered tile holds its elements as f32.
static bool storedAsF32(Value lowered) {
  return getElementTypeOrSelf(lowered.getType()).isF32();
}

/// The checks both forms make on an mmaf: the target has the instruction,
/// and tf32 operands are held as f32.
static LogicalResult checkMmaF(TileLowering &l, cuda_tile::MmaFOp op) {
  Type input = cast<cuda_tile::TileType>(op.getLhs().getType()).getElementType();
  if (failed(checkTarget(l, op, input)))
    return failure();
  if (isa<FloatTF32Type>(input) && !storedAsF32(l.lookup(op.getLhs())))
    return op.emitError() << "tilechain cannot lower '" << op->getName()
                          << "' with tf32 operands held as "
                          << getElementTypeOrSelf(l.lookup(op.getLhs()))
                          << " yet (expected f32 holders)";
  return success();
}

/// The type an mmaf sums its products in: f32 for an f16 accumulator, else
/// the accumulator's.
static Type mmaFComputeType(cuda_tile::MmaFOp op) {
  Type accType = tileElementType(op.getAcc().getType());
  return accType.isF16() ? Float32Type::get(op.getContext()) : accType;
}

static LogicalResult lowerMmaF(TileLowering &l, cuda_tile::MmaFOp op) {
  Type input = cast<cuda_tile::TileType>(op.getLhs().getType()).getElementType();
  if (failed(checkMmaF(l, op)))
    return failure();
  Type computeType = mmaFComputeType(op);
  return lowerSerial(
      l, op, op.getLhs(), op.getRhs(), op.getAcc(), computeType,
      [&](OpBuilder &b, Location loc, Value sum, Value a, Value bv, ValueRange,
          Value) { return floatStep(b, loc, sum, a, bv, input); },
      [](OpBuilder &b, Location loc, Value acc, Value sum) -> Value {
        return arith::AddFOp::create(b, loc, acc, sum);
      });
}

/// An integer input element as the multiplier sees it: i32.
static Value widenInteger(OpBuilder &b, Location loc, Value x, bool isSigned) {
  if (isSigned)
    return arith::ExtSIOp::create(b, loc, b.getI32Type(), x);
  return arith::ExtUIOp::create(b, loc, b.getI32Type(), x);
}

static LogicalResult lowerMmaI(TileLowering &l, cuda_tile::MmaIOp op) {
  Type input = tileElementType(op.getLhs().getType());
  if (failed(checkTarget(l, op, input)))
    return failure();
  bool lhsSigned =
      op.getSignednessLhs() == cuda_tile::Signedness::Signed;
  bool rhsSigned =
      op.getSignednessRhs() == cuda_tile::Signedness::Signed;
  // i8 x i8 products fit in i32; the i32 sum wraps like the hardware's.
  return lowerSerial(
      l, op, op.getLhs(), op.getRhs(), op.getAcc(),
      tileElementType(op.getAcc().getType()),
      [&](OpBuilder &b, Location loc, Value acc, Value a, Value bv, ValueRange,
          Value) -> Value {
        Value wideA = widenInteger(b, loc, a, lhsSigned);
        Value wideB = widenInteger(b, loc, bv, rhsSigned);
        Value product = arith::MulIOp::create(b, loc, wideA, wideB);
        return arith::AddIOp::create(b, loc, acc, product);
      });
}

/// mmaf_scaled: every input element is multiplied by the scale of its block
/// of `blockSize` consecutive k. The scaled product is exact in f32 except
/// where the scales push it out of f32's range. The k loop starts from the
/// accumulator: block-scaled mma needs sm_100, where NVIDIA's tileiras uses
/// tcgen05.mma, so no serial form of it was there to compare with.
static LogicalResult lowerMmaFScaled(TileLowering &l,
                                     cuda_tile::MmaFScaledOp op) {
  auto lhsType = cast<cuda_tile::TileType>(op.getLhs().getType());
  auto scaleType = cast<cuda_tile::TileType>(op.getLhsScale().getType());
  Type input = lhsType.getElementType();
  if (failed(checkTarget(l, op, input, scaleType.getElementType())))
    return failure();
  int64_t blockSize = lhsType.getShape().back() / scaleType.getShape().back();
  Value lhsScale = l.lookup(op.getLhsScale());
  Value rhsScale = l.lookup(op.getRhsScale());
  Type f32 = l.b().getF32Type();
  return lowerSerial(
      l, op, op.getLhs(), op.getRhs(), op.getAcc(), f32,
      [&](OpBuilder &b, Location loc, Value acc, Value a, Value bv,
          ValueRange ivs, Value k) -> Value {
        SmallVector<Value> lhsIvs(ivs.drop_back(2)), rhsIvs(ivs.drop_back(2));
        Value block = arith::DivUIOp::create(
            b, loc, k, l.indexConstant(loc, blockSize));
        lhsIvs.append({ivs[ivs.size() - 2], block});
        rhsIvs.append({block, ivs.back()});
        Value scaleA =
            decodeSmallFloat(b, loc, l.readElement(b, loc, lhsScale, lhsIvs));
        Value scaleB =
            decodeSmallFloat(b, loc, l.readElement(b, loc, rhsScale, rhsIvs));
        Value scale = arith::MulFOp::create(b, loc, scaleA, scaleB);
        Value wideA = widenInput(b, loc, a, input, f32);
        Value wideB = widenInput(b, loc, bv, input, f32);
        Value product = arith::MulFOp::create(b, loc, wideA, wideB);
        return math::FmaOp::create(b, loc, product, scale, acc);
      });
}

//===----------------------------------------------------------------------===//
// The parallel form
//===----------------------------------------------------------------------===//
//
// Each thread computes the result elements it holds in the accumulator's
// layout, with the serial form's arithmetic in the serial form's k order, so
// each element gets the same bits. The operands reach the threads through
// shared memory, kc values of k at a time: after a barrier every thread
// writes the elements of lhs and rhs it holds whose k falls in the chunk,
// k-major ([batch][k][m] and [batch][k][n]), and after a second barrier it
// reads, at each k of the chunk, one lhs element per (batch, m) and one rhs
// element per (batch, n) among its result elements, and does one step for
// each result element.

/// The layout of an mma's accumulator and result in the parallel form: each
/// thread computes the result elements it holds there. It is the
/// accumulator's own layout where that is a whole tile, else the default
/// layout of its type: a loop carries its accumulator in the default layout,
/// and any other layout here would exchange the whole accumulator through
/// shared memory at every iteration (a 128x256 f32 one does not fit). The
/// default layout already blocks registers: a thread holds runs of up to 16
/// bytes along n at several m, so at each k it reads one lhs element per m
/// and one rhs element per n for (m x n) products. Tensor cores use their
/// fragment layout instead (MmaSyncLowering.cpp), and loops carry it.
static LinearLayout mmaAccumulatorLayout(TileLowering &l, Value acc) {
  if (!l.lookupSplat(acc)) {
    const LinearLayout &own = l.getLayout(l.lookup(acc));
    if (own.getShape() == tileShape(acc.getType()))
      return own;
  }
  return l.defaultLayout(acc.getType());
}

/// What an mma computes for one result element, as in the serial form: the
/// inputs as the multiplier sees them, the start of the k sum from the
/// accumulator element, one k step, and the result from the accumulator
/// element and the sum.
struct MmaArithmetic {
  using Unary = std::function<Value(OpBuilder &, Location, Value)>;
  using Binary = std::function<Value(OpBuilder &, Location, Value, Value)>;
  Unary widenLhs, widenRhs, start;
  std::function<Value(OpBuilder &, Location, Value sum, Value a, Value b)>
      step;
  Binary finish;
};

/// result = acc + lhs x rhs in the parallel form, with `arithmetic` per
/// result element.
static LogicalResult lowerParallel(TileLowering &l, Operation *op, Value lhs,
                                   Value rhs, Value acc,
                                   const MmaArithmetic &arithmetic) {
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  ArrayRef<int64_t> shape = tileShape(acc.getType());
  unsigned rank = shape.size();

  // The operands in their own layouts, staged k-major: each k step of a
  // chunk reads a row of each.
  MmaChunks staging = mmaChunks(op, tile_dist::MmaInstruction::Fma,
                                l.getTarget(), l.getNumWarps());
  int64_t kc = staging.kc;
  FailureOr<std::array<mma::StagedOperand, 2>> staged = mma::stageOperands(
      l, op, lhs, rhs, staging,
      {mma::OperandForm{{mma::ChunkOrder::MNContiguous}},
       mma::OperandForm{{mma::ChunkOrder::MNContiguous}}});
  if (failed(staged))
    return failure();
  std::array<mma::StagedOperand, 2> &operands = *staged;

  // The accumulator, and the result elements this thread computes: one per
  // register that is not a duplicate of a lower one.
  LinearLayout layout = mmaAccumulatorLayout(l, acc);
  // In its own type: the arithmetic widens it where it needs to.
  FailureOr<SmallVector<Value>> accumulators = mma::accumulatorRegisters(
      l, op->getLoc(), acc, layout, tileElementType(acc.getType()));
  if (failed(accumulators))
    return failure();
  SmallVector<Value> &accRegisters = *accumulators;
  if (!layout.hasDisjointParts())
    return l.declineParallel(op, "the accumulator's layout " + layout.str() +
                                     " does not split into thread and "
                                     "register parts");
  uint64_t duplicates = layout.getBroadcastMask(LinearLayout::Register);
  SmallVector<int64_t> computed;
  for (int64_t reg = 0, e = accRegisters.size(); reg < e; ++reg)
    if (!(reg & duplicates))
      computed.push_back(reg);

  // Where each computed element's lhs and rhs elements are in the chunk
  // arrays at k = 0 of a chunk: one lhs read per distinct (batch, m), one
  // rhs read per distinct (batch, n), with a stride of the array width per
  // k. lhsOf/rhsOf give each computed element's reads.
  SmallVector<Value> threadCoords = l.elementCoords(b, loc, layout, 0);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value batchCoord = rank == 3 ? threadCoords[0] : Value();
  Value lhsThreadSlot = mma::chunkSlot(b, loc, mma::ChunkOrder::MNContiguous, batchCoord, zero,
                                  threadCoords[rank - 2], kc, shape[rank - 2]);
  Value rhsThreadSlot = mma::chunkSlot(b, loc, mma::ChunkOrder::MNContiguous, batchCoord, zero,
                                  threadCoords[rank - 1], kc, shape[rank - 1]);
  SmallVector<int64_t> lhsSlots, rhsSlots;
  SmallVector<unsigned> lhsOf, rhsOf;
  auto slotIndex = [](llvm::DenseMap<int64_t, unsigned> &seen,
                      SmallVectorImpl<int64_t> &slots, int64_t slot) {
    auto [it, isNew] = seen.try_emplace(slot, slots.size());
    if (isNew)
      slots.push_back(slot);
    return it->second;
  };
  llvm::DenseMap<int64_t, unsigned> lhsSeen, rhsSeen;
  for (int64_t reg : computed) {
    SmallVector<int64_t> part = mma::registerPart(layout, reg);
    int64_t batchPart = rank == 3 ? part[0] : 0;
    lhsOf.push_back(slotIndex(
        lhsSeen, lhsSlots,
        mma::chunkSlot(mma::ChunkOrder::MNContiguous, batchPart, 0, part[rank - 2], kc, shape[rank - 2])));
    rhsOf.push_back(slotIndex(
        rhsSeen, rhsSlots,
        mma::chunkSlot(mma::ChunkOrder::MNContiguous, batchPart, 0, part[rank - 1], kc, shape[rank - 1])));
  }

  SmallVector<Value> starts;
  for (int64_t reg : computed)
    starts.push_back(arithmetic.start(b, loc, accRegisters[reg]));
  // At step `kv` of a chunk: the elements at the running thread's slot
  // (batch, kv, m or n) plus each of `slots`.
  auto readElements = [&](OpBuilder &nested, const mma::StagedOperand &operand,
                          Value threadSlot, ArrayRef<int64_t> slots, Value kv,
                          const MmaArithmetic::Unary &widen) {
    Value row = arith::AddIOp::create(
        nested, loc, threadSlot,
        arith::MulIOp::create(
            nested, loc, kv,
            arith::ConstantIndexOp::create(
                nested, loc, operand.layout.getShape()[operand.xDim])));
    SmallVector<Value> elements;
    for (int64_t slot : slots) {
      Value loaded = memref::LoadOp::create(
          nested, loc, operand.buffer,
          ValueRange{arith::AddIOp::create(
              nested, loc, row,
              arith::ConstantIndexOp::create(nested, loc, slot))});
      elements.push_back(widen(
          nested, loc, fromShared(nested, loc, loaded, operand.registerType)));
    }
    return elements;
  };
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  if (operands[0].stages > 1)
    l.barrierBeforeSharedWrites(b, loc);
  auto chunks = scf::ForOp::create(
      b, loc, zero, arith::ConstantIndexOp::create(b, loc, staging.chunks),
      one, starts,
      [&](OpBuilder &inChunks, Location, Value chunk, ValueRange sums) {
        // With one stage, a barrier keeps the writes from overtaking the
        // reads of the previous chunk; with two, the barrier before the
        // loop keeps them from overtaking another exchange's. The
        // barrier after the writes makes them visible.
        if (operands[0].stages == 1)
          l.barrierBeforeSharedWrites(inChunks, loc);
        Value stage = mma::chunkStage(inChunks, loc, operands[0], chunk);
        for (const mma::StagedOperand &operand : operands)
          mma::writeChunk(l, inChunks, loc, operand, chunk, stage, kc);
        gpu::BarrierOp::create(inChunks, loc);
        // The thread's slots in this chunk's stage.
        auto inStage = [&](const mma::StagedOperand &operand, Value slot) {
          return arith::AddIOp::create(
              inChunks, loc, slot,
              mma::stageOffset(inChunks, loc, operand, stage,
                               sharedElementBytes(operand.sharedType)));
        };
        Value lhsChunkSlot = inStage(operands[0], lhsThreadSlot);
        Value rhsChunkSlot = inStage(operands[1], rhsThreadSlot);
        auto steps = scf::ForOp::create(
            inChunks, loc, zero, arith::ConstantIndexOp::create(inChunks, loc, kc),
            one, sums,
            [&](OpBuilder &inSteps, Location, Value kv, ValueRange partial) {
              SmallVector<Value> as = readElements(
                  inSteps, operands[0], lhsChunkSlot, lhsSlots, kv, arithmetic.widenLhs);
              SmallVector<Value> bs = readElements(
                  inSteps, operands[1], rhsChunkSlot, rhsSlots, kv, arithmetic.widenRhs);
              SmallVector<Value> next;
              for (auto [index, sum] : llvm::enumerate(partial))
                next.push_back(arithmetic.step(inSteps, loc, sum,
                                               as[lhsOf[index]],
                                               bs[rhsOf[index]]));
              scf::YieldOp::create(inSteps, loc, next);
            });
        scf::YieldOp::create(inChunks, loc, steps.getResults());
      });

  SmallVector<Value> results(accRegisters.size());
  for (auto [index, reg] : llvm::enumerate(computed))
    results[reg] = arithmetic.finish(b, loc, accRegisters[reg],
                                     chunks.getResult(index));
  for (int64_t reg = 0, e = results.size(); reg < e; ++reg)
    if (reg & duplicates)
      results[reg] = results[reg & ~duplicates];
  l.map(op->getResult(0), l.makeDistributed(loc, results, layout));
  return success();
}

LogicalResult tilechain::checkRecordedMmas(cuda_tile::EntryOp entry,
                                           const TargetInfo &target,
                                           unsigned numWarps) {
  // The pipelines' stages take the CTA's share of shared memory.
  TargetInfo ctaTarget = kernelTarget(entry, target, numWarps);
  WalkResult walk = entry->walk([&](Operation *op) {
    if (!isMma(op))
      return WalkResult::advance();
    std::optional<tile_dist::MmaInstruction> recorded =
        recordedMmaInstruction(op);
    StringRef name = tile_dist::TileDistDialect::kMmaInstructionAttrName;
    if (!recorded) {
      // An mmaf_scaled that no block-scaled instruction takes has none, and
      // keeps the kernel serial (lowerMmaFScaledParallel).
      if (isa<cuda_tile::MmaFScaledOp>(op))
        return WalkResult::advance();
      op->emitError() << "expected the instruction tile-lower chooses ('"
                      << name << "', tilechain-choose-mma-instructions)";
      return WalkResult::interrupt();
    }
    if (std::optional<std::string> why =
            whyNotInstruction(op, *recorded, target, numWarps)) {
      op->emitError() << "'" << name << "' records "
                      << tile_dist::stringifyMmaInstruction(*recorded)
                      << ", which cannot run this mma: " << *why;
      return WalkResult::interrupt();
    }
    if (*recorded == tile_dist::MmaInstruction::Fma)
      return WalkResult::advance();
    StringRef operandsName = tile_dist::TileDistDialect::kMmaOperandsAttrName;
    std::optional<std::array<tile_dist::MmaOperandAttr, 2>> operands =
        recordedMmaOperands(op);
    if (!operands) {
      op->emitError() << "expected how tile-sched brings the operands to "
                         "shared memory ('"
                      << operandsName << "', tilechain-plan-mma-operands)";
      return WalkResult::interrupt();
    }
    if (std::optional<std::pair<unsigned, std::string>> why =
            whyNotMmaOperands(op, *operands, *recorded, target, numWarps)) {
      auto [index, reason] = *why;
      op->emitError() << "'" << operandsName << "' records "
                      << (*operands)[index] << " for the "
                      << (index == 0 ? "lhs" : "rhs")
                      << ", which it cannot take on "
                      << tile_dist::stringifyMmaInstruction(*recorded) << ": "
                      << reason;
      return WalkResult::interrupt();
    }
    StringRef pipelineName = tile_dist::TileDistDialect::kMmaPipelineAttrName;
    tile_dist::MmaPipelineAttr pipeline = recordedMmaPipeline(op);
    if (!pipeline) {
      op->emitError() << "expected the ring tile-sched pipelines the "
                         "operands through ('"
                      << pipelineName << "', tilechain-plan-mma-pipelines)";
      return WalkResult::interrupt();
    }
    if (std::optional<std::string> why = whyNotMmaPipeline(
            op, pipeline, *recorded, *operands, ctaTarget, numWarps)) {
      op->emitError() << "'" << pipelineName << "' records " << pipeline
                      << ", which cannot be built: " << *why;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// Lowers `op` on the tensor-core instruction recorded for it, with a
/// remark where that is mma.sync on sm_90 or sm_100, which have their own;
/// where it is FMA, a remark says why and the result is nullopt: the caller
/// runs it on CUDA cores.
static std::optional<LogicalResult> lowerOnTensorCores(TileLowering &l,
                                                       Operation *op) {
  const TargetInfo &target = l.getTarget();
  unsigned sm = target.smVersion;
  switch (*recordedMmaInstruction(op)) {
  case tile_dist::MmaInstruction::Wgmma:
    return mma::lowerWgmma(l, op);
  case tile_dist::MmaInstruction::Tcgen05:
    return mma::lowerTcgen05(l, op);
  case tile_dist::MmaInstruction::MmaSync:
    if (sm == 90 || sm == 100) {
      tile_dist::MmaInstruction own = sm == 90
                                          ? tile_dist::MmaInstruction::Wgmma
                                          : tile_dist::MmaInstruction::Tcgen05;
      std::optional<std::string> why =
          whyNotInstruction(op, own, target, l.getNumWarps());
      l.remark(TileRemarkKind::Missed, kTensorCoreRemarks,
               "RemarkTensorCoreMmaSync", op->getLoc(),
               sm == 90 ? "MMA operation uses mma.sync, not wgmma"
                        : "MMA operation uses mma.sync, not tcgen05.mma")
          .reason(why.value_or("tile-lower chose it"));
    }
    return mma::lowerMmaSync(l, op);
  case tile_dist::MmaInstruction::Fma: {
    std::optional<std::string> why = whyNotMmaSync(op, l.getTarget());
    l.remark(TileRemarkKind::Failure, kTensorCoreRemarks,
             "RemarkTensorCoreMMA", op->getLoc(),
             "MMA operation failed to optimize to use Tensor Cores, it is "
             "using FMA instructions instead")
        .note("Instruction", "FMA")
        .note("Shape", remarkShape({1, 1, 1}))
        .reason(why.value_or("tile-lower chose it"));
    return std::nullopt;
  }
  }
  llvm_unreachable("unknown mma instruction");
}

static LogicalResult lowerMmaFParallel(TileLowering &l, cuda_tile::MmaFOp op) {
  if (failed(checkMmaF(l, op)))
    return failure();
  if (std::optional<LogicalResult> lowered = lowerOnTensorCores(l, op))
    return *lowered;
  Type input = cast<cuda_tile::TileType>(op.getLhs().getType()).getElementType();
  Type accType = tileElementType(op.getAcc().getType());
  Type computeType = mmaFComputeType(op);
  auto widen = [&](OpBuilder &b, Location loc, Value x) {
    return widenInput(b, loc, x, input, computeType);
  };
  MmaArithmetic arithmetic;
  arithmetic.widenLhs = widen;
  arithmetic.widenRhs = widen;
  // The k sum starts from zero; the accumulator, widened, is added last.
  arithmetic.start = [&](OpBuilder &b, Location loc, Value) -> Value {
    return arith::ConstantOp::create(b, loc, b.getZeroAttr(computeType));
  };
  arithmetic.step = [](OpBuilder &b, Location loc, Value sum, Value a,
                       Value bv) -> Value {
    return math::FmaOp::create(b, loc, a, bv, sum);
  };
  arithmetic.finish = [&](OpBuilder &b, Location loc, Value acc,
                          Value sum) -> Value {
    if (computeType != accType)
      acc = arith::ExtFOp::create(b, loc, computeType, acc);
    Value result = arith::AddFOp::create(b, loc, acc, sum);
    if (computeType != accType)
      result = arith::TruncFOp::create(b, loc, accType, result);
    return result;
  };
  return lowerParallel(l, op, op.getLhs(), op.getRhs(), op.getAcc(),
                       arithmetic);
}

static LogicalResult lowerMmaIParallel(TileLowering &l, cuda_tile::MmaIOp op) {
  Type input = tileElementType(op.getLhs().getType());
  if (failed(checkTarget(l, op, input)))
    return failure();
  if (std::optional<LogicalResult> lowered = lowerOnTensorCores(l, op))
    return *lowered;
  bool lhsSigned = op.getSignednessLhs() == cuda_tile::Signedness::Signed;
  bool rhsSigned = op.getSignednessRhs() == cuda_tile::Signedness::Signed;
  MmaArithmetic arithmetic;
  arithmetic.widenLhs = [=](OpBuilder &b, Location loc, Value x) {
    return widenInteger(b, loc, x, lhsSigned);
  };
  arithmetic.widenRhs = [=](OpBuilder &b, Location loc, Value x) {
    return widenInteger(b, loc, x, rhsSigned);
  };
  // The i32 sum starts from the accumulator and wraps like the hardware's.
  arithmetic.start = [](OpBuilder &, Location, Value acc) { return acc; };
  arithmetic.step = [](OpBuilder &b, Location loc, Value sum, Value a,
                       Value bv) -> Value {
    return arith::AddIOp::create(b, loc, sum,
                                 arith::MulIOp::create(b, loc, a, bv));
  };
  arithmetic.finish = [](OpBuilder &, Location, Value, Value sum) {
    return sum;
  };
  return lowerParallel(l, op, op.getLhs(), op.getRhs(), op.getAcc(),
                       arithmetic);
}

/// mmaf_scaled in the parallel form: the ops ExpandScaledMma.cpp left,
/// which run on tcgen05.mma's block scaling (sm_100) or block-scaled
/// mma.sync (sm_120) where tile-lower recorded one; the others keep the
/// kernel serial (no CUDA-core path).
static LogicalResult lowerMmaFScaledParallel(TileLowering &l,
                                             cuda_tile::MmaFScaledOp op) {
  std::optional<tile_dist::MmaInstruction> instruction =
      recordedMmaInstruction(op);
  if (instruction == tile_dist::MmaInstruction::Tcgen05)
    return mma::lowerTcgen05(l, op);
  if (instruction == tile_dist::MmaInstruction::MmaSync)
    return mma::lowerMmaSync(l, op);
  std::optional<std::string> why = whyNotMmaSync(op, l.getTarget());
  return l.declineParallel(op, "block-scaled mma: " +
                                   why.value_or("tile-lower chose none"));
}

void tilechain::addMmaLowerings(LoweringTable &table, TileForm form) {
  if (form == TileForm::Parallel) {
    table.add<cuda_tile::MmaFOp>(lowerMmaFParallel);
    table.add<cuda_tile::MmaIOp>(lowerMmaIParallel);
    table.add<cuda_tile::MmaFScaledOp>(lowerMmaFScaledParallel);
    return;
  }
  table.add<cuda_tile::MmaFOp>(lowerMmaF);
  table.add<cuda_tile::MmaIOp>(lowerMmaI);
  table.add<cuda_tile::MmaFScaledOp>(lowerMmaFScaled);
}
