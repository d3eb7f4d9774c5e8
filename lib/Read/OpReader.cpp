//===- OpReader.cpp - the generic op decoder ------------------------------===//
//
// Every op is: opcode, [result count], result types, [flags], attributes,
// operands, [regions] -- see docs/bytecode-format.md.
//
//===----------------------------------------------------------------------===//
#include "OpReader.h"

#include "tilechain/Read/OpTable.h"
#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/OpDefinition.h"

using namespace mlir;
using namespace tilechain::bytecode;

LocationAttr LocationStream::next() {
  if (functionIndex == 0)
    return UnknownLoc::get(state.ctx);
  uint64_t slot = functionIndex - 1;
  if (slot >= state.debugOffsets.size() ||
      state.debugOffsets[slot] + consumed >= state.debugIndices.size())
    return {};
  uint64_t index = state.debugIndices[state.debugOffsets[slot] + consumed++];
  return dyn_cast_or_null<LocationAttr>(state.getDebugAttr(index));
}

LogicalResult OpReader::readFunctionBody(ByteReader &body, Block &block) {
  values.assign(block.args_begin(), block.args_end());
  builder.setInsertionPointToEnd(&block);
  while (!body.atEnd())
    if (failed(readOp(body)))
      return failure();
  return success();
}

LogicalResult OpReader::readValues(ByteReader &reader, uint64_t count,
                                   SmallVectorImpl<Value> &out) {
  if (count > reader.remaining())
    return emitReadError(state.ctx, reader) << "operand count " << count
                                            << " exceeds the remaining data";
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t index;
    if (!reader.readVarInt(index))
      return emitReadError(state.ctx, reader) << "failed to read operand index " << i;
    if (index >= values.size())
      return emitReadError(state.ctx, reader)
             << "operand index " << index << " out of bounds (size="
             << values.size() << ") for operand " << i;
    out.push_back(values[index]);
  }
  return success();
}

static bool present(PackedVersion since, PackedVersion version) {
  return since <= version;
}

LogicalResult OpReader::readOp(ByteReader &reader) {
  PackedVersion version = state.version.packed();
  uint64_t opcode;
  if (!reader.readVarInt(opcode))
    return emitReadError(state.ctx, reader) << "failed to read operation opcode.";
  LocationAttr loc = locations.next();
  if (!loc)
    return emitReadError(state.ctx, reader) << "failed to read operation location.";
  const OpSpec *spec = lookupOpcode(opcode);
  if (!spec)
    return emitReadError(state.ctx, reader)
           << "unknown or unimplemented opcode: " << opcode;
  if (!present(spec->since, version))
    return emitReadError(state.ctx, reader)
           << "'" << spec->name << "' is not part of bytecode version "
           << state.version.str();

  OperationState op(loc, spec->name);

  // Results.
  uint64_t numResults = 0;
  if (spec->countResults) {
    if (!reader.readVarInt(numResults) || numResults > reader.remaining())
      return emitReadError(state.ctx, reader)
             << "failed to read number of result types for " << spec->name;
  } else {
    for (const ArgSpec &result : spec->results)
      numResults += present(result.since, version);
  }
  for (uint64_t i = 0; i < numResults; ++i) {
    Type type = state.readType(reader);
    if (!type)
      return emitReadError(state.ctx, reader)
             << "failed to get result type " << i << " for " << spec->name;
    op.types.push_back(type);
  }
  // Token results that this version lacks (13.1 `print`) are created fresh;
  // they take no value number.
  SmallVector<bool> numbered(op.types.size(), true);
  if (llvm::any_of(spec->results, [&](const ArgSpec &result) {
        return !present(result.since, version);
      })) {
    SmallVector<Type> read(op.types.begin(), op.types.end());
    op.types.clear();
    numbered.clear();
    size_t next = 0;
    for (const ArgSpec &result : spec->results) {
      if (present(result.since, version)) {
        if (next < read.size()) {
          op.types.push_back(read[next++]);
          numbered.push_back(true);
        }
      } else if (result.isToken) {
        op.types.push_back(parseType("!cuda_tile.token", state.ctx));
        numbered.push_back(false);
      }
    }
    op.types.append(read.begin() + next, read.end());
    numbered.resize(op.types.size(), true);
  }

  // Presence flags: optional attributes, then (with segment sizes) optional
  // operands, counting only what this version has.
  bool hasFlags = false;
  for (const AttrSpec &attr : spec->attrs)
    hasFlags |= attr.optional && present(attr.since, version);
  if (spec->attrSizedOperands)
    for (const ArgSpec &operand : spec->operands)
      hasFlags |= operand.arity == ArgArity::Optional &&
                  present(operand.since, version);
  uint64_t flags = 0;
  if (hasFlags && !reader.readVarInt(flags))
    return emitReadError(state.ctx, reader) << "failed to read flags field";
  unsigned bit = 0;
  auto takeBit = [&] { return bit < 64 && (flags >> bit++) & 1; };

  // Attributes.
  Type firstResult = op.types.empty() ? Type() : op.types.front();
  for (const AttrSpec &attr : spec->attrs) {
    if (!present(attr.since, version) || (attr.optional && !takeBit()))
      continue;
    Attribute value = attr.kind == AttrKind::Unit
                          ? UnitAttr::get(state.ctx)
                          : decodeOpAttr(state, reader, attr, firstResult);
    if (!value)
      return failure();
    if (attr.alwaysEncoded)
      if (auto flags = dyn_cast<DenseBoolArrayAttr>(value))
        if (llvm::none_of(flags.asArrayRef(), [](bool b) { return b; }))
          continue;
    op.addAttribute(attr.name, value);
  }

  // Operands.
  if (spec->attrSizedOperands) {
    SmallVector<int32_t> segments;
    for (const ArgSpec &operand : spec->operands) {
      uint64_t count = 0;
      if (present(operand.since, version)) {
        if (operand.arity == ArgArity::Optional)
          count = takeBit();
        else if (operand.arity == ArgArity::Single)
          count = 1;
        else if (!reader.readVarInt(count) || count > INT32_MAX)
          return emitReadError(state.ctx, reader)
                 << "failed to read actual size for variadic ODS segment '"
                 << operand.name << "' of op '" << spec->name << "'";
      }
      segments.push_back(static_cast<int32_t>(count));
      if (failed(readValues(reader, count, op.operands)))
        return failure();
    }
    op.addAttribute("operandSegmentSizes",
                    DenseI32ArrayAttr::get(state.ctx, segments));
  } else {
    bool variable = false;
    uint64_t count = 0;
    for (const ArgSpec &operand : spec->operands) {
      if (!present(operand.since, version))
        continue;
      variable |= operand.arity != ArgArity::Single;
      ++count;
    }
    if (variable && !reader.readVarInt(count))
      return emitReadError(state.ctx, reader) << "failed to read operand count";
    if (failed(readValues(reader, count, op.operands)))
      return failure();
  }

  // Regions.
  if (spec->numRegions) {
    uint64_t numRegions;
    if (!reader.readVarInt(numRegions))
      return emitReadError(state.ctx, reader)
             << "failed to read number of regions to parse.";
    if (numRegions != spec->numRegions)
      return emitReadError(state.ctx, reader)
             << spec->name << " op expected "
             << static_cast<unsigned>(spec->numRegions) << " regions, got "
             << numRegions;
    ReaderState::DepthGuard guard(state);
    if (!guard.ok)
      return emitReadError(state.ctx, reader) << "regions nested too deeply";
    for (uint64_t i = 0; i < numRegions; ++i) {
      Region *region = op.addRegion();
      if (failed(readRegion(reader, *region, loc)))
        return emitReadError(state.ctx, reader) << "failed to parse region " << i;
    }
  }

  Operation *created = builder.create(op);
  for (auto [result, hasNumber] : llvm::zip(created->getResults(), numbered))
    if (hasNumber)
      values.push_back(result);
  return success();
}

