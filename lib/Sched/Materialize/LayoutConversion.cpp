//===- LayoutConversion.cpp - tile_dist.convert_layout carried out --------===//
//
// A change of layout moves elements between threads: every thread writes
// the elements it holds (each once) to shared memory, the CTA waits at a
// barrier, and every thread reads the elements it holds in the new layout.
// A barrier before the writes keeps them from overtaking an earlier
// exchange's reads of the same bytes; tile-sched drops it where nothing
// since the last barrier touched them.
//
// A tile larger than the kernel's shared memory goes in rounds, as
// Triton's conversions do: a bit of the flat index that only registers set
// in the new layout (never a lane or a warp) splits the tile into halves
// whose elements every thread finds among its registers by their index, so
// each round moves one share through a buffer of that share's size; where
// lanes or warps set the bit in the old layout, a thread writes in the
// rounds of the elements it holds.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Materialize/LayoutConversion.h"

#include "tilechain/Sched/Materialize/TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilechain;

using LL = LinearLayout;

/// Where an exchange through shared memory keeps element `flat` (row-major)
/// of a tile of `rows` rows of `rowLength` elements that take `bytes`.
///
/// Shared memory has 32 banks of 4 bytes. Stored row-major, a tile whose
/// rows span a multiple of 128 bytes has each column in one bank, and a
/// transpose, where consecutive lanes read consecutive rows of one column,
/// has every lane of a warp wait for the same bank. So the column is XORed
/// with the row number modulo m, the number of elements in 128 bytes (at
/// most the row length and the row count): each row keeps its elements,
/// permuted within it, so the buffer stays the tile's size (a 32x32 f32
/// transpose takes 4096 bytes, as NVIDIA's does); consecutive elements of a
/// row still fall in distinct banks, and m consecutive rows of one column
/// now do too. The XOR is per element, not per 16-byte group: a thread's
/// run of registers is then no longer contiguous in shared memory (scalar
/// rather than vector shared accesses), but a group-wise XOR would leave
/// a transpose's column accesses 4-way conflicted for f32.
static Value swizzledSlot(OpBuilder &b, Location loc, Value flat,
                          int64_t rowLength, int64_t rows, int64_t bytes) {
  int64_t period =
      std::min({rowLength, rows, std::max<int64_t>(1, 128 / bytes)});
  if (period <= 1)
    return flat;
  Value row = arith::ShRUIOp::create(
      b, loc, flat,
      arith::ConstantIndexOp::create(b, loc, llvm::Log2_64(rowLength)));
  Value phase = arith::AndIOp::create(
      b, loc, row, arith::ConstantIndexOp::create(b, loc, period - 1));
  return arith::XOrIOp::create(b, loc, flat, phase);
}

/// The rows and the row length of the row-major tile that a share of
/// `layout`'s tile forms, once the bits of `roundBits` are taken out of
/// the flat index.
static std::pair<int64_t, int64_t> shareGeometry(const LL &layout,
                                                 uint64_t roundBits) {
  unsigned rowBits =
      layout.getRank() ? log2Exact(layout.getShape().back()) : 0;
  unsigned keptRowBits =
      rowBits - llvm::popcount(roundBits & ((uint64_t(1) << rowBits) - 1));
  unsigned keptBits = layout.getNumElementBits() - llvm::popcount(roundBits);
  return {int64_t(1) << (keptBits - keptRowBits), int64_t(1) << keptRowBits};
}

/// `value` with the bits of `dropped` taken out, those above each one moving
/// down.
static uint64_t compressBits(uint64_t value, uint64_t dropped) {
  for (int bit = 63; bit >= 0; --bit)
    if (dropped >> bit & 1) {
      uint64_t low = (uint64_t(1) << bit) - 1;
      value = (value & low) | ((value >> (bit + 1)) << bit);
    }
  return value;
}

/// compressBits of an index value.
static Value compressIndex(OpBuilder &b, Location loc, Value flat,
                           uint64_t dropped) {
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  for (int bit = 63; bit >= 0; --bit)
    if (dropped >> bit & 1) {
      Value low = arith::AndIOp::create(b, loc, flat,
                                        constant((int64_t(1) << bit) - 1));
      Value high = arith::ShRUIOp::create(b, loc, flat, constant(bit + 1));
      flat = arith::OrIOp::create(
          b, loc, low, arith::ShLIOp::create(b, loc, high, constant(bit)));
    }
  return flat;
}

