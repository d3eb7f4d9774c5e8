//===- ThreadLayouts.cpp - the parallel form's tiles, threads and exchanges ===//
//
// In the parallel form a tile is a vector of the registers the running
// thread holds, and a LinearLayout says which elements they are. This file
// is what every op family shares: element coordinates from (register, lane,
// warp), the default layout, and moving a tile into another layout, within
// the thread where the layouts allow it and with a tile_dist.convert_layout
// (LayoutConversion.cpp) where they do not.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Sched/Materialize/TileLowering.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Sched/Materialize/LayoutConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilechain;

using LL = LinearLayout;

void TileLowering::startParallel(unsigned warps, Value laneId, Value warpId,
                                 Operation *kernelOp, int64_t bytesLimit) {
  numWarps = warps;
  lane = laneId;
  warp = warpId;
  kernel = kernelOp;
  sharedBytesLimit = bytesLimit;
}

std::pair<Value, Value> tilechain::laneAndWarp(OpBuilder &b, Location loc) {
  Value tid = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value lane = arith::AndIOp::create(b, loc, tid,
                                     arith::ConstantIndexOp::create(b, loc, 31));
  Value warp = arith::ShRUIOp::create(b, loc, tid,
                                      arith::ConstantIndexOp::create(b, loc, 5));
  return {lane, warp};
}

LogicalResult TileLowering::declineParallel(Operation *op,
                                            const Twine &reason) {
  if (declineReason)
    return failure();
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "'" << op->getName() << "'";
  if (auto position = dyn_cast<FileLineColLoc>(op->getLoc()))
    os << " at " << position.getFilename().getValue() << ":"
       << position.getLine() << ":" << position.getColumn();
  os << ": " << reason;
  declineReason = std::move(text);
  return failure();
}

TileRemark &TileLowering::remark(TileRemarkKind kind, StringRef category,
                                 StringRef name, Location loc,
                                 const Twine &message) {
  remarks.push_back({kind, category, name, loc, message.str(), {}});
  return remarks.back();
}

const AxisInfoAnalysis &TileLowering::axisInfo(Operation *op) {
  if (!axisInfoAnalysis) {
    // The kernel: the op's ancestor right below the cuda_tile module.
    Operation *function = op;
    while (function->getParentOp() &&
           !isa<cuda_tile::ModuleOp>(function->getParentOp()))
      function = function->getParentOp();
    axisInfoAnalysis = std::make_unique<AxisInfoAnalysis>(function);
  }
  return *axisInfoAnalysis;
}

void TileLowering::orderAfterToken(Location loc, Value token) {
  if (!isParallel() || !token || token.getDefiningOp<cuda_tile::MakeTokenOp>())
    return;
  gpu::BarrierOp::create(builder, loc);
}

LL TileLowering::defaultLayout(Type tileType,
                               std::optional<unsigned> fastDim) const {
  return defaultTileLayout(tileType, numWarps, fastDim);
}

LL TileLowering::layoutFor(Value result) const {
  if (auto *op = result.getDefiningOp())
    if (auto assigned = op->getAttrOfType<tile_dist::LinearLayoutAttr>(
            tile_dist::TileDistDialect::kLayoutAttrName))
      return assigned.getLayout();
  return defaultLayout(result.getType());
}

/// Checks that `layout`, recorded as `name` on `op`, spreads its tile over
/// `numWarps` warps.
static LogicalResult checkWarps(Operation *op, StringRef name,
                                tile_dist::LinearLayoutAttr layout,
                                unsigned numWarps) {
  if (layout.getWarpBases().size() == llvm::Log2_32(numWarps))
    return success();
  return op->emitError() << "'" << name << "' spreads the tile over "
                         << (1u << layout.getWarpBases().size())
                         << " warps; the kernel has " << numWarps;
}

