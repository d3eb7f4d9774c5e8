//===- MmaStaging.cpp - mma operands through shared memory ----------------===//
#include "MmaStaging.h"
#include "TensorMapCopy.h"

#include "tilechain/Dialect/TileDist/IR/TileDist.h"

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

int64_t mma::contiguousRowLength(int64_t kc, int64_t elementBytes) {
  int64_t bytes = kc * elementBytes;
  if (bytes % 16 != 0 || (bytes / 16) % 2 != 0)
    return kc;
  return kc + 16 / elementBytes;
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

/// Bytes of one element of an operand's chunk array.
static int64_t sharedBytes(Type tileType) {
  return sharedElementBytes(
      sharedElementType(TileLowering::tileElementType(tileType)));
}

/// Bytes of an operand's chunk array of `kc` values of k.
static int64_t arrayBytes(Type tileType, unsigned xDim, int64_t kc,
                          ChunkOrder order) {
  ArrayRef<int64_t> shape = TileLowering::tileShape(tileType);
  int64_t batch = shape.size() == 3 ? shape[0] : 1;
  int64_t bytes = sharedBytes(tileType);
  int64_t kExtent =
      order == ChunkOrder::KContiguous ? contiguousRowLength(kc, bytes) : kc;
  return batch * shape[xDim] * kExtent * bytes;
}

int64_t mma::rhsArrayOffset(Type lhsType, int64_t kc, ChunkOrder order) {
  unsigned rank = TileLowering::tileShape(lhsType).size();
  return llvm::alignTo(arrayBytes(lhsType, rank - 2, kc, order), 16);
}

int64_t mma::stagingChunk(Type lhsType, Type rhsType) {
  ArrayRef<int64_t> lhsShape = TileLowering::tileShape(lhsType);
  unsigned rank = lhsShape.size();
  int64_t kc = std::min(lhsShape.back(), kMaxChunk);
  auto bytes = [&](int64_t kc) {
    return rhsArrayOffset(lhsType, kc, ChunkOrder::KMajor) +
           arrayBytes(rhsType, rank - 1, kc, ChunkOrder::KMajor);
  };
  while (kc > 1 && bytes(kc) > kStagingBytes)
    kc /= 2;
  return kc;
}

FailureOr<std::array<StagedOperand, 2>>
mma::stageOperands(TileLowering &l, Operation *op, Value lhs, Value rhs,
                   int64_t kc, int64_t chunks, std::array<OperandForm, 2> forms) {
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  unsigned rank = TileLowering::tileShape(lhs.getType()).size();
  int64_t batch = rank == 3 ? TileLowering::tileShape(lhs.getType())[0] : 1;
  std::array<StagedOperand, 2> operands = {
      StagedOperand{lhs, rank - 1, rank - 2, forms[0]},
      StagedOperand{rhs, rank - 2, rank - 1, forms[1]}};
  for (auto [operand, form] : llvm::zip(operands, forms)) {
    ArrayRef<int64_t> shape = TileLowering::tileShape(operand.tile.getType());
    int64_t width = shape[operand.xDim];
    int64_t bytes = sharedBytes(operand.tile.getType());
    bool contiguous = operand.form.order == ChunkOrder::KContiguous;
    operand.rows = form.inRegisters ? 0 : contiguous ? width : kc;
    operand.rowLength =
        form.swizzle ? (contiguous ? kc : width)
        : contiguous ? contiguousRowLength(kc, bytes)
                     : (form.paddedRows ? contiguousRowLength(width, bytes)
                                        : width);
    operand.sharedType = sharedElementType(
        TileLowering::tileElementType(operand.tile.getType()));
    if (operand.form.copiedFrom)
      continue;
    operand.layout = l.layoutOf(operand.tile);
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
  }
  // Both arrays in one shared buffer, lhs first.
  auto arrayBytes = [&](const StagedOperand &operand) {
    return batch * operand.rows * operand.rowLength *
           sharedElementBytes(operand.sharedType);
  };
  // A swizzled array starts where its swizzle pattern does (8 rows).
  int64_t alignment = std::max<int64_t>(
      16, 8 * std::max(forms[0].swizzle, forms[1].swizzle));
  operands[0].offset = 0;
  operands[1].offset = llvm::alignTo(arrayBytes(operands[0]), alignment);
  int64_t halfBytes =
      llvm::alignTo(operands[1].offset + arrayBytes(operands[1]), alignment);
  bool doubled = chunks > 1;
  int64_t arraysBytes = doubled ? 2 * halfBytes : halfBytes;
  bool byTensorMap = forms[0].byTensorMap || forms[1].byTensorMap;
  FailureOr<Value> arrays = l.allocShared(
      op, arraysBytes + (byTensorMap ? 2 * sizeof(uint64_t) : 0), alignment);
  if (failed(arrays))
    return failure();
  for (StagedOperand &operand : operands) {
    operand.arrays = *arrays;
    operand.halfBytes = doubled ? halfBytes : 0;
    operand.barriersOffset = byTensorMap ? arraysBytes : 0;
    // Both halves: the second starts halfBytes (a multiple of 16) after.
    operand.buffer = l.sharedView(
        *arrays, operand.sharedType,
        operand.halfBytes / sharedElementBytes(operand.sharedType) +
            batch * operand.rows * operand.rowLength,
        operand.offset);
    if (operand.form.copiedFrom || operand.form.inRegisters)
      continue;
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
  return operands;
}

Value mma::halfOffset(OpBuilder &b, Location loc, const StagedOperand &operand,
                      Value chunk, int64_t elementBytes) {
  if (operand.halfBytes == 0)
    return arith::ConstantIndexOp::create(b, loc, 0);
  Value parity = arith::AndIOp::create(
      b, loc, chunk, arith::ConstantIndexOp::create(b, loc, 1));
  return arith::MulIOp::create(
      b, loc, parity,
      arith::ConstantIndexOp::create(b, loc, operand.halfBytes / elementBytes));
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
                     const StagedOperand &operand, Value chunk, int64_t kc) {
  const LinearLayout &layout = operand.layout;
  Value half =
      halfOffset(b, loc, operand, chunk, sharedElementBytes(operand.sharedType));
  // Plain arrays fold the half into the thread's slot once.
  Value threadSlot = operand.form.swizzle
                         ? operand.threadSlot
                         : arith::AddIOp::create(b, loc, operand.threadSlot, half);
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
                    half)
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
                    Value chunk, int64_t kc) {
  ArrayRef<int64_t> shape = TileLowering::tileShape(operand.tile.getType());
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
  Value half = halfOffset(b, loc, operand, chunk, elementBytes);
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
      slot = arith::AddIOp::create(at, loc, slot, half);
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
  if (TileLowering::tileElementType(acc.getType()) != sumType)
    for (Value &sum : sums)
      sum = arith::ExtFOp::create(l.b(), loc, sumType, sum);
  return sums;
}

/// The loop around `op` whose next iteration's first chunk `op` may copy
/// while it multiplies this iteration's last (so that no iteration but the
/// first waits for its first chunk), or null: both operands are copied
/// (`staged`), by loads whose indices are the loop's counter or values from
/// outside it; the loop counts up by a positive constant (or compares
/// unsigned); its body writes no memory and leaves no iteration early, so
/// that copying a load an iteration ahead reads what the load would read
/// and every iteration's mma takes the chunk the one before it copied; and
/// the chunks per iteration are even, so an iteration's first chunk goes
/// to the half the previous iteration's first did. A loop inside another
/// loop is left alone: the outer loop's state is live beside the copies'
/// addresses, and the persistent matmul t128x256x64 then spills (72 bytes
/// of stack on sm_90, none without).
static cuda_tile::ForOp pipelinedLoop(TileLowering &l, Operation *op,
                                      ArrayRef<StagedOperand> staged,
                                      int64_t chunkCount) {
  auto loop = dyn_cast<cuda_tile::ForOp>(op->getParentOp());
  if (!loop || chunkCount % 2 != 0 ||
      loop->getParentOfType<cuda_tile::ForOp>() ||
      loop->getParentOfType<cuda_tile::LoopOp>() ||
      !llvm::all_of(staged, [](const StagedOperand &operand) {
        return operand.form.copiedFrom || operand.form.inRegisters;
      }))
    return {};
  APInt step;
  if (!loop.getUnsignedCmp() &&
      !(matchPattern(l.lookup(loop.getStep()), m_ConstantInt(&step)) &&
        step.isStrictlyPositive()))
    return {};
  auto outside = [&](Value v) {
    return !loop->isAncestor(v.getParentRegion()->getParentOp());
  };
  for (const StagedOperand &operand : staged) {
    cuda_tile::LoadViewTkoOp load = operand.form.copiedFrom;
    if (!load)
      continue;
    if (!outside(load.getView()))
      return {};
    for (Value index : load.getIndex())
      if (index != loop.getInductionVar() && !outside(index))
        return {};
  }
  Operation *terminator = loop.getBody()->getTerminator();
  WalkResult body = loop.getBody()->walk([&](Operation *inner) {
    if (inner == terminator)
      return WalkResult::advance();
    if (isa<cuda_tile::ContinueOp, cuda_tile::BreakOp, cuda_tile::ReturnOp>(
            inner))
      return WalkResult::interrupt();
    auto load = dyn_cast<cuda_tile::LoadViewTkoOp>(inner);
    bool reads = load && load.getMemoryOrderingSemantics() ==
                             cuda_tile::MemoryOrderingSemantics::WEAK;
    return reads || isMemoryEffectFree(inner) ? WalkResult::advance()
                                              : WalkResult::interrupt();
  });
  return body.wasInterrupted() ? cuda_tile::ForOp() : loop;
}

SmallVector<Value> mma::multiplyChunks(TileLowering &l, Operation *op,
                                       ArrayRef<StagedOperand> staged,
                                       int64_t kc, int64_t chunkCount,
                                       ValueRange sums, bool asyncProxyReads,
                                       ChunkMultiply multiply) {
  OpBuilder &b = l.b();
  Location loc = op->getLoc();
  auto constant = [&](OpBuilder &at, int64_t v) -> Value {
    return arith::ConstantIndexOp::create(at, loc, v);
  };
  // Filling a chunk's arrays: the copied operands' async copies (cp.async,
  // one group per chunk, or TMA) and the others' register writes.
  struct Copier {
    AsyncRunCopy threads;
    TensorChunkCopy tensor;
  };
  // The copiers of the staged operands with tile origins `index` (of this
  // iteration where empty).
  auto copiersWith = [&](auto indexOf) {
    SmallVector<Copier, 2> copiers;
    for (auto [i, operand] : llvm::enumerate(staged)) {
      cuda_tile::LoadViewTkoOp load = operand.form.copiedFrom;
      Copier copier;
      if (load && operand.form.byTensorMap)
        copier.tensor = tensorChunkCopy(l, operand, i, kc, indexOf(load));
      else if (load)
        copier.threads = asyncRunCopy(l, load, operand.form.leadingUnitDims,
                                      indexOf(load));
      copiers.push_back(std::move(copier));
    }
    return copiers;
  };
  SmallVector<Copier, 2> copiers =
      copiersWith([](cuda_tile::LoadViewTkoOp) { return SmallVector<Value>(); });
  bool anyCopied = false, anyThreadCopies = false, anyTensorCopies = false;
  int64_t tensorBytes = 0;
  for (const StagedOperand &operand : staged) {
    anyCopied |= bool(operand.form.copiedFrom);
    anyThreadCopies |= operand.form.copiedFrom && !operand.form.byTensorMap;
    if (operand.form.byTensorMap) {
      anyTensorCopies = true;
      tensorBytes += tensorChunkBytes(operand, kc);
    }
  }
  // TMA copies complete on the mbarrier of their half; every thread counts
  // the phases it has waited for per half (bit h of a word the threads
  // keep in a register: LLVM promotes the entry block's alloca).
  bool doubled = staged[0].halfBytes != 0;
  Value phases;
  if (anyTensorCopies) {
    auto kernel = cast<gpu::GPUFuncOp>(l.getKernel());
    OpBuilder atEntry = OpBuilder::atBlockBegin(&kernel.getBody().front());
    phases = memref::AllocaOp::create(
        atEntry, loc, MemRefType::get({1}, atEntry.getI32Type()));
  }
  auto barriersAt = [&](OpBuilder &at) {
    return sharedView(at, staged[0].arrays, at.getI64Type(), 2,
                      staged[0].barriersOffset);
  };
  auto halfOf = [&](OpBuilder &at, Value chunk) -> Value {
    if (!doubled)
      return constant(at, 0);
    return arith::AndIOp::create(at, loc, chunk, constant(at, 1));
  };
  // Thread 0 sets up both mbarriers (the phase counts restart) and the
  // barrier after publishes them: before the first fill of each run of the
  // mma (or of its pipelined loop). Each thread first fences its earlier
  // accesses of shared memory to the async proxy, so that the copies, which
  // write through it, come after them (the planner may have given these
  // bytes to an earlier exchange).
  auto initBarriers = [&](OpBuilder &at) {
    NVVM::FenceProxyOp::create(
        at, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(at.getContext(),
                                   NVVM::SharedSpace::shared_cta));
    Value zero32 = arith::ConstantIntOp::create(at, loc, 0, 32);
    memref::StoreOp::create(at, loc, zero32, phases, constant(at, 0));
    Value barriers = barriersAt(at);
    scf::IfOp::create(at, loc, l.isFirstThread(at, loc),
                      [&](OpBuilder &then, Location) {
                        Value one32 = arith::ConstantIntOp::create(then, loc, 1, 32);
                        for (int64_t h = 0; h < 2; ++h)
                          tile_dist::MbarrierInitOp::create(
                              then, loc, barriers, constant(then, h), one32);
                        NVVM::FenceMbarrierInitOp::create(then, loc);
                        scf::YieldOp::create(then, loc);
                      });
    gpu::BarrierOp::create(at, loc);
  };
  // And gives them back after the last wait (all threads' waits are
  // before the barrier of the last chunk, which thread 0 has passed).
  auto invalidateBarriers = [&](OpBuilder &at) {
    Value barriers = barriersAt(at);
    scf::IfOp::create(at, loc, l.isFirstThread(at, loc),
                      [&](OpBuilder &then, Location) {
                        for (int64_t h = 0; h < 2; ++h)
                          tile_dist::MbarrierInvalOp::create(
                              then, loc, barriers, constant(then, h));
                        scf::YieldOp::create(then, loc);
                      });
  };
  // Waits for the TMA copies of chunk `chunk`: the phase of its half's
  // mbarrier that this thread has not waited for yet.
  auto waitForTensorCopies = [&](OpBuilder &at, Value chunk) {
    Value half = halfOf(at, chunk);
    Value half32 = arith::IndexCastOp::create(at, loc, at.getI32Type(), half);
    Value counted = memref::LoadOp::create(at, loc, phases, constant(at, 0));
    Value one32 = arith::ConstantIntOp::create(at, loc, 1, 32);
    Value parity = arith::AndIOp::create(
        at, loc, arith::ShRUIOp::create(at, loc, counted, half32), one32);
    tile_dist::MbarrierWaitOp::create(at, loc, barriersAt(at), half, parity);
    memref::StoreOp::create(
        at, loc,
        arith::XOrIOp::create(at, loc, counted,
                              arith::ShLIOp::create(at, loc, one32, half32)),
        phases, constant(at, 0));
  };
  // `operands` are the staged ones, or copies of them with views made
  // elsewhere; `with` their copiers, of this iteration or another.
  auto fillFrom = [&](OpBuilder &at, Value chunk,
                      ArrayRef<StagedOperand> operands,
                      ArrayRef<Copier> with) {
    for (auto [operand, copier] : llvm::zip(operands, with)) {
      if (operand.form.byTensorMap)
        continue;
      if (operand.form.copiedFrom)
        copyChunk(l, at, loc, operand, copier.threads, chunk, kc);
      else if (!operand.form.inRegisters)
        writeChunk(l, at, loc, operand, chunk, kc);
    }
    if (anyThreadCopies)
      NVVM::CpAsyncCommitGroupOp::create(at, loc);
    if (!anyTensorCopies)
      return;
    Value barriers = barriersAt(at);
    scf::IfOp::create(
        at, loc, l.isFirstThread(at, loc), [&](OpBuilder &then, Location) {
          Value half = halfOf(then, chunk);
          tile_dist::MbarrierExpectTxOp::create(
              then, loc, barriers, half,
              arith::ConstantIntOp::create(then, loc, tensorBytes, 32));
          for (auto [operand, copier] : llvm::zip(operands, with))
            if (operand.form.byTensorMap)
              copier.tensor(then, loc, chunk, operands, barriers, half);
          scf::YieldOp::create(then, loc);
        });
  };
  auto fill = [&](OpBuilder &at, Value chunk) {
    fillFrom(at, chunk, staged, copiers);
  };

  // With async copies, chunk c is filled before the barrier that starts
  // iteration c and read after it; iteration c starts the copies of chunk
  // c + 1 into the other half (the one iteration c - 1 read, which that
  // barrier has finished) before the tensor cores multiply chunk c, so the
  // copies overlap the mma. Registers are written in the iteration that
  // reads them, before its barrier (written a chunk ahead, they would stay
  // live longer beside the accumulators). Either way one barrier per chunk
  // where the arrays are double-buffered; the write-after-read barrier
  // before the first fill keeps it from overtaking an earlier exchange's
  // reads, and single-buffered, each fill has one.
  Value zero = constant(b, 0), one = constant(b, 1);
  cuda_tile::ForOp loop =
      anyCopied ? pipelinedLoop(l, op, staged, chunkCount) : cuda_tile::ForOp();
  auto loweredLoop = dyn_cast<scf::ForOp>(b.getInsertionBlock()->getParentOp());
  if (!loweredLoop)
    loop = {};
  // A pipelined loop's copies run an iteration ahead: the first
  // iteration's first chunk is copied before the loop (where the loop runs
  // at all), and iteration i's last chunk starts iteration i + 1's first.
  // The arrays' first use is then before the loop, so tile-sched keeps
  // their bytes for this mma through the whole loop, copies in flight
  // across its back edge included.
  auto copiersAt = [&](Value iv) {
    return copiersWith([&](cuda_tile::LoadViewTkoOp load) {
      SmallVector<Value> index;
      for (Value v : load.getIndex())
        index.push_back(v == loop.getInductionVar() ? iv : l.lookup(v));
      return index;
    });
  };
  Value hasNextIteration;
  if (loop) {
    bool isUnsigned = loop.getUnsignedCmp();
    {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPoint(loweredLoop);
      l.barrierBeforeSharedWrites(b, loc);
      Value lower = l.lookup(loop.getLowerBound());
      Value runs = arith::CmpIOp::create(
          b, loc,
          isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt,
          lower, l.lookup(loop.getUpperBound()));
      if (anyTensorCopies)
        initBarriers(b);
      SmallVector<Copier, 2> firstCopiers = copiersAt(lower);
      // Views of the arrays made here: the loop body's are inside it.
      SmallVector<StagedOperand, 2> outside(staged);
      for (StagedOperand &operand : outside)
        operand.buffer = sharedView(
            b, operand.arrays, operand.sharedType,
            cast<MemRefType>(operand.buffer.getType()).getNumElements(),
            operand.offset);
      scf::IfOp::create(b, loc, runs, [&](OpBuilder &then, Location) {
        fillFrom(then, constant(then, 0), outside, firstCopiers);
        scf::YieldOp::create(then, loc);
      });
    }
    // iv + step < upper, without overflow: in 64 bits.
    Value iv = l.lookup(loop.getInductionVar());
    Value step = l.lookup(loop.getStep());
    auto wide = [&](Value v) -> Value {
      Type i64 = b.getI64Type();
      if (v.getType() == i64)
        return v;
      if (isUnsigned)
        return arith::ExtUIOp::create(b, loc, i64, v);
      return arith::ExtSIOp::create(b, loc, i64, v);
    };
    hasNextIteration = arith::CmpIOp::create(
        b, loc,
        isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt,
        arith::AddIOp::create(b, loc, wide(iv), wide(step)),
        wide(l.lookup(loop.getUpperBound())));
  } else if (anyCopied) {
    l.barrierBeforeSharedWrites(b, loc);
    if (anyTensorCopies)
      initBarriers(b);
    fill(b, zero);
  } else if (doubled) {
    l.barrierBeforeSharedWrites(b, loc);
  }
  auto chunks = scf::ForOp::create(
      b, loc, zero, constant(b, chunkCount), one, sums,
      [&](OpBuilder &inChunks, Location, Value chunk, ValueRange chunkSums) {
        if (anyCopied) {
          if (anyThreadCopies)
            NVVM::CpAsyncWaitGroupOp::create(inChunks, loc, 0);
          if (anyTensorCopies)
            waitForTensorCopies(inChunks, chunk);
        } else {
          if (!doubled)
            l.barrierBeforeSharedWrites(inChunks, loc);
          fill(inChunks, chunk);
        }
        // The async proxy sees this thread's writes once they are fenced;
        // the barrier then makes every thread's visible to it.
        if (asyncProxyReads)
          NVVM::FenceProxyOp::create(
              inChunks, loc, NVVM::ProxyKind::async_shared,
              NVVM::SharedSpaceAttr::get(inChunks.getContext(),
                                         NVVM::SharedSpace::shared_cta));
        gpu::BarrierOp::create(inChunks, loc);
        if (anyCopied && chunkCount > 1) {
          Value next = arith::AddIOp::create(inChunks, loc, chunk, one);
          Value hasNext = arith::CmpIOp::create(
              inChunks, loc, arith::CmpIPredicate::ult, next,
              constant(inChunks, chunkCount));
          // (The region builders are l.b() itself, moved into the regions,
          // as the copies' constants need.)
          auto thisIteration = [&](OpBuilder &then, Location) {
            fill(then, next);
            scf::YieldOp::create(then, loc);
          };
          auto nextIteration = [&](OpBuilder &otherwise, Location) {
            scf::IfOp::create(otherwise, loc, hasNextIteration,
                              [&](OpBuilder &then, Location) {
                                // The next iteration's tile origins, made
                                // here to keep them out of the registers
                                // live beside the accumulators.
                                Value nextIv = arith::AddIOp::create(
                                    then, loc,
                                    l.lookup(loop.getInductionVar()),
                                    l.lookup(loop.getStep()));
                                fillFrom(then, constant(then, 0), staged,
                                         copiersAt(nextIv));
                                scf::YieldOp::create(then, loc);
                              });
            scf::YieldOp::create(otherwise, loc);
          };
          if (loop)
            scf::IfOp::create(inChunks, loc, hasNext, thisIteration,
                              nextIteration);
          else
            scf::IfOp::create(inChunks, loc, hasNext, thisIteration);
        }
        scf::YieldOp::create(inChunks, loc,
                             multiply(inChunks, chunk, chunkSums));
      });
  if (anyTensorCopies) {
    if (loop) {
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointAfter(loweredLoop);
      invalidateBarriers(b);
    } else {
      invalidateBarriers(b);
    }
  }
  return SmallVector<Value>(chunks.getResults());
}
