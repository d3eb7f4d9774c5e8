//===- AttrDecoder.cpp - attributes of ops and function headers -----------===//
#include "Format.h"
#include "ReaderState.h"

#include "tilechain/Read/OpTable.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace tilechain::bytecode;

/// An unsigned varint that must fit `width` bits (i1 is a single byte).
static Attribute readInteger(ReaderState &state, ByteReader &reader,
                             IntegerType type) {
  unsigned width = type.getWidth();
  if (width == 1) {
    uint8_t byte;
    if (!reader.readByte(byte)) {
      emitReadError(state.ctx, reader) << "failed to read byte for inline bool (i1)";
      return {};
    }
    return BoolAttr::get(state.ctx, byte != 0);
  }
  uint64_t value;
  if (!reader.readVarInt(value)) {
    emitReadError(state.ctx, reader)
        << "failed to read VarInt for inline integer (width=" << width << ")";
    return {};
  }
  if (width > 64 || !llvm::isUIntN(width, value)) {
    emitReadError(state.ctx, reader)
        << "value " << value << " does not fit in " << width << " bits";
    return {};
  }
  return IntegerAttr::get(type, APInt(width, value));
}

/// Bit pattern of a float: one byte up to 8 bits, else a zigzag varint.
static Attribute readFloat(ReaderState &state, ByteReader &reader,
                           FloatType type) {
  unsigned width = type.getWidth();
  uint64_t bits;
  if (width <= 8) {
    uint8_t byte;
    if (!reader.readByte(byte)) {
      emitReadError(state.ctx, reader) << "failed to read byte for APInt (<= 8 bits).";
      return {};
    }
    bits = byte;
  } else {
    int64_t value;
    if (width > 64 || !reader.readSignedVarInt(value)) {
      emitReadError(state.ctx, reader)
          << "failed to read signed varint for APInt (<= 64 bits).";
      return {};
    }
    bits = static_cast<uint64_t>(value);
  }
  if (!llvm::isUIntN(width, bits)) {
    emitReadError(state.ctx, reader)
        << "value " << bits << " does not fit in " << width << " bits";
    return {};
  }
  return FloatAttr::get(type, APFloat(type.getFloatSemantics(), APInt(width, bits)));
}

template <typename T>
static bool readArray(ReaderState &state, ByteReader &reader, unsigned width,
                      SmallVectorImpl<T> &values) {
  uint64_t count;
  if (!reader.readVarInt(count) || count > reader.remaining() / width) {
    emitReadError(state.ctx, reader) << "failed to read array size";
    return false;
  }
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t raw = 0;
    for (unsigned b = 0; b < width; ++b) {
      uint8_t byte;
      reader.readByte(byte);
      raw |= static_cast<uint64_t>(byte) << (8 * b);
    }
    values.push_back(static_cast<T>(llvm::SignExtend64(raw, 8 * width)));
  }
  return true;
}

/// The reference reader rejects the two extreme values in index arrays.
template <typename T>
static bool checkArrayValues(ReaderState &state, ByteReader &reader,
                             ArrayRef<T> values) {
  for (T value : values)
    if (value == std::numeric_limits<T>::max() ||
        value == std::numeric_limits<T>::min()) {
      emitReadError(state.ctx, reader)
          << "array contains unsupported value " << static_cast<int64_t>(value);
      return false;
    }
  return true;
}

static Attribute readDenseElements(ReaderState &state, ByteReader &reader,
                                   Type type) {
  uint64_t index;
  if (!reader.readVarInt(index)) {
    emitReadError(state.ctx, reader) << "failed to read constant index";
    return {};
  }
  ArrayRef<uint8_t> record;
  if (failed(state.getConstant(reader, index, record)))
    return {};
  auto shaped = dyn_cast_or_null<ShapedType>(type);
  if (!shaped || !shaped.getElementType().isIntOrFloat()) {
    emitReadError(state.ctx, reader)
        << "expect Cuda Tile integer or float type but got: " << type;
    return {};
  }
  ByteReader data(record);
  uint64_t size;
  ArrayRef<uint8_t> raw;
  if (!data.readVarInt(size) || !data.readBytes(size, raw)) {
    emitReadError(state.ctx, data) << "failed to read the raw byte data";
    return {};
  }
  ArrayRef<char> chars(reinterpret_cast<const char *>(raw.data()), raw.size());
  bool splat = false;
  if (!DenseElementsAttr::isValidRawBuffer(shaped, chars, splat)) {
    emitReadError(state.ctx, data) << "failed to validate buffer size and format";
    return {};
  }
  return DenseElementsAttr::getFromRawBuffer(shaped, chars);
}

