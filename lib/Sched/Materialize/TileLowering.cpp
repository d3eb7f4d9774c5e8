//===- TileLowering.cpp - the translator's core: values, buffers, loops ---===//
#include "tilechain/Sched/Materialize/TileLowering.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace tilechain;

void LoweringTable::add(StringRef opName, OpLowering lowering) {
  bool inserted = handlers.try_emplace(opName, std::move(lowering)).second;
  assert(inserted && "two lowerings for one op");
  (void)inserted;
}

const OpLowering *LoweringTable::lookup(StringRef opName) const {
  auto it = handlers.find(opName);
  return it == handlers.end() ? nullptr : &it->second;
}

static LoweringTable buildLoweringTable(TileForm form) {
  LoweringTable t;
  addModuleLowerings(t, form);
  addElementwiseLowerings(t);
  addShapeLowerings(t, form);
  addSliceLowerings(t, form);
  addViewLowerings(t, form);
  addReductionLowerings(t, form);
  addMiscLowerings(t, form);
  addControlFlowLowerings(t);
  addMemoryLowerings(t, form);
  addMmaLowerings(t, form);
  addRingLowerings(t, form);
  return t;
}

const LoweringTable &tilechain::getLoweringTable(TileForm form) {
  static const LoweringTable serial = buildLoweringTable(TileForm::Serial);
  static const LoweringTable parallel =
      buildLoweringTable(TileForm::Parallel);
  return form == TileForm::Serial ? serial : parallel;
}

LogicalResult TileLowering::lowerBlock(Block &block) {
  size_t deferred = deferredTensorMemoryReleases();
  for (Operation &op : block.without_terminator()) {
    if (op.getNumRegions())
      releaseDeferredTensorMemory(deferred);
    if (failed(lowerOp(&op)))
      return failure();
  }
  releaseDeferredTensorMemory(deferred);
  return success();
}

void TileLowering::deferTensorMemoryRelease(
    std::function<void(OpBuilder &)> release) {
  deferredReleases.push_back({builder.getInsertionBlock(), std::move(release)});
}

void TileLowering::releaseDeferredTensorMemory(size_t count) {
  while (deferredReleases.size() > count) {
    DeferredRelease deferred = deferredReleases.pop_back_val();
    assert(deferred.block == builder.getInsertionBlock() &&
           "tensor memory released outside the block it was read in");
    deferred.release(builder);
  }
}

LogicalResult TileLowering::lowerOp(Operation *op) {
  const OpLowering *lowering = getLoweringTable(getForm()).lookup(
      op->getName().getStringRef());
  if (!lowering && isParallel())
    return declineParallel(op, "it has no parallel lowering yet");
  if (!lowering)
    return op->emitError() << "tilechain cannot lower '" << op->getName()
                           << "' yet";
  if (failed((*lowering)(*this, op)))
    return failure();
  return followRecordedLayout(op);
}

LogicalResult TileLowering::followRecordedLayout(Operation *op) {
  auto recorded = op->getAttrOfType<tile_dist::LinearLayoutAttr>(
      tile_dist::TileDistDialect::kLayoutAttrName);
  Value result = recordedTileResult(op);
  if (!isParallel() || !recorded || !result)
    return success();
  if (!isLowered(result) || lookupSplat(result))
    return success();
  Value lowered = lookup(result);
  const LinearLayout &wanted = recorded.getLayout();
  if (!hasLayout(lowered) || getLayout(lowered).getShape() != wanted.getShape() ||
      getLayout(lowered) == wanted)
    return success();
  FailureOr<SmallVector<Value>> registers = registersIn(result, wanted);
  if (failed(registers))
    return failure();
  map(result, makeDistributed(op->getLoc(), *registers, wanted));
  return success();
}

Value TileLowering::lookup(Value v) const {
  auto it = values.find(v);
  assert((it != values.end() || isa<cuda_tile::TokenType>(v.getType())) &&
         "use of a value that was not lowered");
  return it == values.end() ? Value() : it->second;
}

void TileLowering::map(Value from, Value to) { values[from] = to; }

