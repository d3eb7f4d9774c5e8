//===- CudaTileTypes.cpp - cuda_tile types --------------------------------===//
//
// Syntax and verifiers of the cuda_tile types. Nested cuda_tile types are
// written without the `!cuda_tile.` prefix (`tile<4xptr<f32>>`), but the
// prefixed form is accepted as well.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_TYPEDEF_CLASSES
#include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.cpp.inc"

#include "tilechain/Dialect/CudaTile/IR/CudaTileTypeInterfaces.cpp.inc"

void CudaTileDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "tilechain/Dialect/CudaTile/IR/CudaTileTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// custom<CudaTileType>
//===----------------------------------------------------------------------===//

ParseResult mlir::cuda_tile::parseCudaTileType(AsmParser &parser, Type &type) {
  using TypeParser = Type (*)(AsmParser &);
  static const std::pair<StringLiteral, TypeParser> byMnemonic[] = {
      {TileType::getMnemonic(), TileType::parse},
      {PointerType::getMnemonic(), PointerType::parse},
      {TensorViewType::getMnemonic(), TensorViewType::parse},
      {PartitionViewType::getMnemonic(), PartitionViewType::parse},
      {StridedViewType::getMnemonic(), StridedViewType::parse},
      {GatherScatterViewType::getMnemonic(), GatherScatterViewType::parse},
      {TokenType::getMnemonic(),
       [](AsmParser &p) -> Type { return TokenType::get(p.getContext()); }}};
  SmallVector<StringRef> mnemonics;
  for (const auto &entry : byMnemonic)
    mnemonics.push_back(entry.first);
  StringRef mnemonic;
  if (succeeded(parser.parseOptionalKeyword(&mnemonic, mnemonics))) {
    for (const auto &entry : byMnemonic)
      if (entry.first == mnemonic)
        type = entry.second(parser);
    return success(static_cast<bool>(type));
  }
  OptionalParseResult result = parser.parseOptionalType(type);
  if (!result.has_value())
    return parser.emitError(parser.getCurrentLocation(),
                            "expected valid keyword");
  return *result;
}

ParseResult mlir::cuda_tile::parseCudaTileType(AsmParser &parser,
                                               SmallVectorImpl<Type> &types) {
  return parser.parseCommaSeparatedList([&]() -> ParseResult {
    Type type;
    if (parseCudaTileType(parser, type))
      return failure();
    types.push_back(type);
    return success();
  });
}

void mlir::cuda_tile::printCudaTileType(AsmPrinter &printer, Type type) {
  if (isa<CudaTileDialect>(type.getDialect()) &&
      succeeded(generatedTypePrinter(type, printer)))
    return;
  printer.printType(type);
}

void mlir::cuda_tile::printCudaTileType(OpAsmPrinter &printer, Operation *,
                                        Type type) {
  printCudaTileType(static_cast<AsmPrinter &>(printer), type);
}

void mlir::cuda_tile::printCudaTileType(OpAsmPrinter &printer, Operation *,
                                        TypeRange types) {
  llvm::interleaveComma(types, printer, [&](Type type) {
    printCudaTileType(static_cast<AsmPrinter &>(printer), type);
  });
}

//===----------------------------------------------------------------------===//
// Shared pieces of the type syntax
//===----------------------------------------------------------------------===//

namespace {
void printIntList(AsmPrinter &printer, ArrayRef<int64_t> values,
                  StringRef separator) {
  llvm::interleave(
      values, printer.getStream(),
      [&](int64_t v) {
        if (v == ShapedType::kDynamic)
          printer << '?';
        else
          printer << v;
      },
      separator);
}

std::string joined(ArrayRef<int64_t> values, StringRef separator) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleave(values, os, separator);
  return text;
}

