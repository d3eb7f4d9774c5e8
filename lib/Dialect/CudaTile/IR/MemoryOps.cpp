//===- MemoryOps.cpp - custom syntax, verifiers and result names of MemoryOps
//===----------------------------------------------------------------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTileAsm.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cuda_tile;

//===----------------------------------------------------------------------===//
// Type comparators of the load/store TypesMatchWith constraints
//===----------------------------------------------------------------------===//

namespace mlir::cuda_tile {
// True when `pointers` is a tile of pointers to the elements of `values`, of
// the same shape.
static bool isPointerTileFor(Type values, Type pointers) {
  auto valueTile = dyn_cast<TileType>(values);
  auto pointerTile = dyn_cast<TileType>(pointers);
  if (!valueTile || !pointerTile ||
      valueTile.getShape() != pointerTile.getShape())
    return false;
  auto pointer = dyn_cast<PointerType>(pointerTile.getElementType());
  return pointer && pointer.getPointeeType() == valueTile.getElementType();
}

static bool haveSameShape(Type lhs, Type rhs) {
  auto lhsShaped = dyn_cast<ShapedType>(lhs);
  auto rhsShaped = dyn_cast<ShapedType>(rhs);
  return lhsShaped && rhsShaped && lhsShaped.getShape() == rhsShaped.getShape();
}
} // namespace mlir::cuda_tile

//===----------------------------------------------------------------------===//
// custom<ViewMemoryAttributes>: `<ordering> [<scope>]` of view loads/stores
//
// Hand-parsed rather than two optional enum attributes so that a scope after
// `weak`, or an unknown word, gets NVIDIA's diagnostics.
//===----------------------------------------------------------------------===//

static ParseResult parseViewMemoryAttributes(OpAsmParser &parser,
                                             MemoryOrderingSemanticsAttr &ordering,
                                             MemoryScopeAttr &scope) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  (void)parser.parseOptionalKeyword(&keyword);
  std::optional<MemoryOrderingSemantics> sem =
      symbolizeMemoryOrderingSemantics(keyword);
  if (!sem)
    return parser.emitError(loc)
           << "invalid memory_ordering_semantics attribute specification. Got \""
           << keyword
           << "\" but expect one of: weak, relaxed, acquire, release, acq_rel";
  ordering = MemoryOrderingSemanticsAttr::get(parser.getContext(), *sem);

  loc = parser.getCurrentLocation();
  if (failed(parser.parseOptionalKeyword(&keyword)))
    return success();
  if (*sem == MemoryOrderingSemantics::WEAK)
    return parser.emitError(loc)
           << "operation specifies weak memory ordering semantics, but then "
              "provides \""
           << keyword << "\" scope, expected no memory scope.";
  std::optional<MemoryScope> parsedScope = symbolizeMemoryScope(keyword);
  if (!parsedScope)
    return parser.emitError(loc)
           << "invalid memory_scope attribute specification. Got \"" << keyword
           << "\" but expect one of: tl_blk, device, sys";
  scope = MemoryScopeAttr::get(parser.getContext(), *parsedScope);
  return success();
}

static void printViewMemoryAttributes(OpAsmPrinter &p, Operation *,
                                      MemoryOrderingSemanticsAttr ordering,
                                      MemoryScopeAttr scope) {
  p << stringifyMemoryOrderingSemantics(ordering.getValue());
  if (scope)
    p << ' ' << stringifyMemoryScope(scope.getValue());
}

//===----------------------------------------------------------------------===//
// custom<ViewIndexTypes>: the types of a view access's index operands
//
// One type stands for every index (`tile<i32>`); differing types are listed
// one per index, as for a gather_scatter_view (`tile<8xi32>, tile<i32>`).
//===----------------------------------------------------------------------===//

