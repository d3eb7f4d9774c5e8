//===- CudaTileAsm.cpp - custom assembly directives shared by cuda_tile ops ===//
//
// custom<CudaTileType> itself lives beside the types (CudaTileTypes.cpp),
// which own the mnemonic dispatch it needs.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// custom<CudaTileTypeSplat>
//===----------------------------------------------------------------------===//

ParseResult mlir::cuda_tile::parseCudaTileTypeSplat(
    OpAsmParser &parser, SmallVectorImpl<Type> &types,
    ArrayRef<OpAsmParser::UnresolvedOperand> operands) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> written;
  if (parseCudaTileType(parser, written))
    return failure();
  if (written.size() == 1) {
    types.assign(operands.size(), written.front());
    return success();
  }
  if (written.size() != operands.size())
    return parser.emitError(loc)
           << "expected one type for all " << operands.size()
           << " operands or one type each, got " << written.size();
  types.assign(written.begin(), written.end());
  return success();
}

void mlir::cuda_tile::printCudaTileTypeSplat(OpAsmPrinter &printer,
                                             Operation *op, TypeRange types,
                                             ValueRange) {
  // The syntax always has a type, even without operands.
  if (types.empty()) {
    printCudaTileType(printer, op,
                      TileType::get({}, IntegerType::get(op->getContext(), 32)));
    return;
  }
  if (llvm::all_equal(types))
    printCudaTileType(printer, op, types.front());
  else
    printCudaTileType(printer, op, types);
}

//===----------------------------------------------------------------------===//
// Enum modifiers
//===----------------------------------------------------------------------===//

namespace {
/// `'a', 'b', 'c'`, the way the enum diagnostics list the accepted cases.
std::string quotedList(ArrayRef<RoundingMode> modes) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::interleaveComma(modes, os, [&](RoundingMode mode) {
    os << '\'' << stringifyRoundingMode(mode) << '\'';
  });
  return text;
}

/// `rounding<mode>` restricted to `allowed`; absent means `defaultMode`.
ParseResult parseRoundingModifier(OpAsmParser &parser, RoundingModeAttr &attr,
                                  ArrayRef<RoundingMode> allowed,
                                  RoundingMode defaultMode) {
  attr = RoundingModeAttr::get(parser.getContext(), defaultMode);
  if (failed(parser.parseOptionalKeyword("rounding")))
    return success();
  if (parser.parseLess())
    return failure();
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (parser.parseOptionalKeyword(&keyword))
    return parser.emitError(loc) << "expected rounding mode to be one of: "
                                 << quotedList(allowed);
  std::optional<RoundingMode> mode = symbolizeRoundingMode(keyword);
  if (!mode || !llvm::is_contained(allowed, *mode))
    return parser.emitError(loc)
           << "expected rounding mode to be one of: " << quotedList(allowed)
           << ", got: '" << keyword << "'";
  attr = RoundingModeAttr::get(parser.getContext(), *mode);
  return parser.parseGreater();
}

void printRoundingModifier(OpAsmPrinter &printer, RoundingModeAttr attr,
                           RoundingMode defaultMode) {
  if (attr && attr.getValue() != defaultMode)
    printer << "rounding<" << stringifyRoundingMode(attr.getValue()) << '>';
}

constexpr RoundingMode kIEEEModes[] = {
    RoundingMode::NEAREST_EVEN, RoundingMode::ZERO, RoundingMode::NEGATIVE_INF,
    RoundingMode::POSITIVE_INF};
constexpr RoundingMode kDivFModes[] = {
    RoundingMode::NEAREST_EVEN, RoundingMode::ZERO, RoundingMode::NEGATIVE_INF,
    RoundingMode::POSITIVE_INF, RoundingMode::APPROX, RoundingMode::FULL};
constexpr RoundingMode kIntegerModes[] = {RoundingMode::NEAREST_INT_TO_ZERO};
constexpr RoundingMode kFToFModes[] = {
    RoundingMode::NEAREST_EVEN, RoundingMode::ZERO, RoundingMode::NEGATIVE_INF,
    RoundingMode::POSITIVE_INF, RoundingMode::NEAREST_AWAY};

