//===- Writer.cpp - encode cuda_tile as Tile IR bytecode ------------------===//
//
// Layout, in NVIDIA's order: header, globals, functions, constants, debug
// info, types, strings, end marker. Each op is written by one generic routine
// that interprets the op table (docs/bytecode-format.md).
//
//===----------------------------------------------------------------------===//
#include "tilechain/Read/Writer.h"

#include "Format.h"
#include "WriterState.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace tilechain::bytecode;

//===----------------------------------------------------------------------===//
// Tables
//===----------------------------------------------------------------------===//

uint64_t WriterState::stringIndex(StringRef text) {
  auto [it, inserted] = stringIndices.try_emplace(text, strings.size());
  if (inserted)
    strings.push_back(text.str());
  return it->second;
}

FailureOr<uint64_t> WriterState::typeIndex(Type type, Location loc) {
  auto it = typeIndices.find(type);
  if (it != typeIndices.end())
    return it->second;
  SmallVector<Type> deps;
  if (failed(typeDependencies(type, deps)))
    return failure();
  for (Type dep : deps)
    if (failed(typeIndex(dep, loc)))
      return failure();
  // Registering the dependencies may have registered this type too.
  it = typeIndices.find(type);
  if (it != typeIndices.end())
    return it->second;
  uint64_t index = types.size();
  typeIndices[type] = index;
  types.push_back(type);
  return index;
}

uint64_t WriterState::constantIndex(Attribute dense) {
  auto it = constantIndices.find(dense);
  if (it != constantIndices.end())
    return it->second;
  ArrayRef<char> raw = cast<DenseElementsAttr>(dense).getRawData();
  ByteWriter record;
  record.writeVarInt(raw.size());
  record.writeBytes(StringRef(raw.data(), raw.size()));
  uint64_t index = constants.size();
  constantIndices[dense] = index;
  constants.emplace_back(record.buffer().begin(), record.buffer().end());
  return index;
}