static LogicalResult checkResultLayout(Operation *op, unsigned numWarps) {
  StringRef name = tile_dist::TileDistDialect::kLayoutAttrName;
  auto assigned = op->getAttrOfType<tile_dist::LinearLayoutAttr>(name);
  if (!assigned)
    return success();
  Value result = recordedTileResult(op);
  if (!result || tileShape(result.getType()) != assigned.getShape())
    return op->emitError()
           << "'" << name << "' must be the layout of the op's one tile result";
  return checkWarps(op, name, assigned, numWarps);
}

static LogicalResult checkCarriedLayouts(Operation *op, unsigned numWarps) {
  StringRef name = tile_dist::TileDistDialect::kCarriedLayoutsAttrName;
  auto layouts = op->getAttrOfType<ArrayAttr>(name);
  if (!layouts)
    return success();
  ValueRange carried;
  if (auto loop = dyn_cast<cuda_tile::ForOp>(op))
    carried = loop.getRegionIterValues();
  else if (auto loop = dyn_cast<cuda_tile::LoopOp>(op))
    carried = loop.getRegionIterValues();
  if (carried.size() != layouts.size())
    return op->emitError() << "'" << name << "' must give one layout (or "
                           << "unit) per carried value: " << carried.size()
                           << " here, not " << layouts.size();
  for (auto [index, value, entry] : llvm::enumerate(carried, layouts)) {
    auto layout = dyn_cast<tile_dist::LinearLayoutAttr>(entry);
    if (!layout)
      continue;
    auto tile = dyn_cast<cuda_tile::TileType>(value.getType());
    if (!tile || tile.getShape() != layout.getShape())
      return op->emitError() << "'" << name << "' entry " << index
                             << " must be the layout of carried value "
                             << index << "'s tile";
    if (failed(checkWarps(op, name, layout, numWarps)))
      return failure();
  }
  return success();
}

