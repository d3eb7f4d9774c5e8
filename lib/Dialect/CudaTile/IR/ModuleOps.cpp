//===- ModuleOps.cpp - module, entry, testing$func, global, get_global ----===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTileAsm.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTileDebugInfo.h"
#include "tilechain/Dialect/CudaTile/IR/FunctionSyntax.h"

#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// global: `global private constant @name alignment = 16 <f32: [...]> : type`
//===----------------------------------------------------------------------===//

/// Parses the part of a global before its optional alignment:
/// `(private | public)? constant? @name`.
static ParseResult parseGlobalHeader(OpAsmParser &parser,
                                     SymbolVisibilityAttr &visibility,
                                     UnitAttr &constant, StringAttr &name) {
  auto value = SymbolVisibility::Public;
  if (succeeded(parser.parseOptionalKeyword("private")))
    value = SymbolVisibility::Private;
  else
    (void)parser.parseOptionalKeyword("public");
  visibility = SymbolVisibilityAttr::get(parser.getContext(), value);
  if (succeeded(parser.parseOptionalKeyword("constant")))
    constant = parser.getBuilder().getUnitAttr();
  return parser.parseSymbolName(name);
}

static void printGlobalHeader(OpAsmPrinter &printer, GlobalOp,
                              SymbolVisibilityAttr visibility,
                              UnitAttr constant, StringAttr name) {
  if (visibility && visibility.getValue() == SymbolVisibility::Private)
    printer << "private ";
  if (constant)
    printer << "constant ";
  printer.printSymbolName(name.getValue());
}

//===----------------------------------------------------------------------===//
// Generated definitions
//===----------------------------------------------------------------------===//

#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ModuleOps.cpp.inc"

//===----------------------------------------------------------------------===//
// module
//===----------------------------------------------------------------------===//

void cuda_tile::ModuleOp::build(OpBuilder &builder, OperationState &state,
                                StringRef name) {
  state.addRegion()->emplaceBlock();
  state.getOrAddProperties<Properties>().setSymName(
      builder.getStringAttr(name));
}

LogicalResult cuda_tile::ModuleOp::verifyRegions() {
  return verifyDebugInfoScopes(getOperation());
}

//===----------------------------------------------------------------------===//
// entry
//===----------------------------------------------------------------------===//

static constexpr StringLiteral kOptimizationHints = "optimization_hints";

/// Parses the body of a function-like op; an empty body `{}` gets the
/// implicit `return`.
template <typename FuncOpT>
static ParseResult
parseFunctionBody(OpAsmParser &parser, OperationState &state,
                  ArrayRef<OpAsmParser::Argument> args) {
  Region *body = state.addRegion();
  if (parser.parseRegion(*body, args, /*enableNameShadowing=*/false))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  FuncOpT::ensureTerminator(*body, parser.getBuilder(), state.location);
  return parser.parseOptionalAttrDict(state.attributes);
}

static void printFunctionBody(OpAsmPrinter &printer, FunctionOpInterface fn,
                              ArrayRef<StringRef> elided) {
  printer << ' ';
  printer.printRegion(fn.getFunctionBody(), /*printEntryBlockArgs=*/false,
                      /*printBlockTerminators=*/true,
                      /*printEmptyBlock=*/false);
  SmallVector<StringRef> hidden = {"sym_name", "function_type", "arg_attrs",
                                   "res_attrs"};
  hidden.append(elided.begin(), elided.end());
  printer.printOptionalAttrDict(fn->getAttrs(), hidden);
}

ParseResult EntryOp::parse(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::Argument> args;
  if (parseTileFunctionHeader(parser, state, args))
    return failure();
  if (succeeded(parser.parseOptionalKeyword(kOptimizationHints))) {
    if (parser.parseEqual())
      return failure();
    Attribute hints = OptimizationHintsAttr::parse(parser, Type());
    if (!hints)
      return failure();
    state.addAttribute(kOptimizationHints, hints);
  }
  return parseFunctionBody<EntryOp>(parser, state, args);
}

void EntryOp::print(OpAsmPrinter &printer) {
  printTileFunctionHeader(printer, *this);
  if (OptimizationHintsAttr hints = getOptimizationHintsAttr();
      hints && !hints.getValue().empty()) {
    printer << ' ' << kOptimizationHints << '=';
    hints.print(printer);
  }
  printFunctionBody(printer, *this, {kOptimizationHints});
}

LogicalResult EntryOp::verify() {
  if (!getResultTypes().empty())
    return emitOpError("entry op must not return values");
  for (Type type : getArgumentTypes()) {
    auto tile = llvm::dyn_cast<TileType>(type);
    if (tile && tile.getRank() != 0)
      return emitOpError(
          "entry op must have scalar types (rank 0 !cuda_tile.tile)");
  }
  if (OptimizationHintsAttr hints = getOptimizationHintsAttr())
    return hints.verifyForOp(*this, OptimizationHintsAttr::HintUser::Entry);
  return success();
}

//===----------------------------------------------------------------------===//
// testing$func
//===----------------------------------------------------------------------===//

ParseResult TestFuncOp::parse(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::Argument> args;
  if (parseTileFunctionHeader(parser, state, args))
    return failure();
  return parseFunctionBody<TestFuncOp>(parser, state, args);
}

void TestFuncOp::print(OpAsmPrinter &printer) {
  printTileFunctionHeader(printer, *this);
  printFunctionBody(printer, *this, {});
}

//===----------------------------------------------------------------------===//
// global, get_global
//===----------------------------------------------------------------------===//

LogicalResult GlobalOp::verify() {
  if (getValue().getType().getRank() != 1)
    return emitOpError("type must have rank 1");
  return success();
}

LogicalResult
GetGlobalOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global =
      symbolTable.lookupNearestSymbolFrom<GlobalOp>(*this, getNameAttr());
  if (!global)
    return emitOpError("'") << getName() << "' does not reference a valid global";

  Type globalElementType = global.getValue().getType().getElementType();
  auto pointer = llvm::cast<PointerType>(getResult().getType().getElementType());
  if (globalElementType != pointer.getPointeeType())
    return emitOpError("pointee type of result type ")
           << pointer << " does not match type " << globalElementType
           << " of the global @" << getName();
  return success();
}