uint64_t WriterState::debugIndex(Attribute attr) {
  if (!attr || isa<UnknownLoc, FileLineColLoc>(attr))
    return 0;
  auto it = debugIndices.find(attr);
  if (it != debugIndices.end())
    return it->second;
  SmallVector<Attribute> deps;
  debugDependencies(attr, deps);
  for (Attribute dep : deps)
    debugIndex(dep);
  it = debugIndices.find(attr);
  if (it != debugIndices.end())
    return it->second;
  uint64_t index = debugRecords.size() + 1;
  debugIndices[attr] = index;
  debugRecords.push_back(attr);
  return index;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

namespace {

class OpWriter {
public:
  OpWriter(WriterState &state, std::vector<uint64_t> *debug)
      : state(state), debug(debug) {}

  LogicalResult writeBody(FunctionOpInterface func, ByteWriter &out);

private:
  LogicalResult writeOp(Operation &op, ByteWriter &out);
  LogicalResult writeBlock(Block &block, ByteWriter &out);
  void define(Value value) {
    indices[value] = scope.size();
    scope.push_back(value);
  }
  void writeValues(ValueRange values, ByteWriter &out) {
    for (Value value : values)
      out.writeVarInt(indices.lookup(value));
  }

  WriterState &state;
  /// Debug records of the current function, or null when it has none.
  std::vector<uint64_t> *debug;
  llvm::DenseMap<Value, uint64_t> indices;
  std::vector<Value> scope;
};

} // namespace

LogicalResult OpWriter::writeBody(FunctionOpInterface func, ByteWriter &out) {
  Region &body = func->getRegion(0);
  if (body.empty())
    return func->emitError("function without a body cannot be encoded");
  for (BlockArgument arg : body.front().getArguments())
    define(arg);
  for (Operation &op : body.front())
    if (failed(writeOp(op, out)))
      return failure();
  return success();
}

LogicalResult OpWriter::writeBlock(Block &block, ByteWriter &out) {
  size_t outer = scope.size();
  out.writeVarInt(block.getNumArguments());
  for (BlockArgument arg : block.getArguments()) {
    FailureOr<uint64_t> index = state.typeIndex(arg.getType(), arg.getLoc());
    if (failed(index))
      return failure();
    out.writeVarInt(*index);
    define(arg);
  }
  out.writeVarInt(block.getOperations().size());
  for (Operation &op : block)
    if (failed(writeOp(op, out)))
      return failure();
  while (scope.size() > outer) {
    indices.erase(scope.back());
    scope.pop_back();
  }
  return success();
}

/// "13.3" for a packed version (major * 100 + minor).
static std::string versionString(PackedVersion version) {
  return std::to_string(version / 100) + "." + std::to_string(version % 100);
}

/// What an absent always-encoded flag array is written as: all false, one
/// entry per operand of the op's variadic group (the view index, for every op
/// that has such an array). NVIDIA's reader refuses an array of another size.
static DenseBoolArrayAttr allFalseFlags(Operation &op, const OpSpec &spec) {
  auto segments = op.getAttrOfType<DenseI32ArrayAttr>("operandSegmentSizes");
  size_t count = 0;
  for (auto [i, operand] : llvm::enumerate(spec.operands))
    if (operand.arity == ArgArity::Variadic && segments &&
        i < static_cast<size_t>(segments.size()))
      count = segments[i];
  return DenseBoolArrayAttr::get(op.getContext(), SmallVector<bool>(count));
}

LogicalResult OpWriter::writeOp(Operation &op, ByteWriter &out) {
  PackedVersion version = state.version.packed();
  const OpSpec *spec = lookupOpName(op.getName().getStringRef());
  if (!spec)
    return op.emitError("operation not supported in bytecode");
  if (spec->since > version)
    return op.emitError() << "operation '" << spec->name
                          << "' is not available in bytecode version "
                          << state.version.str();
  auto present = [&](PackedVersion since) { return since <= version; };
  // Arguments newer than the target version are left out of the encoding;
  // one that carries information must not be dropped silently.
  for (auto [i, result] : llvm::enumerate(op.getResults()))
    if (i < spec->results.size() && !present(spec->results[i].since) &&
        !result.use_empty())
      return op.emitError() << "result '" << spec->results[i].name
                            << "' requires bytecode version "
                            << versionString(spec->results[i].since)
                            << " but is being used and targeting "
                            << state.version.str();
  out.writeVarInt(spec->opcode);
  if (debug)
    debug->push_back(state.debugIndex(op.getLoc()));

  // Results: the ones this version has (all of them when counted).
  SmallVector<Type> resultTypes;
  SmallVector<Value> numberedResults;
  for (auto [i, result] : llvm::enumerate(op.getResults()))
    if (i >= spec->results.size() || present(spec->results[i].since)) {
      resultTypes.push_back(result.getType());
      numberedResults.push_back(result);
    }
  if (spec->countResults)
    out.writeVarInt(resultTypes.size());
  for (Type type : resultTypes) {
    FailureOr<uint64_t> index = state.typeIndex(type, op.getLoc());
    if (failed(index))
      return failure();
    out.writeVarInt(*index);
  }

  // Operand groups.
  SmallVector<ValueRange> groups;
  if (spec->attrSizedOperands) {
    auto sizes = dyn_cast_or_null<DenseI32ArrayAttr>(
        op.getAttr("operandSegmentSizes"));
    if (!sizes || sizes.size() != static_cast<int64_t>(spec->operands.size()))
      return op.emitError("missing operand segment sizes");
    unsigned start = 0;
    for (int32_t size : sizes.asArrayRef()) {
      groups.push_back(op.getOperands().slice(start, size));
      start += size;
    }
  }

  // Presence flags.
  uint64_t flags = 0;
  unsigned bit = 0;
  bool hasFlags = false;
  for (const AttrSpec &attr : spec->attrs) {
    if (!present(attr.since)) {
      if (op.getAttr(attr.name) &&
          (attr.optional || attr.kind == AttrKind::Unit))
        return op.emitError() << "optional attribute '" << attr.name
                              << "' is provided but requires bytecode version "
                              << versionString(attr.since) << ", targeting "
                              << state.version.str();
      continue;
    }
    if (!attr.optional)
      continue;
    hasFlags = true;
    if (op.getAttr(attr.name))
      flags |= 1ull << bit;
    ++bit;
  }
  if (spec->attrSizedOperands)
    for (auto [operand, group] : llvm::zip(spec->operands, groups)) {
      if (!present(operand.since)) {
        if (!group.empty())
          return op.emitError() << "optional operand '" << operand.name
                                << "' is provided but requires bytecode version "
                                << versionString(operand.since) << ", targeting "
                                << state.version.str();
        continue;
      }
      if (operand.arity != ArgArity::Optional)
        continue;
      hasFlags = true;
      if (!group.empty())
        flags |= 1ull << bit;
      ++bit;
    }
  if (hasFlags)
    out.writeVarInt(flags);

  // Attributes.
  for (const AttrSpec &attr : spec->attrs) {
    if (!present(attr.since) || attr.kind == AttrKind::Unit)
      continue;
    Attribute value = op.getAttr(attr.name);
    if (!value && attr.alwaysEncoded && attr.kind == AttrKind::DenseBoolArray)
      value = allFalseFlags(op, *spec);
    if (!value) {
      if (attr.optional)
        continue;
      return op.emitError() << "missing attribute '" << attr.name << "'";
    }
    if (failed(encodeOpAttr(state, attr, value, op.getNumResults() > 0, out,
                            op.getLoc())))
      return failure();
  }

  // Operands.
  if (spec->attrSizedOperands) {
    for (auto [operand, group] : llvm::zip(spec->operands, groups)) {
      if (!present(operand.since))
        continue;
      if (operand.arity == ArgArity::Variadic)
        out.writeVarInt(group.size());
      writeValues(group, out);
    }
  } else if (!spec->operands.empty()) {
    bool variable = llvm::any_of(spec->operands, [](const ArgSpec &operand) {
      return operand.arity != ArgArity::Single;
    });
    if (variable)
      out.writeVarInt(op.getNumOperands());
    writeValues(op.getOperands(), out);
  }

  // Regions.
  if (spec->numRegions) {
    out.writeVarInt(op.getNumRegions());
    for (Region &region : op.getRegions()) {
      out.writeVarInt(region.getBlocks().size());
      for (Block &block : region)
        if (failed(writeBlock(block, out)))
          return failure();
    }
  }
  for (Value result : numberedResults)
    define(result);
  return success();
}

//===----------------------------------------------------------------------===//
// Sections
//===----------------------------------------------------------------------===//

static void writeSection(ByteWriter &file, SectionId id, ByteWriter &payload,
                         uint64_t alignment) {
  file.writeByte(id | (alignment > 1 ? 0x80 : 0));
  file.writeVarInt(payload.size());
  if (alignment > 1) {
    file.writeVarInt(alignment);
    file.alignTo(alignment);
  }
  file.writeBytes(StringRef(payload.buffer().data(), payload.size()));
}

/// count, padding, fixed-width offsets, then the records.
template <typename Records>
static void writeTable(ByteWriter &out, const Records &records, unsigned width) {
  out.writeVarInt(records.size());
  out.alignTo(width);
  uint64_t offset = 0;
  for (const auto &record : records) {
    out.writeLE(offset, width);
    offset += record.size();
  }
  for (const auto &record : records)
    out.writeBytes(StringRef(record.data(), record.size()));
}

namespace {
struct FunctionEntry {
  FunctionOpInterface func;
  uint64_t nameIndex;
  uint64_t typeIndex;
  /// 1-based index into the debug section's per-function lists, or 0.
  uint64_t debugSlot;
};
} // namespace

LogicalResult tilechain::bytecode::writeTileIRBytecode(Operation *module,
                                                       BytecodeVersion version,
                                                       SmallVectorImpl<char> &out) {
  if (module->getName().getStringRef() != "cuda_tile.module" ||
      module->getNumRegions() != 1 || module->getRegion(0).empty())
    return module->emitError("expected a 'cuda_tile.module'");
  Block &body = module->getRegion(0).front();
  WriterState state(version);

  // Functions first: their names, signatures and locations are numbered
  // before anything else.
  std::vector<FunctionEntry> functions;
  SmallVector<Operation *> globals;
  for (Operation &op : body) {
    if (auto func = dyn_cast<FunctionOpInterface>(op)) {
      FunctionEntry entry{func, state.stringIndex(func.getName()), 0, 0};
      FailureOr<uint64_t> type = state.typeIndex(func.getFunctionType(), op.getLoc());
      if (failed(type))
        return failure();
      entry.typeIndex = *type;
      if (!isa<UnknownLoc, FileLineColLoc>(op.getLoc())) {
        state.debugPerFunction.push_back({state.debugIndex(op.getLoc())});
        entry.debugSlot = state.debugPerFunction.size();
      }
      functions.push_back(entry);
    } else if (op.getName().getStringRef() == "cuda_tile.global") {
      globals.push_back(&op);
    } else {
      return op.emitError("only function and global ops can be encoded in a module");
    }
  }

  ByteWriter file;
  file.writeBytes(StringRef(reinterpret_cast<const char *>(kMagic), sizeof(kMagic)));
  file.writeByte(version.major);
  file.writeByte(version.minor);
  file.writeLE(version.tag, 2);

  if (!globals.empty()) {
    ByteWriter section;
    section.writeVarInt(globals.size());
    for (Operation *global : globals) {
      auto name = global->getAttrOfType<StringAttr>("sym_name");
      auto value = dyn_cast_or_null<DenseIntOrFPElementsAttr>(
          global->getAttr("value"));
      if (!name || !value)
        return global->emitError("global needs a name and a dense value");
      section.writeVarInt(state.stringIndex(name.getValue()));
      FailureOr<uint64_t> type = state.typeIndex(value.getType(), global->getLoc());
      if (failed(type))
        return failure();
      section.writeVarInt(*type);
      section.writeVarInt(state.constantIndex(value));
      auto alignment = dyn_cast_or_null<IntegerAttr>(
          global->getAttr("alignment"));
      section.writeVarInt(alignment ? alignment.getValue().getZExtValue() : 0);
      Attribute visibility =
          global->getAttr("symbol_visibility");
      bool isPrivate =
          visibility && StringRef(printed(visibility)).contains("private");
      bool isConstant = global->hasAttr("constant");
      if (version.packed() >= 1303) {
        section.writeByte(isPrivate);
        section.writeVarInt(isConstant);
      } else if (isConstant) {
        // Older versions have no field for these: refuse rather than drop.
        return global->emitError()
               << "constant global `" << name.getValue()
               << "` cannot be encoded in bytecode version " << version.str()
               << " (the `constant` attribute requires bytecode 13.3+)";
      } else if (isPrivate) {
        return global->emitError()
               << "global `" << name.getValue()
               << "` uses non-public symbol visibility, which cannot be "
                  "encoded in bytecode version "
               << version.str() << " (requires bytecode 13.3+)";
      }
    }
    writeSection(file, kGlobalSection, section, 1);
  }

  ByteWriter funcSection;
  funcSection.writeVarInt(functions.size());
  for (FunctionEntry &entry : functions) {
    Operation *op = entry.func.getOperation();
    bool kernel = op->getName().getStringRef() == "cuda_tile.entry";
    Attribute hints = op->getAttr("optimization_hints");
    funcSection.writeVarInt(entry.nameIndex);
    funcSection.writeVarInt(entry.typeIndex);
    bool hintsAlways = version.packed() >= 1305;
    funcSection.writeByte((kernel ? kFunctionKernel : 0) |
                          (kernel && hints && !hintsAlways ? kFunctionHasHints
                                                           : 0));
    funcSection.writeVarInt(entry.debugSlot);
    if (kernel && hints &&
        failed(encodeTaggedAttr(state, hints, funcSection, op->getLoc())))
      return failure();
    if (hintsAlways) {
      // 13.5: an entry without hints has empty ones, and every function an
      // argument attribute array, empty as cuTile writes it (the reference
      // reader keeps none of it).
      if (kernel && !hints) {
        funcSection.writeVarInt(static_cast<uint64_t>(AttrTag::OptimizationHints));
        funcSection.writeVarInt(0);
      }
      funcSection.writeVarInt(static_cast<uint64_t>(AttrTag::Array));
      funcSection.writeVarInt(0);
    }
    ByteWriter bodyBytes;
    std::vector<uint64_t> *debug =
        entry.debugSlot ? &state.debugPerFunction[entry.debugSlot - 1] : nullptr;
    OpWriter writer(state, debug);
    if (failed(writer.writeBody(entry.func, bodyBytes)))
      return failure();
    funcSection.writeVarInt(bodyBytes.size());
    funcSection.writeBytes(StringRef(bodyBytes.buffer().data(), bodyBytes.size()));
  }
  funcSection.alignTo(8);
  writeSection(file, kFuncSection, funcSection, 8);

  if (!state.constants.empty()) {
    ByteWriter section;
    writeTable(section, state.constants, 8);
    writeSection(file, kConstantSection, section, 8);
  }

  if (!state.debugPerFunction.empty() || !state.debugRecords.empty()) {
    // Records may number further records (and strings) while being written.
    std::vector<SmallVector<char>> records;
    for (size_t i = 0; i < state.debugRecords.size(); ++i) {
      ByteWriter record;
      if (failed(encodeDebugRecord(state, state.debugRecords[i], record)))
        return failure();
      records.emplace_back(record.buffer().begin(), record.buffer().end());
    }
    ByteWriter section;
    section.writeVarInt(state.debugPerFunction.size());
    section.alignTo(4);
    uint64_t offset = 0;
    for (const auto &list : state.debugPerFunction) {
      section.writeLE(offset, 4);
      offset += list.size();
    }
    section.writeVarInt(offset);
    section.alignTo(8);
    for (const auto &list : state.debugPerFunction)
      for (uint64_t index : list)
        section.writeLE(index, 8);
    writeTable(section, records, 4);
    writeSection(file, kDebugSection, section, 8);
  }

  std::vector<SmallVector<char>> typeRecords;
  for (size_t i = 0; i < state.types.size(); ++i) {
    ByteWriter record;
    if (failed(encodeTypeRecord(state, state.types[i], record)))
      return failure();
    typeRecords.emplace_back(record.buffer().begin(), record.buffer().end());
  }
  ByteWriter typeSection;
  writeTable(typeSection, typeRecords, 4);
  writeSection(file, kTypeSection, typeSection, 4);

  // The producer is informational: older versions have no section for it and
  // the reference writer drops it there, as we do.
  auto producer = module->getAttrOfType<StringAttr>("producer");
  if (producer && version.packed() >= 1303) {
    ByteWriter section;
    section.writeVarInt(state.stringIndex(producer.getValue()));
    writeSection(file, kProducerSection, section, 1);
  }

  ByteWriter stringSection;
  writeTable(stringSection, state.strings, 4);
  writeSection(file, kStringSection, stringSection, 4);

  file.writeByte(kEndSection);
  out.assign(file.buffer().begin(), file.buffer().end());
  return success();
}
