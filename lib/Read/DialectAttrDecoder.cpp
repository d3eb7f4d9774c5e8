//===- DialectAttrDecoder.cpp - cuda_tile attributes and debug info -------===//
//
// cuda_tile attributes are rebuilt from their public textual syntax, the
// stable contract of the dialect, so this file does not depend on how the
// dialect's C++ classes are spelled.
//
//===----------------------------------------------------------------------===//
#include "Format.h"
#include "ReaderState.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace tilechain::bytecode;

Attribute tilechain::bytecode::parseDialectAttr(ReaderState &state,
                                                const ByteReader &at,
                                                const std::string &text) {
  Attribute attr;
  {
    ScopedDiagnosticHandler quiet(state.ctx,
                                  [](Diagnostic &) { return success(); });
    size_t consumed = 0;
    attr = parseAttribute(text, state.ctx, Type(), &consumed);
    if (consumed != text.size())
      attr = {};
  }
  if (!attr)
    emitReadError(state.ctx, at) << "invalid attribute " << text;
  return attr;
}

static void printOptional(llvm::raw_ostream &os, bool present, int64_t value) {
  if (present)
    os << value;
  else
    os << "?";
}

Attribute tilechain::bytecode::decodeDialectAttr(ReaderState &state,
                                                 ByteReader &reader,
                                                 AttrKind kind) {
  std::string text;
  llvm::raw_string_ostream os(text);
  switch (kind) {
  case AttrKind::DivBy: {
    uint64_t divisor;
    uint8_t flags;
    int64_t every = 0, along = 0;
    if (!reader.readVarInt(divisor) || !reader.readByte(flags) ||
        ((flags & 1) && !reader.readSignedVarInt(every)) ||
        ((flags & 2) && !reader.readSignedVarInt(along))) {
      emitReadError(state.ctx, reader) << "failed to read DivByAttr";
      return {};
    }
    os << "#cuda_tile.div_by<" << divisor;
    if (flags & 3)
      os << ",";
    if (flags & 1)
      os << " every " << every;
    if (flags & 2)
      os << " along " << along;
    os << ">";
    break;
  }
  case AttrKind::Bounded: {
    uint8_t flags;
    int64_t lb = 0, ub = 0;
    if (!reader.readByte(flags) ||
        ((flags & 1) && !reader.readSignedVarInt(lb)) ||
        ((flags & 2) && !reader.readSignedVarInt(ub))) {
      emitReadError(state.ctx, reader) << "failed to read BoundedAttr";
      return {};
    }
    os << "#cuda_tile.bounded<";
    printOptional(os, flags & 1, lb);
    os << ", ";
    printOptional(os, flags & 2, ub);
    os << ">";
    break;
  }
  case AttrKind::SameElements: {
    auto values = dyn_cast_or_null<DenseI64ArrayAttr>(
        decodeAttrPayload(state, reader, AttrKind::DenseI64Array, 0, {}));
    if (!values)
      return {};
    os << "#cuda_tile.same_elements<[";
    llvm::interleaveComma(values.asArrayRef(), os);
    os << "]>";
    break;
  }
  case AttrKind::OptimizationHints: {
    auto dict = dyn_cast_or_null<DictionaryAttr>(
        decodeAttrPayload(state, reader, AttrKind::Dictionary, 0, {}));
    if (!dict)
      return {};
    os << "#cuda_tile.optimization_hints<";
    llvm::interleaveComma(dict, os, [&](NamedAttribute entry) {
      os << entry.getName().getValue() << " = ";
      entry.getValue().print(os);
    });
    os << ">";
    break;
  }
  default:
    emitReadError(state.ctx, reader) << "not a cuda_tile attribute encoding";
    return {};
  }
  return parseDialectAttr(state, reader, text);
}

namespace {
/// Reads the fields of one debug record, rendering them as attribute text.
struct DebugRecordPrinter {
  ReaderState &state;
  ByteReader &record;
  llvm::raw_ostream &os;