void TileLowering::mapAlias(Value result, Value source) {
  Value lowered = lookup(source);
  aliased.insert(lowered);
  map(result, lowered);
}

const ViewInfo &TileLowering::lookupView(Value v) const {
  auto it = views.find(v);
  assert(it != views.end() && "use of a view that was not lowered");
  return it->second;
}

void TileLowering::mapView(Value from, ViewInfo info) {
  views[from] = std::move(info);
}

Type TileLowering::convertType(Type t) {
  auto tile = dyn_cast<cuda_tile::TileType>(t);
  if (!tile)
    return {};
  Type element = convertElementType(tile.getElementType());
  if (tile.getShape().empty())
    return element;
  return MemRefType::get(tile.getShape(), element);
}

Value TileLowering::allocTile(Location loc, ArrayRef<int64_t> shape,
                              Type elementType) {
  return memref::AllocaOp::create(builder, loc,
                                  MemRefType::get(shape, elementType));
}

Value TileLowering::allocTileFor(Location loc, Type tileType) {
  if (!isParallel())
    return allocTile(loc, tileShape(tileType), tileElementType(tileType));
  return allocTileIn(loc, tileType, defaultLayout(tileType));
}

Value TileLowering::allocTileIn(Location loc, Type tileType,
                                const LinearLayout &layout) {
  // In the entry block, where LLVM promotes an array to registers.
  OpBuilder atEntry = OpBuilder::atBlockBegin(
      &cast<gpu::GPUFuncOp>(kernel).getBody().front());
  Value buffer = memref::AllocaOp::create(
      atEntry, loc,
      MemRefType::get({layout.getSize(LinearLayout::Register)},
                      tileElementType(tileType)));
  layouts[buffer] = layout;
  return buffer;
}

FailureOr<LinearLayout> TileLowering::forEachRegister(
    ValueRange tiles,
    function_ref<void(OpBuilder &, Location, int64_t, ValueRange)> body) {
  // The layout of the first whole tile (not an unmaterialized broadcast).
  LinearLayout layout = layoutOf(tiles.front());
  for (Value tile : tiles)
    if (getLayout(lookup(tile)).getShape() == tileShape(tile.getType())) {
      layout = getLayout(lookup(tile));
      break;
    }
  return forEachRegisterIn(tiles, layout, body);
}

FailureOr<LinearLayout> TileLowering::forEachRegisterIn(
    ValueRange tiles, const LinearLayout &layout,
    function_ref<void(OpBuilder &, Location, int64_t, ValueRange)> body) {
  SmallVector<SmallVector<Value>> tileRegisters;
  for (Value tile : tiles) {
    FailureOr<SmallVector<Value>> registers = registersIn(tile, layout);
    if (failed(registers))
      return failure();
    tileRegisters.push_back(std::move(*registers));
  }
  for (int64_t reg = 0, e = layout.getSize(LinearLayout::Register); reg < e;
       ++reg) {
    SmallVector<Value> elements;
    for (ArrayRef<Value> registers : tileRegisters)
      elements.push_back(registers[reg]);
    body(builder, tiles.front().getLoc(), reg, elements);
  }
  return layout;
}

void TileLowering::mapTileBuffer(Value v, Value buffer) {
  if (!isParallel()) {
    map(v, buffer);
    return;
  }
  Location loc = v.getLoc();
  SmallVector<Value> registers;
  for (int64_t reg = 0, e = cast<MemRefType>(buffer.getType()).getNumElements();
       reg < e; ++reg)
    registers.push_back(memref::LoadOp::create(
        builder, loc, buffer, ValueRange{indexConstant(loc, reg)}));
  map(v, makeDistributed(loc, registers, getLayout(buffer)));
}

void TileLowering::storeTileBuffer(Value v, Value buffer) {
  Location loc = v.getLoc();
  // A failed exchange has declined the parallel form; the kernel is then
  // lowered again, serially.
  FailureOr<SmallVector<Value>> registers =
      registersIn(v, getLayout(buffer));
  if (failed(registers))
    return;
  for (auto [reg, value] : llvm::enumerate(*registers))
    memref::StoreOp::create(builder, loc, value, buffer,
                            ValueRange{indexConstant(loc, reg)});
}

