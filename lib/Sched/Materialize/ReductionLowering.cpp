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
#include "tilechain/Sched/Materialize/TileLowering.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/Support/MathExtras.h"

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
      tileShape(fold.op->getOperand(0).getType())[fold.dim];
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
  l.keepSerialLoop(loop, extent);
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
      tileShape(op.getResult(0).getType());
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
  ArrayRef<int64_t> shape = tileShape(op.getResult(0).getType());
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

//===----------------------------------------------------------------------===//
// The parallel form of reduce
//===----------------------------------------------------------------------===//
// Each thread first combines its own registers along `dim`, then the lanes
// that hold other parts of the same results exchange partial results over
// butterfly shuffles, then the warps through shared memory. Every thread
// ends up with the results of all the elements it held, in the layout of
// the operand with `dim` dropped. The combination order is a tree, the same
// in every thread, so that the threads that share a result agree on it.

/// One shared-memory array of `slots` elements per operand of `op` (a
/// reduce or scan), one after the other: where the warps' partial results
/// meet.
static FailureOr<SmallVector<Value>>
sharedSlotsPerOperand(TileLowering &l, Operation *op, int64_t slots) {
  SmallVector<Type> types;
  SmallVector<int64_t> offsets;
  int64_t bytes = 0;
  for (Value operand : op->getOperands()) {
    types.push_back(
        sharedElementType(tileElementType(operand.getType())));
    offsets.push_back(bytes);
    bytes += slots * sharedElementBytes(types.back());
    bytes = llvm::alignTo(bytes, 8);
  }
  FailureOr<Value> buffer = l.allocShared(op, bytes);
  if (failed(buffer))
    return failure();
  SmallVector<Value> buffers;
  for (auto [type, offset] : llvm::zip_equal(types, offsets))
    buffers.push_back(l.sharedView(*buffer, type, slots, offset));
  return buffers;
}

/// `value` from another lane of the warp (`lane ^ offset`, `lane - offset`
/// or `lane + offset` by `mode`; a lane beyond the warp gets its own):
/// gpu.shuffle moves 32 bits, so narrower values travel widened and 64-bit
/// ones in two halves.
static Value shuffleLanes(OpBuilder &b, Location loc, Value value,
                          unsigned offset, gpu::ShuffleMode mode) {
  Type type = value.getType();
  Type i32 = b.getI32Type();
  auto shuffle32 = [&](Value v) {
    // The constants are made one statement at a time: the order of
    // evaluation of call arguments is unspecified, and the IR (hence the
    // output) must not depend on the host compiler.
    Value laneOffset = arith::ConstantIntOp::create(b, loc, i32, offset);
    Value warpWidth = arith::ConstantIntOp::create(b, loc, i32, 32);
    return gpu::ShuffleOp::create(b, loc, v, laneOffset, warpWidth, mode)
        .getShuffleResult();
  };
  if (type.isF32() || type.isInteger(32))
    return shuffle32(value);
  unsigned width = type.getIntOrFloatBitWidth();
  Type bits = b.getIntegerType(width);
  Value asBits = isa<IntegerType>(type)
                     ? value
                     : arith::BitcastOp::create(b, loc, bits, value);
  Value moved;
  if (width < 32) {
    moved = arith::TruncIOp::create(
        b, loc, bits,
        shuffle32(arith::ExtUIOp::create(b, loc, i32, asBits)));
  } else {
    Value shift = arith::ConstantIntOp::create(b, loc, bits, 32);
    Value low = shuffle32(arith::TruncIOp::create(b, loc, i32, asBits));
    Value high = shuffle32(arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, asBits, shift)));
    moved = arith::OrIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, bits, low),
        arith::ShLIOp::create(b, loc,
                              arith::ExtUIOp::create(b, loc, bits, high),
                              shift));
  }
  return isa<IntegerType>(type) ? moved
                                : arith::BitcastOp::create(b, loc, type, moved);
}

/// Combines two partial results, `lowFirst` deciding which comes first;
/// both partners of an exchange then compute the same combination.
static FailureOr<SmallVector<Value>>
combineOrdered(TileLowering &l, Block *body, Value lowFirst, ValueRange mine,
               ValueRange theirs) {
  OpBuilder &b = l.b();
  Location loc = body->getParentOp()->getLoc();
  SmallVector<Value> first, second;
  for (auto [m, t] : llvm::zip(mine, theirs)) {
    first.push_back(arith::SelectOp::create(b, loc, lowFirst, m, t));
    second.push_back(arith::SelectOp::create(b, loc, lowFirst, t, m));
  }
  return combine(l, body, first, second);
}