LogicalResult tilechain::checkAssignedLayouts(Operation *entry,
                                             unsigned numWarps) {
  WalkResult walk = entry->walk([&](Operation *op) {
    if (failed(checkResultLayout(op, numWarps)) ||
        failed(checkCarriedLayouts(op, numWarps)))
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

LL TileLowering::accessLayout(Type tileType, unsigned contiguousDim) const {
  return defaultLayout(tileType, contiguousDim);
}

Value TileLowering::makeDistributed(Location loc, ArrayRef<Value> registers,
                                    const LL &layout) {
  assert(int64_t(registers.size()) == layout.getSize(LL::Register));
  auto type = VectorType::get({int64_t(registers.size())},
                              registers.front().getType());
  Value vector = vector::FromElementsOp::create(builder, loc, type, registers);
  // A copy first: `layout` may be an entry of `layouts` (a tile buffer's, from
  // mapTileBuffer), which the insertion may move when the map grows.
  LL copy = layout;
  layouts[vector] = std::move(copy);
  return vector;
}

const LL &TileLowering::getLayout(Value lowered) const {
  auto it = layouts.find(lowered);
  assert(it != layouts.end() && "a tile without a layout");
  return it->second;
}

SmallVector<Value> TileLowering::getRegisters(OpBuilder &b, Location loc,
                                              Value lowered) {
  int64_t count = cast<VectorType>(lowered.getType()).getNumElements();
  SmallVector<Value> registers;
  for (int64_t reg = 0; reg < count; ++reg)
    registers.push_back(vector::ExtractOp::create(b, loc, lowered, reg));
  return registers;
}

LL TileLowering::layoutOf(Value v) const {
  const LL &lowered = getLayout(lookup(v));
  if (lowered.getShape() == tileShape(v.getType()))
    return lowered;
  return defaultLayout(v.getType());
}

Value TileLowering::threadFlatIndex(OpBuilder &b, Location loc,
                                    const LL &layout) {
  return tilechain::threadFlatIndex(b, loc, layout, lane, warp);
}

Value tilechain::threadFlatIndex(OpBuilder &b, Location loc, const LL &layout,
                                 Value lane, Value warp) {
  Value flat = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [in, id] : {std::pair{LL::Lane, lane}, std::pair{LL::Warp, warp}}) {
    ArrayRef<uint64_t> bases = layout.getBases(in);
    for (unsigned bit = 0; bit < bases.size();) {
      uint64_t basis = bases[bit];
      if (basis == 0) {
        ++bit;
        continue;
      }
      if (!llvm::isPowerOf2_64(basis)) {
        // bit ? basis : 0
        Value set = arith::AndIOp::create(
            b, loc,
            arith::ShRUIOp::create(
                b, loc, id, arith::ConstantIndexOp::create(b, loc, bit)),
            arith::ConstantIndexOp::create(b, loc, 1));
        Value term = arith::MulIOp::create(
            b, loc, set, arith::ConstantIndexOp::create(b, loc, basis));
        flat = arith::XOrIOp::create(b, loc, flat, term);
        ++bit;
        continue;
      }
      // A run of bits that move by the same distance: one mask and shift.
      int64_t distance = int64_t(llvm::Log2_64(basis)) - bit;
      uint64_t mask = 0;
      for (; bit < bases.size() && llvm::isPowerOf2_64(bases[bit]) &&
             int64_t(llvm::Log2_64(bases[bit])) - bit == distance;
           ++bit)
        mask |= uint64_t(1) << bit;
      Value term = arith::AndIOp::create(
          b, loc, id, arith::ConstantIndexOp::create(b, loc, mask));
      Value amount = arith::ConstantIndexOp::create(b, loc, std::abs(distance));
      if (distance > 0)
        term = arith::ShLIOp::create(b, loc, term, amount);
      else if (distance < 0)
        term = arith::ShRUIOp::create(b, loc, term, amount);
      flat = arith::XOrIOp::create(b, loc, flat, term);
    }
  }
  return flat;
}

SmallVector<Value> tilechain::unflattenIndex(OpBuilder &b, Location loc,
                                             const LL &layout, Value flat) {
  SmallVector<Value> coords;
  for (unsigned dim = 0; dim < layout.getRank(); ++dim) {
    auto [offset, width] = layout.dimBits(dim);
    Value shifted = arith::ShRUIOp::create(
        b, loc, flat, arith::ConstantIndexOp::create(b, loc, offset));
    coords.push_back(arith::AndIOp::create(
        b, loc, shifted,
        arith::ConstantIndexOp::create(b, loc, (int64_t(1) << width) - 1)));
  }
  return coords;
}

Value TileLowering::flatIndex(OpBuilder &b, Location loc, const LL &layout,
                              int64_t reg) {
  return arith::XOrIOp::create(
      b, loc, threadFlatIndex(b, loc, layout),
      arith::ConstantIndexOp::create(b, loc, layout.applyOne(LL::Register, reg)));
}

SmallVector<Value> TileLowering::elementCoords(OpBuilder &b, Location loc,
                                               const LL &layout, int64_t reg) {
  return unflattenIndex(b, loc, layout, flatIndex(b, loc, layout, reg));
}

Value TileLowering::isOwner(OpBuilder &b, Location loc, const LL &layout,
                            int64_t reg) {
  // Of the registers holding one element, the one with no broadcast bit set
  // owns it; a register with one set owns nothing, in any thread.
  if (reg & layout.getBroadcastMask(LL::Register))
    return arith::ConstantIntOp::create(b, loc, 0, 1);
  Value owner;
  for (auto [in, id] : {std::pair{LL::Lane, lane}, std::pair{LL::Warp, warp}}) {
    uint64_t mask = layout.getBroadcastMask(in);
    if (!mask)
      continue;
    Value bits = arith::AndIOp::create(
        b, loc, id, arith::ConstantIndexOp::create(b, loc, mask));
    Value none = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, bits,
        arith::ConstantIndexOp::create(b, loc, 0));
    owner = owner ? arith::AndIOp::create(b, loc, owner, none) : none;
  }
  return owner;
}

void TileLowering::asIssuingThread(OpBuilder &b, Location loc,
                                   function_ref<void()> build) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value savedLane = lane, savedWarp = warp;
  lane = warp = zero;
  build();
  lane = savedLane;
  warp = savedWarp;
}

