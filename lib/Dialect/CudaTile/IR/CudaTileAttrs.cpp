//===- CudaTileAttrs.cpp - cuda_tile enums and attributes -----------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringExtras.h" // llvm::join in the bit enum printer
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#include "tilechain/Dialect/CudaTile/IR/CudaTileEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.cpp.inc"

#include "tilechain/Dialect/CudaTile/IR/CudaTileAttrInterfaces.cpp.inc"

void CudaTileDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "tilechain/Dialect/CudaTile/IR/CudaTileAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// optimization_hints
//===----------------------------------------------------------------------===//

Attribute OptimizationHintsAttr::parse(AsmParser &parser, Type) {
  SmallVector<NamedAttribute> entries;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalGreater())) {
    auto parseEntry = [&]() -> ParseResult {
      std::string arch;
      if (parser.parseKeywordOrString(&arch) || parser.parseEqual())
        return failure();
      SMLoc loc = parser.getCurrentLocation();
      Attribute value;
      if (parser.parseAttribute(value))
        return failure();
      if (!isa<DictionaryAttr>(value))
        return parser.emitError(loc)
               << "expected dictionary attribute for optimization_hints entry `"
               << arch << "` got value=" << value;
      entries.emplace_back(StringAttr::get(parser.getContext(), arch), value);
      return success();
    };
    if (parser.parseCommaSeparatedList(parseEntry) || parser.parseGreater())
      return {};
  }
  return parser.getChecked<OptimizationHintsAttr>(
      parser.getContext(), DictionaryAttr::get(parser.getContext(), entries));
}

void OptimizationHintsAttr::print(AsmPrinter &printer) const {
  printer << '<';
  llvm::interleaveComma(getValue(), printer, [&](NamedAttribute entry) {
    printer.printKeywordOrString(entry.getName().getValue());
    printer << " = {";
    // Hint values are written without their type: `{num_cta_in_cga = 2}`.
    llvm::interleaveComma(cast<DictionaryAttr>(entry.getValue()), printer,
                          [&](NamedAttribute hint) {
                            printer.printKeywordOrString(hint.getName());
                            printer << " = ";
                            printer.printAttributeWithoutType(hint.getValue());
                          });
    printer << '}';
  });
  printer << '>';
}

LogicalResult
OptimizationHintsAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              DictionaryAttr value) {
  for (NamedAttribute entry : value)
    if (!isa<DictionaryAttr>(entry.getValue()))
      return emitError()
             << "expected dictionary attribute for optimization_hints entry `"
             << entry.getName().getValue() << "` got value="
             << entry.getValue();
  return success();
}

Attribute OptimizationHintsAttr::getHint(StringRef sm, StringRef name) const {
  // The target's own entry (with or without the arch-specific `a`, which
  // cuTile writes for sm_100a), else the `default` one.
  std::string other =
      sm.ends_with("a") ? sm.drop_back().str() : (sm + "a").str();
  for (StringRef key : {sm, StringRef(other), StringRef("default")})
    if (auto perArch = dyn_cast_or_null<DictionaryAttr>(getValue().get(key)))
      if (Attribute hint = perArch.get(name))
        return hint;
  return Attribute();
}

static std::optional<int64_t> intHint(Attribute hint) {
  if (auto value = dyn_cast_or_null<IntegerAttr>(hint))
    return value.getInt();
  return std::nullopt;
}

std::optional<int64_t>
OptimizationHintsAttr::getNumCTAInCGA(StringRef sm) const {
  return intHint(getHint(sm, "num_cta_in_cga"));
}

std::optional<bool> OptimizationHintsAttr::getAllowTMA(StringRef sm) const {
  if (auto value = dyn_cast_or_null<BoolAttr>(getHint(sm, "allow_tma")))
    return value.getValue();
  return std::nullopt;
}

std::optional<int64_t> OptimizationHintsAttr::getLatency(StringRef sm) const {
  return intHint(getHint(sm, "latency"));
}

std::optional<int64_t> OptimizationHintsAttr::getOccupancy(StringRef sm) const {
  return intHint(getHint(sm, "occupancy"));
}

std::optional<int64_t>
OptimizationHintsAttr::getNumWorkerWarpsPerCTA(StringRef sm) const {
  return intHint(getHint(sm, "num_worker_warps_per_cta"));
}