/// A bare enum keyword, e.g. `signed`. `what` names the enum in diagnostics.
template <typename EnumT>
ParseResult parseEnumKeyword(OpAsmParser &parser, StringRef what,
                             ArrayRef<StringRef> spellings, EnumT &value) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  auto fail = [&]() {
    InFlightDiagnostic diag = parser.emitError(loc);
    diag << "expected " << what << " to be one of: {";
    llvm::interleaveComma(spellings, diag,
                          [&](StringRef s) { diag << '\'' << s << '\''; });
    diag << "}";
    return diag;
  };
  // A missing keyword reports both "expected valid keyword" and the cases.
  if (parser.parseKeyword(&keyword))
    return fail();
  std::optional<EnumT> symbol = symbolizeEnum<EnumT>(keyword);
  if (!symbol)
    return fail();
  value = *symbol;
  return success();
}
} // namespace

ParseResult mlir::cuda_tile::parseIEEERoundingMode(OpAsmParser &parser,
                                                   RoundingModeAttr &attr) {
  return parseRoundingModifier(parser, attr, kIEEEModes,
                               RoundingMode::NEAREST_EVEN);
}

void mlir::cuda_tile::printIEEERoundingMode(OpAsmPrinter &printer, Operation *,
                                            RoundingModeAttr attr) {
  printRoundingModifier(printer, attr, RoundingMode::NEAREST_EVEN);
}

ParseResult mlir::cuda_tile::parseDivFOpRoundingMode(OpAsmParser &parser,
                                                     RoundingModeAttr &attr) {
  return parseRoundingModifier(parser, attr, kDivFModes,
                               RoundingMode::NEAREST_EVEN);
}

void mlir::cuda_tile::printDivFOpRoundingMode(OpAsmPrinter &printer,
                                              Operation *,
                                              RoundingModeAttr attr) {
  printRoundingModifier(printer, attr, RoundingMode::NEAREST_EVEN);
}

ParseResult mlir::cuda_tile::parseFToFRoundingMode(OpAsmParser &parser,
                                                   RoundingModeAttr &attr) {
  return parseRoundingModifier(parser, attr, kFToFModes,
                               RoundingMode::NEAREST_EVEN);
}

void mlir::cuda_tile::printFToFRoundingMode(OpAsmPrinter &printer, Operation *,
                                            RoundingModeAttr attr) {
  printRoundingModifier(printer, attr, RoundingMode::NEAREST_EVEN);
}

ParseResult mlir::cuda_tile::parseIntegerRoundingMode(OpAsmParser &parser,
                                                      RoundingModeAttr &attr) {
  return parseRoundingModifier(parser, attr, kIntegerModes,
                               RoundingMode::NEAREST_INT_TO_ZERO);
}

void mlir::cuda_tile::printIntegerRoundingMode(OpAsmPrinter &printer,
                                               Operation *,
                                               RoundingModeAttr attr) {
  printRoundingModifier(printer, attr, RoundingMode::NEAREST_INT_TO_ZERO);
}

ParseResult mlir::cuda_tile::parseSignedness(OpAsmParser &parser,
                                             SignednessAttr &attr) {
  Signedness value;
  if (parseEnumKeyword<Signedness>(parser, "signedness",
                                   {"signed", "unsigned"}, value))
    return failure();
  attr = SignednessAttr::get(parser.getContext(), value);
  return success();
}

void mlir::cuda_tile::printSignedness(OpAsmPrinter &printer, Operation *,
                                      SignednessAttr attr) {
  printer << stringifySignedness(attr.getValue());
}

ParseResult
mlir::cuda_tile::parseComparisonPredicate(OpAsmParser &parser,
                                          ComparisonPredicateAttr &attr) {
  ComparisonPredicate value;
  if (parseEnumKeyword<ComparisonPredicate>(
          parser, "'comparison_predicate'",
          {"equal", "not_equal", "less_than", "less_than_or_equal",
           "greater_than", "greater_than_or_equal"},
          value))
    return failure();
  attr = ComparisonPredicateAttr::get(parser.getContext(), value);
  return success();
}

void mlir::cuda_tile::printComparisonPredicate(OpAsmPrinter &printer,
                                               Operation *,
                                               ComparisonPredicateAttr attr) {
  printer << stringifyComparisonPredicate(attr.getValue());
}

