//===- ViewOps.cpp - custom syntax, verifiers and result names of ViewOps
//===----------------------------------------------------------------------===//
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTileAsm.h"

using namespace mlir;
using namespace mlir::cuda_tile;

#define GET_OP_CLASSES
#include "tilechain/Dialect/CudaTile/IR/ViewOps.cpp.inc"

//===----------------------------------------------------------------------===//
// make_tensor_view
//
//   make_tensor_view %base, shape = [32, %n], strides = [%s, 1]
//       : tile<i32> -> tensor_view<32x?xf32, strides=[?,1]>
//   make_tensor_view %base, shape = [64], strides = [1]
//       : tile<ptr<f32, <multicast>>>
//       -> tensor_view<64xf32, strides=[1], #cuda_tile.ptr_attr<multicast>>
//
// Static entries must repeat the result type; dynamic ones are SSA values of
// one shared index type, written before `->` when any is present. The base
// type comes first when it is not the plain pointer the tensor_view implies
// (a classified one), as NVIDIA's printer writes it.
//===----------------------------------------------------------------------===//

namespace {
// One `shape`/`strides` list as written: each entry a constant or, for a
// dynamic entry, TensorViewType::kDynamic plus an operand.
struct MixedList {
  SMLoc loc;
  SmallVector<std::pair<int64_t, SMLoc>> entries;
  SmallVector<OpAsmParser::UnresolvedOperand> dynamic;
};
} // namespace

static ParseResult parseMixedList(OpAsmParser &parser, StringRef keyword,
                                  MixedList &list) {
  if (parser.parseKeyword(keyword) || parser.parseEqual())
    return failure();
  list.loc = parser.getCurrentLocation();
  return parser.parseCommaSeparatedList(
      OpAsmParser::Delimiter::Square, [&]() -> ParseResult {
        SMLoc loc = parser.getCurrentLocation();
        int64_t constant = 0;
        OptionalParseResult isInt = parser.parseOptionalInteger(constant);
        if (isInt.has_value()) {
          if (failed(*isInt))
            return failure();
          list.entries.push_back({constant, loc});
          return success();
        }
        OpAsmParser::UnresolvedOperand operand;
        OptionalParseResult isValue = parser.parseOptionalOperand(operand);
        if (!isValue.has_value())
          return parser.emitError(loc, "expected either integer or SSA value");
        if (failed(*isValue))
          return failure();
        list.dynamic.push_back(operand);
        list.entries.push_back({TensorViewType::kDynamic, loc});
        return success();
      });
}

// Diagnoses the first entry of `list` that disagrees with the type's `dims`.
static ParseResult checkAgainstType(OpAsmParser &parser, const MixedList &list,
                                    ArrayRef<int64_t> dims, StringRef name) {
  if (list.entries.size() != dims.size())
    return parser.emitError(list.loc)
           << "expected " << name << " declaration to contain " << dims.size()
           << " elements due to tensor_view type, but " << list.entries.size()
           << " were provided";
  auto describe = [](int64_t v) {
    return v == TensorViewType::kDynamic ? std::string("dynamic")
                                         : std::to_string(v);
  };
  for (auto [i, entry, expected] : llvm::enumerate(list.entries, dims))
    if (entry.first != expected)
      return parser.emitError(entry.second)
             << "input " << name << " dimension " << i
             << " does not match tensor_view type (expected "
             << describe(expected) << ", got " << describe(entry.first) << ")";
  return success();
}

// The base type a tensor_view implies when the syntax leaves it out: a plain
// pointer to its elements. A classified pointer is always written.
static Type defaultBaseType(TensorViewType view) {
  return TileType::get({}, PointerType::get(view.getElementType()));
}

