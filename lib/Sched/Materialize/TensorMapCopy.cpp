//===- TensorMapCopy.cpp - TMA copies: mma operands in, tiles out ---------===//
#include "TensorMapCopy.h"
#include "tilechain/Lower/ViewStores.h"

#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::mma;
namespace ct = mlir::cuda_tile;

namespace {

/// The tensor dims in TMA's order: the contiguous one (stride 1) first,
/// then the others from the last to the first.
SmallVector<unsigned> tensorMapDims(const ViewInfo &info,
                                    unsigned contiguous) {
  SmallVector<unsigned> dims{contiguous};
  for (unsigned d = info.shape.size(); d-- > 0;)
    if (d != contiguous)
      dims.push_back(d);
  return dims;
}

/// The tile dim walking each tensor dim.
SmallVector<unsigned> tileDimsOf(const ViewInfo &info) {
  SmallVector<unsigned> tileDimOf(info.shape.size());
  for (auto [tileDim, tensorDim] : llvm::enumerate(info.dimMap))
    tileDimOf[tensorDim] = tileDim;
  return tileDimOf;
}

unsigned contiguousTensorDim(const ViewInfo &info) {
  for (auto [d, stride] : llvm::enumerate(info.staticStrides))
    if (stride == 1)
      return d;
  llvm_unreachable("a copied view has a contiguous dim");
}

/// One chunk's boxes, in the load's tile dims: each box's extent along
/// every tile dim, and per box its start (tile coordinates within the
/// chunk) and the array slot it starts at.
struct ChunkBoxes {
  SmallVector<int64_t> extents;
  struct Box {
    SmallVector<int64_t> start;
    int64_t slot;
  };
  SmallVector<Box> boxes;
};

ChunkBoxes chunkBoxes(const StagedOperand &operand, int64_t kc) {
  ArrayRef<int64_t> shape = tileShape(operand.tile.getType());
  unsigned lead = operand.form.leadingUnitDims;
  unsigned rank = shape.size();
  int64_t batch = rank == 3 ? shape[0] : 1;
  int64_t width = shape[operand.xDim];
  int64_t perBox =
      operand.form.order == ChunkOrder::KContiguous
          ? std::min(width, kMaxTensorMapBoxExtent)
          : operand.form.swizzle / sharedElementBytes(operand.sharedType);
  ChunkBoxes result;
  result.extents.assign(lead + rank, 1);
  result.extents[lead + operand.kDim] = kc;
  result.extents[lead + operand.xDim] = perBox;
  for (int64_t b = 0; b < batch; ++b)
    for (int64_t x = 0; x < width; x += perBox) {
      SmallVector<int64_t> start(lead + rank, 0);
      if (rank == 3)
        start[lead] = b;
      start[lead + operand.xDim] = x;
      result.boxes.push_back({start, arraySlot(operand, b, 0, x)});
    }
  return result;
}

/// The kernel's tensor-map parameter described by `description`: an
/// existing one, or a new hidden parameter after the others.
Value tensorMapParameter(TileLowering &l, Location loc,
                         DictionaryAttr description) {
  OpBuilder &b = l.b();
  auto kernel = cast<gpu::GPUFuncOp>(l.getKernel());
  unsigned count = kernel.getNumArguments();
  for (unsigned i = 0; i < count; ++i)
    if (kernel.getArgAttr(i, tile_dist::kTensorMapAttrName) == description)
      return kernel.getArgument(i);
  MLIRContext *context = b.getContext();
  // A 128-byte, 64-byte aligned parameter read in place through its
  // address (tile-llc marks it nvvm.grid_constant once the kernel is an
  // llvm.func: its address is the parameter's own).
  NamedAttrList attributes;
  attributes.append(LLVM::LLVMDialect::getByValAttrName(),
                    TypeAttr::get(LLVM::LLVMArrayType::get(
                        IntegerType::get(context, 8), 128)));
  attributes.append(LLVM::LLVMDialect::getAlignAttrName(),
                    b.getI64IntegerAttr(64));
  attributes.append(tile_dist::kTensorMapAttrName, description);
  // Appending an argument to a gpu.func (no symbol users to update) does
  // not fail.
  (void)kernel.insertArgument(count, LLVM::LLVMPointerType::get(context),
                              attributes.getDictionary(context), loc);
  return kernel.getArgument(count);
}

/// What a TMA copy or store through tiled view `view` needs: the tensor
/// map (a kernel parameter, described for the callback by the tensor's
/// base, extents and strides in TMA's order, `box` and `swizzle`), the
/// tensor's base, extents and element strides (dims after the first) in
/// that order, and the tensor dim each of its dims is.
struct TensorMapOperands {
  Value map, base;
  SmallVector<Value> extents, strides;
  SmallVector<unsigned> dims;
};

TensorMapOperands tensorMapOperands(TileLowering &l, Location loc, Value view,
                                    Type element, ArrayRef<int64_t> box,
                                    int64_t swizzle) {
  const ViewInfo &info = l.lookupView(view);
  ct::MakeTensorViewOp tensorView = tensorViewOf(view);
  auto viewType = cast<ct::TensorViewType>(tensorView.getResult().getType());
  OpBuilder &b = l.b();
  TensorMapOperands operands;
  operands.dims = tensorMapDims(info, contiguousTensorDim(info));
  SmallVector<Attribute> sizes = *describeExtents(
      viewType.getShape(), tensorView.getDynamicShape(), b);
  SmallVector<Attribute> strides = *describeExtents(
      viewType.getStrides(), tensorView.getDynamicStrides(), b);
  SmallVector<Attribute> mapSizes, mapStrides;
  for (auto [i, d] : llvm::enumerate(operands.dims)) {
    mapSizes.push_back(sizes[d]);
    operands.extents.push_back(info.shape[d]);
    if (i == 0)
      continue;
    mapStrides.push_back(strides[d]);
    operands.strides.push_back(info.strides[d]);
  }
  NamedAttrList fields;
  fields.append("type", TypeAttr::get(element));
  fields.append("base", parameterOrConstant(tensorView.getBase()));
  fields.append("sizes", b.getArrayAttr(mapSizes));
  fields.append("strides", b.getArrayAttr(mapStrides));
  fields.append("box", b.getDenseI64ArrayAttr(box));
  fields.append("swizzle", b.getI64IntegerAttr(swizzle));
  operands.map =
      tensorMapParameter(l, loc, fields.getDictionary(b.getContext()));
  operands.base = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext(), 1), info.base);
  return operands;
}