/// The registers of `to`, read back from `view` where `from`'s were
/// written at swizzledSlot.
static SmallVector<Value> readRegisters(OpBuilder &b, Location loc,
                                        const LL &from, const LL &to,
                                        Value view, Type element, Value lane,
                                        Value warp, int64_t bytes) {
  Value threadFlat = threadFlatIndex(b, loc, to, lane, warp);
  SmallVector<Value> result;
  for (int64_t reg = 0, e = to.getSize(LL::Register); reg < e; ++reg) {
    // The source element: the target's coordinates, with those of the
    // dims a broadcast widens dropped.
    SmallVector<Value> coords = unflattenIndex(
        b, loc, to,
        arith::XOrIOp::create(
            b, loc, threadFlat,
            arith::ConstantIndexOp::create(b, loc,
                                           to.applyOne(LL::Register, reg))));
    Value flat = arith::ConstantIndexOp::create(b, loc, 0);
    for (auto [coord, size] : llvm::zip(coords, from.getShape())) {
      flat = arith::MulIOp::create(b, loc, flat,
                                   arith::ConstantIndexOp::create(b, loc, size));
      if (size != 1)
        flat = arith::AddIOp::create(b, loc, flat, coord);
    }
    auto [rows, rowLength] = shareGeometry(from, 0);
    Value loaded = memref::LoadOp::create(
        b, loc, view, swizzledSlot(b, loc, flat, rowLength, rows, bytes));
    result.push_back(fromShared(b, loc, loaded, element));
  }
  return result;
}

/// The registers of `to` from `registers` in `from`, the whole tile at once
/// through `buffer`.
static SmallVector<Value> exchangeWhole(OpBuilder &b, Location loc,
                                        ArrayRef<Value> registers,
                                        const LL &from, const LL &to,
                                        Value buffer, Type element, Value lane,
                                        Value warp) {
  Type shared = sharedElementType(element);
  int64_t bytes = sharedElementBytes(shared);
  Value view = sharedView(b, buffer, shared,
                          int64_t(1) << from.getNumElementBits());
  auto [rows, rowLength] = shareGeometry(from, 0);
  TileLowering::barrierBeforeSharedWrites(b, loc);
  writeRegistersToShared(
      b, loc, registers, from, view, threadFlatIndex(b, loc, from, lane, warp),
      [&](OpBuilder &b, Location loc, Value flat) {
        return swizzledSlot(b, loc, flat, rowLength, rows, bytes);
      });
  gpu::BarrierOp::create(b, loc);
  return readRegisters(b, loc, from, to, view, element, lane, warp, bytes);
}

/// The registers of `to` from `registers` in `from` (same shape), one share
/// of the tile per round: the elements whose bits of `roundBits` take one
/// value. Only registers set those bits in `to`, so each thread reads the
/// registers a round's index names; where lanes or warps set some of them
/// in `from`, a thread writes in a round only if its own part of them
/// matches. `buffer` holds one share.
static SmallVector<Value>
exchangeInRounds(OpBuilder &b, Location loc, ArrayRef<Value> registers,
                 const LL &from, const LL &to, uint64_t roundBits,
                 Value buffer, Type element, Value lane, Value warp) {
  Type shared = sharedElementType(element);
  int64_t bytes = sharedElementBytes(shared);
  unsigned keptBits = from.getNumElementBits() - llvm::popcount(roundBits);
  Value view = sharedView(b, buffer, shared, int64_t(1) << keptBits);
  auto [rows, rowLength] = shareGeometry(from, roundBits);
  auto constant = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  // Where a thread's element sits in the buffer: its flat index without the
  // round bits, swizzled.
  auto slot = [&](OpBuilder &b, Value threadSlot, uint64_t registerPart) {
    Value flat = arith::XOrIOp::create(
        b, loc, threadSlot,
        arith::ConstantIndexOp::create(b, loc,
                                       compressBits(registerPart, roundBits)));
    return swizzledSlot(b, loc, flat, rowLength, rows, bytes);
  };
  Value fromFlat = threadFlatIndex(b, loc, from, lane, warp);
  Value fromSlot = compressIndex(b, loc, fromFlat, roundBits);
  Value toSlot =
      compressIndex(b, loc, threadFlatIndex(b, loc, to, lane, warp), roundBits);
  // The round bits that lanes or warps set in `from`, and this thread's.
  uint64_t threadRoundBits = roundBits & ~from.getRegisterOnlyBits();
  Value threadShare =
      threadRoundBits
          ? arith::AndIOp::create(b, loc, fromFlat, constant(threadRoundBits))
          : Value();
  uint64_t duplicates = from.getBroadcastMask(LL::Register);
  SmallVector<Value> result(to.getSize(LL::Register));
  for (uint64_t round = 0, e = uint64_t(1) << llvm::popcount(roundBits);
       round < e; ++round) {
    // The round bits of this round's share.
    uint64_t share = 0;
    for (uint64_t bits = roundBits, next = round; bits; bits &= bits - 1) {
      if (next & 1)
        share |= bits & -bits;
      next >>= 1;
    }
    TileLowering::barrierBeforeSharedWrites(b, loc);
    // The registers of the share, by the thread part of the round bits
    // that puts them there.
    llvm::MapVector<uint64_t, SmallVector<int64_t>> writers;
    for (int64_t reg = 0, e = registers.size(); reg < e; ++reg) {
      uint64_t needed = share ^ (from.applyOne(LL::Register, reg) & roundBits);
      if (!(reg & duplicates) && !(needed & ~threadRoundBits))
        writers[needed].push_back(reg);
    }
    for (auto &[needed, regs] : writers) {
      OpBuilder::InsertionGuard guard(b);
      if (threadShare) {
        Value writes = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq, threadShare, constant(needed));
        auto write = scf::IfOp::create(b, loc, writes,
                                       /*withElseRegion=*/false);
        b.setInsertionPoint(write.thenBlock()->getTerminator());
      }
      for (int64_t reg : regs)
        memref::StoreOp::create(
            b, loc, toShared(b, loc, registers[reg], shared), view,
            slot(b, fromSlot, from.applyOne(LL::Register, reg)));
    }
    gpu::BarrierOp::create(b, loc);
    for (int64_t reg = 0, e = result.size(); reg < e; ++reg) {
      uint64_t part = to.applyOne(LL::Register, reg);
      if ((part & roundBits) != share)
        continue;
      Value loaded =
          memref::LoadOp::create(b, loc, view, slot(b, toSlot, part));
      result[reg] = fromShared(b, loc, loaded, element);
    }
  }
  return result;
}

