//===- Reader.cpp - decode Tile IR bytecode into cuda_tile ----------------===//
//
// Sections may come in any order; they are decoded in dependency order
// (strings, types, constants, globals, functions, debug info), then globals
// and functions become ops of one `cuda_tile.module @kernels`. Diagnostics
// follow the reference reader's wording and offsets.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Read/Reader.h"

#include "Format.h"
#include "OpReader.h"
#include "ReaderState.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "tilechain/Dialect/CudaTile/IR/CudaTile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include <array>
#include <optional>

using namespace mlir;
using namespace tilechain::bytecode;

bool tilechain::bytecode::isTileIRBytecode(StringRef buffer) {
  return buffer.size() >= sizeof(kMagic) &&
         memcmp(buffer.data(), kMagic, sizeof(kMagic)) == 0;
}

bool tilechain::bytecode::isMLIRBytecode(StringRef buffer) {
  return buffer.starts_with("ML\xefR");
}

namespace {

struct FunctionInfo {
  uint64_t nameIndex = 0;
  uint64_t typeIndex = 0;
  uint8_t flags = 0;
  uint64_t locationIndex = 0;
  Attribute hints;
  ArrayRef<uint8_t> body;
};

struct GlobalInfo {
  uint64_t nameIndex = 0;
  uint64_t typeIndex = 0;
  uint64_t constantIndex = 0;
  uint64_t alignment = 0;
  uint8_t visibility = 0;
  uint64_t constant = 0;
};

class FileReader {
public:
  FileReader(ArrayRef<uint8_t> bytes, MLIRContext *ctx)
      : file(bytes), ctx(ctx), state(ctx, BytecodeVersion()) {}

  OwningOpRef<Operation *> read();

private:
  InFlightDiagnostic error() { return emitReadError(ctx, file); }
  LogicalResult readHeader();
  LogicalResult readSections();
  LogicalResult readTableOffsets(ByteReader &section, RecordTable &table,
                                 unsigned width, StringRef what);
  LogicalResult readDebugSection(ArrayRef<uint8_t> payload);
  LogicalResult readGlobalSection(ArrayRef<uint8_t> payload);
  LogicalResult readFunctionSection(ArrayRef<uint8_t> payload);
  LogicalResult createGlobal(OpBuilder &builder, const GlobalInfo &global);
  LogicalResult createFunction(OpBuilder &builder, const FunctionInfo &func);

  ByteReader file;
  MLIRContext *ctx;
  ReaderState state;
  std::array<std::optional<ArrayRef<uint8_t>>, kNumSections> sections;
  std::vector<GlobalInfo> globals;
  std::vector<FunctionInfo> functions;
  /// Set while a section header is decoded: its errors get one more line.
  bool inSectionHeader = false;
};

} // namespace

LogicalResult FileReader::readHeader() {
  for (unsigned i = 0; i < sizeof(kMagic); ++i) {
    uint8_t byte = 0;
    bool ok = file.readByte(byte);
    if (!ok || byte != kMagic[i])
      return error() << "invalid magic number at position " << i << ", got "
                     << static_cast<int>(byte) << " expected "
                     << static_cast<int>(kMagic[i]);
  }
  BytecodeVersion &version = state.version;
  if (!file.readByte(version.major) || !file.readByte(version.minor) ||
      !file.readU16(version.tag))
    return error() << "failed to read the bytecode version";
  if (!version.isSupported())
    return error() << "unsupported Tile version "
                   << static_cast<int>(version.major) << "."
                   << static_cast<int>(version.minor) << "." << version.tag
                   << ", this reader supports versions ["
                   << BytecodeVersion::oldest().str() << ", "
                   << BytecodeVersion::newest().str() << "]";
  if (version.tag & ~kPreviewTag)
    return error() << "header has unrecognized version tag bits (0x"
                   << llvm::utohexstr(version.tag & ~kPreviewTag) << ");";
  if (version.tag & kPreviewTag) {
    if (version.packed() != BytecodeVersion::newest().packed())
      return error() << "public-preview bytecode at version " << version.str()
                     << " is not readable; preview content is only valid at "
                        "the current version "
                     << BytecodeVersion::newest().str();
    // The preview (cuTile's foreign calls and tile libraries) is NVIDIA's
    // `simt` feature, which tilechain does not implement (docs/simt-preview.md).
    return error() << "public-preview bytecode requires at least one enabled "
                      "preview feature; this reader implements none";
  }
  return success();
}