/// The first element of the tile at `index` (lowered index values, one
/// per tile dim) along each tile dim, as index values.
SmallVector<Value> tileOrigin(OpBuilder &b, Location loc, const ViewInfo &info,
                              ArrayRef<Value> index) {
  SmallVector<Value> origin;
  for (auto [tileIndex, step] : llvm::zip(index, info.traversalStrides)) {
    Value at = tileIndex;
    if (!at.getType().isIndex())
      at = arith::IndexCastOp::create(b, loc, b.getIndexType(), at);
    origin.push_back(arith::MulIOp::create(
        b, loc, at, arith::ConstantIndexOp::create(b, loc, step)));
  }
  return origin;
}

} // namespace

int64_t mma::tensorChunkBytes(const StagedOperand &operand, int64_t kc) {
  ArrayRef<int64_t> shape = tileShape(operand.tile.getType());
  int64_t batch = shape.size() == 3 ? shape[0] : 1;
  return batch * shape[operand.xDim] * kc *
         sharedElementBytes(operand.sharedType);
}

SmallVector<int64_t> mma::tensorMapBox(TileLowering &l,
                                      const StagedOperand &operand,
                                      int64_t kc) {
  ct::LoadViewTkoOp load = operand.form.copiedFrom;
  const ViewInfo &info = l.lookupView(load.getView());
  SmallVector<unsigned> tileDimOf = tileDimsOf(info);
  ChunkBoxes boxes = chunkBoxes(operand, kc);
  SmallVector<int64_t> box;
  for (unsigned d : tensorMapDims(info, contiguousTensorDim(info)))
    box.push_back(boxes.extents[tileDimOf[d]]);
  return box;
}

