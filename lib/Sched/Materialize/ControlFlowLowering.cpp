//===- ControlFlowLowering.cpp - if, for, loop, break, continue -> scf ----===//
//
// Both forms share this file: in the parallel form a tile buffer holds the
// registers of the running thread (an array that LLVM keeps in registers),
// in the tile's default layout or, for what a loop carries, the layout
// tile-lower recorded (tile_dist.carried_layouts), written by
// storeTileBuffer and read back by mapTileBuffer.
//
// Structured control flow keeps its structure: `if` becomes scf.if, `for`
// scf.for and `loop` scf.while. Rank-0 values cross regions as scf results and
// iter_args; a tile crosses a region boundary through a buffer:
//   - every tile a loop carries has one buffer, allocated before the loop,
//     filled with the init value, refilled by each `continue` and read by the
//     body and, after the loop, by the users of the result (except a `for`'s
//     mma accumulator that stays in tensor memory on sm_100, which crosses
//     in no buffer: MmaSync.h, keepAccumulatorsInTensorMemory);
//   - every tile a `loop` returns has one buffer that `break` fills;
//   - every tile an `if` returns has a fresh buffer that the branches fill.
//
// `break` and `continue` may sit at the end of `if` branches, nested to any
// depth. An `if` that may leave the loop returns, besides its own results, an
// exit state: whether it left, whether by `break`, and the scalars the exit
// carries. Everything after such an `if` in the enclosing block runs under an
// scf.if guard on "did not leave", which forwards the same state, so the end
// of the loop body always knows how the iteration ended. `return` inside an
// `if` (allowed outside loops only) ends the kernel's single thread.
//
//===----------------------------------------------------------------------===//
#include "MmaSync.h"

#include "tilechain/Sched/Materialize/TileLowering.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace tilechain;

namespace {

/// How a value crosses a region boundary.
enum class Carry { Nothing, Scalar, Buffer };

Carry carryOf(Type type) {
  Type lowered = TileLowering::convertType(type);
  if (!lowered)
    return Carry::Nothing; // tokens
  return isa<MemRefType>(lowered) ? Carry::Buffer : Carry::Scalar;
}

/// The buffer a lowered tile value reads from, looking through views.
Value rootBuffer(Value buffer) {
  while (auto view = buffer.getDefiningOp<ViewLikeOpInterface>())
    buffer = view.getViewSource();
  return buffer;
}

Value zeroOf(OpBuilder &b, Location loc, Type type) {
  return arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(type)));
}

Value boolConstant(OpBuilder &b, Location loc, bool value) {
  return arith::ConstantIntOp::create(b, loc, value, 1);
}

/// What the values of a region's `yield` become: a buffer per tile, an scf
/// result per scalar.
struct YieldTarget {
  SmallVector<Value> buffers;     // per yielded value; null unless a tile
  SmallVector<Type> scalarTypes;  // the scalar results, in order
};

/// The loop that `break` and `continue` leave, and the layout of the exit
/// state: [left (i1), by break (i1, `loop` only), continue scalars...,
/// break scalars... (`loop` only)].
struct LoopExits {
  bool canBreak = false;
  SmallVector<Value> carriedBuffers; // per carried value; null unless a tile
  SmallVector<Value> resultBuffers;  // per `loop` result; null unless a tile
  SmallVector<Type> continueTypes, breakTypes;

  SmallVector<Type> stateTypes(Builder &b) const {
    SmallVector<Type> types{b.getI1Type()};
    if (canBreak)
      types.push_back(b.getI1Type());
    llvm::append_range(types, continueTypes);
    llvm::append_range(types, breakTypes);
    return types;
  }

