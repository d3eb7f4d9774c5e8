//===- TypeEncoder.cpp - type records of the type section -----------------===//
//
// Builtin scalar and function types are read through their C++ API. The
// cuda_tile types are taken apart generically: nested types through MLIR's
// sub-element walk, shapes through ShapedType, and the remaining integer
// parameters (strides, dim_map, padding) from the dialect's textual syntax.
//
//===----------------------------------------------------------------------===//
#include "Format.h"
#include "WriterState.h"

#include "mlir/IR/BuiltinTypeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tilechain::bytecode;

std::string tilechain::bytecode::printed(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

std::string tilechain::bytecode::printed(Attribute attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  return text;
}

bool tilechain::bytecode::parseIntsAfter(StringRef text, StringRef key,
                                         char close, char separator,
                                         SmallVectorImpl<int64_t> &out) {
  size_t start = text.find(key);
  if (start == StringRef::npos)
    return false;
  StringRef rest = text.drop_front(start + key.size());
  rest = rest.take_until([&](char c) { return c == close; });
  SmallVector<StringRef> items;
  rest.split(items, separator, -1, /*KeepEmpty=*/false);
  for (StringRef item : items) {
    item = item.trim();
    int64_t value;
    if (item == "?")
      out.push_back(std::numeric_limits<int64_t>::min());
    else if (!item.getAsInteger(10, value))
      out.push_back(value);
    else
      return false;
  }
  return true;
}

static StringRef dialectTypeName(Type type) {
  return type.getAbstractType().getName();
}

static void subTypes(Type type, SmallVectorImpl<Type> &out) {
  type.walkImmediateSubElements([](Attribute) {},
                                [&](Type sub) { out.push_back(sub); });
}

static const char *const kPaddingNames[] = {"zero", "neg_zero", "nan",
                                            "pos_inf", "neg_inf"};

/// The padding value of a view type, or -1 when it has none.
static int paddingOf(StringRef text) {
  size_t at = text.find("padding_value");
  if (at == StringRef::npos)
    return -1;
  StringRef rest = text.drop_front(at).drop_until([](char c) { return c == '='; });
  rest = rest.drop_front().ltrim();
  for (unsigned i = 0; i < std::size(kPaddingNames); ++i) {
    StringRef name = kPaddingNames[i];
    if (rest.starts_with(name) &&
        !llvm::isAlnum(rest.drop_front(name.size()).front()) &&
        rest.drop_front(name.size()).front() != '_')
      return i;
  }
  return -1;
}

static const char *const kPointerClassNames[] = {"none", "unicast",
                                                 "multicast"};

/// The pointer classification a ptr or tensor_view type ends with
/// (`ptr<f32, <multicast>>`, `tensor_view<..., #cuda_tile.ptr_attr<none>>`),
/// or -1 when it has none.
static int pointerClassOf(StringRef text) {
  for (unsigned i = 0; i < std::size(kPointerClassNames); ++i)
    if (text.ends_with(("<" + Twine(kPointerClassNames[i]) + ">>").str()))
      return i;
  return -1;
}

LogicalResult tilechain::bytecode::typeDependencies(Type type,
                                                    SmallVectorImpl<Type> &deps) {
  if (auto func = dyn_cast<FunctionType>(type)) {
    llvm::append_range(deps, func.getInputs());
    llvm::append_range(deps, func.getResults());
    return success();
  }
  if (dialectTypeName(type).starts_with("cuda_tile."))
    subTypes(type, deps);
  return success();
}

static std::optional<TypeTag> scalarTag(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    switch (intType.getWidth()) {
    case 1: return TypeTag::I1;
    case 4: return TypeTag::I4;
    case 8: return TypeTag::I8;
    case 16: return TypeTag::I16;
    case 32: return TypeTag::I32;
    case 64: return TypeTag::I64;
    default: return std::nullopt;
    }
  }
  if (type.isF16()) return TypeTag::F16;
  if (type.isBF16()) return TypeTag::BF16;
  if (type.isF32()) return TypeTag::F32;
  if (type.isTF32()) return TypeTag::TF32;
  if (type.isF64()) return TypeTag::F64;
  if (isa<Float8E4M3FNType>(type)) return TypeTag::F8E4M3FN;
  if (isa<Float8E5M2Type>(type)) return TypeTag::F8E5M2;
  if (isa<Float8E8M0FNUType>(type)) return TypeTag::F8E8M0FNU;
  if (isa<Float4E2M1FNType>(type)) return TypeTag::F4E2M1FN;
  if (dialectTypeName(type) == "cuda_tile.token") return TypeTag::Token;
  return std::nullopt;
}

static void writeIntList(ByteWriter &out, ArrayRef<int64_t> values,
                         unsigned width) {
  out.writeVarInt(values.size());
  for (int64_t value : values)
    out.writeLE(static_cast<uint64_t>(value), width);
}