LogicalResult FileReader::readSections() {
  while (true) {
    inSectionHeader = true;
    uint8_t idAndFlag;
    if (!file.readByte(idAndFlag))
      return error() << "unexpected end of data while reading section header";
    uint8_t id = idAndFlag & 0x7F;
    bool aligned = idAndFlag & 0x80;
    if (id == kEndSection) {
      if (aligned)
        return error() << "end section should not have alignment flag set";
      inSectionHeader = false;
      if (!file.atEnd()) {
        error() << "end section is not the last section";
        return failure();
      }
      return success();
    }
    if (id >= kNumSections)
      return error() << "unknown section ID: " << static_cast<int>(id);
    uint64_t length;
    if (!file.readVarInt(length))
      return error() << "failed to read section length";
    if (length > file.remaining())
      return error() << "section length " << length
                     << " exceeds remaining data size " << file.remaining();
    uint64_t alignment = 1;
    if (aligned) {
      if (!file.readVarInt(alignment))
        return error() << "failed to read section alignment";
      if (!llvm::isPowerOf2_64(alignment) || alignment > 4096)
        return error() << "invalid alignment value: " << alignment;
      if (!file.skipPadding(alignment))
        return error() << "failed to skip section padding";
    }
    inSectionHeader = false;
    uint64_t required = (id == kStringSection || id == kTypeSection) ? 4
                        : (id == kGlobalSection || id == kProducerSection) ? 1
                                                                           : 8;
    if (required > 1 && (!aligned || alignment % required))
      return error() << "section " << static_cast<int>(id)
                     << " must have alignment that is a multiple of "
                     << required << " bytes, but "
                     << (aligned ? "has alignment of " + std::to_string(alignment)
                                 : std::string("has no alignment flag set"));
    if (sections[id])
      return error() << "duplicate section ID: " << static_cast<int>(id);
    ArrayRef<uint8_t> payload;
    if (!file.readBytes(length, payload))
      return error() << "section length " << length
                     << " exceeds remaining bytecode data. " << file.remaining();
    sections[id] = payload;
  }
}

LogicalResult FileReader::readTableOffsets(ByteReader &section,
                                           RecordTable &table, unsigned width,
                                           StringRef what) {
  uint64_t count;
  if (!section.readVarInt(count))
    return emitReadError(ctx, section) << "failed to read number of " << what;
  if (count == 0)
    return success();
  if (count > section.remaining() / width)
    return emitReadError(ctx, section)
           << "number of " << what << " (" << count
           << ") exceeds the maximum of " << section.remaining() / width
           << " that can fit in the remaining payload of "
           << section.remaining() << " bytes.";
  if (!section.skipPadding(width))
    return emitReadError(ctx, section) << "failed to skip padding";
  table.offsets.reserve(count);
  for (uint64_t i = 0; i < count; ++i) {
    uint64_t offset;
    bool ok = width == 4 ? [&] {
      uint32_t narrow;
      bool read = section.readU32(narrow);
      offset = narrow;
      return read;
    }()
                         : section.readU64(offset);
    if (!ok)
      return emitReadError(ctx, section) << "insufficient data for " << what
                                         << " indices";
    table.offsets.push_back(offset);
  }
  // Offsets are checked when a record is used, as the reference reader does.
  table.data = section.data().drop_front(section.offset());
  return success();
}