/// `[a, b, ?]` where `?` (a dynamic value) is allowed only if `allowDynamic`;
/// with `allowDynamic`, static values must be strictly positive (checked here
/// because a literal INT64_MIN would otherwise read as `?`).
ParseResult parseIntList(AsmParser &parser, SmallVectorImpl<int64_t> &values,
                         bool allowDynamic) {
  return parser.parseCommaSeparatedList(
      AsmParser::Delimiter::Square, [&]() -> ParseResult {
        if (allowDynamic && succeeded(parser.parseOptionalQuestion())) {
          values.push_back(ShapedType::kDynamic);
          return success();
        }
        SMLoc loc = parser.getCurrentLocation();
        int64_t value = 0;
        OptionalParseResult result = parser.parseOptionalInteger(value);
        if (!result.has_value())
          return parser.emitError(loc, allowDynamic
                                           ? "expected either 64-bit integer "
                                             "or question mark"
                                           : "expected 64-bit integer");
        if (failed(*result))
          return failure();
        if (allowDynamic && value <= 0)
          return parser.emitError(loc)
                 << "expected strictly positive integer, got " << value;
        values.push_back(value);
        return success();
      });
}

/// `tile=(8x16)` of a view type. Sizes must fit an i32.
ParseResult parseViewTileShape(AsmParser &parser,
                               SmallVectorImpl<int32_t> &tileShape) {
  if (parser.parseKeyword("tile") || parser.parseEqual() || parser.parseLParen())
    return failure();
  if (succeeded(parser.parseOptionalRParen()))
    return success();
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<int64_t> dims;
  if (parser.parseDimensionList(dims, /*allowDynamic=*/false,
                                /*withTrailingX=*/false) ||
      parser.parseRParen())
    return failure();
  for (auto [index, dim] : llvm::enumerate(dims)) {
    if (dim <= 0 || dim > std::numeric_limits<int32_t>::max())
      return parser.emitError(loc)
             << "tile dimension " << index << " exceeds i32 limitations (got "
             << dim
             << ", expected strictly positive and less than or equal to "
             << std::numeric_limits<int32_t>::max() << ")";
    tileShape.push_back(static_cast<int32_t>(dim));
  }
  return success();
}

/// `padding_value = zero` of a view type.
ParseResult parsePaddingValue(AsmParser &parser, PaddingValueAttr &padding) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseEqual() || parser.parseKeyword(&keyword))
    return failure();
  std::optional<PaddingValue> value = symbolizePaddingValue(keyword);
  if (!value)
    return parser.emitError(loc) << "unknown padding value '" << keyword << "'";
  padding = PaddingValueAttr::get(parser.getContext(), *value);
  return success();
}

ParseResult parseViewTensorView(AsmParser &parser, TensorViewType &tensorView) {
  SMLoc loc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  tensorView = dyn_cast<TensorViewType>(type);
  if (!tensorView)
    return parser.emitError(loc) << "expected 'tensor_view' type, but got "
                                 << type;
  return success();
}

/// `dim_map=[1, 0]`, after the keyword.
ParseResult parseDimMap(AsmParser &parser, SmallVectorImpl<int32_t> &dimMap) {
  SmallVector<int64_t> values;
  if (parser.parseEqual() || parseIntList(parser, values, /*allowDynamic=*/false))
    return failure();
  for (int64_t v : values)
    dimMap.push_back(static_cast<int32_t>(v));
  return success();
}

SmallVector<int32_t> identityDimMap(size_t rank) {
  SmallVector<int32_t> dimMap(rank);
  for (size_t i = 0; i < rank; ++i)
    dimMap[i] = static_cast<int32_t>(i);
  return dimMap;
}

bool isIdentity(ArrayRef<int32_t> dimMap) {
  for (auto [index, dim] : llvm::enumerate(dimMap))
    if (dim != static_cast<int32_t>(index))
      return false;
  return true;
}

void printViewTileShape(AsmPrinter &printer, ArrayRef<int32_t> tileShape) {
  printer << "tile=(";
  llvm::interleave(tileShape, printer.getStream(), "x");
  printer << ")";
}

void printPaddingValue(AsmPrinter &printer, PaddingValueAttr padding) {
  if (padding)
    printer << ", padding_value = " << stringifyPaddingValue(padding.getValue());
}

void printDimMap(AsmPrinter &printer, ArrayRef<int32_t> dimMap) {
  if (isIdentity(dimMap))
    return;
  printer << ", dim_map=[";
  llvm::interleaveComma(dimMap, printer.getStream());
  printer << "]";
}