LogicalResult tilechain::bytecode::encodeTypeRecord(WriterState &state,
                                                    Type type, ByteWriter &out) {
  Location loc = UnknownLoc::get(type.getContext());
  auto index = [&](Type sub) { return *state.typeIndex(sub, loc); };
  if (std::optional<TypeTag> tag = scalarTag(type)) {
    if (const LaterScalarType *later = laterScalarType(*tag))
      if (state.version.packed() < later->since)
        return emitError(loc) << "type '" << later->name
                              << "' requires bytecode version "
                              << later->since / 100 << "."
                              << later->since % 100 << "+, targeting "
                              << state.version.str();
    out.writeVarInt(static_cast<uint64_t>(*tag));
    return success();
  }
  if (auto func = dyn_cast<FunctionType>(type)) {
    out.writeVarInt(static_cast<uint64_t>(TypeTag::Function));
    out.writeVarInt(func.getNumInputs());
    for (Type input : func.getInputs())
      out.writeVarInt(index(input));
    out.writeVarInt(func.getNumResults());
    for (Type result : func.getResults())
      out.writeVarInt(index(result));
    return success();
  }
  StringRef name = dialectTypeName(type);
  std::string text = printed(type);
  SmallVector<Type> subs;
  subTypes(type, subs);
  bool isV134 = state.version.packed() >= 1304;
  bool unified = state.version.packed() >= 1303;
  if (name == "cuda_tile.tile") {
    auto shaped = dyn_cast<ShapedType>(type);
    if (!shaped)
      return emitError(loc) << "tile type without a shape: " << text;
    out.writeVarInt(static_cast<uint64_t>(TypeTag::Tile));
    out.writeVarInt(index(shaped.getElementType()));
    writeIntList(out, shaped.getShape(), 8);
    return success();
  }
  if ((name == "cuda_tile.ptr" || name == "cuda_tile.tensor_view") &&
      subs.size() == 1) {
    bool pointer = name == "cuda_tile.ptr";
    // Classifications came with 13.4, which has only `none` (0).
    int pointerClass = pointerClassOf(text);
    if (pointerClass >= 0 && !isV134)
      return emitError(loc) << text << " needs bytecode version 13.4";
    if (pointerClass > 0 && state.version.packed() < 1305)
      return emitError(loc) << text << " needs bytecode version 13.5";
    out.writeVarInt(static_cast<uint64_t>(pointer ? TypeTag::Pointer
                                                  : TypeTag::TensorView));
    // 13.4+: flags bit 0 marks the classification byte at the end.
    if (isV134)
      out.writeVarInt(pointerClass >= 0 ? 1 : 0);
    out.writeVarInt(index(subs[0]));
    auto writePointerClass = [&] {
      if (pointerClass >= 0)
        out.writeByte(static_cast<uint8_t>(pointerClass));
      return success();
    };
    if (pointer)
      return writePointerClass();
    // tensor_view<DIMSxELEM, strides=[...]>: the dims precede the element.
    SmallVector<int64_t> shape, strides;
    StringRef body = StringRef(text).drop_until([](char c) { return c == '<'; }).drop_front();
    SmallVector<StringRef> parts;
    body.take_until([](char c) { return c == ',' || c == '>'; }).split(parts, 'x');
    for (StringRef part : ArrayRef<StringRef>(parts).drop_back()) {
      int64_t dim;
      if (part == "?")
        shape.push_back(std::numeric_limits<int64_t>::min());
      else if (!part.getAsInteger(10, dim))
        shape.push_back(dim);
    }
    parseIntsAfter(text, "strides=[", ']', ',', strides);
    writeIntList(out, shape, 8);
    writeIntList(out, strides, 8);
    return writePointerClass();
  }
  bool partition = name == "cuda_tile.partition_view";
  bool strided = name == "cuda_tile.strided_view";
  bool gather = name == "cuda_tile.gather_scatter_view";
  if ((partition || strided || gather) && !subs.empty()) {
    if (!unified && !partition)
      return emitError(loc) << text << " needs bytecode version 13.3";
    SmallVector<int64_t> tileShape, traversal, dimMap, sparse;
    parseIntsAfter(text, "tile=(", ')', 'x', tileShape);
    int padding = paddingOf(text);
    out.writeVarInt(static_cast<uint64_t>(
        partition ? TypeTag::PartitionView
                  : strided ? TypeTag::StridedView : TypeTag::GatherScatterView));
    if (unified)
      out.writeVarInt(padding >= 0 ? 1 : 0);
    writeIntList(out, tileShape, 4);
    if (strided) {
      parseIntsAfter(text, "traversal_strides=[", ']', ',', traversal);
      writeIntList(out, traversal, 4);
    }
    out.writeVarInt(index(subs.back()));
    if (gather) {
      parseIntsAfter(text, "sparse_dim=", '>', ',', sparse);
      out.writeVarInt(sparse.empty() ? 0 : sparse.front());
    } else {
      if (!parseIntsAfter(text, "dim_map=[", ']', ',', dimMap))
        for (size_t i = 0; i < tileShape.size(); ++i)
          dimMap.push_back(i);
      writeIntList(out, dimMap, 4);
    }
    if (unified) {
      if (padding >= 0)
        out.writeByte(padding);
    } else {
      out.writeByte(padding >= 0);
      if (padding >= 0)
        out.writeVarInt(padding);
    }
    return success();
  }
  return emitError(loc) << "unsupported type in bytecode writer: " << text;
}