/// The types of `count` indices from `written` (at `loc`): one type for
/// all, or one each.
static ParseResult assignIndexTypes(OpAsmParser &parser, SMLoc loc,
                                    ArrayRef<Type> written, size_t count,
                                    SmallVectorImpl<Type> &types) {
  if (written.size() == 1) {
    types.assign(count, written.front());
    return success();
  }
  if (written.size() != count)
    return parser.emitError(loc)
           << "expected one index type or one per index (" << count
           << "), got " << written.size();
  types.assign(written.begin(), written.end());
  return success();
}

static ParseResult
parseViewIndexTypes(OpAsmParser &parser, SmallVectorImpl<Type> &types,
                    ArrayRef<OpAsmParser::UnresolvedOperand> indices) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> written(1);
  if (parseCudaTileType(parser, written.front()))
    return failure();
  while (succeeded(parser.parseOptionalComma())) {
    if (parseCudaTileType(parser, written.emplace_back()))
      return failure();
  }
  return assignIndexTypes(parser, loc, written, indices.size(), types);
}

static void printViewIndexTypes(OpAsmPrinter &p, Operation *op,
                                TypeRange types, ValueRange) {
  // The syntax always has a type; an index-less access (invalid, but
  // printable) shows the usual i32.
  if (types.empty())
    return printCudaTileType(
        p, op, TileType::get({}, IntegerType::get(op->getContext(), 32)));
  if (llvm::all_equal(types))
    return printCudaTileType(p, op, types.front());
  printCudaTileType(p, op, types);
}

//===----------------------------------------------------------------------===//
// custom<IndexAndTokenTypes>: index types, then the token's type if there is
// a token operand (the multimem ops: `tile<i32>, token`)
//===----------------------------------------------------------------------===//

static ParseResult
parseIndexAndTokenTypes(OpAsmParser &parser, SmallVectorImpl<Type> &indexTypes,
                        ArrayRef<OpAsmParser::UnresolvedOperand> indices,
                        Type &tokenType) {
  SMLoc loc = parser.getCurrentLocation();
  SmallVector<Type> written;
  if (parseCudaTileType(parser, written))
    return failure();
  if (written.size() > 1 && isa<TokenType>(written.back()))
    tokenType = written.pop_back_val();
  return assignIndexTypes(parser, loc, written, indices.size(), indexTypes);
}

static void printIndexAndTokenTypes(OpAsmPrinter &p, Operation *op,
                                    TypeRange indexTypes, ValueRange indices,
                                    Type tokenType) {
  printViewIndexTypes(p, op, indexTypes, indices);
  if (tokenType) {
    p << ", ";
    printCudaTileType(p, op, tokenType);
  }
}

#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/MemoryOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Memory-model rules shared by loads and stores
//===----------------------------------------------------------------------===//

// A load may be weak (no scope) or relaxed/acquire (scope required); a store
// weak or relaxed/release. `access` is "load" or "store".
static LogicalResult verifyOrdering(Operation *op, MemoryOrderingSemantics sem,
                                    std::optional<MemoryScope> scope,
                                    bool isLoad) {
  MemoryOrderingSemantics synchronizing =
      isLoad ? MemoryOrderingSemantics::ACQUIRE
             : MemoryOrderingSemantics::RELEASE;
  StringRef access = isLoad ? "load" : "store";
  if (sem != MemoryOrderingSemantics::WEAK &&
      sem != MemoryOrderingSemantics::RELAXED && sem != synchronizing)
    return op->emitOpError("expect one of: weak, relaxed, or ")
           << stringifyMemoryOrderingSemantics(synchronizing)
           << ", but got: " << stringifyMemoryOrderingSemantics(sem);
  if (sem == MemoryOrderingSemantics::WEAK) {
    if (scope)
      return op->emitOpError("weak ") << access << " must not have memory scope";
    return success();
  }
  if (!scope)
    return op->emitOpError("memory scope is required for ")
           << stringifyMemoryOrderingSemantics(sem) << ' ' << access;
  return success();
}