ParseResult
mlir::cuda_tile::parseComparisonOrdering(OpAsmParser &parser,
                                         ComparisonOrderingAttr &attr) {
  ComparisonOrdering value;
  if (parseEnumKeyword<ComparisonOrdering>(
          parser, "'comparison_ordering'", {"ordered", "unordered"},
          value))
    return failure();
  attr = ComparisonOrderingAttr::get(parser.getContext(), value);
  return success();
}

void mlir::cuda_tile::printComparisonOrdering(OpAsmPrinter &printer,
                                              Operation *,
                                              ComparisonOrderingAttr attr) {
  printer << stringifyComparisonOrdering(attr.getValue());
}

ParseResult mlir::cuda_tile::parseMemoryAttributes(
    OpAsmParser &parser, MemoryOrderingSemanticsAttr &ordering,
    MemoryScopeAttr &scope) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  std::optional<MemoryOrderingSemantics> order;
  if (succeeded(parser.parseOptionalKeyword(&keyword)))
    order = symbolizeMemoryOrderingSemantics(keyword);
  if (!order)
    return parser.emitError(loc)
           << "expected string or keyword containing one of the following "
              "enum values for attribute 'memory_ordering_semantics' [weak, "
              "relaxed, acquire, release, acq_rel]";
  ordering = MemoryOrderingSemanticsAttr::get(parser.getContext(), *order);
  static constexpr StringLiteral scopes[] = {"tl_blk", "device", "sys"};
  if (succeeded(parser.parseOptionalKeyword(
          &keyword, SmallVector<StringRef>(std::begin(scopes),
                                           std::end(scopes)))))
    scope = MemoryScopeAttr::get(parser.getContext(),
                                 *symbolizeMemoryScope(keyword));
  return success();
}

void mlir::cuda_tile::printMemoryAttributes(
    OpAsmPrinter &printer, Operation *, MemoryOrderingSemanticsAttr ordering,
    MemoryScopeAttr scope) {
  printer << stringifyMemoryOrderingSemantics(ordering.getValue());
  if (scope)
    printer << ' ' << stringifyMemoryScope(scope.getValue());
}

//===----------------------------------------------------------------------===//
// custom<AssumePredicate>
//===----------------------------------------------------------------------===//

ParseResult
mlir::cuda_tile::parseAssumePredicate(OpAsmParser &parser,
                                      AssumePredicateAttrInterface &predicate) {
  SMLoc loc = parser.getCurrentLocation();
  Attribute attr;
  StringRef mnemonic;
  static constexpr StringLiteral mnemonics[] = {
      DivByAttr::getMnemonic(), SameElementsAttr::getMnemonic(),
      BoundedAttr::getMnemonic()};
  if (succeeded(parser.parseOptionalKeyword(
          &mnemonic, SmallVector<StringRef>(std::begin(mnemonics),
                                            std::end(mnemonics))))) {
    if (mnemonic == DivByAttr::getMnemonic())
      attr = DivByAttr::parse(parser, Type());
    else if (mnemonic == SameElementsAttr::getMnemonic())
      attr = SameElementsAttr::parse(parser, Type());
    else
      attr = BoundedAttr::parse(parser, Type());
    if (!attr)
      return failure();
  } else if (parser.parseAttribute(attr)) {
    return failure();
  }
  predicate = dyn_cast<AssumePredicateAttrInterface>(attr);
  if (!predicate)
    return parser.emitError(loc) << "expected assume predicate attribute, got " << attr;
  return success();
}

void mlir::cuda_tile::printAssumePredicate(
    OpAsmPrinter &printer, Operation *,
    AssumePredicateAttrInterface predicate) {
  llvm::TypeSwitch<Attribute>(predicate)
      .Case([&](DivByAttr attr) {
        printer << DivByAttr::getMnemonic();
        attr.print(printer);
      })
      .Case([&](SameElementsAttr attr) {
        printer << SameElementsAttr::getMnemonic();
        attr.print(printer);
      })
      .Case([&](BoundedAttr attr) {
        printer << BoundedAttr::getMnemonic();
        attr.print(printer);
      })
      .Default([&](Attribute attr) { printer.printAttribute(attr); });
}