static Attribute readEnum(ReaderState &state, ByteReader &reader, int enumIndex) {
  uint64_t value;
  if (!reader.readVarInt(value)) {
    emitReadError(state.ctx, reader) << "failed to read VarInt for enum attribute.";
    return {};
  }
  auto key = std::make_pair(enumIndex, value);
  if (Attribute cached = state.enumCache.lookup(key))
    return cached;
  const EnumSpec &spec = enumSpecs()[enumIndex];
  for (const EnumCase &enumCase : spec.cases)
    if (enumCase.value == value) {
      if (spec.bitWidth) {
        Attribute attr = IntegerAttr::get(
            IntegerType::get(state.ctx, spec.bitWidth), APInt(spec.bitWidth, value));
        state.enumCache[key] = attr;
        return attr;
      }
      std::string text = std::string("#cuda_tile.") + spec.attrMnemonic + "<" +
                         enumCase.symbol + ">";
      Attribute attr = parseAttribute(text, state.ctx);
      state.enumCache[key] = attr;
      return attr;
    }
  emitReadError(state.ctx, reader) << "invalid integer value for enum type: " << value;
  return {};
}

static Attribute readDictionary(ReaderState &state, ByteReader &reader) {
  uint64_t count;
  if (!reader.readVarInt(count) || count > reader.remaining()) {
    emitReadError(state.ctx, reader) << "failed to read size for DictionaryAttr";
    return {};
  }
  NamedAttrList entries;
  for (uint64_t i = 0; i < count; ++i) {
    StringRef key;
    if (failed(state.readString(reader, key)))
      return {};
    if (key.empty()) {
      emitReadError(state.ctx, reader)
          << "invalid empty attribute name for DictionaryAttr element " << i;
      return {};
    }
    Attribute value = decodeTaggedAttr(state, reader);
    if (!value)
      return {};
    if (entries.get(key)) {
      emitReadError(state.ctx, reader)
          << "failed to parse DictionaryAttr, duplicate key found: " << key;
      return {};
    }
    entries.append(key, value);
  }
  return entries.getDictionary(state.ctx);
}

static Attribute readArrayAttr(ReaderState &state, ByteReader &reader) {
  uint64_t count;
  if (!reader.readVarInt(count) || count > reader.remaining()) {
    emitReadError(state.ctx, reader) << "failed to read size for ArrayAttr.";
    return {};
  }
  SmallVector<Attribute> elements;
  for (uint64_t i = 0; i < count; ++i) {
    Attribute element = decodeTaggedAttr(state, reader);
    if (!element)
      return {};
    elements.push_back(element);
  }
  return ArrayAttr::get(state.ctx, elements);
}