// Atomics read and write, so they take no weak ordering.
static LogicalResult verifyAtomicOrdering(Operation *op,
                                          MemoryOrderingSemantics sem) {
  if (sem == MemoryOrderingSemantics::WEAK)
    return op->emitOpError("memory ordering semantics must be one of: "
                           "relaxed, acquire, release, acq_rel");
  return success();
}

// Checks an access's optimization hints under the dialect's hint policy.
static LogicalResult verifyHints(Operation *op, OptimizationHintsAttr hints,
                                 OptimizationHintsAttr::HintUser user) {
  return hints ? hints.verifyForOp(op, user) : success();
}

// The tensor_view a view is cut from.
static TensorViewType tensorViewOf(Type view) {
  return TypeSwitch<Type, TensorViewType>(view)
      .Case<PartitionViewType, StridedViewType, GatherScatterViewType>(
          [](auto type) { return type.getTensorView(); })
      .Default([](Type) { return TensorViewType(); });
}

// Only the multimem ops access memory through a multicast pointer; the other
// accesses refuse one with NVIDIA's diagnostics.
static bool isMulticastPointerTile(Type type) {
  auto pointer = dyn_cast<PointerType>(cast<TileType>(type).getElementType());
  return pointer && pointer.isMulticast();
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

LogicalResult JoinTokensOp::verify() {
  if (getTokens().size() < 2)
    return emitOpError("expect two or more tokens");
  return success();
}

//===----------------------------------------------------------------------===//
// Pointer-tile loads and stores
//===----------------------------------------------------------------------===//

LogicalResult LoadPtrTkoOp::verify() {
  if (isMulticastPointerTile(getSource().getType()))
    return emitOpError("multicast pointer is not allowed");
  if (failed(verifyHints(*this, getOptimizationHintsAttr(),
                         OptimizationHintsAttr::HintUser::PointerAccess)))
    return failure();
  return verifyOrdering(*this, getMemoryOrderingSemantics(), getMemoryScope(),
                        /*isLoad=*/true);
}

// Parses an enum keyword among `cases`; mirrors the diagnostic of generated
// parsers for required enum attributes.
template <typename Enum>
static ParseResult
parseEnumKeyword(OpAsmParser &parser, ArrayRef<StringRef> cases,
                 StringRef attrName,
                 std::optional<Enum> (*symbolize)(StringRef), Enum &value) {
  SMLoc loc = parser.getCurrentLocation();
  StringRef keyword;
  if (failed(parser.parseOptionalKeyword(&keyword, cases))) {
    InFlightDiagnostic diag =
        parser.emitError(loc, "expected string or keyword containing one of "
                              "the following enum values for attribute '")
        << attrName << "' [";
    llvm::interleaveComma(cases, diag);
    return diag << "]";
  }
  value = *symbolize(keyword);
  return success();
}

ParseResult LoadPtrTkoOp::parse(OpAsmParser &parser, OperationState &result) {
  Properties &props = result.getOrAddProperties<Properties>();
  MLIRContext *ctx = parser.getContext();
  MemoryOrderingSemantics ordering;
  if (parseEnumKeyword<MemoryOrderingSemantics>(
          parser, {"weak", "relaxed", "acquire", "release", "acq_rel"},
          "memory_ordering_semantics", symbolizeMemoryOrderingSemantics,
          ordering))
    return failure();
  props.memory_ordering_semantics =
      MemoryOrderingSemanticsAttr::get(ctx, ordering);
  StringRef scope;
  if (succeeded(parser.parseOptionalKeyword(&scope, {"tl_blk", "device", "sys"})))
    props.memory_scope = MemoryScopeAttr::get(ctx, *symbolizeMemoryScope(scope));

  // source, then the optional mask and padding value (at most two more).
  SmallVector<OpAsmParser::UnresolvedOperand, 3> values(1);
  if (parser.parseOperand(values.front()))
    return failure();
  while (values.size() < 3 && succeeded(parser.parseOptionalComma()))
    if (parser.parseOperand(values.emplace_back()))
      return failure();
  std::optional<OpAsmParser::UnresolvedOperand> token;
  if (succeeded(parser.parseOptionalKeyword("token"))) {
    token.emplace();
    if (parser.parseEqual() || parser.parseOperand(*token))
      return failure();
  }
  if (succeeded(parser.parseOptionalKeyword("optimization_hints"))) {
    OptimizationHintsAttr hints;
    if (parser.parseEqual() ||
        parser.parseCustomAttributeWithFallback(hints, Type{}))
      return failure();
    props.optimization_hints = hints;
  }
  SMLoc typesLoc;
  if (parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  typesLoc = parser.getCurrentLocation();
  SmallVector<Type, 3> valueTypes;
  Type resultType, tokenType;
  if (parseCudaTileType(parser, valueTypes) || parser.parseArrow() ||
      parseCudaTileType(parser, resultType) || parser.parseComma() ||
      parseCudaTileType(parser, tokenType))
    return failure();
  if (valueTypes.size() != values.size())
    return parser.emitError(typesLoc)
           << "expected " << values.size() << " operand types, got "
           << valueTypes.size();

  // A lone extra operand is the mask unless its type is the result type
  // without being a tile of i1, i.e. it can only be the padding value.
  bool hasMask = values.size() == 3;
  bool hasPadding = values.size() == 3;
  if (values.size() == 2) {
    auto extra = dyn_cast<TileType>(valueTypes[1]);
    bool isI1 = extra && extra.getElementType().isInteger(1);
    hasPadding = !isI1 && valueTypes[1] == resultType;
    hasMask = !hasPadding;
  }
  if (parser.resolveOperands(values, valueTypes, typesLoc, result.operands))
    return failure();
  if (token &&
      parser.resolveOperand(*token, TokenType::get(ctx), result.operands))
    return failure();
  props.operandSegmentSizes = {1, hasMask ? 1 : 0, hasPadding ? 1 : 0,
                               token ? 1 : 0};
  result.addTypes({resultType, tokenType});
  return success();
}

void LoadPtrTkoOp::print(OpAsmPrinter &p) {
  p << ' ' << stringifyMemoryOrderingSemantics(getMemoryOrderingSemantics());
  if (std::optional<MemoryScope> scope = getMemoryScope())
    p << ' ' << stringifyMemoryScope(*scope);
  p << ' ' << getSource();
  if (getMask())
    p << ", " << getMask();
  if (getPaddingValue())
    p << ", " << getPaddingValue();
  if (getToken())
    p << " token=" << getToken();
  if (OptimizationHintsAttr hints = getOptimizationHintsAttr()) {
    p << " optimization_hints = ";
    p.printStrippedAttrOrType(hints);
  }
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getMemoryOrderingSemanticsAttrName(),
                           getMemoryScopeAttrName(),
                           getOptimizationHintsAttrName(),
                           "operandSegmentSizes"});
  p << " : ";
  SmallVector<Type, 3> valueTypes{getSource().getType()};
  if (getMask())
    valueTypes.push_back(getMask().getType());
  if (getPaddingValue())
    valueTypes.push_back(getPaddingValue().getType());
  printCudaTileType(p, *this, TypeRange(valueTypes));
  p << " -> ";
  printCudaTileType(p, *this, getResult().getType());
  p << ", ";
  printCudaTileType(p, *this, getResultToken().getType());
}

void LoadPtrTkoOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "result");
  setNameFn(getResultToken(), "result_token");
}

LogicalResult StorePtrTkoOp::verify() {
  if (isMulticastPointerTile(getDestination().getType()))
    return emitOpError("multicast pointer is not allowed");
  if (failed(verifyHints(*this, getOptimizationHintsAttr(),
                         OptimizationHintsAttr::HintUser::PointerAccess)))
    return failure();
  return verifyOrdering(*this, getMemoryOrderingSemantics(), getMemoryScope(),
                        /*isLoad=*/false);
}

//===----------------------------------------------------------------------===//
// View loads and stores
//===----------------------------------------------------------------------===//

// Checks the index operands against the view: one per index-space dimension,
// all of one type and scalar, except that a gather_scatter_view takes a 1-d
// tile of offsets (one per tile row) in its sparse dimension.
static LogicalResult verifyViewIndices(Operation *op, TileView view,
                                       ValueRange index) {
  size_t rank = view.getViewIndexRank();
  if (index.size() != rank)
    return op->emitOpError() << "expected " << rank
                             << " index operands (based on view type), got "
                             << index.size();
  if (index.empty())
    return success();

  auto gatherScatter = dyn_cast<GatherScatterViewType>(view);
  auto elementOf = [](Value v) {
    return cast<TileType>(v.getType()).getElementType();
  };
  Type base = index.front().getType();
  for (auto [i, value] : llvm::enumerate(index)) {
    bool same = gatherScatter ? elementOf(value) == elementOf(index.front())
                              : value.getType() == base;
    if (!same)
      return op->emitOpError() << "expected index type " << i
                               << " to be the same as other index types ("
                               << base << "), got " << value.getType();
  }
  for (auto [i, value] : llvm::enumerate(index)) {
    auto type = cast<TileType>(value.getType());
    if (gatherScatter && static_cast<int64_t>(i) == gatherScatter.getSparseDim()) {
      int64_t rows = gatherScatter.getTileShape().asArrayRef()[i];
      if (type.getRank() != 1 || type.getShape()[0] != rows)
        return op->emitOpError()
               << "expected index " << i << " of the sparse dimension to be a "
               << "1-d tile of " << rows << " offsets, got " << type;
      continue;
    }
    if (type.getRank() != 0)
      return op->emitOpError()
             << "expected index type to be a scalar tile, got " << type;
  }
  return success();
}