/// Checks shared by every view over a tensor_view: tile rank and sizes, and a
/// dim_map that is a permutation onto the tensor_view's dimensions.
LogicalResult verifyTiledView(function_ref<InFlightDiagnostic()> emitError,
                              ArrayRef<int32_t> tileShape,
                              TensorViewType tensorView,
                              ArrayRef<int32_t> dimMap,
                              PaddingValueAttr padding) {
  if (tileShape.empty())
    return emitError() << "0-dimension tile shape is not supported";
  SmallVector<int64_t> shape(tileShape.begin(), tileShape.end());
  if (!llvm::all_of(tileShape, [](int32_t d) {
        return d > 0 && llvm::isPowerOf2_32(static_cast<uint32_t>(d));
      }))
    return emitError() << "tile shape dimensions must have power of two "
                          "length but got ["
                       << joined(shape, ", ") << "]";
  // The view's tile type must itself be valid (at most 2^24 elements, an
  // even count for f4E2M1FN): ops ask a verified view for it with
  // TileType::get, which asserts that it is.
  if (failed(TileType::verify(emitError, shape, tensorView.getElementType())))
    return failure();
  size_t tensorRank = tensorView.getShape().size();
  if (tensorRank != tileShape.size())
    return emitError() << "expected tensor_view rank and tile rank to match, "
                          "got tensor_view of rank "
                       << tensorRank << " and tiles of rank "
                       << tileShape.size();
  if (dimMap.size() != tileShape.size())
    return emitError() << "expected dim_map to map exactly all "
                       << tileShape.size() << " dimensions of the tile, got "
                       << dimMap.size() << " mappings";
  SmallVector<int64_t> mappedFrom(tensorRank, -1);
  for (auto [tileDim, target] : llvm::enumerate(dimMap)) {
    if (target < 0)
      return emitError() << "target dimension must not be negative, got "
                         << target;
    if (static_cast<size_t>(target) >= tensorRank)
      return emitError() << "target dimension is outside of tensor view "
                            "dimensions, expected strictly less than "
                         << tensorRank << ", got " << target;
    if (mappedFrom[target] >= 0)
      return emitError() << "target dimension " << target
                         << " mapped at least twice (for tile dimensions "
                         << mappedFrom[target] << " and " << tileDim << ")";
    mappedFrom[target] = static_cast<int64_t>(tileDim);
  }
  if (padding && padding.getValue() != PaddingValue::zero &&
      !isa<FloatType>(tensorView.getElementType()))
    return emitError() << "padding value '"
                       << stringifyPaddingValue(padding.getValue())
                       << "' requires a floating-point element type";
  return success();
}

TileType viewTileType(ArrayRef<int32_t> tileShape, TensorViewType tensorView) {
  SmallVector<int64_t> shape(tileShape.begin(), tileShape.end());
  return TileType::get(shape, tensorView.getElementType());
}
} // namespace

//===----------------------------------------------------------------------===//
// ptr
//===----------------------------------------------------------------------===//

// `ptr<f32>` or `ptr<f32, <multicast>>`: NVIDIA's printer writes the
// classification stripped here, but in full in a tensor_view.
Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  if (parser.parseLess() || parseCudaTileType(parser, pointee))
    return {};
  PointerClassAttr pointerClass;
  if (succeeded(parser.parseOptionalComma())) {
    pointerClass = llvm::dyn_cast_or_null<PointerClassAttr>(
        PointerClassAttr::parse(parser, Type()));
    if (!pointerClass)
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<PointerType>(parser.getContext(), pointee,
                                        pointerClass);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << '<';
  printCudaTileType(printer, getPointeeType());
  if (PointerClassAttr pointerClass = getPointerClass()) {
    printer << ", ";
    printer.printStrippedAttrOrType(pointerClass);
  }
  printer << '>';
}

static bool isMulticastClass(PointerClassAttr pointerClass) {
  return pointerClass && pointerClass.getValue() == PointerClass::MULTICAST;
}

bool PointerType::isMulticast() const {
  return isMulticastClass(getPointerClass());
}

//===----------------------------------------------------------------------===//
// tile
//===----------------------------------------------------------------------===//

/// Largest number of elements in one tile.
static constexpr int64_t kMaxTileElements = 16777216;

