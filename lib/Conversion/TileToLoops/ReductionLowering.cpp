//===- ReductionLowering.cpp - reduce and scan -> ordered folds ------------===//
//
// Both ops fold the elements along `dim` with their pure body, whose block
// arguments come in (accumulated, next) pairs, one pair per operand. The fold
// is a left fold in index order (reverse index order for reverse scans) that
// starts from the first element, so the combination order is fixed and no
// identity is ever combined in: the identities only matter for empty
// dimensions, which tiles do not have.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Conversion/TileToLoops/TileLowering.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tilechain;

namespace {
/// The pieces of a reduce or scan the fold needs.
struct Fold {
  Operation *op;
  Block *body;
  unsigned dim;
  bool reverse;
};
} // namespace

/// `outer` (the position without `dim`) with `inner` inserted at `dim`.
static SmallVector<Value> insertIndex(ValueRange outer, unsigned dim,
                                      Value inner) {
  SmallVector<Value> ivs(outer.begin(), outer.end());
  ivs.insert(ivs.begin() + dim, inner);
  return ivs;
}

/// Lowers the body once at the builder's insertion point with its block
/// arguments bound to `accumulated` and `next`; returns the yielded scalars.
static FailureOr<SmallVector<Value>> combine(TileLowering &l, Block *body,
                                             ValueRange accumulated,
                                             ValueRange next) {
  for (auto [i, acc, element] : llvm::enumerate(accumulated, next)) {
    l.map(body->getArgument(2 * i), acc);
    l.map(body->getArgument(2 * i + 1), element);
  }
  if (failed(l.lowerBlock(*body)))
    return failure();
  SmallVector<Value> results;
  for (Value yielded : body->getTerminator()->getOperands())
    results.push_back(l.lookup(yielded));
  return results;
}

/// Emits the fold for one position `outer` of the non-folded dims. Calls
/// `visit(step, accumulated)` after each step (step is an index value) and
/// returns the final accumulated scalars.
static FailureOr<SmallVector<Value>>
foldAlong(TileLowering &l, const Fold &fold, ArrayRef<Value> operands,
          ValueRange outer,
          function_ref<void(Value step, ValueRange accumulated)> visit) {
  OpBuilder &b = l.b();
  Location loc = fold.op->getLoc();
  int64_t extent =
      TileLowering::tileShape(fold.op->getOperand(0).getType())[fold.dim];
  // Position of the k-th folded element.
  auto position = [&](Value k) -> Value {
    if (!fold.reverse)
      return k;
    Value last = l.indexConstant(loc, extent - 1);
    return arith::SubIOp::create(b, loc, last, k);
  };
  auto readAll = [&](Value k) {
    SmallVector<Value> elements;
    SmallVector<Value> ivs = insertIndex(outer, fold.dim, position(k));
    for (Value operand : operands)
      elements.push_back(l.readElement(b, loc, operand, ivs));
    return elements;
  };

  Value first = l.indexConstant(loc, 0);
  SmallVector<Value> initial = readAll(first);
  visit(first, initial);
  if (extent == 1)
    return initial;

  LogicalResult bodyResult = success();
  Value one = l.indexConstant(loc, 1);
  Value end = l.indexConstant(loc, extent);
  auto loop = scf::ForOp::create(
      b, loc, one, end, one, initial,
      [&](OpBuilder &, Location, Value k, ValueRange accumulated) {
        FailureOr<SmallVector<Value>> combined =
            combine(l, fold.body, accumulated, readAll(k));
        if (failed(combined)) {
          bodyResult = failure();
          scf::YieldOp::create(b, loc, accumulated);
          return;
        }
        visit(k, *combined);
        scf::YieldOp::create(b, loc, *combined);
      });
  if (failed(bodyResult))
    return failure();
  return SmallVector<Value>(loop.getResults());
}

static SmallVector<int64_t> withoutDim(ArrayRef<int64_t> shape, unsigned dim) {
  SmallVector<int64_t> outer(shape);
  outer.erase(outer.begin() + dim);
  return outer;
}

static LogicalResult lowerReduce(TileLowering &l, cuda_tile::ReduceOp op) {
  Location loc = op.getLoc();
  Fold fold{op, &op.getBody().front(), op.getDim(), /*reverse=*/false};
  SmallVector<Value> operands;
  for (Value operand : op.getOperands())
    operands.push_back(l.lookup(operand));

  ArrayRef<int64_t> resultShape =
      TileLowering::tileShape(op.getResult(0).getType());
  if (resultShape.empty()) {
    FailureOr<SmallVector<Value>> scalars =
        foldAlong(l, fold, operands, {}, [](Value, ValueRange) {});
    if (failed(scalars))
      return failure();
    for (auto [result, scalar] : llvm::zip(op.getResults(), *scalars))
      l.map(result, scalar);
    return success();
  }

  SmallVector<Value> buffers;
  for (Value result : op.getResults())
    buffers.push_back(l.allocTileFor(loc, result.getType()));
  LogicalResult status = success();
  l.forEachElement(loc, resultShape, [&](OpBuilder &b, Location,
                                         ValueRange ivs) {
    FailureOr<SmallVector<Value>> scalars =
        foldAlong(l, fold, operands, ivs, [](Value, ValueRange) {});
    if (failed(scalars)) {
      status = failure();
      return;
    }
    for (auto [scalar, buffer] : llvm::zip(*scalars, buffers))
      l.writeElement(b, loc, scalar, buffer, ivs);
  });
  if (failed(status))
    return failure();
  for (auto [result, buffer] : llvm::zip(op.getResults(), buffers))
    l.map(result, buffer);
  return success();
}

static LogicalResult lowerScan(TileLowering &l, cuda_tile::ScanOp op) {
  Location loc = op.getLoc();
  Fold fold{op, &op.getBody().front(), op.getDim(), op.getReverse()};
  ArrayRef<int64_t> shape = TileLowering::tileShape(op.getResult(0).getType());
  int64_t extent = shape[fold.dim];
  SmallVector<Value> operands, buffers;
  for (Value operand : op.getOperands())
    operands.push_back(l.lookup(operand));
  for (Value result : op.getResults())
    buffers.push_back(l.allocTileFor(loc, result.getType()));

  LogicalResult status = success();
  l.forEachElement(loc, withoutDim(shape, fold.dim), [&](OpBuilder &b,
                                                         Location,
                                                         ValueRange outer) {
    auto store = [&](Value k, ValueRange accumulated) {
      Value position = k;
      if (fold.reverse)
        position = arith::SubIOp::create(
            b, loc, l.indexConstant(loc, extent - 1), k);
      SmallVector<Value> ivs = insertIndex(outer, fold.dim, position);
      for (auto [scalar, buffer] : llvm::zip(accumulated, buffers))
        l.writeElement(b, loc, scalar, buffer, ivs);
    };
    if (failed(foldAlong(l, fold, operands, outer, store)))
      status = failure();
  });
  if (failed(status))
    return failure();
  for (auto [result, buffer] : llvm::zip(op.getResults(), buffers))
    l.map(result, buffer);
  return success();
}

void tilechain::addReductionLowerings(LoweringTable &table) {
  table.add<cuda_tile::ReduceOp>(lowerReduce);
  table.add<cuda_tile::ScanOp>(lowerScan);
}
