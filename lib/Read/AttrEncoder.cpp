//===- AttrEncoder.cpp - attributes of ops and function headers -----------===//
#include "Format.h"
#include "WriterState.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace tilechain::bytecode;

static StringRef dialectAttrName(Attribute attr) {
  return attr.getAbstractAttribute().getName();
}

/// The dictionary inside `#cuda_tile.optimization_hints<...>`.
static DictionaryAttr hintsDictionary(Attribute hints) {
  DictionaryAttr dict;
  hints.walkImmediateSubElements(
      [&](Attribute sub) {
        if (auto found = dyn_cast<DictionaryAttr>(sub))
          dict = found;
      },
      [](Type) {});
  return dict ? dict : DictionaryAttr::get(hints.getContext());
}

static void writeFloat(FloatAttr attr, ByteWriter &out) {
  APInt bits = attr.getValue().bitcastToAPInt();
  if (bits.getBitWidth() <= 8)
    out.writeByte(static_cast<uint8_t>(bits.getZExtValue()));
  else
    out.writeSignedVarInt(static_cast<int64_t>(bits.getZExtValue()));
}

static LogicalResult writeDictionary(WriterState &state, DictionaryAttr dict,
                                     ByteWriter &out, Location loc) {
  out.writeVarInt(dict.size());
  for (NamedAttribute entry : dict) {
    out.writeVarInt(state.stringIndex(entry.getName().getValue()));
    if (failed(encodeTaggedAttr(state, entry.getValue(), out, loc)))
      return failure();
  }
  return success();
}

/// div_by, bounded and same_elements, whose parameters are plain integers
/// reachable only through their textual syntax.
static LogicalResult writeAssumption(Attribute attr, ByteWriter &out,
                                     Location loc) {
  std::string text = printed(attr);
  StringRef name = dialectAttrName(attr);
  StringRef body = StringRef(text).drop_until([](char c) { return c == '<'; })
                       .drop_front()
                       .drop_back();
  auto integer = [](StringRef word, int64_t &value) {
    return !word.trim().getAsInteger(10, value);
  };
  if (name == "cuda_tile.div_by") {
    auto [divisorText, rest] = body.split(',');
    uint64_t divisor;
    if (divisorText.trim().getAsInteger(10, divisor))
      return emitError(loc) << "cannot encode " << text;
    int64_t every = 0, along = 0;
    size_t everyAt = rest.find("every"), alongAt = rest.find("along");
    bool hasEvery = everyAt != StringRef::npos &&
                    integer(rest.drop_front(everyAt + 5).take_until(
                                [](char c) { return c == 'a' || c == '>'; }),
                            every);
    bool hasAlong = alongAt != StringRef::npos &&
                    integer(rest.drop_front(alongAt + 5), along);
    out.writeVarInt(divisor);
    out.writeByte((hasEvery ? 1 : 0) | (hasAlong ? 2 : 0));
    if (hasEvery)
      out.writeSignedVarInt(every);
    if (hasAlong)
      out.writeSignedVarInt(along);
    return success();
  }
  if (name == "cuda_tile.bounded") {
    auto [lbText, ubText] = body.split(',');
    int64_t lb = 0, ub = 0;
    bool hasLb = integer(lbText, lb), hasUb = integer(ubText, ub);
    out.writeByte((hasLb ? 1 : 0) | (hasUb ? 2 : 0));
    if (hasLb)
      out.writeSignedVarInt(lb);
    if (hasUb)
      out.writeSignedVarInt(ub);
    return success();
  }
  if (name == "cuda_tile.same_elements") {
    SmallVector<int64_t> values;
    parseIntsAfter(text, "[", ']', ',', values);
    out.writeVarInt(values.size());
    for (int64_t value : values)
      out.writeLE(static_cast<uint64_t>(value), 8);
    return success();
  }
  return emitError(loc) << "unsupported attribute in bytecode writer: " << text;
}

