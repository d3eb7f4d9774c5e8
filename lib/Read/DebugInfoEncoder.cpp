//===- DebugInfoEncoder.cpp - records of the debug section ----------------===//
//
// Locations become debug records: cuda_tile debug-info attributes, call
// sites, and "unknown". Unknown and plain file:line:col locations carry no
// record (index 0), as in NVIDIA's writer.
//
//===----------------------------------------------------------------------===//
#include "Format.h"
#include "WriterState.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace tilechain::bytecode;

static StringRef nameOf(Attribute attr) {
  return attr.getAbstractAttribute().getName();
}

/// Sub-attributes in declaration order, split into debug attributes,
/// strings and the source location.
struct DebugParts {
  SmallVector<Attribute> refs;
  SmallVector<StringRef> strings;
  FileLineColLoc source;
};

static DebugParts partsOf(Attribute attr) {
  DebugParts parts;
  attr.walkImmediateSubElements(
      [&](Attribute sub) {
        if (auto str = dyn_cast<StringAttr>(sub))
          parts.strings.push_back(str.getValue());
        else if (auto source = dyn_cast<FileLineColLoc>(sub))
          parts.source = source;
        else
          parts.refs.push_back(sub);
      },
      [](Type) {});
  return parts;
}

/// The printed value of parameter `key` among the attribute's own parameters
/// (not those of the attributes nested in it), or an empty string.
static std::string paramText(Attribute attr, StringRef key) {
  std::string text = printed(attr);
  std::string pattern = (key + " = ").str();
  int depth = 0;
  bool quoted = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"' && (i == 0 || text[i - 1] != '\\'))
      quoted = !quoted;
    if (quoted)
      continue;
    depth += c == '<' ? 1 : c == '>' ? -1 : 0;
    bool atWordStart = i > 0 && (text[i - 1] == '<' || text[i - 1] == ' ');
    if (depth == 1 && atWordStart && StringRef(text).substr(i).starts_with(pattern))
      return StringRef(text)
          .drop_front(i + pattern.size())
          .take_while([](char d) { return d != ',' && d != '>'; })
          .str();
  }
  return "";
}

/// `key = N` among the attribute's own parameters; 0 when absent.
static uint64_t numberAfter(Attribute attr, StringRef key) {
  uint64_t value = 0;
  StringRef(paramText(attr, key))
      .take_while([](char d) { return llvm::isDigit(d); })
      .getAsInteger(10, value);
  return value;
}

/// The record a location is written as: a debug attribute, a call site of
/// two such records, or null for "unknown".
static LocationAttr canonical(LocationAttr loc) {
  if (auto opaque = dyn_cast<OpaqueLoc>(loc))
    return canonical(opaque.getFallbackLocation());
  if (auto named = dyn_cast<NameLoc>(loc))
    return canonical(named.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc)) {
    for (Location sub : fused.getLocations())
      if (LocationAttr found = canonical(sub))
        return found;
    return {};
  }
  if (auto call = dyn_cast<CallSiteLoc>(loc)) {
    LocationAttr callee = canonical(call.getCallee());
    LocationAttr caller = canonical(call.getCaller());
    if (callee && caller)
      return CallSiteLoc::get(callee, caller);
    return {};
  }
  if (nameOf(loc).starts_with("cuda_tile."))
    return loc;
  return {};
}

void tilechain::bytecode::debugDependencies(Attribute attr,
                                            SmallVectorImpl<Attribute> &deps) {
  if (auto call = dyn_cast<CallSiteLoc>(attr)) {
    deps.push_back(call.getCallee());
    deps.push_back(call.getCaller());
    return;
  }
  if (auto fused = dyn_cast<FusedLoc>(attr)) {
    llvm::append_range(deps, fused.getLocations());
    return;
  }
  if (auto named = dyn_cast<NameLoc>(attr)) {
    deps.push_back(named.getChildLoc());
    return;
  }
  if (auto opaque = dyn_cast<OpaqueLoc>(attr)) {
    deps.push_back(opaque.getFallbackLocation());
    return;
  }
  if (nameOf(attr).starts_with("cuda_tile."))
    llvm::append_range(deps, partsOf(attr).refs);
}

LogicalResult tilechain::bytecode::encodeDebugRecord(WriterState &state,
                                                     Attribute attr,
                                                     ByteWriter &out) {
  auto tag = [&](DebugTag t) { out.writeVarInt(static_cast<uint64_t>(t)); };
  if (auto loc = dyn_cast<LocationAttr>(attr)) {
    if (!nameOf(attr).starts_with("cuda_tile.")) {
      LocationAttr record = canonical(loc);
      if (!record) {
        tag(DebugTag::Unknown);
        return success();
      }
      if (auto call = dyn_cast<CallSiteLoc>(record)) {
        tag(DebugTag::CallSite);
        out.writeVarInt(state.debugIndex(call.getCallee()));
        out.writeVarInt(state.debugIndex(call.getCaller()));
        return success();
      }
      attr = record;
    }
  }
  StringRef name = nameOf(attr);
  DebugParts parts = partsOf(attr);
  // References are told apart by kind, not by parameter order.
  // "scope" is whichever reference is not the file.
  auto ref = [&](StringRef kind) {
    Attribute found;
    for (Attribute sub : parts.refs) {
      bool match = kind == "scope" ? nameOf(sub) != "cuda_tile.di_file"
                                   : nameOf(sub) == kind;
      if (match && !found)
        found = sub;
    }
    out.writeVarInt(found ? state.debugIndex(found) : 0);
  };
  auto str = [&](size_t i) {
    out.writeVarInt(state.stringIndex(i < parts.strings.size() ? parts.strings[i] : ""));
  };
  if (name == "cuda_tile.di_compile_unit") {
    tag(DebugTag::CompileUnit);
    ref("cuda_tile.di_file");
  } else if (name == "cuda_tile.di_file") {
    tag(DebugTag::File);
    str(0);
    str(1);
  } else if (name == "cuda_tile.di_lexical_block") {
    tag(DebugTag::LexicalBlock);
    ref("scope");
    ref("cuda_tile.di_file");
    out.writeVarInt(numberAfter(attr, "line"));
    out.writeVarInt(numberAfter(attr, "column"));
  } else if (name == "cuda_tile.di_loc") {
    tag(DebugTag::Loc);
    ref("scope");
    out.writeVarInt(state.stringIndex(
        parts.source ? parts.source.getFilename().getValue() : ""));
    out.writeVarInt(parts.source ? parts.source.getLine() : 0);
    out.writeVarInt(parts.source ? parts.source.getColumn() : 0);
  } else if (name == "cuda_tile.di_subprogram") {
    tag(DebugTag::Subprogram);
    ref("cuda_tile.di_file");
    out.writeVarInt(numberAfter(attr, "line"));
    str(0);
    str(1);
    ref("cuda_tile.di_compile_unit");
    out.writeVarInt(numberAfter(attr, "scopeLine"));
    bool declaration = paramText(attr, "flags") == "declaration";
    if (state.version.packed() >= 1305)
      out.writeVarInt(declaration ? kSubprogramDeclaration : 0);
    else if (declaration)
      return emitError(UnknownLoc::get(attr.getContext()))
             << "a declaration subprogram cannot be encoded in bytecode "
                "version "
             << state.version.str() << " (requires bytecode 13.5+)";
  } else {
    tag(DebugTag::Unknown);
  }
  return success();
}
