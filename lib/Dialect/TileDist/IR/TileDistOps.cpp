//===- TileDistOps.cpp - tile_dist.convert_layout -------------------------===//
#include "tilechain/Dialect/TileDist/IR/TileDist.h"
#include "tilechain/Dialect/TileDist/IR/AsyncProxy.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::tile_dist;

#define GET_OP_CLASSES
#include "tilechain/Dialect/TileDist/IR/TileDistOps.cpp.inc"

LogicalResult ClusterCTARankOp::verify() {
  // The dialect does not link cuda_tile: the entry is found by its name.
  Operation *entry = getOperation()->getParentOp();
  while (entry && entry->getName().getStringRef() != "cuda_tile.entry")
    entry = entry->getParentOp();
  if (!entry ||
      !entry->hasAttr(TileDistDialect::kClusterCTAsAttrName))
    return emitOpError() << "is read only in a cuda_tile.entry whose tile "
                            "blocks are clusters ('"
                         << TileDistDialect::kClusterCTAsAttrName << "')";
  return success();
}

LogicalResult InRingOp::verify() {
  for (OpOperand &use : getResult().getUses()) {
    Operation *reader = use.getOwner();
    if (!isMmaName(reader->getName().getStringRef()) ||
        use.getOperandNumber() > 1)
      return emitOpError() << "is read only as a cuda_tile mma's lhs or rhs, "
                              "not as operand "
                           << use.getOperandNumber() << " of '"
                           << reader->getName() << "'";
    // The mma multiplies a chunk of each operand from one stage.
    auto other = reader->getOperand(1 - use.getOperandNumber())
                     .getDefiningOp<InRingOp>();
    if (other && other.getRing() != getRing())
      return emitOpError() << "passes an mma's operand through another ring "
                              "than its other operand";
  }
  return success();
}

LogicalResult RingDeallocOp::verify() {
  Block *block = getOperation()->getBlock();
  for (Operation *user : getRing().getUsers()) {
    if (user == getOperation())
      continue;
    if (isa<RingDeallocOp>(user))
      return emitOpError() << "ends a ring that another ring_dealloc ends";
    // An operand staged in the ring after its end (in this block, or in
    // the regions of an op after it) would use given-back bytes.
    Operation *inBlock = block->findAncestorOpInBlock(*user);
    if (inBlock && getOperation()->isBeforeInBlock(inBlock))
      return emitOpError() << "ends the ring before its use by '"
                           << user->getName() << "'";
  }
  return success();
}

/// The element type of `type` where it is a scalar: a rank-0 shaped type
/// (a cuda_tile scalar tile) or a plain integer; else null.
static Type scalarType(Type type) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.hasRank() && shaped.getRank() == 0 ? shaped.getElementType()
                                                     : Type();
  return type;
}

LogicalResult RingFillOp::verify() {
  auto isInteger = [](Value v, unsigned width) {
    auto integer = dyn_cast_or_null<IntegerType>(scalarType(v.getType()));
    return integer && (!width || integer.getWidth() == width);
  };
  if (!isInteger(getStage(), 32) || !isInteger(getChunk(), 32))
    return emitOpError() << "takes its stage and chunk as i32 scalars";
  if (!getIv() != !getRuns())
    return emitOpError() << "takes a loop's counter and a predicate together";
  if (getIv() && !isInteger(getIv(), 0))
    return emitOpError() << "takes the loop's counter as an integer scalar";
  if (getRuns() && !isInteger(getRuns(), 1))
    return emitOpError() << "takes its predicate as an i1 scalar";
  Attribute stage;
  if (matchPattern(getStage(), m_Constant(&stage))) {
    APInt value;
    if (auto dense = dyn_cast<DenseIntElementsAttr>(stage))
      value = *dense.value_begin<APInt>();
    else if (auto integer = dyn_cast<IntegerAttr>(stage))
      value = integer.getValue();
    int64_t stages = getRing().getType().getStages();
    if (value.getBitWidth() && (value.isNegative() || value.sge(stages)))
      return emitOpError() << "fills stage " << value.getSExtValue()
                           << " of a ring of " << stages << " stages";
  }
  return success();
}