Value TileLowering::isFirstThread(OpBuilder &b, Location loc) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  return arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, warp, zero));
}

LogicalResult TileLowering::checkSharedFits(Operation *op, int64_t bytes) {
  if (bytes <= sharedBytesLimit)
    return success();
  return declineParallel(op, "its tiles need " + Twine(bytes) +
                                 " bytes of shared memory, more than " +
                                 Twine(sharedBytesLimit));
}

FailureOr<Value> TileLowering::allocShared(Operation *op, int64_t bytes,
                                           int64_t alignment) {
  if (failed(checkSharedFits(op, bytes)))
    return failure();
  return addSharedBuffer(kernel, bytes, op->getLoc(), alignment);
}

Value tilechain::addSharedBuffer(Operation *kernel, int64_t bytes,
                                 Location loc, int64_t alignment) {
  MLIRContext *context = kernel->getContext();
  auto type = MemRefType::get(
      {bytes}, IntegerType::get(context, 8), MemRefLayoutAttrInterface(),
      gpu::AddressSpaceAttr::get(context, gpu::AddressSpace::Workgroup));
  auto func = cast<gpu::GPUFuncOp>(kernel);
  BlockArgument buffer = func.addWorkgroupAttribution(type, loc);
  if (alignment > 16)
    func.setWorkgroupAttributionAttr(
        func.getNumWorkgroupAttributions() - 1,
        StringAttr::get(context, "llvm.align"),
        IntegerAttr::get(IntegerType::get(context, 64), alignment));
  return buffer;
}

Value TileLowering::sharedView(Value buffer, Type elementType, int64_t count,
                               int64_t offset) {
  return tilechain::sharedView(builder, buffer, elementType, count, offset);
}

Value tilechain::sharedView(OpBuilder &b, Value buffer, Type elementType,
                            int64_t count, int64_t offset) {
  auto viewType = MemRefType::get(
      {count}, elementType, MemRefLayoutAttrInterface(),
      cast<MemRefType>(buffer.getType()).getMemorySpace());
  Location loc = buffer.getLoc();
  return memref::ViewOp::create(b, loc, viewType, buffer,
                                arith::ConstantIndexOp::create(b, loc, offset),
                                ValueRange());
}

FailureOr<Value> TileLowering::sharedBuffer(Operation *op, Type elementType,
                                            int64_t count) {
  FailureOr<Value> buffer = allocShared(
      op, count * sharedElementBytes(elementType));
  if (failed(buffer))
    return failure();
  return sharedView(*buffer, elementType, count);
}

void TileLowering::barrierBeforeSharedWrites(OpBuilder &b, Location loc) {
  gpu::BarrierOp::create(b, loc)->setAttr(kWriteAfterReadAttrName,
                                          b.getUnitAttr());
}

void TileLowering::fenceBeforeAsyncWrites(OpBuilder &b, Location loc) {
  NVVM::FenceProxyOp::create(
      b, loc, NVVM::ProxyKind::async_shared,
      NVVM::SharedSpaceAttr::get(b.getContext(), NVVM::SharedSpace::shared_cta))
      ->setAttr(kBeforeAsyncWritesAttrName, b.getUnitAttr());
}

int64_t tilechain::sharedElementBytes(Type shared) {
  return std::max<int64_t>(1, tileElementBytes(shared));
}

Type tilechain::sharedElementType(Type element) {
  MLIRContext *context = element.getContext();
  if (element.isInteger(1))
    return IntegerType::get(context, 8);
  if (isa<FloatType>(element) && !isa<Float16Type, BFloat16Type, Float32Type,
                                      Float64Type>(element))
    return IntegerType::get(context, element.getIntOrFloatBitWidth());
  return element;
}

Value tilechain::toShared(OpBuilder &b, Location loc, Value v, Type shared) {
  if (v.getType() == shared)
    return v;
  if (v.getType().isInteger(1))
    return arith::ExtUIOp::create(b, loc, shared, v);
  return arith::BitcastOp::create(b, loc, shared, v);
}