// The `inbounds` flags (13.4 view loads and stores, 13.5 atomic_red_view_tko
// and the multimem ops) hold one entry per index.
static LogicalResult verifyInbounds(Operation *op,
                                    std::optional<ArrayRef<bool>> inbounds,
                                    size_t numIndices) {
  if (inbounds && inbounds->size() != numIndices)
    return op->emitOpError("inbounds size (")
           << inbounds->size() << ") must match the number of index "
           << "dimensions (" << numIndices << ")";
  return success();
}

// Checks the tile a view access loads or stores against the view.
static LogicalResult verifyViewTile(Operation *op, TileView view, Type tile) {
  if (tile != view.getViewTileType())
    return op->emitOpError() << "expected tile type to be "
                             << view.getViewTileType()
                             << " (based on view type), got " << tile;
  return success();
}

template <typename ViewAccessOp>
static LogicalResult verifyViewAccess(ViewAccessOp op, bool isLoad) {
  auto view = cast<TileView>(op.getView().getType());
  if (failed(verifyViewIndices(op, view, op.getIndex())) ||
      failed(verifyViewTile(op, view, op.getTile().getType())))
    return failure();
  // Only the multimem ops reach multicast memory.
  if (tensorViewOf(view).isMulticast())
    return op.emitOpError("multicast ptr_attr is not allowed");
  if (failed(verifyInbounds(op, op.getInbounds(), op.getIndex().size())) ||
      failed(verifyHints(op, op.getOptimizationHintsAttr(),
                         OptimizationHintsAttr::HintUser::ViewAccess)))
    return failure();
  return verifyOrdering(op, op.getMemoryOrderingSemantics(),
                        op.getMemoryScope(), isLoad);
}

LogicalResult LoadViewTkoOp::verify() {
  return verifyViewAccess(*this, /*isLoad=*/true);
}

void LoadViewTkoOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getTile(), "tile");
  setNameFn(getResultToken(), "result_token");
}

LogicalResult StoreViewTkoOp::verify() {
  return verifyViewAccess(*this, /*isLoad=*/false);
}