std::optional<uint64_t> tilechain::exchangeRoundBits(const LL &from,
                                                     const LL &to,
                                                     int64_t bytes,
                                                     int64_t limit) {
  if (bytes <= limit)
    return 0;
  if (from.getShape() != to.getShape())
    return std::nullopt;
  // Bits only registers set in `to`: those that only registers set in
  // `from` too first (no thread then skips a round's writes), each set
  // from the highest bit down (the shares are then runs of whole rows).
  uint64_t reads = to.getRegisterOnlyBits();
  uint64_t writes = from.getRegisterOnlyBits();
  uint64_t roundBits = 0;
  for (uint64_t candidates : {reads & writes, reads & ~writes})
    for (int bit = 63; bit >= 0 && bytes > limit; --bit)
      if (candidates >> bit & 1) {
        roundBits |= uint64_t(1) << bit;
        bytes /= 2;
      }
  if (bytes > limit)
    return std::nullopt;
  return roundBits;
}

void tilechain::materializeLayoutConversion(tile_dist::ConvertLayoutOp op,
                                            Value lane, Value warp,
                                            int64_t sharedBytesLimit) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  LL from = op.getFrom().getLayout(), to = op.getTo().getLayout();
  auto sourceType = cast<VectorType>(op.getSource().getType());
  Type element = sourceType.getElementType();
  SmallVector<Value> registers;
  for (int64_t reg = 0, e = sourceType.getNumElements(); reg < e; ++reg)
    registers.push_back(vector::ExtractOp::create(b, loc, op.getSource(), reg));

  SmallVector<Value> result;
  if (std::optional<SmallVector<int64_t>> selection = from.registersFor(to)) {
    for (int64_t reg : *selection)
      result.push_back(registers[reg]);
  } else {
    int64_t wholeBytes = layoutConversionBytes(from, element);
    // Where no rounds make it fit, the whole tile at once: tile-sched's
    // shared-memory plan then says that the kernel's exchanges do not fit.
    uint64_t roundBits =
        exchangeRoundBits(from, to, wholeBytes, sharedBytesLimit).value_or(0);
    Value buffer = addSharedBuffer(op->getParentOfType<gpu::GPUFuncOp>(),
                                   wholeBytes >> llvm::popcount(roundBits),
                                   loc);
    if (roundBits)
      result = exchangeInRounds(b, loc, registers, from, to, roundBits, buffer,
                                element, lane, warp);
    else
      result = exchangeWhole(b, loc, registers, from, to, buffer, element,
                             lane, warp);
  }
  Value converted = vector::FromElementsOp::create(
      b, loc, cast<VectorType>(op.getType()), result);
  op.getResult().replaceAllUsesWith(converted);
  op.erase();
}