ParseResult MakeTensorViewOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  OpAsmParser::UnresolvedOperand base;
  MixedList shape, strides;
  if (parser.parseOperand(base) || parser.parseComma() ||
      parseMixedList(parser, "shape", shape) || parser.parseComma() ||
      parseMixedList(parser, "strides", strides) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();

  // `[base type ,] [index type] ->` when there is a base type (a classified
  // pointer) or dynamic values; a lone type before `->` is the index type
  // when there are dynamic values, else the base type.
  bool hasDynamic = !shape.dynamic.empty() || !strides.dynamic.empty();
  SMLoc typeLoc = parser.getCurrentLocation();
  SmallVector<Type, 2> written;
  if (parseCudaTileType(parser, written))
    return failure();
  Type baseType, indexType, type = written.back();
  if (succeeded(parser.parseOptionalArrow())) {
    if (written.size() > (hasDynamic ? 2u : 1u))
      return parser.emitError(typeLoc)
             << (hasDynamic ? "expected a base type and the type of the "
                              "dynamic sizes and strides before '->'"
                            : "expected only a base type before '->': no "
                              "size or stride is dynamic");
    if (hasDynamic)
      indexType = written.back();
    if (written.size() == 2 || !hasDynamic)
      baseType = written.front();
    typeLoc = parser.getCurrentLocation();
    if (parseCudaTileType(parser, type))
      return failure();
  } else if (written.size() != 1) {
    return parser.emitError(typeLoc) << "expected '->'";
  }
  auto viewType = dyn_cast<TensorViewType>(type);
  if (!viewType)
    return parser.emitError(typeLoc)
           << "expected 'tensor_view' type, but got " << type;
  if (hasDynamic && !indexType)
    return parser.emitError(typeLoc)
           << "expected the type of the dynamic sizes and strides before '->'";

  if (!baseType)
    baseType = defaultBaseType(viewType);
  if (parser.resolveOperand(base, baseType, result.operands) ||
      checkAgainstType(parser, shape, viewType.getShape(), "shape") ||
      checkAgainstType(parser, strides, viewType.getStrides(), "stride"))
    return failure();
  if (hasDynamic &&
      (parser.resolveOperands(shape.dynamic, indexType, result.operands) ||
       parser.resolveOperands(strides.dynamic, indexType, result.operands)))
    return failure();

  result.getOrAddProperties<Properties>().operandSegmentSizes = {
      1, static_cast<int32_t>(shape.dynamic.size()),
      static_cast<int32_t>(strides.dynamic.size())};
  result.addTypes(viewType);
  return success();
}

void MakeTensorViewOp::print(OpAsmPrinter &p) {
  auto printList = [&](ArrayRef<int64_t> dims, OperandRange dynamic) {
    auto next = dynamic.begin();
    p << '[';
    llvm::interleaveComma(dims, p, [&](int64_t dim) {
      if (dim == TensorViewType::kDynamic)
        p.printOperand(*next++);
      else
        p << dim;
    });
    p << ']';
  };
  TensorViewType type = getResult().getType();
  p << ' ';
  p.printOperand(getBase());
  p << ", shape = ";
  printList(type.getShape(), getDynamicShape());
  p << ", strides = ";
  printList(type.getStrides(), getDynamicStrides());
  p.printOptionalAttrDict((*this)->getAttrs(), {"operandSegmentSizes"});
  p << " : ";
  Type baseType = getBase().getType();
  bool writesBase = baseType != defaultBaseType(type);
  bool dynamic = !getDynamicShape().empty() || !getDynamicStrides().empty();
  if (writesBase)
    printCudaTileType(p, *this, baseType);
  if (dynamic) {
    Value first = getDynamicShape().empty() ? getDynamicStrides().front()
                                            : getDynamicShape().front();
    if (writesBase)
      p << ", ";
    printCudaTileType(p, *this, first.getType());
  }
  if (writesBase || dynamic)
    p << " -> ";
  printCudaTileType(p, *this, type);
}