//===----------------------------------------------------------------------===//
// Atomics
//===----------------------------------------------------------------------===//

// Checks that `mode` applies to `element`: integer modes need i32/i64, addf a
// 16/32/64-bit float, xchg any 32/64-bit integer or float.
static LogicalResult verifyAtomicMode(Operation *op, AtomicRMWMode mode,
                                      Type element) {
  StringRef name = stringifyAtomicRMWMode(mode);
  switch (mode) {
  case AtomicRMWMode::ADDF:
    if (!element.isF16() && !element.isBF16() && !element.isF32() &&
        !element.isF64())
      return op->emitOpError("'")
             << name << "' works only with floats f16, bf16, f32, and f64";
    return success();
  case AtomicRMWMode::XCHG: {
    bool intOrFloat = isa<IntegerType, FloatType>(element);
    unsigned width = intOrFloat ? element.getIntOrFloatBitWidth() : 0;
    if (width != 32 && width != 64)
      return op->emitOpError("'")
             << name << "' works only with integers or float of 32 or 64 "
             << "bitwidth";
    return success();
  }
  default:
    if (!element.isInteger(32) && !element.isInteger(64))
      return op->emitOpError("'") << name << "' works only with integers i32 and i64";
    return success();
  }
}

static LogicalResult verifyPointeeMatches(Operation *op, Value pointers,
                                          Value values, StringRef name) {
  Type pointee = cast<PointerType>(
                     cast<TileType>(pointers.getType()).getElementType())
                     .getPointeeType();
  Type element = cast<TileType>(values.getType()).getElementType();
  if (pointee != element)
    return op->emitOpError("expected pointee type (")
           << pointee << ") to match element type of '" << name << "' ("
           << element << ")";
  return success();
}

LogicalResult AtomicRMWTkoOp::verify() {
  if (failed(verifyPointeeMatches(*this, getPointers(), getArg(), "arg")))
    return failure();
  if (isMulticastPointerTile(getPointers().getType()))
    return emitOpError("multicast pointer is not supported for atomic_rmw");
  if (getMask() && !haveSameShape(getMask().getType(), getArg().getType()))
    return emitOpError(
        "failed to verify that all of {pointers, arg, mask} have same shape");
  if (failed(verifyAtomicMode(*this, getMode(),
                              getArg().getType().getElementType())))
    return failure();
  return verifyAtomicOrdering(*this, getMemoryOrderingSemantics());
}

void AtomicRMWTkoOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "result");
  setNameFn(getResultToken(), "result_token");
}

LogicalResult AtomicCASTkoOp::verify() {
  if (failed(verifyPointeeMatches(*this, getPointers(), getVal(), "val")))
    return failure();
  if (isMulticastPointerTile(getPointers().getType()))
    return emitOpError("multicast pointer is not supported for atomic_cas");
  Type element = getVal().getType().getElementType();
  unsigned width =
      isa<IntegerType, FloatType>(element) ? element.getIntOrFloatBitWidth() : 0;
  if (width != 32 && width != 64)
    return emitOpError("expect only float or integer types with 32 or 64 bit");
  if (getMask() && !haveSameShape(getMask().getType(), getVal().getType()))
    return emitOpError("failed to verify that all of {pointers, val, cmp and "
                       "mask} have same shape");
  return verifyAtomicOrdering(*this, getMemoryOrderingSemantics());
}

void AtomicCASTkoOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "result");
  setNameFn(getResultToken(), "result_token");
}