Value tilechain::fromShared(OpBuilder &b, Location loc, Value v,
                           Type element) {
  if (v.getType() == element)
    return v;
  if (element.isInteger(1))
    return arith::TruncIOp::create(b, loc, element, v);
  return arith::BitcastOp::create(b, loc, element, v);
}

FailureOr<Value> TileLowering::tileInShared(Operation *op, Value v) {
  Value lowered = lookup(v);
  const LL &layout = getLayout(lowered);
  Location loc = v.getLoc();
  Type element = cast<VectorType>(lowered.getType()).getElementType();
  Type shared = sharedElementType(element);
  int64_t count = int64_t(1) << layout.getNumElementBits();
  FailureOr<Value> buffer = sharedBuffer(op, shared, count);
  if (failed(buffer))
    return failure();
  OpBuilder &b = builder;
  barrierBeforeSharedWrites(b, loc);
  writeRegistersToShared(b, loc, getRegisters(b, loc, lowered), layout,
                         *buffer, threadFlatIndex(b, loc, layout),
                         [](OpBuilder &, Location, Value flat) { return flat; });
  gpu::BarrierOp::create(b, loc);
  return *buffer;
}

Value TileLowering::tileInSharedIndex(OpBuilder &b, Location loc,
                                      ArrayRef<int64_t> stored,
                                      ValueRange coords) {
  Value flat = arith::ConstantIndexOp::create(b, loc, 0);
  for (auto [coord, size] : llvm::zip_equal(coords, stored)) {
    flat = arith::MulIOp::create(b, loc, flat,
                                 arith::ConstantIndexOp::create(b, loc, size));
    if (size != 1)
      flat = arith::AddIOp::create(b, loc, flat, coord);
  }
  return flat;
}

void tilechain::writeRegistersToShared(
    OpBuilder &b, Location loc, ArrayRef<Value> registers, const LL &layout,
    Value view, Value threadFlat,
    function_ref<Value(OpBuilder &, Location, Value)> slot) {
  Type shared = cast<MemRefType>(view.getType()).getElementType();
  uint64_t duplicates = layout.getBroadcastMask(LL::Register);
  for (auto [reg, value] : llvm::enumerate(registers)) {
    if (reg & duplicates)
      continue;
    Value flat = arith::XOrIOp::create(
        b, loc, threadFlat,
        arith::ConstantIndexOp::create(b, loc,
                                       layout.applyOne(LL::Register, reg)));
    memref::StoreOp::create(b, loc, toShared(b, loc, value, shared), view,
                            slot(b, loc, flat));
  }
}

int64_t tilechain::layoutConversionBytes(const LL &from, Type element) {
  return (int64_t(1) << from.getNumElementBits()) *
         sharedElementBytes(sharedElementType(element));
}

FailureOr<SmallVector<Value>>
TileLowering::exchange(Value v, const LL &from, const LL &to) {
  Operation *anchor = v.getDefiningOp() ? v.getDefiningOp()
                                        : v.getParentBlock()->getParentOp();
  Value lowered = lookup(v);
  auto type = cast<VectorType>(lowered.getType());
  // tile-sched carries it out in rounds where the whole tile does not fit.
  int64_t bytes = layoutConversionBytes(from, type.getElementType());
  if (!exchangeRoundBits(from, to, bytes, sharedBytesLimit) &&
      failed(checkSharedFits(anchor, bytes)))
    return failure();
  OpBuilder &b = builder;
  Location loc = v.getLoc();
  Value converted = tile_dist::ConvertLayoutOp::create(
      b, loc, VectorType::get({to.getSize(LL::Register)}, type.getElementType()),
      lowered, tile_dist::LinearLayoutAttr::get(b.getContext(), from),
      tile_dist::LinearLayoutAttr::get(b.getContext(), to));
  return getRegisters(b, loc, converted);
}

