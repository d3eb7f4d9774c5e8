//===- MmaStaging.cpp - mma operands through shared memory ----------------===//
#include "MmaStaging.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

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
    operand.rows = contiguous ? width : kc;
    operand.rowLength =
        contiguous ? contiguousRowLength(kc, bytes)
                   : (form.paddedRows ? contiguousRowLength(width, bytes) : width);
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
  operands[0].offset = 0;
  operands[1].offset = llvm::alignTo(arrayBytes(operands[0]), 16);
  int64_t halfBytes =
      llvm::alignTo(operands[1].offset + arrayBytes(operands[1]), 16);
  bool doubled = chunks > 1;
  FailureOr<Value> arrays = l.allocShared(op, doubled ? 2 * halfBytes : halfBytes);
  if (failed(arrays))
    return failure();
  for (StagedOperand &operand : operands) {
    operand.arrays = *arrays;
    operand.halfBytes = doubled ? halfBytes : 0;
    // Both halves: the second starts halfBytes (a multiple of 16) after.
    operand.buffer = l.sharedView(
        *arrays, operand.sharedType,
        operand.halfBytes / sharedElementBytes(operand.sharedType) +
            batch * operand.rows * operand.rowLength,
        operand.offset);
    if (operand.form.copiedFrom)
      continue;
    SmallVector<Value> coords = l.elementCoords(b, loc, operand.layout, 0);
    Value k = coords[operand.kDim];
    operand.threadChunk = arith::ShRUIOp::create(
        b, loc, k, arith::ConstantIndexOp::create(b, loc, log2Exact(kc)));
    bool contiguous = operand.form.order == ChunkOrder::KContiguous;
    operand.threadSlot = chunkSlot(
        b, loc, operand.form.order, rank == 3 ? coords[0] : Value(),
        arith::AndIOp::create(b, loc, k,
                              arith::ConstantIndexOp::create(b, loc, kc - 1)),
        coords[operand.xDim], contiguous ? operand.rowLength : kc,
        contiguous ? operand.rows : operand.rowLength);
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

void mma::writeChunk(TileLowering &l, OpBuilder &b, Location loc,
                     const StagedOperand &operand, Value chunk, int64_t kc) {
  const LinearLayout &layout = operand.layout;
  Value threadSlot = arith::AddIOp::create(
      b, loc, operand.threadSlot,
      halfOffset(b, loc, operand, chunk, sharedElementBytes(operand.sharedType)));
  ArrayRef<int64_t> shape = layout.getShape();
  bool contiguous = operand.form.order == ChunkOrder::KContiguous;
  uint64_t duplicates = layout.getBroadcastMask(LinearLayout::Register);
  for (auto [reg, value] : llvm::enumerate(operand.registers)) {
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
    int64_t slot = chunkSlot(operand.form.order, shape.size() == 3 ? part[0] : 0,
                             k % kc, part[operand.xDim],
                             contiguous ? operand.rowLength : kc,
                             contiguous ? operand.rows : operand.rowLength);
    Value address = arith::AddIOp::create(
        b, loc, threadSlot, arith::ConstantIndexOp::create(b, loc, slot));
    scf::IfOp::create(b, loc, inChunk, [&](OpBuilder &then, Location) {
      memref::StoreOp::create(
          then, loc, toShared(then, loc, value, operand.sharedType),
          operand.buffer, address);
      scf::YieldOp::create(then, loc);
    });
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
      // Row rowOfAll (batch included) of the array, element `along`.
      Value slot = arith::AddIOp::create(
          at, loc,
          arith::AddIOp::create(
              at, loc,
              arith::MulIOp::create(at, loc, rowOfAll, c(operand.rowLength)),
              along),
          half);
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
