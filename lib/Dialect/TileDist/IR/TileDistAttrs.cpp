//===- TileDistAttrs.cpp - #tile_dist.linear, .shared_matrix, .mma --------===//
#include "tilechain/Dialect/TileDist/IR/TileDist.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilechain;
using namespace tilechain::tile_dist;

#include "tilechain/Dialect/TileDist/IR/TileDistEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tilechain/Dialect/TileDist/IR/TileDistAttrs.cpp.inc"

void TileDistDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilechain/Dialect/TileDist/IR/TileDistAttrs.cpp.inc"
      >();
}

LinearLayoutAttr LinearLayoutAttr::get(MLIRContext *context,
                                       const LinearLayout &layout) {
  return get(context, layout.getShape(), layout.getBases(LinearLayout::Register),
             layout.getBases(LinearLayout::Lane),
             layout.getBases(LinearLayout::Warp));
}

LinearLayout LinearLayoutAttr::getLayout() const {
  auto bases = [](ArrayRef<uint64_t> list) {
    return LinearLayout::Bases(list.begin(), list.end());
  };
  return LinearLayout(getShape(), {bases(getRegisterBases()),
                                   bases(getLaneBases()),
                                   bases(getWarpBases())});
}

LogicalResult
LinearLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         ArrayRef<int64_t> shape, ArrayRef<uint64_t> registers,
                         ArrayRef<uint64_t> lanes, ArrayRef<uint64_t> warps) {
  if (shape.empty())
    return emitError() << "a layout of rank 0: a scalar has no layout";
  unsigned elementBits = 0;
  for (int64_t size : shape) {
    if (size <= 0 || !llvm::isPowerOf2_64(size))
      return emitError() << "layout dims must be powers of two, got " << size;
    elementBits += llvm::Log2_64(size);
  }
  if (elementBits > 32)
    return emitError() << "a layout of more than 2^32 elements";
  if (lanes.size() != 5)
    return emitError() << "a layout has 5 lane bits (32 lanes), got "
                       << lanes.size();
  for (ArrayRef<uint64_t> list : {registers, lanes, warps})
    for (uint64_t basis : list)
      if (basis >> elementBits)
        return emitError() << "basis " << basis << " is past the tile's "
                           << (uint64_t(1) << elementBits) << " elements";
  return success();
}

/// `name = [a, b, ...]`.
static ParseResult parseBases(AsmParser &parser, StringRef name,
                              SmallVectorImpl<uint64_t> &bases) {
  if (parser.parseComma() || parser.parseKeyword(name) || parser.parseEqual())
    return failure();
  return parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
    return parser.parseInteger(bases.emplace_back());
  });
}

Attribute LinearLayoutAttr::parse(AsmParser &parser, Type) {
  SmallVector<int64_t> shape;
  SmallVector<uint64_t> registers, lanes, warps;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parser.parseInteger(shape.emplace_back());
      }) ||
      parseBases(parser, "register", registers) ||
      parseBases(parser, "lane", lanes) || parseBases(parser, "warp", warps) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), shape, registers, lanes, warps);
}

void LinearLayoutAttr::print(AsmPrinter &printer) const {
  auto list = [&](auto values) {
    printer << "[";
    llvm::interleaveComma(values, printer);
    printer << "]";
  };
  printer << "<";
  list(getShape());
  printer << ", register = ";
  list(getRegisterBases());
  printer << ", lane = ";
  list(getLaneBases());
  printer << ", warp = ";
  list(getWarpBases());
  printer << ">";
}

LogicalResult
SharedMatrixAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         bool mnMajor, int64_t swizzle, int64_t lbo,
                         int64_t sbo) {
  if (swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "a swizzle of 32, 64 or 128 bytes, got " << swizzle;
  // The descriptor holds each offset's bits 4..17.
  for (int64_t offset : {lbo, sbo})
    if (offset <= 0 || offset % 16 != 0 || offset >= (int64_t(1) << 18))
      return emitError() << "byte offsets are positive multiples of 16 below "
                            "2^18, got "
                         << offset;
  return success();
}

LogicalResult
MmaOperandAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       OperandCopy copy, ChunkOrder order, int64_t swizzle) {
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "a swizzle of 0 (none), 32, 64 or 128 bytes, got "
                       << swizzle;
  return success();
}

LogicalResult
MmaPipelineAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                        int64_t stages, int64_t groupsInFlight,
                        PipelineSpan across) {
  if (stages < 1)
    return emitError() << "a pipeline has at least one stage, got " << stages;
  if (groupsInFlight < 0 || groupsInFlight >= stages)
    return emitError() << "the groups left in flight read stages beside the "
                          "one multiplied: 0 to "
                       << stages - 1 << " of " << stages
                       << " stages, got " << groupsInFlight;
  return success();
}

Attribute SharedMatrixAttr::parse(AsmParser &parser, Type) {
  StringRef major;
  int64_t swizzle = 0, lbo = 0, sbo = 0;
  auto field = [&](StringRef name, int64_t &value) {
    return failure(parser.parseComma() || parser.parseKeyword(name) ||
                   parser.parseEqual() || parser.parseInteger(value));
  };
  SMLoc majorLoc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseKeyword(&major))
    return {};
  if (major != "k_major" && major != "mn_major") {
    parser.emitError(majorLoc, "expected k_major or mn_major");
    return {};
  }
  if (failed(field("swizzle", swizzle)) || failed(field("lbo", lbo)) ||
      failed(field("sbo", sbo)) || parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); },
                    parser.getContext(), major == "mn_major", swizzle, lbo,
                    sbo);
}

void SharedMatrixAttr::print(AsmPrinter &printer) const {
  printer << "<" << (getMnMajor() ? "mn_major" : "k_major")
          << ", swizzle = " << getSwizzle() << ", lbo = " << getLbo()
          << ", sbo = " << getSbo() << ">";
}