Attribute tilechain::bytecode::decodeAttrPayload(ReaderState &state,
                                                 ByteReader &reader,
                                                 AttrKind kind, int detail,
                                                 Type knownType) {
  ReaderState::DepthGuard guard(state);
  if (!guard.ok) {
    emitReadError(state.ctx, reader) << "attributes nested too deeply";
    return {};
  }
  switch (kind) {
  case AttrKind::Unit:
    return UnitAttr::get(state.ctx);
  case AttrKind::Bool:
    return readInteger(state, reader, IntegerType::get(state.ctx, 1));
  case AttrKind::Integer:
    return readInteger(state, reader, IntegerType::get(state.ctx, detail));
  case AttrKind::Float: {
    Type type = knownType ? knownType : state.readType(reader);
    if (auto floatType = dyn_cast_or_null<FloatType>(type))
      return readFloat(state, reader, floatType);
    if (type)
      emitReadError(state.ctx, reader) << "failed to read valid FloatType for FloatAttr";
    return {};
  }
  case AttrKind::Type:
    if (Type type = state.readType(reader))
      return TypeAttr::get(type);
    return {};
  case AttrKind::String:
  case AttrKind::SymbolRef: {
    StringRef text;
    if (failed(state.readString(reader, text)))
      return {};
    if (kind == AttrKind::SymbolRef)
      return FlatSymbolRefAttr::get(state.ctx, text);
    return StringAttr::get(state.ctx, text);
  }
  case AttrKind::DenseI32Array: {
    SmallVector<int32_t> values;
    if (!readArray(state, reader, 4, values) ||
        !checkArrayValues<int32_t>(state, reader, values))
      return {};
    return DenseI32ArrayAttr::get(state.ctx, values);
  }
  case AttrKind::DenseI64Array: {
    SmallVector<int64_t> values;
    if (!readArray(state, reader, 8, values) ||
        !checkArrayValues<int64_t>(state, reader, values))
      return {};
    return DenseI64ArrayAttr::get(state.ctx, values);
  }
  case AttrKind::DenseBoolArray: {
    SmallVector<int8_t> bytes;
    if (!readArray(state, reader, 1, bytes))
      return {};
    SmallVector<bool> values(bytes.begin(), bytes.end());
    return DenseBoolArrayAttr::get(state.ctx, values);
  }
  case AttrKind::DenseElements: {
    Type type = knownType ? knownType : state.readType(reader);
    return type ? readDenseElements(state, reader, type) : Attribute();
  }
  case AttrKind::Enum:
    return readEnum(state, reader, detail);
  case AttrKind::Array:
    return readArrayAttr(state, reader);
  case AttrKind::Dictionary:
    return readDictionary(state, reader);
  case AttrKind::Tagged:
    return decodeTaggedAttr(state, reader);
  case AttrKind::OptimizationHints:
  case AttrKind::DivBy:
  case AttrKind::SameElements:
  case AttrKind::Bounded:
    return decodeDialectAttr(state, reader, kind);
  }
  return {};
}

Attribute tilechain::bytecode::decodeOpAttr(ReaderState &state,
                                            ByteReader &reader,
                                            const AttrSpec &spec,
                                            Type resultType) {
  Type knownType = spec.kind == AttrKind::DenseElements ? resultType : Type();
  Attribute attr = decodeAttrPayload(state, reader, spec.kind, spec.detail, knownType);
  if (!attr)
    emitReadError(state.ctx, reader)
        << "failed to parse attribute '" << spec.name << "'";
  return attr;
}

Attribute tilechain::bytecode::decodeTaggedAttr(ReaderState &state,
                                                ByteReader &reader) {
  uint64_t tag;
  if (!reader.readVarInt(tag)) {
    emitReadError(state.ctx, reader)
        << "failed to read AttributeTag for self-contained attribute.";
    return {};
  }
  switch (static_cast<AttrTag>(tag)) {
  case AttrTag::Integer: {
    Type type = state.readType(reader);
    if (auto intType = dyn_cast_or_null<IntegerType>(type))
      return readInteger(state, reader, intType);
    if (type)
      emitReadError(state.ctx, reader) << "failed to read valid IntegerType for IntegerAttr";
    return {};
  }
  case AttrTag::Float:
    return decodeAttrPayload(state, reader, AttrKind::Float, 0, {});
  case AttrTag::Bool:
    return decodeAttrPayload(state, reader, AttrKind::Bool, 0, {});
  case AttrTag::Type:
    return decodeAttrPayload(state, reader, AttrKind::Type, 0, {});
  case AttrTag::String:
    return decodeAttrPayload(state, reader, AttrKind::String, 0, {});
  case AttrTag::Array:
    return decodeAttrPayload(state, reader, AttrKind::Array, 0, {});
  case AttrTag::DenseElements:
    return decodeAttrPayload(state, reader, AttrKind::DenseElements, 0, {});
  case AttrTag::DivBy:
    return decodeAttrPayload(state, reader, AttrKind::DivBy, 0, {});
  case AttrTag::SameElements:
    return decodeAttrPayload(state, reader, AttrKind::SameElements, 0, {});
  case AttrTag::Dictionary:
    return decodeAttrPayload(state, reader, AttrKind::Dictionary, 0, {});
  case AttrTag::OptimizationHints:
    return decodeAttrPayload(state, reader, AttrKind::OptimizationHints, 0, {});
  case AttrTag::Bounded:
    return decodeAttrPayload(state, reader, AttrKind::Bounded, 0, {});
  }
  emitReadError(state.ctx, reader)
      << "unsupported AttributeTag " << tag << " for self-contained attribute";
  return {};
}