namespace {
/// The keys of a hints dictionary: the architectures hints may name
/// (`sm_XY`), and `default`, which cuTile Python 1.7 writes for hints that
/// hold on every target (getHint falls back to it).
constexpr StringLiteral kHintKeys[] = {
    "default", "sm_80",  "sm_86",  "sm_87",  "sm_88",  "sm_89", "sm_90",
    "sm_100",  "sm_103", "sm_107", "sm_110", "sm_120", "sm_121"};

/// Whether `value` is an integer in the range of hint `name`.
bool isValidIntHint(StringRef name, Attribute value) {
  auto intValue = dyn_cast<IntegerAttr>(value);
  return intValue &&
         OptimizationHintsAttr::isValidIntHint(name, intValue.getInt());
}

/// The problem with hint `name` = `value` for `user`, or an empty string.
std::string checkHint(OptimizationHintsAttr::HintUser user, StringRef arch,
                      StringRef name, Attribute value) {
  using HintUser = OptimizationHintsAttr::HintUser;
  std::string where = (arch + "." + name).str();
  bool isEntry = user == HintUser::Entry;
  bool isView = user == HintUser::ViewAccess;
  if (isEntry && (name == "num_cta_in_cga" ||
                  name == "num_worker_warps_per_cta")) {
    if (!isa<IntegerAttr>(value))
      return "integer value expected for " + where;
    int64_t max = name == "num_cta_in_cga"
                      ? OptimizationHintsAttr::kMaxNumCTAInCGA
                      : OptimizationHintsAttr::kMaxNumWorkerWarpsPerCTA;
    if (!isValidIntHint(name, value))
      return "expected power-of-two ≤ " + std::to_string(max) + " for " + where;
    return "";
  }
  if (isEntry && name == "occupancy")
    return isValidIntHint(name, value)
               ? ""
               : "integer value in the range [1, " +
                     std::to_string(OptimizationHintsAttr::kMaxOccupancy) +
                     "] is expected for " + where;
  if (isView && name == "allow_tma")
    return isa<BoolAttr>(value) ? "" : "boolean value expected for " + where;
  if (!isEntry && name == "latency")
    return isValidIntHint(name, value)
               ? ""
               : "integer value in the range [1, " +
                     std::to_string(OptimizationHintsAttr::kMaxLatency) +
                     "] is expected for " + where;
  return (name + " is not known hint for current Operation").str();
}
} // namespace

bool OptimizationHintsAttr::isValidIntHint(StringRef name, int64_t value) {
  if (name == "occupancy")
    return value >= 1 && value <= kMaxOccupancy;
  if (name == "latency")
    return value >= 1 && value <= kMaxLatency;
  int64_t max = name == "num_cta_in_cga" ? kMaxNumCTAInCGA
                                         : kMaxNumWorkerWarpsPerCTA;
  return value >= 1 && value <= max && llvm::isPowerOf2_64(value);
}

LogicalResult OptimizationHintsAttr::verifyForOp(Operation *op,
                                                 HintUser user) const {
  auto *dialect = op->getContext()->getLoadedDialect<CudaTileDialect>();
  CudaTileDialect::HintPolicy policy = dialect->getHintPolicy();
  if (policy == CudaTileDialect::HintPolicy::Ignore)
    return success();
  bool clean = true;
  // Warn on the location, not the op: Operation::emitWarning attaches a dump
  // of the op, and printing it re-runs this verifier.
  auto report = [&](const Twine &message) {
    mlir::emitWarning(op->getLoc(), message);
    clean = false;
  };
  for (NamedAttribute perArch : getValue()) {
    StringRef arch = perArch.getName().getValue();
    if (!llvm::is_contained(kHintKeys, arch)) {
      report("unknown hint key " + arch);
      continue;
    }
    for (NamedAttribute hint : cast<DictionaryAttr>(perArch.getValue())) {
      std::string problem =
          checkHint(user, arch, hint.getName().getValue(), hint.getValue());
      if (!problem.empty())
        report(problem);
    }
  }
  if (clean || policy == CudaTileDialect::HintPolicy::Warn)
    return success();
  // At the location too: the warnings above name each hint, and a dump of
  // the op (a whole kernel for an entry) would bury them.
  std::string where;
  if (auto symbol = op->getAttrOfType<StringAttr>(
          SymbolTable::getSymbolAttrName()))
    where = (" for " + op->getName().stripDialect() + " @" +
             symbol.getValue())
                .str();
  else
    where = (" for " + op->getName().stripDialect()).str();
  return mlir::emitError(op->getLoc(),
                         "Optimization hints verification failed" + where);
}

//===----------------------------------------------------------------------===//
// div_by
//===----------------------------------------------------------------------===//

Attribute DivByAttr::parse(AsmParser &parser, Type) {
  SMLoc loc = parser.getCurrentLocation();
  APInt divisor;
  if (parser.parseLess())
    return {};
  OptionalParseResult parsed = parser.parseOptionalInteger(divisor);
  if (!parsed.has_value()) {
    parser.emitError(loc, "expected integer value");
    return {};
  }
  if (failed(*parsed))
    return {};
  if (divisor.isNegative() || divisor.getActiveBits() > 63) {
    parser.emitError(loc, "'cuda_tile.div_by' divisor is too large");
    return {};
  }
  std::optional<int64_t> every, along;
  if (succeeded(parser.parseOptionalComma())) {
    int64_t everyValue, alongValue;
    if (parser.parseKeyword("every") || parser.parseInteger(everyValue) ||
        parser.parseKeyword("along") || parser.parseInteger(alongValue))
      return {};
    every = everyValue;
    along = alongValue;
  }
  if (parser.parseGreater())
    return {};
  return DivByAttr::get(parser.getContext(), divisor.getZExtValue(), every,
                        along);
}

