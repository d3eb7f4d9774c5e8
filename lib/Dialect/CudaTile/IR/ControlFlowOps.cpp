//===- ControlFlowOps.cpp - if, for, loop, terminators, reduce, scan ------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTileAsm.h"
#include "tilechain/Dialect/CudaTile/IR/FunctionSyntax.h"

#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Region syntax
//===----------------------------------------------------------------------===//

/// Parses a region without arguments whose terminator may be left implicit.
template <typename OpT>
static ParseResult
parseImplicitTerminatorRegion(OpAsmParser &parser, Region &region,
                              ArrayRef<OpAsmParser::Argument> args = {}) {
  if (parser.parseRegion(region, args))
    return failure();
  OpT::ensureTerminator(region, parser.getBuilder(),
                        parser.getEncodedSourceLoc(parser.getNameLoc()));
  return success();
}

/// Prints a region, leaving out an implicit terminator without operands.
template <typename ImplicitTerminatorOpT>
static void printImplicitTerminatorRegion(OpAsmPrinter &printer,
                                          Region &region) {
  Operation *terminator = region.front().getTerminator();
  bool printTerminator = !llvm::isa<ImplicitTerminatorOpT>(terminator) ||
                         terminator->getNumOperands() != 0;
  printer.printRegion(region, /*printEntryBlockArgs=*/false, printTerminator);
}

static ParseResult parseIfOpRegion(OpAsmParser &parser, Region &region) {
  return parseImplicitTerminatorRegion<IfOp>(parser, region);
}

static void printIfOpRegion(OpAsmPrinter &printer, IfOp, Region &region) {
  printImplicitTerminatorRegion<YieldOp>(printer, region);
}

/// reduce and scan bodies: `(%a: tile<f32>, %b: tile<f32>) { ... }`.
static ParseResult parseArgumentRegion(OpAsmParser &parser, Region &region) {
  SmallVector<OpAsmParser::Argument> args;
  if (parseTileArgumentList(parser, args))
    return failure();
  return parser.parseRegion(region, args);
}

static void printArgumentRegion(OpAsmPrinter &printer, Operation *,
                                Region &region) {
  printer.printNewline();
  printTileArgumentList(printer, region, /*argAttrs=*/nullptr);
  printer << ' ';
  printer.printRegion(region, /*printEntryBlockArgs=*/false);
}

#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ControlFlowOps.cpp.inc"

//===----------------------------------------------------------------------===//
// if
//===----------------------------------------------------------------------===//

LogicalResult IfOp::verify() {
  TypeRange resultTypes = getResultTypes();
  bool hasResults = !resultTypes.empty();
  for (auto [index, type] : llvm::enumerate(resultTypes)) {
    if (llvm::isa<TensorViewType>(type))
      return emitOpError("result type ")
             << index << " is a tensor_view, which is not supported";
    if (llvm::isa<TileView>(type))
      return emitOpError("result type ")
             << index << " is a tile view, which is not supported";
  }

  auto checkYield = [&](Region &region, StringRef branch) -> LogicalResult {
    auto yield = llvm::dyn_cast<YieldOp>(region.front().back());
    if (!yield)
      return success();
    TypeRange yielded = yield->getOperandTypes();
    if (hasResults && yielded.empty())
      return emitOpError("has return type of ")
             << resultTypes << " but " << branch
             << " branch does not yield anything";
    if (!hasResults && !yielded.empty())
      return emitOpError("does not return a value, but ")
             << branch << " branch yields " << yielded;
    if (yielded != resultTypes)
      return emitOpError("type does not match yield type, ")
             << branch << " branch yields " << yielded
             << " but op result type is " << resultTypes;
    return success();
  };

  if (failed(checkYield(getThenRegion(), "then")))
    return failure();
  if (getElseRegion().empty()) {
    if (hasResults)
      return emitOpError("has non-empty return type, must define else branch");
    return success();
  }
  return checkYield(getElseRegion(), "else");
}

//===----------------------------------------------------------------------===//
// for, loop
//===----------------------------------------------------------------------===//