LogicalResult MakeTensorViewOp::verify() {
  TensorViewType type = getResult().getType();
  auto pointer = cast<PointerType>(getBase().getType().getElementType());
  if (type.getElementType() != pointer.getPointeeType())
    return emitOpError("expected pointer to ")
           << type.getElementType()
           << " to build tensor_view of this type, got "
           << pointer.getPointeeType();
  PointerClassAttr baseClass = pointer.getPointerClass();
  PointerClassAttr viewClass = type.getPointerClass();
  if (baseClass && !viewClass)
    return emitOpError("tensor_view must preserve ptr_attr from base pointer (")
           << baseClass << ")";
  if (!baseClass && viewClass)
    return emitOpError("pointer base without ptr_attr cannot produce "
                       "tensor_view with ptr_attr");
  if (baseClass != viewClass)
    return emitOpError("ptr_attr mismatch between base pointer (")
           << baseClass << ") and result tensor_view (" << viewClass << ")";

  auto countDynamic = [](ArrayRef<int64_t> dims) {
    return static_cast<size_t>(llvm::count(dims, TensorViewType::kDynamic));
  };
  if (countDynamic(type.getShape()) != getDynamicShape().size())
    return emitOpError("expected ")
           << countDynamic(type.getShape()) << " dynamic shape operands, got "
           << getDynamicShape().size();
  if (countDynamic(type.getStrides()) != getDynamicStrides().size())
    return emitOpError("expected ")
           << countDynamic(type.getStrides())
           << " dynamic stride operands, got " << getDynamicStrides().size();

  // Every dynamic value shares the type of the first one.
  Type indexType;
  auto checkSameType = [&](OperandRange values,
                           StringRef kind) -> LogicalResult {
    for (auto [i, value] : llvm::enumerate(values)) {
      if (!indexType)
        indexType = value.getType();
      if (value.getType() != indexType)
        return emitOpError("expected dynamic ")
               << kind << " index " << i
               << " to be of the same type as the other dynamic values ("
               << indexType << "), got " << value.getType();
    }
    return success();
  };
  if (failed(checkSameType(getDynamicShape(), "shape")))
    return failure();
  return checkSameType(getDynamicStrides(), "stride");
}

void MakeTensorViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "tview");
}

//===----------------------------------------------------------------------===//
// make_partition_view, make_strided_view, make_gather_scatter_view
//
//   make_<kind> %tensor_view attr-dict : <view type>
//
// The operand's type is the tensor_view inside the written view type.
//===----------------------------------------------------------------------===//

template <typename ViewType>
static ParseResult parseViewOfTensorView(OpAsmParser &parser,
                                         OperationState &result,
                                         StringRef viewName) {
  OpAsmParser::UnresolvedOperand tensorView;
  if (parser.parseOperand(tensorView) ||
      parser.parseOptionalAttrDict(result.attributes) || parser.parseColon())
    return failure();
  SMLoc typeLoc = parser.getCurrentLocation();
  Type type;
  if (parseCudaTileType(parser, type))
    return failure();
  auto view = dyn_cast<ViewType>(type);
  if (!view)
    return parser.emitError(typeLoc)
           << "expected '" << viewName << "' type, but got " << type;
  if (parser.resolveOperand(tensorView, view.getTensorView(), result.operands))
    return failure();
  result.addTypes(view);
  return success();
}

static void printViewOfTensorView(OpAsmPrinter &p, Operation *op) {
  p << ' ';
  p.printOperand(op->getOperand(0));
  p.printOptionalAttrDict(op->getAttrs());
  p << " : ";
  printCudaTileType(p, op, op->getResult(0).getType());
}

template <typename ViewOp>
static LogicalResult verifyViewOfTensorView(ViewOp op) {
  TensorViewType given = op.getTensorView().getType();
  TensorViewType expected = op.getResult().getType().getTensorView();
  if (given != expected)
    return op.emitOpError("expected the type of the provided tensor_view "
                          "value (")
           << given << ") to be the same as the view's tensor_view type ("
           << expected << ")";
  return success();
}

ParseResult MakePartitionViewOp::parse(OpAsmParser &parser,
                                       OperationState &result) {
  return parseViewOfTensorView<PartitionViewType>(parser, result,
                                                  "partition_view");
}
void MakePartitionViewOp::print(OpAsmPrinter &p) {
  printViewOfTensorView(p, *this);
}
LogicalResult MakePartitionViewOp::verify() {
  return verifyViewOfTensorView(*this);
}
void MakePartitionViewOp::getAsmResultNames(OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "pview");
}

ParseResult MakeStridedViewOp::parse(OpAsmParser &parser,
                                     OperationState &result) {
  return parseViewOfTensorView<StridedViewType>(parser, result, "strided_view");
}
void MakeStridedViewOp::print(OpAsmPrinter &p) {
  printViewOfTensorView(p, *this);
}
LogicalResult MakeStridedViewOp::verify() {
  return verifyViewOfTensorView(*this);
}