  /// A state; absent continue or break scalars read as zeros.
  SmallVector<Value> state(OpBuilder &b, Location loc, bool left, bool broke,
                           ValueRange continueScalars,
                           ValueRange breakScalars) const {
    SmallVector<Value> values{boolConstant(b, loc, left)};
    if (canBreak)
      values.push_back(boolConstant(b, loc, broke));
    auto append = [&](ArrayRef<Type> types, ValueRange given) {
      for (auto [index, type] : llvm::enumerate(types))
        values.push_back(given.empty() ? zeroOf(b, loc, type) : given[index]);
    };
    append(continueTypes, continueScalars);
    append(breakTypes, breakScalars);
    return values;
  }

  size_t continueOffset() const { return canBreak ? 2 : 1; }
  size_t breakOffset() const { return continueOffset() + continueTypes.size(); }
};

/// Removes what a builder may have put in a fresh scf block.
void clearBlock(Block *block) {
  while (!block->empty())
    block->back().erase();
}

/// Lowered scalars of the Carry::Scalar values among `values`.
SmallVector<Value> scalarsOf(TileLowering &l, ValueRange values) {
  SmallVector<Value> scalars;
  for (Value v : values)
    if (carryOf(v.getType()) == Carry::Scalar)
      scalars.push_back(l.lookup(v));
  return scalars;
}

/// Copies each tile among `values` into the buffer at the same position of
/// `buffers`. A value that reads one of `buffers` (other than its own
/// target) is first copied aside, so that swapping carried tiles works. A
/// splat constant is filled in instead, so that its own buffer need not
/// live as long as the copies (a loop's zero accumulator, typically).
void copyTilesInto(TileLowering &l, Location loc, ValueRange values,
                   ArrayRef<Value> buffers) {
  if (l.isParallel()) {
    // The registers are SSA values read before any of these stores.
    for (auto [value, buffer] : llvm::zip(values, buffers))
      if (buffer)
        l.storeTileBuffer(value, buffer);
    return;
  }
  SmallVector<Value> sources;
  SmallVector<std::pair<Value, Value>> fills;
  for (auto [value, buffer] : llvm::zip(values, buffers)) {
    if (!buffer) {
      sources.push_back(Value());
      continue;
    }
    Value source = l.lookup(value);
    Value root = rootBuffer(source);
    if (root == buffer) {
      sources.push_back(Value()); // already in place
      continue;
    }
    if (Value splat = l.lookupSplat(value)) {
      sources.push_back(Value());
      fills.push_back({splat, buffer});
      continue;
    }
    if (llvm::is_contained(buffers, root)) {
      Value aside = l.allocTileFor(loc, value.getType());
      l.copyTile(loc, source, aside);
      source = aside;
    }
    sources.push_back(source);
  }
  for (auto [source, buffer] : llvm::zip(sources, buffers))
    if (source)
      l.copyTile(loc, source, buffer);
  for (auto [splat, buffer] : fills)
    l.fillTile(loc, splat, buffer);
}

FailureOr<SmallVector<Value>> lowerIf(TileLowering &l, cuda_tile::IfOp op,
                                      const LoopExits *exits);