LogicalResult ChunkScheduleOp::verify() {
  int64_t multiplies = 0;
  for (Operation &op : getBody().front()) {
    if (!isa<RingWaitOp, RingReleaseOp, RingPublishOp, RingFillAheadOp,
             MmaChunkOp, RingFreeOp>(op))
      return op.emitOpError() << "is not an op of a chunk's schedule (a "
                                 "ring's wait, release, publish, fill ahead, "
                                 "free or the chunk's mma)";
    if (op.getOperand(0) != getRing())
      return op.emitOpError() << "names another ring than its schedule's";
    multiplies += isa<MmaChunkOp>(op);
  }
  if (multiplies != 1)
    return emitOpError() << "multiplies each chunk once (one "
                            "'tile_dist.mma_chunk'), got "
                         << multiplies;
  return success();
}

/// Whether `chunks`, a count of a chunk op of `ring`, names chunks whose
/// stages differ from this chunk's: from 0 to the ring's stages less one.
static bool withinStages(int64_t chunks, RingType ring) {
  return chunks >= 0 && chunks < ring.getStages();
}

LogicalResult RingWaitOp::verify() {
  if (!withinStages(getNewer(), getRing().getType()))
    return emitOpError() << "leaves " << getNewer()
                         << " newer fills running in a ring of "
                         << getRing().getType().getStages() << " stages";
  return success();
}

LogicalResult RingFillAheadOp::verify() {
  if (!withinStages(getBy(), getRing().getType()))
    return emitOpError() << "fills the chunk " << getBy()
                         << " ahead in a ring of "
                         << getRing().getType().getStages()
                         << " stages, whose stage is still read";
  return success();
}

LogicalResult RingFreeOp::verify() {
  RingType ring = getRing().getType();
  if (!ring.getProducer())
    return emitOpError() << "hands a stage back to a producer, but no "
                            "producer fills the ring";
  if (!withinStages(getBehind(), ring))
    return emitOpError() << "frees the stage of the chunk " << getBehind()
                         << " behind in a ring of " << ring.getStages()
                         << " stages";
  return success();
}

LogicalResult RingProducerOp::verify() {
  RingType ring = getRing().getType();
  if (!ring.getProducer())
    return emitOpError() << "fills a ring whose type has no 'producer'";
  auto alloc = getRing().getDefiningOp<RingAllocOp>();
  if (!alloc || alloc->getNextNode() != getOperation())
    return emitOpError() << "stands right after its ring's "
                            "'tile_dist.ring_alloc'";
  return success();
}

LogicalResult ConvertLayoutOp::verify() {
  LinearLayout from = getFrom().getLayout(), to = getTo().getLayout();
  if (from.getRank() != to.getRank())
    return emitOpError() << "converts between layouts of rank "
                         << from.getRank() << " and " << to.getRank();
  for (auto [dim, sizes] :
       llvm::enumerate(llvm::zip(from.getShape(), to.getShape()))) {
    auto [fromSize, toSize] = sizes;
    if (fromSize != toSize && fromSize != 1)
      return emitOpError() << "dim " << dim << " of the source layout ("
                           << fromSize << ") is neither the target's ("
                           << toSize << ") nor a broadcast (1)";
  }
  if (from.getNumBits(LinearLayout::Warp) != to.getNumBits(LinearLayout::Warp))
    return emitOpError() << "the layouts are over "
                         << from.getSize(LinearLayout::Warp) << " and "
                         << to.getSize(LinearLayout::Warp) << " warps";
  auto source = cast<VectorType>(getSource().getType());
  auto result = cast<VectorType>(getResult().getType());
  if (source.getElementType() != result.getElementType())
    return emitOpError() << "changes the element type";
  if (source.getNumElements() != from.getSize(LinearLayout::Register))
    return emitOpError() << "has " << source.getNumElements()
                         << " source registers where its layout has "
                         << from.getSize(LinearLayout::Register);
  if (result.getNumElements() != to.getSize(LinearLayout::Register))
    return emitOpError() << "has " << result.getNumElements()
                         << " result registers where its layout has "
                         << to.getSize(LinearLayout::Register);
  return success();
}

