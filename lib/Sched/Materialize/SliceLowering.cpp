//===- SliceLowering.cpp - extract, insert and cat in the parallel form ---===//
//
// Where every thread holds its part of a slice at constant indices
// (ShapeLayouts.h), extract reselects registers and insert replaces them;
// other layouts, and indices known only at run time, exchange the tile
// through shared memory. cat joins its operands in the left one's layout
// with one more register bit (concatenatedLayout).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Materialize/TileLowering.h"

#include "tilechain/Lower/ShapeLayouts.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace tilechain;

using LL = LinearLayout;

namespace {

/// The tile-granular indices of a slice when all are constants.
std::optional<SmallVector<int64_t>> constantIndices(TileLowering &l,
                                                    ValueRange indices) {
  SmallVector<int64_t> values;
  for (Value index : indices) {
    APInt value;
    if (!matchPattern(l.lookup(index), m_ConstantInt(&value)))
      return std::nullopt;
    values.push_back(value.getSExtValue());
  }
  return values;
}

/// Element offsets of the slice that tile-granular `indices` select: index i
/// of dimension d starts at i * sliceShape[d].
SmallVector<Value> sliceOffsets(TileLowering &l, Location loc,
                                ValueRange indices,
                                ArrayRef<int64_t> sliceShape) {
  SmallVector<Value> offsets;
  for (auto [index, size] : llvm::zip_equal(indices, sliceShape)) {
    Value i = l.toIndex(l.b(), loc, l.lookup(index));
    offsets.push_back(
        arith::MulIOp::create(l.b(), loc, i, l.indexConstant(loc, size)));
  }
  return offsets;
}

/// Reads element `coords` of a tile that tileInShared wrote in a layout of
/// shape `stored` (a broadcast's size-1 dims take any coordinate).
Value readShared(OpBuilder &b, Location loc, Value buffer,
                 ArrayRef<int64_t> stored, ArrayRef<Value> coords,
                 Type element) {
  Value flat = TileLowering::tileInSharedIndex(b, loc, stored, coords);
  return fromShared(b, loc, memref::LoadOp::create(b, loc, buffer, flat),
                    element);
}

// --- serial form --------------------------------------------------------------

/// Writes every element of `from` into `to` at its own index plus `offsets`.
void copyInto(TileLowering &l, Location loc, Value from,
              ArrayRef<int64_t> fromShape, Value to, ValueRange offsets) {
  l.forEachElement(loc, fromShape,
                   [&](OpBuilder &b, Location nl, ValueRange ivs) {
                     SmallVector<Value> at;
                     for (auto [iv, offset] : llvm::zip_equal(ivs, offsets))
                       at.push_back(arith::AddIOp::create(b, nl, iv, offset));
                     l.writeElement(b, nl, l.readElement(b, nl, from, ivs), to,
                                    at);
                   });
}

LogicalResult lowerCat(TileLowering &l, cuda_tile::CatOp op) {
  Location loc = op.getLoc();
  ArrayRef<int64_t> lhsShape = tileShape(op.getLhs().getType());
  ArrayRef<int64_t> rhsShape = tileShape(op.getRhs().getType());
  Value result = l.allocTileFor(loc, op.getType());
  Value zero = l.indexConstant(loc, 0);
  SmallVector<Value> offsets(lhsShape.size(), zero);
  copyInto(l, loc, l.lookup(op.getLhs()), lhsShape, result, offsets);
  offsets[op.getDim()] = l.indexConstant(loc, lhsShape[op.getDim()]);
  copyInto(l, loc, l.lookup(op.getRhs()), rhsShape, result, offsets);
  l.map(op.getResult(), result);
  return success();
}

LogicalResult lowerExtract(TileLowering &l, cuda_tile::ExtractOp op) {
  Location loc = op.getLoc();
  ArrayRef<int64_t> shape = tileShape(op.getType());
  Value source = l.lookup(op.getSource());
  if (shape == tileShape(op.getSource().getType())) {
    l.map(op.getResult(), source);
    return success();
  }
  SmallVector<Value> offsets = sliceOffsets(l, loc, op.getIndices(), shape);
  Value result = l.allocTileFor(loc, op.getType());
  l.forEachElement(loc, shape, [&](OpBuilder &b, Location nl, ValueRange ivs) {
    SmallVector<Value> at;
    for (auto [iv, offset] : llvm::zip_equal(ivs, offsets))
      at.push_back(arith::AddIOp::create(b, nl, iv, offset));
    l.writeElement(b, nl, l.readElement(b, nl, source, at), result, ivs);
  });
  l.map(op.getResult(), result);
  return success();
}

LogicalResult lowerInsert(TileLowering &l, cuda_tile::InsertOp op) {
  Location loc = op.getLoc();
  ArrayRef<int64_t> shape = tileShape(op.getSource().getType());
  if (shape == tileShape(op.getType())) {
    l.mapAlias(op.getResult(), op.getSource());
    return success();
  }
  SmallVector<Value> offsets = sliceOffsets(l, loc, op.getIndices(), shape);
  Value result = l.allocTileFor(loc, op.getType());
  l.copyTile(loc, l.lookup(op.getDestination()), result);
  copyInto(l, loc, l.lookup(op.getSource()), shape, result, offsets);
  l.map(op.getResult(), result);
  return success();
}

// --- parallel form -------------------------------------------------------------

LogicalResult lowerExtractParallel(TileLowering &l, cuda_tile::ExtractOp op) {
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  Value source = op.getSource();
  ArrayRef<int64_t> shape = tileShape(op.getType());
  if (shape == tileShape(source.getType())) {
    l.mapAlias(op.getResult(), source);
    return success();
  }
  LL layout = l.layoutOf(source);
  if (std::optional<SmallVector<int64_t>> indices =
          constantIndices(l, op.getIndices()))
    if (std::optional<SliceInRegisters> slice =
            sliceInRegisters(layout, shape, *indices)) {
      FailureOr<SmallVector<Value>> registers = l.registersIn(source, layout);
      if (failed(registers))
        return failure();
      SmallVector<Value> selected;
      for (int64_t reg : slice->tileRegisters)
        selected.push_back((*registers)[reg]);
      l.map(op.getResult(), l.makeDistributed(loc, selected, slice->layout));
      return success();
    }

  // Each thread reads the elements of the slice it holds in the default
  // layout from the whole tile in shared memory.
  SmallVector<Value> offsets = sliceOffsets(l, loc, op.getIndices(), shape);
  ArrayRef<int64_t> stored = l.getLayout(l.lookup(source)).getShape();
  FailureOr<Value> buffer = l.tileInShared(op, source);
  if (failed(buffer))
    return failure();
  Type element = tileElementType(op.getType());
  LL resultLayout = l.defaultLayout(op.getType());
  SmallVector<Value> registers;
  for (int64_t reg = 0, e = resultLayout.getSize(LL::Register); reg < e;
       ++reg) {
    SmallVector<Value> coords = l.elementCoords(b, loc, resultLayout, reg);
    for (auto [coord, offset] : llvm::zip_equal(coords, offsets))
      coord = arith::AddIOp::create(b, loc, coord, offset);
    registers.push_back(readShared(b, loc, *buffer, stored, coords, element));
  }
  l.map(op.getResult(), l.makeDistributed(loc, registers, resultLayout));
  return success();
}

LogicalResult lowerInsertParallel(TileLowering &l, cuda_tile::InsertOp op) {
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  Value source = op.getSource();
  Value destination = op.getDestination();
  ArrayRef<int64_t> shape = tileShape(source.getType());
  if (shape == tileShape(op.getType())) {
    l.mapAlias(op.getResult(), source);
    return success();
  }
  LL layout = l.layoutOf(destination);
  FailureOr<SmallVector<Value>> registers = l.registersIn(destination, layout);
  if (failed(registers))
    return failure();
  if (std::optional<SmallVector<int64_t>> indices =
          constantIndices(l, op.getIndices()))
    if (std::optional<SliceInRegisters> slice =
            sliceInRegisters(layout, shape, *indices)) {
      FailureOr<SmallVector<Value>> inserted =
          l.registersIn(source, slice->layout);
      if (failed(inserted))
        return failure();
      for (auto [reg, sliceReg] : llvm::enumerate(slice->sliceRegisters))
        if (sliceReg >= 0)
          (*registers)[reg] = (*inserted)[sliceReg];
      l.map(op.getResult(), l.makeDistributed(loc, *registers, layout));
      return success();
    }

  // The slice goes through shared memory; each register of the destination
  // inside it takes the element there.
  SmallVector<Value> offsets = sliceOffsets(l, loc, op.getIndices(), shape);
  ArrayRef<int64_t> stored = l.getLayout(l.lookup(source)).getShape();
  FailureOr<Value> buffer = l.tileInShared(op, source);
  if (failed(buffer))
    return failure();
  Type element = tileElementType(op.getType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  for (int64_t reg = 0, e = layout.getSize(LL::Register); reg < e; ++reg) {
    SmallVector<Value> coords = l.elementCoords(b, loc, layout, reg);
    Value inside;
    for (auto [coord, offset, size] : llvm::zip_equal(coords, offsets, shape)) {
      // coord - offset < size, unsigned, also rejects coord < offset.
      Value relative = arith::SubIOp::create(b, loc, coord, offset);
      Value within = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ult, relative,
          arith::ConstantIndexOp::create(b, loc, size));
      inside = inside ? arith::AndIOp::create(b, loc, inside, within) : within;
      coord = relative;
    }
    // Threads outside the slice read element 0, which is there.
    for (Value &coord : coords)
      coord = arith::SelectOp::create(b, loc, inside, coord, zero);
    Value loaded = readShared(b, loc, *buffer, stored, coords, element);
    (*registers)[reg] =
        arith::SelectOp::create(b, loc, inside, loaded, (*registers)[reg]);
  }
  l.map(op.getResult(), l.makeDistributed(loc, *registers, layout));
  return success();
}

LogicalResult lowerCatParallel(TileLowering &l, cuda_tile::CatOp op) {
  Value lhs = op.getLhs(), rhs = op.getRhs();
  unsigned dim = op.getDim();
  ArrayRef<int64_t> shape = tileShape(lhs.getType());
  if (shape != tileShape(rhs.getType()))
    return l.declineParallel(op, "its operands differ in shape");
  // Both operands in the left one's layout, and one more register bit that
  // walks from the left operand to the right one.
  LL layout = l.layoutOf(lhs);
  FailureOr<SmallVector<Value>> registers = l.registersIn(lhs, layout);
  if (failed(registers))
    return failure();
  FailureOr<SmallVector<Value>> right = l.registersIn(rhs, layout);
  if (failed(right))
    return failure();
  registers->append(right->begin(), right->end());

  l.map(op.getResult(),
        l.makeDistributed(op.getLoc(), *registers,
                          concatenatedLayout(layout, tileShape(op.getType()),
                                             dim)));
  return success();
}

} // namespace

void tilechain::addSliceLowerings(LoweringTable &table, TileForm form) {
  if (form == TileForm::Parallel) {
    table.add<cuda_tile::CatOp>(lowerCatParallel);
    table.add<cuda_tile::ExtractOp>(lowerExtractParallel);
    table.add<cuda_tile::InsertOp>(lowerInsertParallel);
    return;
  }
  table.add<cuda_tile::CatOp>(lowerCat);
  table.add<cuda_tile::ExtractOp>(lowerExtract);
  table.add<cuda_tile::InsertOp>(lowerInsert);
}
