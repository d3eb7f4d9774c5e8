//===- CudaTileDenseAsm.cpp - the `<f32: [1.0, 2.0]> : tile<2xf32>` syntax ===//
//
// Dense constants name their element type before the literal and their tile
// type after it, so the literal is parsed into values first and checked
// against the tile shape once the type is known. Diagnostics follow MLIR's
// own dense literal parser.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/AsmState.h"

using namespace mlir;
using namespace mlir::cuda_tile;

namespace {
/// The values of a literal in row-major order and the shape its nesting
/// implies (empty for a scalar, i.e. a splat).
struct DenseLiteral {
  SmallVector<APInt> ints;
  SmallVector<APFloat> floats;
  SmallVector<int64_t> shape;
};

std::string shapeText(ArrayRef<int64_t> shape) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << '[';
  llvm::interleaveComma(shape, os);
  os << ']';
  return text;
}

/// One scalar of element type `elementType`.
ParseResult parseScalar(AsmParser &parser, Type elementType,
                        DenseLiteral &literal) {
  SMLoc loc = parser.getCurrentLocation();
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    APFloat value(floatType.getFloatSemantics());
    if (parser.parseFloat(floatType.getFloatSemantics(), value))
      return failure();
    literal.floats.push_back(value);
    return success();
  }
  unsigned width = elementType.getIntOrFloatBitWidth();
  // `true`/`false` are i1 values only (MLIR's integer parser takes them too).
  for (auto [keyword, bit] : {std::pair<StringRef, unsigned>{"true", 1},
                              std::pair<StringRef, unsigned>{"false", 0}}) {
    if (failed(parser.parseOptionalKeyword(keyword)))
      continue;
    if (width != 1)
      return parser.emitError(loc, "expected integer value");
    literal.ints.push_back(APInt(1, bit));
    return success();
  }
  APInt value;
  OptionalParseResult parsed = parser.parseOptionalInteger(value);
  if (!parsed.has_value())
    return parser.emitError(loc, "expected integer value");
  if (failed(*parsed))
    return failure();
  // Hexadecimal literals are bit patterns, decimal ones signed values.
  bool fits = value.isNegative() ? value.getSignificantBits() <= width
                                 : value.getActiveBits() <= width;
  if (!fits)
    return parser.emitError(loc, "integer constant out of range for type");
  literal.ints.push_back(value.sextOrTrunc(width));
  return success();
}

/// A scalar or a nested list; `shape` receives the shape of what was parsed.
ParseResult parseElement(AsmParser &parser, Type elementType,
                         DenseLiteral &literal, SmallVectorImpl<int64_t> &shape) {
  if (failed(parser.parseOptionalLSquare()))
    return parseScalar(parser, elementType, literal);
  SMLoc loc = parser.getCurrentLocation();
  std::optional<SmallVector<int64_t>> innerShape;
  int64_t count = 0;
  if (failed(parser.parseOptionalRSquare())) {
    auto parseOne = [&]() -> ParseResult {
      SmallVector<int64_t> elementShape;
      if (parseElement(parser, elementType, literal, elementShape))
        return failure();
      if (innerShape && *innerShape != elementShape)
        return parser.emitError(loc, "tensor literal is invalid; ranks are "
                                     "not consistent between elements");
      innerShape = elementShape;
      ++count;
      return success();
    };
    if (parser.parseCommaSeparatedList(parseOne) || parser.parseRSquare())
      return failure();
  }
  shape.push_back(count);
  if (innerShape)
    shape.append(innerShape->begin(), innerShape->end());
  return success();
}

/// Whether `type` may be the element type of a dense constant.
bool isConstantElementType(Type type) {
  if (auto intType = dyn_cast_or_null<IntegerType>(type))
    return llvm::is_contained({1u, 8u, 16u, 32u, 64u}, intType.getWidth()) &&
           intType.isSignless();
  return isa_and_nonnull<Float16Type, BFloat16Type, Float32Type, Float64Type,
                         FloatTF32Type, Float8E4M3FNType, Float8E5M2Type,
                         Float8E8M0FNUType, Float4E2M1FNType>(type);
}