OpFoldResult ConvertLayoutOp::fold(FoldAdaptor) {
  if (getFrom() == getTo())
    return getSource();
  // A change of a change: one change from the first layout, or none.
  auto inner = getSource().getDefiningOp<ConvertLayoutOp>();
  if (!inner)
    return {};
  if (inner.getFrom() == getTo())
    return inner.getSource();
  getSourceMutable().assign(inner.getSource());
  setFromAttr(inner.getFrom());
  return getResult();
}

LogicalResult AsyncCopyOp::verify() {
  auto type = cast<MemRefType>(getDestination().getType());
  unsigned bits = type.getElementTypeBitWidth();
  if (bits % 8 != 0 || 16 % (bits / 8) != 0)
    return emitOpError() << "copies 16 bytes into whole elements, not into "
                         << type.getElementType();
  return success();
}

int64_t TensorCopyOp::getBoxBytes() {
  auto type = cast<MemRefType>(getDestination().getType());
  int64_t elements = 1;
  for (int64_t extent : getBox())
    elements *= extent;
  return elements * type.getElementTypeBitWidth() / 8;
}

/// The box of a TMA copy or store against the limits of
/// cuTensorMapEncodeTiled (CUDA driver API) and PTX: 1 to 5 dims of 1 to
/// 256 elements of whole bytes, up to 8, rows of a multiple of 16 bytes
/// that fit the swizzle, and as many sizes, coordinates and strides as the
/// box needs. The rows' bytes, or failure after a diagnostic.
template <typename OpT>
static FailureOr<int64_t> verifyBox(OpT op, MemRefType shared) {
  auto diagnosed = [](LogicalResult reported) -> FailureOr<int64_t> {
    return reported;
  };
  size_t rank = op.getBox().size();
  if (rank < 1 || rank > 5)
    return diagnosed(op.emitOpError()
                     << "copies a box of 1 to 5 dims, not " << rank);
  if (op.getSizes().size() != rank || op.getCoordinates().size() != rank ||
      op.getStrides().size() + 1 != rank)
    return diagnosed(op.emitOpError()
                     << "needs " << rank << " sizes and coordinates and "
                     << rank - 1 << " strides for its " << rank
                     << "-dim box");
  for (int64_t extent : op.getBox())
    if (extent < 1 || extent > 256)
      return diagnosed(op.emitOpError()
                       << "box extents are 1 to 256, not " << extent);
  unsigned bits = shared.getElementTypeBitWidth();
  if (bits % 8 != 0 || bits > 64)
    return diagnosed(op.emitOpError() << "copies whole bytes of up to 8, not "
                                      << shared.getElementType());
  int64_t rowBytes = op.getBox()[0] * bits / 8;
  if (rowBytes % 16 != 0)
    return diagnosed(op.emitOpError()
                     << "box rows are a multiple of 16 bytes, not "
                     << rowBytes);
  int64_t swizzle = op.getSwizzle();
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return diagnosed(op.emitOpError()
                     << "swizzles 32, 64 or 128 bytes (or 0), not "
                     << swizzle);
  if (swizzle && rowBytes > swizzle)
    return diagnosed(op.emitOpError()
                     << "box rows of " << rowBytes << " bytes do not fit the "
                     << swizzle << "-byte swizzle");
  return rowBytes;
}

LogicalResult TensorStoreOp::verify() {
  return verifyBox(*this, cast<MemRefType>(getSource().getType()));
}

LogicalResult StoreMatrixOp::verify() {
  size_t words = getWords().size();
  if (words != 1 && words != 2 && words != 4)
    return emitOpError() << "stores 1, 2 or 4 matrices, not " << words;
  Type element = cast<MemRefType>(getDestination().getType()).getElementType();
  if (!element.isIntOrFloat() || element.getIntOrFloatBitWidth() != 16)
    return emitOpError() << "stores 16-bit elements, not " << element;
  return success();
}

LogicalResult TensorCopyOp::verify() {
  return verifyBox(*this, cast<MemRefType>(getDestination().getType()));
}