/// Lowers the ops of `block` from `from` on, terminator included, and
/// returns the scalars its `yield` produces followed, inside a loop body,
/// by the exit state.
FailureOr<SmallVector<Value>> lowerTail(TileLowering &l, Block &block,
                                        Block::iterator from,
                                        const YieldTarget &target,
                                        const LoopExits *exits) {
  OpBuilder &b = l.b();
  size_t deferred = l.deferredTensorMemoryReleases();
  for (auto it = from; it != block.end(); ++it) {
    Operation *op = &*it;
    if (op->hasTrait<OpTrait::IsTerminator>())
      break;
    if (op->getNumRegions())
      l.releaseDeferredTensorMemory(deferred);
    auto ifOp = dyn_cast<cuda_tile::IfOp>(op);
    if (!ifOp || !exits || !leavesLoop(ifOp)) {
      LogicalResult lowered =
          ifOp ? LogicalResult(lowerIf(l, ifOp, nullptr)) : l.lowerOp(op);
      if (failed(lowered))
        return failure();
      continue;
    }
    FailureOr<SmallVector<Value>> state = lowerIf(l, ifOp, exits);
    if (failed(state))
      return failure();
    // The rest of the block runs only if the `if` did not leave the loop.
    Location loc = op->getLoc();
    SmallVector<Type> types(target.scalarTypes);
    llvm::append_range(types, exits->stateTypes(b));
    auto guard = scf::IfOp::create(b, loc, types, (*state)[0],
                                   /*addThenBlock=*/true, /*addElseBlock=*/true);
    OpBuilder::InsertionGuard insertionGuard(b);
    b.setInsertionPointToEnd(guard.thenBlock());
    SmallVector<Value> left;
    for (Type type : target.scalarTypes)
      left.push_back(zeroOf(b, loc, type));
    llvm::append_range(left, *state);
    scf::YieldOp::create(b, loc, left);
    b.setInsertionPointToEnd(guard.elseBlock());
    FailureOr<SmallVector<Value>> rest =
        lowerTail(l, block, std::next(it), target, exits);
    if (failed(rest))
      return failure();
    scf::YieldOp::create(b, loc, *rest);
    return SmallVector<Value>(guard.getResults());
  }

  l.releaseDeferredTensorMemory(deferred);
  Operation *terminator = block.getTerminator();
  Location loc = terminator->getLoc();
  SmallVector<Value> outcome;
  auto zeroYields = [&] {
    for (Type type : target.scalarTypes)
      outcome.push_back(zeroOf(b, loc, type));
  };
  if (auto yield = dyn_cast<cuda_tile::YieldOp>(terminator)) {
    copyTilesInto(l, loc, yield.getOperands(), target.buffers);
    outcome = scalarsOf(l, yield.getOperands());
    if (exits)
      llvm::append_range(outcome, exits->state(b, loc, false, false, {}, {}));
    return outcome;
  }
  if (isa<cuda_tile::ReturnOp>(terminator)) {
    if (exits)
      return terminator->emitError()
             << "tilechain cannot lower a 'cuda_tile.return' inside a loop";
    // One thread runs the kernel: ending the thread ends the kernel.
    NVVM::Exit::create(b, loc);
    zeroYields();
    return outcome;
  }
  if (!exits)
    return terminator->emitError() << "tilechain cannot lower '"
                                   << terminator->getName()
                                   << "' outside a loop";
  zeroYields();
  if (auto cont = dyn_cast<cuda_tile::ContinueOp>(terminator)) {
    copyTilesInto(l, loc, cont.getOperands(), exits->carriedBuffers);
    llvm::append_range(outcome,
                       exits->state(b, loc, true, false,
                                    scalarsOf(l, cont.getOperands()), {}));
    return outcome;
  }
  auto brk = cast<cuda_tile::BreakOp>(terminator);
  copyTilesInto(l, loc, brk.getOperands(), exits->resultBuffers);
  llvm::append_range(outcome, exits->state(b, loc, true, true, {},
                                           scalarsOf(l, brk.getOperands())));
  return outcome;
}