Value TileLowering::reusableBuffer(Value v, Operation *user) const {
  if (isParallel() || !v.hasOneUse() || *v.getUsers().begin() != user)
    return {};
  Block *definedIn = isa<BlockArgument>(v)
                         ? cast<BlockArgument>(v).getOwner()
                         : v.getDefiningOp()->getBlock();
  if (definedIn != user->getBlock())
    return {};
  Value lowered = lookup(v);
  if (!lowered || !lowered.getDefiningOp<memref::AllocaOp>() ||
      aliased.contains(lowered))
    return {};
  return lowered;
}

Value TileLowering::indexConstant(Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(builder, loc, v);
}

Value TileLowering::toIndex(OpBuilder &b, Location loc, Value v,
                            bool isSigned) {
  if (v.getType().isIndex())
    return v;
  if (isSigned)
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
}

/// The most iterations a serial-form loop (with its nested loops) may run
/// and still be unrolled.
constexpr int64_t kUnrolledIterations = 16;

void TileLowering::keepSerialLoop(Operation *loop, int64_t iterations) {
  // The serial form's loops over the elements of a large tile stay loops:
  // it is the reference form, and LLVM's and then ptxas's unrolling of a
  // loop over every element cost seconds of compile time for nothing it
  // needs (ptxas -O3 took 1 s on an int64 atomic_or kernel of 512 elements,
  // 0.1 s with its loops kept). The annotation reaches ptxas as
  // `.pragma "nounroll"` (LoopAnnotations.cpp in tile-llc). Small loops are
  // left to the unrollers, which turn them into straight-line code.
  if (isParallel() || iterations <= kUnrolledIterations)
    return;
  MLIRContext *ctx = loop->getContext();
  auto annotation = LLVM::LoopAnnotationAttr::get(
      ctx, /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{},
      LLVM::LoopUnrollAttr::get(ctx, /*disable=*/BoolAttr::get(ctx, true), {},
                                {}, {}, {}, {}, {}),
      /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{}, /*pipeline=*/{},
      /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
      /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
      /*parallelAccesses=*/{});
  loop->setAttr("llvm.loop_annotation", annotation);
}

/// Builds the loop nest of forEachElement over `shape`, which runs
/// `iterations` times in all.
static void buildNest(TileLowering &l, OpBuilder &b, Location loc,
                      ArrayRef<int64_t> shape, int64_t iterations,
                      SmallVectorImpl<Value> &ivs, ElementBodyBuilder body) {
  if (ivs.size() == shape.size()) {
    body(b, loc, ivs);
    return;
  }
  Value lower = arith::ConstantIndexOp::create(b, loc, 0);
  Value upper = arith::ConstantIndexOp::create(b, loc, shape[ivs.size()]);
  Value step = arith::ConstantIndexOp::create(b, loc, 1);
  auto loop = scf::ForOp::create(
      b, loc, lower, upper, step, ValueRange(),
      [&](OpBuilder &nested, Location nestedLoc, Value iv, ValueRange) {
        ivs.push_back(iv);
        buildNest(l, nested, nestedLoc, shape, iterations, ivs, body);
        ivs.pop_back();
        scf::YieldOp::create(nested, nestedLoc);
      });
  l.keepSerialLoop(loop, iterations);
}

void TileLowering::forEachElement(Location loc, ArrayRef<int64_t> shape,
                                  ElementBodyBuilder body) {
  SmallVector<Value> ivs;
  buildNest(*this, builder, loc, shape, ShapedType::getNumElements(shape), ivs,
            body);
}

Value TileLowering::readElement(OpBuilder &b, Location loc, Value lowered,
                                ValueRange ivs) {
  if (!isa<MemRefType>(lowered.getType()))
    return lowered;
  return memref::LoadOp::create(b, loc, lowered, ivs);
}