Type TileType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parseCudaTileType(parser, elementType) || parser.parseGreater())
    return {};
  return parser.getChecked<TileType>(parser.getContext(), shape, elementType);
}

void TileType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t dim : getShape())
    printer << dim << 'x';
  printCudaTileType(printer, getElementType());
  printer << '>';
}

LogicalResult TileType::verify(function_ref<InFlightDiagnostic()> emitError,
                               ArrayRef<int64_t> shape, Type elementType) {
  if (llvm::any_of(shape, [](int64_t d) { return d <= 0; }))
    return emitError() << "all dimensions must be positive constants, got "
                       << joined(shape, ", ");
  int64_t numElements = 1;
  for (int64_t d : shape)
    numElements = d > kMaxTileElements ? kMaxTileElements + 1
                                       : std::min(numElements * d,
                                                  kMaxTileElements + 1);
  if (isa<Float4E2M1FNType>(elementType) && numElements % 2 != 0)
    return emitError() << "F4E2M1FN tiles must have an even number of elements";
  if (!llvm::all_of(shape, [](int64_t d) { return llvm::isPowerOf2_64(d); }))
    return emitError() << "all dimensions must be powers of two, got "
                       << joined(shape, ", ");
  if (numElements > kMaxTileElements)
    return emitError() << "tile would exceed the maximum of "
                       << kMaxTileElements << " elements";
  return success();
}

TileType TileType::cloneWith(std::optional<ArrayRef<int64_t>> shape,
                             Type elementType) const {
  return TileType::get(shape ? *shape : getShape(), elementType);
}

//===----------------------------------------------------------------------===//
// tensor_view
//===----------------------------------------------------------------------===//

Type TensorViewType::parse(AsmParser &parser) {
  SmallVector<int64_t> shape, strides;
  Type elementType;
  if (parser.parseLess() ||
      parser.parseDimensionList(shape, /*allowDynamic=*/true,
                                /*withTrailingX=*/true) ||
      parseCudaTileType(parser, elementType))
    return {};
  // `, #cuda_tile.ptr_attr<...>` after the element type (0-d) or strides.
  PointerClassAttr pointerClass;
  auto parsePointerClass = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    Attribute attr;
    OptionalParseResult parsed = parser.parseOptionalAttribute(attr);
    if (!parsed.has_value())
      return parser.emitError(loc, shape.empty()
                                       ? "expected token after element type "
                                         "in 0-d tensor_view"
                                       : "expected a #cuda_tile.ptr_attr");
    if (failed(*parsed))
      return failure();
    pointerClass = dyn_cast<PointerClassAttr>(attr);
    if (!pointerClass)
      return parser.emitError(loc, "expected a #cuda_tile.ptr_attr, got ")
             << attr;
    return success();
  };
  if (shape.empty()) {
    if (succeeded(parser.parseOptionalComma())) {
      if (succeeded(parser.parseOptionalKeyword("strides"))) {
        parser.emitError(parser.getCurrentLocation(),
                         "strides must not be provided for 0-d tiles");
        return {};
      }
      if (parsePointerClass())
        return {};
    }
  } else {
    if (failed(parser.parseOptionalComma())) {
      parser.emitError(parser.getCurrentLocation(), "expected 'strides'");
      return {};
    }
    if (parser.parseKeyword("strides") || parser.parseEqual())
      return {};
    if (parseIntList(parser, strides, /*allowDynamic=*/true))
      return {};
    if (succeeded(parser.parseOptionalComma()) && parsePointerClass())
      return {};
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<TensorViewType>(parser.getContext(), elementType,
                                           shape, strides, pointerClass);
}

void TensorViewType::print(AsmPrinter &printer) const {
  printer << '<';
  for (int64_t dim : getShape()) {
    printIntList(printer, ArrayRef<int64_t>(dim), "");
    printer << 'x';
  }
  printCudaTileType(printer, getElementType());
  if (!getShape().empty()) {
    printer << ", strides=[";
    printIntList(printer, getStrides(), ",");
    printer << ']';
  }
  if (PointerClassAttr pointerClass = getPointerClass())
    printer << ", " << pointerClass;
  printer << '>';
}