  bool ref(const char *prefix) {
    uint64_t index;
    if (!record.readVarInt(index))
      return false;
    Attribute attr = state.getDebugAttr(index);
    if (!attr)
      return false;
    os << prefix;
    attr.print(os);
    return true;
  }
  bool number(const char *prefix) {
    uint64_t value;
    if (!record.readVarInt(value) || value > UINT32_MAX)
      return false;
    os << prefix << value;
    return true;
  }
  bool string(const char *prefix) {
    StringRef text;
    if (failed(state.readString(record, text)))
      return false;
    os << prefix;
    StringAttr::get(state.ctx, text).print(os);
    return true;
  }
};
} // namespace

Attribute tilechain::bytecode::decodeDebugRecord(ReaderState &state,
                                                 uint64_t index) {
  ArrayRef<uint8_t> bytes;
  if (!state.debugRecords.get(index - 1, bytes)) {
    emitError(UnknownLoc::get(state.ctx))
        << "invalid offset of debug info record " << index;
    return {};
  }
  ByteReader record(bytes);
  uint64_t tag;
  if (!record.readVarInt(tag)) {
    emitReadError(state.ctx, record) << "failed to read debug info tag";
    return {};
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  DebugRecordPrinter p{state, record, os};
  bool ok = true;
  switch (static_cast<DebugTag>(tag)) {
  case DebugTag::File:
    os << "#cuda_tile.di_file<";
    ok = p.string("") && p.string(" in ");
    os << ">";
    break;
  case DebugTag::CompileUnit:
    os << "#cuda_tile.di_compile_unit<";
    ok = p.ref("file = ");
    os << ">";
    break;
  case DebugTag::LexicalBlock:
    os << "#cuda_tile.di_lexical_block<";
    ok = p.ref("scope = ") && p.ref(", file = ") && p.number(", line = ") &&
         p.number(", column = ");
    os << ">";
    break;
  case DebugTag::Loc: {
    uint64_t scopeIndex;
    ok = record.readVarInt(scopeIndex);
    Attribute scope = ok ? state.getDebugAttr(scopeIndex) : Attribute();
    os << "#cuda_tile.di_loc<loc(";
    ok = scope && p.string("") && p.number(":") && p.number(":");
    os << ") in ";
    if (scope)
      scope.print(os);
    os << ">";
    break;
  }
  case DebugTag::Subprogram: {
    os << "#cuda_tile.di_subprogram<";
    ok = p.ref("file = ") && p.number(", line = ") && p.string(", name = ") &&
         p.string(", linkageName = ") && p.ref(", compileUnit = ") &&
         p.number(", scopeLine = ");
    uint64_t flags = 0;
    if (ok && state.version.packed() >= 1305) {
      if (!record.readVarInt(flags)) {
        emitReadError(state.ctx, record)
            << "failed to read flags when parsing DISubprogramAttr";
        return {};
      }
      if (flags & ~kSubprogramDeclaration) {
        emitReadError(state.ctx, record)
            << "unrecognized flag bits (0x" << llvm::utohexstr(flags)
            << ") when parsing DISubprogramAttr";
        return {};
      }
    }
    if (flags & kSubprogramDeclaration)
      os << ", flags = declaration";
    os << ">";
    break;
  }
  case DebugTag::CallSite: {
    uint64_t callee, caller;
    if (!record.readVarInt(callee) || !record.readVarInt(caller)) {
      ok = false;
      break;
    }
    auto calleeLoc = dyn_cast_or_null<LocationAttr>(state.getDebugAttr(callee));
    auto callerLoc = dyn_cast_or_null<LocationAttr>(state.getDebugAttr(caller));
    if (!calleeLoc || !callerLoc) {
      emitReadError(state.ctx, record)
          << "failed to read callee or caller attribute when parsing CallSiteLoc";
      return {};
    }
    return CallSiteLoc::get(calleeLoc, callerLoc);
  }
  default:
    return UnknownLoc::get(state.ctx);
  }
  if (!ok) {
    emitReadError(state.ctx, record) << "malformed debug info record " << index;
    return {};
  }
  return parseDialectAttr(state, record, text);
}