LogicalResult FileReader::readDebugSection(ArrayRef<uint8_t> payload) {
  ByteReader section(payload);
  auto readArray = [&](unsigned width, auto &out, StringRef what) {
    uint64_t count;
    if (!section.readVarInt(count) || !section.skipPadding(width) ||
        count > section.remaining() / width)
      return emitReadError(ctx, section) << "failed to read " << what, false;
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t value;
      if (width == 4) {
        uint32_t narrow;
        section.readU32(narrow);
        value = narrow;
      } else {
        section.readU64(value);
      }
      out.push_back(value);
    }
    return true;
  };
  if (!readArray(4, state.debugOffsets, "debug info index offsets") ||
      !readArray(8, state.debugIndices, "debug info indices"))
    return failure();
  return readTableOffsets(section, state.debugRecords, 4,
                          "debug info attributes");
}

LogicalResult FileReader::readGlobalSection(ArrayRef<uint8_t> payload) {
  ByteReader section(payload);
  uint64_t count;
  if (!section.readVarInt(count))
    return emitReadError(ctx, section) << "failed to read number of global.";
  if (count > section.remaining() / 4)
    return emitReadError(ctx, section)
           << "number of globals (" << count << ") exceeds the maximum of "
           << section.remaining() / 4
           << " that can fit in the remaining payload of "
           << section.remaining() << " bytes.";
  bool hasVisibility = state.version.packed() >= 1303;
  for (uint64_t i = 0; i < count; ++i) {
    GlobalInfo global;
    if (!section.readVarInt(global.nameIndex) ||
        !section.readVarInt(global.typeIndex) ||
        !section.readVarInt(global.constantIndex) ||
        !section.readVarInt(global.alignment) ||
        (hasVisibility && (!section.readByte(global.visibility) ||
                           !section.readVarInt(global.constant))))
      return emitReadError(ctx, section) << "failed to read global " << i;
    globals.push_back(global);
  }
  return success();
}

LogicalResult FileReader::readFunctionSection(ArrayRef<uint8_t> payload) {
  ByteReader section(payload);
  uint64_t count;
  if (!section.readVarInt(count))
    return emitReadError(ctx, section) << "failed to read number of functions";
  if (count > payload.size())
    return emitReadError(ctx, section)
           << "number of functions (" << count << ") exceeds payload size ("
           << payload.size() << ")";
  for (uint64_t i = 0; i < count; ++i) {
    FunctionInfo func;
    if (!section.readVarInt(func.nameIndex) ||
        !section.readVarInt(func.typeIndex) || !section.readByte(func.flags) ||
        !section.readVarInt(func.locationIndex))
      return emitReadError(ctx, section) << "failed to read function " << i;
    bool kernel = func.flags & kFunctionKernel;
    if (state.version.packed() >= 1305) {
      // 13.5: an entry always has hints, and every function an argument
      // attribute (any tagged attribute; the reference prints none of it).
      if (kernel && (func.flags & kFunctionExternImpl))
        return emitReadError(ctx, section)
               << "function entry cannot be both kernel and extern impl";
      if (kernel && !(func.hints = decodeTaggedAttr(state, section)))
        return failure();
      if (!decodeTaggedAttr(state, section))
        return failure();
    } else if (kernel && (func.flags & kFunctionHasHints)) {
      func.hints = decodeTaggedAttr(state, section);
      if (!func.hints)
        return failure();
    }
    uint64_t length;
    if (!section.readVarInt(length))
      return emitReadError(ctx, section) << "failed to read function body length";
    if (!section.readBytes(length, func.body))
      return emitReadError(ctx, section)
             << "function body length " << length
             << " exceeds remaining bytecode data (" << section.remaining()
             << " bytes)";
    functions.push_back(func);
  }
  return success();
}