LogicalResult tilechain::bytecode::encodeTaggedAttr(WriterState &state,
                                                    Attribute attr,
                                                    ByteWriter &out,
                                                    Location loc) {
  auto tag = [&](AttrTag t) { out.writeVarInt(static_cast<uint64_t>(t)); };
  if (auto typeAttr = dyn_cast<TypeAttr>(attr)) {
    tag(AttrTag::Type);
    FailureOr<uint64_t> index = state.typeIndex(typeAttr.getValue(), loc);
    if (failed(index))
      return failure();
    out.writeVarInt(*index);
    return success();
  }
  if (auto str = dyn_cast<StringAttr>(attr)) {
    tag(AttrTag::String);
    out.writeVarInt(state.stringIndex(str.getValue()));
    return success();
  }
  // Booleans are integers of type i1 here, as in NVIDIA's writer.
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    tag(AttrTag::Integer);
    FailureOr<uint64_t> index = state.typeIndex(integer.getType(), loc);
    if (failed(index))
      return failure();
    out.writeVarInt(*index);
    out.writeVarInt(integer.getValue().getZExtValue());
    return success();
  }
  if (auto floating = dyn_cast<FloatAttr>(attr)) {
    tag(AttrTag::Float);
    FailureOr<uint64_t> index = state.typeIndex(floating.getType(), loc);
    if (failed(index))
      return failure();
    out.writeVarInt(*index);
    writeFloat(floating, out);
    return success();
  }
  if (auto dense = dyn_cast<DenseIntOrFPElementsAttr>(attr)) {
    tag(AttrTag::DenseElements);
    FailureOr<uint64_t> index = state.typeIndex(dense.getType(), loc);
    if (failed(index))
      return failure();
    out.writeVarInt(*index);
    out.writeVarInt(state.constantIndex(dense));
    return success();
  }
  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    tag(AttrTag::Array);
    out.writeVarInt(array.size());
    for (Attribute element : array)
      if (failed(encodeTaggedAttr(state, element, out, loc)))
        return failure();
    return success();
  }
  if (auto dict = dyn_cast<DictionaryAttr>(attr)) {
    tag(AttrTag::Dictionary);
    return writeDictionary(state, dict, out, loc);
  }
  StringRef name = dialectAttrName(attr);
  if (name == "cuda_tile.optimization_hints") {
    tag(AttrTag::OptimizationHints);
    return writeDictionary(state, hintsDictionary(attr), out, loc);
  }
  if (name == "cuda_tile.div_by")
    tag(AttrTag::DivBy);
  else if (name == "cuda_tile.same_elements")
    tag(AttrTag::SameElements);
  else if (name == "cuda_tile.bounded")
    tag(AttrTag::Bounded);
  else
    return emitError(loc) << "unsupported attribute in bytecode writer: " << attr;
  return writeAssumption(attr, out, loc);
}

/// The case value of an enum attribute `#cuda_tile.<mnemonic><symbol>`.
static FailureOr<uint64_t> enumValue(const AttrSpec &spec, Attribute attr,
                                     Location loc) {
  if (auto integer = dyn_cast<IntegerAttr>(attr))
    return integer.getValue().getZExtValue();
  std::string text = printed(attr);
  StringRef symbol = StringRef(text).rsplit('<').second.rsplit('>').first.trim();
  for (const EnumCase &enumCase : enumSpecs()[spec.detail].cases)
    if (symbol == enumCase.symbol)
      return static_cast<uint64_t>(enumCase.value);
  return emitError(loc) << "cannot encode enum attribute " << text;
}