TensorChunkCopy mma::tensorChunkCopy(TileLowering &l,
                                     const StagedOperand &operand,
                                     unsigned index, int64_t kc,
                                     ArrayRef<Value> loweredIndex) {
  ct::LoadViewTkoOp load = operand.form.copiedFrom;
  const ViewInfo &info = l.lookupView(load.getView());
  OpBuilder &b = l.b();
  Location loc = load.getLoc();
  SmallVector<unsigned> tileDimOf = tileDimsOf(info);
  ChunkBoxes boxes = chunkBoxes(operand, kc);
  SmallVector<int64_t> box = tensorMapBox(l, operand, kc);
  Type element = tileElementType(operand.tile.getType());
  TensorMapOperands tensor = tensorMapOperands(l, loc, load.getView(), element,
                                               box, operand.form.swizzle);
  SmallVector<Value> tileIndex = llvm::to_vector(loweredIndex);
  if (tileIndex.empty())
    for (Value v : load.getIndex())
      tileIndex.push_back(l.lookup(v));
  SmallVector<Value> origin = tileOrigin(b, loc, info, tileIndex);
  unsigned kTileDim = operand.form.leadingUnitDims + operand.kDim;
  int64_t elementBytes = sharedElementBytes(operand.sharedType);
  return [=](OpBuilder &at, Location loc, Value chunk,
             ArrayRef<StagedOperand> operands, Value barriers, Value stage) {
    const StagedOperand &target = operands[index];
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIndexOp::create(at, loc, v);
    };
    Value chunkK = arith::MulIOp::create(at, loc, chunk, constant(kc));
    Value inStage = stageOffset(at, loc, target, stage, elementBytes);
    for (const ChunkBoxes::Box &each : boxes.boxes) {
      SmallVector<Value> coordinates;
      for (unsigned d : tensor.dims) {
        unsigned t = tileDimOf[d];
        Value c = arith::AddIOp::create(at, loc, origin[t],
                                        constant(each.start[t]));
        if (t == kTileDim)
          c = arith::AddIOp::create(at, loc, c, chunkK);
        coordinates.push_back(
            arith::IndexCastOp::create(at, loc, at.getI32Type(), c));
      }
      Value slot = arith::AddIOp::create(at, loc, inStage, constant(each.slot));
      tile_dist::TensorCopyOp::create(
          at, loc, tensor.map, tensor.base, tensor.extents, tensor.strides,
          coordinates, target.buffer, slot, barriers, stage,
          at.getDenseI64ArrayAttr(box),
          at.getI64IntegerAttr(target.form.swizzle));
    }
  };
}

namespace {

/// The register bits that select the matrices a warp's stmatrix stores
/// together (.x1, .x2, .x4 for 0, 1, 2 bits), or none where `layout` does
/// not give its lanes an mma fragment's 16-bit pairs: register bit 0 the
/// next column, lane bits 0-1 the next pairs, every other basis 8 columns
/// or rows away (a lane's row of 8 then starts 16 bytes aligned in the
/// staging, which swizzles 16-byte units), nothing broadcast. The matrices
/// of one stmatrix are in one slab.
std::optional<SmallVector<unsigned, 2>>
storeMatrixBits(const LinearLayout &layout, const StoreStaging &plan,
                int64_t inSlab) {
  using LL = LinearLayout;
  ArrayRef<uint64_t> registers = layout.getBases(LL::Register);
  ArrayRef<uint64_t> lanes = layout.getBases(LL::Lane);
  if (plan.bytes != 2 || plan.innerBox % 8 || registers.empty() ||
      lanes.size() != 5 || registers[0] != 1 || lanes[0] != 2 ||
      lanes[1] != 4)
    return std::nullopt;
  for (LL::In in : {LL::Register, LL::Lane, LL::Warp})
    if (layout.getBroadcastMask(in))
      return std::nullopt;
  // The bases past the fragment's pair of columns and its lanes' pairs.
  SmallVector<uint64_t> rest(registers.drop_front());
  llvm::append_range(rest, lanes.drop_front(2));
  llvm::append_range(rest, layout.getBases(LL::Warp));
  if (llvm::any_of(rest, [](uint64_t basis) { return basis % 8; }))
    return std::nullopt;
  SmallVector<unsigned, 2> bits;
  for (unsigned bit = 1; bit < registers.size() && bits.size() < 2; ++bit)
    if (!(plan.slotOf(registers[bit]) & ~inSlab))
      bits.push_back(bit);
  return bits;
}

} // namespace