static LogicalResult lowerReduceParallel(TileLowering &l,
                                         cuda_tile::ReduceOp op) {
  using LL = LinearLayout;
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  unsigned dim = op.getDim();
  Block *body = &op.getBody().front();
  LL layout = l.layoutOf(op.getOperand(0));
  auto [offset, width] = layout.dimBits(dim);
  uint64_t along = ((uint64_t(1) << width) - 1) << offset;
  // Which bits of each input walk `dim`; a basis that walks it and another
  // dim at once (not made by this layout algebra yet) is not handled.
  std::array<uint64_t, LL::kNumInDims> alongBits{};
  for (unsigned in = 0; in < LL::kNumInDims; ++in)
    for (auto [bit, basis] : llvm::enumerate(layout.getBases(LL::In(in)))) {
      if ((basis & along) && (basis & ~along))
        return l.declineParallel(op, "its layout mixes the reduced dim with "
                                     "another");
      if (basis & along)
        alongBits[in] |= uint64_t(1) << bit;
    }

  SmallVector<SmallVector<Value>> operands;
  for (Value operand : op.getOperands()) {
    FailureOr<SmallVector<Value>> registers = l.registersIn(operand, layout);
    if (failed(registers))
      return failure();
    operands.push_back(std::move(*registers));
  }
  auto registerValues = [&](int64_t reg) {
    SmallVector<Value> values;
    for (ArrayRef<Value> registers : operands)
      values.push_back(registers[reg]);
    return values;
  };

  // 1. In the thread: registers that differ only in bits along `dim`.
  uint64_t regAlong = alongBits[LL::Register];
  DenseMap<int64_t, SmallVector<Value>> partial; // by register, along bits 0
  for (int64_t reg = 0, e = layout.getSize(LL::Register); reg < e; ++reg) {
    if (reg & regAlong)
      continue;
    SmallVector<Value> accumulated = registerValues(reg);
    // The other registers: the non-empty sub-masks of regAlong, increasing.
    for (uint64_t k = (0 - regAlong) & regAlong; k != 0;
         k = (k - regAlong) & regAlong) {
      FailureOr<SmallVector<Value>> combined =
          combine(l, body, accumulated, registerValues(reg | k));
      if (failed(combined))
        return failure();
      accumulated = std::move(*combined);
    }
    partial[reg] = std::move(accumulated);
  }
  SmallVector<int64_t> classes = llvm::to_vector(llvm::make_first_range(partial));
  llvm::sort(classes);

  // 2. Across lanes: butterflies over the lane bits along `dim`.
  for (unsigned bit = 0; bit < 5; ++bit) {
    if (!(alongBits[LL::Lane] & (uint64_t(1) << bit)))
      continue;
    Value laneBit = arith::AndIOp::create(
        b, loc, l.getLaneId(), arith::ConstantIndexOp::create(b, loc, 1u << bit));
    Value lowFirst = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, laneBit,
        arith::ConstantIndexOp::create(b, loc, 0));
    for (int64_t reg : classes) {
      SmallVector<Value> theirs;
      for (Value v : partial[reg])
        theirs.push_back(
            shuffleLanes(b, loc, v, 1u << bit, gpu::ShuffleMode::XOR));
      FailureOr<SmallVector<Value>> combined =
          combineOrdered(l, body, lowFirst, partial[reg], theirs);
      if (failed(combined))
        return failure();
      partial[reg] = std::move(*combined);
    }
  }

  // 3. Across warps: each warp's partial results meet in shared memory, and
  // every thread folds those of the warps that share its results, in warp
  // order.
  LL dropped = layout.dropDim(dim);
  uint64_t warpAlong = alongBits[LL::Warp];
  if (warpAlong) {
    int64_t outElements = int64_t(1) << dropped.getNumElementBits();
    int64_t slots = outElements * l.getNumWarps();
    FailureOr<SmallVector<Value>> buffers =
        sharedSlotsPerOperand(l, op, slots);
    if (failed(buffers))
      return failure();
    l.barrierBeforeSharedWrites(b, loc);
    Value warpBase = arith::MulIOp::create(
        b, loc, l.getWarpId(),
        arith::ConstantIndexOp::create(b, loc, outElements));
    SmallVector<Value> outFlat;
    for (int64_t reg : classes)
      outFlat.push_back(l.flatIndex(b, loc, dropped, reg));
    for (auto [c, reg] : llvm::enumerate(classes)) {
      Value slot = arith::AddIOp::create(b, loc, warpBase, outFlat[c]);
      for (auto [value, buffer] : llvm::zip(partial[reg], *buffers))
        memref::StoreOp::create(
            b, loc,
            toShared(b, loc, value,
                     cast<MemRefType>(buffer.getType()).getElementType()),
            buffer, slot);
    }
    gpu::BarrierOp::create(b, loc);
    Value otherWarps = arith::AndIOp::create(
        b, loc, l.getWarpId(),
        arith::ConstantIndexOp::create(b, loc, ~warpAlong & (l.getNumWarps() - 1)));
    for (auto [c, reg] : llvm::enumerate(classes)) {
      std::optional<SmallVector<Value>> accumulated;
      uint64_t k = 0; // the sub-masks of warpAlong, from 0 up
      do {
        Value w = arith::OrIOp::create(b, loc, otherWarps,
                                       arith::ConstantIndexOp::create(b, loc, k));
        Value slot = arith::AddIOp::create(
            b, loc,
            arith::MulIOp::create(
                b, loc, w, arith::ConstantIndexOp::create(b, loc, outElements)),
            outFlat[c]);
        SmallVector<Value> values;
        for (auto [operand, buffer] : llvm::zip(op.getOperands(), *buffers))
          values.push_back(fromShared(
              b, loc, memref::LoadOp::create(b, loc, buffer, slot),
              tileElementType(operand.getType())));
        if (!accumulated) {
          accumulated = std::move(values);
        } else {
          FailureOr<SmallVector<Value>> combined =
              combine(l, body, *accumulated, values);
          if (failed(combined))
            return failure();
          accumulated = std::move(*combined);
        }
        k = (k - warpAlong) & warpAlong;
      } while (k != 0);
      partial[reg] = std::move(*accumulated);
    }
  }

  // The results, in the layout with `dim` dropped and its duplicate
  // registers removed.
  if (dropped.getRank() == 0) {
    for (auto [result, value] : llvm::zip(op.getResults(), partial[0]))
      l.map(result, value);
    return success();
  }
  SmallVector<unsigned> kept;
  LL resultLayout = dropped.compactRegisters(kept);
  for (auto [index, result] : llvm::enumerate(op.getResults())) {
    SmallVector<Value> registers;
    for (int64_t reg = 0, e = resultLayout.getSize(LL::Register); reg < e;
         ++reg) {
      int64_t source = 0;
      for (auto [bit, keptBit] : llvm::enumerate(kept))
        if (reg & (int64_t(1) << bit))
          source |= int64_t(1) << keptBit;
      registers.push_back(partial[source][index]);
    }
    l.map(result, l.makeDistributed(loc, registers, resultLayout));
  }
  return success();
}