LogicalResult
TensorViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                       Type elementType, ArrayRef<int64_t> shape,
                       ArrayRef<int64_t> strides, PointerClassAttr) {
  if (llvm::any_of(shape, [](int64_t d) {
        return d != ShapedType::kDynamic && d <= 0;
      })) {
    emitError() << "dimensions must have strictly positive constant sizes "
                   "but got ["
                << joined(shape, ", ") << "]";
    return failure();
  }
  if (shape.size() != strides.size())
    return emitError() << "expected shape and stride to be of same rank but "
                          "got shape of rank "
                       << shape.size() << " and stride of rank "
                       << strides.size();
  for (int64_t stride : strides)
    if (stride != ShapedType::kDynamic && stride <= 0)
      return emitError() << "expected strictly positive integer, got "
                         << stride;
  return success();
}

size_t TensorViewType::dynamicShapeAmount() const {
  return llvm::count(getShape(), ShapedType::kDynamic);
}

size_t TensorViewType::dynamicStrideAmount() const {
  return llvm::count(getStrides(), ShapedType::kDynamic);
}

bool TensorViewType::isMulticast() const {
  return isMulticastClass(getPointerClass());
}

//===----------------------------------------------------------------------===//
// partition_view
//===----------------------------------------------------------------------===//

/// The common end of partition_view and strided_view:
/// `(padding_value = P ,)? tensor_view<...> (, dim_map = [...])? >`.
/// Without a dim_map the dimensions map one to one.
static ParseResult parseViewTail(AsmParser &parser, size_t rank,
                                 PaddingValueAttr &padding,
                                 TensorViewType &tensorView,
                                 SmallVectorImpl<int32_t> &dimMap) {
  if (succeeded(parser.parseOptionalKeyword("padding_value")) &&
      (parsePaddingValue(parser, padding) || parser.parseComma()))
    return failure();
  if (parseViewTensorView(parser, tensorView))
    return failure();
  if (succeeded(parser.parseOptionalComma())) {
    if (parser.parseKeyword("dim_map") || parseDimMap(parser, dimMap))
      return failure();
  } else {
    dimMap = identityDimMap(rank);
  }
  return parser.parseGreater();
}

Type PartitionViewType::parse(AsmParser &parser) {
  SmallVector<int32_t> tileShape, dimMap;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  if (parser.parseLess() || parseViewTileShape(parser, tileShape) ||
      parser.parseComma())
    return {};
  if (parseViewTail(parser, tileShape.size(), padding, tensorView, dimMap))
    return {};
  return parser.getChecked<PartitionViewType>(
      parser.getContext(), DenseI32ArrayAttr::get(parser.getContext(), tileShape),
      tensorView, dimMap, padding);
}

void PartitionViewType::print(AsmPrinter &printer) const {
  printer << '<';
  printViewTileShape(printer, getTileShape().asArrayRef());
  printPaddingValue(printer, getPaddingValue());
  printer << ", ";
  printCudaTileType(printer, getTensorView());
  printDimMap(printer, getDimMap());
  printer << '>';
}

LogicalResult
PartitionViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                          DenseI32ArrayAttr tileShape,
                          TensorViewType tensorView, ArrayRef<int32_t> dimMap,
                          PaddingValueAttr padding) {
  return verifyTiledView(emitError, tileShape.asArrayRef(), tensorView, dimMap,
                         padding);
}

Type PartitionViewType::getViewTileType() const {
  return viewTileType(getTileShape().asArrayRef(), getTensorView());
}

unsigned PartitionViewType::getViewIndexRank() const {
  return getTensorView().getShape().size();
}

//===----------------------------------------------------------------------===//
// strided_view
//===----------------------------------------------------------------------===//

Type StridedViewType::parse(AsmParser &parser) {
  SmallVector<int32_t> tileShape, dimMap;
  SmallVector<int64_t> strides;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  if (parser.parseLess() || parseViewTileShape(parser, tileShape) ||
      parser.parseComma() || parser.parseKeyword("traversal_strides") ||
      parser.parseEqual() ||
      parseIntList(parser, strides, /*allowDynamic=*/false) ||
      parser.parseComma())
    return {};
  if (parseViewTail(parser, tileShape.size(), padding, tensorView, dimMap))
    return {};
  SmallVector<int32_t> strides32(strides.begin(), strides.end());
  return parser.getChecked<StridedViewType>(
      parser.getContext(), DenseI32ArrayAttr::get(parser.getContext(), tileShape),
      strides32, tensorView, dimMap, padding);
}