FailureOr<SmallVector<Value>>
TileLowering::fromOwners(Operation *op, ArrayRef<Value> registers,
                         const LL &layout) {
  uint64_t duplicates = layout.getBroadcastMask(LL::Register);
  SmallVector<Value> result;
  for (int64_t reg = 0, e = registers.size(); reg < e; ++reg)
    result.push_back(registers[reg & ~duplicates]);
  if (!layout.getBroadcastMask(LL::Lane) && !layout.getBroadcastMask(LL::Warp))
    return result;
  OpBuilder &b = builder;
  Location loc = op->getLoc();
  Type element = result.front().getType();
  Type shared = sharedElementType(element);
  FailureOr<Value> buffer = sharedBuffer(
      op, shared, int64_t(1) << layout.getNumElementBits());
  if (failed(buffer))
    return failure();
  barrierBeforeSharedWrites(b, loc);
  SmallVector<Value> flats;
  for (int64_t reg = 0, e = result.size(); reg < e; ++reg)
    flats.push_back(flatIndex(b, loc, layout, reg));
  for (int64_t reg = 0, e = result.size(); reg < e; ++reg) {
    if (reg & duplicates)
      continue;
    auto write = scf::IfOp::create(b, loc, isOwner(b, loc, layout, reg),
                                   /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(write.thenBlock()->getTerminator());
    memref::StoreOp::create(b, loc, toShared(b, loc, result[reg], shared),
                            *buffer, flats[reg]);
  }
  gpu::BarrierOp::create(b, loc);
  for (int64_t reg = 0, e = result.size(); reg < e; ++reg)
    result[reg] = fromShared(
        b, loc, memref::LoadOp::create(b, loc, *buffer, flats[reg]), element);
  return result;
}

FailureOr<SmallVector<Value>> TileLowering::registersIn(Value v,
                                                        const LL &layout) {
  Value lowered = lookup(v);
  const LL &from = getLayout(lowered);
  if (from == layout)
    return getRegisters(builder, v.getLoc(), lowered);
  // An iota is its coordinates: computed again in `layout` it moves
  // nothing. Moved, the index tile that an argmax reduces beside a 16-bit
  // value tile crossed the CTA through shared memory (256 KiB for 65536
  // elements: more than a CTA has, so the kernel went to the serial form).
  auto iota = v.getDefiningOp<cuda_tile::IotaOp>();
  if (iota && from.getShape() == layout.getShape()) {
    Type element = tileElementType(iota.getType());
    SmallVector<Value> registers;
    for (int64_t reg = 0, e = layout.getSize(LL::Register); reg < e; ++reg)
      registers.push_back(arith::IndexCastUIOp::create(
          builder, v.getLoc(), element,
          elementCoords(builder, v.getLoc(), layout, reg)[0]));
    return registers;
  }
  if (std::optional<SmallVector<int64_t>> selection =
          from.registersFor(layout)) {
    SmallVector<Value> registers =
        getRegisters(builder, v.getLoc(), lowered);
    SmallVector<Value> selected;
    for (int64_t reg : *selection)
      selected.push_back(registers[reg]);
    return selected;
  }
  // A broadcast widened into a layout whose copies other threads hold: only
  // the elements each thread needs (the layout's slice of the source's
  // shape, usually a few registers) cross the CTA, and the copies are made
  // from them in registers. The change then stays small where tile-sched
  // moves it out of a loop.
  if (from.getShape() != layout.getShape()) {
    SmallVector<unsigned> kept;
    LL slice = layout.broadcastSource(from.getShape()).compactRegisters(kept);
    std::optional<SmallVector<int64_t>> widening = slice.registersFor(layout);
    if (widening && slice.getSize(LL::Register) < layout.getSize(LL::Register)) {
      FailureOr<SmallVector<Value>> needed = exchange(v, from, slice);
      if (failed(needed))
        return failure();
      SmallVector<Value> widened;
      for (int64_t reg : *widening)
        widened.push_back((*needed)[reg]);
      return widened;
    }
  }
  return exchange(v, from, layout);
}