void TileLowering::writeElement(OpBuilder &b, Location loc, Value element,
                                Value buffer, ValueRange ivs) {
  memref::StoreOp::create(b, loc, element, buffer, ivs);
}

void TileLowering::copyTile(Location loc, Value from, Value to) {
  memref::CopyOp::create(builder, loc, from, to);
}

void TileLowering::fillTile(Location loc, Value element, Value to) {
  forEachElement(loc, cast<MemRefType>(to.getType()).getShape(),
                 [&](OpBuilder &b, Location l, ValueRange ivs) {
                   writeElement(b, l, element, to, ivs);
                 });
}

std::optional<LinearLayout>
TileLowering::commonBroadcast(ValueRange tiles) const {
  std::optional<LinearLayout> common;
  for (Value tile : tiles) {
    const LinearLayout &lowered = getLayout(lookup(tile));
    if (lowered.getShape() == tileShape(tile.getType()) ||
        (common && !(lowered == *common)))
      return std::nullopt;
    common = lowered;
  }
  return common;
}

LogicalResult TileLowering::lowerElementwise(
    Operation *op,
    function_ref<Value(OpBuilder &, Location, ValueRange)> computeElement) {
  Location loc = op->getLoc();
  Type resultType = op->getResult(0).getType();
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(lookup(operand));
  ArrayRef<int64_t> shape = tileShape(resultType);
  if (shape.empty()) {
    map(op->getResult(0), computeElement(builder, loc, operands));
    return success();
  }
  if (isParallel()) {
    // On operands that are all one unmaterialized broadcast (registers of a
    // tile with size-1 dims, in one layout) the result is that broadcast of
    // the op applied to the source: computed once per source register, it
    // stays cheap and takes whatever layout its users ask for (an mma
    // fragment, say) without an exchange. A layout assigned to the result
    // (tile_dist.layout) is built as assigned.
    bool assigned = op->hasAttr(tile_dist::TileDistDialect::kLayoutAttrName);
    std::optional<LinearLayout> source;
    if (!assigned)
      source = commonBroadcast(op->getOperands());
    if (source) {
      SmallVector<SmallVector<Value>> operandRegisters;
      for (Value operand : op->getOperands())
        operandRegisters.push_back(getRegisters(builder, loc, lookup(operand)));
      SmallVector<Value> results;
      for (int64_t reg = 0, e = source->getSize(LinearLayout::Register);
           reg < e; ++reg) {
        SmallVector<Value> elements;
        for (ArrayRef<Value> registers : operandRegisters)
          elements.push_back(registers[reg]);
        results.push_back(computeElement(builder, loc, elements));
      }
      map(op->getResult(0), makeDistributed(loc, results, *source));
      return success();
    }
    SmallVector<Value> results;
    auto perRegister = [&](OpBuilder &b, Location l, int64_t,
                           ValueRange elements) {
      results.push_back(computeElement(b, l, elements));
    };
    // The layout assignment's choice where it made one (it chose the
    // layout users want for broadcasts of different sources, as a mask
    // compares rows with columns), else that of the first whole operand.
    FailureOr<LinearLayout> layout =
        assigned ? forEachRegisterIn(op->getOperands(),
                                     layoutFor(op->getResult(0)), perRegister)
                 : forEachRegister(op->getOperands(), perRegister);
    if (failed(layout))
      return failure();
    map(op->getResult(0), makeDistributed(loc, results, *layout));
    return success();
  }
  Type bufferType = convertType(resultType);
  Value result;
  for (Value operand : op->getOperands())
    if (!result && convertType(operand.getType()) == bufferType)
      result = reusableBuffer(operand, op);
  if (!result)
    result = allocTileFor(loc, resultType);
  forEachElement(loc, shape, [&](OpBuilder &b, Location l, ValueRange ivs) {
    SmallVector<Value> elements;
    for (Value operand : operands)
      elements.push_back(readElement(b, l, operand, ivs));
    writeElement(b, l, computeElement(b, l, elements), result, ivs);
  });
  map(op->getResult(0), result);
  return success();
}
