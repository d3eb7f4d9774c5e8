//===- LayoutConversion.cpp - tile_dist.convert_layout carried out --------===//
//
// A change of layout moves elements between threads: every thread writes
// the elements it holds (each once) to shared memory, the CTA waits at a
// barrier, and every thread reads the elements it holds in the new layout.
// A barrier before the writes keeps them from overtaking an earlier
// exchange's reads of the same bytes; tile-sched drops it where nothing
// since the last barrier touched them.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Materialize/LayoutConversion.h"

#include "tilechain/Sched/Materialize/TileLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilechain;

using LL = LinearLayout;

/// Where an exchange through shared memory keeps element `flat` (row-major)
/// of a tile of `shape` whose elements take `bytes`.
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
                          ArrayRef<int64_t> shape, int64_t bytes) {
  if (shape.size() < 2)
    return flat;
  int64_t rowLength = shape.back();
  int64_t rows = 1;
  for (int64_t extent : shape.drop_back())
    rows *= extent;
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
    Value loaded = memref::LoadOp::create(
        b, loc, view, swizzledSlot(b, loc, flat, from.getShape(), bytes));
    result.push_back(fromShared(b, loc, loaded, element));
  }
  return result;
}

void tilechain::materializeLayoutConversion(tile_dist::ConvertLayoutOp op,
                                            Value lane, Value warp) {
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
    Type shared = sharedElementType(element);
    int64_t bytes = sharedElementBytes(shared);
    Value buffer =
        addSharedBuffer(op->getParentOfType<gpu::GPUFuncOp>(),
                        layoutConversionBytes(from, element), loc);
    Value view = sharedView(b, buffer, shared,
                            int64_t(1) << from.getNumElementBits());
    TileLowering::barrierBeforeSharedWrites(b, loc);
    writeRegistersToShared(
        b, loc, registers, from, view, threadFlatIndex(b, loc, from, lane, warp),
        [&](OpBuilder &b, Location loc, Value flat) {
          return swizzledSlot(b, loc, flat, from.getShape(), bytes);
        });
    gpu::BarrierOp::create(b, loc);
    result = readRegisters(b, loc, from, to, view, element, lane, warp, bytes);
  }
  Value converted = vector::FromElementsOp::create(
      b, loc, cast<VectorType>(op.getType()), result);
  op.getResult().replaceAllUsesWith(converted);
  op.erase();
}