ParseResult MakeGatherScatterViewOp::parse(OpAsmParser &parser,
                                           OperationState &result) {
  return parseViewOfTensorView<GatherScatterViewType>(parser, result,
                                                      "gather_scatter_view");
}
void MakeGatherScatterViewOp::print(OpAsmPrinter &p) {
  printViewOfTensorView(p, *this);
}
LogicalResult MakeGatherScatterViewOp::verify() {
  return verifyViewOfTensorView(*this);
}
void MakeGatherScatterViewOp::getAsmResultNames(
    OpAsmSetValueNameFn setNameFn) {
  setNameFn(getResult(), "gsview");
}

//===----------------------------------------------------------------------===//
// get_tensor_shape, get_index_space_shape
//
//   %d:2 = get_tensor_shape %tv : tensor_view<...> -> tile<i32>
//
// One result per dimension, all of the single written type.
//===----------------------------------------------------------------------===//

// Parses `%src : <source type> -> <result type>` and adds `rank(source)`
// results; `rankOf` returns std::nullopt when the source type is not accepted.
static ParseResult
parseShapeQuery(OpAsmParser &parser, OperationState &result,
                StringRef expected,
                function_ref<std::optional<size_t>(Type)> rankOf) {
  OpAsmParser::UnresolvedOperand src;
  Type srcType, resultType;
  if (parser.parseOperand(src) || parser.parseColon())
    return failure();
  SMLoc srcLoc = parser.getCurrentLocation();
  if (parseCudaTileType(parser, srcType) || parser.parseArrow() ||
      parseCudaTileType(parser, resultType))
    return failure();
  std::optional<size_t> rank = rankOf(srcType);
  if (!rank)
    return parser.emitError(srcLoc)
           << "'" << result.name.getStringRef() << "' expected " << expected
           << ", got " << srcType;
  if (parser.resolveOperand(src, srcType, result.operands) ||
      parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.types.append(*rank, resultType);
  return success();
}

static void printShapeQuery(OpAsmPrinter &p, Operation *op) {
  p << ' ';
  p.printOperand(op->getOperand(0));
  p << " : ";
  printCudaTileType(p, op, op->getOperand(0).getType());
  p << " -> ";
  // A rank-0 source has no results; its result type cannot be recovered.
  if (op->getNumResults() != 0)
    printCudaTileType(p, op, op->getResult(0).getType());
  p.printOptionalAttrDict(op->getAttrs());
}

ParseResult GetTensorShapeOp::parse(OpAsmParser &parser,
                                    OperationState &result) {
  return parseShapeQuery(parser, result, "tensor_view",
                         [](Type type) -> std::optional<size_t> {
                           if (auto view = dyn_cast<TensorViewType>(type))
                             return view.getShape().size();
                           return std::nullopt;
                         });
}

void GetTensorShapeOp::print(OpAsmPrinter &p) { printShapeQuery(p, *this); }

LogicalResult GetTensorShapeOp::verify() {
  size_t rank = getSrc().getType().getShape().size();
  if (getNumResults() != rank)
    return emitOpError("expected ")
           << rank << " results due to tensor rank, but got "
           << getNumResults();
  return success();
}

ParseResult GetIndexSpaceShapeOp::parse(OpAsmParser &parser,
                                        OperationState &result) {
  return parseShapeQuery(parser, result, "tile view",
                         [](Type type) -> std::optional<size_t> {
                           if (auto view = dyn_cast<TileView>(type))
                             return view.getViewIndexRank();
                           return std::nullopt;
                         });
}

void GetIndexSpaceShapeOp::print(OpAsmPrinter &p) { printShapeQuery(p, *this); }

LogicalResult GetIndexSpaceShapeOp::verify() {
  size_t rank = cast<TileView>(getSrc().getType()).getViewIndexRank();
  if (getNumResults() != rank)
    return emitOpError("expected ")
           << rank << " results due to view index space rank, but got "
           << getNumResults();
  return success();
}