/// Checks the loop-carried values of `for` and `loop` against their inits.
template <typename LoopOpT>
static LogicalResult verifyLoopIterValues(LoopOpT op,
                                          Block::BlockArgListType iterValues) {
  OperandRange inits = op.getInitValues();
  if (iterValues.size() != inits.size())
    return op.emitOpError("mismatch in number of region iterator values and "
                          "loop iterator inits: ")
           << iterValues.size() << " vs " << inits.size();

  for (auto [index, init, iterValue] : llvm::enumerate(inits, iterValues)) {
    if (llvm::isa<TensorViewType>(iterValue.getType()))
      return op.emitOpError() << "loop-carried value " << index
                              << " is a tensor_view, which is not supported";
    if (llvm::isa<TileView>(iterValue.getType()))
      return op.emitOpError() << "loop-carried value " << index
                              << " is a tile view, which is not supported";
    if (init.getType() != iterValue.getType())
      return op.emitOpError()
             << "init value " << index << " and region iter_value " << index
             << " have different type: " << init.getType()
             << " != " << iterValue.getType();
  }

  for (auto [index, type] : llvm::enumerate(op->getResultTypes())) {
    if (llvm::isa<TensorViewType>(type))
      return op.emitOpError() << "result type " << index
                              << " is a tensor_view, which is not supported";
    if (llvm::isa<TileView>(type))
      return op.emitOpError() << "result type " << index
                              << " is a tile view, which is not supported";
  }
  return success();
}

/// Prints `iter_values(%inner = %outer, ...)`.
static void printIterValues(OpAsmPrinter &printer, OperandRange inits,
                            Block::BlockArgListType iterValues) {
  printer << "iter_values(";
  llvm::interleaveComma(llvm::zip(iterValues, inits), printer, [&](auto pair) {
    printer << std::get<0>(pair) << " = " << std::get<1>(pair);
  });
  printer << ")";
}

LogicalResult ForOp::verifyRegions() {
  Block *body = getBody();
  if (body->getNumArguments() == 0)
    return emitOpError(
        "expected at least one block argument for induction variable");
  if (getInductionVar().getType() != getLowerBound().getType())
    return emitOpError("expected induction variable to be same type as bounds "
                       "and step: ")
           << getInductionVar().getType() << " vs "
           << getLowerBound().getType();
  return verifyLoopIterValues(*this, getRegionIterValues());
}

void ForOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  if (getUnsignedCmp())
    printer << "unsigned ";
  printer << getInductionVar() << " in (" << getLowerBound() << " to "
          << getUpperBound() << ", step " << getStep() << ") : ";
  printCudaTileType(printer, getInductionVar().getType());
  printer << ' ';
  if (!getInitValues().empty()) {
    printIterValues(printer, getInitValues(), getRegionIterValues());
    printer << " -> (";
    printCudaTileType(printer, *this, getInitValues().getTypes());
    printer << ") ";
  }
  printImplicitTerminatorRegion<ContinueOp>(printer, getRegion());
  printer.printOptionalAttrDict((*this)->getAttrs(),
                                {getUnsignedCmpAttrName()});
}

ParseResult ForOp::parse(OpAsmParser &parser, OperationState &state) {
  if (succeeded(parser.parseOptionalKeyword("unsigned")))
    state.addAttribute(getUnsignedCmpAttrName(state.name),
                       parser.getBuilder().getUnitAttr());

  OpAsmParser::Argument inductionVar;
  OpAsmParser::UnresolvedOperand lowerBound, upperBound, step;
  if (parser.parseOperand(inductionVar.ssaName) || parser.parseKeyword("in") ||
      parser.parseLParen() || parser.parseOperand(lowerBound) ||
      parser.parseKeyword("to") || parser.parseOperand(upperBound) ||
      parser.parseComma() || parser.parseKeyword("step") ||
      parser.parseOperand(step) || parser.parseRParen() ||
      parser.parseColon() || parseCudaTileType(parser, inductionVar.type))
    return failure();

  SmallVector<OpAsmParser::Argument> regionArgs = {inductionVar};
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
    if (parser.parseAssignmentList(regionArgs, inits) || parser.parseArrow() ||
        parser.parseLParen() || parseCudaTileType(parser, state.types) ||
        parser.parseRParen())
      return failure();
    if (inits.size() != state.types.size())
      return parser.emitError(
          parser.getNameLoc(),
          "mismatch in number of loop-carried values and defined values");
    for (auto [arg, type] :
         llvm::zip_equal(llvm::drop_begin(regionArgs), state.types))
      arg.type = type;
  }

  if (parseImplicitTerminatorRegion<ForOp>(parser, *state.addRegion(),
                                           regionArgs) ||
      parser.parseOptionalAttrDict(state.attributes))
    return failure();

  return failure(
      parser.resolveOperands({lowerBound, upperBound, step},
                             inductionVar.type, state.operands) ||
      parser.resolveOperands(inits, state.types, parser.getNameLoc(),
                             state.operands));
}

void ForOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (getNumResults())
    setNameFn(getResult(0), "for");
}

void ForOp::getAsmBlockArgumentNames(Region &region,
                                     OpAsmSetValueNameFn setNameFn) {
  setNameFn(getInductionVar(), "loopIdx");
  for (auto [index, arg] : llvm::enumerate(llvm::drop_begin(region.getArguments())))
    setNameFn(arg, "iterArg" + std::to_string(index));
}

LogicalResult LoopOp::verifyRegions() {
  return verifyLoopIterValues(*this, getRegionIterValues());
}

void LoopOp::print(OpAsmPrinter &printer) {
  printer << ' ';
  bool hasInits = !getInitValues().empty();
  bool hasResults = !getResultTypes().empty();
  if (hasInits) {
    printIterValues(printer, getInitValues(), getRegionIterValues());
    printer << ' ';
  }
  if (hasInits || hasResults)
    printer << ": ";
  if (hasInits) {
    printCudaTileType(printer, *this, getInitValues().getTypes());
    printer << ' ';
    if (hasResults)
      printer << "-> ";
  }
  if (hasResults) {
    printCudaTileType(printer, *this, getResultTypes());
    printer << ' ';
  }
  printImplicitTerminatorRegion<ContinueOp>(printer, getRegion());
  printer.printOptionalAttrDict((*this)->getAttrs());
}

ParseResult LoopOp::parse(OpAsmParser &parser, OperationState &state) {
  SmallVector<OpAsmParser::Argument> regionArgs;
  SmallVector<OpAsmParser::UnresolvedOperand> inits;
  SmallVector<Type> initTypes;
  if (succeeded(parser.parseOptionalKeyword("iter_values"))) {
    if (parser.parseAssignmentList(regionArgs, inits) || parser.parseColon() ||
        parseCudaTileType(parser, initTypes))
      return failure();
    if (regionArgs.size() != initTypes.size())
      return parser.emitError(parser.getCurrentLocation(),
                              "found different number of iter_values and types");
    if (succeeded(parser.parseOptionalArrow()) &&
        parseCudaTileType(parser, state.types))
      return failure();
    for (auto [arg, type] : llvm::zip_equal(regionArgs, initTypes))
      arg.type = type;
  } else if (succeeded(parser.parseOptionalColon()) &&
             parseCudaTileType(parser, state.types)) {
    return failure();
  }

  if (parseImplicitTerminatorRegion<LoopOp>(parser, *state.addRegion(),
                                            regionArgs) ||
      parser.parseOptionalAttrDict(state.attributes))
    return failure();
  return parser.resolveOperands(inits, initTypes, parser.getNameLoc(),
                                state.operands);
}

//===----------------------------------------------------------------------===//
// break, continue, return
//===----------------------------------------------------------------------===//

/// Finds the loop that `exitOp` leaves: the nearest ancestor of one of
/// `LoopOpTs`, reached through `if` ops only. Reports any other ancestor.
template <typename... LoopOpTs>
static FailureOr<Operation *> findExitedLoop(Operation *exitOp) {
  Operation *ancestor = exitOp->getParentOp();
  while (ancestor && llvm::isa<IfOp>(ancestor))
    ancestor = ancestor->getParentOp();
  if (ancestor && llvm::isa<LoopOpTs...>(ancestor))
    return ancestor;

  InFlightDiagnostic diag =
      exitOp->emitOpError("can only be nested within a ancestor chain of '");
  llvm::interleave(ArrayRef<StringRef>({LoopOpTs::getOperationName()...,
                                        IfOp::getOperationName()}),
                   diag, "', '");
  diag << "' operations";
  if (ancestor)
    diag.attachNote(ancestor->getLoc()) << "see unexpected ancestor operation";
  return failure();
}

LogicalResult BreakOp::verify() {
  FailureOr<Operation *> loop = findExitedLoop<LoopOp>(*this);
  if (failed(loop))
    return failure();
  if ((*loop)->getResultTypes() != getOperandTypes())
    return emitOpError("operand types must correspond to the parent loop "
                       "result types: ")
           << "(" << getOperandTypes() << ") vs ("
           << (*loop)->getResultTypes() << ")";
  return success();
}