/// Lowers `op` to an scf.if, maps its results and, when `exits` is given,
/// returns the exit state the branches produce.
FailureOr<SmallVector<Value>> lowerIf(TileLowering &l, cuda_tile::IfOp op,
                                      const LoopExits *exits) {
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  YieldTarget target;
  for (Value result : op.getResults()) {
    Carry carry = carryOf(result.getType());
    target.buffers.push_back(
        carry == Carry::Buffer ? l.allocTileFor(loc, result.getType()) : Value());
    if (carry == Carry::Scalar)
      target.scalarTypes.push_back(TileLowering::convertType(result.getType()));
  }
  SmallVector<Type> types(target.scalarTypes);
  if (exits)
    llvm::append_range(types, exits->stateTypes(b));
  auto scfIf = scf::IfOp::create(b, loc, types, l.lookup(op.getCondition()),
                                 /*addThenBlock=*/true, /*addElseBlock=*/true);
  {
    OpBuilder::InsertionGuard guard(b);
    for (auto [region, block] :
         {std::make_pair(&op.getThenRegion(), scfIf.thenBlock()),
          std::make_pair(&op.getElseRegion(), scfIf.elseBlock())}) {
      clearBlock(block);
      b.setInsertionPointToEnd(block);
      SmallVector<Value> outcome;
      if (region->empty()) {
        // Only an `if` without results may omit `else`.
        if (exits)
          outcome = exits->state(b, loc, false, false, {}, {});
      } else {
        FailureOr<SmallVector<Value>> lowered =
            lowerTail(l, region->front(), region->front().begin(), target, exits);
        if (failed(lowered))
          return failure();
        outcome = std::move(*lowered);
      }
      scf::YieldOp::create(b, loc, outcome);
    }
  }
  size_t nextScalar = 0;
  for (auto [result, buffer] : llvm::zip(op.getResults(), target.buffers)) {
    if (buffer)
      l.mapTileBuffer(result, buffer);
    else if (carryOf(result.getType()) == Carry::Scalar)
      l.map(result, scfIf.getResult(nextScalar++));
  }
  return SmallVector<Value>(scfIf.getResults().drop_front(nextScalar));
}

/// Buffers for the tiles among `values` (null elsewhere), in `layouts`
/// where one is given (the parallel form) and else in the default layout,
/// and the scalar types of the others.
void allocateCarried(TileLowering &l, Location loc, TypeRange types,
                     SmallVectorImpl<Value> &buffers,
                     SmallVectorImpl<Type> &scalarTypes,
                     ArrayRef<std::optional<LinearLayout>> layouts = {}) {
  for (auto [index, type] : llvm::enumerate(types)) {
    Carry carry = carryOf(type);
    Value buffer;
    if (carry == Carry::Buffer && index < layouts.size() && layouts[index])
      buffer = l.allocTileIn(loc, type, *layouts[index]);
    else if (carry == Carry::Buffer)
      buffer = l.allocTileFor(loc, type);
    buffers.push_back(buffer);
    if (carry == Carry::Scalar)
      scalarTypes.push_back(TileLowering::convertType(type));
  }
}

/// The layouts to carry `loop`'s values in (the parallel form): those
/// tile-lower recorded (tile_dist.carried_layouts, AssignLayouts.cpp), the
/// layouts its body computes them in, so that they cross no shared memory on
/// their way back to the top of the loop; nothing (the default layout) for
/// the others.
SmallVector<std::optional<LinearLayout>, 1> carriedLayouts(TileLowering &l,
                                                        Operation *loop) {
  SmallVector<std::optional<LinearLayout>, 1> layouts;
  auto recorded = loop->getAttrOfType<ArrayAttr>(
      tile_dist::TileDistDialect::kCarriedLayoutsAttrName);
  if (!l.isParallel() || !recorded)
    return layouts;
  for (Attribute entry : recorded) {
    auto layout = dyn_cast<tile_dist::LinearLayoutAttr>(entry);
    layouts.push_back(layout ? std::optional(layout.getLayout())
                             : std::nullopt);
  }
  return layouts;
}

/// Maps the body's carried values: tiles to their buffers, scalars to the
/// next of `scalars`.
void mapCarried(TileLowering &l, ValueRange values, ArrayRef<Value> buffers,
                ValueRange scalars) {
  size_t next = 0;
  for (auto [value, buffer] : llvm::zip(values, buffers)) {
    if (buffer)
      l.mapTileBuffer(value, buffer);
    else if (carryOf(value.getType()) == Carry::Scalar)
      l.map(value, scalars[next++]);
  }
}