// View reductions lower to TMA reductions: relaxed only, no system scope, no
// exchange, a partition or strided view without padding, and a value tile
// equal to the view's tile.
LogicalResult AtomicRedViewTkoOp::verify() {
  if (getMemoryOrderingSemantics() != MemoryOrderingSemantics::RELAXED)
    return emitOpError("only 'relaxed' memory ordering is supported for "
                       "view-based atomic reductions");
  if (getMemoryScope() == MemoryScope::SYS)
    return emitOpError("memory scope 'sys' is not supported for view-based "
                       "atomic reductions; use 'tl_blk' or 'device' for TMA "
                       "compatibility");
  if (getMode() == AtomicRMWMode::XCHG)
    return emitError("atomic_red_view_tko op cannot use xchg operation");

  Type viewType = getView().getType();
  if (tensorViewOf(viewType).isMulticast())
    return emitOpError("multicast ptr_attr is not allowed");
  if (isa<GatherScatterViewType>(viewType))
    return emitOpError(
        "gather_scatter_view is not supported; use partition_view instead");
  Attribute padding;
  if (auto partition = dyn_cast<PartitionViewType>(viewType))
    padding = partition.getPaddingValue();
  else if (auto strided = dyn_cast<StridedViewType>(viewType))
    padding = strided.getPaddingValue();
  if (padding)
    return emitOpError(
        "views with padding_value are not supported for atomic reductions");

  auto view = cast<TileView>(viewType);
  auto viewTile = cast<TileType>(view.getViewTileType());
  if (getIndex().size() != view.getViewIndexRank())
    return emitOpError("expected ")
           << view.getViewIndexRank()
           << " index operand(s) for view with tile rank "
           << viewTile.getRank() << ", got " << getIndex().size();
  if (failed(verifyInbounds(*this, getInbounds(), getIndex().size())))
    return failure();
  for (auto [i, index] : llvm::enumerate(getIndex())) {
    auto type = cast<TileType>(index.getType());
    if (type.getRank() != 0) {
      InFlightDiagnostic diag = emitOpError("index operand ")
                                << i << " must be a scalar tile (rank 0), got shape ";
      llvm::interleaveComma(type.getShape(), diag);
      return diag;
    }
  }

  TileType value = getValue().getType();
  if (viewTile.getElementType() != value.getElementType())
    return emitOpError("view element type (")
           << viewTile.getElementType() << ") must match value element type ("
           << value.getElementType() << ")";
  if (viewTile.getShape() != value.getShape()) {
    InFlightDiagnostic diag = emitOpError("view tile shape ");
    llvm::interleaveComma(viewTile.getShape(), diag);
    diag << " must match value shape ";
    llvm::interleaveComma(value.getShape(), diag);
    return diag << " for element-wise atomic operations";
  }
  return verifyAtomicMode(*this, getMode(), value.getElementType());
}

//===----------------------------------------------------------------------===//
// Multimem view accesses
//
// NVIDIA's rules, checked in the order its verifier reports them: the tile,
// its element type (what multimem instructions take), the multicast
// partition_view, the reduction, inbounds, then the memory ordering.
//===----------------------------------------------------------------------===//

template <typename MultimemOp>
static LogicalResult verifyMultimemAccess(MultimemOp op, Type tile) {
  auto view = cast<TileView>(op.getView().getType());
  if (failed(verifyViewIndices(op, view, op.getIndex())) ||
      failed(verifyViewTile(op, view, tile)))
    return failure();
  Type element = cast<TileType>(tile).getElementType();
  if (auto integer = dyn_cast<IntegerType>(element)) {
    if (integer.getWidth() != 32 && integer.getWidth() != 64)
      return op.emitOpError("multimem requires 32- or 64-bit integer/index "
                            "element types; got ")
             << integer.getWidth() << " bits";
  } else if (!element.isF16() && !element.isBF16() && !element.isF32() &&
             !element.isF64()) {
    return op.emitOpError("multimem supports only f16, bf16, f32, and f64 "
                          "floating-point element types");
  }
  TensorViewType tensorView = tensorViewOf(view);
  if (!tensorView.isMulticast()) {
    PointerClassAttr pointerClass = tensorView.getPointerClass();
    return op.emitOpError("expected a multicast pointer, but got ")
           << (pointerClass ? stringifyPointerClass(pointerClass.getValue())
                            : StringRef("none"));
  }
  if (!isa<PartitionViewType>(view))
    return op.emitOpError(
               "multimem view operations support only partition_view; got ")
           << op.getView().getType();
  return success();
}