/// Whether the only work `token` orders, through join_tokens and the
/// iterations and results of `for` loops, is `store` itself in a later
/// iteration.
static bool ordersOnly(Value token, ct::StoreViewTkoOp store,
                       llvm::SmallPtrSetImpl<Value> &seen) {
  if (!seen.insert(token).second)
    return true;
  for (OpOperand &use : token.getUses()) {
    Operation *user = use.getOwner();
    if (user == store.getOperation() && use.get() == store.getToken())
      continue;
    if (auto join = dyn_cast<ct::JoinTokensOp>(user)) {
      if (!ordersOnly(join.getResult(), store, seen))
        return false;
      continue;
    }
    auto loop = dyn_cast<ct::ForOp>(user->getParentOp());
    if (!isa<ct::ContinueOp>(user) || !loop)
      return false;
    unsigned index = use.getOperandNumber();
    if (!ordersOnly(loop.getRegionIterValues()[index], store, seen) ||
        !ordersOnly(loop.getResult(index), store, seen))
      return false;
  }
  return true;
}

/// Whether the only work ordered after `store` is the same store in a later
/// iteration of a `for` loop around it: its token operand is the loop's
/// iteration value, and its result token reaches nothing else (a
/// persistent kernel's store of each tile, or of each column slice of one,
/// SplitWideAccumulators.cpp, whose tokens are joined). The issuing thread
/// then need not wait for the writes after each store, only before issuing
/// the next.
static bool ordersOnlyItsNextIteration(ct::StoreViewTkoOp store) {
  auto carried = dyn_cast<BlockArgument>(store.getToken());
  auto loop = carried ? dyn_cast<ct::ForOp>(carried.getOwner()->getParentOp())
                      : ct::ForOp();
  if (!loop || !loop->isProperAncestor(store) ||
      store.getResultToken().use_empty())
    return false;
  llvm::SmallPtrSet<Value, 8> seen;
  return ordersOnly(store.getResultToken(), store, seen);
}