/// `<elem: literal>`.
ParseResult parseLiteral(AsmParser &parser, Type &elementType,
                         DenseLiteral &literal, SMLoc &literalLoc) {
  if (parser.parseLess())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  OptionalParseResult parsedType = parser.parseOptionalType(elementType);
  if (parsedType.has_value() && failed(*parsedType))
    return failure();
  StringRef unknown;
  if (!parsedType.has_value() &&
      succeeded(parser.parseOptionalKeyword(&unknown)))
    parser.emitError(typeLoc) << "unknown type: " << unknown;
  if (!isConstantElementType(elementType))
    return parser.emitError(typeLoc)
           << "expect element type to be one of i1 or i8 or i16 or i32 or i64 "
              "or f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or "
              "f8E8M0FNU or f4E2M1FN values, but got "
           << elementType;
  if (parser.parseColon())
    return failure();
  literalLoc = parser.getCurrentLocation();
  return failure(parseElement(parser, elementType, literal, literal.shape) ||
                 parser.parseGreater());
}

/// `: tile<...>` and the attribute for `literal` of that type.
ParseResult parseTileTypeAndBuild(AsmParser &parser, Type elementType,
                                  const DenseLiteral &literal,
                                  SMLoc literalLoc, Type &type,
                                  DenseIntOrFPElementsAttr &value) {
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseColon() || parseCudaTileType(parser, type))
    return failure();
  auto tileType = dyn_cast<TileType>(type);
  if (!tileType)
    return parser.emitError(typeLoc)
           << "result #0 must be tile of i1 or i8 or i16 or i32 or i64 or f16 "
              "or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or "
              "f8E8M0FNU or f4E2M1FN values, but got "
           << type;
  if (tileType.getElementType() != elementType)
    return parser.emitError(typeLoc)
           << "mismatch between the element type: " << elementType
           << " and the tile element type " << tileType.getElementType();
  if (!literal.shape.empty() && ArrayRef<int64_t>(literal.shape) !=
                                    tileType.getShape())
    return parser.emitError(literalLoc)
           << "inferred shape of elements literal (" << shapeText(literal.shape)
           << ") does not match type (" << shapeText(tileType.getShape())
           << ")";
  // An empty list has no element to splat.
  if (literal.ints.empty() && literal.floats.empty())
    return parser.emitError(literalLoc, "expected at least one element");
  DenseElementsAttr attr =
      isa<FloatType>(elementType)
          ? DenseElementsAttr::get(tileType, literal.floats)
          : DenseElementsAttr::get(tileType, literal.ints);
  value = cast<DenseIntOrFPElementsAttr>(attr);
  return success();
}

/// The literal as MLIR prints a dense attribute's body, never as hex blob.
void printLiteralBody(AsmPrinter &printer, DenseIntOrFPElementsAttr value) {
  std::string text;
  llvm::raw_string_ostream os(text);
  AsmState state(value.getContext(),
                 OpPrintingFlags().printLargeElementsAttrWithHex(-1));
  value.print(os, state, /*elideType=*/true);
  StringRef body = StringRef(text);
  body.consume_front("dense<");
  body.consume_back(">");
  printer << body;
}

void printConstant(AsmPrinter &printer, DenseIntOrFPElementsAttr value,
                   Type type) {
  printer << '<';
  printer.printType(value.getElementType());
  printer << ": ";
  printLiteralBody(printer, value);
  printer << "> : ";
  printCudaTileType(printer, type);
}
} // namespace

ParseResult mlir::cuda_tile::parseDenseIntOrFPElementsAttr(
    OpAsmParser &parser, DenseIntOrFPElementsAttr &value, Type &resultType) {
  Type elementType;
  DenseLiteral literal;
  SMLoc literalLoc;
  return failure(
      parseLiteral(parser, elementType, literal, literalLoc) ||
      parseTileTypeAndBuild(parser, elementType, literal, literalLoc,
                            resultType, value));
}

void mlir::cuda_tile::printDenseIntOrFPElementsAttr(
    OpAsmPrinter &printer, Operation *, DenseIntOrFPElementsAttr value,
    Type resultType) {
  printConstant(printer, value, resultType);
}

ParseResult mlir::cuda_tile::parseDenseIntOrFPElementsAttrNoResult(
    OpAsmParser &parser, DenseIntOrFPElementsAttr &value) {
  Type type;
  return parseDenseIntOrFPElementsAttr(parser, value, type);
}

void mlir::cuda_tile::printDenseIntOrFPElementsAttrNoResult(
    OpAsmPrinter &printer, Operation *, DenseIntOrFPElementsAttr value) {
  printConstant(printer, value, value.getType());
}