LogicalResult ContinueOp::verify() {
  FailureOr<Operation *> loop = findExitedLoop<ForOp, LoopOp>(*this);
  if (failed(loop))
    return failure();
  if (llvm::isa<LoopOp>(*loop)) {
    if ((*loop)->getOperandTypes() != getOperandTypes())
      return emitError("`loop` is missing a valid terminator. `continue` op "
                       "should have operand types that match the parent loop "
                       "iter_values: (")
             << (*loop)->getOperandTypes() << "), but found: ("
             << getOperandTypes() << ")";
    return success();
  }
  if ((*loop)->getResultTypes() != getOperandTypes())
    return emitError("`for` is missing a valid terminator. `continue` op "
                     "should have operand types that match the parent loop "
                     "return types: (")
           << (*loop)->getResultTypes() << "), but found: ("
           << getOperandTypes() << ")";
  return success();
}

LogicalResult ReturnOp::verify() {
  Operation *parent = (*this)->getParentOp();
  while (llvm::isa<IfOp>(parent))
    parent = parent->getParentOp();

  auto function = llvm::dyn_cast<FunctionOpInterface>(parent);
  if (!function || !llvm::isa<EntryOp, TestFuncOp>(parent))
    return emitOpError("must be used within a cuda_tile.testing$func, "
                       "cuda_tile.entry, or cuda_tile.if operation");

  ArrayRef<Type> results = function.getResultTypes();
  if (getNumOperands() != results.size())
    return emitOpError("has ")
           << getNumOperands() << " operands, but enclosing function (@"
           << function.getName() << ") returns " << results.size();
  if (llvm::isa<EntryOp>(parent)) {
    if (getNumOperands() != 0)
      return emitOpError("has ")
             << getNumOperands()
             << " operands, but entry function must return 0 operands";
    return success();
  }
  for (auto [index, operand, result] : llvm::enumerate(getOperands(), results))
    if (operand.getType() != result)
      return emitError() << "type of return operand " << index << " ("
                         << operand.getType()
                         << ") doesn't match function result type (" << result
                         << ") in function @" << function.getName();
  return success();
}

//===----------------------------------------------------------------------===//
// reduce, scan
//===----------------------------------------------------------------------===//

/// Checks operands, identities and the dimension of a reduce or scan.
static LogicalResult verifyAggregate(Operation *op, ValueRange operands,
                                     TypeRange results, int32_t dim,
                                     ArrayAttr identities,
                                     bool resultsMatchOperands) {
  if (operands.empty())
    return op->emitOpError("expect at least 1 operand");
  if (operands.size() != results.size())
    return op->emitOpError("expect same number of operands and results");
  if (identities.size() != operands.size())
    return op->emitOpError()
           << "expect identities to match the number of operands but got: "
           << operands.size() << " operands and " << identities.size()
           << " identities";

  for (auto [index, operand, identity] : llvm::enumerate(operands, identities)) {
    Type elementType = llvm::cast<TileType>(operand.getType()).getElementType();
    auto typedIdentity = llvm::dyn_cast<TypedAttr>(identity);
    if (!typedIdentity)
      return op->emitOpError("expect identity at index: ")
             << index << " to be a typed attribute";
    Type identityType = typedIdentity.getType();
    // A half-precision identity stands for either 16-bit float format.
    if ((elementType.isBF16() && identityType.isF16()) ||
        (elementType.isF16() && identityType.isBF16()))
      continue;
    if (elementType != identityType)
      return op->emitOpError()
             << "expect same type for operand at index: " << index
             << " and identity at index: " << index << " but got: "
             << elementType << " and " << identityType;
  }

  int64_t rank = llvm::cast<TileType>(operands.front().getType()).getRank();
  if (dim >= rank)
    return op->emitOpError() << "dimension (" << dim << ") is out of bound [0, "
                             << rank << ")";

  if (resultsMatchOperands)
    for (auto [index, operand, result] : llvm::enumerate(operands, results))
      if (operand.getType() != result)
        return op->emitOpError() << "expect same type for operand at index: "
                                 << index << " and result at index: " << index;
  return success();
}