LogicalResult tilechain::storeByTensorMap(TileLowering &l,
                                          ct::StoreViewTkoOp op) {
  const ViewInfo &info = l.lookupView(op.getView());
  OpBuilder &b = l.b();
  Location loc = op.getLoc();
  Value tile = op.getTile();
  Type element = tileElementType(tile.getType());
  Type shared = sharedElementType(element);
  Value lowered = l.lookup(tile);
  // The staging buffer is written from the tile's registers as they are.
  std::optional<std::string> why = whyNotTensorMapStore(op, l.getTarget());
  int64_t count = 1;
  for (int64_t extent : info.tileShape)
    count *= extent;
  if (!why && (!isa<VectorType>(lowered.getType()) ||
               int64_t(1) << l.getLayout(lowered).getNumElementBits() != count))
    why = "its tile is held as a broadcast of a smaller one";
  if (why)
    return op->emitError() << "'"
                           << tile_dist::TileDistDialect::kViewStoreAttrName
                           << "' records tensor_map, which this store cannot "
                              "take: "
                           << *why;
  const LinearLayout &layout = l.getLayout(lowered);
  StoreStaging plan;
  if (std::optional<std::string> why = planStoreStaging(
          info.tileShape, sharedElementBytes(shared),
          l.getTarget().sharedBytesPerBlock / 2, plan))
    return op.emitOpError() << "cannot be stored by TMA: " << *why;
  int64_t bytes = plan.bytes;
  SmallVector<int64_t> box{plan.innerBox};
  for (int64_t extent : llvm::reverse(ArrayRef(info.tileShape).drop_back()))
    box.push_back(extent);

  SmallVector<Value> tileIndex;
  for (Value v : op.getIndex())
    tileIndex.push_back(l.lookup(v));
  l.orderAfterToken(loc, op.getToken());
  int64_t slabElements = plan.slabBoxes * plan.boxElements();
  FailureOr<Value> buffer = l.allocShared(
      op, slabElements * bytes, plan.swizzle ? 8 * plan.swizzle : 128);
  if (failed(buffer))
    return failure();
  Value staging = l.sharedView(*buffer, shared, slabElements);
  TensorMapOperands tensor =
      tensorMapOperands(l, loc, op.getView(), element, box, plan.swizzle);
  SmallVector<Value> origin = tileOrigin(b, loc, info, tileIndex);

  auto constant = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  // The slot of the thread's part of the tile, as plan.slotOf computes it
  // for a constant (folded where it is one), so that the slot of a
  // thread's register is that xor the register's part, a constant.
  int64_t widthBits = llvm::Log2_64(plan.width);
  int64_t innerBits = llvm::Log2_64(plan.innerBox);
  auto slotOf = [&](Value flat) -> Value {
    Value column =
        b.createOrFold<arith::AndIOp>(loc, flat, constant(plan.width - 1));
    auto field = [&](Value v, int64_t shift, int64_t mask, int64_t scale) {
      Value shifted = b.createOrFold<arith::ShRUIOp>(loc, v, constant(shift));
      if (mask)
        shifted = b.createOrFold<arith::AndIOp>(loc, shifted, constant(mask));
      return b.createOrFold<arith::MulIOp>(loc, shifted, constant(scale));
    };
    Value byte = b.createOrFold<arith::AddIOp>(
        loc,
        b.createOrFold<arith::AddIOp>(
            loc, field(column, innerBits, 0, plan.boxBytes),
            field(flat, widthBits, 0, plan.innerBytes)),
        field(column, 0, plan.innerBox - 1, bytes));
    if (plan.swizzle) {
      Value atomRow = b.createOrFold<arith::AndIOp>(
          loc, b.createOrFold<arith::ShRUIOp>(loc, byte, constant(7)),
          constant(plan.swizzle / 16 - 1));
      byte = b.createOrFold<arith::XOrIOp>(
          loc, byte, b.createOrFold<arith::ShLIOp>(loc, atomRow, constant(4)));
    }
    return b.createOrFold<arith::DivUIOp>(loc, byte, constant(bytes));
  };
  // The slot bits the thread part can set. A register's constant splits
  // into those bits, xored into one of a few per-thread bases, and the
  // others, added: they are disjoint from the base's bits, so the add is
  // the xor, and it folds into the store's immediate offset. A 128-byte
  // swizzle gives at most 8 bases (a row's 16-byte chunks) where one xor per
  // register, each a live register, took 228 registers in place of 154.
  // In slabs, the slot's high bits are the slab and the others the slot in
  // the slab's buffer; a register's slab is the thread's xor the
  // register's, so where the thread part sets slab bits (warps along the
  // columns: mma.sync), each thread writes in each slab the registers
  // whose slab xor its own is that one.
  int64_t threadBits = plan.threadBits(layout);
  int64_t inSlab = slabElements - 1;
  int64_t slabShift = llvm::Log2_64(slabElements);
  // On sm_90 and later, where the registers are mma fragments of 16-bit
  // values and the thread part sets no slab bits, a warp's stmatrix writes
  // up to four 8x8 matrices of them, one word a lane each.
  std::optional<SmallVector<unsigned, 2>> matrixBits;
  if (!(threadBits & ~inSlab) && l.getTarget().smVersion >= kTensorMapMinSM)
    matrixBits = storeMatrixBits(layout, plan, inSlab);
  SmallVector<Value> registers = l.getRegisters(b, loc, lowered);
  Value threadSlot, threadSlab;
  llvm::SmallDenseMap<int64_t, Value> bases;
  // Per register slab: the registers and their slots.
  SmallVector<SmallVector<std::pair<Value, int64_t>>> bySlab(plan.slabs());
  if (!matrixBits) {
    threadSlot = slotOf(l.threadFlatIndex(b, loc, layout));
    if (threadBits & ~inSlab)
      threadSlab =
          arith::ShRUIOp::create(b, loc, threadSlot, constant(slabShift));
    if (plan.slabs() > 1)
      threadSlot =
          b.createOrFold<arith::AndIOp>(loc, threadSlot, constant(inSlab));
    uint64_t duplicates = layout.getBroadcastMask(LinearLayout::Register);
    for (auto [reg, value] : llvm::enumerate(registers)) {
      if (reg & duplicates)
        continue;
      int64_t slot =
          plan.slotOf(layout.applyOne(LinearLayout::Register, reg));
      Value &base = bases[slot & threadBits & inSlab];
      if (!base)
        base = b.createOrFold<arith::XOrIOp>(
            loc, threadSlot, constant(slot & threadBits & inSlab));
      bySlab[slot >> slabShift].push_back({value, slot});
    }
  }
  // Registers of consecutive slots go in one store of up to 16 bytes where
  // the thread part sets none of the slots' low bits (their base is then
  // aligned as the run is): a pair of f16 columns of an mma fragment in
  // one 32-bit store.
  int64_t maxRun = 1;
  while (maxRun * 2 * bytes <= 16 && !(threadBits & (maxRun * 2 - 1)))
    maxRun *= 2;
  auto writeRegisters = [&](OpBuilder &at, int64_t registerSlab) {
    ArrayRef<std::pair<Value, int64_t>> entries = bySlab[registerSlab];
    for (size_t i = 0; i < entries.size();) {
      int64_t slot = entries[i].second;
      auto whole = [&](int64_t run) {
        return slot % run == 0 && i + run <= entries.size() &&
               llvm::all_of(llvm::seq<int64_t>(1, run), [&](int64_t j) {
                 return entries[i + j].second == slot + j;
               });
      };
      int64_t run = maxRun;
      while (run > 1 && !whole(run))
        run /= 2;
      Value index = at.createOrFold<arith::AddIOp>(
          loc, bases[slot & threadBits & inSlab],
          arith::ConstantIndexOp::create(at, loc,
                                         slot & ~threadBits & inSlab));
      if (run == 1) {
        memref::StoreOp::create(at, loc,
                                toShared(at, loc, entries[i].first, shared),
                                staging, index);
      } else {
        SmallVector<Value> values;
        for (int64_t j = 0; j < run; ++j)
          values.push_back(toShared(at, loc, entries[i + j].first, shared));
        vector::StoreOp::create(
            at, loc,
            vector::FromElementsOp::create(
                at, loc, VectorType::get({run}, shared), values),
            staging, ValueRange{index}, /*nontemporal=*/false,
            llvm::MaybeAlign(run * bytes));
      }
      i += run;
    }
  };
  // A lane names the row a layout of the matrices' rows over the lanes
  // gives it (the fragment's row bits, then the register bits that pick
  // the matrix), so that its slot is the thread part of that layout's
  // xored with the matrices' register part, a constant.
  int64_t group = 1, rowBits = 0;
  Value rowSlot;
  llvm::SmallDenseMap<int64_t, Value> rowBases;
  if (matrixBits) {
    using LL = LinearLayout;
    ArrayRef<uint64_t> laneBases = layout.getBases(LL::Lane);
    LL::Bases rowLanes(laneBases.begin() + 2, laneBases.end());
    for (unsigned bit : *matrixBits) {
      rowLanes.push_back(layout.getBases(LL::Register)[bit]);
      group |= int64_t(1) << bit;
    }
    rowLanes.resize(laneBases.size(), 0);
    LL rows(layout.getShape(),
            {LL::Bases(), rowLanes, LL::Bases(layout.getBases(LL::Warp))});
    rowBits = plan.threadBits(rows);
    rowSlot = slotOf(
        threadFlatIndex(b, loc, rows, l.getLaneId(), l.getWarpId()));
    if (plan.slabs() > 1)
      rowSlot = b.createOrFold<arith::AndIOp>(loc, rowSlot, constant(inSlab));
  }
  auto writeMatrices = [&](OpBuilder &at, int64_t slab) {
    Type i32 = at.getI32Type();
    auto pairType = VectorType::get({2}, shared);
    for (int64_t reg = 0; reg < int64_t(registers.size()); ++reg) {
      if (reg & group)
        continue;
      int64_t slot =
          plan.slotOf(layout.applyOne(LinearLayout::Register, reg));
      if (slot >> slabShift != slab)
        continue;
      SmallVector<Value, 4> words;
      for (int64_t matrix = 0; matrix < int64_t(1) << matrixBits->size();
           ++matrix) {
        int64_t first = reg;
        for (auto [i, bit] : llvm::enumerate(*matrixBits))
          if (matrix >> i & 1)
            first |= int64_t(1) << bit;
        Value pair = vector::FromElementsOp::create(
            at, loc, pairType,
            ValueRange{toShared(at, loc, registers[first], shared),
                       toShared(at, loc, registers[first | 1], shared)});
        words.push_back(LLVM::BitcastOp::create(at, loc, i32, pair));
      }
      Value &base = rowBases[slot & rowBits & inSlab];
      if (!base)
        base = at.createOrFold<arith::XOrIOp>(
            loc, rowSlot, constant(slot & rowBits & inSlab));
      Value index = at.createOrFold<arith::AddIOp>(
          loc, base, constant(slot & ~rowBits & inSlab));
      tile_dist::StoreMatrixOp::create(at, loc, words, staging, index);
    }
  };
  bool loopCarried = ordersOnlyItsNextIteration(op);
  bool readOnlyWait = op.getResultToken().use_empty() || loopCarried;
  TileLowering::barrierBeforeSharedWrites(b, loc);
  for (int64_t slab = 0; slab < plan.slabs(); ++slab) {
    int64_t slabStart = slab * slabElements;
    if (matrixBits) {
      writeMatrices(b, slab);
    } else if (!threadSlab) {
      writeRegisters(b, slab);
    } else {
      for (int64_t registerSlab = 0; registerSlab < plan.slabs();
           ++registerSlab) {
        if (bySlab[registerSlab].empty())
          continue;
        Value mine = arith::CmpIOp::create(
            b, loc, arith::CmpIPredicate::eq, threadSlab,
            constant(slab ^ registerSlab));
        scf::IfOp::create(b, loc, mine, [&](OpBuilder &then, Location) {
          writeRegisters(then, registerSlab);
          scf::YieldOp::create(then, loc);
        });
      }
    }
    // Each thread's writes reach the async proxy, which the stores read
    // through, before the barrier.
    NVVM::FenceProxyOp::create(
        b, loc, NVVM::ProxyKind::async_shared,
        NVVM::SharedSpaceAttr::get(b.getContext(),
                                   NVVM::SharedSpace::shared_cta));
    gpu::BarrierOp::create(b, loc);
    bool lastSlab = slab + 1 == plan.slabs();
    scf::IfOp::create(
        b, loc, l.isFirstThread(b, loc), [&](OpBuilder &then, Location) {
          auto thenConstant = [&](int64_t v) -> Value {
            return arith::ConstantIndexOp::create(then, loc, v);
          };
          // The previous iteration's store waited only for its reads; its
          // writes come before this one's.
          if (loopCarried && slab == 0)
            NVVM::CpAsyncBulkWaitGroupOp::create(then, loc, 0, UnitAttr());
          for (int64_t boxIndex = slab * plan.slabBoxes;
               boxIndex < (slab + 1) * plan.slabBoxes; ++boxIndex) {
            SmallVector<Value> coordinates;
            for (auto [i, d] : llvm::enumerate(tensor.dims)) {
              Value c = origin[d];
              if (i == 0)
                c = arith::AddIOp::create(
                    then, loc, c, thenConstant(boxIndex * plan.innerBox));
              coordinates.push_back(arith::IndexCastOp::create(
                  then, loc, then.getI32Type(), c));
            }
            tile_dist::TensorStoreOp::create(
                then, loc, tensor.map, tensor.base, tensor.extents,
                tensor.strides, coordinates, staging,
                thenConstant(boxIndex * plan.boxElements() - slabStart),
                then.getDenseI64ArrayAttr(box),
                then.getI64IntegerAttr(plan.swizzle));
          }
          // A slab's boxes in one bulk group, so that their stores overlap.
          // Where nothing is ordered after the store, or only its next
          // iteration (which waits before its own), the last group needs
          // only to have read the buffer (`.read`): the writes complete on
          // their own, before the kernel does; so do the groups of the
          // slabs before, whose buffer the next slab takes.
          NVVM::CpAsyncBulkCommitGroupOp::create(then, loc);
          NVVM::CpAsyncBulkWaitGroupOp::create(
              then, loc, 0,
              readOnlyWait || !lastSlab ? then.getUnitAttr() : UnitAttr());
          scf::YieldOp::create(then, loc);
        });
    // The buffer is the stores' until they have read it: later writes to
    // its bytes (the next slab's, or another exchange's) wait here. Where
    // none follows before the kernel ends, tile-sched drops it.
    TileLowering::barrierBeforeSharedWrites(b, loc);
  }
  l.remark(TileRemarkKind::Passed, kMemoryRemarks,
           "RemarkMemoryStoreInstructionSelected", loc,
           "Store instruction selected")
      .note("Instruction", "TMA Store instruction")
      .note("Shape", remarkShape(box));
  if (plan.slabs() > 1)
    l.remark(TileRemarkKind::Passed, kMemoryRemarks,
             "RemarkMemoryStoreInSlabs", loc,
             "TMA store staged in " + Twine(plan.slabs()) + " slabs")
        .note("Slabs", std::to_string(plan.slabs()))
        .note("SlabBytes", std::to_string(slabElements * bytes));
  return success();
}