StringRef WarpgroupMmaOp::ptxTypeName(Type element) {
  if (element.isF16())
    return "f16";
  if (element.isBF16())
    return "bf16";
  if (isa<FloatTF32Type>(element))
    return "tf32";
  if (isa<Float8E4M3FNType>(element))
    return "e4m3";
  if (isa<Float8E5M2Type>(element))
    return "e5m2";
  if (auto integer = dyn_cast<IntegerType>(element);
      integer && integer.getWidth() == 8 && !integer.isSignless())
    return integer.isSigned() ? "s8" : "u8";
  return "";
}

/// Bytes of a warpgroup_mma operand element, or 0 for a type it does not
/// multiply.
static int64_t wgmmaElementBytes(Type type) {
  if (WarpgroupMmaOp::ptxTypeName(type).empty())
    return 0;
  // tf32 (19 bits) sits in 4 bytes.
  return isa<FloatTF32Type>(type) ? 4 : type.getIntOrFloatBitWidth() / 8;
}

int64_t WarpgroupMmaOp::getElementBytes() {
  return wgmmaElementBytes(getLhsType());
}

int64_t WarpgroupMmaOp::getK() { return 32 / getElementBytes(); }

/// The checks tile_dist.warpgroup_mma and tile_dist.tensor_mma share: the
/// element types of their operands and accumulators, and which matrices
/// may be mn_major.
static LogicalResult verifyMmaTypes(Operation *op, Type lhs, Type rhs,
                                    Type accumulator, bool anyMnMajor) {
  for (Type type : {lhs, rhs})
    if (!wgmmaElementBytes(type))
      return op->emitOpError()
             << "multiplies f16, bf16, tf32, f8E4M3FN, f8E5M2, si8 or ui8 "
                "elements, not "
             << type;
  bool integers = isa<IntegerType>(lhs);
  bool fp8 = wgmmaElementBytes(lhs) == 1 && !integers;
  if (integers != isa<IntegerType>(rhs) ||
      (fp8 ? wgmmaElementBytes(rhs) != 1 : !integers && lhs != rhs))
    return op->emitOpError()
           << "multiplies " << lhs << " by " << rhs
           << ": both f16, both bf16, both tf32, both 8-bit floats or both "
              "8-bit integers";
  if (integers ? !accumulator.isInteger(32) : !accumulator.isF32())
    return op->emitOpError() << "accumulates " << lhs << " products in "
                             << (integers ? "i32" : "f32") << ", not "
                             << accumulator;
  if (wgmmaElementBytes(lhs) != 2 && anyMnMajor)
    return op->emitOpError() << "takes mn_major matrices only of 16-bit "
                                "elements, not of "
                             << lhs;
  return success();
}

LogicalResult WarpgroupWaitOp::verify() {
  int64_t pending = getPendingAttr().getInt();
  if (pending < 0)
    return emitOpError() << "waits for all but " << pending
                         << " groups; expected a count of 0 or more";
  return success();
}

LogicalResult WarpgroupMmaOp::verify() {
  Type lhs = getLhsType();
  bool inMemory = getLhs() && getLhsOffset() && getLhsMatrix();
  if (failed(verifyMmaTypes(
          *this, lhs, getRhsType(), getAccumulator().getType().getElementType(),
          (inMemory && getLhsMatrix()->getMnMajor()) ||
              getRhsMatrix().getMnMajor())))
    return failure();
  bool integers = isa<IntegerType>(lhs);
  int64_t n = getN();
  // PTX's N: multiples of 8 up to 256; for 8-bit integers, multiples of 16
  // past 32.
  if (n < 8 || n > 256 || n % 8 != 0 || (integers && n > 32 && n % 16 != 0))
    return emitOpError() << "has no wgmma of N = " << n << " for " << lhs;
  if (inMemory == bool(getLhsFragment()) ||
      (!inMemory && (getLhs() || getLhsOffset() || getLhsMatrix())))
    return emitOpError() << "takes the lhs either from shared memory (a "
                            "memref, a byte offset and lhsMatrix) or from "
                            "registers (lhsFragment)";
  if (getLhsFragment() && getElementBytes() != 2)
    return emitOpError() << "takes lhs registers only of 16-bit elements, "
                            "not of "
                         << lhs;
  return success();
}

