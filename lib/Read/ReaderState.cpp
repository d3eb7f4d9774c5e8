//===- ReaderState.cpp - tables shared by the Tile IR bytecode reader -----===//
#include "ReaderState.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace tilechain::bytecode;

InFlightDiagnostic tilechain::bytecode::emitReadError(MLIRContext *ctx,
                                                      const ByteReader &reader) {
  return emitError(UnknownLoc::get(ctx))
         << "error at offset " << reader.offset() << ": ";
}

bool RecordTable::get(uint64_t index, ArrayRef<uint8_t> &out) const {
  if (index >= offsets.size())
    return false;
  uint64_t begin = offsets[index];
  uint64_t end = index + 1 < offsets.size() ? offsets[index + 1] : data.size();
  if (begin > end || end > data.size())
    return false;
  out = data.slice(begin, end - begin);
  return true;
}

LogicalResult ReaderState::getString(const ByteReader &at, uint64_t index,
                                     StringRef &out) {
  ArrayRef<uint8_t> bytes;
  if (!strings.get(index, bytes))
    return emitReadError(ctx, at) << "string index " << index << " out of bounds";
  out = StringRef(reinterpret_cast<const char *>(bytes.data()), bytes.size());
  return success();
}

LogicalResult ReaderState::readString(ByteReader &reader, StringRef &out) {
  uint64_t index;
  if (!reader.readVarInt(index))
    return emitReadError(ctx, reader) << "failed to read string index";
  return getString(reader, index, out);
}

Type ReaderState::getType(const ByteReader &at, uint64_t index) {
  if (index >= types.size()) {
    emitReadError(ctx, at) << "type index " << index << " out of bounds";
    return {};
  }
  if (typeCache.size() != types.size())
    typeCache.resize(types.size());
  if (typeCache[index])
    return typeCache[index];
  if (!typesInProgress.insert(index).second) {
    emitReadError(ctx, at) << "type " << index << " refers to itself";
    return {};
  }
  DepthGuard guard(*this);
  Type type;
  ArrayRef<uint8_t> bytes;
  if (!guard.ok)
    emitReadError(ctx, at) << "types nested too deeply";
  else if (!types.get(index, bytes))
    emitReadError(ctx, at) << "invalid offset of type " << index;
  else {
    ByteReader record(bytes);
    type = decodeTypeRecord(*this, record);
    if (!type)
      emitReadError(ctx, at) << "failed to parse type " << index;
  }
  typesInProgress.erase(index);
  if (type)
    typeCache[index] = type;
  return type;
}

Type ReaderState::readType(ByteReader &reader) {
  uint64_t index;
  if (!reader.readVarInt(index)) {
    emitReadError(ctx, reader) << "failed to read type index";
    return {};
  }
  return getType(reader, index);
}

LogicalResult ReaderState::getConstant(const ByteReader &at, uint64_t index,
                                       ArrayRef<uint8_t> &out) {
  if (!constants.get(index, out))
    return emitReadError(ctx, at) << "constant index " << index << " out of bounds";
  return success();
}

Attribute ReaderState::getDebugAttr(uint64_t index) {
  if (index == 0)
    return UnknownLoc::get(ctx);
  uint64_t slot = index - 1;
  if (slot >= debugRecords.size()) {
    emitError(UnknownLoc::get(ctx))
        << "debug info index " << index << " out of bounds";
    return {};
  }
  if (debugCache.size() != debugRecords.size())
    debugCache.resize(debugRecords.size());
  if (debugCache[slot])
    return debugCache[slot];
  if (!debugInProgress.insert(slot).second) {
    emitError(UnknownLoc::get(ctx))
        << "debug info record " << index << " refers to itself";
    return {};
  }
  DepthGuard guard(debugDepth, kMaxDebugNesting);
  Attribute attr;
  if (!guard.ok)
    emitError(UnknownLoc::get(ctx)) << "debug info nested too deeply";
  else
    attr = decodeDebugRecord(*this, index);
  debugInProgress.erase(slot);
  if (attr)
    debugCache[slot] = attr;
  return attr;
}
