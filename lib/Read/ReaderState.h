//===- ReaderState.h - tables shared by the Tile IR bytecode reader -------===//
//
// The string, type, constant and debug tables of one bytecode file, decoded
// lazily and bounds-checked. Internal to lib/Read.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_LIB_BYTECODE_READERSTATE_H
#define TILECHAIN_LIB_BYTECODE_READERSTATE_H

#include "tilechain/Read/Encoding.h"
#include "tilechain/Read/OpTable.h"
#include "tilechain/Read/Version.h"
#include "mlir/IR/Attributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include <vector>

namespace tilechain::bytecode {

/// Nesting limit for types, attributes and regions: deep enough for any real
/// program, shallow enough that hostile input cannot exhaust the stack.
constexpr unsigned kMaxNesting = 64;
/// Nesting limit for debug records: a call-site location nests once per
/// inlined call, and cuTile inlines calls up to 1000 deep (its
/// MAX_RECURSION_DEPTH). A level takes about 1.5 KiB of stack (300 levels
/// decode in 512 KiB, not in 256), so 2048 fit in the default 8 MiB.
constexpr unsigned kMaxDebugNesting = 2048;

/// Emits "error at offset N: ..." like the reference reader; offsets are
/// relative to the slice the reader walks.
mlir::InFlightDiagnostic emitReadError(mlir::MLIRContext *ctx,
                                       const ByteReader &reader);

/// A table of variable-length records addressed by index: a count, aligned
/// fixed-width offsets, then the concatenated records.
struct RecordTable {
  llvm::ArrayRef<uint8_t> data;
  std::vector<uint64_t> offsets;

  size_t size() const { return offsets.size(); }
  /// The bytes of record `index`, or false when the offsets are inconsistent.
  bool get(uint64_t index, llvm::ArrayRef<uint8_t> &out) const;
};

class ReaderState {
public:
  ReaderState(mlir::MLIRContext *ctx, BytecodeVersion version)
      : ctx(ctx), version(version) {}

  mlir::MLIRContext *ctx;
  BytecodeVersion version;
  RecordTable strings;
  RecordTable types;
  RecordTable constants;
  RecordTable debugRecords;
  /// Per function, the first debug index; debugIndices[...] are 1-based
  /// record indices (0 = unknown location).
  std::vector<uint32_t> debugOffsets;
  std::vector<uint64_t> debugIndices;

  /// Each lookup emits its own diagnostic on failure.
  mlir::LogicalResult getString(const ByteReader &at, uint64_t index,
                                llvm::StringRef &out);
  mlir::LogicalResult readString(ByteReader &reader, llvm::StringRef &out);
  mlir::Type getType(const ByteReader &at, uint64_t index);
  mlir::Type readType(ByteReader &reader);
  mlir::LogicalResult getConstant(const ByteReader &at, uint64_t index,
                                  llvm::ArrayRef<uint8_t> &out);
  /// The attribute stored in debug record `index` (1-based; 0 is the unknown
  /// location); null after a diagnostic.
  mlir::Attribute getDebugAttr(uint64_t index);

  std::vector<mlir::Type> typeCache;
  llvm::DenseSet<uint64_t> typesInProgress;
  std::vector<mlir::Attribute> debugCache;
  llvm::DenseSet<uint64_t> debugInProgress;
  llvm::DenseMap<std::pair<int, uint64_t>, mlir::Attribute> enumCache;
  unsigned depth = 0;
  unsigned debugDepth = 0;

  /// Guards recursion through nested types, attributes and regions (or, on
  /// `debugDepth`, debug records).
  struct DepthGuard {
    unsigned &depth;
    bool ok;
    explicit DepthGuard(ReaderState &state)
        : depth(state.depth), ok(++depth <= kMaxNesting) {}
    DepthGuard(unsigned &depth, unsigned limit)
        : depth(depth), ok(++depth <= limit) {}
    ~DepthGuard() { --depth; }
  };
};


/// Reads a tagged (self-describing) attribute. Defined in AttrDecoder.cpp.
mlir::Attribute decodeTaggedAttr(ReaderState &state, ByteReader &reader);
/// Reads the payload of an attribute whose kind is known from context;
/// `knownType` is the type of a float or dense constant when implied.
mlir::Attribute decodeAttrPayload(ReaderState &state, ByteReader &reader,
                                  AttrKind kind, int detail,
                                  mlir::Type knownType);
/// Reads an op attribute laid out as `spec` says. `resultType` is the op's
/// first result type (the type of a dense constant), or null.
mlir::Attribute decodeOpAttr(ReaderState &state, ByteReader &reader,
                             const AttrSpec &spec, mlir::Type resultType);

/// Reads the untagged payload of a cuda_tile attribute (div_by, bounded,
/// same_elements, optimization_hints). Defined in DialectAttrDecoder.cpp.
mlir::Attribute decodeDialectAttr(ReaderState &state, ByteReader &reader,
                                  AttrKind kind);

/// Builds a cuda_tile attribute from its textual syntax; null (with a
/// diagnostic at `at`) when the dialect rejects it.
mlir::Attribute parseDialectAttr(ReaderState &state, const ByteReader &at,
                                 const std::string &text);

/// Decodes one type record (tag + payload). Defined in TypeCodec.cpp.
mlir::Type decodeTypeRecord(ReaderState &state, ByteReader &record);

/// Decodes the location stored in debug record `index` (1-based). Defined in
/// DebugInfoCodec.cpp.
mlir::Attribute decodeDebugRecord(ReaderState &state, uint64_t index);

} // namespace tilechain::bytecode

#endif // TILECHAIN_LIB_BYTECODE_READERSTATE_H