int64_t TensorMmaOp::getElementBytes() {
  return wgmmaElementBytes(getLhsType());
}

int64_t TensorMmaOp::getK() { return 32 / getElementBytes(); }

LogicalResult TensorMmaOp::verify() {
  Type accumulator = isa<IntegerType>(getLhsType())
                         ? Type(IntegerType::get(getContext(), 32))
                         : Type(Float32Type::get(getContext()));
  if (failed(verifyMmaTypes(*this, getLhsType(), getRhsType(), accumulator,
                            getLhsMatrix().getMnMajor() ||
                                getRhsMatrix().getMnMajor())))
    return failure();
  int64_t m = getM(), n = getN();
  // The cta_group::1 shapes: M = 128, whose rows are the 128 lanes, and
  // M = 64, which takes the lower half of each warp's quarter of them.
  int64_t nStep = m == 64 ? 8 : 16;
  if ((m != 64 && m != 128) || n < nStep || n > 256 || n % nStep != 0)
    return emitOpError() << "has no tcgen05.mma of M = " << m << ", N = " << n
                         << " (M = 128 with N a multiple of 16, M = 64 with "
                            "N a multiple of 8, N at most 256)";
  if (!getLhsScale() != !getRhsScale())
    return emitOpError() << "takes scales for both operands or for neither";
  if (!isBlockScaled())
    return success();
  if (!isa<Float8E4M3FNType, Float8E5M2Type>(getLhsType()) ||
      !isa<Float8E4M3FNType, Float8E5M2Type>(getRhsType()))
    return emitOpError() << "scales f8E4M3FN and f8E5M2 operands only, not "
                         << getLhsType() << " by " << getRhsType();
  if (m != 128 || n % 32 != 0)
    return emitOpError() << "has no block-scaled tcgen05.mma of M = " << m
                         << ", N = " << n
                         << " (M = 128, N a multiple of 32)";
  return success();
}

/// A count of tensor-memory columns an allocation may take.
static bool isColumnCount(int64_t columns) {
  return columns >= 32 && columns <= 512 && llvm::isPowerOf2_64(columns);
}

LogicalResult TmemAllocOp::verify() {
  if (!isColumnCount(getColumns()))
    return emitOpError() << "allocates a power of two from 32 to 512 "
                            "columns, not "
                         << getColumns();
  return success();
}

LogicalResult TmemDeallocOp::verify() {
  if (!isColumnCount(getColumns()))
    return emitOpError() << "gives back a power of two from 32 to 512 "
                            "columns, not "
                         << getColumns();
  return success();
}

/// Whether a warp's access of `words` 32-bit words per lane is one
/// tcgen05.ld or tcgen05.st of shape 16x256b (4 words per repetition, up to
/// 32 repetitions).
static bool isAccessLength(int64_t words) {
  return words >= 4 && words <= 128 && llvm::isPowerOf2_64(words);
}

LogicalResult TmemLoadOp::verify() {
  if (!isAccessLength(getResult().getType().getNumElements()))
    return emitOpError() << "reads a power of two from 4 to 128 words per lane";
  return success();
}

LogicalResult TmemStoreLanesOp::verify() {
  int64_t words = getValues().getType().getNumElements();
  if (words > 128 || !llvm::isPowerOf2_64(words))
    return emitOpError() << "writes a power of two up to 128 words per lane, "
                            "not "
                         << words;
  return success();
}

LogicalResult TmemStoreOp::verify() {
  if (!isAccessLength(getValues().getType().getNumElements()))
    return emitOpError() << "writes a power of two from 4 to 128 words per lane";
  return success();
}

bool tilechain::tile_dist::accessesThroughAsyncProxy(mlir::Operation *op) {
  return mlir::isa<TensorCopyOp, TensorStoreOp, WarpgroupMmaOp, TensorMmaOp>(
      op);
}