// Which reductions multimem.ld_reduce (`isLoad`) and multimem.red apply to
// `element`: and/or/xor/umin/umax integers only; on floats ld_reduce takes
// add, and min/max of f16 and bf16, red only add.
static LogicalResult verifyMultimemReduction(Operation *op,
                                             MultimemReductionKind kind,
                                             Type element, bool isLoad) {
  bool isInteger = isa<IntegerType>(element);
  switch (kind) {
  case MultimemReductionKind::ADD:
    return success();
  case MultimemReductionKind::MIN:
  case MultimemReductionKind::MAX:
    if (isInteger)
      return success();
    if (!isLoad)
      return op->emitOpError("supports only add for floating-point element "
                             "types");
    if (!element.isF16() && !element.isBF16())
      return op->emitOpError("min/max supports f16 and bf16 float types only; "
                             "got ")
             << element;
    return success();
  default:
    if (!isInteger)
      return op->emitOpError("and/or/xor/umin/umax reductions require integer "
                             "element types");
    return success();
  }
}

LogicalResult MultimemLoadReduceViewTkoOp::verify() {
  TileType tile = getReducedValues().getType();
  if (failed(verifyMultimemAccess(*this, tile)) ||
      failed(verifyMultimemReduction(*this, getReduction(),
                                     tile.getElementType(), /*isLoad=*/true)) ||
      failed(verifyInbounds(*this, getInbounds(), getIndex().size())))
    return failure();
  return verifyOrdering(*this, getMemoryOrderingSemantics(), getMemoryScope(),
                        /*isLoad=*/true);
}

void MultimemLoadReduceViewTkoOp::getAsmResultNames(
    OpAsmSetValueNameFn setNameFn) {
  setNameFn(getReducedValues(), "reduced_values");
  setNameFn(getResultToken(), "result_token");
}

LogicalResult MultimemReduceViewTkoOp::verify() {
  TileType tile = getTile().getType();
  if (failed(verifyMultimemAccess(*this, tile)) ||
      failed(verifyMultimemReduction(*this, getReduction(),
                                     tile.getElementType(), /*isLoad=*/false)) ||
      failed(verifyInbounds(*this, getInbounds(), getIndex().size())))
    return failure();
  MemoryOrderingSemantics ordering = getMemoryOrderingSemantics();
  if (ordering != MemoryOrderingSemantics::RELAXED &&
      ordering != MemoryOrderingSemantics::RELEASE)
    return emitOpError("memory ordering semantics must be one of: relaxed, "
                       "release");
  return success();
}

LogicalResult MultimemStoreViewTkoOp::verify() {
  if (failed(verifyMultimemAccess(*this, getTile().getType())) ||
      failed(verifyInbounds(*this, getInbounds(), getIndex().size())))
    return failure();
  return verifyOrdering(*this, getMemoryOrderingSemantics(), getMemoryScope(),
                        /*isLoad=*/false);
}

//===----------------------------------------------------------------------===//
// alloca
//===----------------------------------------------------------------------===//

LogicalResult AllocaOp::verify() {
  uint64_t alignment = getAlignment();
  if (!llvm::isPowerOf2_64(alignment))
    return emitOpError("'alignment' must be power of two");
  Type element = getResult().getType().getElementType();
  Type pointee = cast<PointerType>(element).getPointeeType();
  // Sub-byte elements (i1) still occupy one byte in memory.
  uint64_t naturalSize =
      std::max<uint64_t>(1, llvm::divideCeil(pointee.getIntOrFloatBitWidth(), 8));
  if (alignment < naturalSize)
    return emitOpError("'alignment' (")
           << alignment << ") must be at least the natural size ("
           << naturalSize << " bytes) for element type " << pointee;
  return success();
}