void DivByAttr::print(AsmPrinter &printer) const {
  printer << '<' << getDivisor();
  if (getEvery() && getAlong())
    printer << ", every " << *getEvery() << " along " << *getAlong();
  printer << '>';
}

static bool isIntOrPointerTile(TileType tile) {
  return isa<IntegerType, PointerType>(tile.getElementType());
}

LogicalResult
DivByAttr::verifyWithValueType(Type valueType,
                               function_ref<InFlightDiagnostic()> emitError) const {
  auto tile = dyn_cast<TileType>(valueType);
  bool isView = isa<TensorViewType>(valueType);
  if (!isView && !(tile && isIntOrPointerTile(tile)))
    return emitError() << "'cuda_tile.div_by' is valid only for tile of "
                          "integer/pointer or tensor_view values";
  if (!llvm::isPowerOf2_64(getDivisor()))
    return emitError() << "'cuda_tile.div_by' divisor must be a power of 2";
  if (!getEvery() && !getAlong())
    return success();
  if (isView)
    return emitError() << "'cuda_tile.div_by' 'every'/'along' cannot be used "
                          "if the constrained value is a tensor_view";
  if (tile.getRank() == 0)
    return emitError() << "'cuda_tile.div_by' 'every'/'along' cannot be used "
                          "if the constrained value is a 0D tile";
  int64_t along = *getAlong();
  if (along < 0 || along >= tile.getRank())
    return emitError() << "'cuda_tile.div_by' every_dim (" << along
                       << ") must be >= 0 and < tile rank (" << tile.getRank()
                       << ")";
  int64_t size = tile.getDimSize(along);
  int64_t every = *getEvery();
  if (every < 0 || every > size)
    return emitError() << "expected 'cuda_tile.div_by' every_dim to be within "
                          "0 and the size of the respective dimension ("
                       << size << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// same_elements
//===----------------------------------------------------------------------===//

LogicalResult SameElementsAttr::verifyWithValueType(
    Type valueType, function_ref<InFlightDiagnostic()> emitError) const {
  auto tile = dyn_cast<TileType>(valueType);
  if (!tile || !isIntOrPointerTile(tile))
    return emitError() << "'cuda_tile.same_elements' is valid only for tile "
                          "of integer/pointer values";
  ArrayRef<int64_t> values = getValues().asArrayRef();
  if (static_cast<int64_t>(values.size()) != tile.getRank())
    return emitError() << "expected number of values in "
                          "'cuda_tile.same_elements' ("
                       << values.size()
                       << ") to match rank of constrained tile ("
                       << tile.getRank() << ")";
  for (auto [dim, value] : llvm::enumerate(values))
    if (value < 0 || value > tile.getDimSize(dim))
      return emitError() << "expected 'cuda_tile.same_elements' value " << dim
                         << " to be within 0 and the size of the respective "
                            "dimension ("
                         << tile.getDimSize(dim) << ")";
  return success();
}

//===----------------------------------------------------------------------===//
// bounded
//===----------------------------------------------------------------------===//

LogicalResult
BoundedAttr::verifyWithValueType(Type valueType,
                                 function_ref<InFlightDiagnostic()> emitError) const {
  auto tile = dyn_cast<TileType>(valueType);
  auto intType = tile ? dyn_cast<IntegerType>(tile.getElementType()) : nullptr;
  if (!intType)
    return emitError() << "'cuda_tile.bounded' is valid only for tile of "
                          "integer values";
  unsigned width = intType.getWidth();
  int64_t min = APInt::getSignedMinValue(width).getSExtValue();
  int64_t max = APInt::getSignedMaxValue(width).getSExtValue();
  auto inRange = [&](std::optional<int64_t> bound) {
    return !bound || (*bound >= min && *bound <= max);
  };
  if (!inRange(getLb()))
    return emitError() << "'cuda_tile.bounded' expects lower bound to be "
                          "within ["
                       << min << ", " << max << "]";
  if (!inRange(getUb()))
    return emitError() << "'cuda_tile.bounded' expects upper bound to be "
                          "within ["
                       << min << ", " << max << "]";
  if (getLb() && getUb() && *getLb() > *getUb())
    return emitError() << "'cuda_tile.bounded' expects lower bound to be less "
                          "than or equal to upper bound";
  return success();
}

//===----------------------------------------------------------------------===//
// Debug information
//===----------------------------------------------------------------------===//

static bool isLocalScope(Attribute scope) {
  return isa_and_nonnull<DISubprogramAttr, DILexicalBlockAttr>(scope);
}

LogicalResult
DILexicalBlockAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           Attribute scope, DIFileAttr, unsigned, unsigned) {
  if (!isLocalScope(scope))
    return emitError() << "expected the scope of a di_lexical_block to be a "
                          "di_subprogram or di_lexical_block, got "
                       << scope;
  return success();
}

LogicalResult DILocAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                FileLineColLoc, Attribute scope) {
  if (!isLocalScope(scope))
    return emitError() << "expected the scope of a di_loc to be a "
                          "di_subprogram or di_lexical_block, got "
                       << scope;
  return success();
}