LogicalResult OpReader::readRegion(ByteReader &reader, Region &region,
                                   Location loc) {
  uint64_t numBlocks;
  if (!reader.readVarInt(numBlocks) || numBlocks > reader.remaining())
    return emitReadError(state.ctx, reader) << "failed to read region block count";
  for (uint64_t i = 0; i < numBlocks; ++i) {
    Block *block = new Block();
    region.push_back(block);
    if (failed(readBlock(reader, *block, loc)))
      return emitReadError(state.ctx, reader)
             << "failed to parse block " << i << " in region.";
  }
  return success();
}

LogicalResult OpReader::readBlock(ByteReader &reader, Block &block,
                                  Location loc) {
  size_t outerValues = values.size();
  uint64_t numArgs;
  if (!reader.readVarInt(numArgs) || numArgs > reader.remaining())
    return emitReadError(state.ctx, reader) << "failed to read block argument count.";
  for (uint64_t i = 0; i < numArgs; ++i) {
    Type type = state.readType(reader);
    if (!type)
      return emitReadError(state.ctx, reader)
             << "failed to read block argument type: " << i;
    values.push_back(block.addArgument(type, loc));
  }
  uint64_t numOps;
  if (!reader.readVarInt(numOps) || numOps > reader.remaining())
    return emitReadError(state.ctx, reader) << "failed to read block operation count.";
  OpBuilder::InsertionGuard insertion(builder);
  builder.setInsertionPointToEnd(&block);
  for (uint64_t i = 0; i < numOps; ++i)
    if (failed(readOp(reader)))
      return emitReadError(state.ctx, reader)
             << "failed to parse operation " << i << " in block.";
  if (block.empty())
    return emitReadError(state.ctx, reader)
           << "invalid block structure: block is expected to have a "
              "terminator operation, but it is empty";
  Operation &last = block.back();
  if (last.isRegistered() && !last.hasTrait<OpTrait::IsTerminator>())
    return emitReadError(state.ctx, reader)
           << "invalid block structure: block is expected to have a "
              "terminator operation, but the last operation '"
           << last.getName() << "' is not a terminator.";
  values.resize(outerValues);
  return success();
}