/// Checks the combining body of a reduce or scan: pairs of 0-d tile
/// arguments per operand, a matching yield, and only pure ops.
static LogicalResult verifyAggregateBody(Operation *op, Region &region) {
  size_t numOperands = op->getNumOperands();
  size_t numArgs = 2 * numOperands;
  Block &block = region.front();
  if (block.empty())
    return op->emitOpError("expect non-empty block");
  if (block.getNumArguments() != numArgs)
    return op->emitOpError() << "expect " << numArgs
                             << " block arguments but got: "
                             << block.getNumArguments();

  TypeRange argTypes = block.getArgumentTypes();
  for (auto [index, type] : llvm::enumerate(argTypes)) {
    auto tile = llvm::dyn_cast<TileType>(type);
    if (!tile || tile.getRank() != 0)
      return op->emitOpError() << "expect 0-rank tile type at index: " << index
                               << " but got: " << type;
  }
  for (size_t index = 0; index < numArgs; index += 2) {
    Type current = llvm::cast<TileType>(argTypes[index]).getElementType();
    Type previous = llvm::cast<TileType>(argTypes[index + 1]).getElementType();
    if (current != previous)
      return op->emitOpError()
             << "expect same element type for block argument at index: "
             << index << " and " << index + 1 << " but got: " << current
             << " and " << previous;
  }

  TypeRange operandTypes = op->getOperandTypes();
  for (size_t index = 0; index < numOperands; ++index) {
    Type operand = llvm::cast<TileType>(operandTypes[index]).getElementType();
    Type arg = llvm::cast<TileType>(argTypes[2 * index]).getElementType();
    if (operand != arg)
      return op->emitOpError()
             << "expect same type for operand at index: " << index
             << " and block argument at index: " << 2 * index
             << " but got: " << operand << " and " << arg;
  }

  auto yield = llvm::cast<YieldOp>(block.getTerminator());
  if (yield.getNumOperands() != numOperands)
    return op->emitOpError()
           << "expect number of terminators operands ("
           << yield.getNumOperands() << ") to match number of operands ("
           << numOperands << ")";
  for (auto [index, operandType, yielded] :
       llvm::enumerate(operandTypes, yield.getOperandTypes())) {
    Type operand = llvm::cast<TileType>(operandType).getElementType();
    auto yieldedTile = llvm::dyn_cast<TileType>(yielded);
    Type yieldedElement = yieldedTile ? yieldedTile.getElementType() : yielded;
    if (operand != yieldedElement)
      return op->emitOpError()
             << "expect same type for operand at index: " << index
             << " and terminator argument at index: " << index
             << " but got: " << operand << " and " << yieldedElement;
  }

  WalkResult impure = block.walk([&](Operation *nested) {
    if (isPure(nested))
      return WalkResult::advance();
    nested->emitOpError("only pure operations are allowed inside '")
        << op->getName() << "'";
    return WalkResult::interrupt();
  });
  return failure(impure.wasInterrupted());
}

LogicalResult ReduceOp::verify() {
  return verifyAggregate(*this, getOperands(), getResultTypes(), getDim(),
                         getIdentities(), /*resultsMatchOperands=*/false);
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyAggregateBody(*this, getBody());
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &inferred) {
  // An out-of-range dimension infers nothing; verify() reports it.
  int32_t dim = adaptor.getDim();
  for (Value operand : adaptor.getOperands()) {
    auto tile = llvm::cast<TileType>(operand.getType());
    if (dim < 0 || dim >= tile.getRank()) {
      inferred.clear();
      return success();
    }
    SmallVector<int64_t> shape(tile.getShape());
    shape.erase(shape.begin() + dim);
    inferred.push_back(TileType::get(shape, tile.getElementType()));
  }
  return success();
}

bool ReduceOp::isCompatibleReturnTypes(TypeRange inferred, TypeRange actual) {
  return inferred.size() != actual.size() || inferred == actual;
}

void ReduceOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  if (getNumResults())
    setNameFn(getResult(0), "reduce");
}

void ReduceOp::getAsmBlockArgumentNames(Region &region,
                                        OpAsmSetValueNameFn setNameFn) {
  bool numbered = region.getNumArguments() > 2;
  for (auto [index, arg] : llvm::enumerate(region.getArguments())) {
    std::string name = index % 2 == 0 ? "reduce_lhs" : "reduce_rhs";
    if (numbered)
      name += std::to_string(index / 2);
    setNameFn(arg, name);
  }
}

LogicalResult ScanOp::verify() {
  return verifyAggregate(*this, getOperands(), getResultTypes(), getDim(),
                         getIdentities(), /*resultsMatchOperands=*/true);
}

LogicalResult ScanOp::verifyRegions() {
  return verifyAggregateBody(*this, getBody());
}