LogicalResult FileReader::createGlobal(OpBuilder &builder,
                                       const GlobalInfo &global) {
  const OpSpec *spec = lookupOpName("cuda_tile.global");
  if (!spec)
    return error() << "this reader has no 'cuda_tile.global' op";
  StringRef name;
  if (failed(state.getString(file, global.nameIndex, name)))
    return failure();
  Type type = state.getType(file, global.typeIndex);
  if (!type)
    return failure();
  // The value is stored like a dense constant of the global's type.
  ByteWriter indexBytes;
  indexBytes.writeVarInt(global.constantIndex);
  ByteReader indexReader(ArrayRef<uint8_t>(
      reinterpret_cast<const uint8_t *>(indexBytes.buffer().data()),
      indexBytes.size()));
  OperationState op(UnknownLoc::get(ctx), spec->name);
  for (const AttrSpec &attr : spec->attrs) {
    Attribute value;
    switch (attr.kind) {
    case AttrKind::String:
      value = StringAttr::get(ctx, name);
      break;
    case AttrKind::DenseElements:
      value = decodeOpAttr(state, indexReader, attr, type);
      if (!value)
        return failure();
      break;
    case AttrKind::Integer:
      if (!llvm::isUIntN(attr.detail, global.alignment))
        return error() << "global alignment " << global.alignment
                       << " does not fit in " << attr.detail << " bits";
      value = IntegerAttr::get(IntegerType::get(ctx, attr.detail),
                               APInt(attr.detail, global.alignment));
      break;
    case AttrKind::Unit:
      if (global.constant)
        value = UnitAttr::get(ctx);
      break;
    case AttrKind::Enum: {
      ByteWriter visibility;
      visibility.writeVarInt(global.visibility);
      ByteReader visibilityReader(ArrayRef<uint8_t>(
          reinterpret_cast<const uint8_t *>(visibility.buffer().data()),
          visibility.size()));
      if (state.version.packed() >= attr.since &&
          !(value = decodeOpAttr(state, visibilityReader, attr, {})))
        return failure();
      break;
    }
    default:
      break;
    }
    if (value)
      op.addAttribute(attr.name, value);
  }
  builder.create(op);
  return success();
}

LogicalResult FileReader::createFunction(OpBuilder &builder,
                                         const FunctionInfo &func) {
  StringRef name;
  if (failed(state.getString(file, func.nameIndex, name)))
    return error() << "failed to get function name string at index "
                   << func.nameIndex;
  Type type = state.getType(file, func.typeIndex);
  auto funcType = dyn_cast_or_null<FunctionType>(type);
  if (!funcType)
    return error() << "function signature index " << func.typeIndex
                   << " does not refer to a function type for function '"
                   << name << "'";
  LocationStream locations(state, func.locationIndex);
  LocationAttr loc = locations.next();
  if (!loc)
    return error() << "failed to read function location for '" << name << "'";
  if (!(func.flags & kFunctionKernel)) {
    // From 13.5 a function that is not an entry is a SIMT preview function.
    if (state.version.packed() >= 1305)
      return error() << "function '" << name
                     << "' uses preview feature 'simt', which this reader "
                        "does not implement";
    return error() << "un-expected non-entry function '" << name << "'";
  }
  if (func.flags & kFunctionPrivate)
    return error() << "entry op must have public symbol visibility: function '"
                   << name << "' is marked private";
  Attribute hints = func.hints;
  if (hints && !isa<cuda_tile::OptimizationHintsAttr>(hints))
    return error() << "invalid optimization hints attribute for function '"
                   << name << "'";
  // 13.5 writes empty hints for an entry without any: they read as absent.
  if (auto optimizationHints =
          dyn_cast_or_null<cuda_tile::OptimizationHintsAttr>(hints))
    if (optimizationHints.getValue().empty())
      hints = {};
  const OpSpec *spec = lookupOpName("cuda_tile.entry");
  if (!spec)
    return error() << "this reader has no 'cuda_tile.entry' op";

  OperationState op(loc, spec->name);
  op.addAttribute("sym_name", StringAttr::get(ctx, name));
  op.addAttribute("function_type", TypeAttr::get(funcType));
  // Like the reference reader: empty argument and result attributes.
  for (const AttrSpec &attr : spec->attrs) {
    StringRef attrName = attr.name;
    if (attrName == "arg_attrs" || attrName == "res_attrs") {
      size_t n = attrName == "arg_attrs" ? funcType.getNumInputs()
                                         : funcType.getNumResults();
      op.addAttribute(attrName, ArrayAttr::get(ctx, SmallVector<Attribute>(
                                                        n, DictionaryAttr::get(ctx))));
    } else if (attr.kind == AttrKind::OptimizationHints && hints) {
      // Absent hints stay absent, so that re-encoding reproduces the file.
      op.addAttribute(attrName, hints);
    }
  }
  Region *region = op.addRegion();
  Block *block = new Block();
  region->push_back(block);
  for (Type input : funcType.getInputs())
    block->addArgument(input, loc);
  builder.create(op);

  ByteReader body(func.body);
  OpReader reader(state, locations);
  if (failed(reader.readFunctionBody(body, *block)))
    return error() << "failed to parse function body for function '" << name
                   << "'";
  return success();
}