void StridedViewType::print(AsmPrinter &printer) const {
  printer << '<';
  printViewTileShape(printer, getTileShape().asArrayRef());
  printer << ", traversal_strides=[";
  llvm::interleave(getTraversalStrides(), printer.getStream(), ",");
  printer << ']';
  printPaddingValue(printer, getPaddingValue());
  printer << ", ";
  printCudaTileType(printer, getTensorView());
  printDimMap(printer, getDimMap());
  printer << '>';
}

LogicalResult
StridedViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                        DenseI32ArrayAttr tileShape,
                        ArrayRef<int32_t> traversalStrides,
                        TensorViewType tensorView, ArrayRef<int32_t> dimMap,
                        PaddingValueAttr padding) {
  if (failed(verifyTiledView(emitError, tileShape.asArrayRef(), tensorView,
                             dimMap, padding)))
    return failure();
  if (static_cast<int64_t>(traversalStrides.size()) != tileShape.size())
    return emitError() << "expected " << tileShape.size()
                       << " traversal strides, got "
                       << traversalStrides.size();
  if (llvm::any_of(traversalStrides, [](int32_t s) { return s <= 0; })) {
    SmallVector<int64_t> values(traversalStrides.begin(),
                                traversalStrides.end());
    return emitError() << "traversal strides must be strictly positive but "
                          "got ["
                       << joined(values, ", ") << "]";
  }
  return success();
}

Type StridedViewType::getViewTileType() const {
  return viewTileType(getTileShape().asArrayRef(), getTensorView());
}

unsigned StridedViewType::getViewIndexRank() const {
  return getTensorView().getShape().size();
}

//===----------------------------------------------------------------------===//
// gather_scatter_view
//===----------------------------------------------------------------------===//

Type GatherScatterViewType::parse(AsmParser &parser) {
  SmallVector<int32_t> tileShape;
  PaddingValueAttr padding;
  TensorViewType tensorView;
  int32_t sparseDim;
  if (parser.parseLess() || parseViewTileShape(parser, tileShape) ||
      parser.parseComma())
    return {};
  if (succeeded(parser.parseOptionalKeyword("padding_value")) &&
      (parsePaddingValue(parser, padding) || parser.parseComma()))
    return {};
  if (parseViewTensorView(parser, tensorView) || parser.parseComma() ||
      parser.parseKeyword("sparse_dim") || parser.parseEqual() ||
      parser.parseInteger(sparseDim) || parser.parseGreater())
    return {};
  return parser.getChecked<GatherScatterViewType>(
      parser.getContext(), DenseI32ArrayAttr::get(parser.getContext(), tileShape),
      tensorView, sparseDim, padding);
}

void GatherScatterViewType::print(AsmPrinter &printer) const {
  printer << '<';
  printViewTileShape(printer, getTileShape().asArrayRef());
  printPaddingValue(printer, getPaddingValue());
  printer << ", ";
  printCudaTileType(printer, getTensorView());
  printer << ", sparse_dim=" << getSparseDim() << '>';
}

LogicalResult
GatherScatterViewType::verify(function_ref<InFlightDiagnostic()> emitError,
                              DenseI32ArrayAttr tileShape,
                              TensorViewType tensorView, int32_t sparseDim,
                              PaddingValueAttr padding) {
  if (failed(verifyTiledView(emitError, tileShape.asArrayRef(), tensorView,
                             identityDimMap(tileShape.size()), padding)))
    return failure();
  if (sparseDim < 0 || sparseDim >= tileShape.size())
    return emitError() << "sparse_dim must be within [0, " << tileShape.size()
                       << "), got " << sparseDim;
  return success();
}

Type GatherScatterViewType::getViewTileType() const {
  return viewTileType(getTileShape().asArrayRef(), getTensorView());
}

unsigned GatherScatterViewType::getViewIndexRank() const {
  return getTensorView().getShape().size();
}