LogicalResult tilechain::bytecode::encodeOpAttr(WriterState &state,
                                                const AttrSpec &spec,
                                                Attribute attr,
                                                bool opHasResults,
                                                ByteWriter &out, Location loc) {
  auto fail = [&]() -> LogicalResult {
    return emitError(loc) << "attribute '" << spec.name
                          << "' does not have the expected kind: " << attr;
  };
  switch (spec.kind) {
  case AttrKind::Unit:
    return success();
  case AttrKind::Bool:
  case AttrKind::Integer:
    if (auto integer = dyn_cast<IntegerAttr>(attr)) {
      out.writeVarInt(integer.getValue().getZExtValue());
      return success();
    }
    return fail();
  case AttrKind::Float:
    if (auto floating = dyn_cast<FloatAttr>(attr)) {
      FailureOr<uint64_t> index = state.typeIndex(floating.getType(), loc);
      if (failed(index))
        return failure();
      out.writeVarInt(*index);
      writeFloat(floating, out);
      return success();
    }
    return fail();
  case AttrKind::Type:
    if (auto typeAttr = dyn_cast<TypeAttr>(attr)) {
      FailureOr<uint64_t> index = state.typeIndex(typeAttr.getValue(), loc);
      if (failed(index))
        return failure();
      out.writeVarInt(*index);
      return success();
    }
    return fail();
  case AttrKind::String:
  case AttrKind::SymbolRef:
    if (auto str = dyn_cast<StringAttr>(attr)) {
      out.writeVarInt(state.stringIndex(str.getValue()));
      return success();
    }
    if (auto ref = dyn_cast<SymbolRefAttr>(attr)) {
      out.writeVarInt(state.stringIndex(ref.getRootReference().getValue()));
      return success();
    }
    return fail();
  case AttrKind::DenseI32Array:
    if (auto array = dyn_cast<DenseI32ArrayAttr>(attr)) {
      out.writeVarInt(array.size());
      for (int32_t value : array.asArrayRef())
        out.writeLE(static_cast<uint32_t>(value), 4);
      return success();
    }
    return fail();
  case AttrKind::DenseI64Array:
    if (auto array = dyn_cast<DenseI64ArrayAttr>(attr)) {
      out.writeVarInt(array.size());
      for (int64_t value : array.asArrayRef())
        out.writeLE(static_cast<uint64_t>(value), 8);
      return success();
    }
    return fail();
  case AttrKind::DenseBoolArray:
    if (auto array = dyn_cast<DenseBoolArrayAttr>(attr)) {
      out.writeVarInt(array.size());
      for (bool value : array.asArrayRef())
        out.writeByte(value);
      return success();
    }
    return fail();
  case AttrKind::DenseElements:
    if (auto dense = dyn_cast<DenseIntOrFPElementsAttr>(attr)) {
      if (!opHasResults) {
        FailureOr<uint64_t> index = state.typeIndex(dense.getType(), loc);
        if (failed(index))
          return failure();
        out.writeVarInt(*index);
      }
      out.writeVarInt(state.constantIndex(dense));
      return success();
    }
    return fail();
  case AttrKind::Enum: {
    FailureOr<uint64_t> value = enumValue(spec, attr, loc);
    if (failed(value))
      return failure();
    out.writeVarInt(*value);
    return success();
  }
  case AttrKind::Array:
    if (auto array = dyn_cast<ArrayAttr>(attr)) {
      out.writeVarInt(array.size());
      for (Attribute element : array)
        if (failed(encodeTaggedAttr(state, element, out, loc)))
          return failure();
      return success();
    }
    return fail();
  case AttrKind::Dictionary:
    if (auto dict = dyn_cast<DictionaryAttr>(attr))
      return writeDictionary(state, dict, out, loc);
    return fail();
  case AttrKind::OptimizationHints:
    return writeDictionary(state, hintsDictionary(attr), out, loc);
  case AttrKind::Tagged:
    return encodeTaggedAttr(state, attr, out, loc);
  case AttrKind::DivBy:
  case AttrKind::SameElements:
  case AttrKind::Bounded:
    return writeAssumption(attr, out, loc);
  }
  return fail();
}