/// Takes over the buffer of each initial tile that dies entering `loop`
/// (the loop writes its carried tiles in place), so that it is neither
/// allocated twice nor copied.
void adoptInitialBuffers(TileLowering &l, Operation *loop, ValueRange inits,
                         SmallVectorImpl<Value> &carriedBuffers) {
  for (auto [init, buffer] : llvm::zip(inits, carriedBuffers)) {
    if (!buffer)
      continue;
    if (Value reusable = l.reusableBuffer(init, loop)) {
      buffer.getDefiningOp()->erase();
      buffer = reusable;
    }
  }
}

/// The bounds of an scf.for that runs `op`'s iterations, and how to get
/// `op`'s induction variable from the scf.for's. A signed loop whose step is
/// not a positive constant may count down (cuTile's range(10, -5, -3)), which
/// scf.for cannot: it runs over the trip count instead, computed in i64, with
/// iv = lower + k * step.
struct ForBounds {
  Value lower, upper, step;
  bool counted = false; // the scf.for runs k over [0, trip count)
  Value origin, stride; // i64 lower bound and step when counted
};

ForBounds forBounds(TileLowering &l, cuda_tile::ForOp op) {
  ForBounds bounds{l.lookup(op.getLowerBound()), l.lookup(op.getUpperBound()),
                   l.lookup(op.getStep())};
  APInt step;
  if (op.getUnsignedCmp() ||
      (matchPattern(bounds.step, m_ConstantInt(&step)) &&
       step.isStrictlyPositive()))
    return bounds;
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  Type i64 = b.getI64Type();
  auto wide = [&](Value v) -> Value {
    return v.getType() == i64 ? v : arith::ExtSIOp::create(b, loc, i64, v);
  };
  Value lower = wide(bounds.lower), upper = wide(bounds.upper),
        stride = wide(bounds.step);
  Value zero = arith::ConstantIntOp::create(b, loc, 0, 64);
  Value one = arith::ConstantIntOp::create(b, loc, 1, 64);
  Value up = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, stride,
                                   zero);
  // Distance to cover and step size, both as positive counts.
  Value distance = arith::SelectOp::create(
      b, loc, up, arith::SubIOp::create(b, loc, upper, lower),
      arith::SubIOp::create(b, loc, lower, upper));
  distance = arith::MaxSIOp::create(b, loc, distance, zero);
  Value magnitude = arith::SelectOp::create(
      b, loc, up, stride, arith::SubIOp::create(b, loc, zero, stride));
  // A zero step would never end; it runs no iteration here rather than
  // dividing by zero.
  magnitude = arith::MaxSIOp::create(b, loc, magnitude, one);
  Value trips = arith::CeilDivSIOp::create(b, loc, distance, magnitude);
  return {zero, trips, one, /*counted=*/true, lower, stride};
}

LogicalResult lowerFor(TileLowering &l, cuda_tile::ForOp op) {
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  // Accumulators that stay in tensor memory through the loop cross it in
  // no buffer.
  FailureOr<SmallVector<unsigned>> inTensorMemory =
      mma::keepAccumulatorsInTensorMemory(l, op);
  if (failed(inTensorMemory))
    return failure();
  LoopExits exits;
  allocateCarried(l, loc, op.getResultTypes(), exits.carriedBuffers,
                  exits.continueTypes, carriedLayouts(l, op));
  for (unsigned index : *inTensorMemory) {
    exits.carriedBuffers[index].getDefiningOp()->erase();
    exits.carriedBuffers[index] = Value();
  }
  adoptInitialBuffers(l, op, op.getInitValues(), exits.carriedBuffers);
  copyTilesInto(l, loc, op.getInitValues(), exits.carriedBuffers);

  ForBounds bounds = forBounds(l, op);
  auto scfFor = scf::ForOp::create(
      b, loc, bounds.lower, bounds.upper, bounds.step,
      scalarsOf(l, op.getInitValues()), /*bodyBuilder=*/nullptr,
      op.getUnsignedCmp());
  {
    OpBuilder::InsertionGuard guard(b);
    Block *body = scfFor.getBody();
    clearBlock(body);
    b.setInsertionPointToEnd(body);
    Value iv = scfFor.getInductionVar();
    if (bounds.counted) {
      Value offset = arith::MulIOp::create(b, loc, iv, bounds.stride);
      iv = arith::AddIOp::create(b, loc, bounds.origin, offset);
      Type ivType = TileLowering::convertType(op.getInductionVar().getType());
      if (iv.getType() != ivType)
        iv = arith::TruncIOp::create(b, loc, ivType, iv);
    }
    l.map(op.getInductionVar(), iv);
    mapCarried(l, op.getRegionIterValues(), exits.carriedBuffers,
               scfFor.getRegionIterArgs());
    Block &source = *op.getBody();
    FailureOr<SmallVector<Value>> state =
        lowerTail(l, source, source.begin(), YieldTarget(), &exits);
    if (failed(state))
      return failure();
    // Every path through a `for` body ends in `continue`.
    scf::YieldOp::create(
        b, loc, ArrayRef<Value>(*state).drop_front(exits.continueOffset()));
  }
  mapCarried(l, op.getResults(), exits.carriedBuffers, scfFor.getResults());
  mma::finishAccumulatorsInTensorMemory(l, op, *inTensorMemory);
  mma::waitForWgmmaAfter(l, op);
  return success();
}