//===----------------------------------------------------------------------===//
// The parallel form of scan
//===----------------------------------------------------------------------===//
// The operands move into a layout where, along `dim`, each thread holds a
// run of consecutive elements in its low registers and consecutive lanes,
// then warps, hold consecutive runs. Each thread folds its runs in order
// (the serial left fold), the lanes fold the runs' totals in a
// Hillis-Steele scan over shuffles (up, or down for a reverse scan), and the
// warps' totals meet in shared memory, where each thread folds those of the
// warps before its own in order. An element's result is then
// f(f(warps before, lanes before), run up to the element): the same
// operands in the same order as the serial left fold, associated
// differently, which a floating-point sum may round differently (an exact
// left fold would be a chain as long as the dim). Integer and min/max
// scans give the serial results exactly.

namespace {
/// The layout of a parallel scan and how its bits along the scanned dim are
/// spread: the lowest `registerBits` over registers, the next `laneBits`
/// over lanes, the highest `warpBits` over warps (each from bit 0 up).
struct ScanLayout {
  LinearLayout layout;
  unsigned registerBits, laneBits, warpBits;
};
} // namespace

static ScanLayout makeScanLayout(ArrayRef<int64_t> shape, unsigned dim,
                                 unsigned numWarps) {
  using LL = LinearLayout;
  LL plain(shape, {});
  auto [offset, width] = plain.dimBits(dim);
  // The other dims' bits, the last dim's first.
  SmallVector<uint64_t> others;
  for (unsigned d = shape.size(); d-- > 0;) {
    if (d == dim)
      continue;
    auto [otherOffset, otherWidth] = plain.dimBits(d);
    for (unsigned bit = 0; bit < otherWidth; ++bit)
      others.push_back(uint64_t(1) << (otherOffset + bit));
  }
  auto *nextOther = others.begin();
  unsigned warpBits = log2Exact(numWarps);
  ScanLayout scan;
  scan.registerBits = width > 5 + warpBits ? width - 5 - warpBits : 0;
  scan.laneBits = std::min(5u, width - scan.registerBits);
  scan.warpBits = width - scan.registerBits - scan.laneBits;
  std::array<LL::Bases, LL::kNumInDims> bases;
  unsigned along = 0;
  auto take = [&](LL::In in, unsigned alongCount, unsigned total) {
    for (unsigned i = 0; i < alongCount; ++i)
      bases[in].push_back(uint64_t(1) << (offset + along++));
    for (unsigned i = alongCount; i < total; ++i)
      bases[in].push_back(nextOther != others.end() ? *nextOther++ : 0);
  };
  take(LL::Register, scan.registerBits, scan.registerBits);
  take(LL::Lane, scan.laneBits, 5);
  take(LL::Warp, scan.warpBits, warpBits);
  for (; nextOther != others.end(); ++nextOther)
    bases[LL::Register].push_back(*nextOther);
  scan.layout = LL(shape, bases);
  return scan;
}