OwningOpRef<Operation *> FileReader::read() {
  if (failed(readHeader())) {
    error() << "failed to parse bytecode header";
    return nullptr;
  }
  if (failed(readSections())) {
    if (inSectionHeader)
      error() << "failed to parse section header";
    return nullptr;
  }
  auto section = [&](SectionId id) { return sections[id]; };
  if (!section(kStringSection))
    return error() << "string section is mandatory", nullptr;
  ByteReader strings(*section(kStringSection));
  if (failed(readTableOffsets(strings, state.strings, 4, "strings")))
    return error() << "failed to parse string section", nullptr;
  if (auto types = section(kTypeSection)) {
    ByteReader reader(*types);
    if (failed(readTableOffsets(reader, state.types, 4, "types")))
      return error() << "failed to parse type section", nullptr;
  }
  if (auto constants = section(kConstantSection)) {
    ByteReader reader(*constants);
    if (failed(readTableOffsets(reader, state.constants, 8, "constants")))
      return error() << "failed to parse constant section", nullptr;
  }
  if (auto payload = section(kGlobalSection))
    if (failed(readGlobalSection(*payload)))
      return error() << "failed to parse global section", nullptr;
  if (!section(kFuncSection))
    return error() << "function section is mandatory", nullptr;
  if (failed(readFunctionSection(*section(kFuncSection))))
    return error() << "failed to parse function section", nullptr;
  if (auto debug = section(kDebugSection))
    if (failed(readDebugSection(*debug)))
      return error() << "failed to parse debug section", nullptr;

  const OpSpec *moduleSpec = lookupOpName("cuda_tile.module");
  OperationState moduleState(UnknownLoc::get(ctx), moduleSpec->name);
  moduleState.addAttribute("sym_name", StringAttr::get(ctx, "kernels"));
  if (auto producer = section(kProducerSection)) {
    ByteReader reader(*producer);
    StringRef text;
    if (failed(state.readString(reader, text)))
      return error() << "failed to parse producer section", nullptr;
    moduleState.addAttribute("producer", StringAttr::get(ctx, text));
  }
  moduleState.addRegion()->push_back(new Block());
  OwningOpRef<Operation *> module = Operation::create(moduleState);
  OpBuilder builder = OpBuilder::atBlockEnd(&module->getRegion(0).front());
  for (const GlobalInfo &global : globals)
    if (failed(createGlobal(builder, global)))
      return error() << "failed to create global from bytecode", nullptr;
  for (const FunctionInfo &func : functions)
    if (failed(createFunction(builder, func)))
      return error() << "failed to create function from bytecode", nullptr;
  return module;
}

OwningOpRef<Operation *>
tilechain::bytecode::readTileIRBytecode(StringRef buffer, MLIRContext *ctx) {
  ArrayRef<uint8_t> bytes(reinterpret_cast<const uint8_t *>(buffer.data()),
                          buffer.size());
  return FileReader(bytes, ctx).read();
}