LogicalResult lowerLoop(TileLowering &l, cuda_tile::LoopOp op) {
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  LoopExits exits;
  exits.canBreak = true;
  allocateCarried(l, loc, op.getInitValues().getTypes(), exits.carriedBuffers,
                  exits.continueTypes,
                  carriedLayouts(l, op));
  allocateCarried(l, loc, op.getResultTypes(), exits.resultBuffers,
                  exits.breakTypes);
  adoptInitialBuffers(l, op, op.getInitValues(), exits.carriedBuffers);
  copyTilesInto(l, loc, op.getInitValues(), exits.carriedBuffers);

  // The body runs in the "before" region; it goes on while no `break` ran
  // and hands the next iteration's scalars (and the break scalars) along.
  SmallVector<Type> passed(exits.continueTypes);
  llvm::append_range(passed, exits.breakTypes);
  auto scfWhile = scf::WhileOp::create(b, loc, passed,
                                       scalarsOf(l, op.getInitValues()));
  {
    OpBuilder::InsertionGuard guard(b);
    SmallVector<Location> continueLocs(exits.continueTypes.size(), loc);
    Block *before = b.createBlock(&scfWhile.getBefore(), {},
                                  exits.continueTypes, continueLocs);
    mapCarried(l, op.getRegionIterValues(), exits.carriedBuffers,
               before->getArguments());
    Block &source = op.getRegion().front();
    FailureOr<SmallVector<Value>> state =
        lowerTail(l, source, source.begin(), YieldTarget(), &exits);
    if (failed(state))
      return failure();
    Value goOn = arith::XOrIOp::create(b, loc, (*state)[1],
                                       boolConstant(b, loc, true));
    scf::ConditionOp::create(
        b, loc, goOn, ArrayRef<Value>(*state).drop_front(exits.continueOffset()));

    SmallVector<Location> passedLocs(passed.size(), loc);
    Block *after = b.createBlock(&scfWhile.getAfter(), {}, passed, passedLocs);
    scf::YieldOp::create(
        b, loc, after->getArguments().take_front(exits.continueTypes.size()));
  }
  mapCarried(l, op.getResults(), exits.resultBuffers,
             scfWhile.getResults().drop_front(exits.continueTypes.size()));
  return success();
}

} // namespace

void tilechain::addControlFlowLowerings(LoweringTable &table) {
  table.add<cuda_tile::IfOp>([](TileLowering &l, cuda_tile::IfOp op) {
    return LogicalResult(lowerIf(l, op, nullptr));
  });
  table.add<cuda_tile::ForOp>(lowerFor);
  table.add<cuda_tile::LoopOp>(lowerLoop);
}