static LogicalResult lowerScanParallel(TileLowering &l, cuda_tile::ScanOp op) {
  using LL = LinearLayout;
  using Values = SmallVector<Value>;
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  Block *body = &op.getBody().front();
  bool reverse = op.getReverse();
  ArrayRef<int64_t> shape = tileShape(op.getResult(0).getType());
  ScanLayout scan = makeScanLayout(shape, op.getDim(), l.getNumWarps());
  const LL &layout = scan.layout;
  SmallVector<Values> operands;
  for (Value operand : op.getOperands()) {
    FailureOr<Values> registers = l.registersIn(operand, layout);
    if (failed(registers))
      return failure();
    operands.push_back(std::move(*registers));
  }
  auto index = [&](int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); };
  auto combineValues = [&](ValueRange acc, ValueRange next) {
    return combine(l, body, acc, next);
  };
  auto select = [&](Value condition, ValueRange ifTrue, ValueRange ifFalse) {
    Values chosen;
    for (auto [t, f] : llvm::zip_equal(ifTrue, ifFalse))
      chosen.push_back(arith::SelectOp::create(b, loc, condition, t, f));
    return chosen;
  };

  // 1. In each thread, a left fold over each run, in scan order.
  int64_t run = int64_t(1) << scan.registerBits;
  int64_t runs = layout.getSize(LL::Register) / run;
  SmallVector<SmallVector<Values>> prefixes(runs, SmallVector<Values>(run));
  SmallVector<Values> totals(runs);
  for (int64_t r = 0; r < runs; ++r) {
    std::optional<Values> accumulated;
    for (int64_t k = 0; k < run; ++k) {
      int64_t position = reverse ? run - 1 - k : k;
      Values element;
      for (ArrayRef<Value> registers : operands)
        element.push_back(registers[r * run + position]);
      if (accumulated) {
        FailureOr<Values> combined = combineValues(*accumulated, element);
        if (failed(combined))
          return failure();
        element = std::move(*combined);
      }
      accumulated = element;
      prefixes[r][position] = std::move(element);
    }
    totals[r] = std::move(*accumulated);
  }

  // 2. Across the lanes along the dim: an inclusive scan of the run totals,
  // then each lane takes the one of the lane before it in scan order.
  SmallVector<Values> lanePrefixes(runs);
  Value hasLanePrefix;
  int64_t laneMask = (int64_t(1) << scan.laneBits) - 1;
  gpu::ShuffleMode toLater =
      reverse ? gpu::ShuffleMode::DOWN : gpu::ShuffleMode::UP;
  if (scan.laneBits) {
    Value laneAlong = arith::AndIOp::create(b, loc, l.getLaneId(), index(laneMask));
    Value lanePosition =
        reverse ? arith::SubIOp::create(b, loc, index(laneMask), laneAlong)
                : laneAlong;
    auto shuffled = [&](ValueRange values, unsigned distance) {
      Values moved;
      for (Value v : values)
        moved.push_back(shuffleLanes(b, loc, v, distance, toLater));
      return moved;
    };
    for (int64_t distance = 1; distance <= laneMask; distance *= 2) {
      Value valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                          lanePosition, index(distance));
      for (Values &total : totals) {
        FailureOr<Values> combined =
            combineValues(shuffled(total, distance), total);
        if (failed(combined))
          return failure();
        total = select(valid, *combined, total);
      }
    }
    hasLanePrefix = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                          lanePosition, index(1));
    for (auto [prefix, total] : llvm::zip_equal(lanePrefixes, totals))
      prefix = shuffled(total, 1);
  }

  // 3. Across the warps along the dim: every thread writes its lanes'
  // inclusive totals to shared memory, and folds the last lane's totals of
  // the warps before its own, in scan order.
  SmallVector<Values> warpPrefixes(runs);
  Value hasWarpPrefix;
  if (scan.warpBits) {
    int64_t threads = int64_t(l.getNumWarps()) * 32;
    int64_t slots = threads * runs;
    FailureOr<SmallVector<Value>> buffers =
        sharedSlotsPerOperand(l, op, slots);
    if (failed(buffers))
      return failure();
    auto slot = [&](Value warp, Value lane, int64_t r) -> Value {
      Value thread = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, warp, index(32)), lane);
      return arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, thread, index(runs)),
          index(r));
    };
    l.barrierBeforeSharedWrites(b, loc);
    for (int64_t r = 0; r < runs; ++r)
      for (auto [value, buffer] : llvm::zip_equal(totals[r], *buffers))
        memref::StoreOp::create(
            b, loc,
            toShared(b, loc, value,
                     cast<MemRefType>(buffer.getType()).getElementType()),
            buffer, slot(l.getWarpId(), l.getLaneId(), r));
    gpu::BarrierOp::create(b, loc);
    int64_t warpMask = (int64_t(1) << scan.warpBits) - 1;
    Value warpAlong =
        arith::AndIOp::create(b, loc, l.getWarpId(), index(warpMask));
    Value warpPosition =
        reverse ? arith::SubIOp::create(b, loc, index(warpMask), warpAlong)
                : warpAlong;
    Value otherWarpBits =
        arith::AndIOp::create(b, loc, l.getWarpId(), index(~warpMask));
    Value lastLane = arith::OrIOp::create(
        b, loc,
        arith::AndIOp::create(b, loc, l.getLaneId(), index(~laneMask)),
        index(reverse ? 0 : laneMask));
    for (int64_t r = 0; r < runs; ++r) {
      std::optional<Values> accumulated;
      for (int64_t k = 0; k < warpMask; ++k) {
        Value warp = arith::OrIOp::create(b, loc, otherWarpBits,
                                          index(reverse ? warpMask - k : k));
        Values values;
        for (auto [operand, buffer] :
             llvm::zip_equal(op.getOperands(), *buffers))
          values.push_back(fromShared(
              b, loc,
              memref::LoadOp::create(b, loc, buffer, slot(warp, lastLane, r)),
              tileElementType(operand.getType())));
        if (accumulated) {
          FailureOr<Values> combined = combineValues(*accumulated, values);
          if (failed(combined))
            return failure();
          Value before = arith::CmpIOp::create(
              b, loc, arith::CmpIPredicate::ult, index(k), warpPosition);
          values = select(before, *combined, *accumulated);
        }
        accumulated = std::move(values);
      }
      warpPrefixes[r] = std::move(*accumulated);
    }
    hasWarpPrefix = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge,
                                          warpPosition, index(1));
  }

  // 4. Each element: f(f(warps before, lanes before), its run's prefix).
  SmallVector<Values> results(op.getNumResults(),
                              Values(layout.getSize(LL::Register)));
  for (int64_t r = 0; r < runs; ++r) {
    std::optional<Values> before;
    Value hasBefore;
    if (hasWarpPrefix && hasLanePrefix) {
      FailureOr<Values> both = combineValues(warpPrefixes[r], lanePrefixes[r]);
      if (failed(both))
        return failure();
      before = select(hasWarpPrefix,
                      select(hasLanePrefix, *both, warpPrefixes[r]),
                      lanePrefixes[r]);
      hasBefore = arith::OrIOp::create(b, loc, hasWarpPrefix, hasLanePrefix);
    } else if (hasWarpPrefix) {
      before = warpPrefixes[r];
      hasBefore = hasWarpPrefix;
    } else if (hasLanePrefix) {
      before = lanePrefixes[r];
      hasBefore = hasLanePrefix;
    }
    for (int64_t position = 0; position < run; ++position) {
      Values element = prefixes[r][position];
      if (before) {
        FailureOr<Values> combined = combineValues(*before, element);
        if (failed(combined))
          return failure();
        element = select(hasBefore, *combined, element);
      }
      for (auto [result, value] : llvm::zip_equal(results, element))
        result[r * run + position] = value;
    }
  }
  for (auto [result, registers] : llvm::zip_equal(op.getResults(), results))
    l.map(result, l.makeDistributed(loc, registers, layout));
  return success();
}

void tilechain::addReductionLowerings(LoweringTable &table, TileForm form) {
  if (form == TileForm::Parallel) {
    table.add<cuda_tile::ReduceOp>(lowerReduceParallel);
    table.add<cuda_tile::ScanOp>(lowerScanParallel);
    return;
  }
  table.add<cuda_tile::ReduceOp>(lowerReduce);
  table.add<cuda_tile::ScanOp>(lowerScan);
}
